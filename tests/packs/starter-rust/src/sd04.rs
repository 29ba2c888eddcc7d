//! SD04, the Dragoncraft starter deck: Overflow and removal. Dragon Oracle
//! plays as `card-packs/rust-starter` writes it.

use crate::common::{
    can_select_enemy_follower, damage_an_enemy_follower, damage_each, enemy_followers, overflow,
    summon, this_gains, this_gets, token,
};
use sve_sdk::prelude::*;

/// The set's cards.
pub(crate) fn cards() -> Vec<Card> {
    vec![
        Card::follower("SD04-001", "Fafnir", Class::Dragon, 8, 7, 8)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Legendary)
            .text("[fanfare] Deal 5 damage to each enemy follower on the field.")
            .fanfare("Deal 5 damage to each enemy follower.", fafnir_fanfare),
        Card::spell("SD04-002", "Dragon Oracle", Class::Dragon, 2)
            .traits(&["Wyrmkin"])
            .text("Choose one of the following effects. (1) Increase your maximum play points by 1. (2) Draw a card.")
            .spell_effect("Choose: +1 maximum play point, or draw a card.", dragon_oracle),
        Card::follower("SD04-003", "Dragon Warrior", Class::Dragon, 3, 3, 3)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Silver)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower."),
        Card::evolved("SD04-004", "Dragon Warrior (Evolved)", Class::Dragon, 4, 4)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Silver)
            .text("On Evolve: Select an enemy follower on the field and deal it 3 damage.")
            .on(
                Trigger::OnEvolve,
                "Deal 3 damage to an enemy follower.",
                three_damage_to_an_enemy_follower,
            )
            .condition(can_select_enemy_follower),
        Card::follower("SD04-005", "Dragonewt Princess", Class::Dragon, 2, 2, 3)
            .traits(&["Dragonewt", "Princess"])
            .rarity(Rarity::Silver)
            .text("[fanfare] If Overflow is active for you, select an enemy follower on the field and deal it 4 damage.")
            .fanfare("Overflow: deal 4 damage to an enemy follower.", dragonewt_princess_fanfare)
            .condition(|game| overflow(game) && can_select_enemy_follower(game)),
        Card::follower("SD04-006", "Dragonguard", Class::Dragon, 4, 4, 5)
            .traits(&["Dragonheart"])
            .rarity(Rarity::Silver)
            .keywords(Keywords::WARD)
            .text("Ward.\n[fanfare] If Overflow is active for you, give this follower [attack]+2/[defense]+2.")
            .fanfare("Overflow: this follower gets +2/+2.", dragonguard_fanfare)
            .condition(overflow),
        Card::follower("SD04-009", "Roc", Class::Dragon, 3, 3, 3)
            .traits(&["Beast"])
            .rarity(Rarity::Bronze)
            .evolve_cost(0)
            .text("[evolve][cost00]: Evolve this follower.\nStrike: Give this follower [attack]+1.")
            .on(Trigger::Strike, "This follower gets +1 attack.", roc_strike),
        Card::evolved("SD04-010", "Roc (Evolved)", Class::Dragon, 3, 3)
            .traits(&["Beast"])
            .rarity(Rarity::Bronze)
            .text("Strike: Give this follower [attack]+1/[defense]+1.")
            .on(Trigger::Strike, "This follower gets +1/+1.", roc_evolved_strike),
        Card::follower("SD04-011", "Glint Dragon", Class::Dragon, 4, 5, 3)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select an enemy follower on the field and deal it 3 damage.")
            .fanfare(
                "Deal 3 damage to an enemy follower.",
                three_damage_to_an_enemy_follower,
            )
            .condition(can_select_enemy_follower),
        Card::follower("SD04-012", "Dragonrider", Class::Dragon, 2, 2, 2)
            .traits(&["Dragonheart"])
            .rarity(Rarity::Bronze)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\n[fanfare] If Overflow is active for you, put a Dragon token into your EX area.")
            .fanfare("Overflow: put a Dragon token into your EX area.", dragonrider_fanfare)
            .condition(overflow),
        Card::evolved("SD04-013", "Dragonrider (Evolved)", Class::Dragon, 3, 3)
            .traits(&["Dragonheart"])
            .rarity(Rarity::Bronze)
            .text("On Evolve: If Overflow is active for you, give this follower [attack]+2.")
            .on(
                Trigger::OnEvolve,
                "Overflow: this follower gets +2 attack.",
                dragonrider_evolved_on_evolve,
            )
            .condition(overflow),
        Card::follower("SD04-014", "Seabrand Dragon", Class::Dragon, 4, 4, 4)
            .traits(&["Marine"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] If Overflow is active for you, give this follower Storm.")
            .fanfare("Overflow: this follower gains Storm.", seabrand_dragon_fanfare)
            .condition(overflow),
    ]
}

/// Fafnir: "[fanfare] Deal 5 damage to each enemy follower on the field."
fn fafnir_fanfare(game: &mut Game) -> Result<(), Stop> {
    let enemies = enemy_followers(game);
    damage_each(game, enemies, 5);
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

/// Dragon Oracle: "Choose one of the following effects. (1) Increase your
/// maximum play points by 1. (2) Draw a card."
fn dragon_oracle(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    match game.choose::<OracleMode>("Dragon Oracle: choose one")? {
        OracleMode::MaxPlayPoint => game.add_max_play_points(me, 1),
        OracleMode::Draw => game.draw(me, 1),
    }
    Ok(())
}

/// Dragon Warrior (Evolved) and Glint Dragon: "Select an enemy follower on
/// the field and deal it 3 damage."
fn three_damage_to_an_enemy_follower(game: &mut Game) -> Result<(), Stop> {
    damage_an_enemy_follower(game, 3)?;
    Ok(())
}

/// Dragonewt Princess: "[fanfare] If Overflow is active for you, select an
/// enemy follower on the field and deal it 4 damage." (Overflow is the
/// ability's condition.)
fn dragonewt_princess_fanfare(game: &mut Game) -> Result<(), Stop> {
    damage_an_enemy_follower(game, 4)?;
    Ok(())
}

/// Dragonguard: "[fanfare] If Overflow is active for you, give this
/// follower [attack]+2/[defense]+2."
fn dragonguard_fanfare(game: &mut Game) -> Result<(), Stop> {
    this_gets(game, 2, 2);
    Ok(())
}

/// Roc: "Strike: Give this follower [attack]+1."
fn roc_strike(game: &mut Game) -> Result<(), Stop> {
    this_gets(game, 1, 0);
    Ok(())
}

/// Roc (Evolved): "Strike: Give this follower [attack]+1/[defense]+1."
fn roc_evolved_strike(game: &mut Game) -> Result<(), Stop> {
    this_gets(game, 1, 1);
    Ok(())
}

/// Dragonrider: "[fanfare] If Overflow is active for you, put a Dragon
/// token into your EX area."
fn dragonrider_fanfare(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::DRAGON, 1, TokenDestination::ExArea)
}

/// Dragonrider (Evolved): "On Evolve: If Overflow is active for you, give
/// this follower [attack]+2."
fn dragonrider_evolved_on_evolve(game: &mut Game) -> Result<(), Stop> {
    this_gets(game, 2, 0);
    Ok(())
}

/// Seabrand Dragon: "[fanfare] If Overflow is active for you, give this
/// follower Storm."
fn seabrand_dragon_fanfare(game: &mut Game) -> Result<(), Stop> {
    this_gains(game, Keywords::STORM);
    Ok(())
}
