//! Replacements that change an amount of damage, and their order
//! (rules-coverage.md §9.3, later-sets §11.2 and §12.14, CR 10.10): "deals
//! N more damage", "deals double damage", "takes N less damage", "takes
//! no damage", "takes N instead of more" each replace the one event of
//! damage, at most once (CR 10.10.1). When more than one applies and their
//! order changes the result, the player whose follower or leader takes the
//! damage chooses the order (CR 10.10.2); once the amount is 0 the later
//! ones have nothing left to change and a "next time" one is not used up
//! (CR 1.3.2.2). "Can't deal damage" and "doesn't take damage" leave
//! nothing to order: no damage is dealt.
//!
//! A result is an amount and the "next time" replacements it uses up: two
//! orders giving the same amount but using up different ones are different
//! results, and a result that only uses up more of them for the same
//! amount is dropped (later-sets §11.2).

use crate::cards::Keywords;
use crate::engine::ids::{CardRef, PlayerId};
use crate::engine::runtime::{Choice, Decision, Prompt};
use crate::engine::state::{DamageChange, DamageReplacement};

/// Beyond this many replacements on one damage, only the order they were
/// made in is tried (6! = 720 orders at most).
const MAX_ORDERED: usize = 6;

/// One replacement that changes an amount of damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// The dealer deals N more damage.
    More(i32),
    /// The dealer deals double damage.
    Double,
    /// The taker takes N less damage.
    Less(i32),
    /// The taker takes no damage.
    Nothing,
    /// The taker takes N damage instead of more.
    AtMost(i32),
}

impl Change {
    fn apply(self, amount: i32) -> i32 {
        match self {
            Change::More(n) => amount.saturating_add(n),
            Change::Double => amount.saturating_mul(2),
            Change::Less(n) => amount.saturating_sub(n),
            Change::Nothing => 0,
            Change::AtMost(n) => amount.min(n),
        }
    }

    /// Whether it changes `amount` (more than 0) at all: a cap only an
    /// amount above it. One that doesn't is not used up (a "next time"
    /// cap of 4 waits for damage of more than 4).
    fn applies(self, amount: i32) -> bool {
        match self {
            Change::AtMost(n) => amount > n,
            _ => true,
        }
    }

    fn label(self) -> String {
        match self {
            Change::More(n) => format!("+{n}"),
            Change::Double => "×2".to_owned(),
            Change::Less(n) => format!("−{n}"),
            Change::Nothing => "none".to_owned(),
            Change::AtMost(n) => format!("at most {n}"),
        }
    }
}

impl From<DamageChange> for Change {
    fn from(change: DamageChange) -> Change {
        match change {
            DamageChange::Less(n) => Change::Less(n),
            DamageChange::Nothing => Change::Nothing,
            DamageChange::AtMost(n) => Change::AtMost(n),
        }
    }
}

/// A replacement that applies to one damage: its change, and the "next
/// time" effect it uses up (its timestamp, and what it says), if it is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    /// What it does to the amount.
    pub change: Change,
    /// The effect it uses up when it changes damage of more than 0.
    pub uses_up: Option<(u32, DamageReplacement)>,
}

impl Step {
    fn always(change: Change) -> Step {
        Step {
            change,
            uses_up: None,
        }
    }
}

/// One damage before its replacements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    /// The amount before the replacements: the dealer's attack (or
    /// defense, for "deals damage equal to its defense"), or the ability's.
    pub start: i32,
    /// The replacements that apply, in the printed order: the dealer's,
    /// then the taker's keywords, then the taker's effects as they were
    /// made.
    pub steps: Vec<Step>,
}

/// One result of a damage's replacements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// The damage dealt (0: none is dealt).
    pub amount: i32,
    /// The "next time" effects it uses up, by timestamp, sorted.
    pub used_up: Vec<u32>,
    /// Those effects, in the order they are used up (worded only when an
    /// option is labelled).
    pub used_effects: Vec<DamageReplacement>,
    /// An order of the replacements that gives it.
    pub order: Vec<Change>,
}

