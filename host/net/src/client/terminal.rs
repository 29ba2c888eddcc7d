//! A person playing at the terminal: what to print for each server message
//! (the public log as it happens, presence and notices, the board and the
//! question when a decision is theirs) and what a typed line means (option
//! numbers from 1, checked, or a command). No input or output here: the
//! `sve client` loop feeds it messages and lines and prints what it says.
//!
//! Everything it shows comes from what the server sent this seat: the
//! views, the events and the card faces. A card is named when this seat
//! was shown it (in a view or an event) under the number it has now.

use super::text::{self, Faces};
use crate::protocol::{ClientMsg, RematchNews, Seating, ServerMsg, Update};
use std::collections::HashMap;
use sve_engine::bot::default_answer;
use sve_engine::engine::view::{CardView, PlayerView};
use sve_engine::engine::{
    Action, AttackTarget, CardRef, Choice, Decision, DefId, Event, MoveCause, Outcome, PlayerId,
    Zone,
};

/// What a server message means at the terminal.
#[derive(Debug, Default)]
pub struct Said {
    /// Lines to print, in order.
    pub lines: Vec<String>,
    /// A decision now waits for this player's answer: print
    /// [`TerminalPlayer::question`] and read a line.
    pub ask: bool,
    /// The match ended so.
    pub over: Option<Outcome>,
    /// The server refused to go on (a table that is not there, a bad seat
    /// token, a deck it can't play): the session is over.
    pub fatal: Option<String>,
}

/// What a typed line means.
#[derive(Debug, PartialEq)]
pub enum Typed {
    /// Send this to the server (an answer, a concession).
    Send(ClientMsg),
    /// Print this and wait for another line.
    Say(String),
}

/// A player at the terminal: the faces, the names this seat was shown, the
/// seat and the question waiting for an answer.
pub struct TerminalPlayer {
    faces: Faces,
    names: HashMap<CardRef, DefId>,
    /// The printed (unevolved) card of each number shown.
    printed: HashMap<CardRef, DefId>,
    seating: Option<Seating>,
    /// The last update, for `board`.
    last: Option<Box<Update>>,
    /// The update whose decision waits for an answer.
    asked: Option<Box<Update>>,
    /// The decision last answered.
    answered: Option<u32>,
    /// Whether "waiting for the opponent" was said since the last question.
    waiting_said: bool,
}

impl TerminalPlayer {
    /// A player who sees cards through the server's `faces`.
    pub fn new(faces: Faces) -> TerminalPlayer {
        TerminalPlayer {
            faces,
            names: HashMap::new(),
            printed: HashMap::new(),
            seating: None,
            last: None,
            asked: None,
            answered: None,
            waiting_said: false,
        }
    }

    /// Where this player sits, once seated.
    pub fn seating(&self) -> Option<&Seating> {
        self.seating.as_ref()
    }

    /// Whether a decision waits for this player's answer.
    pub fn asking(&self) -> bool {
        self.asked.is_some()
    }

    fn me(&self) -> Option<PlayerId> {
        self.seating
            .as_ref()
            .and_then(|s| s.seat)
            .map(PlayerId)
            .or_else(|| self.last.as_ref().map(|u| u.view.viewer))
    }

