use super::{Choice, Phase, Run, RunError};
use crate::balance::Balance;
use crate::content::Content;
use crate::events::EventKind;
use crate::fight::FightResult;
use crate::testing::{only_event, run_on, won};
use sve_engine::decks::starter_deck;

fn start(seed: u64) -> (Run, Content) {
    run_on("SD01", seed, Balance::default())
}

#[test]
fn a_run_starts_in_the_lit_start_room_with_its_torches_and_defense() {
    let (run, _) = start(1);
    let balance = Balance::default();
    assert_eq!(
        (run.torches(), run.defense(), run.floor()),
        (
            balance.light.start_torches,
            balance.player.leader_defense,
            0
        )
    );
    assert_eq!(run.placed().len(), 1);
    // The start room holds its torch: only moves are offered.
    assert!(run.choices().iter().all(|c| matches!(c, Choice::Move(_))));
    for room in run.map().next(run.position()) {
        assert!(run.light(*room) >= 1, "the start torch lights floor 1");
    }
}

#[test]
fn floor_one_is_a_fight_and_a_win_pays_then_offers_cards() {
    let (mut run, content) = start(2);
    let first = run.choices()[0].clone();
    run.apply(first, &content).expect("a move");
    let spec = run.fight().expect("floor 1 is all fights").clone();
    assert_eq!(spec.player_defense, run.max_defense());
    assert!(run.choices().is_empty());
    let gold = run.gold();
    run.apply(
        Choice::Fought(FightResult {
            won: true,
            defense_left: 14,
            turns: 9,
        }),
        &content,
    )
    .expect("the fight's result");
    assert_eq!(run.defense(), 14 + Balance::default().heal.after_fight);
    assert!(run.gold() > gold);
    assert!(matches!(run.phase(), Phase::Reward(_)), "{:?}", run.phase());
    let deck = run.deck().main.len();
    run.apply(Choice::TakeCard(0), &content).expect("a pick");
    assert_eq!(run.deck().main.len(), deck + 1);
}

#[test]
fn a_lost_fight_ends_the_run_and_refuses_more_choices() {
    let (mut run, content) = start(3);
    let first = run.choices()[0].clone();
    run.apply(first.clone(), &content).expect("a move");
    let lost = FightResult {
        won: false,
        defense_left: 0,
        turns: 12,
    };
    run.apply(Choice::Fought(lost), &content)
        .expect("the result");
    assert_eq!(run.outcome(), Some(false));
    assert_eq!(
        run.apply(first.clone(), &content),
        Err(RunError::NotOffered(first))
    );
    assert_eq!(
        run.apply(Choice::Fought(lost), &content),
        Err(RunError::NoFight)
    );
}

#[test]
fn a_placed_torch_lights_the_room_and_costs_a_torch() {
    let (mut run, content) = start(4);
    let first = run.choices()[0].clone();
    run.apply(first, &content).expect("a move");
    run.apply(
        Choice::Fought(FightResult {
            won: true,
            defense_left: 20,
            turns: 9,
        }),
        &content,
    )
    .expect("won");
    while !matches!(run.phase(), Phase::Travel) {
        run.apply(Choice::SkipCard, &content).expect("skip");
    }
    let (here, torches) = (run.position(), run.torches());
    let before = run.light(here);
    run.apply(Choice::PlaceTorch, &content).expect("a torch");
    assert_eq!(run.light(here), before + 1);
    assert_eq!((run.torches(), run.torches_used()), (torches - 1, 1));
    assert!(
        !run.choices().contains(&Choice::PlaceTorch),
        "one torch per room"
    );
}

/// Won fights, no card picks: whatever the run asks until it travels.
fn settle_to_travel(run: &mut Run, content: &Content) {
    while !matches!(run.phase(), Phase::Travel) {
        let choice = match run.phase() {
            Phase::Fight(_) => won(20),
            Phase::Reward(_) => Choice::SkipCard,
            other => panic!("no {other:?} on this map before travel"),
        };
        run.apply(choice, content).expect("offered");
    }
}

