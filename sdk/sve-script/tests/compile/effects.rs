//! Effects (spec §5).

use crate::check_abilities;
use expect_test::expect;

#[test]
fn to_clauses_targets_and_filters() {
    check_abilities(
        r#"
ability Fanfare name A { effect DealDamage(2) to TargetOpponentCard Kn(Forest  Bat)t(Vampire, Beast); }
ability Spell name B { effect DealDamage(1) to TargetOpponentCardOrLeader 1; }
ability Spell name C { effect Draw(1) to Opponent extra; }
ability Spell name D { effect FlipEvolveDeckFaceDown(F) to Self; }
ability Spell name E { effect DealDamageDivided(3) to Fm(1,2); }
ability Spell name F { effect GiveStat(Atk, 1) to Self F; }
ability Spell name G { effect Draw(1) to TargetPlayerCard; }
ability Spell name H { effect Salvage(1, Amulet); }
ability Fanfare name Run { effect Sequence(B, C, D, E, F, G, H); }
"#,
        expect![[r##"
            #0 "A" triggered Fanfare (line 8)
              effect: DealDamage(amount: 2) to TargetOpponentCard Kn(Forest Bat)t(Vampire,Beast)
            #1 "B" spell Spell (line 9)
              effect: DealDamage(amount: 1) to TargetOpponentCardOrLeader
            #2 "C" spell Spell (line 10)
              effect: DrawCard(amount: 1) to Opponent
            #3 "D" spell Spell (line 11)
              effect: FlipEvolveDeckFaceDown(filter: F)
            #4 "E" spell Spell (line 12)
              effect: DealDamageDivided(amount: 3, filter: Fm(1,2))
            #5 "F" spell Spell (line 13)
              effect: GiveStat(stat: Atk, amount: 1) to Self F
            #6 "G" spell Spell (line 14)
              effect: DrawCard(amount: 1) to TargetPlayerCard
            #7 "H" spell Spell (line 15)
              effect: Salvage(count: 1, filter: A)
            #8 "Run" triggered Fanfare (line 16)
              effect: Sequence(steps: [#1 "B", #2 "C", #3 "D", #4 "E", #5 "F"])

            warning[junk-in-filter]: `1` in a filter is not a filter item and is ignored
             --> cards.txt:9:75
              |
            9 | ability Spell name B { effect DealDamage(1) to TargetOpponentCardOrLeader 1; }
              |                                                                           ^
              = note: in card `Test Card` (T-001)

            warning[ignored-word]: word `extra` after the target mode is ignored
              --> cards.txt:10:51
               |
            10 | ability Spell name C { effect Draw(1) to Opponent extra; }
               |                                                   ^^^^^
               = note: in card `Test Card` (T-001)

            warning[ignored-target]: `FlipEvolveDeckFaceDown` takes no target: `to Self` is ignored
              --> cards.txt:11:57
               |
            11 | ability Spell name D { effect FlipEvolveDeckFaceDown(F) to Self; }
               |                                                         ^^^^^^^
               = note: in card `Test Card` (T-001)

            warning[filter-ignored-by-target]: target `Self` ignores filters: `F` does nothing here
              --> cards.txt:13:56
               |
            13 | ability Spell name F { effect GiveStat(Atk, 1) to Self F; }
               |                                                        ^
               = note: in card `Test Card` (T-001)

            warning[unreferenced-sub-ability]: `Spell` ability `G` is never called by name, so it never runs
              --> cards.txt:14:20
               |
            14 | ability Spell name G { effect Draw(1) to TargetPlayerCard; }
               |                    ^
               = note: in card `Test Card` (T-001)

            warning[target-mismatch]: target `TargetPlayerCard` selects cards, but only `Self`, `Leader`, `Opponent`, `OpponentLeader`, `AllPlayers` and `AllLeaders` are read for `Draw`
              --> cards.txt:14:42
               |
            14 | ability Spell name G { effect Draw(1) to TargetPlayerCard; }
               |                                          ^^^^^^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            warning[unreferenced-sub-ability]: `Spell` ability `H` is never called by name, so it never runs
              --> cards.txt:15:20
               |
            15 | ability Spell name H { effect Salvage(1, Amulet); }
               |                    ^
               = note: in card `Test Card` (T-001)

            warning[junk-in-filter]: `mulet` in a filter is not a filter item and is ignored
              --> cards.txt:15:43
               |
            15 | ability Spell name H { effect Salvage(1, Amulet); }
               |                                           ^^^^^
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
fn effect_call_mistakes() {
    check_abilities(
        r#"
ability Fanfare name A { effect DealDamag(2) to TargetOpponentCard F; }
ability Fanfare name B { effect Draw; }
ability Fanfare name C { effect DealDamage(2) TargetOpponentCard; }
ability Fanfare name D { effect DealDamage(2) to TargetOponentCard F; }
ability Fanfare name E { effect GiveKeyword() to Self; }
ability Fanfare name F { effect GiveStat(Attak, 1) to Self; }
ability Fanfare name G { effect SummonToken(Fairy, Fild, 1); }
ability Fanfare name H { effect MinusCostOther(1, WhileOnField); }
ability Fanfare name I { effect ReducedCost(1); }
ability Fanfare name J { effect GiveKeyword(Stack) to Self; }
"#,
        expect![[r#"
            (rejected)

            error[unknown-effect]: unknown effect `DealDamag`: expected an effect name from the catalogue (spec §5.4)
             --> cards.txt:8:33
              |
            8 | ability Fanfare name A { effect DealDamag(2) to TargetOpponentCard F; }
              |                                 ^^^^^^^^^
              = help: did you mean `DealDamage`?
              = note: in card `Test Card` (T-001)

            error[missing-parenthesis]: expected `(` after `Draw`: every effect call needs parentheses, even empty ones
             --> cards.txt:9:33
              |
            9 | ability Fanfare name B { effect Draw; }
              |                                 ^^^^
              = note: in card `Test Card` (T-001)

            error[unexpected-text]: unexpected `TargetOpponentCard`: expected `to <target> <filter>` or the end of the clause after the arguments
              --> cards.txt:10:47
               |
            10 | ability Fanfare name C { effect DealDamage(2) TargetOpponentCard; }
               |                                               ^^^^^^^^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[unknown-target]: unknown target mode `TargetOponentCard`: expected a target mode such as `Self`, `TargetOpponentCard` or `AllPlayerCards`
              --> cards.txt:11:50
               |
            11 | ability Fanfare name D { effect DealDamage(2) to TargetOponentCard F; }
               |                                                  ^^^^^^^^^^^^^^^^^
               = help: did you mean `TargetOpponentCard`?
               = note: in card `Test Card` (T-001)

            error[missing-argument]: `GiveKeyword` needs a keyword
              --> cards.txt:12:33
               |
            12 | ability Fanfare name E { effect GiveKeyword() to Self; }
               |                                 ^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[unknown-stat]: unknown stat `Attak`: expected a stat such as `Atk`, `Def`, `AtkDef`, `Cost`, `PP` or `MaxPP`
              --> cards.txt:13:42
               |
            13 | ability Fanfare name F { effect GiveStat(Attak, 1) to Self; }
               |                                          ^^^^^
               = help: did you mean `Attack`?
               = note: in card `Test Card` (T-001)

            error[unknown-token-option]: unknown token option `Fild`: expected `Field`, `ExArea`, `FieldOverflowToEx` or `ChooseForEachFieldOrEx`
              --> cards.txt:14:52
               |
            14 | ability Fanfare name G { effect SummonToken(Fairy, Fild, 1); }
               |                                                    ^^^^
               = help: did you mean `Field`?
               = note: in card `Test Card` (T-001)

            error[wrong-effect-context]: `MinusCostOther` cannot be used in this ability: expected a `Passive` ability for passive effects
              --> cards.txt:15:33
               |
            15 | ability Fanfare name H { effect MinusCostOther(1, WhileOnField); }
               |                                 ^^^^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[wrong-effect-context]: `ReducedCost` cannot be used in this ability: expected an ability with trigger `ModifiedCost` for cost modifiers
              --> cards.txt:16:33
               |
            16 | ability Fanfare name I { effect ReducedCost(1); }
               |                                 ^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

            error[counter-as-keyword]: `Stack` is a counter, not a keyword: expected `GiveCounter(Stack, n)`
              --> cards.txt:17:45
               |
            17 | ability Fanfare name J { effect GiveKeyword(Stack) to Self; }
               |                                             ^^^^^
               = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn every_standard_effect_compiles() {
    check_abilities(
        r#"
ability Fanfare name All {
    effect Sequence(Draw, Mill, Redraw, Search, Search Then);
}
ability Spell name Draw { effect Draw(2) to AllPlayers; }
ability Spell name Mill { effect Mill(2); }
ability Spell name Redraw { effect RedrawHand(H); }
ability Spell name Search { effect Search(m(0,1), Ft(Officer), Hand); }
ability Spell name Search Then { effect SearchAndTarget(1, F, Field, Draw); }
ability Fanfare name A1 { effect DrawThenDamage(1, 2) to TargetOpponentCard F; }
ability Fanfare name A2 { effect TopDeckToEx(1); }
ability Fanfare name A3 { effect TopDeckToExAndTarget(1, Draw); }
ability Fanfare name A4 { effect DestroyCard() to TargetOpponentCard F; }
ability Fanfare name A5 { effect BanishCard() to AllCards F; }
ability Fanfare name A6 { effect ReturnToHand() to Self; }
ability Fanfare name A7 { effect SendToCemetery() to TargetPlayerCard A; }
ability Fanfare name A8 { effect SendToExArea() to Self; }
ability Fanfare name A9 { effect TopDeck() to TargetCard F; }
ability Fanfare name B1 { effect BottomDeck() to TargetCard F; }
ability Fanfare name B2 { effect TopOrBottomDeck() to TargetCard F; }
ability Fanfare name B3 { effect PutExToFieldAndTarget(Draw) to TargetPlayerCardEx F; }
ability Fanfare name B4 { effect DestroyAndControllerPerformEffect(Draw) to TargetCard F; }
ability Fanfare name B5 { effect Discard(1, S); }
ability Fanfare name B6 { effect DiscardHand(); }
ability Fanfare name B7 { effect DiscardRandomCards(1) to OpponentLeader; }
ability Fanfare name B8 { effect DiscardFromOpponentHand(1); }
ability Fanfare name B9 { effect DiscardToBottomDeck(m(0,2)); }
ability Fanfare name C1 { effect HandToExArea(1, F); }
ability Fanfare name C2 { effect HandToExAreaAndTarget(1, F, Draw); }
ability Fanfare name C3 { effect HandToField(1, Fp(m(0,2))); }
ability Fanfare name C4 { effect CemeteryToField(1) to TriggerCard; }
ability Fanfare name C5 { effect CemeteryToFieldAndTarget(1, F, Draw); }
ability Fanfare name C6 { effect PlaySpellFromCemetery(p(m(0,3))); }
ability Fanfare name C7 { effect PlaySpellFromCemeterySetCost(S, 0); }
ability Fanfare name C8 { effect GiveStatEndOfTurn(Cost, -5) to AllPlayerCards; }
ability Fanfare name C9 { effect SetStat(Def, 10) to OpponentLeader; }
ability Fanfare name D1 { effect SetStatEndOfTurn(Cost, 0) to Self; }
ability Fanfare name D2 { effect Engage() to TargetOpponentCard F; }
ability Fanfare name D3 { effect ReserveCard() to Self; }
ability Fanfare name D4 { effect GiveTrait(Golem) to Self; }
ability Fanfare name D5 { effect GiveKeywordEndOfTurn(CantAttack) to AllOpponentCards F; }
ability Fanfare name D6 { effect GiveKeywordEndOfNextTurn(Intimidate) to Self; }
ability Fanfare name D7 { effect GiveCounters(Stack, 2) to TargetPlayerCard A; }
ability Fanfare name D8 { effect RemoveCounters(Spell) to Self; }
ability Fanfare name D9 { effect MoveCounter(StackCounter, 1) to TargetPlayerCard Ar(Stack); }
ability Fanfare name E1 { effect SummonTokenAndTarget(Knight, Field, 1, Draw); }
ability Fanfare name E2 { effect Transform(Fairy) to TargetOpponentCard F; }
ability Fanfare name E3 { effect ChooseAmountFromList(m(1,2), Draw, Mill, Redraw); }
ability Fanfare name E4 { effect RollDice(Draw, _, Mill, , Redraw, Draw); }
ability Fanfare name E5 { effect TargetForEffectSequence(Draw) to TargetPlayerCard F; }
ability Fanfare name E6 { effect TargetForSequenceWithTargetAmount(3~(E)4, Hit) to TargetOpponentCard F; }
ability Spell name Hit { effect DealDamage(_) to AllOpponentCards; }
ability Fanfare name E7 { effect PerformWithTargetAmount(A, Hit) to TargetPlayerCard F; }
ability Fanfare name E8 { effect PerformAsEachTarget(Hit) to AllPlayerCards FX; }
ability Fanfare name E9 { effect OpponentPerformEffect(Mill) to TargetOpponentCard F; }
ability Fanfare name F1 { effect ShuffleDeck(); }
ability Fanfare name F2 { effect RevealTop(m(1,3), (Hand, S, 1), (TopOrBottomDeck), (TopDeckSameOrder)); }
ability Fanfare name F3 { effect ExtraTurn(); }
ability Fanfare name F4 { effect FlipEvolveDeckFaceDown(E, 1); }
"#,
        expect![[r##"
            #0 "All" triggered Fanfare (line 8)
              effect: Sequence(steps: [#1 "Draw", #2 "Mill", #3 "Redraw", #4 "Search", #5 "Search Then"])
            #1 "Draw" spell Spell (line 11)
              effect: DrawCard(amount: 2) to AllPlayers
            #2 "Mill" spell Spell (line 12)
              effect: Mill(amount: 2)
            #3 "Redraw" spell Spell (line 13)
              effect: RedrawHand(amount: H)
            #4 "Search" spell Spell (line 14)
              effect: Search(count: m(0,1), filter: Ft(Officer), action: Hand)
            #5 "Search Then" spell Spell (line 15)
              effect: SearchAndTarget(count: 1, filter: F, action: Field, then: [#1 "Draw"])
            #6 "A1" triggered Fanfare (line 16)
              effect: DrawThenDamage(draw: 1, damage: 2) to TargetOpponentCard F
            #7 "A2" triggered Fanfare (line 17)
              effect: TopDeckToEx(amount: 1)
            #8 "A3" triggered Fanfare (line 18)
              effect: TopDeckToExAndTarget(amount: 1, then: [#1 "Draw"])
            #9 "A4" triggered Fanfare (line 19)
              effect: Destroy() to TargetOpponentCard F
            #10 "A5" triggered Fanfare (line 20)
              effect: Banish() to AllCards F
            #11 "A6" triggered Fanfare (line 21)
              effect: ReturnToHand() to Self
            #12 "A7" triggered Fanfare (line 22)
              effect: SendToCemetery() to TargetPlayerCard A
            #13 "A8" triggered Fanfare (line 23)
              effect: SendToEx() to Self
            #14 "A9" triggered Fanfare (line 24)
              effect: TopDeck() to TargetCard F
            #15 "B1" triggered Fanfare (line 25)
              effect: BottomDeck() to TargetCard F
            #16 "B2" triggered Fanfare (line 26)
              effect: TopOrBottomDeck() to TargetCard F
            #17 "B3" triggered Fanfare (line 27)
              effect: PutExToFieldAndTarget(then: [#1 "Draw"]) to TargetPlayerCardEx F
            #18 "B4" triggered Fanfare (line 28)
              effect: DestroyAndControllerPerformEffect(ability: #1 "Draw") to TargetCard F
            #19 "B5" triggered Fanfare (line 29)
              effect: Discard(count: 1, filter: S)
            #20 "B6" triggered Fanfare (line 30)
              effect: DiscardHand()
            #21 "B7" triggered Fanfare (line 31)
              effect: DiscardRandomCard(amount: 1) to OpponentLeader
            #22 "B8" triggered Fanfare (line 32)
              effect: DiscardFromOpponentHand(count: 1, filter: "")
            #23 "B9" triggered Fanfare (line 33)
              effect: DiscardToBottomDeck(count: m(0,2), filter: "")
            #24 "C1" triggered Fanfare (line 34)
              effect: HandToEx(count: 1, filter: F)
            #25 "C2" triggered Fanfare (line 35)
              effect: HandToExAndTarget(count: 1, filter: F, then: [#1 "Draw"])
            #26 "C3" triggered Fanfare (line 36)
              effect: HandToField(count: 1, filter: Fp(m(0,2)))
            #27 "C4" triggered Fanfare (line 37)
              effect: CemeteryToField(count: 1, filter: "") to TriggerCard
            #28 "C5" triggered Fanfare (line 38)
              effect: CemeteryToFieldAndTarget(count: 1, filter: F, then: [#1 "Draw"])
            #29 "C6" triggered Fanfare (line 39)
              effect: PlaySpellFromCemetery(filter: p(m(0,3)))
            #30 "C7" triggered Fanfare (line 40)
              effect: PlaySpellFromCemeterySetCost(filter: S, cost: 0)
            #31 "C8" triggered Fanfare (line 41)
              effect: GiveStatEndOfTurn(stat: Cost, amount: -5) to AllPlayerCards
            #32 "C9" triggered Fanfare (line 42)
              effect: SetStat(stat: Def, amount: 10) to OpponentLeader
            #33 "D1" triggered Fanfare (line 43)
              effect: SetStatEndOfTurn(stat: Cost, amount: 0) to Self
            #34 "D2" triggered Fanfare (line 44)
              effect: EngageCard() to TargetOpponentCard F
            #35 "D3" triggered Fanfare (line 45)
              effect: ReserveCard() to Self
            #36 "D4" triggered Fanfare (line 46)
              effect: GiveTrait(trait: "Golem") to Self
            #37 "D5" triggered Fanfare (line 47)
              effect: GiveKeywordEndOfTurn(keyword: CannotAttack) to AllOpponentCards F
            #38 "D6" triggered Fanfare (line 48)
              effect: GiveKeywordEndOfNextTurn(keyword: Intimidate) to Self
            #39 "D7" triggered Fanfare (line 49)
              effect: GiveCounter(counter: Stack, amount: 2) to TargetPlayerCard A
            #40 "D8" triggered Fanfare (line 50)
              effect: RemoveCounter(counter: Spell) to Self
            #41 "D9" triggered Fanfare (line 51)
              effect: MoveCounter(counter: Stack, amount: 1) to TargetPlayerCard Ar(Stack,1)
            #42 "E1" triggered Fanfare (line 52)
              effect: SummonTokenAndTarget(token: "Knight", option: Field, amount: 1, then: [#1 "Draw"])
            #43 "E2" triggered Fanfare (line 53)
              effect: Transform(token: "Fairy") to TargetOpponentCard F
            #44 "E3" triggered Fanfare (line 54)
              effect: ChooseAmountFromList(count: m(1,2), options: [#1 "Draw", #2 "Mill", #3 "Redraw"])
            #45 "E4" triggered Fanfare (line 55)
              effect: RollDice(faces: [#1 "Draw", _, #2 "Mill", _, #3 "Redraw", #1 "Draw"])
            #46 "E5" triggered Fanfare (line 56)
              effect: TargetForSequence(then: [#1 "Draw"]) to TargetPlayerCard F
            #47 "E6" triggered Fanfare (line 57)
              effect: TargetForSequenceWithTargetAmount(amount: 3~(E)4, then: [#48 "Hit"]) to TargetOpponentCard F
            #48 "Hit" spell Spell (line 58)
              effect: DealDamage(amount: _) to AllOpponentCards
            #49 "E7" triggered Fanfare (line 59)
              effect: PerformWithTargetAmount(amount: A, then: [#48 "Hit"]) to TargetPlayerCard F
            #50 "E8" triggered Fanfare (line 60)
              effect: PerformAsEachTarget(ability: #48 "Hit") to AllPlayerCards FX
            #51 "E9" triggered Fanfare (line 61)
              effect: OpponentPerformEffect(ability: #2 "Mill") to TargetOpponentCard F
            #52 "F1" triggered Fanfare (line 62)
              effect: Shuffle()
            #53 "F2" triggered Fanfare (line 63)
              effect: RevealTop(count: m(1,3), actions: (Hand, S, 1), (TopOrBottomDeck), (TopDeckSameOrder))
            #54 "F3" triggered Fanfare (line 64)
              effect: ExtraTurn()
            #55 "F4" triggered Fanfare (line 65)
              effect: FlipEvolveDeckFaceDown(filter: E, count: 1)
        "##]],
    );
}

#[test]
fn passive_effects_and_their_two_filter_places() {
    check_abilities(
        r#"
ability Passive name Rally {
    condition f(A) > 0;
    effect GiveKeyword(Assail, WhileOnField) to AllPlayerCards Ft(Officer)X;
}
ability Passive name Line {
    filter Kn(Fairy);
    effect GiveStat(Def, 1, OpponentTurn) to AllPlayerCards;
}
ability Passive name Discount {
    effect MinusCostOther(1, WhileOnField) to AllPlayerCards S;
    filter A;
}
"#,
        expect![[r##"
            #0 "Rally" passive Passive (line 8)
              condition: f(A)>0
              effect: GiveKeyword(keyword: Assail, duration: WhileOnField) to AllPlayerCards Ft(Officer)X
            #1 "Line" passive Passive (line 12)
              effect: GiveStat(stat: Def, amount: 1, duration: OpponentTurn) to AllPlayerCards Kn(Fairy)
            #2 "Discount" passive Passive (line 16)
              effect: MinusCostOther(amount: 1, duration: WhileOnField) to AllPlayerCards S

            warning[passive-filter-twice]: this ability has both a `to` filter and a `filter` line: the `to` filter is used
              --> cards.txt:18:12
               |
            18 |     filter A;
               |            ^
               = note: in card `Test Card` (T-001)

        "##]],
    );
}

#[test]
fn cost_modifiers() {
    check_abilities(
        r#"
ability ModifiedCost name Sacrifice {
    cost (SendToCemetery, TargetPlayerCard, Fm(2,2));
    effect AlternateCost();
}
ability ModifiedCost {
    condition s(5);
    effect ReducedCost([3s(10)6]s(15)9);
}
ability ModifiedCost name Free {
    effect AlternateCost();
}
"#,
        expect![[r##"
            #0 "Sacrifice" cost-modifier ModifiedCost (line 8)
              costs: (SendToCemetery, TargetPlayerCard, Fm(2,2))
              effect: AlternateCost()
            #1 "ModifiedCost" cost-modifier ModifiedCost (line 12)
              condition: 0s(5)1
              effect: ReducedCost(amount: [3s(10)6]s(15)9)
            #2 "Free" cost-modifier ModifiedCost (line 16)
              effect: AlternateCost()

            warning[note]: `AlternateCost()` without a `cost` line lets the card be played for free
              --> cards.txt:16:1
               |
            16 | ability ModifiedCost name Free {
               | ^^^^^^^^^^^^^^^^^^^^
               = note: in card `Test Card` (T-001)

        "##]],
    );
}

#[test]
fn check_top_actions() {
    check_abilities(
        r#"
ability Fanfare name Look { effect CheckTop(3, (Hand, S, 1), (BottomDeckAnyOrder)); }
ability Fanfare name Dig { effect CheckTop(2, (Cemetery)); }
ability Fanfare name Three { effect CheckTop(5, (Hand, 1), (Field, A, 1), (TopDeckAnyOrder)); }
"#,
        expect![[r##"
            #0 "Look" triggered Fanfare (line 8)
              effect: CheckTop(count: 3, actions: (Hand, S, 1), (BottomDeckAnyOrder))
            #1 "Dig" triggered Fanfare (line 9)
              effect: CheckTop(count: 2, actions: (Cemetery))
            #2 "Three" triggered Fanfare (line 10)
              effect: CheckTop(count: 5, actions: (Hand, 1), (Field, A, 1), (TopDeckAnyOrder))
        "##]],
    );
}

#[test]
fn complex_effect_scripts() {
    check_abilities(
        r#"
ability Fanfare {
    effect ComplexEffect(
        let top = revealTopDeck.getValue(P)
        perform Hit { amount = top }
        let amt = payCost(Bounce).movedCardsCount
        let amt = amt * 2
        performCostless Hit { amount = amt }
        performIf [top%2]=1 then Hit else Draw One
    );
}
ability Spell name Hit { effect DealDamage(_) to OpponentLeader; }
ability Spell name Bounce {
    cost (ReturnToHand, TargetPlayerCard, Fm(0,5));
    effect Draw(0);
}
ability Spell name Draw One { effect Draw(1); }
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: ComplexEffect(5 steps)
                $0 = revealTopDeck.getValue(P)
                perform #1 "Hit" { amount = $0 }
                $1 = payCost(#2 "Bounce").movedCardsCount
                performCostless #1 "Hit" { amount = $1*2 }
                performIf [$0%2]=1 then #1 "Hit" else #3 "Draw One"
            #1 "Hit" spell Spell (line 18)
              effect: DealDamage(amount: _) to OpponentLeader
            #2 "Bounce" spell Spell (line 19)
              costs: (ReturnToHand, TargetPlayerCard, Fm(0,5))
              effect: DrawCard(amount: 0)
            #3 "Draw One" spell Spell (line 23)
              effect: DrawCard(amount: 1)
        "##]],
    );
}

#[test]
fn a_passive_also_named_gives_an_extra_name() {
    // Later-sets §8.2: "this follower's name is also Puppet".
    check_abilities(
        r#"
ability Passive {
    effect AlsoNamed(Puppet);
}
"#,
        expect![[r##"
            #0 "Passive" passive Passive (line 8)
              effect: AlsoNamed(name: "Puppet")
        "##]],
    );
}

#[test]
fn passives_name_evolved_cards_and_a_front_face() {
    // Later-sets §10: "evolve this follower into a Maiden, Gentle Thaw"
    // (quotes keep the comma) and "the back face of LTS-066".
    check_abilities(
        r#"
ability Passive name Into {
    effect EvolvesInto("Maiden, Gentle Thaw");
}
ability Passive name Face {
    effect BackFaceOf(LTS-066);
}
"#,
        expect![[r##"
            #0 "Into" passive Passive (line 8)
              effect: EvolvesInto(name: "Maiden, Gentle Thaw")
            #1 "Face" passive Passive (line 11)
              effect: BackFaceOf(front: "LTS-066")
        "##]],
    );
}

#[test]
fn a_face_of_its_own_evolve_cost_and_a_printings_other_name() {
    // Later-sets §10: "[evolve] [cost04]: evolve this follower into an
    // Ember, Roaring Blaze" (BP09-018's form); §8.1: "printed as Velvet
    // Ribbon".
    check_abilities(
        r#"evolve 1;
ability Passive name Into {
    effect EvolvesInto("Ember, Roaring Blaze", 4);
}
ability Passive name Printed {
    effect AlternateName("Velvet Ribbon");
}
"#,
        expect![[r##"
            #0 "Into" passive Passive (line 8)
              effect: EvolvesInto(name: "Ember, Roaring Blaze", cost: 4)
            #1 "Printed" passive Passive (line 11)
              effect: AlternateName(name: "Velvet Ribbon")
            keywords: Evolve
        "##]],
    );
    // A cost that is not a whole number is an error.
    check_abilities(
        r#"evolve 1;
ability Passive {
    effect EvolvesInto("Ember, Roaring Blaze", X);
}
"#,
        expect![[r#"
            (rejected)

            error[bad-number]: expected a whole number of at least 0, found `X`
             --> cards.txt:9:48
              |
            9 |     effect EvolvesInto("Ember, Roaring Blaze", X);
              |                                                ^
              = note: in card `Test Card` (T-001)

        "#]],
    );
    // So is one card data can't hold.
    check_abilities(
        r#"evolve 1;
ability Passive {
    effect EvolvesInto("Ember, Roaring Blaze", 300);
}
"#,
        expect![[r#"
            (rejected)

            error[bad-number]: expected an evolve cost from 0 to 255, found `300`
             --> cards.txt:9:48
              |
            9 |     effect EvolvesInto("Ember, Roaring Blaze", 300);
              |                                                ^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
    // So is a face's cost on a card without an evolve ability.
    check_abilities(
        r#"
ability Passive {
    effect EvolvesInto("Ember, Roaring Blaze", 4);
}
"#,
        expect![[r#"
            (rejected)

            error[face-cost-without-evolve]: `EvolvesInto(name, cost)` gives an evolve ability's cost, and this card has none (add `evolve N;`)
             --> cards.txt:8:1
              |
            8 | ability Passive {
              | ^^^^^^^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn a_passive_gives_the_card_a_trigger_icon() {
    // Later-sets §2.1: "Heal Trigger" is card data of a Vanguard card.
    check_abilities(
        r#"
ability Passive {
    effect TriggerIcon(Heal);
}
"#,
        expect![[r##"
            #0 "Passive" passive Passive (line 8)
              effect: TriggerIcon(icon: Heal)
        "##]],
    );
    check_abilities(
        r#"
ability Passive {
    effect TriggerIcon(Healing);
}
"#,
        expect![[r#"
            (rejected)

            error[unknown-trigger-icon]: unknown Trigger icon `Healing`: expected `Critical`, `Draw`, `Stand` or `Heal`
             --> cards.txt:9:24
              |
            9 |     effect TriggerIcon(Healing);
              |                        ^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn a_ride_gives_drive_and_on_drive_answers_it() {
    // Later-sets §2.4-§2.5: "[ride] [cost01]: Give this follower Drive."
    check_abilities(
        r#"
ability Act name Ride {
    cost (Ride), (PP, 1);
    effect GiveDrive() to Self;
}
ability OnDrive {
    effect Draw(1);
}
ability OnDriveCheck {
    effect GiveStat(Atk, 1) to TriggerCard;
}
ability OnDriveCheckTrigger {
    effect GiveStat(Def, 1) to Leader;
}
"#,
        expect![[r##"
            #0 "Ride" activated Act (line 8)
              costs: (Ride), (PP, 1)
              effect: GiveDrive() to Self
            #1 "OnDrive" triggered OnDrive (line 12)
              effect: DrawCard(amount: 1)
            #2 "OnDriveCheck" triggered OnDriveCheck (line 15)
              effect: GiveStat(stat: Atk, amount: 1) to TriggerCard
            #3 "OnDriveCheckTrigger" triggered OnDriveCheckTrigger (line 18)
              effect: GiveStat(stat: Def, amount: 1) to Leader
        "##]],
    );
    // A Ride is an activated ability.
    check_abilities(
        r#"
ability Fanfare {
    cost (Ride);
    effect GiveDrive() to Self;
}
"#,
        expect![[r#"
            (rejected)

            error[advanced-outside-act]: `(Ride)` on a `Fanfare` ability: `[adv]` marks an `Act` ability (a Ride is one)
             --> cards.txt:9:10
              |
            9 |     cost (Ride);
              |          ^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn equip_makes_equipment_and_only_equipment_names_its_follower() {
    // Later-sets §5: "[fanfare] Equip this follower with a Keepsake".
    check_abilities(
        r#"
ability Fanfare {
    effect Equip(Keepsake) to Self;
}
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: Equip(token: "Keepsake") to Self

            warning[unresolved-token]: no card named `Keepsake` among the compiled cards
             --> cards.txt:9:18
              |
            9 |     effect Equip(Keepsake) to Self;
              |                  ^^^^^^^^
              = note: in card `Test Card` (T-001)

        "##]],
    );
    // The follower an equipment token equips is named by that token's
    // passives only.
    check_abilities(
        r#"
ability Passive {
    effect GiveKeyword(Storm, WhileOnField) to EquippedFollower;
}
"#,
        expect![[r#"
            (rejected)

            error[equipped-outside-equipment]: `to EquippedFollower` names the follower an equipment token equips: only a passive ability of a `type Amulet / Equipment;` card can use it
             --> cards.txt:8:9
              |
            8 | ability Passive {
              |         ^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
    // "When a follower equips this" is an equipment token's trigger only.
    check_abilities(
        r#"
ability OnEquipped {
    effect Draw(1);
}
"#,
        expect![[r#"
            (rejected)

            error[on-equipped-outside-equipment]: `OnEquipped` is "when a follower equips this": only a `type Amulet / Token / Equipment;` card is ever equipped
             --> cards.txt:8:9
              |
            8 | ability OnEquipped {
              |         ^^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn effects_take_advanced_cards_out_of_the_evolve_deck() {
    // Later-sets §6.1: "summon ... from your evolve deck" and "you may play
    // ... from your evolve deck".
    check_abilities(
        r#"
ability Fanfare {
    effect EvolveDeckToField(m(0,1), n(Ascendant Herald));
}
ability Act name Call {
    effect PlayFromEvolveDeck(n(Ascendant Blast));
}
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: EvolveDeckToField(count: m(0,1), filter: n(Ascendant Herald))
            #1 "Call" activated Act (line 11)
              effect: PlayFromEvolveDeck(filter: n(Ascendant Blast))
        "##]],
    );
}

#[test]
fn damage_replacements_on_leaders_and_followers() {
    // Later-sets §11.2, §12.14: "your leader takes 1 less damage this
    // turn", "the next time this follower would take damage, it takes
    // none", "if your leader would take more than 4 damage from an
    // ability, it takes 4 instead".
    check_abilities(
        r#"
ability Fanfare {
    effect TakeLessDamage(1, Any, EndOfTurn) to Leader;
}
ability OnEvolve {
    effect TakeNoDamage(Any, WhileOnField, NextTime) to Self;
}
ability LastWords {
    effect TakeAtMostDamage(4, Ability, EndOfNextTurn) to Leader;
}
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: TakeLessDamage(amount: 1, damage: Any, duration: EndOfTurn) to Leader
            #1 "OnEvolve" triggered OnEvolve (line 11)
              effect: TakeNoDamage(damage: Any, duration: WhileOnField, next: NextTime) to Self
            #2 "LastWords" triggered LastWords (line 14)
              effect: TakeAtMostDamage(amount: 4, damage: Ability, duration: EndOfNextTurn) to Leader
        "##]],
    );
    check_abilities(
        r#"
ability Fanfare {
    effect TakeNoDamage(Some, OpponentTurn) to Leader;
}
"#,
        expect![[r#"
            (rejected)

            error[unknown-damage-kind]: unknown damage kind `Some`: expected `Any`, `Ability` or `Combat`
             --> cards.txt:9:25
              |
            9 |     effect TakeNoDamage(Some, OpponentTurn) to Leader;
              |                         ^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn an_x_cost_and_the_x_it_paid() {
    // Later-sets §1.3: "[act] [costX]: Deal X damage to an enemy follower."
    check_abilities(
        r#"
ability Act {
    cost (PP, X);
    effect DealDamage(#(X)) to TargetOpponentCard F;
}
"#,
        expect![[r##"
            #0 "Act" activated Act (line 8)
              costs: (PP, X)
              effect: DealDamage(amount: #(X)) to TargetOpponentCard F
        "##]],
    );
}

#[test]
fn maneuver_and_type_change() {
    // Later-sets §12.4, §12.6: "[act] Maneuver this amulet." and "Change an
    // enemy follower into an amulet."
    check_abilities(
        r#"
ability Act {
    effect Maneuver() to Self;
}
ability Fanfare {
    effect ChangeType(Amulet) to TargetOpponentCard F;
}
"#,
        expect![[r##"
            #0 "Act" activated Act (line 8)
              effect: Maneuver() to Self
            #1 "Fanfare" triggered Fanfare (line 11)
              effect: ChangeType(type: Amulet) to TargetOpponentCard F
        "##]],
    );
    check_abilities(
        r#"
ability Fanfare {
    effect ChangeType(Spell) to TargetOpponentCard F;
}
"#,
        expect![[r#"
            (rejected)

            error[unknown-card-type]: unknown card type `Spell`: expected `Follower` or `Amulet`
             --> cards.txt:9:23
              |
            9 |     effect ChangeType(Spell) to TargetOpponentCard F;
              |                       ^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn effects_on_a_player_for_a_window_of_turns() {
    // Later-sets §12.10, §12.12: "During your opponent's next turn, they
    // can't play followers / cards they play cost 1 more", "For the rest of
    // this turn, you may play cards from your banished zone."
    check_abilities(
        r#"
ability Fanfare {
    effect RestrictPlayer(CannotPlayFollowers, NextTurn) to Opponent;
}
ability LastWords {
    effect ChangePlayCost(1, NextTurn) to Opponent;
}
ability Act {
    effect AllowPlayFromBanished(ThisTurn) to Self;
}
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: RestrictPlayer(what: CannotPlayFollowers, window: NextTurn) to Opponent
            #1 "LastWords" triggered LastWords (line 11)
              effect: ChangePlayCost(amount: 1, window: NextTurn) to Opponent
            #2 "Act" activated Act (line 14)
              effect: AllowPlayFromBanished(window: ThisTurn)
        "##]],
    );
    check_abilities(
        r#"
ability Fanfare {
    effect RestrictPlayer(NoAttacks, NextTurn) to Opponent;
}
"#,
        expect![[r#"
            (rejected)

            error[unknown-restriction]: unknown restriction `NoAttacks`: expected `NoStartPhaseDraw`, `NoMaxPpIncrease` or `CannotPlayFollowers`
             --> cards.txt:9:27
              |
            9 |     effect RestrictPlayer(NoAttacks, NextTurn) to Opponent;
              |                           ^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
    check_abilities(
        r#"
ability Fanfare {
    effect ChangePlayCost(1, Forever) to Opponent;
}
"#,
        expect![[r#"
            (rejected)

            error[unknown-turn-window]: unknown turn window `Forever`: expected `ThisTurn` or `NextTurn`
             --> cards.txt:9:30
              |
            9 |     effect ChangePlayCost(1, Forever) to Opponent;
              |                              ^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn a_passive_sends_cards_elsewhere_instead_of_the_cemetery() {
    // Later-sets §11.2: "If this follower would be put into the cemetery
    // from the field, put it into your EX area instead."
    check_abilities(
        r#"
ability Passive {
    effect InsteadOfCemetery(ExArea, WhileOnField) to Self;
}
"#,
        expect![[r##"
            #0 "Passive" passive Passive (line 8)
              effect: InsteadOfCemetery(zone: ExArea, duration: WhileOnField) to Self
        "##]],
    );
    check_abilities(
        r#"
ability Passive {
    effect InsteadOfCemetery(Graveyard, WhileOnField) to Self;
}
"#,
        expect![[r#"
            (rejected)

            error[unknown-zone]: unknown zone `Graveyard`: expected `Banished`, `ExArea`, `Hand`, `DeckTop` or `DeckBottom`
             --> cards.txt:9:30
              |
            9 |     effect InsteadOfCemetery(Graveyard, WhileOnField) to Self;
              |                              ^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn an_ability_sends_cards_elsewhere_instead_of_the_cemetery_for_a_while() {
    // Later-sets §11.2: "Until the end of the turn, if an enemy follower
    // would be put into the cemetery, banish it instead."
    check_abilities(
        r#"
ability Fanfare {
    effect InsteadOfCemetery(Banished, EndOfTurn) to AllOpponentCards F;
}
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: InsteadOfCemetery(zone: Banished, duration: EndOfTurn) to AllOpponentCards F
        "##]],
    );
    check_abilities(
        r#"
ability Fanfare {
    effect InsteadOfCemetery(Banished, OpponentTurn) to AllOpponentCards F;
}
"#,
        expect![[r#"
            (rejected)

            error[unknown-duration]: unknown duration `OpponentTurn`: expected `WhileOnField`, `EndOfTurn` or `EndOfNextTurn`
             --> cards.txt:9:40
              |
            9 |     effect InsteadOfCemetery(Banished, OpponentTurn) to AllOpponentCards F;
              |                                        ^^^^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}

#[test]
fn a_declared_card_name_is_read_by_a_filter() {
    // `DeclareCardName()` and `n(#Declared)` (later-sets §12.11, IR 23).
    check_abilities(
        r#"
ability Fanfare {
    effect Sequence(Declare, Hunt);
}
ability Spell name Declare {
    effect DeclareCardName();
}
ability Spell name Hunt {
    effect Destroy() to TargetOpponentCard Fn(#Declared);
}
"#,
        expect![[r##"
            #0 "Fanfare" triggered Fanfare (line 8)
              effect: Sequence(steps: [#1 "Declare", #2 "Hunt"])
            #1 "Declare" spell Spell (line 11)
              effect: DeclareCardName()
            #2 "Hunt" spell Spell (line 14)
              effect: Destroy() to TargetOpponentCard Fn(#Declared)
        "##]],
    );
}

#[test]
fn a_filter_reads_the_x_paid() {
    // `p(m(min,X))`: "costing X or less" (later-sets §1.3, IR 23).
    check_abilities(
        r#"
ability OnEvolve {
    cost (PP, X);
    effect CemeteryToField(1, Fp(m(0,X)));
}
"#,
        expect![[r##"
            #0 "OnEvolve" triggered OnEvolve (line 8)
              costs: (PP, X)
              effect: CemeteryToField(count: 1, filter: Fp(m(0,X)))
        "##]],
    );
}

#[test]
fn a_test_of_what_no_ability_makes_is_an_error() {
    // `n(#Declared)` with no `DeclareCardName()`, `p(m(0,X))` with no
    // `(PP, X)`: they would match nothing, or every 0-cost card, in silence.
    check_abilities(
        r#"
ability Fanfare {
    effect Destroy() to TargetOpponentCard Fn(#Declared);
}
ability Act {
    effect Destroy() to TargetOpponentCard Fp(m(0,X));
}
"#,
        expect![[r#"
            (rejected)

            error[read-without-maker]: the filter test `n(#Declared)` reads what `DeclareCardName()` makes, and no ability of this card has one
             --> cards.txt:1:1
              |
            1 | name Test Card;
              | ^^^^^^^^^^^^^^
              = note: in card `Test Card` (T-001)

            error[read-without-maker]: the filter test `p(m(min,X))` reads what a `(PP, X)` cost makes, and no ability of this card has one
             --> cards.txt:1:1
              |
            1 | name Test Card;
              | ^^^^^^^^^^^^^^
              = note: in card `Test Card` (T-001)

        "#]],
    );
}
