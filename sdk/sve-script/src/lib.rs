//! `sve-script`: the SVE Script compiler front-end.
//!
//! SVE Script is the line-oriented card language of the community
//! Shadowverse: Evolve simulator (section numbers below point into the
//! community's SVE Script reference). One `.txt` file holds
//! many cards; each card is header statements (`name`, `id`, `class`, `type`,
//! `stats`, ...) and `ability` blocks (trigger, clauses, one effect call).
//! This crate reads such files exactly as the community writes them and
//! turns them into a typed, checked, versioned [`ir`], together with rustc
//! style [`Diagnostic`]s. It is pure Rust: no engine, no wasmtime, no IO
//! except [`compile_dir`]; it builds for `wasm32-unknown-unknown` too.
//!
//! ```
//! let source = r#"
//! name Example Knight;
//! id XX01-001;
//! class Sword;
//! type Follower;
//! trait Officer;
//! cost 4;
//! stats 3/4;
//! keywords Ward;
//! ability Fanfare {
//!     condition p(#F);
//!     effect DealDamage(2c(3)4) to TargetOpponentCard F;
//! }
//! "#;
//! let compiled = sve_script::compile_file("example.txt", source);
//! assert!(compiled.diagnostics.is_empty());
//! let card = &compiled.cards[0];
//! assert_eq!(card.name, "Example Knight");
//! assert_eq!(card.abilities[0].effect.name(), "DealDamage");
//!
//! // A mistake is reported with its position, what was expected and a
//! // suggestion; the other cards still compile.
//! let broken = "name A;\nid A-1;\nclass Forest;\ntype Spell;\ncost 1;\nability Spell { effect DealDamag(1) to OpponentLeader; }\n";
//! let compiled = sve_script::compile_file("broken.txt", broken);
//! let error = &compiled.diagnostics[0];
//! assert_eq!((error.line(), error.col()), (6, 24));
//! assert_eq!(error.help(), Some("did you mean `DealDamage`?"));
//! print!("{}", error.render(broken));
//! ```
//!
//! Core concepts:
//! - [`compile_file`] compiles one file; [`compile_files`] compiles a set of
//!   files together and also checks references between cards (token names,
//!   evolved cards' base cards); [`compile_dir`] reads every `.txt` file of a
//!   folder and compiles them as one set.
//! - [`compile_files_in_library`] compiles a set that is one pack of a
//!   larger library: a token or base card the set does not define is not a
//!   warning yet but an [`OutsideRef`] in [`Compiled::outside_refs`], which
//!   the caller checks against every loaded card ([`CardNames`],
//!   [`OutsideRef::check`]); spec §5.5 resolves token names library-wide.
//! - [`Compiled`] holds the cards that compiled and every diagnostic. A card
//!   with an error is left out (and listed in [`Compiled::rejected`]); the
//!   others are unaffected. Nothing here panics on any input.
//! - [`ir`] is the output: per card, static facts, abilities (trigger,
//!   condition, costs, one [`ir::Effect`] per effect name) and two flat
//!   pools for value functions and filters. [`ir::Module`] serialises it with
//!   postcard, stamped with [`ir::IR_VERSION`].
//!
//! - Text from outside follows `sve-text`, the policy the host shares: a
//!   file's bytes become text through `sve_text::decode` (a byte order
//!   mark dropped, a file that is not text refused), the compiler reads
//!   it as `sve_text::normalize` leaves it (CRLF and CR-only line ends
//!   read as lines), and diagnostics escape the script text they quote
//!   and cut long lines.
//!
//! To look at what a script compiles to, run
//! `cargo run -p sve-script --example compile -- FILE...`: it prints every
//! card's IR dump ([`ir::Card::dump`]) and every diagnostic.
//!
//! Pipeline: `lexer` (statements) → `parser` (cards, abilities, clauses,
//! calls) → `lower` (facts, effects, costs, values, filters, checks) →
//! `link` (ids, tokens, evolved bases).

#![deny(missing_docs)]
// Every public type should be printable in a test failure.
#![warn(missing_debug_implementations)]

mod args;
mod ast;
mod complex;
mod costs;
mod declared;
mod diagnostics;
mod effects;
mod facts;
pub use facts::{ADVANCED_TRAIT, EQUIPMENT_TRAIT};
mod filters;
pub mod ir;
mod lexer;
mod link;
mod lower;
mod moves_line;
mod names;
mod parser;
mod pools;
mod references;
mod span;
mod suggest;
mod values;

pub use diagnostics::{Diagnostic, MAX_SHOWN_CHARS, MAX_SHOWN_LINE_CHARS, Severity};
pub use references::{CardNames, OutsideRef, OutsideRefKind};
pub use span::Span;

