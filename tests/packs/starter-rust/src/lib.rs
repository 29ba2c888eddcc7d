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

    /// A call builds only the cards of its card's set (a card id's set
    /// code is the part before its first `-`): about a sixth of the pack,
    /// a call's largest cost in the guest.
    fn cards_for_call(id: &str) -> Vec<Card> {
        match id.split('-').next() {
            Some("SD01") => sd01::cards(),
            Some("SD02") => sd02::cards(),
            Some("SD03") => sd03::cards(),
            Some("SD04") => sd04::cards(),
            Some("SD05") => sd05::cards(),
            Some("SD06") => sd06::cards(),
            Some("BP01") => bp01::cards(),
            _ => Self::cards(),
        }
    }
}

sve_sdk::export_pack!(StarterRust);
