//! A made-up mechanic written entirely at pack level: the keyword
//! **Overheat** ("At the start of your end phase, this follower deals 1
//! damage to itself"), declared by this pack, and three cards that use it;
//! and a card on a generic move hook (Ember Sentry: "whenever a card leaves
//! your EX area"); and a counter kind of its own, **Heat**, that Heat Sink
//! enters with and spends, and Bellows puts; and delayed abilities
//! (Afterglow Wisp); and cards moved together (Meltdown destroys every
//! follower in one batch; Slag Collector's hook answers once per batch);
//! and a crest (Crest: Forge Heart, put into the EX area by Forge Herald);
//! and Slag Wall, whose continuous ability makes its followers take 1
//! less damage; and a token kind of its own, Slag; and two more keywords,
//! Riveted (continuous: "+0/+1 and Ward") and Exhaust (activated: "engage
//! this follower: your leader gains 1 defense").
//! The host has no word of them: the keyword, its reminder, its badge and
//! its ability, and the counter's name and reminder, all come from here
//! (`Card::keyword`, `Pack::counters`).

use sve_sdk::prelude::*;
use sve_sdk::wire::{CounterDecl, TokenKindDecl};
use sve_sdk::{any_card, lesson, move_ways, zone_set};

struct Overheat;

impl Pack for Overheat {
    fn cards() -> Vec<Card> {
        vec![
            Card::keyword("OVH-K01", "Overheat", KeywordBadge::Lethal)
                .text("At the start of your end phase, this follower deals 1 damage to itself.")
                .on(
                    Trigger::StartEndPhase,
                    "This follower deals 1 damage to itself.",
                    overheat,
                )
                .named("Overheat"),
            // A keyword with continuous abilities, and one with an
            // activated ability: a card with it has them as its own.
            Card::keyword("OVH-K02", "Riveted", KeywordBadge::Defence)
                .text("This follower has +0/+1 and Ward.")
                .passive(
                    "Riveted",
                    Passive {
                        grant: Grant::Stats(StatChange {
                            attack: 0,
                            defense: 1,
                        }),
                        scope: PassiveScope::ThisCard,
                        condition: PassiveCondition::Always,
                    },
                    "This follower has +0/+1.",
                )
                .passive(
                    "Riveted Ward",
                    Passive {
                        grant: Grant::Keywords(Keywords::WARD.bits()),
                        scope: PassiveScope::ThisCard,
                        condition: PassiveCondition::Always,
                    },
                    "This follower has Ward.",
                ),
            Card::keyword("OVH-K03", "Exhaust", KeywordBadge::Other)
                .text("[act] Engage this follower: Your leader gains 1 defense.")
                .activated(
                    vec![CostItem::EngageSelf],
                    "Your leader gains 1 defense.",
                    warm,
                )
                .named("Exhaust"),
            Card::follower("OVH-044", "Riveted Sentinel", Class::Neutral, 2, 2, 2)
                .text("Riveted.")
                .declared_keyword("Riveted"),
            Card::follower("OVH-045", "Exhaust Stack", Class::Neutral, 1, 1, 2)
                .text("Exhaust.")
                .declared_keyword("Exhaust"),
            // A continuous ability giving a declared keyword, by name.
            Card::amulet("OVH-046", "Exhaust Banner", Class::Neutral, 1)
                .text("Your followers have Exhaust.")
                .passive(
                    "Exhaust Banner",
                    Passive {
                        grant: Grant::DeclaredKeywords(vec!["Exhaust".to_owned()]),
                        scope: PassiveScope::AlliesOnField(CardFilter {
                            types: vec![CardType::Follower, CardType::EvolvedFollower],
                            ..any_card()
                        }),
                        condition: PassiveCondition::Always,
                    },
                    "Your followers have Exhaust.",
                ),
            Card::follower("OVH-001", "Boiler Golem", Class::Neutral, 2, 4, 3)
                .traits(&["Golem"])
                .rarity(Rarity::Gold)
                .text("Overheat.")
                .declared_keyword("Overheat"),
            Card::follower("OVH-002", "Stoker", Class::Neutral, 1, 1, 2)
                .text("[fanfare] Give another follower of yours Overheat.")
                .fanfare("Give another follower of yours Overheat.", stoke),
            Card::follower("OVH-004", "Ember Sentry", Class::Neutral, 2, 2, 2)
                .text("Whenever a card leaves your EX area, your leader gains 1 defense.")
                .on(
                    Trigger::OnMove(MoveHook {
                        leaving: zone_set(&[Zone::ExArea]),
                        entering: zone_set(&[]),
                        whose: Whose::Yours,
                        filter: any_card(),
                        this_card: false,
                        with_this_card: false,
                        per_batch: false,
                        how: move_ways::ANY,
                    }),
                    "Your leader gains 1 defense.",
                    warm,
                ),
            Card::amulet("OVH-005", "Heat Sink", Class::Neutral, 1)
                .text("This amulet enters the field with 2 Heat counters.\nRemove 1 Heat counter from this amulet: Your leader gains 2 defense.")
                .declared_counters("Heat", 2)
                .activated(
                    vec![CostItem::RemoveDeclaredCounters(DeclaredCounterCount {
                        name: "Heat".to_owned(),
                        count: 1,
                    })],
                    "Your leader gains 2 defense.",
                    vent,
                ),
            Card::follower("OVH-006", "Bellows", Class::Neutral, 1, 1, 1)
                .text("[fanfare] Put 1 Heat counter on each amulet of yours.")
                .fanfare("Put 1 Heat counter on each amulet of yours.", fan),
            Card::follower("OVH-007", "Afterglow Wisp", Class::Neutral, 1, 1, 1)
                .text("[fanfare] At the start of your next end phase, your leader gains 2 defense. When this follower leaves the field this turn, draw a card.")
                .fanfare("Create both delayed abilities.", kindle)
                .delayed(
                    "Afterglow",
                    Trigger::StartEndPhase,
                    "Your leader gains 2 defense.",
                    afterglow,
                )
                .delayed(
                    "Cinders",
                    Trigger::OnLeaveField,
                    "Draw a card.",
                    cinders,
                ),
            Card::spell("OVH-008", "Meltdown", Class::Neutral, 3)
                .text("Destroy all followers.")
                .spell_effect("Destroy all followers, together.", meltdown),
            // A hook on its own card and the others (later-sets §11.1).
            Card::follower("OVH-043", "Slag Mourner", Class::Neutral, 2, 1, 2)
                .text("Whenever this follower or another follower of yours is put into the cemetery from the field, your leader gains 1 defense.")
                .on(
                    Trigger::OnMove(MoveHook {
                        leaving: zone_set(&[Zone::Field]),
                        entering: zone_set(&[Zone::Cemetery]),
                        whose: Whose::Yours,
                        filter: CardFilter {
                            types: vec![CardType::Follower, CardType::EvolvedFollower],
                            ..any_card()
                        },
                        this_card: false,
                        with_this_card: true,
                        per_batch: false,
                        how: move_ways::ANY,
                    }),
                    "Your leader gains 1 defense.",
                    warm,
                ),
            Card::follower("OVH-009", "Slag Collector", Class::Neutral, 2, 1, 3)
                .text("Whenever 1 or more other followers of yours are put into the cemetery from the field, your leader gains that much defense.")
                .on(
                    Trigger::OnMove(MoveHook {
                        leaving: zone_set(&[Zone::Field]),
                        entering: zone_set(&[Zone::Cemetery]),
                        whose: Whose::Yours,
                        filter: CardFilter {
                            types: vec![CardType::Follower, CardType::EvolvedFollower],
                            ..any_card()
                        },
                        this_card: false,
                        with_this_card: false,
                        per_batch: true,
                        how: move_ways::ANY,
                    }),
                    "Your leader gains that much defense.",
                    collect_slag,
                ),
            Card::follower("OVH-010", "Rehearsal Coach", Class::Neutral, 1, 1, 1)
                .text("[act] Lesson (1): Give this follower Storm.")
                .activated(vec![lesson(1)], "Give this follower Storm.", rehearse),
            Card::follower("OVH-011", "Sparring Partner", Class::Neutral, 1, 1, 1)
                .text("[ub] [fanfare] Your leader gains 2 defense.")
                .fanfare("Your leader gains 2 defense.", vent)
                .union_burst(),
            Card::follower("OVH-012", "Ringside Fan", Class::Neutral, 1, 1, 1)
                .text("Whenever a [ub] ability of another follower on your field is executed, your leader gains 2 defense.")
                .on(
                    Trigger::OnOtherUnionBurst(any_card()),
                    "Your leader gains 2 defense.",
                    vent,
                ),
            Card::follower("OVH-013", "Guild Patron", Class::Neutral, 1, 1, 1)
                .text("[fanfare] Select another follower on your field. It executes one of its [ub] abilities without paying its cost.")
                .fanfare("Another follower of yours executes a [ub] ability without paying its cost.", patronise),
            Card::crest("OVH-014", "Crest: Forge Heart", Class::Neutral)
                .text("At the start of your main phase, your leader gains 1 defense.")
                .on(Trigger::StartMainPhase, "Your leader gains 1 defense.", warm),
            // A crest whose controller may choose any number of options
            // (BP20-T06's form, later-sets §4), and a "choose one" spell.
            Card::crest("OVH-041", "Crest: Forge Council", Class::Neutral)
                .text("When you would choose 1 or more options, you may choose any number instead.")
                .keywords(Keywords::CHOOSE_ANY_NUMBER_OF_OPTIONS),
            Card::spell("OVH-042", "Forge Triad", Class::Neutral, 1)
                .text("Choose one: Draw a card; or your leader gains 2 defense; or deal 1 damage to the enemy leader.")
                .spell_effect("Choose one: draw, guard or strike.", triad),
            Card::spell("OVH-015", "Forge Herald", Class::Neutral, 1)
                .text("Put two Crest: Forge Heart into your EX area.")
                .spell_effect("Put two Crest: Forge Heart into your EX area.", herald),
            Card::follower("OVH-016", "Slag Smelter", Class::Neutral, 2, 2, 2)
                .text("Fuse 2 followers or less: Put a fusion counter on this card for each card fused, and draw a card.")
                .fuse(
                    1,
                    2,
                    CardFilter {
                        types: vec![CardType::Follower],
                        ..any_card()
                    },
                    "Put a fusion counter on this card for each card fused, and draw a card.",
                    smelt,
                ),
            Card::follower("OVH-017", "Forge Colossus", Class::Neutral, 5, 5, 5)
                .text("An advanced card.")
                .advanced(),
            Card::follower("OVH-018", "Colossus Caller", Class::Neutral, 2, 1, 1)
                .text("[adv] [cost01]: Put a Forge Colossus from your evolve deck onto your field.")
                .activated(
                    vec![CostItem::PlayPoints(1)],
                    "Put a Forge Colossus from your evolve deck onto your field.",
                    call_colossus,
                )
                .named("Call Colossus")
                .advanced_ability(),
            Card::follower("OVH-019", "Forge Marionette", Class::Neutral, 1, 1, 1)
                .text("This follower's name is also Puppet.")
                .also_named("Puppet")
                .alternate_name("Clockwork Marionette"),
            Card::spell("OVH-020", "Forge Oracle", Class::Neutral, 1)
                .text("Declare a card name. If a card on your field has that name, your leader gains 2 defense.")
                .spell_effect(
                    "Declare a card name; if a card on your field has it, your leader gains 2 defense.",
                    oracle,
                ),
            // Later-sets §10: a double-faced evolved card whose back face
            // is a card of its own, and a follower whose evolve ability
            // names both faces.
            Card::follower("OVH-021", "Forge Apprentice", Class::Neutral, 2, 2, 2)
                .text("[evolve] [cost01]: Evolve this follower into a Forge Journeyman or a Forge Master.")
                .evolve_cost(1)
                .evolves_into("Forge Journeyman")
                .evolves_into("Forge Master"),
            // One face for 1, the other for 3 (BP09-018's form).
            Card::follower("OVH-040", "Forge Prodigy", Class::Neutral, 2, 2, 2)
                .text("[evolve] [cost01]: Evolve this follower into a Forge Journeyman. [evolve] [cost03]: Evolve this follower into a Forge Master.")
                .evolve_cost(1)
                .evolves_into("Forge Journeyman")
                .evolves_into_for("Forge Master", 3),
            Card::evolved("OVH-022", "Forge Journeyman", Class::Neutral, 4, 4),
            Card::evolved("OVH-023", "Forge Master", Class::Neutral, 5, 3)
                .text("The back face of Forge Journeyman.")
                .back_of("OVH-022"),
            // Later-sets §5: an equipment token and the follower that
            // equips itself with it.
            Card::amulet("OVH-024", "Forge Gauntlet", Class::Neutral, 0)
                .token()
                .equipment()
                .text("When a follower equips this, your leader gains 1 defense. The equipped follower deals 2 more damage. The equipped follower has Storm.")
                .on(
                    Trigger::OnEquipped,
                    "When a follower equips this, your leader gains 1 defense.",
                    warm,
                )
                .passive(
                    "Heavy Fist",
                    equipped_keywords(Keywords::PLUS2_DAMAGE, PassiveScope::Equipped),
                    "The equipped follower deals 2 more damage.",
                )
                .passive(
                    "Quick Grip",
                    equipped_keywords(Keywords::STORM, PassiveScope::EquippedHas),
                    "The equipped follower has Storm.",
                ),
            // Later-sets §2: a Twin Drive follower and a Heal Trigger of
            // the Vanguard collab.
            Card::follower("OVH-026", "Forge Lancer", Class::Neutral, 3, 2, 2)
                .universe("Vanguard")
                .keywords(Keywords::TWIN_DRIVE)
                .text("Twin Drive"),
            Card::follower("OVH-028", "Forge Rider", Class::Neutral, 1, 1, 1)
                .universe("Vanguard")
                .text("[ride] [cost01]: Give this follower Drive. On Drive: your leader gains 1 defense.")
                .ride(1)
                .on(
                    Trigger::OnDrive,
                    "On Drive: your leader gains 1 defense.",
                    warm,
                ),
            Card::amulet("OVH-029", "Drive Point", Class::Neutral, 0)
                .universe("Vanguard")
                .text("Drive Point."),
            Card::follower("OVH-027", "Forge Medic", Class::Neutral, 1, 1, 1)
                .universe("Vanguard")
                .trigger_icon(TriggerIcon::Heal)
                .text("Heal Trigger"),
            Card::spell("OVH-030", "Heat Shield", Class::Neutral, 1)
                .text("The next time your leader would take damage, it takes none. Your leader takes 1 less damage from abilities this turn.")
                .spell_effect("Shield your leader.", heat_shield),
            Card::amulet("OVH-031", "Heat Exchanger", Class::Neutral, 1)
                .text("[act] [costX]: Your leader gains X defense.")
                .activated(
                    vec![CostItem::PlayPointsX],
                    "Your leader gains X defense.",
                    heat_sink,
                ),
            Card::amulet("OVH-032", "Rolling Fort", Class::Neutral, 2)
                .stats(2, 2)
                .text("[act] Maneuver this amulet.")
                .activated(Vec::new(), "Maneuver this amulet.", roll_out),
            Card::spell("OVH-033", "Stone Gaze", Class::Neutral, 1)
                .text("Change an enemy follower into an amulet.")
                .spell_effect("Change an enemy follower into an amulet.", stone_gaze),
            // A token kind of the pack's own: Slag stands on the field only,
            // one of each name there.
            Card::amulet("OVH-T34", "Slag Heap", Class::Neutral, 1)
                .token_kind("Slag")
                .text("Slag only stands on the field, one of each name."),
            Card::follower("OVH-034", "Slag Pourer", Class::Neutral, 2, 2, 2)
                .text("[fanfare] Summon 2 Slag Heaps. If your field becomes full from this effect, put any remaining tokens into your EX area.")
                .fanfare("Summon 2 Slag Heaps.", pour_slag),
            // A continuous damage replacement (later-sets §11.2).
            Card::amulet("OVH-035", "Slag Wall", Class::Neutral, 2)
                .text("Your followers take 1 less damage.")
                .passive(
                    "Slag Wall",
                    Passive {
                        grant: Grant::DamageTaken(DamageReplacement {
                            change: DamageChange::Less(1),
                            damage: DamageFilter::Any,
                            next_time_only: false,
                        }),
                        scope: PassiveScope::AlliesOnField(CardFilter {
                            types: vec![CardType::Follower, CardType::EvolvedFollower],
                            ..any_card()
                        }),
                        condition: PassiveCondition::Always,
                    },
                    "Your followers take 1 less damage.",
                ),
            // Effects on a player for a window of turns (later-sets §12.10,
            // §12.12).
            Card::spell("OVH-036", "Smog Tax", Class::Neutral, 1)
                .text("During your opponent's next turn, cards they play cost 1 more and they can't play followers.")
                .spell_effect("Your opponent's next turn: cards cost 1 more, no followers.", smog_tax),
            Card::spell("OVH-037", "Ash Recall", Class::Neutral, 1)
                .text("For the rest of this turn, you may play cards from your banished zone.")
                .spell_effect("You may play cards from your banished zone this turn.", ash_recall),
            // A move replacement (later-sets §11.2).
            Card::follower("OVH-038", "Cinder Cat", Class::Neutral, 1, 1, 1)
                .text("If this follower would be put into the cemetery from the field, return it to your hand instead.")
                .passive(
                    "Nine Lives",
                    Passive {
                        grant: Grant::InsteadOfCemetery(InsteadZone::Hand),
                        scope: PassiveScope::ThisCard,
                        condition: PassiveCondition::Always,
                    },
                    "If this follower would be put into the cemetery from the field, return it to your hand instead.",
                ),
            // "You can't lose" with its own trigger (later-sets §12.3).
            Card::amulet("OVH-039", "Boiler Heart", Class::Neutral, 2)
                .keywords(Keywords::CANNOT_LOSE)
                .text("You can't lose the game, and your opponent can't win. When your leader's defense becomes 0 or less, put this amulet into the cemetery and your leader's defense becomes 1.")
                .on(
                    Trigger::OnLeaderDefenseZero,
                    "Put this amulet into the cemetery; your leader's defense becomes 1.",
                    last_beat,
                ),
            Card::follower("OVH-025", "Gauntlet Smith", Class::Neutral, 2, 2, 2)
                .text("[fanfare] Equip this follower with a Forge Gauntlet.")
                .fanfare("Equip this follower with a Forge Gauntlet.", equip_gauntlet),
            Card::spell("OVH-003", "Coolant", Class::Neutral, 1)
                .text("Select a follower of yours with Overheat. Return it to your hand.")
                .spell_effect("Return a follower with Overheat to your hand.", coolant)
                .condition(|game| !overheated(game).is_empty()),
        ]
    }

