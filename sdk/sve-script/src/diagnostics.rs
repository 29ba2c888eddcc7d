//! Diagnostics: what the compiler reports, where, and how it is rendered.
//!
//! A [`Diagnostic`] is an error (the card it belongs to is not compiled) or a
//! warning (accepted, but probably not what the author meant, or accepted and
//! ignored). Each carries the file, the byte span, the 1-based line and
//! column, a message that says what was expected, and an optional "did you
//! mean" help. [`Diagnostic::render`] prints it the way rustc does, with the
//! source line and a caret.
//!
//! The kinds of problem are a private enum ([`Problem`]) so they can change
//! without breaking users; [`Diagnostic::code`] gives each a stable name.

use crate::span::{LineIndex, Span, line_text};
use std::fmt;
use sve_text::{NotText, escape_line, is_unsafe_char, normalize};

/// Most characters of a message, help or card label a diagnostic shows;
/// longer text from a script is cut with `…`.
pub const MAX_SHOWN_CHARS: usize = 300;

/// Most characters of a source line [`Diagnostic::render`] echoes: a longer
/// line is shown as a window around the column, with `…` at each cut.
pub const MAX_SHOWN_LINE_CHARS: usize = 160;

/// How bad a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Severity {
    /// Accepted, but ignored or suspicious; the card still compiles.
    Warning,
    /// The card (or, for file-level problems, the statement) is not compiled.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One message about one place in a script file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    file: String,
    span: Span,
    line: u32,
    col: u32,
    problem: Problem,
    help: Option<String>,
    card: Option<String>,
}

impl Diagnostic {
    /// Error or warning.
    pub fn severity(&self) -> Severity {
        self.problem.severity()
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity() == Severity::Error
    }

    /// A stable kebab-case name for the kind of problem (`unknown-effect`,
    /// `missing-semicolon`, ...), for tools and tests.
    pub fn code(&self) -> &'static str {
        self.problem.code()
    }

    /// The message, lower case, without a final period; it says what was
    /// found and what was expected.
    /// Text from the script in it (names, words) is shown with control
    /// characters escaped and cut at [`MAX_SHOWN_CHARS`] characters.
    pub fn message(&self) -> String {
        shown(&self.problem.to_string())
    }

    /// A "did you mean" or other hint, when there is one.
    pub fn help(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// The file name given to the compiler.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The byte span in the file.
    pub fn span(&self) -> Span {
        self.span
    }

    /// 1-based line of the span's start.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// 1-based column (in characters) of the span's start.
    pub fn col(&self) -> u32 {
        self.col
    }

    /// The card the problem belongs to (`name (id)`), if any.
    pub fn card(&self) -> Option<&str> {
        self.card.as_deref()
    }

    /// Renders the diagnostic like rustc: header, location, the source line
    /// with a caret under the span, then help and the card it belongs to.
    /// `source` must be the text of [`Diagnostic::file`]; with any other
    /// text the source line is simply whatever is at that line (or missing).
    pub fn render(&self, source: &str) -> String {
        // Spans index the text as the compiler read it.
        let source = normalize(source);
        let line_no = self.line.to_string();
        let gutter = " ".repeat(line_no.len());
        let mut out = format!(
            "{}[{}]: {}\n{gutter}--> {}:{}:{}\n",
            self.severity(),
            self.code(),
            self.message(),
            shown(&self.file),
            self.line,
            self.col
        );
        if let Some(text) = line_text(&source, self.line) {
            let col_idx = usize::try_from(self.col.saturating_sub(1)).unwrap_or(0);
            let span_len = usize::try_from(self.span.end - self.span.start).unwrap_or(0);
            let start = usize::try_from(self.span.start).unwrap_or(0);
            let spanned_chars =
                source
                    .get(start..start.saturating_add(span_len))
                    .map_or(1, |spanned| {
                        spanned
                            .split('\n')
                            .next()
                            .map_or(1, |first| first.chars().count())
                    });
            let (shown_line, pad, carets) = shown_source_line(text, col_idx, spanned_chars);
            out.push_str(&format!("{gutter} |\n{line_no} | {shown_line}\n"));
            out.push_str(&format!("{gutter} | {pad}{}\n", "^".repeat(carets.max(1))));
        }
        if let Some(help) = &self.help {
            out.push_str(&format!("{gutter} = help: {}\n", shown(help)));
        }
        if let Some(card) = &self.card {
            out.push_str(&format!("{gutter} = note: in card {}\n", shown(card)));
        }
        out
    }

    /// A diagnostic whose place is already known (a reference checked
    /// after compiling, against the whole card library).
    pub(crate) fn located(
        file: &str,
        span: Span,
        (line, col): (u32, u32),
        problem: Problem,
        help: Option<String>,
        card: Option<&str>,
    ) -> Diagnostic {
        Diagnostic {
            file: file.to_owned(),
            span,
            line,
            col,
            problem,
            help,
            card: card.map(str::to_owned),
        }
    }

    /// An error for a file that is not text, which was left out.
    pub(crate) fn not_text(file: &str, not_text: NotText) -> Diagnostic {
        Diagnostic {
            file: file.to_owned(),
            span: Span::at(not_text.offset),
            line: not_text.line,
            col: not_text.col,
            problem: Problem::NotText {
                reason: not_text.to_string(),
            },
            help: None,
            card: None,
        }
    }
}

