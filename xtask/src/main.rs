//! `cargo xtask`: project chores that take more than one command.
//!
//! `cargo xtask web [--out DIR]` builds the client's web page (issue 35):
//! `sve-ui` compiled for `wasm32-unknown-unknown` without its `desktop`
//! feature as a `cdylib` (release), then wasm-bindgen, at the version
//! `Cargo.lock` pins for the `wasm-bindgen` crate (the two must match
//! exactly), makes the JavaScript glue, and `ui/web/index.html` goes next
//! to it, and the module and its glue get gzip twins (`*.gz`, level 9),
//! which `sve serve` sends to browsers that take gzip. The bundle lands in
//! `target/web/` unless `--out` says otherwise; `sve serve` hands that
//! folder out at `/`.
//!
//! `cargo xtask web --test-hook` builds the browser test's bundle into
//! `target/web-test/` instead: the same page with `sve-ui`'s feature
//! `page-test-hook`, which lets a page opened at `?autoplay` answer its
//! own decisions and records the frames it receives
//! (`ui/src/session/online/test_hook.rs`, `host/cli/tests/browser_match.rs`).
//! Only `sve-ui` itself builds again for it: its dependencies are shared
//! with the players' bundle.
//!
//! A wasm-bindgen of the pinned version on the `PATH` is used; otherwise
//! `wasm-bindgen-cli` is installed once from crates.io with `cargo install
//! --locked` into `target/tools/wasm-bindgen-<version>/`, where later
//! runs find it.

use anyhow::{Context as _, Result, anyhow, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The web page's target.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("web") => web(&args[1..]),
        Some("help" | "--help" | "-h") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => bail!("unknown task `{other}`\n{USAGE}"),
    }
}

const USAGE: &str = "usage: cargo xtask web [--test-hook] [--out DIR]
  web   build the client's web page (wasm + wasm-bindgen + index.html) into
        target/web/ (or DIR), which `sve serve` hands out at /
        --test-hook: the browser test's page (feature page-test-hook), into
        target/web-test/ (or DIR)";

/// Builds the web bundle.
fn web(args: &[String]) -> Result<()> {
    let root = workspace_root()?;
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|dir| {
            if dir.is_absolute() {
                dir
            } else {
                root.join(dir)
            }
        })
        .unwrap_or_else(|| root.join("target"));
    let mut test_hook = false;
    let mut out = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--test-hook" => test_hook = true,
            "--out" => match rest.next() {
                Some(dir) => out = Some(PathBuf::from(dir)),
                None => bail!("--out needs a folder\n{USAGE}"),
            },
            _ => bail!("unexpected argument {arg:?}\n{USAGE}"),
        }
    }
    let out = out.unwrap_or_else(|| target_dir.join(if test_hook { "web-test" } else { "web" }));
    let version = pinned_wasm_bindgen(&root.join("Cargo.lock"))?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());

    eprintln!(
        "building sve-ui for {WASM_TARGET} (release, no desktop feature{})…",
        if test_hook { ", test hook" } else { "" }
    );
    let mut build = Command::new(&cargo);
    build.current_dir(&root).args([
        "rustc",
        "--package",
        "sve-ui",
        "--lib",
        "--target",
        WASM_TARGET,
        "--no-default-features",
        "--release",
        "--locked",
        "--crate-type",
        "cdylib",
    ]);
    if test_hook {
        build.args(["--features", "page-test-hook"]);
    }
    run(&mut build)?;
    let wasm = target_dir
        .join(WASM_TARGET)
        .join("release")
        .join("sve_ui.wasm");
    if !wasm.is_file() {
        bail!("the build left no {}", wasm.display());
    }

    let bindgen = wasm_bindgen(&cargo, &version, &target_dir)?;
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    eprintln!("wasm-bindgen {version} → {}", out.display());
    run(Command::new(&bindgen)
        .args([
            "--target",
            "web",
            "--no-typescript",
            "--out-name",
            "sve_ui",
            "--out-dir",
        ])
        .arg(&out)
        .arg(&wasm))?;
    let page = root.join("ui").join("web").join("index.html");
    std::fs::copy(&page, out.join("index.html"))
        .with_context(|| format!("copying {}", page.display()))?;

    for name in ["sve_ui.js", "sve_ui_bg.wasm"] {
        gzip(&out.join(name))?;
    }
    for name in [
        "index.html",
        "sve_ui.js",
        "sve_ui.js.gz",
        "sve_ui_bg.wasm",
        "sve_ui_bg.wasm.gz",
    ] {
        let path = out.join(name);
        let bytes = std::fs::metadata(&path)
            .with_context(|| format!("the bundle has no {}", path.display()))?
            .len();
        println!("{:>12} bytes  {}", bytes, path.display());
    }
    println!(
        "serve it with: cargo run --release -p sve -- serve --web {}",
        out.display()
    );
    Ok(())
}

