//! Board test files (`*.scenario`): a board, the actions and answers to
//! play on it, and what the board and the events must look like after. The
//! format is written for card authors in `docs/scenarios.md`; this module
//! reads it into a [`ScenarioFile`]. It checks syntax only: card names are
//! checked against a card database when the file runs
//! ([`run_scenario`](super::run_scenario)), which is also where the engine
//! is driven.
//!
//! ```
//! use sve_scenario::ScenarioFile;
//!
//! let file = ScenarioFile::parse(
//!     "# Glint Dragon deals 3 damage on fanfare
//! [board]
//! P1 pp 4/4
//! P1 hand: SD04-011
//! P2 field: SD01-003
//! [actions]
//! play SD04-011
//! answer SD01-003
//! [expect]
//! P2 field: -
//! event Destroyed SD01-003
//! ",
//! )
//! .expect("a good file");
//! assert_eq!(file.title(), Some("Glint Dragon deals 3 damage on fanfare"));
//!
//! let errors = ScenarioFile::parse("[board]\nP1 hand: SD01-001\n[actions]\njump SD01-001\n")
//!     .expect_err("an unknown action");
//! assert_eq!(errors[0].line(), 4);
//! ```
//!
//! The `[board]` section is [board text](sve_engine::board::board_as_text); `[expect]`
//! reuses its zone and resource lines. Line numbers in errors are the
//! file's own, board lines included.

use super::text::{ResourceValue, ZoneEntry, ZoneName, check_board_syntax, parse_player};
use crate::cards::Keywords;
use crate::engine::PlayerId;

mod expectations;

/// A scenario file, read and syntax-checked.
#[derive(Clone, Debug)]
pub struct ScenarioFile {
    title: Option<String>,
    skip: Option<String>,
    /// The whole text with every line outside `[board]` blanked, so board
    /// errors carry the file's line numbers.
    board_text: String,
    /// The `[board]` line.
    board_line: usize,
    steps: Vec<Step>,
}

/// A problem in a scenario file, with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct ParseError {
    line: usize,
    kind: ErrorKind,
}

/// What is wrong; see [`ParseError`]. Private so that kinds can change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ErrorKind {
    #[error("the file has no `[board]` section")]
    NoBoard,
    #[error("`[board]` must be the first section and appear once")]
    BoardNotFirst,
    #[error("unknown section `{0}`; expected [board], [actions] or [expect]")]
    UnknownSection(String),
    #[error("`{0}` is outside any section; a scenario starts with `[board]`")]
    OutsideSection(String),
    #[error("{0}")]
    Board(String),
    #[error(
        "unknown action `{0}`; expected play, evolve, attack, activate, answer, end turn or expect rejected"
    )]
    UnknownAction(String),
    #[error(
        "unknown expectation `{0}`; expected a P1/P2 line, event, no event, log, no log, decision or outcome"
    )]
    UnknownExpectation(String),
    #[error("{0}")]
    Malformed(String),
    #[error("`expect rejected` must be followed by an action or answer in the same section")]
    DanglingRejection,
    #[error("unknown card `{0}`")]
    UnknownCard(String),
    #[error("cannot build the board: {0}")]
    Build(String),
}

/// One line of `[actions]` or `[expect]`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Step {
    /// 1-based line.
    pub(crate) line: usize,
    /// The line as written, comment removed.
    pub(crate) text: String,
    pub(crate) kind: StepKind,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum StepKind {
    /// An action or an answer.
    Act(Act),
    /// The next action or answer must be refused; the optional text must
    /// appear in the reason.
    ExpectRejected(Option<String>),
    /// An `[expect]` header: settle the match before checking.
    Checkpoint,
    /// One expectation.
    Check(Expectation),
}

/// An action or answer line.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Act {
    /// `play CARD [from hand|from ex|from cemetery|from banished]`.
    Play {
        card: CardSel,
        from: Option<ZoneName>,
    },
    /// `evolve CARD [ep] [super]`.
    Evolve {
        card: CardSel,
        use_ep: bool,
        super_evolve: bool,
    },
    /// `attack CARD -> leader|CARD`.
    Attack { attacker: CardSel, target: AttackAt },
    /// `activate CARD[: ABILITY] [with ep]` (`with ep`: 1 EP pays 1 PP of
    /// an `[adv]` ability's cost).
    Activate {
        card: CardSel,
        ability: Option<String>,
        use_ep: bool,
    },
    /// `answer ITEM, ITEM...`.
    Answer(Vec<AnswerItem>),
    /// `end turn`.
    EndTurn,
}

