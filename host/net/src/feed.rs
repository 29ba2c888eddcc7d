//! What one connection is told: the match redacted for one viewer, with
//! opaque card identities.
//!
//! The engine's [`CardRef`]s are indices fixed when the match is built, in
//! deck-list order: sent as they are, they would tell an opponent which
//! card each face-down card is, and let anyone follow a card from the deck
//! into the hand (a leak other engines have had). A [`SeatFeed`] therefore
//! renames every card for its viewer: a card gets a new number the first
//! time the viewer hears of it, and loses it whenever it goes where that
//! viewer can't see (a deck, or another player's hand or face-down evolve
//! deck). Numbers are handed out in the order the viewer hears of cards,
//! which is public. [`ObjectId`]s are renamed the same way.
//!
//! Besides renaming, a move between two places the viewer can't see
//! carries no card definition ([`Event::Moved`] `def` is `None`).
//!
//! Spectators are shown `Match::spectator_view`. The card inspector's data
//! and the pending abilities go through the feed too ([`SeatFeed::inspect`],
//! [`SeatFeed::pending`]): the viewer's numbers are mapped back, only cards
//! the viewer can see are inspected, and every card they name is renamed.

use crate::inspect::{self, InspectedCard, ModifierSource, PendingLine, Sight};
use rustc_hash::FxHashMap;
use sve_engine::engine::view::{CardView, PlayerView, SideView};
use sve_engine::engine::{
    Action, AttackTarget, CardRef, Choice, Decision, Event, Match, ObjectId, PlayerId, Prompt, Zone,
};

/// Who a feed is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// A player: their own hand and evolve deck are visible to them.
    Seat(PlayerId),
    /// A spectator: public information only.
    Spectator,
}

impl Viewer {
    /// Whether cards in `zone`, owned by `owner`, are hidden from this
    /// viewer. Decks are hidden from everyone; hands and face-down evolve
    /// cards from everyone but their owner. (A face-up evolve card is
    /// public, but follows the rule of its zone here: it only gets a new
    /// number.)
    pub fn cannot_see(self, zone: Zone, owner: PlayerId) -> bool {
        !self.sight().sees(zone, owner)
    }

    /// The same rule for the inspector: a seat sees its own hand and
    /// evolve deck, a spectator public information only.
    pub fn sight(self) -> Sight {
        match self {
            Viewer::Seat(seat) => Sight::of_players(&[seat]),
            Viewer::Spectator => Sight::public(),
        }
    }
}

/// One viewer's renaming of a match's cards (see the module docs).
#[derive(Clone, Debug)]
pub struct SeatFeed {
    viewer: Viewer,
    /// This viewer's number of each engine card, by the engine's index
    /// (0: none now).
    cards: Vec<u32>,
    objects: FxHashMap<ObjectId, ObjectId>,
    next_card: u32,
    next_object: u32,
}

impl SeatFeed {
    /// A feed that has told its viewer nothing yet.
    pub fn new(viewer: Viewer) -> SeatFeed {
        SeatFeed {
            viewer,
            cards: Vec::new(),
            objects: FxHashMap::default(),
            next_card: 1,
            next_object: 1,
        }
    }

    /// Who this feed is for.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The board as this viewer may see it now. Call after
    /// [`events`](SeatFeed::events) for the events that led here.
    pub fn view(&mut self, game: &Match) -> PlayerView {
        let mut view = match self.viewer {
            Viewer::Seat(seat) => game.view(seat),
            Viewer::Spectator => game.spectator_view(),
        };
        for side in &mut view.sides {
            self.side(side);
        }
        if let Some(decision) = &mut view.decision {
            self.decision(decision);
        }
        view
    }

    /// `events`, redacted and renamed for this viewer, in order.
    pub fn events(&mut self, events: &[Event]) -> Vec<Event> {
        events.iter().map(|e| self.event(e)).collect()
    }

