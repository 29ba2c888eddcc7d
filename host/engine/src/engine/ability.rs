//! The seam between the rules and card code. The engine knows every
//! ability's trigger, cost and timing as data ([`AbilityDef`]); what an
//! ability *does* is up to an [`AbilityRunner`]: Rust closures in tests
//! (`FnRunner`), card packs in the host (`sve-packs`' `PackRunner`), both
//! plugged in the same way; `NoAbilities` plays vanilla cards.
//!
//! Runs are re-entrant: [`AbilityRunner::resolve`] is called with the answers
//! gathered so far. When card code needs one more answer, its `choose` call
//! returns [`Halt::Ask`]; the engine rolls back what that run changed, asks
//! the player, and calls `resolve` again from the start with one more answer.
//! Card code therefore keeps no state and stays straight-line.
//!
//! A run that fails ([`Halt::Failed`]: a trap, a panic, a limit of
//! `runtime/limits.rs`) is rolled back too, and its ability fizzles with an
//! `AbilityFizzled` event; the match goes on. [`AbilityCtx`] is all card code
//! may do: it moves cards only out of the zones the rules let effects reach
//! (never a leader, an evolve deck or zone, or a card being played), summons
//! only token followers and amulets, and asks its questions with a role
//! (`QuestionRole`) so that a yes to an optional cost can be taken back
//! (`flow/cancel.rs`).

use super::Match;
pub use super::ability_query::AbilityQuery;
use super::actions::MoveKind;
use super::event::{DamageKind, MoveCause};
use super::ids::{AbilityIdx, CardRef, DefId, PlayerId};
use super::mutation::Mutation;
use super::runner_usage::RunnerUsage;
use super::runtime::limits::QUESTION_OPTION_LIMIT;
use super::runtime::{Choice, Decision, Prompt, QuestionRole, SeriesStep};
use super::state::{DamageReplacement, Duration, EffectKind, Zone};
use crate::cards::{CardType, Counter, Keywords};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// Runs card abilities. Implementations must be deterministic and keep no
/// state between calls.
pub trait AbilityRunner: Send + Sync + fmt::Debug {
    /// Whether the ability's condition holds now: a spell's play
    /// requirement, an activated ability's extra condition, or an automatic
    /// ability's "if" checked when it is played. The default is "always".
    fn condition(&self, query: &AbilityQuery<'_>) -> Result<bool, String> {
        let _ = query;
        Ok(true)
    }

    /// Performs the ability's effect through `cx`.
    fn resolve(&self, cx: &mut AbilityCtx<'_>) -> Result<(), Halt>;

    /// The work this runner has done since it was made: calls into card
    /// code, the calls that code made back into the game, and the time
    /// spent inside. A runner with no card code of its own reports zeros.
    fn usage(&self) -> RunnerUsage {
        RunnerUsage::default()
    }
}

/// Why a run stopped before finishing.
#[derive(Debug, Clone, PartialEq)]
pub enum Halt {
    /// Card code needs one more answer. The engine asks and runs it again.
    /// With the take-back point when the question offers a
    /// [`Choice::Cancel`]: how many answers to keep if it is picked.
    Ask(Decision, Option<usize>),
    /// Card code failed; the ability fizzles with this message.
    Failed(String),
    /// A stored answer no longer fits the question (the card's code changed
    /// in a hot reload): the engine restarts the ability's questions. Card
    /// code never returns this itself.
    StaleAnswers,
}

/// Which ability is running, and in what context.
#[derive(Clone, Debug, PartialEq)]
pub struct AbilityInfo {
    /// The source card.
    pub source: CardRef,
    /// The source's object when the ability was played (the card may have
    /// moved since).
    pub source_object: crate::engine::ids::ObjectId,
    /// The definition the ability belongs to.
    pub def: DefId,
    /// Which ability of the definition.
    pub ability: AbilityIdx,
    /// Who controls the ability.
    pub controller: PlayerId,
    /// The card that caused the trigger.
    pub trigger_card: Option<CardRef>,
    /// A number carried by the triggering event.
    pub amount: i32,
    /// The cards its Fuse cost fused (later-sets §9); empty for any other
    /// ability.
    pub fused: Vec<CardRef>,
    /// X of its `[costX]` cost (later-sets §1.3); 0 without one, or when
    /// it was executed without paying its cost.
    pub x: i32,
    /// A condition asked for executing the ability as a `[ub]` ability
    /// without its cost (later-sets §1.3): only the targets it must select
    /// count (CR 14.5.1.4.1).
    pub executing: bool,
}

/// Read-write access to a match for card code: queries, choices and game
/// actions. Every action goes through the engine's mutation choke point.
pub struct AbilityCtx<'a> {
    pub(crate) m: &'a mut Match,
    pub(crate) info: AbilityInfo,
    pub(crate) answers: &'a [(PlayerId, Vec<usize>)],
    pub(crate) asked: usize,
    /// The last yes to an optional cost this run asked about, while its
    /// payment's questions may still take it back.
    pub(crate) optional_yes: Option<OptionalYes>,
    /// A question an action asked and the answers don't hold yet (the
    /// order of replacement effects, CR 10.10.2): the run stops at once
    /// (`AbilityCtx::ask_in_action`).
    pub(crate) pending: Option<Halt>,
    /// How many `[ub]` abilities executed inside one another are running
    /// now ([`AbilityCtx::execute_union_burst`]).
    pub(crate) executing_depth: u8,
}

