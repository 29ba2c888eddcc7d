//! BP01, the first booster: the cards the starter decks use, the neutral
//! cards, and the tokens every starter card makes. Elf Metallurgist and
//! Spectre play as `card-packs/rust-starter` writes them. The six leaders
//! the starter decks name are here too: a name and a class, no text.

use crate::common::{
    any_selectable, bottom_in_any_order, can_select_enemy_follower, cards_where,
    damage_an_enemy_follower, damage_each, damage_enemy_target, enemy_followers,
    followers_with_trait, is_follower, leader_gains, leader_gains_2, look_at_top, may_take_one,
    move_all, overflow, select_enemy_follower, select_enemy_follower_or_leader, select_one,
    spellchain, still_in_deck, summon, this_gains, this_gets, token, trigger_card_matches,
};
use sve_sdk::prelude::*;

/// The set's cards.
pub(crate) fn cards() -> Vec<Card> {
    let mut cards = vec![
        Card::follower("BP01-017", "Elf Metallurgist", Class::Forest, 2, 3, 2)
            .traits(&["Elf"])
            .text("[fanfare] Select an enemy follower on the field and deal it 1 damage. Combo (3): Deal 3 damage instead.")
            .fanfare("Deal 1 damage to an enemy follower; Combo (3): 3 instead.", elf_metallurgist_fanfare),
        Card::follower("BP01-021", "Okami", Class::Forest, 4, 5, 5)
            .traits(&["Beast"])
            .rarity(Rarity::Bronze)
            .text("Whenever another follower is put onto your field, give this follower [attack]+1/[defense]+1.")
            .on(
                Trigger::OnOtherEnterField(followers()),
                "This follower gets +1/+1.",
                okami_grows,
            )
            .condition(follower_still_there),
        Card::spell("BP01-023", "Fairy Circle", Class::Forest, 1)
            .traits(&["Pixie"])
            .rarity(Rarity::Bronze)
            .text("Put 3 Fairy tokens into your EX area.")
            .spell_effect("Put 3 Fairy tokens into your EX area.", fairy_circle),
        Card::amulet("BP01-025", "Woodland Refuge", Class::Forest, 1)
            .traits(&["Fae-Touched"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select a Pixie follower on your field and give it [attack]+1.\n[act][cost01], [engage]: Return this card to its owner's hand.")
            .fanfare("A Pixie follower on your field gets +1 attack.", woodland_refuge_fanfare)
            .condition(|game| any_selectable(game, &pixie_followers_of_yours(game)))
            .activated(
                vec![CostItem::PlayPoints(1), CostItem::EngageSelf],
                "Return this card to its owner's hand.",
                return_this_card_to_hand,
            )
            .named("Return"),
        Card::follower("BP01-042", "Ninja Trainee", Class::Sword, 1, 2, 2)
            .traits(&["Officer", "Ninja"])
            .rarity(Rarity::Bronze),
        Card::follower("BP01-046", "Veteran Lancer", Class::Sword, 2, 2, 3)
            .traits(&["Officer"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::WARD)
            .text("Ward."),
        Card::spell("BP01-049", "Forge Weaponry", Class::Sword, 2)
            .traits(&["Officer"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect a follower on your field. Give it [attack]+1/[defense]+1 and draw a card.")
            .spell_effect("A follower on your field gets +1/+1; draw a card.", forge_weaponry)
            .condition(|game| any_selectable(game, &game.followers(game.me()))),
        Card::spell("BP01-050", "Onslaught", Class::Sword, 3)
            .traits(&["Officer"])
            .rarity(Rarity::Bronze)
            .text("Select an enemy follower on the field. Deal it 5 damage and put a Knight token into your EX area.")
            .spell_effect("Deal 5 damage to an enemy follower; put a Knight token into your EX area.", onslaught)
            .condition(can_select_enemy_follower),
        Card::follower("BP01-070", "Lightning Shooter", Class::Rune, 4, 3, 3)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select an enemy follower on the field and deal it 2 damage. Spellchain (5): Deal 4 damage instead. SC (10): Deal 2 damage to that follower's leader.")
            .fanfare("Deal 2 damage to an enemy follower (Spellchain 5: 4); Spellchain 10: 2 damage to its leader.", lightning_shooter_fanfare)
            .condition(can_select_enemy_follower),
        Card::spell("BP01-071", "Wind Blast", Class::Rune, 1)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .text("Select an enemy follower on the field and deal it 2 damage. Spellchain (10): Deal 4 damage instead.")
            .spell_effect("Deal 2 damage to an enemy follower; Spellchain 10: 4 instead.", wind_blast)
            .condition(can_select_enemy_follower),
        Card::spell("BP01-072", "Sorcery Cache", Class::Rune, 2)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nLook at the top 4 cards of your deck. You may reveal a spell from among them and add it to your hand. You may also put a spell into your cemetery. Put the remaining cards on the bottom of your deck in any order.")
            .spell_effect("Look at your top 4 cards: a spell may go to your hand, another to your cemetery; the rest under your deck.", sorcery_cache),
        Card::spell("BP01-073", "Fiery Embrace", Class::Rune, 4)
            .traits(&["Mage"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field and destroy it. Spellchain (10): Deal 3 damage to that follower's leader.")
            .spell_effect("Destroy an enemy follower; Spellchain 10: 3 damage to its leader.", fiery_embrace)
            .condition(can_select_enemy_follower),
        Card::follower("BP01-094", "Fire Lizard", Class::Dragon, 2, 3, 2)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select an enemy leader or enemy follower on the field and deal it 1 damage.")
            .fanfare("Deal 1 damage to the enemy leader or an enemy follower.", fire_lizard_fanfare),
        Card::follower("BP01-097", "Dread Dragon", Class::Dragon, 7, 7, 7)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select an enemy follower on the field and deal it 7 damage.")
            .fanfare("Deal 7 damage to an enemy follower.", dread_dragon_fanfare)
            .condition(can_select_enemy_follower),
        Card::spell("BP01-098", "Blazing Breath", Class::Dragon, 1)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field and deal it 2 damage. If Overflow is active for you, deal 4 damage instead.")
            .spell_effect("Deal 2 damage to an enemy follower; Overflow: 4 instead.", blazing_breath)
            .condition(can_select_enemy_follower),
        Card::spell("BP01-099", "Dragon Wings", Class::Dragon, 1)
            .traits(&["Wyrmkin"])
            .rarity(Rarity::Bronze)
            .text("Deal 2 damage to each follower on the field. If Overflow is active for you, deal 3 damage instead.")
            .spell_effect("Deal 2 damage to each follower; Overflow: 3 instead.", dragon_wings),
        Card::follower("BP01-119", "Spectre", Class::Abyss, 2, 2, 1)
            .traits(&["Departed"])
            .keywords(Keywords::BANE)
            .text("Bane.\n[fanfare] Give your leader [defense]-2: Give this follower Rush. Put the top card of your deck into your cemetery.")
            .fanfare("Give your leader -2 defense: this follower gains Rush; mill 1.", spectre_fanfare)
            .costs(vec![CostItem::LeaderDefense(2)]),
        Card::follower("BP01-120", "Spartoi Sergeant", Class::Abyss, 2, 2, 3)
            .traits(&["Departed"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Put the top 2 cards of your deck into your cemetery.")
            .fanfare("Put your top 2 cards into your cemetery.", spartoi_sergeant_fanfare),
        Card::follower("BP01-124", "Undead King", Class::Abyss, 6, 6, 6)
            .traits(&["Departed"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select up to 2 followers in your cemetery and add them to your hand.")
            .fanfare("Up to 2 followers from your cemetery to your hand.", undead_king_fanfare),
        Card::spell("BP01-125", "Razory Claw", Class::Abyss, 2)
            .traits(&["Demon"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nDeal 2 damage to your leader.\nSelect an enemy leader or enemy follower on the field and deal it 3 damage.")
            .spell_effect("2 damage to your leader; 3 damage to the enemy leader or an enemy follower.", razory_claw),
        Card::follower("BP01-142", "Cruel Priestess", Class::Haven, 4, 3, 3)
            .traits(&["Zealot"])
            .rarity(Rarity::Bronze)
            .text("[fanfare] Select an amulet that costs 5 play points or less in your cemetery and put it onto your field.")
            .fanfare("An amulet costing 5 or less from your cemetery onto your field.", cruel_priestess_fanfare),
        Card::follower("BP01-146", "Snake Priestess", Class::Haven, 1, 1, 3)
            .traits(&["Zealot"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::WARD)
            .text("Ward."),
        Card::spell("BP01-148", "Hallowed Dogma", Class::Haven, 1)
            .traits(&["Faith"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nLook at the top 5 cards of your deck. You may reveal an amulet from among them and add it to your hand. Put the remaining cards on the bottom of your deck in any order.")
            .spell_effect("Look at your top 5 cards: an amulet may go to your hand; the rest under your deck.", hallowed_dogma),
        Card::amulet("BP01-150", "Death Sentence", Class::Haven, 3)
            .traits(&["Zealot"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::PUT_ON_FIELD_ENGAGED)
            .text("This card is put onto the field engaged.\n[act][engage], put this card into its owner's cemetery: Select an enemy follower on the field and destroy it.")
            .activated(
                vec![CostItem::EngageSelf, CostItem::BurySelf],
                "Destroy an enemy follower.",
                death_sentence,
            )
            .named("Sentence")
            .condition(can_select_enemy_follower),
        Card::follower("BP01-171", "Goblin", Class::Neutral, 1, 2, 2)
            .traits(&["Goblinoid"])
            .rarity(Rarity::Bronze)
            .evolve_cost(4)
            .text("[evolve][cost04]: Evolve this follower."),
        Card::evolved("BP01-172", "Goblin (Evolved)", Class::Neutral, 4, 4)
            .traits(&["Goblinoid"])
            .rarity(Rarity::Bronze),
        Card::follower("BP01-173", "Fighter", Class::Neutral, 2, 2, 3)
            .traits(&["Mercenary"])
            .rarity(Rarity::Bronze),
        Card::follower("BP01-174", "Goliath", Class::Neutral, 3, 3, 4)
            .traits(&["Gigant"])
            .rarity(Rarity::Bronze)
            .evolve_cost(2)
            .text("[evolve][cost02]: Evolve this follower."),
        Card::evolved("BP01-175", "Goliath (Evolved)", Class::Neutral, 5, 6)
            .traits(&["Gigant"])
            .rarity(Rarity::Bronze),
        Card::follower("BP01-176", "Angelic Sword Maiden", Class::Neutral, 5, 4, 6)
            .traits(&["Angel"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::WARD)
            .text("Ward."),
        Card::follower("BP01-177", "Healing Angel", Class::Neutral, 3, 2, 4)
            .traits(&["Angel"])
            .rarity(Rarity::Bronze)
            .evolve_cost(1)
            .text("[evolve][cost01]: Evolve this follower.\n[fanfare] Give your leader [defense]+1.")
            .fanfare("Your leader gets +1 defense.", healing_angel_fanfare),
        Card::evolved("BP01-178", "Healing Angel (Evolved)", Class::Neutral, 3, 5)
            .traits(&["Angel"])
            .rarity(Rarity::Bronze)
            .text("On Evolve: Give your leader [defense]+2.")
            .on(Trigger::OnEvolve, "Your leader gets +2 defense.", leader_gains_2),
        Card::spell("BP01-179", "Angelic Snipe", Class::Neutral, 1)
            .traits(&["Pixie"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nSelect an enemy follower on the field and deal it 2 damage.")
            .spell_effect("Deal 2 damage to an enemy follower.", angelic_snipe)
            .condition(can_select_enemy_follower),
        Card::spell("BP01-180", "Angelic Barrage", Class::Neutral, 1)
            .traits(&["Pixie"])
            .rarity(Rarity::Bronze)
            .keywords(Keywords::QUICK)
            .text("[quick]\nDeal 1 damage to each enemy follower on the field.")
            .spell_effect("Deal 1 damage to each enemy follower.", angelic_barrage),
        // The leaders: no text, traits or rarity in the bundled data.
        Card::leader("BP01-LD01", "Arisa", Class::Forest),
        Card::leader("BP01-LD03", "Erika", Class::Sword),
        Card::leader("BP01-LD05", "Isabelle", Class::Rune),
        Card::leader("BP01-LD07", "Rowen", Class::Dragon),
        Card::leader("BP01-LD09", "Luna", Class::Abyss),
        Card::leader("BP01-LD11", "Eris", Class::Haven),
    ];
    cards.extend(tokens());
    cards
}

/// The tokens the starter cards make.
fn tokens() -> Vec<Card> {
    vec![
        Card::follower(token::FAIRY, "Fairy", Class::Forest, 1, 1, 1)
            .traits(&["Pixie"])
            .token(),
        Card::follower(token::KNIGHT, "Knight", Class::Sword, 1, 1, 1)
            .traits(&["Officer"])
            .token(),
        Card::follower(
            token::STEELCLAD_KNIGHT,
            "Steelclad Knight",
            Class::Sword,
            2,
            2,
            2,
        )
        .traits(&["Officer"])
        .token(),
        Card::follower(
            token::STRIKEFORM_GOLEM,
            "Strikeform Golem",
            Class::Rune,
            2,
            3,
            2,
        )
        .traits(&["Golem"])
        .token()
        .rarity(Rarity::Bronze)
        .keywords(Keywords::RUSH)
        .text("Rush."),
        Card::follower(
            token::GUARDFORM_GOLEM,
            "Guardform Golem",
            Class::Rune,
            2,
            2,
            3,
        )
        .traits(&["Golem"])
        .token()
        .rarity(Rarity::Bronze)
        .keywords(Keywords::WARD)
        .text("Ward."),
        Card::follower(token::DRAGON, "Dragon", Class::Dragon, 4, 5, 5)
            .traits(&["Wyrmkin"])
            .token(),
        Card::follower(token::GHOST, "Ghost", Class::Abyss, 1, 1, 1)
            .traits(&["Departed"])
            .token()
            .keywords(Keywords::STORM)
            .text("Storm.\nAt the start of your end phase, banish this card.")
            .on(Trigger::StartEndPhase, "Banish this card.", ghost_fades),
        Card::follower(token::FOREST_BAT, "Forest Bat", Class::Abyss, 1, 1, 1)
            .traits(&["Vampire"])
            .token(),
        Card::follower(token::HOLY_FALCON, "Holy Falcon", Class::Haven, 3, 2, 2)
            .traits(&["Avian"])
            .token()
            .keywords(Keywords::STORM)
            .text("Storm."),
        Card::follower(token::HOLY_TIGER, "Holy Tiger", Class::Haven, 4, 4, 4)
            .traits(&["Beast"])
            .token()
            .keywords(Keywords::RUSH)
            .text("Rush."),
    ]
}

/// Followers (Okami's trigger).
fn followers() -> CardFilter {
    CardFilter {
        types: vec![CardType::Follower, CardType::EvolvedFollower],
        ..sve_sdk::any_card()
    }
}

/// Elf Metallurgist: "[fanfare] Select an enemy follower on the field and
/// deal it 1 damage. Combo (3): Deal 3 damage instead." (This card counts
/// for Combo.)
fn elf_metallurgist_fanfare(game: &mut Game) -> Result<(), Stop> {
    let damage = if game.combo() >= 3 { 3 } else { 1 };
    let enemies = enemy_followers(game);
    for target in game.select("Deal damage to", enemies, 1, 1)? {
        game.damage_follower(target, damage);
    }
    Ok(())
}

/// Okami's trigger, as the script runtime plays it: the follower is
/// still there when the ability is played (a token gone by then is not).
fn follower_still_there(game: &Game) -> bool {
    trigger_card_matches(game, &followers())
}

/// Okami: "Whenever another follower is put onto your field, give this
/// follower [attack]+1/[defense]+1."
fn okami_grows(game: &mut Game) -> Result<(), Stop> {
    this_gets(game, 1, 1);
    Ok(())
}

/// Fairy Circle: "Put 3 Fairy tokens into your EX area."
fn fairy_circle(game: &mut Game) -> Result<(), Stop> {
    summon(game, token::FAIRY, 3, TokenDestination::ExArea)
}

/// The Pixie followers on your field.
fn pixie_followers_of_yours(game: &Game) -> Vec<CardRef> {
    let me = game.me();
    game.matching(me, Zone::Field, &followers_with_trait("Pixie"))
}

/// Woodland Refuge: "[fanfare] Select a Pixie follower on your field and
/// give it [attack]+1."
fn woodland_refuge_fanfare(game: &mut Game) -> Result<(), Stop> {
    let pixies = pixie_followers_of_yours(game);
    if let Some(pixie) = select_one(game, "Give +1 attack to", pixies)? {
        game.give_stats(pixie, 1, 0, Duration::WhileInZone);
    }
    Ok(())
}

/// Woodland Refuge: "[act][cost01], [engage]: Return this card to its
/// owner's hand."
fn return_this_card_to_hand(game: &mut Game) -> Result<(), Stop> {
    let this = game.source();
    game.return_to_hand(this);
    Ok(())
}

/// Forge Weaponry: "Select a follower on your field. Give it
/// [attack]+1/[defense]+1 and draw a card."
fn forge_weaponry(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let yours = game.followers(me);
    let Some(follower) = select_one(game, "Give +1/+1 to", yours)? else {
        return Ok(());
    };
    game.give_stats(follower, 1, 1, Duration::WhileInZone);
    game.draw(me, 1);
    Ok(())
}

/// Onslaught: "Select an enemy follower on the field. Deal it 5 damage and
/// put a Knight token into your EX area."
fn onslaught(game: &mut Game) -> Result<(), Stop> {
    if damage_an_enemy_follower(game, 5)?.is_none() {
        return Ok(());
    }
    summon(game, token::KNIGHT, 1, TokenDestination::ExArea)
}

/// Lightning Shooter: "[fanfare] Select an enemy follower on the field and
/// deal it 2 damage. Spellchain (5): Deal 4 damage instead. SC (10): Deal 2
/// damage to that follower's leader." With no follower to select, the
/// leader takes nothing either.
fn lightning_shooter_fanfare(game: &mut Game) -> Result<(), Stop> {
    let damage = if spellchain(game, 5) { 4 } else { 2 };
    if damage_an_enemy_follower(game, damage)?.is_none() {
        return Ok(());
    }
    if spellchain(game, 10) {
        let opponent = game.opponent();
        game.damage_leader(opponent, 2);
    }
    Ok(())
}

/// Wind Blast: "Select an enemy follower on the field and deal it 2
/// damage. Spellchain (10): Deal 4 damage instead."
fn wind_blast(game: &mut Game) -> Result<(), Stop> {
    let damage = if spellchain(game, 10) { 4 } else { 2 };
    damage_an_enemy_follower(game, damage)?;
    Ok(())
}

/// Sorcery Cache: "Look at the top 4 cards of your deck. You may reveal a
/// spell from among them and add it to your hand. You may also put a spell
/// into your cemetery. Put the remaining cards on the bottom of your deck
/// in any order."
fn sorcery_cache(game: &mut Game) -> Result<(), Stop> {
    let mut looked_at = look_at_top(game, 4);
    let text = "Choose up to 1 card(s): put into your hand";
    for spell in may_take_one(game, &looked_at, CardType::Spell, text)? {
        game.deck_to_hand(spell);
    }
    still_in_deck(game, &mut looked_at);
    let text = "Choose up to 1 card(s): put into your cemetery";
    for spell in may_take_one(game, &looked_at, CardType::Spell, text)? {
        game.bury(spell);
    }
    still_in_deck(game, &mut looked_at);
    bottom_in_any_order(game, looked_at)
}

/// Fiery Embrace: "Select an enemy follower on the field and destroy it.
/// Spellchain (10): Deal 3 damage to that follower's leader."
fn fiery_embrace(game: &mut Game) -> Result<(), Stop> {
    let Some(target) = select_enemy_follower(game, "Destroy")? else {
        return Ok(());
    };
    game.destroy(target);
    if spellchain(game, 10) {
        let opponent = game.opponent();
        game.damage_leader(opponent, 3);
    }
    Ok(())
}

/// Fire Lizard: "[fanfare] Select an enemy leader or enemy follower on the
/// field and deal it 1 damage."
fn fire_lizard_fanfare(game: &mut Game) -> Result<(), Stop> {
    if let Some(target) = select_enemy_follower_or_leader(game, "Deal 1 damage to")? {
        damage_enemy_target(game, target, 1);
    }
    Ok(())
}

/// Dread Dragon: "[fanfare] Select an enemy follower on the field and deal
/// it 7 damage."
fn dread_dragon_fanfare(game: &mut Game) -> Result<(), Stop> {
    damage_an_enemy_follower(game, 7)?;
    Ok(())
}

/// Blazing Breath: "Select an enemy follower on the field and deal it 2
/// damage. If Overflow is active for you, deal 4 damage instead."
fn blazing_breath(game: &mut Game) -> Result<(), Stop> {
    let damage = if overflow(game) { 4 } else { 2 };
    damage_an_enemy_follower(game, damage)?;
    Ok(())
}

/// Dragon Wings: "Deal 2 damage to each follower on the field. If Overflow
/// is active for you, deal 3 damage instead." Yours first.
fn dragon_wings(game: &mut Game) -> Result<(), Stop> {
    let damage = if overflow(game) { 3 } else { 2 };
    let (me, opponent) = (game.me(), game.opponent());
    let mut all = game.followers(me);
    all.extend(game.followers(opponent));
    damage_each(game, all, damage);
    Ok(())
}

/// Spectre: "[fanfare] Give your leader [defense]-2: Give this follower
/// Rush. Put the top card of your deck into your cemetery." (The host asks
/// for the cost.)
fn spectre_fanfare(game: &mut Game) -> Result<(), Stop> {
    this_gains(game, Keywords::RUSH);
    let me = game.me();
    game.mill(me, 1);
    Ok(())
}

/// Spartoi Sergeant: "[fanfare] Put the top 2 cards of your deck into your
/// cemetery."
fn spartoi_sergeant_fanfare(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.mill(me, 2);
    Ok(())
}

/// Undead King: "[fanfare] Select up to 2 followers in your cemetery and
/// add them to your hand." Together, when there are two.
fn undead_king_fanfare(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let followers = cards_where(game, me, Zone::Cemetery, is_follower);
    let text = "Choose cards to put into your hand from your cemetery";
    let picked = game.choose_cards(text, followers, 0, 2)?;
    move_all(game, &picked, MoveKind::ReturnToHand);
    Ok(())
}

/// Razory Claw: "Deal 2 damage to your leader. Select an enemy leader or
/// enemy follower on the field and deal it 3 damage."
fn razory_claw(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.damage_leader(me, 2);
    if let Some(target) = select_enemy_follower_or_leader(game, "Deal 3 damage to")? {
        damage_enemy_target(game, target, 3);
    }
    Ok(())
}

/// Cruel Priestess: "[fanfare] Select an amulet that costs 5 play points
/// or less in your cemetery and put it onto your field."
fn cruel_priestess_fanfare(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    let amulets = cards_where(game, me, Zone::Cemetery, |stats| {
        stats.card_type == CardType::Amulet && (0..=5).contains(&stats.cost)
    });
    let text = "Choose cards to put onto your field from the cemetery";
    for amulet in game.choose_cards(text, amulets, 1, 1)? {
        game.put_onto_field(amulet);
    }
    Ok(())
}

/// Hallowed Dogma: "Look at the top 5 cards of your deck. You may reveal
/// an amulet from among them and add it to your hand. Put the remaining
/// cards on the bottom of your deck in any order."
fn hallowed_dogma(game: &mut Game) -> Result<(), Stop> {
    let mut looked_at = look_at_top(game, 5);
    let text = "Choose up to 1 card(s): put into your hand";
    for amulet in may_take_one(game, &looked_at, CardType::Amulet, text)? {
        game.deck_to_hand(amulet);
    }
    still_in_deck(game, &mut looked_at);
    bottom_in_any_order(game, looked_at)
}

/// Death Sentence: "[act][engage], put this card into its owner's
/// cemetery: Select an enemy follower on the field and destroy it."
fn death_sentence(game: &mut Game) -> Result<(), Stop> {
    if let Some(target) = select_enemy_follower(game, "Destroy")? {
        game.destroy(target);
    }
    Ok(())
}

/// Healing Angel: "[fanfare] Give your leader [defense]+1."
fn healing_angel_fanfare(game: &mut Game) -> Result<(), Stop> {
    leader_gains(game, 1);
    Ok(())
}

/// Angelic Snipe: "Select an enemy follower on the field and deal it 2
/// damage."
fn angelic_snipe(game: &mut Game) -> Result<(), Stop> {
    damage_an_enemy_follower(game, 2)?;
    Ok(())
}

/// Angelic Barrage: "Deal 1 damage to each enemy follower on the field."
fn angelic_barrage(game: &mut Game) -> Result<(), Stop> {
    let enemies = enemy_followers(game);
    damage_each(game, enemies, 1);
    Ok(())
}

/// Ghost: "At the start of your end phase, banish this card."
fn ghost_fades(game: &mut Game) -> Result<(), Stop> {
    let this = game.source();
    game.banish(this);
    Ok(())
}