    /// The inspector's data for the cards this viewer calls `wanted` (its
    /// own numbers, as views and events gave them), in that order. A
    /// number the viewer no longer has (the card went out of sight) or
    /// never had gives nothing; so does a card it can't see now. Every
    /// card named in the result is renamed for the viewer, and a
    /// modifier's source it can't see is [`ModifierSource::Hidden`].
    pub fn inspect(&mut self, game: &Match, wanted: &[CardRef]) -> Vec<InspectedCard> {
        let sight = self.viewer.sight();
        let mut out = Vec::new();
        for wire in wanted {
            let Some(card) = self.engine_card(*wire) else {
                continue;
            };
            let Some(mut inspected) = inspect::inspect_card(game.state(), game.db(), card, sight)
            else {
                continue;
            };
            // Only cards the sight sees are named at all (see
            // `inspect_card`), so renaming them hands out no number for
            // a hidden card.
            inspected.card = *wire;
            if let Some(evolved) = &mut inspected.evolved {
                evolved.card = self.card(evolved.card);
            }
            for modifier in &mut inspected.modifiers {
                if let Some(ModifierSource::Card(source)) = &mut modifier.source {
                    source.card = self.card(source.card);
                }
            }
            out.push(inspected);
        }
        out
    }

    /// The automatic abilities waiting for Confirmation Timing, their
    /// cards renamed for this viewer (public information: their triggers
    /// were announced to everyone).
    pub fn pending(&mut self, game: &Match) -> Vec<PendingLine> {
        let mut lines = inspect::pending_abilities(game.state(), game.db(), self.viewer.sight());
        for line in &mut lines {
            line.card = self.opt_card(line.card);
        }
        lines
    }

    /// The engine's card behind this viewer's number, if it has one now.
    fn engine_card(&self, wire: CardRef) -> Option<CardRef> {
        if wire.0 == 0 {
            return None;
        }
        self.cards
            .iter()
            .position(|number| *number == wire.0)
            .map(|card| CardRef(card as u32))
    }

    fn card(&mut self, card: CardRef) -> CardRef {
        let at = card.0 as usize;
        if at >= self.cards.len() {
            self.cards.resize(at + 1, 0);
        }
        let number = &mut self.cards[at];
        if *number == 0 {
            *number = self.next_card;
            self.next_card += 1;
        }
        CardRef(*number)
    }

    /// The card goes out of this viewer's sight: its next mention is a
    /// new card to them.
    fn forget_card(&mut self, card: CardRef) {
        if let Some(number) = self.cards.get_mut(card.0 as usize) {
            *number = 0;
        }
    }

    fn object(&mut self, object: ObjectId) -> ObjectId {
        let next = &mut self.next_object;
        *self.objects.entry(object).or_insert_with(|| {
            let id = ObjectId(*next);
            *next += 1;
            id
        })
    }

    fn opt_card(&mut self, card: Option<CardRef>) -> Option<CardRef> {
        card.map(|c| self.card(c))
    }

    fn target(&mut self, target: AttackTarget) -> AttackTarget {
        match target {
            AttackTarget::Follower(card, object) => {
                AttackTarget::Follower(self.card(card), self.object(object))
            }
            AttackTarget::Leader(player) => AttackTarget::Leader(player),
        }
    }

    fn card_view(&mut self, view: &mut CardView) {
        view.card = self.card(view.card);
    }

    fn side(&mut self, side: &mut SideView) {
        let SideView {
            hand,
            field,
            ex_area,
            cemetery,
            banished,
            evolve_deck,
            evolve_used,
            equipment,
            trigger_zone,
            drive_zone,
            ..
        } = side;
        for equipped in equipment.iter_mut().chain(drive_zone.iter_mut()) {
            self.card_view(&mut equipped.card);
            equipped.follower = equipped.follower.map(|c| self.card(c));
        }
        for view in hand.iter_mut().chain(evolve_deck.iter_mut()).flatten() {
            self.card_view(view);
        }
        for view in field
            .iter_mut()
            .chain(ex_area.iter_mut())
            .chain(cemetery.iter_mut())
            .chain(banished.iter_mut())
            .chain(evolve_used.iter_mut())
            .chain(trigger_zone.iter_mut())
        {
            self.card_view(view);
        }
    }

