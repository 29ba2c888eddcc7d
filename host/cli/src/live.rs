//! Packs loaded for a command, and `--watch`: reloading edited packs into
//! running matches and sims, with the optional reload smoke test.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use sve_engine::cards::CardDb;
use sve_engine::engine::{AbilityRunner, Match};
use sve_engine::sim;
use sve_packs::packs::{
    DevPacks, LoadOptions, LoadedPacks, PackLibrary, PackWatcher, ReloadChange, ReloadReport,
};

/// The load options of every command: the bundled vanilla cards as the
/// base, compiled components cached in `target/sve-cache`, and the user's
/// dev packs (`--dev-pack`) built into `target/packs`. No other pack is
/// ever built.
pub(crate) fn load_options(dev_packs: &[PathBuf]) -> Result<LoadOptions> {
    let base =
        sve_engine::cards::starter::parse_cards(sve_engine::cards::starter::STARTER_CARDS_JSON)
            .context("loading the bundled card data")?;
    let target = Path::new("target");
    Ok(LoadOptions {
        base,
        cache_dir: Some(target.join("sve-cache")),
        dev_packs: DevPacks::new(dev_packs, &target.join("packs")),
        language: sve_packs::packs::language_from_env(),
        script_runtime: sve_packs::packs::script_runtime_from_env(),
    })
}

/// Opens pack folders over the bundled vanilla cards (see
/// [`load_options`]).
pub(crate) fn open_library(roots: &[PathBuf], dev_packs: &[PathBuf]) -> Result<PackLibrary> {
    let options = load_options(dev_packs)?;
    PackLibrary::open(roots, &options).map_err(anyhow::Error::msg)
}

/// The pack folder to play with, plus each dev pack outside it.
pub(crate) fn play_roots(packs: &Path, dev_packs: &[PathBuf]) -> Vec<PathBuf> {
    DevPacks::new(dev_packs, Path::new("target")).add_roots(&[packs.to_owned()])
}

/// Logs each pack that loaded with its card count (at info: `sve serve`
/// shows it), and warns when none did: the cards then have no abilities.
pub(crate) fn log_packs(root: &Path, loaded: &LoadedPacks) {
    for pack in &loaded.packs {
        tracing::info!(
            "pack {} {} ({}): {} cards, from {}",
            pack.id,
            pack.version,
            pack.name,
            pack.cards,
            pack.dir.display()
        );
    }
    if loaded.packs.is_empty() {
        tracing::warn!(
            "no card pack loaded from {}: the cards have no abilities",
            root.display()
        );
    } else {
        tracing::info!(
            "{} cards in all: {} pack(s) over the bundled starter cards",
            loaded.db.len(),
            loaded.packs.len()
        );
    }
}

pub(crate) fn load_packs_for(roots: &[PathBuf], dev_packs: &[PathBuf]) -> Result<LoadedPacks> {
    Ok(open_library(roots, dev_packs)?.loaded())
}

/// One line for a reload that happened.
pub(crate) fn reload_line(report: &ReloadReport) -> String {
    match report.change {
        ReloadChange::Added => format!(
            "[reload] new pack `{}` ({} cards) in {} ms",
            report.pack,
            report.cards,
            report.elapsed.as_millis()
        ),
        ReloadChange::Replaced => format!(
            "[reload] pack `{}` ({} cards) in {} ms",
            report.pack,
            report.cards,
            report.elapsed.as_millis()
        ),
        ReloadChange::Removed => format!(
            "[reload] pack `{}` removed ({}): its cards are no longer offered; a match that holds them keeps their last version",
            report.pack,
            report.dir.display()
        ),
    }
}

/// The first line for a reload that failed: a folder that was loaded keeps
/// its previous version; a new one is simply not loaded.
pub(crate) fn failure_line(dir: &Path, kept_previous: bool) -> String {
    if kept_previous {
        format!(
            "[reload] {} failed; the previous version keeps running:",
            dir.display()
        )
    } else {
        format!(
            "[reload] {} failed to load; it is not loaded:",
            dir.display()
        )
    }
}

