use super::{Balance, LightEffect, SHIPPED_TOML};

fn starter(name: &str) -> bool {
    sve_engine::decks::starter_deck(name).is_some()
}

#[test]
fn the_shipped_file_is_the_defaults_and_checks() {
    let read = Balance::from_toml(SHIPPED_TOML, "balance.toml", &starter)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read, Balance::default());
}

#[test]
fn a_partial_file_keeps_the_other_defaults() {
    let read = Balance::from_toml("[light]\nstart_torches = 5\n", "b.toml", &starter)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read.light.start_torches, 5);
    assert_eq!(read.map, Balance::default().map);
}

#[test]
fn a_table_written_in_part_keeps_its_other_defaults() {
    let read = Balance::from_toml(
        "[light.dark]\ngold_percent = 200\n\n[rewards]\nweigh_rarity = false\n",
        "b.toml",
        &starter,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let shipped = Balance::default();
    assert_eq!(read.light.dark.gold_percent, 200);
    assert_eq!(
        LightEffect {
            gold_percent: shipped.light.dark.gold_percent,
            ..read.light.dark.clone()
        },
        shipped.light.dark,
        "the dark room's other numbers stay the dark room's"
    );
    assert_eq!(read.rewards.rarity, shipped.rewards.rarity);
    assert_eq!(read.rewards.rarity_odds(), None, "rarity weighing off");
    assert!(shipped.rewards.rarity_odds().is_some());
}

#[test]
fn a_syntax_error_names_the_file_and_line() {
    let err = Balance::from_toml(
        "[map]\ncolumns = 7\nfloors = \"many\"\n",
        "b.toml",
        &starter,
    )
    .expect_err("a string is no floor count");
    assert_eq!((err.file(), err.line()), ("b.toml", Some(3)), "{err}");
}

#[test]
fn a_missing_encounter_deck_names_its_line() {
    let text = "[encounters]\nboss_deck = \"SD06\"\n\n[[encounters.tiers]]\nfrom_floor = 1\nbot = \"easy\"\ndefense = 10\ndecks = [\"SD01\", \"NOPE\"]\n";
    let err = Balance::from_toml(text, "b.toml", &starter).expect_err("NOPE is no deck");
    assert_eq!(err.line(), Some(8), "{err}");
    assert!(err.message().contains("NOPE"), "{err}");
}

#[test]
fn a_scenario_with_no_options_names_its_line() {
    let text = "[[scenarios]]\nid = \"empty\"\ntext = \"nothing\"\noptions = []\n";
    let err = Balance::from_toml(text, "b.toml", &starter).expect_err("no options");
    assert_eq!(err.line(), Some(2), "{err}");
    assert!(err.to_string().starts_with("b.toml:2: "), "{err}");
}

#[test]
fn a_scenario_only_some_players_can_answer_names_its_line() {
    let text = "[[scenarios]]\nid = \"toll\"\ntext = \"A toll.\"\n\n[[scenarios.options]]\nlabel = \"Pay\"\ngold = -30\n\n[[scenarios.options]]\nlabel = \"Give up a card\"\nremove_card = true\n";
    let err = Balance::from_toml(text, "b.toml", &starter).expect_err("a dead end");
    assert_eq!(err.line(), Some(2), "{err}");
    assert!(
        err.message().contains("no option every player can take"),
        "{err}"
    );
    let fair = format!("{text}\n[[scenarios.options]]\nlabel = \"Turn back\"\ndefense = -2\n");
    Balance::from_toml(&fair, "b.toml", &starter).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_map_too_short_for_its_fixed_floors_is_refused() {
    let err = Balance::from_toml("[map]\ncolumns = 7\nfloors = 2\n", "b.toml", &starter)
        .expect_err("2 floors hold no fight, heal and boss");
    assert_eq!(err.line(), Some(3), "{err}");
}

#[test]
fn rarity_odds_that_offer_nothing_name_their_line() {
    let text = "[rewards]\ncard_choices = 3\n\n[rewards.rarity]\nbronze = [0, 5]\nsilver = [0, 5]\ngold = [0, 5]\nlegendary = [0, 5]\n";
    let err = Balance::from_toml(text, "b.toml", &starter).expect_err("nothing on floor 1");
    assert_eq!(err.line(), Some(4), "{err}");
    let fine = text.replace("bronze = [0, 5]", "bronze = [1, 5]");
    let read = Balance::from_toml(&fine, "b.toml", &starter).unwrap_or_else(|e| panic!("{e}"));
    assert!(read.rewards.rarity.is_some());
}

#[test]
fn a_rarity_for_a_card_no_pack_has_names_its_line() {
    let text = "[rarities]\n\"SD01-001\" = \"gold\"\n\"NOPE-1\" = \"silver\"\n";
    let read = Balance::from_toml(text, "b.toml", &starter).unwrap_or_else(|e| panic!("{e}"));
    let db = sve_engine::cards::starter::starter_db().expect("bundled cards");
    let err = read
        .check_cards(text, "b.toml", &|id| db.by_card_id(id).is_some())
        .expect_err("NOPE-1 is no card");
    assert_eq!(err.line(), Some(3), "{err}");
}
