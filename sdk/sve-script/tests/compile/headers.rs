//! Cards and headers (spec §1–§3).

use crate::check;
use expect_test::expect;

#[test]
fn vanilla_evolving_follower_its_evolved_form_and_a_token() {
    check(
        r#"
name Lantern Keeper;
id EX01-010;
class Neutral;
type Follower;
trait Mercenary / Wanderer;
rarity B;
cost 2;
stats 2/2;
text "[evolve][cost02]: Evolve this follower.";
evolve 2;

// ------------------------------

name Lantern Keeper (Evolved);
id EX01-011;
class Neutral;
type Evolved Follower;
trait Mercenary / Wanderer;
rarity B;
stats 4/4;

// ------------------------------

name Moth;
id EX01-T01;
class Forestcraft;
type Follower / Token;
trait Insect;
cost 1;
stats 1/1;
"#,
        expect![[r#"
            card EX01-010 "Lantern Keeper" (cards.txt:2)
              Neutral Follower, Bronze, cost 2, 2/2, evolve 2
              traits: Mercenary, Wanderer
              keywords: Evolve
              text: "[evolve][cost02]: Evolve this follower."
            card EX01-011 "Lantern Keeper (Evolved)" (cards.txt:15)
              Neutral Evolved Follower, Bronze, 4/4
              traits: Mercenary, Wanderer
            card EX01-T01 "Moth" (cards.txt:25)
              Forestcraft Follower, cost 1, 1/1, token
              traits: Insect, Token
        "#]],
    );
}

#[test]
fn header_quirks_of_the_corpus_are_accepted() {
    check(
        r#"
NAME Tidecaller, the "Unquoted" ;
ID EX02-001; id-en EX02-101;
Class dragon;
universe uma;
type spell;
Rarity Gold;
COST 3;
trait Umamusume;
trait Idol;
text "First line.
        Second line, indented.";
keyword Quick, Aura;
ability Spell { effect Draw(); }

name Mislabeled Wyrm (Evolved);
id EX02-002;
class Dragon;
type Evovled Follower;
stats 5/5;

name Prayer Flame;
id EX02-003;
class Haven;
type Amulet;
trait Faith / Token;
cost 1;
keyword Stack;

name Carrot Cake;
id EX02-004;
class Neutral;
type Evolved Spell;
rarity SL;

name Runner;
id EX02-005;
class Neutral;
type Follower;
cost 1;
stats 1/1;
serve1, serve2;
keywords CantAttack DoesntTakeDamage;
"#,
        expect![[r#"
            card EX02-001 "Tidecaller, the \"Unquoted\"" (cards.txt:2)
              Dragoncraft Spell, Gold, cost 3, Umamusume: Pretty Derby, id-en EX02-101
              traits: Idol, Umamusume
              keywords: Quick, Aura
              text: "First line.\nSecond line, indented."
              #0 "Spell" spell Spell, spell effect (line 14)
                effect: DrawCard(amount: 1)
            card EX02-002 "Mislabeled Wyrm (Evolved)" (cards.txt:16)
              Dragoncraft Evolved Follower, 5/5
            card EX02-003 "Prayer Flame" (cards.txt:22)
              Havencraft Amulet, cost 1, token
              traits: Faith, Token
              counters: Stack x1
            card EX02-004 "Carrot Cake" (cards.txt:30)
              Neutral Evolved Spell, Legendary
            card EX02-005 "Runner" (cards.txt:36)
              Neutral Follower, cost 1, 1/1
              keywords: CannotAttack, DoesNotTakeDamage, serve1, serve2

            warning[evolved-without-base]: evolved card without a base card named `Mislabeled Wyrm`
              --> cards.txt:16:1
               |
            16 | name Mislabeled Wyrm (Evolved);
               | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
               = note: in card `Mislabeled Wyrm (Evolved)` (EX02-002)

            warning[fallback]: unknown card type `Evovled Follower`, read as Follower
              --> cards.txt:19:6
               |
            19 | type Evovled Follower;
               |      ^^^^^^^^^^^^^^^^
               = help: did you mean `Evolved Follower`?
               = note: in card `Mislabeled Wyrm (Evolved)` (EX02-002)

        "#]],
    );
}

#[test]
fn two_cards_may_share_a_name_and_leaders_need_no_cost() {
    check(
        "name Twin;\nid EX03-001;\nclass Rune;\ntype Follower;\ncost 1;\nstats 1/1;\n\
         name Twin;\nid EX03-101;\nclass Rune;\ntype Follower;\ncost 1;\nstats 1/2;\n\
         name Mira;\nid EX03-LD01;\nclass Rune;\ntype Leader;\n",
        expect![[r#"
            card EX03-001 "Twin" (cards.txt:1)
              Runecraft Follower, cost 1, 1/1
            card EX03-101 "Twin" (cards.txt:7)
              Runecraft Follower, cost 1, 1/2
            card EX03-LD01 "Mira" (cards.txt:13)
              Runecraft Leader
        "#]],
    );
}

#[test]
fn header_mistakes_are_reported_and_the_card_is_rejected() {
    check(
        "name Broken;\nid EX04-001;\nclass Forest;\ntype Follower;\ncost two;\nstats 2-2;\n\
         name Fine;\nid EX04-002;\nclass Forst;\ntype Folower;\ncost 1;\nstats 1/1;\n\
         name Fine Again;\nid EX04-002;\nclass Forest;\ntype Amulet;\ncost 1;\n",
        expect![[r#"
            card EX04-002 "Fine" (cards.txt:7)
              Neutral Follower, cost 1, 1/1
            rejected "Broken" (EX04-001) at line 1
            rejected "Fine Again" (EX04-002) at line 13

            error[bad-number]: expected a play-point cost such as `2`, found `two`
             --> cards.txt:5:6
              |
            5 | cost two;
              |      ^^^
              = note: in card `Broken` (EX04-001)

            error[bad-number]: expected `attack/defense` such as `2/3`, found `2-2`
             --> cards.txt:6:7
              |
            6 | stats 2-2;
              |       ^^^
              = note: in card `Broken` (EX04-001)

            warning[fallback]: unknown class `Forst`, read as Neutral
             --> cards.txt:9:7
              |
            9 | class Forst;
              |       ^^^^^
              = note: in card `Fine` (EX04-002)

            warning[fallback]: unknown card type `Folower`, read as Follower
              --> cards.txt:10:6
               |
            10 | type Folower;
               |      ^^^^^^^
               = help: did you mean `Follower`?
               = note: in card `Fine` (EX04-002)

            error[duplicate-id]: card id `EX04-002` is defined twice
              --> cards.txt:13:1
               |
            13 | name Fine Again;
               | ^^^^^^^^^^^^^^^
               = note: in card `Fine Again` (EX04-002)

        "#]],
    );
}

#[test]
fn unknown_lines_comments_and_statements_before_the_first_card() {
    check(
        "// a comment line\nid EX05-000;\n## decoration\nname Lone;\nid EX05-001;\nclass Haven;\ntype Amulet;\ncost 2;\n",
        expect![[r#"
            card EX05-001 "Lone" (cards.txt:4)
              Havencraft Amulet, cost 2

            error[outside-card]: `id` before the first card: expected `name <card name>;` to start a card
             --> cards.txt:2:1
              |
            2 | id EX05-000;
              | ^^

            warning[ignored-line]: unknown statement `##`, line ignored: expected a header such as `name`, `id`, `type` or `ability` (write `//` to start a comment)
             --> cards.txt:3:1
              |
            3 | ## decoration
              | ^^^^^^^^^^^^^

        "#]],
    );
}

#[test]
fn a_missing_semicolon_is_reported_at_the_end_of_its_line() {
    check(
        "name Hasty;\nid EX06-001;\nclass Sword;\ntype Follower;\ncost 2\nstats 2/2;\n",
        expect![[r#"
            rejected "Hasty" (EX06-001) at line 1

            error[missing-semicolon]: expected `;` to end the `cost` statement
             --> cards.txt:5:7
              |
            5 | cost 2
              |       ^
              = note: in card `Hasty` (EX06-001)

        "#]],
    );
}

#[test]
fn unknown_keywords_get_suggestions() {
    check(
        "name Guard;\nid EX07-001;\nclass Sword;\ntype Follower;\ncost 2;\nstats 2/2;\nkeywords Ward, Rushh, ward,Storm;\n",
        expect![[r#"
            rejected "Guard" (EX07-001) at line 1

            error[unknown-keyword]: unknown keyword `Rushh`: expected a keyword such as `Ward`, `Storm` or `Rush`, a counter, or a keyword or counter a `type Keyword;` or `type Counter;` card of the pack declares
             --> cards.txt:7:16
              |
            7 | keywords Ward, Rushh, ward,Storm;
              |                ^^^^^
              = help: did you mean `Rush`?
              = note: in card `Guard` (EX07-001)

            error[unknown-keyword]: unknown keyword `ward,Storm`: expected one keyword per item
             --> cards.txt:7:23
              |
            7 | keywords Ward, Rushh, ward,Storm;
              |                       ^^^^^^^^^^
              = help: separate keywords with a comma and a space: `Ward, Rush`
              = note: in card `Guard` (EX07-001)

        "#]],
    );
}

#[test]
fn every_universe_is_read_and_an_unknown_one_refuses_the_card() {
    check(
        r#"
name Drive Knight;
id TEST-U-001;
class Neutral;
universe Vanguard;
type Follower;
cost 2;
stats 2/2;

name Guild Mage;
id TEST-U-002;
class Neutral;
universe priconne;
type Follower;
cost 2;
stats 2/2;

name Typo Knight;
id TEST-U-003;
class Neutral;
universe Vangaurd;
type Follower;
cost 2;
stats 2/2;
"#,
        expect![[r#"
            card TEST-U-001 "Drive Knight" (cards.txt:2)
              Neutral Follower, cost 2, 2/2, Cardfight!! Vanguard
            card TEST-U-002 "Guild Mage" (cards.txt:10)
              Neutral Follower, cost 2, 2/2, Princess Connect! Re:Dive
            rejected "Typo Knight" (TEST-U-003) at line 18

            error[unknown-universe]: unknown universe `Vangaurd`: expected one of Umamusume, Idolmaster, Vanguard, PrincessConnect (or a universe's printed name)
              --> cards.txt:21:10
               |
            21 | universe Vangaurd;
               |          ^^^^^^^^
               = help: did you mean `Vanguard`?
               = note: in card `Typo Knight` (TEST-U-003)

        "#]],
    );
}

#[test]
fn an_advanced_cards_special_type_is_its_advanced_trait() {
    // Later-sets §6: `/ Advanced` reads like `/ Token`, giving the trait the
    // card data reads an advanced card by.
    check(
        r#"
name Ascendant Blast;
id T-ADV-1;
class Neutral;
type Spell / Advanced;
cost 2;
ability Spell { effect DrawCard(1); }
"#,
        expect![[r#"
            card T-ADV-1 "Ascendant Blast" (cards.txt:2)
              Neutral Spell, cost 2
              traits: Advanced
              #0 "Spell" spell Spell, spell effect (line 7)
                effect: DrawCard(amount: 1)
        "#]],
    );
}
