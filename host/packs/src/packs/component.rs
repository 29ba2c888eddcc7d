//! Compiling and instantiating pack components with wasmtime: one engine
//! per process with a pooling instance allocator, components compiled once
//! and cached on disk by content hash, pre-instantiated (`PackPre`), a
//! store per instance with fuel, memory and stack limits. A trap poisons a
//! store, so a store that trapped is never used again (wasmtime 48).
//!
//! The limits are per call and deterministic: fuel ([`FUEL_PER_CALL`]), calls
//! into the host ([`HOST_CALLS_PER_CALL`], counted by a call hook that also
//! traps a pack that calls on after the engine stopped its run; fuel can't be
//! charged there, as it reads 0 inside runtime calls), memory
//! ([`MEMORY_LIMIT`]), table elements, instances, tables and memories, and
//! stack ([`STACK_LIMIT`]). NaN canonicalisation and deterministic relaxed
//! SIMD make a pack compute the same on every CPU, and compiling for the
//! host triple's baseline keeps compiled code (and the disk cache) good on
//! any machine of the architecture. The pool's slots ([`INSTANCE_SLOTS`])
//! keep a little of each memory resident and, where Linux has
//! `PAGEMAP_SCAN`, reset only the pages an instance wrote; where the process
//! may not reserve the pool's address space, instances are mapped one by
//! one. When every slot is taken (more calls in flight than
//! [`INSTANCE_SLOTS`]), an instance is mapped on its own on a second,
//! on-demand engine with the same configuration ([`Spare`]), with a
//! warning: the call runs the same code on the same budget, so a match
//! plays the same however busy the process is. A component's recorded
//! API version (`sve:api-version`) and its imports are read from its bytes
//! before it is compiled.
//!
//! Why every call into a Rust pack still gets a new instance (measured in
//! docs/performance.md): wasmtime 48 gives the host no way to reset a live
//! component instance. Its core memories, globals and tables are reachable
//! only with guest debugging compiled in, so a kept instance would keep
//! whatever the pack left in its stack pointer or a global of its own. A
//! new instance from the pool maps the pack's copy-on-write image again and
//! resets only the pages the last one wrote.

use super::host_api::HostState;
use super::wit::{AnyPack, AnyPackPre, latest, since_v0_1_0, since_v0_2_0};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use wasmtime::component::{Component, HasSelf, Linker};
use wasmtime::{
    Config, Enabled, Engine, InstanceAllocationStrategy, PoolConcurrencyLimitError,
    PoolingAllocationConfig, Store, StoreLimitsBuilder,
};

/// Fuel for one call into a pack (deterministic: a runaway ability fails the
/// same way in a replay as it did live); the `worst_case` benches measure
/// what a call that spends it all costs.
pub const FUEL_PER_CALL: u64 = 50_000_000;
pub use super::limits::HOST_CALLS_PER_CALL;
/// Linear memory a pack instance may use.
pub const MEMORY_LIMIT: usize = 64 << 20;
/// Table elements (function references) a pack instance may hold: a
/// compiled Rust pack needs a few thousand for its indirect calls.
pub const TABLE_ELEMENT_LIMIT: usize = 20_000;
/// Native stack a pack call may use.
pub const STACK_LIMIT: usize = 512 << 10;

/// A handle on the wasmtime engine and linker every pack shares (one per
/// process), with this handle's on-disk cache folder.
#[derive(Clone)]
pub struct PackEngine {
    engine: Engine,
    linker: Linker<HostState>,
    cache_dir: Option<PathBuf>,
    /// Components compiled in this process, by content hash, shared by
    /// every handle (they belong to the one engine): every script pack
    /// shares the runtime component, so a script reload, or a second pack
    /// library, compiles and loads no wasm.
    compiled: Arc<Mutex<HashMap<u64, Component>>>,
    /// The embedded script runtime, checked, compiled and pre-instantiated
    /// once per process: a script reload then touches no wasm bytes.
    runtime: Arc<OnceLock<Prepared>>,
    /// Where instances go when the pool is full (`None` when `engine`
    /// maps every instance on its own already).
    spare: Option<Arc<Spare>>,
}

