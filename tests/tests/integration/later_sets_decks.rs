//! The later-sets test pack's decks (`tests/packs/later-sets/decks`): legal,
//! and seeded random-bot matches against a starter deck play clean while
//! the bots use the mechanics the deck holds: Fuse (later-sets §9), `[adv]`
//! abilities and advanced cards summoned from the evolve deck (§6) and
//! crests (§4), one that lets its controller choose any number of
//! options, in LTS-FORGE; equipment (§5), with double-faced cards in the
//! deck (one whose faces cost their own), Maneuver and type change (§12.4,
//! §12.6), damage replacements (§11.2) and an X the script pays itself
//! (§1.3), in LTS-ARMORY; drive checks, Triggers and Rides (§2) in
//! LTS-VANGUARD, a deck built on the Vanguard universe; Union Burst (§1),
//! X costs and a damage replacement (§11.2) in LTS-GUILD, built on
//! Princess Connect! Re:Dive; Lessons paid with Magical Items (§3) in
//! LTS-STAGE, built on THE IDOLM@STER CINDERELLA GIRLS. The 1,000- and
//! 200-game runs of every pairing are an ignored test here
//! (`every_later_sets_deck_pairing_...`, run in release).

use std::path::PathBuf;
use std::sync::Arc;
use sve_engine::bot::{Bot, BotKind};
use sve_engine::cards::CardType;
use sve_engine::engine::{Event, Match, MoveCause, Zone};
use sve_engine::sim::{PlayOptions, play_bot_match};
use sve_tests::Base;

fn dir() -> PathBuf {
    sve_tests::workspace_root().join("tests/packs/later-sets")
}

/// Loads the pack, checks that deck `name` of it is legal, and plays it
/// against starter deck `opponent` for 40 seeded random-bot matches, each
/// clean (no invariant violation, fizzle or turn-cap hit); `look` reads
/// each finished match and its log.
fn play_clean(name: &str, opponent: &str, mut look: impl FnMut(&Match, &[Event])) {
    let loaded = sve_tests::pack_library(&[dir()], Base::Starter).loaded();
    let errors = sve_tests::load_errors(&loaded.diagnostics);
    assert!(errors.is_empty(), "{errors:#?}");
    let file = sve_packs::deck_files::load_deck_from_packs(name, &[dir()]).expect("the deck reads");
    let problems = sve_engine::decks::check_deck(&file, &loaded.db);
    assert!(problems.is_empty(), "{problems:?}");
    let deck = sve_engine::decks::resolve(&file, &loaded.db).expect("resolves");
    let decks = [deck, sve_tests::starter_deck(&loaded.db, opponent)];
    let options = PlayOptions {
        turn_cap: 200,
        check_invariants: true,
        keep_log: true,
    };
    for seed in 0..40u64 {
        let mut game = Match::new(Arc::clone(&loaded.db), loaded.runner(), decks.clone(), seed);
        let mut bots: [Box<dyn Bot + Send>; 2] =
            [BotKind::Random.build(seed), BotKind::Random.build(seed + 1)];
        let report = play_bot_match(&mut game, &mut bots, options);
        assert!(
            report.violations.is_empty() && report.fizzles == 0 && !report.turn_cap_hit,
            "{name} seed {seed}: {:?} {:?}",
            report.violations,
            report.fizzle_reasons
        );
        look(&game, &report.log);
    }
}

#[test]
fn the_forge_deck_is_legal_plays_clean_and_its_mechanics_are_used() {
    let (mut fused, mut adv, mut crests, mut summoned) = (0, 0, 0, 0);
    play_clean("LTS-FORGE", "SD02", |game, log| {
        let db = game.db();
        for event in log {
            match *event {
                Event::Fused { .. } => fused += 1,
                Event::AbilityActivated { card, ability } => {
                    let def = game.state().current_def(db, card);
                    if def
                        .abilities
                        .get(usize::from(ability.0))
                        .is_some_and(|a| a.advanced)
                    {
                        adv += 1;
                    }
                }
                Event::Moved {
                    def: Some(def),
                    to: Zone::ExArea,
                    cause: MoveCause::TokenCreated,
                    ..
                } if db.get(def).card_type == CardType::Crest => crests += 1,
                Event::Moved {
                    def: Some(def),
                    from: Zone::EvolveDeck,
                    to: Zone::Field,
                    ..
                } if db.get(def).advanced => summoned += 1,
                _ => {}
            }
        }
    });
    assert!(
        fused > 0 && adv > 0 && crests > 0 && summoned > 0,
        "fused {fused}, [adv] activations {adv}, crests made {crests}, advanced cards summoned {summoned}"
    );
}

#[test]
fn the_armory_deck_is_legal_plays_clean_and_equips() {
    use sve_engine::engine::EffectKind;
    let (mut equipped, mut maneuvered, mut changed, mut shields) = (0, 0, 0, 0);
    play_clean("LTS-ARMORY", "SD01", |_, log| {
        for event in log {
            match event {
                Event::Equipped { .. } => equipped += 1,
                Event::EffectAdded { kind, .. } => match kind {
                    EffectKind::Maneuvered => maneuvered += 1,
                    EffectKind::BecomesType(_) => changed += 1,
                    EffectKind::DamageTaken(_) => shields += 1,
                    _ => {}
                },
                _ => {}
            }
        }
    });
    assert!(
        equipped > 0 && maneuvered > 0 && changed > 0 && shields > 0,
        "equipped {equipped}, maneuvered {maneuvered}, type changes {changed}, damage replacements {shields}"
    );
}

