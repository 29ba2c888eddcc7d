//! SD02, the Swordcraft starter deck: Knight tokens, Officers and
//! Commanders. Tsubaki and Unbridled Fury play as `card-packs/rust-starter`
//! writes them.

use crate::common::{
    any_selectable, enemy_followers, has_enemy_follower, other_followers_of_yours, select_one,
    summon, this_gains, token,
};
use sve_sdk::prelude::*;

/// The set's cards.
pub(crate) fn cards() -> Vec<Card> {
    vec![
        Card::follower("SD02-001", "Tsubaki", Class::Sword, 6, 5, 4)
            .traits(&["Assassin", "Ninja"])
            .text("[fanfare] Choose one of the following effects. (1) Select an enemy follower on the field and destroy it. (2) Give this follower Storm.")
            .fanfare("Choose: destroy an enemy follower, or this follower gains Storm.", tsubaki_fanfare),
        Card::follower("SD02-002", "Latham, Vanguard Captain", Class::Sword, 2, 3, 3)
            .traits(&["Commander"])
            .rarity(Rarity::Gold),
        Card::follower("SD02-003", "Floral Fencer", Class::Sword, 3, 3, 3)
            .traits(&["Officer"])
            .rarity(Rarity::Silver)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower."),
        Card::evolved("SD02-004", "Floral Fencer (Evolved)", Class::Sword, 4, 4)
            .traits(&["Officer"])
            .rarity(Rarity::Silver)
            .text("On Evolve: Summon a Steelclad Knight and Knight token.")
            .on(
                Trigger::OnEvolve,
                "Summon a Steelclad Knight token and a Knight token.",
                floral_fencer_on_evolve,
            ),
        Card::follower("SD02-005", "Moonlight Assassin", Class::Sword, 2, 3, 2)
            .traits(&["Assassin"])
            .rarity(Rarity::Silver)
            .text("[act][cost01]: Give this follower Bane.")
            .activated(
                vec![CostItem::PlayPoints(1)],
                "Give this follower Bane.",
                moonlight_assassin_sharpen,
            )
            .named("Sharpen"),
        Card::follower("SD02-006", "White General", Class::Sword, 4, 5, 3)
            .traits(&["Commander"])
            .rarity(Rarity::Silver)
            .keywords(Keywords::RUSH)
            .text("Rush.\nStrike: Select another follower on your field and give it [attack]+2.")
            .on(
                Trigger::Strike,
                "Another follower on your field gets +2 attack.",
                white_general_strike,
            )
            .condition(can_select_another_follower_of_yours),
        Card::follower("SD02-009", "Fencer", Class::Sword, 3, 3, 3)
            .traits(&["Commander", "Noble"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select another follower on your field and give it [attack]+1/[defense]+1.")
            .fanfare("Another follower on your field gets +1/+1.", fencer_fanfare)
            .condition(can_select_another_follower_of_yours),
        Card::follower("SD02-010", "Oathless Knight", Class::Sword, 2, 1, 1)
            .traits(&["Officer"])
            .rarity(Rarity::Bronze)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\n[fanfare] Summon a Knight token.")
            .fanfare("Summon a Knight token.", oathless_knight_fanfare),
        Card::evolved("SD02-011", "Oathless Knight (Evolved)", Class::Sword, 3, 1)
            .traits(&["Officer"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::ASSAIL)
            .text("Assail."),
        Card::follower("SD02-012", "Quickblader", Class::Sword, 1, 1, 1)
            .traits(&["Officer"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::STORM)
            .evolve_cost(3)
            .text("[evolve][cost03]: Evolve this follower.\nStorm."),
        Card::evolved("SD02-013", "Quickblader (Evolved)", Class::Sword, 3, 3)
            .traits(&["Officer"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::STORM)
            .text("Storm."),
        Card::spell("SD02-016", "Unbridled Fury", Class::Sword, 1)
            .traits(&["Officer"])
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field and deal it X damage. X equals the number of followers on your field.")
            .spell_effect("Deal X damage to an enemy follower; X = followers on your field.", unbridled_fury)
            .condition(has_enemy_follower),
    ]
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

/// Tsubaki: "[fanfare] Choose one of the following effects. (1) Select an
/// enemy follower on the field and destroy it. (2) Give this follower
/// Storm." Destroying is offered only with an enemy follower there.
fn tsubaki_fanfare(game: &mut Game) -> Result<(), Stop> {
    let targets = enemy_followers(game);
    let modes: &[TsubakiMode] = if targets.is_empty() {
        &[TsubakiMode::Storm]
    } else {
        &[TsubakiMode::Destroy, TsubakiMode::Storm]
    };
    match game.choose_among("Tsubaki: choose one", modes)? {
        TsubakiMode::Destroy => {
            for target in game.select("Destroy", targets, 1, 1)? {
                game.destroy(target);
            }
        }
        TsubakiMode::Storm => {
            this_gains(game, Keywords::STORM);
        }
    }
    Ok(())
}

/// Floral Fencer (Evolved): "On Evolve: Summon a Steelclad Knight and
/// Knight token."
fn floral_fencer_on_evolve(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::STEELCLAD_KNIGHT, 1, TokenDestination::Field)?;
    summon(game, token::KNIGHT, 1, TokenDestination::Field)
}

/// Moonlight Assassin: "[act][cost01]: Give this follower Bane."
fn moonlight_assassin_sharpen(game: &mut Game) -> Result<(), Stop> {
    this_gains(game, Keywords::BANE);
    Ok(())
}

/// White General and Fencer select another follower on your field: one
/// must be there for the ability to do anything.
fn can_select_another_follower_of_yours(game: &Game) -> bool {
    any_selectable(game, &other_followers_of_yours(game))
}

/// You select another follower on your field and it gets the stats.
fn boost_another_follower_of_yours(
    game: &mut Game,
    text: &str,
    attack: i32,
    defense: i32,
) -> Result<(), Stop> {
    let others = other_followers_of_yours(game);
    if let Some(follower) = select_one(game, text, others)? {
        game.give_stats(follower, attack, defense, Duration::WhileInZone);
    }
    Ok(())
}

/// White General: "Strike: Select another follower on your field and give
/// it [attack]+2."
fn white_general_strike(game: &mut Game) -> Result<(), Stop> {
    boost_another_follower_of_yours(game, "Give +2 attack to", 2, 0)
}

/// Fencer: "[fanfare] Select another follower on your field and give it
/// [attack]+1/[defense]+1."
fn fencer_fanfare(game: &mut Game) -> Result<(), Stop> {
    boost_another_follower_of_yours(game, "Give +1/+1 to", 1, 1)
}

/// Oathless Knight: "[fanfare] Summon a Knight token."
fn oathless_knight_fanfare(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::KNIGHT, 1, TokenDestination::Field)
}

/// Unbridled Fury: "Select an enemy follower on the field and deal it X
/// damage. X equals the number of followers on your field." X is counted
/// as the spell resolves.
fn unbridled_fury(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let x = i32::try_from(game.followers(me).len()).unwrap_or(i32::MAX);
    let targets = enemy_followers(game);
    for target in game.select("Deal X damage to", targets, 1, 1)? {
        game.damage_follower(target, x);
    }
    Ok(())
}
