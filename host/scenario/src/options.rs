//! A decision's options in a scenario file's words: which options an
//! `answer` line's items name ([`pick_options`]), and options, actions and
//! questions written as a file would write them, for messages.

use super::file::{AnswerItem, CardSel};
use super::run::{card_label, is_card};
use crate::cards::CardDb;
use crate::engine::{Action, AttackTarget, CardRef, Choice, Decision, Match, Prompt, Zone};
use crate::gamelog;

/// The option indices `items` name, one distinct option per item.
pub(crate) fn pick_options(
    game: &Match,
    decision: &Decision,
    items: &[AnswerItem],
) -> Result<Vec<usize>, String> {
    let mut picks: Vec<usize> = Vec::new();
    for item in items {
        let matching: Vec<usize> = decision
            .options
            .iter()
            .enumerate()
            .filter(|(idx, option)| !picks.contains(idx) && option_matches(game, option, item))
            .map(|(idx, _)| idx)
            .collect();
        let chosen = match item {
            AnswerItem::Option(n) => {
                (*n <= decision.options.len() && !picks.contains(&(n - 1))).then(|| n - 1)
            }
            AnswerItem::Named(CardSel { nth: Some(nth), .. }) => matching.get(nth - 1).copied(),
            _ => matching.first().copied(),
        };
        match chosen {
            Some(idx) => picks.push(idx),
            None => return Err(format!("no option matches `{}`", item_text(item))),
        }
    }
    Ok(picks)
}

fn option_matches(game: &Match, option: &Choice, item: &AnswerItem) -> bool {
    let state = game.state();
    match (item, option) {
        (AnswerItem::Yes, Choice::Yes)
        | (AnswerItem::No, Choice::No)
        | (AnswerItem::Pass, Choice::Pass)
        | (AnswerItem::Cancel, Choice::Cancel) => true,
        (AnswerItem::Leader(owner), Choice::Card(card)) => {
            state.card(*card).zone == Zone::Leader
                && owner.is_none_or(|p| p == state.card(*card).controller)
        }
        (AnswerItem::Named(sel), Choice::Card(card)) => {
            sel.owner.is_none_or(|p| p == state.card(*card).controller)
                && is_card(game, *card, &sel.card)
        }
        (AnswerItem::Named(sel), Choice::Pending(idx)) => {
            state.pending.get(*idx).is_some_and(|p| {
                game.db().get(p.def).id == sel.card || game.db().get(p.def).name == sel.card
            })
        }
        (AnswerItem::Named(sel), Choice::Label(label)) => {
            sel.owner.is_none() && label.trim().eq_ignore_ascii_case(sel.card.trim())
        }
        _ => false,
    }
}

/// An answer item as a file writes it.
pub(crate) fn item_text(item: &AnswerItem) -> String {
    match item {
        AnswerItem::Yes => "yes".to_owned(),
        AnswerItem::No => "no".to_owned(),
        AnswerItem::Pass => "pass".to_owned(),
        AnswerItem::Cancel => "cancel".to_owned(),
        AnswerItem::Option(n) => format!("option {n}"),
        AnswerItem::Leader(None) => "leader".to_owned(),
        AnswerItem::Leader(Some(p)) => format!("{p} leader"),
        AnswerItem::Named(sel) => {
            let mut text = String::new();
            if let Some(owner) = sel.owner {
                text.push_str(&format!("{owner} "));
            }
            if sel.card.contains(',') {
                text.push_str(&format!("\"{}\"", sel.card));
            } else {
                text.push_str(&sel.card);
            }
            if let Some(nth) = sel.nth {
                text.push_str(&format!("#{nth}"));
            }
            text
        }
    }
}

/// One option as a file would name it: `P2 SD01-011`, `P2 leader`, `yes`,
/// a label, a pending ability's card, an action line.
fn option_text(game: &Match, option: &Choice) -> String {
    let state = game.state();
    match option {
        Choice::Yes => "yes".to_owned(),
        Choice::No => "no".to_owned(),
        Choice::Pass => "pass".to_owned(),
        Choice::Cancel => "cancel".to_owned(),
        Choice::GoFirst => "go first".to_owned(),
        Choice::GoSecond => "go second".to_owned(),
        Choice::Label(label) => label.clone(),
        Choice::Card(card) => {
            let owner = state.card(*card).controller;
            if state.card(*card).zone == Zone::Leader {
                format!("{owner} leader")
            } else {
                format!("{owner} {}", card_label(game, *card))
            }
        }
        Choice::Pending(idx) => match state.pending.get(*idx) {
            Some(pending) => {
                let def = game.db().get(pending.def);
                let ability = gamelog::ability_name(def, pending.what);
                format!("{} {} ({ability})", def.id, def.name)
            }
            None => format!("pending ability {idx}"),
        },
        Choice::Action(action) => action_line(game, action),
    }
}

