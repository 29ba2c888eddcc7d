//! Loading one pack folder: its manifest, then a Rust pack's shipped
//! component (a dev pack is built first), a script folder compiled into the
//! script runtime, or a packaged script pack; the manifest call read and
//! every card checked.

use super::component::{PackEngine, Prepared};
use super::runner::PackCode;
use super::*;

pub(super) fn load_pack(
    dir: &Path,
    engine: &PackEngine,
    options: &LoadOptions,
    mode: LoadMode,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let mut notes = Vec::new();
    let manifest = if dir.join("pack.toml").exists() {
        read_manifest(dir).map_err(|e| vec![error_at(e.file, e.message)])?
    } else {
        let manifest = script_pack::default_manifest(dir);
        notes.push(PackDiagnostic {
            severity: Severity::Warning,
            ..error_at(
                dir,
                format!(
                    "no pack.toml: loaded as script pack `{}` version 0.0.0 with priority {} (add a pack.toml to name it)",
                    manifest.id, manifest.priority
                ),
            )
        });
        manifest
    };
    let mut pack = if manifest.kind == PackKind::Script {
        load_script_pack(&manifest, engine, mode)?
    } else {
        load_rust_pack(&manifest, engine, options)?
    };
    if let Some(language) = &options.language {
        let (texts, mut problems) = text_data::read(dir, language);
        text_data::apply(&mut pack.cards, &texts);
        notes.append(&mut problems);
    }
    notes.append(&mut pack.notes);
    pack.notes = notes;
    Ok(pack)
}

/// Loads a Rust pack's component. A dev pack ([`DevPacks`]) is built first
/// when its sources differ from what the component was built from; any
/// other pack loads its component as shipped: a source-only pack is not
/// loaded (the diagnostic says how to build it), and one whose sources
/// changed since its build loads with a warning.
fn load_rust_pack(
    manifest: &PackManifest,
    engine: &PackEngine,
    options: &LoadOptions,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let dir = &manifest.dir;
    let is_dev = options.dev_packs.contains(dir);
    let freshness = freshness(manifest);
    let mut notes = Vec::new();
    match (&freshness, is_dev) {
        (Freshness::Missing | Freshness::Stale { .. }, true) => {
            build_dev_pack(manifest, options.dev_packs.target_dir())?;
        }
        (Freshness::Missing, false) => {
            return Err(vec![error_at(
                dir.join("Cargo.toml"),
                format!(
                    "pack `{}` is Rust source without a built component ({}), so it is not loaded; \
                     to build it run `sve pack build {}`, or mark it as your own working copy with \
                     `sve --dev-pack {}` (the client: {DEV_PACKS_ENV}) to build it on load and on \
                     every edit. Building runs the pack's build script and macros with your \
                     rights: do it only for code you trust",
                    manifest.id,
                    component_path(manifest).display(),
                    dir.display(),
                    dir.display()
                ),
            )]);
        }
        (Freshness::Stale { recorded, .. }, false) => {
            let built_from = match recorded {
                Some(_) => "its sources have changed since it was built",
                None => "it records no hash of the sources it was built from",
            };
            notes.push(PackDiagnostic {
                severity: Severity::Warning,
                ..error_at(
                    component_path(manifest),
                    format!(
                        "loaded as shipped, but {built_from}; to play the sources, rebuild it with \
                         `sve pack build {}` (this runs the pack's build script and macros with \
                         your rights), or use `sve --dev-pack {}`",
                        dir.display(),
                        dir.display()
                    ),
                )
            });
        }
        (Freshness::Current | Freshness::NoSources, _) => {}
    }
    let file = component_path(manifest);
    let bytes = read_capped(&file, MAX_COMPONENT_BYTES).map_err(|e| {
        let message = if freshness == Freshness::NoSources {
            format!("cannot read the pack's component ({e}), and the pack has no sources (Cargo.toml) to build it from")
        } else {
            format!(
                "cannot read the built pack ({e}); build it with `sve pack build {}`",
                dir.display()
            )
        };
        vec![error_at(&file, message)]
    })?;
    let mut pack = load_component(manifest, &file, &bytes, engine, Arc::from(Vec::new()))?;
    pack.notes.splice(0..0, notes);
    Ok(pack)
}

