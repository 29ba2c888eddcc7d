//! One vanilla follower; what matters is `build.rs`.

use sve_sdk::prelude::*;

struct BuildScript;

impl Pack for BuildScript {
    fn cards() -> Vec<Card> {
        vec![Card::follower(
            "BUILD-001",
            "Built Follower",
            Class::Neutral,
            1,
            1,
            1,
        )]
    }
}

sve_sdk::export_pack!(BuildScript);
