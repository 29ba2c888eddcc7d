//! Game imports whose arguments hold lists of strings: `choose` and `ask`
//! (option labels) and `matches` (a filter's trait names and card names).
//!
//! The generated bindings copy every argument into host memory before the
//! host function runs, and strings in a list may all point at one large
//! string in the pack's memory: a few megabytes of guest memory could make
//! the host copy terabytes. These two imports are registered by hand over
//! the generated ones, with arguments that stay in the pack's memory
//! ([`WasmList`], [`WasmStr`]) until their sizes are checked: at most
//! [`QUESTION_OPTION_LIMIT`] entries and [`MAX_ARGUMENT_TEXT_BYTES`] of text
//! in all. Past that the run halts (as for any limit) and nothing is copied.
//!
//! Without the `components` feature only the limits are here, for
//! `native_script.rs`, which applies them to a pack run in process.

use super::host_api::HostState;
#[cfg(feature = "components")]
use super::wit::adapt::Adapt;
#[cfg(feature = "components")]
use super::wit::latest::sve::cards::game::Host as _;
#[cfg(feature = "components")]
use super::wit::latest::sve::cards::types as w;
#[cfg(feature = "components")]
use super::wit::since_v0_1_0::sve::cards::types as w0_1;
use sve_engine::engine::{Halt, QUESTION_OPTION_LIMIT};
#[cfg(feature = "components")]
use wasmtime::StoreContextMut;
#[cfg(feature = "components")]
use wasmtime::component::{ComponentType, Lift, Linker, WasmList, WasmStr};

/// Text one call's list arguments may hold in all.
pub const MAX_ARGUMENT_TEXT_BYTES: usize = 4 << 20;

/// `choice-option`, its label left in the pack's memory.
#[cfg(feature = "components")]
#[derive(ComponentType, Lift)]
#[component(variant)]
enum RawOption {
    #[component(name = "yes")]
    Yes,
    #[component(name = "no")]
    No,
    #[component(name = "card")]
    Card(u32),
    #[component(name = "label")]
    Label(WasmStr),
}

/// `choice-request`, its text and options left in the pack's memory.
#[cfg(feature = "components")]
#[derive(ComponentType, Lift)]
#[component(record)]
struct RawRequest {
    player: u8,
    text: WasmStr,
    options: WasmList<RawOption>,
    min: u32,
    max: u32,
}

/// `card-filter`, its strings left in the pack's memory. `K` is the
/// version's keyword set (flags in 0.1.0, bits since).
#[cfg(feature = "components")]
#[derive(ComponentType, Lift)]
#[component(record)]
struct RawFilter<K> {
    types: WasmList<w::CardType>,
    #[component(name = "traits-any")]
    traits_any: WasmList<WasmStr>,
    keywords: K,
    #[component(name = "without-keywords")]
    without_keywords: K,
    name: Option<WasmStr>,
    #[component(name = "not-name")]
    not_name: Option<WasmStr>,
    class: Option<w::CardClass>,
    token: Option<bool>,
    cost: Option<w::Range>,
    attack: Option<w::Range>,
    engaged: Option<bool>,
    other: bool,
}

/// Copies the text of a call's arguments out of the pack's memory within
/// one budget.
#[cfg(feature = "components")]
struct TextBudget {
    left: usize,
}

#[cfg(feature = "components")]
impl TextBudget {
    fn new() -> TextBudget {
        TextBudget {
            left: MAX_ARGUMENT_TEXT_BYTES,
        }
    }

    /// The string, if the budget still holds it.
    fn take(
        &mut self,
        store: &StoreContextMut<'_, HostState>,
        text: &WasmStr,
    ) -> wasmtime::Result<Option<String>> {
        let text = text.to_str(store)?;
        if text.len() > self.left {
            return Ok(None);
        }
        self.left -= text.len();
        Ok(Some(text.into_owned()))
    }
}

/// Halts the run: an argument was too large.
#[cfg(feature = "components")]
fn refuse(store: &mut StoreContextMut<'_, HostState>, what: &str) {
    refuse_state(store.data_mut(), what);
}

/// Halts the run: an argument was too large (for a pack running natively,
/// `native_script.rs`, which applies the same limits).
pub(crate) fn refuse_state(state: &mut HostState, what: &str) {
    if state.halt.is_none() {
        state.halt = Some(Halt::Failed(format!(
            "{what} is larger than a call may pass (at most {QUESTION_OPTION_LIMIT} entries and {MAX_ARGUMENT_TEXT_BYTES} bytes of text)"
        )));
    }
}

/// Registers `choose`, `ask` and `matches` over the generated ones (see the
/// module docs), for every supported card API version. Their other types
/// kept their shape, so the current API's stand in for older ones (the
/// component model checks shapes, not names of packages).
#[cfg(feature = "components")]
pub(crate) fn add_to_linker(linker: &mut Linker<HostState>) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    add_to_instance::<w::Keywords>(linker, "sve:cards/game@0.3.0")?;
    add_to_instance::<w::Keywords>(linker, "sve:cards/game@0.2.0")?;
    add_to_instance::<w0_1::Keywords>(linker, "sve:cards/game@0.1.0")?;
    add_ask(linker, "sve:cards/game@0.3.0")?;
    add_ask(linker, "sve:cards/game@0.2.0")?;
    linker.allow_shadowing(false);
    Ok(())
}

