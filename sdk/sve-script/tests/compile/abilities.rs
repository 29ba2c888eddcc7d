//! Abilities (spec §4).

use crate::{check, check_abilities};
use expect_test::expect;

#[test]
fn ability_names_triggers_and_calls_by_name() {
    check_abilities(
        r#"
ability Fanfare {
    effect Sequence(Earth Rite, "Give +1/+1", Missing Step);
}
ability Spell name Earth Rite {
    cost (EarthRite);
    effect DrawCard(1);
}
ability Spell name "Give +1/+1" {
    effect GiveStat(AtkDef, 1) to Self;
}
ability Activated name Tap {
    cost (EngageSelf);
    condition f(F) > 1;
    cost (OncePerTurn), (Quick);
    effect Evolve();
}
ability Spell name Lonely {
    effect Draw(1);
}
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: Sequence(steps: [#1 "Earth Rite", #2 "Give +1/+1"])
            #1 "Earth Rite" spell Spell (line 11)
              costs: (EarthRite, 1)
              effect: DrawCard(amount: 1)
            #2 "Give +1/+1" spell Spell (line 15)
              effect: GiveStat(stat: AtkDef, amount: 1) to Self
            #3 "Tap" activated Act (line 18)
              costs: (EngageSelf), (condition f(F)>1), (OncePerTurn), (Quick)
              effect: Evolve() to Self
            #4 "Lonely" spell Spell (line 24)
              effect: DrawCard(amount: 1)
            keywords: EarthRite, Evolve

            warning[unknown-ability]: no triggered or `Spell` ability named `Missing Step` on this card: the step is skipped
             --> cards.txt:9:47
              |
            9 |     effect Sequence(Earth Rite, "Give +1/+1", Missing Step);
              |                                               ^^^^^^^^^^^^
              = note: in card `Test Card` (T-001)

            warning[unreferenced-sub-ability]: `Spell` ability `Lonely` is never called by name, so it never runs
              --> cards.txt:24:20
               |
            24 | ability Spell name Lonely {
               |                    ^^^^^^
               = note: in card `Test Card` (T-001)

        "##]],
    );
}

#[test]
fn ability_header_and_clause_mistakes() {
    check_abilities(
        r#"
ability Fanfair { effect Draw(1); }
ability Fanfare now { effect Draw(1); }
ability Strike {
    efect Draw(1);
    condition o;
    condition g;
}
ability OnEvolve { cost (PP, 1); }
"#,
        expect![[r#"
            (rejected)

            error[unknown-trigger]: unknown trigger `Fanfair`: expected a trigger such as `Fanfare`, `Spell`, `Act`, `OnEvolve` or `Passive`
             --> cards.txt:8:9
              |
            8 | ability Fanfair { effect Draw(1); }
              |         ^^^^^^^
              = help: did you mean `Fanfare`?
              = note: in card `Test Card` (T-001)

            error[bad-ability-header]: unexpected `now` in the ability header: expected `name <ability name>` or `{`
             --> cards.txt:9:17
              |
            9 | ability Fanfare now { effect Draw(1); }
              |                 ^^^
              = note: in card `Test Card` (T-001)

            error[unknown-clause]: unknown ability clause `efect`: expected `effect`, `cost`, `condition`, `filter` or `moves`
              --> cards.txt:11:5
               |
            11 |     efect Draw(1);
               |     ^^^^^
               = help: did you mean `effect`?
               = note: in card `Test Card` (T-001)

            error[duplicate-clause]: second `condition` clause: only activated abilities may have several
              --> cards.txt:13:5
               |
            13 |     condition g;
               |     ^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[missing-effect]: ability without an `effect` clause: expected `effect <Effect>(...);`
              --> cards.txt:15:1
               |
            15 | ability OnEvolve { cost (PP, 1); }
               | ^^^^^^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn filter_lines_work_on_other_triggers_and_are_ignored_elsewhere() {
    check_abilities(
        r#"
ability OnOtherEnterField {
    filter Ft(Pixie);
    effect GiveStat(Atk, 1) to TriggerCard;
}
ability Fanfare {
    filter F;
    effect Draw(1);
}
ability Act {
    filter F;
    cost (EngageSelf);
    effect Draw(1);
}
"#,
        expect![[r##"
            #0 "OnOtherEnterField" triggered OnOtherEnterField (line 8)
              filter: Ft(Pixie)
              effect: GiveStat(stat: Atk, amount: 1) to TriggerCard
            #1 "Fanfare" triggered Fanfare (line 12)
              effect: DrawCard(amount: 1)
            #2 "Act" activated Act (line 16)
              costs: (EngageSelf)
              effect: DrawCard(amount: 1)

            warning[ignored-filter-line]: `filter` line ignored: this trigger does not take a filter (only the `OnOther...`, `OnOpponentCardLeaveField`, `OnPlaySpell` and `OnMove` triggers and passives do)
              --> cards.txt:13:12
               |
            13 |     filter F;
               |            ^
               = note: in card `Test Card` (T-001)

            warning[ignored-filter-line]: `filter` line ignored: activated abilities drop `filter` lines
              --> cards.txt:17:12
               |
            17 |     filter F;
               |            ^
               = note: in card `Test Card` (T-001)

        "##]],
    );
}

#[test]
fn conditions_on_events_and_legacy_text() {
    check_abilities(
        r#"
ability OnPlaySpell {
    condition <<[#(spellsPlayed) = 3];
    text "legacy display text";
    effect DealDamage(1) to OpponentLeader;
}
ability Passive {
    condition <<o;
    effect GiveKeyword(Storm, WhileOnField);
}
"#,
        expect![[r##"
            #0 "OnPlaySpell" triggered OnPlaySpell (line 8)
              condition: <<#(spellsPlayed)=3
              effect: DealDamage(amount: 1) to OpponentLeader
            #1 "Passive" passive Passive (line 13)
              condition: 0o1
              effect: GiveKeyword(keyword: Storm, duration: WhileOnField) to Self

            warning[legacy-text-clause]: per-ability `text` clauses are ignored (the card text is the `text` header)
              --> cards.txt:10:5
               |
            10 |     text "legacy display text";
               |     ^^^^^^^^^^^^^^^^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            warning[event-condition-outside-trigger]: `<<` only makes sense on a triggered ability's condition: it is ignored here
              --> cards.txt:14:15
               |
            14 |     condition <<o;
               |               ^^
               = note: in card `Test Card` (T-001)

        "##]],
    );
}

#[test]
fn spells_use_their_first_spell_ability_and_ignore_its_cost() {
    check(
        r#"
name Ember Ritual;
id EX10-001;
class Rune;
type Spell;
cost 2;
ability StartEndPhase name Later { effect Draw(1); }
ability Spell {
    condition p(#F);
    cost (PP, 1);
    effect Sequence(Burn, Bonus Draw);
}
ability Spell name Burn {
    effect DealDamage(2) to TargetOpponentCard F;
}
ability Spell name Bonus Draw {
    cost (EarthRite);
    effect DrawCard(1);
}
ability Spell name Burn {
    effect DealDamage(9) to OpponentLeader;
}

name Empty Spell;
id EX10-002;
class Rune;
type Spell;
cost 0;
"#,
        expect![[r#"
            card EX10-001 "Ember Ritual" (cards.txt:2)
              Runecraft Spell, cost 2
              keywords: EarthRite
              #0 "Later" triggered StartEndPhase (line 7)
                effect: DrawCard(amount: 1)
              #1 "Spell" spell Spell, spell effect (line 8)
                condition: p(F!k(Aura))
                costs: (PP, 1)
                effect: Sequence(steps: [#2 "Burn", #3 "Bonus Draw"])
              #2 "Burn" spell Spell (line 13)
                effect: DealDamage(amount: 2) to TargetOpponentCard F
              #3 "Bonus Draw" spell Spell (line 16)
                costs: (EarthRite, 1)
                effect: DrawCard(amount: 1)
              #4 "Burn" spell Spell (line 20)
                effect: DealDamage(amount: 9) to OpponentLeader
            card EX10-002 "Empty Spell" (cards.txt:24)
              Runecraft Spell, cost 0

            warning[ignored-spell-cost]: the cost of a spell's main `Spell` ability is ignored: the spell is paid for by its play-point cost
             --> cards.txt:8:1
              |
            8 | ability Spell {
              | ^^^^^^^^^^^^^
              = note: in card `Ember Ritual` (EX10-001)

            warning[duplicate-ability-name]: second ability named `Burn`: calls by name always reach the first one
              --> cards.txt:20:20
               |
            20 | ability Spell name Burn {
               |                    ^^^^
               = note: in card `Ember Ritual` (EX10-001)

            warning[unreferenced-sub-ability]: `Spell` ability `Burn` is never called by name, so it never runs
              --> cards.txt:20:20
               |
            20 | ability Spell name Burn {
               |                    ^^^^
               = note: in card `Ember Ritual` (EX10-001)

            warning[spell-without-spell-ability]: spell without a `Spell` ability: playing it does nothing
              --> cards.txt:24:1
               |
            24 | name Empty Spell;
               | ^^^^^^^^^^^^^^^^
               = note: in card `Empty Spell` (EX10-002)

        "#]],
    );
}

#[test]
fn an_effect_written_inline_where_a_name_goes_is_an_error() {
    check_abilities(
        r#"
ability Fanfare {
    effect Sequence(DrawCard(1), Heal Me);
}
ability Spell name Heal Me {
    effect DrawCard(1);
}
"#,
        expect![[r#"
            (rejected)

            error[inline-effect]: `DrawCard(1)` is an effect written where an ability name goes: write `DrawCard` in a `Spell` ability with a `name` and call it by that name
             --> cards.txt:9:21
              |
            9 |     effect Sequence(DrawCard(1), Heal Me);
              |                     ^^^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn an_on_move_ability_reads_its_moves_line() {
    check_abilities(
        r#"
ability OnMove {
    moves Hand to Cemetery, Anyone, Batch;
    filter F;
    effect GiveStat(Def, _) to Leader;
}
ability OnMove name Home {
    moves Field|ExArea to Any, ThisCard;
    effect DrawCard(1);
}
"#,
        expect![[r##"
            #0 "OnMove" triggered OnMove (line 8)
              filter: F
              costs: (moves Hand to Cemetery, Anyone, Batch)
              effect: GiveStat(stat: Def, amount: _) to Leader
            #1 "Home" triggered OnMove (line 13)
              costs: (moves Field|ExArea to Any, Yours, ThisCard)
              effect: DrawCard(amount: 1)
        "##]],
    );
}

#[test]
fn moves_line_mistakes_name_what_is_wrong() {
    check_abilities(
        r#"
ability OnMove { effect DrawCard(1); }
ability Fanfare {
    moves Hand to Cemetery;
    effect DrawCard(1);
}
ability OnMove name Far {
    moves Hand to Graveyard, Twice;
    effect DrawCard(1);
}
ability OnMove name Into {
    moves Hand into Cemetery;
    effect DrawCard(1);
}
"#,
        expect![[r#"
            (rejected)

            error[on-move-without-moves]: an `OnMove` ability needs a `moves` line saying which moves it answers (e.g. `moves ExArea to Any;`)
             --> cards.txt:8:1
              |
            8 | ability OnMove { effect DrawCard(1); }
              | ^^^^^^^^^^^^^^
              = note: in card `Test Card` (T-001)

            error[moves-outside-on-move]: a `moves` line on a `Fanfare` ability: only `OnMove` abilities answer moves
              --> cards.txt:10:5
               |
            10 |     moves Hand to Cemetery;
               |     ^^^^^
               = note: in card `Test Card` (T-001)

            error[unknown-zone]: unknown zone `Graveyard`: expected `Any` or zones such as `Hand`, `Field`, `ExArea`, `Cemetery`, `Banished`, `Deck`, `EvolveDeck` joined by `|`
              --> cards.txt:14:19
               |
            14 |     moves Hand to Graveyard, Twice;
               |                   ^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[bad-moves-line]: a `moves` line reads `<zones> to <zones>[, Yours | Opponents | Anyone][, ThisCard][, Batch]`; found `Hand into Cemetery`
              --> cards.txt:18:16
               |
            18 |     moves Hand into Cemetery;
               |                ^^^^
               = note: in card `Test Card` (T-001)

        "#]],
    );
}
