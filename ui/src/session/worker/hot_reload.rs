//! Hot reload in a running match: the catalog's news about edited packs
//! becomes notices, new card data and code are swapped into the match
//! (kept as a [`ReloadPoint`] for undo and the replay), the UI gets a
//! [`ReloadReport`], and a smoke test runs off this thread. When to look
//! for reloads is the command loop's (`mod.rs`); replaying reloads after
//! an undo is `undo.rs`'s; the report's words are `session/reload.rs`'s.

use super::{ReloadPoint, Worker};
use crate::session::Update;
use crate::session::reload::{ReloadReport, card_packs_of, diff_line};
use std::sync::Arc;
use sve_engine::cards::diff::diff_dbs;
#[cfg(feature = "desktop")]
use sve_packs::catalog::ReloadNews;
#[cfg(feature = "desktop")]
use sve_packs::packs::ReloadChange;

impl Worker {
    /// Rebuilds edited packs and swaps the new cards and code into the
    /// running match (hot reload). Returns whether the match changed.
    pub(super) fn reload_cards(&mut self) -> bool {
        // A reload the user made (news from the catalog) is reported card
        // by card; the catch-up reload after an undo is not news.
        #[cfg(feature = "desktop")]
        let pack_news = self.take_pack_news();
        // A page's catalog has no pack folders: its cards never change.
        #[cfg(not(feature = "desktop"))]
        let pack_news = false;
        let generation = self.catalog.generation();
        if generation == self.cards_generation {
            return false;
        }
        self.cards_generation = generation;
        self.sources.clear();
        match self.game.db().updated_from(&self.catalog.db()) {
            Ok((db, changes)) => {
                let lines: Vec<String> = diff_dbs(self.game.db(), &db, &changes)
                    .iter()
                    .map(|diff| diff_line(&db, diff))
                    .collect();
                let point = ReloadPoint {
                    at: self.history.len(),
                    db: Arc::new(db),
                    runners: self.catalog.runner_factory(),
                    changes,
                    source: "card packs".to_owned(),
                };
                self.game.reload_cards(
                    Arc::clone(&point.db),
                    (point.runners)(),
                    &point.changes,
                    &point.source,
                );
                if pack_news || !lines.is_empty() {
                    for line in &lines {
                        tracing::info!("reloaded card: {line}");
                    }
                    let report = ReloadReport {
                        db: Arc::clone(&point.db),
                        packs: self.catalog.packs(),
                        card_packs: card_packs_of(&self.catalog),
                        lines,
                    };
                    self.send(Update::Reloaded(Box::new(report)));
                }
                self.reloads.push(point);
                true
            }
            Err(e) => {
                self.notice(format!("Reload not applied: {e}"));
                false
            }
        }
    }

    /// Takes the catalog's news about edited packs as notices, and starts
    /// a smoke test for each pack reloaded. Returns whether any pack was.
    #[cfg(feature = "desktop")]
    fn take_pack_news(&mut self) -> bool {
        let mut pack_news = false;
        for news in self.catalog.refresh() {
            pack_news |= matches!(news, ReloadNews::Reloaded { .. });
            match news {
                ReloadNews::Failed {
                    dir,
                    problems,
                    kept_previous,
                } => {
                    let mut message = if kept_previous {
                        format!(
                            "Reloading {} failed; the previous version keeps running.",
                            dir.display()
                        )
                    } else {
                        format!("Loading {} failed; it is not loaded.", dir.display())
                    };
                    for problem in problems.iter().take(3) {
                        message.push_str(&format!("\n{problem}"));
                    }
                    self.notice(message);
                }
                ReloadNews::Reloaded {
                    source,
                    change: ReloadChange::Removed,
                    ..
                } => {
                    // Nothing new to play: no smoke test.
                    self.notice(format!(
                        "Removed {source} (its folder is gone): this match keeps playing the cards it holds."
                    ));
                }
                ReloadNews::Reloaded {
                    source,
                    change,
                    changes,
                    pack_cards,
                    elapsed,
                } => {
                    let verb = if change == ReloadChange::Added {
                        "Loaded new"
                    } else {
                        "Reloaded"
                    };
                    self.notice(format!(
                        "{verb} {source} in {} ms: {} changed, {} added, {} removed. Smoke test running…",
                        elapsed.as_millis(),
                        changes.changed.len(),
                        changes.added.len(),
                        changes.removed.len()
                    ));
                    self.spawn_smoke_test(source, pack_cards);
                }
            }
        }
        pack_news
    }

    /// The reload smoke test, off this thread: short random-bot matches with
    /// the starter decks that use the reloaded pack's cards; the result
    /// arrives as a notice.
    #[cfg(feature = "desktop")]
    fn spawn_smoke_test(&self, source: String, cards: Vec<String>) {
        let db = self.catalog.db();
        let runner = self.catalog.runner();
        let updates = self.updates.clone();
        let repaint = Arc::clone(&self.repaint);
        let spawned = std::thread::Builder::new()
            .name("sve-smoke-test".to_owned())
            .spawn(move || {
                let report = sve_engine::sim::smoke_test_starter_decks(&db, &runner, &cards, 10);
                let message = if report.decks.is_empty() {
                    format!("Smoke test after {source}: no starter deck uses its cards.")
                } else if report.is_clean() {
                    format!(
                        "Smoke test after {source}: {} matches with {}, no errors.",
                        report.games,
                        report.decks.join(", ")
                    )
                } else {
                    format!(
                        "Smoke test after {source}: {} errors, {} invariant violations, {} turn-cap hits in {} matches{}",
                        report.errors,
                        report.violations.len(),
                        report.turn_cap_hits,
                        report.games,
                        report
                            .violations
                            .first()
                            .map(|v| format!(" (first: {v})"))
                            .unwrap_or_default()
                    )
                };
                updates.send(Update::Notice(message)).ok();
                repaint();
            });
        if let Err(err) = spawned {
            tracing::warn!("cannot start the smoke test: {err}");
        }
    }
}
