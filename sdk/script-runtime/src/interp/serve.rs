//! Umamusume serve abilities (spec keyword `serve1`..`serve3`,
//! rules-coverage.md §2.10): `[feed] [costN]: Race this follower.`
//!
//! The card API has no serve keyword; the manifest gives a card with one an
//! activated ability after its own ([`super::extras`]), which the host offers like
//! any other. Resolving it asks whether 1 EP replaces 1 PP (when both are
//! possible), serves the Carrots through the card API's `race`, then plays
//! the card's own `OnRace` abilities, once per race, as part of the same
//! resolution, and the `OnOtherRace` abilities of the pack's other cards on
//! that player's field.

use super::{Interpreter, choices};
use sve_script::ir::{self, Module, Trigger};
use sve_sdk::prelude::*;

/// How many Carrots the card's `serve` keywords may serve, smallest first
/// (`serve1, serve2, serve3;` offers all three); empty without one.
pub fn counts(card: &ir::Card) -> Vec<u8> {
    let mut counts: Vec<u8> = card
        .keywords
        .iter()
        .filter_map(|k| match k {
            ir::Keyword::Serve1 => Some(1),
            ir::Keyword::Serve2 => Some(2),
            ir::Keyword::Serve3 => Some(3),
            _ => None,
        })
        .collect();
    counts.sort_unstable();
    counts.dedup();
    counts
}

/// Whether `n` Carrots can be served now, with play points alone or with 1
/// evolution point.
fn can_serve(game: &Game, follower: CardRef, n: u8) -> bool {
    game.can_race(follower, n, false) || game.can_race(follower, n, true)
}

/// Whether `card`'s serve ability may be played now.
pub fn condition(card: &ir::Card, game: &Game, call: &Call) -> bool {
    counts(card)
        .iter()
        .any(|n| can_serve(game, call.source, *n))
}

/// Resolves `card`'s serve ability.
pub fn resolve(module: &Module, card: &ir::Card, game: &mut Game, call: &Call) -> Result<(), Stop> {
    serve(module, card, &counts(card), game, call)
}

fn serve(
    module: &Module,
    card: &ir::Card,
    counts: &[u8],
    game: &mut Game,
    call: &Call,
) -> Result<(), Stop> {
    let follower = call.source;
    let possible: Vec<u8> = counts
        .iter()
        .copied()
        .filter(|n| can_serve(game, follower, *n))
        .collect();
    let n = match possible.as_slice() {
        [] => return Ok(()),
        [only] => *only,
        several => {
            let labels: Vec<String> = several
                .iter()
                .map(|n| format!("Serve {n} Carrot{}", if *n == 1 { "" } else { "s" }))
                .collect();
            let picked = choices::choose_one(game, call.controller, "How many Carrots?", &labels)?;
            several.get(picked).copied().unwrap_or(several[0])
        }
    };
    let with_pp = game.can_race(follower, n, false);
    let with_ep = game.can_race(follower, n, true);
    let use_ep = match (with_pp, with_ep) {
        (true, true) => choices::yes_no(
            game,
            call.controller,
            "Use 1 evolution point in lieu of 1 play point?",
        )?,
        (false, true) => true,
        (true, false) => false,
        (false, false) => return Ok(()),
    };
    if !game.race(follower, n, use_ep) {
        return Ok(());
    }
    // "On Race" abilities trigger once per race.
    let on_race: Vec<&ir::Ability> = card
        .abilities
        .iter()
        .filter(|a| a.kind == ir::AbilityKind::Triggered && a.trigger == Trigger::OnRace)
        .collect();
    for _ in 0..n {
        for ability in &on_race {
            let run = Interpreter {
                card,
                module,
                call,
                ability,
                required: None,
            };
            if run.condition(game)? {
                run.resolve(game)?;
            }
        }
    }
    others_race(module, game, call, follower, n)
}

/// "Whenever another follower of yours races": the `OnOtherRace` abilities
/// of this pack's other cards on the controller's field, once per race,
/// with the racing follower as trigger card.
fn others_race(
    module: &Module,
    game: &mut Game,
    call: &Call,
    follower: CardRef,
    n: u8,
) -> Result<(), Stop> {
    for other in game.cards_in(call.controller, Zone::Field) {
        if other == follower {
            continue;
        }
        let Some(info) = game.card(other) else {
            continue;
        };
        let Some(card) = module.cards.iter().find(|c| c.id == info.id) else {
            continue;
        };
        for (idx, ability) in card.abilities.iter().enumerate() {
            if ability.kind != ir::AbilityKind::Triggered || ability.trigger != Trigger::OnOtherRace
            {
                continue;
            }
            let other_call = Call {
                source: other,
                source_object: info.object,
                card_id: info.id.clone(),
                ability: u8::try_from(idx).unwrap_or(u8::MAX),
                controller: call.controller,
                trigger_card: Some(follower),
                amount: 0,
            };
            let run = Interpreter {
                card,
                module,
                call: &other_call,
                ability,
                required: None,
            };
            for _ in 0..n {
                if run.condition(game)? {
                    run.resolve(game)?;
                }
            }
        }
    }
    Ok(())
}
