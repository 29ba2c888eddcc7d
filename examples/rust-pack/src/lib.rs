//! A template card pack: one follower with a Fanfare that asks a question,
//! one spell with a play requirement. Copy the folder, rename, edit.

use sve_sdk::prelude::*;

struct MyPack;

impl Pack for MyPack {
    fn cards() -> Vec<Card> {
        vec![
            Card::follower("MY-001", "Spark Elf", Class::Forest, 2, 2, 2)
                .traits(&["Elf"])
                .text("[fanfare] Select an enemy follower on the field and deal it 1 damage.")
                .fanfare("Deal 1 damage to an enemy follower.", spark_elf),
            Card::spell("MY-002", "Growth", Class::Forest, 1)
                .text("Select a follower on your field and give it [attack]+1/[defense]+1.")
                .spell_effect("Give a follower on your field +1/+1.", growth)
                // A spell that selects needs something to select.
                .condition(|game| !game.followers(game.me()).is_empty()),
        ]
    }
}

/// Spark Elf's Fanfare: 1 damage to a selected enemy follower.
fn spark_elf(game: &mut Game) -> Result<(), Stop> {
    let enemies = game.followers(game.opponent());
    // `?` matters: the first run stops here until the player answers.
    for target in game.select("Deal 1 damage to", enemies, 1, 1)? {
        game.damage_follower(target, 1);
    }
    Ok(())
}

/// Growth: +1/+1 to a selected follower of yours.
fn growth(game: &mut Game) -> Result<(), Stop> {
    let mine = game.followers(game.me());
    for target in game.select("Give +1/+1 to", mine, 1, 1)? {
        game.give_stats(target, 1, 1, Duration::WhileInZone);
    }
    Ok(())
}

sve_sdk::export_pack!(MyPack);
