//! Reading and checking balance data: a file's TOML over the shipped
//! numbers ([`Balance::from_toml`]), every check of what it says
//! ([`Balance::check`], [`Balance::check_cards`]), and errors that name
//! the file and line ([`BalanceError`]). Packs' `adventure.toml` files
//! go through the same checks ([`crate::pack`]).

use super::{
    Balance, MAX_SPECIAL_CARDS, RelicDef, Scenario, ScenarioOption, SpecialFight, parse_bot,
};
use crate::rarity::{Rarity, RarityOdds};
use crate::status::{self, StatusDef};
use std::fmt;

/// A problem with balance data, naming the file and, where it can, the
/// line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BalanceError {
    file: String,
    line: Option<usize>,
    message: String,
}

impl BalanceError {
    /// The file (a path, or `shipped balance`).
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The 1-based line, when the problem belongs to one.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl BalanceError {
    /// An error in `file`, at `line` when known.
    pub(crate) fn new(file: &str, line: Option<usize>, message: String) -> BalanceError {
        BalanceError {
            file: file.to_owned(),
            line,
            message,
        }
    }

    /// An error in `file`, located at the first line of `text` holding
    /// `needle` (a key or a quoted value).
    pub(crate) fn located(file: &str, text: &str, needle: &str, message: String) -> BalanceError {
        BalanceError::new(file, locate(text, needle), message)
    }
}

impl fmt::Display for BalanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// The most bytes a balance file may have.
pub const MAX_BALANCE_BYTES: usize = 1 << 20;

impl Balance {
    /// Reads a balance file's text (`file` names it in errors) and checks
    /// it with [`Balance::check`].
    pub fn from_toml(
        text: &str,
        file: &str,
        deck_exists: &dyn Fn(&str) -> bool,
    ) -> Result<Balance, BalanceError> {
        if text.len() > MAX_BALANCE_BYTES {
            return Err(BalanceError {
                file: file.to_owned(),
                line: None,
                message: format!("more than {MAX_BALANCE_BYTES} bytes"),
            });
        }
        let parse_error = |e: toml::de::Error| BalanceError {
            file: file.to_owned(),
            line: e.span().map(|span| line_of(text, span.start)),
            message: e.message().trim().to_owned(),
        };
        // Read as written first, so a wrong key or type names its line.
        let _: Balance = toml::from_str(text).map_err(parse_error)?;
        // Then over the defaults, table by table: a table written in part
        // (`[light.dark]` with `gold_percent` alone) keeps the defaults of
        // the keys it leaves out, where serde would take the type's
        // default (a lit room's numbers) for them. An array, such as the
        // tiers or the scenarios, replaces the default's whole.
        let written: toml::Table = toml::from_str(text).map_err(parse_error)?;
        let mut merged = toml::Table::try_from(Balance::default())
            .map_err(|e| BalanceError::new(file, None, format!("the defaults as TOML: {e}")))?;
        merge_tables(&mut merged, written);
        let balance: Balance = toml::Value::Table(merged).try_into().map_err(parse_error)?;
        balance.check(text, file, deck_exists)?;
        Ok(balance)
    }

