//! References by name across packs: token names and evolved cards' base
//! cards, resolved against the whole library (spec §5.5: "matched ...
//! against the whole card library").
//!
//! A script pack is compiled on its own (`scripts`), and a name it does
//! not define is kept as an [`sve_script::OutsideRef`]. Here, once every
//! pack is loaded and merged, each such name is looked up among all the
//! cards that play (the bundled cards and every pack's): a community
//! starter deck that summons the `Fairy` of a booster pack in another
//! folder, or in another pack, gets no warning; a name no card has gets
//! the compiler's own warning, located in its script, with a "did you
//! mean" over the library's tokens. Reloading any pack checks again.
//!
//! At play the script runtime looks a token name up in its own pack first
//! and otherwise passes it on; the host then finds the card by name among
//! all cards (`host_api`'s `summon_token`), so what this check accepts is
//! what plays.

use super::{PackDiagnostic, ReadPack};
use sve_engine::cards::{CardDef, CardType};

/// The library's names, as references see them.
pub(super) fn library_names(defs: &[CardDef]) -> sve_script::CardNames {
    let mut names = sve_script::CardNames::new();
    for def in defs {
        names.add(
            &def.name,
            def.is_token,
            def.card_type == CardType::EvolvedFollower,
        );
    }
    names
}

/// A warning for every outside reference of every pack that no card of
/// `defs` (the merged library) resolves.
pub(super) fn check(packs: &[ReadPack], defs: &[CardDef]) -> Vec<PackDiagnostic> {
    if packs.iter().all(|pack| pack.outside_refs.is_empty()) {
        return Vec::new();
    }
    let names = library_names(defs);
    packs
        .iter()
        .flat_map(|pack| {
            pack.outside_refs.iter().filter_map(|reference| {
                let diagnostic = reference.check(&names)?;
                let mut located = super::scripts::located_one(&pack.info.dir, &diagnostic);
                // No rendered form carries the hint here: the message does.
                if let Some(help) = diagnostic.help() {
                    located.message.push_str(&format!(" ({help})"));
                }
                Some(located)
            })
        })
        .collect()
}
