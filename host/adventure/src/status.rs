//! Statuses with durations: something that acts on one side of a fight
//! for a number of that side's own turns, given by relics (every fight)
//! and by scenario options (the next fights).
//!
//! A status is data ([`StatusDef`], `[[statuses]]` in a balance file or a
//! pack's `adventure.toml`) made of what the engine already has:
//!
//! - `leader_damage`: damage to the side's leader at the start of each of
//!   its turns while the status lasts (poison; negative restores, as
//!   regeneration). A leader brought to 0 loses, as by any damage.
//! - `play_points`: play points added at the start of each of its turns
//!   (0 or less: a turn already starts with all of them), as weakness.
//! - `card`: a card (an amulet whose passive is the status, written in a
//!   pack: "your followers have +1 attack" is strength) put onto the side's
//!   field when the fight starts and destroyed at the start of the side's
//!   first turn after the status ends. It shows on the board as any card.
//!
//! The fight applies them as sandbox changes ([`crate::fight::board`]), so
//! they show in the match's log and replay with it. This module holds the
//! data and its checks; what a fight does with it is the fight's.

use serde::{Deserialize, Serialize};

/// The most turns a status lasts.
pub const MAX_STATUS_TURNS: u32 = 30;
/// The most fights an event's status lasts.
pub const MAX_STATUS_FIGHTS: u32 = 20;
/// The most leader damage (or healing) a status deals in one turn.
pub const MAX_LEADER_DAMAGE: i32 = 20;

/// A status, as data (`[[statuses]]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusDef {
    /// Its id, unique among statuses.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it does, for the player.
    pub text: String,
    /// Damage to the side's leader at the start of each of its turns
    /// (negative: restored). `-MAX_LEADER_DAMAGE..=MAX_LEADER_DAMAGE`.
    #[serde(default)]
    pub leader_damage: i32,
    /// Play points added at the start of each of its turns, `-10..=0`.
    #[serde(default)]
    pub play_points: i32,
    /// A card put onto the side's field for as long as the status lasts,
    /// by card id (an amulet or follower of a loaded pack).
    #[serde(default)]
    pub card: Option<String>,
}

/// Whose side a status is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The player's.
    You,
    /// The enemy's.
    Enemy,
}

impl Target {
    /// Its name, for text.
    pub fn name(self) -> &'static str {
        match self {
            Target::You => "you",
            Target::Enemy => "the enemy",
        }
    }
}

/// A status given by a relic or a scenario option: which, on whom, for how
/// many turns, and (an option's) for how many fights.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusGrant {
    /// The status, by id.
    pub status: String,
    /// Whose side it is on (`you` by default).
    #[serde(default = "you")]
    pub target: Target,
    /// The side's own turns it lasts in each fight, `1..=MAX_STATUS_TURNS`.
    pub turns: u32,
    /// A scenario option's status lasts this many of the next fights
    /// (`1..=MAX_STATUS_FIGHTS`, 1 by default); a relic's lasts every fight.
    #[serde(default = "one")]
    pub fights: u32,
}

fn you() -> Target {
    Target::You
}

fn one() -> u32 {
    1
}

/// A status in one fight: its definition copied in, so a fight needs no
/// balance to play it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightStatus {
    /// The status's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it does, for the player.
    pub text: String,
    /// Whose side it is on.
    pub target: Target,
    /// The side's own turns it lasts.
    pub turns: u32,
    /// See [`StatusDef::leader_damage`].
    pub leader_damage: i32,
    /// See [`StatusDef::play_points`].
    pub play_points: i32,
    /// See [`StatusDef::card`].
    pub card: Option<String>,
}

impl FightStatus {
    /// The status `grant` gives, with its definition `def`.
    pub fn new(def: &StatusDef, grant: &StatusGrant) -> FightStatus {
        FightStatus {
            id: def.id.clone(),
            name: def.name.clone(),
            text: def.text.clone(),
            target: grant.target,
            turns: grant.turns,
            leader_damage: def.leader_damage,
            play_points: def.play_points,
            card: def.card.clone(),
        }
    }

