//! The one renderer of engine events. Each arm writes an event's scenario
//! line and its game-log line side by side, and the match names every
//! `Event` (and every `MoveCause`) without a catch-all, so a new variant
//! does not compile until it is rendered here, once.

use super::kinds::LineKind;
use super::record::{EventText, LogKind};
use super::words::{
    ability_name, ability_phrase_as, is_spell, keywords_text_of, put_place, zone_place, zone_word,
};
use crate::cards::{CardDb, CardType};
use crate::engine::state::{
    DamageChange, DamageFilter, DamageReplacement, EffectKind, PendingWhat,
};
use crate::engine::{
    AbilityIdx, AttackTarget, CardRef, DamageKind, DefId, Event, GameState, MoveCause, Outcome,
    Phase, Resource, WinReason, Zone,
};

/// An event as text: its scenario line and its game-log line (see
/// [`EventText`]). Cards are read in `state`, which should be the state
/// right after the event (a card's current name for the log, its printed
/// id and owner for the line); a card `state` lacks shows as its
/// reference (`#12`).
pub fn render(event: &Event, state: &GameState, db: &CardDb) -> EventText {
    let cards = Cards { state, db };
    match event {
        Event::GameStarted { first } => EventText::log(format!("{first} goes first")),
        Event::Mulligan { player, redrew } => EventText::log(if *redrew {
            format!("{player} redraws their opening hand")
        } else {
            format!("{player} keeps their opening hand")
        }),
        Event::TurnStarted { player, turn } => {
            EventText::line(LineKind::Turn, format!("{player} {turn}"))
                .and_log_of(LogKind::TurnHeader, format!("— Turn {turn}: {player} —"))
        }
        Event::PhaseStarted { phase } => {
            let text = EventText::line(LineKind::Phase, format!("{phase:?}"));
            match phase {
                Phase::End => text.and_log("End phase"),
                Phase::Setup | Phase::Start | Phase::Main | Phase::GameOver => text,
            }
        }
        Event::Moved {
            card,
            def,
            owner,
            controller,
            from,
            to,
            cause,
            evolved,
        } => {
            let name = def.map_or("a card", |d| db.get(d).display_name());
            // "P2's Fairy is put into the hand from the cemetery".
            let moves = || match (put_place(*to), zone_place(*from)) {
                (None, _) => format!("{owner}'s {name} ceases to exist"),
                (Some(to), Some(from)) => format!("{owner}'s {name} is put {to} from the {from}"),
                (Some(to), None) => format!("{owner}'s {name} is put {to}"),
            };
            let from_place =
                zone_place(*from).map_or_else(String::new, |p| format!(" from the {p}"));
            let (kind, log) = match cause {
                MoveCause::Setup
                | MoveCause::Mulligan
                | MoveCause::SpellResolved
                | MoveCause::Evolve
                | MoveCause::TokenRemoved => (None, None),
                MoveCause::Draw => (Some(LineKind::Drew), Some(format!("{owner} draws {name}"))),
                MoveCause::Play if *to == Zone::Resolution => {
                    (None, Some(format!("{controller} plays {name}{from_place}")))
                }
                MoveCause::Play => (None, Some(format!("{name} enters {owner}'s field"))),
                MoveCause::Destroy { .. } => (
                    Some(LineKind::Destroyed),
                    Some(format!("{owner}'s {name} is destroyed")),
                ),
                MoveCause::Bury => (Some(LineKind::Buried), Some(moves())),
                MoveCause::Discard => (
                    Some(LineKind::Discarded),
                    Some(format!("{owner} discards {name}")),
                ),
                MoveCause::Banish => (
                    Some(LineKind::Banished),
                    Some(format!("{owner}'s {name} is banished")),
                ),
                MoveCause::ReturnToHand => (
                    Some(LineKind::Returned),
                    Some(format!("{name} returns to {owner}'s hand")),
                ),
                MoveCause::ToDeck => (Some(LineKind::ToDeck), Some(moves())),
                MoveCause::PutByEffect => (Some(LineKind::Put), Some(moves())),
                // A crest's name says what it is ("Crest: Bulwark").
                MoveCause::TokenCreated
                    if def.is_some_and(|d| db.get(d).card_type == CardType::Crest) =>
                {
                    (
                        Some(LineKind::Token),
                        Some(format!("{owner} puts {name} into their EX area")),
                    )
                }
                MoveCause::TokenCreated => (
                    Some(LineKind::Token),
                    Some(match zone_place(*to) {
                        Some(place) => format!("{owner} gets a {name} token in the {place}"),
                        None => format!("{owner} gets a {name} token"),
                    }),
                ),
                MoveCause::RulesHandling | MoveCause::Cost | MoveCause::Sandbox => {
                    (Some(LineKind::Moved), Some(moves()))
                }
                MoveCause::Race => (
                    None,
                    Some(format!("{owner} serves {name}: a follower races")),
                ),
                // Which card it is, its owner alone sees (CR 14.4.3.1).
                MoveCause::FaceDownSetup => (
                    Some(LineKind::Put),
                    Some(format!("{owner} puts a card onto their field face down")),
                ),
                // The reveal is the drive check's own line.
                MoveCause::DriveCheck if *to == Zone::Trigger => (None, None),
                // A checked card goes under the deck unless its Trigger
                // resolved (CR 14.4.5.1.5).
                MoveCause::DriveCheck if *to == Zone::Deck => (
                    Some(LineKind::Moved),
                    Some(format!("{owner}'s {name} goes to the bottom of the deck")),
                ),
                MoveCause::DriveCheck => (Some(LineKind::Moved), Some(moves())),
                MoveCause::ControlChange => (
                    Some(LineKind::Moved),
                    Some(format!(
                        "{} takes control of {owner}'s {name}",
                        controller.opponent()
                    )),
                ),
            };
            let mut text = match kind {
                Some(kind) => {
                    let id = def.map_or_else(|| cards.id(*card), |d| db.get(d).id.clone());
                    let mut rest = format!("{owner} {id} {} {}", zone_word(*from), zone_word(*to));
                    if let Some(evolved) = evolved {
                        rest.push_str(&format!(" evolved {}", db.get(*evolved).id));
                    }
                    EventText::line(kind, rest)
                }
                None => EventText::NOTHING,
            };
            if let Some(log) = log {
                text = text.and_log(log);
            }
            text
        }
        Event::Shuffled { player } => EventText::line(LineKind::Shuffled, player.to_string()),
        Event::Engaged { card } => EventText::line(LineKind::Engaged, cards.owner_id(*card)),
        Event::Refreshed { card } => EventText::line(LineKind::Refreshed, cards.owner_id(*card)),
        Event::FollowerDamaged {
            card,
            amount,
            kind,
            source,
        } => {
            let by = source
                .map(|s| format!(" from {}", cards.name(s)))
                .unwrap_or_default();
            let combat = match kind {
                DamageKind::Ability => "",
                DamageKind::Attack | DamageKind::Combat => " combat",
            };
            EventText::line(
                LineKind::Damaged,
                format!("{} {amount} {}", cards.owner_id(*card), damage_word(*kind)),
            )
            .and_log(format!(
                "{} takes {amount}{combat} damage{by}",
                cards.name(*card)
            ))
        }
        Event::LeaderDamaged {
            player,
            amount,
            kind,
            ..
        } => EventText::line(
            LineKind::Damaged,
            format!("{player} leader {amount} {}", damage_word(*kind)),
        ),
        Event::LeaderDefense { player, from, to } => {
            EventText::line(LineKind::LeaderDefense, format!("{player} {from} {to}")).and_log(
                if to < from {
                    format!("{player}'s leader: {from} → {to} defense")
                } else {
                    format!(
                        "{player}'s leader gains {} defense ({from} → {to})",
                        to - from
                    )
                },
            )
        }
        Event::ResourceChanged {
            player,
            resource,
            from,
            to,
        } => {
            let (kind, spent) = match resource {
                Resource::PlayPoints => (LineKind::PlayPoints, None),
                Resource::MaxPlayPoints => (LineKind::MaxPlayPoints, None),
                Resource::EvolvePoints => (LineKind::EvolvePoints, Some("an evolution point")),
                Resource::SuperEvolvePoints => {
                    (LineKind::SuperEvolvePoints, Some("a super-evolution point"))
                }
            };
            let text = EventText::line(kind, format!("{player} {from} {to}"));
            match spent {
                Some(point) if to < from => text.and_log(format!("{player} spends {point}")),
                _ => text,
            }
        }
        Event::CountersChanged {
            card,
            counter,
            from,
            to,
        } => {
            // A built-in kind's name is its debug form; a declared one's is
            // the declaring pack's.
            let counter = db.counter_name(*counter);
            EventText::line(
                LineKind::Counters,
                format!("{} {counter} {from} {to}", cards.owner_id(*card)),
            )
            .and_log(counters_log(&cards.name(*card), counter, *from, *to))
        }
        Event::EffectAdded { card, kind, .. } => {
            let what = match kind {
                EffectKind::Stats { attack, defense } => format!("{attack:+}/{defense:+}"),
                EffectKind::Keywords(k) => keywords_text_of(db, *k),
                EffectKind::Cost(n) => format!("cost {n:+}"),
                EffectKind::EvolveCost(n) => format!("evolve-cost {n:+}"),
                EffectKind::SetEvolveCost(n) => format!("evolve-cost ={n}"),
                EffectKind::Trait(id) => format!("trait {}", state.granted_trait_name(*id)),
                EffectKind::DamageTaken(r) => damage_replacement_text(*r),
                EffectKind::Maneuvered => "maneuvered".to_owned(),
                EffectKind::BecomesType(t) => format!("becomes {}", t.name()),
                EffectKind::InsteadOfCemetery(zone) => format!("instead {zone:?}"),
            };
            let line = EventText::line(
                LineKind::Effect,
                format!("{} {what}", cards.owner_id(*card)),
            );
            // A replacement on damage changes what later damage does:
            // players read it in the log (other effects show on the card).
            match kind {
                EffectKind::DamageTaken(r) => {
                    line.and_log(format!("{} {}", cards.name(*card), r.words()))
                }
                EffectKind::Maneuvered => line.and_log(format!(
                    "{} is maneuvered: a follower until the end of the turn",
                    cards.name(*card)
                )),
                EffectKind::BecomesType(t) => line.and_log(format!(
                    "{}'s card type becomes {}",
                    cards.name(*card),
                    t.name()
                )),
                EffectKind::InsteadOfCemetery(zone) => line.and_log(format!(
                    "if {} would go to the cemetery from the field, it goes to {} instead",
                    cards.name(*card),
                    zone.words()
                )),
                _ => line,
            }
        }
        Event::EffectsExpired { .. } => EventText::NOTHING,
        Event::Evolved {
            card,
            evolved,
            super_evolve,
        } => {
            let (kind, verb) = if *super_evolve {
                (LineKind::SuperEvolved, "super-evolves")
            } else {
                (LineKind::Evolved, "evolves")
            };
            EventText::line(
                kind,
                format!("{} {}", cards.owner_id(*card), cards.id(*evolved)),
            )
            .and_log(format!("{} {verb}", cards.name(*card)))
        }
        Event::CardPlayed { player, def, .. } => {
            EventText::line(LineKind::Played, format!("{player} {}", db.get(*def).id))
        }
        Event::AbilityActivated { card, ability } => {
            let (id, ability) = id_and_ability(state, db, *card, *ability);
            EventText::line(
                LineKind::Activated,
                format!("{} {id} {ability}", cards.owner(*card)),
            )
            .and_log(format!("{} activates an ability", cards.name(*card)))
        }
        Event::ActivationCancelled { card, ability } => {
            let (id, ability) = id_and_ability(state, db, *card, *ability);
            EventText::line(
                LineKind::Cancelled,
                format!("{} {id} {ability}", cards.owner(*card)),
            )
            .and_log(format!(
                "{} takes back the ability of {} before paying its costs",
                cards.owner(*card),
                cards.name(*card)
            ))
        }
        Event::KeywordAbilityActivated {
            card,
            keyword,
            ability,
        } => {
            let (id, ability) = id_and_keyword_ability(state, db, *card, *keyword, *ability);
            EventText::line(
                LineKind::Activated,
                format!("{} {id} {ability}", cards.owner(*card)),
            )
            .and_log(format!(
                "{} activates its {} ability",
                cards.name(*card),
                keyword_name(db, *keyword)
            ))
        }
        Event::KeywordActivationCancelled {
            card,
            keyword,
            ability,
        } => {
            let (id, ability) = id_and_keyword_ability(state, db, *card, *keyword, *ability);
            EventText::line(
                LineKind::Cancelled,
                format!("{} {id} {ability}", cards.owner(*card)),
            )
            .and_log(format!(
                "{} takes back the {} ability of {} before paying its costs",
                cards.owner(*card),
                keyword_name(db, *keyword),
                cards.name(*card)
            ))
        }
        Event::AttackDeclared { attacker, target } => {
            let (target_words, target_name) = match target {
                AttackTarget::Leader(player) => {
                    (format!("{player} leader"), format!("{player}'s leader"))
                }
                AttackTarget::Follower(card, _) => (cards.owner_id(*card), cards.name(*card)),
            };
            EventText::line(
                LineKind::Attacked,
                format!("{} {target_words}", cards.owner_id(*attacker)),
            )
            .and_log(format!("{} attacks {target_name}", cards.name(*attacker)))
        }
        Event::Fought { attacker, defender } => EventText::line(
            LineKind::Fought,
            format!("{} {}", cards.id(*attacker), cards.id(*defender)),
        ),
        Event::AbilityTriggered {
            def,
            ability,
            controller,
            ..
        } => EventText::line(
            LineKind::Triggered,
            format!("{controller} {}", cards.ability(*def, *ability)),
        ),
        Event::Equipped { token, follower } => EventText::line(
            LineKind::Equipped,
            format!("{} {}", cards.owner_id(*follower), cards.id(*token)),
        )
        .and_log(format!(
            "{} is equipped with {}",
            cards.name(*follower),
            cards.name(*token)
        )),
        Event::DriveChecked { player, card, by } => EventText::line(
            LineKind::DriveChecked,
            format!("{player} {}", cards.id(*card)),
        )
        .and_log(format!(
            "{player} drive checks with {}: {} is revealed",
            cards.name(*by),
            cards.name(*card)
        )),
        Event::TurnedFaceUp { card } => {
            EventText::line(LineKind::TurnedFaceUp, cards.owner_id(*card))
                .and_log(format!("{} is turned face up", cards.name(*card)))
        }
        Event::DriveGiven { card } => EventText::line(LineKind::DriveGiven, cards.owner_id(*card))
            .and_log(format!(
                "{} gets Drive: it has Single Drive and Rush",
                cards.name(*card)
            )),
        Event::TriggerResolved { player, card, icon } => EventText::line(
            LineKind::TriggerResolved,
            format!("{player} {} {}", cards.id(*card), icon.name()),
        )
        .and_log(format!(
            "{player} resolves the {} Trigger of {}",
            icon.name(),
            cards.name(*card)
        )),
        Event::EffectUsedUp { card, kind } => EventText::log(match kind {
            EffectKind::DamageTaken(r) => format!(
                "{}'s effect \"{}\" is used up",
                cards.name(*card),
                r.words()
            ),
            _ => format!("an effect on {} is used up", cards.name(*card)),
        }),
        Event::PlayerEffectAdded {
            player,
            kind,
            window,
        } => EventText::log(format!("{} {}", kind.words(*player), window.words())),
        Event::PlayerEffectEnded { player, kind } => {
            EventText::log(format!("\"{}\" ends", kind.words(*player)))
        }
        Event::TurnSkipped { player } => EventText::log(format!("{player}'s turn is skipped")),
        Event::Fused { card, def, by } => EventText::log(format!(
            "{} fuses {}",
            cards.name(*by),
            cards.name_or(*card, *def)
        )),
        Event::DelayedCreated {
            card,
            def,
            ability,
            controller,
        } => EventText::line(
            LineKind::Waits,
            format!(
                "{controller} {}",
                cards.ability(*def, PendingWhat::Ability(*ability))
            ),
        )
        .and_log(format!(
            "{}'s {} waits for later",
            cards.name_or(*card, *def),
            ability_name(db.get(*def), PendingWhat::Ability(*ability))
        )),
        Event::AbilityResolved { card, def, ability } => EventText::line(
            LineKind::Resolved,
            format!("{} {}", cards.owner(*card), cards.ability(*def, *ability)),
        )
        .and_log(ability_phrase_as(
            &cards.name_or(*card, *def),
            db.get(*def),
            *ability,
        )),
        Event::AbilityFizzled {
            card,
            def,
            ability,
            reason,
        } => EventText::line(
            LineKind::Fizzled,
            format!(
                "{} {}: {reason}",
                cards.owner(*card),
                cards.ability(*def, PendingWhat::Ability(*ability))
            ),
        )
        .and_log_of(LogKind::Error, {
            let name = cards.name_or(*card, *def);
            let what = if is_spell(db.get(*def), PendingWhat::Ability(*ability)) {
                format!("{name} (spell)")
            } else {
                format!(
                    "{name}'s {}",
                    ability_name(db.get(*def), PendingWhat::Ability(*ability))
                )
            };
            format!(
                "error: {what} failed and did nothing ({} ability {}): {reason}",
                db.get(*def).id,
                ability.0
            )
        }),
        Event::CardsReloaded {
            source,
            changed,
            added,
            removed,
        } => {
            let mut line = format!("Reloaded {source}");
            for (what, ids) in [("changed", changed), ("added", added), ("removed", removed)] {
                if !ids.is_empty() {
                    line.push_str(&format!("; {what}: {}", ids.join(", ")));
                }
            }
            if changed.is_empty() && added.is_empty() && removed.is_empty() {
                line.push_str(" (no card changed)");
            }
            EventText::log(line)
        }
        Event::Sandbox { description } => EventText::log(format!("Sandbox: {description}")),
        Event::Conceded { player } => EventText::line(LineKind::Conceded, player.to_string())
            .and_log_of(LogKind::GameOver, format!("{player} concedes")),
        Event::GameOver { outcome } => match outcome {
            Outcome::Win(winner, reason) => {
                let why = match reason {
                    WinReason::LeaderDefense => "leader defense reached 0",
                    WinReason::DeckOut => "drew from an empty deck",
                    WinReason::Concede => "conceded",
                    WinReason::Effect => "lost to a card's effect",
                };
                EventText::line(LineKind::GameOver, format!("{winner} wins {reason:?}")).and_log_of(
                    LogKind::GameOver,
                    format!("{winner} wins ({} {why})", winner.opponent()),
                )
            }
            Outcome::Draw => EventText::line(LineKind::GameOver, "draw")
                .and_log_of(LogKind::GameOver, "The match is a draw"),
        },
        Event::EndlessLoop { card, reason } => match card {
            Some(card) => EventText::line(LineKind::EndlessLoop, cards.owner_id(*card)).and_log_of(
                LogKind::Error,
                format!(
                    "error: endless loop while {}'s ability ran ({reason}): the match is a draw",
                    cards.name(*card)
                ),
            ),
            None => EventText::line(LineKind::EndlessLoop, "").and_log_of(
                LogKind::Error,
                format!("error: endless loop ({reason}): the match is a draw"),
            ),
        },
    }
}

