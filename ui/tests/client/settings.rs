//! Settings remembered from an earlier run show on the screens.

use crate::common::{click, client, match_view, start_match, wait_for};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use sve_ui::settings::{OnlineChoices, Settings, StoredDeck};

#[test]
fn remembered_decks_and_name_are_on_the_screens() {
    let mut harness = client();
    harness.state_mut().restore(&Settings {
        start_decks: [
            Some(StoredDeck::Starter("SD03".to_owned())),
            Some(StoredDeck::Starter("SD04".to_owned())),
        ],
        online: OnlineChoices {
            name: Some("Ann".to_owned()),
            ..OnlineChoices::default()
        },
        animations: None,
        card_art: None,
        ..Settings::default()
    });
    click(&mut harness, "Play online");
    harness.run();
    let name = harness.get_by_label("Your name").accesskit_node().value();
    assert_eq!(name.as_deref(), Some("Ann"), "the remembered name");
    click(&mut harness, "Back");
    // The match is played with the remembered decks.
    start_match(&mut harness, "You vs bot", 7);
    wait_for(&mut harness, "the match", |h| match_view(h).is_ready());
    let title = |name: &str| {
        sve_engine::decks::starter_deck(name)
            .map(|deck| deck.title)
            .unwrap_or_default()
    };
    assert_eq!(
        match_view(&harness).deck_titles,
        [title("SD03"), title("SD04")]
    );
}