/// What every [`PackEngine`] handle shares.
#[derive(Clone)]
struct Shared {
    engine: Engine,
    linker: Linker<HostState>,
    compiled: Arc<Mutex<HashMap<u64, Component>>>,
    runtime: Arc<OnceLock<Prepared>>,
    spare: Option<Arc<Spare>>,
}

/// The on-demand engine an instance is made on when the pooled engine has
/// no free slot: made at the first such call, with the pooled engine's
/// configuration but its own mapping per instance, so its compiled code is
/// the pooled engine's (a pack's fuel and results don't depend on where
/// it ran).
pub(crate) struct Spare {
    /// The pooled engine's configuration, allocating on demand.
    config: Config,
    /// The engine and its linker, made at first use (a failure is kept and
    /// reported at every fallback).
    engine: OnceLock<Result<(Engine, Linker<HostState>), String>>,
    /// Packs prepared on the spare engine, by the address of the pooled
    /// component's code; each entry keeps that component alive, so the
    /// address can't be reused by another pack while the entry stands.
    prepared: Mutex<HashMap<usize, (Component, AnyPackPre)>>,
    /// Instances made on the spare engine.
    instances: AtomicU64,
}

/// A component that passed the checks, compiled and pre-instantiated
/// against the card API version it records.
#[derive(Clone)]
pub(crate) struct Prepared {
    /// The card API version the component records.
    pub version: semver::Version,
    /// The component, ready to instantiate.
    pub pre: AnyPackPre,
    /// The FNV-1a hash of the component's bytes.
    pub hash: u64,
}

/// Errors compiling or instantiating a component.
#[derive(Debug, thiserror::Error)]
pub enum ComponentError {
    /// wasmtime refused the component or failed to run it.
    #[error("{0}")]
    Wasmtime(String),
}

fn wasm_err(e: impl std::fmt::Display) -> ComponentError {
    ComponentError::Wasmtime(format!("{e:#}"))
}

impl PackEngine {
    /// A handle on the process's pack engine. `cache_dir` keeps compiled
    /// components between runs.
    pub fn new(cache_dir: Option<PathBuf>) -> Result<PackEngine, ComponentError> {
        Ok(PackEngine::from_shared(shared_engine()?, cache_dir))
    }

    fn from_shared(shared: Shared, cache_dir: Option<PathBuf>) -> PackEngine {
        let Shared {
            engine,
            linker,
            compiled,
            runtime,
            spare,
        } = shared;
        PackEngine {
            engine,
            linker,
            cache_dir,
            compiled,
            runtime,
            spare,
        }
    }

    /// A handle on an engine of its own whose pool holds `slots` instances
    /// (the tests fill it).
    #[cfg(test)]
    fn with_pool_slots(slots: u32) -> Result<PackEngine, ComponentError> {
        Ok(PackEngine::from_shared(new_engine(slots)?, None))
    }

    /// How many instances were made on the spare engine because the pool
    /// was full.
    #[cfg(test)]
    fn spare_instances(&self) -> u64 {
        self.spare
            .as_ref()
            .map_or(0, |spare| spare.instances.load(Ordering::Relaxed))
    }

    /// The embedded script runtime, prepared by `prepare` at the first
    /// call in the process and remembered (a failure is not remembered:
    /// it is reported again at the next call).
    pub(crate) fn runtime<E>(
        &self,
        prepare: impl FnOnce() -> Result<Prepared, E>,
    ) -> Result<Prepared, E> {
        if let Some(prepared) = self.runtime.get() {
            return Ok(prepared.clone());
        }
        let prepared = prepare()?;
        let _ = self.runtime.set(prepared.clone());
        Ok(prepared)
    }

