//! Names, faces and equipment from the Rust SDK (later-sets §8, §10, §5), on Forge Marionette of
//! `tests/packs/overheat-rust`: `Card::also_named` gives the name Puppet,
//! which counts on the field only; `Card::alternate_name` is display only.
//! The script form has the scenario `l8-n-1-...` in
//! `tests/packs/later-sets/tests/`.

use crate::packs::{overheat_rust, scenario};
use sve_engine::board::Side;
use sve_engine::engine::{PlayerId, Zone};

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);

#[test]
fn a_rust_cards_extra_name_counts_on_the_field_and_its_alternate_name_nowhere() {
    use sve_engine::cards::CardFilter;
    let loaded = overheat_rust();
    let marionette = loaded
        .db
        .by_card_id("OVH-019")
        .expect("Forge Marionette loads");
    let def = loaded.db.get(marionette);
    assert_eq!(def.also_named, ["Puppet"]);
    assert_eq!(def.alternate_name.as_deref(), Some("Clockwork Marionette"));
    let s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Forge Marionette"])
                .hand(["Forge Marionette"]),
        )
        .side(P2, Side::new())
        .build();
    let named = |name: &str| CardFilter {
        name: Some(name.to_owned()),
        ..CardFilter::default()
    };
    let state = s.game.state();
    let on_field = s.card(P1, Zone::Field, "Forge Marionette");
    let in_hand = s.card(P1, Zone::Hand, "Forge Marionette");
    assert!(state.matches(s.game.db(), on_field, &named("Puppet"), None));
    assert!(!state.matches(s.game.db(), in_hand, &named("Puppet"), None));
    assert!(!state.matches(s.game.db(), on_field, &named("Clockwork Marionette"), None));
}

#[test]
fn a_rust_card_declares_a_card_name_among_card_names_only() {
    use sve_engine::engine::Choice;
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Forge Marionette"])
                .hand(["Forge Oracle"])
                .pp(1)
                .leader(10),
        )
        .side(P2, Side::new())
        .build();
    s.play("Forge Oracle");
    let offered = s.offered_labels();
    assert!(
        offered.contains(&"Forge Marionette".to_owned()),
        "{offered:?}"
    );
    assert!(!offered.contains(&"Clockwork Marionette".to_owned()));
    assert!(!offered.contains(&"Puppet".to_owned()));
    s.choose(|choice| *choice == Choice::Label("Forge Marionette".to_owned()));
    s.settle();
    assert_eq!(s.game.state().player(P1).leader_defense, 12, "{}", s.dump());
}

/// Later-sets §10 from the Rust SDK: `Card::back_of` and
/// `Card::evolves_into` on Forge Apprentice and its double-faced Forge
/// Journeyman / Forge Master. The script form has the scenarios `l10-df-*`.
#[test]
fn a_rust_double_faced_card_evolves_into_the_face_chosen() {
    use sve_engine::engine::{Action, Choice};
    let loaded = overheat_rust();
    let journeyman = loaded.db.by_card_id("OVH-022").expect("Forge Journeyman");
    let master = loaded.db.by_card_id("OVH-023").expect("Forge Master");
    assert_eq!(loaded.db.back_face(journeyman), Some(master));
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Forge Apprentice"])
                .evolve_deck(["Forge Journeyman"])
                .pp(1),
        )
        .side(P2, Side::new())
        .build();
    let apprentice = s.card(P1, Zone::Field, "Forge Apprentice");
    s.act(Action::Evolve {
        card: apprentice,
        use_ep: false,
        super_evolve: false,
    });
    assert_eq!(s.offered_labels(), ["Forge Journeyman", "Forge Master"]);
    s.choose(|choice| *choice == Choice::Label("Forge Master".to_owned()));
    s.settle();
    let stats = s.game.state().characteristics(s.game.db(), apprentice);
    assert_eq!((stats.attack, stats.defense), (5, 3), "{}", s.dump());
}

