//! [`TriggerKinds`]: which kinds of trigger a card's automatic abilities
//! have, one bit per [`Trigger`] variant. The database keeps one set per
//! definition, so collecting triggers (`engine/triggers.rs`, after every
//! event) passes over a card without reading its abilities when none of
//! them could answer the event.

use super::Trigger;

/// A set of trigger kinds (payloads ignored): 64 bits, 32 of them used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TriggerKinds(u64);

/// Declares one constant per kind, each with its own bit.
macro_rules! kinds {
    ($($name:ident = $bit:literal: $trigger:literal;)*) => {
        impl TriggerKinds {
            $(
                #[doc = concat!("`", $trigger, "`.")]
                pub const $name: TriggerKinds = TriggerKinds(1 << $bit);
            )*
        }
    };
}

kinds! {
    FANFARE = 0: "Fanfare";
    LAST_WORDS = 1: "LastWords";
    ON_LEAVE_FIELD = 2: "OnLeaveField";
    ON_RETURN_TO_HAND_FROM_FIELD = 3: "OnReturnToHandFromField";
    ON_OTHER_ENTER_FIELD = 4: "OnOtherEnterField";
    ON_OTHER_LEAVE_FIELD = 5: "OnOtherLeaveField";
    ON_OPPONENT_CARD_DESTROYED = 6: "OnOpponentCardDestroyed";
    ON_OPPONENT_CARD_LEAVE_FIELD = 7: "OnOpponentCardLeaveField";
    ON_DISCARDED = 8: "OnDiscarded";
    ON_EVOLVE = 9: "OnEvolve";
    ON_SUPER_EVOLVE = 10: "OnSuperEvolve";
    ON_OTHER_EVOLVE = 11: "OnOtherEvolve";
    STRIKE = 12: "Strike";
    FOLLOWER_STRIKE = 13: "FollowerStrike";
    LEADER_STRIKE = 14: "LeaderStrike";
    ON_OTHER_ATTACK = 15: "OnOtherAttack";
    ON_PLAY_SPELL = 16: "OnPlaySpell";
    ON_DEAL_COMBAT_DAMAGE = 17: "OnDealCombatDamage";
    ON_LEADER_GAIN_DEFENSE = 18: "OnLeaderGainDefense";
    START_MAIN_PHASE = 19: "StartMainPhase";
    START_OPPONENT_MAIN_PHASE = 20: "StartOpponentMainPhase";
    START_END_PHASE = 21: "StartEndPhase";
    START_OPPONENT_END_PHASE = 22: "StartOpponentEndPhase";
    ON_MOVE = 23: "OnMove";
    ON_OTHER_UNION_BURST = 24: "OnOtherUnionBurst";
    ON_FUSE = 25: "OnFuse";
    ON_FUSED = 26: "OnFused";
    ON_EQUIPPED = 27: "OnEquipped";
    ON_DRIVE = 28: "OnDrive";
    ON_DRIVE_CHECK = 29: "OnDriveCheck";
    ON_DRIVE_CHECK_TRIGGER = 30: "OnDriveCheckTrigger";
    ON_LEADER_DEFENSE_ZERO = 31: "OnLeaderDefenseZero";
}

impl TriggerKinds {
    /// No kind.
    pub const NONE: TriggerKinds = TriggerKinds(0);

