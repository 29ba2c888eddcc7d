//! One follower whose Fanfare the hot-reload tests edit.

use sve_sdk::prelude::*;

struct Reloadable;

/// Damage the Fanfare deals to the enemy leader (tests rewrite this line).
const DAMAGE: i32 = 1;

impl Pack for Reloadable {
    fn cards() -> Vec<CardDef> {
        vec![
            Card::follower("RELOAD-001", "Spark Caller", Class::Neutral, 1, 1, 1)
                .fanfare("Deal damage to the enemy leader.")
                .build(),
        ]
    }

    fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop> {
        match (call.card_id.as_str(), call.ability) {
            ("RELOAD-001", 0) => {
                let opponent = game.opponent();
                game.damage_leader(opponent, DAMAGE);
                Ok(())
            }
            _ => Err(Stop::unknown(call)),
        }
    }
}

sve_sdk::export_pack!(Reloadable);