/// Later-sets §10 from the Rust SDK: `Card::evolves_into_for` on Forge
/// Prodigy, whose evolve into Forge Master costs 3 of its own. 2 PP pay
/// only Forge Journeyman's 1: nothing is asked; 3 PP offer both, each with
/// its cost. The script form has the scenarios `l10-a-face-*`.
#[test]
fn a_rust_face_with_an_evolve_cost_of_its_own() {
    use sve_engine::engine::{Action, Choice};
    let loaded = overheat_rust();
    for (pp, left, face) in [(2, 1, "Forge Journeyman"), (3, 0, "Forge Master")] {
        let mut s = scenario(&loaded)
            .side(
                P1,
                Side::new()
                    .field(["Forge Prodigy"])
                    .evolve_deck(["Forge Journeyman"])
                    .pp(pp),
            )
            .side(P2, Side::new())
            .build();
        let prodigy = s.card(P1, Zone::Field, "Forge Prodigy");
        s.act(Action::Evolve {
            card: prodigy,
            use_ep: false,
            super_evolve: false,
        });
        if pp == 3 {
            assert_eq!(
                s.offered_labels(),
                ["Forge Journeyman: 1 PP", "Forge Master: 3 PP"]
            );
            s.choose(|choice| *choice == Choice::Label("Forge Master: 3 PP".to_owned()));
        }
        s.settle();
        let state = s.game.state();
        assert_eq!(state.current_def(s.game.db(), prodigy).name, face);
        assert_eq!(state.player(P1).pp, left, "{}", s.dump());
    }
}

/// Later-sets §5 from the Rust SDK: `Card::equipment`, `Game::equip` and
/// the passive scopes `Equipped` / `EquippedHas` on Gauntlet Smith and
/// Forge Gauntlet. The script form has the scenarios `l5-eq-*`.
#[test]
fn a_rust_twin_drive_reveals_a_rust_heal_trigger() {
    use sve_engine::engine::Choice;
    let loaded = overheat_rust();
    let vanguard = sve_engine::engine::vanguard_universe().expect("the vocabulary has Vanguard");
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .universe(vanguard)
                .field(["Forge Lancer"])
                .deck(["Forge Medic", "Forge Medic"]),
        )
        .side(P2, Side::new())
        .build();
    s.attack("Forge Lancer", "leader");
    s.choose(|c| *c == Choice::Yes);
    s.choose(|c| *c == Choice::Yes);
    s.settle();
    assert_eq!(s.game.state().player(P1).leader_defense, 26, "{}", s.dump());
    assert_eq!(s.game.state().player(P1).cemetery.len(), 2);
}

#[test]
fn a_rust_ride_pays_a_drive_point_and_its_on_drive_answers() {
    use sve_engine::cards::Keywords;
    use sve_engine::engine::{AbilityIdx, Action};
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Forge Rider"])
                .evolve_deck(["Drive Point"])
                .pp(1),
        )
        .side(P2, Side::new())
        .build();
    let rider = s.card(P1, Zone::Field, "Forge Rider");
    s.act(Action::Activate {
        card: rider,
        ability: AbilityIdx(0),
    });
    s.settle();
    let state = s.game.state();
    let keywords = state.characteristics(s.game.db(), rider).keywords;
    assert!(
        keywords.contains(Keywords::DRIVE | Keywords::SINGLE_DRIVE | Keywords::RUSH),
        "{}",
        s.dump()
    );
    assert_eq!(state.player(P1).drive_zone.len(), 1);
    assert_eq!(state.player(P1).leader_defense, 21, "On Drive");
}

#[test]
fn a_rust_equipment_token_equips_its_follower() {
    use sve_engine::cards::Keywords;
    let loaded = overheat_rust();
    let mut s = scenario(&loaded)
        .side(P1, Side::new().hand(["Gauntlet Smith"]).pp(2))
        .side(P2, Side::new())
        .build();
    s.play("Gauntlet Smith");
    s.settle();
    let smith = s.card(P1, Zone::Field, "Gauntlet Smith");
    let gauntlet = s.card(P1, Zone::Equipment, "Forge Gauntlet");
    assert_eq!(s.game.state().card(gauntlet).linked_to, Some(smith));
    let keywords = s.game.state().characteristics(s.game.db(), smith).keywords;
    assert!(
        keywords.contains(Keywords::PLUS2_DAMAGE | Keywords::STORM),
        "{}",
        s.dump()
    );
    // "When a follower equips this": the leader gained 1 defense.
    assert_eq!(s.game.state().player(P1).leader_defense, 21, "{}", s.dump());
}
