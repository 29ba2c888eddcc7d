//! [`Game`]: what an ability can ask and do, as methods that read like card
//! text.
//!
//! A `Game` runs over a `GameApi` (`api.rs`). In a component it calls the
//! imports directly, so a pack imports only the functions it uses, which keeps
//! a Rust pack's fresh instance per call cheap; the host's in-process runner
//! hands it an implementation of its own. Text is the dearest part of a game
//! call (every string and list is copied into the pack's memory), so
//! [`Game::stats`] gives a card's numbers and flags without its id, name,
//! traits and counters. The types an author sees (`Player`, `CardInfo`,
//! `Keywords`, ...) stand in for the wire forms, which are bare numbers.

use crate::api::GameApi;
use crate::bindings::sve::cards::game::TurnRecord;
use crate::bindings::sve::cards::types::{
    AbilityCall, CardClass, CardFilter, CardMove, CardRef, CardType, ChoiceOption, ChoiceRequest,
    DamageReplacement, DelayedLasts, Duration, Halt, InsteadZone, MoveKind, PlayerEffect,
    PlayerInfo, QuestionRole, SeriesStep, TokenDestination, TurnWindow, Zone,
};
use crate::choice::{Choice, picked};
use crate::{Counter, Keywords, Player};

/// Which ability is running.
#[derive(Clone, Debug)]
pub struct Call {
    /// The source card.
    pub source: CardRef,
    /// The source's rules object when the ability started.
    pub source_object: u32,
    /// The source card's id (the card whose ability this is).
    pub card_id: String,
    /// Index of the ability in the card's ability list.
    pub ability: u8,
    /// The ability's controller ("you").
    pub controller: Player,
    /// The card that caused the trigger, if any.
    pub trigger_card: Option<CardRef>,
    /// A number carried by the triggering event.
    pub amount: i32,
}

impl From<AbilityCall> for Call {
    fn from(call: AbilityCall) -> Call {
        Call {
            source: call.source,
            source_object: call.source_object,
            card_id: call.card_id,
            ability: call.ability,
            controller: Player::new(call.controller),
            trigger_card: call.trigger_card,
            amount: call.amount,
        }
    }
}

/// Why an ability stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The host needs a player's answer first; propagate it with `?`.
    Halt,
    /// The ability failed; it fizzles with this message.
    Error(String),
}

impl Stop {
    /// The error for a card id / ability index the pack does not implement.
    pub fn unknown(call: &Call) -> Stop {
        Stop::Error(format!(
            "this pack has no ability {} for card {}",
            call.ability, call.card_id
        ))
    }

    pub(crate) fn into_message(self) -> String {
        match self {
            Stop::Halt => "halted for a decision".to_owned(),
            Stop::Error(message) => message,
        }
    }
}

impl From<Halt> for Stop {
    fn from(halt: Halt) -> Stop {
        match halt {
            Halt::NeedsDecision => Stop::Halt,
            Halt::Failed => Stop::Error("the host refused a choice request".to_owned()),
        }
    }
}

/// A card as card code sees it.
#[derive(Clone, Debug)]
pub struct CardInfo {
    /// The card.
    pub card: CardRef,
    /// Its rules object (a new one each time it changes zones).
    pub object: u32,
    /// Its card id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its type.
    pub card_type: CardType,
    /// Its class.
    pub class: CardClass,
    /// Its traits, printed and given.
    pub traits: Vec<String>,
    /// The zone it is in.
    pub zone: Zone,
    /// Its owner.
    pub owner: Player,
    /// Its controller.
    pub controller: Player,
    /// Whether it is engaged.
    pub engaged: bool,
    /// Whether it is evolved.
    pub evolved: bool,
    /// Whether it is a token.
    pub is_token: bool,
    /// Current attack.
    pub attack: i32,
    /// Current defense.
    pub defense: i32,
    /// Maximum defense.
    pub max_defense: i32,
    /// Current cost.
    pub cost: i32,
    /// Current keywords.
    pub keywords: Keywords,
    /// Counters on it.
    pub counters: Vec<(Counter, u32)>,
    /// Current declared keywords: bit n for the card pool's declared
    /// keyword n ([`Game::declared_keyword`]).
    pub declared_keywords: u64,
}

impl CardInfo {
    /// Its numbers and flags.
    pub fn stats(&self) -> CardStats {
        CardStats {
            card: self.card,
            object: self.object,
            card_type: self.card_type,
            class: self.class,
            zone: self.zone,
            owner: self.owner,
            controller: self.controller,
            engaged: self.engaged,
            evolved: self.evolved,
            is_token: self.is_token,
            attack: self.attack,
            defense: self.defense,
            max_defense: self.max_defense,
            cost: self.cost,
            keywords: self.keywords,
            declared_keywords: self.declared_keywords,
        }
    }
}

