//! [`PackRunner`]: the [`AbilityRunner`] that runs abilities in pack
//! components: a fresh instance per call for Rust packs, an instance from
//! the pack's shared pool for script packs.
//!
//! A Rust pack is third-party code: with a fresh instance at every call,
//! nothing it keeps in statics (a counter, a hash map and its seed) survives
//! into another call, match, bot look-ahead clone or undo branch (the
//! `sve-tests` attack tests replay matches of such a pack). Script packs run
//! in process (`native_script.rs`) unless [`ScriptRuntime::Sandboxed`]
//! (`SVE_SCRIPT_RUNTIME=sandboxed` for the app, the CLI and the tests) asks
//! for the runtime component: a call then takes an idle instance from the
//! pack's pool and gives it back when it returns (a few stay idle at most); a
//! store that trapped is never pooled. The `sve-tests` native-script tests
//! play every starter pairing both ways and compare every event. Every call
//! is counted for [`AbilityRunner::usage`] (`sve sim --json`).
//!
//! A call is routed by the ability's definition id, not its card id: the
//! runner keeps, per card database ([`CardDb::serial`]), where each
//! definition's abilities run (its pack and, for a script pack run
//! natively, the card's index in the decoded script), looked up by card id
//! at the first call for it ([`Routes`]). The runners of one
//! [`LoadedPacks`](super::LoadedPacks) share the table ([`SharedRoutes`]):
//! a runner is made per match, and most definitions are called in many.
//! A native call then builds no string: the script is called by index
//! (`Script::resolve_card`).

use super::component::{FUEL_PER_CALL, PackEngine};
use super::guest_text::{self, TextKind};
use super::host_api::{HostState, Lend};
use super::native_run;
use super::wit::latest::sve::cards::types as w;
use super::wit::{AnyPack, AnyPackPre};
use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;
use sve_engine::cards::CardDb;
use sve_engine::engine::{
    AbilityCtx, AbilityIdx, AbilityInfo, AbilityQuery, AbilityRunner, DefId, Halt, NoAbilities,
    RunnerUsage,
};
use sve_script_runtime::Script;
use wasmtime::Store;

/// A pack's store and its bindings.
pub(crate) type Instance = (Store<HostState>, AnyPack);

/// A loaded pack's code, ready to instantiate.
///
/// **Invariant:** only our own script runtime has a `pool` (instances that
/// live across calls); a third-party pack never keeps an instance.
#[derive(Clone)]
pub(crate) struct PackCode {
    pub id: String,
    pub pre: AnyPackPre,
    /// What the `script` import returns (a script pack's IR; else empty).
    pub data: Arc<[u8]>,
    /// Idle instances, for script packs only: the script runtime is our
    /// own code and keeps nothing between calls but its decoded IR, so a
    /// call takes one (or makes one), and gives it back when it returns.
    /// Every match and runner of the pack shares them, so the instances
    /// alive are those of the calls in flight plus the idle ones, however
    /// many matches run. Third-party Rust packs get a fresh instance at
    /// every call.
    pub pool: Option<Arc<Mutex<Vec<Instance>>>>,
    /// A script pack's IR decoded for running natively
    /// (`native_script.rs`), unless the pack must run in the sandbox (an
    /// IR too deep for the native evaluator) or is a Rust pack.
    pub native: Option<Arc<Script>>,
    /// By card (or declared keyword) id, the abilities whose condition
    /// always holds, as the pack's manifest says (`has-condition` false;
    /// bit `i` for ability `i`): the runner answers yes for them without a
    /// call, which would cost a fresh instance. Empty for script packs.
    pub always_hold: Arc<FxHashMap<String, u64>>,
}

impl PackCode {
    /// Whether the pack says ability `ability` of card `card_id` has no
    /// condition.
    fn always_holds(&self, card_id: &str, ability: AbilityIdx) -> bool {
        !self.always_hold.is_empty()
            && self
                .always_hold
                .get(card_id)
                .and_then(|mask| mask.checked_shr(u32::from(ability.0)))
                .is_some_and(|bits| bits & 1 == 1)
    }
}

