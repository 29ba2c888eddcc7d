//! Which objects on the board a decision's options belong to, so that a
//! click on a card or a leader can be turned into an answer, and why a
//! click did nothing when no option fits.

use crate::session::DecisionView;
use std::collections::HashMap;
use sve_engine::cards::{CardDb, CardType, Keywords};
use sve_engine::engine::view::{CardView, SideView};
use sve_engine::engine::{Action, AttackTarget, CardRef, Choice, PlayerId, Prompt};

/// The options of one decision, sorted by the object they belong to.
#[derive(Clone, Debug, Default)]
pub struct LegalMoves {
    /// Options about one card, by card.
    pub cards: HashMap<CardRef, CardMoves>,
    /// `EndMainPhase`, when offered.
    pub end_turn: Option<usize>,
    /// Options with no object on the board (Yes/No, Pass, labels, pending
    /// abilities): the prompt shows them as buttons.
    pub buttons: Vec<usize>,
    /// Whether the decision picks cards (a target, discards, an order)
    /// rather than actions.
    pub picks_cards: bool,
    /// The engine's cancel, when offered: takes back the ability whose
    /// costs are being chosen ("Cancel the play"), locally and online.
    pub cancel: Option<usize>,
}

/// The options that belong to one card.
#[derive(Clone, Debug, Default)]
pub struct CardMoves {
    /// Play it.
    pub play: Option<usize>,
    /// Evolve it (each way to pay).
    pub evolve: Vec<usize>,
    /// Its activated abilities.
    pub activate: Vec<usize>,
    /// Attacks it may make, with their targets.
    pub attacks: Vec<(AttackTarget, usize)>,
    /// Pick it (a `Choice::Card` option).
    pub pick: Option<usize>,
}

impl CardMoves {
    /// Every option index of this card, in option order.
    pub fn all(&self) -> Vec<usize> {
        let mut all: Vec<usize> = self
            .play
            .iter()
            .chain(&self.evolve)
            .chain(&self.activate)
            .chain(self.attacks.iter().map(|(_, option)| option))
            .chain(&self.pick)
            .copied()
            .collect();
        all.sort_unstable();
        all
    }
}

impl LegalMoves {
    /// Sorts the options of `decision`.
    pub fn of(decision: &DecisionView) -> LegalMoves {
        let mut moves = LegalMoves::default();
        for (option_idx, choice) in decision.decision.options.iter().enumerate() {
            match choice {
                Choice::Action(Action::Play { card }) => {
                    moves.cards.entry(*card).or_default().play = Some(option_idx);
                }
                Choice::Action(Action::Evolve { card, .. }) => {
                    moves
                        .cards
                        .entry(*card)
                        .or_default()
                        .evolve
                        .push(option_idx);
                }
                // Paying 1 PP with 1 EP is one more way to use the ability,
                // and a declared keyword's ability is the card's; the card's
                // menu words each with the option's text.
                Choice::Action(
                    Action::Activate { card, .. }
                    | Action::ActivateWithEp { card, .. }
                    | Action::ActivateKeyword { card, .. },
                ) => {
                    moves
                        .cards
                        .entry(*card)
                        .or_default()
                        .activate
                        .push(option_idx);
                }
                Choice::Action(Action::Attack { attacker, target }) => {
                    moves
                        .cards
                        .entry(*attacker)
                        .or_default()
                        .attacks
                        .push((*target, option_idx));
                }
                Choice::Action(Action::EndMainPhase) => moves.end_turn = Some(option_idx),
                Choice::Card(card) => {
                    moves.picks_cards = true;
                    moves.cards.entry(*card).or_default().pick = Some(option_idx);
                }
                Choice::Yes
                | Choice::No
                | Choice::Pass
                | Choice::GoFirst
                | Choice::GoSecond
                | Choice::Pending(_)
                | Choice::Label(_) => moves.buttons.push(option_idx),
                Choice::Cancel => moves.cancel = Some(option_idx),
            }
        }
        moves
    }

    /// The moves of a card (empty if it has none).
    pub fn card(&self, card: CardRef) -> CardMoves {
        self.cards.get(&card).cloned().unwrap_or_default()
    }

    /// Whether `card` can start an attack.
    pub fn can_attack(&self, card: CardRef) -> bool {
        self.cards
            .get(&card)
            .is_some_and(|moves| !moves.attacks.is_empty())
    }

    /// The option for `attacker` attacking the follower `target`.
    pub fn attack_on_follower(&self, attacker: CardRef, target: CardRef) -> Option<usize> {
        self.cards
            .get(&attacker)?
            .attacks
            .iter()
            .find_map(|(t, option)| match t {
                AttackTarget::Follower(card, _) if *card == target => Some(*option),
                _ => None,
            })
    }

    /// The option for `attacker` attacking `player`'s leader.
    pub fn attack_on_leader(&self, attacker: CardRef, player: PlayerId) -> Option<usize> {
        self.cards
            .get(&attacker)?
            .attacks
            .iter()
            .find_map(|(t, option)| match t {
                AttackTarget::Leader(p) if *p == player => Some(*option),
                _ => None,
            })
    }
}