    fn decision(&mut self, decision: &mut Decision) {
        decision.prompt = match &decision.prompt {
            Prompt::EngageWardOnEnter { card } => Prompt::EngageWardOnEnter {
                card: self.card(*card),
            },
            Prompt::PayOptionalCost { card } => Prompt::PayOptionalCost {
                card: self.card(*card),
            },
            Prompt::CostCards {
                card,
                purpose,
                optional,
            } => Prompt::CostCards {
                card: self.card(*card),
                purpose: purpose.clone(),
                optional: *optional,
            },
            Prompt::DamageOrder { card, amounts } => Prompt::DamageOrder {
                card: self.card(*card),
                amounts: amounts.clone(),
            },
            Prompt::ChooseX { card } => Prompt::ChooseX {
                card: self.card(*card),
            },
            Prompt::EvolveInto { card } => Prompt::EvolveInto {
                card: self.card(*card),
            },
            Prompt::MoveReplacement { card } => Prompt::MoveReplacement {
                card: self.card(*card),
            },
            Prompt::DriveTrigger { card, icon } => Prompt::DriveTrigger {
                card: self.card(*card),
                icon: *icon,
            },
            Prompt::Ability {
                card,
                ability,
                text,
                role,
                series,
            } => Prompt::Ability {
                card: self.card(*card),
                ability: *ability,
                text: text.clone(),
                role: *role,
                series: *series,
            },
            other @ (Prompt::ChooseFirstPlayer
            | Prompt::Mulligan
            | Prompt::MulliganOrder
            | Prompt::MainAction
            | Prompt::QuickWindow
            | Prompt::EngageWardFollowers
            | Prompt::HandLimit { .. }
            | Prompt::ChoosePendingAbility
            | Prompt::ZoneLimit { .. }) => other.clone(),
        };
        for choice in &mut decision.options {
            *choice = match &*choice {
                Choice::Card(card) => Choice::Card(self.card(*card)),
                Choice::Action(action) => Choice::Action(self.action(*action)),
                other @ (Choice::Yes
                | Choice::No
                | Choice::Pass
                | Choice::GoFirst
                | Choice::GoSecond
                | Choice::Pending(_)
                | Choice::Label(_)
                | Choice::Cancel) => other.clone(),
            };
        }
    }

    fn action(&mut self, action: Action) -> Action {
        match action {
            Action::Play { card } => Action::Play {
                card: self.card(card),
            },
            Action::Activate { card, ability } => Action::Activate {
                card: self.card(card),
                ability,
            },
            Action::ActivateWithEp { card, ability } => Action::ActivateWithEp {
                card: self.card(card),
                ability,
            },
            Action::ActivateKeyword {
                card,
                keyword,
                ability,
            } => Action::ActivateKeyword {
                card: self.card(card),
                keyword,
                ability,
            },
            Action::Evolve {
                card,
                use_ep,
                super_evolve,
            } => Action::Evolve {
                card: self.card(card),
                use_ep,
                super_evolve,
            },
            Action::Attack { attacker, target } => Action::Attack {
                attacker: self.card(attacker),
                target: self.target(target),
            },
            Action::EndMainPhase => Action::EndMainPhase,
        }
    }

