//! The closed vocabularies of SVE Script as IR enums: classes, card types,
//! rarities, keywords, counters, triggers, target modes, stats, durations and
//! the small option lists of individual effects. Each enum knows its
//! canonical script spelling ([`Keyword::name`] and friends) and lists all of
//! its values (`ALL`); the accepted aliases live in the parser's name tables.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )*
            // Variants with a number, after every named one (appended:
            // postcard numbers variants in order), outside `ALL`.
            $( @numbered $( $(#[$nmeta:meta])* $numbered:ident($num:ty) = $ntext:literal, )+ )?
            // Named variants appended after the numbered ones, in a later
            // IR version: a value already written keeps its number.
            $( @appended $( $(#[$ameta:meta])* $appended:ident = $atext:literal, )+ )?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )*
            $($( $(#[$nmeta])* $numbered($num), )+)?
            $($( $(#[$ameta])* $appended, )+)?
        }

        impl $name {
            /// Every named value, in declaration order (appended ones
            /// last).
            pub const ALL: &'static [$name] = &[$($name::$variant,)* $($($name::$appended,)+)?];

            /// The canonical spelling (as written in scripts or, for
            /// header values, as printed); for a numbered value, what it
            /// is (its name is the module's: see the variant).
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                    $($( $name::$numbered(_) => $ntext, )+)?
                    $($( $name::$appended => $atext, )+)?
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $($( $name::$numbered(n) => write!(f, "{} #{n}", self.name()), )+)?
                    #[allow(unreachable_patterns)] // Enums with no numbered variant.
                    _ => f.write_str(self.name()),
                }
            }
        }
    };
}

named_enum! {
    /// The seven classes (spec §2 `class`, rules-coverage.md §2.1).
    pub enum Class {
        /// Forestcraft.
        Forest = "Forestcraft",
        /// Swordcraft.
        Sword = "Swordcraft",
        /// Runecraft.
        Rune = "Runecraft",
        /// Dragoncraft.
        Dragon = "Dragoncraft",
        /// Abysscraft.
        Abyss = "Abysscraft",
        /// Havencraft.
        Haven = "Havencraft",
        /// Neutral.
        Neutral = "Neutral",
    }
}

named_enum! {
    /// Crossover universes (spec §2 `universe`), in `sve_vocab::UNIVERSES`'
    /// order (a test checks); informational, for deck building.
    pub enum Universe {
        /// Umamusume: Pretty Derby.
        Umamusume = "Umamusume: Pretty Derby",
        /// THE IDOLM@STER CINDERELLA GIRLS.
        Idolmaster = "THE IDOLM@STER CINDERELLA GIRLS",
        /// Cardfight!! Vanguard.
        Vanguard = "Cardfight!! Vanguard",
        /// Princess Connect! Re:Dive.
        PrincessConnect = "Princess Connect! Re:Dive",
    }
}

named_enum! {
    /// Compiled card types (spec §2 "Types"). Token status is not a type: it
    /// is the `Token` trait ([`crate::ir::Card::is_token`]).
    pub enum CardType {
        /// A follower.
        Follower = "Follower",
        /// An evolved follower (lives in the evolve deck; pairs with its base
        /// card by name).
        EvolvedFollower = "Evolved Follower",
        /// A spell.
        Spell = "Spell",
        /// An evolved spell (the Umamusume "Carrot", never played).
        EvolvedSpell = "Evolved Spell",
        /// An amulet.
        Amulet = "Amulet",
        /// A leader.
        Leader = "Leader",
        /// Not a card: a keyword the pack declares (IR 4), with its name,
        /// reminder (`text`) and the abilities a card with it has.
        Keyword = "Keyword",
        /// Not a card: a counter kind the pack declares (IR 5), with its
        /// name and reminder (`text`).
        Counter = "Counter",
        /// A crest (IR 10; later-sets §4): always a token, it exists only
        /// in an EX area, where its abilities work, and is never played.
        Crest = "Crest",
        /// Not a card: a token kind the pack declares (IR 21), with its
        /// name, reminder (`text`) and rules (a passive
        /// [`TokenKindRules`](crate::ir::Effect::TokenKindRules)); tokens
        /// carrying its name as a trait are of it.
        TokenKind = "TokenKind",
    }
}

impl CardType {
    /// Followers and evolved followers (filter `F`).
    pub fn is_follower(self) -> bool {
        matches!(self, CardType::Follower | CardType::EvolvedFollower)
    }

    /// Evolved followers and evolved spells (filter `E`).
    pub fn is_evolved(self) -> bool {
        matches!(self, CardType::EvolvedFollower | CardType::EvolvedSpell)
    }

    /// A declaration the pack makes (a keyword, a counter kind or a token
    /// kind), not a card of any zone.
    pub fn is_declaration(self) -> bool {
        matches!(
            self,
            CardType::Keyword | CardType::Counter | CardType::TokenKind
        )
    }
}

named_enum! {
    /// Rarities (spec §2 `rarity`); no rules effect.
    pub enum Rarity {
        /// Bronze (`B`).
        Bronze = "Bronze",
        /// Silver (`S`).
        Silver = "Silver",
        /// Gold (`G`).
        Gold = "Gold",
        /// Legendary (`L`, and, a peer quirk kept here, `SL`).
        Legendary = "Legendary",
        /// Ultimate (`U`).
        Ultimate = "Ultimate",
        /// Super Legendary (written out in full only).
        SuperLegendary = "Super Legendary",
    }
}

named_enum! {
    /// Keywords: flags on a card (spec §3). Printed ones come from
    /// `keyword(s)` lines, derived ones from the compiler (§2), the rest are
    /// internal flags that effects and passives grant. Counters are not
    /// keywords here: see [`Counter`].
    pub enum Keyword {
        /// Opponent's attacks must target an engaged Ward follower if one exists.
        Ward = "Ward",
        /// May attack (leaders too) the turn it enters the field.
        Storm = "Storm",
        /// May attack followers the turn it enters the field.
        Rush = "Rush",
        /// May attack reserved followers as well as engaged ones.
        Assail = "Assail",
        /// Cannot be chosen as the defender of an attack.
        Intimidate = "Intimidate",
        /// Damage it deals when attacking is added to its leader's defense.
        Drain = "Drain",
        /// Destroys the follower it fights.
        Bane = "Bane",
        /// Cannot be selected by the opponent's `Target...` effects.
        Aura = "Aura",
        /// (On a spell) may be played at Quick timing.
        Quick = "Quick",
        /// Derived: the card has an evolve action (`evolve N;` or an
        /// `Evolve()` self-effect).
        Evolve = "Evolve",
        /// Derived: the card has an Earth Rite cost (marker only).
        EarthRite = "EarthRite",
        /// Umamusume: can be served 1 Carrot (`serve` is the same keyword).
        Serve1 = "serve1",
        /// Umamusume: can be served 2 Carrots.
        Serve2 = "serve2",
        /// Umamusume: can be served 3 Carrots.
        Serve3 = "serve3",
        /// Ignores Ward when attacking.
        IgnoreWard = "IgnoreWard",
        /// Enters the field engaged.
        PutOnFieldEngaged = "PutOnFieldEngaged",
        /// Deals combat damage equal to its defense instead of its attack.
        UseDefAsAtk = "UseDefAsAtk",
        /// While on your field, Runecraft followers in your cemetery count
        /// towards Spellchain.
        RuneFollowersForSpellchain = "RuneFollowersForSpellchain",
        /// `Destroy` effects skip this card.
        CannotDestroyByAbilities = "CannotDestroyByAbilities",
        /// Cannot attack.
        CannotAttack = "CannotAttack",
        /// Cannot attack leaders.
        CannotAttackLeaders = "CannotAttackLeaders",
        /// Deals 1 more combat damage.
        Plus1Damage = "Plus1Damage",
        /// Deals 2 more combat damage.
        Plus2Damage = "Plus2Damage",
        /// Deals 3 more combat damage.
        Plus3Damage = "Plus3Damage",
        /// Deals 4 more combat damage.
        Plus4Damage = "Plus4Damage",
        /// Takes 1 less combat damage.
        DamageReduction1 = "DamageReduction1",
        /// Takes 1 less damage from abilities.
        DamageReductionAbilities1 = "DamageReductionAbilities1",
        /// Deals no combat damage.
        CannotDealDamage = "CannotDealDamage",
        /// Takes no damage (combat or ability).
        DoesNotTakeDamage = "DoesNotTakeDamage",
        /// Takes no combat damage.
        DoesNotTakeCombatDamage = "DoesNotTakeCombatDamage",
        /// Deals double damage when fighting a follower.
        DoubleCombatDamage = "DoubleCombatDamage",
        /// Deals double damage when attacking a leader.
        DoubleLeaderDamage = "DoubleLeaderDamage",
        /// Can't be played from the EX area (IR 4).
        CannotBePlayedFromEx = "CannotBePlayedFromEx",
        /// Can't be destroyed at all (IR 4).
        CannotBeDestroyed = "CannotBeDestroyed",
        @numbered
        /// A keyword the module declares (IR 4): its `n`-th keyword
        /// declaration card (`type Keyword;`, [`CardType::Keyword`]) in
        /// module order; the compiler refuses every card naming a declared
        /// keyword when a declaration of its set did not compile, so the
        /// numbering always holds.
        Declared(u16) = "declared keyword",
        @appended
        /// Can't be banished by abilities (IR 5).
        CannotBeBanished = "CannotBeBanished",
        /// Its controller may evolve any number of times per turn (IR 5).
        EvolveAnyNumber = "EvolveAnyNumber",
        /// Its controller can't lose, their opponent can't win (IR 5).
        CannotLose = "CannotLose",
        /// An opponent selecting for an ability must select it (IR 5).
        MustBeSelected = "MustBeSelected",
        /// May be played from its owner's cemetery (IR 5).
        PlayableFromCemetery = "PlayableFromCemetery",
        /// Each enemy follower must attack once per turn if able (IR 5).
        EnemiesMustAttack = "EnemiesMustAttack",
        /// The opponent can't draw outside their start phase (IR 5).
        OpponentsCannotDrawOutsideStartPhase = "OpponentsCannotDrawOutsideStartPhase",
        /// Has lost all abilities it had (IR 7).
        LosesAllAbilities = "LosesAllAbilities",
        /// Boxed: lost all abilities, doesn't refresh (IR 7).
        Boxed = "Boxed",
        /// Drive: no effect of its own; given by a Ride (IR 18).
        Drive = "Drive",
        /// Single Drive: Strike, perform a drive check (IR 18).
        SingleDrive = "SingleDrive",
        /// Twin Drive: Strike, perform 2 drive checks (IR 18).
        TwinDrive = "TwinDrive",
        /// Starting Amulet: put onto the field face down at set-up (IR 19).
        StartingAmulet = "StartingAmulet",
        /// Enemy followers that would go from the field to the cemetery
        /// are banished instead (IR 20).
        BanishesEnemiesInstead = "BanishesEnemiesInstead",
        /// Its controller may choose any number of an ability's options,
        /// from 1 to all that can be performed (IR 24, later-sets §4).
        ChooseAnyNumberOfOptions = "ChooseAnyNumberOfOptions",
    }
}

impl Keyword {
    /// Whether the compiler derives this keyword rather than reading it
    /// (spec §2 "Derived properties").
    pub fn is_derived(self) -> bool {
        matches!(self, Keyword::Evolve | Keyword::EarthRite)
    }
}

named_enum! {
    /// Counter kinds (spec §3 "Counters"; `Fable` from branch
    /// `feature/bp03-forest`, §11).
    pub enum Counter {
        /// Stack counters (Runecraft amulets; Earth Rite removes them).
        Stack = "Stack",
        /// Spell counters.
        Spell = "Spell",
        /// Prayer counters.
        Prayer = "Prayer",
        /// Fable counters.
        Fable = "Fable",
        @numbered
        /// A counter kind the module declares (IR 5): its `n`-th counter
        /// declaration card (`type Counter;`, [`CardType::Counter`]) in
        /// module order.
        Declared(u16) = "declared counter",
        @appended
        /// Fusion counters (IR 11, later-sets §9).
        Fusion = "Fusion",
    }
}

named_enum! {
    /// The trigger word of an ability (spec §4.4), aliases normalised
    /// (`Activate`/`Activated` are [`Trigger::Act`]).
    pub enum Trigger {
        /// This card is put onto its owner's field (played or put there by an
        /// effect); not on evolving, not for tokens created by Summon/Transform.
        Fanfare = "Fanfare",
        /// Branch §11: this card was put onto the field from the hand.
        FanfareHand = "FanfareHand",
        /// Branch §11: this card was put onto the field from anywhere but the hand.
        FanfareNotHand = "FanfareNotHand",
        /// This card goes from the field to the cemetery.
        LastWords = "LastWords",
        /// This card leaves the field for any zone.
        OnLeaveField = "OnLeaveField",
        /// This card is returned from the field to the hand.
        OnReturnToHandFromField = "OnReturnToHandFromField",
        /// Branch §11: another card of yours is returned from the field to the hand (filter).
        OnOtherReturnToHandFromField = "OnOtherReturnToHandFromField",
        /// Another card (tokens included) is put onto your field (filter).
        OnOtherEnterField = "OnOtherEnterField",
        /// Another card leaves your field (filter).
        OnOtherLeaveField = "OnOtherLeaveField",
        /// A card on the opponent's field is put into their cemetery (filter).
        OnOpponentCardLeaveField = "OnOpponentCardLeaveField",
        /// This card is discarded (works from the hand).
        OnDiscarded = "OnDiscarded",
        /// This card is put onto the field by evolving.
        OnEvolve = "OnEvolve",
        /// Another follower on your field evolves (filter).
        OnOtherEvolve = "OnOtherEvolve",
        /// This follower races (once per race).
        OnRace = "OnRace",
        /// Another follower of yours races (filter).
        OnOtherRace = "OnOtherRace",
        /// This follower attacks (on declaration).
        Strike = "Strike",
        /// This follower attacks a follower.
        FollowerStrike = "FollowerStrike",
        /// This follower attacks a leader.
        LeaderStrike = "LeaderStrike",
        /// Another card on your field attacks (filter).
        OnOtherAttack = "OnOtherAttack",
        /// You play a spell (filter, tested against the spell).
        OnPlaySpell = "OnPlaySpell",
        /// This follower deals more than 0 combat damage to a follower.
        OnDealCombatDamage = "OnDealCombatDamage",
        /// Your leader's defense increases.
        OnLeaderGainDefense = "OnLeaderGainDefense",
        /// Start of your main phase.
        StartMainPhase = "StartMainPhase",
        /// Start of the opponent's main phase.
        StartOpponentMainPhase = "StartOpponentMainPhase",
        /// Start of your end phase; on a spell, a delayed trigger registered
        /// when the spell is played.
        StartEndPhase = "StartEndPhase",
        /// Never fires by itself: a spell's effect or a named sub-ability (§4.5).
        Spell = "Spell",
        /// A continuous effect (§5.7).
        Passive = "Passive",
        /// Changes how this card is paid for (§5.8).
        ModifiedCost = "ModifiedCost",
        /// An activated ability (`Act`, `Activate`, `Activated`).
        Act = "Act",
        /// A card moves between the zones of the ability's `moves` line
        /// (IR 7; filter: the moving card).
        OnMove = "OnMove",
        /// IR 9: a Union Burst ability of another follower on your field is
        /// executed (filter: that follower).
        OnOtherUnionBurst = "OnOtherUnionBurst",
        /// IR 11: you fuse a card, once per card fused (filter: the fused
        /// card).
        OnFuse = "OnFuse",
        /// IR 11: this card is fused by your card's ability; works in the
        /// cemetery (filter: the fusing card).
        OnFused = "OnFused",
        /// IR 17: a follower equips this equipment token (the trigger card
        /// is the follower).
        OnEquipped = "OnEquipped",
        /// IR 19: this follower is given Drive (once per card object).
        OnDrive = "OnDrive",
        /// IR 19: a follower on your field performs a drive check (filter:
        /// the follower).
        OnDriveCheck = "OnDriveCheck",
        /// IR 19: you drive check a Trigger (filter: the Trigger card).
        OnDriveCheckTrigger = "OnDriveCheckTrigger",
        /// IR 22: your leader's defense becomes 0 or less (later-sets
        /// §12.3).
        OnLeaderDefenseZero = "OnLeaderDefenseZero",
    }
}

named_enum! {
    /// A zone a `moves` line names (IR 7).
    pub enum HookZone {
        /// A deck.
        Deck = "Deck",
        /// A hand.
        Hand = "Hand",
        /// A field.
        Field = "Field",
        /// An EX area.
        ExArea = "ExArea",
        /// A cemetery.
        Cemetery = "Cemetery",
        /// The banished zone.
        Banished = "Banished",
        /// An evolve deck.
        EvolveDeck = "EvolveDeck",
        /// The resolution zone (a card being played).
        Resolution = "Resolution",
    }
}

named_enum! {
    /// Whose cards a `moves` line watches (IR 7), from the ability's card's
    /// point of view.
    pub enum HookWhose {
        /// Cards you own.
        Yours = "Yours",
        /// Cards your opponent owns.
        Opponents = "Opponents",
        /// Anyone's.
        Anyone = "Anyone",
    }
}

impl Trigger {
    /// The kind of ability this trigger makes (spec §4.2).
    pub fn kind(self) -> AbilityKind {
        match self {
            Trigger::Act => AbilityKind::Activated,
            Trigger::Passive => AbilityKind::Passive,
            Trigger::ModifiedCost => AbilityKind::CostModifier,
            Trigger::Spell => AbilityKind::Spell,
            _ => AbilityKind::Triggered,
        }
    }

    /// Whether a `filter` line restricts which card may cause the trigger
    /// (spec §4.4, column "Filter").
    pub fn takes_filter(self) -> bool {
        matches!(
            self,
            Trigger::OnOtherEnterField
                | Trigger::OnOtherLeaveField
                | Trigger::OnOpponentCardLeaveField
                | Trigger::OnOtherEvolve
                | Trigger::OnOtherRace
                | Trigger::OnOtherAttack
                | Trigger::OnPlaySpell
                | Trigger::OnOtherReturnToHandFromField
                | Trigger::OnMove
                | Trigger::OnOtherUnionBurst
                | Trigger::OnFuse
                | Trigger::OnFused
        )
    }
}

/// What kind of ability an ability is (spec §4.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum AbilityKind {
    /// Fires on a game event and goes through the confirmation-timing queue.
    Triggered,
    /// Used by the controller from the field when all costs can be paid.
    Activated,
    /// A continuous effect while the card is on the field.
    Passive,
    /// Changes how the card itself is paid for (`ModifiedCost`).
    CostModifier,
    /// Trigger `Spell`: a spell's effect (the first on a spell card) or a
    /// named sub-ability run only when called.
    Spell,
}

impl AbilityKind {
    /// Lower-case name for messages.
    pub fn name(self) -> &'static str {
        match self {
            AbilityKind::Triggered => "triggered",
            AbilityKind::Activated => "activated",
            AbilityKind::Passive => "passive",
            AbilityKind::CostModifier => "cost-modifier",
            AbilityKind::Spell => "spell",
        }
    }
}

named_enum! {
    /// Target modes (spec §6): who or what an effect acts on.
    pub enum Target {
        /// This card (player-level effects: you). Ignores filters. The default.
        This = "Self",
        /// Your leader (player-level effects: you).
        Leader = "Leader",
        /// The opponent (player-level effects).
        Opponent = "Opponent",
        /// The opponent's leader.
        OpponentLeader = "OpponentLeader",
        /// Both leaders / both players.
        AllLeaders = "AllLeaders",
        /// Both players.
        AllPlayers = "AllPlayers",
        /// Every matching card on your field.
        AllPlayerCards = "AllPlayerCards",
        /// Every matching card in your EX area.
        AllPlayerCardsEx = "AllPlayerCardsEx",
        /// Every matching card on your field and in your EX area.
        AllPlayerCardsFieldAndEx = "AllPlayerCardsFieldAndEx",
        /// Every matching card on the opponent's field (Aura does not protect).
        AllOpponentCards = "AllOpponentCards",
        /// Every matching card in the opponent's EX area.
        AllOpponentCardsEx = "AllOpponentCardsEx",
        /// Every matching card on the opponent's field and EX area.
        AllOpponentCardsFieldAndEx = "AllOpponentCardsFieldAndEx",
        /// The opponent's matching field cards plus the opponent's leader.
        AllOpponentCardsAndLeader = "AllOpponentCardsAndLeader",
        /// Matching cards on both fields.
        AllCards = "AllCards",
        /// The card that caused the trigger, if it matches the filter.
        TriggerCard = "TriggerCard",
        /// Player choice: your field.
        TargetPlayerCard = "TargetPlayerCard",
        /// Player choice: your EX area.
        TargetPlayerCardEx = "TargetPlayerCardEx",
        /// Player choice: the opponent's field, excluding Aura.
        TargetOpponentCard = "TargetOpponentCard",
        /// Player choice: the opponent's EX area.
        TargetOpponentCardEx = "TargetOpponentCardEx",
        /// Player choice: the opponent's field (no Aura) plus their leader,
        /// who is eligible whatever the filter.
        TargetOpponentCardOrLeader = "TargetOpponentCardOrLeader",
        /// Player choice: both fields (no Aura on the opponent's side).
        TargetCard = "TargetCard",
        /// Player choice: both EX areas.
        TargetCardEx = "TargetCardEx",
        /// Parsed but not implemented by the peer: your field plus your leader.
        TargetPlayerCardOrLeader = "TargetPlayerCardOrLeader",
        /// Internal: the mode of `DealDamageDivided`; never written.
        TargetOpponentCardsDivided = "TargetOpponentCardsDivided",
        /// An equipment token's passive (IR 16, later-sets §5): the follower
        /// it equips, by the token's own ability (kept when the follower
        /// loses its abilities).
        Equipped = "Equipped",
        /// An equipment token's passive (IR 16): "the equipped follower
        /// has ...", the follower's own ability (lost with its abilities).
        EquippedFollower = "EquippedFollower",
    }
}

impl Target {
    /// Modes that ignore filters (spec §5.6, §6).
    pub fn ignores_filter(self) -> bool {
        self.is_player()
    }

    /// Modes that name players or leaders rather than cards on the field.
    pub fn is_player(self) -> bool {
        matches!(
            self,
            Target::This
                | Target::Leader
                | Target::Opponent
                | Target::OpponentLeader
                | Target::AllLeaders
                | Target::AllPlayers
        )
    }

    /// Modes where the player chooses (the filter's `m(min,max)` says how many).
    pub fn is_choice(self) -> bool {
        matches!(
            self,
            Target::TargetPlayerCard
                | Target::TargetPlayerCardEx
                | Target::TargetOpponentCard
                | Target::TargetOpponentCardEx
                | Target::TargetOpponentCardOrLeader
                | Target::TargetCard
                | Target::TargetCardEx
                | Target::TargetPlayerCardOrLeader
                | Target::TargetOpponentCardsDivided
        )
    }
}

named_enum! {
    /// Stat names of `GiveStat`/`SetStat` (spec §5.3 "Stat names").
    pub enum Stat {
        /// Attack (`Atk`, `Attack`).
        Attack = "Atk",
        /// Defense (`Def`, `Defense`); a leader's defense for leader targets.
        Defense = "Def",
        /// Both attack and defense (`AtkDef`, `AttackDefense`).
        AttackDefense = "AtkDef",
        /// Play-point cost.
        Cost = "Cost",
        /// Evolve cost.
        EvolveCost = "EvolveCost",
        /// Player stat: maximum play points (`MaxPP`, `MaxPlayPoint(s)`).
        MaxPlayPoints = "MaxPP",
        /// Player stat: current play points (`PP`, `PlayPoint(s)`).
        PlayPoints = "PP",
        /// Player stat: evolution points (`EP`, `EvolvePoint`).
        EvolvePoints = "EP",
    }
}

impl Stat {
    /// `MaxPP`, `PP` and `EP` belong to a player, not a card.
    pub fn is_player_stat(self) -> bool {
        matches!(
            self,
            Stat::MaxPlayPoints | Stat::PlayPoints | Stat::EvolvePoints
        )
    }
}

named_enum! {
    /// How long a passive effect lasts (spec §5.3 "Duration", rules-coverage.md §12.8).
    pub enum Duration {
        /// While this card is on the field (and the condition holds).
        WhileOnField = "WhileOnField",
        /// Only during the opponent's turns.
        OpponentTurn = "OpponentTurn",
        /// Internal: until the end of this turn.
        EndOfTurn = "EndOfTurn",
        /// Internal: until the end of the next turn.
        EndOfNextTurn = "EndOfNextTurn",
    }
}

named_enum! {
    /// Where `SummonToken` puts the tokens (spec §5.4 "Tokens").
    pub enum TokenOption {
        /// Onto your field; a token that does not fit is not created.
        Field = "Field",
        /// Into your EX area; same rule.
        ExArea = "ExArea",
        /// Onto the field while slots are free, the rest into the EX area.
        FieldOverflowToEx = "FieldOverflowToEx",
        /// For each token the player picks field or EX area, and may stop early.
        ChooseForEachFieldOrEx = "ChooseForEachFieldOrEx",
    }
}

named_enum! {
    /// Where searched cards go (spec §5.3 "SearchAction").
    pub enum SearchAction {
        /// To the hand (revealed if the filter is not empty).
        Hand = "Hand",
        /// To the cemetery.
        Cemetery = "Cemetery",
        /// Onto the field without paying (Fanfare triggers).
        Field = "Field",
        /// Into the EX area (limited by free slots).
        ExArea = "ExArea",
    }
}

named_enum! {
    /// Actions of `CheckTop`/`RevealTop` (spec §5.9).
    pub enum CheckActionKind {
        /// Choose up to count cards (matching) and add them to your hand.
        Hand = "Hand",
        /// Choose up to count cards and put them into your cemetery.
        Cemetery = "Cemetery",
        /// Choose up to count cards and put them onto your field without paying.
        Field = "Field",
        /// Choose up to count cards and put them on the bottom of your deck.
        BottomDeck = "BottomDeck",
        /// Choose cards and put each selection on top or on the bottom.
        TopOrBottomDeck = "TopOrBottomDeck",
        /// Put the (chosen or remaining) cards back on top in any order.
        TopDeckAnyOrder = "TopDeckAnyOrder",
        /// No-op marker: the rest stays on top in the original order.
        TopDeckSameOrder = "TopDeckSameOrder",
        /// Put all remaining cards on the bottom in any order.
        BottomDeckAnyOrder = "BottomDeckAnyOrder",
    }
}

named_enum! {
    /// Per-turn statistics read by the value operand `#(...)` (spec §9.2).
    pub enum TurnStat {
        /// Cards destroyed this turn.
        Destroyed = "destroyed",
        /// Cards you discarded this turn (`discard` is the same).
        Discarded = "discarded",
        /// Your cards that attacked this turn.
        Attacked = "attacked",
        /// Spells you played this turn.
        SpellsPlayed = "spellsPlayed",
        /// Face-up cards in your evolve deck.
        EvolveDeckFaceUp = "evolveDeckFaceUp",
        /// Face-down cards in your evolve deck.
        EvolveDeckFaceDown = "evolveDeckFaceDown",
        /// Turns this card has been on the field.
        TurnsOnField = "turnsOnField",
        /// Branch §11: cards returned from your field to your hand this turn.
        ReturnedToHandFromField = "returnedToHandFromField",
        /// IR 8: cards banished from your EX area this turn (a Lesson's
        /// Magical Items among them).
        BanishedFromEx = "banishedFromEx",
        /// IR 9: your Union Burst abilities executed this turn before the
        /// one resolving.
        UnionBursts = "unionBursts",
        /// IR 11: the cards the running ability's Fuse cost fused.
        Fused = "fused",
    }
}