use diagnostics::{Locator, Sink};
use link::Linking;
use lower::LoweredCard;
use std::path::{Path, PathBuf};

/// One script file: a name for messages and its text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SourceFile {
    /// The name used in diagnostics (usually the file name).
    pub name: String,
    /// The file's text. A byte order mark and `\r\n` or lone `\r` line
    /// ends are read as [`sve_text::normalize`] leaves them; spans index that
    /// normalized text.
    pub text: String,
}

/// What a compilation produced.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Compiled {
    /// Cards that compiled without errors, in source order.
    pub cards: Vec<ir::Card>,
    /// Every error and warning, by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// Cards left out because of errors.
    pub rejected: Vec<RejectedCard>,
    /// References by name the files do not resolve, for the caller to
    /// check against the whole library (only [`compile_files_in_library`]
    /// fills it; the other entry points warn instead).
    pub outside_refs: Vec<OutsideRef>,
}

/// A card that did not compile.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RejectedCard {
    /// Its name as written.
    pub name: String,
    /// Its id, if it had one.
    pub id: Option<String>,
    /// The file it is in.
    pub file: String,
    /// 1-based line of its `name` statement.
    pub line: u32,
}

impl Compiled {
    /// How many cards were found (compiled or rejected).
    pub fn cards_total(&self) -> usize {
        self.cards.len() + self.rejected.len()
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Number of warnings.
    pub fn warning_count(&self) -> usize {
        self.diagnostics.len() - self.error_count()
    }

    /// Renders every diagnostic (see [`Diagnostic::render`]), looking each
    /// file's text up in `sources` by name.
    pub fn render(&self, sources: &[SourceFile]) -> String {
        let mut out = String::new();
        for diagnostic in &self.diagnostics {
            let source = sources
                .iter()
                .find(|file| file.name == diagnostic.file())
                .map_or("", |file| file.text.as_str());
            out.push_str(&diagnostic.render(source));
            out.push('\n');
        }
        out
    }

    /// The compiled cards as an [`ir::Module`].
    pub fn into_module(self) -> ir::Module {
        ir::Module::new(self.cards)
    }
}

/// Compiles one file. Token names and evolved cards' base cards are not
/// checked, because they may live in another file of the set; use
/// [`compile_files`] for that.
pub fn compile_file(name: &str, source: &str) -> Compiled {
    let file = SourceFile {
        name: name.to_owned(),
        text: source.to_owned(),
    };
    compile(std::slice::from_ref(&file), Linking::None)
}

/// Compiles several files as one set: card ids must be unique across them,
/// and token names and evolved cards' base cards are checked across them.
pub fn compile_files(files: &[SourceFile]) -> Compiled {
    compile(files, Linking::Set)
}

/// Compiles several files as one pack of a larger card library: like
/// [`compile_files`], except that a token name or an evolved card's base
/// card that no file of the set defines is not reported but returned in
/// [`Compiled::outside_refs`], to be checked against every card of the
/// library with [`OutsideRef::check`] (another pack may define it).
pub fn compile_files_in_library(files: &[SourceFile]) -> Compiled {
    compile(files, Linking::Library)
}

/// The result of [`compile_dir`]: the files read and what they compiled to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CompiledDir {
    /// The `.txt` files of the folder, sorted by name.
    pub files: Vec<SourceFile>,
    /// The compilation of all of them as one set.
    pub compiled: Compiled,
}

impl CompiledDir {
    /// Renders every diagnostic against the files' texts.
    pub fn render_diagnostics(&self) -> String {
        self.compiled.render(&self.files)
    }
}

/// Reads every `.txt` file of `dir` (not recursively; a community set
/// folder, no `pack.toml` needed) and compiles them with [`compile_files`].
/// Each file goes through [`sve_text::decode`]: a byte order mark is dropped and
/// `\r\n` or a lone `\r` end lines. A file that is not text (a NUL byte,
/// invalid UTF-8) is left out with an error naming it and the first bad
/// byte's line and column, so a pack with it does not hot-reload.
pub fn compile_dir(dir: impl AsRef<Path>) -> Result<CompiledDir, ReadError> {
    let dir = dir.as_ref();
    let entries = std::fs::read_dir(dir).map_err(|source| ReadError::new(dir, source))?;
    let mut paths: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|source| ReadError::new(dir, source))?;
        let path = entry.path();
        let is_txt = path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("txt"));
        if is_txt && path.is_file() {
            paths.push(path);
        }
    }
    paths.sort();
    let mut files = Vec::new();
    let mut refused = Vec::new();
    for path in &paths {
        let bytes = read_script_file(path).map_err(|source| ReadError::new(path, source))?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        match sve_text::decode(&bytes) {
            Ok(text) => files.push(SourceFile { name, text }),
            Err(not_text) => refused.push(Diagnostic::not_text(&name, not_text)),
        }
    }
    let mut compiled = compile_files(&files);
    for (idx, diagnostic) in refused.into_iter().enumerate() {
        compiled.diagnostics.insert(idx, diagnostic);
    }
    Ok(CompiledDir { files, compiled })
}

