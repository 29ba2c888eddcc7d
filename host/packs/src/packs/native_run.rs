//! One ability of a script pack run in process: the condition or the
//! resolution of a card, over [`NativeGame`], with the sandbox's counts,
//! limits and halts, and its failures worded as the sandbox words them.
//! `PackRunner` (`runner.rs`) runs its native route through here, and so
//! does the web page's `InProcessRunner` (`in_process`), which has no
//! sandbox to fall back on.

use super::guest_text::{self, TextKind};
use super::host_api::{HostState, Lend};
use super::native_script::{NativeGame, NativeTrap};
use sve_engine::engine::{AbilityCtx, AbilityInfo, AbilityQuery, Halt};
use sve_script_runtime::Script;

/// A call's value, and the halt the engine raised during it, or why the
/// run stopped (a question, a limit, a trap or a panic), as
/// `PackRunner` gets it from either route.
pub(crate) type Outcome<R> = Result<(R, Option<Halt>), Halt>;

/// Whether the ability's condition holds, run natively: `card` is the
/// card's index in `script` (or `None` to go by its id, and the script says
/// it has no such card). Also returns the game calls made.
pub(crate) fn condition(
    pack_id: &str,
    script: &Script,
    card: Option<usize>,
    query: &AbilityQuery<'_>,
) -> (Outcome<Result<bool, String>>, u32) {
    // By the card's index; a card the script lacks goes by its id.
    let card_id = match card {
        Some(_) => String::new(),
        None => query.card_def().id.clone(),
    };
    let call = native_call(query.info(), card_id);
    // The query is lent for the duration of this synchronous call only.
    let lend = Lend::Query((query as *const AbilityQuery<'_>).cast());
    call_native(pack_id, script, lend, |script, api| {
        let game = sve_sdk::Game::new(&call, api);
        match card {
            Some(card) => script.condition_card(card, &game, &call),
            None => script.condition(&game, &call),
        }
        .map_err(stop_message)
    })
}

/// Resolves the ability natively (see [`condition`] for `card`). Also
/// returns the game calls made.
pub(crate) fn resolve(
    pack_id: &str,
    script: &Script,
    card: Option<usize>,
    cx: &mut AbilityCtx<'_>,
) -> (Outcome<Result<(), String>>, u32) {
    let card_id = match card {
        Some(_) => String::new(),
        None => cx.query().card_def().id.clone(),
    };
    let call = native_call(cx.info(), card_id);
    // The context is lent for the duration of this synchronous call only.
    let lend = Lend::Ctx((cx as *mut AbilityCtx<'_>).cast());
    call_native(pack_id, script, lend, |script, api| {
        let mut game = sve_sdk::Game::new(&call, api);
        match card {
            Some(card) => script.resolve_card(card, &mut game, &call),
            None => script.resolve(&mut game, &call),
        }
        .map_err(stop_message)
    })
}

/// A condition's outcome from either route as the engine takes it.
pub(crate) fn finish_condition(
    pack_id: &str,
    outcome: Outcome<Result<bool, String>>,
) -> Result<bool, String> {
    let (result, halt) = outcome.map_err(|halt| match halt {
        Halt::Failed(message) => message,
        other => format!("pack `{pack_id}`: a condition halted: {other:?}"),
    })?;
    if let Some(Halt::Failed(message)) = halt {
        return Err(message);
    }
    result.map_err(|message| {
        let message = guest_text::clean(&message, TextKind::Message);
        format!("pack `{pack_id}`: {message}")
    })
}

/// A resolution's outcome from either route as the engine takes it.
pub(crate) fn finish_resolve(
    pack_id: &str,
    outcome: Outcome<Result<(), String>>,
) -> Result<(), Halt> {
    let (result, halt) = outcome?;
    if let Some(halt) = halt {
        return Err(halt);
    }
    result.map_err(|message| {
        let message = guest_text::clean(&message, TextKind::Message);
        Halt::Failed(format!("pack `{pack_id}`: {message}"))
    })
}

/// Runs `f` on a script natively with `lend` lent to the game API, as
/// `PackRunner::call` runs a component: the same counts, limits and
/// halts, and an unwind (the native trap, or a panic) where the component
/// would trap. Also returns the game calls made.
fn call_native<R>(
    pack_id: &str,
    script: &Script,
    lend: Lend,
    f: impl FnOnce(&Script, &NativeGame<'_>) -> R,
) -> (Outcome<R>, u32) {
    let mut state = HostState {
        lend,
        ..HostState::default()
    };
    let outcome = {
        let game = NativeGame::new(&mut state);
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(script, &game)))
    };
    state.lend = Lend::Idle;
    let host_calls = state.host_calls;
    let halt = state.halt.take();
    let outcome = match outcome {
        Ok(value) => Ok((value, halt)),
        Err(payload) => Err(halt.unwrap_or_else(|| {
            let message = if let Some(NativeTrap(why)) = payload.downcast_ref::<NativeTrap>() {
                format!("pack `{pack_id}` trapped: {why}")
            } else {
                let panic = payload
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| payload.downcast_ref::<&str>().copied())
                    .unwrap_or("no message");
                format!("pack `{pack_id}` panicked: {panic}")
            };
            Halt::Failed(guest_text::clean(&message, TextKind::Message))
        })),
    };
    (outcome, host_calls)
}

/// The ability call as the SDK takes it, for a native run: the call a
/// component gets, field for field, with `card_id` as given (empty when
/// the script is called by the card's index, which reads no id).
fn native_call(info: &AbilityInfo, card_id: String) -> sve_sdk::Call {
    sve_sdk::Call {
        source: info.source.0,
        source_object: info.source_object.0,
        card_id,
        ability: info.ability.0,
        controller: sve_sdk::Player::new(info.controller.0),
        trigger_card: info.trigger_card.map(|c| c.0),
        amount: info.amount,
    }
}

/// A stop as the component's export reports it (`sve_sdk`'s
/// `Stop::into_message`).
fn stop_message(stop: sve_sdk::Stop) -> String {
    match stop {
        sve_sdk::Stop::Halt => "halted for a decision".to_owned(),
        sve_sdk::Stop::Error(message) => message,
    }
}