    /// Takes in one server message.
    pub fn receive(&mut self, msg: ServerMsg) -> Said {
        let mut said = Said::default();
        match msg {
            ServerMsg::TableOpen { code } => said
                .lines
                .push(format!("Table open: your opponent joins with code {code}.")),
            ServerMsg::Queued => said
                .lines
                .push("Waiting in the quick-match queue for an opponent…".into()),
            ServerMsg::Seated(seating) => {
                let seat = seating.seat.unwrap_or(0);
                let other = 1 - seat.min(1);
                said.lines.push(format!(
                    "Seated at table {}: you are {} (seat {seat}), playing {}.",
                    seating.code,
                    seating.names[usize::from(seat)],
                    seating.names[usize::from(other)]
                ));
                if let Some(token) = &seating.token {
                    said.lines.push(format!("Your seat token: {token}"));
                    said.lines.push(format!(
                        "  (if the connection drops, `sve client --connect URL --reconnect {token}` takes the seat back)"
                    ));
                }
                self.seating = Some(*seating);
                self.answered = None;
                self.asked = None;
            }
            ServerMsg::Update(update) => self.update(update, &mut said),
            ServerMsg::Rejected { reason } => {
                if reason.starts_with("stale answer") {
                    said.lines.push(
                        "Too late: that question was already settled (time ran out); the match goes on."
                            .into(),
                    );
                } else {
                    said.lines
                        .push(format!("The server refused that answer: {reason}"));
                    // The decision is still pending: ask it again, unless
                    // a newer one came meanwhile.
                    if self.asked.is_none()
                        && let Some(last) = &self.last
                        && last.view.decision.is_some()
                        && self.answered == Some(last.decision_seq)
                    {
                        self.asked = Some(last.clone());
                        self.answered = None;
                        said.ask = true;
                    }
                }
            }
            ServerMsg::Presence {
                seat,
                connected,
                grace_ms,
            } => {
                let who = match self.me() {
                    Some(me) if me.0 == seat => "You".to_owned(),
                    _ => self
                        .seating
                        .as_ref()
                        .map(|s| format!("Opponent ({})", s.names[usize::from(seat.min(1))]))
                        .unwrap_or_else(|| "Opponent".into()),
                };
                said.lines.push(if connected {
                    format!("{who} reconnected.")
                } else {
                    format!(
                        "{who} disconnected: they concede unless back within {} s.",
                        grace_ms.div_ceil(1000)
                    )
                });
            }
            ServerMsg::Notice { text } => said.lines.push(format!("Notice: {text}")),
            ServerMsg::GameOver { outcome } => {
                self.asked = None;
                said.lines.push(self.result(outcome));
                said.over = Some(outcome);
            }
            ServerMsg::DeckRefused { reasons } => {
                said.fatal = Some(format!("deck refused: {}", reasons.join("; ")));
            }
            ServerMsg::Failed { reason } if self.seating.is_none() => said.fatal = Some(reason),
            ServerMsg::Failed { reason } => said.lines.push(format!("The server says: {reason}")),
            ServerMsg::Refused { reason } => said.fatal = Some(reason),
            // `Connection::recv` hands patches on as whole updates.
            ServerMsg::Patch(_) => {
                said.fatal = Some("the server sent a view patch this client did not apply".into());
            }
            ServerMsg::Rematch(news) => said.lines.push(match news {
                RematchNews::Waiting => "Rematch offered; waiting for the opponent.".into(),
                RematchNews::Offered { by } => format!("{by} offers a rematch."),
                RematchNews::Declined { reason } => format!("No rematch: {reason}"),
            }),
            ServerMsg::Welcome { .. }
            | ServerMsg::CardData { .. }
            | ServerMsg::Replay { .. }
            | ServerMsg::Pong { .. }
            | ServerMsg::Inspected { .. } => {}
        }
        said
    }

    fn update(&mut self, update: Box<Update>, said: &mut Said) {
        self.learn(&update);
        if update.resync {
            // Sent after (re)connecting: the recent log, then the question
            // again (an answer sent before may never have arrived).
            self.answered = None;
            if !update.events.is_empty() {
                said.lines.push("— recent events —".into());
            }
        }
        for event in &update.events {
            if let Some(line) = self.event(event, &update.view) {
                said.lines.push(line);
            }
        }
        if update.resync && !update.events.is_empty() {
            said.lines.push("— now —".into());
        }
        let mine = update.view.decision.is_some() && self.answered != Some(update.decision_seq);
        let me = update.view.viewer;
        if mine {
            self.asked = Some(update.clone());
            self.waiting_said = false;
            said.ask = true;
        } else {
            if update.view.decision.is_none() {
                self.asked = None;
            }
            if update.waiting_on.is_some_and(|p| p != me) && !self.waiting_said {
                self.waiting_said = true;
                said.lines.push("(the opponent is deciding…)".into());
            }
        }
        self.last = Some(update);
    }

    /// Remembers the names this update shows, by the numbers it uses.
    fn learn(&mut self, update: &Update) {
        for event in &update.events {
            let (card, def) = match event {
                Event::Moved {
                    card,
                    def: Some(def),
                    ..
                }
                | Event::CardPlayed { card, def, .. }
                | Event::AbilityTriggered { card, def, .. }
                | Event::AbilityResolved { card, def, .. }
                | Event::AbilityFizzled { card, def, .. } => (*card, *def),
                _ => continue,
            };
            self.names.insert(card, def);
        }
        for side in &update.view.sides {
            for card in side.shown_cards() {
                self.names
                    .insert(card.card, card.evolved.unwrap_or(card.def));
            }
        }
    }

