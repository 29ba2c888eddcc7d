//! A script pack played in process, with no sandbox, no wasmtime, no
//! threads and no file system: what the client's web page links
//! (`sve-packs` built without its `components` feature).
//!
//! [`InProcessPack::load`] does for one script pack's sources what the
//! desktop's loader does for a script folder, with the same functions:
//! `sve-script` compiles them as one pack of a library, the SVE Script
//! runtime lowers the IR to card data (`manifest::cards`), `convert` turns
//! that into the engine's cards, and those replace the base cards of the
//! same ids. So the page's [`CardDb`] is the one a desktop or a server gets
//! from the same folder alone, fingerprint and all, and its replays play
//! back there (and theirs here). [`InProcessRunner`] runs the abilities
//! over the same game API (`host_api/mod.rs`) as the desktop's native route
//! (`native_run`).
//!
//! What it leaves out, each refused with a message rather than dropped: a
//! pack with errors (the desktop loads the cards that compile and lists
//! the rest), declared keywords and counters, and cards too deeply nested
//! to run natively (the desktop runs those in the sandbox).
//!
//! A page is built with `panic = "abort"` and cannot unwind: where the
//! desktop turns a trap (too many game calls) or a panic in the runtime
//! into a fizzled ability, a page stops with the panic's message.

use super::convert;
use super::native_run;
use super::native_script;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use sve_engine::cards::{CardDb, CardDef, Declarations};
use sve_engine::engine::{AbilityCtx, AbilityQuery, AbilityRunner, Halt, NoAbilities, RunnerUsage};
use sve_script::SourceFile;
use sve_script_runtime::Script;

/// The card API version the game API implements here (the script runtime
/// is built against it).
pub const API_VERSION: &str = sve_sdk::API_VERSION;

/// Why a script pack can't be played in process.
#[derive(Debug, thiserror::Error)]
#[error("pack `{pack}`: {message}")]
pub struct InProcessError {
    pack: String,
    message: String,
}

impl InProcessError {
    fn new(pack: &str, message: impl Into<String>) -> InProcessError {
        InProcessError {
            pack: pack.to_owned(),
            message: message.into(),
        }
    }

    /// The pack's id.
    pub fn pack(&self) -> &str {
        &self.pack
    }
}

/// One script pack's cards over a base, and its compiled scripts, ready
/// for matches.
#[derive(Clone)]
pub struct InProcessPack {
    db: Arc<CardDb>,
    code: Arc<PackCode>,
    warnings: Vec<String>,
}

impl std::fmt::Debug for InProcessPack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InProcessPack")
            .field("pack", &self.code.id)
            .field("cards", &self.db.len())
            .finish_non_exhaustive()
    }
}

/// What every runner of one pack shares.
struct PackCode {
    id: String,
    script: Script,
    /// The ids of the cards the pack defines: their abilities run in it.
    cards: HashSet<String>,
}

impl InProcessPack {
    /// Compiles the script pack `pack_id` from `files` (each file's text as
    /// `sve_text::decode` gives it, the files in the order the pack folder
    /// lists them: by name) and merges its cards over `base` (the bundled
    /// starter cards), as the desktop's loader does with that folder alone.
    pub fn load(
        pack_id: &str,
        base: Vec<CardDef>,
        files: &[SourceFile],
    ) -> Result<InProcessPack, InProcessError> {
        let fail = |message: String| InProcessError::new(pack_id, message);
        let compiled = sve_script::compile_files_in_library(files);
        if compiled.error_count() > 0 {
            return Err(fail(format!(
                "its scripts do not compile:\n{}",
                compiled.render(files)
            )));
        }
        let mut warnings: Vec<String> = compiled
            .diagnostics
            .iter()
            .map(|diagnostic| diagnostic.to_string())
            .collect();
        let module = compiled.into_module();
        let ir = module
            .to_bytes()
            .map_err(|e| fail(format!("cannot encode the compiled cards: {e}")))?;
        let script = native_script::decode(&ir)
            .map_err(|why| fail(format!("cannot run in process: {why}")))?;
        let mut problems = Vec::new();
        let raw_cards =
            sve_script_runtime::manifest::cards(script.module(), &mut |p| problems.push(p));
        let keywords = sve_script_runtime::manifest::declared_keywords(script.module(), &mut |p| {
            problems.push(p)
        });
        let counters = sve_script_runtime::manifest::declared_counters(script.module());
        let token_kinds = sve_script_runtime::manifest::declared_token_kinds(script.module());
        if !keywords.is_empty() || !counters.is_empty() || !token_kinds.is_empty() {
            return Err(fail(
                "it declares keywords, counters or token kinds, which a pack played in process does not take yet"
                    .to_owned(),
            ));
        }
        warnings.extend(problems);
        let mut cards = Vec::with_capacity(raw_cards.len());
        for card in raw_cards {
            cards.push(convert::card_def_in(card).map_err(fail)?);
        }
        let ids: HashSet<String> = cards.iter().map(|card| card.id.clone()).collect();
        let db = CardDb::with_declarations(merged(base, cards), Declarations::default())
            .map_err(|e| fail(e.to_string()))?;
        Ok(InProcessPack {
            db: Arc::new(db),
            code: Arc::new(PackCode {
                id: pack_id.to_owned(),
                script,
                cards: ids,
            }),
            warnings,
        })
    }

