//! SD03, the Runecraft starter deck: spells, Spellchain and Golem tokens.
//! Fire Chain plays as `card-packs/rust-starter` writes it.

use crate::common::{
    can_select_enemy_follower, choose_up_to, damage_an_enemy_follower, damage_each,
    enemy_followers, has_enemy_follower, look_at_top, spellchain, summon, this_gains, this_gets,
    token,
};
use sve_sdk::prelude::*;

/// The set's cards.
pub(crate) fn cards() -> Vec<Card> {
    vec![
        Card::follower("SD03-001", "Mythril Golem", Class::Rune, 6, 5, 6)
            .traits(&["Golem"])
            .rarity(Rarity::Legendary)
            .text("[fanfare] Deal 3 damage to each enemy follower on the field. Spellchain (7): Deal 5 damage instead. SC (15): Deal 5 damage to each enemy leader.")
            .fanfare("3 damage to each enemy follower (Spellchain 7: 5); Spellchain 15: 5 damage to the enemy leader.", mythril_golem_fanfare),
        Card::follower("SD03-002", "Rune Blade Summoner", Class::Rune, 3, 1, 1)
            .traits(&["Mage"])
            .rarity(Rarity::Gold)
            .text("[fanfare] Spellchain (5): Give this follower [attack]+4/[defense]+4. SC (10): Give this follower Storm.")
            .fanfare("Spellchain 5: +4/+4; Spellchain 10: Storm.", rune_blade_summoner_fanfare),
        Card::follower("SD03-003", "Demonflame Mage", Class::Rune, 3, 3, 3)
            .traits(&["Mage"])
            .rarity(Rarity::Silver)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower."),
        Card::evolved("SD03-004", "Demonflame Mage (Evolved)", Class::Rune, 4, 4)
            .traits(&["Mage"])
            .rarity(Rarity::Silver)
            .text("On Evolve: Deal 2 damage to each enemy follower on the field.")
            .on(
                Trigger::OnEvolve,
                "Deal 2 damage to each enemy follower.",
                demonflame_mage_on_evolve,
            ),
        Card::spell("SD03-005", "Insight", Class::Rune, 1)
            .traits(&["Mage"])
            .rarity(Rarity::Silver)
            .keywords(Keywords::QUICK)
            .text("[quick]\nDraw a card.")
            .spell_effect("Draw a card.", draw_a_card),
        Card::spell("SD03-006", "Fire Chain", Class::Rune, 2)
            .traits(&["Mage"])
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect up to 2 enemy followers on the field and deal 3 damage divided between them.")
            .spell_effect("Deal 3 damage divided between up to 2 enemy followers.", fire_chain)
            .condition(has_enemy_follower),
        Card::follower("SD03-008", "Penguin Wizard", Class::Rune, 2, 1, 4)
            .traits(&["Arcanaform"])
            .rarity(Rarity::Bronze)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\n[act][engage], discard a spell: Draw a card.")
            .activated(study_costs(), "Draw a card.", draw_a_card)
            .named("Study"),
        Card::evolved("SD03-009", "Penguin Wizard (Evolved)", Class::Rune, 2, 5)
            .traits(&["Arcanaform"])
            .rarity(Rarity::Bronze)
            .text("On Evolve: Refresh this card.\n[act][engage], discard a spell: Draw a card.")
            .on(Trigger::OnEvolve, "Refresh this card.", refresh_this_card)
            .activated(study_costs(), "Draw a card.", draw_a_card)
            .named("Study"),
        Card::follower("SD03-010", "Sammy, Wizard's Apprentice", Class::Rune, 1, 2, 1)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .evolve_cost(2)
            .text("[evolve][cost02]: Evolve this follower.\n[fanfare] Look at the top card of your deck. You may put it into your cemetery.")
            .fanfare("Look at your top card; you may put it into your cemetery.", sammy_fanfare),
        Card::evolved("SD03-011", "Sammy, Wizard's Apprentice (Evolved)", Class::Rune, 3, 2)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .text("On Evolve: Each player draws a card.")
            .on(Trigger::OnEvolve, "Each player draws a card.", each_player_draws),
        Card::spell("SD03-015", "Magic Missile", Class::Rune, 3)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field. Deal it 2 damage and draw a card.")
            .spell_effect("Deal 2 damage to an enemy follower; draw a card.", magic_missile)
            .condition(can_select_enemy_follower),
        Card::spell("SD03-016", "Conjure Golem", Class::Rune, 1)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nPut a Guardform Golem or Strikeform Golem token into your EX area.")
            .spell_effect("Put a Guardform Golem or a Strikeform Golem token into your EX area.", conjure_golem),
    ]
}