    fn counters() -> Vec<CounterDecl> {
        vec![CounterDecl {
            name: "Heat".to_owned(),
            reminder: "Heat builds up in machines that run hot.".to_owned(),
        }]
    }

    fn token_kinds() -> Vec<TokenKindDecl> {
        vec![TokenKindDecl {
            name: "Slag".to_owned(),
            reminder: "Slag only stands on the field, one of each name.".to_owned(),
            field: true,
            ex_area: false,
            one_per_name: true,
        }]
    }
}

/// Slag Pourer: two Slag Heaps onto the field, the rest into the EX area
/// (where Slag may not be).
fn pour_slag(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.summon_token(me, "OVH-T34", 2, TokenDestination::FieldOverflowToEx)?;
    Ok(())
}

/// Heat Sink: your leader gains 2 defense.
/// Rehearsal Coach's activation, paid with a Lesson: Storm.
fn rehearse(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.give_keywords(me, Keywords::STORM, Duration::WhileInZone);
    Ok(())
}

fn vent(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.change_leader_defense(me, 2);
    Ok(())
}

/// Bellows' Fanfare: 1 Heat counter on each amulet of yours.
fn fan(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let amulets: Vec<CardRef> = game
        .cards_in(me, Zone::Field)
        .into_iter()
        .filter(|card| {
            game.stats(*card)
                .is_some_and(|s| s.card_type == CardType::Amulet)
        })
        .collect();
    for amulet in amulets {
        game.add_declared_counters(amulet, "Heat", 1)?;
    }
    Ok(())
}