impl From<crate::bindings::sve::cards::types::CardInfo> for CardInfo {
    fn from(info: crate::bindings::sve::cards::types::CardInfo) -> CardInfo {
        CardInfo {
            card: info.card,
            object: info.object,
            id: info.id,
            name: info.name,
            card_type: info.card_type,
            class: info.class,
            traits: info.traits,
            zone: info.zone,
            owner: Player::new(info.owner),
            controller: Player::new(info.controller),
            engaged: info.engaged,
            evolved: info.evolved,
            is_token: info.is_token,
            attack: info.attack,
            defense: info.defense,
            max_defense: info.max_defense,
            cost: info.cost,
            keywords: Keywords::from_bits_retain(info.keywords),
            declared_keywords: info.declared_keywords,
            counters: info
                .counters
                .into_iter()
                .filter_map(|c| Some((Counter::from_index(c.counter)?, c.count)))
                .collect(),
        }
    }
}

/// A card's numbers and flags: [`CardInfo`] without its text (id, name,
/// traits) and counters. [`Game::stats`] is much cheaper than
/// [`Game::card`], since no text is copied across from the host.
#[derive(Clone, Copy, Debug)]
pub struct CardStats {
    /// The card.
    pub card: CardRef,
    /// Its rules object (a new one each time it changes zones).
    pub object: u32,
    /// Its type.
    pub card_type: CardType,
    /// Its class.
    pub class: CardClass,
    /// The zone it is in.
    pub zone: Zone,
    /// Its owner.
    pub owner: Player,
    /// Its controller.
    pub controller: Player,
    /// Whether it is engaged.
    pub engaged: bool,
    /// Whether it is evolved.
    pub evolved: bool,
    /// Whether it is a token.
    pub is_token: bool,
    /// Current attack.
    pub attack: i32,
    /// Current defense.
    pub defense: i32,
    /// Maximum defense.
    pub max_defense: i32,
    /// Current cost.
    pub cost: i32,
    /// Current keywords.
    pub keywords: Keywords,
    /// Current declared keywords: bit n for the card pool's declared
    /// keyword n ([`Game::declared_keyword`]).
    pub declared_keywords: u64,
}

impl From<crate::bindings::sve::cards::types::CardStats> for CardStats {
    fn from(stats: crate::bindings::sve::cards::types::CardStats) -> CardStats {
        CardStats {
            card: stats.card,
            object: stats.object,
            card_type: stats.card_type,
            class: stats.class,
            zone: stats.zone,
            owner: Player::new(stats.owner),
            controller: Player::new(stats.controller),
            engaged: stats.engaged,
            evolved: stats.evolved,
            is_token: stats.is_token,
            attack: stats.attack,
            defense: stats.defense,
            max_defense: stats.max_defense,
            cost: stats.cost,
            keywords: Keywords::from_bits_retain(stats.keywords),
            declared_keywords: stats.declared_keywords,
        }
    }
}

/// The game, seen from a running ability.
pub struct Game<'a> {
    call: Call,
    /// The game API (see [`Game::api`]).
    #[cfg(any(not(target_arch = "wasm32"), feature = "in-process"))]
    api: &'a dyn GameApi,
    #[cfg(all(target_arch = "wasm32", not(feature = "in-process")))]
    api: std::marker::PhantomData<&'a dyn GameApi>,
}

impl<'a> Game<'a> {
    /// The game as the ability `call` sees it, through `api`: what a host
    /// that runs card code in its own process does, with its own
    /// [`GameApi`]. Pack code gets its `Game` from the SDK.
    ///
    /// In a WebAssembly component a `Game` always runs over the
    /// component's [`Imports`](crate::api::Imports), whatever `api` is
    /// given; a host built for wasm32 itself (a web page) turns on the
    /// `in-process` feature, and its `Game`s call `api`.
    pub fn new(call: &Call, api: &'a dyn GameApi) -> Game<'a> {
        #[cfg(all(target_arch = "wasm32", not(feature = "in-process")))]
        let api = {
            let _ = api;
            std::marker::PhantomData
        };
        Game {
            call: call.clone(),
            api,
        }
    }

    /// The game as the ability `call` sees it, on the component's imports
    /// (what the SDK's entry points give pack code).
    pub(crate) fn on_imports(call: &Call) -> Game<'static> {
        Game {
            call: call.clone(),
            #[cfg(any(not(target_arch = "wasm32"), feature = "in-process"))]
            api: &crate::api::Imports,
            #[cfg(all(target_arch = "wasm32", not(feature = "in-process")))]
            api: std::marker::PhantomData,
        }
    }

    /// The game API this `Game` calls. In a component that is the imports,
    /// called directly (not through a `dyn GameApi`), so that the
    /// component imports only the game functions the pack uses: the host
    /// links each import again at every instance, and a Rust pack gets a
    /// fresh instance for every call.
    #[cfg(all(target_arch = "wasm32", not(feature = "in-process")))]
    fn api(&self) -> crate::api::Imports {
        crate::api::Imports
    }

