//! [`ValueExpr`]: a number the host works out when it needs it, for
//! passives whose condition or amount is more than one test
//! (rules-coverage.md §12.7): "costs 3 less with Spellchain 5, 6 with 10,
//! 9 with 15", "while the opponent has at least 2 followers". The shape
//! follows SVE Script's value functions; the state evaluates it
//! (`GameState::eval_value`).

use super::def::{CardFilter, Counter};
use serde::{Deserialize, Serialize};

/// Most nodes one expression may have.
pub const MAX_VALUE_NODES: usize = 64;

/// An expression as a list of nodes; a node names earlier nodes by index,
/// and the last node is the value. [`ValueExpr::check`] holds for every
/// expression a pack gives.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct ValueExpr {
    /// The nodes, operands before the nodes that use them.
    pub nodes: Vec<ValueNode>,
}

/// One node of a [`ValueExpr`]. "You" is the controller of the card whose
/// passive it is; "this card" is that card.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum ValueNode {
    /// A number.
    Int(i32),
    /// Your Combo.
    Combo,
    /// Cards in your hand (matching).
    HandCount(Option<CardFilter>),
    /// Your leader's defense.
    LeaderDefense,
    /// This card's attack, without passives (passives never depend on
    /// each other).
    ThisAttack,
    /// This card's defense, without passives.
    ThisDefense,
    /// This card's cost, without passives.
    ThisCost,
    /// Counters of a kind on this card.
    ThisCounters(Counter),
    /// Matching cards in a zone (an evolved follower counts once).
    Count(ValueZone, CardFilter),
    /// The negated value of a node.
    Neg(u32),
    /// Arithmetic or a comparison of two nodes.
    Binary(ValueOp, u32, u32),
    /// The second node when the test holds, else the first.
    Cond(ValueTest, u32, u32),
    /// A statistic of your turn record (or the card), counting only cards
    /// matching the filter when there is one.
    TurnStat(TurnStat, Option<CardFilter>),
}

/// What a [`ValueNode::TurnStat`] counts: the cards of the turn record
/// (`PlayerState::this_turn`), as SVE Script's `#(...)` values do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum TurnStat {
    /// Cards destroyed this turn, either player's.
    Destroyed,
    /// Cards you discarded this turn.
    Discarded,
    /// Your cards that attacked this turn.
    Attacked,
    /// Spells you played this turn.
    SpellsPlayed,
    /// Your cards returned from your field to your hand this turn.
    ReturnedToHandFromField,
    /// Face-up cards in your evolve deck.
    EvolveDeckFaceUp,
    /// Face-down cards in your evolve deck.
    EvolveDeckFaceDown,
    /// Turns begun since this card entered the field (0 elsewhere).
    TurnsOnField,
    /// Cards banished from your EX area this turn (later-sets §3.2: "if a
    /// Magical Item was banished from your EX area this turn").
    BanishedFromEx,
    /// Union Burst abilities of yours executed this turn before the one
    /// resolving ("if your UB abilities have executed at least N other
    /// times this turn"), counting their cards.
    UnionBursts,
}

/// Where a [`ValueNode::Count`] counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ValueZone {
    /// Your field.
    Field,
    /// Your EX area.
    ExArea,
    /// Your cemetery.
    Cemetery,
    /// The opponent's field (Aura cards count).
    OpponentField,
}

/// Operators: SVE Script's (`+ - * / % = > < | &`; integers, saturating,
/// by zero gives 0, comparisons and the logical ones give 1 or 0).
pub use sve_vocab::BinaryOp as ValueOp;

/// The tests of [`ValueNode::Cond`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum ValueTest {
    /// Your Combo is at least N.
    Combo(u8),
    /// Your Spellchain is at least N.
    Spellchain(u8),
    /// Necrocharge N.
    Necrocharge(u8),
    /// Overflow.
    Overflow,
    /// Sanguine.
    Sanguine,
    /// It is your turn.
    YourTurn,
    /// This card matches the filter.
    ThisMatches(CardFilter),
    /// A node is > 0.
    Positive(u32),
}

impl ValueExpr {
    /// Why the expression can't be evaluated, if it can't: no nodes, too
    /// many, or a node naming itself or a later node.
    pub fn check(&self) -> Result<(), String> {
        if self.nodes.is_empty() {
            return Err("a value has no nodes".to_owned());
        }
        if self.nodes.len() > MAX_VALUE_NODES {
            return Err(format!(
                "a value has {} nodes; at most {MAX_VALUE_NODES}",
                self.nodes.len()
            ));
        }
        for (idx, node) in self.nodes.iter().enumerate() {
            let refs: &[u32] = match node {
                ValueNode::Neg(a) => &[*a],
                ValueNode::Binary(_, a, b) => &[*a, *b],
                ValueNode::Cond(ValueTest::Positive(t), a, b) => &[*t, *a, *b],
                ValueNode::Cond(_, a, b) => &[*a, *b],
                _ => &[],
            };
            if refs
                .iter()
                .any(|r| usize::try_from(*r).map_or(true, |r| r >= idx))
            {
                return Err(format!(
                    "value node {idx} names a node that is not before it"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_must_name_earlier_nodes() {
        let ok = ValueExpr {
            nodes: vec![
                ValueNode::Int(3),
                ValueNode::Int(6),
                ValueNode::Cond(ValueTest::Spellchain(10), 0, 1),
            ],
        };
        assert_eq!(ok.check(), Ok(()));
        let forward = ValueExpr {
            nodes: vec![ValueNode::Neg(0)],
        };
        assert!(forward.check().is_err());
        assert!(ValueExpr::default().check().is_err());
    }

    #[test]
    fn operators_saturate_and_divide_by_zero_to_zero() {
        assert_eq!(ValueOp::Div.apply(7, 0), 0);
        assert_eq!(ValueOp::Rem.apply(7, 0), 0);
        assert_eq!(ValueOp::Add.apply(i32::MAX, 1), i32::MAX);
        assert_eq!(ValueOp::Div.apply(i32::MIN, -1), 0);
        assert_eq!(ValueOp::Gt.apply(2, 1), 1);
        assert_eq!(ValueOp::And.apply(1, 0), 0);
    }
}