/// What an attack line aims at.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum AttackAt {
    /// The opponent's leader.
    Leader,
    /// A follower on the opponent's field.
    Follower(CardSel),
}

/// A card named in a line: `SD01-011`, `Water Fairy`, `SD01-011#2` (the
/// second copy), with an owner where the line allows one (`P2 SD01-011`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CardSel {
    pub(crate) owner: Option<PlayerId>,
    pub(crate) card: String,
    /// 1-based copy number, when written.
    pub(crate) nth: Option<usize>,
}

/// One item of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AnswerItem {
    Yes,
    No,
    Pass,
    /// `cancel`: take back the activation whose costs are being paid.
    Cancel,
    /// `option N`: the Nth option as offered (1-based).
    Option(usize),
    /// `leader`, `P2 leader`: a leader offered as a card.
    Leader(Option<PlayerId>),
    /// A card (id or name, optional owner and copy number) or an option's
    /// label.
    Named(CardSel),
}

/// One expectation line.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Expectation {
    /// `P2 field: SD01-011 engaged, -`: a zone as a multiset; with
    /// `in order` (`P1 deck in order: A, B`), as a sequence.
    Zone {
        player: PlayerId,
        zone: ZoneName,
        list: String,
        entries: Vec<ZoneEntry>,
        ordered: bool,
    },
    /// `P2 leader 19 pp 3/5`: the resources written.
    Resources {
        player: PlayerId,
        values: Vec<ResourceValue>,
    },
    /// `P1 SD03-003 attack 2 keywords Ward`: one card's current state.
    Card {
        player: PlayerId,
        card: CardSel,
        props: Vec<CardProp>,
    },
    /// `event KIND WORDS...` / `no event KIND WORDS...`.
    Event { present: bool, words: Vec<String> },
    /// `log TEXT` / `no log TEXT`: a game-log line containing the text.
    Log { present: bool, text: String },
    /// `outcome P1 wins|P2 wins|draw|none`.
    Outcome(OutcomeSpec),
    /// `decision none`, `decision P1 [options: A, B]`.
    Decision {
        player: Option<PlayerId>,
        options: Option<Vec<AnswerItem>>,
    },
}

/// A property of a card checked by a card line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CardProp {
    Attack(i32),
    /// Current defense, damage subtracted.
    Defense(i32),
    Damage(i32),
    Cost(i32),
    Engaged(bool),
    /// Exactly these keywords.
    Keywords(Keywords),
    /// At least these keywords.
    Has(Keywords),
    /// None of these keywords.
    Lacks(Keywords),
}

/// The match result an `outcome` line expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutcomeSpec {
    /// The match goes on.
    None,
    Win(PlayerId),
    Draw,
}