/// Text from a script as a diagnostic shows it: controls escaped, capped.
fn shown(text: &str) -> String {
    escape_line(text, MAX_SHOWN_CHARS)
}

/// A source line as [`Diagnostic::render`] echoes it, with the padding that
/// puts a caret under character `col_idx` and the number of carets for
/// `spanned_chars` characters: unsafe characters are escaped (each escape
/// as wide as its carets), tabs kept so the caret lines up in a terminal,
/// and a long line is cut to a window around the column.
fn shown_source_line(text: &str, col_idx: usize, spanned_chars: usize) -> (String, String, usize) {
    let n_chars = text.chars().count();
    let first = if n_chars <= MAX_SHOWN_LINE_CHARS {
        0
    } else {
        col_idx
            .saturating_sub(MAX_SHOWN_LINE_CHARS / 2)
            .min(n_chars - MAX_SHOWN_LINE_CHARS)
    };
    let end = first.saturating_add(MAX_SHOWN_LINE_CHARS).min(n_chars);
    let span_end = col_idx.saturating_add(spanned_chars);
    let mut shown_line = String::new();
    let mut pad = String::new();
    let mut carets = 0;
    if first > 0 {
        shown_line.push('…');
        pad.push(' ');
    }
    for (idx, ch) in text.chars().enumerate().skip(first).take(end - first) {
        let piece: String = if ch != '\t' && is_unsafe_char(ch) {
            ch.escape_unicode().collect()
        } else {
            ch.to_string()
        };
        let width = piece.chars().count();
        if idx < col_idx {
            pad.push_str(&if ch == '\t' {
                "\t".to_owned()
            } else {
                " ".repeat(width)
            });
        } else if idx < span_end {
            carets += width;
        }
        shown_line.push_str(&piece);
    }
    if end < n_chars {
        shown_line.push('…');
    }
    (shown_line, pad, carets)
}

impl fmt::Display for Diagnostic {
    /// One line: `file:line:col: severity[code]: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}[{}]: {}",
            shown(&self.file),
            self.line,
            self.col,
            self.severity(),
            self.code(),
            self.message()
        )?;
        if let Some(help) = &self.help {
            write!(f, " (help: {})", shown(help))?;
        }
        Ok(())
    }
}

