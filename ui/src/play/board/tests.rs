//! The board's tests: what it shows and what clicks and drags answer.

use super::*;
use crate::fixture::{self, OVERHEAT_REMINDER};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use sve_engine::cards::Keywords;

/// A view of P1's half with the follower `name` on the field in a
/// card pool that declares Overheat; `keywords` are the follower's
/// now.
fn field_view(name: &str, keywords: Keywords) -> MatchView {
    let db = fixture::declared_db();
    let mut mine = fixture::side(&db, "Arisa", 2);
    let mut follower = fixture::card(&db, 3, name);
    follower.keywords = keywords;
    mine.field.push(follower);
    let theirs = fixture::side(&db, "Erika", 2);
    fixture::vs_bot(db, mine, theirs, None)
}

/// A harness drawing your half of `view`'s board, and the card
/// preview beside it when `preview` is set.
fn board_harness(view: MatchView, preview: bool) -> Harness<'static, BoardPanel> {
    half_harness(view, Half::Mine, preview)
}

/// A harness drawing `half` of `view`'s board (1000 wide), and the
/// card preview at its right when `preview` is set.
fn half_harness(view: MatchView, half: Half, preview: bool) -> Harness<'static, BoardPanel> {
    Harness::builder()
        .with_size([1360.0, 700.0])
        .build_ui_state(
            move |ui, panel: &mut BoardPanel| {
                let mut intents = Intents::default();
                // The central panel's margins as in a 1000 wide window.
                ui.allocate_ui(egui::vec2(984.0, 684.0), |ui| {
                    fixture::with_board(&view, &Selection::default(), |cx| {
                        panel.half_ui(ui, cx, half, &mut intents);
                    });
                });
                if preview {
                    let beside = egui::Rect::from_min_max(
                        egui::pos2(1000.0, 0.0),
                        egui::pos2(1360.0, 700.0),
                    );
                    preview::preview_area_ui(ui.ctx(), &view.db, beside);
                }
            },
            BoardPanel::default(),
        )
}

/// The card named `name` on the board, by its accessible label.
fn card_rect(harness: &Harness<'_, BoardPanel>, name: &str) -> egui::Rect {
    harness
        .query_all_by_label_contains(&format!("{name} ("))
        .next()
        .expect("the card is on the board")
        .rect()
}

#[test]
fn a_declared_keyword_shows_as_a_badge_and_in_the_glossary_of_the_preview() {
    // Printed Overheat, and Ward from an effect.
    let view = field_view("Boiler Golem", Keywords::declared(0) | Keywords::WARD);
    let mut harness = board_harness(view, true);
    harness.run();
    let golem = card_rect(&harness, "Boiler Golem");
    harness.hover_at(golem.center());
    harness.run();
    assert!(
        harness.query_by_label("Preview: Boiler Golem").is_some(),
        "the hovered golem is previewed"
    );
    // The badges, built-in first, then the declared one by its name.
    let ward = harness.get_by_label("Ward").rect();
    let overheat = harness.get_by_label("Overheat").rect();
    assert!(ward.left() < overheat.left(), "{ward:?} {overheat:?}");
    // The glossary: its name, then its reminder, as the pack wrote it.
    assert!(harness.query_by_label("Overheat: ").is_some());
    assert!(harness.query_by_label(OVERHEAT_REMINDER).is_some());
    assert!(harness.query_by_label("Ward: ").is_some());
}

#[test]
fn a_followers_equipment_shows_under_it_with_its_details_on_hover() {
    // Later sets §5: an equipment token (here any card of the pool,
    // drawn as the token) linked to the golem.
    let db = fixture::declared_db();
    let mut mine = fixture::side(&db, "Arisa", 2);
    let golem = fixture::card(&db, 3, "Boiler Golem");
    let token = fixture::card(&db, 4, "Boiler Golem");
    mine.equipment
        .push(sve_engine::engine::view::EquipmentView {
            card: token,
            follower: Some(golem.card),
        });
    mine.field.push(golem);
    let theirs = fixture::side(&db, "Erika", 2);
    let mut harness = board_harness(fixture::vs_bot(db, mine, theirs, None), false);
    harness.run();
    let label = harness.get_by_label("Equip: Boiler Golem").rect();
    let golem = card_rect(&harness, "Boiler Golem");
    assert!(
        label.top() >= golem.bottom() - 1.0,
        "{label:?} under {golem:?}"
    );
}

/// A view where each side has a follower on the field, and the side
/// `revealed_by` (if any) has Goblin in its trigger zone.
fn drive_check_view(revealed_by: Option<Half>) -> MatchView {
    let db = fixture::declared_db();
    let mut mine = fixture::side(&db, "Arisa", 2);
    mine.field.push(fixture::card(&db, 3, "Boiler Golem"));
    let mut theirs = fixture::side(&db, "Erika", 2);
    theirs.field.push(fixture::card(&db, 5, "Fighter"));
    // Later sets §2.3: the card a drive check revealed.
    let revealed = fixture::card(&db, 4, "Goblin");
    match revealed_by {
        Some(Half::Mine) => mine.trigger_zone.push(revealed),
        Some(Half::Theirs) => theirs.trigger_zone.push(revealed),
        None => {}
    }
    fixture::vs_bot(db, mine, theirs, None)
}