    /// The game API this `Game` calls.
    #[cfg(any(not(target_arch = "wasm32"), feature = "in-process"))]
    fn api(&self) -> &'a dyn GameApi {
        self.api
    }

    /// Which ability is running, and its context.
    pub fn call(&self) -> &Call {
        &self.call
    }

    /// "You": the ability's controller.
    pub fn me(&self) -> Player {
        self.call.controller
    }

    /// Your opponent.
    pub fn opponent(&self) -> Player {
        self.call.controller.opponent()
    }

    /// The card whose ability this is.
    pub fn source(&self) -> CardRef {
        self.call.source
    }

    /// The card that caused the trigger, if any.
    pub fn trigger_card(&self) -> Option<CardRef> {
        self.call.trigger_card
    }

    /// A number carried by the triggering event (damage dealt, defense
    /// gained).
    pub fn amount(&self) -> i32 {
        self.call.amount
    }

    /// Whose turn it is.
    pub fn active_player(&self) -> Player {
        Player::new(self.api().active_player())
    }

    /// Cards in a player's zone.
    pub fn cards_in(&self, player: Player, zone: Zone) -> Vec<CardRef> {
        self.api().cards_in(player.index(), zone)
    }

    /// Followers on a player's field.
    pub fn followers(&self, player: Player) -> Vec<CardRef> {
        self.cards_in(player, Zone::Field)
            .into_iter()
            .filter(|c| {
                self.stats(*c)
                    .is_some_and(|i| i.attack >= 0 && is_follower(i.card_type))
            })
            .collect()
    }

    /// Whether a card matches a filter, as the host reads it (every name
    /// the card has counts for `name`, later-sets §8.2).
    pub fn matches(&self, card: CardRef, filter: &CardFilter) -> bool {
        self.api().matches(card, filter)
    }

    /// Cards in a zone that match a filter.
    pub fn matching(&self, player: Player, zone: Zone, filter: &CardFilter) -> Vec<CardRef> {
        self.cards_in(player, zone)
            .into_iter()
            .filter(|c| self.api().matches(*c, filter))
            .collect()
    }

    /// A card's current information.
    pub fn card(&self, card: CardRef) -> Option<CardInfo> {
        self.api().inspect_card(card).map(CardInfo::from)
    }

    /// A card's current numbers and flags: what [`Game::card`] gives
    /// without the text and counters, at a fraction of the cost.
    pub fn stats(&self, card: CardRef) -> Option<CardStats> {
        self.api().inspect_stats(card).map(CardStats::from)
    }

    /// A card's numbers and flags as they were on the field, for a card
    /// that left the field this turn and has not moved since (last-known
    /// information, CR 10.7.4): a Last Words' "deal damage equal to this
    /// follower's attack" reads the attack it had there, effects included.
    pub fn stats_as_it_was(&self, card: CardRef) -> Option<CardStats> {
        self.api().last_known_stats(card).map(CardStats::from)
    }

    /// A player's resources and class counts.
    pub fn player(&self, player: Player) -> PlayerInfo {
        self.api().inspect_player(player.index())
    }

    /// The cards the running ability's Fuse cost fused (later-sets §9), in
    /// the order they were chosen; empty for any other ability. Fused
    /// cards are in the cemetery now (a fused token is gone, but still
    /// reads as its printed card).
    pub fn fused_cards(&self) -> Vec<CardRef> {
        self.api().fused_cards()
    }

    /// X of the running ability's `[costX]` cost (later-sets §1.3): 0
    /// without one, or when it was executed without paying its cost.
    pub fn paid_x(&self) -> i32 {
        self.api().paid_x()
    }

    /// Whether a `condition` is asked if its `[ub]` ability could be
    /// executed without paying its cost (later-sets §1.3, CR 14.5.1.4.1):
    /// then only whether the targets it must select exist counts, not its
    /// trigger or "if" conditions. A condition that checks its targets
    /// answers that alone.
    pub fn executing_union_burst(&self) -> bool {
        self.api().executing_union_burst()
    }

    /// What happened to a player's cards this turn (destroyed, discarded,
    /// attacked, spells played, returned to hand from the field).
    pub fn this_turn(&self, player: Player) -> TurnRecord {
        self.api().this_turn(player.index())
    }

    /// Turns begun since a card entered the field (0 on the turn it
    /// entered); `None` when it is not on the field.
    pub fn turns_on_field(&self, card: CardRef) -> Option<u32> {
        self.api().turns_on_field(card)
    }

    /// A card's current evolve cost; `None` when it cannot evolve.
    pub fn evolve_cost(&self, card: CardRef) -> Option<i32> {
        self.api().evolve_cost(card)
    }

    /// Whether a field follower is racing: Carrots are linked to it
    /// (Umamusume).
    pub fn is_racing(&self, card: CardRef) -> bool {
        self.api().racing(card)
    }

    /// Whether a follower could be served `count` Carrots now (see
    /// [`race`](Game::race)).
    pub fn can_race(&self, card: CardRef, count: u8, use_ep: bool) -> bool {
        self.api().can_race(card, count, use_ep)
    }

    /// The zone a card came from into its current zone, looking through the
    /// resolution zone: a card played from the hand came from the hand.
    pub fn came_from(&self, card: CardRef) -> Option<Zone> {
        self.api().came_from(card)
    }

    /// Whether a card is face up (in an evolve deck: used).
    pub fn is_face_up(&self, card: CardRef) -> bool {
        self.api().face_up(card)
    }

    /// The number of cards played by you this turn (Combo).
    pub fn combo(&self) -> u32 {
        self.player(self.me()).combo
    }

    /// Asks `player` to pick between `min` and `max` options.
    pub fn ask(
        &mut self,
        player: Player,
        text: &str,
        options: Vec<ChoiceOption>,
        min: u32,
        max: u32,
    ) -> Result<Vec<u32>, Stop> {
        Ok(self.api().choose(&ChoiceRequest {
            player: player.index(),
            text: text.to_owned(),
            options,
            min,
            max,
        })?)
    }

    /// [`Game::ask`], saying what the question is for and where it stands
    /// in a series of like questions. The host offers a take-back by the
    /// role (a question of which cards pay an optional cost just said yes
    /// to can take the yes back, and the ability asks it again), and a
    /// client lets a player answer a whole series at once.
    #[allow(clippy::too_many_arguments)] // `ask`'s, plus what it is for.
    pub fn ask_with(
        &mut self,
        player: Player,
        text: &str,
        options: Vec<ChoiceOption>,
        min: u32,
        max: u32,
        role: QuestionRole,
        series: Option<SeriesStep>,
    ) -> Result<Vec<u32>, Stop> {
        let request = ChoiceRequest {
            player: player.index(),
            text: text.to_owned(),
            options,
            min,
            max,
        };
        Ok(self.api().ask(&request, role, series)?)
    }

    /// You answer whether to pay an optional cost ("you may pay …: …").
    /// Ask the cost's card questions with [`Game::choose_cards_to_pay`]
    /// right after a yes, so that you may take the yes back there.
    pub fn may_pay(&mut self, text: &str) -> Result<bool, Stop> {
        self.yes_no_as(text, QuestionRole::OptionalCost)
    }

    /// You choose the cards that pay a cost (Aura does not apply).
    pub fn choose_cards_to_pay(
        &mut self,
        text: &str,
        candidates: Vec<CardRef>,
        min: u32,
        max: u32,
    ) -> Result<Vec<CardRef>, Stop> {
        self.choose_cards_as(text, candidates, (min, max), QuestionRole::Cost)
    }

    /// You answer yes or no to a question asked in `role`.
    fn yes_no_as(&mut self, text: &str, role: QuestionRole) -> Result<bool, Stop> {
        let options = vec![ChoiceOption::Yes, ChoiceOption::No];
        let me = self.me();
        let picks = self.ask_with(me, text, options, 1, 1, role, None)?;
        Ok(picks.first() == Some(&0))
    }

    /// You choose `count` (min, max) of `candidates`, asked in `role`;
    /// nothing is asked when there are none.
    fn choose_cards_as(
        &mut self,
        text: &str,
        candidates: Vec<CardRef>,
        (min, max): (u32, u32),
        role: QuestionRole,
    ) -> Result<Vec<CardRef>, Stop> {
        if candidates.is_empty() {
            return Ok(Vec::new());
        }
        let options = candidates.iter().map(|c| ChoiceOption::Card(*c)).collect();
        let me = self.me();
        let picks = self.ask_with(me, text, options, min, max, role, None)?;
        Ok(picks
            .into_iter()
            .filter_map(|i| candidates.get(i as usize).copied())
            .collect())
    }

    /// You choose one of the options of `C` (see [`Choice`]); returns the
    /// one picked. One pick always: for an ability's "choose one" of its
    /// options, which a crest may widen, use [`Game::choose_options`].
    pub fn choose<C: Choice>(&mut self, text: &str) -> Result<C, Stop> {
        let options: Vec<C> = C::OPTIONS.iter().map(|(option, _)| *option).collect();
        self.choose_among(text, &options)
    }

    /// You choose one of some of the options of `C` (say, only those that
    /// can be done now), in the order given; returns the one picked.
    pub fn choose_among<C: Choice>(&mut self, text: &str, options: &[C]) -> Result<C, Stop> {
        let labelled = options
            .iter()
            .map(|option| (*option, option.label().to_owned()))
            .collect();
        self.choose_labelled(text, labelled)
    }

    /// You choose one of options whose labels are only known now ("2 to
    /// Goblin, 1 to the other"); returns the value paired with the label
    /// picked. An empty list is an error.
    pub fn choose_labelled<T: Clone>(
        &mut self,
        text: &str,
        options: Vec<(T, String)>,
    ) -> Result<T, Stop> {
        let labels = options
            .iter()
            .map(|(_, label)| ChoiceOption::Label(label.clone()))
            .collect();
        let picks = self.ask(self.me(), text, labels, 1, 1)?;
        picked(&options, &picks).ok_or_else(|| Stop::Error(format!("no options for {text:?}")))
    }

    /// You choose `count` of an ability's options ("choose 2"), each at
    /// most once; returns the values of those picked, in the options'
    /// order. While a card grants you
    /// [`Keywords::CHOOSE_ANY_NUMBER_OF_OPTIONS`] (a crest's "you may
    /// choose any number of options instead", later-sets §4, BP20-T06) you
    /// may choose from 1 to all of them. Offer only options that can be
    /// performed; an empty list picks nothing.
    pub fn choose_options<T: Clone>(
        &mut self,
        text: &str,
        options: Vec<(T, String)>,
        count: u32,
    ) -> Result<Vec<T>, Stop> {
        let all = u32::try_from(options.len()).unwrap_or(u32::MAX);
        if all == 0 {
            return Ok(Vec::new());
        }
        let any_number = self.player_granted(self.me(), Keywords::CHOOSE_ANY_NUMBER_OF_OPTIONS);
        let (min, max) = if any_number {
            (1, all)
        } else {
            (count.min(all), count.min(all))
        };
        let labels = options
            .iter()
            .map(|(_, label)| ChoiceOption::Label(label.clone()))
            .collect();
        let picks = self.ask(self.me(), text, labels, min, max)?;
        Ok(options
            .iter()
            .enumerate()
            .filter(|(i, _)| picks.iter().any(|p| *p as usize == *i))
            .map(|(_, (value, _))| value.clone())
            .collect())
    }

    /// Whether a card whose abilities work for `player` (on their field,
    /// a crest in their EX area) has every one of `keywords` now: how a player-wide
    /// permission holds (later-sets §4, §12.1).
    pub fn player_granted(&self, player: Player, keywords: Keywords) -> bool {
        self.api().player_granted(player.index(), keywords.bits())
    }

    /// You answer yes or no.
    pub fn yes_no(&mut self, text: &str) -> Result<bool, Stop> {
        self.yes_no_as(text, QuestionRole::Effect)
    }

    /// You **select** between `min` and `max` cards (Aura applies).
    pub fn select(
        &mut self,
        text: &str,
        candidates: Vec<CardRef>,
        min: u32,
        max: u32,
    ) -> Result<Vec<CardRef>, Stop> {
        Ok(self.api().select_cards(text, &candidates, min, max)?)
    }

    /// You declare a card name (later-sets §12.11, CR 5.33), among every
    /// card name of the card pool (tokens' included), in alphabetical
    /// order; a printing's alternate name is not offered.
    pub fn declare_card_name(&mut self, text: &str) -> Result<String, Stop> {
        Ok(self.api().declare_card_name(text)?)
    }

    /// You choose cards without selecting them (Aura does not apply).
    pub fn choose_cards(
        &mut self,
        text: &str,
        candidates: Vec<CardRef>,
        min: u32,
        max: u32,
    ) -> Result<Vec<CardRef>, Stop> {
        self.choose_cards_as(text, candidates, (min, max), QuestionRole::Effect)
    }

    /// A uniform random number in `0..n` from the match RNG.
    pub fn random(&mut self, n: u32) -> u32 {
        self.api().random(n)
    }

    /// `player` draws `count` cards.
    pub fn draw(&mut self, player: Player, count: u32) {
        self.api().draw(player.index(), count);
    }
    /// Deals ability damage to a follower.
    pub fn damage_follower(&mut self, card: CardRef, amount: i32) {
        self.api().damage_follower(card, amount);
    }
    /// Deals ability damage to a leader.
    pub fn damage_leader(&mut self, player: Player, amount: i32) {
        self.api().damage_leader(player.index(), amount);
    }
    /// Gives a leader +N (or −N) defense.
    pub fn change_leader_defense(&mut self, player: Player, delta: i32) {
        self.api().change_leader_defense(player.index(), delta);
    }
    /// Destroys a card.
    pub fn destroy(&mut self, card: CardRef) {
        self.api().destroy(card);
    }
    /// Banishes a card.
    pub fn banish(&mut self, card: CardRef) {
        self.api().banish(card);
    }
    /// Puts a card into its owner's cemetery (not destroyed).
    pub fn bury(&mut self, card: CardRef) {
        self.api().bury(card);
    }
    /// Returns a card to its owner's hand.
    pub fn return_to_hand(&mut self, card: CardRef) {
        self.api().return_to_hand(card);
    }
    /// Puts a card on top of (or under) its owner's deck.
    pub fn put_into_deck(&mut self, card: CardRef, bottom: bool) {
        self.api().put_into_deck(card, bottom);
    }
    /// Puts a card onto your field; false if there is no room.
    pub fn put_onto_field(&mut self, card: CardRef) -> bool {
        self.api().put_onto_field(card)
    }
    /// Puts a card onto `player`'s field (an effect the opponent performs);
    /// returns whether there was room.
    pub fn put_onto_field_for(&mut self, card: CardRef, player: Player) -> bool {
        self.api().put_onto_field_for(card, player.index())
    }
    /// Puts a card into its owner's EX area; false if there is no room.
    pub fn put_into_ex_area(&mut self, card: CardRef) -> bool {
        self.api().put_into_ex_area(card)
    }
    /// Discards cards from their owners' hands, together (one batch).
    pub fn discard(&mut self, cards: &[CardRef]) {
        self.api().discard(cards);
    }
    /// Moves cards together, as one batch (CR 10.7.4): "destroy all of
    /// them". The cards leaving the field see each other leave, each read
    /// as it was before any of them moved, and a once-per-batch move hook
    /// ([`MoveHook::per_batch`](crate::types::MoveHook)) triggers once for
    /// all of them. A card that can't move that way stays where it is.
    ///
    /// ```ignore
    /// let enemies = game.cards_in(me.opponent(), Zone::Field);
    /// let moves: Vec<_> = enemies.iter().map(|&card| (card, MoveKind::Destroy)).collect();
    /// game.move_together(&moves);
    /// ```
    pub fn move_together(&mut self, moves: &[(CardRef, MoveKind)]) {
        let moves: Vec<CardMove> = moves
            .iter()
            .map(|&(card, kind)| CardMove { card, kind })
            .collect();
        self.api().move_together(&moves);
    }
    /// Creates `count` tokens (by card id) for `player`.
    pub fn summon_token(
        &mut self,
        player: Player,
        card_id: &str,
        count: u32,
        destination: TokenDestination,
    ) -> Result<Vec<CardRef>, Stop> {
        self.api()
            .summon_token(player.index(), card_id, count, destination)
            .map_err(Stop::Error)
    }
    /// Equips `follower` with a new equipment token (by card id), made in
    /// your equipment zone and linked to it (later-sets §5). False when the
    /// follower is not a follower on the field; a stop when the card is
    /// not an equipment token.
    pub fn equip(&mut self, follower: CardRef, card_id: &str) -> Result<bool, Stop> {
        self.api().equip(follower, card_id).map_err(Stop::Error)
    }

    /// Gives a follower on the field Drive (later-sets §2.4): Drive, Single
    /// Drive and Rush while it stays there, and its On Drive abilities
    /// trigger. False, and nothing happens, off the field or for a card
    /// given Drive before.
    pub fn give_drive(&mut self, card: CardRef) -> bool {
        self.api().give_drive(card)
    }

    /// Performs a drive check (later-sets §2.3): your top card is revealed;
    /// in a deck built on the Vanguard universe you may resolve its
    /// Trigger (you are asked), then it goes to the cemetery, or else to
    /// the bottom of your deck. The card and whether its Trigger resolved;
    /// `None` with an empty deck.
    pub fn drive_check(&mut self) -> Result<Option<(CardRef, bool)>, Stop> {
        Ok(self.api().drive_check()?)
    }

    /// Gives a card +attack/+defense.
    pub fn give_stats(&mut self, card: CardRef, attack: i32, defense: i32, duration: Duration) {
        self.api().give_stats(card, attack, defense, duration);
    }
    /// The number of the declared keyword named `name` in this match's
    /// card pool (its bit in [`CardInfo::declared_keywords`]); `None` when
    /// no loaded pack declares it.
    pub fn declared_keyword(&self, name: &str) -> Option<u8> {
        self.api().declared_keyword(name)
    }

    /// Whether a card has the declared keyword named `name` now.
    pub fn has_declared_keyword(&self, card: CardRef, name: &str) -> bool {
        match (self.declared_keyword(name), self.stats(card)) {
            (Some(n), Some(stats)) => stats.declared_keywords & (1 << n) != 0,
            _ => false,
        }
    }

    /// Gives a card the declared keyword named `name` (and so its
    /// abilities); stops the ability when no loaded pack declares it.
    pub fn give_declared_keyword(
        &mut self,
        card: CardRef,
        name: &str,
        duration: Duration,
    ) -> Result<(), Stop> {
        let n = self
            .declared_keyword(name)
            .ok_or_else(|| Stop::Error(format!("no loaded pack declares the keyword `{name}`")))?;
        self.api().give_declared_keywords(card, 1 << n, duration);
        Ok(())
    }

    /// Maneuvers an amulet on the field (later-sets §12.4): one with printed
    /// attack and defense is a follower with those values until the end of
    /// the turn. False, and nothing happens, for any other card.
    pub fn maneuver(&mut self, card: CardRef) -> bool {
        self.api().maneuver(card)
    }

    /// Changes the card type of a card on the field to a follower or an
    /// amulet (later-sets §12.6): "change it into an amulet". It keeps its
    /// abilities. False, and nothing happens, off the field or for another
    /// type.
    pub fn change_type(&mut self, card: CardRef, card_type: CardType, duration: Duration) -> bool {
        self.api().change_type(card, card_type, duration)
    }

    /// Puts a replacement effect on the damage a follower on the field takes
    /// (later-sets §11.2): "this follower takes 1 less damage", "the next
    /// time it would take damage, it takes none". False, and nothing
    /// happens, for a card that is not a follower on the field.
    pub fn replace_follower_damage(
        &mut self,
        card: CardRef,
        replacement: DamageReplacement,
        duration: Duration,
    ) -> bool {
        self.api()
            .replace_follower_damage(card, replacement, duration)
    }

    /// Puts a replacement effect on moving on a card on the field
    /// (later-sets §11.2): "until the end of the turn, if it would be put
    /// into the cemetery from the field, banish it instead". Returns
    /// whether it was put (not on a card elsewhere).
    pub fn replace_cemetery_move(
        &mut self,
        card: CardRef,
        instead: InsteadZone,
        duration: Duration,
    ) -> bool {
        self.api().replace_cemetery_move(card, instead, duration)
    }

    /// Puts a replacement effect on the damage a player's leader takes
    /// (later-sets §12.14): "your leader takes 1 less damage this turn",
    /// "if your leader would take more than 4 damage, it takes 4 instead".
    pub fn replace_leader_damage(
        &mut self,
        player: Player,
        replacement: DamageReplacement,
        duration: Duration,
    ) {
        self.api()
            .replace_leader_damage(player.index(), replacement, duration);
    }

    /// Gives a card keywords.
    pub fn give_keywords(&mut self, card: CardRef, keywords: Keywords, duration: Duration) {
        self.api().give_keywords(card, keywords.bits(), duration);
    }
    /// Changes a card's cost.
    pub fn change_cost(&mut self, card: CardRef, delta: i32, duration: Duration) {
        self.api().change_cost(card, delta, duration);
    }
    /// You play a card from where it is (a spell from the cemetery, a card
    /// from the hand), paying its cost, or `cost` play points when given;
    /// it resolves right after this ability. Returns whether it was played
    /// (a follower, amulet or spell that fits and you can pay for).
    pub fn play_card(&mut self, card: CardRef, cost: Option<i32>) -> bool {
        self.api().play_card(card, cost)
    }
    /// What [`Game::play_card`] would charge now in play points, the
    /// effects on you included ("cards you play cost 1 more", later-sets
    /// §12.10), or `None` when it would refuse whatever you have. Room on
    /// the field is not counted (paying a cost may make it): check it
    /// yourself. Ask it before paying an alternative cost, or to offer
    /// only the cards you can pay for.
    pub fn play_cost(&self, card: CardRef, cost: Option<i32>) -> Option<i32> {
        self.api().play_cost(card, cost)
    }
    /// Serves a follower `count` Carrots (Umamusume): it races and has
    /// Rush. Pays `count` play points, or one less and 1 evolution point
    /// with `use_ep`, and uses the turn's evolve. Returns whether it raced.
    pub fn race(&mut self, card: CardRef, count: u8, use_ep: bool) -> bool {
        self.api().race(card, count, use_ep)
    }
    /// Turns a face-up card of an evolve deck face down, so it can be used
    /// again; returns whether it was face up there.
    pub fn turn_face_down(&mut self, card: CardRef) -> bool {
        self.api().turn_face_down(card)
    }
    /// Changes a card's evolve cost.
    pub fn change_evolve_cost(&mut self, card: CardRef, delta: i32, duration: Duration) {
        self.api().change_evolve_cost(card, delta, duration);
    }
    /// Sets a card's evolve cost (later changes still apply).
    pub fn set_evolve_cost(&mut self, card: CardRef, cost: i32, duration: Duration) {
        self.api().set_evolve_cost(card, cost, duration);
    }
    /// Gives a card a trait ("it becomes an Officer").
    pub fn give_trait(&mut self, card: CardRef, name: &str, duration: Duration) {
        self.api().give_trait(card, name, duration);
    }
    /// Puts (or, when negative, removes) counters. A card carries at most
    /// 4 kinds of declared counter: a fifth is refused (the host warns).
    pub fn add_counters(&mut self, card: CardRef, counter: Counter, delta: i32) {
        self.api().add_counters(card, counter.index(), delta);
    }
    /// The declared counter kind named `name` in this match's card pool;
    /// `None` when no loaded pack declares it.
    pub fn declared_counter(&self, name: &str) -> Option<Counter> {
        self.api()
            .declared_counter(name)
            .and_then(Counter::from_index)
    }
    /// Puts (or, when negative, removes) counters of the declared kind
    /// named `name`; stops the ability when no loaded pack declares it.
    pub fn add_declared_counters(
        &mut self,
        card: CardRef,
        name: &str,
        delta: i32,
    ) -> Result<(), Stop> {
        let counter = self
            .declared_counter(name)
            .ok_or_else(|| Stop::Error(format!("no loaded pack declares the counter `{name}`")))?;
        self.add_counters(card, counter, delta);
        Ok(())
    }
    /// Engages a card.
    pub fn engage(&mut self, card: CardRef) {
        self.api().engage(card);
    }
    /// Refreshes (reserves) a card.
    pub fn refresh(&mut self, card: CardRef) {
        self.api().refresh(card);
    }
    /// Changes current play points.
    pub fn add_play_points(&mut self, player: Player, delta: i32) {
        self.api().add_play_points(player.index(), delta);
    }
    /// Changes maximum play points.
    pub fn add_max_play_points(&mut self, player: Player, delta: i32) {
        self.api().add_max_play_points(player.index(), delta);
    }
    /// Changes evolution points.
    pub fn add_evolve_points(&mut self, player: Player, delta: i32) {
        self.api().add_evolve_points(player.index(), delta);
    }
    /// Evolves a follower by an effect; false if no evolved card is there.
    pub fn evolve(&mut self, card: CardRef) -> bool {
        self.api().evolve(card)
    }
    /// Shuffles a deck.
    pub fn shuffle(&mut self, player: Player) {
        self.api().shuffle(player.index());
    }
    /// Puts the top `count` cards of a deck into the cemetery.
    pub fn mill(&mut self, player: Player, count: u32) {
        self.api().mill(player.index(), count);
    }
    /// Moves a card from a deck to its owner's hand.
    pub fn deck_to_hand(&mut self, card: CardRef) {
        self.api().deck_to_hand(card);
    }
    /// `player` takes another turn after this one.
    pub fn extra_turn(&mut self, player: Player) {
        self.api().extra_turn(player.index());
    }
    /// `player`'s next turn does not begin: their opponent's follows
    /// theirs (CR 5.26). Asked twice, it still skips one turn.
    pub fn skip_next_turn(&mut self, player: Player) {
        self.api().skip_next_turn(player.index());
    }
    /// Puts an effect on `player` for a window of turns (later-sets
    /// §12.10, §12.12): `PlayerEffect::PlayCost(1)` with
    /// `TurnWindow::NextTurn` on the opponent is "during your opponent's
    /// next turn, cards they play cost 1 more";
    /// `PlayerEffect::PlayFromBanished` with `TurnWindow::ThisTurn` on you
    /// is "for the rest of this turn, you may play cards from your
    /// banished zone". It outlasts this card; each one applies on its own.
    pub fn add_player_effect(&mut self, player: Player, effect: PlayerEffect, window: TurnWindow) {
        self.api().add_player_effect(player.index(), effect, window);
    }
    /// Creates a delayed trigger (CR 10.7.5): this card's delayed ability
    /// named `ability` ([`Card::delayed`](crate::Card::delayed)) begins to
    /// wait for its trigger, played by this ability's controller, even if
    /// this card leaves the field. `watch` is the card whose move it waits
    /// for when its trigger is about one card (Last Words, leaving the
    /// field, returned to the hand, a move hook on this card); `None`
    /// otherwise. `lasts` says how long it waits and how often it fires.
    ///
    /// ```no_run
    /// # use sve_sdk::prelude::*;
    /// # fn watch(game: &mut Game, target: CardRef) -> Result<(), Stop> {
    /// // "When that follower is destroyed this turn, draw a card."
    /// game.create_delayed("Vengeance", Some(target), DelayedLasts::OnceThisTurn)?;
    /// # Ok(()) }
    /// ```
    pub fn create_delayed(
        &mut self,
        ability: &str,
        watch: Option<CardRef>,
        lasts: DelayedLasts,
    ) -> Result<(), Stop> {
        self.api()
            .create_delayed(ability, watch, lasts)
            .map_err(Stop::Error)
    }
    /// `player` takes control of a card on the other player's field: it
    /// moves to their field keeping its damage, counters, evolution and
    /// effects, and can't attack this turn without Storm or Rush. False
    /// when it is not there or `player`'s field is full.
    pub fn take_control(&mut self, card: CardRef, player: Player) -> bool {
        self.api().take_control(card, player.index())
    }
    /// The follower's Union Burst abilities that could be executed now
    /// (on the field, its `[ub]` abilities working, not lost), as each
    /// ability's index and name.
    pub fn union_burst_abilities(&self, card: CardRef) -> Vec<(u8, String)> {
        self.api().union_burst_abilities(card)
    }

    /// Executes one of the follower's Union Burst abilities without paying
    /// its cost (CR 14.5.1.4): you choose which when it has several. It
    /// resolves now, inside this ability (the rest of this one comes after
    /// it; inside an executed ability, right after the running one),
    /// nothing paid, its conditions and once-per-turn limit ignored.
    /// Returns whether one was executed.
    pub fn execute_union_burst(&mut self, card: CardRef) -> Result<bool, Stop> {
        let mut options = self.union_burst_abilities(card);
        let ability = match options.len() {
            0 => return Ok(false),
            1 => options.remove(0).0,
            _ => self.choose_labelled("Execute which Union Burst ability?", options)?,
        };
        Ok(self.api().execute_union_burst(card, ability))
    }

    /// `player` wins the game at once, unless a card on their opponent's
    /// field says the opponent can't lose.
    pub fn win_game(&mut self, player: Player) {
        self.api().win_game(player.index());
    }
    /// Writes a line to the host log.
    pub fn log(&self, message: &str) {
        self.api().log(message);
    }
}

fn is_follower(card_type: CardType) -> bool {
    matches!(card_type, CardType::Follower | CardType::EvolvedFollower)
}
