//! What the server's frames may name: the card database built from its
//! card faces, and the checks every update passes before the UI sees it.
//!
//! The board indexes the card database by the definition numbers of a view
//! (`CardDb::get` panics on a number it does not hold) and per-seat arrays
//! by player numbers, so a hostile or broken server could otherwise bring
//! the window down with one frame. Here a frame naming a seat other than
//! 0 and 1 or a definition beyond the faces is refused with the reason.
//! Card numbers (`CardRef`) need no check: the UI only compares them.
//! The players' names are text from the network: shown without control
//! characters and capped ([`shown_name`]), as the server should have sent
//! them.

use sve_engine::cards::{CardDb, Declarations, DeclaredCounter, DeclaredTokenKind};
use sve_engine::engine::Duration;
use sve_engine::engine::view::{CardView, SideView};
use sve_engine::engine::{DefId, Outcome, PlayerId};
use sve_net::inspect::InspectedCard;
use sve_net::protocol::{CardFace, KeywordFace, Update};

/// The card database of a server's faces, declared keywords and declared
/// counters, each in the server's order, so that its definition, keyword
/// and counter numbers mean what they mean on the server. Faces carry no
/// abilities: nothing here can play a card. A keyword's and counter's
/// words are text from the network: shown without control characters and
/// capped ([`keyword_words`]).
pub(super) fn card_db(
    faces: &[CardFace],
    keywords: &[KeywordFace],
    counters: &[DeclaredCounter],
    token_kinds: &[DeclaredTokenKind],
) -> Result<CardDb, String> {
    let keywords = keywords
        .iter()
        .map(|face| {
            let mut keyword = face.to_declared();
            keyword.name = keyword_words(&keyword.name, MAX_KEYWORD_NAME_CHARS);
            keyword.reminder = keyword_words(&keyword.reminder, MAX_REMINDER_CHARS);
            keyword
        })
        .collect();
    let counters = counters
        .iter()
        .map(|counter| DeclaredCounter {
            name: keyword_words(&counter.name, MAX_KEYWORD_NAME_CHARS),
            reminder: keyword_words(&counter.reminder, MAX_REMINDER_CHARS),
        })
        .collect();
    let token_kinds = token_kinds
        .iter()
        .map(|kind| DeclaredTokenKind {
            name: keyword_words(&kind.name, MAX_KEYWORD_NAME_CHARS),
            reminder: keyword_words(&kind.reminder, MAX_REMINDER_CHARS),
            rules: kind.rules,
        })
        .collect();
    let declarations = Declarations {
        keywords,
        counters,
        token_kinds,
    };
    CardDb::with_declarations(faces.iter().map(CardFace::to_def).collect(), declarations)
        .map_err(|err| format!("the server's card data can't be used: {err}"))
}

/// The longest declared keyword name shown, in characters.
const MAX_KEYWORD_NAME_CHARS: usize = 40;
/// The longest declared keyword reminder shown, in characters.
const MAX_REMINDER_CHARS: usize = 600;

/// A declared keyword's name or reminder from the server as the client
/// shows it: without control characters, at most `max` characters,
/// trimmed.
fn keyword_words(text: &str, max: usize) -> String {
    let text: String = text.chars().filter(|c| !c.is_control()).take(max).collect();
    text.trim().to_owned()
}

/// Checks an update against the card database; the error names what is
/// wrong.
pub(super) fn check_update(update: &Update, db: &CardDb) -> Result<(), String> {
    let view = &update.view;
    seat(view.viewer, "viewer")?;
    seat(view.active, "active player")?;
    if let Some(player) = update.waiting_on {
        seat(player, "player to decide")?;
    }
    if let Some(decision) = &view.decision {
        seat(decision.player, "decision's player")?;
    }
    if let Some(outcome) = view.outcome {
        check_outcome(outcome)?;
    }
    for side in &view.sides {
        check_side(side, db)?;
    }
    for line in &update.pending {
        seat(line.controller, "controller of a pending ability")?;
    }
    check_inspected(&update.inspected, db)
}