/// A yes to an optional cost that card code asked about, and what the
/// match was when it was given: the payment's card questions offer to
/// take the yes back only while no card moved and no random number was
/// drawn since, so going back tells the player nothing new (the run's
/// changes are never seen while it asks, `run_card_code`; a moved card
/// could show up among the options, a random outcome through them).
#[derive(Debug)]
pub(crate) struct OptionalYes {
    /// How many answers came before the question the yes answered.
    answers_before: usize,
    /// `Work::moves` when the yes was given.
    moves: u64,
    /// The match RNG when the yes was given.
    rng: rand_chacha::ChaCha8Rng,
}

/// What card code says about a question besides its options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuestionMeta {
    /// What the question is for.
    pub role: QuestionRole,
    /// Where it stands in a series of like questions.
    pub series: Option<SeriesStep>,
}

/// The zones card code may move a card out of (to a hand, deck, cemetery,
/// the banished zone or an EX area). Leaders, evolve decks and zones, cards
/// being played and tokens that ceased to exist are moved by the rules
/// alone.
const MOVABLE_FROM: &[Zone] = &[
    Zone::Field,
    Zone::Hand,
    Zone::Deck,
    Zone::Cemetery,
    Zone::ExArea,
    Zone::Banished,
];

/// The zones card code may put a card onto a field from.
const ONTO_FIELD_FROM: &[Zone] = &[
    Zone::Hand,
    Zone::Deck,
    Zone::Cemetery,
    Zone::ExArea,
    Zone::Banished,
];

/// Distinct trait names effects may give in one match.
const MAX_GRANTED_TRAITS: usize = 256;

