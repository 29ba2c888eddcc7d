//! SD01, the Forestcraft starter deck (Regal Fairy Princess): Fairy tokens,
//! Pixies and Combo.

use crate::common::{
    can_select_enemy_follower, combo, damage_an_enemy_follower, followers_with_trait,
    select_enemy_follower, summon, summon_each_onto_field_or_ex_area, token, trigger_card_matches,
};
use sve_sdk::prelude::*;

/// The set's cards.
pub(crate) fn cards() -> Vec<Card> {
    vec![
        Card::follower("SD01-001", "Aria, Fairy Princess", Class::Forest, 6, 5, 5)
            .traits(&["Pixie", "Princess"])
            .rarity(Rarity::Legendary)
            .keywords(Keywords::WARD)
            .text("Ward.\n[fanfare] Put up to 9 Fairy tokens onto your field or into your EX area.\nWhile this card is on your field, your other Pixie followers have Rush.")
            .fanfare("Put up to 9 Fairy tokens onto your field or into your EX area.", aria_fanfare)
            .passive(
                "Fairy Court",
                Passive {
                    grant: Grant::Keywords(Keywords::RUSH.bits()),
                    scope: PassiveScope::OtherAlliesOnField(followers_with_trait("Pixie")),
                    condition: PassiveCondition::Always,
                },
                "Your other Pixie followers have Rush.",
            ),
        Card::amulet("SD01-002", "Titania's Sanctuary", Class::Forest, 2)
            .traits(&["Pixie", "Princess"])
            .rarity(Rarity::Gold)
            .text("[fanfare] Give each Pixie token on your field [attack]+1/[defense]+1.\nWhile this card is on your field, your Pixie tokens have Assail. Whenever a Pixie token is put onto your field, give it [attack]+1/[defense]+1.")
            .fanfare("Each Pixie token on your field gets +1/+1.", sanctuary_fanfare)
            .passive(
                "Sanctuary",
                Passive {
                    grant: Grant::Keywords(Keywords::ASSAIL.bits()),
                    scope: PassiveScope::AlliesOnField(pixie_tokens()),
                    condition: PassiveCondition::Always,
                },
                "Your Pixie tokens have Assail.",
            )
            .on(
                Trigger::OnOtherEnterField(pixie_tokens()),
                "That Pixie token gets +1/+1.",
                sanctuary_blessing,
            )
            .condition(pixie_token_still_there),
        Card::follower("SD01-003", "Rose Gardener", Class::Forest, 3, 3, 3)
            .traits(&["Verdant"])
            .rarity(Rarity::Silver)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower."),
        Card::evolved("SD01-004", "Rose Gardener (Evolved)", Class::Forest, 4, 4)
            .traits(&["Verdant"])
            .rarity(Rarity::Silver)
            .text("On Evolve: Select an enemy follower on the field and return it to its owner's hand. Combo (3): Draw a card.")
            .on(
                Trigger::OnEvolve,
                "Return an enemy follower to its owner's hand; Combo (3): draw a card.",
                rose_gardener_on_evolve,
            )
            .condition(can_select_enemy_follower),
        Card::follower("SD01-005", "Waltzing Fairy", Class::Forest, 3, 3, 3)
            .traits(&["Pixie"])
            .rarity(Rarity::Silver)
            .text("[fanfare][lastwords] Put a Fairy token into your EX area.")
            .fanfare("Put a Fairy token into your EX area.", fairy_into_ex_area)
            .last_words("Put a Fairy token into your EX area.", fairy_into_ex_area),
        Card::follower("SD01-006", "Fairy Caster", Class::Forest, 4, 3, 3)
            .traits(&["Elf"])
            .rarity(Rarity::Silver)
            .text("[fanfare] Summon 3 Fairy tokens. If your field becomes full from this effect, put any remaining tokens into your EX area.")
            .fanfare("Summon 3 Fairy tokens; the rest into your EX area once your field is full.", fairy_caster_fanfare),
        Card::follower("SD01-009", "Treant", Class::Forest, 3, 3, 3)
            .traits(&["Fae-Touched"])
            .rarity(Rarity::Bronze)
            .evolve_cost(2)
            .text("[evolve][cost02]: Evolve this follower.\n[fanfare] Combo (3): Change this card's [evolve] cost to 0.")
            .fanfare("Combo (3): this card's evolve cost becomes 0.", treant_fanfare)
            .condition(|game| combo(game, 3)),
        Card::evolved("SD01-010", "Treant (Evolved)", Class::Forest, 5, 5)
            .traits(&["Fae-Touched"])
            .rarity(Rarity::Bronze),
        Card::follower("SD01-011", "Water Fairy", Class::Forest, 1, 1, 1)
            .traits(&["Pixie"])
            .rarity(Rarity::Bronze)
            .evolve_cost(2)
            .text("[evolve][cost02]: Evolve this follower.\n[lastwords] Put a Fairy token into your EX area.")
            .last_words("Put a Fairy token into your EX area.", fairy_into_ex_area),
        Card::evolved("SD01-012", "Water Fairy (Evolved)", Class::Forest, 2, 2)
            .traits(&["Pixie"])
            .rarity(Rarity::Bronze)
            .text("On Evolve: Summon a Fairy token.\n[lastwords] Put a Fairy token into your EX area.")
            .on(Trigger::OnEvolve, "Summon a Fairy token.", water_fairy_on_evolve)
            .last_words("Put a Fairy token into your EX area.", fairy_into_ex_area),
        Card::follower("SD01-013", "Elf Wanderer", Class::Forest, 2, 2, 3)
            .traits(&["Elf"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::ASSAIL | Keywords::IGNORE_WARD)
            .text("Assail.\nThis follower ignores Ward."),
        Card::spell("SD01-016", "Sylvan Justice", Class::Forest, 2)
            .traits(&["Elf"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field. Deal it 3 damage and put a Fairy token into your EX area.")
            .spell_effect("Deal 3 damage to an enemy follower; put a Fairy token into your EX area.", sylvan_justice)
            // A spell that selects an enemy follower needs one to be played.
            .condition(can_select_enemy_follower),
    ]
}

/// Pixie tokens (Titania's Sanctuary's cards).
fn pixie_tokens() -> CardFilter {
    CardFilter {
        traits_any: vec!["Pixie".to_owned()],
        token: Some(true),
        ..sve_sdk::any_card()
    }
}

/// Waltzing Fairy, Water Fairy and its evolved card: "Put a Fairy token
/// into your EX area."
fn fairy_into_ex_area(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::FAIRY, 1, TokenDestination::ExArea)
}

/// Aria, Fairy Princess: "[fanfare] Put up to 9 Fairy tokens onto your
/// field or into your EX area." One question per token, while either zone
/// has room.
fn aria_fanfare(game: &mut Game) -> Result<(), Stop> {
    summon_each_onto_field_or_ex_area(game, token::FAIRY, "Fairy", 9)
}

/// Titania's Sanctuary: "[fanfare] Give each Pixie token on your field
/// [attack]+1/[defense]+1."
fn sanctuary_fanfare(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    for pixie in game.matching(me, Zone::Field, &pixie_tokens()) {
        game.give_stats(pixie, 1, 1, Duration::WhileInZone);
    }
    Ok(())
}

/// Titania's Sanctuary's trigger, as the script runtime plays it: the
/// Pixie token is still there when the ability is played.
fn pixie_token_still_there(game: &Game) -> bool {
    trigger_card_matches(game, &pixie_tokens())
}

/// Titania's Sanctuary: "Whenever a Pixie token is put onto your field,
/// give it [attack]+1/[defense]+1."
fn sanctuary_blessing(game: &mut Game) -> Result<(), Stop> {
    if let Some(pixie) = game.trigger_card() {
        game.give_stats(pixie, 1, 1, Duration::WhileInZone);
    }
    Ok(())
}

/// Rose Gardener (Evolved): "On Evolve: Select an enemy follower on the
/// field and return it to its owner's hand. Combo (3): Draw a card." With
/// no enemy follower to select, nothing happens (no card is drawn either).
fn rose_gardener_on_evolve(game: &mut Game) -> Result<(), Stop> {
    let Some(target) = select_enemy_follower(game, "Return to its owner's hand")? else {
        return Ok(());
    };
    game.return_to_hand(target);
    if combo(game, 3) {
        let me = game.me();
        game.draw(me, 1);
    }
    Ok(())
}

/// Fairy Caster: "[fanfare] Summon 3 Fairy tokens. If your field becomes
/// full from this effect, put any remaining tokens into your EX area."
fn fairy_caster_fanfare(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::FAIRY, 3, TokenDestination::FieldOverflowToEx)
}

/// Treant: "[fanfare] Combo (3): Change this card's [evolve] cost to 0."
/// (Combo is the ability's condition.)
fn treant_fanfare(game: &mut Game) -> Result<(), Stop> {
    let this = game.source();
    game.set_evolve_cost(this, 0, Duration::WhileInZone);
    Ok(())
}

/// Water Fairy (Evolved): "On Evolve: Summon a Fairy token."
fn water_fairy_on_evolve(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::FAIRY, 1, TokenDestination::Field)
}

/// Sylvan Justice: "Select an enemy follower on the field. Deal it 3
/// damage and put a Fairy token into your EX area."
fn sylvan_justice(game: &mut Game) -> Result<(), Stop> {
    if damage_an_enemy_follower(game, 3)?.is_none() {
        return Ok(());
    }
    fairy_into_ex_area(game)
}
