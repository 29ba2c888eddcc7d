//! A pack that panics while the host reads its cards: the load error must
//! carry the panic's own message.

use sve_sdk::prelude::*;

struct ManifestPanic;

impl Pack for ManifestPanic {
    fn cards() -> Vec<Card> {
        panic!("the card list is deliberately broken")
    }
}

sve_sdk::export_pack!(ManifestPanic);
