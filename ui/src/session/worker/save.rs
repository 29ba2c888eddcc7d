//! Saving: the match so far as a [`Replay`] (with its reloads and
//! sandbox changes), written as a replay file, and the board as a
//! scenario or a bug-report bundle. Where they go is
//! `crate::save_folder`'s; watching a saved replay is `session/replay.rs`'s.

use super::Worker;
use crate::config::Seat;
use crate::save_folder;
use std::path::Path;
#[cfg(feature = "desktop")]
use sve_engine::gamelog;
use sve_engine::replay::{RecordedReload, Replay, ReplaySeat, log_hash};

impl Worker {
    /// The replay of the match so far.
    fn replay(&self) -> Replay {
        let deck = |seat: usize| {
            let chosen = &self.config.decks[seat];
            Replay::deck_of(&chosen.title, &chosen.list, self.game.db())
        };
        Replay {
            seed: self.config.seed,
            decks: [deck(0), deck(1)],
            card_fingerprint: self.start_cards.0.fingerprint(),
            answers: self.history.iter().map(|e| e.answer.clone()).collect(),
            log_hash: log_hash(&self.full_log),
            conceded: self.conceded_by.map(|p| p.0),
            reloads: self
                .reloads
                .iter()
                .map(|point| RecordedReload {
                    after_answers: u32::try_from(point.at).unwrap_or(u32::MAX),
                    card_fingerprint: point.db.fingerprint(),
                    source: point.source.clone(),
                })
                .collect(),
            seats: self.config.seats.map(|seat| match seat {
                Seat::Human => ReplaySeat::human(""),
                Seat::Bot(kind) => ReplaySeat::bot(crate::match_view::bot_name(kind)),
            }),
            sandbox: self.sandbox_edits.clone(),
            bases: [0, 1].map(|seat| self.config.decks[seat].list.basis),
            fingerprint_with_text: false,
        }
    }

    /// Writes the board as a scenario file (see `sve_engine::board`).
    pub(super) fn save_scenario(&mut self) {
        let path = save_folder::scenarios_dir(&self.save_dir).join(format!(
            "seed{}-turn{}.scenario",
            self.config.seed,
            self.game.state().turn
        ));
        let text = sve_engine::board::board_as_text(&self.game);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, text));
        self.notice(match written {
            Ok(()) => format!("Board saved as scenario {}", path.display()),
            Err(err) => format!("Could not save the scenario to {}: {err}", path.display()),
        });
    }

    /// Writes a bug-report bundle (see `sve_packs::bug_report`).
    #[cfg(feature = "desktop")]
    pub(super) fn save_bug_report(&mut self) {
        let replay = self.replay();
        let lines: Vec<String> = self
            .full_log
            .iter()
            .filter_map(|e| gamelog::describe(e, self.game.state(), self.game.db()))
            .collect();
        let dir = save_folder::bug_reports_dir(&self.save_dir);
        let message = match sve_packs::bug_report::write_bundle(
            &dir,
            &self.game,
            &replay,
            &self.catalog.packs(),
            &lines,
        ) {
            Ok(folder) => format!("Bug report saved in {}", folder.display()),
            Err(err) => format!("Could not save the bug report: {err}"),
        };
        self.notice(message);
    }

    /// A bug-report bundle names the packs' builds and is written by the
    /// pack host (`sve_packs::bug_report`), which a web page doesn't link.
    #[cfg(not(feature = "desktop"))]
    pub(super) fn save_bug_report(&mut self) {
        self.notice("Bug-report bundles are written by the desktop client.".to_owned());
    }

    /// Saves the replay of the match so far as `path` (in a web page, a
    /// download of that name: `session/replay_file.rs`).
    pub(super) fn save_replay(&mut self, path: &Path) {
        let replay = self.replay();
        let message = match crate::session::replay_file::keep(path, &replay.encode()) {
            Ok(kept) => replay_saved(&kept, self.sandbox_edits.len()),
            Err(why) => why,
        };
        self.notice(message);
    }
}

/// The notice for a replay kept at `kept` (a path, or a page's download),
/// which records `edits` sandbox changes (replayed where they were made).
fn replay_saved(kept: &str, edits: usize) -> String {
    match edits {
        0 => format!("Replay saved to {kept}"),
        1 => format!("Replay saved to {kept} with its sandbox change, which it plays back."),
        n => format!("Replay saved to {kept} with its {n} sandbox changes, which it plays back."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_saved_after_sandbox_changes_says_it_plays_them_back() {
        assert_eq!(replay_saved("match.sver", 0), "Replay saved to match.sver");
        assert_eq!(
            replay_saved("match.sver", 2),
            "Replay saved to match.sver with its 2 sandbox changes, which it plays back."
        );
    }
}