    fn name(&self, card: CardRef) -> String {
        match self.names.get(&card) {
            Some(def) => self.faces.name(*def).to_owned(),
            None => "a face-down card".into(),
        }
    }

    fn result(&self, outcome: Outcome) -> String {
        match (outcome, self.me()) {
            (Outcome::Win(winner, reason), Some(me)) if winner == me => {
                format!("You win ({reason:?}).")
            }
            (Outcome::Win(_, reason), Some(_)) => format!("You lose ({reason:?})."),
            (outcome, _) => format!("Match over: {outcome:?}."),
        }
    }

    /// One event of the public log, for this seat; `None` for the events
    /// not worth a line.
    fn event(&self, event: &Event, view: &PlayerView) -> Option<String> {
        let me = view.viewer;
        let who = |p: PlayerId| if p == me { "You" } else { "Opponent" };
        let name = |card: CardRef| self.name(card);
        Some(match event {
            Event::Mulligan { player, redrew } => match redrew {
                true => format!("{} redrew the opening hand.", who(*player)),
                false => format!("{} kept the opening hand.", who(*player)),
            },
            Event::Moved {
                def,
                controller,
                from: Zone::Deck,
                to: Zone::Hand,
                cause: MoveCause::Draw,
                ..
            } => match def {
                Some(def) if *controller == me => {
                    format!("You draw {}.", self.faces.name(*def))
                }
                _ => format!("{} draws a card.", who(*controller)),
            },
            Event::Moved {
                def: Some(def),
                to: Zone::Banished,
                ..
            } => format!("{} is banished.", self.faces.name(*def)),
            Event::Moved {
                def: Some(def),
                from: Zone::Field,
                to: Zone::Hand,
                ..
            } => format!("{} returns to the hand.", self.faces.name(*def)),
            Event::Moved {
                def: Some(def),
                to: Zone::Cemetery,
                cause: MoveCause::Discard,
                controller,
                ..
            } => format!("{} discard {}.", who(*controller), self.faces.name(*def)),
            Event::AbilityActivated { card, ability } => {
                format!("{} uses ability {}.", name(*card), ability.0 + 1)
            }
            Event::KeywordAbilityActivated { card, ability, .. } => {
                format!("{} uses keyword ability {}.", name(*card), ability.0 + 1)
            }
            Event::ActivationCancelled { card, .. }
            | Event::KeywordActivationCancelled { card, .. } => {
                format!("{}'s ability is taken back.", name(*card))
            }
            Event::Fought { attacker, defender } => {
                format!("{} fights {}.", name(*attacker), name(*defender))
            }
            Event::EndlessLoop { reason, .. } => format!("Endless loop: {reason}"),
            Event::AttackDeclared { attacker, target } => {
                let target = match target {
                    AttackTarget::Leader(p) if *p == me => "your leader".into(),
                    AttackTarget::Leader(_) => "the opposing leader".into(),
                    AttackTarget::Follower(card, _) => name(*card),
                };
                format!("{} attacks {target}.", name(*attacker))
            }
            Event::FollowerDamaged { card, amount, .. } => {
                format!("{} takes {amount} damage.", name(*card))
            }
            Event::Evolved { card, evolved, .. } => {
                let base = match self.printed.get(card) {
                    Some(def) => self.faces.name(*def).to_owned(),
                    None => name(*card),
                };
                format!("{base} evolves into {}.", name(*evolved))
            }
            other => return text::event(other, view, &self.faces),
        })
    }

    /// The board, the question and its numbered options, for the decision
    /// waiting for an answer (empty when none is).
    pub fn question(&self) -> String {
        let Some(update) = &self.asked else {
            return String::new();
        };
        let Some(decision) = &update.view.decision else {
            return String::new();
        };
        let view = &update.view;
        let mut out = String::from("\n");
        out.push_str(&text::board(view, &self.faces));
        if let Some(left) = update.clocks.decision_left_ms {
            out.push_str(&format!("({} s to answer)\n", left.div_ceil(1000)));
        }
        out.push_str(&format!(
            "{}:\n",
            text::prompt(&decision.prompt, view, &self.faces)
        ));
        for (i, (label, detail)) in self.options(decision, view).into_iter().enumerate() {
            out.push_str(&format!("  {:>2}. {label}\n", i + 1));
            if let Some(detail) = detail {
                out.push_str(&format!("      {detail}\n"));
            }
        }
        out.push_str(&hint(decision));
        out
    }

