//! Filters and values (spec §8, §9).

use crate::check_abilities;
use expect_test::expect;

#[test]
fn filter_forms() {
    check_abilities(
        r#"
ability Fanfare name A { effect Destroy() to AllCards #F!t(Dragon)Xp(m(0,2))d(3)e(1)a(m(1,9)); }
ability Spell name B { effect Destroy() to AllCards !Sc(sword)r(Stack,2)#(turnsOnField)RN; }
ability Spell name C { effect Destroy() to AllCards A|(t(Umamusume))K; }
ability Spell name D { effect Destroy() to TargetCard Ck(Evolve)!n("Forest Bat")Em(1,2); }
ability Fanfare name Run { effect Sequence(B, C, D); }
"#,
        expect![[r##"
            #0 "A" triggered Fanfare (line 8)
              effect: Destroy() to AllCards F!k(Aura)!t(Dragon)Xp(m(0,2))d(3)e(1)a(m(1,9))
            #1 "B" spell Spell (line 9)
              effect: Destroy() to AllCards !Sc(Swordcraft)r(Stack,2)#(turnsOnField,0)RN
            #2 "C" spell Spell (line 10)
              effect: Destroy() to AllCards AK|(t(Umamusume))
            #3 "D" spell Spell (line 11)
              effect: Destroy() to TargetCard Ck(Evolve)!n(Forest Bat)Em(1,2)
            #4 "Run" triggered Fanfare (line 12)
              effect: Sequence(steps: [#1 "B", #2 "C", #3 "D"])
        "##]],
    );
}

#[test]
fn value_forms() {
    check_abilities(
        r#"
ability Fanfare name A { effect DealDamage(1?(#(destroyed,F)>0)4) to OpponentLeader; }
ability Spell name B { effect DealDamage([f()+p()]>7) to OpponentLeader; }
ability Spell name C { effect DealDamage(5-x()) to OpponentLeader; }
ability Spell name D { effect DealDamage(L < 7) to OpponentLeader; }
ability Spell name E { effect DealDamage(C*2) to OpponentLeader; }
ability Spell name F { effect DealDamage(-r(Stack)) to OpponentLeader; }
ability Spell name G { effect DealDamage(H(S)|y(F)&t) to OpponentLeader; }
ability Spell name H { condition f(FX)N; effect DealDamage(m(1,2)) to OpponentLeader; }
ability Fanfare name Run { effect Sequence(B, C, D, E, F, G, H); }
"#,
        expect![[r##"
            #0 "A" triggered Fanfare (line 8)
              effect: DealDamage(amount: 1?(#(destroyed,F)>0)4) to OpponentLeader
            #1 "B" spell Spell (line 9)
              effect: DealDamage(amount: [f()+p()]>7) to OpponentLeader
            #2 "C" spell Spell (line 10)
              effect: DealDamage(amount: 5-x()) to OpponentLeader
            #3 "D" spell Spell (line 11)
              effect: DealDamage(amount: L<7) to OpponentLeader
            #4 "E" spell Spell (line 12)
              effect: DealDamage(amount: C*2) to OpponentLeader
            #5 "F" spell Spell (line 13)
              effect: DealDamage(amount: -r(Stack)) to OpponentLeader
            #6 "G" spell Spell (line 14)
              effect: DealDamage(amount: H(S)|y(F)) to OpponentLeader
            #7 "H" spell Spell (line 15)
              condition: f(FX)
              effect: DealDamage(amount: 0) to OpponentLeader
            #8 "Run" triggered Fanfare (line 16)
              effect: Sequence(steps: [#1 "B", #2 "C", #3 "D", #4 "E", #5 "F"])

            warning[unreferenced-sub-ability]: `Spell` ability `G` is never called by name, so it never runs
              --> cards.txt:14:20
               |
            14 | ability Spell name G { effect DealDamage(H(S)|y(F)&t) to OpponentLeader; }
               |                    ^
               = note: in card `Test Card` (T-001)

            warning[trailing-value-text]: `&t` after the value is ignored: a value has one operator per `[...]` level
              --> cards.txt:14:51
               |
            14 | ability Spell name G { effect DealDamage(H(S)|y(F)&t) to OpponentLeader; }
               |                                                   ^^
               = note: in card `Test Card` (T-001)

            warning[unreferenced-sub-ability]: `Spell` ability `H` is never called by name, so it never runs
              --> cards.txt:15:20
               |
            15 | ability Spell name H { condition f(FX)N; effect DealDamage(m(1,2)) to OpponentLeader; }
               |                    ^
               = note: in card `Test Card` (T-001)

            warning[trailing-value-text]: `N` after the value is ignored: a value has one operator per `[...]` level
              --> cards.txt:15:39
               |
            15 | ability Spell name H { condition f(FX)N; effect DealDamage(m(1,2)) to OpponentLeader; }
               |                                       ^
               = note: in card `Test Card` (T-001)

            warning[range-outside-count]: `m(min,max)` is only a count (of cards to choose); as a plain value it is 0
              --> cards.txt:15:60
               |
            15 | ability Spell name H { condition f(FX)N; effect DealDamage(m(1,2)) to OpponentLeader; }
               |                                                            ^^^^^^
               = note: in card `Test Card` (T-001)

            warning[extra-argument]: extra argument `G` to `Sequence` is ignored
              --> cards.txt:16:59
               |
            16 | ability Fanfare name Run { effect Sequence(B, C, D, E, F, G, H); }
               |                                                           ^
               = note: in card `Test Card` (T-001)

            warning[extra-argument]: extra argument `H` to `Sequence` is ignored
              --> cards.txt:16:62
               |
            16 | ability Fanfare name Run { effect Sequence(B, C, D, E, F, G, H); }
               |                                                              ^
               = note: in card `Test Card` (T-001)

        "##]],
    );
}

#[test]
fn mistakes_in_passives_modifiers_check_top_complex_costs_and_filters() {
    check_abilities(
        r#"
ability Passive name Conflict {
    filter A;
    effect GiveKeyword(Ward, WhileOnField) to AllPlayerCards F;
}
ability Passive name Wrong {
    effect DealDamage(1, WhileOnField);
}
ability ModifiedCost name Odd {
    effect DrawCard(1);
}
ability Fanfare name Many { effect CheckTop(5, (Hand, 1), (Field, A, 1), (Cemetery, 1), (BottomDeck)); }
ability Fanfare name Typo { effect CheckTop(5, (Hnd, 1)); }
ability Fanfare name Broken { effect Complex(jump Hit); }
ability Fanfare name Hit { effect Draw(1); }
ability Act name Pay {
    cost (EarthRite, 2), (Pay, 1), PP;
    effect Draw(1);
}
ability Act name Pay Again {
    cost (EngagSelf), (Pay, 1);
    effect Draw(1);
}
ability OnOtherEvolve name Other {
    filter FX;
    effect Draw(1);
}
ability Fanfare name Twice { effect Destroy() to AllCards FF#a; }
ability Fanfare name Unclosed { effect Destroy() to AllCards Ft(Pixie; }
ability Fanfare name Bad Range { effect Destroy() to AllCards Fp(m(1)); }
"#,
        expect![[r#"
            (rejected)

            error[passive-filter-conflict]: a `filter` line before the effect of a passive that also has a `to` filter: write only one
             --> cards.txt:9:12
              |
            9 |     filter A;
              |            ^
              = note: in card `Test Card` (T-001)

            error[wrong-effect-context]: `DealDamage` cannot be used in a `Passive` ability: expected a passive effect: `GiveKeyword`, `GiveStat`, `MinusCostOther`, `GiveAbility` or a damage replacement (`TakeLessDamage`, ...)
              --> cards.txt:13:12
               |
            13 |     effect DealDamage(1, WhileOnField);
               |            ^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[wrong-effect-context]: `DrawCard` cannot be used in a `ModifiedCost` ability: expected `ReducedCost(n)` or `AlternateCost()`
              --> cards.txt:16:12
               |
            16 |     effect DrawCard(1);
               |            ^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[too-many-check-actions]: `CheckTop` takes a count and at most 3 actions
              --> cards.txt:18:89
               |
            18 | ability Fanfare name Many { effect CheckTop(5, (Hand, 1), (Field, A, 1), (Cemetery, 1), (BottomDeck)); }
               |                                                                                         ^^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[unknown-check-action]: unknown check action `Hnd`: expected `Hand`, `Cemetery`, `Field`, `BottomDeck`, `TopOrBottomDeck`, `TopDeckAnyOrder`, `TopDeckSameOrder` or `BottomDeckAnyOrder`
              --> cards.txt:19:49
               |
            19 | ability Fanfare name Typo { effect CheckTop(5, (Hnd, 1)); }
               |                                                 ^^^
               = help: did you mean `Hand`?
               = note: in card `Test Card` (T-001)

            error[unknown-complex-statement]: unknown ComplexEffect statement `jump`: expected `let`, `perform`, `performCostless` or `performIf`
              --> cards.txt:20:46
               |
            20 | ability Fanfare name Broken { effect Complex(jump Hit); }
               |                                              ^^^^
               = note: in card `Test Card` (T-001)

            error[unexpected-text]: unexpected `PP`: expected `(` to start a cost item such as `(PP, 1)` or `(EngageSelf)`
              --> cards.txt:23:36
               |
            23 |     cost (EarthRite, 2), (Pay, 1), PP;
               |                                    ^^
               = note: in card `Test Card` (T-001)

            error[unknown-cost]: unknown cost `EngagSelf`: expected a cost such as `PP`, `EngageSelf`, `Discard`, `SendToCemetery` or `OncePerTurn`
              --> cards.txt:27:11
               |
            27 |     cost (EngagSelf), (Pay, 1);
               |           ^^^^^^^^^
               = help: did you mean `EngageSelf`?
               = note: in card `Test Card` (T-001)

            error[unknown-cost]: unknown cost `Pay`: expected a cost such as `PP`, `EngageSelf`, `Discard`, `SendToCemetery` or `OncePerTurn`
              --> cards.txt:27:24
               |
            27 |     cost (EngagSelf), (Pay, 1);
               |                        ^^^
               = note: in card `Test Card` (T-001)

            warning[note]: `X` in a trigger filter is tested against the trigger card itself (spec §8.2), so it never matches: leave it out
              --> cards.txt:31:12
               |
            31 |     filter FX;
               |            ^^
               = note: in card `Test Card` (T-001)

            error[duplicate-filter-item]: filter item `F` appears twice: each kind of item may appear once (use `t(a,b)` for several traits or `|(...)` for alternatives)
              --> cards.txt:34:60
               |
            34 | ability Fanfare name Twice { effect Destroy() to AllCards FF#a; }
               |                                                            ^
               = note: in card `Test Card` (T-001)

            error[unbalanced]: unclosed `(`: expected a matching `)`
              --> cards.txt:35:64
               |
            35 | ability Fanfare name Unclosed { effect Destroy() to AllCards Ft(Pixie; }
               |                                                                ^
               = note: in card `Test Card` (T-001)

            error[syntax]: expected two numbers in `m(min,max)`
              --> cards.txt:36:66
               |
            36 | ability Fanfare name Bad Range { effect Destroy() to AllCards Fp(m(1)); }
               |                                                                  ^^^^
               = note: in card `Test Card` (T-001)

        "#]],
    );
}