#[test]
fn light_changes_a_fights_enemy_and_its_pay() {
    // All fights, no twinkles.
    let mut balance = Balance::default();
    only_event(&mut balance, EventKind::Fight);
    let (mut run, content) = run_on("SD01", 8, balance.clone());
    let tier = balance.tier(1).expect("a tier").defense;
    let mut specs = Vec::new();
    // Floors 1 and 2 are lit by the start torch (radius 2), floor 3 is
    // dark: no torch is placed.
    for _ in 0..3 {
        let next = run.map().next(run.position())[0];
        run.apply(Choice::Move(next), &content).expect("a move");
        let spec = run.fight().expect("all fights").clone();
        assert_eq!(spec.light, run.light(next));
        specs.push(spec);
        if specs.len() < 3 {
            settle_to_travel(&mut run, &content);
        }
    }
    assert_eq!((specs[0].light, specs[2].light), (1, 0));
    let dark = &balance.light.dark;
    assert_eq!((specs[0].enemy_defense, specs[0].enemy_cards), (tier, 0));
    assert_eq!(
        (specs[2].enemy_defense, specs[2].enemy_cards),
        (tier + dark.enemy_defense, dark.enemy_cards)
    );
    // The dark room pays more gold and two card picks.
    let (gold, torches) = (run.gold(), run.torches());
    run.apply(won(20), &content).expect("won");
    let [low, high] = balance.rewards.fight_gold;
    let paid = run.gold() - gold;
    let percent = dark.gold_percent;
    assert!(
        (low * percent / 100..=high * percent / 100).contains(&paid),
        "{paid} gold"
    );
    assert!(matches!(
        run.phase(),
        Phase::Reward(reward) if reward.picks_after + 1 == dark.card_picks
    ));
    // Its rewards: the picks and the torch it may have dropped.
    let dropped = run.torches() - torches;
    assert_eq!(run.fights()[2].rewards, dark.card_picks + dropped);
}

/// A run of 6 floors whose free rooms (floors 2 to 4) all hold `only`,
/// no twinkles, fights paying no gold and leaving 2 defense.
fn one_event_run(only: EventKind, balance: Balance) -> (Run, Content) {
    let mut balance = balance;
    balance.map.floors = 6;
    balance.rewards.fight_gold = [0, 0];
    balance.heal.after_fight = 0;
    only_event(&mut balance, only);
    run_on("SD01", 12, balance)
}

/// The light a room on floor 2 or 3 gets, and how the test reaches it:
/// floor 2 is lit by the start torch alone and bright with a torch
/// placed on floor 1; floor 3 is dark.
#[derive(Clone, Copy, Debug)]
enum Reach {
    Dark,
    Lit,
    Bright,
}

/// Climbs to the room `reach` names, settling every event on the way
/// (fights won with 2 defense left, no cards, shops left, the last
/// option of scenarios), and returns the defense held just before
/// entering it.
fn climb(run: &mut Run, content: &Content, reach: Reach) -> i32 {
    let floor = match reach {
        Reach::Dark => 3,
        Reach::Lit | Reach::Bright => 2,
    };
    loop {
        while !matches!(run.phase(), Phase::Travel) {
            let choice = match run.phase() {
                Phase::Fight(_) => won(2),
                Phase::Reward(_) => Choice::SkipCard,
                Phase::Shop(_) => Choice::Leave,
                Phase::Scenario(_) => run.choices().last().cloned().expect("a free option"),
                other => panic!("no {other:?} on this map"),
            };
            run.apply(choice, content).expect("offered");
        }
        if run.floor() == 1 && matches!(reach, Reach::Bright) {
            run.apply(Choice::PlaceTorch, content).expect("a torch");
        }
        let before = run.defense();
        let next = run.map().next(run.position())[0];
        run.apply(Choice::Move(next), content).expect("a move");
        if run.floor() == floor {
            let expected = match reach {
                Reach::Dark => 0,
                Reach::Lit => 1,
                Reach::Bright => 2,
            };
            assert_eq!(run.light(next), expected, "{reach:?}");
            return before;
        }
    }
}

#[test]
fn light_changes_how_much_a_heal_restores() {
    let mut balance = Balance::default();
    balance.heal.amount = 6;
    for (reach, percent) in [(Reach::Dark, 50), (Reach::Lit, 100), (Reach::Bright, 150)] {
        let (mut run, content) = one_event_run(EventKind::Heal, balance.clone());
        let before = climb(&mut run, &content, reach);
        assert_eq!(
            run.defense() - before,
            6 * percent / 100,
            "{reach:?}: from {before}"
        );
        let effect = run.balance().light_effect(run.light(run.position()));
        assert_eq!(effect.heal_percent, percent as u32, "the shipped numbers");
    }
}

