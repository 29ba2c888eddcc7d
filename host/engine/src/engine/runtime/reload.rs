//! Hot reload: new card definitions and code swapped into a running match
//! between two steps, keeping the whole match state.
//!
//! Because the match is data between decisions and packs keep no state, a
//! swap is: replace the card database (ids keep their [`DefId`], see
//! [`CardDb::updated`]) and the runner, then re-derive what depended on the
//! old definitions:
//! - cards keep their zone, damage, counters and effects; their static facts
//!   (cost, stats, keywords, abilities, text) now come from the new
//!   definitions;
//! - a main-phase or Quick decision is asked again (its legal actions may
//!   have changed);
//! - an ability that was waiting for an answer runs again with the new code
//!   and the answers already given. If an answer no longer fits a question
//!   (other options, another player asked), the ability's questions start
//!   over from the first one (see
//!   [`Halt::StaleAnswers`](crate::engine::Halt::StaleAnswers)).

use super::{Match, Resume, Task};
use crate::cards::{CardChanges, CardDb};
use crate::engine::ability::AbilityRunner;
use crate::engine::event::Event;
use std::sync::Arc;

impl Match {
    /// Swaps in a reloaded card database and runner. `db` must come from
    /// [`CardDb::updated`] on this match's database, so that every card of
    /// the match keeps its definition id. `source` names what was reloaded
    /// for the log.
    pub fn reload_cards(
        &mut self,
        db: Arc<CardDb>,
        runner: Arc<dyn AbilityRunner>,
        changes: &CardChanges,
        source: &str,
    ) {
        debug_assert!(db.len() >= self.db.len(), "reloaded db must keep every id");
        self.db_has_triggers = db.iter().any(|(_, def)| !def.abilities.is_empty());
        let delayed = self.delayed_after_reload(&db);
        self.db = db;
        self.state.delayed = delayed;
        self.runner = runner;
        self.settled.forget();
        // Entries are keyed by the database already; forgetting them also
        // frees the old ones at once.
        self.state.forget_characteristics();
        if let Some((_, resume)) = &self.decision {
            let again = match resume {
                Resume::MainAction => Some(Task::MainAction),
                Resume::QuickWindow => Some(Task::QuickWindow),
                Resume::Ability(run) => Some(Task::Run(run.clone())),
                _ => None,
            };
            if let Some(task) = again {
                self.decision = None;
                self.tasks.push(task);
            }
        }
        self.emit(Event::CardsReloaded {
            source: source.to_owned(),
            changed: changes.changed.clone(),
            added: changes.added.clone(),
            removed: changes.removed.clone(),
        });
    }
}

impl Match {
    /// The waiting delayed triggers as `db` numbers their abilities: each
    /// follows its ability by name (an edit may move it in the card's
    /// list), and one whose card no longer has a delayed ability of that
    /// name stops waiting. (Bookkeeping of a swap, outside any mutation,
    /// like the database itself.)
    fn delayed_after_reload(&self, db: &CardDb) -> Vec<crate::engine::DelayedTrigger> {
        use crate::cards::AbilityKind;
        self.state
            .delayed
            .iter()
            .filter_map(|delayed| {
                let old = self
                    .db
                    .get(delayed.def)
                    .abilities
                    .get(usize::from(delayed.ability.0))?;
                let idx = db.get(delayed.def).abilities.iter().position(|a| {
                    a.name == old.name && matches!(a.kind, AbilityKind::Delayed(_))
                })?;
                Some(crate::engine::DelayedTrigger {
                    ability: crate::engine::AbilityIdx(u8::try_from(idx).ok()?),
                    ..delayed.clone()
                })
            })
            .collect()
    }
}
