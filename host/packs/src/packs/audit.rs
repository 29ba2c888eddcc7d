//! `sve pack audit`: one text, one implementation.
//!
//! Compares each card's printed text with the abilities its pack declares
//! and lists the cheapest kind of wrong card behaviour before anyone plays
//! it:
//! - an ability marker in the text (`[fanfare]`, `[lastwords]`, `[act]`,
//!   `Strike:`, `On Evolve:`, a printed keyword, "Whenever ...",
//!   "While ..."/"During ...") with no ability or keyword behind it;
//! - an ability or keyword with no text behind it;
//! - an ability that re-implements an engine rule (a passive or an
//!   unconditional Fanfare that gives the card its own keyword, instead of
//!   the keyword itself);
//! - a card implemented by two packs (for instance in script and in Rust).
//!
//! The audit reads card data only (the manifest every pack exports), so it
//! works the same for script and Rust packs.

use serde::Serialize;
use sve_engine::cards::{
    AbilityKind, ActivationZone, CardDef, Grant, Keywords, PassiveCondition, PassiveScope, Trigger,
};

/// What kind of mismatch a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// The text promises an ability or keyword the card does not have.
    MarkerWithoutImplementation,
    /// The card has an ability or keyword its text does not mention.
    ImplementationWithoutText,
    /// An ability does by hand what an engine rule (a keyword) does.
    ReimplementsRule,
    /// Two packs implement the same card.
    ImplementedTwice,
}

/// One mismatch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What kind.
    pub kind: FindingKind,
    /// The card.
    pub card: String,
    /// The pack that defines it.
    pub pack: String,
    /// What is wrong, in words.
    pub message: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.card, self.pack, self.message)
    }
}

/// Printed keywords the text names by word (`sve_vocab`'s `Shown::Word`):
/// each with its word.
fn keyword_words() -> impl Iterator<Item = (&'static str, Keywords)> {
    sve_vocab::KEYWORDS
        .iter()
        .filter(|info| info.shown == sve_vocab::Shown::Word)
        .map(|info| (info.name, Keywords::of(info)))
}

/// Audits every card of every pack. `packs` is each pack's id with the
/// cards it defines (before packs are merged, so a card two packs define is
/// seen twice).
pub fn audit(packs: &[(String, Vec<CardDef>)]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut owner: std::collections::HashMap<&str, &str> = std::collections::HashMap::new();
    for (pack, cards) in packs {
        for card in cards {
            if let Some(first) = owner.insert(&card.id, pack) {
                findings.push(Finding {
                    kind: FindingKind::ImplementedTwice,
                    card: card.id.clone(),
                    pack: pack.clone(),
                    message: format!("also implemented by pack `{first}`"),
                });
            }
            audit_card(pack, card, &mut findings);
        }
    }
    findings
}

/// Counts of each kind, for `--json`.
pub fn counts(findings: &[Finding]) -> std::collections::BTreeMap<FindingKind, usize> {
    let mut counts: std::collections::BTreeMap<FindingKind, usize> = [
        FindingKind::MarkerWithoutImplementation,
        FindingKind::ImplementationWithoutText,
        FindingKind::ReimplementsRule,
        FindingKind::ImplementedTwice,
    ]
    .into_iter()
    .map(|k| (k, 0))
    .collect();
    for finding in findings {
        *counts.entry(finding.kind).or_default() += 1;
    }
    counts
}

/// What one card's text says it has.
#[derive(Debug, Default)]
struct Markers {
    fanfare: bool,
    last_words: bool,
    act: bool,
    strike: bool,
    on_evolve: bool,
    whenever: bool,
    continuous: bool,
    keywords: Keywords,
}