impl ScenarioFile {
    /// Reads a scenario file. Every problem is reported, each with its
    /// line; nothing panics on bad input.
    pub fn parse(text: &str) -> Result<ScenarioFile, Vec<ParseError>> {
        let mut errors = Vec::new();
        let mut file = ScenarioFile {
            title: None,
            skip: None,
            board_text: String::new(),
            board_line: 0,
            steps: Vec::new(),
        };
        let mut section = Section::None;
        let mut board_lines: Vec<&str> = Vec::new();
        let mut pending_rejection: Option<usize> = None;
        // `\r\n`, a lone `\r` and a leading byte order mark read as plain
        // lines.
        for (idx, raw) in sve_text::lines(text).enumerate() {
            let line = idx + 1;
            let content = strip_comment(raw).trim();
            let in_board = section == Section::Board && !content.starts_with('[');
            board_lines.push(if in_board { raw } else { "" });
            if content.is_empty() {
                if section == Section::None && file.board_line == 0 {
                    file.read_header_comment(raw.trim(), line);
                }
                continue;
            }
            if let Some(name) = content.strip_prefix('[') {
                let name = name.strip_suffix(']').unwrap_or(name).trim();
                if let Some(rejection_line) = pending_rejection.take() {
                    errors.push(ParseError {
                        line: rejection_line,
                        kind: ErrorKind::DanglingRejection,
                    });
                }
                let mut error = |kind: ErrorKind| errors.push(ParseError { line, kind });
                section = match name {
                    "board" if file.board_line == 0 && section == Section::None => {
                        file.board_line = line;
                        Section::Board
                    }
                    "board" => {
                        error(ErrorKind::BoardNotFirst);
                        Section::Board
                    }
                    "actions" | "expect" if file.board_line == 0 => {
                        error(ErrorKind::BoardNotFirst);
                        Section::None
                    }
                    "actions" => Section::Actions,
                    "expect" => {
                        file.steps.push(Step {
                            line,
                            text: content.to_owned(),
                            kind: StepKind::Checkpoint,
                        });
                        Section::Expect
                    }
                    other => {
                        error(ErrorKind::UnknownSection(format!("[{other}]")));
                        section
                    }
                };
                continue;
            }
            let parsed = match section {
                Section::None => {
                    errors.push(ParseError {
                        line,
                        kind: ErrorKind::OutsideSection(content.to_owned()),
                    });
                    continue;
                }
                // Checked as a whole below.
                Section::Board => continue,
                Section::Actions => parse_action_line(content),
                Section::Expect => expectations::parse_expect_line(content).map(StepKind::Check),
            };
            match parsed {
                Ok(kind) => {
                    match &kind {
                        StepKind::ExpectRejected(_) => {
                            if let Some(previous) = pending_rejection.replace(line) {
                                errors.push(ParseError {
                                    line: previous,
                                    kind: ErrorKind::DanglingRejection,
                                });
                            }
                        }
                        StepKind::Act(_) => pending_rejection = None,
                        StepKind::Checkpoint | StepKind::Check(_) => {}
                    }
                    file.steps.push(Step {
                        line,
                        text: content.to_owned(),
                        kind,
                    });
                }
                Err(kind) => errors.push(ParseError { line, kind }),
            }
        }
        if let Some(rejection_line) = pending_rejection {
            errors.push(ParseError {
                line: rejection_line,
                kind: ErrorKind::DanglingRejection,
            });
        }
        if file.board_line == 0 {
            errors.push(ParseError {
                line: 1,
                kind: ErrorKind::NoBoard,
            });
        }
        file.board_text = board_lines.join("\n");
        errors.extend(
            check_board_syntax(&file.board_text)
                .into_iter()
                .map(|e| ParseError {
                    line: e.line,
                    kind: ErrorKind::Board(e.message),
                }),
        );
        if errors.is_empty() {
            Ok(file)
        } else {
            errors.sort_by_key(|e| e.line);
            Err(errors)
        }
    }

    /// The first comment line of the file, if it is not a `skip:` line:
    /// what the scenario shows.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// Why the file is skipped, when its first line is `# skip: reason`.
    pub fn skip_reason(&self) -> Option<&str> {
        self.skip.as_deref()
    }

    /// The `[board]` section as board text, with the file's line numbers.
    pub(crate) fn board_text(&self) -> &str {
        &self.board_text
    }

    /// The line of the `[board]` header.
    pub(crate) fn board_line(&self) -> usize {
        self.board_line
    }

    /// The action and expectation lines, in order.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }

    fn read_header_comment(&mut self, raw: &str, line: usize) {
        let Some(comment) = raw.strip_prefix('#') else {
            return;
        };
        let comment = comment.trim();
        if line == 1
            && let Some(reason) = comment.strip_prefix("skip:")
        {
            self.skip = Some(reason.trim().to_owned());
            return;
        }
        if self.title.is_none() && !comment.is_empty() {
            self.title = Some(comment.to_owned());
        }
    }
}

impl ParseError {
    /// 1-based line.
    pub fn line(&self) -> usize {
        self.line
    }

    /// What is wrong, without the line.
    pub fn message(&self) -> String {
        self.kind.to_string()
    }

