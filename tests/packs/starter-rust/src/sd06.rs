//! SD06, the Havencraft starter deck: amulets that pay for their abilities
//! by leaving the field, Holy tokens and Ward.

use crate::common::{
    FIELD_SLOTS, any_selectable, can_select_enemy_follower, choose_up_to, damage_each,
    enemy_followers, is_a, is_follower, leader_gains, leader_gains_2, look_at_top, move_all,
    select_enemy_follower, select_one, still_in_deck, summon, this_gets, token,
};
use sve_sdk::prelude::*;

/// The set's cards.
pub(crate) fn cards() -> Vec<Card> {
    vec![
        Card::follower("SD06-001", "Skullfane", Class::Haven, 7, 6, 6)
            .traits(&["Zealot", "Eidolon"])
            .rarity(Rarity::Legendary)
            .text("[fanfare] Look at the top 4 cards of your deck. You may reveal an amulet from among them and put it onto your field. Put the remaining cards into your cemetery.\nWhenever an amulet you control leaves the field, deal 2 damage to each enemy leader and enemy follower on the field.")
            .fanfare("Look at your top 4 cards; you may put an amulet onto your field; the rest into your cemetery.", skullfane_fanfare)
            .on(
                Trigger::OnOtherLeaveField(CardFilter {
                    types: vec![CardType::Amulet],
                    ..sve_sdk::any_card()
                }),
                "Deal 2 damage to each enemy follower and the enemy leader.",
                skullfane_amulet_leaves,
            ),
        Card::amulet("SD06-002", "Hare of Illusions", Class::Haven, 0)
            .traits(&["Faith"])
            .rarity(Rarity::Gold)
            .text("[act][engage], put this card into its owner's cemetery: Select an enemy follower on the field and engage it.\n[act][cost10], [engage], put this card into its owner's cemetery: Banish each follower on the field.")
            .activated(
                vec![CostItem::EngageSelf, CostItem::BurySelf],
                "Engage an enemy follower.",
                hare_illusion,
            )
            .named("Illusion")
            .condition(can_select_enemy_follower)
            .activated(
                vec![
                    CostItem::PlayPoints(10),
                    CostItem::EngageSelf,
                    CostItem::BurySelf,
                ],
                "Banish each follower on the field.",
                hare_vanish,
            )
            .named("Vanish"),
        Card::follower("SD06-003", "Priest of the Cudgel", Class::Haven, 3, 3, 3)
            .traits(&["Faith"])
            .rarity(Rarity::Silver)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower."),
        Card::evolved("SD06-004", "Priest of the Cudgel (Evolved)", Class::Haven, 4, 4)
            .traits(&["Faith"])
            .rarity(Rarity::Silver)
            .text("On Evolve: Select an enemy follower with 3 defense or less on the field and banish it.")
            .on(
                Trigger::OnEvolve,
                "Banish an enemy follower with 3 defense or less.",
                priest_of_the_cudgel_on_evolve,
            )
            .condition(|game| any_selectable(game, &small_enemy_followers(game))),
        Card::spell("SD06-005", "Acolyte's Light", Class::Haven, 4)
            .traits(&["Faith"])
            .rarity(Rarity::Silver)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field. Banish it and give your leader [defense]+2.")
            .spell_effect("Banish an enemy follower; your leader gets +2 defense.", acolytes_light)
            .condition(can_select_enemy_follower),
        Card::amulet("SD06-006", "Dual Flames", Class::Haven, 4)
            .traits(&["Faith", "Beast"])
            .rarity(Rarity::Silver)
            .text("[fanfare] Summon a Holy Tiger token.\n[act][cost02], [engage], put this card into its owner's cemetery: Summon a Holy Tiger token.")
            .fanfare("Summon a Holy Tiger token.", holy_tiger)
            .activated(
                vec![
                    CostItem::PlayPoints(2),
                    CostItem::EngageSelf,
                    CostItem::BurySelf,
                ],
                "Summon a Holy Tiger token.",
                holy_tiger,
            )
            .named("Release"),
        Card::follower("SD06-009", "Ardent Nun", Class::Haven, 2, 2, 2)
            .traits(&["Faith"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::WARD)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\nWard.\nDuring each opponent's turn, this follower deals 1 more damage.")
            .passive(
                "Zeal",
                zeal(Keywords::PLUS1_DAMAGE),
                "During each opponent's turn, this follower deals 1 more damage.",
            ),
        Card::evolved("SD06-010", "Ardent Nun (Evolved)", Class::Haven, 3, 3)
            .traits(&["Faith"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::WARD)
            .text("Ward.\nDuring each opponent's turn, this follower deals 2 more damage.")
            .passive(
                "Zeal",
                zeal(Keywords::PLUS2_DAMAGE),
                "During each opponent's turn, this follower deals 2 more damage.",
            ),
        Card::follower("SD06-011", "Guardian Nun", Class::Haven, 3, 3, 3)
            .traits(&["Faith"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::WARD)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\nWard.\n[fanfare] If there is an amulet on your field, give this follower [defense]+1.")
            .fanfare("If there is an amulet on your field, this follower gets +1 defense.", guardian_nun_fanfare)
            .condition(has_an_amulet),
        Card::evolved("SD06-012", "Guardian Nun (Evolved)", Class::Haven, 4, 4)
            .traits(&["Faith"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::WARD)
            .text("Ward.\nOn Evolve: Give your leader [defense]+2.")
            .on(Trigger::OnEvolve, "Your leader gets +2 defense.", leader_gains_2),
        Card::amulet("SD06-015", "Pinion Prayer", Class::Haven, 1)
            .traits(&["Faith", "Avian"])
            .rarity(Rarity::Bronze)
            .text("[act][cost01], [engage], put this card into its owner's cemetery: Summon a Holy Falcon token.")
            .activated(
                vec![
                    CostItem::PlayPoints(1),
                    CostItem::EngageSelf,
                    CostItem::BurySelf,
                ],
                "Summon a Holy Falcon token.",
                holy_falcon,
            )
            .named("Prayer"),
        Card::amulet("SD06-016", "Beastly Vow", Class::Haven, 2)
            .traits(&["Faith", "Beast"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::PUT_ON_FIELD_ENGAGED)
            .text("This card is put onto the field engaged.\n[act][cost01], [engage], put this card into its owner's cemetery: Summon a Holy Tiger token.")
            .activated(
                vec![
                    CostItem::PlayPoints(1),
                    CostItem::EngageSelf,
                    CostItem::BurySelf,
                ],
                "Summon a Holy Tiger token.",
                holy_tiger,
            )
            .named("Vow"),
    ]
}

/// Dual Flames and Beastly Vow: "Summon a Holy Tiger token."
fn holy_tiger(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::HOLY_TIGER, 1, TokenDestination::Field)
}

/// Pinion Prayer: "Summon a Holy Falcon token."
fn holy_falcon(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::HOLY_FALCON, 1, TokenDestination::Field)
}

/// Ardent Nun's "During each opponent's turn, this follower deals N more
/// damage": the keyword, on this card, on the opponent's turns.
fn zeal(more_damage: Keywords) -> Passive {
    Passive {
        grant: Grant::Keywords(more_damage.bits()),
        scope: PassiveScope::ThisCard,
        condition: PassiveCondition::OpponentTurn,
    }
}

/// Skullfane: "[fanfare] Look at the top 4 cards of your deck. You may
/// reveal an amulet from among them and put it onto your field. Put the
/// remaining cards into your cemetery." An amulet is offered only while
/// your field has room; the rest go to the cemetery one by one, the top
/// card first.
fn skullfane_fanfare(game: &mut Game) -> Result<(), Stop> {
    let mut looked_at = look_at_top(game, 4);
    let me = game.me();
    let room = FIELD_SLOTS.saturating_sub(game.cards_in(me, Zone::Field).len());
    let max = u32::try_from(room.min(1)).unwrap_or(0);
    let amulets = looked_at
        .iter()
        .copied()
        .filter(|card| is_a(game, *card, CardType::Amulet))
        .collect();
    let text = format!("Choose up to {max} card(s): put onto your field");
    for amulet in choose_up_to(game, &text, amulets, max)? {
        game.put_onto_field(amulet);
    }
    still_in_deck(game, &mut looked_at);
    for card in looked_at {
        game.bury(card);
    }
    Ok(())
}

/// Skullfane: "Whenever an amulet you control leaves the field, deal 2
/// damage to each enemy leader and enemy follower on the field." The
/// followers first, then the leader.
fn skullfane_amulet_leaves(game: &mut Game) -> Result<(), Stop> {
    let enemies = enemy_followers(game);
    damage_each(game, enemies, 2);
    let opponent = game.opponent();
    game.damage_leader(opponent, 2);
    Ok(())
}

/// Hare of Illusions: "[act][engage], put this card into its owner's
/// cemetery: Select an enemy follower on the field and engage it."
fn hare_illusion(game: &mut Game) -> Result<(), Stop> {
    if let Some(target) = select_enemy_follower(game, "Engage")? {
        game.engage(target);
    }
    Ok(())
}

/// Hare of Illusions: "[act][cost10], [engage], put this card into its
/// owner's cemetery: Banish each follower on the field." Yours and your
/// opponent's, together.
fn hare_vanish(game: &mut Game) -> Result<(), Stop> {
    let (me, opponent) = (game.me(), game.opponent());
    let mut followers = game.followers(me);
    followers.extend(game.followers(opponent));
    move_all(game, &followers, MoveKind::Banish);
    Ok(())
}

/// Enemy followers with 3 defense or less.
fn small_enemy_followers(game: &Game) -> Vec<CardRef> {
    enemy_followers(game)
        .into_iter()
        .filter(|card| {
            game.stats(*card)
                .is_some_and(|stats| is_follower(&stats) && (0..=3).contains(&stats.defense))
        })
        .collect()
}

/// Priest of the Cudgel (Evolved): "On Evolve: Select an enemy follower
/// with 3 defense or less on the field and banish it."
fn priest_of_the_cudgel_on_evolve(game: &mut Game) -> Result<(), Stop> {
    let small = small_enemy_followers(game);
    if let Some(target) = select_one(game, "Banish", small)? {
        game.banish(target);
    }
    Ok(())
}

/// Acolyte's Light: "Select an enemy follower on the field. Banish it and
/// give your leader [defense]+2."
fn acolytes_light(game: &mut Game) -> Result<(), Stop> {
    let Some(target) = select_enemy_follower(game, "Banish")? else {
        return Ok(());
    };
    game.banish(target);
    leader_gains(game, 2);
    Ok(())
}

/// Whether there is an amulet on your field.
fn has_an_amulet(game: &Game) -> bool {
    let me = game.me();
    game.cards_in(me, Zone::Field)
        .into_iter()
        .any(|card| is_a(game, card, CardType::Amulet))
}

/// Guardian Nun: "[fanfare] If there is an amulet on your field, give this
/// follower [defense]+1." (The amulet is the ability's condition.)
fn guardian_nun_fanfare(game: &mut Game) -> Result<(), Stop> {
    this_gets(game, 0, 1);
    Ok(())
}