#[test]
fn light_changes_a_shops_prices_and_what_it_pays() {
    let balance = Balance::default();
    let prices = balance.shop.clone();
    for (reach, price_percent, sell_percent) in [
        (Reach::Dark, 125, 150),
        (Reach::Lit, 100, 100),
        (Reach::Bright, 80, 100),
    ] {
        let (mut run, content) = one_event_run(EventKind::Shop, balance.clone());
        climb(&mut run, &content, reach);
        let Phase::Shop(shop) = run.phase().clone() else {
            panic!("{reach:?}: a shop, not {:?}", run.phase());
        };
        let scaled = |base: u32| (base * price_percent + 50) / 100;
        for (id, price) in &shop.cards {
            let base =
                prices.card_price + prices.card_price_per_cost * u32::from(content.cost_of(id));
            assert_eq!(*price, scaled(base), "{reach:?}: {id}");
        }
        assert_eq!(shop.torch_price, scaled(prices.torch_price), "{reach:?}");
        assert_eq!(shop.remove_price, scaled(prices.remove_price), "{reach:?}");
        let sale = (prices.sell_price * sell_percent + 50) / 100;
        assert_eq!(shop.sell_price, sale, "{reach:?}");
        // What the player pays and gets is the shop's price.
        let gold = run.gold();
        run.apply(Choice::Sell(0), &content).expect("a sale");
        assert_eq!(run.gold(), gold + sale, "{reach:?}");
        if run.gold() >= shop.torch_price {
            run.apply(Choice::BuyTorch, &content).expect("a torch");
            assert_eq!(run.gold(), gold + sale - shop.torch_price, "{reach:?}");
        }
    }
}

#[test]
fn light_scales_a_scenarios_gains_and_costs() {
    use crate::balance::{Scenario, ScenarioOption};
    let mut balance = Balance::default();
    balance.player.start_gold = 12;
    balance.scenarios = vec![Scenario {
        id: "toll".to_owned(),
        text: "A toll bridge.".to_owned(),
        options: vec![
            ScenarioOption {
                label: "Rob the keeper".to_owned(),
                gold: 20,
                defense: -4,
                ..ScenarioOption::default()
            },
            ScenarioOption {
                label: "Pay the toll".to_owned(),
                gold: -10,
                defense: 4,
                ..ScenarioOption::default()
            },
            ScenarioOption {
                label: "Walk on".to_owned(),
                ..ScenarioOption::default()
            },
        ],
    }];
    // (gold, defense) of robbing and of paying, and whether 12 gold pays.
    for (reach, rob, pay, affordable) in [
        (Reach::Dark, (30, -6), (-15, 6), false),
        (Reach::Lit, (20, -4), (-10, 4), true),
        (Reach::Bright, (20, -2), (-5, 4), true),
    ] {
        let (mut run, content) = one_event_run(EventKind::Random, balance.clone());
        climb(&mut run, &content, reach);
        assert!(matches!(run.phase(), Phase::Scenario(0)), "{reach:?}");
        let robbed = run.scenario_option(0).expect("an option");
        let paid = run.scenario_option(1).expect("an option");
        assert_eq!((robbed.gold, robbed.defense), rob, "{reach:?}");
        assert_eq!((paid.gold, paid.defense), pay, "{reach:?}");
        assert_eq!(
            run.choices().contains(&Choice::Pick(1)),
            affordable,
            "{reach:?}: 12 gold against {}",
            paid.gold
        );
        // Robbing gives what the light says.
        let (gold, defense) = (run.gold(), run.defense());
        let notes = run.apply(Choice::Pick(0), &content).expect("offered");
        assert_eq!(i64::from(run.gold()) - i64::from(gold), i64::from(rob.0));
        assert_eq!(run.defense(), (defense + rob.1).max(1), "{reach:?}");
        assert!(
            notes[0].contains(&format!("+{} gold", rob.0)),
            "{reach:?}: {notes:?}"
        );
    }
}

