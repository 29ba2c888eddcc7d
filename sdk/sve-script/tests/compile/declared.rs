//! Keywords a pack declares (`type Keyword;` cards): a card names one in
//! its `keyword` line, effects give it, and a name no declaration of the
//! set has stays an unknown keyword.

use super::check;
use expect_test::expect;

const OVERHEAT: &str = "name Overheat;\nid K-001;\ntype Keyword;\n\
    text \"At the start of your end phase, this follower deals 1 damage to itself.\";\n\
    ability StartEndPhase name Overheat {\n    effect DealDamage(1) to Self;\n}\n";

#[test]
fn a_card_names_a_keyword_declared_anywhere_in_its_set() {
    // The card comes first: declarations are read before any card.
    let source = format!(
        "name Boiler Golem;\nid K-002;\nclass Neutral;\ntype Follower;\ncost 2;\nstats 4/3;\n\
         keyword Ward, Overheat;\n\n\
         name Stoker;\nid K-003;\nclass Neutral;\ntype Follower;\ncost 1;\nstats 1/2;\n\
         ability Fanfare {{\n    effect GiveKeyword(Overheat) to TargetPlayerCard F;\n}}\n\n{OVERHEAT}"
    );
    check(
        &source,
        expect![[r#"
        card K-002 "Boiler Golem" (cards.txt:1)
          Neutral Follower, cost 2, 4/3
          keywords: Ward, declared keyword #0
        card K-003 "Stoker" (cards.txt:9)
          Neutral Follower, cost 1, 1/2
          #0 "Fanfare" triggered Fanfare (line 15)
            effect: GiveKeyword(keyword: declared keyword) to TargetPlayerCard F
        card K-001 "Overheat" (cards.txt:19)
          Neutral Keyword
          text: "At the start of your end phase, this follower deals 1 damage to itself."
          #0 "Overheat" triggered StartEndPhase (line 23)
            effect: DealDamage(amount: 1) to Self
    "#]],
    );
}

#[test]
fn an_undeclared_keyword_is_unknown_and_declared_names_are_suggested() {
    let source = format!(
        "name Boiler Golem;\nid K-002;\nclass Neutral;\ntype Follower;\ncost 2;\nstats 4/3;\n\
         keyword Overheet;\n\n{OVERHEAT}"
    );
    check(
        &source,
        expect![[r#"
            card K-001 "Overheat" (cards.txt:9)
              Neutral Keyword
              text: "At the start of your end phase, this follower deals 1 damage to itself."
              #0 "Overheat" triggered StartEndPhase (line 13)
                effect: DealDamage(amount: 1) to Self
            rejected "Boiler Golem" (K-002) at line 1

            error[unknown-keyword]: unknown keyword `Overheet`: expected a keyword such as `Ward`, `Storm` or `Rush`, a counter, or a keyword or counter a `type Keyword;` or `type Counter;` card of the pack declares
             --> cards.txt:7:9
              |
            7 | keyword Overheet;
              |         ^^^^^^^^
              = help: did you mean `Overheat`?
              = note: in card `Boiler Golem` (K-002)

        "#]],
    );
}

#[test]
fn a_declaration_that_does_not_compile_refuses_the_cards_that_name_declared_keywords() {
    let source = "name Boiler Golem;\nid K-002;\nclass Neutral;\ntype Follower;\ncost 2;\nstats 4/3;\n\
         keyword Overheat;\n\n\
         name Plain;\nid K-004;\nclass Neutral;\ntype Follower;\ncost 1;\nstats 1/1;\n\n\
         name Overheat;\nid K-001;\ntype Keyword;\n\
         ability StartEndPhase {\n    effect Explode(1) to Self;\n}\n";
    check(
        source,
        expect![[r#"
        card K-004 "Plain" (cards.txt:9)
          Neutral Follower, cost 1, 1/1
        rejected "Boiler Golem" (K-002) at line 1
        rejected "Overheat" (K-001) at line 16

        error[declarations-failed]: the card names a keyword this pack declares, and 1 of the pack's keyword declarations (`type Keyword;`) did not compile: fix them first
         --> cards.txt:1:1
          |
        1 | name Boiler Golem;
          | ^^^^^^^^^^^^^^^^^
          = note: in card `Boiler Golem` (K-002)

        error[unknown-effect]: unknown effect `Explode`: expected an effect name from the catalogue (spec §5.4)
          --> cards.txt:20:12
           |
        20 |     effect Explode(1) to Self;
           |            ^^^^^^^
           = note: in card `Overheat` (K-001)

    "#]],
    );
}

const HEAT: &str = "name Heat;\nid K-C01;\ntype Counter;\n\
    text \"Heat builds up in machines that run hot.\";\n";

#[test]
fn a_declared_counter_is_named_where_built_in_counters_are() {
    // A `keyword` line, an effect, a cost, a filter and a value.
    let source = format!(
        "name Furnace;\nid K-004;\nclass Neutral;\ntype Follower;\ncost 1;\nstats 1/3;\n\
         keyword HeatCounter;\n\
         ability Fanfare {{\n    effect GiveCounter(Heat, 2);\n}}\n\
         ability Act {{\n    cost (RemoveCounters, Heat, 1);\n    condition r(Heat) > 0;\n\
             effect GiveStat(Atk, 1) to TargetPlayerCard Fr(Heat);\n}}\n\n{HEAT}"
    );
    check(
        &source,
        expect![[r#"
            card K-004 "Furnace" (cards.txt:1)
              Neutral Follower, cost 1, 1/3
              counters: declared counter #0 x1
              #0 "Fanfare" triggered Fanfare (line 8)
                effect: GiveCounter(counter: declared counter, amount: 2) to Self
              #1 "Act" activated Act (line 11)
                costs: (RemoveCounters, declared counter #0, 1, Self, ""), (condition r(declared counter #0)>0)
                effect: GiveStat(stat: Atk, amount: 1) to TargetPlayerCard Fr(declared counter #0,1)
            card K-C01 "Heat" (cards.txt:17)
              Neutral Counter
              text: "Heat builds up in machines that run hot."
        "#]],
    );
}

#[test]
fn a_counter_declaration_has_no_abilities_and_unknown_counters_suggest_declared_ones() {
    let source = format!(
        "{HEAT}\nname Hot;\nid K-C02;\ntype Counter;\nability Fanfare {{\n    effect DrawCard(1);\n}}\n\n\
         name Cooler;\nid K-005;\nclass Neutral;\ntype Follower;\ncost 1;\nstats 1/1;\n\
         ability Fanfare {{\n    effect RemoveCounter(Heet) to TargetPlayerCard F;\n}}\n"
    );
    check(
        &source,
        expect![[r#"
            card K-C01 "Heat" (cards.txt:1)
              Neutral Counter
              text: "Heat builds up in machines that run hot."
            rejected "Hot" (K-C02) at line 6
            rejected "Cooler" (K-005) at line 13

            error[syntax]: a counter declaration (`type Counter;`) has no abilities: write what its counters do in the cards that put, count or remove them
             --> cards.txt:9:9
              |
            9 | ability Fanfare {
              |         ^^^^^^^
              = note: in card `Hot` (K-C02)

            error[not-a-counter]: `Heet` is not a counter: expected `Stack`, `Spell`, `Prayer`, `Fable` or a counter a `type Counter;` card of the pack declares
              --> cards.txt:20:26
               |
            20 |     effect RemoveCounter(Heet) to TargetPlayerCard F;
               |                          ^^^^
               = note: in card `Cooler` (K-005)

        "#]],
    );
}

#[test]
fn a_token_kind_declaration_that_does_not_compile_refuses_its_tokens() {
    // A typo in the rules drops the declaration: its tokens would play as
    // ordinary tokens, so they are refused, naming the kind.
    let source = "name Cinder;\nid T-000;\ntype TokenKind;\n\
         ability Passive {\n    effect TokenKindRules(ExAreas);\n}\n\n\
         name Cinder: Glow;\nid T-001;\nclass Neutral;\ntype Amulet / Token;\ntrait Cinder;\ncost 1;\n\n\
         name Plain Token;\nid T-002;\nclass Neutral;\ntype Amulet / Token;\ncost 1;\n";
    check(
        source,
        expect![[r#"
        card T-002 "Plain Token" (cards.txt:15)
          Neutral Amulet, cost 1, token
          traits: Token
        rejected "Cinder" (T-000) at line 1
        rejected "Cinder: Glow" (T-001) at line 8

        error[unknown-zone]: unknown zone `ExAreas`: expected `Field`, `ExArea` or `FieldOrExArea`
         --> cards.txt:5:27
          |
        5 |     effect TokenKindRules(ExAreas);
          |                           ^^^^^^^
          = help: did you mean `ExArea`?
          = note: in card `Cinder` (T-000)

        error[token-kind-failed]: the card is a `Cinder` token, and the pack's `type TokenKind;` declaration of `Cinder` did not compile: fix it first
         --> cards.txt:8:1
          |
        8 | name Cinder: Glow;
          | ^^^^^^^^^^^^^^^^^
          = note: in card `Cinder: Glow` (T-001)

    "#]],
    );
}
