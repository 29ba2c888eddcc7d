//! Card art from a folder: a tiny picture written to a temp folder shows
//! on the card (the deck builder's preview), a broken picture leaves the
//! drawn face, and the folder is chosen on the Card packs screen and
//! remembered in the settings.

use crate::common::*;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use std::path::{Path, PathBuf};
use sve_ui::App;
use sve_ui::card_art::ArtStatus;
use sve_ui::settings::Settings;

/// Treant and its evolved side, in the starter cards.
const TREANT: &str = "SD01-009";
const TREANT_EVOLVED: &str = "SD01-010";

/// A fresh temp folder for this test.
fn art_folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sve-ui-card-art-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

/// A small striped picture, encoded as PNG.
fn tiny_png() -> Vec<u8> {
    let picture = image::RgbaImage::from_fn(48, 32, |x, y| {
        if (x / 8 + y / 8) % 2 == 0 {
            image::Rgba([40, 160, 90, 255])
        } else {
            image::Rgba([230, 200, 80, 255])
        }
    });
    let mut bytes = Vec::new();
    picture
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .expect("a PNG encodes");
    bytes
}

fn status(harness: &Harness<'_, App>, card_id: &str) -> ArtStatus {
    harness.state().card_art().status(card_id)
}

/// Waits until the art thread has an answer for `card_id`.
fn wait_for_art(harness: &mut Harness<'_, App>, card_id: &str) -> ArtStatus {
    wait_for(harness, &format!("the art of {card_id}"), |h| {
        !matches!(status(h, card_id), ArtStatus::NotAsked | ArtStatus::Loading)
    });
    status(harness, card_id)
}

#[test]
fn a_picture_in_the_art_folder_is_drawn_on_the_card() {
    let dir = art_folder("shown");
    std::fs::write(dir.join(format!("{TREANT}.png")), tiny_png()).expect("written");
    std::fs::write(dir.join(format!("{TREANT_EVOLVED}.png")), b"\x89PNG broken").expect("written");

    let mut harness = client();
    harness.state_mut().restore(&Settings {
        card_art: Some(dir.display().to_string()),
        ..Settings::default()
    });
    harness.run();
    click(&mut harness, "Deck builder");
    type_into(&mut harness, "Search", "Treant");
    let row = first_label_containing(&harness, "Treant · Follower");
    click(&mut harness, &row);
    assert_eq!(wait_for_art(&mut harness, TREANT), ArtStatus::Ready);

    // The evolved side's picture is broken: its face is drawn, nothing
    // fails.
    let evolved = first_label_containing(&harness, "Treant (Evolved) ·");
    click(&mut harness, &evolved);
    assert_eq!(
        wait_for_art(&mut harness, TREANT_EVOLVED),
        ArtStatus::Broken
    );
    assert!(has(&harness, "Preview: Treant (Evolved)"));

    click(&mut harness, &row);
    harness.remove_cursor();
    harness.run_ok();
    harness.snapshot("deck_builder_card_art");
}

#[test]
fn the_art_folder_is_chosen_on_the_packs_screen_and_remembered() {
    let dir = art_folder("chosen");
    std::fs::write(dir.join(format!("{TREANT}.png")), tiny_png()).expect("written");
    let mut harness = client();
    harness.run();
    click(&mut harness, "Packs");
    assert!(
        has_containing(&harness, "None are bundled"),
        "the art folder's field is on the packs screen"
    );
    click(&mut harness, "Card art folder");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label("Card art folder")
        .type_text(&dir.display().to_string());
    harness.step();
    click(&mut harness, "Use this folder");
    assert_eq!(harness.state().card_art().folder(), dir);
    assert!(
        has_containing(&harness, "1 found in"),
        "the picture is counted"
    );
    assert_eq!(
        harness.state().settings().card_art,
        Some(dir.display().to_string()),
        "the folder is remembered"
    );
}
