//! A template card pack: one follower with a Fanfare that asks a question,
//! one spell with a play requirement. Copy the folder, rename, edit.

use sve_sdk::prelude::*;

struct MyPack;

const SPARK_ELF: &str = "MY-001";
const GROWTH: &str = "MY-002";

impl Pack for MyPack {
    fn cards() -> Vec<CardDef> {
        vec![
            Card::follower(SPARK_ELF, "Spark Elf", Class::Forest, 2, 2, 2)
                .traits(&["Elf"])
                .text("[fanfare] Select an enemy follower on the field and deal it 1 damage.")
                .fanfare("Deal 1 damage to an enemy follower.")
                .build(),
            Card::spell(GROWTH, "Growth", Class::Forest, 1)
                .text("Select a follower on your field and give it [attack]+1/[defense]+1.")
                .spell_effect("Give a follower on your field +1/+1.")
                .build(),
        ]
    }

    fn condition(game: &Game, call: &Call) -> Result<bool, Stop> {
        Ok(match (call.card_id.as_str(), call.ability) {
            // A spell that selects needs something to select.
            (GROWTH, 0) => !game.followers(game.me()).is_empty(),
            _ => true,
        })
    }

    fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop> {
        match (call.card_id.as_str(), call.ability) {
            (SPARK_ELF, 0) => {
                let enemies = game.followers(game.opponent());
                // `?` matters: the first run stops here until the player answers.
                for target in game.select("Deal 1 damage to", enemies, 1, 1)? {
                    game.damage_follower(target, 1);
                }
                Ok(())
            }
            (GROWTH, 0) => {
                let mine = game.followers(game.me());
                for target in game.select("Give +1/+1 to", mine, 1, 1)? {
                    game.give_stats(target, 1, 1, Duration::WhileInZone);
                }
                Ok(())
            }
            _ => Err(Stop::unknown(call)),
        }
    }
}

sve_sdk::export_pack!(MyPack);
