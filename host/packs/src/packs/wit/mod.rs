//! The card API's versions: one module per version folder under `wit/` at
//! the workspace root, each with its own bindings. `latest` is the current
//! contract, which the host implements; each older, frozen version has an
//! adapter that runs its packs on the current one (as Zed does for its
//! extension API). [`AnyPackPre`] and [`AnyPack`] hide the version from the
//! loader and the runner.
//!
//! A frozen version's WIT never changes (a test pins its text); a change
//! to the contract goes into the newest folder while it is unreleased, or
//! into a new folder with an adapter for the one before.
//!
//! The adapters are chained: 0.1.0's converts to 0.2.0's types and calls
//! 0.2.0's game API, whose adapter converts on to the current one. Each
//! version keeps its own Rust types even where the WIT did not change:
//! bindgen's `with:` maps whole interfaces of one package version, and
//! `sve:cards/types@0.2.0` is not `@0.3.0`
//! (`docs/later-sets-plan.md`, 2.3).
//!
//! `tests/packs/api-v0.1.0/` and `tests/packs/api-v0.2.0/` hold committed,
//! never-rebuilt builds of `rust-starter` made with the 0.1.0 and 0.2.0
//! SDKs; the `sve-tests` card API version tests prove each loads with the
//! same cards, passes the pack's scenario files and plays the same matches,
//! event for event, as the current build. A Rust
//! pack's `api` requirement must accept the version it was built against; a
//! script pack's scripts never see the card API, so its `api` need only
//! accept one version the host runs.

pub(crate) mod adapt;
#[allow(missing_docs)] // Generated bindings.
pub mod since_v0_1_0;
#[allow(missing_docs)] // Generated bindings.
pub mod since_v0_2_0;
#[allow(missing_docs)] // Generated bindings.
pub mod since_v0_3_0;

pub use since_v0_3_0 as latest;

use super::host_api::HostState;
use adapt::Adapt;
use latest::sve::cards::types as w;
use wasmtime::Store;
use wasmtime::component::{ComponentExportIndex, Func, InstancePre};

/// The API versions this host loads, oldest first.
pub const SUPPORTED: &[semver::Version] = &[
    since_v0_1_0::VERSION,
    since_v0_2_0::VERSION,
    since_v0_3_0::VERSION,
];

/// A pack pre-instantiated against the host's linker, of any supported
/// version.
#[derive(Clone)]
pub(crate) enum AnyPackPre {
    /// Built against 0.1.0 (through the adapters).
    V0_1(since_v0_1_0::PackPre<HostState>),
    /// Built against 0.2.0 (through the adapter).
    V0_2(since_v0_2_0::PackPre<HostState>),
    /// Built against the current API, with where its ability entry points
    /// are.
    Latest(latest::PackPre<HostState>, CallIndices),
}

/// Where a current-API component's `condition` and `resolve` exports are.
#[derive(Clone)]
pub(crate) struct CallIndices {
    condition: ComponentExportIndex,
    resolve: ComponentExportIndex,
}

/// A pack's exports, of any supported version.
pub(crate) enum AnyPack {
    /// Built against 0.1.0 (through the adapters).
    V0_1(since_v0_1_0::Pack),
    /// Built against 0.2.0 (through the adapter).
    V0_2(since_v0_2_0::Pack),
    /// Built against the current API.
    Latest(latest::Pack),
    /// An instance of a current-API component made for one ability call:
    /// its `condition` and `resolve` only, type-checked when called. The
    /// bindings' `Pack` type-checks every export at each instance, the
    /// manifest's large type included, which was a sixth of the cost of a
    /// call into a Rust pack (each gets a fresh instance).
    LatestCalls {
        /// The `condition` export.
        condition: Func,
        /// The `resolve` export.
        resolve: Func,
    },
}

impl AnyPackPre {
    /// The typed exports of a component built against `version` (one of
    /// [`SUPPORTED`]).
    pub(crate) fn new(
        pre: InstancePre<HostState>,
        version: &semver::Version,
    ) -> wasmtime::Result<AnyPackPre> {
        if *version == since_v0_1_0::VERSION {
            return Ok(AnyPackPre::V0_1(since_v0_1_0::PackPre::new(pre)?));
        }
        if *version == since_v0_2_0::VERSION {
            return Ok(AnyPackPre::V0_2(since_v0_2_0::PackPre::new(pre)?));
        }
        if *version == latest::VERSION {
            let export = |name: &str| {
                pre.component()
                    .get_export_index(None, name)
                    .ok_or_else(|| wasmtime::Error::msg(format!("no export `{name}`")))
            };
            let indices = CallIndices {
                condition: export("condition")?,
                resolve: export("resolve")?,
            };
            return Ok(AnyPackPre::Latest(latest::PackPre::new(pre)?, indices));
        }
        Err(wasmtime::Error::msg(format!(
            "card API {version} is not supported"
        )))
    }

    /// Instantiates the pack in `store`.
    pub(crate) fn instantiate(&self, store: &mut Store<HostState>) -> wasmtime::Result<AnyPack> {
        Ok(match self {
            AnyPackPre::V0_1(pre) => AnyPack::V0_1(pre.instantiate(store)?),
            AnyPackPre::V0_2(pre) => AnyPack::V0_2(pre.instantiate(store)?),
            AnyPackPre::Latest(pre, _) => AnyPack::Latest(pre.instantiate(store)?),
        })
    }