    /// Compiles a component, or loads it from the on-disk cache.
    pub fn compile(&self, bytes: &[u8]) -> Result<Component, ComponentError> {
        let hash = content_hash(bytes, &self.engine);
        if let Some(component) = self
            .compiled
            .lock()
            .ok()
            .and_then(|m| m.get(&hash).cloned())
        {
            return Ok(component);
        }
        let component = self.compile_uncached(bytes, hash)?;
        if let Ok(mut memo) = self.compiled.lock() {
            // Rust packs change at each rebuild: keep the memo small.
            if memo.len() >= 32 {
                memo.clear();
            }
            memo.insert(hash, component.clone());
        }
        Ok(component)
    }

    fn compile_uncached(&self, bytes: &[u8], hash: u64) -> Result<Component, ComponentError> {
        let cache_file = self
            .cache_dir
            .as_ref()
            .map(|dir| dir.join(format!("{hash:016x}-wasmtime48.cwasm")));
        if let Some(file) = &cache_file
            && file.exists()
        {
            // SAFETY: the cache directory holds only files this function
            // wrote with `Component::serialize` for this wasmtime version
            // and configuration (both are part of the file name).
            match unsafe { Component::deserialize_file(&self.engine, file) } {
                Ok(component) => return Ok(component),
                Err(e) => tracing::warn!("ignoring bad component cache {}: {e}", file.display()),
            }
        }
        let component = Component::new(&self.engine, bytes).map_err(wasm_err)?;
        if let Some(file) = &cache_file
            && let Ok(serialized) = component.serialize()
        {
            write_atomically(file, &serialized);
        }
        Ok(component)
    }

    /// Pre-instantiates a component against the game API of `version`
    /// (the card API version it records).
    pub(crate) fn prepare(
        &self,
        component: &Component,
        version: &semver::Version,
    ) -> Result<AnyPackPre, ComponentError> {
        let pre = self.linker.instantiate_pre(component).map_err(wasm_err)?;
        AnyPackPre::new(pre, version).map_err(wasm_err)
    }

    /// Instantiates a prepared pack in a fresh store.
    pub(crate) fn instantiate(
        &self,
        pre: &AnyPackPre,
        pack_data: Arc<[u8]>,
    ) -> Result<(Store<HostState>, AnyPack), ComponentError> {
        self.instantiate_with(pre, pack_data, AnyPackPre::instantiate)
    }

    /// Instantiates a prepared pack in a fresh store for one ability call
    /// (no manifest call: see `AnyPack::LatestCalls`).
    pub(crate) fn instantiate_for_call(
        &self,
        pre: &AnyPackPre,
        pack_data: Arc<[u8]>,
    ) -> Result<(Store<HostState>, AnyPack), ComponentError> {
        self.instantiate_with(pre, pack_data, AnyPackPre::instantiate_for_calls)
    }

    /// Instantiates with `make` in a fresh store with a call's fuel (a
    /// start function shares it with the call), from the pool, or on the
    /// spare engine when the pool is full.
    fn instantiate_with(
        &self,
        pre: &AnyPackPre,
        pack_data: Arc<[u8]>,
        make: Make,
    ) -> Result<(Store<HostState>, AnyPack), ComponentError> {
        let mut store = fueled_store_on(&self.engine, pack_data)?;
        match make(pre, &mut store) {
            Ok(pack) => Ok((store, pack)),
            Err(e) if e.is::<PoolConcurrencyLimitError>() => match &self.spare {
                Some(spare) => spare.instantiate(pre, store.into_data().pack_data, make, &e),
                None => Err(wasm_err(e)),
            },
            Err(e) => Err(wasm_err(e)),
        }
    }
}

/// How an instance is made from a prepared pack: whole, or for ability
/// calls only.
type Make = fn(&AnyPackPre, &mut Store<HostState>) -> wasmtime::Result<AnyPack>;

