//! Running a [`ScenarioFile`]: build its board over a card database and an
//! ability runner, play its actions and answers through the engine's
//! `answer`, check its expectations, and report every mismatch with its
//! line (expected against actual).
//!
//! What the runner does on its own, so files stay short:
//! - Routine questions nobody wrote an answer for get the default answer
//!   (`bot::default_answer`): Quick windows pass, a Ward follower stays
//!   reserved, pending abilities resolve in the order offered, the hand
//!   limit discards the first cards, an over-full zone sends its newest
//!   cards, an attack's damage replacements apply in the printed order. An
//!   `answer` line that fits such a question answers it instead.
//! - Before each `[expect]` section and at the end, the match is settled:
//!   routine questions are answered until the active player's main-phase
//!   action, a question a card asks, or the end of the match. A question
//!   left unanswered at the end is fine.
//! - An ability that fizzles (card code failed) is a failure unless an
//!   `event Fizzled` line expects it; so are broken engine invariants.
//!
//! A refused action or answer stops the run (the board would no longer be
//! the one the file describes) unless `expect rejected` announced it.

use super::expect;
use super::file::{Act, AnswerItem, AttackAt, CardSel, ErrorKind, Expectation, ParseError};
use super::file::{ScenarioFile, StepKind};
use super::options::{describe_decision, legal_actions, pick_options};
use super::text::ZoneName;
use super::{BoardBuilder, BuildError};
use crate::cards::CardDb;
use crate::catalog::Catalog;
use crate::engine::{
    AbilityRunner, Action, AttackTarget, CardRef, Choice, Decision, Match, PlayerId, Prompt, Zone,
};
use crate::gamelog::{self, EventText, LineKind};
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// The card that fills a deck a scenario does not give: Fighter, a vanilla
/// 2/3 neutral follower.
pub const FILLER_CARD: &str = "BP01-173";

/// What running a scenario found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RunReport {
    /// Every mismatch, in line order; empty when the scenario passes.
    pub failures: Vec<Failure>,
}

/// One expectation that did not hold, or an action that went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// 1-based line of the file (0: after the last line).
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// What the line expects.
    pub expected: String,
    /// What the match shows; may span several lines.
    pub actual: String,
}

impl RunReport {
    /// Whether every expectation held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            writeln!(f, "after the last line: {}", self.text)?;
        } else {
            writeln!(f, "line {}: {}", self.line, self.text)?;
        }
        writeln!(f, "  expected: {}", self.expected)?;
        let mut lines = self.actual.lines();
        writeln!(f, "  actual:   {}", lines.next().unwrap_or(""))?;
        for line in lines {
            writeln!(f, "            {line}")?;
        }
        Ok(())
    }
}

/// Runs a scenario with the cards and code of `catalog`.
///
/// Errs with located problems only a card database reveals (unknown cards,
/// a board that cannot be built); mismatches are in the report.
pub fn run_scenario(file: &ScenarioFile, catalog: &Catalog) -> Result<RunReport, Vec<ParseError>> {
    run_scenario_with(file, catalog.db(), catalog.runner())
}

/// Runs a scenario over a card database and an ability runner (see
/// [`run_scenario`]). Decks a file does not give hold ten
/// [`FILLER_CARD`]s, or ten `V1` when the database lacks it (test cards).
pub fn run_scenario_with(
    file: &ScenarioFile,
    db: Arc<CardDb>,
    runner: Arc<dyn AbilityRunner>,
) -> Result<RunReport, Vec<ParseError>> {
    let mut errors = check_cards(file, &db);
    let filler = if db.by_card_id(FILLER_CARD).is_some() {
        FILLER_CARD
    } else {
        "V1"
    };
    let builder = BoardBuilder::new(Arc::clone(&db), runner)
        .filler(filler)
        .with_text(file.board_text());
    let builder = match builder {
        Ok(builder) if errors.is_empty() => builder,
        Ok(_) => return Err(errors),
        Err(board_errors) => {
            errors.extend(
                board_errors
                    .into_iter()
                    .map(|e| ParseError::new(e.line, ErrorKind::Board(e.message))),
            );
            errors.sort_by_key(ParseError::line);
            return Err(errors);
        }
    };
    let scenario = builder.try_build().map_err(|e: BuildError| {
        vec![ParseError::new(
            file.board_line(),
            ErrorKind::Build(e.to_string()),
        )]
    })?;
    let mut runner = Runner {
        game: scenario.game,
        events: Vec::new(),
        fizzles: Vec::new(),
        line: file.board_line(),
        checked: false,
        failures: Vec::new(),
        expected_fizzles: Vec::new(),
    };
    runner.run(file);
    let mut failures = runner.failures;
    // Line order; failures found after the last line (line 0) last.
    failures.sort_by_key(|f| if f.line == 0 { usize::MAX } else { f.line });
    Ok(RunReport { failures })
}