    /// Instantiates the pack in `store` for ability calls only (see
    /// [`AnyPack::LatestCalls`]).
    pub(crate) fn instantiate_for_calls(
        &self,
        store: &mut Store<HostState>,
    ) -> wasmtime::Result<AnyPack> {
        let AnyPackPre::Latest(pre, indices) = self else {
            return self.instantiate(store);
        };
        let instance = pre.instance_pre().instantiate(&mut *store)?;
        let mut func = |index: &ComponentExportIndex| {
            instance
                .get_func(&mut *store, index)
                .ok_or_else(|| wasmtime::Error::msg("an entry point is not a function"))
        };
        Ok(AnyPack::LatestCalls {
            condition: func(&indices.condition)?,
            resolve: func(&indices.resolve)?,
        })
    }
}

impl AnyPack {
    /// The pack's card definitions, in the current API's types.
    pub(crate) fn call_manifest(
        &self,
        store: &mut Store<HostState>,
    ) -> wasmtime::Result<w::Manifest> {
        match self {
            AnyPack::V0_1(pack) => Ok(since_v0_2_0::manifest_in(since_v0_1_0::manifest_in(
                pack.call_manifest(store)?,
            ))),
            AnyPack::V0_2(pack) => Ok(since_v0_2_0::manifest_in(pack.call_manifest(store)?)),
            AnyPack::Latest(pack) => pack.call_manifest(store),
            AnyPack::LatestCalls { .. } => Err(wasmtime::Error::msg(
                "an instance made for ability calls has no manifest call",
            )),
        }
    }

    /// Whether an ability's condition holds now.
    pub(crate) fn call_condition(
        &self,
        store: &mut Store<HostState>,
        call: &w::AbilityCall,
    ) -> wasmtime::Result<Result<bool, String>> {
        match self {
            AnyPack::V0_1(pack) => pack.call_condition(store, &to_v0_1(call)),
            AnyPack::V0_2(pack) => pack.call_condition(store, &Adapt::adapt(call.clone())),
            AnyPack::Latest(pack) => pack.call_condition(store, call),
            AnyPack::LatestCalls { condition, .. } => {
                let typed =
                    condition.typed::<(&w::AbilityCall,), (Result<bool, String>,)>(&*store)?;
                Ok(typed.call(store, (call,))?.0)
            }
        }
    }

    /// Runs an ability.
    pub(crate) fn call_resolve(
        &self,
        store: &mut Store<HostState>,
        call: &w::AbilityCall,
    ) -> wasmtime::Result<Result<(), String>> {
        match self {
            AnyPack::V0_1(pack) => pack.call_resolve(store, &to_v0_1(call)),
            AnyPack::V0_2(pack) => pack.call_resolve(store, &Adapt::adapt(call.clone())),
            AnyPack::Latest(pack) => pack.call_resolve(store, call),
            AnyPack::LatestCalls { resolve, .. } => {
                let typed = resolve.typed::<(&w::AbilityCall,), (Result<(), String>,)>(&*store)?;
                Ok(typed.call(store, (call,))?.0)
            }
        }
    }
}

/// An ability call in 0.1.0's types, through 0.2.0's.
fn to_v0_1(call: &w::AbilityCall) -> since_v0_1_0::sve::cards::types::AbilityCall {
    let call: since_v0_2_0::sve::cards::types::AbilityCall = call.clone().adapt();
    call.adapt()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The released versions: their WIT folder and a hash of its files.
    /// A released contract never changes: packs built against it must keep
    /// loading and playing the same.
    const FROZEN: &[(&str, u64)] = &[
        ("since_v0.1.0", 0xd0b0_0ca2_ad50_598d),
        ("since_v0.2.0", 0x338f_ab2d_bd3e_2967),
    ];

    fn folder_hash(dir: &Path) -> u64 {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the WIT folder")
            .map(|entry| entry.expect("a WIT file").path())
            .collect();
        files.sort();
        let mut bytes = Vec::new();
        for file in files {
            let name = file.file_name().expect("a file name");
            bytes.extend_from_slice(name.as_encoded_bytes());
            bytes.push(0);
            // Line endings as committed, whatever a checkout does to them.
            let text = std::fs::read_to_string(&file).expect("WIT text");
            bytes.extend_from_slice(text.replace("\r\n", "\n").as_bytes());
            bytes.push(0);
        }
        crate::packs::load::fnv1a(&bytes)
    }

    #[test]
    fn released_card_apis_are_frozen() {
        let wit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wit");
        for (folder, hash) in FROZEN {
            let actual = folder_hash(&wit.join(folder));
            assert_eq!(
                actual, *hash,
                "wit/{folder} changed ({actual:#x}), but it is a released card API: packs built \
                 against it must keep working. Put the change into the newest folder (or a new \
                 one) and adapt the old version to it (host/packs/src/packs/wit/)."
            );
        }
    }

    #[test]
    fn every_version_folder_has_its_bindings() {
        let wit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../wit");
        let mut folders: Vec<String> = std::fs::read_dir(&wit)
            .expect("wit/")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        folders.sort();
        let supported: Vec<String> = super::SUPPORTED
            .iter()
            .map(|v| format!("since_v{v}"))
            .collect();
        assert_eq!(folders, supported);
        assert_eq!(super::SUPPORTED.last(), Some(&super::latest::VERSION));
    }
}