/// Builds a dev pack with cargo; compiler errors come back located.
fn build_dev_pack(manifest: &PackManifest, target_dir: &Path) -> Result<(), Vec<PackDiagnostic>> {
    let dir = &manifest.dir;
    tracing::info!(
        "building dev pack `{}` with cargo (its sources changed)",
        manifest.id
    );
    let mut output = Vec::new();
    match build_rust_pack(manifest, target_dir, &mut |line| {
        output.push(line.to_owned())
    }) {
        Ok(_) => Ok(()),
        Err(build::BuildError::Cargo { diagnostics, dir }) => {
            let mut problems: Vec<PackDiagnostic> = diagnostics
                .into_iter()
                .filter(|d| d.severity == Severity::Error)
                .collect();
            if problems.is_empty() {
                problems.push(error_at(
                    dir.join("Cargo.toml"),
                    format!("cargo build failed:\n{}", output.join("\n")),
                ));
            }
            Err(problems)
        }
        Err(e) => Err(vec![error_at(dir.join("Cargo.toml"), e.to_string())]),
    }
}

/// Compiles a script folder and loads it into the script runtime.
fn load_script_pack(
    manifest: &PackManifest,
    engine: &PackEngine,
    mode: LoadMode,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    if !scripts::is_script_folder(&manifest.dir) {
        return load_packaged_script_pack(manifest, engine);
    }
    let compiled = script_pack::compile_folder(&manifest.dir).map_err(|d| vec![d])?;
    if compiled.has_errors() && (mode == LoadMode::Reload || compiled.cards_ok == 0) {
        return Err(compiled
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect());
    }
    let file = manifest.dir.join("pack.toml");
    let runtime = prepared_runtime(engine, &file)?;
    let mut pack = load_prepared(
        manifest,
        &file,
        runtime,
        engine,
        Arc::from(compiled.ir.as_slice()),
    )?;
    pack.info.content_hash = format!(
        "{:016x}",
        fnv1a(&compiled.ir) ^ script_pack::runtime_hash().rotate_left(1)
    );
    if compiled.cards_ok < compiled.cards_total {
        pack.notes.push(error_at(
            &manifest.dir,
            format!(
                "{} of {} cards compiled; the others are left out",
                compiled.cards_ok, compiled.cards_total
            ),
        ));
    }
    // As with a file that no longer compiles, an edit that makes a card
    // unplayable leaves the previous version playing: a running match never
    // swaps a card for a version it can play only in part.
    if mode == LoadMode::Reload && pack.cards.iter().any(|card| card.unplayable.is_some()) {
        return Err(pack
            .notes
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect());
    }
    pack.notes.extend(compiled.diagnostics);
    pack.folders = compiled.folders;
    pack.outside_refs = compiled.outside_refs;
    Ok(pack)
}

/// Checks, compiles and reads one pack component.
fn load_component(
    manifest: &PackManifest,
    file: &Path,
    bytes: &[u8],
    engine: &PackEngine,
    pack_data: Arc<[u8]>,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let prepared = prepare_component(file, bytes, engine, &manifest.id)?;
    load_prepared(manifest, file, prepared, engine, pack_data)
}

/// The errors of a component file, located at `file`. Their text may quote
/// the component (import names, a trap's backtrace with the guest's
/// function names): pack text, cleaned.
fn component_error(file: &Path, message: String) -> Vec<PackDiagnostic> {
    let message = guest_text::clean(&message, guest_text::TextKind::Report);
    vec![error_at(file, message)]
}

/// Checks that `bytes` are a component that records a card API version
/// this host runs, then compiles and pre-instantiates it.
fn prepare_component(
    file: &Path,
    bytes: &[u8],
    engine: &PackEngine,
    pack_id: &str,
) -> Result<Prepared, Vec<PackDiagnostic>> {
    let fail = |message: String| component_error(file, message);
    if let Some(error) = component_parse_error(bytes) {
        return Err(fail(format!("not a valid wasm component: {error}")));
    }
    let Some(recorded) = recorded_api_version(bytes) else {
        return Err(fail(
            "the pack records no card API version (was it built with sve-sdk's export_pack!?)"
                .to_owned(),
        ));
    };
    let version = semver::Version::parse(recorded.trim()).map_err(|_| {
        fail(format!(
            "the pack records an unreadable card API version `{}`",
            guest_text::quoted(&recorded)
        ))
    })?;
    if !wit::SUPPORTED.contains(&version) {
        let supported: Vec<String> = wit::SUPPORTED.iter().map(ToString::to_string).collect();
        return Err(fail(format!(
            "pack `{pack_id}` was built for card API {version}; this host supports {}",
            supported.join(", ")
        )));
    }
    let component = engine.compile(bytes).map_err(|e| fail(e.to_string()))?;
    let pre = engine.prepare(&component, &version).map_err(|e| {
        fail(format!(
            "the pack imports something outside the card API {version}: {e}"
        ))
    })?;
    Ok(Prepared {
        version,
        pre,
        hash: fnv1a(bytes),
    })
}

