//! The opponent's last turn in the log's words, kept at hand beside the
//! log: what they played, evolved, attacked and what was destroyed,
//! without the draws, phases and play points around it. The lines are the
//! game log's (the engine renderer's, which the snapshots carry with each
//! shown event), so the recap never words an event twice.

use crate::match_view::MatchView;
use crate::session::ShownEvent;
use egui::{RichText, Ui};
use sve_engine::engine::{Event, MoveCause, PlayerId, Zone};

/// One turn of one player, in lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recap {
    /// Whose turn.
    pub player: PlayerId,
    /// The turn number.
    pub turn: u32,
    /// What happened, in the log's words, oldest first.
    pub lines: Vec<String>,
}

/// The last turn `player` began (the one under way, if it is theirs), from
/// the events shown so far; `None` before their first turn.
pub fn last_turn_of(events: &[ShownEvent], player: PlayerId) -> Option<Recap> {
    let start = events.iter().rposition(|shown| {
        matches!(shown.event, Event::TurnStarted { player: active, .. } if active == player)
    })?;
    let Event::TurnStarted { turn, .. } = events.get(start)?.event else {
        return None;
    };
    let lines = events
        .iter()
        .skip(start + 1)
        .take_while(|shown| !matches!(shown.event, Event::TurnStarted { .. }))
        .filter(|shown| is_recapped(&shown.event))
        .filter_map(|shown| shown.text.clone())
        .collect();
    Some(Recap {
        player,
        turn,
        lines,
    })
}

/// Whether an event is worth a line in the recap: something a player
/// would tell, not bookkeeping.
fn is_recapped(event: &Event) -> bool {
    match event {
        Event::Moved { cause, to, .. } => match cause {
            MoveCause::Play => *to == Zone::Resolution,
            MoveCause::Destroy { .. }
            | MoveCause::Banish
            | MoveCause::ReturnToHand
            | MoveCause::Discard
            | MoveCause::TokenCreated
            | MoveCause::PutByEffect
            | MoveCause::ControlChange => true,
            MoveCause::Setup
            | MoveCause::Draw
            | MoveCause::Mulligan
            | MoveCause::SpellResolved
            | MoveCause::Bury
            | MoveCause::ToDeck
            | MoveCause::TokenRemoved
            | MoveCause::Evolve
            | MoveCause::RulesHandling
            | MoveCause::Cost
            | MoveCause::Sandbox
            | MoveCause::Race
            | MoveCause::DriveCheck
            | MoveCause::FaceDownSetup => false,
        },
        Event::Evolved { .. }
        | Event::AttackDeclared { .. }
        | Event::FollowerDamaged { .. }
        | Event::LeaderDefense { .. }
        | Event::AbilityActivated { .. }
        | Event::KeywordAbilityActivated { .. }
        | Event::TriggerResolved { .. }
        // An activation taken back says so beside its announcement.
        | Event::ActivationCancelled { .. }
        | Event::KeywordActivationCancelled { .. }
        // A skipped turn (later-sets §12.9) is told after the turn that
        // ended: the other player's next turn follows it.
        | Event::TurnSkipped { .. } => true,
        _ => false,
    }
}

/// The recap beside the log: a button that opens and closes it.
#[derive(Debug, Default)]
pub struct RecapPanel {
    open: bool,
}

impl RecapPanel {
    /// The button that opens or closes the recap.
    pub fn toggle_ui(&mut self, ui: &mut Ui) {
        let Self { open } = self;
        ui.toggle_value(open, "Their last turn")
            .on_hover_text("What your opponent did in their last turn.");
    }

