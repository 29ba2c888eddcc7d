//! `sve-ui`: opens the Shadowverse: Evolve client window.

use anyhow::{Context as _, anyhow};
use sve_packs::catalog::Catalog;
use sve_ui::{App, AppOptions};

/// mimalloc in place of glibc's allocator, as in the `sve` command: the
/// bots' searches play thousands of playouts that allocate at every step.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| {
                tracing_subscriber::EnvFilter::new("warn,sve_ui=info,sve_packs::packs=info")
            }),
        )
        .with_writer(std::io::stderr)
        .init();
    // The bundled starter cards, with the packs of `card-packs/` on top,
    // each loaded as shipped: no pack is built, since building runs its
    // build script natively. The Rust packs named in `SVE_DEV_PACKS` are
    // the user's own: rebuilt when their sources change. Edits to the packs
    // are swapped into the running match (hot reload); without a pack
    // folder the vanilla cards are used.
    let packs = std::path::Path::new("card-packs");
    let target = std::path::Path::new("target");
    let dev_packs = sve_packs::packs::dev_packs_from_env();
    for dir in &dev_packs {
        tracing::info!("dev pack (built from source): {}", dir.display());
    }
    let catalog = match Catalog::open_watched(packs, target, &dev_packs) {
        Ok(catalog) => catalog,
        Err(problem) => {
            tracing::warn!("card packs not watched: {problem}");
            Catalog::open_with_dev_packs(packs, target, &dev_packs)
                .context("loading the bundled card data")?
        }
    };
    for pack in catalog.packs() {
        tracing::info!("pack `{}` {}: {} cards", pack.id, pack.version, pack.cards);
    }
    for diagnostic in catalog.diagnostics() {
        tracing::warn!("{diagnostic}");
    }
    // `--bench-frames N`: measure the frame time with animations running
    // (see `sve_ui::bench`).
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|arg| arg == "--bench-frames") {
        let frames: usize = args
            .get(at + 1)
            .and_then(|n| n.parse().ok())
            .context("--bench-frames needs a number of frames")?;
        let options = eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default()
                .with_title("Shadowverse: Evolve (frame bench)")
                .with_inner_size([1600.0, 960.0]),
            ..Default::default()
        };
        return eframe::run_native(
            "Shadowverse: Evolve (frame bench)",
            options,
            Box::new(move |_| Ok(Box::new(sve_ui::bench::FrameBench::new(catalog, frames)))),
        )
        .map_err(|err| anyhow!("the client window could not run: {err}"));
    }
    // `--screenshots DIR`: photograph the client into DIR (see
    // `sve_ui::screenshots`; `ui/screenshots.sh` runs it under Xvfb).
    if let Some(at) = args.iter().position(|arg| arg == "--screenshots") {
        let dir = args
            .get(at + 1)
            .map(std::path::PathBuf::from)
            .context("--screenshots needs a folder to write into")?;
        let outcome = sve_ui::screenshots::TourOutcome::default();
        let tour_outcome = std::sync::Arc::clone(&outcome);
        let options = eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default()
                .with_title("Shadowverse: Evolve (screenshots)")
                .with_inner_size(sve_ui::screenshots::WINDOW_SIZE)
                .with_resizable(false),
            ..Default::default()
        };
        eframe::run_native(
            "Shadowverse: Evolve (screenshots)",
            options,
            Box::new(move |_| {
                Ok(Box::new(sve_ui::screenshots::ScreenshotTour::new(
                    catalog,
                    dir,
                    tour_outcome,
                )))
            }),
        )
        .map_err(|err| anyhow!("the client window could not run: {err}"))?;
        let finished = outcome
            .lock()
            .map_err(|_| anyhow!("the screenshot tour panicked"))?
            .take();
        return match finished {
            Some(Ok(written)) => {
                for path in written {
                    println!("{}", path.display());
                }
                Ok(())
            }
            Some(Err(problem)) => Err(anyhow!(problem)),
            None => Err(anyhow!(
                "the window closed before the screenshot tour ended"
            )),
        };
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Shadowverse: Evolve")
            .with_inner_size([1600.0, 960.0])
            .with_min_inner_size([1024.0, 700.0]),
        // The window opens where and as large as it was last closed.
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "Shadowverse: Evolve",
        options,
        Box::new(move |creation| {
            let mut app = App::new(catalog, AppOptions::default());
            // The decks and online choices of the last run, if any.
            if let Some(storage) = creation.storage {
                app.restore(&sve_ui::settings::Settings::load(storage));
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|err| anyhow!("the client window could not run: {err}"))
}