impl Hit {
    /// Attack or combat damage `start` from a follower with the `dealer`
    /// keywords to a follower with the `taker` keywords, or to a leader
    /// (`None`), with the taker's replacement effects on it.
    pub(crate) fn in_combat(
        start: i32,
        dealer: Keywords,
        taker: Option<Keywords>,
        effects: impl IntoIterator<Item = (DamageReplacement, u32)>,
    ) -> Hit {
        let none = dealer.contains(Keywords::CANNOT_DEAL_DAMAGE)
            || taker.is_some_and(|k| {
                k.intersects(Keywords::DOES_NOT_TAKE_DAMAGE | Keywords::DOES_NOT_TAKE_COMBAT_DAMAGE)
            });
        if none {
            return Hit::none();
        }
        let mut steps = Vec::new();
        let more = dealer.plus_damage();
        if more != 0 {
            steps.push(Step::always(Change::More(more)));
        }
        let double = match taker {
            Some(_) => Keywords::DOUBLE_COMBAT_DAMAGE,
            None => Keywords::DOUBLE_LEADER_DAMAGE,
        };
        if dealer.contains(double) {
            steps.push(Step::always(Change::Double));
        }
        if taker.is_some_and(|k| k.contains(Keywords::DAMAGE_REDUCTION1)) {
            steps.push(Step::always(Change::Less(1)));
        }
        Hit { start, steps }.with_effects(effects)
    }

    /// Damage `start` from an ability to a follower with the `taker`
    /// keywords, or to a leader (`None`), with the taker's replacement
    /// effects on it.
    pub(crate) fn from_ability(
        start: i32,
        taker: Option<Keywords>,
        effects: impl IntoIterator<Item = (DamageReplacement, u32)>,
    ) -> Hit {
        if taker.is_some_and(|k| k.contains(Keywords::DOES_NOT_TAKE_DAMAGE)) {
            return Hit::none();
        }
        let mut steps = Vec::new();
        if taker.is_some_and(|k| k.contains(Keywords::DAMAGE_REDUCTION_ABILITIES1)) {
            steps.push(Step::always(Change::Less(1)));
        }
        Hit { start, steps }.with_effects(effects)
    }

    /// Damage that is not dealt at all.
    fn none() -> Hit {
        Hit {
            start: 0,
            steps: Vec::new(),
        }
    }

    fn with_effects(mut self, effects: impl IntoIterator<Item = (DamageReplacement, u32)>) -> Hit {
        self.steps
            .extend(effects.into_iter().map(|(effect, timestamp)| Step {
                change: effect.change.into(),
                uses_up: effect.next_time_only.then_some((timestamp, effect)),
            }));
        self
    }

    /// The different results the orders of the replacements give, the
    /// printed order's first. One entry means the order does not matter.
    pub(crate) fn outcomes(&self) -> Vec<Outcome> {
        let mut outcomes: Vec<Outcome> = Vec::new();
        for order in orders(&self.steps) {
            let outcome = after(self.start, &order);
            if outcomes
                .iter()
                .any(|o| o.amount == outcome.amount && o.used_up == outcome.used_up)
            {
                continue;
            }
            outcomes.push(outcome);
        }
        // Using up more "next time" effects for the same amount is never
        // a result worth offering.
        let kept: Vec<Outcome> = outcomes
            .iter()
            .filter(|o| {
                !outcomes.iter().any(|other| {
                    other.amount == o.amount
                        && other.used_up.len() < o.used_up.len()
                        && other.used_up.iter().all(|t| o.used_up.contains(t))
                })
            })
            .cloned()
            .collect();
        kept
    }

