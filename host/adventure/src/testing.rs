//! What the crate's unit tests share: the bundled cards without card code,
//! a run's setup on them, and balances whose free rooms all hold one
//! event.

use crate::balance::Balance;
use crate::content::{self, Content};
use crate::events::EventKind;
use crate::fight::FightResult;
use crate::run::{Choice, Run, RunDeck, RunSetup};
use std::sync::Arc;
use sve_engine::decks::starter_deck;
use sve_engine::engine::{AbilityRunner, NoAbilities};

/// The bundled cards, no card code, the bundled decks, with `balance`'s
/// encounter decks.
pub(crate) fn content(balance: &Balance) -> Content {
    let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
    let runner: Arc<dyn AbilityRunner> = Arc::new(NoAbilities);
    Content::new(db, runner, balance, &starter_deck).expect("the bundled decks")
}

/// A new run's setup: `deck` (a bundled deck), `seed`, `balance`.
pub(crate) fn setup(content: &Content, deck: &str, seed: u64, balance: Balance) -> RunSetup {
    let list = content::resolve_named(deck, content.db(), &starter_deck).expect("a bundled deck");
    RunSetup {
        seed,
        deck_name: deck.to_owned(),
        deck: RunDeck::from_list(&list, content.db()),
        balance,
        card_fingerprint: content.fingerprint(),
    }
}

/// A new run of `deck` with `seed` on `balance`, and its content.
pub(crate) fn run_on(deck: &str, seed: u64, balance: Balance) -> (Run, Content) {
    let content = content(&balance);
    let run = Run::new(setup(&content, deck, seed, balance));
    (run, content)
}

/// Makes every free room of `balance`'s map hold `only` (random rooms
/// scenarios), and places no twinkles.
pub(crate) fn only_event(balance: &mut Balance, only: EventKind) {
    balance.map.unique_rooms = 0;
    let odds = &mut balance.odds;
    odds.fight = u32::from(only == EventKind::Fight);
    odds.elite = u32::from(only == EventKind::Elite);
    odds.shop = u32::from(only == EventKind::Shop);
    odds.heal = u32::from(only == EventKind::Heal);
    odds.random = u32::from(only == EventKind::Random);
    odds.random_other_percent = 0;
}

/// A won fight's result, `defense_left` left after 7 turns.
pub(crate) fn won(defense_left: i32) -> Choice {
    Choice::Fought(FightResult {
        won: true,
        defense_left,
        turns: 7,
    })
}