/// The embedded script runtime, prepared once per process.
fn prepared_runtime(engine: &PackEngine, file: &Path) -> Result<Prepared, Vec<PackDiagnostic>> {
    engine.runtime(|| {
        let runtime = script_pack::runtime_component().map_err(|e| vec![error_at(file, e)])?;
        prepare_component(file, runtime, engine, "script-runtime")
    })
}

/// Reads a prepared pack component: the manifest's `api` check, then the
/// cards its manifest call gives.
fn load_prepared(
    manifest: &PackManifest,
    file: &Path,
    prepared: Prepared,
    engine: &PackEngine,
    pack_data: Arc<[u8]>,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let fail = |message: String| component_error(file, message);
    let Prepared { version, pre, hash } = prepared;
    let supported: Vec<String> = wit::SUPPORTED.iter().map(ToString::to_string).collect();
    // A script pack's scripts don't see the card API: any version this
    // host runs will do (its runtime is built against the newest). A Rust
    // pack must accept the version it was built against.
    let refused = if pack_data.is_empty() {
        (!manifest.api.matches(&version))
            .then(|| format!("the API version the pack was built with ({version})"))
    } else {
        (!wit::SUPPORTED.iter().any(|v| manifest.api.matches(v))).then(|| {
            format!(
                "any card API version this host runs ({})",
                supported.join(", ")
            )
        })
    };
    if let Some(what) = refused {
        return Err(vec![error_at(
            manifest.dir.join("pack.toml"),
            format!("field `api` = \"{}\" does not accept {what}", manifest.api),
        )]);
    }
    let (mut store, pack) = engine
        .instantiate(&pre, Arc::clone(&pack_data))
        .map_err(|e| fail(e.to_string()))?;
    let raw = pack.call_manifest(&mut store).map_err(|e| {
        // The guest's own words (a panic's message) are in its log.
        let log = &store.data().log;
        let mut message = format!("the manifest call failed: {e:#}");
        for line in log.iter().rev().take(5).rev() {
            message.push_str(&format!("\n  pack log: {}", shown_log_line(line)));
        }
        fail(message)
    })?;
    let notes = manifest_log_notes(&manifest.dir, file, &store.data().log);
    let always_hold = if pack_data.is_empty() {
        abilities_without_conditions(&raw)
    } else {
        // The script runtime says every ability has one (it answers them
        // from the IR).
        FxHashMap::default()
    };
    let mut cards: Vec<CardDef> = Vec::with_capacity(raw.cards.len());
    let mut refused = Vec::new();
    for card in raw.cards {
        match convert::card_def_in(card) {
            Ok(card) => cards.push(card),
            Err(message) => refused.push(error_at(file, message)),
        }
    }
    let mut keywords = Vec::with_capacity(raw.keywords.len());
    for keyword in raw.keywords {
        match convert::keyword_decl_in(keyword) {
            Ok(keyword) => keywords.push(keyword),
            Err(message) => refused.push(error_at(file, message)),
        }
    }
    if !refused.is_empty() {
        return Err(refused);
    }
    check_cards(&cards).map_err(|problems| {
        problems
            .into_iter()
            .map(|m| error_at(file, m))
            .collect::<Vec<_>>()
    })?;
    Ok(ReadPack {
        info: PackInfo {
            id: manifest.id.clone(),
            name: manifest.name.clone(),
            version: manifest.version.to_string(),
            api_version: version.to_string(),
            cards: cards.len(),
            dir: manifest.dir.clone(),
            content_hash: format!("{hash:016x}"),
            priority: manifest.priority,
            cards_shadowed: 0,
            cards_in_conflict: 0,
        },
        cards,
        keywords,
        counters: raw
            .counters
            .into_iter()
            .map(convert::counter_decl_in)
            .collect(),
        token_kinds: raw
            .token_kinds
            .into_iter()
            .map(convert::token_kind_decl_in)
            .collect(),
        code: PackCode {
            id: manifest.id.clone(),
            pre,
            pool: (!pack_data.is_empty()).then(Arc::default),
            native: native_script(file, &pack_data),
            data: pack_data,
            always_hold: Arc::new(always_hold),
        },
        overrides: manifest.overrides.clone(),
        priority: manifest.priority,
        sets: manifest.sets.clone(),
        folders: Vec::new(),
        outside_refs: Vec::new(),
        notes,
    })
}