impl Spare {
    /// Instantiates `pre` on the spare engine, because the pool said `why`.
    fn instantiate(
        &self,
        pre: &AnyPackPre,
        pack_data: Arc<[u8]>,
        make: Make,
        why: &wasmtime::Error,
    ) -> Result<(Store<HostState>, AnyPack), ComponentError> {
        let made = self.instances.fetch_add(1, Ordering::Relaxed) + 1;
        // Warn at the first and then at every 1,024th, so a process that
        // stays this busy says so without a line per call.
        if made == 1 || made.is_multiple_of(1024) {
            tracing::warn!(
                "pack instance pool full ({why:#}); mapping instances on their own \
                 ({made} so far): slower, same results"
            );
        } else {
            tracing::debug!("pack instance pool full; instance {made} mapped on its own");
        }
        let (engine, spare_pre) = self.prepare(pre)?;
        let mut store = fueled_store_on(&engine, pack_data)?;
        let pack = make(&spare_pre, &mut store).map_err(wasm_err)?;
        Ok((store, pack))
    }

    /// The spare engine, made at the first call.
    fn engine(&self) -> Result<&(Engine, Linker<HostState>), ComponentError> {
        self.engine
            .get_or_init(|| {
                let engine = Engine::new(&self.config).map_err(|e| format!("{e:#}"))?;
                let linker = new_linker(&engine).map_err(|e| e.to_string())?;
                Ok((engine, linker))
            })
            .as_ref()
            .map_err(|e| ComponentError::Wasmtime(format!("the spare pack engine failed: {e}")))
    }

    /// `pre`'s component on the spare engine, pre-instantiated against the
    /// same card API version.
    fn prepare(&self, pre: &AnyPackPre) -> Result<(Engine, AnyPackPre), ComponentError> {
        let (engine, linker) = self.engine()?;
        let (component, version) = match pre {
            AnyPackPre::V0_1(p) => (p.instance_pre().component(), since_v0_1_0::VERSION),
            AnyPackPre::V0_2(p) => (p.instance_pre().component(), since_v0_2_0::VERSION),
            AnyPackPre::Latest(p, _) => (p.instance_pre().component(), latest::VERSION),
        };
        let key = component.image_range().start.addr();
        let mut memo = self
            .prepared
            .lock()
            .map_err(|_| ComponentError::Wasmtime("the spare engine's memo is poisoned".into()))?;
        if let Some((_, prepared)) = memo.get(&key) {
            return Ok((engine.clone(), prepared.clone()));
        }
        // The pooled engine's compiled code, loaded as is: both engines
        // have one configuration but the instance allocator, which compiled
        // code does not depend on.
        let bytes = component.serialize().map_err(wasm_err)?;
        // SAFETY: `bytes` were just serialized by wasmtime from a component
        // of an engine with this engine's configuration.
        let moved = unsafe { Component::deserialize(engine, &bytes) }.map_err(wasm_err)?;
        let instance_pre = linker.instantiate_pre(&moved).map_err(wasm_err)?;
        let prepared = AnyPackPre::new(instance_pre, &version).map_err(wasm_err)?;
        // Rust packs change at each rebuild: keep the memo small.
        if memo.len() >= 32 {
            memo.clear();
        }
        memo.insert(key, (component.clone(), prepared.clone()));
        Ok((engine.clone(), prepared))
    }
}

/// A fresh store on `engine` with a call's fuel.
fn fueled_store_on(
    engine: &Engine,
    pack_data: Arc<[u8]>,
) -> Result<Store<HostState>, ComponentError> {
    let mut store = store_on(engine, pack_data);
    store.set_fuel(FUEL_PER_CALL).map_err(wasm_err)?;
    Ok(store)
}

