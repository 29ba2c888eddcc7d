//! The playout policy: a fast answer to any decision from rules of thumb,
//! with no look-ahead (no clone of the match). Search plays the rest of a
//! turn and the opponent's reply with it, so it is both players' model of
//! a reasonable player; it also answers the decisions search leaves alone
//! (several picks at once, the mulligan, who goes first).
//!
//! Main-phase actions are scored ([`action_value`]): playing cards by
//! their cost, evolving, attacks by the trade they make (or the leader
//! damage, lethal first), and the main phase ends when nothing scores
//! above zero. A little randomness (`noise`) keeps playouts varied.
//!
//! The rules read the board through [`Board`]: search's playouts read the
//! match itself, and a client bot reads the view it was sent (`sve-net`),
//! so both play by the same rules.

use super::random_answer;
use crate::cards::{CardType, Keywords};
use crate::engine::state::AttackTarget;
use crate::engine::{AbilityIdx, Action, CardRef, Choice, Decision, Match, PlayerId, Prompt};
use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

/// How far playouts stray from the best-scored action: the chance of a
/// uniformly random one instead.
pub const NOISE: f64 = 0.1;

/// A card as the rules of thumb read it.
#[derive(Clone, Copy, Debug)]
pub struct CardFacts {
    /// Its printed type.
    pub card_type: CardType,
    /// Its printed cost, if it has one.
    pub printed_cost: Option<i32>,
    /// Its current cost.
    pub cost: i32,
    /// Its current attack.
    pub attack: i32,
    /// Its current defense.
    pub defense: i32,
    /// Its current keywords.
    pub keywords: Keywords,
    /// Whether it is engaged.
    pub engaged: bool,
}

/// What the rules of thumb read of a match: the real one, or what one
/// player is shown of it. A card the reader can't see has no facts.
pub trait Board {
    /// A card's facts, if the reader sees the card.
    fn card(&self, card: CardRef) -> Option<CardFacts>;
    /// The cards in a player's hand the reader sees.
    fn hand(&self, player: PlayerId) -> Vec<CardRef>;
    /// How many cards a player has on the field.
    fn field_len(&self, player: PlayerId) -> usize;
    /// A card's owner, if the reader knows it.
    fn owner(&self, _card: CardRef) -> Option<PlayerId> {
        None
    }
    /// A player's leader defense.
    fn leader_defense(&self, player: PlayerId) -> i32;
    /// The follower attacking now, if the reader knows it (none by
    /// default).
    fn attacker(&self) -> Option<CardRef> {
        None
    }

    /// Whether activated ability `ability` of `card` is a Ride (later-sets
    /// §2.5: its cost puts a Drive Point into the drive zone), if the
    /// reader knows (no by default).
    fn rides(&self, _card: CardRef, _ability: AbilityIdx) -> bool {
        false
    }
}

impl Board for Match {
    fn card(&self, card: CardRef) -> Option<CardFacts> {
        let state = self.state();
        let def = self.db().get(state.card(card).def);
        let stats = state.characteristics(self.db(), card);
        Some(CardFacts {
            card_type: def.card_type,
            printed_cost: def.cost.map(i32::from),
            cost: stats.cost,
            attack: stats.attack,
            defense: stats.defense,
            keywords: stats.keywords,
            engaged: state.card(card).engaged,
        })
    }

    fn hand(&self, player: PlayerId) -> Vec<CardRef> {
        self.state().player(player).hand.to_vec()
    }

    fn owner(&self, card: CardRef) -> Option<PlayerId> {
        Some(self.state().card(card).owner)
    }

    fn field_len(&self, player: PlayerId) -> usize {
        self.state().player(player).field.len()
    }

    fn leader_defense(&self, player: PlayerId) -> i32 {
        self.state().player(player).leader_defense
    }

    fn attacker(&self) -> Option<CardRef> {
        self.state().combat.map(|combat| combat.attacker.0)
    }

    fn rides(&self, card: CardRef, ability: AbilityIdx) -> bool {
        let def = self.state().current_def(self.db(), card);
        def.abilities
            .get(usize::from(ability.0))
            .is_some_and(|a| a.costs.contains(&crate::cards::CostItem::DrivePoint))
    }
}

