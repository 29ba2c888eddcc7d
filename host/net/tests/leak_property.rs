//! The leak property: over many random-bot matches, every frame the server
//! would send seat 1 is recorded, and nothing in it names a hidden card of
//! seat 2 (by definition or by name) before the rules reveal that card.
//!
//! The frames are made by the same feed the server uses, sent as the
//! server sends them (a whole update, then view patches) and encoded with
//! the wire codec; the test reads them back as seat 1's client would
//! (rebuilding each patched view, which must equal the feed's), and also
//! searches their raw bytes for the hidden cards' names. Each frame
//! also carries the card inspector's data for every number seat 1 was
//! ever given (and a few it never was) and the pending abilities, so the
//! inspector's cards, their modifiers' sources and evolved cards are
//! held to the same rule.
//! `SVE_LEAK_MATCHES` sets the number of matches (default 1,000).

use std::collections::HashSet;
use std::sync::Arc;
use sve_engine::bot::{Bot, RandomBot};
use sve_engine::cards::CardDb;
use sve_engine::cards::starter::starter_db;
use sve_engine::decks::{resolve, starter_deck};
use sve_engine::engine::view::{CardView, PlayerView};
use sve_engine::engine::{CardRef, DeckList, DefId, Event, Match, NoAbilities, PlayerId, Status};
use sve_net::client::leaks;
use sve_net::feed::{SeatFeed, Viewer};
use sve_net::inspect::{InspectedCard, ModifierSource};
use sve_net::patch::{Mirror, Sent};
use sve_net::protocol::{Clocks, MAX_SERVER_FRAME_BYTES, ServerMsg, Update, decode, encode};

fn deck(name: &str, db: &CardDb) -> DeckList {
    resolve(&starter_deck(name).expect("bundled"), db).expect("resolves")
}

fn all_defs(list: &DeckList) -> HashSet<DefId> {
    let mut defs: HashSet<DefId> = list.main.iter().chain(&list.evolve).copied().collect();
    defs.insert(list.leader);
    defs
}

/// The definitions a frame names.
fn defs_in(view: &PlayerView, events: &[Event]) -> Vec<DefId> {
    let mut defs = Vec::new();
    let mut card = |c: &CardView| {
        defs.push(c.def);
        defs.extend(c.evolved);
    };
    for side in &view.sides {
        side.shown_cards().for_each(&mut card);
    }
    for event in events {
        match event {
            Event::Moved { def, evolved, .. } => defs.extend(def.iter().chain(evolved)),
            Event::CardPlayed { def, .. }
            | Event::AbilityTriggered { def, .. }
            | Event::AbilityResolved { def, .. }
            | Event::AbilityFizzled { def, .. } => defs.push(*def),
            _ => {}
        }
    }
    defs
}

/// The highest card number a frame gives.
fn max_number(view: &PlayerView, events: &[Event]) -> u32 {
    let from_view = view
        .sides
        .iter()
        .flat_map(|side| side.shown_cards())
        .map(|c| c.card.0);
    let from_events = events.iter().filter_map(|e| match e {
        Event::Moved { card, .. } => Some(card.0),
        _ => None,
    });
    from_view.chain(from_events).max().unwrap_or(0)
}

/// The card ids an inspection names: the card, its evolved card and its
/// modifiers' sources.
fn ids_in(cards: &[InspectedCard]) -> Vec<&str> {
    let mut ids = Vec::new();
    for card in cards {
        ids.push(card.id.as_str());
        ids.extend(card.evolved.iter().map(|e| e.id.as_str()));
        for modifier in &card.modifiers {
            if let Some(ModifierSource::Card(source)) = &modifier.source {
                ids.push(source.id.as_str());
            }
        }
    }
    ids
}

/// Seat 2's definitions the true events reveal.
fn reveal(events: &[Event], revealed: &mut HashSet<DefId>) {
    let seat2 = PlayerId(1);
    for event in events {
        match event {
            Event::Moved {
                def: Some(def),
                owner,
                from,
                to,
                evolved,
                ..
            } if *owner == seat2 && (!from.is_private() || !to.is_private()) => {
                revealed.insert(*def);
                revealed.extend(evolved);
            }
            Event::CardPlayed { player, def, .. } if *player == seat2 => {
                revealed.insert(*def);
            }
            Event::AbilityTriggered { def, .. }
            | Event::AbilityResolved { def, .. }
            | Event::AbilityFizzled { def, .. } => {
                revealed.insert(*def);
            }
            _ => {}
        }
    }
}