    pub(crate) fn new(line: usize, kind: ErrorKind) -> ParseError {
        ParseError { line, kind }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    None,
    Board,
    Actions,
    Expect,
}

/// Cuts a comment: `#` at the start of the line or after whitespace (so
/// `SD01-011#2` keeps its copy number).
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (idx, byte) in bytes.iter().enumerate() {
        if *byte == b'#' && (idx == 0 || bytes[idx - 1].is_ascii_whitespace()) {
            return &line[..idx];
        }
    }
    line
}

fn malformed(message: impl Into<String>) -> ErrorKind {
    ErrorKind::Malformed(message.into())
}

fn parse_action_line(line: &str) -> Result<StepKind, ErrorKind> {
    let (head, rest) = split_head(line);
    let act = match head {
        "play" => {
            let (card, from) = match rest.rsplit_once(" from ") {
                Some((card, "hand")) => (card, Some(ZoneName::Hand)),
                Some((card, "ex")) => (card, Some(ZoneName::Ex)),
                Some((card, "cemetery")) => (card, Some(ZoneName::Cemetery)),
                Some((card, "banished")) => (card, Some(ZoneName::Banished)),
                Some((_, other)) => {
                    return Err(malformed(format!(
                        "`play ... from {other}`: cards are played from hand, ex, cemetery or banished"
                    )));
                }
                None => (rest, None),
            };
            Act::Play {
                card: parse_own_card(card, "play")?,
                from,
            }
        }
        "evolve" => {
            let mut words: Vec<&str> = rest.split_whitespace().collect();
            let mut use_ep = false;
            let mut super_evolve = false;
            while let Some(last) = words.last() {
                match *last {
                    "ep" => use_ep = true,
                    "super" => super_evolve = true,
                    _ => break,
                }
                words.pop();
            }
            Act::Evolve {
                card: parse_own_card(&words.join(" "), "evolve")?,
                use_ep,
                super_evolve,
            }
        }
        "attack" => {
            let Some((attacker, target)) = rest.split_once("->") else {
                return Err(malformed(
                    "`attack` needs `ATTACKER -> TARGET` (a card or `leader`)",
                ));
            };
            let target = target.trim();
            let target = match target {
                "leader" | "P1 leader" | "P2 leader" => AttackAt::Leader,
                _ => AttackAt::Follower(parse_card_sel(target, true)?),
            };
            Act::Attack {
                attacker: parse_own_card(attacker.trim(), "attack")?,
                target,
            }
        }
        "activate" => {
            let (rest, use_ep) = match rest.strip_suffix(" with ep") {
                Some(rest) => (rest.trim_end(), true),
                None => (rest, false),
            };
            let (card, ability) = match rest.split_once(':') {
                Some((card, ability)) => (card.trim(), Some(ability.trim().to_owned())),
                None => (rest, None),
            };
            if ability.as_deref() == Some("") {
                return Err(malformed(
                    "`activate CARD:` needs an ability name after `:`",
                ));
            }
            Act::Activate {
                card: parse_own_card(card, "activate")?,
                ability,
                use_ep,
            }
        }
        "answer" => Act::Answer(parse_answer_items(rest)?),
        "end" if rest == "turn" => Act::EndTurn,
        "expect" => {
            return match rest.split_once(char::is_whitespace).unwrap_or((rest, "")) {
                ("rejected", reason) => {
                    let reason = reason.trim();
                    Ok(StepKind::ExpectRejected(
                        (!reason.is_empty()).then(|| reason.to_owned()),
                    ))
                }
                _ => Err(malformed(format!(
                    "`{line}`: in [actions] only `expect rejected [REASON]`; checks go in [expect]"
                ))),
            };
        }
        _ => return Err(ErrorKind::UnknownAction(line.to_owned())),
    };
    Ok(StepKind::Act(act))
}