    /// Every card: the base with the pack's cards merged in.
    pub fn db(&self) -> Arc<CardDb> {
        Arc::clone(&self.db)
    }

    /// The pack's id.
    pub fn id(&self) -> &str {
        &self.code.id
    }

    /// The ids of the cards the pack defines (their abilities run in it).
    pub fn card_ids(&self) -> impl Iterator<Item = &str> {
        self.code.cards.iter().map(String::as_str)
    }

    /// The compiler's warnings and the cards the runtime could not lower,
    /// one line each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// A runner for one match.
    pub fn runner(&self) -> Arc<dyn AbilityRunner> {
        Arc::new(InProcessRunner {
            code: Arc::clone(&self.code),
            guest_calls: AtomicU64::new(0),
            host_calls: AtomicU64::new(0),
        })
    }
}

/// `base` with each of `cards` replacing the base card of its id, or
/// added after them: the desktop library's merge for a lone pack.
fn merged(mut base: Vec<CardDef>, cards: Vec<CardDef>) -> Vec<CardDef> {
    let mut index: std::collections::HashMap<String, usize> = base
        .iter()
        .enumerate()
        .map(|(idx, def)| (def.id.clone(), idx))
        .collect();
    for card in cards {
        match index.get(&card.id) {
            Some(idx) => base[*idx] = card,
            None => {
                index.insert(card.id.clone(), base.len());
                base.push(card);
            }
        }
    }
    base
}

/// Runs the abilities of an [`InProcessPack`]'s cards in process; other
/// cards have none. One per match; clones of a match share it.
pub struct InProcessRunner {
    code: Arc<PackCode>,
    /// Calls into the pack's code, for [`AbilityRunner::usage`].
    guest_calls: AtomicU64,
    /// Calls that code made into the game.
    host_calls: AtomicU64,
}

impl std::fmt::Debug for InProcessRunner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InProcessRunner")
            .field("pack", &self.code.id)
            .finish()
    }
}

impl InProcessRunner {
    /// Counts one call into the pack's code and its calls into the game
    /// (no time: a page has no clock a run may read).
    fn count(&self, host_calls: u32) {
        self.guest_calls.fetch_add(1, Ordering::Relaxed);
        self.host_calls
            .fetch_add(u64::from(host_calls), Ordering::Relaxed);
    }

    /// The card's index in the script, if the pack defines it.
    fn card(&self, card_id: &str) -> Option<Option<usize>> {
        self.code
            .cards
            .contains(card_id)
            .then(|| self.code.script.card_index(card_id))
    }
}

impl AbilityRunner for InProcessRunner {
    fn condition(&self, query: &AbilityQuery<'_>) -> Result<bool, String> {
        let Some(card) = self.card(&query.card_def().id) else {
            return Ok(true);
        };
        let code = &self.code;
        let (outcome, host_calls) = native_run::condition(&code.id, &code.script, card, query);
        self.count(host_calls);
        native_run::finish_condition(&code.id, outcome)
    }

