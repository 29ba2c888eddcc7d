//! `sve-vocab`: the game's words, declared once.
//!
//! Each keyword is one line of [`for_each_keyword!`]: its identifier, its
//! bit, the name card data and SVE Script write, its WIT-style name, how it
//! shows on a card, its rules section, what it does, and the word and
//! reminder text players read. Each counter kind
//! is one line of [`for_each_counter!`], each trigger one line of
//! [`for_each_trigger!`], each class one line of [`for_each_class!`] and
//! each card type one entry of [`CARD_TYPES`], each crossover universe one
//! entry of [`UNIVERSES`]. Everything else is made
//! from those lines or checked against them:
//!
//! - the engine's and the SDK's `Keywords` bit sets ([`keywords_bitflags!`])
//!   and `Counter` enums ([`counter_enum!`]), and the engine's `Trigger`
//!   ([`trigger_enum!`]) are generated; the SDK's default ability names
//!   match the card API's triggers against the list, so the WIT and the
//!   list cannot drift apart;
//! - the card API (since 0.2.0) carries keywords as these bits and
//!   counters as these numbers, so a new one changes no contract;
//! - `sve-script` checks its IR keywords and counters against these lists,
//!   and the script runtime maps them by name;
//! - `sve pack audit` takes its keyword words from [`Shown::Word`];
//! - the client colours a keyword badge by its [`Family`] and words it,
//!   and each trigger, with the words of its line ([`KeywordInfo::label`],
//!   [`KeywordInfo::reminder`], [`TriggerInfo::when`]);
//! - the engine's `Class` is generated ([`class_enum!`]); the starter card
//!   data and SVE Script read class and card type names with
//!   [`class_named`] and [`card_type_named`] alone, so the two readers
//!   accept the same spellings, and tests check the engine's and the
//!   script IR's `Class` and `CardType` against the lists.
//!
//! Adding a keyword: add its line here (at the end, so bits stay; the
//! words players read are part of it), its IR keyword and spelling in
//! `sve-script` if scripts write it (a test there names what is missing),
//! and write the rule.
//!
//! Its one dependency is serde (without `std`): the wasm guests can build it
//! too.

#![no_std]
#![warn(missing_docs)]

/// How a keyword shows on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Printed as a word in card text ("Ward", "Bane").
    Word,
    /// Printed as an icon or marker (`[quick]`).
    Marker,
    /// Not printed: a flag card text is lowered to ("can't attack").
    Internal,
}

/// What a keyword is about, for how the client draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Protects: Ward.
    Defence,
    /// When and what it may attack: Storm, Rush, Assail.
    Attack,
    /// What its damage does: Bane, Drain.
    Lethal,
    /// When it may be played: Quick.
    Timing,
    /// Everything else.
    Other,
}

/// One keyword, as [`for_each_keyword!`] declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeywordInfo {
    /// The identifier in Rust code (`WARD`).
    pub ident: &'static str,
    /// Its bit in the engine's bit set and in the WIT flags' order.
    pub bit: u32,
    /// The name card data and SVE Script write (`Ward`, `IgnoreWard`).
    pub name: &'static str,
    /// Its flag in card API 0.1.0's WIT `keywords` (`ward`); later versions
    /// carry bits.
    pub wit: &'static str,
    /// How it shows on a card.
    pub shown: Shown,
    /// What it is about.
    pub family: Family,
    /// Its section in `docs/rules-coverage.md`, when it has one of its own.
    pub clause: &'static str,
    /// What it does, in a sentence (for rules docs and code).
    pub doc: &'static str,
    /// The word players read on a badge, menu or tooltip ("Ward",
    /// "Ignores Ward"): never an identifier.
    pub label: &'static str,
    /// Its reminder text for players, one or two sentences (after
    /// `docs/rules-coverage.md` §12–§13).
    pub reminder: &'static str,
}

