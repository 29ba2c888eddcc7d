//! The bot level picker the start screen and the Play online screen share.

use sve_engine::bot::BotKind;

/// The level's word on its button.
fn level_word(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "Random",
        BotKind::Greedy => "Easy",
        BotKind::Medium => "Medium",
        BotKind::Hard => "Hard",
        BotKind::Oracle => "Oracle",
    }
}

/// What playing the level is like, for its hover.
fn level_hint(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "Plays any legal move at random.",
        BotKind::Greedy => "Looks one move ahead.",
        BotKind::Medium => "Searches its turn and your reply; thinks about a tenth of a second.",
        BotKind::Hard => "Searches deeper and plans its whole turn; thinks up to a second or so.",
        BotKind::Oracle => "Sees your hidden cards: for analysis only.",
    }
}

/// One radio button per level a player may face (the oracle is not one).
pub fn bot_level_radios(ui: &mut egui::Ui, bot: &mut BotKind) {
    ui.horizontal(|ui| {
        for kind in BotKind::LEVELS {
            ui.radio_value(bot, kind, level_word(kind))
                .on_hover_text(level_hint(kind));
        }
    });
}
