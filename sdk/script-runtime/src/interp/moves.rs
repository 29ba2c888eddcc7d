//! Effects that move cards between the deck, hand, cemetery, EX area and
//! field (spec §5.4 "Moving cards ...", §5.9 `CheckTop`).
//!
//! The `...AndTarget` variants return the cards that actually moved, for the
//! restricted sequence that follows. A zone that is full leaves the card
//! where it was (rules-coverage.md §3.3), so such a card is not among them.
//!
//! The card API puts cards onto the field of the ability's controller only;
//! when the other player performs an effect that would put a card onto
//! their field, the ability fails with a message instead of using the wrong
//! field.

use super::targets::Subject;
use super::{Frame, Interpreter, bounds, choices, count_u32};
use crate::values;
use sve_script::ir::{
    CheckAction, CheckActionKind, Count, FilterId, SearchAction, Selection, Target, ValueId,
};
use sve_sdk::prelude::*;

/// Where `hand_to` puts cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// Onto the field without paying (Fanfare triggers).
    Field,
    /// Into the EX area.
    ExArea,
}

impl Interpreter<'_> {
    /// Puts `card` onto the performing player's field; false if there is
    /// no room or it is not a follower or amulet.
    pub(super) fn put_onto_field(
        &self,
        game: &mut Game,
        frame: &Frame<'_>,
        card: CardRef,
    ) -> Result<bool, Stop> {
        if frame.me != game.me() {
            // The opponent performs the effect: their field.
            return Ok(game.put_onto_field_for(card, frame.me));
        }
        Ok(game.put_onto_field(card))
    }

    /// `Search`: look through your deck for up to `count` matching cards (a
    /// search may find fewer, down to none), move them per `action`, then
    /// shuffle. Returns the cards that moved.
    pub(super) fn search(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        filter: FilterId,
        action: SearchAction,
    ) -> Result<Vec<CardRef>, Stop> {
        let scope = self.scope(&frame);
        let deck = values::cards_matching(game, &scope, frame.me, Zone::Deck, filter);
        let (_, max) = bounds(game, &scope, count);
        let picked = choices::choose_cards(game, frame.me, "Choose from your deck", deck, 0, max)?;
        let mut moved = Vec::new();
        for card in picked {
            if self.search_move(game, &frame, card, action)? {
                moved.push(card);
            }
        }
        game.shuffle(frame.me);
        Ok(moved)
    }

    /// Branch §11 `SearchFilteredOptions`: one search for up to `count`
    /// cards matching any option's filter; each found card takes the action
    /// of the option it matches, and the player picks when it matches more
    /// than one.
    pub(super) fn search_filtered_options(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        options: &[(FilterId, SearchAction)],
    ) -> Result<(), Stop> {
        let scope = self.scope(&frame);
        let fitting = |game: &Game, info: &CardInfo| {
            let mut actions: Vec<SearchAction> = Vec::new();
            for (filter, action) in options {
                if values::matches(game, &scope, *filter, info) && !actions.contains(action) {
                    actions.push(*action);
                }
            }
            actions
        };
        let deck: Vec<CardRef> = game
            .cards_in(frame.me, Zone::Deck)
            .into_iter()
            .filter(|card| {
                game.card(*card)
                    .is_some_and(|info| !fitting(game, &info).is_empty())
            })
            .collect();
        let (_, max) = bounds(game, &scope, count);
        let picked = choices::choose_cards(game, frame.me, "Choose from your deck", deck, 0, max)?;
        for card in picked {
            let Some(info) = game.card(card) else {
                continue;
            };
            let actions = fitting(game, &info);
            let action = match actions.as_slice() {
                [] => continue,
                [only] => *only,
                several => {
                    let labels: Vec<String> = several
                        .iter()
                        .map(|a| format!("{}: {}", info.name, search_text(*a)))
                        .collect();
                    let text = format!("Where does {} go?", info.name);
                    let picked = choices::choose_one(game, frame.me, &text, &labels)?;
                    let Some(action) = several.get(picked) else {
                        continue;
                    };
                    *action
                }
            };
            self.search_move(game, &frame, card, action)?;
        }
        game.shuffle(frame.me);
        Ok(())
    }

    /// Moves a found card per a search action; whether it moved.
    fn search_move(
        &self,
        game: &mut Game,
        frame: &Frame<'_>,
        card: CardRef,
        action: SearchAction,
    ) -> Result<bool, Stop> {
        Ok(match action {
            SearchAction::Hand => {
                game.deck_to_hand(card);
                true
            }
            SearchAction::Cemetery => {
                game.bury(card);
                true
            }
            SearchAction::Field => self.put_onto_field(game, frame, card)?,
            SearchAction::ExArea => game.put_into_ex_area(card),
        })
    }

    /// `TopDeckToEx`: the top card of your deck into your EX area, `n`
    /// times (it stops when the EX area is full or the deck is empty).
    /// Returns the cards moved.
    pub(super) fn top_deck_to_ex(&self, game: &mut Game, frame: Frame<'_>, n: i32) -> Vec<CardRef> {
        let mut moved = Vec::new();
        for _ in 0..count_u32(n) {
            // The top of the deck is the end of the zone list.
            let Some(top) = game.cards_in(frame.me, Zone::Deck).last().copied() else {
                break;
            };
            if !game.put_into_ex_area(top) {
                break;
            }
            moved.push(top);
        }
        moved
    }

    /// `TopOrBottomDeck`: the performing player chooses top or bottom once
    /// for all targets.
    pub(super) fn top_or_bottom_deck(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
    ) -> Result<(), Stop> {
        let targets: Vec<CardRef> = self
            .subjects(game, frame, to, "Put on the top or bottom of the deck")?
            .into_iter()
            .filter_map(|subject| match subject {
                Subject::Card(card) => Some(card),
                Subject::Player(_) => None,
            })
            .collect();
        if targets.is_empty() {
            return Ok(());
        }
        let labels = [
            "Top of the deck".to_owned(),
            "Bottom of the deck".to_owned(),
        ];
        let bottom = choices::choose_one(game, frame.me, "Put them on", &labels)? == 1;
        for card in targets {
            game.put_into_deck(card, bottom);
        }
        Ok(())
    }

    /// `PutExToFieldAndTarget`'s move: the selected EX-area cards onto the
    /// field without paying. Returns those that went.
    pub(super) fn put_ex_to_field(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
    ) -> Result<Vec<CardRef>, Stop> {
        let mut moved = Vec::new();
        for subject in self.subjects(game, frame, to, "Put onto the field")? {
            if let Subject::Card(card) = subject
                && self.put_onto_field(game, &frame, card)?
            {
                moved.push(card);
            }
        }
        Ok(moved)
    }

    /// `HandToEx` / `HandToField`: choose matching cards from your hand and
    /// put them into your EX area or onto your field. Returns those that
    /// went.
    pub(super) fn hand_to(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        filter: FilterId,
        place: Place,
    ) -> Result<Vec<CardRef>, Stop> {
        let scope = self.scope(&frame);
        let hand = values::cards_matching(game, &scope, frame.me, Zone::Hand, filter);
        let (min, max) = bounds(game, &scope, count);
        let text = match place {
            Place::Field => "Choose cards to put onto your field",
            Place::ExArea => "Choose cards to put into your EX area",
        };
        let picked = choices::choose_cards(game, frame.me, text, hand, min, max)?;
        let mut moved = Vec::new();
        for card in picked {
            let went = match place {
                Place::Field => self.put_onto_field(game, &frame, card)?,
                Place::ExArea => game.put_into_ex_area(card),
            };
            if went {
                moved.push(card);
            }
        }
        Ok(moved)
    }

    /// `EvolveDeckToField` (later-sets §6.1): choose matching face-down
    /// cards of your evolve deck and put them onto your field; the host
    /// lets only advanced cards leave it so. Returns those that went.
    pub(super) fn evolve_deck_to_field(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        filter: FilterId,
    ) -> Result<Vec<CardRef>, Stop> {
        let scope = self.scope(&frame);
        let face_down: Vec<CardRef> =
            values::cards_matching(game, &scope, frame.me, Zone::EvolveDeck, filter)
                .into_iter()
                .filter(|card| !game.is_face_up(*card))
                .collect();
        let (min, max) = bounds(game, &scope, count);
        let text = "Choose cards to put onto your field from your evolve deck";
        let picked = choices::choose_cards(game, frame.me, text, face_down, min, max)?;
        let mut moved = Vec::new();
        for card in picked {
            if self.put_onto_field(game, &frame, card)? {
                moved.push(card);
            }
        }
        Ok(moved)
    }

    /// `PlayFromEvolveDeck` (later-sets §6.1): you may play a matching
    /// face-down advanced card of your evolve deck that you can pay for.
    pub(super) fn play_from_evolve_deck(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        filter: FilterId,
    ) -> Result<(), Stop> {
        if frame.me != game.me() {
            // The card API plays cards for the ability's controller only.
            return Err(Stop::Error(
                "the opponent cannot play a card from an evolve deck for this ability".to_owned(),
            ));
        }
        let scope = self.scope(&frame);
        let pp = game.player(frame.me).pp;
        let has_room = super::stats::room(game, frame.me, Zone::Field, super::stats::FIELD_SLOTS);
        let playable: Vec<CardRef> =
            values::cards_matching(game, &scope, frame.me, Zone::EvolveDeck, filter)
                .into_iter()
                .filter(|card| {
                    // The host's answer leaves room out: a follower or an
                    // amulet needs it.
                    let needs_room = game.stats(*card).is_some_and(|info| {
                        matches!(info.card_type, CardType::Follower | CardType::Amulet)
                    });
                    !game.is_face_up(*card)
                        && game.play_cost(*card, None).is_some_and(|cost| cost <= pp)
                        && (!needs_room || has_room)
                })
                .collect();
        let text = "You may play a card from your evolve deck";
        let picked = choices::choose_cards(game, frame.me, text, playable, 0, 1)?;
        for card in picked {
            game.play_card(card, None);
        }
        Ok(())
    }

    /// `CemeteryToField`: choose matching cards in the cemetery (the
    /// opponent's with `source` `Opponent`) and put them onto your field;
    /// with `source` `TriggerCard`, the trigger card itself if it is in a
    /// cemetery and matches. Returns those that went.
    pub(super) fn cemetery_to_field(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        filter: FilterId,
        source: Target,
    ) -> Result<Vec<CardRef>, Stop> {
        let scope = self.scope(&frame);
        let picked = match source {
            Target::TriggerCard => self
                .call
                .trigger_card
                .filter(|card| {
                    game.stats(*card)
                        .is_some_and(|info| info.zone == Zone::Cemetery)
                        && values::matches_card(game, &scope, filter, *card)
                })
                .into_iter()
                .collect(),
            _ => {
                let owner = match source {
                    Target::Opponent | Target::OpponentLeader => scope.opponent(),
                    _ => frame.me,
                };
                let cemetery = values::cards_matching(game, &scope, owner, Zone::Cemetery, filter);
                let (min, max) = bounds(game, &scope, count);
                let text = "Choose cards to put onto your field from the cemetery";
                choices::choose_cards(game, frame.me, text, cemetery, min, max)?
            }
        };
        let mut moved = Vec::new();
        for card in picked {
            if self.put_onto_field(game, &frame, card)? {
                moved.push(card);
            }
        }
        Ok(moved)
    }

    /// `PlaySpellFromCemetery` (`cost` `None`) and
    /// `PlaySpellFromCemeterySetCost`: choose one spell of your cemetery
    /// matching the filter that you can pay for, and play it for its cost
    /// or for `cost`. It resolves right after this ability (the card API's
    /// `play-card`).
    pub(super) fn play_spell_from_cemetery(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        filter: FilterId,
        cost: Option<ValueId>,
    ) -> Result<(), Stop> {
        if frame.me != game.me() {
            // The card API plays cards for the ability's controller only.
            return Err(Stop::Error(
                "the opponent cannot play a spell from a cemetery for this ability".to_owned(),
            ));
        }
        let scope = self.scope(&frame);
        let set_cost = cost.map(|cost| values::value(game, &scope, cost));
        let pp = game.player(frame.me).pp;
        let spells: Vec<CardRef> =
            values::cards_matching(game, &scope, frame.me, Zone::Cemetery, filter)
                .into_iter()
                .filter(|card| {
                    game.card(*card).is_some_and(|info| {
                        info.card_type == CardType::Spell
                            && game
                                .play_cost(*card, set_cost)
                                .is_some_and(|cost| cost <= pp)
                            && self.spell_requirement_met(game, &info)
                    })
                })
                .collect();
        let text = "Choose a spell to play from your cemetery";
        let picked = choices::choose_cards(game, frame.me, text, spells, 1, 1)?;
        for card in picked {
            game.play_card(card, set_cost);
        }
        Ok(())
    }

    /// Whether a spell's play requirement (its main ability's condition)
    /// holds for you now. Spells of other packs are taken as playable: only
    /// this pack's code can be asked from here.
    fn spell_requirement_met(&self, game: &Game, info: &CardInfo) -> bool {
        let Some(card) = self.module.cards.iter().find(|c| c.id == info.id) else {
            return true;
        };
        let Some(main) = card.spell_ability else {
            return true;
        };
        let Some(ability) = card.ability(main) else {
            return true;
        };
        let call = Call {
            source: info.card,
            source_object: info.object,
            card_id: info.id.clone(),
            ability: u8::try_from(main.0).unwrap_or(u8::MAX),
            controller: self.call.controller,
            trigger_card: None,
            amount: 0,
        };
        let spell = Interpreter {
            card,
            module: self.module,
            call: &call,
            ability,
            required: None,
        };
        spell.condition(game).unwrap_or(false)
    }

    /// `DiscardFromOpponentHand`: the performing player looks at the other
    /// player's hand and chooses `count` matching cards, which are
    /// discarded. (The peer ignores the filter; this runtime honours it, as
    /// the card text means.)
    pub(super) fn discard_from_opponent_hand(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        filter: FilterId,
    ) -> Result<(), Stop> {
        let scope = self.scope(&frame);
        let hand = values::cards_matching(game, &scope, scope.opponent(), Zone::Hand, filter);
        let (min, max) = bounds(game, &scope, count);
        let text = "Choose cards from your opponent's hand to discard";
        let picked = choices::choose_cards(game, frame.me, text, hand, min, max)?;
        game.discard(&picked);
        Ok(())
    }

    /// `DiscardToBottomDeck`: choose `count` matching cards from your hand
    /// and put them on the bottom of your deck, in the order chosen.
    pub(super) fn discard_to_bottom_deck(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        filter: FilterId,
    ) -> Result<(), Stop> {
        let scope = self.scope(&frame);
        let hand = values::cards_matching(game, &scope, frame.me, Zone::Hand, filter);
        let (min, max) = bounds(game, &scope, count);
        let text = "Choose cards to put on the bottom of your deck";
        for card in choices::choose_cards(game, frame.me, text, hand, min, max)? {
            game.put_into_deck(card, true);
        }
        Ok(())
    }

    /// `RedrawHand`: your hand goes to the bottom of your deck, the deck is
    /// shuffled, and you draw `amount`, evaluated before the hand goes back
    /// (`None`: as many cards as went back).
    pub(super) fn redraw_hand(&self, game: &mut Game, frame: Frame<'_>, amount: Option<ValueId>) {
        let scope = self.scope(&frame);
        let hand = game.cards_in(frame.me, Zone::Hand);
        let n = amount.map_or_else(
            || super::len_u32(hand.len()),
            |v| count_u32(values::value(game, &scope, v)),
        );
        for card in hand {
            game.put_into_deck(card, true);
        }
        game.shuffle(frame.me);
        game.draw(frame.me, n);
    }

    /// `CheckTop` / `RevealTop`: look at the top cards and apply the actions
    /// in order; what is left stays on top in its order.
    pub(super) fn check_top(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        count: Count,
        actions: &[CheckAction],
    ) -> Result<(), Stop> {
        let scope = self.scope(&frame);
        let (_, n) = bounds(game, &scope, count);
        // The top of the deck is the end of the zone list.
        let mut left: Vec<CardRef> = game
            .cards_in(frame.me, Zone::Deck)
            .into_iter()
            .rev()
            .take(n as usize)
            .collect();
        for action in actions {
            let eligible: Vec<CardRef> = left
                .iter()
                .copied()
                .filter(|card| {
                    action
                        .filter
                        .is_none_or(|f| values::matches_card(game, &scope, f, *card))
                })
                .collect();
            // Cards for the field: no more than fit (CR 4.4.4.2); with a
            // full field none is offered, and they stay for the actions
            // after this one ("put the rest into your cemetery").
            let field_room = (action.kind == CheckActionKind::Field).then(|| {
                let on_field = game.cards_in(frame.me, Zone::Field).len();
                super::len_u32(super::stats::FIELD_SLOTS.saturating_sub(on_field))
            });
            let chosen = match action.count {
                Some(count) => {
                    let (_, max) = bounds(game, &scope, count);
                    let max = field_room.map_or(max, |room| max.min(room));
                    let text = format!("Choose up to {max} card(s): {}", action_text(action.kind));
                    choices::choose_cards(game, frame.me, &text, eligible, 0, max)?
                }
                None => eligible,
            };
            // "In any order": the player orders the cards, first card first
            // (the first under the deck, or the new top card).
            let chosen = match action.kind {
                CheckActionKind::BottomDeckAnyOrder if chosen.len() > 1 => choices::order(
                    game,
                    frame.me,
                    "Put on the bottom of your deck: which card goes next?",
                    chosen,
                )?,
                CheckActionKind::TopDeckAnyOrder if chosen.len() > 1 => {
                    let ordered = choices::order(
                        game,
                        frame.me,
                        "Put back on top of your deck: which card is next from the top?",
                        chosen,
                    )?;
                    for card in ordered.iter().rev() {
                        game.put_into_deck(*card, false);
                    }
                    ordered
                }
                _ => chosen,
            };
            for card in &chosen {
                match action.kind {
                    CheckActionKind::Hand => game.deck_to_hand(*card),
                    CheckActionKind::Cemetery => game.bury(*card),
                    CheckActionKind::Field => {
                        self.put_onto_field(game, &frame, *card)?;
                    }
                    CheckActionKind::BottomDeck | CheckActionKind::BottomDeckAnyOrder => {
                        game.put_into_deck(*card, true);
                    }
                    CheckActionKind::TopOrBottomDeck
                    | CheckActionKind::TopDeckAnyOrder
                    | CheckActionKind::TopDeckSameOrder => {}
                }
            }
            let moved = !matches!(
                action.kind,
                CheckActionKind::TopOrBottomDeck
                    | CheckActionKind::TopDeckAnyOrder
                    | CheckActionKind::TopDeckSameOrder
            );
            if moved {
                // A card that could not go (a full field) is still there
                // for the next action.
                left.retain(|card| {
                    !chosen.contains(card)
                        || game
                            .stats(*card)
                            .is_some_and(|info| info.zone == Zone::Deck)
                });
            }
        }
        Ok(())
    }
}

