//! Cards whose text attacks the terminal, the log and the UI: terminal
//! escapes (clear screen, set the window title), bidirectional overrides,
//! line breaks where none belong and strings of tens of megabytes, in every
//! string the card API lets a pack hand the host. The host must show each
//! one cleaned and capped; the match goes on.

use sve_sdk::prelude::*;

struct HostileText;

/// Clears the screen, homes the cursor, sets the terminal title and rings
/// the bell; then a right-to-left override.
const ESCAPES: &str = "\u{1b}[2J\u{1b}[H\u{1b}]0;pwned\u{7}\u{202e}";

/// About 8 MB: a message no terminal should receive (30 MB no longer fits
/// in one call's fuel).
const HUGE: usize = 8 << 20;

/// (id, name, effect) of each spell.
const SPELLS: &[(&str, &str, Effect)] = &[
    ("TEXT-ESC-ERROR", "Escape Error", escape_error),
    ("TEXT-HUGE-ERROR", "Huge Error", huge_error),
    ("TEXT-ESC-PANIC", "Escape Panic", escape_panic),
    ("TEXT-ESC-QUESTION", "Escape Question", escape_question),
    ("TEXT-ESC-TRAIT", "Escape Trait", escape_trait),
    ("TEXT-HUGE-LOG", "Huge Log", huge_log),
    ("TEXT-OK", "Well Behaved", well_behaved),
];

impl Pack for HostileText {
    fn cards() -> Vec<Card> {
        // A manifest note with escapes, a path outside the pack and a line
        // number: it must show cleaned and unlocated.
        sve_sdk::bindings::sve::cards::game::log(&format!(
            "warning: ../../../etc/passwd:1: {ESCAPES}note"
        ));
        let mut cards: Vec<Card> = SPELLS
            .iter()
            .map(|(id, name, effect)| {
                Card::spell(id, name, Class::Neutral, 0).spell_effect(name, *effect)
            })
            .collect();
        // Every manifest string but the id, with escapes and line breaks.
        let follower = Card::follower(
            "TEXT-ESC-NAME",
            &format!("Escape{ESCAPES}\nBat"),
            Class::Neutral,
            1,
            1,
            1,
        )
        .traits(&["Tr\u{1b}[31mait\n"])
        .text(&format!("First line{ESCAPES}\r\nSecond line\rThird"))
        .fanfare(&format!("Ability{ESCAPES}\r\ntext"), no_such_code)
        .named(&format!("Odd{ESCAPES}Name\n"));
        cards.push(follower);
        cards
    }
}

/// What the odd-named Fanfare does: it was never meant to run, and fails
/// as an ability the pack has no code for did before abilities carried
/// their code.
fn no_such_code(game: &mut Game) -> Result<(), Stop> {
    Err(Stop::unknown(game.call()))
}

fn escape_error(_game: &mut Game) -> Result<(), Stop> {
    Err(Stop::Error(format!("{ESCAPES}gotcha\r\nsecond line")))
}

fn huge_error(_game: &mut Game) -> Result<(), Stop> {
    Err(Stop::Error(format!("\u{1b}[31m{}", "A".repeat(HUGE))))
}

fn escape_panic(_game: &mut Game) -> Result<(), Stop> {
    panic!("{ESCAPES}boom")
}

fn escape_question(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.ask(
        me,
        &format!("Pick{ESCAPES}\n{}", "?".repeat(100_000)),
        vec![
            ChoiceOption::Label(format!("{ESCAPES}Yes")),
            ChoiceOption::Label("L".repeat(1_000_000)),
        ],
        1,
        1,
    )?;
    Ok(())
}

fn escape_trait(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    for card in game.followers(me) {
        game.give_trait(
            card,
            &format!("Red{ESCAPES}\nTrait{}", "x".repeat(1_000)),
            Duration::WhileInZone,
        );
    }
    Ok(())
}

fn huge_log(game: &mut Game) -> Result<(), Stop> {
    // A log line the host quotes in the trap message (it looks like the
    // panic hook's), then a trap without a panic.
    let mut bytes = Vec::with_capacity(HUGE + 64);
    bytes.extend_from_slice(format!("panic: {ESCAPES}").as_bytes());
    bytes.resize(bytes.len() + HUGE, b'L');
    let line = String::from_utf8(bytes).unwrap_or_default();
    game.log(&line);
    drop(line);
    core::arch::wasm32::unreachable()
}

fn well_behaved(game: &mut Game) -> Result<(), Stop> {
    let me = game.me();
    game.draw(me, 1);
    Ok(())
}

sve_sdk::export_pack!(HostileText);
