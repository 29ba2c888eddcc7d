//! Events: what happened, derived from each mutation at the choke point
//! (`mutation.rs`) plus a few procedure markers (an attack was declared, an
//! ability fizzled). The UI animates them, the network filters them per
//! player, replays compare them and triggers are collected from them.

use super::ids::{AbilityIdx, CardRef, DefId, PlayerId};
use super::state::{AttackTarget, Duration, EffectKind, Outcome, PendingWhat, Phase, Zone};
use crate::cards::{Counter, TriggerIcon};
use serde::{Deserialize, Serialize};

/// Why a card moved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum MoveCause {
    /// Game setup (decks, leaders).
    Setup,
    /// Drawn.
    Draw,
    /// Mulligan: returned to the deck.
    Mulligan,
    /// Played (to the resolution zone, or onto the field as it resolves).
    Play,
    /// A resolved spell goes to the cemetery.
    SpellResolved,
    /// Destroyed (CR 5.6). `by_ability` is false for 0 defense.
    Destroy {
        /// Destroyed by an ability (effects, Bane) rather than 0 defense.
        by_ability: bool,
    },
    /// Put into the cemetery without being destroyed (bury, CR 5.34).
    Bury,
    /// Discarded from the hand.
    Discard,
    /// Banished.
    Banish,
    /// Returned to the hand.
    ReturnToHand,
    /// Put into a deck.
    ToDeck,
    /// Put onto the field or into the EX area by an effect.
    PutByEffect,
    /// A token was created (summoned).
    TokenCreated,
    /// A token left the field or EX area and ceased to exist.
    TokenRemoved,
    /// Evolution (the evolved card joins its follower).
    Evolve,
    /// Rules handling (limits, illegal evolutions, Stack).
    RulesHandling,
    /// Paid as a cost.
    Cost,
    /// Put there by a sandbox tool (outside the rules; triggers nothing).
    Sandbox,
    /// A serve ability put a Carrot into the race (Umamusume). Last, so the
    /// encoding of the older causes, which replays hash, stays the same.
    Race,
    /// The other player took control of it: it moved from field to field,
    /// the same object (CR 5.22, later-sets §12.8). Appended after `Race`
    /// for the same reason.
    ControlChange,
    /// A drive check revealed it into the trigger zone, or moved it on
    /// (later-sets §2.3). Appended for the same reason.
    DriveCheck,
    /// Put onto the field face down at set-up (a Starting Amulet,
    /// later-sets §2.2, CR 14.4.3.1): its owner alone sees which card.
    /// Appended for the same reason.
    FaceDownSetup,
}

/// Kinds of damage (rules-coverage.md §9.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum DamageKind {
    /// Damage the attacker deals to its target.
    Attack,
    /// Damage the target follower deals back.
    Combat,
    /// Damage from an ability.
    Ability,
}

/// Player resources.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Resource {
    /// Current play points.
    PlayPoints,
    /// Maximum play points.
    MaxPlayPoints,
    /// Evolution points.
    EvolvePoints,
    /// Super-evolution points.
    SuperEvolvePoints,
}

