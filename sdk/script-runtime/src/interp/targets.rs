//! What a selection names (spec §6): fixed sets, the trigger card, or the
//! performing player's choice; and how a restricted sequence (spec §5.6)
//! narrows it.
//!
//! In a restricted sequence a selection's own target mode still decides
//! where to look, and only the subjects the caller obtained remain. Modes
//! that name a player or this card (`Self`, `Leader`, `OpponentLeader`,
//! `AllLeaders`, ...) are not narrowed. A leader that `...OrLeader` and
//! `...AndLeader` modes add is kept only if the caller obtained it too, so
//! a sequence acts on exactly what was selected.

use super::{Frame, Interpreter, choices};
use crate::values;
use sve_script::ir::{FilterId, Selection, Target};
use sve_sdk::prelude::*;

/// Something an effect acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Subject {
    /// A card (never a leader card).
    Card(CardRef),
    /// A player, or their leader.
    Player(Player),
}

/// Where a selection looks: zones of players, and the player whose leader
/// it may also pick.
type ChoiceZones = (Vec<(Player, Zone)>, Option<Player>);

impl Interpreter<'_> {
    /// Cards of `player`'s `zone` that match `filter` and, in a restricted
    /// sequence, were obtained by the caller; in zone order.
    pub(super) fn candidates(
        &self,
        game: &Game,
        frame: &Frame<'_>,
        player: Player,
        zone: Zone,
        filter: FilterId,
    ) -> Vec<CardRef> {
        let scope = self.scope(frame);
        values::cards_matching(game, &scope, player, zone, filter)
            .into_iter()
            .filter(|card| {
                frame
                    .only
                    .is_none_or(|only| only.contains(&Subject::Card(*card)))
            })
            .collect()
    }

    /// Whether a leader added by an `...OrLeader`/`...AndLeader` mode is
    /// eligible in `frame`.
    fn leader_eligible(frame: &Frame<'_>, player: Player) -> bool {
        frame
            .only
            .is_none_or(|only| only.contains(&Subject::Player(player)))
    }

    /// What a selection names: fixed sets, the trigger card, or the
    /// performing player's choice of `m(min,max)` cards (1 by default).
    pub(super) fn subjects(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
        prompt: &str,
    ) -> Result<Vec<Subject>, Stop> {
        if let Some(candidates) = self.choice_candidates(game, &frame, to) {
            return self.select(game, frame, candidates, to, prompt);
        }
        let me = frame.me;
        let opp = me.opponent();
        let all = |game: &Game, zones: &[(Player, Zone)]| {
            zones
                .iter()
                .flat_map(|(p, z)| self.candidates(game, &frame, *p, *z, to.filter))
                .map(Subject::Card)
                .collect::<Vec<_>>()
        };
        let subjects = match to.target {
            Target::This => vec![Subject::Card(frame.this)],
            Target::Leader => vec![Subject::Player(me)],
            Target::Opponent | Target::OpponentLeader => vec![Subject::Player(opp)],
            Target::AllLeaders | Target::AllPlayers => {
                vec![Subject::Player(me), Subject::Player(opp)]
            }
            Target::AllPlayerCards => all(game, &[(me, Zone::Field)]),
            Target::AllPlayerCardsEx => all(game, &[(me, Zone::ExArea)]),
            Target::AllPlayerCardsFieldAndEx => all(game, &[(me, Zone::Field), (me, Zone::ExArea)]),
            Target::AllOpponentCards => all(game, &[(opp, Zone::Field)]),
            Target::AllOpponentCardsEx => all(game, &[(opp, Zone::ExArea)]),
            Target::AllOpponentCardsFieldAndEx => {
                all(game, &[(opp, Zone::Field), (opp, Zone::ExArea)])
            }
            Target::AllOpponentCardsAndLeader => {
                let mut subjects = all(game, &[(opp, Zone::Field)]);
                if Self::leader_eligible(&frame, opp) {
                    subjects.push(Subject::Player(opp));
                }
                subjects
            }
            Target::AllCards => all(game, &[(me, Zone::Field), (opp, Zone::Field)]),
            Target::TriggerCard => {
                let scope = self.scope(&frame);
                self.call
                    .trigger_card
                    .filter(|card| {
                        values::matches_card(game, &scope, to.filter, *card)
                            && frame
                                .only
                                .is_none_or(|only| only.contains(&Subject::Card(*card)))
                    })
                    .map(Subject::Card)
                    .into_iter()
                    .collect()
            }
            // Chosen by the performing player: handled above.
            Target::TargetPlayerCard
            | Target::TargetPlayerCardEx
            | Target::TargetOpponentCard
            | Target::TargetOpponentCardsDivided
            | Target::TargetOpponentCardEx
            | Target::TargetCard
            | Target::TargetCardEx
            | Target::TargetOpponentCardOrLeader
            | Target::TargetPlayerCardOrLeader => Vec::new(),
            // An equipment token's passives only (the compiler refuses
            // them elsewhere); the host applies them.
            Target::Equipped | Target::EquippedFollower => Vec::new(),
        };
        Ok(subjects)
    }

    /// Where a selection the performing player makes looks: its zones, and
    /// the player whose leader it may also pick (`...OrLeader` modes, when
    /// the leader is eligible); `None` for the modes that pick by
    /// themselves.
    fn choice_zones(frame: &Frame<'_>, to: Selection) -> Option<ChoiceZones> {
        let me = frame.me;
        let opp = me.opponent();
        let zones = match to.target {
            Target::TargetPlayerCard => vec![(me, Zone::Field)],
            Target::TargetPlayerCardEx => vec![(me, Zone::ExArea)],
            Target::TargetOpponentCard | Target::TargetOpponentCardsDivided => {
                vec![(opp, Zone::Field)]
            }
            Target::TargetOpponentCardEx => vec![(opp, Zone::ExArea)],
            Target::TargetCard => vec![(me, Zone::Field), (opp, Zone::Field)],
            Target::TargetCardEx => vec![(me, Zone::ExArea), (opp, Zone::ExArea)],
            Target::TargetOpponentCardOrLeader | Target::TargetPlayerCardOrLeader => {
                let side = if to.target == Target::TargetOpponentCardOrLeader {
                    opp
                } else {
                    me
                };
                // The leader is eligible whatever the filter.
                let leader = Self::leader_eligible(frame, side).then_some(side);
                return Some((vec![(side, Zone::Field)], leader));
            }
            _ => return None,
        };
        Some((zones, None))
    }

    /// The cards a selection the performing player makes may pick from
    /// (leader cards included for `...OrLeader` modes), before Aura is
    /// applied; `None` for the modes that pick by themselves.
    pub(super) fn choice_candidates(
        &self,
        game: &Game,
        frame: &Frame<'_>,
        to: Selection,
    ) -> Option<Vec<CardRef>> {
        let (zones, leader) = Self::choice_zones(frame, to)?;
        let mut candidates: Vec<CardRef> = zones
            .iter()
            .flat_map(|(p, z)| self.candidates(game, frame, *p, *z, to.filter))
            .collect();
        if let Some(side) = leader {
            candidates.extend(game.cards_in(side, Zone::Leader));
        }
        Some(candidates)
    }

    /// Whether the performing player could select one of
    /// [`choice_candidates`](Self::choice_candidates) now, Aura applied;
    /// `None` for the modes that pick by themselves. The same answer as
    /// asking each candidate, but it reads each card once and stops at the
    /// first that will do (a spell's play requirement asks this at every
    /// listing of legal actions).
    pub(super) fn choice_has_selectable(
        &self,
        game: &Game,
        frame: &Frame<'_>,
        to: Selection,
    ) -> Option<bool> {
        let (zones, leader) = Self::choice_zones(frame, to)?;
        let scope = self.scope(frame);
        let selectable_in = |player: Player, zone: Zone| {
            game.cards_in(player, zone).into_iter().any(|card| {
                let Some(seen) = values::FilterCard::of(game, card) else {
                    return false;
                };
                values::filter_holds(game, &scope, to.filter, &seen)
                    && frame
                        .only
                        .is_none_or(|only| only.contains(&Subject::Card(card)))
                    && choices::selectable(seen.stats(), frame.me)
            })
        };
        let in_zones = zones.iter().any(|(p, z)| selectable_in(*p, *z));
        let leader = || {
            leader.is_some_and(|side| {
                game.cards_in(side, Zone::Leader)
                    .into_iter()
                    .any(|card| choices::selectable_by(game, frame.me, card))
            })
        };
        Some(in_zones || leader())
    }

    /// How many subjects a selection picks: the filter's `m(min,max)`, or
    /// exactly one.
    pub(super) fn choose_bounds(&self, filter: FilterId) -> (u32, u32) {
        self.card
            .filter(filter)
            .and_then(|f| f.choose)
            .map_or((1, 1), |c| (c.min, c.max))
    }

    /// Whether a selection had to pick at least one subject and found none:
    /// the ability that selects does nothing then (rules-coverage.md §12.4, "an
    /// automatic ability with no target does nothing"). "Up to" selections
    /// and the automatic modes never stop an ability.
    pub(super) fn found_nothing(&self, to: Selection, subjects: &[Subject]) -> bool {
        let choice = matches!(
            to.target,
            Target::TargetPlayerCard
                | Target::TargetPlayerCardEx
                | Target::TargetOpponentCard
                | Target::TargetOpponentCardEx
                | Target::TargetOpponentCardOrLeader
                | Target::TargetPlayerCardOrLeader
                | Target::TargetCard
                | Target::TargetCardEx
                | Target::TargetOpponentCardsDivided
        );
        choice && subjects.is_empty() && self.choose_bounds(to.filter).0 > 0
    }

    /// The performing player selects `m(min,max)` (default exactly 1) of
    /// `candidates`; leader cards come back as players.
    fn select(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        candidates: Vec<CardRef>,
        to: Selection,
        prompt: &str,
    ) -> Result<Vec<Subject>, Stop> {
        if candidates.is_empty() {
            return Ok(Vec::new());
        }
        let (min, max) = self.choose_bounds(to.filter);
        let picked = choices::select(game, frame.me, prompt, candidates, min, max)?;
        Ok(picked
            .into_iter()
            .map(|card| match game.stats(card) {
                Some(info) if info.card_type == CardType::Leader => Subject::Player(info.owner),
                _ => Subject::Card(card),
            })
            .collect())
    }

    /// Applies `act` to every card the selection names (leaders are skipped:
    /// card actions do not apply to them).
    /// Moves every selected card one way, together (one batch: cards
    /// leaving the field see each other leave, later-sets §11.1); a single
    /// card moves by its own call.
    pub(super) fn move_each(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
        prompt: &str,
        kind: MoveKind,
    ) -> Result<(), Stop> {
        let mut cards = Vec::new();
        self.each_card(game, frame, to, prompt, |_, card| cards.push(card))?;
        super::moves::move_all(game, &cards, kind);
        Ok(())
    }

    pub(super) fn each_card(
        &self,
        game: &mut Game,
        frame: Frame<'_>,
        to: Selection,
        prompt: &str,
        mut act: impl FnMut(&mut Game, CardRef),
    ) -> Result<(), Stop> {
        for subject in self.subjects(game, frame, to, prompt)? {
            if let Subject::Card(card) = subject {
                act(game, card);
            }
        }
        Ok(())
    }
}