/// An answer to `decision` by the rules of thumb; `noise` is the chance of
/// a random main-phase action instead of the best-scored one.
pub fn answer(
    game: &impl Board,
    decision: &Decision,
    rng: &mut ChaCha8Rng,
    noise: f64,
) -> Vec<usize> {
    let position = |wanted: Choice| decision.options.iter().position(|o| *o == wanted);
    match &decision.prompt {
        Prompt::ChooseFirstPlayer => vec![position(Choice::GoFirst).unwrap_or(0)],
        Prompt::Mulligan => {
            let redraw = wants_redraw(game, decision.player);
            let wanted = if redraw { Choice::Yes } else { Choice::No };
            vec![position(wanted).unwrap_or(0)]
        }
        Prompt::MainAction | Prompt::QuickWindow => {
            vec![best_action(game, decision, rng, noise)]
        }
        Prompt::EngageWardOnEnter { .. } | Prompt::PayOptionalCost { .. } => {
            vec![position(Choice::Yes).unwrap_or(0)]
        }
        Prompt::EngageWardFollowers => (0..decision.max.min(decision.options.len())).collect(),
        Prompt::ZoneLimit { .. } | Prompt::HandLimit { .. } => {
            cheapest_cards(game, decision, decision.min)
        }
        Prompt::Ability { .. } if decision.min == 1 && decision.max == 1 => {
            // "You may": yes. Otherwise any option.
            match position(Choice::Yes) {
                Some(yes) => vec![yes],
                None => vec![(rng.next_u32() as usize) % decision.choosable().len().max(1)],
            }
        }
        Prompt::Ability { .. } => {
            // "Up to N" targets: as many as allowed, chosen at random.
            let mut picks = random_answer(
                rng,
                &Decision {
                    min: decision.max.min(decision.options.len()),
                    ..decision.clone()
                },
            );
            picks.truncate(decision.max);
            picks
        }
        // A Trigger is worth resolving, on the follower it helps most.
        Prompt::DriveTrigger { icon, .. } => vec![trigger_pick(game, decision, *icon)],
        // An X cost is usually worth as much as it can be.
        Prompt::ChooseX { .. } => {
            vec![
                decision
                    .options
                    .iter()
                    .rposition(|o| *o != Choice::Cancel)
                    .unwrap_or(0),
            ]
        }
        Prompt::MoveReplacement { card } => {
            let theirs = game.owner(*card).is_some_and(|o| o != decision.player);
            vec![kept_best(decision, theirs)]
        }
        Prompt::MulliganOrder
        | Prompt::ChoosePendingAbility
        | Prompt::CostCards { .. }
        | Prompt::EvolveInto { .. } => super::default_answer(decision),
        // The damage lands on the deciding player's own card or leader:
        // the least of it (the first such option on a tie).
        Prompt::DamageOrder { amounts, .. } => {
            let least = amounts
                .iter()
                .enumerate()
                .min_by_key(|(_, amount)| **amount)
                .map_or(0, |(i, _)| i);
            vec![least]
        }
    }
}

/// Where to resolve a drive-checked Trigger (later-sets §2.3): a Critical
/// (+2/+0 this turn) on the attacking follower, whose attack the check is
/// part of, else on the strongest follower that can still attack; a Stand
/// (refresh) on the strongest engaged follower other than the attacker;
/// else yes. Never the "no".
fn trigger_pick(game: &impl Board, decision: &Decision, icon: crate::cards::TriggerIcon) -> usize {
    use crate::cards::TriggerIcon;
    let followers: Vec<(usize, CardRef, CardFacts)> = decision
        .options
        .iter()
        .enumerate()
        .filter_map(|(i, option)| match option {
            Choice::Card(card) => Some((i, *card, game.card(*card)?)),
            _ => None,
        })
        .collect();
    let first_yes = || {
        decision
            .options
            .iter()
            .position(|o| *o != Choice::No)
            .unwrap_or(0)
    };
    let attacker = game.attacker();
    let strongest = |pick: &dyn Fn(&CardRef, &CardFacts) -> bool| {
        followers
            .iter()
            .filter(|(_, card, facts)| pick(card, facts))
            .max_by_key(|(_, _, facts)| facts.attack)
            .map(|(i, _, _)| *i)
    };
    let chosen = match icon {
        TriggerIcon::Critical => followers
            .iter()
            .find(|(_, card, _)| Some(*card) == attacker)
            .map(|(i, _, _)| *i)
            .or_else(|| strongest(&|_, facts| !facts.engaged)),
        TriggerIcon::Stand => strongest(&|card, facts| facts.engaged && Some(*card) != attacker),
        TriggerIcon::Draw | TriggerIcon::Heal => None,
    };
    chosen
        .or_else(|| strongest(&|_, _| true))
        .unwrap_or_else(first_yes)
}

/// Keep a hand with at least two cards of cost 3 or less, redraw others.
pub fn wants_redraw(game: &impl Board, player: PlayerId) -> bool {
    let cheap = game
        .hand(player)
        .into_iter()
        .filter_map(|card| game.card(card))
        .filter(|facts| facts.printed_cost.is_some_and(|cost| cost <= 3))
        .count();
    cheap < 2
}

/// The index of the best-scored main-phase or Quick action (ending the
/// phase or passing when nothing scores above zero).
fn best_action(game: &impl Board, decision: &Decision, rng: &mut ChaCha8Rng, noise: f64) -> usize {
    let n = decision.choosable().len();
    if n > 1 && noise > 0.0 && f64::from(rng.next_u32()) / f64::from(u32::MAX) < noise {
        return rng.next_u32() as usize % n;
    }
    let mut best = (0.0, None);
    for (idx, option) in decision.options.iter().enumerate() {
        let value = match option {
            Choice::Action(action) => action_value(game, decision.player, action),
            _ => 0.0,
        };
        // Ties go to a random one of them.
        let value = value + f64::from(rng.next_u32() % 64) / 10_000.0;
        if value > best.0 {
            best = (value, Some(idx));
        }
    }
    match best.1 {
        Some(idx) => idx,
        None => decision
            .options
            .iter()
            .position(|o| matches!(o, Choice::Action(Action::EndMainPhase) | Choice::Pass))
            .unwrap_or(0),
    }
}

