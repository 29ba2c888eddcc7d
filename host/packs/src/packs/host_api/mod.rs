//! The game API a pack imports (`interface game`), implemented over the
//! engine's [`AbilityCtx`] for the duration of one call into the pack.
//!
//! wasmtime keeps a store's data for its whole life (`T: 'static`), while an
//! [`AbilityCtx`] borrows the match for one ability run. The runner
//! therefore lends the context to the store as a raw pointer just for the
//! duration of one synchronous call and takes it back before returning; see
//! [`Lend`].

use super::convert;
use super::guest_text::{self, TextKind};
use super::wit::latest::sve::cards::{game, script, types as w};
use sve_engine::engine::{
    AbilityCtx, AbilityIdx, AbilityQuery, CardRef, Choice, DefId, DelayedLasts, Duration, Halt,
    MoveKind, PlayerId, QUESTION_OPTION_LIMIT, QuestionMeta, QuestionRole, SeriesStep, Zone,
};
#[cfg(feature = "components")]
use wasmtime::StoreLimits;

/// What a pack call may touch.
#[derive(Clone, Copy, Default)]
pub(crate) enum Lend {
    /// Nothing: no call in progress (or the manifest call).
    #[default]
    Idle,
    /// Read-only queries (condition checks).
    Query(*const AbilityQuery<'static>),
    /// Queries, choices and actions (resolution).
    Ctx(*mut AbilityCtx<'static>),
}

// SAFETY: a `Lend` pointer is only non-idle while the lending thread is
// blocked inside a synchronous call into this store, and it is reset before
// that call returns, so it is never used from another thread or after the
// borrow it was made from ends.
unsafe impl Send for Lend {}

/// A pack store's data.
#[derive(Default)]
pub(crate) struct HostState {
    pub lend: Lend,
    /// The engine halted the run (a question or a failure); the pack was
    /// told and must return.
    pub halt: Option<Halt>,
    /// Lines the pack logged (its panic message among them).
    pub log: Vec<String>,
    /// Calls into the host during the current call into the pack.
    pub host_calls: u32,
    /// Memory and instance limits.
    #[cfg(feature = "components")]
    pub limits: StoreLimits,
    /// A script pack's compiled cards (the `script` import); empty for Rust
    /// packs.
    pub pack_data: std::sync::Arc<[u8]>,
}

/// Lines kept per call; a pack that logs in a loop can't fill memory.
const LOG_LINES: usize = 64;

impl HostState {
    fn query(&self) -> Option<&AbilityQuery<'static>> {
        match self.lend {
            // SAFETY: see `Lend`: the pointee outlives the call in progress.
            Lend::Query(q) => Some(unsafe { &*q }),
            Lend::Idle | Lend::Ctx(_) => None,
        }
    }

    fn ctx(&mut self) -> Option<&mut AbilityCtx<'static>> {
        if self.halt.is_some() {
            // After a halt nothing the run does will be kept.
            return None;
        }
        match self.lend {
            // SAFETY: see `Lend`: the pointee outlives the call in progress,
            // and `&mut self` makes this the only reference to it.
            Lend::Ctx(cx) => Some(unsafe { &mut *cx }),
            Lend::Idle | Lend::Query(_) => None,
        }
    }