    /// Checks the numbers make a playable run: a map that reaches its boss,
    /// odds that place something, bots and decks that exist, scenarios with
    /// options, relics that exist. `text` is the file the balance came from
    /// (empty for the defaults), used to find the line of a problem.
    pub fn check(
        &self,
        text: &str,
        file: &str,
        deck_exists: &dyn Fn(&str) -> bool,
    ) -> Result<(), BalanceError> {
        let fail = |needle: &str, message: String| BalanceError {
            file: file.to_owned(),
            line: locate(text, needle),
            message,
        };
        let map = &self.map;
        if !(3..=15).contains(&map.columns) || map.columns.is_multiple_of(2) {
            return Err(fail(
                "columns",
                format!("columns must be odd, 3 to 15, got {}", map.columns),
            ));
        }
        // Floor 1 is all fights, the floor below the boss all heals, and
        // the boss's floor: a run needs those three at least.
        if !(3..=60).contains(&map.floors) {
            return Err(fail(
                "floors",
                format!("floors must be 3 to 60, got {}", map.floors),
            ));
        }
        if map.paths == 0 {
            return Err(fail("paths", "a map needs at least one path".to_owned()));
        }
        let odds = &self.odds;
        if odds.fight + odds.elite + odds.shop + odds.heal + odds.random == 0 {
            return Err(fail("[odds]", "the odds place no event".to_owned()));
        }
        for (name, percent) in [
            ("random_other_percent", odds.random_other_percent),
            ("unique_fight_percent", odds.unique_fight_percent),
        ] {
            if percent > 100 {
                return Err(fail(name, format!("{name} is a per cent (0 to 100)")));
            }
        }
        for (name, effect) in [
            ("[light.dark]", &self.light.dark),
            ("[light.lit]", &self.light.lit),
            ("[light.bright]", &self.light.bright),
        ] {
            if effect.torch_percent > 100 {
                return Err(fail(name, format!("{name} torch_percent is over 100")));
            }
        }
        if self.player.leader_defense < 1 {
            return Err(fail(
                "leader_defense",
                "the player's leader_defense must be at least 1".to_owned(),
            ));
        }
        let enc = &self.encounters;
        let Some(first) = enc.tiers.first() else {
            return Err(fail("[encounters]", "no encounter tiers".to_owned()));
        };
        if first.from_floor > 1 {
            return Err(fail(
                "from_floor",
                "the first encounter tier must start at floor 1".to_owned(),
            ));
        }
        for pair in enc.tiers.windows(2) {
            if pair[1].from_floor <= pair[0].from_floor {
                return Err(fail(
                    &format!("from_floor = {}", pair[1].from_floor),
                    "encounter tiers must be ordered by from_floor".to_owned(),
                ));
            }
        }
        for tier in &enc.tiers {
            parse_bot(&tier.bot).map_err(|e| fail(&format!("\"{}\"", tier.bot), e))?;
            if tier.decks.is_empty() {
                return Err(fail(
                    &format!("from_floor = {}", tier.from_floor),
                    format!("the tier from floor {} has no decks", tier.from_floor),
                ));
            }
            for deck in &tier.decks {
                if !deck_exists(deck) {
                    return Err(fail(
                        &format!("\"{deck}\""),
                        format!("encounter deck `{deck}` doesn't exist"),
                    ));
                }
            }
        }
        parse_bot(&enc.boss_bot).map_err(|e| fail("boss_bot", e))?;
        if !deck_exists(&enc.boss_deck) {
            return Err(fail(
                "boss_deck",
                format!("boss deck `{}` doesn't exist", enc.boss_deck),
            ));
        }
        if enc.turn_cap == 0 {
            return Err(fail("turn_cap", "turn_cap must be at least 1".to_owned()));
        }
        let rewards = &self.rewards;
        for (name, [low, high]) in [
            ("fight_gold", rewards.fight_gold),
            ("elite_gold", rewards.elite_gold),
        ] {
            if low > high {
                return Err(fail(name, format!("{name}: {low} is above {high}")));
            }
        }
        if let Some(problem) = rewards.rarity.as_ref().and_then(RarityOdds::problem) {
            return Err(fail("[rewards.rarity]", problem));
        }
        if rewards.card_choices == 0 {
            return Err(fail(
                "card_choices",
                "card_choices must be at least 1".to_owned(),
            ));
        }
        if self.shop.cards_offered > 10 {
            return Err(fail(
                "cards_offered",
                "a shop offers at most 10 cards".to_owned(),
            ));
        }
        check_content(
            &self.relics,
            &self.scenarios,
            &self.statuses,
            &|id| self.relic(id).is_some(),
            &|id| self.status(id).is_some(),
            &fail,
        )?;
        check_special_fights(&self.special_fights, &[], deck_exists, &fail)?;
        if odds.random > 0 && self.scenarios.is_empty() && odds.random_other_percent < 100 {
            return Err(fail(
                "random",
                "random events need [[scenarios]] (or random_other_percent = 100)".to_owned(),
            ));
        }
        Ok(())
    }

