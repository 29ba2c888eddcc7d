//! What the client remembers between runs: the start screen's decks, the
//! Play online screen's server, name, deck and time limits, the
//! Adventure setup page's starting deck and balance file, the
//! animation speed and the card art folder. eframe
//! keeps them (its `persistence` feature, [`eframe::App::save`]) in its
//! storage file, next to the window's size and place.
//!
//! The stored form is its own serde type, not the screens' types: the
//! file is outside data (an older client's, or edited by hand), so every
//! field has a default, a value that does not fit (an unknown starter
//! deck, a limit off the menu, a custom amount out of range) falls back
//! to the screen's default, and a file that is not ours at all reads as
//! no settings.

use crate::clock_choice::{ClockChoice, DECISION_PRESETS, Limit, MATCH_PRESETS};
use crate::deck_choice::{DeckChoice, DeckSource};
use serde::{Deserialize, Serialize};
use sve_engine::decks::STARTER_DECKS;

/// The key the settings are stored under.
pub const SETTINGS_KEY: &str = "sve-ui settings";

/// The client's remembered settings, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The start screen's decks, seat order (`None`: the screen's default).
    pub start_decks: [Option<StoredDeck>; 2],
    /// The Play online screen's choices.
    pub online: OnlineChoices,
    /// The animation speed by name ([`AnimSpeed::name`]); `None` or a
    /// name this client does not know keeps the default.
    ///
    /// [`AnimSpeed::name`]: crate::play::anim::AnimSpeed::name
    pub animations: Option<String>,
    /// The card art folder ([`crate::card_art`]); `None` or blank keeps
    /// the default, `card-art`.
    pub card_art: Option<String>,
    /// The Adventure setup page's choices.
    pub adventure: AdventureChoices,
}

/// The Adventure setup page's remembered choices ([`crate::adventure::setup`]);
/// `None` keeps the page's defaults (SD01, the shipped numbers).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AdventureChoices {
    /// A new run's starting deck.
    pub deck: Option<StoredDeck>,
    /// The balance file's path as typed; blank for the shipped numbers.
    pub balance: Option<String>,
}

/// The Play online screen's remembered choices; `None` or empty fields
/// keep the screen's defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnlineChoices {
    /// The server's address.
    pub server: Option<String>,
    /// The player's name.
    pub name: Option<String>,
    /// The deck brought to the server.
    pub deck: Option<StoredDeck>,
    /// The time limits of the tables the screen opens.
    pub clock: Option<StoredClock>,
    /// Whether online matches offer the match screen's Debug tab (raw
    /// events, card numbers, the card inspector); off unless asked for.
    pub developer_tools: bool,
}

/// A deck choice as stored: a starter deck's name, or a deck file's path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredDeck {
    /// A bundled starter deck, by name (`SD01`).
    Starter(String),
    /// A deck file, by the path typed for it.
    File(String),
}

/// Time limits as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StoredClock {
    /// The limit per decision (a preset in seconds).
    pub per_decision: StoredLimit,
    /// The custom limit per decision, in seconds.
    pub custom_decision_s: u32,
    /// Each player's thinking time (a preset in minutes).
    pub per_match: StoredLimit,
    /// The custom budget, in minutes.
    pub custom_match_min: u32,
}

/// One limit as stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredLimit {
    /// No limit.
    #[default]
    Off,
    /// An amount from the menu.
    Preset(u32),
    /// The custom amount.
    Custom,
}

impl Default for StoredClock {
    fn default() -> StoredClock {
        StoredClock::from(&ClockChoice::default())
    }
}

impl Settings {
    /// The settings in `storage`; the defaults when there are none or
    /// they cannot be read.
    pub fn load(storage: &dyn eframe::Storage) -> Settings {
        eframe::get_value(storage, SETTINGS_KEY).unwrap_or_default()
    }

    /// Writes the settings to `storage` (eframe flushes it to disk).
    pub fn store(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, self);
    }
}

impl StoredDeck {
    /// The deck choice as stored.
    pub fn of(choice: &DeckChoice) -> StoredDeck {
        match &choice.source {
            DeckSource::Starter(name) => StoredDeck::Starter(name.clone()),
            DeckSource::File => StoredDeck::File(choice.path.clone()),
        }
    }

    /// The deck choice it stands for; `None` for a starter deck this
    /// client does not bundle.
    pub fn choice(&self) -> Option<DeckChoice> {
        match self {
            StoredDeck::Starter(name) => STARTER_DECKS
                .iter()
                .any(|(starter, _)| starter == name)
                .then(|| DeckChoice::starter(name)),
            StoredDeck::File(path) => Some(DeckChoice {
                source: DeckSource::File,
                path: path.clone(),
            }),
        }
    }
}

impl From<&ClockChoice> for StoredClock {
    fn from(clock: &ClockChoice) -> StoredClock {
        let stored = |limit: Limit| match limit {
            Limit::Off => StoredLimit::Off,
            Limit::Preset(amount) => StoredLimit::Preset(amount),
            Limit::Custom => StoredLimit::Custom,
        };
        StoredClock {
            per_decision: stored(clock.per_decision),
            custom_decision_s: clock.custom_decision_s,
            per_match: stored(clock.per_match),
            custom_match_min: clock.custom_match_min,
        }
    }
}

