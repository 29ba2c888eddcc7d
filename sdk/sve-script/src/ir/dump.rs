//! A compact, stable text form of compiled cards for snapshot tests and
//! tools. Values and filters are printed back in script syntax (canonical
//! spelling, brackets only where nesting needs them), so a dump reads like
//! the script it came from.

use super::effect::{AbilityIdx, CheckAction, ComplexStep, Cost, Count, PayResult, Selection};
use super::expr::{CondTest, Filter, FilterId, FilterItem, IntRange, ValueId, ValueNode};
use super::names::Target;
use super::visit::Part;
use super::{Ability, Card, ConditionTiming};
use std::fmt::Write as _;

pub(crate) fn card(card: &Card) -> String {
    let mut out = String::new();
    let printer = Printer { card };
    let _ = writeln!(
        out,
        "card {} {:?} ({}:{})",
        card.id, card.name, card.source.file, card.source.line
    );
    let mut facts = vec![format!("{} {}", card.class, card.card_type)];
    if let Some(rarity) = card.rarity {
        facts.push(rarity.to_string());
    }
    if let Some(cost) = card.cost {
        facts.push(format!("cost {cost}"));
    }
    if card.attack.is_some() || card.defense.is_some() {
        facts.push(format!(
            "{}/{}",
            optional(card.attack),
            optional(card.defense)
        ));
    }
    if let Some(evolve) = card.evolve_cost {
        facts.push(format!("evolve {evolve}"));
    }
    if card.is_token {
        facts.push("token".into());
    }
    if let Some(universe) = card.universe {
        facts.push(universe.to_string());
    }
    if let Some(id_en) = &card.id_en {
        facts.push(format!("id-en {id_en}"));
    }
    let _ = writeln!(out, "  {}", facts.join(", "));
    if !card.traits.is_empty() {
        let _ = writeln!(out, "  traits: {}", card.traits.join(", "));
    }
    if !card.keywords.is_empty() {
        let names: Vec<_> = card.keywords.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "  keywords: {}", names.join(", "));
    }
    if !card.counters.is_empty() {
        let counters: Vec<_> = card
            .counters
            .iter()
            .map(|(counter, n)| format!("{counter} x{n}"))
            .collect();
        let _ = writeln!(out, "  counters: {}", counters.join(", "));
    }
    if !card.text.is_empty() {
        let _ = writeln!(out, "  text: {:?}", card.text);
    }
    for (idx, ability) in card.abilities.iter().enumerate() {
        printer.ability(&mut out, idx, ability);
    }
    out
}

fn optional(value: Option<u32>) -> String {
    value.map_or_else(|| "-".into(), |v| v.to_string())
}

struct Printer<'a> {
    card: &'a Card,
}