/// What kind of name a lookup failed for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum NameKind {
    Trigger,
    Effect,
    Target,
    Cost,
    Keyword,
    Counter,
    Stat,
    Duration,
    TokenOption,
    DelayedLasts,
    DamageTaken,
    CardType,
    TriggerIcon,
    HookZone,
    HookOption,
    SearchAction,
    CheckAction,
    Clause,
    TurnStat,
    ComplexStatement,
    Restriction,
    TurnWindow,
}

impl fmt::Display for NameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NameKind::Trigger => "trigger",
            NameKind::Effect => "effect",
            NameKind::Target => "target mode",
            NameKind::Cost => "cost",
            NameKind::Keyword => "keyword",
            NameKind::Counter => "counter",
            NameKind::Stat => "stat",
            NameKind::Duration => "duration",
            NameKind::TokenOption => "token option",
            NameKind::DelayedLasts => "delayed duration",
            NameKind::DamageTaken => "damage kind",
            NameKind::CardType => "card type",
            NameKind::TriggerIcon => "Trigger icon",
            NameKind::HookZone => "zone",
            NameKind::HookOption => "`moves` option",
            NameKind::SearchAction => "search action",
            NameKind::CheckAction => "check action",
            NameKind::Clause => "ability clause",
            NameKind::TurnStat => "turn statistic",
            NameKind::ComplexStatement => "ComplexEffect statement",
            NameKind::Restriction => "restriction",
            NameKind::TurnWindow => "turn window",
        })
    }
}

