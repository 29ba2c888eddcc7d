//! Where the client's cards come from, and the deck files it reads.
//!
//! The desktop client (feature `desktop`, on by default) plays with
//! `sve-packs`' [`Catalog`]: the bundled starter cards with the packs of
//! `card-packs/` over them, watched for hot reload, their code run in
//! wasmtime sandboxes or by the script runtime. This module re-exports it
//! as it is, so the desktop runs the code it always ran.
//!
//! A web page can't link `sve-packs`' desktop side (wasmtime, notify, pack
//! folders). Built without `desktop`, this module is the page's catalog
//! instead (`page.rs`): the bundled starter cards with the starter decks'
//! SVE Script pack compiled into the page (`starter_scripts.rs`) and run
//! in process by `sve-packs` without its `components` feature, with the
//! methods the screens call on the desktop's, and deck loading that knows
//! the bundled decks by name and reads no files.

#[cfg(feature = "desktop")]
pub use sve_packs::catalog::{Catalog, RunnerFactory};
#[cfg(feature = "desktop")]
pub use sve_packs::deck_files::{load_deck, load_deck_from_packs};
#[cfg(feature = "desktop")]
pub use sve_packs::packs::PackInfo;
#[cfg(feature = "desktop")]
pub use sve_packs::text_file::read_text_file;

#[cfg(not(feature = "desktop"))]
mod page;
pub mod starter_scripts;
#[cfg(not(feature = "desktop"))]
pub use page::{Catalog, PackInfo, RunnerFactory, load_deck, load_deck_from_packs, read_text_file};

/// Most characters of outside text [`shown`] keeps.
const SHOWN_CHARS: usize = 200;

/// Text from a file or a pack (a deck name from a replay, a pack's name)
/// as one line that is safe to show: unsafe characters escaped, at most
/// 200 characters. The same policy as `sve_packs::text_file::shown`, which
/// a test holds it to.
pub fn shown(text: &str) -> String {
    sve_text::escape_line(text, SHOWN_CHARS)
}

#[cfg(all(test, feature = "desktop"))]
mod tests {
    use super::*;

    #[test]
    fn text_is_shown_as_the_pack_host_shows_it() {
        let long = "a".repeat(300);
        for text in [
            "Ann",
            "tab\there",
            "bell\u{7}",
            "\u{1b}[31mred",
            "é\u{202e}x",
            &long,
        ] {
            assert_eq!(shown(text), sve_packs::text_file::shown(text), "{text:?}");
        }
    }
}