#[test]
fn a_special_fight_is_a_guardian_with_its_own_deck_and_special_cards() {
    use crate::events::{EventKind, UniqueKind};
    use crate::fight::{ENEMY, FightKind, FightOptions, board};
    use sve_engine::engine::{SandboxAction, Zone};
    // Every room from floor 1 holds a twinkle's special fight (put
    // back after `one_event_run` turns twinkles off).
    let mut balance = Balance::default();
    balance.map.unique_min_floor = 1;
    balance.odds.unique_fight_percent = 100;
    let (run, content) = one_event_run(EventKind::Heal, balance);
    let mut setup = run.setup().clone();
    setup.balance.map.unique_rooms = 100;
    let balance = setup.balance.clone();
    let mut run = Run::new(setup);
    let first = run.map().next(run.position())[0];
    run.apply(Choice::Move(first), &content).expect("a move");
    settle_to_travel(&mut run, &content);
    run.apply(Choice::PlaceTorch, &content).expect("a torch");
    assert_eq!(run.phase(), &Phase::Unique(UniqueKind::Fight));
    let notes = run.apply(Choice::Accept, &content).expect("accepted");
    let spec = run.fight().expect("the special fight").clone();
    assert_eq!(spec.kind, FightKind::Special);
    let id = spec.special.clone().expect("a shipped special fight");
    let special = balance.special_fight(&id).expect("defined").clone();
    assert!(notes[0].starts_with(&special.name), "{notes:?}");
    // Its own deck, bot, defense (elite and bright light added) and
    // cards on its field.
    assert_eq!(spec.enemy_deck, special.deck);
    assert_eq!(spec.enemy_bot, special.bot);
    assert_eq!(
        spec.enemy_defense,
        special.defense + balance.encounters.elite_defense + balance.light.bright.enemy_defense
    );
    assert_eq!(spec.enemy_field, special.cards);
    let deck = content.deck(&spec.enemy_deck).expect("a built-in deck");
    assert_eq!(
        content.db().get(deck.leader).class,
        content.db().get(deck.main[0]).class,
        "a deck of one class"
    );
    let opening = board::opening(&spec, content.db()).expect("loaded cards");
    let special_card = content.db().by_card_id(&special.cards[0]).expect("loaded");
    assert!(
        opening.contains(&SandboxAction::PutCard {
            player: ENEMY,
            def: special_card,
            zone: Zone::Field,
        }),
        "{opening:?}"
    );
    // It plays to its end as a real match.
    let report = crate::sim::play_fight(
        &run,
        &content,
        &spec,
        crate::balance::parse_bot("easy").expect("a bot"),
        FightOptions {
            check_invariants: true,
        },
    )
    .expect("the decks resolve");
    assert_eq!(report.errors, 0, "{:?}", report.error_samples);
    assert!(report.violations.is_empty(), "{:?}", report.violations);
    // The other shipped guardian is drawn by another seed.
    let drawn: std::collections::BTreeSet<String> = (0..12)
        .filter_map(|seed| {
            let mut setup = run.setup().clone();
            setup.seed = seed;
            let mut other = Run::new(setup);
            let first = other.map().next(other.position())[0];
            other.apply(Choice::Move(first), &content).ok()?;
            settle_to_travel(&mut other, &content);
            other.apply(Choice::PlaceTorch, &content).ok()?;
            other.apply(Choice::Accept, &content).ok()?;
            other.fight()?.special.clone()
        })
        .collect();
    assert_eq!(drawn.len(), balance.special_fights.len(), "{drawn:?}");
}

#[test]
fn a_shop_sells_cards_and_torches_buys_cards_and_removes_one() {
    // Shops on every free room, and gold to spend.
    let mut balance = Balance::default();
    balance.map.floors = 5;
    balance.player.start_gold = 500;
    only_event(&mut balance, EventKind::Shop);
    let (mut run, content) = run_on("SD01", 4, balance.clone());
    for _ in 0..2 {
        settle_to_travel(&mut run, &content);
        let next = run.map().next(run.position())[0];
        run.apply(Choice::Move(next), &content).expect("a move");
    }
    let Phase::Shop(shop) = run.phase().clone() else {
        panic!("floor 2 is a shop, not {:?}", run.phase());
    };
    let prices = &balance.shop;
    assert_eq!(shop.cards.len() as u32, prices.cards_offered);
    for (id, price) in &shop.cards {
        let cost = u32::from(content.cost_of(id));
        assert_eq!(
            *price,
            prices.card_price + prices.card_price_per_cost * cost
        );
    }
    let (gold, deck) = (run.gold(), run.deck().main.len());
    run.apply(Choice::Buy(0), &content).expect("a card");
    assert_eq!(run.gold(), gold - shop.cards[0].1);
    assert_eq!(run.deck().main.last(), Some(&shop.cards[0].0));
    let Phase::Shop(after) = run.phase() else {
        panic!("still shopping");
    };
    assert_eq!(after.cards.len(), shop.cards.len() - 1, "sold once");
    let torches = run.torches();
    run.apply(Choice::BuyTorch, &content).expect("a torch");
    run.apply(Choice::BuyTorch, &content).expect("another");
    assert_eq!(run.torches(), torches + 2);
    assert!(!run.choices().contains(&Choice::BuyTorch), "two a shop");
    let gold = run.gold();
    run.apply(Choice::Remove(0), &content).expect("a removal");
    assert_eq!(run.gold(), gold - prices.remove_price);
    assert!(
        !run.choices().iter().any(|c| matches!(c, Choice::Remove(_))),
        "one removal a shop"
    );
    run.apply(Choice::Sell(0), &content).expect("a sale");
    assert_eq!(run.gold(), gold - prices.remove_price + prices.sell_price);
    assert_eq!(run.deck().main.len(), deck + 1 - 2);
    run.apply(Choice::Leave, &content).expect("out");
    assert_eq!(run.phase(), &Phase::Travel);
}

