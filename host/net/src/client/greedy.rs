//! The `greedy` client bot: the rules of thumb the search bots play their
//! playouts by ([`sve_engine::bot::policy`]), read from what this seat is
//! shown and the server's card faces. It sees no hidden card and looks no
//! move ahead (the server's bots search: `--vs-bot medium`); against
//! `random` it won all twelve seeded matches of its loopback test.
//!
//! [`GreedyAnswers::pick`] needs nothing but a view, so it builds without
//! the `native` feature too: the web page's test build plays by it
//! (`sve-ui`'s `page-test-hook`); with `native` it is also the `sve
//! client` bot's [`Answerer`](super::play::Answerer).

use super::text::Faces;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use sve_engine::bot::policy::{self, Board, CardFacts};
use sve_engine::engine::view::{CardView, PlayerView, SideView};
use sve_engine::engine::{CardRef, PlayerId};
#[cfg(feature = "native")]
use {
    super::play::Answerer,
    crate::protocol::{Seating, Update},
};

/// Answers by the playout policy's rules of thumb, with no randomness in
/// the main phase (ties and "any option" picks use the seeded RNG).
pub struct GreedyAnswers {
    rng: ChaCha8Rng,
    faces: Faces,
}

impl GreedyAnswers {
    /// With a seed and the server's card faces (`ClientMsg::CardData`).
    pub fn new(seed: u64, faces: Faces) -> GreedyAnswers {
        GreedyAnswers {
            rng: ChaCha8Rng::seed_from_u64(seed),
            faces,
        }
    }

    /// The policy's picks for the decision `view` holds (none when it
    /// holds none), read from the cards `view` shows and their faces.
    pub fn pick(&mut self, view: &PlayerView) -> Vec<u32> {
        let Some(decision) = &view.decision else {
            return Vec::new();
        };
        let shown = Shown {
            view,
            faces: &self.faces,
        };
        policy::answer(&shown, decision, &mut self.rng, 0.0)
            .into_iter()
            .map(|pick| u32::try_from(pick).unwrap_or(u32::MAX))
            .collect()
    }
}

#[cfg(feature = "native")]
impl Answerer for GreedyAnswers {
    fn answer(&mut self, update: &Update, _: &Seating) -> Vec<u32> {
        self.pick(&update.view)
    }
}

/// A player's view as the policy's board: the cards it shows, with the
/// type and printed cost from their faces.
struct Shown<'a> {
    view: &'a PlayerView,
    faces: &'a Faces,
}

impl Shown<'_> {
    fn side(&self, player: PlayerId) -> Option<&SideView> {
        self.view.sides.get(player.idx())
    }

    fn find(&self, card: CardRef) -> Option<&CardView> {
        self.view
            .sides
            .iter()
            .flat_map(|side| side.shown_cards())
            .find(|shown| shown.card == card)
    }
}

impl Board for Shown<'_> {
    fn card(&self, card: CardRef) -> Option<CardFacts> {
        let shown = self.find(card)?;
        let face = self.faces.0.get(shown.def.idx())?;
        Some(CardFacts {
            card_type: face.card_type,
            printed_cost: face.cost.map(i32::from),
            cost: shown.cost,
            attack: shown.attack,
            defense: shown.defense,
            keywords: shown.keywords,
            engaged: shown.engaged,
        })
    }

    fn hand(&self, player: PlayerId) -> Vec<CardRef> {
        self.side(player)
            .map(|side| side.hand.iter().flatten().map(|c| c.card).collect())
            .unwrap_or_default()
    }

    fn field_len(&self, player: PlayerId) -> usize {
        self.side(player).map_or(0, |side| side.field.len())
    }

    fn leader_defense(&self, player: PlayerId) -> i32 {
        self.side(player).map_or(0, |side| side.leader_defense)
    }
}