/// Calls `$callback!` with every keyword, one line each:
/// `IDENT = bit, "Name", "wit-name", Shown, Family, "§clause", "what it does",
/// "player word", "reminder";`. The one list of keywords (see the crate
/// docs), the words players read included: the client shows
/// [`KeywordInfo::label`] and [`KeywordInfo::reminder`].
///
/// `for_each_keyword!(path::to::callback; tokens...)` passes `[tokens...]`
/// before the lines, for callbacks that need more to work with.
#[macro_export]
macro_rules! for_each_keyword {
    ($($callback:ident)::+) => {
        $crate::for_each_keyword!($($callback)::+;);
    };
    ($($callback:ident)::+; $($context:tt)*) => {
        $($callback)::+! {
            [$($context)*]
            WARD = 0, "Ward", "ward", Word, Defence, "§13.1", "Attackers must pick an engaged Ward follower.",
                "Ward",
                "While this follower is engaged, enemy followers must attack it (or another engaged Ward follower). When it is put onto the field, you may put it engaged.";
            STORM = 1, "Storm", "storm", Word, Attack, "§13.2", "May attack (leaders too) the turn it enters.",
                "Storm",
                "This follower can attack the turn it is put onto the field, the enemy leader included.";
            RUSH = 2, "Rush", "rush", Word, Attack, "§13.3", "May attack followers the turn it enters.",
                "Rush",
                "This follower can attack enemy followers (not the leader) the turn it is put onto the field.";
            ASSAIL = 3, "Assail", "assail", Word, Attack, "§13.4", "May attack reserved followers.",
                "Assail",
                "This follower can attack reserved enemy followers, not only engaged ones.";
            INTIMIDATE = 4, "Intimidate", "intimidate", Word, Other, "§13.5", "Can't be chosen as an attack target.",
                "Intimidate",
                "This follower can't be chosen as an attack target. Abilities can still choose it.";
            DRAIN = 5, "Drain", "drain", Word, Lethal, "§13.6", "Attack damage it deals heals its leader.",
                "Drain",
                "When this follower deals damage by attacking, your leader gains that much defense.";
            BANE = 6, "Bane", "bane", Word, Lethal, "§13.7", "Destroys the followers it fights.",
                "Bane",
                "A follower that fights this follower is destroyed, however much damage it took.";
            AURA = 7, "Aura", "aura", Word, Other, "§13.8", "The opponent can't select it.",
                "Aura",
                "While this card is on the field, your opponent's cards and abilities can't select it.";
            QUICK = 8, "Quick", "quick", Marker, Timing, "§13.9", "May be played in the opponent's Quick windows.",
                "Quick",
                "You may play this card in a Quick timing during your opponent's turn, paying with your own play points.";
            IGNORE_WARD = 9, "IgnoreWard", "ignore-ward", Internal, Other, "§13.14", "The attacker ignores Ward.",
                "Ignores Ward",
                "This follower may attack any legal target, even while the opponent has an engaged Ward follower.";
            PUT_ON_FIELD_ENGAGED = 10, "PutOnFieldEngaged", "put-on-field-engaged", Internal, Other, "§13.14", "The card is put onto the field engaged.",
                "Enters engaged",
                "This card is put onto the field engaged.";
            USE_DEF_AS_ATK = 11, "UseDefAsAtk", "use-def-as-atk", Internal, Other, "§13.14", "Deals combat damage equal to its defense.",
                "Hits with defense",
                "In combat, this follower deals damage equal to its defense instead of its attack.";
            RUNE_FOLLOWERS_FOR_SPELLCHAIN = 12, "RuneFollowersForSpellchain", "rune-followers-for-spellchain", Internal, Other, "§13.14", "Runecraft followers in the cemetery count for Spellchain.",
                "Followers count for Spellchain",
                "Runecraft followers in your cemetery count toward your Spellchain.";
            CANNOT_DESTROY_BY_ABILITIES = 13, "CannotDestroyByAbilities", "cannot-destroy-by-abilities", Internal, Other, "§13.14", "Can't be destroyed by abilities (Bane included, CR 11.3.2.1).",
                "Can't be destroyed by abilities",
                "Abilities, Bane included, can't destroy this card. It is still destroyed when its defense reaches 0.";
            CANNOT_ATTACK = 14, "CannotAttack", "cannot-attack", Internal, Other, "§13.14", "Can't attack.",
                "Can't attack",
                "This follower can't attack.";
            CANNOT_ATTACK_LEADERS = 15, "CannotAttackLeaders", "cannot-attack-leaders", Internal, Other, "§13.14", "Can't attack leaders.",
                "Can't attack leaders",
                "This follower can't attack leaders. It can still attack followers.";
            PLUS1_DAMAGE = 16, "Plus1Damage", "plus1-damage", Internal, Other, "§13.14", "Deals 1 more damage when fighting or attacking.",
                "+1 damage",
                "This follower deals 1 more damage when it fights or attacks.";
            PLUS2_DAMAGE = 17, "Plus2Damage", "plus2-damage", Internal, Other, "§13.14", "Deals 2 more damage.",
                "+2 damage",
                "This follower deals 2 more damage when it fights or attacks.";
            PLUS3_DAMAGE = 18, "Plus3Damage", "plus3-damage", Internal, Other, "§13.14", "Deals 3 more damage.",
                "+3 damage",
                "This follower deals 3 more damage when it fights or attacks.";
            PLUS4_DAMAGE = 19, "Plus4Damage", "plus4-damage", Internal, Other, "§13.14", "Deals 4 more damage.",
                "+4 damage",
                "This follower deals 4 more damage when it fights or attacks.";
            DAMAGE_REDUCTION1 = 20, "DamageReduction1", "damage-reduction1", Internal, Other, "§13.14", "Takes 1 less combat damage.",
                "Takes 1 less in combat",
                "This follower takes 1 less damage in combat.";
            DAMAGE_REDUCTION_ABILITIES1 = 21, "DamageReductionAbilities1", "damage-reduction-abilities1", Internal, Other, "§13.14", "Takes 1 less ability damage.",
                "Takes 1 less from abilities",
                "This follower takes 1 less damage from abilities.";
            CANNOT_DEAL_DAMAGE = 22, "CannotDealDamage", "cannot-deal-damage", Internal, Other, "§13.14", "Deals no combat damage.",
                "Deals no combat damage",
                "This follower deals no damage in combat.";
            DOES_NOT_TAKE_DAMAGE = 23, "DoesNotTakeDamage", "does-not-take-damage", Internal, Other, "§13.14", "Takes no damage at all.",
                "Takes no damage",
                "This follower takes no damage at all.";
            DOES_NOT_TAKE_COMBAT_DAMAGE = 24, "DoesNotTakeCombatDamage", "does-not-take-combat-damage", Internal, Other, "§13.14", "Takes no combat damage.",
                "Takes no combat damage",
                "This follower takes no damage in combat.";
            DOUBLE_COMBAT_DAMAGE = 25, "DoubleCombatDamage", "double-combat-damage", Internal, Other, "§13.14", "Deals double damage to followers in combat.",
                "Double damage to followers",
                "In combat, this follower deals double damage to followers.";
            DOUBLE_LEADER_DAMAGE = 26, "DoubleLeaderDamage", "double-leader-damage", Internal, Other, "§13.14", "Deals double damage to leaders.",
                "Double damage to leaders",
                "This follower deals double damage to leaders.";
            STACK = 27, "Stack", "stack", Internal, Other, "§2.4", "An amulet with Stack counters.",
                "Stack",
                "This amulet holds Stack counters. Earth Rite costs remove them; an amulet with none left goes to the cemetery.";
            EARTH_RITE = 28, "EarthRite", "earth-rite", Internal, Other, "§13.14", "Has an Earth Rite cost (marker only).",
                "Earth Rite",
                "An Earth Rite cost removes Stack counters from one of your Stack amulets.";
            CANNOT_BE_PLAYED_FROM_EX = 29, "CannotBePlayedFromEx", "cannot-be-played-from-ex", Internal, Timing, "later-sets §7", "Can't be played from the EX area (a condition for playing it, also when an effect plays it).",
                "Can't be played from the EX area",
                "This card can't be played from the EX area. It may still be there and use its abilities.";
            CANNOT_BE_DESTROYED = 30, "CannotBeDestroyed", "cannot-be-destroyed", Internal, Defence, "later-sets §13", "Can't be destroyed at all: not by abilities, Bane or 0 defense (it stays on the field).",
                "Can't be destroyed",
                "Nothing destroys this card: not abilities, not Bane, not its defense reaching 0.";
            CANNOT_BE_BANISHED = 31, "CannotBeBanished", "cannot-be-banished", Internal, Defence, "later-sets §12.7", "Can't be banished by abilities, nor chosen to pay a banish cost.",
                "Can't be banished",
                "Abilities can't banish this card, and it can't be banished to pay a cost.";
            EVOLVE_ANY_NUMBER = 32, "EvolveAnyNumber", "evolve-any-number", Internal, Other, "later-sets §12.1", "While on its controller's field, they may use evolve abilities any number of times per turn.",
                "Evolve any number of times",
                "While this card is on your field, you may evolve any number of times each turn. Each evolution pays its own cost.";
            CANNOT_LOSE = 33, "CannotLose", "cannot-lose", Internal, Other, "later-sets §12.3", "While on its controller's field, they can't lose the game and their opponent can't win it.",
                "You can't lose",
                "While this card is on your field, you can't lose the game and your opponent can't win it. Conceding still ends it.";
            MUST_BE_SELECTED = 34, "MustBeSelected", "must-be-selected", Internal, Defence, "later-sets §12.15", "An opponent selecting cards for an ability who can select this card must.",
                "Must be selected",
                "An opponent who selects cards for an ability and can select this card must select it.";
            PLAYABLE_FROM_CEMETERY = 35, "PlayableFromCemetery", "playable-from-cemetery", Internal, Timing, "later-sets §12.12", "May be played from its owner's cemetery, its cost paid as usual.",
                "Playable from the cemetery",
                "You may play this card from your cemetery, paying its cost as usual.";
            ENEMIES_MUST_ATTACK = 36, "EnemiesMustAttack", "enemies-must-attack", Internal, Other, "later-sets §12.10", "While on the field, each enemy follower that can attack must attack once each turn: its controller can't end the main phase before.",
                "Enemies must attack",
                "While this card is on the field, each enemy follower must attack once each turn if able.";
            OPPONENTS_CANNOT_DRAW_OUTSIDE_START_PHASE = 37, "OpponentsCannotDrawOutsideStartPhase", "opponents-cannot-draw-outside-start-phase", Internal, Other, "later-sets §12.10", "While on the field, abilities can't make the opponent draw outside their start phase: those draws don't happen and cause no loss.",
                "Opponents draw only in their start phase",
                "While this card is on the field, your opponent can't draw cards outside of their start phase.";
            LOSES_ALL_ABILITIES = 38, "LosesAllAbilities", "loses-all-abilities", Internal, Other, "later-sets §12.2", "Has lost every ability it had when this was given: keywords, its own passives, triggers and activated abilities. Abilities given later work.",
                "Lost all abilities",
                "This card has lost all its abilities, those given to it before included. Abilities given to it afterwards work. Its stats and type stay.";
            BOXED = 39, "Boxed", "boxed", Internal, Other, "later-sets §12.5", "Boxed (CR 5.31): loses all abilities it had, and doesn't refresh in its controller's start phase.",
                "Boxed",
                "This card is Boxed: it has lost all its abilities (abilities given afterwards work), and it doesn't refresh in its controller's start phase.";
            DRIVE = 40, "Drive", "drive", Word, Other, "later-sets §2.4", "No effect of its own (CR 14.4.7.2); given by a Ride, it comes with Single Drive and Rush.",
                "Drive",
                "Drive does nothing on its own. A follower given Drive also gets Single Drive and Rush, once per card.";
            SINGLE_DRIVE = 41, "SingleDrive", "single-drive", Word, Other, "later-sets §2.4", "Strike: perform a drive check (CR 14.4.6.2).",
                "Single Drive",
                "When this follower attacks, perform a drive check: reveal your top card; if it is a Trigger of a Vanguard deck you may resolve it, then it goes to the cemetery, else to the bottom of your deck.";
            TWIN_DRIVE = 42, "TwinDrive", "twin-drive", Word, Other, "later-sets §2.4", "Strike: perform 2 drive checks, one after the other (CR 14.4.6.3).",
                "Twin Drive",
                "When this follower attacks, perform two drive checks, one after the other.";
            STARTING_AMULET = 43, "StartingAmulet", "starting-amulet", Word, Other, "later-sets §2.2", "A deck built on the Vanguard universe starts with one on its field, face down until both mulligans are done (CR 14.4.3).",
                "Starting Amulet",
                "A deck built on the Vanguard universe holds one or more, all of one name. At set-up one is put from the deck onto your field face down, and turned face up after both mulligans.";
            BANISHES_ENEMIES_INSTEAD = 44, "BanishesEnemiesInstead", "banishes-enemies-instead", Internal, Other, "later-sets §11.2", "While on the field, an enemy follower that would go from the field to the cemetery is banished instead: it was not destroyed, so no Last Words (CR 10.10.1.1). A follower that can't be banished goes to the cemetery (CR 1.3.3).",
                "Enemies are banished instead",
                "While this card is on the field, an enemy follower that would be put into the cemetery from the field is banished instead. It was not destroyed, so its Last Words don't trigger.";
            CHOOSE_ANY_NUMBER_OF_OPTIONS = 45, "ChooseAnyNumberOfOptions", "choose-any-number-of-options", Internal, Other, "later-sets §4", "While its abilities work for its controller (on their field, or a crest in their EX area), when they would choose 1 or more options of an ability they may choose any number, from 1 to all those that can be performed (BP20-T06).",
                "Choose any number of options",
                "When you would choose 1 or more options of an ability, you may choose any number of them instead: from 1 up to every option that can be performed.";
        }
    };
}

