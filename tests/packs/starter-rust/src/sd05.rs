//! SD05, the Abysscraft starter deck: Forest Bat tokens, Ghosts and
//! Necrocharge. Alucard plays as `card-packs/rust-starter` writes it.

use crate::common::{
    can_select_enemy_follower, damage_an_enemy_follower, enemy_followers, has_enemy_follower,
    leader_gains, leader_gains_2, necrocharge, summon, this_gains, this_gets, token, tokens_named,
    trigger_card_matches,
};
use sve_sdk::prelude::*;

/// The set's cards.
pub(crate) fn cards() -> Vec<Card> {
    vec![
        Card::follower("SD05-001", "Queen Vampire", Class::Abyss, 6, 5, 5)
            .traits(&["Vampire"])
            .rarity(Rarity::Legendary)
            .text("[fanfare] Summon 2 Forest Bat tokens.\n[act][engage], give your leader [defense]-1: Summon 2 Forest Bat tokens.\nWhenever a Forest Bat token is put onto your field, give it [attack]+1 and Ward.")
            .fanfare("Summon 2 Forest Bat tokens.", two_forest_bats)
            .activated(
                vec![CostItem::EngageSelf, CostItem::LeaderDefense(1)],
                "Summon 2 Forest Bat tokens.",
                two_forest_bats,
            )
            .named("Call the Swarm")
            .on(
                Trigger::OnOtherEnterField(forest_bats()),
                "That Forest Bat token gets +1 attack and Ward.",
                queen_vampire_feeds_a_bat,
            )
            .condition(forest_bat_still_there),
        Card::follower("SD05-002", "Alucard", Class::Abyss, 7, 4, 4)
            .traits(&["Vampire"])
            .keywords(Keywords::STORM)
            .text("Storm.\n[fanfare] Necrocharge (10): Give this follower [attack]+2.\nStrike: Select an enemy follower on the field. Deal it 4 damage and give your leader [defense]+4.")
            .fanfare("Necrocharge (10): this follower gains +2 attack.", alucard_fanfare)
            .condition(|game| necrocharge(game, 10))
            .on(
                Trigger::Strike,
                "Deal 4 damage to an enemy follower and your leader gains 4 defense.",
                alucard_strike,
            )
            // A Strike that can't select its target can't be played at all.
            .condition(has_enemy_follower),
        Card::follower("SD05-003", "Playful Necromancer", Class::Abyss, 3, 3, 3)
            .traits(&["Necromancer"])
            .rarity(Rarity::Silver)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower."),
        Card::evolved("SD05-004", "Playful Necromancer (Evolved)", Class::Abyss, 4, 4)
            .traits(&["Necromancer"])
            .rarity(Rarity::Silver)
            .text("On Evolve: Summon 3 Ghost tokens.")
            .on(
                Trigger::OnEvolve,
                "Summon 3 Ghost tokens.",
                playful_necromancer_on_evolve,
            ),
        Card::follower("SD05-005", "Midnight Vampire", Class::Abyss, 3, 2, 4)
            .traits(&["Vampire"])
            .rarity(Rarity::Silver)
            .text("[fanfare] Summon a Forest Bat token.\nWhile this card is on your field, your Forest Bat tokens have Drain.")
            .fanfare("Summon a Forest Bat token.", forest_bat_onto_field)
            .passive(
                "Blood Bond",
                Passive {
                    grant: Grant::Keywords(Keywords::DRAIN.bits()),
                    scope: PassiveScope::AlliesOnField(forest_bats()),
                    condition: PassiveCondition::Always,
                },
                "Your Forest Bat tokens have Drain.",
            ),
        Card::spell("SD05-006", "Night Horde", Class::Abyss, 3)
            .traits(&["Vampire"])
            .rarity(Rarity::Silver)
            .text("Summon 2 Forest Bat tokens.\nSelect an enemy follower on the field and deal it X damage. X equals the number of Forest Bat tokens on your field.")
            .spell_effect("Summon 2 Forest Bat tokens; deal X damage to an enemy follower, X = your Forest Bat tokens.", night_horde)
            .condition(can_select_enemy_follower),
        Card::follower("SD05-010", "Lesser Mummy", Class::Abyss, 2, 2, 2)
            .traits(&["Departed"])
            .rarity(Rarity::Bronze)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\n[fanfare] Necrocharge (10): Give this follower Storm.")
            .fanfare("Necrocharge (10): this follower gains Storm.", lesser_mummy_fanfare)
            .condition(|game| necrocharge(game, 10)),
        Card::evolved("SD05-011", "Lesser Mummy (Evolved)", Class::Abyss, 3, 3)
            .traits(&["Departed"])
            .rarity(Rarity::Bronze)
            .text("Strike: Summon a Ghost token.")
            .on(Trigger::Strike, "Summon a Ghost token.", lesser_mummy_evolved_strike),
        Card::follower("SD05-012", "Lilith", Class::Abyss, 2, 2, 2)
            .traits(&["Demon"])
            .rarity(Rarity::Bronze)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\n[fanfare] Put a Forest Bat token into your EX area.")
            .fanfare("Put a Forest Bat token into your EX area.", forest_bat_into_ex_area),
        Card::evolved("SD05-013", "Lilith (Evolved)", Class::Abyss, 3, 3)
            .traits(&["Departed"])
            .rarity(Rarity::Bronze)
            .text("Strike: Give your leader [defense]+2.")
            .on(Trigger::Strike, "Your leader gets +2 defense.", leader_gains_2),
        Card::spell("SD05-015", "Undying Resentment", Class::Abyss, 2)
            .traits(&["Departed"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field. Deal it 3 damage and put the top card of your deck into your cemetery.")
            .spell_effect("Deal 3 damage to an enemy follower; mill 1.", undying_resentment)
            .condition(can_select_enemy_follower),
        Card::spell("SD05-016", "Summon Bloodkin", Class::Abyss, 1)
            .traits(&["Vampire"])
            .rarity(Rarity::Bronze)
            .text("Summon a Forest Bat token.\nPut a Forest Bat token into your EX area.")
            .spell_effect("Summon a Forest Bat token; put another into your EX area.", summon_bloodkin),
    ]
}

/// Forest Bat tokens.
fn forest_bats() -> CardFilter {
    tokens_named("Forest Bat")
}

/// "Summon a Forest Bat token."
fn forest_bat_onto_field(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::FOREST_BAT, 1, TokenDestination::Field)
}

/// "Put a Forest Bat token into your EX area."
fn forest_bat_into_ex_area(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::FOREST_BAT, 1, TokenDestination::ExArea)
}