/// Something that happened in a match.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// Setup done; `first` goes first.
    GameStarted {
        /// The first player.
        first: PlayerId,
    },
    /// A player kept or redrew their opening hand.
    Mulligan {
        /// Who.
        player: PlayerId,
        /// Whether they redrew.
        redrew: bool,
    },
    /// A turn began.
    TurnStarted {
        /// The active player.
        player: PlayerId,
        /// Global turn number.
        turn: u32,
    },
    /// A phase began.
    PhaseStarted {
        /// Which.
        phase: Phase,
    },
    /// A card moved between zones. `def` is the card's printed definition;
    /// `evolved` the evolved card it was linked to when it left the field
    /// (look-back information, CR 10.7.4).
    Moved {
        /// The card.
        card: CardRef,
        /// Printed definition (hidden in redacted views).
        def: Option<DefId>,
        /// Its owner.
        owner: PlayerId,
        /// Controller before the move.
        controller: PlayerId,
        /// Zone it left.
        from: Zone,
        /// Zone it entered.
        to: Zone,
        /// Why.
        cause: MoveCause,
        /// Linked evolved definition when it left the field.
        evolved: Option<DefId>,
    },
    /// A deck was shuffled.
    Shuffled {
        /// Whose.
        player: PlayerId,
    },
    /// A card became engaged.
    Engaged {
        /// The card.
        card: CardRef,
    },
    /// A card became reserved.
    Refreshed {
        /// The card.
        card: CardRef,
    },
    /// A follower took damage.
    FollowerDamaged {
        /// The follower.
        card: CardRef,
        /// Amount (> 0).
        amount: i32,
        /// Kind.
        kind: DamageKind,
        /// Source card.
        source: Option<CardRef>,
    },
    /// A leader took damage.
    LeaderDamaged {
        /// Whose leader.
        player: PlayerId,
        /// Amount (> 0).
        amount: i32,
        /// Kind.
        kind: DamageKind,
        /// Source card.
        source: Option<CardRef>,
    },
    /// Leader defense changed (damage, gain or loss).
    LeaderDefense {
        /// Whose leader.
        player: PlayerId,
        /// Before.
        from: i32,
        /// After.
        to: i32,
    },
    /// A resource changed.
    ResourceChanged {
        /// Whose.
        player: PlayerId,
        /// Which.
        resource: Resource,
        /// Before.
        from: i32,
        /// After.
        to: i32,
    },
    /// Counters on a card changed.
    CountersChanged {
        /// The card.
        card: CardRef,
        /// Kind.
        counter: Counter,
        /// Before.
        from: u32,
        /// After.
        to: u32,
    },
    /// A persistent effect began.
    EffectAdded {
        /// The card it applies to.
        card: CardRef,
        /// What.
        kind: EffectKind,
        /// How long.
        duration: Duration,
        /// Source.
        source: Option<CardRef>,
    },
    /// Persistent effects ended (end of turn).
    EffectsExpired {
        /// How many.
        count: u32,
    },
    /// A follower evolved (or super-evolved).
    Evolved {
        /// The follower.
        card: CardRef,
        /// The evolved card now linked to it.
        evolved: CardRef,
        /// Super evolution.
        super_evolve: bool,
    },
    /// A card has been played (CR 10.6.2.7).
    CardPlayed {
        /// Who played it.
        player: PlayerId,
        /// The card.
        card: CardRef,
        /// Its definition.
        def: DefId,
    },
    /// An activated ability was played.
    AbilityActivated {
        /// Source.
        card: CardRef,
        /// Which ability.
        ability: AbilityIdx,
    },
    /// An activation, or the yes to an automatic ability's optional cost,
    /// was taken back while its costs were being paid (`flow/cancel.rs`):
    /// the match is as it was before its [`Event::AbilityActivated`] (or
    /// the yes), whose events since then are void.
    ActivationCancelled {
        /// Source.
        card: CardRef,
        /// Which ability.
        ability: AbilityIdx,
    },
    /// An attack was declared (CR 8.4.5).
    AttackDeclared {
        /// The attacker.
        attacker: CardRef,
        /// Its target.
        target: AttackTarget,
    },
    /// Two followers fought (CR 8.4.9.2).
    Fought {
        /// The attacker.
        attacker: CardRef,
        /// The defender.
        defender: CardRef,
    },
    /// An automatic ability became pending.
    AbilityTriggered {
        /// Source card.
        card: CardRef,
        /// Definition (look-back).
        def: DefId,
        /// Which ability: one of the card's, or a keyword ability.
        ability: PendingWhat,
        /// Its controller.
        controller: PlayerId,
    },
    /// An ability finished resolving.
    AbilityResolved {
        /// Source card.
        card: CardRef,
        /// Definition.
        def: DefId,
        /// Which ability: one of the card's, or a keyword ability.
        ability: PendingWhat,
    },
    /// An ability failed (card code error, trap, fuel) and did nothing.
    AbilityFizzled {
        /// Source card.
        card: CardRef,
        /// Definition.
        def: DefId,
        /// Which ability.
        ability: AbilityIdx,
        /// What went wrong.
        reason: String,
    },
    /// Card definitions and code were reloaded mid-match (hot reload).
    CardsReloaded {
        /// What was reloaded (a pack id, or several), for the log.
        source: String,
        /// Card ids whose definition changed.
        changed: Vec<String>,
        /// New card ids.
        added: Vec<String>,
        /// Card ids no longer defined (they keep their last definition in
        /// this match).
        removed: Vec<String>,
    },
    /// A sandbox tool changed the match outside the rules.
    Sandbox {
        /// What it did, for the log.
        description: String,
    },
    /// A player conceded.
    Conceded {
        /// Who.
        player: PlayerId,
    },
    /// The match ended.
    GameOver {
        /// How.
        outcome: Outcome,
    },
    /// The engine stopped a loop no player can stop; the match is a draw
    /// (CR 15.2.1.3). Kept last so older logs hash the same.
    EndlessLoop {
        /// The card whose ability was running, if one was.
        card: Option<CardRef>,
        /// Which limit was passed.
        reason: String,
    },
    /// A delayed ability began to wait for its trigger (CR 10.7.5,
    /// `engine/delayed.rs`). Appended after `EndlessLoop`, so older logs
    /// hash the same.
    DelayedCreated {
        /// The card whose ability it is.
        card: CardRef,
        /// Its definition.
        def: DefId,
        /// Which ability.
        ability: AbilityIdx,
        /// Who will play it.
        controller: PlayerId,
    },
    /// A card was fused (later-sets §9, CR 12.18.4): discarded or buried
    /// to pay `by`'s Fuse cost. Appended last, so older logs hash the
    /// same.
    Fused {
        /// The fused card (now in the cemetery, or gone: a token).
        card: CardRef,
        /// Its printed definition.
        def: DefId,
        /// The card whose Fuse fused it (now in the EX area).
        by: CardRef,
    },
    /// An equipment token was made linked to a follower: "when a follower
    /// equips this" (later-sets §5, CR 14.5.2.2.2).
    Equipped {
        /// The equipment token, in an equipment zone.
        token: CardRef,
        /// The follower it equips.
        follower: CardRef,
    },
    /// A drive check revealed a card into its player's trigger zone
    /// (later-sets §2.3, CR 14.4.5).
    DriveChecked {
        /// Whose drive check.
        player: PlayerId,
        /// The card revealed.
        card: CardRef,
        /// The card whose ability performed it.
        by: CardRef,
    },
    /// A face-down card on the field was turned face up (a Starting
    /// Amulet after both mulligans, later-sets §2.2, CR 14.4.3.2). Not a
    /// move: nothing is put onto the field, no Fanfare.
    TurnedFaceUp {
        /// The card.
        card: CardRef,
    },
    /// A follower was given Drive (later-sets §2.4, CR 14.4.7.3): it has
    /// Drive, Single Drive and Rush, and its On Drive abilities trigger.
    DriveGiven {
        /// The follower.
        card: CardRef,
    },
    /// A player resolved the Trigger of the card their drive check
    /// revealed ("drive checked a Trigger", CR 14.4.5.1.4).
    TriggerResolved {
        /// Whose drive check.
        player: PlayerId,
        /// The Trigger card.
        card: CardRef,
        /// Its icon.
        icon: TriggerIcon,
    },
    /// A "next time" replacement effect on damage was used up and ended
    /// (later-sets §11.2, §12.14).
    EffectUsedUp {
        /// The follower or leader it was on.
        card: CardRef,
        /// What it did.
        kind: super::state::EffectKind,
    },
    /// An effect on a player began to wait for its window or apply
    /// (later-sets §12.10, §12.12).
    PlayerEffectAdded {
        /// The player it applies to.
        player: PlayerId,
        /// What it does.
        kind: super::state::PlayerEffectKind,
        /// When it applies.
        window: super::state::TurnWindow,
    },
    /// An effect on a player ended with its window (later-sets §12.10,
    /// §12.12).
    PlayerEffectEnded {
        /// The player it applied to.
        player: PlayerId,
        /// What it did.
        kind: super::state::PlayerEffectKind,
    },
    /// A player's turn did not begin: it was skipped (later-sets §12.9,
    /// CR 5.26.2); the other player's turn follows.
    TurnSkipped {
        /// Whose turn.
        player: PlayerId,
    },
    /// An activated ability of a declared keyword the card has was played
    /// (`cards/declared.rs`); [`Event::AbilityActivated`] names the card's
    /// own.
    KeywordAbilityActivated {
        /// Source: the card with the keyword.
        card: CardRef,
        /// The card pool's number of the keyword.
        keyword: u8,
        /// Which of the keyword's abilities.
        ability: AbilityIdx,
    },
    /// [`Event::ActivationCancelled`] for an ability of a declared keyword
    /// the card has.
    KeywordActivationCancelled {
        /// Source: the card with the keyword.
        card: CardRef,
        /// The card pool's number of the keyword.
        keyword: u8,
        /// Which of the keyword's abilities.
        ability: AbilityIdx,
    },
}

impl Event {
    /// "`card` played its activated ability `ability` of definition
    /// `def`": the card's own, or a declared keyword's it has.
    pub(crate) fn activated(card: CardRef, def: DefId, ability: AbilityIdx) -> Event {
        match crate::cards::CardDb::keyword_of_def(def) {
            Some(keyword) => Event::KeywordAbilityActivated {
                card,
                keyword,
                ability,
            },
            None => Event::AbilityActivated { card, ability },
        }
    }

    /// "The activation of (or the yes to the optional cost of) `card`'s
    /// ability `ability` of definition `def` was taken back".
    pub(crate) fn activation_cancelled(card: CardRef, def: DefId, ability: AbilityIdx) -> Event {
        match crate::cards::CardDb::keyword_of_def(def) {
            Some(keyword) => Event::KeywordActivationCancelled {
                card,
                keyword,
                ability,
            },
            None => Event::ActivationCancelled { card, ability },
        }
    }
}