/// Declares a `bitflags` set of all keywords, one constant per keyword at
/// its vocabulary bit, in a `u64` (or the integer named after the struct):
/// `sve_vocab::for_each_keyword!(sve_vocab::keywords_bitflags; #[derive(..)] pub struct Keywords);`.
/// The calling crate depends on `bitflags` 2. The SDK declares its set so;
/// the engine's is a `u128` whose high half holds the keywords packs
/// declare (bit 64 + n for the card pool's declared keyword n).
#[macro_export]
macro_rules! keywords_bitflags {
    ([$(#[$attr:meta])* $vis:vis struct $name:ident]
     $($line:tt)*) => {
        $crate::keywords_bitflags!([$(#[$attr])* $vis struct $name: u64] $($line)*);
    };
    ([$(#[$attr:meta])* $vis:vis struct $name:ident: $repr:ty]
     $($ident:ident = $bit:literal, $kname:literal, $wit:literal, $shown:ident, $family:ident, $clause:literal, $doc:literal, $label:literal, $reminder:literal;)*) => {
        bitflags::bitflags! {
            $(#[$attr])*
            $vis struct $name: $repr {
                $(
                    #[doc = concat!($kname, " (", $clause, "): ", $doc)]
                    const $ident = 1 << $bit;
                )*
            }
        }

        impl $name {
            /// The keyword of one vocabulary entry.
            pub fn of(info: &$crate::KeywordInfo) -> $name {
                $name::from_bits_retain(1 << info.bit)
            }

            /// A keyword by the name card data and SVE Script write
            /// (`Ward`, `IgnoreWard`).
            pub fn named(name: &str) -> Option<$name> {
                $crate::keyword_named(name).map($name::of)
            }

            /// The vocabulary entries of the keywords in this set, in bit
            /// order.
            pub fn infos(self) -> impl Iterator<Item = &'static $crate::KeywordInfo> {
                $crate::KEYWORDS
                    .iter()
                    .filter(move |info| self.contains($name::of(info)))
            }

            /// The names of the keywords in this set, in bit order.
            pub fn names(self) -> impl Iterator<Item = &'static str> {
                self.infos().map(|info| info.name)
            }
        }
    };
}

/// One counter kind, as [`for_each_counter!`] declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CounterInfo {
    /// Its number: the engine's and the card API's (`counter` in the WIT).
    pub index: u8,
    /// The name card data and SVE Script write (`Stack`; scripts may add
    /// `Counter`).
    pub name: &'static str,
    /// Its section in `docs/rules-coverage.md`.
    pub clause: &'static str,
    /// What it is, in a sentence.
    pub doc: &'static str,
}

/// Calls `$callback!` with every counter kind, one line each:
/// `Name = index, "§clause", "what it is";` (after `[context]`, as
/// [`for_each_keyword!`] does). The one list of counters: the engine's and
/// the SDK's `Counter` enums are made from it ([`counter_enum!`]), and the
/// card API numbers counters by it.
///
/// Adding a counter: add its line here (at the end, so numbers stay), its
/// IR counter and spelling in `sve-script` (a test there names what is
/// missing), and what it does.
#[macro_export]
macro_rules! for_each_counter {
    ($($callback:ident)::+) => {
        $crate::for_each_counter!($($callback)::+;);
    };
    ($($callback:ident)::+; $($context:tt)*) => {
        $($callback)::+! {
            [$($context)*]
            Stack = 0, "§2.4", "Stack counters (Runecraft amulets; Earth Rite removes them).";
            Spell = 1, "§12.9", "Spell counters.";
            Prayer = 2, "§12.9", "Prayer counters (Havencraft).";
            Fable = 3, "§12.9", "Fable counters.";
            Fusion = 4, "later-sets §9", "Fusion counters (Fuse cards put them on themselves).";
        }
    };
}

/// The card-API number of a pack's declared counter kind 0: declared kind
/// n is `DECLARED_COUNTER_BASE + n` on the wire, so the built-in kinds
/// (numbered from 0) and the declared ones never share a number.
pub const DECLARED_COUNTER_BASE: u8 = 64;

/// The most counter kinds one card pool may declare.
pub const MAX_DECLARED_COUNTERS: u8 = 64;

/// Declares an enum of all counter kinds, with `ALL`, `index`,
/// `from_index`, `name` and `named`:
/// `sve_vocab::for_each_counter!(sve_vocab::counter_enum; #[derive(..)] pub enum Counter);`.
///
/// With `; declared Declared` after the enum's name it also has a variant
/// `Declared(u8)`: the card pool's declared counter kind n, numbered
/// [`DECLARED_COUNTER_BASE`] + n (`ALL` lists the built-in kinds only, and
/// a declared kind's name is the pool's, so `name` says `"declared"`).
#[macro_export]
macro_rules! counter_enum {
    ([$(#[$attr:meta])* $vis:vis enum $name:ident $(; declared $declared:ident)?]
     $($ident:ident = $index:literal, $clause:literal, $doc:literal;)*) => {
        $(#[$attr])*
        $vis enum $name {
            $(
                #[doc = concat!($doc, " (", $clause, ")")]
                $ident,
            )*
            $(
                /// The card pool's declared counter kind of this number
                /// (the later-sets plan: "pack-declared words").
                $declared(u8),
            )?
        }

        impl $name {
            /// Every built-in counter kind, in number order.
            pub const ALL: &'static [$name] = &[$($name::$ident,)*];

            /// Its number in the vocabulary (and the card API).
            pub fn index(self) -> u8 {
                match self {
                    $($name::$ident => $index,)*
                    $($name::$declared(n) => $crate::DECLARED_COUNTER_BASE
                        .saturating_add(n.min($crate::MAX_DECLARED_COUNTERS - 1)),)?
                }
            }

            /// The counter kind of a number; `None` for a number no counter
            /// has.
            pub fn from_index(index: u8) -> Option<$name> {
                match index {
                    $($index => Some($name::$ident),)*
                    $(n if n >= $crate::DECLARED_COUNTER_BASE
                        && n - $crate::DECLARED_COUNTER_BASE < $crate::MAX_DECLARED_COUNTERS =>
                        Some($name::$declared(n - $crate::DECLARED_COUNTER_BASE)),)?
                    _ => None,
                }
            }

            /// The name card data and scripts write (`Stack`); `"declared"`
            /// for a declared kind, whose name the card pool holds.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$ident => stringify!($ident),)*
                    $($name::$declared(_) => { let _ = stringify!($declared); "declared" })?
                }
            }

            /// A built-in counter kind by its name.
            pub fn named(name: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|counter| counter.name() == name)
            }
        }
    };
}

macro_rules! counter_table {
    ([] $($ident:ident = $index:literal, $clause:literal, $doc:literal;)*) => {
        /// Every counter kind, in number order.
        pub const COUNTERS: &[CounterInfo] = &[
            $(CounterInfo {
                index: $index,
                name: stringify!($ident),
                clause: $clause,
                doc: $doc,
            },)*
        ];
    };
}

for_each_counter!(counter_table);

/// One trigger of automatic abilities, as [`for_each_trigger!`] declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TriggerInfo {
    /// The identifier: the engine's and the SDK's `Trigger` variant, and
    /// (kebab-cased) the card API's.
    pub ident: &'static str,
    /// The name an ability with this trigger gets by default ("Last
    /// Words").
    pub name: &'static str,
    /// Whether it takes a payload: a card filter ("another matching card
    /// ..."), or the move hook's zones, whose cards and filter.
    pub filtered: bool,
    /// Its section in `docs/rules-coverage.md`.
    pub clause: &'static str,
    /// When it triggers, in a sentence.
    pub doc: &'static str,
    /// When it happens, as players read it: a sentence start ("When this
    /// evolves"), which the client shows before an ability's text.
    pub when: &'static str,
}

/// Calls `$callback!` with every trigger of automatic abilities the host
/// detects, one line each: `Ident = "Ability name", "§clause", "when it
/// triggers", "When this ... (players' words)";`,
/// with `Ident(Filter)` for a trigger that takes a card filter (after
/// `[context]`, as [`for_each_keyword!`] does). The engine's `Trigger` is
/// made from it ([`trigger_enum!`]), the SDK names abilities by it, and
/// tests diff the card API's `trigger` variant and the script IR's
/// triggers against it.
///
/// Adding a trigger: its line here, its detection in the engine
/// (`engine/triggers.rs`), its case in the card API's WIT and in
/// `packs/convert.rs`, and the script runtime's mapping if scripts write
/// it (tests name what is missing).
#[macro_export]
macro_rules! for_each_trigger {
    ($($callback:ident)::+) => {
        $crate::for_each_trigger!($($callback)::+;);
    };
    ($($callback:ident)::+; $($context:tt)*) => {
        $($callback)::+! {
            [$($context)*]
            Fanfare = "Fanfare", "§12.5", "This card is put onto the field from another zone.",
                "When this is put onto the field";
            LastWords = "Last Words", "§12.5", "This card goes from the field to the cemetery.",
                "When this goes from the field to the cemetery";
            OnLeaveField = "Leave Field", "§12.5", "This card leaves the field.",
                "When this leaves the field";
            OnReturnToHandFromField = "Return to Hand", "§12.5", "This card is returned from the field to the hand.",
                "When this returns from the field to the hand";
            OnOtherEnterField(Filter) = "Other Enters Field", "§12.5", "Another matching card is put onto your field.",
                "Whenever another card is put onto your field";
            OnOtherLeaveField(Filter) = "Other Leaves Field", "§12.5", "Another matching card leaves your field.",
                "Whenever another card leaves your field";
            OnOpponentCardDestroyed(Filter) = "Opponent's Card Destroyed", "§12.5", "A matching card on the opponent's field is destroyed.",
                "Whenever an enemy card is destroyed";
            OnOpponentCardLeaveField(Filter) = "Opponent's Card Leaves", "§12.5", "A matching card leaves the opponent's field, however it leaves.",
                "Whenever an enemy card leaves the field";
            OnDiscarded = "Discarded", "§12.5", "This card is discarded (works in the hand).",
                "When this is discarded";
            OnEvolve = "Evolve", "§10", "This card evolves.",
                "When this evolves";
            OnSuperEvolve = "Super Evolve", "§10", "This card super-evolves.",
                "When this super-evolves";
            OnOtherEvolve(Filter) = "Other Evolves", "§12.5", "Another matching follower on your field evolves.",
                "Whenever another follower on your field evolves";
            Strike = "Strike", "§8", "This follower attacks.",
                "When this follower attacks";
            FollowerStrike = "Follower Strike", "§8", "This follower attacks a follower.",
                "When this follower attacks a follower";
            LeaderStrike = "Leader Strike", "§8", "This follower attacks a leader.",
                "When this follower attacks a leader";
            OnOtherAttack(Filter) = "Other Attacks", "§12.5", "Another matching card on your field attacks.",
                "Whenever another card on your field attacks";
            OnPlaySpell(Filter) = "Spell Played", "§12.5", "You play a matching spell.",
                "Whenever you play a spell";
            OnDealCombatDamage = "Combat Damage", "§9", "This follower deals combat damage.",
                "When this follower deals combat damage";
            OnLeaderGainDefense = "Leader Gains Defense", "§12.5", "Your leader gains defense.",
                "Whenever your leader gains defense";
            StartMainPhase = "Start of Main Phase", "§7", "Start of your main phase.",
                "At the start of your main phase";
            StartOpponentMainPhase = "Start of Opponent's Main Phase", "§7", "Start of each opponent's main phase.",
                "At the start of your opponent's main phase";
            StartEndPhase = "Start of End Phase", "§7", "Start of your end phase.",
                "At the start of your end phase";
            StartOpponentEndPhase = "Start of Opponent's End Phase", "§7", "Start of each opponent's end phase.",
                "At the start of your opponent's end phase";
            OnMove(MoveHook) = "Card Moves", "later-sets §13", "A card moves between the zones the hook names (whose and which: the hook's).",
                "Whenever a card moves";
            OnOtherUnionBurst(Filter) = "Other Union Burst", "later-sets §1.2", "A Union Burst ability of another matching follower on your field is executed.",
                "Whenever a [ub] ability of another follower on your field is executed";
            OnFuse(Filter) = "Fuse", "later-sets §9", "You fuse a matching card (once for each card fused).",
                "Whenever you fuse a card";
            OnFused(Filter) = "Fused", "later-sets §9", "This card is fused by the ability of a matching card of yours (it works in the cemetery).",
                "When this card is fused";
            OnEquipped = "Equipped", "later-sets §5", "A follower equips this equipment token (the follower is the trigger card).",
                "When a follower equips this";
            OnDrive = "Drive", "later-sets §2.4", "This follower is given Drive (once per card object; CR 14.4.8).",
                "When this follower is given Drive";
            OnDriveCheck(Filter) = "DriveCheck", "later-sets §2.4", "A matching follower on your field performs a drive check (once per check; the follower is the trigger card).",
                "Whenever a follower on your field performs a drive check";
            OnDriveCheckTrigger(Filter) = "DriveCheckTrigger", "later-sets §2.3", "You drive check a matching Trigger: you resolved its Trigger (the Trigger card is the trigger card).",
                "When you drive check a Trigger";
            OnLeaderDefenseZero = "Leader at 0 Defense", "later-sets §12.3", "Your leader's defense becomes 0 or less (it was more than 0).",
                "When your leader's defense becomes 0 or less";
        }
    };
}

/// Declares the enum of triggers, each filtered one with a `Filter`
/// payload (a type the calling module names), and `ability_name`:
/// `sve_vocab::for_each_trigger!(sve_vocab::trigger_enum; #[derive(..)] pub enum Trigger);`.
#[macro_export]
macro_rules! trigger_enum {
    ([$(#[$attr:meta])* $vis:vis enum $name:ident]
     $($ident:ident $(($payload:ident))? = $printed:literal, $clause:literal, $doc:literal, $when:literal;)*) => {
        $(#[$attr])*
        $vis enum $name {
            $(
                #[doc = concat!($doc, " (", $clause, ")")]
                $ident $(($payload))?,
            )*
        }

        impl $name {
            /// The name an ability with this trigger gets by default.
            pub fn ability_name(&self) -> &'static str {
                match self {
                    $($name::$ident { .. } => $printed,)*
                }
            }
        }
    };
}

macro_rules! trigger_table {
    ([] $($ident:ident $(($payload:ident))? = $printed:literal, $clause:literal, $doc:literal, $when:literal;)*) => {
        /// Every trigger, in declaration order.
        pub const TRIGGERS: &[TriggerInfo] = &[
            $(TriggerInfo {
                ident: stringify!($ident),
                name: $printed,
                filtered: false $(|| stringify!($payload).len() > 0)?,
                clause: $clause,
                doc: $doc,
                when: $when,
            },)*
        ];
    };
}

for_each_trigger!(trigger_table);

macro_rules! keyword_table {
    ([] $($ident:ident = $bit:literal, $name:literal, $wit:literal, $shown:ident, $family:ident, $clause:literal, $doc:literal, $label:literal, $reminder:literal;)*) => {
        /// Every keyword, in bit order.
        pub const KEYWORDS: &[KeywordInfo] = &[
            $(KeywordInfo {
                ident: stringify!($ident),
                bit: $bit,
                name: $name,
                wit: $wit,
                shown: Shown::$shown,
                family: Family::$family,
                clause: $clause,
                doc: $doc,
                label: $label,
                reminder: $reminder,
            },)*
        ];
    };
}

for_each_keyword!(keyword_table);

/// A keyword by the name card data and SVE Script write.
pub fn keyword_named(name: &str) -> Option<&'static KeywordInfo> {
    KEYWORDS.iter().find(|k| k.name == name)
}

/// One class, as [`for_each_class!`] declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassInfo {
    /// The identifier: the engine's and the script IR's `Class` variant
    /// (`Forest`).
    pub ident: &'static str,
    /// The printed name (`Forestcraft`, `Neutral`): the engine's and the
    /// IR's `Class::name`.
    pub name: &'static str,
    /// The word card data and SVE Script write, read by [`class_named`]
    /// (`forest`).
    pub word: &'static str,
}

/// Calls `$callback!` with every class, one line each:
/// `Ident = "Printed name", "word";` (after `[context]`, as
/// [`for_each_keyword!`] does). The one list of classes (rules-coverage.md
/// §2.1): the engine's `Class` is made from it ([`class_enum!`]), the
/// starter card data and SVE Script's `class` header and `c(...)` filters
/// read classes with [`class_named`], and a test checks the script IR's
/// `Class` against it.
///
/// The order is the engine's and the IR's variant order, which their
/// encodings (postcard, packaged IR) number: never reorder, append.
#[macro_export]
macro_rules! for_each_class {
    ($($callback:ident)::+) => {
        $crate::for_each_class!($($callback)::+;);
    };
    ($($callback:ident)::+; $($context:tt)*) => {
        $($callback)::+! {
            [$($context)*]
            Forest = "Forestcraft", "forest";
            Sword = "Swordcraft", "sword";
            Rune = "Runecraft", "rune";
            Dragon = "Dragoncraft", "dragon";
            Abyss = "Abysscraft", "abyss";
            Haven = "Havencraft", "haven";
            Neutral = "Neutral", "neutral";
        }
    };
}

/// Declares an enum of all classes, with `ALL`, `name` (the printed name)
/// and `parse` (by [`class_named`]):
/// `sve_vocab::for_each_class!(sve_vocab::class_enum; #[derive(..)] pub enum Class);`.
#[macro_export]
macro_rules! class_enum {
    ([$(#[$attr:meta])* $vis:vis enum $name:ident]
     $($ident:ident = $printed:literal, $word:literal;)*) => {
        $(#[$attr])*
        $vis enum $name {
            $(
                #[doc = concat!($printed, ".")]
                $ident,
            )*
        }

        impl $name {
            /// Every class, in the vocabulary's order.
            pub const ALL: &'static [$name] = &[$($name::$ident,)*];

            /// The printed class name (`Forestcraft`).
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$ident => $printed,)*
                }
            }

            /// Parses a class as card data and scripts write it:
            /// `Forestcraft`, `forest`, `Forest` and so on (by
            /// `sve_vocab::class_named`).
            pub fn parse(text: &str) -> Option<$name> {
                let info = $crate::class_named(text)?;
                $name::ALL.iter().copied().find(|class| class.name() == info.name)
            }
        }
    };
}

macro_rules! class_table {
    ([] $($ident:ident = $printed:literal, $word:literal;)*) => {
        /// Every class, in the vocabulary's order.
        pub const CLASSES: &[ClassInfo] = &[
            $(ClassInfo {
                ident: stringify!($ident),
                name: $printed,
                word: $word,
            },)*
        ];
    };
}

for_each_class!(class_table);

/// A class as card data and SVE Script write it: its word in any case,
/// with or without a `craft` suffix, spaces around either ignored
/// (`Forestcraft`, `forest`, `sWORD`, `Forest craft`). The one reader of
/// class names: the starter card data and the script compiler both call
/// it.
pub fn class_named(text: &str) -> Option<&'static ClassInfo> {
    let text = text.trim();
    let stem = strip_suffix_ignoring_case(text, "craft")
        .unwrap_or(text)
        .trim();
    CLASSES
        .iter()
        .find(|class| class.word.eq_ignore_ascii_case(stem))
}

/// One card type, as [`CARD_TYPES`] declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardTypeInfo {
    /// The identifier: the script IR's `CardType` variant
    /// (`EvolvedFollower`).
    pub ident: &'static str,
    /// The printed name, which card data and SVE Script write (any case):
    /// the IR's `CardType::name` (`Evolved Follower`).
    pub name: &'static str,
    /// The identifier of the type the host plays it as: its own, but for
    /// an evolved spell (the Umamusume Carrot), which the engine and the
    /// card API play as a spell (rules-coverage.md §2.10).
    pub plays_as: &'static str,
}

/// Every card type (rules-coverage.md §1.1), in the script IR's variant
/// order (never reorder, append). The one list of card type names: the
/// starter card data and SVE Script's `type` header read them with
/// [`card_type_named`], the engine's `CardType` takes its printed names
/// from here, and tests check the engine's and the IR's `CardType`
/// against it.
pub const CARD_TYPES: &[CardTypeInfo] = &[
    card_type("Follower", "Follower", "Follower"),
    card_type("EvolvedFollower", "Evolved Follower", "EvolvedFollower"),
    card_type("Spell", "Spell", "Spell"),
    card_type("EvolvedSpell", "Evolved Spell", "Spell"),
    card_type("Amulet", "Amulet", "Amulet"),
    card_type("Leader", "Leader", "Leader"),
    card_type("Crest", "Crest", "Crest"),
];

const fn card_type(
    ident: &'static str,
    name: &'static str,
    plays_as: &'static str,
) -> CardTypeInfo {
    CardTypeInfo {
        ident,
        name,
        plays_as,
    }
}

/// A card type as card data and SVE Script write it: its printed name in
/// any case, spaces around it ignored (`Follower`, `evolved follower`).
/// SVE Script's `/ Token` marker is the compiler's, removed before.
pub fn card_type_named(text: &str) -> Option<&'static CardTypeInfo> {
    let text = text.trim();
    CARD_TYPES
        .iter()
        .find(|card_type| card_type.name.eq_ignore_ascii_case(text))
}

/// A card type by its identifier (`EvolvedFollower`).
pub fn card_type_by_ident(ident: &str) -> Option<&'static CardTypeInfo> {
    CARD_TYPES.iter().find(|card_type| card_type.ident == ident)
}