impl Printer<'_> {
    fn ability(&self, out: &mut String, idx: usize, ability: &Ability) {
        let spell = if self.card.spell_ability.map(|a| a.0 as usize) == Some(idx) {
            ", spell effect"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  #{idx} {:?} {} {}{spell} (line {})",
            ability.name,
            ability.kind.name(),
            ability.trigger,
            ability.line
        );
        if let Some(filter) = ability.trigger_filter {
            let _ = writeln!(out, "    filter: {}", self.filter_or_empty(filter));
        }
        if let Some(condition) = ability.condition {
            let prefix = match condition.timing {
                ConditionTiming::OnResolve => "",
                ConditionTiming::OnEvent => "<<",
            };
            let _ = writeln!(
                out,
                "    condition: {prefix}{}",
                self.value(condition.value)
            );
        }
        if !ability.costs.is_empty() {
            let costs: Vec<_> = ability.costs.iter().map(|c| self.cost(c)).collect();
            let _ = writeln!(out, "    costs: {}", costs.join(", "));
        }
        let _ = writeln!(out, "    effect: {}", self.effect(&ability.effect));
        if let super::Effect::Complex { steps } = &ability.effect {
            for step in steps {
                let _ = writeln!(out, "      {}", self.complex_step(step));
            }
        }
    }

    fn effect(&self, effect: &super::Effect) -> String {
        let (name, parts) = effect.parts();
        let mut args = Vec::new();
        let mut to = String::new();
        for (label, part) in parts {
            match part {
                Part::Sel(selection) => to = self.selection(selection),
                Part::OptSel(Some(selection)) => to = self.selection(selection),
                Part::OptSel(None) => {}
                Part::Player(target) => {
                    if target != Target::This {
                        to = format!(" to {target}");
                    }
                }
                Part::Steps(steps) => args.push(format!("{} steps", steps.len())),
                Part::OptValue(None) | Part::OptCount(None) => {}
                other => args.push(format!("{label}: {}", self.part(other))),
            }
        }
        format!("{name}({}){to}", args.join(", "))
    }

    fn part(&self, part: Part<'_>) -> String {
        match part {
            Part::Value(value) => self.value(value),
            Part::OptValue(value) => value.map_or_else(|| "-".into(), |v| self.value(v)),
            Part::Count(count) => self.count(count),
            Part::OptCount(count) => count.map_or_else(|| "-".into(), |c| self.count(c)),
            Part::Filter(filter) => self.filter_or_empty(filter),
            Part::Sel(selection) => self.selection(selection),
            Part::OptSel(selection) => selection.map_or_else(String::new, |s| self.selection(s)),
            Part::Player(target) => target.to_string(),
            Part::Ability(ability) | Part::Delayed(ability) => self.ability_ref(ability),
            Part::Abilities(list) => {
                let names: Vec<_> = list.iter().map(|a| self.ability_ref(Some(*a))).collect();
                format!("[{}]", names.join(", "))
            }
            Part::Faces(faces) => {
                let names: Vec<_> = faces.iter().map(|a| self.ability_ref(*a)).collect();
                format!("[{}]", names.join(", "))
            }
            Part::Text(text) => format!("{text:?}"),
            Part::Int(n) => n.to_string(),
            Part::Word(word) => word.to_string(),
            Part::CheckActions(actions) => {
                let actions: Vec<_> = actions.iter().map(|a| self.check_action(a)).collect();
                actions.join(", ")
            }
            Part::Options(options) => {
                let options: Vec<_> = options
                    .iter()
                    .map(|(filter, action)| {
                        format!("({}, {action})", self.filter_or_empty(*filter))
                    })
                    .collect();
                options.join(", ")
            }
            Part::Steps(steps) => format!("{} steps", steps.len()),
        }
    }

    fn ability_ref(&self, ability: Option<AbilityIdx>) -> String {
        match ability {
            Some(idx) => match self.card.ability(idx) {
                Some(target) => format!("#{} {:?}", idx.0, target.name),
                None => format!("#{}?", idx.0),
            },
            None => "_".into(),
        }
    }

    fn selection(&self, selection: Selection) -> String {
        let filter = self.filter(selection.filter);
        if filter.is_empty() {
            format!(" to {}", selection.target)
        } else {
            format!(" to {} {filter}", selection.target)
        }
    }

    fn check_action(&self, action: &CheckAction) -> String {
        let mut parts = vec![action.kind.to_string()];
        if let Some(filter) = action.filter {
            parts.push(self.filter_or_empty(filter));
        }
        if let Some(count) = action.count {
            parts.push(self.count(count));
        }
        format!("({})", parts.join(", "))
    }

    fn complex_step(&self, step: &ComplexStep) -> String {
        match step {
            ComplexStep::RevealTopValue { var, value } => {
                format!("${var} = revealTopDeck.getValue({})", self.value(*value))
            }
            ComplexStep::PayCost {
                var,
                ability,
                result,
            } => {
                let field = match result {
                    PayResult::MovedCards => "movedCardsCount",
                    PayResult::RemovedCounters => "removedCountersCount",
                };
                format!(
                    "${var} = payCost({}).{field}",
                    self.ability_ref(Some(*ability))
                )
            }
            ComplexStep::Perform {
                ability,
                amount,
                costless,
            } => {
                let verb = if *costless {
                    "performCostless"
                } else {
                    "perform"
                };
                let amount = amount.map_or_else(String::new, |a| {
                    format!(" {{ amount = {} }}", self.value(a))
                });
                format!("{verb} {}{amount}", self.ability_ref(Some(*ability)))
            }
            ComplexStep::PerformIf {
                condition,
                then,
                otherwise,
            } => format!(
                "performIf {} then {} else {}",
                self.value(*condition),
                self.ability_ref(*then),
                self.ability_ref(*otherwise)
            ),
        }
    }

    fn cost(&self, cost: &Cost) -> String {
        match *cost {
            Cost::PlayPoints(value) => format!("(PP, {})", self.value(value)),
            Cost::EngageSelf => "(EngageSelf)".into(),
            Cost::LeaderDefense(value) => format!("(LeaderDefense, {})", self.value(value)),
            Cost::Discard { count, filter } => format!(
                "(Discard, {}, {})",
                self.value(count),
                self.filter_or_empty(filter)
            ),
            Cost::BanishFromCemetery { count, filter } => format!(
                "(BanishFromCemetery, {}, {})",
                self.value(count),
                self.filter_or_empty(filter)
            ),
            Cost::SendToCemetery(selection) => self.cost_selection("SendToCemetery", selection),
            Cost::ReturnToHand(selection) => self.cost_selection("ReturnToHand", selection),
            Cost::Banish(selection) => self.cost_selection("Banish", selection),
            Cost::RemoveCounters {
                counter,
                amount,
                from,
            } => format!(
                "(RemoveCounters, {counter}, {}, {}, {})",
                amount.map_or_else(|| "all".into(), |a| self.count(a)),
                from.target,
                self.filter_or_empty(from.filter)
            ),
            Cost::EarthRite(value) => format!("(EarthRite, {})", self.value(value)),
            Cost::OncePerTurn => "(OncePerTurn)".into(),
            Cost::Quick => "(Quick)".into(),
            Cost::Delayed => "(Delayed)".into(),
            Cost::UnionBurst => "(UnionBurst)".into(),
            Cost::Advanced => "(Advanced)".into(),
            Cost::Ride => "(Ride)".into(),
            Cost::PlayPointsX => "(PP, X)".into(),
            Cost::SkipNextTurn => "(SkipNextTurn)".into(),
            Cost::Fuse {
                count,
                up_to,
                filter,
            } => {
                let name = if up_to { "FuseUpTo" } else { "Fuse" };
                let count = self.value(count);
                let filter = self.filter(filter);
                if filter.is_empty() {
                    format!("({name}, {count})")
                } else {
                    format!("({name}, {count}, {filter})")
                }
            }
            Cost::MovedHow(ways) => format!("(moved {ways})"),
            Cost::WithThisCard => "(with this card)".to_owned(),
            Cost::Moves(hook) => format!("(moves {hook})"),
            Cost::Condition(value) => format!("(condition {})", self.value(value)),
        }
    }

    fn cost_selection(&self, name: &str, selection: Selection) -> String {
        let filter = self.filter(selection.filter);
        if filter.is_empty() {
            format!("({name}, {})", selection.target)
        } else {
            format!("({name}, {}, {filter})", selection.target)
        }
    }

    fn count(&self, count: Count) -> String {
        match count {
            Count::Exactly(value) => self.value(value),
            Count::Between { min, max } => {
                format!("m({},{})", self.value(min), self.value(max))
            }
        }
    }

    fn filter_or_empty(&self, id: FilterId) -> String {
        let text = self.filter(id);
        if text.is_empty() { "\"\"".into() } else { text }
    }

    /// A filter in script syntax; empty for the empty filter.
    fn filter(&self, id: FilterId) -> String {
        let Some(filter) = self.card.filter(id) else {
            return format!("<bad filter {}>", id.0);
        };
        self.filter_body(filter)
    }

    fn filter_body(&self, filter: &Filter) -> String {
        let mut out = String::new();
        for test in &filter.tests {
            if test.negated {
                out.push('!');
            }
            match &test.item {
                FilterItem::Follower => out.push('F'),
                FilterItem::Spell => out.push('S'),
                FilterItem::Amulet => out.push('A'),
                FilterItem::Evolved => out.push('E'),
                FilterItem::Token => out.push('K'),
                FilterItem::NotSource => out.push('X'),
                FilterItem::Reserved => out.push('R'),
                FilterItem::Engaged => out.push('N'),
                FilterItem::Racing => out.push('C'),
                FilterItem::Name(name) => {
                    let _ = write!(out, "n({name})");
                }
                FilterItem::DeclaredName => out.push_str("n(#Declared)"),
                FilterItem::CostUpToX { min } => {
                    let _ = write!(out, "p(m({min},X))");
                }
                FilterItem::Traits(traits) => {
                    let _ = write!(out, "t({})", traits.join(","));
                }
                FilterItem::Keyword(keyword) => {
                    let _ = write!(out, "k({keyword})");
                }
                FilterItem::Counters { counter, at_least } => {
                    let _ = write!(out, "r({counter},{at_least})");
                }
                FilterItem::Class(class) => {
                    let _ = write!(out, "c({class})");
                }
                FilterItem::ClassContains(text) => {
                    let _ = write!(out, "c({text})");
                }
                FilterItem::Attack(range) => range_item(&mut out, 'a', *range),
                FilterItem::Defense(range) => range_item(&mut out, 'd', *range),
                FilterItem::EvolveCost(range) => range_item(&mut out, 'e', *range),
                FilterItem::Cost(range) => range_item(&mut out, 'p', *range),
                FilterItem::TurnsOnField(range) => {
                    let _ = write!(out, "#(turnsOnField,{})", range_text(*range));
                }
            }
        }
        if let Some(alternative) = filter.alternative {
            let _ = write!(out, "|({})", self.filter(alternative));
        }
        if let Some(choose) = filter.choose {
            let _ = write!(out, "m({},{})", choose.min, choose.max);
        }
        out
    }

    /// A value in script syntax.
    fn value(&self, id: ValueId) -> String {
        self.value_nested(id, false)
    }

    fn value_nested(&self, id: ValueId, nested: bool) -> String {
        let Some(node) = self.card.value(id) else {
            return format!("<bad value {}>", id.0);
        };
        let text = match node {
            ValueNode::Int(n) => return n.to_string(),
            ValueNode::Amount => return "_".into(),
            ValueNode::Var(slot) => return format!("${slot}"),
            ValueNode::Combo => return "C".into(),
            ValueNode::HandCount(None) => return "H".into(),
            ValueNode::HandCount(Some(filter)) => return format!("H({})", self.filter(*filter)),
            ValueNode::LeaderDefense => return "L".into(),
            ValueNode::PaidX => return "#(X)".into(),
            ValueNode::ThisAttack => return "A".into(),
            ValueNode::ThisDefense => return "D".into(),
            ValueNode::ThisCost => return "P".into(),
            ValueNode::ThisCounters(counter) => return format!("r({counter})"),
            ValueNode::CountField(filter) => return format!("f({})", self.filter(*filter)),
            ValueNode::CountEx(filter) => return format!("x({})", self.filter(*filter)),
            ValueNode::CountCemetery(filter) => return format!("y({})", self.filter(*filter)),
            ValueNode::CountOpponentField(filter) => {
                return format!("p({})", self.filter(*filter));
            }
            ValueNode::TurnStat { stat, filter } => {
                return match filter {
                    Some(filter) => format!("#({stat},{})", self.filter(*filter)),
                    None => format!("#({stat})"),
                };
            }
            ValueNode::Neg(inner) => return format!("-{}", self.value_nested(*inner, true)),
            ValueNode::Binary { op, left, right } => format!(
                "{}{}{}",
                self.value_nested(*left, true),
                op.symbol(),
                self.value_nested(*right, true)
            ),
            ValueNode::Cond { test, left, right } => {
                let test = match test {
                    CondTest::Combo(n) => format!("c({n})"),
                    CondTest::Spellchain(n) => format!("s({n})"),
                    CondTest::Necrocharge(n) => format!("n({n})"),
                    CondTest::Overflow => "o".into(),
                    CondTest::Sanguine => "g".into(),
                    CondTest::YourTurn => "t".into(),
                    CondTest::ThisMatches(filter) => format!("~({})", self.filter(*filter)),
                    CondTest::Positive(inner) => format!("?({})", self.value(*inner)),
                };
                format!(
                    "{}{test}{}",
                    self.value_nested(*left, true),
                    self.value_nested(*right, true)
                )
            }
        };
        if nested { format!("[{text}]") } else { text }
    }
}

fn range_item(out: &mut String, letter: char, range: IntRange) {
    let _ = write!(out, "{letter}({})", range_text(range));
}

fn range_text(range: IntRange) -> String {
    if range.min == range.max {
        range.min.to_string()
    } else {
        format!("m({},{})", range.min, range.max)
    }
}