/// Largest script file [`compile_dir`] reads: a whole community set is
/// under 1 MB.
pub const MAX_SCRIPT_FILE_BYTES: u64 = 16 << 20;

/// A script file's bytes, if it is a regular file of at most
/// [`MAX_SCRIPT_FILE_BYTES`] (the check runs on the open file, so a file
/// swapped for a device after the folder was listed is refused too).
fn read_script_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    // Asked before opening too: opening a FIFO blocks until a writer comes.
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let file = std::fs::File::open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SCRIPT_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SCRIPT_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {MAX_SCRIPT_FILE_BYTES} bytes"
        )));
    }
    Ok(bytes)
}

/// [`compile_dir`] could not read the folder or one of its files.
#[derive(Debug, thiserror::Error)]
#[error("cannot read `{}`: {source}", path.display())]
pub struct ReadError {
    path: PathBuf,
    #[source]
    source: std::io::Error,
}

impl ReadError {
    fn new(path: &Path, source: std::io::Error) -> ReadError {
        ReadError {
            path: path.to_owned(),
            source,
        }
    }

    /// The folder or file that could not be read.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Lexes, parses and lowers every file, links, and collects the results.
fn compile(files: &[SourceFile], linking: Linking) -> Compiled {
    // A byte order mark or `\r` line ends must not change what compiles:
    // every stage below reads the text as `sve_text::normalize` leaves it.
    let texts: Vec<std::borrow::Cow<'_, str>> = files
        .iter()
        .map(|file| sve_text::normalize(&file.text))
        .collect();
    let mut file_sinks: Vec<Sink> = Vec::new();
    let mut parsed_files = Vec::with_capacity(files.len());
    for text in &texts {
        let mut file_sink = Sink::default();
        let stmts = lexer::lex(text, &mut file_sink);
        parsed_files.push(parser::parse_cards(stmts, &mut file_sink));
        file_sinks.push(file_sink);
    }
    // A card may name a keyword or counter the set declares anywhere in it.
    let declared =
        declared::Declarations::of_cards(parsed_files.iter().flatten().map(|card| &card.ast));
    let mut lowered: Vec<Vec<LoweredCard>> = Vec::new();
    for ((file, text), parsed) in files.iter().zip(&texts).zip(parsed_files) {
        let locator = Locator::new(&file.name, text);
        let line_of = |offset: usize| locator.line_of(offset);
        let cards = parsed
            .into_iter()
            .map(|card| {
                let mut card = lower::lower_card(card, &file.name, &line_of, &declared);
                card.names_declared = declared.take_used();
                card
            })
            .collect();
        lowered.push(cards);
    }
    link::duplicate_ids(&mut lowered);
    link::declarations_compiled(&mut lowered, &declared);
    link::cross_references(&mut lowered, linking);
    let mut compiled = Compiled::default();
    for (((file, text), file_sink), cards) in files.iter().zip(&texts).zip(file_sinks).zip(lowered)
    {
        let locator = Locator::new(&file.name, text);
        let mut diagnostics: Vec<Diagnostic> = file_sink
            .items
            .into_iter()
            .map(|pending| locator.finish(pending, None))
            .collect();
        for card in cards {
            for pending in card.sink.items {
                diagnostics.push(locator.finish(pending, Some(&card.label)));
            }
            for (kind, name, span) in card.outside_refs {
                let (line, col) =
                    locator.line_col(usize::try_from(span.start).unwrap_or(usize::MAX));
                compiled.outside_refs.push(OutsideRef::new(
                    kind,
                    name,
                    (&file.name, span, line, col),
                    &card.label,
                ));
            }
            match card.card {
                Some(card) => compiled.cards.push(card),
                None => compiled.rejected.push(RejectedCard {
                    name: card.name,
                    id: (!card.id.is_empty()).then_some(card.id),
                    file: file.name.clone(),
                    line: locator.line_of(card.name_span.start as usize),
                }),
            }
        }
        diagnostics.sort_by_key(|d| (d.span().start, d.severity() == Severity::Warning));
        compiled.diagnostics.extend(diagnostics);
    }
    compiled
}
