//! Replacements that change an amount of attack or combat damage, and
//! their order (rules-coverage.md §9.3, CR 10.10): "deals N more damage",
//! "deals double damage" and "takes N less damage" each replace the one
//! event of damage. When more than one applies and their order changes the
//! amount, the player whose follower or leader takes the damage chooses
//! the order (CR 10.10.2); once the amount is 0 the later ones have nothing
//! left to change (CR 1.3.2.2). "Can't deal damage" and "doesn't take
//! damage" leave nothing to order: no damage is dealt.
//!
//! Ability damage has at most one change that can matter ("takes 1 less
//! damage from abilities", in `actions/mod.rs`), so it never asks.

use crate::cards::Keywords;

/// One replacement that changes an amount of damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// The dealer deals N more damage.
    More(i32),
    /// The dealer deals double damage.
    Double,
    /// The taker takes N less damage.
    Less(i32),
}

impl Change {
    fn apply(self, amount: i32) -> i32 {
        match self {
            Change::More(n) => amount.saturating_add(n),
            Change::Double => amount.saturating_mul(2),
            Change::Less(n) => amount.saturating_sub(n),
        }
    }

    fn label(self) -> String {
        match self {
            Change::More(n) => format!("+{n}"),
            Change::Double => "×2".to_owned(),
            Change::Less(n) => format!("−{n}"),
        }
    }
}

/// Damage a follower deals in an attack, before its replacements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    /// The amount before the replacements: the dealer's attack (or
    /// defense, for "deals damage equal to its defense").
    pub start: i32,
    /// The replacements that apply, in the printed order: the dealer's,
    /// then the taker's.
    pub changes: Vec<Change>,
}

impl Hit {
    /// Attack or combat damage `start` from a follower with the `dealer`
    /// keywords to a follower with the `taker` keywords, or to a leader
    /// (`None`).
    pub(crate) fn in_combat(start: i32, dealer: Keywords, taker: Option<Keywords>) -> Hit {
        let none = dealer.contains(Keywords::CANNOT_DEAL_DAMAGE)
            || taker.is_some_and(|k| {
                k.intersects(Keywords::DOES_NOT_TAKE_DAMAGE | Keywords::DOES_NOT_TAKE_COMBAT_DAMAGE)
            });
        if none {
            return Hit {
                start: 0,
                changes: Vec::new(),
            };
        }
        let mut changes = Vec::new();
        let more = dealer.plus_damage();
        if more != 0 {
            changes.push(Change::More(more));
        }
        let double = match taker {
            Some(_) => Keywords::DOUBLE_COMBAT_DAMAGE,
            None => Keywords::DOUBLE_LEADER_DAMAGE,
        };
        if dealer.contains(double) {
            changes.push(Change::Double);
        }
        if taker.is_some_and(|k| k.contains(Keywords::DAMAGE_REDUCTION1)) {
            changes.push(Change::Less(1));
        }
        Hit { start, changes }
    }

    /// The amount with the changes in the printed order.
    pub(crate) fn amount(&self) -> i32 {
        after(self.start, &self.changes)
    }

    /// The different amounts the orders of the changes give, each with an
    /// order that gives it, the printed order's first. One entry means the
    /// order does not matter.
    pub(crate) fn outcomes(&self) -> Vec<(i32, Vec<Change>)> {
        let mut outcomes: Vec<(i32, Vec<Change>)> = Vec::new();
        for order in orders(&self.changes) {
            let amount = after(self.start, &order);
            if !outcomes.iter().any(|(a, _)| *a == amount) {
                outcomes.push((amount, order));
            }
        }
        outcomes
    }
}

/// How an outcome is offered to the player: the damage and the order.
pub(crate) fn outcome_label(amount: i32, order: &[Change]) -> String {
    let steps: Vec<String> = order.iter().map(|c| c.label()).collect();
    format!("take {amount} damage ({})", steps.join(", then "))
}

/// `start` changed in this order; 0 stays 0.
fn after(start: i32, changes: &[Change]) -> i32 {
    let mut amount = start;
    for change in changes {
        amount = change.apply(amount);
        if amount <= 0 {
            return 0;
        }
    }
    amount
}

/// Every order of `changes`, the given order first. There are at most
/// three kinds of change, so at most six orders.
fn orders(changes: &[Change]) -> Vec<Vec<Change>> {
    if changes.len() <= 1 {
        return vec![changes.to_vec()];
    }
    let mut all = Vec::new();
    for (i, first) in changes.iter().enumerate() {
        let mut rest = changes.to_vec();
        rest.remove(i);
        for mut order in orders(&rest) {
            order.insert(0, *first);
            all.push(order);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_change_or_none_leaves_nothing_to_order() {
        let hit = Hit::in_combat(3, Keywords::DOUBLE_COMBAT_DAMAGE, Some(Keywords::empty()));
        assert_eq!(hit.outcomes().len(), 1);
        assert_eq!(hit.amount(), 6);
        let none = Hit::in_combat(
            3,
            Keywords::DOUBLE_COMBAT_DAMAGE,
            Some(Keywords::DOES_NOT_TAKE_COMBAT_DAMAGE | Keywords::DAMAGE_REDUCTION1),
        );
        assert_eq!((none.amount(), none.outcomes().len()), (0, 1));
    }

    #[test]
    fn cr_10_10_2_double_and_less_give_two_amounts_printed_order_first() {
        let hit = Hit::in_combat(
            3,
            Keywords::DOUBLE_COMBAT_DAMAGE,
            Some(Keywords::DAMAGE_REDUCTION1),
        );
        let amounts: Vec<i32> = hit.outcomes().iter().map(|(a, _)| *a).collect();
        assert_eq!(amounts, [5, 4]);
        assert_eq!(
            outcome_label(4, &hit.outcomes()[1].1),
            "take 4 damage (−1, then ×2)"
        );
    }

    #[test]
    fn cr_1_3_2_2_once_the_damage_is_0_later_changes_do_nothing() {
        // 1 − 1 = 0, and "+1" has nothing left to change.
        let hit = Hit::in_combat(1, Keywords::PLUS1_DAMAGE, Some(Keywords::DAMAGE_REDUCTION1));
        let amounts: Vec<i32> = hit.outcomes().iter().map(|(a, _)| *a).collect();
        assert_eq!(amounts, [1, 0]);
    }
}