    /// The result the player taking damage nearly always wants: the least
    /// damage, then the fewest "next time" effects used up, then the
    /// printed order. Damage a designer deals from the sandbox takes it
    /// without asking.
    pub(crate) fn least(&self) -> Outcome {
        self.outcomes()
            .into_iter()
            .min_by_key(|o| (o.amount, o.used_up.len()))
            .unwrap_or(Outcome {
                amount: 0,
                used_up: Vec::new(),
                used_effects: Vec::new(),
                order: Vec::new(),
            })
    }
}

/// The question to `player`, who takes the damage on `card` (a leader
/// card for a leader), of which result of its replacements' orders
/// applies (CR 10.10.2): an option per outcome, in its order.
pub(crate) fn damage_order_question(
    player: PlayerId,
    card: CardRef,
    outcomes: &[Outcome],
) -> Decision {
    let options = outcomes
        .iter()
        .map(|outcome| Choice::Label(outcome_label(outcome)))
        .collect();
    let amounts = outcomes.iter().map(|outcome| outcome.amount).collect();
    Decision::pick_one(player, Prompt::DamageOrder { card, amounts }, options)
}

/// How an outcome is offered to the player: the damage and the order.
fn outcome_label(outcome: &Outcome) -> String {
    let steps: Vec<String> = outcome.order.iter().map(|c| c.label()).collect();
    let used = if outcome.used_effects.is_empty() {
        String::new()
    } else {
        let words: Vec<String> = outcome
            .used_effects
            .iter()
            .map(|effect| format!("\"{}\"", effect.words()))
            .collect();
        format!("; uses up {}", words.join(" and "))
    };
    format!(
        "take {} damage ({}{used})",
        outcome.amount,
        steps.join(", then ")
    )
}

/// `start` changed in this order; 0 stays 0 and uses nothing up.
fn after(start: i32, order: &[Step]) -> Outcome {
    let mut amount = start.max(0);
    let mut used_up = Vec::new();
    let mut used_effects = Vec::new();
    for step in order {
        if amount <= 0 {
            break;
        }
        if !step.change.applies(amount) {
            continue;
        }
        amount = step.change.apply(amount);
        if let Some((timestamp, effect)) = step.uses_up {
            used_up.push(timestamp);
            used_effects.push(effect);
        }
    }
    used_up.sort_unstable();
    Outcome {
        amount: amount.max(0),
        used_up,
        used_effects,
        order: order.iter().map(|s| s.change).collect(),
    }
}