#[test]
fn a_unique_event_waits_for_bright_light_and_may_be_declined() {
    use crate::events::UniqueKind;
    // Every room from floor 1 holds a unique relic; the free rooms
    // are heals.
    let mut balance = Balance::default();
    balance.map.floors = 5;
    only_event(&mut balance, EventKind::Heal);
    balance.map.unique_rooms = 100;
    balance.map.unique_min_floor = 1;
    balance.odds.unique_fight_percent = 0;
    let (mut run, content) = run_on("SD01", 3, balance);
    // Floor 1, lit by the start torch alone: the fight, and no twinkle.
    let first = run.map().next(run.position())[0];
    run.apply(Choice::Move(first), &content).expect("a move");
    assert_eq!(run.light(first), 1);
    settle_to_travel(&mut run, &content);
    assert_eq!(run.phase(), &Phase::Travel, "level 1 wakes no twinkle");
    // A torch makes the room bright: the twinkle takes shape.
    run.apply(Choice::PlaceTorch, &content).expect("a torch");
    assert_eq!(run.light(first), 2);
    assert_eq!(run.phase(), &Phase::Unique(UniqueKind::Relic));
    assert_eq!(run.choices(), [Choice::Accept, Choice::Decline]);
    run.apply(Choice::Decline, &content).expect("declined");
    assert_eq!(run.phase(), &Phase::Travel);
    assert!(run.relics().is_empty());
    // Floor 2 is bright from both torches: after the heal, its twinkle
    // comes at once, and accepting it gives a relic.
    let second = run.map().next(run.position())[0];
    run.apply(Choice::Move(second), &content).expect("a move");
    assert!(run.light(second) >= 2);
    assert_eq!(run.phase(), &Phase::Unique(UniqueKind::Relic));
    run.apply(Choice::Accept, &content).expect("accepted");
    assert_eq!(run.relics().len(), 1);
    assert_eq!(run.phase(), &Phase::Travel);
}

/// A balance of 5 floors whose free rooms are all one scenario: an
/// option giving you poison for the next fight and a relic poisoning
/// the enemy in every fight.
fn status_balance() -> Balance {
    use crate::balance::{RelicDef, Scenario, ScenarioOption};
    use crate::status::{StatusGrant, Target};
    let mut balance = Balance::default();
    balance.map.floors = 5;
    only_event(&mut balance, EventKind::Random);
    let grant = |target, turns| StatusGrant {
        status: "poison".to_owned(),
        target,
        turns,
        fights: 1,
    };
    balance.relics.push(RelicDef {
        id: "venom".to_owned(),
        name: "Venom".to_owned(),
        text: "The enemy is poisoned.".to_owned(),
        effect: None,
        card: Some("SD01-002".to_owned()),
        status: Some(grant(Target::Enemy, 3)),
    });
    balance.scenarios = vec![Scenario {
        id: "spring".to_owned(),
        text: "A bitter spring.".to_owned(),
        options: vec![
            ScenarioOption {
                label: "Drink".to_owned(),
                status: Some(grant(Target::You, 2)),
                relic: Some("venom".to_owned()),
                ..ScenarioOption::default()
            },
            ScenarioOption {
                label: "Walk on".to_owned(),
                ..ScenarioOption::default()
            },
        ],
    }];
    balance
}