/// Whether `card` is the card `name` names: its printed or current (evolved)
/// id or name.
pub(crate) fn is_card(game: &Match, card: CardRef, name: &str) -> bool {
    let state = game.state();
    let db = game.db();
    let printed = db.get(state.card(card).def);
    let current = state.current_def(db, card);
    [printed, current]
        .iter()
        .any(|def| def.id == name || def.name == name)
}

/// A card as messages show it: `SD01-011 Water Fairy`.
pub(crate) fn card_label(game: &Match, card: CardRef) -> String {
    let def = game.state().current_def(game.db(), card);
    format!("{} {}", def.id, def.name)
}

/// Drives one match through a file's steps.
struct Runner {
    game: Match,
    /// Events since the last checks, as `event` and `log` lines read
    /// them.
    events: Vec<EventText>,
    /// Every fizzle of the run, with the line that caused it.
    fizzles: Vec<(usize, String)>,
    /// Fizzle lines some `event Fizzled` expectation matched.
    expected_fizzles: Vec<String>,
    /// The line being run.
    line: usize,
    /// Checks ran since the last action: the next action starts a new
    /// window of events.
    checked: bool,
    failures: Vec<Failure>,
}

/// Most routine questions the runner answers in a row before it gives up.
const SETTLE_LIMIT: usize = 500;

impl Runner {
    fn run(&mut self, file: &ScenarioFile) {
        let mut rejection: Option<(usize, Option<String>)> = None;
        for step in file.steps() {
            self.line = step.line;
            match &step.kind {
                StepKind::ExpectRejected(reason) => rejection = Some((step.line, reason.clone())),
                StepKind::Act(act) => {
                    if self.checked {
                        self.events.clear();
                        self.checked = false;
                    }
                    let result = self.act(act);
                    match (rejection.take(), result) {
                        (None, Ok(())) => {}
                        (None, Err(refusal)) => {
                            self.fail(step.line, &step.text, "accepted", &refusal);
                            return;
                        }
                        (Some((_, reason)), Err(refusal)) => {
                            if let Some(reason) = reason
                                && !refusal.to_lowercase().contains(&reason.to_lowercase())
                            {
                                self.fail(
                                    step.line,
                                    &step.text,
                                    &format!("rejected with a reason containing `{reason}`"),
                                    &format!("rejected: {refusal}"),
                                );
                            }
                        }
                        (Some((line, _)), Ok(())) => {
                            self.fail(line, &step.text, "rejected", "accepted");
                            return;
                        }
                    }
                }
                StepKind::Checkpoint => self.settle(),
                StepKind::Check(expectation) => {
                    self.checked = true;
                    if let Expectation::Event {
                        present: true,
                        words,
                    } = expectation
                        && words.first().map(String::as_str) == Some("Fizzled")
                    {
                        self.expected_fizzles.extend(
                            self.events
                                .iter()
                                .filter_map(|e| e.line.as_ref())
                                .filter(|line| expect::event_matches(line, words))
                                .map(ToString::to_string),
                        );
                    }
                    if let Some((expected, actual)) =
                        expect::check(expectation, &self.game, &self.events)
                    {
                        self.fail(step.line, &step.text, &expected, &actual);
                    }
                }
            }
        }
        self.settle();
        let unexpected: Vec<(usize, String)> = self
            .fizzles
            .iter()
            .filter(|(_, text)| !self.expected_fizzles.contains(text))
            .cloned()
            .collect();
        for (line, text) in unexpected {
            self.fail(line, "(an ability fizzled)", "no ability fizzles", &text);
        }
        let problems = self.game.check_invariants();
        if !problems.is_empty() {
            self.fail(
                0,
                "(engine invariants)",
                "none broken",
                &problems.join("\n"),
            );
        }
    }

