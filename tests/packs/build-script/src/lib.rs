//! One vanilla follower; what matters is `build.rs`.

use sve_sdk::prelude::*;

struct BuildScript;

impl Pack for BuildScript {
    fn cards() -> Vec<CardDef> {
        vec![Card::follower("BUILD-001", "Built Follower", Class::Neutral, 1, 1, 1).build()]
    }

    fn resolve(_game: &mut Game, call: &Call) -> Result<(), Stop> {
        Err(Stop::unknown(call))
    }
}

sve_sdk::export_pack!(BuildScript);