    /// One event for this viewer. Every variant is listed, so a new event
    /// with a card in it can't slip through unrenamed.
    fn event(&mut self, event: &Event) -> Event {
        match event {
            Event::Moved {
                card,
                def,
                owner,
                controller,
                from,
                to,
                cause,
                evolved,
            } => {
                let hidden_from = self.viewer.cannot_see(*from, *owner);
                // A card put onto the field face down (a Starting Amulet,
                // later-sets §2.2) is its owner's to see, as a hand card.
                let face_down = *cause == sve_engine::engine::MoveCause::FaceDownSetup;
                let hidden_to = self.viewer.cannot_see(*to, *owner)
                    || (face_down && self.viewer.cannot_see(Zone::Hand, *owner));
                let unseen = hidden_from && hidden_to;
                let moved = Event::Moved {
                    card: self.card(*card),
                    def: if unseen { None } else { *def },
                    owner: *owner,
                    controller: *controller,
                    from: *from,
                    to: *to,
                    cause: *cause,
                    evolved: if unseen { None } else { *evolved },
                };
                if hidden_to {
                    // Out of sight: the next mention is a new card to
                    // this viewer.
                    self.forget_card(*card);
                }
                moved
            }
            Event::Engaged { card } => Event::Engaged {
                card: self.card(*card),
            },
            Event::Refreshed { card } => Event::Refreshed {
                card: self.card(*card),
            },
            Event::FollowerDamaged {
                card,
                amount,
                kind,
                source,
            } => Event::FollowerDamaged {
                card: self.card(*card),
                amount: *amount,
                kind: *kind,
                source: self.opt_card(*source),
            },
            Event::LeaderDamaged {
                player,
                amount,
                kind,
                source,
            } => Event::LeaderDamaged {
                player: *player,
                amount: *amount,
                kind: *kind,
                source: self.opt_card(*source),
            },
            // Fused cards are discarded or buried (public), the fuser goes
            // to the EX area (public).
            Event::Equipped { token, follower } => Event::Equipped {
                token: self.card(*token),
                follower: self.card(*follower),
            },
            Event::DriveChecked { player, card, by } => Event::DriveChecked {
                player: *player,
                card: self.card(*card),
                by: self.card(*by),
            },
            Event::TurnedFaceUp { card } => Event::TurnedFaceUp {
                card: self.card(*card),
            },
            Event::DriveGiven { card } => Event::DriveGiven {
                card: self.card(*card),
            },
            Event::TriggerResolved { player, card, icon } => Event::TriggerResolved {
                player: *player,
                card: self.card(*card),
                icon: *icon,
            },
            Event::Fused { card, def, by } => Event::Fused {
                card: self.card(*card),
                def: *def,
                by: self.card(*by),
            },
            Event::CountersChanged {
                card,
                counter,
                from,
                to,
            } => Event::CountersChanged {
                card: self.card(*card),
                counter: *counter,
                from: *from,
                to: *to,
            },
            Event::EffectAdded {
                card,
                kind,
                duration,
                source,
            } => Event::EffectAdded {
                card: self.card(*card),
                kind: *kind,
                duration: *duration,
                source: self.opt_card(*source),
            },
            Event::EffectUsedUp { card, kind } => Event::EffectUsedUp {
                card: self.card(*card),
                kind: *kind,
            },
            Event::Evolved {
                card,
                evolved,
                super_evolve,
            } => Event::Evolved {
                card: self.card(*card),
                evolved: self.card(*evolved),
                super_evolve: *super_evolve,
            },
            Event::CardPlayed { player, card, def } => Event::CardPlayed {
                player: *player,
                card: self.card(*card),
                def: *def,
            },
            Event::AbilityActivated { card, ability } => Event::AbilityActivated {
                card: self.card(*card),
                ability: *ability,
            },
            // Only activations of cards in public zones can be cancelled
            // (engine `flow/cancel.rs`): the card was named to everyone by
            // its `AbilityActivated` already.
            Event::ActivationCancelled { card, ability } => Event::ActivationCancelled {
                card: self.card(*card),
                ability: *ability,
            },
            Event::KeywordAbilityActivated {
                card,
                keyword,
                ability,
            } => Event::KeywordAbilityActivated {
                card: self.card(*card),
                keyword: *keyword,
                ability: *ability,
            },
            Event::KeywordActivationCancelled {
                card,
                keyword,
                ability,
            } => Event::KeywordActivationCancelled {
                card: self.card(*card),
                keyword: *keyword,
                ability: *ability,
            },
            Event::AttackDeclared { attacker, target } => Event::AttackDeclared {
                attacker: self.card(*attacker),
                target: self.target(*target),
            },
            Event::Fought { attacker, defender } => Event::Fought {
                attacker: self.card(*attacker),
                defender: self.card(*defender),
            },
            Event::AbilityTriggered {
                card,
                def,
                ability,
                controller,
            } => Event::AbilityTriggered {
                card: self.card(*card),
                def: *def,
                ability: *ability,
                controller: *controller,
            },
            Event::DelayedCreated {
                card,
                def,
                ability,
                controller,
            } => Event::DelayedCreated {
                card: self.card(*card),
                def: *def,
                ability: *ability,
                controller: *controller,
            },
            Event::AbilityResolved { card, def, ability } => Event::AbilityResolved {
                card: self.card(*card),
                def: *def,
                ability: *ability,
            },
            Event::AbilityFizzled {
                card,
                def,
                ability,
                reason,
            } => Event::AbilityFizzled {
                card: self.card(*card),
                def: *def,
                ability: *ability,
                reason: reason.clone(),
            },
            Event::EndlessLoop { card, reason } => Event::EndlessLoop {
                card: self.opt_card(*card),
                reason: reason.clone(),
            },
            other @ (Event::GameStarted { .. }
            | Event::Mulligan { .. }
            | Event::TurnStarted { .. }
            | Event::PhaseStarted { .. }
            | Event::Shuffled { .. }
            | Event::LeaderDefense { .. }
            | Event::ResourceChanged { .. }
            | Event::EffectsExpired { .. }
            | Event::PlayerEffectAdded { .. }
            | Event::TurnSkipped { .. }
            | Event::PlayerEffectEnded { .. }
            | Event::CardsReloaded { .. }
            | Event::Sandbox { .. }
            | Event::Conceded { .. }
            | Event::GameOver { .. }) => other.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sve_engine::bot::{Bot, RandomBot};
    use sve_engine::cards::starter::starter_db;
    use sve_engine::decks::{resolve, starter_deck};
    use sve_engine::engine::{DeckList, NoAbilities, Status};

    fn deck(name: &str, db: &sve_engine::cards::CardDb) -> DeckList {
        let file = starter_deck(name).expect("bundled deck");
        resolve(&file, db).expect("bundled deck resolves")
    }

    /// Plays a random match, feeding both seats; returns the feeds' output.
    fn play(seed: u64) -> Vec<(PlayerId, Vec<Event>, PlayerView)> {
        let db = Arc::new(starter_db().expect("starter data"));
        let decks = [deck("SD01", &db), deck("SD05", &db)];
        let mut game = Match::new(Arc::clone(&db), Arc::new(NoAbilities), decks, seed);
        let mut feeds = [
            SeatFeed::new(Viewer::Seat(PlayerId(0))),
            SeatFeed::new(Viewer::Seat(PlayerId(1))),
        ];
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1)];
        let mut out = Vec::new();
        for _ in 0..2000 {
            let decision = match game.step() {
                Status::GameOver(_) => None,
                Status::Decision(d) => Some(d.clone()),
            };
            let events = game.take_events();
            for (seat, feed) in feeds.iter_mut().enumerate() {
                let shown = feed.events(&events);
                out.push((PlayerId(seat as u8), shown, feed.view(&game)));
            }
            let Some(decision) = decision else { break };
            let picks = bots[decision.player.idx()].choose(&game, &decision);
            game.answer(decision.player, &picks)
                .expect("bot answers are legal");
        }
        out
    }