/// Queen Vampire: "[fanfare] Summon 2 Forest Bat tokens." and "[act]
/// [engage], give your leader [defense]-1: Summon 2 Forest Bat tokens."
fn two_forest_bats(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::FOREST_BAT, 2, TokenDestination::Field)
}

/// Queen Vampire's trigger, as the script runtime plays it: the Forest
/// Bat is still there when the ability is played.
fn forest_bat_still_there(game: &Game) -> bool {
    trigger_card_matches(game, &forest_bats())
}

/// Queen Vampire: "Whenever a Forest Bat token is put onto your field,
/// give it [attack]+1 and Ward."
fn queen_vampire_feeds_a_bat(game: &mut Game) -> Result<(), Stop> {
    if let Some(bat) = game.trigger_card() {
        game.give_stats(bat, 1, 0, Duration::WhileInZone);
        game.give_keywords(bat, Keywords::WARD, Duration::WhileInZone);
    }
    Ok(())
}

/// Alucard: "[fanfare] Necrocharge (10): Give this follower [attack]+2."
/// (Necrocharge is the ability's condition.)
fn alucard_fanfare(game: &mut Game) -> Result<(), Stop> {
    this_gets(game, 2, 0);
    Ok(())
}

/// Alucard: "Strike: Select an enemy follower on the field. Deal it 4
/// damage and give your leader [defense]+4."
fn alucard_strike(game: &mut Game) -> Result<(), Stop> {
    let enemies = enemy_followers(game);
    let targets = game.select("Deal 4 damage to", enemies, 1, 1)?;
    if targets.is_empty() {
        return Ok(());
    }
    for target in targets {
        game.damage_follower(target, 4);
    }
    leader_gains(game, 4);
    Ok(())
}

/// Playful Necromancer (Evolved): "On Evolve: Summon 3 Ghost tokens."
fn playful_necromancer_on_evolve(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::GHOST, 3, TokenDestination::Field)
}

/// Night Horde: "Summon 2 Forest Bat tokens. Select an enemy follower on
/// the field and deal it X damage. X equals the number of Forest Bat
/// tokens on your field." The spell is one ability: with no enemy follower
/// to select by the time it resolves, no bat comes either.
fn night_horde(game: &mut Game) -> Result<(), Stop> {
    if !can_select_enemy_follower(game) {
        return Ok(());
    }
    two_forest_bats(game)?;
    let me = game.me();
    let bats = game.matching(me, Zone::Field, &forest_bats()).len();
    damage_an_enemy_follower(game, i32::try_from(bats).unwrap_or(i32::MAX))?;
    Ok(())
}

/// Lesser Mummy: "[fanfare] Necrocharge (10): Give this follower Storm."
fn lesser_mummy_fanfare(game: &mut Game) -> Result<(), Stop> {
    this_gains(game, Keywords::STORM);
    Ok(())
}

/// Lesser Mummy (Evolved): "Strike: Summon a Ghost token."
fn lesser_mummy_evolved_strike(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::GHOST, 1, TokenDestination::Field)
}

/// Undying Resentment: "Select an enemy follower on the field. Deal it 3
/// damage and put the top card of your deck into your cemetery."
fn undying_resentment(game: &mut Game) -> Result<(), Stop> {
    if damage_an_enemy_follower(game, 3)?.is_none() {
        return Ok(());
    }
    let me = game.me();
    game.mill(me, 1);
    Ok(())
}

/// Summon Bloodkin: "Summon a Forest Bat token. Put a Forest Bat token
/// into your EX area."
fn summon_bloodkin(game: &mut Game) -> Result<(), Stop> {
    forest_bat_onto_field(game)?;
    forest_bat_into_ex_area(game)
}