fn parse_answer_items(text: &str) -> Result<Vec<AnswerItem>, ErrorKind> {
    let text = text.trim();
    if text.is_empty() {
        return Err(malformed(
            "`answer` needs what to pick (cards, labels, yes, no, pass, cancel, option N) or `none`",
        ));
    }
    if text == "none" {
        return Ok(Vec::new());
    }
    split_items(text)?
        .into_iter()
        .map(|(item, quoted)| {
            let item = item.trim();
            if quoted {
                // A label or a name with commas, taken as written.
                return Ok(AnswerItem::Named(CardSel {
                    owner: None,
                    card: item.to_owned(),
                    nth: None,
                }));
            }
            Ok(match item {
                "" => return Err(malformed("an empty answer item")),
                "yes" => AnswerItem::Yes,
                "no" => AnswerItem::No,
                "pass" => AnswerItem::Pass,
                "cancel" => AnswerItem::Cancel,
                "leader" => AnswerItem::Leader(None),
                "P1 leader" => AnswerItem::Leader(Some(PlayerId(0))),
                "P2 leader" => AnswerItem::Leader(Some(PlayerId(1))),
                _ => {
                    match item.strip_prefix("option ") {
                        Some(n) => AnswerItem::Option(
                            n.trim().parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
                                malformed(format!("`{item}`: options count from 1"))
                            })?,
                        ),
                        None => AnswerItem::Named(parse_card_sel(item, true)?),
                    }
                }
            })
        })
        .collect()
}

/// Splits answer items at commas outside double quotes; a quoted item is
/// returned without its quotes, flagged.
fn split_items(text: &str) -> Result<Vec<(String, bool)>, ErrorKind> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut in_quotes = false;
    for ch in text.chars() {
        match ch {
            '"' => {
                in_quotes = !in_quotes;
                quoted = true;
            }
            ',' if !in_quotes => {
                items.push((std::mem::take(&mut current), quoted));
                quoted = false;
            }
            _ => current.push(ch),
        }
    }
    if in_quotes {
        return Err(malformed(format!("`{text}`: a quote is not closed")));
    }
    items.push((current, quoted));
    Ok(items)
}

/// A card the acting player acts with: no owner.
fn parse_own_card(text: &str, verb: &str) -> Result<CardSel, ErrorKind> {
    let card = parse_card_sel(text.trim(), false)?;
    if card.card.is_empty() {
        return Err(malformed(format!("`{verb}` needs a card")));
    }
    Ok(card)
}

/// `[P1|P2] NAME[#N]`; the owner only where `with_owner`.
fn parse_card_sel(text: &str, with_owner: bool) -> Result<CardSel, ErrorKind> {
    let text = text.trim();
    let (owner, rest) = match split_head(text) {
        (head, rest) if with_owner && !rest.is_empty() => match parse_player(head) {
            Some(player) => (Some(player), rest),
            None => (None, text),
        },
        _ => (None, text),
    };
    let (card, nth) = match rest.rsplit_once('#') {
        Some((card, n)) => {
            let nth = n
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| malformed(format!("`{rest}`: a copy number is #1, #2, ...")))?;
            (card.trim(), Some(nth))
        }
        None => (rest, None),
    };
    if card.is_empty() {
        return Err(malformed(format!("`{text}`: a card id or name is missing")));
    }
    Ok(CardSel {
        owner,
        card: card.to_owned(),
        nth,
    })
}