/// Writes `path.gz`, `path` compressed at gzip's best level.
fn gzip(path: &Path) -> Result<()> {
    use std::io::Write as _;
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let mut packed = path.as_os_str().to_owned();
    packed.push(".gz");
    let packed = PathBuf::from(packed);
    let file =
        std::fs::File::create(&packed).with_context(|| format!("creating {}", packed.display()))?;
    let mut encoder = flate2::write::GzEncoder::new(file, flate2::Compression::best());
    encoder
        .write_all(&bytes)
        .and_then(|()| encoder.finish().map(drop))
        .with_context(|| format!("writing {}", packed.display()))
}

/// The workspace's root: this crate's parent folder.
fn workspace_root() -> Result<PathBuf> {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .context("run me through cargo: cargo xtask web")?;
    manifest
        .parent()
        .map(Path::to_path_buf)
        .context("xtask lives in the workspace's root folder")
}

/// The version of the `wasm-bindgen` crate `Cargo.lock` pins.
fn pinned_wasm_bindgen(lock: &Path) -> Result<String> {
    let text =
        std::fs::read_to_string(lock).with_context(|| format!("reading {}", lock.display()))?;
    locked_version(&text, "wasm-bindgen")
        .ok_or_else(|| anyhow!("{} pins no wasm-bindgen", lock.display()))
}

/// The version a lock file's text gives `package`.
fn locked_version(lock: &str, package: &str) -> Option<String> {
    let wanted = format!("name = \"{package}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            let version = lines.next()?.trim();
            let version = version.strip_prefix("version = \"")?.strip_suffix('"')?;
            return Some(version.to_owned());
        }
    }
    None
}

/// A wasm-bindgen of exactly `version`: the `PATH`'s, or ours under
/// `target/tools/`, installed there the first time.
fn wasm_bindgen(cargo: &str, version: &str, target_dir: &Path) -> Result<PathBuf> {
    let on_path = PathBuf::from("wasm-bindgen");
    if reports_version(&on_path, version) {
        return Ok(on_path);
    }
    let root = target_dir
        .join("tools")
        .join(format!("wasm-bindgen-{version}"));
    let ours = root.join("bin").join("wasm-bindgen");
    if reports_version(&ours, version) {
        return Ok(ours);
    }
    eprintln!(
        "installing wasm-bindgen-cli {version} into {}…",
        root.display()
    );
    let install = |locked: bool| {
        let mut command = Command::new(cargo);
        command.arg("install");
        if locked {
            command.arg("--locked");
        }
        command
            .args(["--version", version, "wasm-bindgen-cli", "--root"])
            .arg(&root);
        run(&mut command)
    };
    if let Err(err) = install(true) {
        // A registry mirror may lack a version the CLI's own lock file
        // names; the CLI's version is what must match, not its deps'.
        eprintln!("{err:#}\ntrying again with the newest dependencies that fit…");
        install(false)?;
    }
    if !reports_version(&ours, version) {
        bail!("{} is not wasm-bindgen {version}", ours.display());
    }
    Ok(ours)
}

/// Whether `program --version` says `wasm-bindgen <version>`.
fn reports_version(program: &Path, version: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .is_some_and(|out| {
            String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .nth(1)
                .is_some_and(|found| found == version)
        })
}

/// Runs `command`, failing with its command line when it fails.
fn run(command: &mut Command) -> Result<()> {
    let status = command
        .status()
        .with_context(|| format!("running {command:?}"))?;
    if !status.success() {
        bail!("{command:?} failed ({status})");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_files_version_of_a_package_is_read() {
        let lock = "[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\nsource = \"registry\"\n\n\
                    [[package]]\nname = \"wasm-bindgen-futures\"\nversion = \"0.4.80\"\n";
        assert_eq!(
            locked_version(lock, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(
            locked_version(lock, "wasm-bindgen-futures").as_deref(),
            Some("0.4.80")
        );
        assert_eq!(locked_version(lock, "wasm-bindgen-cli"), None);
    }

    #[test]
    fn the_workspaces_lock_pins_wasm_bindgen() {
        let root = workspace_root().expect("run by cargo");
        let version = pinned_wasm_bindgen(&root.join("Cargo.lock")).expect("pinned");
        assert!(version.starts_with("0.2."), "{version}");
    }
}
