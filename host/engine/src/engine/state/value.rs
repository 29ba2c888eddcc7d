//! Evaluating a passive's [`ValueExpr`] against the state.

use super::GameState;
use crate::cards::{CardDb, TurnStat, ValueExpr, ValueNode, ValueTest, ValueZone};
use crate::engine::Zone;
use crate::engine::ids::{CardRef, PlayerId};

impl GameState {
    /// The value of `expr` for the passive of `this`, controlled by `you`.
    /// Filters and "this card" read characteristics without passives, so
    /// passives never depend on each other. A malformed expression (one
    /// [`ValueExpr::check`] refuses; packs' are checked at load) is 0.
    pub fn eval_value(&self, db: &CardDb, expr: &ValueExpr, this: CardRef, you: PlayerId) -> i32 {
        let mut values: Vec<i32> = Vec::with_capacity(expr.nodes.len());
        for node in &expr.nodes {
            let at = |idx: &u32| {
                usize::try_from(*idx)
                    .ok()
                    .and_then(|i| values.get(i).copied())
                    .unwrap_or(0)
            };
            let value = match node {
                ValueNode::Int(n) => *n,
                ValueNode::Combo => to_i32(self.combo(you)),
                ValueNode::HandCount(filter) => {
                    let hand = &self.player(you).hand;
                    match filter {
                        None => to_i32(hand.len()),
                        Some(f) => self.count_matching(db, hand, f, this),
                    }
                }
                ValueNode::LeaderDefense => self.player(you).leader_defense,
                ValueNode::ThisAttack => self.characteristics_with(db, this, false).attack,
                ValueNode::ThisDefense => self.characteristics_with(db, this, false).defense,
                ValueNode::ThisCost => self.characteristics_with(db, this, false).cost,
                ValueNode::ThisCounters(kind) => {
                    i32::try_from(self.card(this).counter(*kind)).unwrap_or(i32::MAX)
                }
                ValueNode::Count(zone, filter) => {
                    let cards = match zone {
                        ValueZone::Field => &self.player(you).field,
                        ValueZone::ExArea => &self.player(you).ex_area,
                        ValueZone::Cemetery => &self.player(you).cemetery,
                        ValueZone::OpponentField => &self.player(you.opponent()).field,
                    };
                    self.count_matching(db, cards, filter, this)
                }
                ValueNode::Neg(a) => at(a).saturating_neg(),
                ValueNode::Binary(op, a, b) => op.apply(at(a), at(b)),
                ValueNode::Cond(test, a, b) => {
                    let holds = match test {
                        ValueTest::Combo(n) => self.combo(you) >= u32::from(*n),
                        ValueTest::Spellchain(n) => self.spellchain(db, you) >= u32::from(*n),
                        ValueTest::Necrocharge(n) => self.necrocharge(you, u32::from(*n)),
                        ValueTest::Overflow => self.overflow(you),
                        ValueTest::Sanguine => self.sanguine(you),
                        ValueTest::YourTurn => self.active == you,
                        ValueTest::ThisMatches(filter) => {
                            self.matches_with(db, this, filter, Some(this), false)
                        }
                        ValueTest::Positive(t) => at(t) > 0,
                    };
                    if holds { at(b) } else { at(a) }
                }
                ValueNode::TurnStat(stat, filter) => self.turn_stat(db, *stat, filter, this, you),
            };
            values.push(value);
        }
        values.last().copied().unwrap_or(0)
    }

    /// A [`ValueNode::TurnStat`].
    fn turn_stat(
        &self,
        db: &CardDb,
        stat: TurnStat,
        filter: &Option<crate::cards::CardFilter>,
        this: CardRef,
        you: PlayerId,
    ) -> i32 {
        let record = &self.player(you).this_turn;
        let evolve_deck = |up: bool| -> Vec<CardRef> {
            self.player(you)
                .evolve_deck
                .iter()
                .copied()
                .filter(|c| self.card(*c).face_up == up)
                .collect()
        };
        let both_destroyed;
        let faces;
        let cards: &[CardRef] = match stat {
            TurnStat::TurnsOnField => {
                let card = self.card(this);
                return match card.zone {
                    Zone::Field => to_i32(self.turn.saturating_sub(card.entered_turn) as usize),
                    _ => 0,
                };
            }
            TurnStat::Destroyed => {
                both_destroyed = [
                    record.destroyed.as_slice(),
                    self.player(you.opponent()).this_turn.destroyed.as_slice(),
                ]
                .concat();
                &both_destroyed
            }
            TurnStat::Discarded => &record.discarded,
            TurnStat::Attacked => &record.attacked,
            TurnStat::SpellsPlayed => &record.spells_played,
            TurnStat::ReturnedToHandFromField => &record.returned_to_hand_from_field,
            TurnStat::BanishedFromEx => &record.banished_from_ex,
            TurnStat::UnionBursts => &record.union_bursts,
            TurnStat::EvolveDeckFaceUp | TurnStat::EvolveDeckFaceDown => {
                faces = evolve_deck(stat == TurnStat::EvolveDeckFaceUp);
                &faces
            }
        };
        match filter {
            None => to_i32(cards.len()),
            Some(f) => self.count_matching(db, cards, f, this),
        }
    }

    fn count_matching(
        &self,
        db: &CardDb,
        cards: &[CardRef],
        filter: &crate::cards::CardFilter,
        this: CardRef,
    ) -> i32 {
        let n = cards
            .iter()
            .filter(|c| self.matches_with(db, **c, filter, Some(this), false))
            .count();
        to_i32(n)
    }
}

fn to_i32(n: impl TryInto<i32>) -> i32 {
    n.try_into().unwrap_or(i32::MAX)
}
