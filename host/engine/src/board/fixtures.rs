//! Test cards: vanilla followers `V1`..`V5` (attack = defense = cost), one
//! card per keyword, and a few cards with abilities written in Rust, so
//! rules tests stay tiny. Ids start with `TEST-`.

use crate::cards::{
    AbilityDef, AbilityKind, ActivationZone, CardDb, CardDef, CardFilter, CardType, Class,
    CostItem, Counter, Grant, Keywords, PassiveCondition, PassiveDef, PassiveScope, Trigger,
};
use crate::engine::{
    Choice, Duration, FnRunner, PlayerId, QuestionMeta, QuestionRole, TokenDestination, Zone,
};

fn card(
    id: &str,
    name: &str,
    card_type: CardType,
    cost: Option<u8>,
    stats: Option<(i32, i32)>,
) -> CardDef {
    CardDef {
        id: id.to_owned(),
        name: name.to_owned(),
        class: Class::Neutral,
        card_type,
        traits: Vec::new(),
        cost,
        attack: stats.map(|s| s.0),
        defense: stats.map(|s| s.1),
        evolve_cost: None,
        keywords: Keywords::empty(),
        initial_counters: Vec::new(),
        is_token: false,
        abilities: Vec::new(),
        text: String::new(),
        shown_name: None,
        unplayable: None,
        declared_keywords: Vec::new(),
        declared_counters: Vec::new(),
        universe: None,
        rarity: None,
        advanced: false,
        also_named: Vec::new(),
        alternate_name: None,
        back_of: None,
        evolves_into: Vec::new(),
        face_evolve_costs: Vec::new(),
        equipment: false,
        trigger_icon: None,
        token_kind: None,
    }
}

fn follower(id: &str, name: &str, cost: u8, attack: i32, defense: i32) -> CardDef {
    card(
        id,
        name,
        CardType::Follower,
        Some(cost),
        Some((attack, defense)),
    )
}

fn with_keywords(mut def: CardDef, keywords: Keywords) -> CardDef {
    def.keywords = keywords;
    def
}

/// An ability of `kind` named `name`, with no costs and no text.
pub(crate) fn ability(name: &str, kind: AbilityKind) -> AbilityDef {
    AbilityDef {
        name: name.to_owned(),
        kind,
        costs: Vec::new(),
        once_per_turn: false,
        union_burst: false,
        advanced: false,
        text: String::new(),
    }
}

fn with_ability(mut def: CardDef, ability: AbilityDef) -> CardDef {
    def.abilities.push(ability);
    def
}

