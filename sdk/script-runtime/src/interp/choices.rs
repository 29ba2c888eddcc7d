//! Questions to whichever player performs an effect.
//!
//! [`Game`]'s own helpers always ask the ability's controller. Under
//! `OpponentPerformEffect` and `DestroyAndControllerPerformEffect` the other
//! player performs, and makes the choices (spec §5.4), so every question of
//! the interpreter goes through these functions, which take the player.

use sve_sdk::prelude::*;

/// `player` answers yes or no.
pub(super) fn yes_no(game: &mut Game, player: Player, text: &str) -> Result<bool, Stop> {
    let options = vec![ChoiceOption::Yes, ChoiceOption::No];
    let picks = game.ask(player, text, options, 1, 1)?;
    Ok(picks.first() == Some(&0))
}

/// `player` answers whether to pay an optional cost: the host then lets
/// them take the yes back at the cost's card questions
/// ([`choose_cards_to_pay`]).
pub(super) fn may_pay(game: &mut Game, player: Player, text: &str) -> Result<bool, Stop> {
    let options = vec![ChoiceOption::Yes, ChoiceOption::No];
    let role = QuestionRole::OptionalCost;
    let picks = game.ask_with(player, text, options, 1, 1, role, None)?;
    Ok(picks.first() == Some(&0))
}

/// `player` picks one of the labelled options; returns its index.
pub(super) fn choose_one(
    game: &mut Game,
    player: Player,
    text: &str,
    labels: &[String],
) -> Result<usize, Stop> {
    choose_one_in_series(game, player, text, labels, None)
}

/// [`choose_one`], as the question `series` says of a series of like
/// questions.
pub(super) fn choose_one_in_series(
    game: &mut Game,
    player: Player,
    text: &str,
    labels: &[String],
    series: Option<SeriesStep>,
) -> Result<usize, Stop> {
    let options = labels
        .iter()
        .map(|label| ChoiceOption::Label(label.clone()))
        .collect();
    let role = QuestionRole::Effect;
    let picks = game.ask_with(player, text, options, 1, 1, role, series)?;
    Ok(picks.first().copied().unwrap_or(0) as usize)
}

/// `player` chooses between `min` and `max` of `candidates` without
/// selecting them (Aura does not apply: costs, hands, decks, cemeteries).
/// Asks nothing when there are no candidates.
pub(super) fn choose_cards(
    game: &mut Game,
    player: Player,
    text: &str,
    candidates: Vec<CardRef>,
    min: u32,
    max: u32,
) -> Result<Vec<CardRef>, Stop> {
    choose_cards_as(
        game,
        player,
        text,
        candidates,
        (min, max),
        QuestionRole::Effect,
    )
}

/// [`choose_cards`] for the cards that pay a cost.
pub(super) fn choose_cards_to_pay(
    game: &mut Game,
    player: Player,
    text: &str,
    candidates: Vec<CardRef>,
    min: u32,
    max: u32,
) -> Result<Vec<CardRef>, Stop> {
    choose_cards_as(
        game,
        player,
        text,
        candidates,
        (min, max),
        QuestionRole::Cost,
    )
}

/// [`choose_cards`] asked in `role`; `count` is (min, max).
fn choose_cards_as(
    game: &mut Game,
    player: Player,
    text: &str,
    candidates: Vec<CardRef>,
    (min, max): (u32, u32),
    role: QuestionRole,
) -> Result<Vec<CardRef>, Stop> {
    if candidates.is_empty() || max == 0 {
        return Ok(Vec::new());
    }
    let options = candidates.iter().map(|c| ChoiceOption::Card(*c)).collect();
    let picks = game.ask_with(player, text, options, min, max, role, None)?;
    Ok(picks
        .into_iter()
        .filter_map(|i| candidates.get(i as usize).copied())
        .collect())
}

/// `player` **selects** between `min` and `max` of `candidates`: cards with
/// Aura on the field of the other player are left out (rules-coverage.md
/// §13.8), and the other player's cards that must be selected are
/// selected, as many as `max` allows (later-sets §12.15).
pub(super) fn select(
    game: &mut Game,
    player: Player,
    text: &str,
    candidates: Vec<CardRef>,
    min: u32,
    max: u32,
) -> Result<Vec<CardRef>, Stop> {
    if player == game.me() {
        // The host's selection applies Aura and "must be selected" itself.
        return game.select(text, candidates, min, max);
    }
    let (mut forced, free): (Vec<CardRef>, Vec<CardRef>) = candidates
        .into_iter()
        .filter(|card| selectable_by(game, player, *card))
        .partition(|card| {
            game.stats(*card).is_some_and(|stats| {
                stats.zone == Zone::Field
                    && stats.controller != player
                    && stats.keywords.contains(Keywords::MUST_BE_SELECTED)
            })
        });
    if forced.is_empty() {
        return choose_cards(game, player, text, free, min, max);
    }
    let must = u32::try_from(forced.len()).unwrap_or(u32::MAX);
    if must >= max {
        return choose_cards(game, player, text, forced, max, max);
    }
    let rest = choose_cards(
        game,
        player,
        text,
        free,
        min.saturating_sub(must),
        max - must,
    )?;
    forced.extend(rest);
    Ok(forced)
}

/// Whether `player` may select `card`: not a card with Aura on the other
/// player's field (rules-coverage.md §13.8).
pub(super) fn selectable_by(game: &Game, player: Player, card: CardRef) -> bool {
    game.stats(card)
        .is_some_and(|stats| selectable(&stats, player))
}

/// Whether `player` may select a card whose numbers and flags are `stats`
/// (see [`selectable_by`]).
pub(super) fn selectable(stats: &CardStats, player: Player) -> bool {
    !(stats.zone == Zone::Field
        && stats.controller != player
        && stats.keywords.contains(Keywords::AURA))
}

/// `player` puts `cards` in order, one question per card but the last.
pub(super) fn order(
    game: &mut Game,
    player: Player,
    text: &str,
    mut cards: Vec<CardRef>,
) -> Result<Vec<CardRef>, Stop> {
    let mut ordered = Vec::with_capacity(cards.len());
    while cards.len() > 1 {
        let picked = choose_cards(game, player, text, cards.clone(), 1, 1)?;
        let Some(next) = picked.first().copied() else {
            break;
        };
        cards.retain(|c| *c != next);
        ordered.push(next);
    }
    ordered.extend(cards);
    Ok(ordered)
}
