//! The line under a player's points on the board: the universe their deck
//! is built on (later-sets §0.2), their counts (Combo,
//! Spellchain), the effects on them for a window of turns (later-sets
//! §12.10, §12.12) and the delayed abilities they wait on (§11.4), each a
//! short label, with the whole words of the effects and abilities on hover.

use sve_engine::cards::CardDb;
use sve_engine::engine::PlayerId;
use sve_engine::engine::view::SideView;

/// What the line shows of one side.
#[derive(Debug, Default, PartialEq)]
pub struct SideLine {
    /// The short labels, in order: "Combo 2", "next turn: costs +1",
    /// "waits: Afterglow".
    pub labels: Vec<String>,
    /// The whole words of the effects and delayed abilities, one each.
    pub words: Vec<String>,
}

/// The longest delayed ability's label shown, in characters.
const MAX_LABEL_CHARS: usize = 40;
/// The longest delayed ability's words shown, in characters.
const MAX_WORDS_CHARS: usize = 300;

/// `text` without control characters, cut to `max` characters.
fn shown(text: &str, max: usize) -> String {
    text.chars().filter(|c| !c.is_control()).take(max).collect()
}

impl SideLine {
    /// The line of `player`'s side.
    pub fn of(side: &SideView, player: PlayerId, db: &CardDb) -> SideLine {
        let mut line = SideLine::default();
        // A deck built on a crossover universe (later-sets §0.2) says so.
        if let Some(universe) = side
            .universe
            .and_then(|n| sve_vocab::UNIVERSES.get(usize::from(n)))
        {
            line.labels.push(format!("Built on {}", universe.ident));
            line.words.push(format!(
                "{player}'s deck is built on {}: its cards, any class",
                universe.name
            ));
        }
        if side.combo > 0 {
            line.labels.push(format!("Combo {}", side.combo));
        }
        if side.spellchain > 0 {
            line.labels.push(format!("Spellchain {}", side.spellchain));
        }
        for effect in &side.player_effects {
            line.labels.push(effect.label());
            line.words.push(effect.words(player));
        }
        // A delayed ability's words come from the server online: without
        // control characters, at most a line's worth.
        for delayed in &side.delayed {
            line.labels.push(shown(&delayed.label(), MAX_LABEL_CHARS));
            line.words.push(shown(
                &delayed.words(db.get(delayed.def).display_name()),
                MAX_WORDS_CHARS,
            ));
        }
        line
    }

    /// The labels as one line.
    pub fn text(&self) -> String {
        self.labels.join("   ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use sve_engine::engine::view::DelayedView;

    #[test]
    fn a_delayed_abilitys_words_from_a_server_are_cleaned_and_cut() {
        let db = fixture::trigger_db();
        let mut side = fixture::side(&db, "Arisa", 2);
        let (def, _) = db.iter().next().expect("a card");
        side.delayed = vec![DelayedView {
            def,
            name: format!("Glow\n\u{7}{}", "x".repeat(100)),
            text: "y".repeat(1000),
            this_turn: false,
        }];
        let line = SideLine::of(&side, PlayerId(0), &db);
        assert!(
            line.labels[0].starts_with("waits: Glowxxx"),
            "{:?}",
            line.labels
        );
        assert_eq!(line.labels[0].chars().count(), MAX_LABEL_CHARS);
        assert_eq!(line.words[0].chars().count(), MAX_WORDS_CHARS);
    }

    #[test]
    fn a_universe_and_a_delayed_ability_show_as_labels_with_their_words() {
        let db = fixture::trigger_db();
        let mut side = fixture::side(&db, "Arisa", 2);
        side.combo = 2;
        side.universe = Some(1);
        let (def, _) = db.iter().next().expect("a card");
        side.delayed = vec![DelayedView {
            def,
            name: "Afterglow".to_owned(),
            text: "Deal 1 damage to the enemy leader.".to_owned(),
            this_turn: true,
        }];
        let line = SideLine::of(&side, PlayerId(0), &db);
        assert_eq!(
            line.text(),
            "Built on Idolmaster   Combo 2   waits: Afterglow"
        );
        let name = db.get(def).display_name().to_owned();
        assert_eq!(
            line.words,
            vec![
                "P1's deck is built on THE IDOLM@STER CINDERELLA GIRLS: its cards, any class"
                    .to_owned(),
                format!("{name}'s Afterglow waits (this turn): Deal 1 damage to the enemy leader.")
            ]
        );
    }
}