/// A change of counters as the log says it: "Arcane Crystal gets 1
/// Stack counter (2 in all)", "... loses 2 Stack counters (none left)".
fn counters_log(card: &str, counter: &str, from: u32, to: u32) -> String {
    let plural = |n: u32| if n == 1 { "" } else { "s" };
    if to >= from {
        let n = to - from;
        format!(
            "{card} gets {n} {counter} counter{} ({to} in all)",
            plural(n)
        )
    } else {
        let n = from - to;
        let left = if to == 0 {
            "none left".to_owned()
        } else {
            format!("{to} left")
        };
        format!("{card} loses {n} {counter} counter{} ({left})", plural(n))
    }
}

/// A replacement on damage taken, as a board-text effect: `takes-damage
/// -1 any`, `takes-damage none combat next`, `takes-damage at-most 4 any`.
fn damage_replacement_text(r: DamageReplacement) -> String {
    let change = match r.change {
        DamageChange::Less(n) => format!("-{n}"),
        DamageChange::Nothing => "none".to_owned(),
        DamageChange::AtMost(n) => format!("at-most {n}"),
    };
    let damage = match r.damage {
        DamageFilter::Any => "any",
        DamageFilter::Ability => "ability",
        DamageFilter::Combat => "combat",
    };
    let next = if r.next_time_only { " next" } else { "" };
    format!("takes-damage {change} {damage}{next}")
}