/// One crossover universe, as [`UNIVERSES`] declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniverseInfo {
    /// The identifier: the script IR's `Universe` variant (`Umamusume`).
    pub ident: &'static str,
    /// The printed name (`Umamusume: Pretty Derby`): the IR's
    /// `Universe::name`.
    pub name: &'static str,
    /// The collab set that introduced it (`CP01`).
    pub set: &'static str,
    /// What card data and SVE Script may write for it, read by
    /// [`universe_named`] in any case (`Umamusume`, `Uma`).
    pub words: &'static [&'static str],
}

/// Every crossover universe (the later-sets rules reference, §0.2), in the
/// script IR's variant order, which packaged IR numbers: never reorder,
/// append. SVE Script's `universe` header reads them with
/// [`universe_named`], and a test checks the IR's `Universe` against it.
pub const UNIVERSES: &[UniverseInfo] = &[
    UniverseInfo {
        ident: "Umamusume",
        name: "Umamusume: Pretty Derby",
        set: "CP01",
        words: &["Umamusume", "Uma"],
    },
    UniverseInfo {
        ident: "Idolmaster",
        name: "THE IDOLM@STER CINDERELLA GIRLS",
        set: "CP02",
        words: &["Idolmaster", "imas", "Cinderella Girls"],
    },
    UniverseInfo {
        ident: "Vanguard",
        name: "Cardfight!! Vanguard",
        set: "CP03",
        words: &["Vanguard", "Cardfight Vanguard"],
    },
    UniverseInfo {
        ident: "PrincessConnect",
        name: "Princess Connect! Re:Dive",
        set: "CP04",
        words: &["PrincessConnect", "Princess Connect", "PriConne"],
    },
];

