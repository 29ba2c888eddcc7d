//! The run's dialogs over the map, one per [`Phase`] that is not travel: a
//! fight to start, card rewards (pick 1 of 3, or skip), the shop, a
//! scenario's options, a card to remove, a unique event, and the run's
//! summary at the end.
//!
//! Every button is one of [`Run::choices`]: an option the run does not
//! offer now is drawn disabled, with the reason in its tooltip.

use super::fight::kind_name;
use super::game::RunGame;
use super::words;
use egui::{RichText, Ui};
use sve_adventure::run::{Choice, Phase, Run};
use sve_engine::bot::BotKind;

/// The bot that plays your side when you let one ("Let the medium bot
/// play it").
pub const FIGHT_BOT: BotKind = BotKind::Medium;

/// What a dialog asks of the Adventure screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAction {
    /// Make this choice.
    Choose(Choice),
    /// Start the fight on the match screen, played by you.
    StartFight,
    /// Start the fight on the match screen, your side played by a bot of
    /// this level (the CLI's `--bot-fights`): you watch it to its end.
    BotFight(BotKind),
    /// Start a new run (from the summary).
    NewRun,
    /// Back to the start screen.
    Leave,
}

/// Draws the dialog of the run's phase, if it has one.
pub fn dialog_ui(ctx: &egui::Context, game: &RunGame) -> Option<DialogAction> {
    let run = &game.run;
    let title = match run.phase() {
        Phase::Travel => return None,
        Phase::Fight(spec) => kind_name(spec.kind).to_owned(),
        Phase::Reward(reward) if reward.costly => "The guardian's treasure".to_owned(),
        Phase::Reward(_) => "Card reward".to_owned(),
        Phase::Shop(_) => "Shop".to_owned(),
        Phase::Scenario(_) => "An event".to_owned(),
        Phase::RemoveCard { .. } => "Remove a card".to_owned(),
        Phase::Unique(_) => "A twinkle takes shape".to_owned(),
        Phase::Over { won: true } => "Run won".to_owned(),
        Phase::Over { won: false } => "Run over".to_owned(),
    };
    let mut action = None;
    egui::Modal::new(egui::Id::unique("adventure dialog")).show(ctx, |ui| {
        ui.set_width(520.0);
        ui.heading(title);
        for note in &game.notes {
            ui.label(RichText::new(note).italics());
        }
        ui.add_space(6.0);
        action = match run.phase() {
            Phase::Travel => None,
            Phase::Fight(_) => fight_ui(ui, game),
            Phase::Reward(_) => reward_ui(ui, game),
            Phase::Shop(_) => shop_ui(ui, game),
            Phase::Scenario(_) => scenario_ui(ui, run),
            Phase::RemoveCard { .. } => remove_ui(ui, game),
            Phase::Unique(kind) => {
                ui.label(format!(
                    "In the bright light the twinkle becomes {}.",
                    words::unique_name(*kind)
                ));
                ui.horizontal(|ui| {
                    if ui.button("Accept").clicked() {
                        Some(DialogAction::Choose(Choice::Accept))
                    } else if ui.button("Decline").clicked() {
                        Some(DialogAction::Choose(Choice::Decline))
                    } else {
                        None
                    }
                })
                .inner
            }
            Phase::Over { .. } => super::summary::summary_ui(ui, game),
        };
        if !matches!(run.phase(), Phase::Over { .. }) {
            ui.separator();
            let leave = ui
                .small_button("Save and leave")
                .on_hover_text("The run is saved; resume it from the Adventure page.");
            if leave.clicked() {
                action = Some(DialogAction::Leave);
            }
        }
    });
    action
}

/// A button for `choice`, enabled when the run offers it.
fn choice_button(
    ui: &mut Ui,
    offered: &[Choice],
    choice: Choice,
    label: &str,
    why_not: &str,
) -> Option<DialogAction> {
    let enabled = offered.contains(&choice);
    let response = ui.add_enabled(enabled, egui::Button::new(label));
    let response = response.on_disabled_hover_text(why_not);
    response.clicked().then_some(DialogAction::Choose(choice))
}