    /// Each option's words and the text of its card, duplicates told
    /// apart by where their card is, then by copy number.
    fn options(&self, decision: &Decision, view: &PlayerView) -> Vec<(String, Option<String>)> {
        let mut rows: Vec<(String, Option<String>, Option<CardRef>)> = decision
            .options
            .iter()
            .map(|choice| self.option(choice, view))
            .collect();
        let mut counts: HashMap<String, usize> = HashMap::new();
        for row in &rows {
            *counts.entry(row.0.clone()).or_default() += 1;
        }
        for row in &mut rows {
            if counts.get(&row.0).is_some_and(|n| *n > 1)
                && let Some(place) = row.2.and_then(|card| place(card, view))
            {
                row.0 = format!("{} — {place}", row.0);
            }
        }
        let mut counts: HashMap<String, usize> = HashMap::new();
        for row in &rows {
            *counts.entry(row.0.clone()).or_default() += 1;
        }
        let mut copy: HashMap<String, usize> = HashMap::new();
        for row in &mut rows {
            if counts.get(&row.0).is_some_and(|n| *n > 1) {
                let k = copy.entry(row.0.clone()).or_default();
                *k += 1;
                row.0 = format!("{} (copy {k})", row.0);
            }
        }
        rows.into_iter()
            .map(|(label, detail, _)| (label, detail))
            .collect()
    }

    /// One option: its words, its card's text, and its card.
    fn option(
        &self,
        choice: &Choice,
        view: &PlayerView,
    ) -> (String, Option<String>, Option<CardRef>) {
        let card = match choice {
            Choice::Card(card) => Some(*card),
            Choice::Action(
                Action::Play { card }
                | Action::Activate { card, .. }
                | Action::ActivateWithEp { card, .. }
                | Action::ActivateKeyword { card, .. }
                | Action::Evolve { card, .. },
            ) => Some(*card),
            Choice::Action(Action::Attack { attacker, .. }) => Some(*attacker),
            _ => None,
        };
        let shown = card.and_then(|card| find(card, view));
        let label = match (choice, shown) {
            (Choice::Card(_), Some(c)) => summary(c, &self.faces),
            (Choice::Card(card), None) => self.name(*card),
            (Choice::Action(Action::Play { .. }), Some(c)) => {
                format!("Play {}", summary(c, &self.faces))
            }
            _ => text::choice(choice, view, &self.faces),
        };
        let detail = match (choice, shown) {
            (Choice::Card(_) | Choice::Action(Action::Play { .. }), Some(c)) => {
                card_text(c.evolved.unwrap_or(c.def), &self.faces)
            }
            _ => None,
        };
        (label, detail, card)
    }

    /// What a typed line means.
    pub fn typed(&mut self, line: &str) -> Typed {
        let line = line.trim();
        match line {
            "help" | "?" => return Typed::Say(HELP.into()),
            "board" | "b" => {
                return Typed::Say(match (&self.asked, &self.last) {
                    (Some(_), _) => self.question(),
                    (None, Some(last)) => text::board(&last.view, &self.faces),
                    (None, None) => "No board yet.".into(),
                });
            }
            "concede" => return Typed::Send(ClientMsg::Concede),
            _ => {}
        }
        let Some(update) = &self.asked else {
            return Typed::Say(if line.is_empty() {
                String::new()
            } else {
                "Nothing to answer now: the opponent is playing (type `help` for commands).".into()
            });
        };
        let Some(decision) = &update.view.decision else {
            return Typed::Say(String::new());
        };
        match picks(line, decision) {
            Ok(picks) => {
                let seq = update.decision_seq;
                self.answered = Some(seq);
                self.asked = None;
                Typed::Send(ClientMsg::Answer { seq, picks })
            }
            Err(message) => Typed::Say(format!("{message}\n{}", hint(decision))),
        }
    }