    /// A line for the player: `Poison on you for 3 turns: ...`.
    pub fn describe(&self) -> String {
        format!(
            "{} on {} for {} turn{}: {}",
            self.name,
            self.target.name(),
            self.turns,
            if self.turns == 1 { "" } else { "s" },
            self.text
        )
    }
}

/// What is wrong with a status definition, if anything.
pub fn def_problem(def: &StatusDef) -> Option<String> {
    if def.leader_damage == 0 && def.play_points == 0 && def.card.is_none() {
        return Some(format!(
            "status `{}` does nothing (give it leader_damage, play_points or card)",
            def.id
        ));
    }
    if !(-MAX_LEADER_DAMAGE..=MAX_LEADER_DAMAGE).contains(&def.leader_damage) {
        return Some(format!(
            "status `{}`: leader_damage must be -{MAX_LEADER_DAMAGE} to {MAX_LEADER_DAMAGE}, got {}",
            def.id, def.leader_damage
        ));
    }
    if !(-10..=0).contains(&def.play_points) {
        return Some(format!(
            "status `{}`: play_points must be -10 to 0 (a turn starts with all its play points), got {}",
            def.id, def.play_points
        ));
    }
    None
}

/// What is wrong with a grant, if anything; `known` says whether a status
/// id is defined.
pub fn grant_problem(grant: &StatusGrant, known: &dyn Fn(&str) -> bool) -> Option<String> {
    if !known(&grant.status) {
        return Some(format!("status `{}` doesn't exist", grant.status));
    }
    if !(1..=MAX_STATUS_TURNS).contains(&grant.turns) {
        return Some(format!(
            "status `{}`: turns must be 1 to {MAX_STATUS_TURNS}, got {}",
            grant.status, grant.turns
        ));
    }
    if !(1..=MAX_STATUS_FIGHTS).contains(&grant.fights) {
        return Some(format!(
            "status `{}`: fights must be 1 to {MAX_STATUS_FIGHTS}, got {}",
            grant.status, grant.fights
        ));
    }
    None
}

/// The shipped statuses: those the bundled cards can play (no card).
pub fn default_statuses() -> Vec<StatusDef> {
    let status = |id: &str, name: &str, text: &str, leader_damage, play_points| StatusDef {
        id: id.to_owned(),
        name: name.to_owned(),
        text: text.to_owned(),
        leader_damage,
        play_points,
        card: None,
    };
    vec![
        status(
            "poison",
            "Poison",
            "1 damage to the leader at the start of each of its turns.",
            1,
            0,
        ),
        status(
            "regeneration",
            "Regeneration",
            "Restore 1 defense to the leader at the start of each of its turns.",
            -1,
            0,
        ),
        status(
            "weakness",
            "Weakness",
            "Each of its turns starts with 1 play point less.",
            0,
            -1,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::{StatusGrant, Target, def_problem, default_statuses, grant_problem};

    #[test]
    fn the_shipped_statuses_are_sound() {
        for def in default_statuses() {
            assert_eq!(def_problem(&def), None, "{}", def.id);
        }
    }

    #[test]
    fn a_status_that_does_nothing_or_too_much_is_refused() {
        let mut def = default_statuses()[0].clone();
        def.leader_damage = 0;
        assert!(def_problem(&def).is_some_and(|p| p.contains("does nothing")));
        def.leader_damage = 21;
        assert!(def_problem(&def).is_some());
        def.leader_damage = 0;
        def.play_points = 1;
        assert!(def_problem(&def).is_some_and(|p| p.contains("play_points")));
    }

    #[test]
    fn a_grant_needs_a_known_status_and_sane_counts() {
        let known = |id: &str| id == "poison";
        let grant = StatusGrant {
            status: "poison".to_owned(),
            target: Target::Enemy,
            turns: 3,
            fights: 1,
        };
        assert_eq!(grant_problem(&grant, &known), None);
        let unknown = StatusGrant {
            status: "plague".to_owned(),
            ..grant.clone()
        };
        assert!(grant_problem(&unknown, &known).is_some_and(|p| p.contains("plague")));
        let forever = StatusGrant {
            turns: 0,
            ..grant.clone()
        };
        assert!(grant_problem(&forever, &known).is_some());
        let many = StatusGrant {
            fights: 99,
            ..grant
        };
        assert!(grant_problem(&many, &known).is_some());
    }
}