/// A kind of damage as event lines write it.
fn damage_word(kind: DamageKind) -> &'static str {
    match kind {
        DamageKind::Attack => "attack",
        DamageKind::Combat => "combat",
        DamageKind::Ability => "ability",
    }
}

/// Cards as the renderer names them, tolerating references `state` lacks.
struct Cards<'a> {
    state: &'a GameState,
    db: &'a CardDb,
}

impl Cards<'_> {
    /// The printed id, for scenario lines.
    fn id(&self, card: CardRef) -> String {
        self.state
            .cards
            .get(card.idx())
            .map_or_else(|| card.to_string(), |c| self.db.get(c.def).id.clone())
    }

    /// The owner, for scenario lines (`P?` when unknown).
    fn owner(&self, card: CardRef) -> String {
        self.state
            .cards
            .get(card.idx())
            .map_or_else(|| "P?".to_owned(), |c| c.owner.to_string())
    }

    /// Owner and printed id, as scenario lines name a card (`P2 SD01-011`).
    fn owner_id(&self, card: CardRef) -> String {
        format!("{} {}", self.owner(card), self.id(card))
    }

    /// The current name, for the log.
    fn name(&self, card: CardRef) -> String {
        match self.state.cards.get(card.idx()) {
            Some(_) => self
                .state
                .current_def(self.db, card)
                .display_name()
                .to_owned(),
            None => card.to_string(),
        }
    }

    /// The current name, or the name of `def` when `state` lacks the card.
    fn name_or(&self, card: CardRef, def: DefId) -> String {
        match self.state.cards.get(card.idx()) {
            Some(_) => self.name(card),
            None => self.db.get(def).display_name().to_owned(),
        }
    }

    /// A definition's id and one of its abilities' names, as scenario
    /// lines name an ability (`SD04-011 Fanfare`).
    fn ability(&self, def: DefId, ability: PendingWhat) -> String {
        let def = self.db.get(def);
        format!("{} {}", def.id, ability_name(def, ability))
    }
}