fn split_head(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((head, rest)) => (head, rest.trim()),
        None => (line, ""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        match ScenarioFile::parse(text) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn a_good_file_reads_into_steps() {
        let file = ScenarioFile::parse(
            "# Fire Lizard pings the enemy leader\n\
             [board]\n\
             turn 5\n\
             P1 pp 2/5\n\
             P1 hand: BP01-094 # the lizard\n\
             [actions]\n\
             play BP01-094\n\
             answer P2 leader\n\
             expect rejected not legal\n\
             attack SD01-013#2 -> leader\n\
             evolve SD01-003 ep super\n\
             activate SD06-002: Vanish\n\
             answer P2 SD01-011, option 2, yes, \"2 to Water Fairy, 1 to the other\"\n\
             end turn\n\
             [expect]\n\
             P2 leader 19 pp 0/5\n\
             P2 field: SD01-011 engaged damage 1 x2, SD01-003 evolved SD01-004\n\
             P1 BP01-094#1 attack 3 defense 2 keywords - has Ward lacks Rush, Storm\n\
             event Damaged P2 leader 1\n\
             no event Fizzled\n\
             log P1 plays Fire Lizard\n\
             outcome none\n\
             decision P2 options: SD01-011, P2 leader\n",
        )
        .expect("parses");
        assert_eq!(file.title(), Some("Fire Lizard pings the enemy leader"));
        assert_eq!(file.skip_reason(), None);
        assert_eq!(file.board_line(), 2);
        let kinds: Vec<&StepKind> = file.steps().iter().map(|s| &s.kind).collect();
        assert_eq!(kinds.len(), 17, "{kinds:#?}");
        assert_eq!(
            kinds[1],
            &StepKind::Act(Act::Answer(vec![AnswerItem::Leader(Some(PlayerId(1)))]))
        );
        assert_eq!(
            kinds[2],
            &StepKind::ExpectRejected(Some("not legal".to_owned()))
        );
        assert_eq!(
            kinds[3],
            &StepKind::Act(Act::Attack {
                attacker: CardSel {
                    owner: None,
                    card: "SD01-013".to_owned(),
                    nth: Some(2)
                },
                target: AttackAt::Leader,
            })
        );
        assert_eq!(
            kinds[4],
            &StepKind::Act(Act::Evolve {
                card: CardSel {
                    owner: None,
                    card: "SD01-003".to_owned(),
                    nth: None
                },
                use_ep: true,
                super_evolve: true,
            })
        );
        assert_eq!(
            kinds[6],
            &StepKind::Act(Act::Answer(vec![
                AnswerItem::Named(CardSel {
                    owner: Some(PlayerId(1)),
                    card: "SD01-011".to_owned(),
                    nth: None
                }),
                AnswerItem::Option(2),
                AnswerItem::Yes,
                AnswerItem::Named(CardSel {
                    owner: None,
                    card: "2 to Water Fairy, 1 to the other".to_owned(),
                    nth: None
                }),
            ]))
        );
        assert_eq!(kinds[8], &StepKind::Checkpoint);
        let StepKind::Check(Expectation::Zone { entries, .. }) = kinds[10] else {
            panic!("a zone line: {:?}", kinds[10]);
        };
        assert_eq!(entries[0].copies, 2);
        assert_eq!(entries[0].engaged, Some(true));
        assert_eq!(entries[1].evolved.as_deref(), Some("SD01-004"));
        let StepKind::Check(Expectation::Card { props, card, .. }) = kinds[11] else {
            panic!("a card line: {:?}", kinds[11]);
        };
        assert_eq!(card.nth, Some(1));
        assert_eq!(
            props,
            &[
                CardProp::Attack(3),
                CardProp::Defense(2),
                CardProp::Keywords(Keywords::empty()),
                CardProp::Has(Keywords::WARD),
                CardProp::Lacks(Keywords::RUSH | Keywords::STORM),
            ]
        );
        // Board lines keep their numbers; other lines are blanked.
        assert_eq!(
            file.board_text().lines().nth(4),
            Some("P1 hand: BP01-094 # the lizard")
        );
        assert_eq!(file.board_text().lines().nth(6), Some(""));
    }

    #[test]
    fn a_first_line_skip_comment_skips_the_file() {
        let file =
            ScenarioFile::parse("# skip: waits for the fix\n# Title\n[board]\n").expect("parses");
        assert_eq!(file.skip_reason(), Some("waits for the fix"));
        assert_eq!(file.title(), Some("Title"));
    }

    #[test]
    fn sections_must_start_with_the_board() {
        assert_eq!(errors(""), ["line 1: the file has no `[board]` section"]);
        assert_eq!(
            errors("P1 hand: SD01-001\n[board]\n"),
            [
                "line 1: `P1 hand: SD01-001` is outside any section; a scenario starts with `[board]`"
            ]
        );
        assert_eq!(
            errors("[actions]\n[board]\n"),
            ["line 1: `[board]` must be the first section and appear once",]
        );
        assert_eq!(
            errors("[board]\n[board]\n"),
            ["line 2: `[board]` must be the first section and appear once"]
        );
        assert_eq!(
            errors("[board]\n[checks]\n"),
            ["line 2: unknown section `[checks]`; expected [board], [actions] or [expect]"]
        );
    }

    #[test]
    fn each_kind_of_malformed_line_names_its_line() {
        let text = "[board]\n\
                    P1 field: SD01-001 damage lots\n\
                    P3 field: -\n\
                    [actions]\n\
                    jump SD01-001\n\
                    attack SD01-001 leader\n\
                    play SD01-001 from deck\n\
                    answer\n\
                    answer option 0\n\
                    expect nothing\n\
                    activate SD06-002:\n\
                    play SD01-001#x\n\
                    [expect]\n\
                    P1 SD01-001 attack two\n\
                    P1 SD01-001 sparkle\n\
                    P1 SD01-001\n\
                    P1 hands: -\n\
                    P1 pp\n\
                    P1 field: SD01-001 x0\n\
                    P1 hand: SD01-001 engaged\n\
                    P1 SD01-001 keywords Flying\n\
                    event Exploded SD01-001\n\
                    outcome P3 wins\n\
                    decision maybe\n\
                    wish SD01-001\n\
                    log\n\
                    [actions]\n\
                    answer \"2 to Water Fairy, 1 to the other\n";
        let errors = ScenarioFile::parse(text).expect_err("errors");
        let lines: Vec<usize> = errors.iter().map(ParseError::line).collect();
        assert_eq!(
            lines,
            [
                2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                26, 28
            ]
        );
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        expect_test::expect![[r#"
            line 2: `damage` needs a number, found `lots`
            line 3: unknown line `P3`; expected turn, active, first, P1 or P2
            line 5: unknown action `jump SD01-001`; expected play, evolve, attack, activate, answer, end turn or expect rejected
            line 6: `attack` needs `ATTACKER -> TARGET` (a card or `leader`)
            line 7: `play ... from deck`: cards are played from hand, ex, cemetery or banished
            line 8: `answer` needs what to pick (cards, labels, yes, no, pass, cancel, option N) or `none`
            line 9: `option 0`: options count from 1
            line 10: `expect nothing`: in [actions] only `expect rejected [REASON]`; checks go in [expect]
            line 11: `activate CARD:` needs an ability name after `:`
            line 12: `SD01-001#x`: a copy number is #1, #2, ...
            line 14: `attack` needs a number, found `two`
            line 15: `SD01-001 sparkle`: nothing to check; expected attack, defense, damage, cost, engaged, reserved, keywords, has, lacks after the card
            line 16: `SD01-001`: nothing to check; expected attack, defense, damage, cost, engaged, reserved, keywords, has, lacks after the card
            line 17: unknown zone `hands`; expected leader, hand, field, ex, cemetery, banished, deck, evolve or used
            line 18: expected `key value` pairs, found `pp`
            line 19: `x0`: a copy count is x1 to x60
            line 20: `SD01-001 engaged`: flags (engaged, reserved, new, damage, evolved) are for field cards only
            line 21: unknown keyword `Flying`
            line 22: unknown event kind `Exploded`; expected one of Played, Destroyed, Banished, Returned, Discarded, Drew, Token, Buried, Put, ToDeck, Moved, Damaged, LeaderDefense, PP, MaxPP, EP, SEP, Evolved, SuperEvolved, Equipped, DriveChecked, TriggerResolved, DriveGiven, TurnedFaceUp, Triggered, Waits, Resolved, Fizzled, Activated, Cancelled, Attacked, Fought, Engaged, Refreshed, Effect, Counters, Shuffled, Turn, Phase, GameOver, Conceded, EndlessLoop
            line 23: `outcome P3 wins`: expected `P1 wins`, `P2 wins`, `draw` or `none`
            line 24: `decision maybe`: expected `none`, `P1`, `P2` or `P1 options: A, B`
            line 25: unknown expectation `wish SD01-001`; expected a P1/P2 line, event, no event, log, no log, decision or outcome
            line 26: `log` needs the text to look for
            line 28: `"2 to Water Fairy, 1 to the other`: a quote is not closed
        "#]]
        .assert_eq(&(messages.join("\n") + "\n"));
    }

    #[test]
    fn an_expected_rejection_needs_a_following_action() {
        assert_eq!(
            errors("[board]\n[actions]\nexpect rejected\n[expect]\n"),
            [
                "line 3: `expect rejected` must be followed by an action or answer in the same section"
            ]
        );
        assert_eq!(
            errors("[board]\n[actions]\nexpect rejected\n"),
            [
                "line 3: `expect rejected` must be followed by an action or answer in the same section"
            ]
        );
    }
}