/// A fresh store on `engine` with the pack limits.
fn store_on(engine: &Engine, pack_data: Arc<[u8]>) -> Store<HostState> {
    let mut store = Store::new(
        engine,
        HostState {
            limits: StoreLimitsBuilder::new()
                .memory_size(MEMORY_LIMIT)
                .table_elements(TABLE_ELEMENT_LIMIT)
                .instances(4)
                .tables(4)
                .memories(2)
                .trap_on_grow_failure(false)
                .build(),
            pack_data,
            ..HostState::default()
        },
    );
    store.limiter(|state| &mut state.limits);
    store.call_hook(count_host_call);
    store
}

/// Runs at every call from a pack into the host: once the engine has
/// halted the run (a question, a failure, a limit) the pack may call
/// nothing more, and a call into the pack makes at most
/// [`HOST_CALLS_PER_CALL`] of them. (Counted, not charged as fuel: inside
/// a runtime call such as `table.grow` the store's fuel reads 0.)
fn count_host_call(
    mut store: wasmtime::StoreContextMut<'_, HostState>,
    hook: wasmtime::CallHook,
) -> wasmtime::Result<()> {
    if !matches!(hook, wasmtime::CallHook::CallingHost) {
        return Ok(());
    }
    let state = store.data_mut();
    if state.halt.is_some() {
        return Err(wasmtime::Error::msg(
            "the pack kept calling the game after the engine stopped it",
        ));
    }
    state.host_calls += 1;
    if state.host_calls > HOST_CALLS_PER_CALL {
        state.halt = Some(sve_engine::engine::Halt::Failed(format!(
            "stopped: it made more than {HOST_CALLS_PER_CALL} calls to the game in one run"
        )));
        return Err(wasmtime::Error::msg("too many calls to the game"));
    }
    Ok(())
}

/// Concurrent pack instances the pooling allocator holds: every call
/// into a pack in flight, plus the idle script-runtime instances kept for
/// reuse (at most [`super::runner::POOL_LIMIT`] per script pack).
pub const INSTANCE_SLOTS: u32 = 512;
/// Bytes of each pooled linear memory wasmtime resets with `memset`
/// instead of giving the pages back to the kernel: a Rust pack's fresh
/// instance at every call then reuses warm pages (measured in
/// docs/performance.md).
const KEEP_RESIDENT: usize = 64 << 10;

/// The process's one engine and linker (wasmtime's advice: an engine per
/// process), made at first use. Components compiled by one engine run only
/// on it, and the pooling allocator reserves its slots once.
fn shared_engine() -> Result<Shared, ComponentError> {
    static SHARED: OnceLock<Result<Shared, String>> = OnceLock::new();
    SHARED
        .get_or_init(|| new_engine(INSTANCE_SLOTS).map_err(|e| e.to_string()))
        .clone()
        .map_err(ComponentError::Wasmtime)
}

/// The engine with a pool of `slots` instances, or mapping instances one
/// by one where the process may not reserve the pool.
fn new_engine(slots: u32) -> Result<Shared, ComponentError> {
    let mut config = Config::new();
    config.consume_fuel(true);
    config.max_wasm_stack(STACK_LIMIT);
    config.wasm_component_model(true);
    // The same pack must play the same everywhere (replays and bug
    // reports cross machines): NaN bit patterns and relaxed SIMD
    // results would otherwise depend on the CPU.
    config.cranelift_nan_canonicalization(true);
    config.relaxed_simd_deterministic(true);
    // Naming the host's triple stops wasmtime from tuning code to this
    // CPU's features: compiled packs (and the on-disk cache) then work on
    // any machine of the architecture, and a CPU that reports other
    // features (valgrind's, in the CI speed guard) runs the same code.
    config
        .target(&target_lexicon::HOST.to_string())
        .map_err(wasm_err)?;
    // `SVE_WASM_PERFMAP=1` names pack functions in `perf` profiles
    // (wasmtime writes /tmp/perf-<pid>.map); see docs/performance.md.
    if std::env::var_os("SVE_WASM_PERFMAP").is_some() {
        config.profiler(wasmtime::ProfilingStrategy::PerfMap);
    }
    // Explicit, as the pool's speed rests on it: a memory starts as a
    // copy-on-write mapping of the pack's initial image, and a pool slot
    // keeps that mapping for the next instance of the same pack.
    config.memory_init_cow(true);
    let mut pooled = config.clone();
    pooled.allocation_strategy(InstanceAllocationStrategy::Pooling(pooling(slots)));
    // The pool reserves address space up front; where the process may not
    // reserve that much (a low `ulimit -v`), instances are mapped one by
    // one instead: slower, same behaviour.
    let (engine, spare) = match Engine::new(&pooled) {
        Ok(engine) => {
            let spare = Spare {
                config,
                engine: OnceLock::new(),
                prepared: Mutex::default(),
                instances: AtomicU64::new(0),
            };
            (engine, Some(Arc::new(spare)))
        }
        Err(e) => {
            tracing::warn!("pack instance pool unavailable ({e:#}); mapping instances one by one");
            (Engine::new(&config).map_err(wasm_err)?, None)
        }
    };
    Ok(Shared {
        linker: new_linker(&engine)?,
        engine,
        compiled: Arc::default(),
        runtime: Arc::default(),
        spare,
    })
}