/// Every kind of problem the compiler reports. Internal: reach it through
/// [`Diagnostic`]'s accessors.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub(crate) enum Problem {
    // ---- errors ----
    #[error("expected `;` to end the `{keyword}` statement")]
    MissingSemicolon { keyword: String },
    #[error("`{keyword}` before the first card: expected `name <card name>;` to start a card")]
    OutsideCard { keyword: String },
    #[error("expected `{{` after the ability header `ability {header}`")]
    MissingBrace { header: String },
    #[error("unclosed `{{`: expected `}}` to end the ability")]
    UnclosedBrace,
    #[error("unexpected `{found}` in the ability header: expected `name <ability name>` or `{{`")]
    BadAbilityHeader { found: String },
    #[error("unknown {what} `{found}`: expected {expected}")]
    UnknownName {
        what: NameKind,
        found: String,
        expected: &'static str,
    },
    #[error("`{clause}` clause without an argument: expected `{clause} <{expected}>`")]
    EmptyClause {
        clause: String,
        expected: &'static str,
    },
    #[error("second `{clause}` clause: only activated abilities may have several")]
    DuplicateClause { clause: &'static str },
    #[error("ability without an `effect` clause: expected `effect <Effect>(...);`")]
    MissingEffect,
    #[error("`{effect}` cannot be used in {context}: expected {expected}")]
    WrongEffectContext {
        effect: String,
        context: &'static str,
        expected: &'static str,
    },
    #[error("expected `(` after `{effect}`: every effect call needs parentheses, even empty ones")]
    MissingParen { effect: String },
    #[error("unclosed `{open}`: expected a matching `{close}`")]
    Unbalanced { open: char, close: char },
    #[error("unexpected `{found}`: expected {expected}")]
    UnexpectedText {
        found: String,
        expected: &'static str,
    },
    #[error("`{effect}` needs {argument}")]
    MissingArgument {
        effect: String,
        argument: &'static str,
    },
    #[error("expected {expected}, found `{found}`")]
    BadNumber {
        found: String,
        expected: &'static str,
    },
    #[error(
        "filter item `{item}` appears twice: each kind of item may appear once (use `t(a,b)` for several traits or `|(...)` for alternatives)"
    )]
    DuplicateFilterItem { item: String },
    #[error("card without `{header}`: expected `{header} <value>;`")]
    MissingHeader { header: &'static str },
    #[error("card id `{id}` is not valid: {reason}")]
    BadCardId { id: String, reason: String },
    #[error("card id `{id}` is defined twice")]
    DuplicateId { id: String },
    #[error(
        "the card names a keyword this pack declares, and {failed} of the pack's keyword declarations (`type Keyword;`) did not compile: fix them first"
    )]
    DeclarationsFailed { failed: usize },
    #[error(
        "the card is a `{kind}` token, and the pack's `type TokenKind;` declaration of `{kind}` did not compile: fix it first"
    )]
    TokenKindFailed { kind: String },
    #[error("`{effect}` takes a count and at most 3 actions")]
    TooManyCheckActions { effect: String },
    #[error("`{name}` is a counter, not a keyword: expected `GiveCounter({name}, n)`")]
    CounterAsKeyword { name: String },
    #[error(
        "`{found}` is not a counter: expected `Stack`, `Spell`, `Prayer`, `Fable` or a counter a `type Counter;` card of the pack declares"
    )]
    NotACounter { found: String },
    #[error("{message}")]
    Syntax { message: String },

    // ---- warnings ----
    #[error(
        "unknown statement `{found}`, line ignored: expected a header such as `name`, `id`, `type` or `ability` (write `//` to start a comment)"
    )]
    IgnoredLine { found: String },
    #[error("unknown {what} `{found}`, read as {used}")]
    Fallback {
        what: &'static str,
        found: String,
        used: &'static str,
    },
    #[error("second `{header}` statement replaces the first")]
    DuplicateHeader { header: &'static str },
    #[error("`filter` line ignored: {reason}")]
    IgnoredFilterLine { reason: &'static str },
    #[error(
        "the cost of a spell's main `Spell` ability is ignored: the spell is paid for by its play-point cost"
    )]
    IgnoredSpellCost,
    #[error("`{effect}` takes no target: `to {word}` is ignored")]
    IgnoredTarget { effect: String, word: String },
    #[error("word `{word}` after the target mode is ignored")]
    IgnoredWord { word: String },
    #[error("target `{target}` ignores filters: `{filter}` does nothing here")]
    FilterIgnoredByTarget {
        target: &'static str,
        filter: String,
    },
    #[error("extra argument `{found}` to `{effect}` is ignored")]
    ExtraArgument { effect: String, found: String },
    #[error("`{junk}` in a filter is not a filter item and is ignored")]
    JunkInFilter { junk: String },
    #[error("`{text}` after the value is ignored: a value has one operator per `[...]` level")]
    TrailingValueText { text: String },
    #[error("`m(min,max)` is only a count (of cards to choose); as a plain value it is 0")]
    RangeOutsideCount,
    #[error("no triggered or `Spell` ability named `{name}` on this card: the step is skipped")]
    UnknownAbility { name: String },
    #[error(
        "`{found}` is an effect written where an ability name goes: write `{effect}` in a `Spell` ability with a `name` and call it by that name"
    )]
    InlineEffect { effect: String, found: String },
    #[error(
        "unknown universe `{found}`: expected one of {expected} (or a universe's printed name)"
    )]
    UnknownUniverse { found: String, expected: String },
    #[error("ability `{name}` is {kind} and cannot be called by name: the step is skipped")]
    NotCallable { name: String, kind: &'static str },
    #[error(
        "`(Delayed)` on a `{trigger}` ability: a delayed ability waits for `StartMainPhase`, `StartOpponentMainPhase`, `StartEndPhase`, `LastWords`, `OnLeaveField`, `OnReturnToHandFromField`, `OnOtherEnterField`, `OnOtherLeaveField` or `OnOpponentCardLeaveField`"
    )]
    NotADelayedTrigger { trigger: String },
    #[error(
        "a Fuse cost on a `{trigger}` ability: Fuse is the cost of an `Act` ability, which then works in the hand"
    )]
    FuseOutsideAct { trigger: String },
    #[error("`{cost}` on a `{trigger}` ability: `[adv]` marks an `Act` ability (a Ride is one)")]
    AdvancedOutsideAct { trigger: String, cost: &'static str },
    #[error(
        "`to {target}` names the follower an equipment token equips: only a passive ability of a `type Amulet / Equipment;` card can use it"
    )]
    EquippedOutsideEquipment { target: &'static str },
    #[error(
        "`OnEquipped` is \"when a follower equips this\": only a `type Amulet / Token / Equipment;` card is ever equipped"
    )]
    OnEquippedOutsideEquipment,
    #[error("a `moves` line on a `{trigger}` ability: only `OnMove` abilities answer moves")]
    MovesOutsideOnMove { trigger: String },
    #[error(
        "an `OnMove` ability needs a `moves` line saying which moves it answers (e.g. `moves ExArea to Any;`)"
    )]
    OnMoveWithoutMoves,
    #[error(
        "a `moves` line reads `<zones> to <zones>[, Yours | Opponents | Anyone][, ThisCard][, Batch]`; found `{found}`"
    )]
    BadMovesLine { found: String },
    #[error(
        "`ThisCardToo` (this card's moves and the others') can't go with `{option}` on a `moves` line"
    )]
    ThisCardTooWith { option: &'static str },
    #[error("second ability named `{name}`: calls by name always reach the first one")]
    DuplicateAbilityName { name: String },
    #[error("`Spell` ability `{name}` is never called by name, so it never runs")]
    UnreferencedSubAbility { name: String },
    #[error(
        "the filter test `{test}` reads what {maker} makes, and no ability of this card has one"
    )]
    ReadWithoutMaker {
        test: &'static str,
        maker: &'static str,
    },
    #[error(
        "`EvolvesInto(name, cost)` gives an evolve ability's cost, and this card has none (add `evolve N;`)"
    )]
    FaceCostWithoutEvolve,
    #[error("spell without a `Spell` ability: playing it does nothing")]
    SpellWithoutSpellAbility,
    #[error("per-ability `text` clauses are ignored (the card text is the `text` header)")]
    LegacyTextClause,
    #[error("`i(...)` is an internal filter item inserted at run time: ignored here")]
    InternalFilterItem,
    #[error("this ability has both a `to` filter and a `filter` line: the `to` filter is used")]
    PassiveFilterTwice,
    #[error(
        "a `filter` line before the effect of a passive that also has a `to` filter: write only one"
    )]
    PassiveFilterConflict,
    #[error("`<<` only makes sense on a triggered ability's condition: it is ignored here")]
    EventConditionOutsideTrigger,
    #[error("no card named `{name}` {scope}")]
    UnresolvedToken { name: String, scope: &'static str },
    #[error("card `{name}` is not a token (its traits lack `Token`)")]
    NotAToken { name: String },
    #[error("evolved card without a base card named `{base}`")]
    EvolvedWithoutBase { base: String },
    #[error("{reason}; the file is left out")]
    NotText { reason: String },
    #[error("`!` at the end of a filter negates nothing")]
    DanglingNegation,
    #[error("`!` before `{item}` does nothing: only card tests can be negated")]
    NegatedNonTest { item: char },
    #[error("target `{target}` {problem} for `{effect}`")]
    TargetMismatch {
        effect: String,
        target: &'static str,
        problem: &'static str,
    },
    #[error("second `effect` clause replaces the first")]
    SecondEffect,
    #[error(
        "`{target}` is an internal target mode the runtime fills in; write it only if you know why"
    )]
    InternalTarget { target: &'static str },
    #[error(
        "ability `{name}` can run itself again (through {path}): a runtime must bound the call depth"
    )]
    RecursiveCall { name: String, path: String },
    #[error("{message}")]
    Note { message: String },
}