#[test]
fn the_vanguard_deck_is_legal_plays_clean_drives_and_rides() {
    let (mut checks, mut resolved, mut drives) = (0, 0, 0);
    play_clean("LTS-VANGUARD", "SD01", |_, log| {
        for event in log {
            match event {
                Event::DriveChecked { .. } => checks += 1,
                Event::TriggerResolved { .. } => resolved += 1,
                Event::DriveGiven { .. } => drives += 1,
                _ => {}
            }
        }
    });
    assert!(
        checks > 0 && resolved > 0 && drives > 0,
        "drive checks {checks}, Triggers resolved {resolved}, Drive given {drives}"
    );
}

#[test]
fn the_guild_deck_is_legal_plays_clean_and_executes_union_bursts() {
    use sve_engine::engine::{EffectKind, PendingWhat};
    let (mut executed, mut replacements) = (0, 0);
    play_clean("LTS-GUILD", "SD02", |game, log| {
        for event in log {
            match event {
                Event::AbilityResolved {
                    def,
                    ability: PendingWhat::Ability(idx),
                    ..
                } if game.db().get(*def).abilities[usize::from(idx.0)].union_burst => {
                    executed += 1;
                }
                Event::EffectAdded {
                    kind: EffectKind::DamageTaken(_),
                    ..
                } => replacements += 1,
                _ => {}
            }
        }
    });
    assert!(
        executed > 0 && replacements > 0,
        "[ub] abilities executed {executed}, damage replacements made {replacements}"
    );
}

#[test]
fn the_stage_deck_is_legal_plays_clean_and_pays_lessons() {
    let mut lessons = 0;
    play_clean("LTS-STAGE", "SD05", |_, log| {
        lessons += log
            .iter()
            .filter(|event| {
                matches!(
                    event,
                    Event::Moved {
                        from: Zone::ExArea,
                        to: Zone::Banished,
                        cause: MoveCause::Cost,
                        ..
                    }
                )
            })
            .count();
    });
    assert!(lessons > 0, "Magical Items banished for Lessons: {lessons}");
}

/// The deck criterion in full (issue 33, "Done when"): each of
/// the five decks plays 1,000 random-bot matches against SD01, SD02, SD05
/// and itself, and 200 easy-bot matches against SD01 and SD02, each with
/// no fizzle, rejected answer, invariant violation or turn-cap hit: about
/// 22,000 matches, minutes in a release build. Run it with
/// `cargo test --release -p sve-tests --test integration -- --ignored every_later_sets_deck_pairing`.
#[test]
#[ignore = "about 22,000 matches: run it in a release build (see its doc comment)"]
fn every_later_sets_deck_pairing_plays_clean_1000_random_and_200_easy_matches() {
    let loaded = sve_tests::pack_library(&[dir()], Base::Starter).loaded();
    let errors = sve_tests::load_errors(&loaded.diagnostics);
    assert!(errors.is_empty(), "{errors:#?}");
    let lts = |name: &str| {
        let file =
            sve_packs::deck_files::load_deck_from_packs(name, &[dir()]).expect("the deck reads");
        sve_engine::decks::resolve(&file, &loaded.db).expect("resolves")
    };
    let options = PlayOptions {
        turn_cap: 200,
        check_invariants: true,
        keep_log: false,
    };
    let mut failures = Vec::new();
    for name in [
        "LTS-FORGE",
        "LTS-ARMORY",
        "LTS-VANGUARD",
        "LTS-GUILD",
        "LTS-STAGE",
    ] {
        let deck = lts(name);
        let starter = |code: &str| sve_tests::starter_deck(&loaded.db, code);
        let runs = [
            ("SD01", starter("SD01"), BotKind::Random, 1000u64),
            ("SD02", starter("SD02"), BotKind::Random, 1000),
            ("SD05", starter("SD05"), BotKind::Random, 1000),
            ("itself", deck.clone(), BotKind::Random, 1000),
            ("SD01", starter("SD01"), BotKind::Greedy, 200),
            ("SD02", starter("SD02"), BotKind::Greedy, 200),
        ];
        for (against, opponent, kind, games) in runs {
            let decks = [deck.clone(), opponent];
            for seed in 0..games {
                let mut game =
                    Match::new(Arc::clone(&loaded.db), loaded.runner(), decks.clone(), seed);
                let mut bots: [Box<dyn Bot + Send>; 2] = [kind.build(seed), kind.build(seed + 1)];
                let report = play_bot_match(&mut game, &mut bots, options);
                if !report.violations.is_empty()
                    || report.fizzles > 0
                    || report.rejected_answers > 0
                    || report.turn_cap_hit
                {
                    failures.push(format!(
                        "{name} v {against}, {kind:?} bots, seed {seed}: {:?} {:?} {} rejected, turn cap {}",
                        report.violations,
                        report.fizzle_reasons,
                        report.rejected_answers,
                        report.turn_cap_hit
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