/// Checks the inspector's data from the server: every seat it names is
/// one of the two (the words index by them).
pub(super) fn check_inspected(cards: &[InspectedCard], _db: &CardDb) -> Result<(), String> {
    for card in cards {
        seat(card.controller, "controller of an inspected card")?;
        for modifier in &card.modifiers {
            if let Duration::EndOfOpponentNextTurn { controller } = modifier.duration {
                seat(controller, "controller of an effect")?;
            }
        }
    }
    Ok(())
}

/// Checks a match result.
pub(super) fn check_outcome(outcome: Outcome) -> Result<(), String> {
    match outcome {
        Outcome::Win(winner, _) => seat(winner, "winner"),
        Outcome::Draw => Ok(()),
    }
}

/// The longest player name shown, in characters (the server's own cap).
const MAX_NAME_CHARS: usize = 32;

/// A player's name from the server as the client shows it: without
/// control characters (a line break could fake a log line), at most
/// [`MAX_NAME_CHARS`] characters, trimmed. The server cleans names so, but
/// the client does not count on any server doing it.
pub(super) fn shown_name(name: &str) -> String {
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    name.trim().to_owned()
}

/// Checks a seat number from the server.
pub(super) fn seat(player: PlayerId, what: &str) -> Result<(), String> {
    if player.idx() < 2 {
        Ok(())
    } else {
        Err(format!("the server named seat {} as the {what}", player.0))
    }
}

fn check_side(side: &SideView, db: &CardDb) -> Result<(), String> {
    def(side.leader, db)?;
    for card in side.shown_cards() {
        check_card(card, db)?;
    }
    for delayed in &side.delayed {
        def(delayed.def, db)?;
    }
    Ok(())
}

fn check_card(card: &CardView, db: &CardDb) -> Result<(), String> {
    def(card.def, db)?;
    if let Some(evolved) = card.evolved {
        def(evolved, db)?;
    }
    Ok(())
}