impl Problem {
    pub fn severity(&self) -> Severity {
        use Problem::*;
        match self {
            MissingSemicolon { .. }
            | OutsideCard { .. }
            | MissingBrace { .. }
            | UnclosedBrace
            | BadAbilityHeader { .. }
            | UnknownName { .. }
            | EmptyClause { .. }
            | DuplicateClause { .. }
            | MissingEffect
            | WrongEffectContext { .. }
            | MissingParen { .. }
            | Unbalanced { .. }
            | UnexpectedText { .. }
            | MissingArgument { .. }
            | BadNumber { .. }
            | DuplicateFilterItem { .. }
            | MissingHeader { .. }
            | DuplicateId { .. }
            | DeclarationsFailed { .. }
            | TokenKindFailed { .. }
            | BadCardId { .. }
            | TooManyCheckActions { .. }
            | CounterAsKeyword { .. }
            | NotACounter { .. }
            | NotText { .. }
            | PassiveFilterConflict
            | InlineEffect { .. }
            | UnknownUniverse { .. }
            | NotADelayedTrigger { .. }
            | FuseOutsideAct { .. }
            | EquippedOutsideEquipment { .. }
            | OnEquippedOutsideEquipment
            | AdvancedOutsideAct { .. }
            | MovesOutsideOnMove { .. }
            | OnMoveWithoutMoves
            | BadMovesLine { .. }
            | ThisCardTooWith { .. }
            | ReadWithoutMaker { .. }
            | FaceCostWithoutEvolve
            | Syntax { .. } => Severity::Error,
            IgnoredLine { .. }
            | Fallback { .. }
            | DuplicateHeader { .. }
            | IgnoredFilterLine { .. }
            | IgnoredSpellCost
            | IgnoredTarget { .. }
            | IgnoredWord { .. }
            | FilterIgnoredByTarget { .. }
            | ExtraArgument { .. }
            | JunkInFilter { .. }
            | TrailingValueText { .. }
            | RangeOutsideCount
            | UnknownAbility { .. }
            | NotCallable { .. }
            | DuplicateAbilityName { .. }
            | UnreferencedSubAbility { .. }
            | SpellWithoutSpellAbility
            | LegacyTextClause
            | InternalFilterItem
            | PassiveFilterTwice
            | EventConditionOutsideTrigger
            | UnresolvedToken { .. }
            | NotAToken { .. }
            | EvolvedWithoutBase { .. }
            | DanglingNegation
            | NegatedNonTest { .. }
            | TargetMismatch { .. }
            | SecondEffect
            | InternalTarget { .. }
            | RecursiveCall { .. }
            | Note { .. } => Severity::Warning,
        }
    }

