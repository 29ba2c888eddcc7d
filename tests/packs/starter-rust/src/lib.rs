//! Every starter-deck card written in Rust: the six starter decks SD01 to
//! SD06 and the BP01 cards they use, their six leaders included, with the
//! card data and abilities of the bundled packs (`card-packs/starter-scripts`
//! in SVE Script, and `card-packs/rust-starter` for the seven cards written
//! in Rust there). The SDK's largest example, and the other half of the
//! comparison "the same cards, scripted or in Rust".
//!
//! One module per set, each listing its cards with their printed text
//! (`.text(..)`) and, below the list, the code of each ability under the
//! words it implements; `common` holds what several cards share (tokens,
//! selections, looking at the top of the deck).
//!
//! The abilities do what the script runtime does for the same text, with
//! the same questions in the same order, so a seeded match plays the same
//! with either pack. Where the script runtime reads a text in a way of its
//! own, the card says so.

mod bp01;
mod common;
mod sd01;
mod sd02;
mod sd03;
mod sd04;
mod sd05;
mod sd06;

use sve_sdk::prelude::*;

struct StarterRust;

impl Pack for StarterRust {
    fn cards() -> Vec<Card> {
        let sets = [
            sd01::cards(),
            sd02::cards(),
            sd03::cards(),
            sd04::cards(),
            sd05::cards(),
            sd06::cards(),
            bp01::cards(),
        ];
        sets.into_iter().flatten().collect()
    }
}

sve_sdk::export_pack!(StarterRust);
