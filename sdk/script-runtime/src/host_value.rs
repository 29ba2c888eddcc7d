//! Lowering an IR value to the card API's `value`, which the host works out
//! itself whenever a passive applies (a cost reduction that grows with
//! Spellchain, a passive on while the opponent has two followers). Values
//! that need the running ability (`_`, ComplexEffect variables), per-turn
//! statistics or a filter with no flat form have no such form.

use crate::manifest::flat_filter;
use sve_script::ir::{self, BinaryOp, CondTest, ValueId, ValueNode as Node};
use sve_sdk::bindings::sve::cards::types::{
    ValueBinary, ValueCond, ValueCount, ValueNode, ValueOp, ValueTest, ValueTurnStat, ValueZone,
};

/// Most nodes a lowered value may have (the host's limit).
const MAX_NODES: usize = 64;

/// The value as card-API nodes (the last is the value), if it has that
/// form.
pub fn host_value(card: &ir::Card, value: ValueId) -> Option<Vec<ValueNode>> {
    let mut nodes = Vec::new();
    lower(card, value, &mut nodes, 0)?;
    (nodes.len() <= MAX_NODES).then_some(nodes)
}

/// "`value` is more than 0, and it is not your turn".
pub fn on_opponent_turn(mut nodes: Vec<ValueNode>) -> Vec<ValueNode> {
    let condition = index(nodes.len() - 1);
    let (one, zero) = (
        push(&mut nodes, ValueNode::Int(1)),
        push(&mut nodes, ValueNode::Int(0)),
    );
    let not_your_turn = push(
        &mut nodes,
        ValueNode::Cond(ValueCond {
            test: ValueTest::YourTurn,
            left: one,
            right: zero,
        }),
    );
    push(
        &mut nodes,
        ValueNode::Binary(ValueBinary {
            op: ValueOp::And,
            left: condition,
            right: not_your_turn,
        }),
    );
    nodes
}

/// The negated value: a reduction as a cost change.
pub fn negated(mut nodes: Vec<ValueNode>) -> Vec<ValueNode> {
    let last = index(nodes.len() - 1);
    push(&mut nodes, ValueNode::Neg(last));
    nodes
}

fn index(idx: usize) -> u32 {
    u32::try_from(idx).unwrap_or(u32::MAX)
}

fn push(nodes: &mut Vec<ValueNode>, node: ValueNode) -> u32 {
    nodes.push(node);
    index(nodes.len() - 1)
}

