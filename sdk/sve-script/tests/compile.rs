//! Snapshot tests of the compiler, one grammar area per section: small
//! scripts in, the IR dump and the rendered diagnostics out.
//!
//! `check` and `check_abilities` are the only callers of the API, so an API
//! change touches two functions. `UPDATE_EXPECT=1 cargo test -p sve-script`
//! rewrites the expectations; review the diff.

use expect_test::{Expect, expect};
use sve_script::{SourceFile, compile_files};

/// Compiles `source` as the file `cards.txt` and prints every compiled card,
/// every rejected card and every diagnostic, rendered.
fn check(source: &str, expect: Expect) {
    let file = SourceFile {
        name: "cards.txt".into(),
        text: source.into(),
    };
    let compiled = compile_files(std::slice::from_ref(&file));
    let mut out = String::new();
    for card in &compiled.cards {
        out.push_str(&card.dump());
    }
    for rejected in &compiled.rejected {
        out.push_str(&format!(
            "rejected {:?} ({}) at line {}\n",
            rejected.name,
            rejected.id.as_deref().unwrap_or("no id"),
            rejected.line
        ));
    }
    if !compiled.diagnostics.is_empty() {
        out.push('\n');
        out.push_str(&compiled.render(std::slice::from_ref(&file)));
    }
    expect.assert_eq(&out);
}

/// Wraps ability blocks (and extra headers) in a vanilla follower, with
/// tokens named `Fairy` and `Knight` defined after it, and prints only the
/// abilities and the diagnostics.
fn check_abilities(body: &str, expect: Expect) {
    let source = format!(
        "name Test Card;\nid T-001;\nclass Neutral;\ntype Follower;\ncost 1;\nstats 1/1;\n{body}\n\
         name Fairy;\nid T-T1;\nclass Forest;\ntype Follower / Token;\ncost 1;\nstats 1/1;\n\
         name Knight;\nid T-T2;\nclass Sword;\ntype Follower / Token;\ncost 1;\nstats 1/1;\n"
    );
    let file = SourceFile {
        name: "cards.txt".into(),
        text: source,
    };
    let compiled = compile_files(std::slice::from_ref(&file));
    let mut out = String::new();
    if let Some(card) = compiled.cards.iter().find(|card| card.id == "T-001") {
        let dump = card.dump();
        for line in dump
            .lines()
            .filter(|line| line.starts_with("  #") || line.starts_with("    "))
        {
            out.push_str(line.strip_prefix("  ").unwrap_or(line));
            out.push('\n');
        }
        let keywords = dump.lines().find(|line| line.starts_with("  keywords:"));
        if let Some(keywords) = keywords {
            out.push_str(keywords.trim_start());
            out.push('\n');
        }
    } else {
        out.push_str("(rejected)\n");
    }
    if !compiled.diagnostics.is_empty() {
        out.push('\n');
        out.push_str(&compiled.render(std::slice::from_ref(&file)));
    }
    expect.assert_eq(&out);
}

// ---- Cards and headers (spec §1–§3) ----

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

            error[unknown-keyword]: unknown keyword `Rushh`: expected a keyword such as `Ward`, `Storm` or `Rush`, or a counter
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

// ---- Abilities (spec §4) ----

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

            error[unknown-clause]: unknown ability clause `efect`: expected `effect`, `cost`, `condition` or `filter`
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

            warning[ignored-filter-line]: `filter` line ignored: this trigger does not take a filter (only the `OnOther...`, `OnOpponentCardLeaveField` and `OnPlaySpell` triggers and passives do)
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

// ---- Effects (spec §5) ----

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

// ---- Costs (spec §7) ----

#[test]
fn cost_items() {
    check_abilities(
        r#"
ability Act name One {
    cost (PP, 2) (LeaderDef, 1), (Discard, 1, S), (BanishFromCemetery, 2, F);
    effect Draw(1);
}
ability Act name Two {
    costs (ReturnToHand, TargetPlayerCard, FX), (Banish, Self), (RemoveCounters, Stack, 1, TargetPlayerCard, A);
    effect Draw(1);
}
ability Act name Three {
    cost (EarthRite, 2);
    effect Draw(1);
}
"#,
        expect![[r##"
            #0 "One" activated Act (line 8)
              costs: (PP, 2), (LeaderDefense, 1), (Discard, 1, S), (BanishFromCemetery, 2, F)
              effect: DrawCard(amount: 1)
            #1 "Two" activated Act (line 12)
              costs: (ReturnToHand, TargetPlayerCard, FX), (Banish, Self), (RemoveCounters, Stack, 1, TargetPlayerCard, A)
              effect: DrawCard(amount: 1)
            #2 "Three" activated Act (line 16)
              costs: (EarthRite, 2)
              effect: DrawCard(amount: 1)
            keywords: EarthRite
        "##]],
    );
}

// ---- Filters and values (spec §8, §9) ----

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

            error[wrong-effect-context]: `DealDamage` cannot be used in a `Passive` ability: expected a passive effect: `GiveKeyword`, `GiveStat`, `MinusCostOther` or `GiveAbility`
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

// ---- Whole files ----

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