    pub fn code(&self) -> &'static str {
        use Problem::*;
        match self {
            MissingSemicolon { .. } => "missing-semicolon",
            OutsideCard { .. } => "outside-card",
            MissingBrace { .. } => "missing-brace",
            UnclosedBrace => "unclosed-brace",
            BadAbilityHeader { .. } => "bad-ability-header",
            UnknownName { what, .. } => match what {
                NameKind::Trigger => "unknown-trigger",
                NameKind::Effect => "unknown-effect",
                NameKind::Target => "unknown-target",
                NameKind::Cost => "unknown-cost",
                NameKind::Keyword => "unknown-keyword",
                NameKind::Counter => "unknown-counter",
                NameKind::Stat => "unknown-stat",
                NameKind::Duration => "unknown-duration",
                NameKind::TokenOption => "unknown-token-option",
                NameKind::DelayedLasts => "unknown-delayed-duration",
                NameKind::DamageTaken => "unknown-damage-kind",
                NameKind::CardType => "unknown-card-type",
                NameKind::TriggerIcon => "unknown-trigger-icon",
                NameKind::HookZone => "unknown-zone",
                NameKind::HookOption => "unknown-moves-option",
                NameKind::SearchAction => "unknown-search-action",
                NameKind::CheckAction => "unknown-check-action",
                NameKind::Clause => "unknown-clause",
                NameKind::TurnStat => "unknown-turn-stat",
                NameKind::ComplexStatement => "unknown-complex-statement",
                NameKind::Restriction => "unknown-restriction",
                NameKind::TurnWindow => "unknown-turn-window",
            },
            EmptyClause { .. } => "empty-clause",
            DuplicateClause { .. } => "duplicate-clause",
            MissingEffect => "missing-effect",
            WrongEffectContext { .. } => "wrong-effect-context",
            MissingParen { .. } => "missing-parenthesis",
            Unbalanced { .. } => "unbalanced",
            UnexpectedText { .. } => "unexpected-text",
            MissingArgument { .. } => "missing-argument",
            BadNumber { .. } => "bad-number",
            DuplicateFilterItem { .. } => "duplicate-filter-item",
            MissingHeader { .. } => "missing-header",
            DuplicateId { .. } => "duplicate-id",
            DeclarationsFailed { .. } => "declarations-failed",
            TokenKindFailed { .. } => "token-kind-failed",
            BadCardId { .. } => "bad-card-id",
            TooManyCheckActions { .. } => "too-many-check-actions",
            CounterAsKeyword { .. } => "counter-as-keyword",
            NotACounter { .. } => "not-a-counter",
            Syntax { .. } => "syntax",
            IgnoredLine { .. } => "ignored-line",
            Fallback { .. } => "fallback",
            DuplicateHeader { .. } => "duplicate-header",
            IgnoredFilterLine { .. } => "ignored-filter-line",
            IgnoredSpellCost => "ignored-spell-cost",
            IgnoredTarget { .. } => "ignored-target",
            IgnoredWord { .. } => "ignored-word",
            FilterIgnoredByTarget { .. } => "filter-ignored-by-target",
            ExtraArgument { .. } => "extra-argument",
            JunkInFilter { .. } => "junk-in-filter",
            TrailingValueText { .. } => "trailing-value-text",
            RangeOutsideCount => "range-outside-count",
            UnknownAbility { .. } => "unknown-ability",
            InlineEffect { .. } => "inline-effect",
            UnknownUniverse { .. } => "unknown-universe",
            NotCallable { .. } => "not-callable",
            NotADelayedTrigger { .. } => "not-a-delayed-trigger",
            FuseOutsideAct { .. } => "fuse-outside-act",
            EquippedOutsideEquipment { .. } => "equipped-outside-equipment",
            OnEquippedOutsideEquipment => "on-equipped-outside-equipment",
            AdvancedOutsideAct { .. } => "advanced-outside-act",
            MovesOutsideOnMove { .. } => "moves-outside-on-move",
            OnMoveWithoutMoves => "on-move-without-moves",
            BadMovesLine { .. } => "bad-moves-line",
            ThisCardTooWith { .. } => "this-card-too-with",
            DuplicateAbilityName { .. } => "duplicate-ability-name",
            UnreferencedSubAbility { .. } => "unreferenced-sub-ability",
            ReadWithoutMaker { .. } => "read-without-maker",
            FaceCostWithoutEvolve => "face-cost-without-evolve",
            SpellWithoutSpellAbility => "spell-without-spell-ability",
            LegacyTextClause => "legacy-text-clause",
            InternalFilterItem => "internal-filter-item",
            PassiveFilterTwice => "passive-filter-twice",
            PassiveFilterConflict => "passive-filter-conflict",
            EventConditionOutsideTrigger => "event-condition-outside-trigger",
            UnresolvedToken { .. } => "unresolved-token",
            NotAToken { .. } => "not-a-token",
            EvolvedWithoutBase { .. } => "evolved-without-base",
            NotText { .. } => "not-text",
            DanglingNegation => "dangling-negation",
            NegatedNonTest { .. } => "negated-non-test",
            TargetMismatch { .. } => "target-mismatch",
            SecondEffect => "second-effect",
            InternalTarget { .. } => "internal-target",
            RecursiveCall { .. } => "recursive-call",
            Note { .. } => "note",
        }
    }
}

