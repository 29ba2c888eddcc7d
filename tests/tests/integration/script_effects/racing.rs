//! Umamusume racing: serving Carrots, On Race, the racing filter and Carrot deck rules.

use super::*;

#[test]
fn serving_races_the_follower_with_rush_and_runs_on_race_once_per_carrot() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot", "Carrot", "Carrot"])
                .pp(2),
        )
        .build();
    // Turf Runner's own ability is index 0 (On Race); Serve follows it.
    assert_eq!(
        sve_engine::gamelog::describe_choice(
            &Choice::Action(serve_action(&s, "Turf Runner", 1)),
            &s.game
        ),
        "Activate Turf Runner: Serve",
        "the menu names the ability"
    );
    s.act(serve_action(&s, "Turf Runner", 1));
    let runner = s.card(P1, Zone::Field, "Turf Runner");
    assert_eq!(leader(&s, P2), 18, "two races\n{}", s.dump());
    assert_eq!(in_evolve_zone(&s), 2, "two Carrots linked");
    assert_eq!(s.game.state().card(runner).raced, 2);
    assert!(has_keyword(&s, runner, Keywords::RUSH));
    let me = s.game.state().player(P1);
    assert_eq!((me.pp, me.evolved_this_turn), (0, true));
    assert!(!s.can(serve_action(&s, "Turf Runner", 1)), "served already");
    assert_clean(&mut s);
}

#[test]
fn serving_asks_whether_an_evolution_point_replaces_a_play_point() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(2)
                .ep(1),
        )
        .build();
    s.act(serve_action(&s, "Turf Runner", 1));
    s.choose(|c| *c == Choice::Yes);
    let me = s.game.state().player(P1);
    assert_eq!((me.pp, me.ep), (1, 0), "{}", s.dump());
    assert_eq!(leader(&s, P2), 18);
    assert_clean(&mut s);
}

#[test]
fn serving_needs_enough_carrots_play_points_and_the_turns_evolve() {
    let loaded = load();
    let one_carrot = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot"])
                .pp(2),
        )
        .build();
    assert!(!one_carrot.can(serve_action(&one_carrot, "Turf Runner", 1)));
    let one_pp = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(1),
        )
        .build();
    assert!(!one_pp.can(serve_action(&one_pp, "Turf Runner", 1)));
    let mut evolved = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner", "V2"])
                .evolve_deck(["Carrot", "Carrot", "V2 (Evolved)"])
                .pp(4),
        )
        .build();
    let v2 = evolved.card(P1, Zone::Field, "V2");
    evolved.act(sve_engine::engine::Action::Evolve {
        card: v2,
        use_ep: false,
        super_evolve: false,
    });
    assert!(
        !evolved.can(serve_action(&evolved, "Turf Runner", 1)),
        "serving is the turn's evolve"
    );
}

#[test]
fn a_card_with_several_serve_keywords_asks_how_many_carrots() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Versatile Runner"])
                .evolve_deck(["Carrot", "Carrot", "Carrot"])
                .pp(2),
        )
        .build();
    s.act(serve_action(&s, "Versatile Runner", 0));
    // 3 needs 3 play points: only 1 and 2 are offered.
    assert_eq!(
        labels(&s),
        ["Serve 1 Carrot", "Serve 2 Carrots"],
        "{}",
        s.dump()
    );
    pick_label(&mut s, "Serve 2 Carrots");
    assert_eq!(in_evolve_zone(&s), 2);
    assert_eq!(s.game.state().player(P1).pp, 0);
    assert_clean(&mut s);
}

#[test]
fn racing_followers_match_c_and_their_carrots_return_face_up_when_they_leave() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner", "V1"])
                .hand(["Pace Setter", "Recall Scout"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(4),
        )
        .build();
    s.act(serve_action(&s, "Turf Runner", 1));
    s.play("Pace Setter");
    let runner = s.card(P1, Zone::Field, "Turf Runner");
    let v1 = s.card(P1, Zone::Field, "V1");
    assert_eq!(
        (attack_of(&s, runner), attack_of(&s, v1)),
        (3, 1),
        "{}",
        s.dump()
    );
    s.play("Recall Scout");
    pick(&mut s, P1, runner);
    assert_eq!(in_evolve_zone(&s), 0, "{}", s.dump());
    assert_eq!(face_up(&s, P1), ["Carrot", "Carrot"]);
    assert_clean(&mut s);
}

#[test]
fn another_card_of_yours_reacts_to_each_race() {
    let loaded = load();
    let mut s = scenario(&loaded)
        .side(
            P1,
            Side::new()
                .field(["Turf Runner", "Cheering Crowd"])
                .evolve_deck(["Carrot", "Carrot"])
                .pp(2),
        )
        .build();
    s.act(serve_action(&s, "Turf Runner", 1));
    // Two races: On Race twice, the Crowd twice.
    assert_eq!(leader(&s, P2), 16, "{}", s.dump());
    assert_clean(&mut s);
}

#[test]
fn an_evolve_deck_may_hold_up_to_ten_carrots_and_no_other_spell() {
    let loaded = load();
    let main: String = (0..40).map(|_| "1 TEST-V1\n").collect();
    let deck = |evolve: &str| {
        let text =
            format!("Racers\n# Leader\n1 TEST-LD\n# Main Deck\n{main}# Evolve Deck\n{evolve}");
        sve_engine::decks::parse_deck(&text, "racers.txt").expect("parses")
    };
    let problems = |evolve: &str| -> Vec<String> {
        sve_engine::decks::check_deck(&deck(evolve), &loaded.db)
            .iter()
            .map(ToString::to_string)
            .filter(|m| !m.contains("main deck"))
            .collect()
    };
    assert_eq!(
        problems("6 TEST-E60\n"),
        Vec::<String>::new(),
        "Carrots: no copy limit"
    );
    let spell = problems("1 TEST-E41\n");
    assert!(
        spell
            .iter()
            .any(|m| m.contains("can't be in the evolve deck")),
        "{spell:?}"
    );
    let eleven = problems("11 TEST-E60\n");
    assert!(
        eleven.iter().any(|m| m.contains("at most 10")),
        "{eleven:?}"
    );
    let in_main = sve_engine::decks::check_deck(
        &sve_engine::decks::parse_deck(
            &format!("Racers\n# Leader\n1 TEST-LD\n# Main Deck\n{main}1 TEST-E60\n"),
            "racers.txt",
        )
        .expect("parses"),
        &loaded.db,
    );
    assert!(
        in_main
            .iter()
            .any(|e| e.to_string().contains("TEST-E60") && e.to_string().contains("main deck")),
        "{in_main:?}"
    );
}