/// Most idle instances a script pack keeps.
pub(crate) const POOL_LIMIT: usize = 8;

/// Runs each card's abilities in the pack that defines the card; cards from
/// no pack have no abilities. Create one per match with
/// [`LoadedPacks::runner`](super::LoadedPacks::runner). Clones of the match
/// (a bot's look-ahead) share it: a Rust pack gets a fresh instance at every
/// call, and the script runtime keeps no state between calls.
pub struct PackRunner {
    engine: PackEngine,
    code: Arc<Vec<PackCode>>,
    /// Card id → index into `code`.
    by_card: Arc<FxHashMap<String, usize>>,
    /// What [`AbilityRunner::usage`] reports.
    usage: UsageCounters,
    /// Where script packs run.
    scripts: ScriptRuntime,
    /// Where each definition's abilities run, for the first card database
    /// any runner of these packs is called with.
    shared_routes: Arc<SharedRoutes>,
    /// The same for another database (a match reloaded from these packs
    /// has a database of its own).
    own_routes: OnceLock<Routes>,
}

/// The [`Routes`] the runners of one [`LoadedPacks`](super::LoadedPacks)
/// share: they run the same code with the same card → pack map, so a
/// definition of one database goes the same way in each.
pub(crate) type SharedRoutes = OnceLock<Routes>;

/// Where a definition's abilities run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route {
    /// In no pack: the card has no abilities of its own.
    NoPack,
    /// In pack `pack`; `native` is the card's index in the pack's script
    /// when the script runs natively and has the card.
    Pack { pack: usize, native: Option<usize> },
}

impl Route {
    /// The route as a table entry: 0 is "not looked up yet", 1 no pack,
    /// else the pack + 1 in the top 8 bits and the native card's index + 1
    /// (0 for none) below. `None` for a route that does not fit (more than
    /// 255 packs or 2^24 - 1 cards): it is then looked up at every call.
    fn encode(self) -> Option<u32> {
        match self {
            Route::NoPack => Some(1),
            Route::Pack { pack, native } => {
                let pack = u32::try_from(pack + 1).ok().filter(|p| *p <= 0xff)?;
                let card = match native {
                    None => 0,
                    Some(card) => u32::try_from(card + 1).ok().filter(|c| *c <= 0xff_ffff)?,
                };
                Some(pack << 24 | card)
            }
        }
    }

    /// An entry of the table back as a route; `None` for "not looked up".
    fn decode(entry: u32) -> Option<Route> {
        match entry {
            0 => None,
            1 => Some(Route::NoPack),
            _ => Some(Route::Pack {
                pack: (entry >> 24) as usize - 1,
                native: (entry & 0xff_ffff).checked_sub(1).map(|c| c as usize),
            }),
        }
    }
}

/// Routes by definition id for one card database: one entry per
/// definition, then one per declared keyword (whose abilities run as a
/// definition of their own, `CardDb::keyword_def`), each filled at the
/// first call for it. Two threads may fill one entry at once: both write
/// the same route.
pub(crate) struct Routes {
    /// The database's [`CardDb::serial`]: a runner called with a third
    /// database (never, unless a caller swaps the database and keeps the
    /// runner) looks its routes up by card id at every call.
    serial: u64,
    /// How many definitions the database has (keywords' entries follow).
    defs: usize,
    entries: Box<[AtomicU32]>,
}