/// Afterglow Wisp's Fanfare: its two delayed abilities begin to wait, the
/// second watching the Wisp itself.
fn kindle(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.create_delayed("Afterglow", None, DelayedLasts::Once)?;
    game.create_delayed("Cinders", Some(me), DelayedLasts::OnceThisTurn)
}

/// Afterglow: your leader gains 2 defense.
fn afterglow(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.change_leader_defense(me, 2);
    Ok(())
}

/// Cinders: draw a card.
fn cinders(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.draw(me, 1);
    Ok(())
}

/// Meltdown: every follower on both fields is destroyed, in one batch (the
/// followers see each other go).
fn meltdown(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let mut all = game.followers(me);
    all.extend(game.followers(me.opponent()));
    let moves: Vec<(CardRef, MoveKind)> = all
        .into_iter()
        .map(|card| (card, MoveKind::Destroy))
        .collect();
    game.move_together(&moves);
    Ok(())
}

/// Slag Collector: your leader gains defense equal to the number of
/// followers the batch put into your cemetery (the call's amount).
fn collect_slag(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let count = game.amount();
    game.change_leader_defense(me, count);
    Ok(())
}

/// Overheat: the follower that has it deals 1 damage to itself.
fn overheat(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.damage_follower(me, 1);
    Ok(())
}

