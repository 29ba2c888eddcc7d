//! A fight's statuses on the board, as badges lent to it
//! ([`crate::play::board::lend_badges`]): each sits on what it acts on,
//! the leader of its side (leader damage, play points) and its own card
//! on the field (a status that puts one there, such as strength), with
//! the turns it has left (`Poison 2`) and a tooltip in the player's words.
//!
//! A status lasts its side's own turns 1 to N (`sve_adventure::fight::board`):
//! it acts at the start of each, and its card leaves at the start of the
//! side's turn N + 1. The badge counts the side's turns it still covers,
//! the one being played included: `Poison 3` before the side's first turn
//! and during it, `Poison 2` once that turn is over, gone after the last.
//! A status's card keeps an `over` badge until it leaves.

use crate::match_view::MatchView;
use crate::play::board::{LentBadge, LentBadges};
use egui::Color32;
use sve_adventure::fight::{FightSpec, board::seat};
use sve_adventure::status::{FightStatus, Target};
use sve_engine::engine::CardRef;

/// Where a status stands in its side's turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusTime {
    /// It covers this many more of its side's turns, the one being played
    /// included.
    Left {
        /// The turns.
        turns: u32,
        /// Whether its side is playing one of them now.
        now: bool,
    },
    /// Its last turn is over; its card leaves at its side's next turn.
    Over,
}

/// Where `status` stands once its side has begun `turns_passed` of its own
/// turns; `side_active` is whether the side is playing its turn now.
pub fn status_time(status: &FightStatus, turns_passed: u32, side_active: bool) -> StatusTime {
    let now = side_active && turns_passed >= 1;
    // The side's turns already over.
    let done = if now { turns_passed - 1 } else { turns_passed };
    match status.turns.saturating_sub(done) {
        0 => StatusTime::Over,
        turns => StatusTime::Left { turns, now },
    }
}

/// The badge of `status` at `time`.
pub fn status_badge(status: &FightStatus, time: StatusTime) -> LentBadge {
    let whose = match status.target {
        Target::You => "your",
        Target::Enemy => "the enemy's",
    };
    let (count, when) = match time {
        StatusTime::Left {
            turns: 1,
            now: true,
        } => (
            "1".to_owned(),
            format!("This is {whose} last turn with it."),
        ),
        StatusTime::Left {
            turns: 2,
            now: true,
        } => ("2".to_owned(), format!("This turn and {whose} next turn.")),
        StatusTime::Left { turns, now: true } => (
            turns.to_string(),
            format!("This turn and {whose} next {} turns.", turns - 1),
        ),
        StatusTime::Left {
            turns: 1,
            now: false,
        } => ("1".to_owned(), format!("For {whose} next turn.")),
        StatusTime::Left { turns, now: false } => (
            turns.to_string(),
            format!("For {whose} next {turns} turns."),
        ),
        StatusTime::Over => (
            "over".to_owned(),
            format!("Over: its card leaves at the start of {whose} next turn."),
        ),
    };
    LentBadge {
        text: format!("{} {count}", status.name),
        tooltip: format!(
            "{} on {}: {}\n{when}",
            status.name,
            status.target.name(),
            status.text
        ),
        colour: status_colour(status),
    }
}

/// Harmful to its side: purple; healing: green; a card's: amber.
fn status_colour(status: &FightStatus) -> Color32 {
    if status.leader_damage > 0 || status.play_points < 0 {
        Color32::from_rgb(130, 60, 150)
    } else if status.leader_damage < 0 {
        Color32::from_rgb(40, 125, 75)
    } else {
        Color32::from_rgb(165, 115, 35)
    }
}

/// The badges of `spec`'s statuses on the board `view` shows now; `cards`
/// is the card object each status put onto the field, by status index
/// (`sve_adventure::fight::board::status_cards`).
pub fn status_badges(spec: &FightSpec, cards: &[Option<CardRef>], view: &MatchView) -> LentBadges {
    let mut badges = LentBadges::default();
    let Some(board) = view.board(sve_adventure::fight::PLAYER) else {
        return badges;
    };
    for (idx, status) in spec.statuses.iter().enumerate() {
        let player = seat(status.target);
        let side = match status.target {
            Target::You => board.mine,
            Target::Enemy => board.theirs,
        };
        let time = status_time(status, side.turns_passed, board.active == player);
        let badge = status_badge(status, time);
        let acts_on_leader = status.leader_damage != 0 || status.play_points != 0;
        if acts_on_leader && time != StatusTime::Over {
            badges.leaders.push((player, badge.clone()));
        }
        // Its card: the very object it put onto the field, which its end
        // destroys (`board::turn_start`), while it stands there; not another
        // copy of the card.
        let card = cards.get(idx).copied().flatten();
        if let Some(card) = card.filter(|card| side.field.iter().any(|c| c.card == *card)) {
            badges.cards.push((card, badge));
        }
    }
    badges
}