    fn fail(&mut self, line: usize, text: &str, expected: &str, actual: &str) {
        self.failures.push(Failure {
            line,
            text: text.to_owned(),
            expected: expected.to_owned(),
            actual: actual.to_owned(),
        });
    }

    /// Runs the engine to the next decision and records the events.
    fn step(&mut self) {
        self.game.step();
        for event in self.game.take_events() {
            let text = gamelog::render(&event, self.game.state(), self.game.db());
            if text.is_empty() {
                continue;
            }
            if let Some(line) = text.line.as_ref().filter(|l| l.kind == LineKind::Fizzled) {
                self.fizzles.push((self.line, line.to_string()));
            }
            self.events.push(text);
        }
    }

    /// The pending decision, after stepping; `None` once the match is over.
    fn decision(&mut self) -> Option<Decision> {
        self.step();
        self.game.decision().cloned()
    }

    /// Answers a routine question with the default answer.
    fn answer_default(&mut self, decision: &Decision) {
        let picks = crate::bot::default_answer(decision);
        // OK to drop: the default answer is valid for any decision.
        self.game.answer(decision.player, &picks).ok();
        self.step();
    }

    /// Answers routine questions until the main-phase action, a question a
    /// card asks, or the end of the match.
    fn settle(&mut self) {
        for _ in 0..SETTLE_LIMIT {
            match self.decision() {
                Some(decision) if is_routine(&decision.prompt) => self.answer_default(&decision),
                _ => return,
            }
        }
    }

    fn act(&mut self, act: &Act) -> Result<(), String> {
        match act {
            Act::Answer(items) => self.answer(items),
            Act::EndTurn => {
                self.take_action("end the turn", &|_, action| *action == Action::EndMainPhase)
            }
            Act::Play { card, from } => {
                let zones: &[Zone] = match from {
                    Some(ZoneName::Ex) => &[Zone::ExArea],
                    Some(ZoneName::Cemetery) => &[Zone::Cemetery],
                    Some(ZoneName::Banished) => &[Zone::Banished],
                    Some(_) => &[Zone::Hand],
                    None => &[Zone::Hand, Zone::ExArea],
                };
                let what = format!("play {}", card.card);
                self.take_action(&what, &|game, action| match action {
                    Action::Play { card: played } => own_card_matches(game, *played, card, zones),
                    _ => false,
                })
            }
            Act::Evolve {
                card,
                use_ep,
                super_evolve,
            } => {
                let what = format!("evolve {}", card.card);
                self.take_action(&what, &|game, action| match action {
                    Action::Evolve {
                        card: evolving,
                        use_ep: ep,
                        super_evolve: sup,
                    } => {
                        ep == use_ep
                            && sup == super_evolve
                            && own_card_matches(game, *evolving, card, &[Zone::Field])
                    }
                    _ => false,
                })
            }
            Act::Attack { attacker, target } => {
                let what = format!("attack with {}", attacker.card);
                self.take_action(&what, &|game, action| match action {
                    Action::Attack {
                        attacker: card,
                        target: aimed,
                    } => {
                        own_card_matches(game, *card, attacker, &[Zone::Field])
                            && match (target, aimed) {
                                (AttackAt::Leader, AttackTarget::Leader(_)) => true,
                                (AttackAt::Follower(sel), AttackTarget::Follower(card, _)) => {
                                    let owner = game.state().card(*card).controller;
                                    sel.owner.is_none_or(|p| p == owner)
                                        && nth_matches(game, *card, sel, owner, &[Zone::Field])
                                }
                                _ => false,
                            }
                    }
                    _ => false,
                })
            }
            Act::Activate {
                card,
                ability,
                use_ep,
            } => {
                let what = format!("activate {}", card.card);
                self.take_action(&what, &|game, action| {
                    let (source, def, idx) = match *action {
                        Action::Activate { card, ability } if !*use_ep => {
                            (card, game.state().current_def_id(card), ability)
                        }
                        Action::ActivateWithEp { card, ability } if *use_ep => {
                            (card, game.state().current_def_id(card), ability)
                        }
                        // A declared keyword's ability is the card's, by
                        // the keyword's ability's name.
                        Action::ActivateKeyword {
                            card,
                            keyword,
                            ability,
                        } if !*use_ep => (card, CardDb::keyword_def(keyword), ability),
                        _ => return false,
                    };
                    let def = game.db().get(def);
                    let name_ok = ability.as_ref().is_none_or(|name| {
                        def.abilities
                            .get(usize::from(idx.0))
                            .is_some_and(|a| a.name.eq_ignore_ascii_case(name))
                    });
                    name_ok
                        && own_card_matches(
                            game,
                            source,
                            card,
                            &[Zone::Field, Zone::Hand, Zone::ExArea, Zone::Cemetery],
                        )
                })
            }
        }
    }

