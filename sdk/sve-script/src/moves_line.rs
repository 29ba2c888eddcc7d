//! The `moves` line of an `OnMove` ability (IR 7): which card moves the
//! ability answers, `<zones> to <zones>[, Yours | Opponents | Anyone]
//! [, ThisCard | ThisCardToo][, Batch]`, zones written `Any` or as names
//! joined by `|`. `ThisCardToo` (IR 24) answers others' moves and this
//! card's own.

use crate::diagnostics::{NameKind, Problem, Sink};
use crate::ir::{HookWays, HookWhose, HookZones, MoveHook};
use crate::names::{HOOK_OPTIONS, HOOK_ZONES, HookOption, lookup, report_unknown, spellings};
use crate::span::Piece;

/// Reads a `moves` line; problems are reported at their words.
pub(crate) fn lower_moves(text: Piece<'_>, sink: &mut Sink) -> Option<(MoveHook, HookWays, bool)> {
    let mut parts = split(text, b',');
    let first = parts.remove(0);
    let words = first.words();
    let [from, to_word, to] = words.as_slice() else {
        sink.report(
            first.span(),
            Problem::BadMovesLine {
                found: first.text.to_owned(),
            },
        );
        return None;
    };
    if to_word.text != "to" {
        sink.report(
            to_word.span(),
            Problem::BadMovesLine {
                found: first.text.to_owned(),
            },
        );
        return None;
    }
    let mut hook = MoveHook {
        from: zones(*from, sink)?,
        to: zones(*to, sink)?,
        whose: HookWhose::Yours,
        this_card: false,
        per_batch: false,
    };
    let mut ways = HookWays::default();
    let mut with_this_card = false;
    let mut ok = true;
    for part in parts {
        let word = part.trim();
        match lookup(HOOK_OPTIONS, word.text) {
            Some(HookOption::Whose(whose)) => hook.whose = whose,
            Some(HookOption::ThisCard) => hook.this_card = true,
            Some(HookOption::ThisCardToo) => with_this_card = true,
            Some(HookOption::Batch) => hook.per_batch = true,
            Some(HookOption::Way(way)) => ways = HookWays(ways.0 | way.0),
            None => {
                report_unknown(
                    sink,
                    word,
                    NameKind::HookOption,
                    "`Yours`, `Opponents`, `Anyone`, `ThisCard`, `ThisCardToo`, `Batch` or a way (`Destroyed`, `Discarded`, `Banished`, `Buried`, `Returned`, `Played`)",
                    spellings(HOOK_OPTIONS),
                );
                ok = false;
            }
        }
    }
    if with_this_card && (hook.this_card || hook.per_batch) {
        let option = if hook.this_card { "ThisCard" } else { "Batch" };
        sink.report(text.span(), Problem::ThisCardTooWith { option });
        ok = false;
    }
    ok.then_some((hook, ways, with_this_card))
}

/// `Any`, or zone names joined by `|`.
fn zones(word: Piece<'_>, sink: &mut Sink) -> Option<HookZones> {
    if word.text == "Any" {
        return Some(HookZones::ANY);
    }
    let mut set = HookZones::ANY;
    let mut ok = true;
    for name in split(word, b'|') {
        let name = name.trim();
        match lookup(HOOK_ZONES, name.text) {
            Some(zone) => set = set.with(zone),
            None => {
                report_unknown(
                    sink,
                    name,
                    NameKind::HookZone,
                    "`Any` or zones such as `Hand`, `Field`, `ExArea`, `Cemetery`, `Banished`, `Deck`, `EvolveDeck` joined by `|`",
                    spellings(HOOK_ZONES).chain(["Any"]),
                );
                ok = false;
            }
        }
    }
    ok.then_some(set)
}

/// The pieces of `text` between `separator` bytes (at least one).
fn split(text: Piece<'_>, separator: u8) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for (idx, byte) in text.text.bytes().enumerate() {
        if byte == separator {
            pieces.push(text.slice(start, idx));
            start = idx + 1;
        }
    }
    pieces.push(text.from(start));
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::HookZone;

    fn read(text: &str) -> (Option<MoveHook>, Vec<String>) {
        let mut sink = Sink::default();
        let hook = lower_moves(Piece::new(text, 0), &mut sink).map(|(hook, _, _)| hook);
        let problems = sink.items.iter().map(|d| d.problem.to_string()).collect();
        (hook, problems)
    }

    #[test]
    fn a_moves_line_reads_zones_whose_and_options() {
        let (hook, problems) = read("Hand to Cemetery, Anyone, Batch");
        assert!(problems.is_empty(), "{problems:?}");
        let hook = hook.expect("a hook");
        assert_eq!(hook.from.zones().collect::<Vec<_>>(), [HookZone::Hand]);
        assert_eq!(hook.to.zones().collect::<Vec<_>>(), [HookZone::Cemetery]);
        assert_eq!(hook.whose, HookWhose::Anyone);
        assert!(hook.per_batch && !hook.this_card);
        assert_eq!(hook.to_string(), "Hand to Cemetery, Anyone, Batch");

        let (hook, _) = read("Field|ExArea to Any, ThisCard");
        let hook = hook.expect("a hook");
        assert_eq!(
            hook.from.zones().collect::<Vec<_>>(),
            [HookZone::Field, HookZone::ExArea]
        );
        assert_eq!(hook.to, HookZones::ANY);
        assert_eq!(hook.whose, HookWhose::Yours);
        assert!(hook.this_card && !hook.per_batch);
    }

    #[test]
    fn this_card_too_watches_the_others_and_this_card_but_not_per_batch() {
        let mut sink = Sink::default();
        let line = lower_moves(
            Piece::new("Field to Cemetery, Yours, ThisCardToo", 0),
            &mut sink,
        );
        let (hook, _, with_this_card) = line.expect("a hook");
        assert!(sink.items.is_empty());
        assert!(with_this_card && !hook.this_card && !hook.per_batch);
        let (hook, problems) = read("Field to Cemetery, ThisCardToo, Batch");
        assert!(hook.is_none());
        assert!(problems[0].contains("`Batch`"), "{problems:?}");
    }

    #[test]
    fn a_moves_line_reads_the_ways_a_card_moved() {
        let mut sink = Sink::default();
        let read = lower_moves(
            Piece::new("Hand to Cemetery, Discarded, Destroyed", 0),
            &mut sink,
        );
        let (_, ways, _) = read.expect("a hook");
        assert!(sink.items.is_empty());
        assert_eq!(ways, HookWays(0b11));
        assert_eq!(ways.to_string(), "Destroyed, Discarded");
        assert_eq!(HookWays::named("Played"), Some(HookWays(1 << 5)));
    }

    #[test]
    fn a_bad_moves_line_names_the_word() {
        let (hook, problems) = read("Hand to Graveyard");
        assert!(hook.is_none());
        assert!(problems[0].contains("Graveyard"), "{problems:?}");
        let (hook, problems) = read("Hand into Cemetery");
        assert!(hook.is_none());
        assert!(problems[0].contains("moves"), "{problems:?}");
        let (hook, problems) = read("Hand to Cemetery, Twice");
        assert!(hook.is_none());
        assert!(problems[0].contains("Twice"), "{problems:?}");
    }
}