    /// The kind of one trigger.
    pub const fn of(trigger: &Trigger) -> TriggerKinds {
        // Exhaustive: a new trigger needs its kind here to build.
        match trigger {
            Trigger::Fanfare => Self::FANFARE,
            Trigger::LastWords => Self::LAST_WORDS,
            Trigger::OnLeaveField => Self::ON_LEAVE_FIELD,
            Trigger::OnReturnToHandFromField => Self::ON_RETURN_TO_HAND_FROM_FIELD,
            Trigger::OnOtherEnterField(_) => Self::ON_OTHER_ENTER_FIELD,
            Trigger::OnOtherLeaveField(_) => Self::ON_OTHER_LEAVE_FIELD,
            Trigger::OnOpponentCardDestroyed(_) => Self::ON_OPPONENT_CARD_DESTROYED,
            Trigger::OnOpponentCardLeaveField(_) => Self::ON_OPPONENT_CARD_LEAVE_FIELD,
            Trigger::OnDiscarded => Self::ON_DISCARDED,
            Trigger::OnEvolve => Self::ON_EVOLVE,
            Trigger::OnSuperEvolve => Self::ON_SUPER_EVOLVE,
            Trigger::OnOtherEvolve(_) => Self::ON_OTHER_EVOLVE,
            Trigger::OnOtherUnionBurst(_) => Self::ON_OTHER_UNION_BURST,
            Trigger::OnFuse(_) => Self::ON_FUSE,
            Trigger::OnFused(_) => Self::ON_FUSED,
            Trigger::OnEquipped => Self::ON_EQUIPPED,
            Trigger::OnDrive => Self::ON_DRIVE,
            Trigger::OnDriveCheck(_) => Self::ON_DRIVE_CHECK,
            Trigger::OnDriveCheckTrigger(_) => Self::ON_DRIVE_CHECK_TRIGGER,
            Trigger::Strike => Self::STRIKE,
            Trigger::FollowerStrike => Self::FOLLOWER_STRIKE,
            Trigger::LeaderStrike => Self::LEADER_STRIKE,
            Trigger::OnOtherAttack(_) => Self::ON_OTHER_ATTACK,
            Trigger::OnPlaySpell(_) => Self::ON_PLAY_SPELL,
            Trigger::OnDealCombatDamage => Self::ON_DEAL_COMBAT_DAMAGE,
            Trigger::OnLeaderGainDefense => Self::ON_LEADER_GAIN_DEFENSE,
            Trigger::OnLeaderDefenseZero => Self::ON_LEADER_DEFENSE_ZERO,
            Trigger::StartMainPhase => Self::START_MAIN_PHASE,
            Trigger::StartOpponentMainPhase => Self::START_OPPONENT_MAIN_PHASE,
            Trigger::StartEndPhase => Self::START_END_PHASE,
            Trigger::StartOpponentEndPhase => Self::START_OPPONENT_END_PHASE,
            Trigger::OnMove(_) => Self::ON_MOVE,
        }
    }

    /// The kinds of the triggers given.
    pub fn of_all<'a>(triggers: impl IntoIterator<Item = &'a Trigger>) -> TriggerKinds {
        triggers.into_iter().fold(TriggerKinds::NONE, |kinds, t| {
            kinds.with(TriggerKinds::of(t))
        })
    }

    /// Both sets together.
    pub const fn with(self, other: TriggerKinds) -> TriggerKinds {
        TriggerKinds(self.0 | other.0)
    }

    /// Whether the two sets share a kind.
    pub const fn meets(self, other: TriggerKinds) -> bool {
        self.0 & other.0 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardFilter;

    #[test]
    fn every_trigger_has_its_own_bit() {
        let any = CardFilter::default;
        let all = [
            Trigger::Fanfare,
            Trigger::LastWords,
            Trigger::OnLeaveField,
            Trigger::OnReturnToHandFromField,
            Trigger::OnOtherEnterField(any()),
            Trigger::OnOtherLeaveField(any()),
            Trigger::OnOpponentCardDestroyed(any()),
            Trigger::OnOpponentCardLeaveField(any()),
            Trigger::OnDiscarded,
            Trigger::OnEvolve,
            Trigger::OnSuperEvolve,
            Trigger::OnOtherEvolve(any()),
            Trigger::OnOtherUnionBurst(any()),
            Trigger::OnFuse(any()),
            Trigger::OnFused(any()),
            Trigger::OnEquipped,
            Trigger::OnDrive,
            Trigger::OnDriveCheck(any()),
            Trigger::OnDriveCheckTrigger(any()),
            Trigger::Strike,
            Trigger::FollowerStrike,
            Trigger::LeaderStrike,
            Trigger::OnOtherAttack(any()),
            Trigger::OnPlaySpell(any()),
            Trigger::OnDealCombatDamage,
            Trigger::OnLeaderGainDefense,
            Trigger::OnLeaderDefenseZero,
            Trigger::StartMainPhase,
            Trigger::StartOpponentMainPhase,
            Trigger::StartEndPhase,
            Trigger::StartOpponentEndPhase,
            Trigger::OnMove(crate::cards::MoveHook::default()),
        ];
        assert_eq!(all.len(), sve_vocab::TRIGGERS.len(), "every trigger listed");
        let mut seen = TriggerKinds::NONE;
        for trigger in &all {
            let kind = TriggerKinds::of(trigger);
            assert!(!seen.meets(kind), "{trigger:?} shares a bit");
            seen = seen.with(kind);
        }
        assert_eq!(seen, TriggerKinds::of_all(&all));
    }
}