fn markers(text: &str) -> Markers {
    let mut m = Markers {
        fanfare: text.contains("[fanfare]"),
        last_words: text.contains("[lastwords]"),
        // Umamusume's "[feed] [costN]: Race this follower." is an
        // activated ability too.
        act: text.contains("[act]") || text.contains("[feed]"),
        ..Markers::default()
    };
    // Once an ability's text has begun ("[fanfare] ... \n Combo (3): ..."),
    // a class condition is the ability's, not a continuous effect.
    let mut in_ability = false;
    for line in text.lines().map(str::trim) {
        // A quoted ability is one the card gives ("Your followers have
        // \"[lastwords] Draw a card.\""): it plays on the giver's
        // "another card" triggers as well as being the card's own.
        let (line, gives) = without_quotes(line);
        m.whenever |= gives;
        let printed = printed_keywords(&line);
        m.keywords |= printed;
        // Umamusume's printed "Serve." is an ability used from the field.
        m.act |= line.split('.').map(str::trim).any(|part| part == "Serve");
        in_ability |= line.starts_with('[')
            || line.starts_with("On Evolve")
            || line.starts_with("Strike")
            || line.starts_with("When");
        for (idx, sentence) in line.split(". ").enumerate() {
            let class_condition_ok = idx == 0 && !in_ability;
            sentence_markers(sentence.trim(), gives, class_condition_ok, &mut m);
        }
    }
    m
}

/// What one sentence of card text says the card has.
fn sentence_markers(line: &str, gives: bool, class_condition_ok: bool, m: &mut Markers) {
    // "Strike:" and "Strike, <cost>:" (a Strike with a cost).
    m.strike |= line.starts_with("Strike:") || line.starts_with("Strike,");
    // "On Evolve:", "On Evolve, <cost>:", and "When this follower
    // evolves".
    m.on_evolve |= line.contains("On Evolve:")
        || line.contains("On Evolve,")
        || (line.contains("When ") && line.contains(" evolves"));
    // "[evolve] Give your leader -3: ..." is an activated ability: its
    // cost before the colon evolves the follower another way (the
    // evolve cost itself is "[evolve][cost02]: Evolve this follower.").
    // "[evolve] Summon 2 ..." (no cost) is an On Evolve ability.
    if let Some(rest) = line.strip_prefix("[evolve]").map(str::trim_start)
        && !rest.starts_with("[cost")
    {
        if rest.contains(':') {
            m.act = true;
        } else {
            m.on_evolve = true;
        }
    }
    // "Whenever this follower attacks" is a Strike.
    let attacks = line.contains("this follower attacks");
    m.strike |= attacks;
    // A trigger: "Whenever ...", "When ... leaves the field", and
    // "During your turn, whenever ..." (a trigger with a condition, not
    // a continuous effect).
    let when = !attacks
        && (line.contains("Whenever ")
            || line.contains("whenever ")
            || (line.starts_with("When ") && !line.contains(" evolves")));
    m.whenever |= when;
    m.continuous |= !when && !gives && is_continuous(line, class_condition_ok);
}

/// The line without its quoted parts, and whether a quoted part is an
/// ability (it has a `[...]` marker).
fn without_quotes(line: &str) -> (String, bool) {
    let mut outside = String::with_capacity(line.len());
    let mut gives = false;
    for (idx, part) in line.split('"').enumerate() {
        if idx % 2 == 0 {
            outside.push_str(part);
        } else {
            gives |= part.contains('[');
        }
    }
    (outside, gives)
}

/// Whether a line (with no trigger) reads as a continuous effect: "While
/// ...", "During ...", a class condition ("Spellchain (5): this card costs
/// 3 less"), or a standing cost change ("Spells you play cost 1 less"). A
/// line with an ability marker is an ability's.
fn is_continuous(line: &str, class_condition_ok: bool) -> bool {
    if line.starts_with('[') || line.contains("Strike") || line.contains("On Evolve") {
        return false;
    }
    let class_condition = class_condition_ok
        && ["Overflow", "Spellchain", "Combo", "Necrocharge", "Sanguine"]
            .iter()
            .any(|word| line.starts_with(word) && line.contains(':'));
    // "Spells you play cost 1 less" (not a spell's "It costs 1 less"),
    // "Your Fairy tokens have Assail".
    let standing = line.contains(" you play cost")
        || (line.starts_with("Your ") && (line.contains(" have ") || line.contains(" has ")));
    line.contains("While ") || line.starts_with("During ") || class_condition || standing
}

/// Keywords of a printed keyword line (`Ward.`, `Storm. Bane.`): a line made
/// only of keyword names, each followed by a period.
fn printed_keywords(line: &str) -> Keywords {
    // The leading sentences that are keyword names ("Ward. This follower
    // can't attack leaders." prints Ward).
    let mut found = Keywords::empty();
    for part in line.split('.').map(str::trim).filter(|p| !p.is_empty()) {
        match keyword_words().find(|(word, _)| *word == part) {
            Some((_, flag)) => found |= flag,
            None => break,
        }
    }
    found
}

