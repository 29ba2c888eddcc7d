//! With the `components` feature (the default): builds the SVE Script
//! runtime (`sdk/script-runtime`) for `wasm32-unknown-unknown` so the app
//! embeds it: playing script packs then needs no Rust toolchain, and `cargo
//! run` on a fresh clone is all a user does. The nested cargo uses its own
//! target directory (`<target>/script-runtime`) so it never waits on the
//! lock the outer build holds, and so one build serves every profile (dev,
//! test, release).
//!
//! Without it (the web page's build): writes the host traits of the card
//! API's interfaces (`host_traits.rs`), which wasmtime's bindgen makes in
//! the desktop build (see `in_process_traits`).

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-unknown-unknown";

fn main() {
    if std::env::var_os("CARGO_FEATURE_COMPONENTS").is_none() {
        in_process_traits::write();
        return;
    }
    embed_script_runtime();
}

/// Builds the script runtime component and points `SVE_SCRIPT_RUNTIME_WASM`
/// at it.
fn embed_script_runtime() {
    let manifest_dir = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    let workspace = manifest_dir
        .parent()
        .and_then(Path::parent)
        .expect("the pack host crate lives in `host/packs` of the workspace")
        .to_owned();
    for path in [
        "sdk/script-runtime/src",
        "sdk/script-runtime/Cargo.toml",
        "sdk/sve-sdk/src",
        "sdk/sve-sdk/Cargo.toml",
        "sdk/sve-script/src",
        "sdk/sve-script/Cargo.toml",
        "sdk/sve-text/src",
        "sdk/sve-text/Cargo.toml",
        "sdk/sve-vocab/src",
        "sdk/sve-vocab/Cargo.toml",
        "wit",
        "Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={}", workspace.join(path).display());
    }
    let out_dir = PathBuf::from(env("OUT_DIR"));
    let target_dir = runtime_target_dir(&out_dir);
    ensure_wasm_target();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(&workspace)
        .args(["build", "--release", "--quiet", "-p", "sve-script-runtime"])
        .args(["--target", TARGET])
        .arg("--target-dir")
        .arg(&target_dir)
        // What the outer build sets for itself must not leak into the guest
        // build (clippy's wrapper, host rustflags, a target override).
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .env_remove("CARGO_TARGET_DIR")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("CARGO_PROFILE_RELEASE_STRIP", "true")
        .status();
    match status {
        Ok(status) if status.success() => {}
        Ok(status) => panic!(
            "building the SVE Script runtime for {TARGET} failed ({status}); \
             rust-toolchain.toml installs that target with rustup"
        ),
        Err(e) => panic!("cannot run cargo to build the SVE Script runtime: {e}"),
    }
    let built = target_dir
        .join(TARGET)
        .join("release")
        .join("sve_script_runtime.wasm");
    let embedded = out_dir.join("sve_script_runtime.wasm");
    if let Err(e) = std::fs::copy(&built, &embedded) {
        panic!("cannot copy {}: {e}", built.display());
    }
    println!(
        "cargo:rustc-env=SVE_SCRIPT_RUNTIME_WASM={}",
        embedded.display()
    );
}

/// Adds the wasm target to the toolchain when its standard library is
/// missing. rustup installs a `rust-toolchain.toml`'s targets only when it
/// installs the toolchain itself; a machine that already had the pinned
/// toolchain lacks them, and `cargo run` must still work there.
fn ensure_wasm_target() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let libdir = Command::new(rustc)
        .args(["--print", "target-libdir", "--target", TARGET])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
    if libdir.is_some_and(|dir| dir.is_dir()) {
        return;
    }
    println!(
        "cargo:warning=the {TARGET} target is missing; adding it with `rustup target add {TARGET}`"
    );
    // A failure here is reported by the nested build below, with the hint.
    let _ = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status();
}

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("cargo sets {name} for build scripts"))
}

/// `<target>/script-runtime`, where `<target>` holds the outer build's
/// profile folders (OUT_DIR is `<target>/<profile>/build/<pkg>/out`).
fn runtime_target_dir(out_dir: &Path) -> PathBuf {
    let target = out_dir
        .ancestors()
        .find(|dir| dir.file_name().is_some_and(|name| name == "build"))
        .and_then(Path::parent)
        .and_then(Path::parent)
        .unwrap_or(out_dir);
    target.join("script-runtime")
}

/// The host side of the card API's current interfaces (`wit/since_v0.3.0`)
/// as Rust traits shaped as wasmtime's `bindgen!` shapes them: one `Host`
/// trait per interface, a method per function taking `&mut self` and owned
/// arguments, so `host_api/mod.rs` implements the same trait in both builds.
/// The types are the SDK's (wit-bindgen's, from the same WIT); see
/// `src/packs/in_process/wit.rs`.
mod in_process_traits {
    use std::fmt::Write as _;
    use std::path::PathBuf;
    use wit_parser::{Resolve, Type, TypeDefKind, TypeOwner};

    /// The card API version the page's host implements.
    const WIT_DIR: &str = "wit/since_v0.3.0";