/// Every test card definition.
pub fn test_cards() -> Vec<CardDef> {
    let mut cards = vec![card("TEST-LD", "Test Leader", CardType::Leader, None, None)];
    for n in 1..=5u8 {
        let mut base = follower(
            &format!("TEST-V{n}"),
            &format!("V{n}"),
            n,
            i32::from(n),
            i32::from(n),
        );
        base.evolve_cost = Some(n.min(3));
        cards.push(base);
        cards.push(card(
            &format!("TEST-V{n}E"),
            &format!("V{n} (Evolved)"),
            CardType::EvolvedFollower,
            None,
            Some((i32::from(n) + 2, i32::from(n) + 2)),
        ));
    }
    cards.extend([
        with_keywords(follower("TEST-WARD", "Warden", 2, 1, 4), Keywords::WARD),
        with_keywords(follower("TEST-STORM", "Stormer", 2, 2, 1), Keywords::STORM),
        with_keywords(follower("TEST-RUSH", "Rusher", 2, 2, 2), Keywords::RUSH),
        with_keywords(
            follower("TEST-ASSAIL", "Assailant", 2, 2, 2),
            Keywords::ASSAIL,
        ),
        with_keywords(follower("TEST-BANE", "Baneling", 1, 1, 1), Keywords::BANE),
        with_keywords(follower("TEST-DRAIN", "Drainer", 2, 2, 2), Keywords::DRAIN),
        with_keywords(
            follower("TEST-INTIM", "Intimidator", 2, 2, 2),
            Keywords::INTIMIDATE,
        ),
        with_keywords(follower("TEST-AURA", "Aura Guard", 1, 1, 1), Keywords::AURA),
        with_keywords(
            follower("TEST-IGNORE", "Wardbreaker", 2, 2, 2),
            Keywords::IGNORE_WARD,
        ),
        with_keywords(
            follower("TEST-UNKILL", "Unbreakable", 2, 1, 5),
            Keywords::CANNOT_DESTROY_BY_ABILITIES,
        ),
    ]);
    let mut token = follower("TEST-TOKEN", "Test Fairy", 1, 1, 1);
    token.is_token = true;
    token.traits = vec!["Token".to_owned()];
    cards.push(token);
    let mut totem = card("TEST-TOTEM", "Stack Totem", CardType::Amulet, Some(1), None);
    totem.keywords = Keywords::STACK;
    totem.initial_counters = vec![(Counter::Stack, 1)];
    cards.push(totem);
    let mut altar = with_ability(
        card("TEST-ALTAR", "Stack Altar", CardType::Amulet, Some(1), None),
        ability(
            "Act",
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Field,
            },
        ),
    );
    altar.keywords = Keywords::STACK;
    altar.initial_counters = vec![(Counter::Stack, 2)];
    altar.abilities[0].costs = vec![CostItem::BurySelf];
    cards.push(altar);
    // Abilities (bodies in `test_runner`).
    cards.push(with_ability(
        follower("TEST-LW", "Last Drawer", 1, 1, 1),
        ability("Last Words", AbilityKind::Triggered(Trigger::LastWords)),
    ));
    cards.push(with_ability(
        follower("TEST-PING", "Pinger", 2, 2, 2),
        ability("Fanfare", AbilityKind::Triggered(Trigger::Fanfare)),
    ));
    cards.push(with_ability(
        follower("TEST-GROW", "Grower", 3, 2, 2),
        ability(
            "Grow",
            AbilityKind::Triggered(Trigger::OnOtherEnterField(CardFilter::followers())),
        ),
    ));
    let mut bolt = card("TEST-BOLT", "Quick Bolt", CardType::Spell, Some(1), None);
    bolt.keywords = Keywords::QUICK;
    let bolt = with_ability(bolt, ability("Spell", AbilityKind::Spell));
    cards.push(bolt);
    cards.push(with_ability(
        card("TEST-FAIRIES", "Fairy Ring", CardType::Spell, Some(1), None),
        ability("Spell", AbilityKind::Spell),
    ));
    let mut striker = with_ability(
        follower("TEST-STRIKE", "Striker", 2, 2, 2),
        ability("Strike", AbilityKind::Triggered(Trigger::Strike)),
    );
    striker.abilities[0].once_per_turn = true;
    cards.push(striker);
    let mut forge = with_ability(
        card("TEST-FORGE", "Forge", CardType::Amulet, Some(1), None),
        ability(
            "Act",
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Field,
            },
        ),
    );
    forge.abilities[0].costs = vec![CostItem::PlayPoints(1), CostItem::EngageSelf];
    cards.push(forge);
    // Costs that ask for cards, for taking an activation back
    // (`flow/cancel.rs`).
    let mut sifter = with_ability(
        card("TEST-SIFT", "Sifter", CardType::Amulet, Some(1), None),
        ability(
            "Sift",
            AbilityKind::Activated {
                quick: true,
                zone: ActivationZone::Field,
            },
        ),
    );
    sifter.abilities[0].once_per_turn = true;
    sifter.abilities[0].costs = vec![
        CostItem::PlayPoints(1),
        CostItem::EngageSelf,
        CostItem::Discard(1, CardFilter::default()),
        CostItem::Discard(1, CardFilter::default()),
    ];
    cards.push(sifter);
    // An automatic ability's optional cost that asks for a card, for
    // taking back its "yes" (`flow/cancel.rs`).
    let mut trader = with_ability(
        follower("TEST-TRADE", "Trader", 1, 1, 1),
        ability("Fanfare", AbilityKind::Triggered(Trigger::Fanfare)),
    );
    trader.abilities[0].costs = vec![CostItem::Discard(1, CardFilter::default())];
    cards.push(trader);
    // An optional cost its card code asks about, as a sub-ability's is
    // (`AbilityCtx::choose_with`).
    cards.push(with_ability(
        follower("TEST-BARTER", "Barterer", 1, 1, 1),
        ability("Fanfare", AbilityKind::Triggered(Trigger::Fanfare)),
    ));
    let mut palm_reader = with_ability(
        follower("TEST-PALM", "Palm Reader", 1, 1, 1),
        ability(
            "Read",
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Hand,
            },
        ),
    );
    palm_reader.abilities[0].costs = vec![CostItem::Discard(1, CardFilter::default())];
    cards.push(palm_reader);
    cards.push(with_ability(
        follower("TEST-CAPTAIN", "Captain", 3, 2, 2),
        ability(
            "Passive",
            AbilityKind::Passive(PassiveDef {
                grant: Grant::Stats {
                    attack: 1,
                    defense: 0,
                },
                scope: PassiveScope::OtherAlliesOnField(CardFilter::followers()),
                condition: PassiveCondition::Always,
            }),
        ),
    ));
    cards.push(with_ability(
        follower("TEST-MOURN", "Mourner", 1, 1, 1),
        ability(
            "Mourn",
            AbilityKind::Triggered(Trigger::OnOtherLeaveField(CardFilter::followers())),
        ),
    ));
    cards.push(with_ability(
        card("TEST-KEEN", "Keen Watcher", CardType::Amulet, Some(1), None),
        ability(
            "Watch",
            AbilityKind::Triggered(Trigger::OnOtherLeaveField(CardFilter {
                types: vec![CardType::EvolvedFollower],
                keywords: Keywords::WARD,
                engaged: Some(true),
                ..CardFilter::default()
            })),
        ),
    ));
    cards.push(with_ability(
        follower("TEST-BROKEN", "Broken Card", 1, 1, 1),
        ability("Fanfare", AbilityKind::Triggered(Trigger::Fanfare)),
    ));
    cards
}