    /// Runs a read-only query against whatever is lent.
    fn read<R>(&mut self, default: R, f: impl FnOnce(AbilityQuery<'_>) -> R) -> R {
        if let Some(q) = self.query() {
            return f(*q);
        }
        match self.lend {
            // SAFETY: see `Lend`.
            Lend::Ctx(cx) => f(unsafe { &*cx }.query()),
            _ => default,
        }
    }

    /// Runs an action; a no-op (with a recorded failure) when only queries
    /// are lent.
    fn act(&mut self, f: impl FnOnce(&mut AbilityCtx<'static>)) {
        if let Some(cx) = self.ctx() {
            f(cx);
            // An action that must ask first (CR 10.10.2) did nothing: the
            // run halts for the question. Past a limit the run is over.
            // Either way the pack's next call traps.
            if let Some(halt) = cx.pending() {
                self.halt = Some(halt.clone());
            } else if let Some(reason) = cx.stopped() {
                self.halt = Some(Halt::Failed(reason.to_owned()));
            }
        } else if matches!(self.lend, Lend::Query(_)) && self.halt.is_none() {
            self.halt = Some(Halt::Failed(
                "a condition tried to change the game; conditions may only read".to_owned(),
            ));
        }
    }

    /// Keeps the engine's halt for the runner and tells the pack to stop.
    fn record_halt(&mut self, halt: Halt) -> w::Halt {
        let kind = match halt {
            Halt::Ask(..) | Halt::StaleAnswers => w::Halt::NeedsDecision,
            Halt::Failed(_) => w::Halt::Failed,
        };
        self.halt = Some(halt);
        kind
    }

    /// Refuses a list from the pack longer than a match can have cards
    /// (before any work is done per element): the run halts.
    fn check_list_len(&mut self, len: usize, what: &str) -> Result<(), w::Halt> {
        if len <= QUESTION_OPTION_LIMIT {
            return Ok(());
        }
        Err(self.record_halt(Halt::Failed(format!(
            "{what}: {len} entries; at most {QUESTION_OPTION_LIMIT}"
        ))))
    }

    fn player(p: u8) -> PlayerId {
        PlayerId(p.min(1))
    }

    /// The token a card names by id; or, as a script names tokens (spec
    /// §5.5: by card name, across the whole library), the card of that
    /// name of another pack (`packs/references.rs`), a token first. An
    /// error names a card that is unknown or can't be played.
    fn token_named(&mut self, card_id: &str) -> Result<DefId, String> {
        let Some(token) = self.read(None, |q| {
            let db = q.db();
            db.by_card_id(card_id).or_else(|| {
                db.iter()
                    .find(|(_, def)| def.is_token && def.name == card_id)
                    .map(|(id, _)| id)
                    .or_else(|| db.by_name(card_id))
            })
        }) else {
            return Err(format!(
                "unknown token card `{}`",
                guest_text::quoted(card_id)
            ));
        };
        if let Some(why) = self.read(None, |q| q.db().get(token).unplayable.clone()) {
            return Err(format!(
                "token `{}` can't be played: {why}",
                guest_text::quoted(card_id)
            ));
        }
        Ok(token)
    }

    fn card(&mut self, card: u32) -> Option<CardRef> {
        let card = CardRef(card);
        let exists = self.read(false, |q| card.idx() < q.state().cards.len());
        exists.then_some(card)
    }

    fn duration(&mut self, d: w::Duration) -> Duration {
        match d {
            w::Duration::EndOfOpponentNextTurn => {
                let controller = self.read(PlayerId(0), |q| q.controller());
                Duration::EndOfOpponentNextTurn { controller }
            }
            other => convert::duration_in(other),
        }
    }
}

impl w::Host for HostState {}

/// A card's numbers and flags, as `card-stats` and `inspect-card` give them.
fn card_stats(q: AbilityQuery<'_>, card: CardRef) -> w::CardStats {
    let state = q.state();
    let c = state.card(card);
    let def = state.current_def(q.db(), card);
    let stats = state.characteristics(q.db(), card);
    w::CardStats {
        card: card.0,
        object: c.object.0,
        card_type: convert::card_type_out(stats.card_type),
        class: convert::class_out(def.class),
        zone: convert::zone_out(c.zone),
        owner: c.owner.0,
        controller: c.controller.0,
        engaged: c.engaged,
        evolved: c.evolved_with.is_some(),
        is_token: def.is_token,
        attack: stats.attack,
        defense: stats.defense,
        max_defense: stats.max_defense,
        cost: stats.cost,
        keywords: convert::keywords_out(stats.keywords),
        declared_keywords: stats.keywords.declared_bits(),
    }
}

/// A card's stats as it was on the field, if it left it this turn and has
/// not moved since (`GameState::last_known`).
fn last_known_stats(q: AbilityQuery<'_>, card: CardRef) -> Option<w::CardStats> {
    let state = q.state();
    let was = state.last_known(card)?;
    let c = state.card(card);
    let def = q.db().get(was.def);
    Some(w::CardStats {
        card: card.0,
        object: was.object.0,
        card_type: convert::card_type_out(was.stats.card_type),
        class: convert::class_out(def.class),
        zone: convert::zone_out(sve_engine::engine::Zone::Field),
        owner: c.owner.0,
        controller: was.controller.0,
        engaged: was.engaged,
        evolved: def.card_type == sve_engine::cards::CardType::EvolvedFollower,
        is_token: q.db().get(c.def).is_token,
        attack: was.stats.attack,
        defense: was.stats.defense,
        max_defense: was.stats.max_defense,
        cost: was.stats.cost,
        keywords: convert::keywords_out(was.stats.keywords),
        declared_keywords: was.stats.keywords.declared_bits(),
    })
}

/// A pack's series step, checked: a step from 1 to its count, and no
/// longer a series than a question may have options.
fn series_step(step: w::SeriesStep) -> Result<SeriesStep, String> {
    if step.step == 0 || step.step > step.count || step.count as usize > QUESTION_OPTION_LIMIT {
        return Err(format!(
            "a question said it is step {} of {}, which is no step of a series",
            step.step, step.count
        ));
    }
    Ok(SeriesStep {
        step: step.step,
        count: step.count,
        up_to: step.up_to,
    })
}

impl script::Host for HostState {
    fn pack_data(&mut self) -> Vec<u8> {
        self.pack_data.to_vec()
    }
}

impl game::Host for HostState {
    fn active_player(&mut self) -> u8 {
        self.read(0, |q| q.state().active.0)
    }

    fn turn(&mut self) -> u32 {
        self.read(0, |q| q.state().turn)
    }

    fn cards_in(&mut self, owner: u8, zone: w::Zone) -> Vec<u32> {
        let zone = convert::zone_in(zone);
        self.read(Vec::new(), |q| {
            q.state()
                .player(Self::player(owner))
                .zone(zone)
                .iter()
                .map(|c| c.0)
                .collect()
        })
    }

    fn fused_cards(&mut self) -> Vec<u32> {
        self.read(Vec::new(), |q| q.info().fused.iter().map(|c| c.0).collect())
    }

    fn paid_x(&mut self) -> i32 {
        self.read(0, |q| q.info().x)
    }

    fn executing_union_burst(&mut self) -> bool {
        self.read(false, |q| q.executing_union_burst())
    }

    fn player_granted(&mut self, player: u8, keywords: w::Keywords) -> bool {
        let player = Self::player(player);
        let keywords = match convert::keywords_in(keywords) {
            Ok(keywords) => keywords,
            Err(why) => {
                self.record_halt(Halt::Failed(format!("player_granted: {why}")));
                return false;
            }
        };
        self.read(false, |q| q.player_granted(player, keywords))
    }

    fn inspect_card(&mut self, card: u32) -> Option<w::CardInfo> {
        let card = self.card(card)?;
        self.read(None, |q| {
            let state = q.state();
            let c = state.card(card);
            let def = state.current_def(q.db(), card);
            let stats = card_stats(q, card);
            Some(w::CardInfo {
                card: stats.card,
                object: stats.object,
                id: def.id.clone(),
                name: def.name.clone(),
                card_type: stats.card_type,
                class: stats.class,
                traits: state.traits(q.db(), card),
                zone: stats.zone,
                owner: stats.owner,
                controller: stats.controller,
                engaged: stats.engaged,
                evolved: stats.evolved,
                is_token: stats.is_token,
                attack: stats.attack,
                defense: stats.defense,
                max_defense: stats.max_defense,
                cost: stats.cost,
                keywords: stats.keywords,
                declared_keywords: stats.declared_keywords,
                counters: c
                    .counters
                    .iter()
                    .map(|(counter, count)| w::CounterCount {
                        counter: convert::counter_out(counter),
                        count,
                    })
                    .collect(),
            })
        })
    }

    fn inspect_stats(&mut self, card: u32) -> Option<w::CardStats> {
        let card = self.card(card)?;
        self.read(None, |q| Some(card_stats(q, card)))
    }

    fn last_known_stats(&mut self, card: u32) -> Option<w::CardStats> {
        let card = self.card(card)?;
        self.read(None, |q| last_known_stats(q, card))
    }

    fn inspect_player(&mut self, player: u8) -> w::PlayerInfo {
        let player = Self::player(player);
        self.read(
            w::PlayerInfo {
                pp: 0,
                max_pp: 0,
                ep: 0,
                sep: 0,
                leader_defense: 0,
                turns_passed: 0,
                combo: 0,
                spellchain: 0,
                overflow: false,
                sanguine: false,
                cemetery_count: 0,
                hand_count: 0,
                deck_count: 0,
            },
            |q| {
                let state = q.state();
                let p = state.player(player);
                w::PlayerInfo {
                    pp: p.pp,
                    max_pp: p.max_pp,
                    ep: p.ep,
                    sep: p.sep,
                    leader_defense: p.leader_defense,
                    turns_passed: p.turns_passed,
                    combo: state.combo(player),
                    spellchain: state.spellchain(q.db(), player),
                    overflow: state.overflow(player),
                    sanguine: state.sanguine(player),
                    cemetery_count: p.cemetery.len() as u32,
                    hand_count: p.hand.len() as u32,
                    deck_count: p.deck.len() as u32,
                }
            },
        )
    }

    fn matches(&mut self, card: u32, filter: w::CardFilter) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        let filter = match convert::filter_in(filter) {
            Ok(filter) => filter,
            Err(why) => {
                self.record_halt(Halt::Failed(format!("matches: {why}")));
                return false;
            }
        };
        self.read(false, |q| {
            q.state().matches(q.db(), card, &filter, Some(q.source()))
        })
    }

    fn this_turn(&mut self, player: u8) -> game::TurnRecord {
        let refs = |cards: &[CardRef]| cards.iter().map(|c| c.0).collect();
        self.read(
            game::TurnRecord {
                destroyed: Vec::new(),
                discarded: Vec::new(),
                attacked: Vec::new(),
                spells_played: Vec::new(),
                returned_to_hand_from_field: Vec::new(),
                banished_from_ex: Vec::new(),
                union_bursts: Vec::new(),
            },
            |q| {
                let record = &q.state().player(Self::player(player)).this_turn;
                game::TurnRecord {
                    destroyed: refs(&record.destroyed),
                    discarded: refs(&record.discarded),
                    attacked: refs(&record.attacked),
                    spells_played: refs(&record.spells_played),
                    returned_to_hand_from_field: refs(&record.returned_to_hand_from_field),
                    banished_from_ex: refs(&record.banished_from_ex),
                    union_bursts: refs(&q.union_bursts_this_turn(Self::player(player))),
                }
            },
        )
    }

    fn turns_on_field(&mut self, card: u32) -> Option<u32> {
        let card = self.card(card)?;
        self.read(None, |q| {
            let state = q.state();
            let c = state.card(card);
            (c.zone == Zone::Field).then(|| state.turn.saturating_sub(c.entered_turn))
        })
    }

    fn evolve_cost(&mut self, card: u32) -> Option<i32> {
        let card = self.card(card)?;
        self.read(None, |q| {
            let state = q.state();
            // An evolved follower cannot evolve again, whatever its base
            // card's printed cost.
            if state.card(card).evolved_with.is_some() {
                return None;
            }
            state.characteristics(q.db(), card).evolve_cost
        })
    }

    fn face_up(&mut self, card: u32) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        self.read(false, |q| q.state().card(card).face_up)
    }