fn def(def: DefId, db: &CardDb) -> Result<(), String> {
    if def.idx() < db.len() {
        Ok(())
    } else {
        Err(format!(
            "the server named card definition {} of {}",
            def.0,
            db.len()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::cards::Keywords;
    use sve_engine::cards::starter::starter_db;
    use sve_engine::engine::Phase;
    use sve_engine::engine::view::PlayerView;
    use sve_net::protocol::Clocks;

    fn faces() -> Vec<CardFace> {
        let db = starter_db().expect("bundled card data");
        db.iter().map(|(_, def)| CardFace::of(def)).collect()
    }

    fn update(db: &CardDb) -> Update {
        let side = crate::fixture::side(db, "Arisa", 1);
        Update {
            view: PlayerView {
                viewer: PlayerId(1),
                turn: 1,
                active: PlayerId(0),
                phase: Phase::Main,
                sides: [side.clone(), side],
                decision: None,
                outcome: None,
            },
            events: Vec::new(),
            decision_seq: 0,
            pending: Vec::new(),
            inspected: Vec::new(),
            waiting_on: Some(PlayerId(0)),
            clocks: Clocks::default(),
            resync: false,
        }
    }

    #[test]
    fn faces_keep_the_servers_definition_numbers() {
        let server = starter_db().expect("bundled card data");
        let client = card_db(&faces(), &[], &[], &[]).expect("faces make a database");
        for (def, card) in server.iter() {
            assert_eq!(client.get(def).id, card.id);
            assert!(client.get(def).abilities.is_empty(), "faces carry no code");
        }
    }

    #[test]
    fn a_token_of_a_declared_kind_keeps_its_kinds_rules_on_the_client() {
        let mut faces = faces();
        let token = faces
            .iter_mut()
            .find(|face| face.is_token)
            .expect("a token");
        token.later.token_kind = Some("Relic".to_owned());
        let id = token.id.clone();
        let relics = DeclaredTokenKind {
            name: "Relic".to_owned(),
            reminder: "Relics guard the EX area.".to_owned(),
            rules: sve_engine::cards::TokenRules::CREST,
        };
        let client = card_db(&faces, &[], &[], &[relics]).expect("faces make a database");
        let def = client.by_card_id(&id).expect("the token");
        assert_eq!(
            client.token_rules(def),
            Some(sve_engine::cards::TokenRules::CREST)
        );
        // A face naming a kind the server didn't send is refused.
        let err = card_db(&faces, &[], &[], &[]).expect_err("refused");
        assert!(err.contains("Relic"), "{err}");
    }

    #[test]
    fn a_good_update_passes() {
        let db = card_db(&faces(), &[], &[], &[]).expect("faces make a database");
        assert_eq!(check_update(&update(&db), &db), Ok(()));
    }

    #[test]
    fn an_unknown_definition_or_seat_is_refused() {
        let db = card_db(&faces(), &[], &[], &[]).expect("faces make a database");
        let mut bad_leader = update(&db);
        bad_leader.view.sides[0].leader = DefId(u16::MAX);
        let err = check_update(&bad_leader, &db).expect_err("refused");
        assert!(err.contains("card definition 65535"), "{err}");

        // A delayed ability's card too: the board names it.
        let mut bad_delayed = update(&db);
        bad_delayed.view.sides[1].delayed = vec![sve_engine::engine::view::DelayedView {
            def: DefId(u16::MAX - 1),
            name: "Afterglow".to_owned(),
            text: String::new(),
            this_turn: false,
        }];
        let err = check_update(&bad_delayed, &db).expect_err("refused");
        assert!(err.contains("card definition 65534"), "{err}");

        let mut bad_seat = update(&db);
        bad_seat.view.viewer = PlayerId(7);
        let err = check_update(&bad_seat, &db).expect_err("refused");
        assert!(err.contains("seat 7 as the viewer"), "{err}");

        let mut bad_winner = update(&db);
        bad_winner.view.outcome = Some(Outcome::Win(
            PlayerId(2),
            sve_engine::engine::WinReason::Concede,
        ));
        assert!(check_update(&bad_winner, &db).is_err());
    }

    #[test]
    fn duplicate_faces_are_refused() {
        let mut faces = faces();
        faces.push(faces[0].clone());
        let err = card_db(&faces, &[], &[], &[]).expect_err("refused");
        assert!(err.contains("defined twice"), "{err}");
    }

    #[test]
    fn the_servers_declared_keywords_are_worded_as_sent_cleaned_and_checked() {
        let server = crate::fixture::declared_db();
        let faces: Vec<CardFace> = server.iter().map(|(_, def)| CardFace::of(def)).collect();
        let mut keywords: Vec<KeywordFace> = server
            .declared_keywords()
            .iter()
            .map(KeywordFace::of)
            .collect();
        keywords[0].reminder.push_str("\n\u{7}");
        let client = card_db(&faces, &keywords, &[], &[]).expect("faces make a database");
        let golem = client.by_name("Boiler Golem").expect("the golem's face");
        assert!(client.get(golem).keywords.contains(Keywords::declared(0)));
        let overheat = client.declared(0).expect("the keyword's face");
        assert_eq!(overheat.name, "Overheat");
        assert_eq!(overheat.reminder, crate::fixture::OVERHEAT_REMINDER);
        assert_eq!(overheat.badge, sve_engine::cards::Badge::Lethal);
        assert!(overheat.abilities.is_empty(), "faces carry no code");

        // Two keywords of one name can't be told apart: refused.
        keywords.push(KeywordFace {
            id: "OTHER".to_owned(),
            ..keywords[0].clone()
        });
        let err = card_db(&faces, &keywords, &[], &[]).expect_err("refused");
        assert!(err.contains("declared twice"), "{err}");
    }

    #[test]
    fn a_name_from_the_server_is_shown_without_control_characters_and_capped() {
        assert_eq!(
            shown_name(" Bo\n— Turn 9: You —\u{7} "),
            "Bo— Turn 9: You —"
        );
        assert_eq!(shown_name(&"x".repeat(100)).len(), MAX_NAME_CHARS);
        assert_eq!(shown_name("\r\n"), "");
    }
}