/// For each card and declared keyword of a manifest, the abilities (bit
/// `i` for ability `i`, the first 64) the pack says have no condition
/// (`ability-def.has-condition` false); those without any are left out.
/// Two declarations of one id (an error the library reports, keeping the
/// first) keep only what both say.
fn abilities_without_conditions(
    raw: &wit::latest::sve::cards::types::Manifest,
) -> FxHashMap<String, u64> {
    let mask = |abilities: &[wit::latest::sve::cards::types::AbilityDef]| {
        abilities
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, ability)| !ability.has_condition)
            .fold(0u64, |mask, (idx, _)| mask | 1 << idx)
    };
    let cards = raw.cards.iter().map(|c| (&c.id, mask(&c.abilities)));
    let keywords = raw.keywords.iter().map(|k| (&k.id, mask(&k.abilities)));
    let mut masks: FxHashMap<String, u64> = FxHashMap::default();
    for (id, mask) in cards.chain(keywords) {
        *masks.entry(id.clone()).or_insert(u64::MAX) &= mask;
    }
    masks.retain(|_, mask| *mask != 0);
    masks
}

/// A script pack's IR decoded for native runs (`native_script.rs`); `None`
/// for a Rust pack, or when the pack must run in the sandbox.
fn native_script(file: &Path, pack_data: &[u8]) -> Option<Arc<sve_script_runtime::Script>> {
    if pack_data.is_empty() {
        return None;
    }
    match super::native_script::decode(pack_data) {
        Ok(script) => Some(Arc::new(script)),
        Err(why) => {
            tracing::info!(target: "sve::packs", "{}: runs in the sandbox: {why}", file.display());
            None
        }
    }
}

/// A compiled script pack shipped as one file (`<id>.wasm`, what `sve pack
/// build` writes) in a folder without scripts: its IR comes from the
/// file's custom section and runs in this build's runtime (an IR version
/// this runtime does not read is refused with both versions named).
fn load_packaged_script_pack(
    manifest: &PackManifest,
    engine: &PackEngine,
) -> Result<ReadPack, Vec<PackDiagnostic>> {
    let file = component_path(manifest);
    let bytes = read_capped(&file, MAX_COMPONENT_BYTES).map_err(|e| {
        vec![error_at(
            &manifest.dir,
            format!(
                "a script pack needs .txt scripts or a compiled {} ({e})",
                file.display()
            ),
        )]
    })?;
    let Some(ir) = script_pack::packaged_ir(&bytes) else {
        return Err(vec![error_at(
            &file,
            format!(
                "not a compiled script pack: no `{}` section",
                script_pack::IR_SECTION
            ),
        )]);
    };
    let runtime = prepared_runtime(engine, &file)?;
    let mut pack = load_prepared(manifest, &file, runtime, engine, Arc::from(ir))?;
    pack.info.content_hash = format!("{:016x}", fnv1a(&bytes));
    if pack.notes.iter().any(|d| d.severity == Severity::Error) {
        return Err(pack.notes);
    }
    Ok(pack)
}

/// A line of a pack's log as it may be shown: control characters dropped,
/// at most 500 characters.
fn shown_log_line(line: &str) -> String {
    let mut shown: String = line.chars().filter(|c| !c.is_control()).take(500).collect();
    if line.chars().count() > 500 {
        shown.push('…');
    }
    shown
}