/// Ember Sentry: your leader gains 1 defense.
/// Forge Triad's options, each once.
#[derive(Clone, Copy)]
enum Triad {
    Draw,
    Guard,
    Strike,
}

/// Forge Triad: "choose one" of three options; under Crest: Forge
/// Council, any number of them (`Game::choose_options`).
fn triad(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let options = vec![
        (Triad::Draw, "Draw a card".to_owned()),
        (Triad::Guard, "Your leader gains 2 defense".to_owned()),
        (Triad::Strike, "1 damage to the enemy leader".to_owned()),
    ];
    for option in game.choose_options("Choose one", options, 1)? {
        match option {
            Triad::Draw => game.draw(me, 1),
            Triad::Guard => game.change_leader_defense(me, 2),
            Triad::Strike => game.damage_leader(me.opponent(), 1),
        }
    }
    Ok(())
}

/// Forge Herald: two Crest: Forge Heart asked for; the rules make one
/// (one crest per name in an EX area, later-sets §4).
fn herald(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.summon_token(me, "OVH-014", 2, TokenDestination::ExArea)?;
    Ok(())
}

/// Slag Smelter's Fuse: a fusion counter per fused card, and a draw.
fn smelt(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let source = game.source();
    let fused = i32::try_from(game.fused_cards().len()).unwrap_or(0);
    game.add_counters(source, Counter::Fusion, fused);
    game.draw(me, 1);
    Ok(())
}