fn fight_ui(ui: &mut Ui, game: &RunGame) -> Option<DialogAction> {
    let run = &game.run;
    let spec = run.fight()?;
    if let Some(special) = spec
        .special
        .as_deref()
        .and_then(|id| run.balance().special_fight(id))
    {
        ui.label(RichText::new(&special.name).strong());
        ui.label(&special.text);
    }
    egui::Grid::new("fight facts")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Enemy deck");
            ui.label(format!("{} ({} bot)", spec.enemy_deck, spec.enemy_bot));
            ui.end_row();
            ui.label("Enemy leader defense");
            ui.label(spec.enemy_defense.to_string());
            ui.end_row();
            if spec.enemy_cards > 0 {
                ui.label("Enemy extra cards");
                ui.label(format!("+{}", spec.enemy_cards));
                ui.end_row();
            }
            if !spec.enemy_field.is_empty() {
                ui.label("On the enemy's field");
                ui.label(words::card_names(&game.content, &spec.enemy_field));
                ui.end_row();
            }
            ui.label("Your leader defense");
            ui.label(spec.player_defense.to_string());
            ui.end_row();
            ui.label("Light here");
            ui.label(words::light_words(spec.light));
            ui.end_row();
        });
    ui.label(format!(
        "Pay here: {}.",
        words::light_effect_words(run.balance(), spec.light)
    ));
    ui.add_space(6.0);
    let left_after = run.fight_progress().len();
    if left_after > 0 {
        ui.label(format!(
            "You left this fight after {left_after} answers: it goes on from there."
        ));
    }
    ui.horizontal(|ui| {
        let start = if left_after > 0 {
            "Go on with the fight"
        } else {
            "Start the fight"
        };
        if ui.button(RichText::new(start).strong()).clicked() {
            return Some(DialogAction::StartFight);
        }
        let watch = ui
            .button(format!("Let the {} bot play it", FIGHT_BOT.name()))
            .on_hover_text(if left_after > 0 {
                "A bot plays your side from the fight's start (your answers so far are \
                 dropped); you watch the match to its end."
            } else {
                "A bot plays your side; you watch the match to its end."
            });
        watch.clicked().then_some(DialogAction::BotFight(FIGHT_BOT))
    })
    .inner
}

fn reward_ui(ui: &mut Ui, game: &RunGame) -> Option<DialogAction> {
    let Phase::Reward(reward) = game.run.phase() else {
        return None;
    };
    let offered = game.run.choices();
    ui.label(format!(
        "Pick one card for your deck, or skip it.{}",
        if reward.picks_after > 0 {
            format!(" {} more pick(s) follow.", reward.picks_after)
        } else {
            String::new()
        }
    ));
    let mut action = None;
    for (idx, id) in reward.offer.iter().enumerate() {
        let label = format!("Take {}", words::card_words(&game.content, id));
        action = action.or(choice_button(
            ui,
            &offered,
            Choice::TakeCard(idx),
            &label,
            "Your deck is full.",
        ));
    }
    ui.add_space(4.0);
    action.or(choice_button(
        ui,
        &offered,
        Choice::SkipCard,
        "Skip the card",
        "",
    ))
}