#[test]
fn no_hidden_card_of_the_opponent_reaches_a_seat() {
    let matches: u64 = std::env::var("SVE_LEAK_MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let db = Arc::new(starter_db().expect("bundled cards"));
    // Different classes: seat 1 (Forestcraft) and seat 2 (Dragoncraft)
    // share only neutral cards, which are left out of the check.
    let decks = [deck("SD01", &db), deck("SD05", &db)];
    let own = all_defs(&decks[0]);
    let theirs: HashSet<DefId> = all_defs(&decks[1]).difference(&own).copied().collect();
    let mut frames = 0u64;
    let mut bytes_seen = 0u64;
    let mut checked_defs = 0u64;
    let mut patches = 0u64;
    for seed in 0..matches {
        let mut game = Match::new(Arc::clone(&db), Arc::new(NoAbilities), decks.clone(), seed);
        let mut feed = SeatFeed::new(Viewer::Seat(PlayerId(0)));
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed ^ 0xabcd)];
        let mut revealed: HashSet<DefId> = HashSet::new();
        let mut sent = Sent::new();
        let mut mirror = Mirror::new();
        for step in 0..5000u32 {
            let decision = match game.step() {
                Status::GameOver(_) => None,
                Status::Decision(d) => Some(d.clone()),
            };
            let events = game.take_events();
            reveal(&events, &mut revealed);
            let events = feed.events(&events);
            let view = feed.view(&game);
            // Every number handed out so far and a few past them: the
            // inspector must answer only for cards seat 1 sees now.
            let asked: Vec<CardRef> = (1..=max_number(&view, &events) + 4).map(CardRef).collect();
            let inspected = feed.inspect(&game, &asked);
            assert_eq!(
                leaks::count_inspected(&inspected, Some(0)),
                0,
                "match {seed}: a hidden card was inspected"
            );
            let update = Update {
                events,
                view,
                decision_seq: step,
                waiting_on: decision.as_ref().map(|d| d.player),
                clocks: Clocks::default(),
                resync: false,
                pending: feed.pending(&game),
                inspected,
            };
            let truth = update.view.clone();
            let frame = encode(&sent.message(update));
            frames += 1;
            bytes_seen += frame.len() as u64;
            // Names of seat 2's cards not revealed yet never appear in the
            // bytes.
            for def in theirs.difference(&revealed) {
                let name = db.get(*def).name.as_bytes();
                assert!(
                    !frame.windows(name.len()).any(|w| w == name),
                    "match {seed}: the name of hidden card {} was sent",
                    db.get(*def).name
                );
            }
            let shown = match decode::<ServerMsg>(&frame, MAX_SERVER_FRAME_BYTES) {
                Ok(ServerMsg::Update(whole)) => mirror.whole(*whole).clone(),
                Ok(ServerMsg::Patch(patch)) => {
                    patches += 1;
                    mirror
                        .apply(*patch)
                        .expect("a patch fits the last view")
                        .clone()
                }
                _ => panic!("match {seed}: a frame that does not read back"),
            };
            assert_eq!(
                shown.view, truth,
                "match {seed}: the patched view is the feed's"
            );
            for id in ids_in(&shown.inspected) {
                let def = db.by_card_id(id).expect("inspected ids are card ids");
                assert!(
                    !theirs.contains(&def) || revealed.contains(&def),
                    "match {seed}: seat 2's hidden card {id} was inspected by seat 1"
                );
            }
            for def in defs_in(&shown.view, &shown.events) {
                checked_defs += 1;
                assert!(
                    !theirs.contains(&def) || revealed.contains(&def),
                    "match {seed}: seat 2's hidden card {} was named to seat 1",
                    db.get(def).name
                );
            }
            let Some(decision) = decision else { break };
            let picks = bots[decision.player.idx()].choose(&game, &decision);
            game.answer(decision.player, &picks)
                .expect("bots answer legally");
        }
    }
    eprintln!(
        "leak property: {matches} matches, {frames} frames ({patches} patches), {bytes_seen} bytes, {checked_defs} card definitions checked"
    );
    assert!(patches > matches, "updates went as patches");
    assert!(checked_defs > matches * 10, "the frames did name cards");
}