/// Packs being watched for edits (`--watch`).
pub(crate) struct LivePacks {
    pub(crate) library: PackLibrary,
    pub(crate) watcher: PackWatcher,
    pub(crate) smoke_test: bool,
}

impl LivePacks {
    /// The reload smoke test over the starter decks that use `changed`.
    fn smoke(&self, game: &Match, changed: &[String]) {
        let db = Arc::clone(game.db());
        let runner = self.library.loaded().runner();
        let report = sim::smoke_test_starter_decks(&db, &runner, changed, 10);
        if report.decks.is_empty() {
            println!("[smoke] no starter deck uses the changed cards; nothing to play");
        } else if report.is_clean() {
            println!(
                "[smoke] {} matches with {}: no errors, no invariant violations",
                report.games,
                report.decks.join(", ")
            );
        } else {
            println!(
                "[smoke] {} matches with {}: {} errors, {} turn-cap hits, {} violations",
                report.games,
                report.decks.join(", "),
                report.errors,
                report.turn_cap_hits,
                report.violations.len()
            );
            for violation in report.violations.iter().take(5) {
                println!("  {violation}");
            }
        }
    }

    /// Reloads changed packs for the matches still to come in a sim: new
    /// cards and code over `db`'s ids, or `None` when nothing changed.
    pub(crate) fn reload_for_next_matches(
        &mut self,
        db: &Arc<CardDb>,
    ) -> Option<(Arc<CardDb>, Arc<dyn AbilityRunner>)> {
        let mut reloaded = false;
        for dir in self.watcher.poll() {
            let kept_previous = self.library.is_loaded(&dir);
            match self.library.reload(&dir) {
                Ok(report) => {
                    eprintln!("{}", reload_line(&report));
                    reloaded = true;
                }
                Err(problems) => {
                    eprintln!("{}", failure_line(&dir, kept_previous));
                    for problem in problems {
                        eprintln!("  {problem}");
                    }
                }
            }
        }
        if !reloaded {
            return None;
        }
        let loaded = self.library.loaded();
        // A reload can make a clash: say which cards no longer play as
        // their pack defines them, as at start.
        for line in loaded.fallback_warnings() {
            eprintln!("[reload] {line}");
        }
        match db.updated_from(&loaded.db) {
            Ok((new_db, _)) => Some((Arc::new(new_db), loaded.runner())),
            Err(e) => {
                eprintln!("[reload] {e}");
                None
            }
        }
    }

    /// Reloads the packs that changed and swaps them into `game`. Prints
    /// one line per reload or problem.
    pub(crate) fn apply(&mut self, game: &mut Match) {
        for dir in self.watcher.poll() {
            let start = std::time::Instant::now();
            let kept_previous = self.library.is_loaded(&dir);
            match self.library.reload(&dir) {
                Ok(report) => {
                    let source = format!("pack `{}`", report.pack);
                    if report.change != ReloadChange::Replaced {
                        println!("{}", reload_line(&report));
                    }
                    let loaded = self.library.loaded();
                    match loaded.apply_to_match(game, &source) {
                        Ok(changes) => {
                            println!(
                                "[reload] {source}: {} changed, {} added, {} removed in {} ms",
                                changes.changed.len(),
                                changes.added.len(),
                                changes.removed.len(),
                                start.elapsed().as_millis()
                            );
                            // A reload can make a clash: say which cards no
                            // longer play as their pack defines them.
                            for line in loaded.fallback_warnings() {
                                println!("[reload] {line}");
                            }
                            if self.smoke_test {
                                self.smoke(game, &report.card_ids);
                            }
                        }
                        Err(e) => println!("[reload] {source}: {e}"),
                    }
                }
                Err(problems) => {
                    println!("{}", failure_line(&dir, kept_previous));
                    for problem in problems {
                        println!("  {problem}");
                    }
                }
            }
        }
    }
}