impl AbilityCtx<'_> {
    /// Read-only queries.
    pub fn query(&self) -> AbilityQuery<'_> {
        AbilityQuery::resolving(&self.m.state, &self.m.db, &self.info)
    }

    /// What is running.
    pub fn info(&self) -> &AbilityInfo {
        &self.info
    }

    /// Why this run must stop, once it passed a limit on its work (see
    /// `runtime/limits.rs`): the engine rolls it back when it returns, so
    /// card code should return at once. `None` while it may go on.
    pub fn stopped(&self) -> Option<&str> {
        self.m.work.run_stop()
    }

    /// The question an action asked that the answers don't hold yet (or
    /// the stale answer it found): the run must stop and return it; it is
    /// asked, and the run made again with its answer. After it nothing the
    /// run does is kept, and every question that reaches the player
    /// returns it.
    pub fn pending(&self) -> Option<&Halt> {
        self.pending.as_ref()
    }

    /// The ability's controller ("you").
    pub fn controller(&self) -> PlayerId {
        self.info.controller
    }

    /// The source card.
    pub fn source(&self) -> CardRef {
        self.info.source
    }

    /// Asks `player` to pick between `min` and `max` of `options`. Returns
    /// the picked indices, or [`Halt::Ask`] when the answer is not known yet.
    pub fn choose_for(
        &mut self,
        player: PlayerId,
        text: &str,
        options: Vec<Choice>,
        min: usize,
        max: usize,
    ) -> Result<Vec<usize>, Halt> {
        self.choose_with(player, text, options, min, max, QuestionMeta::default())
    }

    /// [`AbilityCtx::choose_for`], saying what the question is for and
    /// where it stands in a series.
    ///
    /// A question of which cards pay an optional cost ([`QuestionRole::Cost`])
    /// that comes after a yes to it ([`QuestionRole::OptionalCost`]) offers
    /// [`Choice::Cancel`], last, while no card moved and no random number
    /// was drawn since the yes: the player may take the yes back, and the
    /// run asks it again (`Resume::Ability`). It is the card-code
    /// counterpart of the engine's cancel of an optional cost
    /// (`flow/cancel.rs`). Any other question ends the payment.
    pub fn choose_with(
        &mut self,
        player: PlayerId,
        text: &str,
        mut options: Vec<Choice>,
        min: usize,
        max: usize,
        meta: QuestionMeta,
    ) -> Result<Vec<usize>, Halt> {
        if let Some(halt) = &self.pending {
            return Err(halt.clone());
        }
        if options.len() > QUESTION_OPTION_LIMIT {
            return Err(Halt::Failed(format!(
                "a question offered {} options; at most {QUESTION_OPTION_LIMIT}",
                options.len()
            )));
        }
        let max = max.min(options.len());
        let min = min.min(max);
        let take_back = match meta.role {
            QuestionRole::Cost => self.take_back_point(player),
            QuestionRole::Effect | QuestionRole::OptionalCost => {
                self.optional_yes = None;
                None
            }
        };
        if take_back.is_some() {
            options.push(Choice::Cancel);
        }
        let decision = Decision {
            player,
            prompt: Prompt::Ability {
                card: self.info.source,
                ability: self.info.ability,
                text: text.to_owned(),
                role: meta.role,
                series: meta.series,
            },
            options,
            min,
            max,
        };
        let Some(answer) = self.answers.get(self.asked) else {
            return Err(Halt::Ask(decision, take_back));
        };
        let answers_before = self.asked;
        self.asked += 1;
        let (answered_by, answer) = answer;
        // A cancel is never stored: the engine drops the yes instead.
        if *answered_by != player
            || decision.validate(answer).is_err()
            || decision.is_cancel(answer)
        {
            return Err(Halt::StaleAnswers);
        }
        let said_yes = answer.first().and_then(|i| decision.options.get(*i)) == Some(&Choice::Yes);
        if meta.role == QuestionRole::OptionalCost && said_yes {
            self.optional_yes = Some(OptionalYes {
                answers_before,
                moves: self.m.work.moves(),
                rng: self.m.state.rng.clone(),
            });
        }
        Ok(answer.clone())
    }

    /// How many answers to keep if `player`, asked which cards pay an
    /// optional cost, takes their yes back: `None` when there is no yes to
    /// take back (another player's, or a card moved or a random number
    /// was drawn since it).
    fn take_back_point(&self, player: PlayerId) -> Option<usize> {
        let yes = self.optional_yes.as_ref()?;
        let asker = self.answers.get(yes.answers_before)?.0;
        (asker == player && yes.moves == self.m.work.moves() && yes.rng == self.m.state.rng)
            .then_some(yes.answers_before)
    }

    /// The controller picks one labelled option.
    pub fn choose_option(&mut self, text: &str, labels: &[&str]) -> Result<usize, Halt> {
        let options = labels
            .iter()
            .map(|l| Choice::Label((*l).to_owned()))
            .collect();
        let picks = self.choose_for(self.info.controller, text, options, 1, 1)?;
        Ok(picks[0])
    }

    /// The controller declares a card name (later-sets §12.11, CR 5.33),
    /// picked among [`CardDb::declarable_names`](crate::cards::CardDb::declarable_names): card names only, never a
    /// printing's alternate name.
    pub fn declare_card_name(&mut self, text: &str) -> Result<String, Halt> {
        let names = self.m.db.declarable_names();
        let options = names.iter().cloned().map(Choice::Label).collect();
        let picks = self.choose_for(self.info.controller, text, options, 1, 1)?;
        picks
            .first()
            .and_then(|pick| names.get(*pick))
            .cloned()
            .ok_or_else(|| Halt::Failed("no card name to declare".to_owned()))
    }

    /// The controller answers yes or no.
    pub fn yes_no(&mut self, text: &str) -> Result<bool, Halt> {
        let picks = self.choose_for(
            self.info.controller,
            text,
            vec![Choice::Yes, Choice::No],
            1,
            1,
        )?;
        Ok(picks[0] == 0)
    }

    /// The controller **selects** between `min` and `max` cards (CR
    /// 10.6.2.3): the opponent's Aura cards on the field are left out
    /// (CR 12.15.2), and the opponent's cards that must be selected are
    /// selected, as many as `max` allows (CR 1.3.2.3, later-sets §12.15).
    pub fn select_cards(
        &mut self,
        text: &str,
        candidates: Vec<CardRef>,
        min: usize,
        max: usize,
    ) -> Result<Vec<CardRef>, Halt> {
        let controller = self.info.controller;
        let enemy_keywords = |c: CardRef| {
            let state = self.m.state.card(c);
            (state.zone == Zone::Field && state.controller != controller)
                .then(|| self.m.state.characteristics(&self.m.db, c).keywords)
        };
        let (mut forced, mut free) = (Vec::new(), Vec::new());
        for card in candidates {
            match enemy_keywords(card) {
                Some(keywords) if keywords.contains(Keywords::AURA) => {}
                Some(keywords) if keywords.contains(Keywords::MUST_BE_SELECTED) => {
                    forced.push(card)
                }
                _ => free.push(card),
            }
        }
        if forced.is_empty() {
            return self.choose_cards(text, free, min, max);
        }
        if forced.len() >= max {
            // Only the cards that must be selected fill the selection.
            return self.choose_cards(text, forced, max, max);
        }
        let rest = self.choose_cards(
            text,
            free,
            min.saturating_sub(forced.len()),
            max - forced.len(),
        )?;
        forced.extend(rest);
        Ok(forced)
    }

    /// The controller chooses cards without selecting them (Aura does not
    /// apply): costs, "choose a card in your hand".
    pub fn choose_cards(
        &mut self,
        text: &str,
        candidates: Vec<CardRef>,
        min: usize,
        max: usize,
    ) -> Result<Vec<CardRef>, Halt> {
        if candidates.is_empty() || max == 0 {
            return Ok(Vec::new());
        }
        let options = candidates.iter().map(|c| Choice::Card(*c)).collect();
        let picks = self.choose_for(self.info.controller, text, options, min, max)?;
        Ok(picks.into_iter().map(|i| candidates[i]).collect())
    }

    /// A uniform random number in `0..n` from the match RNG.
    pub fn random(&mut self, n: u32) -> u32 {
        self.m.random(n)
    }

    /// `player` draws `n` cards; none outside their start phase while an
    /// enemy card forbids it (later-sets §12.10: those draws don't happen,
    /// so they cause no empty-deck loss either).
    pub fn draw(&mut self, player: PlayerId, n: u32) {
        let state = &self.m.state;
        let in_their_start_phase =
            state.phase == crate::engine::state::Phase::Start && state.active == player;
        if !in_their_start_phase
            && self
                .m
                .db
                .may_print_or_grant(Keywords::OPPONENTS_CANNOT_DRAW_OUTSIDE_START_PHASE)
            && state.field_grants(
                &self.m.db,
                player.opponent(),
                Keywords::OPPONENTS_CANNOT_DRAW_OUTSIDE_START_PHASE,
            )
        {
            return;
        }
        for _ in 0..n {
            self.m.draw(player);
        }
    }

    /// Deals ability damage to a follower on the field, after its
    /// replacements (see [`AbilityCtx::after_replacements`]).
    pub fn damage_follower(&mut self, card: CardRef, amount: i32) {
        if self.m.state.card(card).zone != Zone::Field {
            return;
        }
        let keywords = self.m.state.characteristics(&self.m.db, card).keywords;
        let Some(amount) = self.after_replacements(card, amount, Some(keywords)) else {
            return;
        };
        let source = self.info.source;
        self.m
            .deal_replaced_damage(card, amount, DamageKind::Ability, Some(source));
    }

    /// Deals ability damage to a player's leader, after its replacements
    /// (see [`AbilityCtx::after_replacements`]).
    pub fn damage_leader(&mut self, player: PlayerId, amount: i32) {
        let leader = self.m.state.player(player).leader;
        let Some(amount) = self.after_replacements(leader, amount, None) else {
            return;
        };
        let source = self.info.source;
        self.m
            .deal_replaced_damage_to_leader(player, amount, DamageKind::Ability, Some(source));
    }

    /// Gives a leader +N (or −N) defense (not damage, CR 5.27).
    pub fn change_leader_defense(&mut self, player: PlayerId, delta: i32) {
        self.m.change_leader_defense(player, delta);
    }

    /// Whether card code may move `card` out of where it is: only from
    /// `from`, and never a leader, a card being played, an evolved card
    /// under its follower or in the evolve deck (those move by the rules
    /// alone: evolving, rules handling), or a token that ceased to exist.
    /// A card already where it would go stays (it would become a new
    /// object and lose its effects for nothing), but for a deck, where a
    /// move reorders.
    fn movable(&self, card: CardRef, from: &[Zone], to: Zone) -> bool {
        let zone = self.m.state.card(card).zone;
        (from.contains(&zone) && (zone != to || to == Zone::Deck))
            || self.may_leave_evolve_deck(card, to)
    }

    /// Whether card code may take `card` out of an evolve deck to `to`: a
    /// face-down advanced card of the ability's controller, put onto the
    /// field or into the EX area ("summon it from your evolve deck", CR
    /// 9.2; face-up cards there are used, CR 4.6.3).
    fn may_leave_evolve_deck(&self, card: CardRef, to: Zone) -> bool {
        matches!(to, Zone::Field | Zone::ExArea)
            && self.m.state.card(card).owner == self.info.controller
            && self.m.state.unused_advanced(&self.m.db, card)
    }

    /// Destroys a card on the field by an ability (skips "can't be
    /// destroyed by abilities").
    pub fn destroy(&mut self, card: CardRef) {
        if self.movable(card, &[Zone::Field], Zone::Cemetery) {
            self.leave_for_the_cemetery(card, MoveCause::Destroy { by_ability: true });
        }
    }

    /// Banishes a card (from the field, a hand, a deck, a cemetery or an
    /// EX area).
    pub fn banish(&mut self, card: CardRef) {
        if self.movable(card, MOVABLE_FROM, Zone::Banished) {
            self.m.banish(card);
        }
    }

    /// Puts a card into its owner's cemetery without destroying it.
    pub fn bury(&mut self, card: CardRef) {
        if !self.movable(card, MOVABLE_FROM, Zone::Cemetery) {
            return;
        }
        if self.m.state.card(card).zone == Zone::Field {
            self.leave_for_the_cemetery(card, MoveCause::Bury);
        } else {
            self.m.bury(card);
        }
    }

    /// Returns a card to its owner's hand.
    pub fn return_to_hand(&mut self, card: CardRef) {
        if self.movable(card, MOVABLE_FROM, Zone::Hand) {
            self.m.return_to_hand(card);
        }
    }

    /// Puts a card on top of (or at the bottom of) its owner's deck.
    pub fn put_into_deck(&mut self, card: CardRef, bottom: bool) {
        if self.movable(card, MOVABLE_FROM, Zone::Deck) {
            self.m.put_into_deck(card, bottom);
        }
    }

    /// Puts a card onto the controller's field (if there is room).
    pub fn put_onto_field(&mut self, card: CardRef) -> bool {
        let controller = self.info.controller;
        self.put_onto_field_for(card, controller)
    }

    /// Puts a card onto `player`'s field (if there is room): for effects
    /// the opponent performs. A card already on a field stays where it is
    /// (taking control is not a move).
    pub fn put_onto_field_for(&mut self, card: CardRef, player: PlayerId) -> bool {
        self.movable(card, ONTO_FIELD_FROM, Zone::Field) && self.m.put_onto_field(card, player)
    }

    /// Puts a card into its owner's EX area (if there is room).
    pub fn put_into_ex_area(&mut self, card: CardRef) -> bool {
        self.movable(card, MOVABLE_FROM, Zone::ExArea) && self.m.put_into_ex_area(card)
    }

    /// Discards cards from their owner's hand, together (one batch,
    /// later-sets §11.1).
    pub fn discard(&mut self, cards: &[CardRef]) {
        self.m.together(|m| {
            for card in cards {
                m.discard(*card);
            }
        });
    }

    /// Moves cards together, as one batch (later-sets §11.1, CR 10.7.4):
    /// "destroy all", "banish them". Each field card's move is decided and
    /// remembered from the state before any of them moves, so the cards
    /// that leave see each other leave, and a once-per-batch hook triggers
    /// once for all of them. A card that can't move that way stays, as it
    /// would for the one-card calls ([`AbilityCtx::destroy`] and the rest).
    pub fn move_together(&mut self, moves: &[(CardRef, MoveKind)]) {
        let movable: Vec<(CardRef, MoveKind)> = moves
            .iter()
            .copied()
            .filter(|&(card, kind)| match kind {
                MoveKind::Destroy => self.movable(card, &[Zone::Field], Zone::Cemetery),
                MoveKind::Discard => self.m.state.card(card).zone == Zone::Hand,
                MoveKind::Banish => self.movable(card, MOVABLE_FROM, Zone::Banished),
                MoveKind::Bury => self.movable(card, MOVABLE_FROM, Zone::Cemetery),
                MoveKind::ReturnToHand => self.movable(card, MOVABLE_FROM, Zone::Hand),
                MoveKind::DeckTop | MoveKind::DeckBottom => {
                    self.movable(card, MOVABLE_FROM, Zone::Deck)
                }
            })
            .collect();
        // Each card's controller chooses among its replacements first, in
        // the order the moves were given (CR 10.10.2).
        let mut instead = Vec::new();
        for &(card, kind) in &movable {
            let cause = match kind {
                MoveKind::Destroy => MoveCause::Destroy { by_ability: true },
                MoveKind::Bury => MoveCause::Bury,
                _ => continue,
            };
            let asked = instead.iter().any(|(chosen, _)| *chosen == card);
            if asked || self.m.state.card(card).zone != Zone::Field {
                continue;
            }
            match self.choose_replacement(card, cause) {
                None => return,
                Some(Some(zone)) => instead.push((card, zone)),
                Some(None) => {}
            }
        }
        self.m.move_together(&movable, &instead);
    }

    /// Creates `count` tokens for `player` on the field or in the EX area.
    /// Returns the tokens created; the rest are not created for lack of room.
    pub fn summon_token(
        &mut self,
        player: PlayerId,
        token: DefId,
        count: u32,
        to: TokenDestination,
    ) -> Vec<CardRef> {
        // Only token followers, amulets and crests are made: a pack must
        // not conjure a leader, an evolved card or a copy of a real card.
        let def = self.m.db.get(token);
        let kind_ok = def.card_type.is_permanent() || def.card_type == CardType::Crest;
        // Nor a token its pack can't play in full.
        if !def.is_token || !kind_ok || def.unplayable.is_some() {
            return Vec::new();
        }
        let kind = self.m.db.token_rules(token);
        let may_go = kind.is_none_or(|rules| match to {
            TokenDestination::Field => rules.field,
            TokenDestination::ExArea => rules.ex_area,
            TokenDestination::FieldOverflowToEx => rules.field,
        });
        if let Some(rules) = kind
            && !may_go
        {
            // The rules' answer (a crest exists only in an EX area,
            // CR 9.1.4.2; a declared kind where it says), but likely not
            // what the card's author meant.
            tracing::warn!(
                card = %def.id,
                "no token made: tokens of its kind exist only in {}",
                rules.zones_words()
            );
            return Vec::new();
        }
        self.m.create_tokens(player, token, count, to)
    }

    /// Equips `follower` with a new equipment token of `token`, made in the
    /// ability's controller's equipment zone and linked to it (later-sets
    /// §5, CR 14.5.2.2). Returns false, doing nothing, if the follower is
    /// not a follower on the field or `token` is not an equipment token.
    pub fn equip(&mut self, follower: CardRef, token: DefId) -> bool {
        let player = self.controller();
        self.m.equip(player, follower, token).is_some()
    }

    /// Performs a drive check for the ability's controller (later-sets
    /// §2.3, CR 14.4.5): the top card is revealed into the trigger zone;
    /// for a Vanguard deck a Trigger that can resolve is asked about (a
    /// follower or no for Critical and Stand, yes or no for Draw and Heal),
    /// then the card goes to the cemetery (resolved) or under the deck.
    /// Returns the card and whether its Trigger resolved; `None` for an
    /// empty deck (no loss, it is not a draw). Abilities it triggers wait
    /// for the next Confirmation Timing.
    pub fn drive_check(&mut self) -> Result<Option<(CardRef, bool)>, Halt> {
        let player = self.info.controller;
        let Some(card) = self.m.state.player(player).deck.last().copied() else {
            return Ok(None);
        };
        let source = self.info.source;
        self.m.reveal_for_drive_check(player, card, source);
        let options = self.m.trigger_options(player, card);
        let def = self.m.db.get(self.m.state.card(card).def);
        let pick = match def.trigger_icon {
            Some(icon) if !options.is_empty() => {
                let text = format!(
                    "Drive check: resolve the {} Trigger of {}?",
                    icon.name(),
                    def.display_name()
                );
                let picks = self.choose_for(player, &text, options.clone(), 1, 1)?;
                picks
                    .first()
                    .and_then(|i| options.get(*i))
                    .cloned()
                    .unwrap_or(Choice::No)
            }
            _ => Choice::No,
        };
        let resolved = self.m.resolve_trigger(player, card, pick);
        self.m.put_checked_card_away(card, resolved);
        Ok(Some((card, resolved)))
    }

    /// Gives a follower on the field Drive (later-sets §2.4, CR 14.4.7.3):
    /// Drive, Single Drive and Rush while it stays there, and its On Drive
    /// abilities trigger; nothing for an object given Drive before.
    /// Returns whether it was given.
    pub fn give_drive(&mut self, card: CardRef) -> bool {
        let source = self.info.source;
        self.m.give_drive(card, Some(source))
    }

    /// Gives a card +attack/+defense.
    pub fn give_stats(&mut self, card: CardRef, attack: i32, defense: i32, duration: Duration) {
        let source = self.info.source;
        self.m.add_effect(
            card,
            EffectKind::Stats { attack, defense },
            duration,
            Some(source),
        );
    }

    /// Gives a card keywords.
    pub fn give_keywords(&mut self, card: CardRef, keywords: Keywords, duration: Duration) {
        let source = self.info.source;
        self.m
            .add_effect(card, EffectKind::Keywords(keywords), duration, Some(source));
    }

    /// Puts a replacement effect on moving on a card on the field (later-sets
    /// §11.2): "until the end of the turn, if it would be put into the
    /// cemetery from the field, banish it instead". Returns whether it was
    /// put: not on a card elsewhere.
    pub fn replace_cemetery_move(
        &mut self,
        card: CardRef,
        instead: crate::cards::InsteadZone,
        duration: Duration,
    ) -> bool {
        if self.m.state.card(card).zone != Zone::Field {
            return false;
        }
        let source = self.info.source;
        self.m.add_effect(
            card,
            EffectKind::InsteadOfCemetery(instead),
            duration,
            Some(source),
        );
        true
    }

    /// Puts a replacement effect on the damage a follower on the field or a
    /// leader (its leader card) takes (later-sets §11.2, §12.14): "takes N
    /// less damage", "takes no damage", "takes N instead of more", for
    /// every instance while it lasts or only the next time. Returns whether
    /// it was put: not on a card that is neither.
    pub fn replace_damage(
        &mut self,
        card: CardRef,
        replacement: DamageReplacement,
        duration: Duration,
    ) -> bool {
        let state = self.m.state.card(card);
        let taker = match state.zone {
            Zone::Leader => true,
            Zone::Field => self
                .m
                .state
                .characteristics(&self.m.db, card)
                .card_type
                .is_follower(),
            _ => false,
        };
        if taker {
            let source = self.info.source;
            self.m.add_effect(
                card,
                EffectKind::DamageTaken(replacement),
                duration,
                Some(source),
            );
        }
        taker
    }

    /// Maneuvers an amulet on the field (later-sets §12.4, CR 5.32): one
    /// with printed attack and defense is a follower with those values
    /// until the end of the turn (earlier stat changes don't carry over;
    /// abilities given stay). Returns whether it was: not a card off the
    /// field, not an amulet now, not one without both printed values
    /// (CR 5.32.1.1).
    pub fn maneuver(&mut self, card: CardRef) -> bool {
        let state = self.m.state.card(card);
        let def = self.m.state.current_def(&self.m.db, card);
        let maneuverable = state.zone == Zone::Field
            && def.attack.is_some()
            && def.defense.is_some()
            && self.m.state.characteristics(&self.m.db, card).card_type == CardType::Amulet;
        if maneuverable {
            // A new maneuver starts from the printed numbers: damage from
            // an earlier one goes (later-sets §12.4).
            if state.damage > 0 {
                self.m.apply(Mutation::ClearDamage(card));
            }
            let source = self.info.source;
            self.m.add_effect(
                card,
                EffectKind::Maneuvered,
                Duration::EndOfTurn,
                Some(source),
            );
        }
        maneuverable
    }

    /// Changes the card type of a follower or an amulet on the field
    /// (later-sets §12.6, CR 5.25): "change it into an amulet". It keeps
    /// its abilities; a non-follower has no attack or defense, can't be
    /// attacked and its Ward does nothing. Returns whether it changed: only
    /// to a follower or an amulet, and only a card on the field.
    pub fn change_type(&mut self, card: CardRef, to: CardType, duration: Duration) -> bool {
        let on_field = self.m.state.card(card).zone == Zone::Field;
        let changeable = on_field && matches!(to, CardType::Follower | CardType::Amulet);
        if changeable {
            let source = self.info.source;
            self.m
                .add_effect(card, EffectKind::BecomesType(to), duration, Some(source));
        }
        changeable
    }

    /// Changes a card's cost.
    pub fn change_cost(&mut self, card: CardRef, delta: i32, duration: Duration) {
        let source = self.info.source;
        self.m
            .add_effect(card, EffectKind::Cost(delta), duration, Some(source));
    }

    /// Changes a card's evolve cost (no effect on cards that cannot evolve).
    pub fn change_evolve_cost(&mut self, card: CardRef, delta: i32, duration: Duration) {
        let source = self.info.source;
        self.m
            .add_effect(card, EffectKind::EvolveCost(delta), duration, Some(source));
    }

    /// Sets a card's evolve cost (no effect on cards that cannot evolve).
    pub fn set_evolve_cost(&mut self, card: CardRef, cost: i32, duration: Duration) {
        let source = self.info.source;
        self.m.add_effect(
            card,
            EffectKind::SetEvolveCost(cost),
            duration,
            Some(source),
        );
    }

    /// Puts (or removes, when negative) counters on a card.
    pub fn add_counters(&mut self, card: CardRef, counter: Counter, delta: i32) {
        self.m.add_counters(card, counter, delta);
    }

    /// Gives a card a trait.
    pub fn give_trait(&mut self, card: CardRef, name: &str, duration: Duration) {
        let source = self.info.source;
        let traits = &self.m.state.granted_traits;
        let id = match traits.iter().position(|t| t == name) {
            Some(id) => id,
            // A real match gives a handful of trait names; a pack that
            // invents them in a loop gets no more past this.
            None if traits.len() >= MAX_GRANTED_TRAITS => return,
            None => {
                let id = traits.len();
                self.m.apply(Mutation::NameTrait(name.to_owned()));
                id
            }
        };
        let Ok(id) = u16::try_from(id) else {
            return;
        };
        self.m
            .add_effect(card, EffectKind::Trait(id), duration, Some(source));
    }

    /// Engages a card.
    pub fn engage(&mut self, card: CardRef) {
        self.m.set_engaged(card, true);
    }

    /// Refreshes (reserves) a card.
    pub fn refresh(&mut self, card: CardRef) {
        self.m.set_engaged(card, false);
    }

    /// The controller plays a card from where it is (a spell from the
    /// cemetery, a card from the hand), paying its cost or `cost` play
    /// points instead; it resolves right after this ability. Returns
    /// whether it was played (a card that fits and they can pay for).
    pub fn play_card(&mut self, card: CardRef, cost: Option<i32>) -> bool {
        let player = self.info.controller;
        self.m.play_by_effect(card, player, cost)
    }

    /// What [`AbilityCtx::play_card`] would charge now, in play points
    /// (the effects on the player included, later-sets §12.10), or `None`
    /// if it would refuse whatever the controller has: card code asks it
    /// before paying an alternative cost, or to offer only the cards the
    /// player can pay for.
    pub fn play_cost(&self, card: CardRef, cost: Option<i32>) -> Option<i32> {
        self.query().play_cost(card, cost)
    }

    /// The follower's Union Burst abilities that could be executed now
    /// (later-sets §1.3: on the field, its `[ub]` abilities working, not
    /// lost), with their names, in printed order.
    pub fn union_burst_abilities(&self, card: CardRef) -> Vec<(AbilityIdx, String)> {
        self.m.union_burst_options(card)
    }

    /// Serves a follower `count` Carrots (Umamusume): it races, paying
    /// `count` play points, or one less and 1 evolution point with
    /// `use_ep`. Returns whether it raced.
    pub fn race(&mut self, card: CardRef, count: u8, use_ep: bool) -> bool {
        // Only your own followers: racing spends their controller's points.
        self.m.state.card(card).controller == self.info.controller
            && self.m.race(card, count, use_ep)
    }

    /// Turns a face-up card of an evolve deck face down, so it can be used
    /// again; returns whether it was face up there.
    pub fn turn_face_down(&mut self, card: CardRef) -> bool {
        self.m.turn_face_down(card)
    }

    /// Changes a player's current play points (clamped to 0..=max).
    pub fn add_play_points(&mut self, player: PlayerId, delta: i32) {
        self.m.add_play_points(player, delta);
    }

    /// Changes a player's maximum play points (clamped to 0..=10).
    pub fn add_max_play_points(&mut self, player: PlayerId, delta: i32) {
        self.m.add_max_play_points(player, delta);
    }

    /// Changes a player's evolution points (never below 0).
    pub fn add_evolve_points(&mut self, player: PlayerId, delta: i32) {
        self.m.add_evolve_points(player, delta);
    }

    /// Evolves a follower by an effect (CR 5.16.1.1): free, does not use the
    /// turn's evolve. Returns false when no evolved card is available.
    pub fn evolve(&mut self, card: CardRef) -> bool {
        self.m.evolve_by_effect(card)
    }

    /// Shuffles a player's deck.
    pub fn shuffle(&mut self, player: PlayerId) {
        self.m.shuffle(player);
    }

    /// Puts the top `n` cards of a player's deck into their cemetery.
    pub fn mill(&mut self, player: PlayerId, n: u32) {
        self.m.mill(player, n);
    }

    /// Moves a card from a deck to the hand (a search; the caller shuffles).
    pub fn deck_to_hand(&mut self, card: CardRef) {
        self.m.deck_to_hand(card);
    }

    /// `player` takes another turn after this one (CR 5.28).
    pub fn extra_turn(&mut self, player: PlayerId) {
        self.m
            .apply(crate::engine::mutation::Mutation::AddExtraTurn(player));
    }

    /// `player` takes control of a card on the other player's field (CR
    /// 5.22): it moves to their field as the same object, keeping its
    /// damage, counters, evolution, engaged state and effects, and can't
    /// attack this turn without Storm or Rush; it still goes to its
    /// owner's zones when it leaves. Nothing happens, and false comes
    /// back, when it is not on the other field or `player`'s field is
    /// full (later-sets §12.8).
    pub fn take_control(&mut self, card: CardRef, player: PlayerId) -> bool {
        let state = self.m.state.card(card);
        if state.zone != Zone::Field
            || state.controller == player
            || self.m.state.field_room(player) == 0
        {
            return false;
        }
        self.m
            .apply(crate::engine::mutation::Mutation::ChangeControl { card, to: player });
        true
    }

    /// `player` wins the game at once, in the middle of the resolution
    /// (CR 1.2.4, 5.23.1), unless their opponent can't lose (a card on the
    /// opponent's field says so, CR 1.3.3: the prohibition wins).
    pub fn win_game(&mut self, player: PlayerId) {
        let state = &self.m.state;
        if state.outcome.is_some()
            || state.field_grants(&self.m.db, player.opponent(), Keywords::CANNOT_LOSE)
        {
            return;
        }
        self.m.apply(crate::engine::mutation::Mutation::SetOutcome(
            crate::engine::Outcome::Win(player, crate::engine::WinReason::Effect),
        ));
    }

    /// Creates a delayed trigger (CR 10.7.5, `engine/delayed.rs`): the
    /// running definition's delayed ability named `ability` begins to wait
    /// for its trigger, played by this ability's controller, for as long as
    /// `lasts` says. `watch` is the card whose move it waits for when its
    /// trigger is about one card ("when it is destroyed this turn"), and
    /// `None` otherwise. The error names what is wrong (no such delayed
    /// ability, a watched card missing or not wanted, too many waiting).
    pub fn create_delayed(
        &mut self,
        ability: &str,
        watch: Option<CardRef>,
        lasts: crate::engine::DelayedLasts,
    ) -> Result<(), Halt> {
        let def = self.m.db.get(self.info.def);
        let found = def
            .abilities
            .iter()
            .enumerate()
            .find_map(|(idx, a)| match &a.kind {
                crate::cards::AbilityKind::Delayed(trigger) if a.name == ability => {
                    Some((idx, trigger))
                }
                _ => None,
            });
        let Some((idx, trigger)) = found else {
            return Err(Halt::Failed(format!(
                "`{}` has no delayed ability named `{ability}`",
                def.id
            )));
        };
        let watches = crate::engine::delayed_trigger_watches(trigger).map_err(Halt::Failed)?;
        let watch = match (watches, watch) {
            (true, Some(card)) => Some((card, self.m.state.card(card).object)),
            (false, None) => None,
            (true, None) => {
                return Err(Halt::Failed(format!(
                    "delayed ability `{ability}` waits for a card's move: name the card it watches"
                )));
            }
            (false, Some(_)) => {
                return Err(Halt::Failed(format!(
                    "delayed ability `{ability}` waits for no one card: it watches none"
                )));
            }
        };
        if self.m.state.delayed.len() >= crate::engine::MAX_DELAYED {
            return Err(Halt::Failed(format!(
                "more than {} delayed abilities would wait at once",
                crate::engine::MAX_DELAYED
            )));
        }
        let delayed = crate::engine::DelayedTrigger {
            source: self.info.source,
            source_object: self.info.source_object,
            def: self.info.def,
            ability: AbilityIdx(idx as u8),
            controller: self.info.controller,
            watch,
            lasts,
        };
        self.m
            .apply(crate::engine::mutation::Mutation::AddDelayed(Box::new(
                delayed,
            )));
        Ok(())
    }

    /// `player`'s next turn does not begin: the opponent's follows theirs
    /// (CR 5.26, later-sets §12.9). Said twice, it still skips one turn.
    pub fn skip_next_turn(&mut self, player: PlayerId) {
        self.m.apply(crate::engine::mutation::Mutation::SetFlag(
            player,
            crate::engine::mutation::PlayerFlag::SkipNextTurn,
            true,
        ));
    }

    /// An effect on `player` for `window` (later-sets §12.10, §12.12):
    /// "during your opponent's next turn, cards they play cost 1 more",
    /// "for the rest of this turn, you may play cards from your banished
    /// zone". Each one made applies on its own (two "+1" make +2).
    pub fn add_player_effect(
        &mut self,
        player: PlayerId,
        kind: crate::engine::state::PlayerEffectKind,
        window: crate::engine::state::TurnWindow,
    ) {
        self.m
            .apply(crate::engine::mutation::Mutation::AddPlayerEffect(
                crate::engine::state::PlayerEffect {
                    player,
                    kind,
                    window,
                    created_turn: 0,
                },
            ));
    }
}