/// A linker with every supported version's game API.
fn new_linker(engine: &Engine) -> Result<Linker<HostState>, ComponentError> {
    let mut linker = Linker::new(engine);
    // Every supported version's game API: their instances have
    // different names (`sve:cards/game@0.1.0`, `@0.2.0`, `@0.3.0`).
    latest::Pack::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |state| state)
        .map_err(wasm_err)?;
    since_v0_2_0::Pack::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |state| state)
        .map_err(wasm_err)?;
    since_v0_1_0::Pack::add_to_linker::<HostState, HasSelf<HostState>>(&mut linker, |state| state)
        .map_err(wasm_err)?;
    // `choose` and `matches` again, with their lists checked before
    // they are copied out of the pack's memory.
    super::lazy_args::add_to_linker(&mut linker).map_err(wasm_err)?;
    Ok(linker)
}

/// The pooling allocator's limits, matching the per-store limits of
/// [`PackEngine::store`]: a pack component holds at most 4 core
/// instances, 2 memories and 4 tables. Slots are reset between uses, so a
/// new instance never sees what an earlier one left in memory.
///
/// The pool reserves each memory slot's address space up front (wasmtime's
/// default reservation, 4 GiB plus guard pages on 64-bit hosts, which lets
/// compiled code skip bounds checks): 512 slots take about 4 TiB of the
/// 128 TiB a Linux process may address, and memory only as it is used.
fn pooling(slots: u32) -> PoolingAllocationConfig {
    let mut pooling = PoolingAllocationConfig::new();
    pooling
        .total_component_instances(slots)
        .total_core_instances(slots * 4)
        .total_memories(slots * 2)
        .total_tables(slots * 4)
        .max_memory_size(MEMORY_LIMIT)
        .table_elements(TABLE_ELEMENT_LIMIT)
        .linear_memory_keep_resident(KEEP_RESIDENT)
        .table_keep_resident(KEEP_RESIDENT)
        // Where the kernel can say which pages an instance wrote (Linux
        // 6.7's `PAGEMAP_SCAN`), only those are reset, with `memset`, and
        // they stay mapped: a Rust pack's fresh instance per call then
        // takes no page faults and no `madvise` (a packs sim's page faults
        // fell from 82,900 to 1,250, its CPU time by about a tenth;
        // docs/performance.md). Elsewhere wasmtime resets as above.
        .pagemap_scan(Enabled::Auto);
    pooling
}

/// Hash of the component bytes and the engine's compatibility key.
fn content_hash(bytes: &[u8], engine: &Engine) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    engine.precompile_compatibility_hash().hash(&mut hasher);
    hasher.finish()
}

