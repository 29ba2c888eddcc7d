//! Undo: the match is rebuilt from seed, decks and the kept answers, with
//! the hot reloads and sandbox changes made before the point undone to
//! applied again where they were made. Recording the answers, reloads and
//! sandbox changes is the other files'.

use super::{AnsweredBy, ReloadPoint, Worker, new_match};
use crate::session::Delta;
use std::sync::Arc;
use sve_engine::engine::{PlayerId, Status};
use sve_engine::replay::{RecordedSandbox, apply_sandbox};

impl Worker {
    /// Takes back the last human answer and every bot answer after it by
    /// rebuilding the match from seed and decks and re-applying the rest,
    /// with the cards each answer was given under (hot reloads happen again
    /// where they happened). Cards reloaded after the point undone to stay:
    /// the match goes on with the newest version. After a concession, undo
    /// takes back the concession only.
    pub(super) fn undo(&mut self) {
        let keep = if self.conceded_at.is_some() {
            self.history.len()
        } else {
            match self
                .history
                .iter()
                .rposition(|entry| entry.by == AnsweredBy::Human)
            {
                Some(last_human) => last_human,
                None => {
                    self.notice("Nothing to undo yet.".to_owned());
                    return;
                }
            }
        };
        let mut answers = std::mem::take(&mut self.history);
        answers.truncate(keep);
        let mut reloads = std::mem::take(&mut self.reloads);
        let later_reloads = reloads.iter().any(|point| point.at > keep);
        reloads.retain(|point| point.at <= keep);
        // Sandbox changes made before the answer taken back stay, at the
        // decisions they were made at.
        let mut edits = std::mem::take(&mut self.sandbox_edits);
        edits.retain(|edit| usize::try_from(edit.after_answers).is_ok_and(|at| at <= keep));
        self.forget_opening_after(keep);
        self.game = new_match(&self.config, &self.start_cards);
        self.full_log.clear();
        self.conceded_at = None;
        self.conceded_by = None;
        self.unsent_log = Delta {
            reset: true,
            items: Vec::new(),
        };
        self.unsent_events = Delta {
            reset: true,
            items: Vec::new(),
        };
        let mut pending_reloads = reloads.into_iter().peekable();
        for entry in answers {
            if let Status::GameOver(_) = self.game.step() {
                tracing::error!("undo: the rebuilt match ended early");
                break;
            }
            while let Some(point) = pending_reloads.next_if(|point| point.at == self.history.len())
            {
                self.replay_reload(point);
            }
            self.replay_sandbox(&edits);
            self.collect_events();
            let picks = entry.answer.pick_indices();
            if let Err(rejection) = self.game.answer(PlayerId(entry.answer.player), &picks) {
                // Determinism makes this unreachable unless the engine has a
                // bug; keep what could be rebuilt.
                tracing::error!("undo: a recorded answer no longer fits ({rejection})");
                break;
            }
            self.history.push(entry);
        }
        self.game.step();
        for point in pending_reloads {
            self.replay_reload(point);
        }
        self.replay_sandbox(&edits);
        self.sandbox_edits = edits;
        if later_reloads {
            // Go on with the newest cards: the next check reloads them
            // against the rebuilt match.
            self.cards_generation = u64::MAX;
        }
        self.generation += 1;
    }

    /// Applies the sandbox changes made after as many answers as the
    /// rebuilt match has (undo), after that point's reloads.
    fn replay_sandbox(&mut self, edits: &[RecordedSandbox]) {
        if let Err(err) = apply_sandbox(&mut self.game, edits, self.history.len()) {
            // The same changes applied to the same match before: only an
            // engine bug gets here.
            tracing::error!("undo: {err}");
        }
    }

    /// Applies a recorded reload to the rebuilt match (undo) and keeps it.
    fn replay_reload(&mut self, point: ReloadPoint) {
        self.game.reload_cards(
            Arc::clone(&point.db),
            (point.runners)(),
            &point.changes,
            &point.source,
        );
        self.game.step();
        self.reloads.push(point);
    }

    pub(super) fn can_undo(&self) -> bool {
        self.conceded_at.is_some()
            || self
                .history
                .iter()
                .any(|entry| entry.by == AnsweredBy::Human)
    }
}