/// Every order of `steps`, the given order first; beyond [`MAX_ORDERED`]
/// steps, the given order only.
fn orders(steps: &[Step]) -> Vec<Vec<Step>> {
    if steps.len() <= 1 || steps.len() > MAX_ORDERED {
        return vec![steps.to_vec()];
    }
    let mut all = Vec::new();
    for (i, first) in steps.iter().enumerate() {
        let mut rest = steps.to_vec();
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
    use crate::engine::state::DamageFilter;

    fn effect(change: DamageChange, next_time_only: bool) -> DamageReplacement {
        DamageReplacement {
            change,
            damage: DamageFilter::Any,
            next_time_only,
        }
    }

    fn amounts(hit: &Hit) -> Vec<i32> {
        hit.outcomes().iter().map(|o| o.amount).collect()
    }

    #[test]
    fn a_single_change_or_none_leaves_nothing_to_order() {
        let hit = Hit::in_combat(
            3,
            Keywords::DOUBLE_COMBAT_DAMAGE,
            Some(Keywords::empty()),
            [],
        );
        assert_eq!(amounts(&hit), [6]);
        let none = Hit::in_combat(
            3,
            Keywords::DOUBLE_COMBAT_DAMAGE,
            Some(Keywords::DOES_NOT_TAKE_COMBAT_DAMAGE | Keywords::DAMAGE_REDUCTION1),
            [],
        );
        assert_eq!(amounts(&none), [0]);
    }

    #[test]
    fn cr_10_10_2_double_and_less_give_two_amounts_printed_order_first() {
        let hit = Hit::in_combat(
            3,
            Keywords::DOUBLE_COMBAT_DAMAGE,
            Some(Keywords::DAMAGE_REDUCTION1),
            [],
        );
        assert_eq!(amounts(&hit), [5, 4]);
        assert_eq!(
            outcome_label(&hit.outcomes()[1]),
            "take 4 damage (−1, then ×2)"
        );
    }

    #[test]
    fn cr_1_3_2_2_once_the_damage_is_0_later_changes_do_nothing() {
        // 1 − 1 = 0, and "+1" has nothing left to change.
        let hit = Hit::in_combat(
            1,
            Keywords::PLUS1_DAMAGE,
            Some(Keywords::DAMAGE_REDUCTION1),
            [],
        );
        assert_eq!(amounts(&hit), [1, 0]);
    }

    #[test]
    fn re_1_a_next_time_shield_is_not_used_up_by_damage_already_0() {
        // A 0-attack hit: nothing for the shield to stop.
        let shield = [(effect(DamageChange::Nothing, true), 7)];
        let zero = Hit::in_combat(0, Keywords::empty(), None, shield);
        assert_eq!(zero.outcomes()[0].used_up, Vec::<u32>::new());
        let two = Hit::in_combat(2, Keywords::empty(), None, shield);
        let outcomes = two.outcomes();
        assert_eq!(outcomes.len(), 1);
        assert_eq!(
            (outcomes[0].amount, outcomes[0].used_up.clone()),
            (0, vec![7])
        );
    }

    #[test]
    fn re_2_two_reductions_add_up() {
        let less = effect(DamageChange::Less(1), false);
        let hit = Hit::from_ability(3, None, [(less, 1), (less, 2)]);
        assert_eq!(amounts(&hit), [1]);
    }

    #[test]
    fn re_4_a_cap_and_more_damage_give_the_taker_two_results() {
        // 3 attack, +2, under "at most 4": cap last 4, cap first 5.
        let cap = [(effect(DamageChange::AtMost(4), false), 1)];
        let hit = Hit::in_combat(3, Keywords::PLUS2_DAMAGE, None, cap);
        assert_eq!(amounts(&hit), [4, 5]);
        assert_eq!(hit.least().amount, 4);
        // 20 damage under the cap: 4 (later-sets §12.14).
        assert_eq!(amounts(&Hit::from_ability(20, None, cap)), [4]);
    }

    #[test]
    fn a_result_that_only_uses_up_more_shields_is_dropped() {
        // "Takes none" and a "next time −1": either way 0; the order that
        // spends the shield for nothing is not offered.
        let hit = Hit::from_ability(
            3,
            None,
            [
                (effect(DamageChange::Nothing, false), 1),
                (effect(DamageChange::Less(1), true), 2),
            ],
        );
        let outcomes = hit.outcomes();
        assert_eq!(outcomes.len(), 1);
        assert_eq!(
            (outcomes[0].amount, outcomes[0].used_up.clone()),
            (0, vec![])
        );
    }

    #[test]
    fn a_next_time_cap_waits_for_damage_above_it() {
        let cap = [(effect(DamageChange::AtMost(4), true), 3)];
        let small = Hit::from_ability(3, None, cap).least();
        assert_eq!((small.amount, small.used_up), (3, vec![]));
        let big = Hit::from_ability(6, None, cap).least();
        assert_eq!((big.amount, big.used_up), (4, vec![3]));
    }

    #[test]
    fn different_shields_for_the_same_amount_are_different_results() {
        // Two "next time, none" shields: either one stops the damage.
        let none = effect(DamageChange::Nothing, true);
        let hit = Hit::from_ability(2, None, [(none, 1), (none, 2)]);
        let used: Vec<Vec<u32>> = hit.outcomes().into_iter().map(|o| o.used_up).collect();
        assert_eq!(used, [vec![1], vec![2]]);
        assert_eq!(hit.least().used_up, [1]);
    }
}
