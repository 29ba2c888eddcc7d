//! One follower whose Fanfare the hot-reload tests edit.

use sve_sdk::prelude::*;

struct Reloadable;

/// Damage the Fanfare deals to the enemy leader (tests rewrite this line).
const DAMAGE: i32 = 1;

impl Pack for Reloadable {
    fn cards() -> Vec<Card> {
        vec![
            Card::follower("RELOAD-001", "Spark Caller", Class::Neutral, 1, 1, 1)
                .fanfare("Deal damage to the enemy leader.", spark),
        ]
    }
}

/// Deals [`DAMAGE`] to the enemy leader.
fn spark(game: &mut Game) -> Result<(), Stop> {
    let opponent = game.opponent();
    game.damage_leader(opponent, DAMAGE);
    Ok(())
}

sve_sdk::export_pack!(Reloadable);