/// A problem waiting for its file position: what the parsers produce.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Pending {
    pub span: Span,
    pub problem: Problem,
    pub help: Option<String>,
}

/// Collects pending problems for one card (or for the file).
#[derive(Default, Debug)]
pub(crate) struct Sink {
    pub items: Vec<Pending>,
}

impl Sink {
    pub fn report(&mut self, span: Span, problem: Problem) {
        self.items.push(Pending {
            span,
            problem,
            help: None,
        });
    }

    pub fn report_with_help(&mut self, span: Span, problem: Problem, help: Option<String>) {
        self.items.push(Pending {
            span,
            problem,
            help,
        });
    }

    /// A syntax error with a free-form message (lower case, no period).
    pub fn syntax(&mut self, span: Span, message: impl Into<String>) {
        self.report(
            span,
            Problem::Syntax {
                message: message.into(),
            },
        );
    }

    /// Whether an error was reported after the first `since` items.
    pub fn has_errors_since(&self, since: usize) -> bool {
        self.items
            .iter()
            .skip(since)
            .any(|item| item.problem.severity() == Severity::Error)
    }

    pub fn has_errors(&self) -> bool {
        self.items
            .iter()
            .any(|item| item.problem.severity() == Severity::Error)
    }
}

/// Turns pending problems of one file into finished diagnostics.
pub(crate) struct Locator<'a> {
    file: &'a str,
    source: &'a str,
    index: LineIndex,
}