/// Why clicking a card in the hand or EX area did nothing.
pub fn why_not_playable(db: &CardDb, card: &CardView, mine: &SideView, prompt: &Prompt) -> String {
    let def = db.get(card.def);
    if *prompt == Prompt::QuickWindow && !card.keywords.contains(Keywords::QUICK) {
        return format!(
            "{} has no Quick: only Quick cards can be played in the opponent's turn.",
            def.display_name()
        );
    }
    if def.cost.is_none() {
        return format!("{} can't be played from here.", def.display_name());
    }
    if card.cost > mine.pp {
        return format!(
            "{} costs {} PP and you have {} PP.",
            def.display_name(),
            card.cost,
            mine.pp
        );
    }
    // "You can't play followers during your next turn" (later-sets
    // §12.10), shown beside the leader.
    if def.card_type == CardType::Follower
        && mine.player_effects.iter().any(|e| {
            e.applies && e.kind == sve_engine::engine::PlayerEffectKind::CannotPlayFollowers
        })
    {
        return format!(
            "{} can't be played: you can't play followers this turn.",
            def.display_name()
        );
    }
    let needs_room = matches!(def.card_type, CardType::Follower | CardType::Amulet);
    if needs_room && mine.field.len() >= FIELD_SLOTS {
        return format!(
            "Your field is full ({FIELD_SLOTS} cards): {} has no room.",
            def.display_name()
        );
    }
    format!(
        "{} can't be played now: its play requirement is not met.",
        def.display_name()
    )
}

/// Why one of your field cards cannot start an attack.
pub fn why_cannot_attack(db: &CardDb, card: &CardView, entered_this_turn: bool) -> String {
    let def = db.get(card.evolved.unwrap_or(card.def));
    let name = &def.display_name();
    if !def.card_type.is_follower() {
        return format!("{name} is not a follower: only followers attack.");
    }
    if card.engaged {
        return format!("{name} is engaged: it has already attacked or acted this turn.");
    }
    if card.keywords.contains(Keywords::CANNOT_ATTACK) {
        return format!("{name} can't attack.");
    }
    if entered_this_turn
        && card.evolved.is_none()
        && !card.keywords.intersects(Keywords::STORM | Keywords::RUSH)
    {
        return format!(
            "{name} entered the field this turn: without Storm or Rush it can attack from your next turn (evolving it also lets it attack)."
        );
    }
    format!(
        "{name} has no legal target: only engaged followers can be attacked (Assail ignores this), and a Rush follower can't attack the leader on the turn it enters."
    )
}

/// Why `target` (a follower of the opponent) is not a legal target for
/// `attacker`.
pub fn why_not_target(
    db: &CardDb,
    attacker: &CardView,
    target: &CardView,
    theirs: &SideView,
) -> String {
    let attacker_name = &db
        .get(attacker.evolved.unwrap_or(attacker.def))
        .display_name();
    let target_def = db.get(target.evolved.unwrap_or(target.def));
    let target_name = &target_def.display_name();
    if !target_def.card_type.is_follower() {
        return format!("{target_name} is not a follower: attack a follower or the leader.");
    }
    if target.keywords.contains(Keywords::INTIMIDATE) {
        return format!("{target_name} has Intimidate: it can't be chosen as an attack target.");
    }
    if !target.engaged && !attacker.keywords.contains(Keywords::ASSAIL) {
        return format!(
            "{target_name} is reserved (not engaged): only engaged followers can be attacked unless {attacker_name} has Assail."
        );
    }
    let ward_engaged = theirs
        .field
        .iter()
        .any(|c| c.engaged && c.keywords.contains(Keywords::WARD));
    if ward_engaged && !attacker.keywords.contains(Keywords::IGNORE_WARD) {
        return "An engaged Ward follower must be attacked first.".to_owned();
    }
    format!("{attacker_name} can't attack {target_name}.")
}

/// Why `attacker` cannot attack the opponent's leader.
pub fn why_not_leader(
    db: &CardDb,
    attacker: &CardView,
    theirs: &SideView,
    entered_this_turn: bool,
) -> String {
    let name = &db
        .get(attacker.evolved.unwrap_or(attacker.def))
        .display_name();
    let ward_engaged = theirs
        .field
        .iter()
        .any(|c| c.engaged && c.keywords.contains(Keywords::WARD));
    if ward_engaged && !attacker.keywords.contains(Keywords::IGNORE_WARD) {
        return "An engaged Ward follower must be attacked first.".to_owned();
    }
    if attacker.keywords.contains(Keywords::CANNOT_ATTACK_LEADERS) {
        return format!("{name} can't attack leaders.");
    }
    if entered_this_turn && !attacker.keywords.contains(Keywords::STORM) {
        return format!(
            "{name} entered the field this turn: only Storm followers attack the leader on that turn."
        );
    }
    format!("{name} can't attack the leader now.")
}

/// Field and EX area size (CR 4.4.4.1, 4.8.3.1).
pub const FIELD_SLOTS: usize = 5;
/// EX area size (CR 4.8.3.1).
pub const EX_SLOTS: usize = 5;