/// Writes through a temporary file and a rename, so a reader never sees a
/// half-written file.
fn write_atomically(file: &Path, bytes: &[u8]) {
    let Some(dir) = file.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let tmp = file.with_extension(format!("tmp{}", std::process::id()));
    if std::fs::write(&tmp, bytes).is_ok() && std::fs::rename(&tmp, file).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

/// The card API version a component records in its `sve:api-version`
/// custom section (written by `sve_sdk::export_pack!`).
pub fn recorded_api_version(bytes: &[u8]) -> Option<String> {
    custom_section(bytes, "sve:api-version").map(|data| String::from_utf8_lossy(data).into_owned())
}

/// Why bytes are not a wasm component: the parser's error, or `None` when
/// they parse as one. Checked before anything is read from a pack file, so
/// a corrupt `.wasm` is reported as such rather than as a missing section.
pub fn component_parse_error(bytes: &[u8]) -> Option<String> {
    let mut is_component = false;
    for payload in wasmparser::Parser::new(0).parse_all(bytes) {
        match payload {
            Ok(wasmparser::Payload::Version { encoding, .. }) if !is_component => {
                if encoding != wasmparser::Encoding::Component {
                    return Some("it is a core wasm module, not a component".to_owned());
                }
                is_component = true;
            }
            Ok(_) => {}
            Err(e) => return Some(e.to_string()),
        }
    }
    (!is_component).then(|| "the file is empty".to_owned())
}

/// The payload of a custom section at the top level or in any nested
/// module (the first with that name).
pub(crate) fn custom_section<'a>(bytes: &'a [u8], name: &str) -> Option<&'a [u8]> {
    for payload in wasmparser::Parser::new(0).parse_all(bytes) {
        if let Ok(wasmparser::Payload::CustomSection(section)) = payload
            && section.name() == name
        {
            return Some(section.data());
        }
    }
    None
}

/// Appends a custom section (id 0: LEB128 size, then the LEB128-prefixed
/// name and the payload) to a wasm module or component.
pub(crate) fn append_custom_section(bytes: &mut Vec<u8>, name: &str, payload: &[u8]) {
    let mut body = Vec::with_capacity(name.len() + payload.len() + 5);
    leb128(&mut body, name.len());
    body.extend_from_slice(name.as_bytes());
    body.extend_from_slice(payload);
    bytes.push(0);
    leb128(bytes, body.len());
    bytes.extend_from_slice(&body);
}

