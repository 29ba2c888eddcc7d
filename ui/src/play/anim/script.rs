//! The animations a batch of shown events makes: which events move
//! something on the board and how they group into [`Beat`]s. It reads the
//! events the session sent (already redacted for this screen) and nothing
//! else, so it shows only what the viewer was shown.
//!
//! Events with nothing to show (phases, play points, triggers, shuffles)
//! make no animation. Damage to several cards at once (an attacker and the
//! follower it fights) and several deaths at once share a beat.

use super::beat::{Anim, AnimKind, Beat, Spot};
use sve_engine::engine::{AttackTarget, Event, MoveCause, PlayerId, Zone};

/// The beats of `events`, in order. `me` is the seat played at this
/// screen: the cards it plays are not shown large to it. `None` (hot-seat,
/// watching) shows every played card large.
pub fn beats_of<'a>(
    events: impl IntoIterator<Item = &'a Event>,
    me: Option<PlayerId>,
) -> Vec<Beat> {
    let mut beats: Vec<Beat> = Vec::new();
    for kind in events.into_iter().filter_map(|event| anim_of(event, me)) {
        let anim = Anim::of(kind);
        match beats.last_mut() {
            Some(last) if shares_a_beat(last, &anim.kind) => {
                last.length = last.length.max(anim.kind.beat_length());
                last.anims.push(anim);
            }
            _ => beats.push(Beat {
                length: anim.kind.beat_length(),
                anims: vec![anim],
            }),
        }
    }
    beats
}

/// The animation one event makes, if any.
pub fn anim_of(event: &Event, me: Option<PlayerId>) -> Option<AnimKind> {
    let shown_large = |player: PlayerId| me != Some(player);
    match event {
        Event::CardPlayed { player, card, def } if shown_large(*player) => {
            Some(AnimKind::ShowPlayed {
                player: *player,
                card: *card,
                def: *def,
            })
        }
        Event::Moved {
            card,
            def,
            owner,
            controller,
            from,
            to,
            cause,
            ..
        } => {
            let on_board = |zone: Zone| matches!(zone, Zone::Field | Zone::ExArea);
            let kind = match cause {
                MoveCause::Draw => AnimKind::Move {
                    card: *card,
                    def: *def,
                    from: Spot::Deck(*owner),
                    // A card the viewer sees lands on its place in the hand.
                    to: match def {
                        Some(_) => Spot::Card(*card),
                        None => Spot::Hand(*owner),
                    },
                },
                MoveCause::Play if on_board(*to) => AnimKind::Move {
                    card: *card,
                    def: *def,
                    // A card shown large goes down from the middle.
                    from: if shown_large(*controller) {
                        Spot::Stage
                    } else {
                        Spot::Hand(*controller)
                    },
                    to: Spot::Card(*card),
                },
                MoveCause::PutByEffect if on_board(*to) => AnimKind::Move {
                    card: *card,
                    def: *def,
                    from: zone_spot(*from, *owner)?,
                    to: Spot::Card(*card),
                },
                MoveCause::TokenCreated if on_board(*to) => AnimKind::Token { card: *card },
                MoveCause::Destroy { .. } => AnimKind::Destroyed {
                    card: *card,
                    owner: *owner,
                },
                MoveCause::Banish
                | MoveCause::Bury
                | MoveCause::Discard
                | MoveCause::ReturnToHand
                | MoveCause::ToDeck
                | MoveCause::RulesHandling
                    if on_board(*from) || (*from == Zone::Hand && def.is_some()) =>
                {
                    AnimKind::Move {
                        card: *card,
                        def: *def,
                        from: Spot::Card(*card),
                        to: zone_spot(*to, *owner)?,
                    }
                }
                _ => return None,
            };
            Some(kind)
        }
        Event::AttackDeclared { attacker, target } => Some(AnimKind::Lunge {
            attacker: *attacker,
            target: match target {
                AttackTarget::Leader(player) => Spot::Leader(*player),
                AttackTarget::Follower(card, _) => Spot::Card(*card),
            },
        }),
        Event::FollowerDamaged { card, amount, .. } => Some(AnimKind::Change {
            at: Spot::Card(*card),
            amount: -amount,
        }),
        // The leader's defense, not `LeaderDamaged`: it also says gains,
        // and a leader's damage is always followed by it.
        Event::LeaderDefense { player, from, to } if from != to => Some(AnimKind::Change {
            at: Spot::Leader(*player),
            amount: to - from,
        }),
        Event::Evolved {
            card, super_evolve, ..
        } => Some(AnimKind::Evolve {
            card: *card,
            super_evolve: *super_evolve,
        }),
        _ => None,
    }
}

