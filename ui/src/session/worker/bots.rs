//! The bots' side of the worker loop: a bot answers its decision once
//! its pace allows (the configured delay, and the screen's animations),
//! and a bot with no answer or an illegal one concedes. Applying the
//! answer and conceding are `mod.rs`'s; the pace itself is `pace.rs`'s.

use super::{AnsweredBy, Worker};
use crate::session::pace::Paced;
use std::ops::ControlFlow;
use sve_engine::engine::Decision;

impl Worker {
    /// Lets the bot answer `decision` once its pace allows: after the bot
    /// delay, and not while the screen holds the match to play out the
    /// last moves. Any other command (undo, concede) goes first and the
    /// loop looks again.
    pub(super) fn pace_bot(&mut self, decision: &Decision) -> ControlFlow<()> {
        match self
            .pace
            .wait(&self.commands, self.config.bot_delay, self.generation)
        {
            Paced::Command(command) => self.handle(command),
            Paced::Due => {
                if !self.reload_cards() {
                    self.bot_answer(decision);
                }
                ControlFlow::Continue(())
            }
            Paced::Hangup => ControlFlow::Break(()),
        }
    }

    /// The bot of `decision`'s seat answers it now (or concedes).
    pub(super) fn bot_answer(&mut self, decision: &Decision) {
        let player = decision.player;
        let Some(bot) = self.bots[player.idx()].as_mut() else {
            return;
        };
        let picks = bot.choose(&self.game, decision);
        if picks.is_empty() && decision.min > 0 {
            // A bot with no answer gives up, as in the `sve` command.
            self.concede(player);
            return;
        }
        if let Err(rejection) = self.apply(player, picks, AnsweredBy::Bot) {
            tracing::error!("bot {player} gave an illegal answer ({rejection}); it concedes");
            self.concede(player);
        }
    }
}