/// A card's id and the name of one of its abilities, for event lines
/// (the card's number and "?" for a card the state doesn't hold).
fn id_and_ability<'a>(
    state: &'a GameState,
    db: &'a CardDb,
    card: CardRef,
    ability: AbilityIdx,
) -> (String, &'a str) {
    match state.cards.get(card.idx()) {
        Some(_) => {
            let def = state.current_def(db, card);
            (
                def.id.clone(),
                ability_name(def, PendingWhat::Ability(ability)),
            )
        }
        None => (card.to_string(), "?"),
    }
}

/// [`id_and_ability`] for ability `ability` of declared keyword `keyword`,
/// which the card has: the card's id and the keyword's ability's name.
fn id_and_keyword_ability<'a>(
    state: &'a GameState,
    db: &'a CardDb,
    card: CardRef,
    keyword: u8,
    ability: AbilityIdx,
) -> (String, &'a str) {
    let keyword_def = db.get(CardDb::keyword_def(keyword));
    let name = ability_name(keyword_def, PendingWhat::Ability(ability));
    match state.cards.get(card.idx()) {
        Some(_) => (state.current_def(db, card).id.clone(), name),
        None => (card.to_string(), name),
    }
}

/// A declared keyword's name ("declared" for a number the pool doesn't
/// declare).
fn keyword_name(db: &CardDb, keyword: u8) -> &str {
    db.declared(keyword).map_or("declared", |k| k.name.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Side};
    use crate::engine::PlayerId;
    use expect_test::expect;

    const P1: PlayerId = PlayerId(0);
    const P2: PlayerId = PlayerId(1);

    /// Each text as `line | log`, `-` for none, the log's kind when it is
    /// not an action.
    fn transcript(texts: &[EventText]) -> String {
        texts
            .iter()
            .map(|t| {
                let line = t.line.as_ref().map_or("-".to_owned(), ToString::to_string);
                let log = match &t.log {
                    None => "-".to_owned(),
                    Some(log) if log.kind == LogKind::Action => log.text.clone(),
                    Some(log) => format!("{} ({:?})", log.text, log.kind),
                };
                format!("{line} | {log}\n")
            })
            .collect()
    }

    fn render_in(s: &Board, event: &Event) -> EventText {
        render(event, s.game.state(), s.game.db())
    }

    #[test]
    fn a_drain_attack_reads_the_same_in_lines_and_the_log() {
        let mut s = Board::builder()
            .side(P1, Side::new().field(["Drainer"]).leader(10))
            .build();
        s.raw_events();
        s.attack("Drainer", "leader");
        let texts: Vec<EventText> = s
            .raw_events()
            .iter()
            .map(|event| render_in(&s, event))
            .collect();
        expect![[r#"
            Engaged P1 TEST-DRAIN | -
            Attacked P1 TEST-DRAIN P2 leader | Drainer attacks P2's leader
            Damaged P2 leader 2 attack | -
            LeaderDefense P2 20 18 | P2's leader: 20 → 18 defense
            Triggered P1 TEST-DRAIN Drain | -
            LeaderDefense P1 10 12 | P1's leader gains 2 defense (10 → 12)
            Resolved P1 TEST-DRAIN Drain | Drainer: Drain
        "#]]
        .assert_eq(&transcript(&texts));
    }

    #[test]
    fn moves_name_zones_in_the_scenario_words() {
        let s = Board::builder().side(P2, Side::new().field(["V1"])).build();
        let v1 = s.card(P2, Zone::Field, "V1");
        let def = s.game.state().card(v1).def;
        let evolved = s.game.db().by_name("V1 (Evolved)");
        let moved = |cause, from, to, evolved| Event::Moved {
            card: v1,
            def: Some(def),
            owner: P2,
            controller: P2,
            from,
            to,
            cause,
            evolved,
        };
        let events = [
            moved(
                MoveCause::Destroy { by_ability: true },
                Zone::Field,
                Zone::Cemetery,
                evolved,
            ),
            moved(
                MoveCause::TokenCreated,
                Zone::RemovedFromGame,
                Zone::ExArea,
                None,
            ),
            moved(MoveCause::PutByEffect, Zone::EvolveDeck, Zone::Field, None),
            moved(MoveCause::Play, Zone::Hand, Zone::Resolution, None),
            moved(MoveCause::Setup, Zone::Deck, Zone::Hand, None),
            // Redacted: the opponent's draw.
            Event::Moved {
                card: v1,
                def: None,
                owner: P2,
                controller: P2,
                from: Zone::Deck,
                to: Zone::Hand,
                cause: MoveCause::Draw,
                evolved: None,
            },
        ];
        let texts: Vec<EventText> = events.iter().map(|e| render_in(&s, e)).collect();
        expect![[r#"
            Destroyed P2 TEST-V1 field cemetery evolved TEST-V1E | P2's V1 is destroyed
            Token P2 TEST-V1 gone ex | P2 gets a V1 token in the EX area
            Put P2 TEST-V1 evolve field | P2's V1 is put onto the field from the evolve deck
            - | P2 plays V1 from the hand
            - | -
            Drew P2 TEST-V1 deck hand | P2 draws a card
        "#]]
        .assert_eq(&transcript(&texts));
    }

    #[test]
    fn turns_ends_and_errors_get_their_log_kinds() {
        let s = Board::builder().build();
        let def = s.game.db().by_name("Pinger").expect("a test card");
        let missing = CardRef(1_999);
        let events = [
            Event::TurnStarted {
                player: P1,
                turn: 3,
            },
            Event::AbilityFizzled {
                card: missing,
                def,
                ability: AbilityIdx(0),
                reason: "trap".to_owned(),
            },
            Event::EffectAdded {
                card: missing,
                kind: EffectKind::Keywords(crate::cards::Keywords::WARD),
                duration: crate::engine::Duration::EndOfTurn,
                source: None,
            },
            Event::Conceded { player: P2 },
            Event::GameOver {
                outcome: Outcome::Win(P1, WinReason::Concede),
            },
            Event::EndlessLoop {
                card: None,
                reason: "too many abilities".to_owned(),
            },
            Event::EffectsExpired { count: 2 },
        ];
        let texts: Vec<EventText> = events.iter().map(|e| render_in(&s, e)).collect();
        expect![[r#"
            Turn P1 3 | — Turn 3: P1 — (TurnHeader)
            Fizzled P? TEST-PING Fanfare: trap | error: Pinger's Fanfare failed and did nothing (TEST-PING ability 0): trap (Error)
            Effect P? #1999 Ward | -
            Conceded P2 | P2 concedes (GameOver)
            GameOver P1 wins Concede | P1 wins (P2 conceded) (GameOver)
            EndlessLoop | error: endless loop (too many abilities): the match is a draw (Error)
            - | -
        "#]]
        .assert_eq(&transcript(&texts));
    }
}
