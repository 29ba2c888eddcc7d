//! What a click on the board means: the option it answers, a change to the
//! answer being built, or the reason nothing happened. Also how each card is
//! marked, since the marks announce what a click will do.

use super::board::{BoardContext, Half};
use super::card::{CardLook, Highlight};
use super::legal;
use crate::intent::Intent;
use crate::match_view::PlayMode;
use crate::session::DecisionView;
use sve_engine::engine::view::CardView;
use sve_engine::engine::{Choice, PlayerId, Prompt};

/// Where a clicked card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Your hand.
    Hand,
    /// A field.
    Field(Half),
    /// An EX area.
    ExArea(Half),
    /// A trigger zone (later-sets §2.3): the card a drive check revealed.
    TriggerZone(Half),
}

impl Place {
    /// The opponent's field or EX area.
    pub fn is_theirs(self) -> bool {
        matches!(
            self,
            Place::Field(Half::Theirs) | Place::ExArea(Half::Theirs)
        )
    }

    /// A short name, used in accessible labels.
    pub fn name(self) -> &'static str {
        match self {
            Place::Hand => "hand",
            Place::Field(Half::Mine) => "field",
            Place::ExArea(Half::Mine) => "EX area",
            Place::Field(Half::Theirs) => "opponent's field",
            Place::ExArea(Half::Theirs) => "opponent's EX area",
            Place::TriggerZone(Half::Mine) => "trigger zone",
            Place::TriggerZone(Half::Theirs) => "opponent's trigger zone",
        }
    }
}

/// The intent of picking `option` from a menu or a click: a card pick
/// toggles in a multi-pick answer, anything else answers at once.
pub fn option_intent(decision: &DecisionView, option: usize) -> Intent {
    let is_card_pick = matches!(decision.decision.options.get(option), Some(Choice::Card(_)));
    if is_card_pick && !(decision.decision.min == 1 && decision.decision.max == 1) {
        Intent::TogglePick(option)
    } else {
        Intent::Answer(vec![option])
    }
}

/// How a card is marked for what a click on it would do.
pub fn look_of(cx: &BoardContext<'_>, card: &CardView, place: Place) -> CardLook {
    let moves = cx.moves.card(card.card);
    let attacker = cx.selection.attacker;
    let highlight = if let Some(number) = moves.pick.and_then(|o| cx.selection.pick_number(o)) {
        Highlight::Picked(number)
    } else if moves.pick.is_some() {
        Highlight::Pickable
    } else if attacker == Some(card.card) {
        Highlight::Selected
    } else if attacker
        .and_then(|a| cx.moves.attack_on_follower(a, card.card))
        .is_some()
    {
        Highlight::Target
    } else if attacker.is_none()
        && (moves.play.is_some()
            || !moves.attacks.is_empty()
            || !moves.evolve.is_empty()
            || !moves.activate.is_empty())
    {
        Highlight::Playable
    } else {
        Highlight::None
    };
    let dimmed = highlight == Highlight::None
        && cx.decision.is_some()
        && (cx.moves.picks_cards || (attacker.is_some() && place.is_theirs()));
    CardLook {
        highlight,
        dimmed,
        in_motion: false,
    }
}

/// What a click on a face-up card asks for.
pub fn card_click(cx: &BoardContext<'_>, card: &CardView, place: Place) -> Intent {
    let db = &cx.view.db;
    let Some(decision) = cx.decision else {
        return Intent::Explain(waiting_text(cx));
    };
    let moves = &cx.moves;
    let card_moves = moves.card(card.card);
    // An attack is being declared: this click picks its target.
    if let Some(attacker) = cx.selection.attacker {
        if attacker == card.card {
            return Intent::SelectAttacker(None);
        }
        if let Some(option) = moves.attack_on_follower(attacker, card.card) {
            return Intent::Answer(vec![option]);
        }
        if moves.can_attack(card.card) {
            return Intent::SelectAttacker(Some(card.card));
        }
        if place.is_theirs() {
            let attacker_view = cx.board.mine.field.iter().find(|c| c.card == attacker);
            return Intent::Explain(match attacker_view {
                Some(attacker_view) => {
                    legal::why_not_target(db, attacker_view, card, cx.board.theirs)
                }
                None => "Choose a highlighted target.".to_owned(),
            });
        }
    }
    if let Some(option) = card_moves.pick {
        return option_intent(decision, option);
    }
    if moves.picks_cards {
        return Intent::Explain(format!(
            "{} is not a choice here: pick one of the highlighted cards.",
            card_name(cx, card)
        ));
    }
    if let Some(option) = card_moves.play {
        return Intent::Answer(vec![option]);
    }
    if !card_moves.attacks.is_empty() {
        return Intent::SelectAttacker(Some(card.card));
    }
    if !card_moves.evolve.is_empty() || !card_moves.activate.is_empty() {
        return Intent::Explain(format!(
            "Use the buttons under {} (or right-click it) to evolve it or use its abilities.",
            card_name(cx, card)
        ));
    }
    let acting = matches!(
        decision.decision.prompt,
        Prompt::MainAction | Prompt::QuickWindow
    );
    if !acting {
        return Intent::Explain("Answer the prompt in the middle of the board first.".to_owned());
    }
    Intent::Explain(match place {
        Place::Hand | Place::ExArea(Half::Mine) => {
            legal::why_not_playable(db, card, cx.board.mine, &decision.decision.prompt)
        }
        Place::Field(Half::Mine) if decision.decision.prompt == Prompt::QuickWindow => {
            "Followers attack in your own turn; now you may only play Quick cards or pass."
                .to_owned()
        }
        Place::Field(Half::Mine) => {
            let entered = cx
                .view
                .notes
                .get(&card.card)
                .is_some_and(|n| n.entered_this_turn);
            legal::why_cannot_attack(db, card, entered)
        }
        Place::Field(Half::Theirs) | Place::ExArea(Half::Theirs) => {
            "To attack, click one of your highlighted followers first, then its target.".to_owned()
        }
        // Its player is asked about its Trigger while it is there, so
        // this is only a fallback.
        Place::TriggerZone(_) => format!(
            "{} was revealed by a drive check: it leaves the trigger zone once its Trigger is decided.",
            card_name(cx, card)
        ),
    })
}