    fn resolve(&self, cx: &mut AbilityCtx<'_>) -> Result<(), Halt> {
        let Some(card) = self.card(&cx.query().card_def().id) else {
            return NoAbilities.resolve(cx);
        };
        let code = &self.code;
        let (outcome, host_calls) = native_run::resolve(&code.id, &code.script, card, cx);
        self.count(host_calls);
        native_run::finish_resolve(&code.id, outcome)
    }

    fn usage(&self) -> RunnerUsage {
        RunnerUsage {
            guest_calls: self.guest_calls.load(Ordering::Relaxed),
            host_calls: self.host_calls.load(Ordering::Relaxed),
            guest_nanos: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::bot::BotKind;
    use sve_engine::cards::starter::{STARTER_CARDS_JSON, parse_cards};
    use sve_engine::cards::{AbilityKind, Trigger};
    use sve_engine::engine::{Event, Match};
    use sve_engine::sim::{PlayOptions, play_bot_match};

    /// The starter decks' script pack as its folder lists it: what the web
    /// page bundles (`ui/src/catalog/starter_scripts.rs`, which a test of
    /// the client holds to this folder).
    fn starter_scripts() -> Vec<SourceFile> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../card-packs/starter-scripts");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .expect("the starter pack's folder")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|name| name.ends_with(".txt"))
            .collect();
        names.sort();
        names
            .into_iter()
            .map(|name| {
                let bytes = std::fs::read(dir.join(&name)).expect("a script");
                let text = sve_text::decode(&bytes).expect("text");
                SourceFile { name, text }
            })
            .collect()
    }

    fn starter_pack() -> InProcessPack {
        let base = parse_cards(STARTER_CARDS_JSON).expect("the bundled cards");
        InProcessPack::load("starter-scripts", base, &starter_scripts()).expect("loads")
    }

    #[test]
    fn the_starter_scripts_play_their_abilities_in_process() {
        let pack = starter_pack();
        assert!(pack.warnings().is_empty(), "{:?}", pack.warnings());
        let db = pack.db();
        let decks = ["SD01", "SD02"].map(|name| {
            let file = sve_engine::decks::starter_deck(name).expect("a starter deck");
            sve_engine::decks::resolve(&file, &db).expect("resolves")
        });
        let mut resolved_fanfares = 0;
        let mut resolved = 0;
        for seed in 0..4 {
            let mut game = Match::new(Arc::clone(&db), pack.runner(), decks.clone(), seed);
            let mut bots = [BotKind::Greedy.build(seed), BotKind::Greedy.build(seed + 1)];
            let report = play_bot_match(
                &mut game,
                &mut bots,
                PlayOptions {
                    turn_cap: 200,
                    check_invariants: true,
                    keep_log: true,
                },
            );
            assert!(report.outcome.is_some(), "seed {seed}: no result");
            assert_eq!(
                report.fizzles, 0,
                "seed {seed}: {:?}",
                report.fizzle_reasons
            );
            assert!(report.violations.is_empty(), "{:?}", report.violations);
            for event in &report.log {
                if let Event::AbilityResolved { def, ability, .. } = event {
                    resolved += 1;
                    let card = db.get(*def);
                    assert!(
                        pack.card_ids().any(|id| id == card.id),
                        "{} is not the pack's",
                        card.id
                    );
                    let is_fanfare = ability
                        .ability()
                        .and_then(|idx| card.abilities.get(usize::from(idx.0)))
                        .is_some_and(|ability| {
                            ability.kind == AbilityKind::Triggered(Trigger::Fanfare)
                        });
                    resolved_fanfares += usize::from(is_fanfare);
                }
            }
        }
        assert!(resolved > 0, "no ability resolved");
        assert!(resolved_fanfares > 0, "no Fanfare resolved");
    }

    #[test]
    fn a_pack_that_does_not_compile_is_refused_with_the_compilers_words() {
        let base = parse_cards(STARTER_CARDS_JSON).expect("the bundled cards");
        let files = [SourceFile {
            name: "bad.txt".to_owned(),
            text: "name Broken;\nid XX-001;\ncost banana;\n".to_owned(),
        }];
        let err = InProcessPack::load("bad", base, &files).expect_err("refused");
        assert_eq!(err.pack(), "bad");
        assert!(err.to_string().contains("bad.txt"), "{err}");
    }
}
