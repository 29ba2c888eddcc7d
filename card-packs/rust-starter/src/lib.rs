//! Starter-deck cards whose text is awkward for a data language: modal
//! choices, optional costs, divided damage, values counted at resolution and
//! class conditions. Each card's text is quoted above its code.

use sve_sdk::prelude::*;

struct RustStarter;

const TSUBAKI: &str = "SD02-001";
const UNBRIDLED_FURY: &str = "SD02-016";
const FIRE_CHAIN: &str = "SD03-006";
const SPECTRE: &str = "BP01-119";
const ELF_METALLURGIST: &str = "BP01-017";
const DRAGON_ORACLE: &str = "SD04-002";
const ALUCARD: &str = "SD05-002";

impl Pack for RustStarter {
    fn cards() -> Vec<Card> {
        vec![
            Card::follower(TSUBAKI, "Tsubaki", Class::Sword, 6, 5, 4)
                .traits(&["Assassin", "Ninja"])
                .text("[fanfare] Choose one of the following effects. (1) Select an enemy follower on the field and destroy it. (2) Give this follower Storm.")
                .fanfare("Choose: destroy an enemy follower, or this follower gains Storm.", tsubaki),
            Card::spell(UNBRIDLED_FURY, "Unbridled Fury", Class::Sword, 1)
                .traits(&["Officer"])
                .keywords(Keywords::QUICK)
                .text("[quick]\nSelect an enemy follower on the field and deal it X damage. X equals the number of followers on your field.")
                .spell_effect("Deal X damage to an enemy follower; X = followers on your field.", unbridled_fury)
                // Spells that select an enemy follower need one to play.
                .condition(has_enemy_targets),
            Card::spell(FIRE_CHAIN, "Fire Chain", Class::Rune, 2)
                .traits(&["Mage"])
                .keywords(Keywords::QUICK)
                .text("[quick]\nSelect up to 2 enemy followers on the field and deal 3 damage divided between them.")
                .spell_effect("Deal 3 damage divided between up to 2 enemy followers.", fire_chain)
                .condition(has_enemy_targets),
            Card::follower(SPECTRE, "Spectre", Class::Abyss, 2, 2, 1)
                .traits(&["Departed"])
                .keywords(Keywords::BANE)
                .text("Bane.\n[fanfare] Give your leader [defense]-2: Give this follower Rush. Put the top card of your deck into your cemetery.")
                .fanfare("Give your leader -2 defense: this follower gains Rush; mill 1.", spectre)
                .costs(vec![CostItem::LeaderDefense(2)]),
            Card::follower(ELF_METALLURGIST, "Elf Metallurgist", Class::Forest, 2, 3, 2)
                .traits(&["Elf"])
                .text("[fanfare] Select an enemy follower on the field and deal it 1 damage. Combo (3): Deal 3 damage instead.")
                .fanfare("Deal 1 damage to an enemy follower; Combo (3): 3 instead.", elf_metallurgist),
            Card::spell(DRAGON_ORACLE, "Dragon Oracle", Class::Dragon, 2)
                .traits(&["Wyrmkin"])
                .text("Choose one of the following effects. (1) Increase your maximum play points by 1. (2) Draw a card.")
                .spell_effect("Choose: +1 maximum play point, or draw a card.", dragon_oracle),
            Card::follower(ALUCARD, "Alucard", Class::Abyss, 7, 4, 4)
                .traits(&["Vampire"])
                .keywords(Keywords::STORM)
                .text("Storm.\n[fanfare] Necrocharge (10): Give this follower [attack]+2.\nStrike: Select an enemy follower on the field. Deal it 4 damage and give your leader [defense]+4.")
                .fanfare("Necrocharge (10): this follower gains +2 attack.", alucard_necrocharge)
                // "Necrocharge (10):" — ten or more cards in your cemetery.
                .condition(|game| game.player(game.me()).cemetery_count >= 10)
                .on(Trigger::Strike, "Deal 4 damage to an enemy follower and your leader gains 4 defense.", alucard_strike)
                // A Strike that can't select its target can't be played at all.
                .condition(has_enemy_targets),
        ]
    }
}

/// Enemy followers that can be selected.
fn enemy_targets(game: &Game) -> Vec<CardRef> {
    game.followers(game.opponent())
}

/// Whether there is an enemy follower to select.
fn has_enemy_targets(game: &Game) -> bool {
    !enemy_targets(game).is_empty()
}

/// Tsubaki's two effects.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TsubakiMode {
    Destroy,
    Storm,
}

impl Choice for TsubakiMode {
    const OPTIONS: &'static [(TsubakiMode, &'static str)] = &[
        (TsubakiMode::Destroy, "Destroy an enemy follower"),
        (TsubakiMode::Storm, "Give this follower Storm"),
    ];
}

