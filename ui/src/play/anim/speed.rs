//! How fast the board's animations play, or whether they play at all.
//! The setting is remembered between runs (`settings.rs` stores its
//! [`name`](AnimSpeed::name)).

/// The animation speed the player chose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AnimSpeed {
    /// No animations: the board changes at once.
    Off,
    /// Half as long as normal.
    Fast,
    /// The designed pace.
    #[default]
    Normal,
    /// Longer, to follow every step.
    Slow,
}

impl AnimSpeed {
    /// Every speed, in menu order.
    pub const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Off,
        AnimSpeed::Fast,
        AnimSpeed::Normal,
        AnimSpeed::Slow,
    ];

    /// How much longer than normal an animation lasts; `None` when off.
    pub fn factor(self) -> Option<f64> {
        match self {
            AnimSpeed::Off => None,
            AnimSpeed::Fast => Some(0.5),
            AnimSpeed::Normal => Some(1.0),
            AnimSpeed::Slow => Some(1.75),
        }
    }

    /// The word shown in the menu and stored in the settings ("Normal").
    pub fn name(self) -> &'static str {
        match self {
            AnimSpeed::Off => "Off",
            AnimSpeed::Fast => "Fast",
            AnimSpeed::Normal => "Normal",
            AnimSpeed::Slow => "Slow",
        }
    }

    /// The speed a stored name stands for; `None` for a name this client
    /// does not know (the caller keeps its default).
    pub fn from_name(name: &str) -> Option<AnimSpeed> {
        AnimSpeed::ALL
            .into_iter()
            .find(|speed| speed.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_none() {
        for speed in AnimSpeed::ALL {
            assert_eq!(AnimSpeed::from_name(speed.name()), Some(speed));
        }
        assert_eq!(AnimSpeed::from_name("Ludicrous"), None);
        assert_eq!(AnimSpeed::from_name("normal"), None, "names are exact");
    }

    #[test]
    fn slower_speeds_last_longer_and_off_has_no_length() {
        assert_eq!(AnimSpeed::Off.factor(), None);
        let factors: Vec<f64> = AnimSpeed::ALL.iter().filter_map(|s| s.factor()).collect();
        assert!(factors.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