/// Colossus Caller's `[adv]` ability: a face-down Forge Colossus of your
/// evolve deck onto your field.
fn call_colossus(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let colossus = game.cards_in(me, Zone::EvolveDeck).into_iter().find(|card| {
        game.card(*card)
            .is_some_and(|info| info.id == "OVH-017" && !game.is_face_up(*card))
    });
    if let Some(colossus) = colossus {
        game.put_onto_field(colossus);
    }
    Ok(())
}

/// Forge Oracle: declare a card name; a card on your field with it (every
/// name counts: Forge Marionette is also a Puppet) gives 2 defense.
/// A passive of an equipment token giving its follower `keywords`.
fn equipped_keywords(keywords: Keywords, scope: PassiveScope) -> Passive {
    Passive {
        grant: Grant::Keywords(keywords.bits()),
        scope,
        condition: PassiveCondition::Always,
    }
}

fn equip_gauntlet(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.equip(me, "OVH-024")?;
    Ok(())
}

fn oracle(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let name = game.declare_card_name("Declare a card name")?;
    let filter = CardFilter {
        name: Some(name),
        ..any_card()
    };
    if !game.matching(me, Zone::Field, &filter).is_empty() {
        game.change_leader_defense(me, 2);
    }
    Ok(())
}

fn heat_shield(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let shield = DamageReplacement {
        change: DamageChange::Nothing,
        damage: DamageFilter::Any,
        next_time_only: true,
    };
    game.replace_leader_damage(me, shield, Duration::WhileInZone);
    let less = DamageReplacement {
        change: DamageChange::Less(1),
        damage: DamageFilter::Ability,
        next_time_only: false,
    };
    game.replace_leader_damage(me, less, Duration::EndOfTurn);
    Ok(())
}

