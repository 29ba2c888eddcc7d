//! A human at the terminal: numbered choices, answers typed as numbers.

use std::io::{BufRead, Write};
use sve_engine::bot::Bot;
use sve_engine::engine::{Decision, Match, Prompt};
use sve_engine::gamelog;

/// Reads answers from stdin. An empty answer at end of input concedes.
pub struct Human;

impl Bot for Human {
    fn choose(&mut self, game: &Match, decision: &Decision) -> Vec<usize> {
        if decision.prompt == Prompt::MainAction {
            println!();
            print!("{}", gamelog::board_text(game, decision.player));
        }
        println!("{} — {}:", decision.player, prompt_text(&decision.prompt));
        for (i, option) in decision.options.iter().enumerate() {
            println!("  {:>2}. {}", i + 1, gamelog::describe_choice(option, game));
        }
        let mut how = if decision.min == decision.max && decision.min == 1 {
            "pick one".to_owned()
        } else {
            format!(
                "pick {} to {} numbers, separated by spaces",
                decision.min, decision.max
            )
        };
        if let Some(cancel) = decision.cancel_option() {
            how.push_str(&format!(", or {} alone to cancel", cancel + 1));
        }
        let stdin = std::io::stdin();
        loop {
            print!("({how}; q concedes) > ");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            match stdin.lock().read_line(&mut line) {
                Ok(0) | Err(_) => return Vec::new(),
                Ok(_) => {}
            }
            let line = line.trim();
            if line == "q" {
                return Vec::new();
            }
            let picks: Result<Vec<usize>, _> = line
                .split([' ', ','])
                .filter(|w| !w.is_empty())
                .map(|w| w.parse::<usize>().map(|n| n.wrapping_sub(1)))
                .collect();
            match picks {
                Ok(picks) => match decision.validate(&picks) {
                    Ok(()) => return picks,
                    Err(e) => println!("Not allowed: {e}"),
                },
                Err(_) => println!("Type the numbers of your choices."),
            }
        }
    }
}

fn prompt_text(prompt: &Prompt) -> String {
    match prompt {
        Prompt::ChooseFirstPlayer => "you won the toss: go first or second?".to_owned(),
        Prompt::Mulligan => "redraw your whole opening hand?".to_owned(),
        Prompt::MulliganOrder => {
            "order the cards going to the bottom (first = very bottom)".to_owned()
        }
        Prompt::MainAction => "your action".to_owned(),
        Prompt::QuickWindow => "Quick timing: play a Quick card or pass".to_owned(),
        Prompt::EngageWardOnEnter { .. } => "put this Ward follower engaged?".to_owned(),
        Prompt::EngageWardFollowers => "engage any Ward followers?".to_owned(),
        Prompt::HandLimit { discard } => format!("hand limit: discard {discard}"),
        Prompt::ChoosePendingAbility => "which ability resolves next?".to_owned(),
        Prompt::ZoneLimit { zone, excess } => {
            format!(
                "{} over its limit: choose {excess} card(s) to go",
                zone.name()
            )
        }
        Prompt::DamageOrder { .. } => "order the damage changes: how much is taken?".to_owned(),
        Prompt::MoveReplacement { .. } => {
            "it would go to the cemetery: where does it go instead?".to_owned()
        }
        Prompt::EvolveInto { .. } => "evolve into which card (or face)?".to_owned(),
        Prompt::DriveTrigger { icon, .. } => {
            format!("drive check: resolve the {} Trigger?", icon.name())
        }
        Prompt::ChooseX { .. } => "choose X: how many play points to pay".to_owned(),
        Prompt::PayOptionalCost { .. } => "pay the cost?".to_owned(),
        Prompt::CostCards { purpose, .. } => format!("choose cards to {purpose}"),
        Prompt::Ability { text, .. } => text.clone(),
    }
}