    #[test]
    fn a_card_put_onto_the_field_face_down_is_named_to_its_owner_only() {
        let moved = Event::Moved {
            card: CardRef(7),
            def: Some(sve_engine::engine::DefId(3)),
            owner: PlayerId(0),
            controller: PlayerId(0),
            from: Zone::Deck,
            to: Zone::Field,
            cause: sve_engine::engine::MoveCause::FaceDownSetup,
            evolved: None,
        };
        let def_seen = |viewer| match SeatFeed::new(viewer).events(std::slice::from_ref(&moved))[..]
        {
            [Event::Moved { def, .. }] => def,
            ref other => panic!("one move, not {other:?}"),
        };
        assert!(def_seen(Viewer::Seat(PlayerId(0))).is_some());
        assert_eq!(def_seen(Viewer::Seat(PlayerId(1))), None);
        assert_eq!(def_seen(Viewer::Spectator), None);
    }

    #[test]
    fn opponents_draws_carry_no_card_and_a_fresh_number() {
        let out = play(3);
        let mut seen_in_hidden = Vec::new();
        for (seat, events, _) in &out {
            for event in events {
                if let Event::Moved {
                    card,
                    def,
                    owner,
                    from: Zone::Deck,
                    to: Zone::Hand,
                    ..
                } = event
                    && owner != seat
                {
                    assert_eq!(*def, None, "an opponent's draw shows no card");
                    assert!(
                        !seen_in_hidden.contains(&(*seat, *card)),
                        "a drawn card's number is never reused"
                    );
                    seen_in_hidden.push((*seat, *card));
                }
            }
        }
        assert!(!seen_in_hidden.is_empty(), "the match had draws");
    }