/// What a click on `player`'s leader asks for.
pub fn leader_click(cx: &BoardContext<'_>, player: PlayerId) -> Intent {
    let Some(decision) = cx.decision else {
        return Intent::Explain(waiting_text(cx));
    };
    if let Some(attacker) = cx.selection.attacker {
        if let Some(option) = cx.moves.attack_on_leader(attacker, player) {
            return Intent::Answer(vec![option]);
        }
        if player != cx.board.me {
            let entered = cx
                .view
                .notes
                .get(&attacker)
                .is_some_and(|n| n.entered_this_turn);
            if let Some(attacker_view) = cx.board.mine.field.iter().find(|c| c.card == attacker) {
                return Intent::Explain(legal::why_not_leader(
                    &cx.view.db,
                    attacker_view,
                    cx.board.theirs,
                    entered,
                ));
            }
        }
    }
    if player == cx.board.me {
        return Intent::Explain("That is your own leader.".to_owned());
    }
    if decision.decision.prompt == Prompt::MainAction {
        return Intent::Explain(
            "To attack the leader, click one of your highlighted followers first, then the leader."
                .to_owned(),
        );
    }
    Intent::Explain("Answer the prompt in the middle of the board first.".to_owned())
}

/// Why the board does not react while someone else decides.
pub fn waiting_text(cx: &BoardContext<'_>) -> String {
    let view = cx.view;
    if view.outcome.is_some() {
        return "The match is over.".to_owned();
    }
    // A replay plays its recorded answers: nobody decides anything here.
    if view.replay.is_some() {
        return "This is a replay: step, play or scrub it with the bar under the board.".to_owned();
    }
    match view.waiting_on {
        // Online, a decision this screen does not hold is someone else's,
        // even from seat 1's side when watching.
        Some(player)
            if matches!(view.mode, PlayMode::Online { .. })
                && view.decision_for(cx.board.me).is_none() =>
        {
            format!("Wait: {} is deciding.", view.seat_name(player))
        }
        Some(player) if player != cx.board.me => {
            format!("Wait: {} is deciding.", view.seat_name(player))
        }
        Some(_) if view.decision_for(cx.board.me).is_none() => {
            "The bots play both sides in this match.".to_owned()
        }
        _ => "Nothing to do right now.".to_owned(),
    }
}

