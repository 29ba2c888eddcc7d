//! Sandbox changes the UI asks for: applied to the match, recorded for
//! the replay and for undo, and told back in words ([`sandbox_words`]).
//! Applying them again after an undo is `undo.rs`'s; the record's format
//! is the engine's (`sve_engine::replay`).

use super::Worker;
use sve_engine::engine::{CardRef, Match, SandboxAction, Zone};
use sve_engine::replay::RecordedSandbox;

impl Worker {
    /// Applies the sandbox change `action` the UI asked for, records it
    /// for the replay and undo, and has its notice shown after the next
    /// snapshot (or says why the engine refused it).
    pub(super) fn sandbox_edit(&mut self, action: SandboxAction) {
        let words = sandbox_words(&action, &self.game);
        let record = RecordedSandbox::new(self.history.len(), &action, self.game.db());
        match self.game.sandbox(action) {
            Ok(()) => {
                match record {
                    Some(record) => self.sandbox_edits.push(record),
                    // The engine refuses what has no record.
                    None => tracing::error!("a sandbox change without a replay record"),
                }
                self.generation += 1;
                // After the snapshot that shows it: a new snapshot
                // clears the notices of the one before.
                self.after_snapshot.push(words);
            }
            Err(err) => self.notice(format!("Sandbox: {err}")),
        }
    }
}

/// What a sandbox change does, in the words of its notice ("Sandbox: put
/// Goblin into P1's hand."), read from `game` before the change.
fn sandbox_words(action: &SandboxAction, game: &Match) -> String {
    let db = game.db();
    // The engine refuses a card that is not on the field before any name
    // is shown, so the name matters only for a card it has.
    let card_name = |card: CardRef| {
        if game.state().card_refs().any(|c| c == card) {
            game.state().current_def(db, card).display_name().to_owned()
        } else {
            "the card".to_owned()
        }
    };
    let what = match action {
        SandboxAction::PutCard { player, def, zone } => {
            let name = db.get(*def).display_name();
            let place = match zone {
                Zone::Field => format!("onto {player}'s field"),
                Zone::Deck => format!("on top of {player}'s deck"),
                Zone::EvolveDeck => format!("into {player}'s evolve deck, face down"),
                zone => format!("into {player}'s {}", zone.name()),
            };
            format!("put {name} {place}")
        }
        SandboxAction::SetPlayPoints { player, pp, max_pp } => {
            format!("{player}'s play points set to {pp}/{max_pp}")
        }
        SandboxAction::SetEvolvePoints { player, ep } => {
            format!("{player}'s evolve points set to {ep}")
        }
        SandboxAction::SetSuperEvolvePoints { player, sep } => {
            format!("{player}'s super-evolve points set to {sep}")
        }
        SandboxAction::SetLeaderDefense { player, defense } => {
            format!("{player}'s leader defense set to {defense}")
        }
        SandboxAction::Draw { player, count } => {
            format!(
                "{player} drew {count} card{}",
                if *count == 1 { "" } else { "s" }
            )
        }
        SandboxAction::Destroy { card } => format!("destroyed {}", card_name(*card)),
        SandboxAction::DealDamage { card, amount } => {
            format!("dealt {amount} damage to {}", card_name(*card))
        }
    };
    format!("Sandbox: {what}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::engine::PlayerId;

    #[test]
    fn each_sandbox_change_has_its_notice() {
        use sve_engine::board::{Board, Side};
        let s = Board::builder()
            .side(PlayerId(1), Side::new().field(["V1"]))
            .build();
        let game = &s.game;
        let def = game.db().by_name("V2").expect("a test follower");
        let put = SandboxAction::PutCard {
            player: PlayerId(0),
            def,
            zone: Zone::Field,
        };
        assert_eq!(
            sandbox_words(&put, game),
            "Sandbox: put V2 onto P1's field."
        );
        let draw = SandboxAction::Draw {
            player: PlayerId(1),
            count: 2,
        };
        assert_eq!(sandbox_words(&draw, game), "Sandbox: P2 drew 2 cards.");
        let pp = SandboxAction::SetPlayPoints {
            player: PlayerId(0),
            pp: 3,
            max_pp: 5,
        };
        assert_eq!(
            sandbox_words(&pp, game),
            "Sandbox: P1's play points set to 3/5."
        );
        let v1 = s.card(PlayerId(1), Zone::Field, "V1");
        assert_eq!(
            sandbox_words(&SandboxAction::Destroy { card: v1 }, game),
            "Sandbox: destroyed V1."
        );
        let damage = SandboxAction::DealDamage {
            card: v1,
            amount: 2,
        };
        assert_eq!(
            sandbox_words(&damage, game),
            "Sandbox: dealt 2 damage to V1."
        );
    }
}