    /// Checks that the cards relics and statuses put onto the field are
    /// loaded (`card_exists`); `text` and `file` as for
    /// [`Balance::check`]. Apart from `check` because the cards are known
    /// only once the packs are loaded.
    pub fn check_cards(
        &self,
        text: &str,
        file: &str,
        card_exists: &dyn Fn(&str) -> bool,
    ) -> Result<(), BalanceError> {
        let fail = |needle: &str, message: String| BalanceError {
            file: file.to_owned(),
            line: locate(text, needle),
            message,
        };
        check_card_refs(&self.relics, &self.statuses, card_exists, &fail)?;
        check_special_cards(&self.special_fights, card_exists, &fail)?;
        check_rarity_cards(&self.rarities, card_exists, &fail)
    }
}

/// Checks special fights: ids unique (among themselves and `taken`), a
/// deck that exists (or is built in), a bot that may be an enemy, a
/// defense of at least 1, at most [`MAX_SPECIAL_CARDS`] cards.
pub(crate) fn check_special_fights(
    fights: &[SpecialFight],
    taken: &[SpecialFight],
    deck_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    for (idx, fight) in fights.iter().enumerate() {
        let here = format!("\"{}\"", fight.id);
        let twice = fights[..idx].iter().chain(taken).any(|f| f.id == fight.id);
        if twice {
            return Err(fail(
                &here,
                format!(
                    "special fight `{}` is already defined (by the balance or another pack)",
                    fight.id
                ),
            ));
        }
        if !deck_exists(&fight.deck) && crate::content::builtin_deck(&fight.deck).is_none() {
            return Err(fail(
                &format!("\"{}\"", fight.deck),
                format!(
                    "special fight `{}`: deck `{}` doesn't exist",
                    fight.id, fight.deck
                ),
            ));
        }
        parse_bot(&fight.bot).map_err(|e| {
            fail(
                &format!("\"{}\"", fight.bot),
                format!("special fight `{}`: {e}", fight.id),
            )
        })?;
        if fight.defense < 1 {
            return Err(fail(
                &here,
                format!(
                    "special fight `{}`: defense must be at least 1, got {}",
                    fight.id, fight.defense
                ),
            ));
        }
        if fight.cards.len() > MAX_SPECIAL_CARDS {
            return Err(fail(
                &here,
                format!(
                    "special fight `{}` puts {} cards onto the field, at most {MAX_SPECIAL_CARDS}",
                    fight.id,
                    fight.cards.len()
                ),
            ));
        }
    }
    Ok(())
}

/// Checks that the special cards of `fights` are loaded.
pub(crate) fn check_special_cards(
    fights: &[SpecialFight],
    card_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    for fight in fights {
        for card in &fight.cards {
            if !card_exists(card) {
                return Err(fail(
                    &format!("\"{card}\""),
                    format!(
                        "special fight `{}` puts card `{card}` onto the field, but no loaded pack has it",
                        fight.id
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Checks relics, scenarios and statuses: ids unique within each list,
/// scenarios with options, every relic and status they name known, every
/// status sound, every relic doing something. `fail` locates a problem
/// by a needle (a key or a quoted value).
pub(crate) fn check_content(
    relics: &[RelicDef],
    scenarios: &[Scenario],
    statuses: &[StatusDef],
    known_relic: &dyn Fn(&str) -> bool,
    known_status: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    let quoted = |id: &str| format!("\"{id}\"");
    let mut status_ids = std::collections::BTreeSet::new();
    for def in statuses {
        if !status_ids.insert(def.id.as_str()) {
            return Err(fail(
                &quoted(&def.id),
                format!("status `{}` is defined twice", def.id),
            ));
        }
        if let Some(problem) = status::def_problem(def) {
            return Err(fail(&quoted(&def.id), problem));
        }
    }
    let mut relic_ids = std::collections::BTreeSet::new();
    for relic in relics {
        let here = quoted(&relic.id);
        if !relic_ids.insert(relic.id.as_str()) {
            return Err(fail(
                &here,
                format!("relic `{}` is defined twice", relic.id),
            ));
        }
        if relic.effect.is_none() && relic.card.is_none() && relic.status.is_none() {
            return Err(fail(
                &here,
                format!(
                    "relic `{}` does nothing (give it an effect, a card or a status)",
                    relic.id
                ),
            ));
        }
        if let Some(grant) = &relic.status
            && let Some(problem) = status::grant_problem(grant, known_status)
        {
            return Err(fail(
                &quoted(&grant.status),
                format!("relic `{}`: {problem}", relic.id),
            ));
        }
    }
    let mut scenario_ids = std::collections::BTreeSet::new();
    for scenario in scenarios {
        let here = quoted(&scenario.id);
        if !scenario_ids.insert(scenario.id.as_str()) {
            return Err(fail(
                &here,
                format!("scenario `{}` is defined twice", scenario.id),
            ));
        }
        if scenario.options.is_empty() {
            return Err(fail(
                &here,
                format!("scenario `{}` has no options", scenario.id),
            ));
        }
        // An option is offered only when the player can pay for it: one
        // that costs nothing keeps a poor player from a dead end.
        if !scenario.options.iter().any(ScenarioOption::is_free) {
            return Err(fail(
                &here,
                format!(
                    "scenario `{}` has no option every player can take (one that costs no gold or torches and removes no card)",
                    scenario.id
                ),
            ));
        }
        for option in &scenario.options {
            if let Some(relic) = &option.relic
                && !known_relic(relic)
            {
                return Err(fail(
                    &quoted(relic),
                    format!(
                        "scenario `{}` gives relic `{relic}`, which doesn't exist",
                        scenario.id
                    ),
                ));
            }
            if let Some(grant) = &option.status
                && let Some(problem) = status::grant_problem(grant, known_status)
            {
                return Err(fail(
                    &quoted(&grant.status),
                    format!("scenario `{}`: {problem}", scenario.id),
                ));
            }
        }
    }
    Ok(())
}

/// Checks that the cards `rarities` name are loaded: a rarity for a card
/// no pack has is a typo, not a card to ignore.
pub(crate) fn check_rarity_cards(
    rarities: &std::collections::BTreeMap<String, Rarity>,
    card_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    for card in rarities.keys() {
        if !card_exists(card) {
            return Err(fail(
                &format!("\"{card}\""),
                format!("[rarities] names card `{card}`, which no loaded pack has"),
            ));
        }
    }
    Ok(())
}

/// Checks that the cards of `relics` and `statuses` are loaded.
pub(crate) fn check_card_refs(
    relics: &[RelicDef],
    statuses: &[StatusDef],
    card_exists: &dyn Fn(&str) -> bool,
    fail: &dyn Fn(&str, String) -> BalanceError,
) -> Result<(), BalanceError> {
    let relic_cards = relics
        .iter()
        .filter_map(|r| r.card.as_deref().map(|card| ("relic", r.id.as_str(), card)));
    let status_cards = statuses.iter().filter_map(|s| {
        s.card
            .as_deref()
            .map(|card| ("status", s.id.as_str(), card))
    });
    for (what, id, card) in relic_cards.chain(status_cards) {
        if !card_exists(card) {
            return Err(fail(
                &format!("\"{card}\""),
                format!(
                    "{what} `{id}` puts card `{card}` onto the field, but no loaded pack has it"
                ),
            ));
        }
    }
    Ok(())
}

/// `over` merged into `base`: tables key by key, any other value replaced.
fn merge_tables(base: &mut toml::Table, over: toml::Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(base_table)), toml::Value::Table(over_table)) => {
                merge_tables(base_table, over_table);
            }
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(1, |before| before.matches('\n').count() + 1)
}

/// The first line of `text` holding `needle` (a key or a quoted value):
/// where a problem found after parsing is reported.
fn locate(text: &str, needle: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.split('#').next().unwrap_or("");
            line.contains(needle)
        })
        .map(|idx| idx + 1)
}