#[cfg(feature = "components")]
fn add_to_instance<K>(linker: &mut Linker<HostState>, instance: &str) -> wasmtime::Result<()>
where
    K: ComponentType + Lift + Adapt<w::Keywords> + Copy + Send + Sync + 'static,
{
    let mut game = linker.instance(instance)?;
    game.func_wrap(
        "choose",
        |mut store: StoreContextMut<'_, HostState>, (request,): (RawRequest,)| {
            let Some(request) = owned_request(&mut store, &request)? else {
                refuse(&mut store, "a question");
                return Ok((Err(w::Halt::Failed),));
            };
            Ok((store.data_mut().choose(request),))
        },
    )?;
    game.func_wrap(
        "matches",
        |mut store: StoreContextMut<'_, HostState>, (card, filter): (u32, RawFilter<K>)| {
            let Some(filter) = owned_filter(&mut store, &filter)? else {
                refuse(&mut store, "a card filter");
                return Ok((false,));
            };
            Ok((store.data_mut().matches(card, filter),))
        },
    )?;
    Ok(())
}

/// Registers `ask` (since 0.2.0): `choose` with a role and a series step.
#[cfg(feature = "components")]
fn add_ask(linker: &mut Linker<HostState>, instance: &str) -> wasmtime::Result<()> {
    linker.instance(instance)?.func_wrap(
        "ask",
        |mut store: StoreContextMut<'_, HostState>,
         (request, role, series): (RawRequest, w::QuestionRole, Option<w::SeriesStep>)| {
            let Some(request) = owned_request(&mut store, &request)? else {
                refuse(&mut store, "a question");
                return Ok((Err(w::Halt::Failed),));
            };
            Ok((store.data_mut().ask(request, role, series),))
        },
    )?;
    Ok(())
}

#[cfg(feature = "components")]
fn owned_request(
    store: &mut StoreContextMut<'_, HostState>,
    raw: &RawRequest,
) -> wasmtime::Result<Option<w::ChoiceRequest>> {
    if raw.options.len() > QUESTION_OPTION_LIMIT {
        return Ok(None);
    }
    let mut budget = TextBudget::new();
    let Some(text) = budget.take(store, &raw.text)? else {
        return Ok(None);
    };
    let mut options = Vec::with_capacity(raw.options.len());
    for idx in 0..raw.options.len() {
        let Some(option) = raw.options.get(&mut *store, idx).transpose()? else {
            return Ok(None);
        };
        options.push(match option {
            RawOption::Yes => w::ChoiceOption::Yes,
            RawOption::No => w::ChoiceOption::No,
            RawOption::Card(card) => w::ChoiceOption::Card(card),
            RawOption::Label(label) => match budget.take(store, &label)? {
                Some(label) => w::ChoiceOption::Label(label),
                None => return Ok(None),
            },
        });
    }
    Ok(Some(w::ChoiceRequest {
        player: raw.player,
        text,
        options,
        min: raw.min,
        max: raw.max,
    }))
}

#[cfg(feature = "components")]
fn owned_filter<K: Adapt<w::Keywords> + Copy>(
    store: &mut StoreContextMut<'_, HostState>,
    raw: &RawFilter<K>,
) -> wasmtime::Result<Option<w::CardFilter>> {
    let lists_fit =
        raw.types.len() <= QUESTION_OPTION_LIMIT && raw.traits_any.len() <= QUESTION_OPTION_LIMIT;
    if !lists_fit {
        return Ok(None);
    }
    let mut budget = TextBudget::new();
    let mut types = Vec::with_capacity(raw.types.len());
    for idx in 0..raw.types.len() {
        match raw.types.get(&mut *store, idx).transpose()? {
            Some(card_type) => types.push(card_type),
            None => return Ok(None),
        }
    }
    let mut traits_any = Vec::with_capacity(raw.traits_any.len());
    for idx in 0..raw.traits_any.len() {
        let Some(name) = raw.traits_any.get(&mut *store, idx).transpose()? else {
            return Ok(None);
        };
        match budget.take(store, &name)? {
            Some(name) => traits_any.push(name),
            None => return Ok(None),
        }
    }
    let mut text = |value: &Option<WasmStr>| -> wasmtime::Result<Option<Option<String>>> {
        match value {
            None => Ok(Some(None)),
            Some(value) => Ok(budget.take(store, value)?.map(Some)),
        }
    };
    let (Some(name), Some(not_name)) = (text(&raw.name)?, text(&raw.not_name)?) else {
        return Ok(None);
    };
    Ok(Some(w::CardFilter {
        types,
        traits_any,
        keywords: raw.keywords.adapt(),
        without_keywords: raw.without_keywords.adapt(),
        name,
        not_name,
        class: raw.class,
        token: raw.token,
        cost: raw.cost,
        attack: raw.attack,
        engaged: raw.engaged,
        other: raw.other,
    }))
}