/// Where created tokens go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenDestination {
    /// Onto the field (excess tokens are not created).
    Field,
    /// Into the EX area (excess tokens are not created).
    ExArea,
    /// Onto the field while there is room, the rest into the EX area.
    FieldOverflowToEx,
}

/// A runner for cards without abilities: every call is an error.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoAbilities;

impl AbilityRunner for NoAbilities {
    fn resolve(&self, cx: &mut AbilityCtx<'_>) -> Result<(), Halt> {
        let query = cx.query();
        Err(Halt::Failed(format!(
            "no implementation for ability {} of {}",
            query.ability_def().name,
            query.card_def().id
        )))
    }
}

/// The body of an ability written in Rust.
pub type AbilityFn = Arc<dyn Fn(&mut AbilityCtx<'_>) -> Result<(), Halt> + Send + Sync>;
/// A condition written in Rust.
pub type ConditionFn = Arc<dyn Fn(&AbilityQuery<'_>) -> bool + Send + Sync>;

/// Abilities written as Rust closures, keyed by card id and ability index:
/// test fixtures, and native cards until packs load them.
#[derive(Default, Clone)]
pub struct FnRunner {
    bodies: HashMap<(String, u8), AbilityFn>,
    conditions: HashMap<(String, u8), ConditionFn>,
}

impl fmt::Debug for FnRunner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnRunner")
            .field("abilities", &self.bodies.len())
            .finish()
    }
}