    /// The default answer (pass, no, or the first option) to the waiting
    /// decision, for when input has ended.
    pub fn default_answer(&mut self) -> Option<ClientMsg> {
        let update = self.asked.take()?;
        let decision = update.view.decision.as_ref()?;
        self.answered = Some(update.decision_seq);
        Some(ClientMsg::Answer {
            seq: update.decision_seq,
            picks: default_answer(decision)
                .into_iter()
                .map(|p| p as u32)
                .collect(),
        })
    }
}

const HELP: &str = "Type the numbers of the options you pick (from 1), separated by spaces. \
Commands: `board` shows the board and the question again, `concede` gives up the match, \
`help` shows this.";

/// The line that asks for an answer: how many to pick, among which numbers.
pub fn hint(decision: &Decision) -> String {
    let n = decision.options.len();
    let count = if decision.min == decision.max {
        format!("pick {}", decision.min)
    } else {
        format!("pick {} to {}", decision.min, decision.max.min(n))
    };
    let mut extra = vec![format!("options 1-{n}")];
    if decision.max > 1 {
        extra.push("separated by spaces".into());
    }
    if decision.min == 0 {
        extra.push("an empty line picks none".into());
    }
    if let Some(cancel) = decision.cancel_option() {
        extra.push(format!("{} alone cancels", cancel + 1));
    }
    format!("{count} ({}) > ", extra.join("; "))
}

/// The option indices (from 0) a typed line picks: numbers from 1,
/// checked against the decision. The error says what is allowed.
pub fn picks(line: &str, decision: &Decision) -> Result<Vec<u32>, String> {
    let n = decision.options.len();
    let range = format!("the options are 1 to {n}");
    let mut picks: Vec<usize> = Vec::new();
    for word in line
        .split([' ', ',', '\t'])
        .filter(|w| !w.trim().is_empty())
    {
        let Ok(number) = word.trim().parse::<u64>() else {
            return Err(format!(
                "`{word}` is not an option number: {range} (or type `help`)."
            ));
        };
        if number == 0 || number > n as u64 {
            return Err(format!("There is no option {number}: {range}."));
        }
        let pick = (number - 1) as usize;
        if picks.contains(&pick) {
            return Err(format!("Option {number} is there twice."));
        }
        picks.push(pick);
    }
    if decision.is_cancel(&picks) {
        return Ok(picks.into_iter().map(|p| p as u32).collect());
    }
    if let Some(cancel) = decision.cancel_option()
        && picks.contains(&cancel)
    {
        return Err(format!(
            "Option {} cancels: pick it alone, or not at all.",
            cancel + 1
        ));
    }
    if picks.len() < decision.min || picks.len() > decision.max {
        return Err(match (decision.min, decision.max) {
            (1, 1) => format!("Pick exactly one option ({range})."),
            (min, max) if min == max => format!("Pick exactly {min} options ({range})."),
            (min, max) => format!(
                "Pick {min} to {} options ({range}); you picked {}.",
                max.min(n),
                picks.len()
            ),
        });
    }
    match decision.validate(&picks) {
        Ok(()) => Ok(picks.into_iter().map(|p| p as u32).collect()),
        Err(e) => Err(format!("Not allowed: {e}")),
    }
}

fn find(card: CardRef, view: &PlayerView) -> Option<&CardView> {
    view.sides
        .iter()
        .find_map(|side| side.shown_cards().find(|c| c.card == card))
}

/// Where a shown card is, in words: "your hand, 2nd from the left".
fn place(card: CardRef, view: &PlayerView) -> Option<String> {
    for (seat, side) in view.sides.iter().enumerate() {
        let whose = if seat == view.viewer.idx() {
            "your"
        } else {
            "opponent's"
        };
        let zones: [(&str, Vec<CardRef>); 6] = [
            ("hand", side.hand.iter().flatten().map(|c| c.card).collect()),
            ("field", side.field.iter().map(|c| c.card).collect()),
            ("EX area", side.ex_area.iter().map(|c| c.card).collect()),
            ("cemetery", side.cemetery.iter().map(|c| c.card).collect()),
            (
                "banished zone",
                side.banished.iter().map(|c| c.card).collect(),
            ),
            (
                "evolve deck",
                side.evolve_deck
                    .iter()
                    .flatten()
                    .map(|c| c.card)
                    .chain(side.evolve_used.iter().map(|c| c.card))
                    .collect(),
            ),
        ];
        for (zone, cards) in zones {
            if let Some(i) = cards.iter().position(|c| *c == card) {
                return Some(format!("{whose} {zone}, #{}", i + 1));
            }
        }
    }
    None
}