#[cfg(test)]
mod tests {
    use super::{StatusTime, status_badge, status_time};
    use std::sync::Arc;
    use sve_adventure::status::{FightStatus, Target};

    fn poison(turns: u32) -> FightStatus {
        FightStatus {
            id: "poison".to_owned(),
            name: "Poison".to_owned(),
            text: "1 damage to the leader at the start of each of its turns.".to_owned(),
            target: Target::Enemy,
            turns,
            leader_damage: 1,
            play_points: 0,
            card: None,
        }
    }

    #[test]
    fn a_status_cards_badge_sits_on_its_own_card_not_another_copy() {
        use super::status_badges;
        use crate::fixture;
        use sve_adventure::fight::{FightKind, FightSpec};
        use sve_engine::engine::CardRef;
        let db = fixture::db();
        let def = db.by_card_id("SD01-002").expect("a bundled card");
        let name = db.get(def).name.clone();
        // Two copies on the enemy's field: one played from its deck (an
        // earlier object), the status's own put there at the opening.
        let mut theirs = fixture::side(&db, "Erika", 3);
        theirs.field = vec![fixture::card(&db, 7, &name), fixture::card(&db, 90, &name)];
        let view = fixture::vs_bot(
            Arc::clone(&db),
            fixture::side(&db, "Arisa", 3),
            theirs,
            None,
        );
        let spec = FightSpec {
            kind: FightKind::Normal,
            floor: 1,
            light: 1,
            enemy_deck: "SD02".to_owned(),
            enemy_bot: "easy".to_owned(),
            enemy_defense: 20,
            enemy_cards: 0,
            player_defense: 20,
            seed: 1,
            turn_cap: 40,
            player_cards: Vec::new(),
            special: None,
            enemy_field: Vec::new(),
            statuses: vec![FightStatus {
                leader_damage: 0,
                card: Some("SD01-002".to_owned()),
                ..poison(5)
            }],
        };
        let badges = status_badges(&spec, &[Some(CardRef(90))], &view);
        let on: Vec<CardRef> = badges.cards.iter().map(|(card, _)| *card).collect();
        assert_eq!(on, [CardRef(90)]);
        assert!(badges.leaders.is_empty(), "it acts on no leader");
        // Its own card gone, the other copy gets no badge.
        let badges = status_badges(&spec, &[Some(CardRef(91))], &view);
        assert!(badges.cards.is_empty());
    }

    #[test]
    fn a_status_counts_its_sides_turns_the_one_played_included() {
        let status = poison(3);
        let left = |turns, now| StatusTime::Left { turns, now };
        // Before its side's first turn, during it, after it.
        assert_eq!(status_time(&status, 0, false), left(3, false));
        assert_eq!(status_time(&status, 0, true), left(3, false));
        assert_eq!(status_time(&status, 1, true), left(3, true));
        assert_eq!(status_time(&status, 1, false), left(2, false));
        assert_eq!(status_time(&status, 3, true), left(1, true));
        assert_eq!(status_time(&status, 3, false), StatusTime::Over);
        assert_eq!(status_time(&status, 4, true), StatusTime::Over);
    }

    #[test]
    fn its_badge_says_the_turns_left_and_its_tooltip_what_it_does() {
        let status = poison(3);
        let badge = status_badge(
            &status,
            StatusTime::Left {
                turns: 2,
                now: false,
            },
        );
        assert_eq!(badge.text, "Poison 2");
        assert_eq!(
            badge.tooltip,
            "Poison on the enemy: 1 damage to the leader at the start of each of its turns.\n\
             For the enemy's next 2 turns."
        );
        let last = status_badge(
            &status,
            StatusTime::Left {
                turns: 1,
                now: true,
            },
        );
        assert!(
            last.tooltip
                .ends_with("This is the enemy's last turn with it.")
        );
        let mine = FightStatus {
            target: Target::You,
            ..status
        };
        let now = status_badge(
            &mine,
            StatusTime::Left {
                turns: 3,
                now: true,
            },
        );
        assert!(
            now.tooltip.ends_with("This turn and your next 2 turns."),
            "{now:?}"
        );
        let two = status_badge(
            &mine,
            StatusTime::Left {
                turns: 2,
                now: true,
            },
        );
        assert!(two.tooltip.ends_with("This turn and your next turn."));
    }
}