fn audit_card(pack: &str, card: &CardDef, findings: &mut Vec<Finding>) {
    let text = markers(&card.text);
    let mut push = |kind: FindingKind, message: String| {
        findings.push(Finding {
            kind,
            card: card.id.clone(),
            pack: pack.to_owned(),
            message,
        });
    };
    let triggers: Vec<&Trigger> = card
        .abilities
        .iter()
        .filter_map(|a| match &a.kind {
            AbilityKind::Triggered(t) => Some(t),
            _ => None,
        })
        .collect();
    let has = |wanted: fn(&Trigger) -> bool| triggers.iter().any(|t| wanted(t));
    let checks: [(&str, bool, bool); 5] = [
        (
            "[fanfare]",
            text.fanfare,
            has(|t| matches!(t, Trigger::Fanfare)),
        ),
        (
            "[lastwords]",
            text.last_words,
            has(|t| matches!(t, Trigger::LastWords)),
        ),
        (
            "Strike:",
            text.strike,
            has(|t| {
                matches!(
                    t,
                    Trigger::Strike | Trigger::FollowerStrike | Trigger::LeaderStrike
                )
            }),
        ),
        (
            "On Evolve:",
            text.on_evolve,
            has(|t| matches!(t, Trigger::OnEvolve | Trigger::OnSuperEvolve)),
        ),
        (
            "Whenever ...",
            text.whenever,
            has(|t| {
                matches!(
                    t,
                    Trigger::OnOtherEnterField(_)
                        | Trigger::OnOtherLeaveField(_)
                        | Trigger::OnOpponentCardDestroyed(_)
                        | Trigger::OnOpponentCardLeaveField(_)
                        | Trigger::OnOtherEvolve(_)
                        | Trigger::OnOtherUnionBurst(_)
                        | Trigger::OnFuse(_)
                        | Trigger::OnFused(_)
                        | Trigger::OnOtherAttack(_)
                        | Trigger::OnPlaySpell(_)
                        | Trigger::OnDealCombatDamage
                        | Trigger::OnLeaderGainDefense
                        | Trigger::OnDiscarded
                        | Trigger::OnLeaveField
                        | Trigger::OnReturnToHandFromField
                )
            }),
        ),
    ];
    for (marker, in_text, implemented) in checks {
        match (in_text, implemented) {
            (true, false) => push(
                FindingKind::MarkerWithoutImplementation,
                format!("the text has {marker} but the card has no such ability"),
            ),
            (false, true) => push(
                FindingKind::ImplementationWithoutText,
                format!("the card has a {marker} ability its text does not mention"),
            ),
            _ => {}
        }
    }
    // An ability played from the hand or EX area is an alternative way to
    // pay for the card ("you may play this card by ... instead"), which has
    // no [act].
    let act = card.abilities.iter().any(|a| {
        matches!(
            a.kind,
            AbilityKind::Activated { zone, .. }
                if !matches!(zone, ActivationZone::Hand | ActivationZone::ExArea)
        )
    });
    match (text.act, act) {
        (true, false) => push(
            FindingKind::MarkerWithoutImplementation,
            "the text has [act] but the card has no activated ability".to_owned(),
        ),
        (false, true) => push(
            FindingKind::ImplementationWithoutText,
            "the card has an activated ability its text does not mention".to_owned(),
        ),
        _ => {}
    }
    let passives: Vec<_> = card
        .abilities
        .iter()
        .filter_map(|a| match &a.kind {
            AbilityKind::Passive(p) => Some(p),
            _ => None,
        })
        .collect();
    match (text.continuous, !passives.is_empty()) {
        (true, false) => push(
            FindingKind::MarkerWithoutImplementation,
            "the text has a continuous effect (While/During) but the card has no passive"
                .to_owned(),
        ),
        (false, true) => push(
            FindingKind::ImplementationWithoutText,
            "the card has a passive its text does not mention".to_owned(),
        ),
        _ => {}
    }
    let printed = card.keywords & keyword_words().fold(Keywords::empty(), |a, (_, k)| a | k);
    for (word, flag) in keyword_words() {
        let in_text = text.keywords.contains(flag);
        let on_card = printed.contains(flag);
        if in_text && !on_card {
            push(
                FindingKind::MarkerWithoutImplementation,
                format!("the text prints {word} but the card does not have it"),
            );
        }
        if on_card && !in_text {
            push(
                FindingKind::ImplementationWithoutText,
                format!("the card has {word} but its text does not print it"),
            );
        }
    }
    for passive in passives {
        let own_keyword = matches!(passive.scope, PassiveScope::ThisCard)
            && matches!(passive.condition, PassiveCondition::Always);
        if let (true, Grant::Keywords(k)) = (own_keyword, &passive.grant) {
            let names: Vec<&str> = k.names().collect();
            push(
                FindingKind::ReimplementsRule,
                format!(
                    "a passive that always gives this card {} re-implements the keyword: print it instead",
                    names.join(", ")
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::board::fixtures::test_cards;

    fn card(
        text: &str,
        keywords: Keywords,
        abilities: Vec<sve_engine::cards::AbilityDef>,
    ) -> CardDef {
        let mut card = test_cards().remove(1);
        card.id = "AUDIT-1".to_owned();
        card.text = text.to_owned();
        card.keywords = keywords;
        card.abilities = abilities;
        card
    }

    fn ability(kind: AbilityKind) -> sve_engine::cards::AbilityDef {
        sve_engine::cards::AbilityDef {
            name: "a".to_owned(),
            kind,
            costs: Vec::new(),
            once_per_turn: false,
            union_burst: false,
            advanced: false,
            text: String::new(),
        }
    }

    fn kinds(findings: &[Finding]) -> Vec<FindingKind> {
        findings.iter().map(|f| f.kind).collect()
    }

    #[test]
    fn a_card_whose_text_and_abilities_agree_is_clean() {
        let c = card(
            "Ward.\n[fanfare] Draw a card.",
            Keywords::WARD,
            vec![ability(AbilityKind::Triggered(Trigger::Fanfare))],
        );
        assert_eq!(audit(&[("p".to_owned(), vec![c])]), []);
    }

    #[test]
    fn missing_and_unprinted_abilities_and_keywords_are_found() {
        let c = card(
            "Storm.\n[fanfare] Draw a card.\n[lastwords] Draw a card.",
            Keywords::BANE,
            vec![
                ability(AbilityKind::Triggered(Trigger::Fanfare)),
                ability(AbilityKind::Triggered(Trigger::Strike)),
            ],
        );
        let findings = audit(&[("p".to_owned(), vec![c])]);
        assert_eq!(
            kinds(&findings),
            [
                FindingKind::MarkerWithoutImplementation, // [lastwords]
                FindingKind::ImplementationWithoutText,   // Strike
                FindingKind::MarkerWithoutImplementation, // Storm
                FindingKind::ImplementationWithoutText,   // Bane
            ],
            "{findings:#?}"
        );
    }

    #[test]
    fn a_passive_giving_the_card_its_own_keyword_reimplements_the_rule() {
        let passive = sve_engine::cards::PassiveDef {
            grant: Grant::Keywords(Keywords::WARD),
            scope: PassiveScope::ThisCard,
            condition: PassiveCondition::Always,
        };
        let c = card(
            "While this card is on your field, it has Ward.",
            Keywords::empty(),
            vec![ability(AbilityKind::Passive(passive))],
        );
        let findings = audit(&[("p".to_owned(), vec![c])]);
        assert_eq!(kinds(&findings), [FindingKind::ReimplementsRule]);
    }

    #[test]
    fn a_card_in_two_packs_is_reported() {
        let c = card("", Keywords::empty(), Vec::new());
        let findings = audit(&[
            ("script".to_owned(), vec![c.clone()]),
            ("rust".to_owned(), vec![c]),
        ]);
        assert_eq!(kinds(&findings), [FindingKind::ImplementedTwice]);
        assert_eq!(
            findings[0].to_string(),
            "AUDIT-1 (rust): also implemented by pack `script`"
        );
    }

    /// The text forms that gave false findings: a "When ..." trigger, "On
    /// Evolve, <cost>:", "[evolve] <cost>:", "Strike, <cost>:" and "During
    /// your turn, whenever ...".
    #[test]
    fn triggers_and_costs_written_other_ways_are_read() {
        let act = AbilityKind::Activated {
            quick: false,
            zone: ActivationZone::Field,
        };
        let cases = [
            (
                "When this card leaves the field, draw a card.",
                vec![ability(AbilityKind::Triggered(Trigger::OnLeaveField))],
            ),
            (
                "On Evolve, banish a card in your cemetery: Draw a card.",
                vec![ability(AbilityKind::Triggered(Trigger::OnEvolve))],
            ),
            (
                "When this follower evolves, draw a card.",
                vec![ability(AbilityKind::Triggered(Trigger::OnEvolve))],
            ),
            (
                "[evolve] Give your leader -3 defense: Evolve this follower.",
                vec![ability(act)],
            ),
            ("[evolve][cost02]: Evolve this follower.", Vec::new()),
            (
                "[evolve] Summon 2 Glade Fairy tokens.",
                vec![ability(AbilityKind::Triggered(Trigger::OnEvolve))],
            ),
            (
                "Whenever this follower attacks a follower, give it +1/+1.",
                vec![ability(AbilityKind::Triggered(Trigger::FollowerStrike))],
            ),
            (
                "[fanfare] Deal 1 damage to an enemy follower.\nCombo (3): Deal 3 instead.",
                vec![ability(AbilityKind::Triggered(Trigger::Fanfare))],
            ),
            (
                "Strike, banish a card in your cemetery: Draw a card.",
                vec![ability(AbilityKind::Triggered(Trigger::Strike))],
            ),
            (
                "During your turn, whenever another follower enters your field, draw a card.",
                vec![ability(AbilityKind::Triggered(Trigger::OnOtherEnterField(
                    sve_engine::cards::CardFilter::default(),
                )))],
            ),
        ];
        for (text, abilities) in cases {
            let findings = audit(&[(
                "p".to_owned(),
                vec![card(text, Keywords::empty(), abilities)],
            )]);
            assert_eq!(findings, [], "{text}");
        }
    }

    /// The true findings stay: a conditional passive dropped, an act
    /// ability missing.
    #[test]
    fn a_dropped_passive_and_a_missing_act_are_still_found() {
        let findings = audit(&[(
            "p".to_owned(),
            vec![card(
                "While you have Overflow, this follower has +2/+0.\n[act] Remove 1 Stack counter: Draw a card.",
                Keywords::empty(),
                Vec::new(),
            )],
        )]);
        assert_eq!(
            kinds(&findings),
            [
                FindingKind::MarkerWithoutImplementation, // [act]
                FindingKind::MarkerWithoutImplementation, // While
            ],
            "{findings:#?}"
        );
    }

    /// Continuous effects written without "While", and a quoted ability a
    /// card gives.
    #[test]
    fn standing_changes_and_given_abilities_are_read() {
        let passive = |grant| {
            ability(AbilityKind::Passive(sve_engine::cards::PassiveDef {
                grant,
                scope: PassiveScope::ThisCard,
                condition: PassiveCondition::Spellchain(5),
            }))
        };
        for text in [
            "Spellchain (5): this card costs 3 less.",
            "Spells you play cost 1 less.",
            "Your Fairy tokens have Assail.",
        ] {
            let c = card(text, Keywords::empty(), vec![passive(Grant::Cost(-3))]);
            assert_eq!(audit(&[("p".to_owned(), vec![c])]), [], "{text}");
        }
        let given = ability(AbilityKind::Triggered(Trigger::OnOtherLeaveField(
            sve_engine::cards::CardFilter::default(),
        )));
        let own = ability(AbilityKind::Triggered(Trigger::LastWords));
        let c = card(
            "Your followers have \"[lastwords] Draw a card.\"",
            Keywords::empty(),
            vec![own, given],
        );
        assert_eq!(audit(&[("p".to_owned(), vec![c])]), []);
    }

    /// A keyword printed before other words of its line.
    #[test]
    fn a_keyword_leading_a_line_is_printed() {
        let c = card(
            "Ward. This follower can't attack leaders.",
            Keywords::WARD,
            Vec::new(),
        );
        assert_eq!(audit(&[("p".to_owned(), vec![c])]), []);
    }
}