/// What an action is worth to `me` by rules of thumb; 0 or less means
/// "rather end the phase". An action on a card the reader can't see is
/// worth nothing.
pub fn action_value(game: &impl Board, me: PlayerId, action: &Action) -> f64 {
    match *action {
        Action::EndMainPhase => 0.0,
        Action::Play { card } => {
            let Some(facts) = game.card(card) else {
                return 0.0;
            };
            let cost = f64::from(facts.printed_cost.unwrap_or(0));
            match facts.card_type {
                CardType::Follower if game.field_len(me) >= 5 => -1.0,
                CardType::Follower => 2.0 + cost,
                CardType::Spell => 1.0 + cost * 0.8,
                _ => 1.0 + cost * 0.7,
            }
        }
        Action::Evolve {
            card,
            use_ep,
            super_evolve,
        } => {
            let ready = game.card(card).is_some_and(|facts| !facts.engaged);
            2.0 + if ready { 1.0 } else { 0.0 } - if use_ep { 0.3 } else { 0.0 }
                + if super_evolve { 0.5 } else { 0.0 }
        }
        Action::Attack { attacker, target } => attack_value(game, attacker, target),
        // A Ride uses the turn's evolve and gives Drive (later-sets §2.5):
        // worth what an evolve is.
        Action::Activate { card, ability } | Action::ActivateWithEp { card, ability }
            if game.rides(card, ability) =>
        {
            let ready = game.card(card).is_some_and(|facts| !facts.engaged);
            let with_ep = matches!(action, Action::ActivateWithEp { .. });
            2.0 + if ready { 1.0 } else { 0.0 } - if with_ep { 0.3 } else { 0.0 }
        }
        Action::Activate { .. } | Action::ActivateKeyword { .. } => 1.5,
        // Saving the play point is worth less than keeping the EP.
        Action::ActivateWithEp { .. } => 1.2,
    }
}

/// An attack's worth: lethal above all, then trades by what each side
/// loses, then leader damage.
fn attack_value(game: &impl Board, attacker: CardRef, target: AttackTarget) -> f64 {
    let Some(a) = game.card(attacker) else {
        return 0.0;
    };
    match target {
        AttackTarget::Leader(player) => {
            if game.leader_defense(player) <= a.attack {
                1000.0
            } else {
                1.0 + f64::from(a.attack.max(0)) * 0.8
            }
        }
        AttackTarget::Follower(defender, _) => {
            let Some(d) = game.card(defender) else {
                return 0.0;
            };
            let kills = a.attack >= d.defense || a.keywords.contains(Keywords::BANE);
            let dies = d.attack >= a.defense || d.keywords.contains(Keywords::BANE);
            let gain = if kills { follower_worth(&d) } else { -0.5 };
            let loss = if dies { follower_worth(&a) } else { 0.0 };
            gain - loss + 0.5
        }
    }
}

/// A follower's worth in a trade.
fn follower_worth(facts: &CardFacts) -> f64 {
    1.5 + f64::from(facts.attack.max(0)) + f64::from(facts.defense.max(0)) * 0.8
}

/// `count` picks among the cards offered, cheapest first (what goes from
/// an over-full zone or a hand over the limit).
fn cheapest_cards(game: &impl Board, decision: &Decision, count: usize) -> Vec<usize> {
    let mut by_cost: Vec<(i32, usize)> = decision
        .options
        .iter()
        .enumerate()
        .map(|(idx, option)| match option {
            Choice::Card(card) => (game.card(*card).map_or(i32::MAX, |f| f.cost), idx),
            _ => (i32::MAX, idx),
        })
        .collect();
    by_cost.sort_unstable();
    by_cost
        .into_iter()
        .take(count)
        .map(|(_, idx)| idx)
        .collect()
}

/// Of the places a card the deciding player controls could go instead of
/// the cemetery (its owner's zones), the one it can come back from
/// soonest: the hand, then the EX area, the top and the bottom of the
/// deck, the banished zone last; for a card another player owns
/// (`theirs`, a taken one), the other way round.
fn kept_best(decision: &Decision, theirs: bool) -> usize {
    use crate::cards::InsteadZone;
    const BEST_FIRST: [InsteadZone; 5] = [
        InsteadZone::Hand,
        InsteadZone::ExArea,
        InsteadZone::DeckTop,
        InsteadZone::DeckBottom,
        InsteadZone::Banished,
    ];
    let rank = |option: &Choice| {
        let place = BEST_FIRST
            .iter()
            .position(|zone| *option == Choice::Label(zone.words().to_owned()));
        match place {
            Some(place) if theirs => BEST_FIRST.len() - 1 - place,
            Some(place) => place,
            None => BEST_FIRST.len(),
        }
    };
    decision
        .options
        .iter()
        .enumerate()
        .min_by_key(|(_, option)| rank(option))
        .map_or(0, |(i, _)| i)
}