impl FnRunner {
    /// An empty runner.
    pub fn new() -> FnRunner {
        FnRunner::default()
    }

    /// Registers the body of ability `index` of card `card_id`.
    pub fn ability(
        mut self,
        card_id: &str,
        index: u8,
        body: impl Fn(&mut AbilityCtx<'_>) -> Result<(), Halt> + Send + Sync + 'static,
    ) -> FnRunner {
        self.bodies
            .insert((card_id.to_owned(), index), Arc::new(body));
        self
    }

    /// Registers the condition of ability `index` of card `card_id`.
    pub fn condition(
        mut self,
        card_id: &str,
        index: u8,
        condition: impl Fn(&AbilityQuery<'_>) -> bool + Send + Sync + 'static,
    ) -> FnRunner {
        self.conditions
            .insert((card_id.to_owned(), index), Arc::new(condition));
        self
    }
}

impl AbilityRunner for FnRunner {
    fn condition(&self, query: &AbilityQuery<'_>) -> Result<bool, String> {
        let key = (query.card_def().id.clone(), query.info().ability.0);
        Ok(self.conditions.get(&key).is_none_or(|c| c(query)))
    }

    fn resolve(&self, cx: &mut AbilityCtx<'_>) -> Result<(), Halt> {
        let key = {
            let query = cx.query();
            (query.card_def().id.clone(), query.info().ability.0)
        };
        match self.bodies.get(&key) {
            Some(body) => body(cx),
            None => NoAbilities.resolve(cx),
        }
    }
}