fn heat_sink(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let x = game.paid_x();
    game.change_leader_defense(me, x);
    Ok(())
}

fn roll_out(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.maneuver(me);
    Ok(())
}

fn stone_gaze(game: &mut Game) -> Result<(), Stop> {
    let enemy = game.opponent();
    let followers = game.followers(enemy);
    for target in game.select("Change an enemy follower into an amulet", followers, 1, 1)? {
        game.change_type(target, CardType::Amulet, Duration::WhileInZone);
    }
    Ok(())
}

fn last_beat(game: &mut Game) -> Result<(), Stop> {
    let (me, source) = (game.me(), game.source());
    game.bury(source);
    let defense = game.player(me).leader_defense;
    game.change_leader_defense(me, 1 - defense);
    Ok(())
}

fn smog_tax(game: &mut Game) -> Result<(), Stop> {
    let enemy = game.opponent();
    game.add_player_effect(enemy, PlayerEffect::PlayCost(1), TurnWindow::NextTurn);
    game.add_player_effect(enemy, PlayerEffect::CannotPlayFollowers, TurnWindow::NextTurn);
    Ok(())
}

fn ash_recall(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.add_player_effect(me, PlayerEffect::PlayFromBanished, TurnWindow::ThisTurn);
    Ok(())
}

fn warm(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.change_leader_defense(me, 1);
    Ok(())
}