/// Where a zone is drawn for `owner`, for a card going there or coming
/// from there; `None` for zones with no place of their own on the board.
fn zone_spot(zone: Zone, owner: PlayerId) -> Option<Spot> {
    match zone {
        Zone::Hand => Some(Spot::Hand(owner)),
        Zone::Deck => Some(Spot::Deck(owner)),
        Zone::Cemetery => Some(Spot::Cemetery(owner)),
        Zone::Banished => Some(Spot::Banished(owner)),
        Zone::Leader
        | Zone::Field
        | Zone::ExArea
        | Zone::EvolveDeck
        | Zone::EvolveZone
        | Zone::Resolution
        | Zone::RemovedFromGame
        | Zone::Equipment
        | Zone::Trigger
        | Zone::Drive => None,
    }
}

/// Whether `next` plays together with the beat `last`: damage numbers
/// with damage numbers, deaths with deaths, tokens with tokens.
fn shares_a_beat(last: &Beat, next: &AnimKind) -> bool {
    let together = |a: &AnimKind, b: &AnimKind| {
        matches!(
            (a, b),
            (AnimKind::Change { .. }, AnimKind::Change { .. })
                | (AnimKind::Destroyed { .. }, AnimKind::Destroyed { .. })
                | (AnimKind::Token { .. }, AnimKind::Token { .. })
        )
    };
    last.anims.iter().all(|anim| together(&anim.kind, next))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::engine::{CardRef, DamageKind, DefId, ObjectId};

    const ME: PlayerId = PlayerId(0);
    const THEM: PlayerId = PlayerId(1);

    fn moved(card: u32, owner: PlayerId, from: Zone, to: Zone, cause: MoveCause) -> Event {
        Event::Moved {
            card: CardRef(card),
            def: Some(DefId(3)),
            owner,
            controller: owner,
            from,
            to,
            cause,
            evolved: None,
        }
    }

    fn kinds(beats: &[Beat]) -> Vec<Vec<AnimKind>> {
        beats
            .iter()
            .map(|beat| beat.anims.iter().map(|a| a.kind.clone()).collect())
            .collect()
    }

    #[test]
    fn the_opponents_play_is_shown_large_then_goes_down_to_the_field() {
        let events = [
            moved(7, THEM, Zone::Hand, Zone::Resolution, MoveCause::Play),
            Event::CardPlayed {
                player: THEM,
                card: CardRef(7),
                def: DefId(3),
            },
            moved(7, THEM, Zone::Resolution, Zone::Field, MoveCause::Play),
        ];
        let beats = beats_of(&events, Some(ME));
        assert_eq!(
            kinds(&beats),
            [
                vec![AnimKind::ShowPlayed {
                    player: THEM,
                    card: CardRef(7),
                    def: DefId(3)
                }],
                vec![AnimKind::Move {
                    card: CardRef(7),
                    def: Some(DefId(3)),
                    from: Spot::Stage,
                    to: Spot::Card(CardRef(7)),
                }],
            ]
        );
        assert!(beats[0].length >= 1.0, "the large card is read first");
    }

    #[test]
    fn my_own_play_goes_from_my_hand_without_the_large_card() {
        let events = [
            Event::CardPlayed {
                player: ME,
                card: CardRef(2),
                def: DefId(3),
            },
            moved(2, ME, Zone::Resolution, Zone::Field, MoveCause::Play),
        ];
        assert_eq!(
            kinds(&beats_of(&events, Some(ME))),
            [vec![AnimKind::Move {
                card: CardRef(2),
                def: Some(DefId(3)),
                from: Spot::Hand(ME),
                to: Spot::Card(CardRef(2)),
            }]]
        );
        // Watching (no seat of mine), every play is shown large.
        assert!(matches!(
            kinds(&beats_of(&events, None))[0][0],
            AnimKind::ShowPlayed { .. }
        ));
    }

    #[test]
    fn an_attack_lunges_then_both_numbers_then_the_deaths_together() {
        let events = [
            Event::AttackDeclared {
                attacker: CardRef(1),
                target: AttackTarget::Follower(CardRef(9), ObjectId(4)),
            },
            Event::Fought {
                attacker: CardRef(1),
                defender: CardRef(9),
            },
            Event::FollowerDamaged {
                card: CardRef(9),
                amount: 2,
                kind: DamageKind::Attack,
                source: Some(CardRef(1)),
            },
            Event::FollowerDamaged {
                card: CardRef(1),
                amount: 3,
                kind: DamageKind::Combat,
                source: Some(CardRef(9)),
            },
            moved(
                9,
                THEM,
                Zone::Field,
                Zone::Cemetery,
                MoveCause::Destroy { by_ability: false },
            ),
            moved(
                1,
                ME,
                Zone::Field,
                Zone::Cemetery,
                MoveCause::Destroy { by_ability: false },
            ),
        ];
        assert_eq!(
            kinds(&beats_of(&events, Some(ME))),
            [
                vec![AnimKind::Lunge {
                    attacker: CardRef(1),
                    target: Spot::Card(CardRef(9)),
                }],
                vec![
                    AnimKind::Change {
                        at: Spot::Card(CardRef(9)),
                        amount: -2
                    },
                    AnimKind::Change {
                        at: Spot::Card(CardRef(1)),
                        amount: -3
                    },
                ],
                vec![
                    AnimKind::Destroyed {
                        card: CardRef(9),
                        owner: THEM
                    },
                    AnimKind::Destroyed {
                        card: CardRef(1),
                        owner: ME
                    },
                ],
            ]
        );
    }

    #[test]
    fn leaders_show_damage_and_gains_once() {
        let events = [
            Event::LeaderDamaged {
                player: ME,
                amount: 3,
                kind: DamageKind::Attack,
                source: None,
            },
            Event::LeaderDefense {
                player: ME,
                from: 20,
                to: 17,
            },
            Event::LeaderDefense {
                player: THEM,
                from: 15,
                to: 17,
            },
        ];
        assert_eq!(
            kinds(&beats_of(&events, Some(ME))),
            [vec![
                AnimKind::Change {
                    at: Spot::Leader(ME),
                    amount: -3
                },
                AnimKind::Change {
                    at: Spot::Leader(THEM),
                    amount: 2
                },
            ]]
        );
    }

    #[test]
    fn evolutions_tokens_and_draws() {
        let hidden_draw = Event::Moved {
            card: CardRef(5),
            def: None,
            owner: THEM,
            controller: THEM,
            from: Zone::Deck,
            to: Zone::Hand,
            cause: MoveCause::Draw,
            evolved: None,
        };
        let events = [
            Event::Evolved {
                card: CardRef(1),
                evolved: CardRef(40),
                super_evolve: false,
            },
            moved(50, ME, Zone::Deck, Zone::Field, MoveCause::TokenCreated),
            moved(51, ME, Zone::Deck, Zone::ExArea, MoveCause::TokenCreated),
            moved(4, ME, Zone::Deck, Zone::Hand, MoveCause::Draw),
            hidden_draw,
        ];
        assert_eq!(
            kinds(&beats_of(&events, Some(ME))),
            [
                vec![AnimKind::Evolve {
                    card: CardRef(1),
                    super_evolve: false
                }],
                vec![
                    AnimKind::Token { card: CardRef(50) },
                    AnimKind::Token { card: CardRef(51) }
                ],
                vec![AnimKind::Move {
                    card: CardRef(4),
                    def: Some(DefId(3)),
                    from: Spot::Deck(ME),
                    to: Spot::Card(CardRef(4)),
                }],
                vec![AnimKind::Move {
                    card: CardRef(5),
                    def: None,
                    from: Spot::Deck(THEM),
                    to: Spot::Hand(THEM),
                }],
            ]
        );
    }

    #[test]
    fn quiet_events_make_no_animation() {
        let events = [
            Event::TurnStarted {
                player: THEM,
                turn: 2,
            },
            Event::Shuffled { player: THEM },
            moved(3, THEM, Zone::Deck, Zone::Deck, MoveCause::Setup),
            moved(3, THEM, Zone::Hand, Zone::Deck, MoveCause::Mulligan),
            moved(
                8,
                THEM,
                Zone::Resolution,
                Zone::Cemetery,
                MoveCause::SpellResolved,
            ),
        ];
        assert!(beats_of(&events, Some(ME)).is_empty());
    }

    #[test]
    fn cards_leaving_the_field_go_to_their_zone() {
        let events = [
            moved(6, THEM, Zone::Field, Zone::Hand, MoveCause::ReturnToHand),
            moved(6, THEM, Zone::Field, Zone::Banished, MoveCause::Banish),
        ];
        assert_eq!(
            kinds(&beats_of(&events, Some(ME))),
            [
                vec![AnimKind::Move {
                    card: CardRef(6),
                    def: Some(DefId(3)),
                    from: Spot::Card(CardRef(6)),
                    to: Spot::Hand(THEM),
                }],
                vec![AnimKind::Move {
                    card: CardRef(6),
                    def: Some(DefId(3)),
                    from: Spot::Card(CardRef(6)),
                    to: Spot::Banished(THEM),
                }],
            ]
        );
    }
}