fn card_name(cx: &BoardContext<'_>, card: &CardView) -> String {
    cx.view
        .db
        .get(card.evolved.unwrap_or(card.def))
        .display_name()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use crate::play::selection::Selection;
    use sve_engine::engine::{Action, AttackTarget, CardRef, ObjectId};

    const GOBLIN: CardRef = CardRef(1);
    const FIGHTER: CardRef = CardRef(2);

    /// Runs `f` with the board context of `view` and `selection`.
    fn attack(target: AttackTarget) -> Choice {
        Choice::Action(Action::Attack {
            attacker: GOBLIN,
            target,
        })
    }

    #[test]
    fn a_card_you_cannot_pay_for_explains_its_cost() {
        let db = fixture::db();
        let mut mine = fixture::side(&db, "Arisa", 1);
        let treant = fixture::card(&db, 1, "Treant");
        mine.hand.push(Some(treant.clone()));
        let theirs = fixture::side(&db, "Erika", 0);
        let view = fixture::vs_bot(
            db,
            mine,
            theirs,
            Some(fixture::main_action(vec![Choice::Action(
                Action::EndMainPhase,
            )])),
        );
        let intent = fixture::with_board(&view, &Selection::default(), |cx| {
            card_click(cx, &treant, Place::Hand)
        });
        assert_eq!(
            intent,
            Intent::Explain("Treant costs 3 PP and you have 1 PP.".to_owned())
        );
    }

    #[test]
    fn an_attacker_then_its_target_answers_the_attack() {
        let db = fixture::db();
        let mut mine = fixture::side(&db, "Arisa", 2);
        let goblin = fixture::card(&db, GOBLIN.0, "Goblin");
        mine.field.push(goblin.clone());
        let mut theirs = fixture::side(&db, "Erika", 2);
        let mut fighter = fixture::card(&db, FIGHTER.0, "Fighter");
        fighter.engaged = true;
        theirs.field.push(fighter.clone());
        let options = vec![
            attack(AttackTarget::Follower(FIGHTER, ObjectId(9))),
            attack(AttackTarget::Leader(PlayerId(1))),
            Choice::Action(Action::EndMainPhase),
        ];
        let view = fixture::vs_bot(db, mine, theirs, Some(fixture::main_action(options)));
        let mut selection = Selection::default();
        let first = fixture::with_board(&view, &selection, |cx| {
            card_click(cx, &goblin, Place::Field(Half::Mine))
        });
        assert_eq!(first, Intent::SelectAttacker(Some(GOBLIN)));
        selection.attacker = Some(GOBLIN);
        fixture::with_board(&view, &selection, |cx| {
            assert_eq!(
                look_of(cx, &fighter, Place::Field(Half::Theirs)).highlight,
                Highlight::Target
            );
            assert_eq!(
                card_click(cx, &fighter, Place::Field(Half::Theirs)),
                Intent::Answer(vec![0])
            );
            assert_eq!(leader_click(cx, PlayerId(1)), Intent::Answer(vec![1]));
        });
    }

    #[test]
    fn a_reserved_follower_is_not_an_attack_target() {
        let db = fixture::db();
        let mut mine = fixture::side(&db, "Arisa", 2);
        mine.field.push(fixture::card(&db, GOBLIN.0, "Goblin"));
        let mut theirs = fixture::side(&db, "Erika", 2);
        let fighter = fixture::card(&db, FIGHTER.0, "Fighter");
        theirs.field.push(fighter.clone());
        let options = vec![
            attack(AttackTarget::Leader(PlayerId(1))),
            Choice::Action(Action::EndMainPhase),
        ];
        let view = fixture::vs_bot(db, mine, theirs, Some(fixture::main_action(options)));
        let selection = Selection {
            attacker: Some(GOBLIN),
            ..Selection::default()
        };
        let intent = fixture::with_board(&view, &selection, |cx| {
            card_click(cx, &fighter, Place::Field(Half::Theirs))
        });
        let Intent::Explain(text) = intent else {
            panic!("expected an explanation, got {intent:?}");
        };
        assert!(text.contains("Fighter is reserved (not engaged)"), "{text}");
    }

    #[test]
    fn while_the_bot_decides_a_click_says_so() {
        let db = fixture::db();
        let mut mine = fixture::side(&db, "Arisa", 2);
        let goblin = fixture::card(&db, GOBLIN.0, "Goblin");
        mine.hand.push(Some(goblin.clone()));
        let theirs = fixture::side(&db, "Erika", 2);
        let view = fixture::vs_bot(db, mine, theirs, None);
        let intent = fixture::with_board(&view, &Selection::default(), |cx| {
            card_click(cx, &goblin, Place::Hand)
        });
        assert_eq!(
            intent,
            Intent::Explain("Wait: P2 (random bot) is deciding.".to_owned())
        );
    }

    #[test]
    fn in_a_replay_a_click_says_it_is_a_replay() {
        let db = fixture::db();
        let mut mine = fixture::side(&db, "Arisa", 2);
        let goblin = fixture::card(&db, GOBLIN.0, "Goblin");
        mine.hand.push(Some(goblin.clone()));
        let theirs = fixture::side(&db, "Erika", 2);
        let mut view = fixture::vs_bot(db, mine, theirs, None);
        view.replay = Some(crate::session::ReplayPosition {
            at: 3,
            length: 10,
            turns: std::sync::Arc::from(vec![1; 11]),
            playing: false,
            pace: std::time::Duration::from_millis(500),
        });
        let intent = fixture::with_board(&view, &Selection::default(), |cx| {
            card_click(cx, &goblin, Place::Hand)
        });
        let Intent::Explain(text) = intent else {
            panic!("{intent:?}");
        };
        assert!(text.contains("This is a replay"), "{text}");
    }
}