/// Penguin Wizard's "[act][engage], discard a spell".
fn study_costs() -> Vec<CostItem> {
    vec![
        CostItem::EngageSelf,
        CostItem::Discard(Selection {
            count: 1,
            filter: CardFilter {
                types: vec![CardType::Spell],
                ..sve_sdk::any_card()
            },
        }),
    ]
}

/// Insight, and Penguin Wizard's act: "Draw a card."
fn draw_a_card(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.draw(me, 1);
    Ok(())
}

/// Mythril Golem: "[fanfare] Deal 3 damage to each enemy follower on the
/// field. Spellchain (7): Deal 5 damage instead. SC (15): Deal 5 damage to
/// each enemy leader."
fn mythril_golem_fanfare(game: &mut Game) -> Result<(), Stop> {
    let damage = if spellchain(game, 7) { 5 } else { 3 };
    let enemies = enemy_followers(game);
    damage_each(game, enemies, damage);
    if spellchain(game, 15) {
        let opponent = game.opponent();
        game.damage_leader(opponent, 5);
    }
    Ok(())
}

/// Rune Blade Summoner: "[fanfare] Spellchain (5): Give this follower
/// [attack]+4/[defense]+4. SC (10): Give this follower Storm."
fn rune_blade_summoner_fanfare(game: &mut Game) -> Result<(), Stop> {
    if spellchain(game, 5) {
        this_gets(game, 4, 4);
    }
    if spellchain(game, 10) {
        this_gains(game, Keywords::STORM);
    }
    Ok(())
}

/// Demonflame Mage (Evolved): "On Evolve: Deal 2 damage to each enemy
/// follower on the field."
fn demonflame_mage_on_evolve(game: &mut Game) -> Result<(), Stop> {
    let enemies = enemy_followers(game);
    damage_each(game, enemies, 2);
    Ok(())
}

/// Fire Chain: "Select up to 2 enemy followers on the field and deal 3
/// damage divided between them." With two, you choose which takes 2.
fn fire_chain(game: &mut Game) -> Result<(), Stop> {
    let enemies = enemy_followers(game);
    let targets = game.select("Divide 3 damage between", enemies, 1, 2)?;
    match targets.as_slice() {
        [only] => game.damage_follower(*only, 3),
        [first, second] => {
            let first_name = game.card(*first).map(|c| c.name).unwrap_or_default();
            let (to_first, to_second) = game.choose_labelled(
                "Fire Chain: how much damage to the first target?",
                vec![
                    ((2, 1), format!("2 to {first_name}, 1 to the other")),
                    ((1, 2), format!("1 to {first_name}, 2 to the other")),
                ],
            )?;
            game.damage_follower(*first, to_first);
            game.damage_follower(*second, to_second);
        }
        _ => {}
    }
    Ok(())
}

/// Penguin Wizard (Evolved): "On Evolve: Refresh this card."
fn refresh_this_card(game: &mut Game) -> Result<(), Stop> {
    let this = game.source();
    game.refresh(this);
    Ok(())
}

/// Sammy, Wizard's Apprentice: "[fanfare] Look at the top card of your
/// deck. You may put it into your cemetery."
fn sammy_fanfare(game: &mut Game) -> Result<(), Stop> {
    let top = look_at_top(game, 1);
    let text = "Choose up to 1 card(s): put into your cemetery";
    for card in choose_up_to(game, text, top, 1)? {
        game.bury(card);
    }
    Ok(())
}

/// Sammy, Wizard's Apprentice (Evolved): "On Evolve: Each player draws a
/// card." You first.
fn each_player_draws(game: &mut Game) -> Result<(), Stop> {
    let (me, opponent) = (game.me(), game.opponent());
    game.draw(me, 1);
    game.draw(opponent, 1);
    Ok(())
}

/// Magic Missile: "Select an enemy follower on the field. Deal it 2
/// damage and draw a card."
fn magic_missile(game: &mut Game) -> Result<(), Stop> {
    if damage_an_enemy_follower(game, 2)?.is_none() {
        return Ok(());
    }
    draw_a_card(game)
}

/// Conjure Golem's two tokens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Golem {
    Guardform,
    Strikeform,
}

impl Choice for Golem {
    const OPTIONS: &'static [(Golem, &'static str)] = &[
        (Golem::Guardform, "Guardform Golem"),
        (Golem::Strikeform, "Strikeform Golem"),
    ];
}

/// Conjure Golem: "Put a Guardform Golem or Strikeform Golem token into
/// your EX area."
fn conjure_golem(game: &mut Game) -> Result<(), Stop> {
    let golem = match game.choose::<Golem>("Conjure Golem: choose one")? {
        Golem::Guardform => token::GUARDFORM_GOLEM,
        Golem::Strikeform => token::STRIKEFORM_GOLEM,
    };
    summon(game, golem, 1, TokenDestination::ExArea)
}