    fn came_from(&mut self, card: u32) -> Option<w::Zone> {
        let card = self.card(card)?;
        self.read(None, |q| q.state().card(card).came_from)
            .map(convert::zone_out)
    }

    fn racing(&mut self, card: u32) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        self.read(false, |q| {
            let c = q.state().card(card);
            c.zone == Zone::Field && c.raced > 0
        })
    }

    fn can_race(&mut self, card: u32, count: u8, use_ep: bool) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        self.read(false, |q| q.can_race(card, count, use_ep))
    }

    fn choose(&mut self, request: w::ChoiceRequest) -> Result<Vec<u32>, w::Halt> {
        self.ask(request, w::QuestionRole::Effect, None)
    }

    fn ask(
        &mut self,
        request: w::ChoiceRequest,
        role: w::QuestionRole,
        series: Option<w::SeriesStep>,
    ) -> Result<Vec<u32>, w::Halt> {
        let series = match series.map(series_step).transpose() {
            Ok(series) => series,
            Err(reason) => {
                self.halt = Some(Halt::Failed(reason));
                return Err(w::Halt::Failed);
            }
        };
        let meta = QuestionMeta {
            role: match role {
                w::QuestionRole::Effect => QuestionRole::Effect,
                w::QuestionRole::OptionalCost => QuestionRole::OptionalCost,
                w::QuestionRole::Cost => QuestionRole::Cost,
            },
            series,
        };
        // `lazy_args` checked the options' count and text before copying.
        let mut options = Vec::with_capacity(request.options.len());
        for option in request.options {
            options.push(match option {
                w::ChoiceOption::Yes => Choice::Yes,
                w::ChoiceOption::No => Choice::No,
                w::ChoiceOption::Card(c) => match self.card(c) {
                    Some(card) => Choice::Card(card),
                    // A card that does not exist can't be offered.
                    None => {
                        self.halt = Some(Halt::Failed(format!(
                            "a question offered card {c}, which does not exist"
                        )));
                        return Err(w::Halt::Failed);
                    }
                },
                w::ChoiceOption::Label(l) => Choice::Label(guest_text::clean(&l, TextKind::Label)),
            });
        }
        let player = Self::player(request.player);
        let Some(cx) = self.ctx() else {
            return Err(w::Halt::Failed);
        };
        match cx.choose_with(
            player,
            &guest_text::clean(&request.text, TextKind::Prompt),
            options,
            request.min as usize,
            request.max as usize,
            meta,
        ) {
            Ok(picks) => Ok(picks.into_iter().map(|p| p as u32).collect()),
            Err(halt) => Err(self.record_halt(halt)),
        }
    }

    fn select_cards(
        &mut self,
        text: String,
        candidates: Vec<u32>,
        min: u32,
        max: u32,
    ) -> Result<Vec<u32>, w::Halt> {
        self.check_list_len(candidates.len(), "a selection's candidates")?;
        let candidates: Vec<CardRef> = candidates
            .into_iter()
            .filter_map(|c| self.card(c))
            .collect();
        let Some(cx) = self.ctx() else {
            return Err(w::Halt::Failed);
        };
        let text = guest_text::clean(&text, TextKind::Prompt);
        match cx.select_cards(&text, candidates, min as usize, max as usize) {
            Ok(cards) => Ok(cards.into_iter().map(|c| c.0).collect()),
            Err(halt) => Err(self.record_halt(halt)),
        }
    }

    fn declare_card_name(&mut self, text: String) -> Result<String, w::Halt> {
        let Some(cx) = self.ctx() else {
            return Err(w::Halt::Failed);
        };
        let text = guest_text::clean(&text, TextKind::Prompt);
        match cx.declare_card_name(&text) {
            Ok(name) => Ok(name),
            Err(halt) => Err(self.record_halt(halt)),
        }
    }

    fn random(&mut self, n: u32) -> u32 {
        let mut out = 0;
        self.act(|cx| out = cx.random(n));
        out
    }

    fn draw(&mut self, player: u8, count: u32) {
        let count = count.min(100);
        self.act(|cx| cx.draw(Self::player(player), count));
    }

    fn damage_follower(&mut self, card: u32, amount: i32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.damage_follower(card, amount));
        }
    }

    fn damage_leader(&mut self, player: u8, amount: i32) {
        self.act(|cx| cx.damage_leader(Self::player(player), amount));
    }

    fn change_leader_defense(&mut self, player: u8, delta: i32) {
        self.act(|cx| cx.change_leader_defense(Self::player(player), delta));
    }

    fn destroy(&mut self, card: u32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.destroy(card));
        }
    }

    fn banish(&mut self, card: u32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.banish(card));
        }
    }

    fn bury(&mut self, card: u32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.bury(card));
        }
    }

    fn return_to_hand(&mut self, card: u32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.return_to_hand(card));
        }
    }

    fn put_into_deck(&mut self, card: u32, bottom: bool) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.put_into_deck(card, bottom));
        }
    }

    fn put_onto_field(&mut self, card: u32) -> bool {
        let mut done = false;
        if let Some(card) = self.card(card) {
            self.act(|cx| done = cx.put_onto_field(card));
        }
        done
    }

    fn put_onto_field_for(&mut self, card: u32, player: u8) -> bool {
        let mut done = false;
        if let Some(card) = self.card(card) {
            let player = Self::player(player);
            self.act(|cx| done = cx.put_onto_field_for(card, player));
        }
        done
    }

    fn put_into_ex_area(&mut self, card: u32) -> bool {
        let mut done = false;
        if let Some(card) = self.card(card) {
            self.act(|cx| done = cx.put_into_ex_area(card));
        }
        done
    }

    fn discard(&mut self, cards: Vec<u32>) {
        if self
            .check_list_len(cards.len(), "cards to discard")
            .is_err()
        {
            return;
        }
        let cards: Vec<CardRef> = cards.into_iter().filter_map(|c| self.card(c)).collect();
        self.act(|cx| cx.discard(&cards));
    }

    fn move_together(&mut self, moves: Vec<w::CardMove>) {
        if self
            .check_list_len(moves.len(), "cards to move together")
            .is_err()
        {
            return;
        }
        let moves: Vec<(CardRef, MoveKind)> = moves
            .into_iter()
            .filter_map(|m| {
                let kind = match m.kind {
                    w::MoveKind::Destroy => MoveKind::Destroy,
                    w::MoveKind::Banish => MoveKind::Banish,
                    w::MoveKind::Bury => MoveKind::Bury,
                    w::MoveKind::ReturnToHand => MoveKind::ReturnToHand,
                    w::MoveKind::Discard => MoveKind::Discard,
                    w::MoveKind::DeckTop => MoveKind::DeckTop,
                    w::MoveKind::DeckBottom => MoveKind::DeckBottom,
                };
                Some((self.card(m.card)?, kind))
            })
            .collect();
        self.act(|cx| cx.move_together(&moves));
    }

    fn summon_token(
        &mut self,
        player: u8,
        card_id: String,
        count: u32,
        destination: w::TokenDestination,
    ) -> Result<Vec<u32>, String> {
        let token = self.token_named(&card_id)?;
        let destination = convert::token_destination_in(destination);
        let mut created = Vec::new();
        self.act(|cx| {
            created = cx.summon_token(Self::player(player), token, count.min(10), destination);
        });
        Ok(created.into_iter().map(|c| c.0).collect())
    }

    fn equip(&mut self, follower: u32, card_id: String) -> Result<bool, String> {
        let token = self.token_named(&card_id)?;
        if !self.read(false, |q| q.db().get(token).equipment) {
            return Err(format!(
                "`{}` is not an equipment token",
                guest_text::quoted(&card_id)
            ));
        }
        let Some(follower) = self.card(follower) else {
            return Ok(false);
        };
        let mut done = false;
        self.act(|cx| done = cx.equip(follower, token));
        Ok(done)
    }

    fn drive_check(&mut self) -> Result<Option<(u32, bool)>, w::Halt> {
        let Some(cx) = self.ctx() else {
            return Err(w::Halt::Failed);
        };
        match cx.drive_check() {
            Ok(checked) => Ok(checked.map(|(card, resolved)| (card.0, resolved))),
            Err(halt) => Err(self.record_halt(halt)),
        }
    }

    fn give_drive(&mut self, card: u32) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        let mut given = false;
        self.act(|cx| given = cx.give_drive(card));
        given
    }

    fn give_stats(&mut self, card: u32, attack: i32, defense: i32, duration: w::Duration) {
        let duration = self.duration(duration);
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.give_stats(card, attack, defense, duration));
        }
    }

    fn maneuver(&mut self, card: u32) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        let mut done = false;
        self.act(|cx| done = cx.maneuver(card));
        done
    }

    fn change_type(&mut self, card: u32, card_type: w::CardType, duration: w::Duration) -> bool {
        let duration = self.duration(duration);
        let to = convert::card_type_in(card_type);
        let Some(card) = self.card(card) else {
            return false;
        };
        let mut done = false;
        self.act(|cx| done = cx.change_type(card, to, duration));
        done
    }

    fn replace_follower_damage(
        &mut self,
        card: u32,
        replacement: w::DamageReplacement,
        duration: w::Duration,
    ) -> bool {
        let duration = self.duration(duration);
        let replacement = match convert::damage_replacement_in(replacement) {
            Ok(replacement) => replacement,
            Err(why) => {
                self.record_halt(Halt::Failed(format!("replace_follower_damage: {why}")));
                return false;
            }
        };
        let Some(card) = self.card(card) else {
            return false;
        };
        let mut put = false;
        self.act(|cx| {
            let follower = cx.query().state().card(card).zone == sve_engine::engine::Zone::Field;
            put = follower && cx.replace_damage(card, replacement, duration);
        });
        put
    }

    fn replace_cemetery_move(
        &mut self,
        card: u32,
        instead: w::InsteadZone,
        duration: w::Duration,
    ) -> bool {
        let duration = self.duration(duration);
        let instead = convert::instead_zone_in(instead);
        let Some(card) = self.card(card) else {
            return false;
        };
        let mut put = false;
        self.act(|cx| put = cx.replace_cemetery_move(card, instead, duration));
        put
    }

    fn replace_leader_damage(
        &mut self,
        player: u8,
        replacement: w::DamageReplacement,
        duration: w::Duration,
    ) {
        let duration = self.duration(duration);
        let replacement = match convert::damage_replacement_in(replacement) {
            Ok(replacement) => replacement,
            Err(why) => {
                self.record_halt(Halt::Failed(format!("replace_leader_damage: {why}")));
                return;
            }
        };
        let player = Self::player(player);
        self.act(|cx| {
            let leader = cx.query().state().player(player).leader;
            cx.replace_damage(leader, replacement, duration);
        });
    }

    fn give_keywords(&mut self, card: u32, keywords: w::Keywords, duration: w::Duration) {
        let duration = self.duration(duration);
        let keywords = match convert::keywords_in(keywords) {
            Ok(keywords) => keywords,
            Err(why) => {
                self.record_halt(Halt::Failed(format!("give_keywords: {why}")));
                return;
            }
        };
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.give_keywords(card, keywords, duration));
        }
    }

    fn declared_keyword(&mut self, name: String) -> Option<u8> {
        self.read(None, |q| q.db().declared_keyword(&name))
    }

    fn declared_counter(&mut self, name: String) -> Option<w::Counter> {
        self.read(None, |q| q.db().declared_counter(&name))
            .map(convert::counter_out)
    }

    fn give_declared_keywords(&mut self, card: u32, keywords: u64, duration: w::Duration) {
        let duration = self.duration(duration);
        let declared = self.read(0, |q| q.db().declared_keywords().len());
        // OK: at most 64 keywords, so the shift stays in range.
        let known = if declared >= 64 {
            u64::MAX
        } else {
            (1u64 << declared) - 1
        };
        if keywords & !known != 0 {
            let unknown = keywords & !known;
            self.record_halt(Halt::Failed(format!(
                "give_declared_keywords: bit {} is no declared keyword of this card pool (it declares {declared})",
                unknown.trailing_zeros()
            )));
            return;
        }
        if let Some(card) = self.card(card) {
            let keywords = sve_engine::cards::Keywords::from_declared(keywords);
            self.act(|cx| cx.give_keywords(card, keywords, duration));
        }
    }

    fn change_cost(&mut self, card: u32, delta: i32, duration: w::Duration) {
        let duration = self.duration(duration);
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.change_cost(card, delta, duration));
        }
    }

    fn change_evolve_cost(&mut self, card: u32, delta: i32, duration: w::Duration) {
        let duration = self.duration(duration);
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.change_evolve_cost(card, delta, duration));
        }
    }

    fn set_evolve_cost(&mut self, card: u32, cost: i32, duration: w::Duration) {
        let duration = self.duration(duration);
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.set_evolve_cost(card, cost, duration));
        }
    }

    fn add_counters(&mut self, card: u32, counter: w::Counter, delta: i32) {
        let counter = match convert::counter_in(counter) {
            Ok(counter) => counter,
            Err(message) => {
                self.record_halt(Halt::Failed(message));
                return;
            }
        };
        if !self.read(false, |q| q.db().has_counter(counter)) {
            self.record_halt(Halt::Failed(format!(
                "add_counters: counter number {} is a declared kind no loaded pack declares",
                counter.index()
            )));
            return;
        }
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.add_counters(card, counter, delta));
        }
    }

    fn give_trait(&mut self, card: u32, name: String, duration: w::Duration) {
        let duration = self.duration(duration);
        let name = guest_text::clean(&name, TextKind::Trait);
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.give_trait(card, &name, duration));
        }
    }

    fn engage(&mut self, card: u32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.engage(card));
        }
    }

    fn refresh(&mut self, card: u32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.refresh(card));
        }
    }

    fn add_play_points(&mut self, player: u8, delta: i32) {
        self.act(|cx| cx.add_play_points(Self::player(player), delta));
    }

    fn add_max_play_points(&mut self, player: u8, delta: i32) {
        self.act(|cx| cx.add_max_play_points(Self::player(player), delta));
    }

    fn add_evolve_points(&mut self, player: u8, delta: i32) {
        self.act(|cx| cx.add_evolve_points(Self::player(player), delta));
    }

    fn evolve(&mut self, card: u32) -> bool {
        let mut done = false;
        if let Some(card) = self.card(card) {
            self.act(|cx| done = cx.evolve(card));
        }
        done
    }

    fn play_card(&mut self, card: u32, cost: Option<i32>) -> bool {
        let mut done = false;
        if let Some(card) = self.card(card) {
            self.act(|cx| done = cx.play_card(card, cost));
        }
        done
    }

    fn play_cost(&mut self, card: u32, cost: Option<i32>) -> Option<i32> {
        let card = self.card(card)?;
        // A read: conditions may ask it too.
        self.read(None, |q| q.play_cost(card, cost))
    }

    fn race(&mut self, card: u32, count: u8, use_ep: bool) -> bool {
        let mut done = false;
        if let Some(card) = self.card(card) {
            self.act(|cx| done = cx.race(card, count, use_ep));
        }
        done
    }

    fn turn_face_down(&mut self, card: u32) -> bool {
        let mut done = false;
        if let Some(card) = self.card(card) {
            self.act(|cx| done = cx.turn_face_down(card));
        }
        done
    }

    fn shuffle(&mut self, player: u8) {
        self.act(|cx| cx.shuffle(Self::player(player)));
    }

    fn mill(&mut self, player: u8, count: u32) {
        let count = count.min(100);
        self.act(|cx| cx.mill(Self::player(player), count));
    }

    fn deck_to_hand(&mut self, card: u32) {
        if let Some(card) = self.card(card) {
            self.act(|cx| cx.deck_to_hand(card));
        }
    }

    fn take_control(&mut self, card: u32, player: u8) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        let mut taken = false;
        self.act(|cx| taken = cx.take_control(card, Self::player(player)));
        taken
    }

    fn union_burst_abilities(&mut self, card: u32) -> Vec<(u8, String)> {
        let Some(card) = self.card(card) else {
            return Vec::new();
        };
        let mut options = Vec::new();
        self.act(|cx| {
            options = cx
                .union_burst_abilities(card)
                .into_iter()
                .map(|(idx, name)| (idx.0, name))
                .collect();
        });
        options
    }

    fn execute_union_burst(&mut self, card: u32, ability: u8) -> bool {
        let Some(card) = self.card(card) else {
            return false;
        };
        let mut executed = false;
        self.act(|cx| executed = cx.execute_union_burst(card, AbilityIdx(ability)));
        executed
    }

    fn win_game(&mut self, player: u8) {
        self.act(|cx| cx.win_game(Self::player(player)));
    }

    fn skip_next_turn(&mut self, player: u8) {
        self.act(|cx| cx.skip_next_turn(Self::player(player)));
    }

    fn add_player_effect(&mut self, player: u8, effect: w::PlayerEffect, window: w::TurnWindow) {
        let (kind, window) = (
            convert::player_effect_in(effect),
            convert::turn_window_in(window),
        );
        self.act(|cx| cx.add_player_effect(Self::player(player), kind, window));
    }

    fn create_delayed(
        &mut self,
        ability: String,
        watch: Option<u32>,
        lasts: w::DelayedLasts,
    ) -> Result<(), String> {
        let watch = match watch {
            Some(c) => match self.card(c) {
                Some(card) => Some(card),
                None => {
                    return Err(format!(
                        "a delayed ability watches card {c}, which does not exist"
                    ));
                }
            },
            None => None,
        };
        let lasts = match lasts {
            w::DelayedLasts::Once => DelayedLasts::Once,
            w::DelayedLasts::OnceThisTurn => DelayedLasts::OnceThisTurn,
            w::DelayedLasts::EveryTimeThisTurn => DelayedLasts::EveryTimeThisTurn,
        };
        let mut made = Ok(());
        self.act(|cx| made = cx.create_delayed(&ability, watch, lasts));
        made.map_err(|halt| match halt {
            Halt::Failed(why) => guest_text::clean(&why, TextKind::Message),
            _ => "the delayed ability was not created".to_owned(),
        })
    }

    fn extra_turn(&mut self, player: u8) {
        self.act(|cx| cx.extra_turn(Self::player(player)));
    }

    fn log(&mut self, message: String) {
        if self.log.len() < LOG_LINES {
            let message = guest_text::clean(&message, TextKind::Message);
            tracing::info!(target: "sve::pack", "{message}");
            self.log.push(message);
        }
    }
}

#[cfg(test)]
mod tests;
