//! `GiveAbility` (spec §11, a branch extension): "matching cards gain the
//! named triggered ability of this card while the passive is on".
//!
//! The card data cannot give one card another card's ability, so the
//! manifest gives the granting card an ability of its own ([`extras`]) that
//! triggers on the other card's event ("another card of yours leaves the
//! field" for a Last Words, ...). When it plays, the given ability runs as
//! if it were that card's: "this card" is the card that has it.

use super::{Interpreter, extras};
use crate::values::{self, Scope};
use sve_script::ir::{self, Ability, AbilityIdx, Duration, Effect, Module, Target, Trigger};
use sve_sdk::prelude::*;

/// The host trigger a given ability rides on, for the given ability's own
/// trigger; `None` when it has no "another card" form.
pub fn host_trigger(trigger: Trigger, filter: CardFilter) -> Option<sve_sdk::types::Trigger> {
    use sve_sdk::types::Trigger as H;
    Some(match trigger {
        Trigger::Fanfare => H::OnOtherEnterField(filter),
        Trigger::LastWords | Trigger::OnLeaveField | Trigger::OnReturnToHandFromField => {
            H::OnOtherLeaveField(filter)
        }
        Trigger::Strike => H::OnOtherAttack(filter),
        Trigger::OnEvolve => H::OnOtherEvolve(filter),
        _ => return None,
    })
}

/// Whether the ability `card`'s passive `passive` gives (`given`) plays
/// now.
pub fn condition(
    module: &Module,
    card: &ir::Card,
    (passive, given): (AbilityIdx, AbilityIdx),
    game: &Game,
    call: &Call,
) -> Result<bool, Stop> {
    let (Some(passive), Some(given)) = (card.ability(passive), card.ability(given)) else {
        return Ok(false);
    };
    holds(module, card, passive, given, game, call)
}

/// Plays the given ability, as the card that has it.
pub fn resolve(
    module: &Module,
    card: &ir::Card,
    given: AbilityIdx,
    game: &mut Game,
    call: &Call,
) -> Result<(), Stop> {
    let (Some(given), Some(as_holder)) = (card.ability(given), holder_call(game, call)) else {
        return Ok(());
    };
    Interpreter {
        card,
        module,
        call: &as_holder,
        ability: given,
        required: None,
    }
    .resolve(game)
}

/// The call as the card that has the ability makes it: "this card" is that
/// card, and its own trigger has no trigger card.
fn holder_call(game: &Game, call: &Call) -> Option<Call> {
    let holder = call.trigger_card?;
    let info = game.stats(holder)?;
    Some(Call {
        source: holder,
        source_object: info.object,
        card_id: call.card_id.clone(),
        ability: call.ability,
        controller: call.controller,
        trigger_card: None,
        amount: call.amount,
    })
}

fn holds(
    module: &Module,
    card: &ir::Card,
    passive: &Ability,
    given: &Ability,
    game: &Game,
    call: &Call,
) -> Result<bool, Stop> {
    let Effect::GiveAbility { duration, to, .. } = passive.effect else {
        return Ok(false);
    };
    let Some(holder) = call.trigger_card.and_then(|c| game.card(c)) else {
        return Ok(false);
    };
    // The passive is on: its duration and condition. Its card was on the
    // field when the ability triggered (the host triggers "another card"
    // abilities of cards on the field and of cards leaving it together
    // with the card that has the ability, CR 10.7.4.2), and a pending
    // ability plays even if its card has moved since.
    let in_time = match duration {
        Duration::OpponentTurn => game.active_player() != call.controller,
        _ => true,
    };
    let scope = Scope {
        module,
        card,
        me: call.controller,
        source: call.source,
        this: call.source,
        amount: 0,
        vars: &[],
    };
    let condition = passive
        .condition
        .is_none_or(|c| values::value(game, &scope, c.value) > 0);
    // It reaches the card: your cards matching its filter. A flat filter
    // was the host trigger's, tested as the card was when it triggered
    // (look-back, CR 10.7.4.1); another is tested on the card as it is.
    let reaches = to.target != Target::AllOpponentCards
        && (crate::manifest::flat_filter(card, to.filter).is_some()
            || values::matches(game, &scope, to.filter, &holder));
    // The card's event is the given ability's trigger.
    let came_from_field = game.came_from(holder.card) == Some(Zone::Field);
    let event = match given.trigger {
        Trigger::Fanfare => !holder.is_token,
        Trigger::LastWords => holder.zone == Zone::Cemetery && came_from_field,
        Trigger::OnReturnToHandFromField => holder.zone == Zone::Hand && came_from_field,
        _ => true,
    };
    if !(in_time && condition && reaches && event) {
        return Ok(false);
    }
    let Some(as_holder) = holder_call(game, call) else {
        return Ok(false);
    };
    Interpreter {
        card,
        module,
        call: &as_holder,
        ability: given,
        required: None,
    }
    .condition(game)
}

/// Why a given ability cannot be offered, or `None` if it can.
pub fn unsupported(given: &Ability, passive: &Ability) -> Option<String> {
    let Effect::GiveAbility { to, .. } = passive.effect else {
        return Some("not a GiveAbility passive".to_owned());
    };
    if given.kind != ir::AbilityKind::Triggered
        || host_trigger(given.trigger, sve_sdk::any_card()).is_none()
    {
        return Some(format!(
            "GiveAbility cannot give a `{}` ability (Fanfare, LastWords, OnLeaveField, OnReturnToHandFromField, Strike and OnEvolve can be given)",
            given.trigger.name()
        ));
    }
    if to.target == Target::AllOpponentCards {
        return Some("GiveAbility gives abilities to your own cards only".to_owned());
    }
    if !given.costs.is_empty() {
        return Some("a given ability cannot have a cost".to_owned());
    }
    None
}

/// The passive and the ability it gives, for an [`extras::Extra::Granted`].
pub fn given_of(card: &ir::Card, extra: extras::Extra) -> Option<(&Ability, &Ability)> {
    let extras::Extra::Granted { passive, ability } = extra else {
        return None;
    };
    Some((card.ability(passive)?, card.ability(ability)?))
}