/// Lines a pack logged while listing its cards, as diagnostics: the script
/// runtime reports `warning: FILE:LINE: message` for what it cannot play
/// (`FILE` as the compiler named it: relative to the pack folder, `/`
/// between folders). Each line is pack text ([`guest_text`]): cleaned and
/// capped, and a `FILE` that is not a relative path inside the pack's
/// folder (an absolute path, `..`) leaves the note unlocated.
fn manifest_log_notes(dir: &Path, file: &Path, log: &[String]) -> Vec<PackDiagnostic> {
    log.iter()
        .map(|line| guest_text::clean(line, guest_text::TextKind::Message))
        .filter_map(|line| {
            let (severity, rest) = if let Some(rest) = line.strip_prefix("warning: ") {
                (Severity::Warning, rest)
            } else {
                (Severity::Error, line.strip_prefix("error: ")?)
            };
            let mut parts = rest.splitn(3, ':');
            let located = (parts.next(), parts.next(), parts.next());
            Some(match located {
                (Some(name), Some(n), Some(message))
                    if n.trim().parse::<u32>().is_ok() && is_path_inside_pack(name) =>
                {
                    PackDiagnostic {
                        file: dir.join(name),
                        line: n.trim().parse().ok(),
                        col: None,
                        severity,
                        message: message.trim().to_owned(),
                    }
                }
                _ => PackDiagnostic {
                    severity,
                    ..error_at(file, rest)
                },
            })
        })
        .collect()
}

/// A path relative to the pack folder that stays inside it, as the
/// compiler names scripts: `cards.txt`, `BoosterPacks/BP01/forest.txt`;
/// not `../x`, `/etc/x`, `C:x` or `a\\b`.
fn is_path_inside_pack(name: &str) -> bool {
    !name.is_empty()
        && !name.contains('\\')
        && name.split('/').all(|part| {
            !part.is_empty()
                && part != "."
                && part != ".."
                && Path::new(part).file_name() == Some(std::ffi::OsStr::new(part))
                && !part.contains(':')
        })
}

