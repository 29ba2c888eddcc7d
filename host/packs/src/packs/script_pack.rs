//! SVE Script packs: compiled in-process and played by the embedded script
//! runtime component.
//!
//! A script pack is the runtime component (built from `sdk/script-runtime`
//! by the host's build script and embedded in the app) plus the pack's IR.
//! As a file ([`package`], what `sve pack build` writes) the IR rides in a
//! custom section of the component; when the host loads a script folder it
//! skips the file and hands the IR to the instance through the `script`
//! import. Either way the runtime component is compiled once per process
//! (and cached on disk), so a script edit costs a compile of the scripts,
//! not of wasm.

use super::manifest::{PackKind, PackManifest};
use super::script_tree::ScriptFolder;
use super::{PackDiagnostic, Severity};
use std::path::Path;
use std::sync::OnceLock;

/// The custom section that carries a packaged script pack's IR.
pub const IR_SECTION: &str = "sve:script-ir";

/// The script runtime as a core wasm module, built by `host/packs/build.rs`.
static RUNTIME_CORE: &[u8] = include_bytes!(env!("SVE_SCRIPT_RUNTIME_WASM"));

/// The script runtime component (componentized once per process).
pub fn runtime_component() -> Result<&'static [u8], String> {
    static COMPONENT: OnceLock<Result<Vec<u8>, String>> = OnceLock::new();
    COMPONENT
        .get_or_init(|| super::build::componentize(RUNTIME_CORE))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(|e| format!("the embedded script runtime is not a valid pack: {e}"))
}

/// The runtime component's FNV-1a hash, computed once: a script reload
/// costs the scripts, not another pass over the runtime's bytes.
pub(crate) fn runtime_hash() -> u64 {
    static HASH: OnceLock<u64> = OnceLock::new();
    *HASH.get_or_init(|| runtime_component().map_or(0, super::fnv1a))
}

/// A compiled script folder.
pub struct CompiledScripts {
    /// The IR bytes (`sve-script`'s `Module::to_bytes`).
    pub ir: Vec<u8>,
    /// Cards that compiled.
    pub cards_ok: usize,
    /// Cards found.
    pub cards_total: usize,
    /// Every error and warning, located: files refused, then the
    /// compiler's.
    pub diagnostics: Vec<PackDiagnostic>,
    /// Every folder read and what it gave.
    pub folders: Vec<ScriptFolder>,
    /// Token names and base cards the pack refers to but does not define:
    /// the library resolves them against every loaded pack.
    pub outside_refs: Vec<sve_script::OutsideRef>,
}

impl CompiledScripts {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// Compiles every `.txt` script of the pack folder `dir`, at any depth
/// (`script_tree`), to IR.
pub fn compile_folder(dir: &Path) -> Result<CompiledScripts, PackDiagnostic> {
    let super::scripts::CompiledTree {
        tree,
        compiled,
        refused: mut diagnostics,
    } = super::scripts::compile_tree(dir);
    diagnostics.extend(super::scripts::located(dir, &compiled));
    let cards_total = compiled.cards_total();
    let outside_refs = compiled.outside_refs.clone();
    let module = compiled.into_module();
    let ir = module
        .to_bytes()
        .map_err(|e| super::error_at(dir, format!("cannot encode the compiled cards: {e}")))?;
    Ok(CompiledScripts {
        ir,
        cards_ok: module.cards.len(),
        cards_total,
        diagnostics,
        folders: tree.folders,
        outside_refs,
    })
}

/// The manifest of a script folder without a `pack.toml` (a community set
/// folder or set tree): id and name from the folder name, version 0.0.0,
/// any 0.1 API, priority [`NO_MANIFEST_PRIORITY`](super::manifest::NO_MANIFEST_PRIORITY).
pub fn default_manifest(dir: &Path) -> PackManifest {
    let folder = dir.file_name().map_or_else(
        || "scripts".to_owned(),
        |n| n.to_string_lossy().into_owned(),
    );
    // A folder name may be anything: the id and the name keep to the
    // limits a pack.toml must meet.
    let folder: String = folder
        .chars()
        .filter(|c| !c.is_control())
        .take(super::manifest::MAX_NAME_LEN)
        .collect();
    let id: String = folder
        .chars()
        .take(super::manifest::MAX_ID_LEN)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    PackManifest {
        dir: dir.to_owned(),
        id,
        // A folder name is text from whoever made the folder.
        name: super::guest_text::clean(&folder, super::guest_text::TextKind::Name),
        version: semver::Version::new(0, 0, 0),
        kind: PackKind::Script,
        api: semver::VersionReq::parse("^0.1").unwrap_or(semver::VersionReq::STAR),
        overrides: Vec::new(),
        priority: super::manifest::NO_MANIFEST_PRIORITY,
        // Owns no set by declaration (`shared_cards`).
        sets: Vec::new(),
    }
}

/// A script pack as one file: the runtime component with the IR appended as
/// a custom section ([`IR_SECTION`]).
pub fn package(ir: &[u8]) -> Result<Vec<u8>, String> {
    let mut bytes = runtime_component()?.to_vec();
    super::component::append_custom_section(&mut bytes, IR_SECTION, ir);
    Ok(bytes)
}

/// The IR of a packaged script pack, if `bytes` is one.
pub fn packaged_ir(bytes: &[u8]) -> Option<&[u8]> {
    super::component::custom_section(bytes, IR_SECTION)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packaged_pack_carries_its_ir_and_stays_a_valid_component() {
        let ir = vec![7u8; 300];
        let bytes = package(&ir).expect("the runtime componentizes");
        assert_eq!(packaged_ir(&bytes), Some(ir.as_slice()));
        wasmparser::Validator::new_with_features(wasmparser::WasmFeatures::all())
            .validate_all(&bytes)
            .expect("still a valid component");
        assert_eq!(packaged_ir(runtime_component().expect("runtime")), None);
    }

    #[test]
    fn a_folder_without_pack_toml_gets_defaults_from_its_name() {
        let manifest = default_manifest(Path::new("card-packs/My Set 01"));
        assert_eq!(manifest.id, "my-set-01");
        assert_eq!(manifest.name, "My Set 01");
        assert_eq!(manifest.kind, PackKind::Script);
    }
}