/// A universe as card data and SVE Script write it: one of its words or
/// its printed name, in any case, spaces around it ignored.
pub fn universe_named(text: &str) -> Option<&'static UniverseInfo> {
    let text = text.trim();
    UNIVERSES.iter().find(|universe| {
        universe.name.eq_ignore_ascii_case(text)
            || universe
                .words
                .iter()
                .any(|word| word.eq_ignore_ascii_case(text))
    })
}

/// `text` without `suffix` at its end, compared ignoring ASCII case.
fn strip_suffix_ignoring_case<'t>(text: &'t str, suffix: &str) -> Option<&'t str> {
    let cut = text.len().checked_sub(suffix.len())?;
    let head = text.get(..cut)?;
    let tail = text.get(cut..)?;
    tail.eq_ignore_ascii_case(suffix).then_some(head)
}

/// Arithmetic and comparison operators of card values: SVE Script's
/// (`docs/sve-script.md` §9.3) and the engine's data form of values alike.
/// Integer arithmetic; division and remainder truncate, and by zero give 0.
///
/// Encoded in packaged script IR by variant index: append new operators.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum BinaryOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (truncating; by zero gives 0)
    Div,
    /// `%` (truncating; by zero gives 0)
    Rem,
    /// `=`: 1 if equal, else 0.
    Eq,
    /// `>`: 1 if greater, else 0.
    Gt,
    /// `<`: 1 if less, else 0.
    Lt,
    /// `|`: 1 if either operand is > 0, else 0.
    Or,
    /// `&`: 1 if both operands are > 0, else 0.
    And,
}