impl Routes {
    fn new(db: &CardDb) -> Routes {
        let len = db.len() + db.declared_keywords().len();
        Routes {
            serial: db.serial(),
            defs: db.len(),
            entries: (0..len).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// The entry of `def`, if this table is for `db` and has one.
    fn entry(&self, db: &CardDb, def: DefId) -> Option<&AtomicU32> {
        if self.serial != db.serial() {
            return None;
        }
        let index = if def.idx() < self.defs {
            def.idx()
        } else {
            self.defs + usize::from(CardDb::keyword_of_def(def)?)
        };
        self.entries.get(index)
    }
}

/// Where a script pack's abilities run. Either way they run our own SVE
/// Script runtime over the pack's IR, through the same game API; the
/// results are the same (`tests/tests/integration/native_scripts.rs`
/// plays matches both ways and compares every event).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScriptRuntime {
    /// In the host's process (`native_script.rs`): no WebAssembly boundary
    /// to cross at each call (a starter-pack match runs about a third
    /// fewer instructions; docs/performance.md). A pack whose IR is too
    /// deep for it runs in the sandbox all the same.
    #[default]
    Native,
    /// In the runtime's WebAssembly component, in the sandbox, as Rust
    /// packs run.
    Sandboxed,
}

/// [`RunnerUsage`] counted from several threads (clones of a match share
/// their runner).
#[derive(Default)]
struct UsageCounters {
    guest_calls: AtomicU64,
    host_calls: AtomicU64,
    guest_nanos: AtomicU64,
}

impl UsageCounters {
    fn add(&self, host_calls: u32, started: Instant) {
        let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.guest_calls.fetch_add(1, Ordering::Relaxed);
        self.host_calls
            .fetch_add(u64::from(host_calls), Ordering::Relaxed);
        self.guest_nanos.fetch_add(nanos, Ordering::Relaxed);
    }
}

impl fmt::Debug for PackRunner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PackRunner")
            .field(
                "packs",
                &self.code.iter().map(|c| &c.id).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl PackRunner {
    pub(crate) fn new(
        engine: PackEngine,
        code: Arc<Vec<PackCode>>,
        by_card: Arc<FxHashMap<String, usize>>,
        scripts: ScriptRuntime,
        shared_routes: Arc<SharedRoutes>,
    ) -> PackRunner {
        PackRunner {
            engine,
            code,
            by_card,
            usage: UsageCounters::default(),
            scripts,
            shared_routes,
            own_routes: OnceLock::new(),
        }
    }

    /// Where the abilities of definition `def` of `db` run: from the
    /// table after the first call for it.
    fn route(&self, db: &CardDb, def: DefId) -> Route {
        let shared = self.shared_routes.get_or_init(|| Routes::new(db));
        let routes = if shared.serial == db.serial() {
            shared
        } else {
            self.own_routes.get_or_init(|| Routes::new(db))
        };
        let entry = routes.entry(db, def);
        if let Some(route) = entry.and_then(|e| Route::decode(e.load(Ordering::Relaxed))) {
            return route;
        }
        let route = self.route_by_id(&db.get(def).id);
        if let (Some(entry), Some(encoded)) = (entry, route.encode()) {
            entry.store(encoded, Ordering::Relaxed);
        }
        route
    }

    /// Where the abilities of the card with this id run, looked up by id.
    fn route_by_id(&self, card_id: &str) -> Route {
        match self.pack_of(card_id) {
            None => Route::NoPack,
            Some(pack) => Route::Pack {
                pack,
                native: self
                    .native(pack)
                    .and_then(|script| script.card_index(card_id)),
            },
        }
    }

    /// The pack's script, when it runs natively.
    fn native(&self, pack: usize) -> Option<&Script> {
        match self.scripts {
            ScriptRuntime::Native => self.code[pack].native.as_deref(),
            ScriptRuntime::Sandboxed => None,
        }
    }

    /// Calls into a pack with something lent to its store. A third-party
    /// (Rust) pack runs in a fresh instance for every call, so nothing it
    /// keeps in its statics survives into another call, match, clone or
    /// undo branch; a script pack runs in an instance of our own script
    /// runtime taken from the pack's pool, which keeps nothing but its
    /// decoded cards, and goes back when the call returns. A store that
    /// trapped is dropped.
    ///
    /// Returns the call's value, or why the run halted: a question or a
    /// limit the engine raised (the pack was told to stop), or a trap.
    fn call<R>(
        &self,
        pack: usize,
        lend: Lend,
        f: impl FnOnce(&AnyPack, &mut Store<HostState>) -> wasmtime::Result<R>,
    ) -> Result<(R, Option<Halt>), Halt> {
        let started = Instant::now();
        let code = &self.code[pack];
        let (mut store, bindings) = match &code.pool {
            Some(pool) => {
                let mut instance = self.pooled(code, pool).map_err(Halt::Failed)?;
                // A kept instance gets a new budget (a fresh one's began at
                // instantiation: a start function shares it with the call).
                instance
                    .0
                    .set_fuel(FUEL_PER_CALL)
                    .map_err(|e| Halt::Failed(format!("pack `{}`: {e}", code.id)))?;
                instance.0.data_mut().host_calls = 0;
                instance
            }
            None => self
                .engine
                .instantiate_for_call(&code.pre, Arc::clone(&code.data))
                .map_err(|e| {
                    Halt::Failed(format!("pack `{}` failed to instantiate: {e}", code.id))
                })?,
        };
        let outcome = Self::run(code, lend, &bindings, &mut store, f);
        self.usage.add(store.data().host_calls, started);
        // A trap poisons the whole store: only a clean one goes back.
        if let (Some(pool), Ok(_)) = (&code.pool, &outcome)
            && let Ok(mut idle) = pool.lock()
            && idle.len() < POOL_LIMIT
        {
            idle.push((store, bindings));
        }
        outcome
    }

    /// Runs `f` on an instance with `lend` lent to it.
    fn run<R>(
        code: &PackCode,
        lend: Lend,
        bindings: &AnyPack,
        store: &mut Store<HostState>,
        f: impl FnOnce(&AnyPack, &mut Store<HostState>) -> wasmtime::Result<R>,
    ) -> Result<(R, Option<Halt>), Halt> {
        let state = store.data_mut();
        state.lend = lend;
        state.halt = None;
        state.log.clear();
        let result = f(bindings, store);
        let state = store.data_mut();
        state.lend = Lend::Idle;
        let halt = state.halt.take();
        match result {
            Ok(value) => Ok((value, halt)),
            Err(trap) => {
                let log = std::mem::take(&mut state.log);
                // The engine stopped the run and the pack kept calling: the
                // engine's reason is the one to report.
                if let Some(halt) = halt {
                    return Err(halt);
                }
                let mut message = format!("pack `{}` trapped: {}", code.id, trap_message(&trap));
                if let Some(panic) = log.iter().rev().find(|l| l.starts_with("panic")) {
                    message.push_str(&format!(" ({panic})"));
                }
                // The trap's text can quote the guest (names in a backtrace).
                Err(Halt::Failed(guest_text::clean(&message, TextKind::Message)))
            }
        }
    }

    /// An idle instance of a script pack, or a new one.
    fn pooled(&self, code: &PackCode, pool: &Mutex<Vec<Instance>>) -> Result<Instance, String> {
        if let Some(instance) = pool.lock().ok().and_then(|mut idle| idle.pop()) {
            return Ok(instance);
        }
        let (mut store, bindings) = self
            .engine
            .instantiate(&code.pre, Arc::clone(&code.data))
            .map_err(|e| format!("pack `{}` failed to instantiate: {e}", code.id))?;
        // The script runtime decodes its cards at its first call. Do that
        // now, on a budget of its own, so that a new instance and a pooled
        // one give an ability the same fuel (a replay starts with a new
        // one).
        bindings
            .call_manifest(&mut store)
            .map_err(|e| format!("pack `{}` failed to start: {e:#}", code.id))?;
        Ok((store, bindings))
    }

    fn pack_of(&self, card_id: &str) -> Option<usize> {
        self.by_card.get(card_id).copied()
    }
}

fn trap_message(error: &wasmtime::Error) -> String {
    if let Some(trap) = error.downcast_ref::<wasmtime::Trap>() {
        return match trap {
            wasmtime::Trap::OutOfFuel => "ran out of fuel (an endless loop?)".to_owned(),
            wasmtime::Trap::StackOverflow => "stack overflow (endless recursion?)".to_owned(),
            other => other.to_string(),
        };
    }
    format!("{error:#}")
}

fn call_of(info: &AbilityInfo, card_id: &str) -> w::AbilityCall {
    w::AbilityCall {
        source: info.source.0,
        source_object: info.source_object.0,
        card_id: card_id.to_owned(),
        ability: info.ability.0,
        controller: info.controller.0,
        trigger_card: info.trigger_card.map(|c| c.0),
        amount: info.amount,
    }
}

impl AbilityRunner for PackRunner {
    fn condition(&self, query: &AbilityQuery<'_>) -> Result<bool, String> {
        let Route::Pack { pack, native } = self.route(query.db(), query.info().def) else {
            return Ok(true);
        };
        let pack_id = &self.code[pack].id;
        let outcome = if let Some(script) = self.native(pack) {
            let started = Instant::now();
            let (outcome, host_calls) = native_run::condition(pack_id, script, native, query);
            self.usage.add(host_calls, started);
            outcome
        } else {
            let card_id = &query.card_def().id;
            if self.code[pack].always_holds(card_id, query.info().ability) {
                return Ok(true);
            }
            let call = call_of(query.info(), card_id);
            // The query is lent for the duration of this synchronous call
            // only.
            let lend = Lend::Query((query as *const AbilityQuery<'_>).cast());
            self.call(pack, lend, |bindings, store| {
                bindings.call_condition(store, &call)
            })
        };
        native_run::finish_condition(pack_id, outcome)
    }

    fn resolve(&self, cx: &mut AbilityCtx<'_>) -> Result<(), Halt> {
        let Route::Pack { pack, native } = self.route(cx.query().db(), cx.info().def) else {
            return NoAbilities.resolve(cx);
        };
        let pack_id = &self.code[pack].id;
        let outcome = if let Some(script) = self.native(pack) {
            let started = Instant::now();
            let (outcome, host_calls) = native_run::resolve(pack_id, script, native, cx);
            self.usage.add(host_calls, started);
            outcome
        } else {
            let call = call_of(cx.info(), &cx.query().card_def().id);
            // The context is lent for the duration of this synchronous call
            // only.
            let lend = Lend::Ctx((cx as *mut AbilityCtx<'_>).cast());
            self.call(pack, lend, |bindings, store| {
                bindings.call_resolve(store, &call)
            })
        };
        native_run::finish_resolve(pack_id, outcome)
    }

    fn usage(&self) -> RunnerUsage {
        let read = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        RunnerUsage {
            guest_calls: read(&self.usage.guest_calls),
            host_calls: read(&self.usage.host_calls),
            guest_nanos: read(&self.usage.guest_nanos),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Route;

    #[test]
    fn routes_survive_their_table_encoding() {
        let routes = [
            Route::NoPack,
            Route::Pack {
                pack: 0,
                native: None,
            },
            Route::Pack {
                pack: 0,
                native: Some(0),
            },
            Route::Pack {
                pack: 253,
                native: Some(0xff_fffe),
            },
        ];
        for route in routes {
            let entry = route.encode().expect("fits");
            assert_ne!(entry, 0, "0 is \"not looked up yet\"");
            assert_eq!(Route::decode(entry), Some(route));
        }
        assert_eq!(Route::decode(0), None);
        // What does not fit is looked up at every call instead.
        let too_many_packs = Route::Pack {
            pack: 255,
            native: None,
        };
        let too_many_cards = Route::Pack {
            pack: 0,
            native: Some(0xff_ffff),
        };
        assert_eq!(too_many_packs.encode(), None);
        assert_eq!(too_many_cards.encode(), None);
    }
}