#[test]
fn statuses_from_events_last_their_fights_and_relics_every_fight() {
    use crate::status::Target;
    let balance = status_balance();
    balance
        .check("", "test", &|name| starter_deck(name).is_some())
        .unwrap_or_else(|e| panic!("{e}"));
    let (mut run, content) = run_on("SD01", 9, balance);
    let mut specs = Vec::new();
    let mut drank = false;
    while run.outcome().is_none() {
        if let Some(spec) = run.fight() {
            specs.push(spec.clone());
            run.apply(won(20), &content).expect("a result");
            continue;
        }
        let choice = match run.phase() {
            Phase::Scenario(_) if !drank => {
                drank = true;
                Choice::Pick(0)
            }
            Phase::Scenario(_) => Choice::Pick(1),
            Phase::Reward(_) => Choice::SkipCard,
            _ => run
                .choices()
                .into_iter()
                .find(|c| matches!(c, Choice::Move(_)))
                .expect("a move"),
        };
        let picked_status = choice == Choice::Pick(0);
        run.apply(choice, &content).expect("offered");
        if picked_status {
            assert_eq!(run.pending_statuses().len(), 1);
            assert_eq!(run.relics(), ["venom"]);
        }
    }
    assert_eq!(run.outcome(), Some(true));
    // Floor 1's fight came before the spring: no status, no relic.
    assert!(specs[0].statuses.is_empty() && specs[0].player_cards.is_empty());
    // The boss: your poison (the next fight only) and the relic's.
    let boss = specs.last().expect("the boss fight");
    let targets: Vec<Target> = boss.statuses.iter().map(|s| s.target).collect();
    assert_eq!(targets, [Target::Enemy, Target::You], "{boss:?}");
    assert_eq!(boss.player_cards, ["SD01-002"]);
    assert!(run.pending_statuses().is_empty(), "the poison was used up");
}

mod props {
    use crate::balance::Balance;
    use crate::content::Content;
    use crate::fight::FightResult;
    use crate::run::{Choice, Phase, Run};
    use crate::testing::run_on;
    use proptest::prelude::*;

    /// A run of `seed` whose map holds many twinkles and whose player
    /// has torches to wake them.
    fn start(seed: u64) -> (Run, Content) {
        let mut balance = Balance::default();
        balance.map.unique_rooms = 12;
        balance.map.unique_min_floor = 1;
        balance.light.start_torches = 8;
        run_on("SD01", seed, balance)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Whatever the player chooses: a move goes one floor up, to
        /// the room above or a side neighbour the map links; a twinkle
        /// wakes only in a room at light 2 or more (20 woke in the 24
        /// cases when this was written);
        /// the light level of every room is its torches' count; a
        /// torch costs one.
        #[test]
        fn any_run_climbs_one_floor_a_move_and_wakes_twinkles_only_in_bright_light(
            seed in any::<u64>(),
            picks in prop::collection::vec(any::<u16>(), 400),
        ) {
            let (mut run, content) = start(seed);
            for pick in picks {
                if run.outcome().is_some() {
                    break;
                }
                let choice = if let Phase::Fight(_) = run.phase() {
                    // Most fights won, some lost (ending the run).
                    Choice::Fought(FightResult {
                        won: pick % 16 != 0,
                        defense_left: i32::from(pick % 20) + 1,
                        turns: 7,
                    })
                } else {
                    let choices = run.choices();
                    prop_assert!(!choices.is_empty(), "stuck in {:?}", run.phase());
                    choices[usize::from(pick) % choices.len()].clone()
                };
                let (from, torches) = (run.position(), run.torches());
                run.apply(choice.clone(), &content).expect("an offered choice");
                let map = run.map();
                match choice {
                    Choice::Move(to) => {
                        let (a, b) = (map.room(from).expect("a room"), map.room(to).expect("a room"));
                        prop_assert_eq!(run.position(), to);
                        prop_assert_eq!(b.floor, a.floor + 1);
                        prop_assert!(b.column.abs_diff(a.column) <= 1);
                        prop_assert!(map.next(from).contains(&to));
                    }
                    Choice::PlaceTorch => prop_assert_eq!(run.torches(), torches - 1),
                    _ => {}
                }
                if let Phase::Unique(_) = run.phase() {
                    prop_assert!(run.light(run.position()) >= 2);
                    prop_assert!(map.room(run.position()).is_some_and(|r| r.unique.is_some()));
                }
                for room in map.ids() {
                    prop_assert_eq!(
                        run.light(room),
                        crate::light::level(map, run.placed(), room)
                    );
                }
            }
        }
    }
}