/// Lowers `value` after its operands; returns its index.
fn lower(card: &ir::Card, value: ValueId, nodes: &mut Vec<ValueNode>, depth: u32) -> Option<u32> {
    if depth > 32 || nodes.len() > MAX_NODES {
        return None;
    }
    let sub = |v: ValueId, nodes: &mut Vec<ValueNode>| lower(card, v, nodes, depth + 1);
    let count = |zone: ValueZone, filter: ir::FilterId| {
        Some(ValueNode::Count(ValueCount {
            zone,
            filter: flat_filter(card, filter)?,
        }))
    };
    let node = match card.value(value)? {
        Node::Int(n) => ValueNode::Int(*n),
        Node::Combo => ValueNode::Combo,
        Node::HandCount(None) => ValueNode::HandCount(None),
        Node::HandCount(Some(filter)) => ValueNode::HandCount(Some(flat_filter(card, *filter)?)),
        Node::LeaderDefense => ValueNode::LeaderDefense,
        // X belongs to a running ability: no passive reads it.
        Node::PaidX => return None,
        Node::ThisAttack => ValueNode::ThisAttack,
        Node::ThisDefense => ValueNode::ThisDefense,
        Node::ThisCost => ValueNode::ThisCost,
        // A declared kind's number is the card pool's, unknown here: the
        // runtime evaluates such a value itself.
        Node::ThisCounters(counter) => {
            ValueNode::ThisCounters(crate::keywords::builtin_counter(*counter)?.index())
        }
        Node::CountField(filter) => count(ValueZone::Field, *filter)?,
        Node::CountEx(filter) => count(ValueZone::ExArea, *filter)?,
        Node::CountCemetery(filter) => count(ValueZone::Cemetery, *filter)?,
        Node::CountOpponentField(filter) => count(ValueZone::OpponentField, *filter)?,
        Node::Neg(a) => ValueNode::Neg(sub(*a, nodes)?),
        Node::Binary { op, left, right } => {
            let (left, right) = (sub(*left, nodes)?, sub(*right, nodes)?);
            ValueNode::Binary(ValueBinary {
                op: binary_op(*op),
                left,
                right,
            })
        }
        Node::Cond { test, left, right } => {
            let test = match test {
                CondTest::Combo(n) => ValueTest::Combo(at_least(*n)),
                CondTest::Spellchain(n) => ValueTest::Spellchain(at_least(*n)),
                CondTest::Necrocharge(n) => ValueTest::Necrocharge(at_least(*n)),
                CondTest::Overflow => ValueTest::Overflow,
                CondTest::Sanguine => ValueTest::Sanguine,
                CondTest::YourTurn => ValueTest::YourTurn,
                CondTest::ThisMatches(filter) => {
                    ValueTest::ThisMatches(flat_filter(card, *filter)?)
                }
                CondTest::Positive(v) => ValueTest::Positive(sub(*v, nodes)?),
            };
            let (left, right) = (sub(*left, nodes)?, sub(*right, nodes)?);
            ValueNode::Cond(ValueCond { test, left, right })
        }
        Node::TurnStat { stat, filter } => ValueNode::TurnStat(ValueTurnStat {
            stat: turn_stat(*stat)?,
            filter: match filter {
                Some(filter) => Some(flat_filter(card, *filter)?),
                None => None,
            },
        }),
        // Known only while an ability runs.
        Node::Amount | Node::Var(_) => return None,
    };
    Some(push(nodes, node))
}

/// The card API's turn statistic of an IR one; `None` for the cards fused
/// by the running ability, known only while it runs.
fn turn_stat(stat: ir::TurnStat) -> Option<sve_sdk::bindings::sve::cards::types::TurnStat> {
    use sve_sdk::bindings::sve::cards::types::TurnStat as T;
    Some(match stat {
        ir::TurnStat::Destroyed => T::Destroyed,
        ir::TurnStat::Discarded => T::Discarded,
        ir::TurnStat::Attacked => T::Attacked,
        ir::TurnStat::SpellsPlayed => T::SpellsPlayed,
        ir::TurnStat::ReturnedToHandFromField => T::ReturnedToHandFromField,
        ir::TurnStat::EvolveDeckFaceUp => T::EvolveDeckFaceUp,
        ir::TurnStat::EvolveDeckFaceDown => T::EvolveDeckFaceDown,
        ir::TurnStat::TurnsOnField => T::TurnsOnField,
        ir::TurnStat::BanishedFromEx => T::BanishedFromEx,
        ir::TurnStat::UnionBursts => T::UnionBursts,
        ir::TurnStat::Fused => return None,
    })
}

fn at_least(n: i32) -> u8 {
    u8::try_from(n.max(0)).unwrap_or(u8::MAX)
}

fn binary_op(op: BinaryOp) -> ValueOp {
    match op {
        BinaryOp::Add => ValueOp::Add,
        BinaryOp::Sub => ValueOp::Sub,
        BinaryOp::Mul => ValueOp::Mul,
        BinaryOp::Div => ValueOp::Div,
        BinaryOp::Rem => ValueOp::Rem,
        BinaryOp::Eq => ValueOp::Eq,
        BinaryOp::Gt => ValueOp::Gt,
        BinaryOp::Lt => ValueOp::Lt,
        BinaryOp::Or => ValueOp::Or,
        BinaryOp::And => ValueOp::And,
    }
}