/// A shown card with its current cost and stats: "Goblin (cost 1, 1/2,
/// Ward, engaged)".
pub fn summary(card: &CardView, faces: &Faces) -> String {
    let def = card.evolved.unwrap_or(card.def);
    let mut parts = vec![format!("cost {}", card.cost)];
    if faces.is_follower(def) {
        parts.push(format!("{}/{}", card.attack, card.defense));
    }
    parts.extend(card.keywords.names().map(str::to_owned));
    if card.engaged {
        parts.push("engaged".into());
    }
    format!("{} ({})", faces.name(def), parts.join(", "))
}

/// A card's printed text on one line, if it has any.
pub fn card_text(def: DefId, faces: &Faces) -> Option<String> {
    let face = faces.0.get(def.idx())?;
    let text = face.text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::engine::Prompt;

    fn decision(options: usize, min: usize, max: usize) -> Decision {
        Decision {
            player: PlayerId(0),
            prompt: Prompt::MainAction,
            options: (0..options).map(|_| Choice::Pass).collect(),
            min,
            max,
        }
    }

    #[test]
    fn numbers_are_from_one_and_zero_or_past_the_end_names_the_range() {
        let d = decision(9, 1, 1);
        assert_eq!(picks("1", &d), Ok(vec![0]));
        assert_eq!(picks(" 9 ", &d), Ok(vec![8]));
        let zero = picks("0", &d).unwrap_err();
        assert!(
            zero.contains("no option 0") && zero.contains("1 to 9"),
            "{zero}"
        );
        let ten = picks("10", &d).unwrap_err();
        assert!(
            ten.contains("no option 10") && ten.contains("1 to 9"),
            "{ten}"
        );
        let huge = picks("18446744073709551616", &d).unwrap_err();
        assert!(huge.contains("1 to 9"), "{huge}");
        assert!(picks("x", &d).unwrap_err().contains("1 to 9"));
        assert!(picks("1 2", &d).unwrap_err().contains("exactly one"));
        assert!(picks("", &d).is_err());
    }

    #[test]
    fn several_picks_and_none() {
        let d = decision(3, 0, 2);
        assert_eq!(picks("", &d), Ok(vec![]));
        assert_eq!(picks("3, 1", &d), Ok(vec![2, 0]));
        assert!(picks("1 1", &d).unwrap_err().contains("twice"));
        assert!(picks("1 2 3", &d).unwrap_err().contains("0 to 2"));
    }

    #[test]
    fn a_late_answer_is_a_message_and_a_failed_request_at_a_table_too() {
        let mut player = TerminalPlayer::new(Faces::default());
        let said = player.receive(ServerMsg::Rejected {
            reason: "stale answer: decision 3 is no longer pending (the pending one is 4)".into(),
        });
        assert!(said.fatal.is_none() && said.over.is_none());
        assert!(said.lines[0].starts_with("Too late"), "{:?}", said.lines);
        let said = player.receive(ServerMsg::Presence {
            seat: 1,
            connected: false,
            grace_ms: 119_500,
        });
        assert!(said.lines[0].contains("disconnected") && said.lines[0].contains("120 s"));
        // Before sitting down, a failed request (a bad seat token) ends it.
        let said = player.receive(ServerMsg::Failed {
            reason: "no match has that seat token".into(),
        });
        assert!(said.fatal.is_some());
    }

    #[test]
    fn the_hint_says_how_many() {
        assert!(hint(&decision(4, 1, 1)).starts_with("pick 1 (options 1-4"));
        let h = hint(&decision(4, 0, 2));
        assert!(h.starts_with("pick 0 to 2 (options 1-4"), "{h}");
        assert!(h.contains("empty line"), "{h}");
        let mut cancel = decision(3, 1, 1);
        cancel.options[2] = Choice::Cancel;
        assert!(hint(&cancel).contains("3 alone cancels"));
        assert_eq!(picks("3", &cancel), Ok(vec![2]));
    }
}