/// An action as an `[actions]` line.
fn action_line(game: &Match, action: &Action) -> String {
    let id = |card: CardRef| game.state().current_def(game.db(), card).id.clone();
    match action {
        Action::Play { card } => format!("play {}", id(*card)),
        Action::Activate { card, ability } | Action::ActivateWithEp { card, ability } => {
            let def = game.state().current_def(game.db(), *card);
            let name =
                gamelog::ability_name(def, sve_engine::engine::PendingWhat::Ability(*ability));
            let ep = if matches!(action, Action::ActivateWithEp { .. }) {
                " with ep"
            } else {
                ""
            };
            format!("activate {}: {name}{ep}", def.id)
        }
        // A declared keyword's ability, by the keyword's ability's name.
        Action::ActivateKeyword {
            card,
            keyword,
            ability,
        } => {
            let keyword_def = game.db().get(CardDb::keyword_def(*keyword));
            let name = gamelog::ability_name(
                keyword_def,
                sve_engine::engine::PendingWhat::Ability(*ability),
            );
            format!("activate {}: {name}", id(*card))
        }
        Action::Evolve {
            card,
            use_ep,
            super_evolve,
        } => {
            let mut text = format!("evolve {}", id(*card));
            if *use_ep {
                text.push_str(" ep");
            }
            if *super_evolve {
                text.push_str(" super");
            }
            text
        }
        Action::Attack { attacker, target } => match target {
            AttackTarget::Leader(_) => format!("attack {} -> leader", id(*attacker)),
            AttackTarget::Follower(card, _) => {
                format!("attack {} -> {}", id(*attacker), id(*card))
            }
        },
        Action::EndMainPhase => "end turn".to_owned(),
    }
}

/// The options offered, one after another, as a file names them.
pub(crate) fn legal_actions(game: &Match, decision: &Decision) -> String {
    decision
        .options
        .iter()
        .map(|o| option_text(game, o))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A pending question and its options, for messages.
pub(crate) fn describe_decision(game: &Match, decision: &Decision) -> String {
    let question = match &decision.prompt {
        Prompt::MainAction => "the main-phase action".to_owned(),
        Prompt::QuickWindow => "a Quick window".to_owned(),
        Prompt::EngageWardOnEnter { .. } => "whether to engage a Ward follower".to_owned(),
        Prompt::EngageWardFollowers => "which Ward followers to engage".to_owned(),
        Prompt::HandLimit { discard } => format!("which {discard} cards to discard"),
        Prompt::ChoosePendingAbility => "which pending ability resolves next".to_owned(),
        Prompt::PayOptionalCost { card } => {
            format!("whether to pay the cost of {}", card_label(game, *card))
        }
        Prompt::CostCards { card, purpose, .. } => {
            format!("cards to {purpose} for {}", card_label(game, *card))
        }
        Prompt::Ability { card, text, .. } => format!("\"{text}\" ({})", card_label(game, *card)),
        Prompt::ZoneLimit { zone, excess } => {
            format!("which {excess} cards go from the over-full {}", zone.name())
        }
        Prompt::DamageOrder { card, .. } => {
            format!(
                "the order of the damage changes for {}",
                card_label(game, *card)
            )
        }
        Prompt::EvolveInto { card } => {
            format!("what {} evolves into", card_label(game, *card))
        }
        Prompt::MoveReplacement { card } => {
            format!(
                "where {} goes instead of the cemetery",
                card_label(game, *card)
            )
        }
        Prompt::ChooseX { card } => format!("X for {}'s cost", card_label(game, *card)),
        other => format!("{other:?}"),
    };
    let picks = if decision.min == decision.max {
        format!("pick {}", decision.min)
    } else {
        format!("pick {} to {}", decision.min, decision.max)
    };
    let options: Vec<String> = decision
        .options
        .iter()
        .enumerate()
        .map(|(idx, o)| format!("option {}: {}", idx + 1, option_text(game, o)))
        .collect();
    format!("{question}, {picks} of [{}]", options.join("; "))
}