impl BinaryOp {
    /// The operator applied to two integers (saturating; by zero gives 0).
    pub fn apply(self, left: i32, right: i32) -> i32 {
        match self {
            BinaryOp::Add => left.saturating_add(right),
            BinaryOp::Sub => left.saturating_sub(right),
            BinaryOp::Mul => left.saturating_mul(right),
            BinaryOp::Div => left.checked_div(right).unwrap_or(0),
            BinaryOp::Rem => left.checked_rem(right).unwrap_or(0),
            BinaryOp::Eq => i32::from(left == right),
            BinaryOp::Gt => i32::from(left > right),
            BinaryOp::Lt => i32::from(left < right),
            BinaryOp::Or => i32::from(left > 0 || right > 0),
            BinaryOp::And => i32::from(left > 0 && right > 0),
        }
    }

    /// The operator as written.
    pub fn symbol(self) -> char {
        match self {
            BinaryOp::Add => '+',
            BinaryOp::Sub => '-',
            BinaryOp::Mul => '*',
            BinaryOp::Div => '/',
            BinaryOp::Rem => '%',
            BinaryOp::Eq => '=',
            BinaryOp::Gt => '>',
            BinaryOp::Lt => '<',
            BinaryOp::Or => '|',
            BinaryOp::And => '&',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_are_the_list_order_and_names_are_unique() {
        for (idx, keyword) in KEYWORDS.iter().enumerate() {
            assert_eq!(keyword.bit as usize, idx, "{}", keyword.ident);
            let same_name = KEYWORDS.iter().filter(|k| k.name == keyword.name).count();
            let same_wit = KEYWORDS.iter().filter(|k| k.wit == keyword.wit).count();
            assert_eq!((same_name, same_wit), (1, 1), "{}", keyword.ident);
        }
        assert_eq!(keyword_named("Bane").map(|k| k.bit), Some(6));
    }

    /// CamelCase or SCREAMING_CASE: a Rust name, not a word.
    fn is_identifier(text: &str) -> bool {
        text.contains('_')
            || text
                .split_whitespace()
                // "EX area" is the game's own word.
                .any(|word| word != "EX" && word.chars().skip(1).any(|c| c.is_ascii_uppercase()))
    }

    #[test]
    fn every_keyword_and_trigger_has_words_players_read() {
        for keyword in KEYWORDS {
            assert!(
                !keyword.label.is_empty() && keyword.reminder.len() > 10,
                "{}",
                keyword.ident
            );
            assert!(
                !is_identifier(keyword.label),
                "{}: {}",
                keyword.ident,
                keyword.label
            );
        }
        for trigger in TRIGGERS {
            assert!(
                trigger.when.starts_with("When") || trigger.when.starts_with("At "),
                "{}: {}",
                trigger.ident,
                trigger.when
            );
            // Ability names find their trigger: they are unique.
            assert_eq!(
                TRIGGERS.iter().filter(|t| t.name == trigger.name).count(),
                1,
                "{}",
                trigger.name
            );
        }
    }

    #[test]
    fn trigger_idents_are_unique_and_filters_marked() {
        for trigger in TRIGGERS {
            assert_eq!(
                TRIGGERS.iter().filter(|t| t.ident == trigger.ident).count(),
                1,
                "{}",
                trigger.ident
            );
        }
        // Twelve with a card filter, and the move hook (`OnMove`).
        let filtered: usize = TRIGGERS.iter().filter(|t| t.filtered).count();
        assert_eq!(filtered, 13);
    }

    #[test]
    fn classes_read_every_spelling_card_data_and_scripts_write() {
        let ident = |text: &str| class_named(text).map(|c| c.ident);
        for class in CLASSES {
            assert_eq!(ident(class.name), Some(class.ident));
            assert_eq!(ident(class.word), Some(class.ident));
        }
        assert_eq!(ident("Forestcraft"), Some("Forest"));
        assert_eq!(ident("forest"), Some("Forest"));
        assert_eq!(ident("  sWORD "), Some("Sword"));
        assert_eq!(ident("RUNECRAFT"), Some("Rune"));
        assert_eq!(ident("Dragon craft"), Some("Dragon"));
        assert_eq!(ident("Neutralcraft"), Some("Neutral"));
        assert_eq!(ident("craft"), None);
        assert_eq!(ident("Forestcraftcraft"), None);
        assert_eq!(ident("Moon"), None);
        assert_eq!(ident(""), None);
        assert_eq!(ident("éforest"), None);
    }

    #[test]
    fn card_types_read_their_printed_names_in_any_case() {
        let ident = |text: &str| card_type_named(text).map(|t| t.ident);
        for card_type in CARD_TYPES {
            assert_eq!(ident(card_type.name), Some(card_type.ident));
            let plays_as = card_type_by_ident(card_type.plays_as);
            assert_eq!(
                plays_as.map(|t| t.plays_as),
                Some(card_type.plays_as),
                "{} plays as a type that plays as itself",
                card_type.ident
            );
        }
        assert_eq!(ident(" evolved FOLLOWER "), Some("EvolvedFollower"));
        assert_eq!(ident("Evovled Follower"), None);
        assert_eq!(ident("Follower / Token"), None);
        assert_eq!(ident("EvolvedFollower"), None);
    }

    #[test]
    fn counter_numbers_are_the_list_order() {
        for (idx, counter) in COUNTERS.iter().enumerate() {
            assert_eq!(usize::from(counter.index), idx, "{}", counter.name);
        }
    }

    #[test]
    fn universes_are_read_by_any_of_their_words_and_no_word_is_shared() {
        assert_eq!(universe_named("uma").map(|u| u.ident), Some("Umamusume"));
        assert_eq!(
            universe_named(" IMAS ").map(|u| u.ident),
            Some("Idolmaster")
        );
        assert_eq!(
            universe_named("Princess Connect! Re:Dive").map(|u| u.set),
            Some("CP04")
        );
        assert_eq!(
            universe_named("priconne").map(|u| u.ident),
            Some("PrincessConnect")
        );
        assert_eq!(universe_named("vanguard").map(|u| u.set), Some("CP03"));
        assert!(universe_named("Gundam").is_none());
        for universe in UNIVERSES {
            for word in universe.words.iter().chain([&universe.name]) {
                assert_eq!(
                    universe_named(word).map(|u| u.ident),
                    Some(universe.ident),
                    "{word}"
                );
            }
        }
    }
}