#[test]
fn a_drive_checked_card_shows_in_its_trigger_zone_with_its_details_on_hover() {
    let mut harness = board_harness(drive_check_view(Some(Half::Mine)), true);
    harness.run();
    let label = harness.get_by_label("Trigger zone").rect();
    let goblin = harness.get_by_label("Goblin (trigger zone)").rect();
    let golem = card_rect(&harness, "Boiler Golem");
    assert!(
        label.bottom() <= goblin.top() + 1.0,
        "{label:?} over {goblin:?}"
    );
    // Beside the field and the EX area, in their row.
    let ex_area = harness.get_by_label("EX area (empty)").rect();
    assert!(
        goblin.left() > ex_area.right(),
        "{goblin:?} after {ex_area:?}"
    );
    assert_eq!(goblin.top(), golem.top(), "in the field's row");
    // Hovered, it shows in the preview as any card on the board does.
    assert!(harness.query_by_label("Preview: Goblin").is_none());
    harness.hover_at(goblin.center());
    harness.run();
    assert!(harness.query_by_label("Preview: Goblin").is_some());
}

#[test]
fn the_opponents_trigger_zone_shows_its_card_too() {
    // The card was revealed: it is public (the view gives it to both).
    let mut harness = half_harness(drive_check_view(Some(Half::Theirs)), Half::Theirs, false);
    harness.run();
    assert!(harness.query_by_label("Trigger zone").is_some());
    assert!(
        harness
            .query_by_label("Goblin (opponent's trigger zone)")
            .is_some()
    );
}

#[test]
fn an_empty_trigger_zone_draws_nothing_and_a_full_one_moves_no_other_zone() {
    let rects = |revealed_by: Option<Half>| {
        let mut harness = board_harness(drive_check_view(revealed_by), false);
        harness.run();
        assert_eq!(
            harness.query_by_label("Trigger zone").is_some(),
            revealed_by.is_some()
        );
        assert_eq!(
            harness.query_by_label_contains("Goblin").is_some(),
            revealed_by.is_some()
        );
        let golem = card_rect(&harness, "Boiler Golem");
        let ex_area = harness.get_by_label("EX area (empty)").rect();
        (golem, ex_area)
    };
    assert_eq!(rects(None), rects(Some(Half::Mine)));
}

#[test]
fn a_zone_goes_under_the_row_before_only_when_it_has_no_room_beside_it() {
    use ZoneBlock::{ExArea, Field, TriggerZone};
    let blocks = [(Field, 532.0), (ExArea, 100.0), (TriggerZone, 100.0)];
    // Each gap is ZONE_GAP plus the item spacing (8).
    let all = 532.0 + 2.0 * (ZONE_GAP + 8.0) + 200.0;
    assert_eq!(
        zone_rows(&blocks, all, 8.0),
        vec![vec![Field, ExArea, TriggerZone]]
    );
    assert_eq!(
        zone_rows(&blocks, all - 1.0, 8.0),
        vec![vec![Field, ExArea], vec![TriggerZone]]
    );
    // Under the field, the EX area and the trigger zone share a row.
    assert_eq!(
        zone_rows(&blocks, 600.0, 8.0),
        vec![vec![Field], vec![ExArea, TriggerZone]]
    );
    assert_eq!(
        zone_rows(&blocks, 100.0, 8.0),
        vec![vec![Field], vec![ExArea], vec![TriggerZone]]
    );
}

#[test]
fn a_card_that_lost_its_abilities_or_is_boxed_says_so_in_a_badge_and_the_glossary() {
    // Later sets §12.2 and §12.5: the flags show as badges in the
    // player's words, explained in the preview's glossary.
    let boxed = Keywords::BOXED | Keywords::LOSES_ALL_ABILITIES;
    let view = field_view("Boiler Golem", boxed);
    let mut harness = board_harness(view, true);
    harness.run();
    let golem = card_rect(&harness, "Boiler Golem");
    harness.hover_at(golem.center());
    harness.run();
    assert!(harness.query_by_label("Lost all abilities").is_some());
    assert!(harness.query_by_label("Boxed").is_some());
    assert!(harness.query_by_label("Lost all abilities: ").is_some());
    assert!(harness.query_by_label("Boxed: ").is_some());
    // Its printed Overheat is gone: the view's keywords are what the
    // engine says it has now.
    assert!(harness.query_by_label("Overheat").is_none());
}