/// You select another follower of yours, if you have one.
fn another_follower(game: &mut Game, text: &str) -> Result<Option<CardRef>, Stop> {
    let me = game.me();
    let source = game.source();
    let others: Vec<CardRef> = game
        .followers(me)
        .into_iter()
        .filter(|card| *card != source)
        .collect();
    if others.is_empty() {
        return Ok(None);
    }
    Ok(game.select(text, others, 1, 1)?.first().copied())
}

/// Stoker's Fanfare: another follower of yours gets Overheat.
fn stoke(game: &mut Game) -> Result<(), Stop> {
    if let Some(target) = another_follower(game, "Give Overheat to")? {
        game.give_declared_keyword(target, "Overheat", Duration::WhileInZone)?;
    }
    Ok(())
}

/// Guild Patron's Fanfare: another follower of yours executes one of its
/// Union Burst abilities without paying its cost.
fn patronise(game: &mut Game) -> Result<(), Stop> {
    if let Some(target) = another_follower(game, "Execute a Union Burst of")? {
        game.execute_union_burst(target)?;
    }
    Ok(())
}

/// Your followers that have Overheat now.
fn overheated(game: &Game) -> Vec<CardRef> {
    let me = game.me();
    game.followers(me)
        .into_iter()
        .filter(|card| game.has_declared_keyword(*card, "Overheat"))
        .collect()
}

/// Coolant: a follower of yours with Overheat goes back to your hand.
fn coolant(game: &mut Game) -> Result<(), Stop> {
    let targets = overheated(game);
    for target in game.select("Return to your hand", targets, 1, 1)? {
        game.return_to_hand(target);
    }
    Ok(())
}

sve_sdk::export_pack!(Overheat);
