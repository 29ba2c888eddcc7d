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

/// (id, name) of each spell, in ability order.
const SPELLS: &[(&str, &str)] = &[
    ("TEXT-ESC-ERROR", "Escape Error"),
    ("TEXT-HUGE-ERROR", "Huge Error"),
    ("TEXT-ESC-PANIC", "Escape Panic"),
    ("TEXT-ESC-QUESTION", "Escape Question"),
    ("TEXT-ESC-TRAIT", "Escape Trait"),
    ("TEXT-HUGE-LOG", "Huge Log"),
    ("TEXT-OK", "Well Behaved"),
];

impl Pack for HostileText {
    fn cards() -> Vec<CardDef> {
        // A manifest note with escapes, a path outside the pack and a line
        // number: it must show cleaned and unlocated.
        sve_sdk::bindings::sve::cards::game::log(&format!(
            "warning: ../../../etc/passwd:1: {ESCAPES}note"
        ));
        let mut cards: Vec<CardDef> = SPELLS
            .iter()
            .map(|(id, name)| {
                Card::spell(id, name, Class::Neutral, 0)
                    .spell_effect(name)
                    .build()
            })
            .collect();
        // Every manifest string but the id, with escapes and line breaks.
        let mut follower = Card::follower("TEXT-ESC-NAME", "Escape", Class::Neutral, 1, 1, 1)
            .ability(
                &format!("Odd{ESCAPES}Name\n"),
                AbilityKind::Triggered(Trigger::Fanfare),
                Vec::new(),
            )
            .ability_text(&format!("Ability{ESCAPES}\r\ntext"))
            .build();
        follower.name = format!("Escape{ESCAPES}\nBat");
        follower.text = format!("First line{ESCAPES}\r\nSecond line\rThird");
        follower.traits = vec![format!("Tr\u{1b}[31mait\n")];
        cards.push(follower);
        cards
    }

    fn resolve(game: &mut Game, call: &Call) -> Result<(), Stop> {
        match call.card_id.as_str() {
            "TEXT-ESC-ERROR" => Err(Stop::Error(format!("{ESCAPES}gotcha\r\nsecond line"))),
            "TEXT-HUGE-ERROR" => Err(Stop::Error(format!("\u{1b}[31m{}", "A".repeat(HUGE)))),
            "TEXT-ESC-PANIC" => panic!("{ESCAPES}boom"),
            "TEXT-ESC-QUESTION" => {
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
            "TEXT-ESC-TRAIT" => {
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
            "TEXT-HUGE-LOG" => {
                // A log line the host quotes in the trap message (it looks
                // like the panic hook's), then a trap without a panic.
                let mut bytes = Vec::with_capacity(HUGE + 64);
                bytes.extend_from_slice(format!("panic: {ESCAPES}").as_bytes());
                bytes.resize(bytes.len() + HUGE, b'L');
                let line = String::from_utf8(bytes).unwrap_or_default();
                game.log(&line);
                drop(line);
                core::arch::wasm32::unreachable()
            }
            "TEXT-OK" => {
                let me = game.me();
                game.draw(me, 1);
                Ok(())
            }
            _ => Err(Stop::unknown(call)),
        }
    }
}

sve_sdk::export_pack!(HostileText);