#[test]
fn effects_on_a_player_show_beside_their_leader_with_their_words_on_hover() {
    // Later sets §12.10, §12.12: one waiting for the opponent's next
    // turn, one applying now.
    use sve_engine::engine::view::PlayerEffectView;
    use sve_engine::engine::{PlayerEffectKind, TurnWindow};
    let db = fixture::trigger_db();
    let mut mine = fixture::side(&db, "Arisa", 2);
    let theirs = fixture::side(&db, "Erika", 2);
    mine.player_effects = vec![
        PlayerEffectView {
            kind: PlayerEffectKind::PlayCost(1),
            window: TurnWindow::NextTurn,
            applies: false,
        },
        PlayerEffectView {
            kind: PlayerEffectKind::PlayFromBanished,
            window: TurnWindow::ThisTurn,
            applies: true,
        },
    ];
    let view = fixture::vs_bot(db, mine, theirs, None);
    let mut harness = board_harness(view, false);
    harness.run();
    let line = harness.get_by_label("next turn: costs +1   this turn: plays from banished");
    let at = line.rect().center();
    assert!(
        harness
            .query_by_label_contains("cards P1 plays cost 1 more")
            .is_none()
    );
    harness.hover_at(at);
    harness.run();
    assert!(
        harness
            .query_by_label_contains("cards P1 plays cost 1 more during their next turn")
            .is_some(),
        "the words on hover"
    );
    assert!(
        harness
            .query_by_label_contains(
                "P1 may play cards from their banished zone for the rest of this turn"
            )
            .is_some()
    );
}

/// Points down the left edge of the card named `name` from under its
/// name, where its badge row starts, until `shows` holds; whether it
/// did.
fn point_down_the_badge_row(
    harness: &mut Harness<'_, BoardPanel>,
    name: &str,
    shows: impl Fn(&Harness<'_, BoardPanel>) -> bool,
) -> bool {
    let card = card_rect(harness, name);
    let x = card.left() + card.width() * 0.12;
    let mut y = card.top() + card.height() * 0.15;
    while y < card.center().y {
        harness.hover_at(egui::pos2(x, y));
        harness.run();
        if shows(harness) {
            return true;
        }
        y += 2.0;
    }
    false
}

#[test]
fn pointing_at_a_declared_keywords_badge_on_the_card_face_shows_its_reminder() {
    // A Goblin given Overheat by an effect (its text never says it).
    let view = field_view("Goblin", Keywords::declared(0));
    let mut harness = board_harness(view, false);
    harness.run();
    assert!(harness.query_by_label(OVERHEAT_REMINDER).is_none());
    let found = point_down_the_badge_row(&mut harness, "Goblin", |h| {
        h.query_by_label(OVERHEAT_REMINDER).is_some()
    });
    assert!(found, "no badge with Overheat's reminder on the Goblin");
    assert!(harness.query_by_label("Overheat").is_some(), "its title");
}

/// A view of P1's half with the follower `name` on the field, in a
/// pool with Heal Sprite (a Heal Trigger icon, later-sets §2.1).
fn trigger_view(name: &str) -> MatchView {
    let db = fixture::trigger_db();
    let mut mine = fixture::side(&db, "Arisa", 2);
    mine.field.push(fixture::card(&db, 3, name));
    let theirs = fixture::side(&db, "Erika", 2);
    fixture::vs_bot(db, mine, theirs, None)
}

/// What Heal Sprite's details say of its Trigger icon.
const HEAL_FACT: &str = "Trigger: Heal — your leader gets +3 defense";

#[test]
fn a_trigger_icon_shows_as_a_badge_on_the_card_face_and_in_the_preview() {
    let mut harness = board_harness(trigger_view("Heal Sprite"), false);
    harness.run();
    // On the face: a badge first in the badge row, which says what the
    // Trigger does when pointed at.
    let found = point_down_the_badge_row(&mut harness, "Heal Sprite", |h| {
        h.query_by_label("Heal Trigger").is_some()
    });
    assert!(found, "no Heal Trigger badge on Heal Sprite");
    assert!(
        harness
            .query_by_label_contains("your leader gets +3 defense")
            .is_some(),
        "the badge's reminder"
    );
    // In the preview's details, with the card's other printed facts.
    let mut harness = board_harness(trigger_view("Heal Sprite"), true);
    harness.run();
    assert!(harness.query_by_label(HEAL_FACT).is_none());
    harness.hover_at(card_rect(&harness, "Heal Sprite").center());
    harness.run();
    assert!(harness.query_by_label("Preview: Heal Sprite").is_some());
    assert!(harness.query_by_label(HEAL_FACT).is_some());
}

#[test]
fn a_card_without_a_trigger_icon_shows_no_trigger() {
    let mut harness = board_harness(trigger_view("Goblin"), false);
    harness.run();
    let any_trigger = |h: &Harness<'_, BoardPanel>| h.query_by_label_contains("Trigger").is_some();
    assert!(!point_down_the_badge_row(
        &mut harness,
        "Goblin",
        any_trigger
    ));
    let mut harness = board_harness(trigger_view("Goblin"), true);
    harness.run();
    harness.hover_at(card_rect(&harness, "Goblin").center());
    harness.run();
    assert!(harness.query_by_label("Preview: Goblin").is_some());
    assert!(!any_trigger(&harness));
}