    #[test]
    fn own_hand_cards_keep_their_number_from_draw_to_play() {
        let out = play(5);
        let mut in_hand = std::collections::HashSet::new();
        let mut left_hand = 0;
        for (seat, events, _) in out.iter().filter(|(seat, ..)| *seat == PlayerId(0)) {
            for event in events {
                let Event::Moved {
                    card,
                    owner,
                    from,
                    to,
                    ..
                } = event
                else {
                    continue;
                };
                if owner != seat {
                    continue;
                }
                if *from == Zone::Hand {
                    assert!(in_hand.contains(card), "the owner follows a hand card");
                    left_hand += 1;
                }
                if *to == Zone::Hand {
                    in_hand.insert(*card);
                }
            }
        }
        assert!(left_hand > 3, "cards left the hand: {left_hand}");
    }

    #[test]
    fn spectators_see_no_hand() {
        let db = Arc::new(starter_db().expect("starter data"));
        let decks = [deck("SD01", &db), deck("SD02", &db)];
        let mut game = Match::new(Arc::clone(&db), Arc::new(NoAbilities), decks, 9);
        let mut bot = RandomBot::new(1);
        for _ in 0..30 {
            let Status::Decision(d) = game.step() else {
                break;
            };
            let d = d.clone();
            let picks = bot.choose(&game, &d);
            game.answer(d.player, &picks).expect("legal");
        }
        let mut feed = SeatFeed::new(Viewer::Spectator);
        let events = game.take_events();
        let shown = feed.events(&events);
        let view = feed.view(&game);
        assert!(view.decision.is_none());
        for side in &view.sides {
            assert!(side.hand.iter().all(Option::is_none));
            assert!(side.evolve_deck.iter().all(Option::is_none));
        }
        for event in shown {
            if let Event::Moved { def, from, to, .. } = event
                && from.is_private()
                && to.is_private()
            {
                assert_eq!(def, None);
            }
        }
    }

    #[test]
    fn a_cancelled_activation_leaves_the_opponents_view_as_it_was() {
        use sve_engine::board::{Board, Side};
        use sve_engine::engine::{AbilityIdx, Action, Choice};
        let p1 = PlayerId(0);
        let mut s = Board::builder()
            .side(
                p1,
                Side::new().field(["Sifter"]).hand(["V1", "V2", "V3"]).pp(3),
            )
            .build();
        let mut opponent = SeatFeed::new(Viewer::Seat(PlayerId(1)));
        let mut spectator = SeatFeed::new(Viewer::Spectator);
        opponent.events(&s.game.take_events());
        spectator.events(&s.game.take_events());
        let before = (opponent.view(&s.game), spectator.view(&s.game));
        s.act(Action::Activate {
            card: s.card(p1, Zone::Field, "Sifter"),
            ability: AbilityIdx(0),
        });
        s.choose(|c| *c == Choice::Cancel);
        let events = s.game.take_events();
        // The opponent hears of the announcement and of the cancel, with
        // the Sifter (on the field, public) by its number, and no hand card.
        let heard = opponent.events(&events);
        assert!(
            heard
                .iter()
                .any(|e| matches!(e, Event::AbilityActivated { .. }))
        );
        assert!(matches!(
            heard.last(),
            Some(Event::ActivationCancelled { .. })
        ));
        assert!(!heard.iter().any(|e| matches!(e, Event::Moved { .. })));
        spectator.events(&events);
        // Nothing moved, so every card keeps its number: the views are
        // the same as before the announcement.
        assert_eq!((opponent.view(&s.game), spectator.view(&s.game)), before);
    }
}