    /// Takes the first action `wanted` accepts from the main-phase or
    /// Quick decision, answering routine questions on the way.
    fn take_action(
        &mut self,
        what: &str,
        wanted: &dyn Fn(&Match, &Action) -> bool,
    ) -> Result<(), String> {
        for _ in 0..SETTLE_LIMIT {
            let Some(decision) = self.decision() else {
                return Err("the match is over".to_owned());
            };
            let found = decision.options.iter().position(|option| match option {
                Choice::Action(action) => wanted(&self.game, action),
                _ => false,
            });
            match (&decision.prompt, found) {
                (Prompt::MainAction | Prompt::QuickWindow, Some(idx)) => {
                    self.game
                        .answer(decision.player, &[idx])
                        .map_err(|r| r.to_string())?;
                    self.step();
                    return Ok(());
                }
                (Prompt::MainAction, None) => {
                    return Err(format!(
                        "cannot {what}: not a legal action for {} now; legal: {}",
                        decision.player,
                        legal_actions(&self.game, &decision)
                    ));
                }
                (prompt, None) if is_routine(prompt) => self.answer_default(&decision),
                _ => {
                    return Err(format!(
                        "cannot {what}: {} must first answer {}",
                        decision.player,
                        describe_decision(&self.game, &decision)
                    ));
                }
            }
        }
        Err(format!("cannot {what}: the match does not settle"))
    }

    /// Answers the pending question with the options the items name.
    fn answer(&mut self, items: &[AnswerItem]) -> Result<(), String> {
        for _ in 0..SETTLE_LIMIT {
            let Some(decision) = self.decision() else {
                return Err("the match is over".to_owned());
            };
            if decision.prompt == Prompt::MainAction {
                return Err(format!(
                    "no question is pending: {} is at the main-phase action",
                    decision.player
                ));
            }
            match pick_options(&self.game, &decision, items) {
                Ok(picks) => {
                    self.game.answer(decision.player, &picks).map_err(|r| {
                        format!("{r}; {}", describe_decision(&self.game, &decision))
                    })?;
                    self.step();
                    return Ok(());
                }
                Err(_) if is_routine(&decision.prompt) => self.answer_default(&decision),
                Err(why) => {
                    return Err(format!(
                        "{why}; {} is asked {}",
                        decision.player,
                        describe_decision(&self.game, &decision)
                    ));
                }
            }
        }
        Err("the match does not settle".to_owned())
    }
}

/// Questions the runner may answer by default.
fn is_routine(prompt: &Prompt) -> bool {
    matches!(
        prompt,
        Prompt::QuickWindow
            | Prompt::EngageWardOnEnter { .. }
            | Prompt::EngageWardFollowers
            | Prompt::ChoosePendingAbility
            | Prompt::HandLimit { .. }
            | Prompt::ZoneLimit { .. }
            | Prompt::DamageOrder { .. }
            | Prompt::MoveReplacement { .. }
    )
}

/// Whether `card` is the acting player's card named by `sel` in one of
/// `zones` (the `#N`th copy there, when written).
fn own_card_matches(game: &Match, card: CardRef, sel: &CardSel, zones: &[Zone]) -> bool {
    let owner = game.state().card(card).controller;
    nth_matches(game, card, sel, owner, zones)
}

