//! The Arena screen: a deck against a gauntlet, played by bots on a
//! background thread, with progress and results.

use crate::common::{click, client, has, has_containing, wait_for};
use sve_ui::app::Screen;

#[test]
fn the_arena_plays_a_deck_against_its_gauntlet_and_shows_rates() {
    let mut harness = client();
    click(&mut harness, "Arena");
    assert!(matches!(harness.state().screen(), Screen::Arena));
    // One opponent, random bots: a quick run.
    for deck in ["SD03", "SD04", "SD05", "SD06"] {
        click(&mut harness, deck);
    }
    click(&mut harness, "Random");
    click(&mut harness, "Start arena");
    wait_for(&mut harness, "the arena's results", |h| {
        has_containing(h, "games in")
    });
    assert!(
        has_containing(&harness, "SD01 (yours) against SD02:"),
        "a bar for the one matchup"
    );
    assert!(has_containing(&harness, "95% interval"));
    assert!(has(&harness, "Score rates, row against column"));
    click(&mut harness, "Back");
    assert!(matches!(harness.state().screen(), Screen::Start));
}

#[test]
fn an_empty_gauntlet_is_refused_with_the_reason() {
    let mut harness = client();
    click(&mut harness, "Arena");
    for deck in ["SD02", "SD03", "SD04", "SD05", "SD06"] {
        click(&mut harness, deck);
    }
    click(&mut harness, "Start arena");
    assert!(has(&harness, "Tick at least one deck to play against."));
}