fn shop_ui(ui: &mut Ui, game: &RunGame) -> Option<DialogAction> {
    let run = &game.run;
    let Phase::Shop(shop) = run.phase() else {
        return None;
    };
    let offered = run.choices();
    let prices = shop;
    ui.label(format!("You have {} gold.", run.gold()));
    let effect = run.balance().light_effect(shop.light);
    if effect.shop_price_percent != 100 || effect.shop_sell_percent != 100 {
        ui.label(format!(
            "This shop is {}: it asks {}% of its prices and pays {}% for cards.",
            sve_adventure::light::Light::of(shop.light).name(),
            effect.shop_price_percent,
            effect.shop_sell_percent
        ));
    }
    let mut action = None;
    ui.label(RichText::new("For sale").strong());
    for (idx, (id, price)) in shop.cards.iter().enumerate() {
        let label = format!(
            "Buy {} for {price} gold",
            words::card_words(&game.content, id)
        );
        action = action.or(choice_button(
            ui,
            &offered,
            Choice::Buy(idx),
            &label,
            "Not enough gold, or your deck is full.",
        ));
    }
    let torch = format!(
        "Buy a torch for {} gold ({} left)",
        prices.torch_price, shop.torches
    );
    action = action.or(choice_button(
        ui,
        &offered,
        Choice::BuyTorch,
        &torch,
        "Not enough gold, or none left.",
    ));
    ui.add_space(4.0);
    ui.label(RichText::new("Your cards").strong())
        .on_hover_text(format!(
            "Sell a card for {} gold, or remove one for {} gold (once per shop).",
            prices.sell_price, prices.remove_price
        ));
    egui::ScrollArea::vertical()
        .max_height(220.0)
        .show(ui, |ui| {
            for idx in run.deck().distinct() {
                let Some(id) = run.deck().main.get(idx) else {
                    continue;
                };
                let copies = run.deck().main.iter().filter(|c| *c == id).count();
                ui.horizontal(|ui| {
                    ui.label(format!(
                        "{copies}× {}",
                        words::card_words(&game.content, id)
                    ));
                    let sell = format!("Sell ({} gold)", prices.sell_price);
                    action = action.take().or(choice_button(
                        ui,
                        &offered,
                        Choice::Sell(idx),
                        &sell,
                        "Your deck can't get smaller.",
                    ));
                    let remove = format!("Remove ({} gold)", prices.remove_price);
                    action = action.take().or(choice_button(
                        ui,
                        &offered,
                        Choice::Remove(idx),
                        &remove,
                        "One removal per shop, paid in gold.",
                    ));
                });
            }
        });
    ui.add_space(4.0);
    action.or(choice_button(
        ui,
        &offered,
        Choice::Leave,
        "Leave the shop",
        "",
    ))
}

fn scenario_ui(ui: &mut Ui, run: &Run) -> Option<DialogAction> {
    let Phase::Scenario(idx) = run.phase() else {
        return None;
    };
    let scenario = run.balance().scenarios.get(*idx)?;
    ui.label(&scenario.text);
    ui.add_space(4.0);
    let offered = run.choices();
    let mut action = None;
    let effect = run.balance().light_effect(run.light(run.position()));
    if effect.scenario_gain_percent != 100 || effect.scenario_cost_percent != 100 {
        ui.label(
            RichText::new(format!(
                "In this light gains are {}% and costs {}%.",
                effect.scenario_gain_percent, effect.scenario_cost_percent
            ))
            .weak(),
        );
    }
    for option_idx in 0..scenario.options.len() {
        let Some(option) = run.scenario_option(option_idx) else {
            continue;
        };
        let terms = run.balance().option_terms(&option);
        let label = if terms.is_empty() {
            option.label.clone()
        } else {
            format!("{} ({terms})", option.label)
        };
        action = action.or(choice_button(
            ui,
            &offered,
            Choice::Pick(option_idx),
            &label,
            "You can't pay for this.",
        ));
    }
    action
}

fn remove_ui(ui: &mut Ui, game: &RunGame) -> Option<DialogAction> {
    let run = &game.run;
    let offered = run.choices();
    ui.label("Choose a card to take out of your deck.");
    let mut action = None;
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .show(ui, |ui| {
            for idx in run.deck().distinct() {
                let Some(id) = run.deck().main.get(idx) else {
                    continue;
                };
                let label = format!("Remove {}", words::card_words(&game.content, id));
                action =
                    action
                        .take()
                        .or(choice_button(ui, &offered, Choice::Remove(idx), &label, ""));
            }
        });
    action
}