/// Tsubaki — choose one: destroy a selected enemy follower, or gain Storm.
fn tsubaki(game: &mut Game) -> Result<(), Stop> {
    let targets = enemy_targets(game);
    // Destroying needs a follower to select.
    let modes: &[TsubakiMode] = if targets.is_empty() {
        &[TsubakiMode::Storm]
    } else {
        &[TsubakiMode::Destroy, TsubakiMode::Storm]
    };
    // "Choose one" of an ability's options: a crest may allow more.
    let modes = modes.iter().map(|m| (*m, m.label().to_owned())).collect();
    for mode in game.choose_options("Tsubaki: choose one", modes, 1)? {
        tsubaki_mode(game, mode, &targets)?;
    }
    Ok(())
}

/// One of Tsubaki's options.
fn tsubaki_mode(game: &mut Game, mode: TsubakiMode, targets: &[CardRef]) -> Result<(), Stop> {
    match mode {
        TsubakiMode::Destroy => {
            for target in game.select("Destroy", targets.to_vec(), 1, 1)? {
                game.destroy(target);
            }
        }
        TsubakiMode::Storm => {
            let me = game.source();
            game.give_keywords(me, Keywords::STORM, Duration::WhileInZone);
        }
    }
    Ok(())
}

/// Unbridled Fury — X damage, X = followers on your field when it resolves.
fn unbridled_fury(game: &mut Game) -> Result<(), Stop> {
    let x = game.followers(game.me()).len() as i32;
    for target in game.select("Deal X damage to", enemy_targets(game), 1, 1)? {
        game.damage_follower(target, x);
    }
    Ok(())
}

/// Fire Chain — up to 2 enemy followers, 3 damage divided between them.
fn fire_chain(game: &mut Game) -> Result<(), Stop> {
    let targets = game.select("Divide 3 damage between", enemy_targets(game), 1, 2)?;
    match targets.as_slice() {
        [only] => game.damage_follower(*only, 3),
        [first, second] => {
            let first_name = game.card(*first).map(|c| c.name).unwrap_or_default();
            let (a, b) = game.choose_labelled(
                "Fire Chain: how much damage to the first target?",
                vec![
                    ((2, 1), format!("2 to {first_name}, 1 to the other")),
                    ((1, 2), format!("1 to {first_name}, 2 to the other")),
                ],
            )?;
            game.damage_follower(*first, a);
            game.damage_follower(*second, b);
        }
        _ => {}
    }
    Ok(())
}

/// Spectre — (cost paid by the host) Rush, then mill 1.
fn spectre(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.give_keywords(me, Keywords::RUSH, Duration::WhileInZone);
    let player = game.me();
    game.mill(player, 1);
    Ok(())
}

/// Elf Metallurgist — 1 damage, or 3 with Combo (3) (this card counts).
fn elf_metallurgist(game: &mut Game) -> Result<(), Stop> {
    let damage = if game.combo() >= 3 { 3 } else { 1 };
    for target in game.select("Deal damage to", enemy_targets(game), 1, 1)? {
        game.damage_follower(target, damage);
    }
    Ok(())
}

/// Dragon Oracle's two effects.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OracleMode {
    MaxPlayPoint,
    Draw,
}

impl Choice for OracleMode {
    const OPTIONS: &'static [(OracleMode, &'static str)] = &[
        (
            OracleMode::MaxPlayPoint,
            "Increase your maximum play points by 1",
        ),
        (OracleMode::Draw, "Draw a card"),
    ];
}

/// Dragon Oracle — choose one: +1 maximum PP, or draw a card.
fn dragon_oracle(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let modes = OracleMode::OPTIONS
        .iter()
        .map(|(mode, label)| (*mode, (*label).to_owned()))
        .collect();
    for mode in game.choose_options("Dragon Oracle: choose one", modes, 1)? {
        match mode {
            OracleMode::MaxPlayPoint => game.add_max_play_points(me, 1),
            OracleMode::Draw => game.draw(me, 1),
        }
    }
    Ok(())
}

/// Alucard's Fanfare — (Necrocharge checked by its condition) +2 attack.
fn alucard_necrocharge(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.give_stats(me, 2, 0, Duration::WhileInZone);
    Ok(())
}

/// Alucard's Strike — 4 damage to a selected enemy follower, leader +4.
fn alucard_strike(game: &mut Game) -> Result<(), Stop> {
    let targets = game.select("Deal 4 damage to", enemy_targets(game), 1, 1)?;
    if targets.is_empty() {
        return Ok(());
    }
    for target in targets {
        game.damage_follower(target, 4);
    }
    let me = game.me();
    game.change_leader_defense(me, 4);
    Ok(())
}

sve_sdk::export_pack!(RustStarter);