impl<'a> Locator<'a> {
    pub fn new(file: &'a str, source: &'a str) -> Locator<'a> {
        Locator {
            file,
            source,
            index: LineIndex::new(source),
        }
    }

    pub fn finish(&self, pending: Pending, card: Option<&str>) -> Diagnostic {
        let offset = usize::try_from(pending.span.start).unwrap_or(usize::MAX);
        let (line, col) = self.index.line_col(self.source, offset);
        Diagnostic {
            file: self.file.to_owned(),
            span: pending.span,
            line,
            col,
            problem: pending.problem,
            help: pending.help,
            card: card.map(str::to_owned),
        }
    }

    pub fn line_of(&self, offset: usize) -> u32 {
        self.index.line_col(self.source, offset).0
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        self.index.line_col(self.source, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::expect;

    #[test]
    fn render_points_at_the_span_with_help_and_card() {
        let source = "name A;\nability Fanfare {\n    effect DealDamagee(2);\n}\n";
        let locator = Locator::new("cards.txt", source);
        let start = source.find("DealDamagee").unwrap_or(0);
        let pending = Pending {
            span: Span::new(start, start + "DealDamagee".len()),
            problem: Problem::UnknownName {
                what: NameKind::Effect,
                found: "DealDamagee".into(),
                expected: "an effect name",
            },
            help: Some("did you mean `DealDamage`?".into()),
        };
        let diagnostic = locator.finish(pending, Some("`A` (XX-1)"));
        expect![[r#"
            error[unknown-effect]: unknown effect `DealDamagee`: expected an effect name
             --> cards.txt:3:12
              |
            3 |     effect DealDamagee(2);
              |            ^^^^^^^^^^^
              = help: did you mean `DealDamage`?
              = note: in card `A` (XX-1)
        "#]]
        .assert_eq(&diagnostic.render(source));
        expect![[r#"cards.txt:3:12: error[unknown-effect]: unknown effect `DealDamagee`: expected an effect name (help: did you mean `DealDamage`?)"#]]
            .assert_eq(&diagnostic.to_string());
    }

    #[test]
    fn render_survives_a_wrong_source_and_empty_spans() {
        let locator = Locator::new("f.txt", "abc");
        let pending = Pending {
            span: Span::at(3),
            problem: Problem::UnclosedBrace,
            help: None,
        };
        let diagnostic = locator.finish(pending, None);
        assert_eq!(diagnostic.line(), 1);
        assert_eq!(diagnostic.col(), 4);
        assert!(diagnostic.render("").contains("unclosed"));
        assert!(diagnostic.render("abc").contains("   ^"));
    }
}