/// Whether `card` is named by `sel` and lies in one of `zones`, and is its
/// `#N`th copy among `player`'s `zones` when a copy number is written.
fn nth_matches(
    game: &Match,
    card: CardRef,
    sel: &CardSel,
    player: PlayerId,
    zones: &[Zone],
) -> bool {
    if !is_card(game, card, &sel.card) || !zones.contains(&game.state().card(card).zone) {
        return false;
    }
    let Some(nth) = sel.nth else {
        return true;
    };
    let copies: Vec<CardRef> = zones
        .iter()
        .flat_map(|zone| game.state().player(player).zone(*zone).iter().copied())
        .filter(|c| is_card(game, *c, &sel.card))
        .collect();
    copies.get(nth - 1) == Some(&card)
}

/// Problems only a card database shows: unknown cards in actions and
/// expectations (board lines are checked when the board is read).
fn check_cards(file: &ScenarioFile, db: &CardDb) -> Vec<ParseError> {
    let known = |name: &str| db.by_card_id(name).is_some() || db.by_name(name).is_some();
    let mut errors = Vec::new();
    for step in file.steps() {
        let mut names: Vec<&str> = Vec::new();
        match &step.kind {
            StepKind::Act(act) => match act {
                Act::Play { card, .. } | Act::Evolve { card, .. } | Act::Activate { card, .. } => {
                    names.push(&card.card);
                }
                Act::Attack { attacker, target } => {
                    names.push(&attacker.card);
                    if let AttackAt::Follower(sel) = target {
                        names.push(&sel.card);
                    }
                }
                // Answer items may be labels.
                Act::Answer(_) | Act::EndTurn => {}
            },
            StepKind::Check(Expectation::Card { card, .. }) => names.push(&card.card),
            StepKind::Check(Expectation::Zone { entries, .. }) => {
                for entry in entries {
                    names.push(&entry.card);
                    if let Some(evolved) = &entry.evolved {
                        names.push(evolved);
                    }
                }
            }
            StepKind::Check(_) | StepKind::Checkpoint | StepKind::ExpectRejected(_) => {}
        }
        for name in names {
            if !known(name) {
                errors.push(ParseError::new(
                    step.line,
                    ErrorKind::UnknownCard(name.to_owned()),
                ));
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use expect_test::{Expect, expect};
    use sve_engine::board::fixtures::{test_db, test_runner};

    /// Runs scenario text over the test cards: `PASS`, the failures, or the
    /// file's problems.
    fn check(text: &str, expect: Expect) {
        let out = match ScenarioFile::parse(text) {
            Err(errors) => errors.iter().map(|e| format!("{e}\n")).collect(),
            Ok(file) => {
                match run_scenario_with(&file, Arc::new(test_db()), Arc::new(test_runner())) {
                    Err(errors) => errors.iter().map(|e| format!("{e}\n")).collect(),
                    Ok(report) if report.passed() => "PASS\n".to_owned(),
                    Ok(report) => report.failures.iter().map(ToString::to_string).collect(),
                }
            }
        };
        expect.assert_eq(&out);
    }

    #[test]
    fn a_fanfare_that_asks_for_a_target_passes() {
        check(
            "[board]\n\
             P1 pp 2/5\n\
             P1 hand: Pinger\n\
             P2 field: V1, V2\n\
             [actions]\n\
             play Pinger\n\
             [expect]\n\
             decision P1 options: V1, P2 V2\n\
             [actions]\n\
             answer V1\n\
             [expect]\n\
             P1 pp 0/5\n\
             P1 field: TEST-PING\n\
             P2 field: V2\n\
             P2 cemetery: TEST-V1\n\
             event Destroyed P2 V1\n\
             event Damaged TEST-V1 1 ability\n\
             no event Damaged P2 V2\n\
             log is destroyed\n\
             decision none\n\
             outcome none\n",
            expect![[r#"
                PASS
            "#]],
        );
    }

    #[test]
    fn play_from_ex_plays_the_ex_copy_even_with_one_in_hand() {
        check(
            "[board]\n\
             P1 pp 5/5\n\
             P1 hand: V1\n\
             P1 ex: V1\n\
             [actions]\n\
             play V1 from ex\n\
             [expect]\n\
             P1 hand: V1\n\
             P1 ex:\n\
             P1 field: V1\n",
            expect![[r#"
                PASS
            "#]],
        );
        check(
            "[board]\n\
             P1 pp 5/5\n\
             P1 hand: V1\n\
             P1 ex: V1\n\
             [actions]\n\
             play V1 from hand\n\
             [expect]\n\
             P1 hand:\n\
             P1 ex: V1\n\
             P1 field: V1\n",
            expect![[r#"
                PASS
            "#]],
        );
    }

    #[test]
    fn in_order_zones_compare_card_for_card() {
        check(
            "[board]\n\
             P1 deck: V1, V2, V3\n\
             P1 field: V4, V5\n\
             [expect]\n\
             P1 deck in order: V1, V2, V3\n\
             P1 field in order: V4, V5\n\
             P1 deck: V3, V2, V1\n\
             P1 deck in order: V3, V2, V1\n\
             P1 field in order: V4\n",
            expect![[r#"
                line 8: P1 deck in order: V3, V2, V1
                  expected: P1 deck in order: V3, V2, V1
                  actual:   P1 deck in order: TEST-V1, TEST-V2, TEST-V3
                line 9: P1 field in order: V4
                  expected: P1 field in order: V4
                  actual:   P1 field in order: TEST-V4, TEST-V5
            "#]],
        );
    }

    #[test]
    fn used_evolve_cards_are_a_zone_of_their_own() {
        check(
            "[board]\n\
             P1 evolve: TEST-V1E\n\
             P1 used: TEST-V2E, TEST-V3E\n\
             [expect]\n\
             P1 evolve: TEST-V1E\n\
             P1 used: TEST-V3E, TEST-V2E\n\
             P1 used: TEST-V1E\n",
            expect![[r#"
                line 7: P1 used: TEST-V1E
                  expected: P1 used: TEST-V1E
                  actual:   P1 used: TEST-V2E, TEST-V3E
            "#]],
        );
    }

    #[test]
    fn mismatches_show_expected_and_actual_per_line() {
        check(
            "[board]\n\
             P1 pp 2/5\n\
             P1 hand: Pinger\n\
             P1 deck: V3 x2\n\
             P2 field: V2 engaged\n\
             [actions]\n\
             play Pinger\n\
             answer V2\n\
             [expect]\n\
             P2 field: V2 reserved damage 2\n\
             P1 deck: V3\n\
             P1 leader 19 pp 0\n\
             P2 V2 attack 3 defense 2 has Ward\n\
             event Destroyed V2\n\
             log draws\n\
             outcome P1 wins\n",
            expect![[r#"
                line 10: P2 field: V2 reserved damage 2
                  expected: P2 field: V2 reserved damage 2
                  actual:   P2 field: TEST-V2 engaged damage 1
                line 11: P1 deck: V3
                  expected: P1 deck: V3
                  actual:   P1 deck: TEST-V3 x2
                line 12: P1 leader 19 pp 0
                  expected: P1 leader 19 pp 0
                  actual:   P1 leader 20 pp 0
                line 13: P2 V2 attack 3 defense 2 has Ward
                  expected: P2 V2 attack 3 defense 2 has Ward
                  actual:   P2 V2 attack 2 defense 1 keywords - (TEST-V2 V2 in the field)
                line 14: event Destroyed V2
                  expected: an event `Destroyed TEST-V2`
                  actual:   PP P1 2 0
                            Played P1 TEST-PING
                            Triggered P1 TEST-PING Fanfare
                            Damaged P2 TEST-V2 1 ability
                            Resolved P1 TEST-PING Fanfare
                line 15: log draws
                  expected: a log line containing `draws`
                  actual:   P1 plays Pinger from the hand
                            Pinger enters P1's field
                            V2 takes 1 damage from Pinger
                            Pinger: Fanfare
                line 16: outcome P1 wins
                  expected: P1 wins
                  actual:   none
            "#]],
        );
    }

    #[test]
    fn unknown_cards_and_bad_boards_are_located_errors() {
        check(
            "[board]\n\
             P1 hand: Nope\n\
             [actions]\n\
             play Ghost Card\n",
            expect![[r#"
                line 2: unknown card `Nope`
                line 4: unknown card `Ghost Card`
            "#]],
        );
        check(
            "[board]\n\
             P1 hand: V1\n\
             [actions]\n\
             play Nope\n\
             attack V1 -> Ghost Card\n\
             [expect]\n\
             P1 Missing attack 1\n\
             P1 field: V1, Absent\n",
            expect![[r#"
                line 4: unknown card `Nope`
                line 5: unknown card `Ghost Card`
                line 7: unknown card `Missing`
                line 8: unknown card `Absent`
            "#]],
        );
        check(
            "[board]\n\
             P1 leader: V1\n",
            expect![[r#"
                line 1: cannot build the board: `V1` is not a leader card
            "#]],
        );
    }

    #[test]
    fn a_refused_action_stops_the_run_unless_a_rejection_is_expected() {
        check(
            "[board]\n\
             P1 pp 1/5\n\
             P1 hand: V2\n\
             [actions]\n\
             expect rejected not a legal action\n\
             play V2\n\
             expect rejected no option matches\n\
             answer yes\n\
             play V2\n\
             [expect]\n\
             P1 hand: -\n",
            expect![[r#"
                line 8: answer yes
                  expected: rejected with a reason containing `no option matches`
                  actual:   rejected: no question is pending: P1 is at the main-phase action
                line 9: play V2
                  expected: accepted
                  actual:   cannot play V2: not a legal action for P1 now; legal: end turn
            "#]],
        );
        check(
            "[board]\n\
             P1 pp 5/5\n\
             P1 hand: V2\n\
             [actions]\n\
             expect rejected\n\
             play V2\n",
            expect![[r#"
                line 5: play V2
                  expected: rejected
                  actual:   accepted
            "#]],
        );
    }

    #[test]
    fn labels_yes_and_routine_questions_are_answered_by_name() {
        // Fairy Ring asks with labels; Warden asks whether to engage.
        check(
            "[board]\n\
             P1 pp 5/5\n\
             P1 hand: Fairy Ring, Warden\n\
             [actions]\n\
             play Fairy Ring\n\
             answer 3 to the EX area\n\
             play Warden\n\
             answer yes\n\
             [expect]\n\
             P1 ex: TEST-TOKEN x3\n\
             P1 field: TEST-WARD engaged\n\
             P1 Warden engaged keywords Ward\n",
            expect![[r#"
                PASS
            "#]],
        );
        // Unanswered, the Ward question gets the default: stay reserved.
        check(
            "[board]\n\
             P1 pp 5/5\n\
             P1 hand: Warden, V1\n\
             [actions]\n\
             play Warden\n\
             play V1\n\
             [expect]\n\
             P1 field: TEST-WARD reserved, TEST-V1\n",
            expect![[r#"
                PASS
            "#]],
        );
    }

    #[test]
    fn turns_pass_and_the_other_player_acts() {
        check(
            "[board]\n\
             turn 9\n\
             P1 pp 5/5\n\
             P2 field: V3\n\
             P2 deck: V1, V4\n\
             [actions]\n\
             end turn\n\
             attack V3 -> leader\n\
             [expect]\n\
             P1 leader 17\n\
             P2 hand: V4\n\
             P2 pp 1/1\n\
             P2 V3 engaged\n\
             event Attacked P2 V3 P1 leader\n",
            expect![[r#"
                PASS
            "#]],
        );
    }

    #[test]
    fn a_fizzle_fails_unless_an_event_line_expects_it() {
        check(
            "[board]\n\
             P1 pp 1/5\n\
             P1 hand: Broken Card\n\
             [actions]\n\
             play Broken Card\n",
            expect![[r#"
                line 5: (an ability fizzled)
                  expected: no ability fizzles
                  actual:   Fizzled P1 TEST-BROKEN Fanfare: card code panicked
            "#]],
        );
        check(
            "[board]\n\
             P1 pp 1/5\n\
             P1 hand: Broken Card\n\
             [actions]\n\
             play Broken Card\n\
             [expect]\n\
             event Fizzled TEST-BROKEN\n",
            expect![[r#"
                PASS
            "#]],
        );
    }
}