/// FNV-1a: a stable hash across runs and platforms.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Sanity checks on a manifest's cards: sizes, id format (the rule of
/// [`sve_text::check_card_id`]), names, lengths of every text field
/// ([`guest_text`]), ability counts. A message names the card by its id,
/// shown with control characters escaped.
fn check_cards(cards: &[CardDef]) -> Result<(), Vec<String>> {
    use guest_text::{TextKind, check_len, quoted};
    let mut problems = Vec::new();
    if cards.len() > MAX_CARDS_PER_PACK {
        return Err(vec![format!(
            "the manifest defines {} cards; a pack may define at most {MAX_CARDS_PER_PACK}",
            cards.len()
        )]);
    }
    let mut seen = std::collections::HashSet::new();
    for card in cards {
        let id = quoted(&card.id);
        if let Err(bad) = sve_text::check_card_id(&card.id) {
            problems.push(format!(
                "card `{id}` (named `{}`) has a bad id: {bad}",
                quoted(&card.name)
            ));
            continue;
        }
        if card.name.is_empty() {
            problems.push(format!("card `{id}` has an empty name"));
        }
        if !seen.insert(card.id.as_str()) {
            problems.push(format!("card `{id}` is defined twice in the pack"));
        }
        let fields = [
            (&card.name, TextKind::Name),
            (&card.text, TextKind::CardText),
        ]
        .into_iter()
        .chain(card.traits.iter().map(|t| (t, TextKind::Trait)))
        .chain(card.also_named.iter().map(|n| (n, TextKind::Name)))
        .chain(card.alternate_name.iter().map(|n| (n, TextKind::Name)))
        .chain(card.abilities.iter().flat_map(|a| {
            [
                (&a.name, TextKind::AbilityName),
                (&a.text, TextKind::CardText),
            ]
        }));
        for (text, kind) in fields {
            if let Err(why) = check_len(text, kind) {
                problems.push(format!("card `{id}`: {why}"));
            }
        }
        if card.traits.len() > guest_text::MAX_TRAITS {
            problems.push(format!(
                "card `{id}` has {} traits; at most {}",
                card.traits.len(),
                guest_text::MAX_TRAITS
            ));
        }
        if card.abilities.len() > sve_engine::cards::MAX_ABILITIES {
            problems.push(format!(
                "card `{id}` has {} abilities; at most {}",
                card.abilities.len(),
                sve_engine::cards::MAX_ABILITIES
            ));
        }
        if card.initial_counters.len() > MAX_INITIAL_COUNTERS {
            problems.push(format!(
                "card `{id}` enters with {} counter entries; at most {MAX_INITIAL_COUNTERS}",
                card.initial_counters.len()
            ));
        }
        // Everything else the engine walks at play (filter lists, costs,
        // passives) is bounded by the size of the card's rules.
        let mut rules = card.clone();
        rules.text.clear();
        for ability in &mut rules.abilities {
            ability.text.clear();
            ability.name.clear();
        }
        let size = postcard::to_allocvec(&rules).map_or(usize::MAX, |bytes| bytes.len());
        if size > MAX_CARD_RULES_BYTES {
            problems.push(format!(
                "card `{id}`'s rules (filters, costs, passives) take {size} bytes; at most {MAX_CARD_RULES_BYTES}"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::board::fixtures::test_cards;

    #[test]
    fn a_card_with_huge_rules_or_counter_lists_is_refused() {
        use sve_engine::cards::{AbilityDef, AbilityKind, CardFilter, Counter, Trigger};
        let mut huge_filter = test_cards().remove(1);
        huge_filter.abilities.push(AbilityDef {
            name: String::new(),
            kind: AbilityKind::Triggered(Trigger::OnOtherEnterField(CardFilter {
                traits_any: vec!["Elf".to_owned(); 20_000],
                ..CardFilter::default()
            })),
            costs: Vec::new(),
            once_per_turn: false,
            union_burst: false,
            advanced: false,
            text: String::new(),
        });
        let problems = check_cards(&[huge_filter]).unwrap_err();
        assert!(
            problems[0].contains("rules (filters, costs, passives) take"),
            "{problems:?}"
        );
        let mut counters = test_cards().remove(1);
        counters.initial_counters = vec![(Counter::Stack, 0); 9];
        let problems = check_cards(&[counters]).unwrap_err();
        assert_eq!(
            problems,
            ["card `TEST-V1` enters with 9 counter entries; at most 8"]
        );
    }

    #[test]
    fn an_oversized_manifest_is_refused() {
        let one = test_cards().remove(1);
        let many: Vec<CardDef> = (0..=MAX_CARDS_PER_PACK)
            .map(|i| CardDef {
                id: format!("BIG-{i}"),
                ..one.clone()
            })
            .collect();
        let problems = check_cards(&many).unwrap_err();
        assert_eq!(
            problems,
            ["the manifest defines 5001 cards; a pack may define at most 5000"]
        );
        let mut huge = one.clone();
        huge.text = "x".repeat(MAX_TEXT_LEN + 1);
        let problems = check_cards(&[huge]).unwrap_err();
        assert_eq!(
            problems,
            ["card `TEST-V1`: its text is 10001 characters long; at most 10000"]
        );
    }

    #[test]
    fn a_card_id_with_a_newline_is_refused() {
        let one = test_cards().remove(1);
        let split = CardDef {
            id: "SD01\n001".to_owned(),
            ..one.clone()
        };
        let problems = check_cards(&[split]).unwrap_err();
        assert_eq!(
            problems,
            [
                "card `SD01\\u{a}001` (named `V1`) has a bad id: the id holds the character U+000A, which ids may not; use letters, digits and printable ASCII punctuation such as `-`"
            ]
        );
    }

    #[test]
    fn empty_overlong_and_spaced_card_ids_are_refused() {
        let one = test_cards().remove(1);
        for (id, reason) in [
            ("", "the id is empty"),
            (&"X".repeat(65), "the id is 65 characters long; at most 64"),
            ("SD01 001", "the id holds a space"),
            ("SD01-\u{1b}[2J", "the id holds the character U+001B"),
        ] {
            let card = CardDef {
                id: id.to_owned(),
                ..one.clone()
            };
            let problems = check_cards(&[card]).unwrap_err();
            assert!(problems[0].contains(reason), "{id:?}: {problems:?}");
            assert!(!problems[0].contains('\u{1b}'), "{problems:?}");
        }
    }

    #[test]
    fn an_oversized_trait_or_ability_name_is_refused_naming_the_field() {
        let mut card = test_cards().remove(1);
        card.traits = vec!["t".repeat(65)];
        let problems = check_cards(&[card]).unwrap_err();
        assert_eq!(
            problems,
            ["card `TEST-V1`: its trait is 65 characters long; at most 64"]
        );
    }

    #[test]
    fn duplicate_ids_in_one_pack_are_named() {
        let one = test_cards().remove(1);
        let problems = check_cards(&[one.clone(), one]).unwrap_err();
        assert_eq!(problems, ["card `TEST-V1` is defined twice in the pack"]);
    }
}
