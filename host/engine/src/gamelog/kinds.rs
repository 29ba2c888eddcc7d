//! The kind words of event lines (`Destroyed`, `Damaged`, `PP`, ...),
//! declared once: the renderer writes lines with them and scenario files
//! may name exactly these.

/// Declares [`LineKind`] and its words from one list.
macro_rules! line_kinds {
    ($($kind:ident = $word:literal,)*) => {
        /// The first word of an event line: what happened.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum LineKind {
            $(
                #[doc = concat!("`", $word, "`.")]
                $kind,
            )*
        }

        impl LineKind {
            /// Every kind, in the order of the list.
            pub const ALL: &[LineKind] = &[$(LineKind::$kind,)*];

            /// The word lines write.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(LineKind::$kind => $word,)*
                }
            }
        }
    };
}

line_kinds! {
    Played = "Played",
    Destroyed = "Destroyed",
    Banished = "Banished",
    Returned = "Returned",
    Discarded = "Discarded",
    Drew = "Drew",
    Token = "Token",
    Buried = "Buried",
    Put = "Put",
    ToDeck = "ToDeck",
    Moved = "Moved",
    Damaged = "Damaged",
    LeaderDefense = "LeaderDefense",
    PlayPoints = "PP",
    MaxPlayPoints = "MaxPP",
    EvolvePoints = "EP",
    SuperEvolvePoints = "SEP",
    Evolved = "Evolved",
    SuperEvolved = "SuperEvolved",
    Equipped = "Equipped",
    DriveChecked = "DriveChecked",
    TriggerResolved = "TriggerResolved",
    DriveGiven = "DriveGiven",
    TurnedFaceUp = "TurnedFaceUp",
    Triggered = "Triggered",
    Waits = "Waits",
    Resolved = "Resolved",
    Fizzled = "Fizzled",
    Activated = "Activated",
    Cancelled = "Cancelled",
    Attacked = "Attacked",
    Fought = "Fought",
    Engaged = "Engaged",
    Refreshed = "Refreshed",
    Effect = "Effect",
    Counters = "Counters",
    Shuffled = "Shuffled",
    Turn = "Turn",
    Phase = "Phase",
    GameOver = "GameOver",
    Conceded = "Conceded",
    EndlessLoop = "EndlessLoop",
}

impl LineKind {
    /// The kind a line's first word names, if any (case-sensitive, as
    /// lines are written).
    pub fn parse(word: &str) -> Option<LineKind> {
        LineKind::ALL.iter().copied().find(|k| k.as_str() == word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_word() {
        for kind in LineKind::ALL {
            assert_eq!(LineKind::parse(kind.as_str()), Some(*kind));
        }
        assert_eq!(LineKind::parse("PP"), Some(LineKind::PlayPoints));
        assert_eq!(LineKind::parse("destroyed"), None);
    }
}
