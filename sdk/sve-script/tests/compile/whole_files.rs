//! Whole files.

use crate::{check, check_abilities};
use expect_test::expect;

#[test]
fn one_bad_card_does_not_stop_the_others() {
    check(
        r#"
name First;
id EX20-001;
class Forest;
type Follower;
cost 1;
stats 1/1;
ability Fanfare {
    effect Draw(1);

name Second;
id EX20-002;
class Forest;
type Spell;
cost 1;
ability Spell { effect DealDamag(1) to OpponentLeader; }
ability Spel name Other { effect Draw(1); }

name Third;
id EX20-003;
class Forest;
type Spell;
cost 1;
ability Spell { effect Draw(1); }
"#,
        expect![[r#"
            card EX20-003 "Third" (cards.txt:19)
              Forestcraft Spell, cost 1
              #0 "Spell" spell Spell, spell effect (line 24)
                effect: DrawCard(amount: 1)
            rejected "First" (EX20-001) at line 2
            rejected "Second" (EX20-002) at line 11

            error[unclosed-brace]: unclosed `{`: expected `}` to end the ability
             --> cards.txt:8:17
              |
            8 | ability Fanfare {
              |                 ^
              = note: in card `First` (EX20-001)

            error[unknown-effect]: unknown effect `DealDamag`: expected an effect name from the catalogue (spec §5.4)
              --> cards.txt:16:24
               |
            16 | ability Spell { effect DealDamag(1) to OpponentLeader; }
               |                        ^^^^^^^^^
               = help: did you mean `DealDamage`?
               = note: in card `Second` (EX20-002)

            error[unknown-trigger]: unknown trigger `Spel`: expected a trigger such as `Fanfare`, `Spell`, `Act`, `OnEvolve` or `Passive`
              --> cards.txt:17:9
               |
            17 | ability Spel name Other { effect Draw(1); }
               |         ^^^^
               = help: did you mean `Spell`?
               = note: in card `Second` (EX20-002)

        "#]],
    );
}

#[test]
fn tokens_and_evolved_bases_are_linked_across_the_set() {
    check(
        r#"
name Summoner;
id EX21-001;
class Forest;
type Follower;
cost 1;
stats 1/1;
ability Fanfare { effect SummonToken(Fary, Field, 1); }
ability LastWords { effect SummonToken(Summoner, Field, 1); }

name Ghostly (Evolved);
id EX21-002;
class Abyss;
type Follower;
stats 2/2;

name Fairy;
id EX21-T01;
class Forest;
type Follower / Token;
cost 1;
stats 1/1;
"#,
        expect![[r#"
            card EX21-001 "Summoner" (cards.txt:2)
              Forestcraft Follower, cost 1, 1/1
              #0 "Fanfare" triggered Fanfare (line 8)
                effect: SummonToken(token: "Fary", option: Field, amount: 1)
              #1 "LastWords" triggered LastWords (line 9)
                effect: SummonToken(token: "Summoner", option: Field, amount: 1)
            card EX21-002 "Ghostly (Evolved)" (cards.txt:11)
              Abysscraft Evolved Follower, 2/2
            card EX21-T01 "Fairy" (cards.txt:17)
              Forestcraft Follower, cost 1, 1/1, token
              traits: Token

            warning[unresolved-token]: no card named `Fary` among the compiled cards
             --> cards.txt:8:38
              |
            8 | ability Fanfare { effect SummonToken(Fary, Field, 1); }
              |                                      ^^^^
              = help: did you mean `Fairy`?
              = note: in card `Summoner` (EX21-001)

            warning[not-a-token]: card `Summoner` is not a token (its traits lack `Token`)
             --> cards.txt:9:40
              |
            9 | ability LastWords { effect SummonToken(Summoner, Field, 1); }
              |                                        ^^^^^^^^
              = note: in card `Summoner` (EX21-001)

            warning[evolved-without-base]: evolved card without a base card named `Ghostly`
              --> cards.txt:11:1
               |
            11 | name Ghostly (Evolved);
               | ^^^^^^^^^^^^^^^^^^^^^^
               = note: in card `Ghostly (Evolved)` (EX21-002)

        "#]],
    );
}

#[test]
fn calls_by_name_that_loop_are_reported() {
    check_abilities(
        r#"
ability Fanfare name Start { effect Sequence(Again); }
ability Spell name Again { effect ChooseFromList(Start, Stop, Again); }
ability Spell name Stop { effect Draw(1); }
"#,
        expect![[r##"
            #0 "Start" triggered Fanfare (line 8)
              effect: Sequence(steps: [#1 "Again"])
            #1 "Again" spell Spell (line 9)
              effect: ChooseFromList(options: [#0 "Start", #2 "Stop", #1 "Again"])
            #2 "Stop" spell Spell (line 10)
              effect: DrawCard(amount: 1)

            warning[recursive-call]: ability `Start` can run itself again (through `Start` → `Again` → `Start`): a runtime must bound the call depth
             --> cards.txt:8:22
              |
            8 | ability Fanfare name Start { effect Sequence(Again); }
              |                      ^^^^^
              = note: in card `Test Card` (T-001)

            warning[recursive-call]: ability `Again` can run itself again (through `Again` → `Again`): a runtime must bound the call depth
             --> cards.txt:9:20
              |
            9 | ability Spell name Again { effect ChooseFromList(Start, Stop, Again); }
              |                    ^^^^^
              = note: in card `Test Card` (T-001)

        "##]],
    );
}

/// The irregular inputs of spec §13b not covered above: accepted, at most
/// with warnings.
#[test]
fn irregular_corpus_inputs_are_accepted() {
    check(
        r#"
name Jockey;
id EX23-001;
class Neutral;
universe Umamusume;
type Follower;
trait Umamusume;
cost 2;
stats 2/2;
serve;
ability OnRace name Sprint - Final "Push" {
    effect DiscardRandomCard() to Self;
}
ability Fanfare {
    effect Search(1, "", Hand);
}
ability Act name Deploy {
    cost (EngageSelf);
    effect PutExToFieldAndTarget(Kn(Dragon), Give Rush) to TargetPlayerCardEx Kn(Dragon);
}
ability Spell name Give Rush {
    effect GiveKeyword(Rush) to AllPlayerCards;
}
ability OnRace name Check {
    condition L < 7;
    effect Sequence("Sprint - Final Push");
}
"#,
        expect![[r#"
            card EX23-001 "Jockey" (cards.txt:2)
              Neutral Follower, cost 2, 2/2, Umamusume: Pretty Derby
              traits: Umamusume
              keywords: serve1
              #0 "Sprint - Final Push" triggered OnRace (line 11)
                effect: DiscardRandomCard(amount: 1)
              #1 "Fanfare" triggered Fanfare (line 14)
                effect: Search(count: 1, filter: "", action: Hand)
              #2 "Deploy" activated Act (line 17)
                costs: (EngageSelf)
                effect: PutExToFieldAndTarget(then: [#3 "Give Rush"]) to TargetPlayerCardEx Kn(Dragon)
              #3 "Give Rush" spell Spell (line 21)
                effect: GiveKeyword(keyword: Rush) to AllPlayerCards
              #4 "Check" triggered OnRace (line 24)
                condition: L<7
                effect: Sequence(steps: [#0 "Sprint - Final Push"])

            warning[unknown-ability]: no triggered or `Spell` ability named `Kn(Dragon)` on this card: the step is skipped
              --> cards.txt:19:34
               |
            19 |     effect PutExToFieldAndTarget(Kn(Dragon), Give Rush) to TargetPlayerCardEx Kn(Dragon);
               |                                  ^^^^^^^^^^
               = note: in card `Jockey` (EX23-001)

        "#]],
    );
}

#[test]
fn crlf_line_endings_are_accepted() {
    check(
        "name Windows;\r\nid EX22-001;\r\nclass Sword;\r\ntype Spell;\r\ncost 1;\r\ntext \"one\r\n  two\";\r\nability Spell {\r\n effect Draw(1);\r\n}\r\n",
        expect![[r#"
            card EX22-001 "Windows" (cards.txt:1)
              Swordcraft Spell, cost 1
              text: "one\ntwo"
              #0 "Spell" spell Spell, spell effect (line 8)
                effect: DrawCard(amount: 1)
        "#]],
    );
}