fn search_text(action: SearchAction) -> &'static str {
    match action {
        SearchAction::Hand => "put into your hand",
        SearchAction::Cemetery => "put into your cemetery",
        SearchAction::Field => "put onto your field",
        SearchAction::ExArea => "put into your EX area",
    }
}

fn action_text(kind: CheckActionKind) -> &'static str {
    match kind {
        CheckActionKind::Hand => "put into your hand",
        CheckActionKind::Cemetery => "put into your cemetery",
        CheckActionKind::Field => "put onto your field",
        CheckActionKind::BottomDeck | CheckActionKind::BottomDeckAnyOrder => {
            "put on the bottom of your deck"
        }
        CheckActionKind::TopOrBottomDeck
        | CheckActionKind::TopDeckAnyOrder
        | CheckActionKind::TopDeckSameOrder => "leave on top",
    }
}

/// Moves cards one way: a single card by its own call, several together
/// (one batch: cards leaving the field see each other leave, and a
/// once-per-batch hook triggers once; later-sets §11.1).
pub(super) fn move_all(game: &mut Game, cards: &[CardRef], kind: MoveKind) {
    match cards {
        [] => {}
        [card] => match kind {
            MoveKind::Destroy => game.destroy(*card),
            MoveKind::Banish => game.banish(*card),
            MoveKind::Bury => game.bury(*card),
            MoveKind::ReturnToHand => game.return_to_hand(*card),
            MoveKind::Discard => game.discard(&[*card]),
            MoveKind::DeckTop => game.put_into_deck(*card, false),
            MoveKind::DeckBottom => game.put_into_deck(*card, true),
        },
        _ => {
            let moves: Vec<(CardRef, MoveKind)> = cards.iter().map(|&card| (card, kind)).collect();
            game.move_together(&moves);
        }
    }
}