/// The test cards as a database, with the bundled starter cards.
pub fn test_db() -> CardDb {
    let mut defs = crate::cards::starter::parse_cards(crate::cards::starter::STARTER_CARDS_JSON)
        .unwrap_or_default();
    defs.extend(test_cards());
    // OK: test card ids are distinct from the starter ids and each other.
    CardDb::new(defs).unwrap_or_default()
}

/// The test cards (without the starter cards) and one more, for a test of
/// one passive: a copy of the card `base` with id `id` and name `name`,
/// whose only ability is `passive`. `None` if `base` is no test card.
pub fn test_db_with_passive(
    base: &str,
    id: &str,
    name: &str,
    passive: PassiveDef,
) -> Option<CardDb> {
    let mut cards = test_cards();
    let mut card = cards.iter().find(|c| c.id == base)?.clone();
    card.id = id.to_owned();
    card.name = name.to_owned();
    card.abilities = vec![ability("Passive", AbilityKind::Passive(passive))];
    cards.push(card);
    CardDb::new(cards).ok()
}

/// The Rust bodies of the test cards' abilities.
pub fn test_runner() -> FnRunner {
    FnRunner::new()
        // Last Drawer — Last Words: draw a card.
        // Trader — Fanfare: you may discard a card; if you do, draw 2.
        .ability("TEST-TRADE", 0, |cx| {
            let me = cx.controller();
            cx.draw(me, 2);
            Ok(())
        })
        // Barterer — Fanfare: you may pay 1 play point and discard 2
        // cards, one at a time: draw 3. The code asks about the cost.
        .ability("TEST-BARTER", 0, |cx| {
            let me = cx.controller();
            let optional = QuestionMeta {
                role: QuestionRole::OptionalCost,
                series: None,
            };
            let options = vec![Choice::Yes, Choice::No];
            let pay = cx.choose_with(me, "Pay the cost of Barter?", options, 1, 1, optional)?;
            if pay != [0] {
                return Ok(());
            }
            cx.add_play_points(me, -1);
            for _ in 0..2 {
                let hand = cx.query().cards(me, Zone::Hand, &CardFilter::default());
                let options = hand.iter().map(|c| Choice::Card(*c)).collect();
                let cost = QuestionMeta {
                    role: QuestionRole::Cost,
                    series: None,
                };
                let picked = cx.choose_with(me, "Discard to pay the cost", options, 1, 1, cost)?;
                let cards: Vec<_> = picked
                    .iter()
                    .filter_map(|i| hand.get(*i).copied())
                    .collect();
                cx.discard(&cards);
            }
            cx.draw(me, 3);
            Ok(())
        })
        .ability("TEST-LW", 0, |cx| {
            let me = cx.controller();
            cx.draw(me, 1);
            Ok(())
        })
        // Pinger — Fanfare: select an enemy follower, deal it 1 damage.
        .ability("TEST-PING", 0, |cx| {
            let opponent = cx.controller().opponent();
            let targets = cx
                .query()
                .cards(opponent, Zone::Field, &CardFilter::followers());
            let picked = cx.select_cards("Deal 1 damage to", targets, 1, 1)?;
            for card in picked {
                cx.damage_follower(card, 1);
            }
            Ok(())
        })
        // Grower — whenever another follower enters your field, +1/+1.
        .ability("TEST-GROW", 0, |cx| {
            let me = cx.source();
            cx.give_stats(me, 1, 1, Duration::WhileInZone);
            Ok(())
        })
        // Quick Bolt — select a follower, deal it 2 damage.
        .ability("TEST-BOLT", 0, |cx| {
            let mut targets = Vec::new();
            for player in PlayerId::BOTH {
                targets.extend(
                    cx.query()
                        .cards(player, Zone::Field, &CardFilter::followers()),
                );
            }
            for card in cx.select_cards("Deal 2 damage to", targets, 1, 1)? {
                cx.damage_follower(card, 2);
            }
            Ok(())
        })
        .condition("TEST-BOLT", 0, |q| {
            PlayerId::BOTH.iter().any(|p| {
                !q.cards(*p, Zone::Field, &CardFilter::followers())
                    .is_empty()
            })
        })
        // Fairy Ring — choose: 2 tokens to the field, or 3 to the EX area.
        .ability("TEST-FAIRIES", 0, |cx| {
            let me = cx.controller();
            let token = cx
                .query()
                .db()
                .by_card_id("TEST-TOKEN")
                .ok_or_else(|| crate::engine::Halt::Failed("no token card".into()))?;
            let pick = cx.choose_option("Fairy Ring", &["2 to the field", "3 to the EX area"])?;
            if pick == 0 {
                cx.summon_token(me, token, 2, TokenDestination::Field);
            } else {
                cx.summon_token(me, token, 3, TokenDestination::ExArea);
            }
            Ok(())
        })
        // Striker — Strike (once per turn): refresh this follower.
        .ability("TEST-STRIKE", 0, |cx| {
            let me = cx.source();
            cx.refresh(me);
            Ok(())
        })
        // Forge — [act] [cost01] [engage]: your leader gains 2 defense.
        .ability("TEST-FORGE", 0, |cx| {
            let me = cx.controller();
            cx.change_leader_defense(me, 2);
            Ok(())
        })
        // Sifter — [act] [q] once per turn, [cost01] [engage], discard a
        // card, discard a card: your leader gains 3 defense.
        .ability("TEST-SIFT", 0, |cx| {
            let me = cx.controller();
            cx.change_leader_defense(me, 3);
            Ok(())
        })
        // Palm Reader — [act] from the hand, discard another card: your
        // leader gains 1 defense.
        .ability("TEST-PALM", 0, |cx| {
            let me = cx.controller();
            cx.change_leader_defense(me, 1);
            Ok(())
        })
        // Stack Altar — [act] put this card into the cemetery: your leader
        // gains 1 defense.
        .ability("TEST-ALTAR", 0, |cx| {
            let me = cx.controller();
            cx.change_leader_defense(me, 1);
            Ok(())
        })
        // Mourner — whenever another follower leaves your field, draw a card.
        .ability("TEST-MOURN", 0, |cx| {
            let me = cx.controller();
            cx.draw(me, 1);
            Ok(())
        })
        // Keen Watcher — whenever another engaged evolved follower with
        // Ward leaves your field, draw a card.
        .ability("TEST-KEEN", 0, |cx| {
            let me = cx.controller();
            cx.draw(me, 1);
            Ok(())
        })
        // Broken Card — its code fails.
        .ability("TEST-BROKEN", 0, |cx| {
            let me = cx.controller();
            cx.draw(me, 1);
            Err(crate::engine::Halt::Failed("card code panicked".into()))
        })
}

/// Whether a choice names this card.
pub fn is_card(choice: &Choice, card: crate::engine::CardRef) -> bool {
    matches!(choice, Choice::Card(c) if *c == card)
}
