//! The top bar's line about where the match stands: setup, the turn, its
//! phase and whose turn it is, or that the game is over and who won. It
//! is worked out from the newest snapshot each frame, so it follows the
//! opponent's turn and the end of the match as they happen.

use crate::match_view::{Board, MatchView};
use sve_engine::engine::{Outcome, Phase};

/// The line for `board` (the board as the bottom seat sees it).
pub fn phase_text(view: &MatchView, board: &Board<'_>) -> String {
    if let Some(outcome) = view.outcome {
        return match outcome {
            Outcome::Draw => "Game over · draw".to_owned(),
            Outcome::Win(winner, _) => format!("Game over · {} wins", view.seat_name(winner)),
        };
    }
    if board.turn == 0 {
        return "Setup: choosing who goes first, mulligans".to_owned();
    }
    let phase = match board.phase {
        Phase::Setup => "Setup",
        Phase::Start => "Start phase",
        Phase::Main => "Main phase",
        Phase::End => "End phase",
        Phase::GameOver => "Game over",
    };
    let whose = if view.my_seat() == Some(board.active) {
        "your turn".to_owned()
    } else {
        format!("{}'s turn", view.seat_name(board.active))
    };
    format!("Turn {} · {phase} · {whose}", board.turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use sve_engine::engine::{PlayerId, WinReason};

    fn text(view: &MatchView) -> String {
        let board = view.board(PlayerId(0)).expect("a board");
        phase_text(view, &board)
    }

    #[test]
    fn the_line_follows_the_turn_the_phase_and_the_end() {
        let db = fixture::db();
        let mine = fixture::side(&db, "Arisa", 0);
        let theirs = fixture::side(&db, "Erika", 0);
        let mut view = fixture::vs_bot(db, mine, theirs, None);
        assert_eq!(text(&view), "Turn 5 · Main phase · your turn");
        if let Some(snapshot) = view.views.first_mut() {
            snapshot.active = PlayerId(1);
            snapshot.phase = Phase::End;
        }
        assert_eq!(text(&view), "Turn 5 · End phase · P2 (random bot)'s turn");
        view.outcome = Some(Outcome::Win(PlayerId(1), WinReason::Concede));
        assert_eq!(text(&view), "Game over · P2 (random bot) wins");
    }
}