fn leb128(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// The names of a component's imports of instances, functions and other
/// capabilities (e.g. `sve:cards/game@0.1.0`); type imports are left out.
pub fn component_imports(bytes: &[u8]) -> Vec<String> {
    let mut imports = Vec::new();
    let mut depth = 0u32;
    for payload in wasmparser::Parser::new(0).parse_all(bytes) {
        match payload {
            Ok(wasmparser::Payload::ModuleSection { .. })
            | Ok(wasmparser::Payload::ComponentSection { .. }) => depth += 1,
            Ok(wasmparser::Payload::End(_)) => depth = depth.saturating_sub(1),
            Ok(wasmparser::Payload::ComponentImportSection(reader)) if depth == 0 => {
                // Type imports (records the world uses) grant nothing.
                for import in reader.into_iter().flatten() {
                    if !matches!(import.ty, wasmparser::ComponentTypeRef::Type(_)) {
                        imports.push(import.name.name.to_owned());
                    }
                }
            }
            _ => {}
        }
    }
    imports
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A core module whose export `grow(n)` grows its function table by
    /// `n` elements (`table.grow`) and returns the old size, or -1.
    const TABLE_GROWER: &[u8] = &[
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // header
        0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7f, // type: (i32) -> i32
        0x03, 0x02, 0x01, 0x00, // one function
        0x04, 0x04, 0x01, 0x70, 0x00, 0x01, // a funcref table, 1 element, no maximum
        0x07, 0x08, 0x01, 0x04, 0x67, 0x72, 0x6f, 0x77, 0x00, 0x00, // export "grow"
        0x0a, 0x0b, 0x01, 0x09, 0x00, // code: no locals
        0xd0, 0x70, 0x20, 0x00, 0xfc, 0x0f, 0x00, 0x0b, // ref.null func, n, table.grow 0
    ];

    /// A call for a card the pack does not define (it answers without
    /// calling the game), run in a new instance of `pre` on `engine`: its
    /// result, and what it left of its fuel.
    fn run_unknown_card(engine: &PackEngine, pre: &AnyPackPre) -> (Result<(), String>, u64) {
        let call = latest::sve::cards::types::AbilityCall {
            source: 1,
            source_object: 1,
            card_id: "NOT-IN-THE-PACK".to_owned(),
            ability: 0,
            controller: 0,
            trigger_card: None,
            amount: 0,
        };
        let (mut store, pack) = engine
            .instantiate_for_call(pre, Arc::from(Vec::new()))
            .expect("an instance");
        let result = pack.call_resolve(&mut store, &call).expect("no trap");
        (result, store.get_fuel().expect("fuel is on"))
    }

    #[test]
    fn a_full_pool_maps_instances_on_their_own_and_they_run_the_same() {
        // A build against a frozen card API (never rebuilt), so it links
        // whatever the unreleased API's state; through the adapter.
        let bytes = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/packs/api-v0.2.0/rust-starter.wasm"),
        )
        .expect("the committed 0.2.0 build of rust-starter");
        let version = recorded_api_version(&bytes).expect("a recorded version");
        let version = semver::Version::parse(&version).expect("a version");
        let engine = PackEngine::with_pool_slots(1).expect("engine");
        let component = engine.compile(&bytes).expect("it compiles");
        let pre = engine.prepare(&component, &version).expect("it links");

        let pooled = run_unknown_card(&engine, &pre);
        assert_eq!(engine.spare_instances(), 0, "the pool had a free slot");
        // Hold the pool's one slot: the next instances are made on the
        // spare engine, and run the same code on the same budget.
        let held = engine
            .instantiate_for_call(&pre, Arc::from(Vec::new()))
            .expect("the pool's slot");
        assert_eq!(run_unknown_card(&engine, &pre), pooled);
        assert_eq!(run_unknown_card(&engine, &pre), pooled);
        assert_eq!(engine.spare_instances(), 2);
        // Once the slot is free again, instances come from the pool.
        drop(held);
        assert_eq!(run_unknown_card(&engine, &pre), pooled);
        assert_eq!(engine.spare_instances(), 2);
    }

    #[test]
    fn a_pack_cannot_grow_its_tables_past_the_limit() {
        let engine = PackEngine::new(None).expect("engine");
        let module = wasmtime::Module::new(&engine.engine, TABLE_GROWER).expect("module");
        let mut store = store_on(&engine.engine, Arc::from(Vec::new()));
        store.set_fuel(FUEL_PER_CALL).expect("fuel");
        let instance = wasmtime::Instance::new(&mut store, &module, &[]).expect("instance");
        let grow = instance
            .get_typed_func::<i32, i32>(&mut store, "grow")
            .expect("export");
        // wasmtime charges fuel per element grown: a hundred million (800 MB
        // of table) run out of fuel first.
        let trap = grow.call(&mut store, 100_000_000).expect_err("out of fuel");
        assert_eq!(trap.downcast_ref(), Some(&wasmtime::Trap::OutOfFuel));
        // What fuel allows, the table limit refuses.
        store.set_fuel(FUEL_PER_CALL).expect("fuel");
        assert_eq!(grow.call(&mut store, 1_000_000).expect("no trap"), -1);
        assert_eq!(grow.call(&mut store, 100).expect("no trap"), 1);
        let room = i32::try_from(TABLE_ELEMENT_LIMIT).expect("fits") - 101;
        assert_eq!(grow.call(&mut store, room + 1).expect("no trap"), -1);
        assert_eq!(grow.call(&mut store, room).expect("no trap"), 101);
    }
}