    pub fn write() {
        let manifest_dir = PathBuf::from(super::env("CARGO_MANIFEST_DIR"));
        let wit = manifest_dir.join("../..").join(WIT_DIR);
        println!("cargo:rerun-if-changed={}", wit.display());
        let mut resolve = Resolve::default();
        let (package, _) = resolve
            .push_dir(&wit)
            .unwrap_or_else(|e| panic!("cannot read {}: {e:#}", wit.display()));
        let mut out =
            String::from("// Generated by host/packs/build.rs from the card API's WIT.\n");
        for (_, interface) in &resolve.packages[package].interfaces {
            let interface = &resolve.interfaces[*interface];
            let Some(name) = &interface.name else {
                continue;
            };
            let module = snake(name);
            writeln!(out, "/// `interface {name}`, as its host implements it.").ok();
            writeln!(out, "pub mod {module}_host {{").ok();
            writeln!(out, "    /// The host's side of `interface {name}`.").ok();
            writeln!(out, "    #[allow(missing_docs)]").ok();
            writeln!(out, "    pub trait Host {{").ok();
            for function in interface.functions.values() {
                let mut line = format!("        fn {}(&mut self", rust_name(&function.name));
                for param in &function.params {
                    let ty = rust_type(&resolve, &param.ty);
                    write!(line, ", {}: {ty}", rust_name(&param.name)).ok();
                }
                line.push(')');
                if let Some(result) = &function.result {
                    write!(line, " -> {}", rust_type(&resolve, result)).ok();
                }
                writeln!(out, "{line};").ok();
            }
            writeln!(out, "    }}").ok();
            writeln!(out, "}}").ok();
        }
        let file = PathBuf::from(super::env("OUT_DIR")).join("host_traits.rs");
        if let Err(e) = std::fs::write(&file, out) {
            panic!("cannot write {}: {e}", file.display());
        }
    }

    /// A type as wasmtime's bindings spell it for the host: owned, a named
    /// type by its upper camel case name in its interface's module
    /// (`super::types::Zone`).
    fn rust_type(resolve: &Resolve, ty: &Type) -> String {
        match ty {
            Type::Bool => "bool".to_owned(),
            Type::U8 => "u8".to_owned(),
            Type::U16 => "u16".to_owned(),
            Type::U32 => "u32".to_owned(),
            Type::U64 => "u64".to_owned(),
            Type::S8 => "i8".to_owned(),
            Type::S16 => "i16".to_owned(),
            Type::S32 => "i32".to_owned(),
            Type::S64 => "i64".to_owned(),
            Type::F32 => "f32".to_owned(),
            Type::F64 => "f64".to_owned(),
            Type::Char => "char".to_owned(),
            Type::String => "String".to_owned(),
            Type::ErrorContext => panic!("the card API has no error-context"),
            Type::Id(id) => {
                let def = &resolve.types[*id];
                // A `use`d type is an alias of the original: name that one.
                if let TypeDefKind::Type(inner @ Type::Id(_)) = &def.kind {
                    return rust_type(resolve, inner);
                }
                if let Some(name) = &def.name {
                    let owner = match def.owner {
                        TypeOwner::Interface(owner) => resolve.interfaces[owner].name.clone(),
                        _ => None,
                    };
                    let Some(owner) = owner else {
                        panic!("the card API's type `{name}` belongs to no interface");
                    };
                    return format!("super::{}::{}", snake(&owner), camel(name));
                }
                match &def.kind {
                    TypeDefKind::List(inner) => format!("Vec<{}>", rust_type(resolve, inner)),
                    TypeDefKind::Option(inner) => {
                        format!("Option<{}>", rust_type(resolve, inner))
                    }
                    TypeDefKind::Result(result) => {
                        let side = |ty: &Option<Type>| {
                            ty.as_ref()
                                .map_or("()".to_owned(), |ty| rust_type(resolve, ty))
                        };
                        format!("Result<{}, {}>", side(&result.ok), side(&result.err))
                    }
                    TypeDefKind::Tuple(tuple) => {
                        let items: Vec<String> = tuple
                            .types
                            .iter()
                            .map(|ty| rust_type(resolve, ty))
                            .collect();
                        format!("({},)", items.join(", "))
                    }
                    TypeDefKind::Type(inner) => rust_type(resolve, inner),
                    other => panic!("the card API's host traits do not spell {other:?} yet"),
                }
            }
        }
    }

    fn snake(name: &str) -> String {
        name.replace('-', "_")
    }

    /// A function's or parameter's name: snake case, a Rust keyword raw.
    fn rust_name(name: &str) -> String {
        let name = snake(name);
        match name.as_str() {
            "type" | "move" | "match" | "use" | "ref" | "self" | "struct" | "enum" | "fn"
            | "impl" | "loop" | "mod" | "in" | "as" | "box" | "where" | "yield" => {
                format!("r#{name}")
            }
            _ => name,
        }
    }

    fn camel(name: &str) -> String {
        name.split('-')
            .map(|part| {
                let mut chars = part.chars();
                chars.next().map_or(String::new(), |first| {
                    first.to_uppercase().chain(chars).collect()
                })
            })
            .collect()
    }
}