impl StoredClock {
    /// The time limits it stands for: a preset off the menu is no limit,
    /// a custom amount is brought into its range.
    pub fn choice(&self) -> ClockChoice {
        let limit = |stored: StoredLimit, presets: &[u32]| match stored {
            StoredLimit::Off => Limit::Off,
            StoredLimit::Preset(amount) if presets.contains(&amount) => Limit::Preset(amount),
            StoredLimit::Preset(_) => Limit::Off,
            StoredLimit::Custom => Limit::Custom,
        };
        ClockChoice {
            per_decision: limit(self.per_decision, &DECISION_PRESETS),
            custom_decision_s: ClockChoice::clamp_decision_s(self.custom_decision_s),
            per_match: limit(self.per_match, &MATCH_PRESETS),
            custom_match_min: ClockChoice::clamp_match_min(self.custom_match_min),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// eframe's storage, in memory.
    #[derive(Default)]
    struct MemoryStorage(HashMap<String, String>);

    impl eframe::Storage for MemoryStorage {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }

        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_owned(), value);
        }

        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }

        fn flush(&mut self) {}
    }

    fn stored(text: &str) -> Settings {
        let mut storage = MemoryStorage::default();
        eframe::Storage::set_string(&mut storage, SETTINGS_KEY, text.to_owned());
        Settings::load(&storage)
    }

    #[test]
    fn settings_round_trip_through_the_storage() {
        let settings = Settings {
            start_decks: [
                Some(StoredDeck::Starter("SD02".to_owned())),
                Some(StoredDeck::File("decks/mine.txt".to_owned())),
            ],
            online: OnlineChoices {
                server: Some("ws://example.org:7878".to_owned()),
                name: Some("Ann".to_owned()),
                deck: Some(StoredDeck::Starter("SD01".to_owned())),
                clock: Some(StoredClock {
                    per_decision: StoredLimit::Preset(60),
                    custom_decision_s: 45,
                    per_match: StoredLimit::Custom,
                    custom_match_min: 25,
                }),
                developer_tools: true,
            },
            animations: Some("Slow".to_owned()),
            card_art: Some("/home/ann/card art".to_owned()),
            adventure: AdventureChoices {
                deck: Some(StoredDeck::Starter("SD04".to_owned())),
                balance: Some("balances/easy.toml".to_owned()),
            },
        };
        let mut storage = MemoryStorage::default();
        settings.store(&mut storage);
        assert_eq!(Settings::load(&storage), settings);
    }

    #[test]
    fn missing_or_unreadable_settings_are_the_defaults() {
        assert_eq!(
            Settings::load(&MemoryStorage::default()),
            Settings::default()
        );
        assert_eq!(stored("not settings at all {"), Settings::default());
        assert_eq!(stored("\"a string\""), Settings::default());
        // A field of the wrong type spoils the whole value.
        assert_eq!(stored("(online: (name: Some(7)))"), Settings::default());
    }

    #[test]
    fn missing_fields_keep_their_defaults() {
        let settings = stored("(online: (name: Some(\"Ann\")))");
        assert_eq!(settings.start_decks, [None, None]);
        assert_eq!(settings.adventure, AdventureChoices::default());
        assert_eq!(settings.online.name.as_deref(), Some("Ann"));
        assert_eq!(settings.online.server, None);
        let clock = stored("(online: (clock: Some((per_match: Preset(20)))))")
            .online
            .clock;
        assert_eq!(
            clock.map(|clock| clock.choice()),
            Some(ClockChoice {
                per_match: Limit::Preset(20),
                ..ClockChoice::default()
            })
        );
    }

    #[test]
    fn values_that_do_not_fit_fall_back() {
        assert_eq!(StoredDeck::Starter("SD99".to_owned()).choice(), None);
        assert_eq!(
            StoredDeck::Starter("SD01".to_owned()).choice(),
            Some(DeckChoice::starter("SD01"))
        );
        let odd = StoredClock {
            per_decision: StoredLimit::Preset(7),
            custom_decision_s: 0,
            per_match: StoredLimit::Custom,
            custom_match_min: u32::MAX,
        };
        let choice = odd.choice();
        assert_eq!(choice.per_decision, Limit::Off, "7 s is not on the menu");
        assert_eq!(choice.custom_decision_s, 5, "the shortest custom limit");
        assert_eq!(choice.per_match, Limit::Custom);
        assert_eq!(choice.custom_match_min, 600, "the longest custom budget");
    }

    #[test]
    fn a_clock_choice_is_stored_as_it_was_chosen() {
        let chosen = ClockChoice {
            per_decision: Limit::Custom,
            custom_decision_s: 120,
            per_match: Limit::Preset(30),
            custom_match_min: 15,
        };
        assert_eq!(StoredClock::from(&chosen).choice(), chosen);
    }
}
