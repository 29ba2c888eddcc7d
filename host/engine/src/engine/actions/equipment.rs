//! Equipment (later-sets §5, CR 4.16, 14.5.2): "equip [a follower] with a
//! [name] token" makes that equipment token in the equipment zone of the
//! ability's controller, linked to the follower. A follower may have any
//! number of them. When it leaves the field the links are gone
//! (`apply_move`), and rules handling removes unlinked equipment and moves
//! linked equipment to its follower's controller's zone (CR 11.11.1,
//! 11.11.2, `rules_handling.rs`).
//!
//! An equipment token's own abilities work only in the equipment zone
//! (`GameState::abilities_work_here`); its passives reach the follower it
//! equips (`PassiveScope::Equipped`, kept when the follower loses its
//! abilities, and `PassiveScope::EquippedHas`, "the equipped follower
//! has ...", the follower's own and lost with them).

use crate::cards::CardType;
use crate::engine::Match;
use crate::engine::event::MoveCause;
use crate::engine::ids::{CardRef, DefId, PlayerId};
use crate::engine::mutation::{Mutation, Place};
use crate::engine::state::Zone;

impl Match {
    /// `player` equips `follower` with a new token of `token`: made in
    /// `player`'s equipment zone and linked. Nothing happens (`None`) if the
    /// follower is not a follower on the field (CR 1.3.2) or `token` is not
    /// an equipment token.
    pub(crate) fn equip(
        &mut self,
        player: PlayerId,
        follower: CardRef,
        token: DefId,
    ) -> Option<CardRef> {
        let def = self.db.get(token);
        if !def.is_token || !def.equipment || def.unplayable.is_some() {
            return None;
        }
        let target = self.state.card(follower);
        let is_follower = self
            .db
            .get(self.state.current_def_id(follower))
            .card_type
            .is_follower()
            && self.db.get(self.state.current_def_id(follower)).card_type != CardType::Crest;
        if target.zone != Zone::Field || !is_follower {
            return None;
        }
        let Some(card) = self.state.next_card_ref() else {
            // Marks the running ability to stop (limits.rs).
            self.room_for_card();
            return None;
        };
        self.apply(Mutation::CreateCard {
            def: token,
            owner: player,
        });
        self.move_card(
            card,
            player,
            Zone::Equipment,
            Place::Top,
            MoveCause::TokenCreated,
        );
        self.apply(Mutation::Equip {
            token: card,
            follower,
        });
        Some(card)
    }
}