    /// The recap of `player`'s last turn, when open.
    pub fn ui(&mut self, ui: &mut Ui, view: &MatchView, player: PlayerId) {
        let Self { open } = self;
        if !*open {
            return;
        }
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            let Some(recap) = last_turn_of(&view.events, player) else {
                ui.label(
                    RichText::new(format!(
                        "{} has not had a turn yet.",
                        view.seat_name(player)
                    ))
                    .weak(),
                );
                return;
            };
            ui.strong(format!("Turn {}: {}", recap.turn, view.seat_name(player)));
            if recap.lines.is_empty() {
                ui.label(RichText::new("Nothing but drawing and ending the turn.").weak());
            }
            egui::ScrollArea::vertical()
                .id_salt("recap")
                .max_height(220.0)
                .show(ui, |ui| {
                    for line in &recap.lines {
                        ui.label(super::log::displayable(line).as_ref());
                    }
                });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::engine::{AttackTarget, CardRef, DefId};

    fn shown(event: Event, text: &str) -> ShownEvent {
        ShownEvent {
            event,
            text: Some(text.to_owned()),
        }
    }

    fn turn(player: u8, turn: u32) -> ShownEvent {
        shown(
            Event::TurnStarted {
                player: PlayerId(player),
                turn,
            },
            &format!("— Turn {turn}: P{} —", player + 1),
        )
    }

    fn moved(cause: MoveCause, from: Zone, to: Zone, text: &str) -> ShownEvent {
        shown(
            Event::Moved {
                card: CardRef(4),
                def: Some(DefId(2)),
                owner: PlayerId(1),
                controller: PlayerId(1),
                from,
                to,
                cause,
                evolved: None,
            },
            text,
        )
    }

    fn events() -> Vec<ShownEvent> {
        vec![
            turn(1, 2),
            moved(MoveCause::Draw, Zone::Deck, Zone::Hand, "P2 draws a card"),
            moved(
                MoveCause::Play,
                Zone::Hand,
                Zone::Resolution,
                "P2 plays Fighter from the hand",
            ),
            moved(
                MoveCause::Play,
                Zone::Resolution,
                Zone::Field,
                "Fighter enters P2's field",
            ),
            turn(0, 3),
            moved(MoveCause::Draw, Zone::Deck, Zone::Hand, "P1 draws Goblin"),
            turn(1, 4),
            moved(MoveCause::Draw, Zone::Deck, Zone::Hand, "P2 draws a card"),
            shown(
                Event::AttackDeclared {
                    attacker: CardRef(4),
                    target: AttackTarget::Leader(PlayerId(0)),
                },
                "Fighter attacks P1's leader",
            ),
            shown(
                Event::LeaderDefense {
                    player: PlayerId(0),
                    from: 20,
                    to: 18,
                },
                "P1's leader: 20 → 18 defense",
            ),
            shown(
                Event::PhaseStarted {
                    phase: sve_engine::engine::Phase::End,
                },
                "End phase",
            ),
            turn(0, 5),
        ]
    }

    #[test]
    fn the_last_turn_of_a_player_in_the_logs_words() {
        assert_eq!(
            last_turn_of(&events(), PlayerId(1)),
            Some(Recap {
                player: PlayerId(1),
                turn: 4,
                lines: vec![
                    "Fighter attacks P1's leader".to_owned(),
                    "P1's leader: 20 → 18 defense".to_owned(),
                ],
            })
        );
    }

    #[test]
    fn a_play_is_told_once_and_draws_are_left_out() {
        let first_turn: Vec<ShownEvent> = events().into_iter().take(4).collect();
        let recap = last_turn_of(&first_turn, PlayerId(1)).map(|r| r.lines);
        assert_eq!(
            recap,
            Some(vec!["P2 plays Fighter from the hand".to_owned()])
        );
    }

    #[test]
    fn a_skipped_turn_is_told_after_the_turn_that_ended() {
        let mut events = vec![turn(1, 2)];
        events.push(shown(
            Event::TurnSkipped {
                player: PlayerId(0),
            },
            "P1's turn is skipped",
        ));
        events.push(turn(1, 3));
        let before = last_turn_of(&events[..2], PlayerId(1)).map(|r| r.lines);
        assert_eq!(before, Some(vec!["P1's turn is skipped".to_owned()]));
        let now = last_turn_of(&events, PlayerId(1)).map(|r| r.lines);
        assert_eq!(now, Some(Vec::new()));
    }

    #[test]
    fn no_turn_yet_is_none() {
        assert_eq!(last_turn_of(&events()[..1], PlayerId(0)), None);
        assert_eq!(last_turn_of(&[], PlayerId(1)), None);
    }
}
