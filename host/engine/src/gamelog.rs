//! Turning events into a readable game log ("P1 plays Elf Metallurgist"),
//! for the terminal and, later, the client.

use crate::cards::CardDb;
use crate::engine::{
    AttackTarget, CardRef, DamageKind, Event, GameState, MoveCause, Outcome, Phase, Resource,
    WinReason, Zone,
};

/// One log line for an event, or `None` for events not worth a line.
pub fn describe(event: &Event, state: &GameState, db: &CardDb) -> Option<String> {
    let name = |card: CardRef| -> String {
        match state.cards.get(card.idx()) {
            Some(_) => state.current_def(db, card).display_name().to_owned(),
            None => card.to_string(),
        }
    };
    Some(match event {
        Event::GameStarted { first } => format!("{first} goes first"),
        Event::Mulligan { player, redrew } => {
            if *redrew {
                format!("{player} redraws their opening hand")
            } else {
                format!("{player} keeps their opening hand")
            }
        }
        Event::TurnStarted { player, turn } => format!("— Turn {turn}: {player} —"),
        Event::PhaseStarted { phase } => match phase {
            Phase::End => "End phase".to_owned(),
            _ => return None,
        },
        Event::Moved {
            def,
            owner,
            controller,
            from,
            to,
            cause,
            ..
        } => {
            let card = def
                .map(|d| db.get(d).display_name().to_owned())
                .unwrap_or_else(|| "a card".to_owned());
            match cause {
                MoveCause::Draw => format!("{owner} draws {card}"),
                MoveCause::Play if *to == Zone::Resolution => {
                    format!("{controller} plays {card} from the {}", from.name())
                }
                MoveCause::Play => format!("{card} enters {owner}'s field"),
                MoveCause::Destroy { .. } => format!("{owner}'s {card} is destroyed"),
                MoveCause::Banish => format!("{owner}'s {card} is banished"),
                MoveCause::Discard => format!("{owner} discards {card}"),
                MoveCause::ReturnToHand => format!("{card} returns to {owner}'s hand"),
                MoveCause::Race => format!("{owner} serves {card}: a follower races"),
                MoveCause::TokenCreated => {
                    format!("{owner} gets a {card} token in the {}", to.name())
                }
                MoveCause::Evolve
                | MoveCause::Setup
                | MoveCause::Mulligan
                | MoveCause::TokenRemoved => {
                    return None;
                }
                MoveCause::SpellResolved => return None,
                _ => format!(
                    "{owner}'s {card} moves from the {} to the {}",
                    from.name(),
                    to.name()
                ),
            }
        }
        Event::Shuffled { .. } | Event::Engaged { .. } | Event::Refreshed { .. } => return None,
        Event::FollowerDamaged {
            card,
            amount,
            kind,
            source,
        } => {
            let by = source
                .map(|s| format!(" from {}", name(s)))
                .unwrap_or_default();
            let kind = match kind {
                DamageKind::Ability => "",
                DamageKind::Attack | DamageKind::Combat => " combat",
            };
            format!("{} takes {amount}{kind} damage{by}", name(*card))
        }
        Event::LeaderDamaged { .. } => return None,
        Event::LeaderDefense { player, from, to } => {
            if to < from {
                format!("{player}'s leader: {from} → {to} defense")
            } else {
                format!(
                    "{player}'s leader gains {} defense ({from} → {to})",
                    to - from
                )
            }
        }
        Event::ResourceChanged {
            player,
            resource,
            from,
            to,
        } => match resource {
            Resource::EvolvePoints if to < from => format!("{player} spends an evolution point"),
            Resource::SuperEvolvePoints if to < from => {
                format!("{player} spends a super-evolution point")
            }
            _ => return None,
        },
        Event::CountersChanged {
            card,
            counter,
            from,
            to,
        } => format!("{}: {counter:?} counters {from} → {to}", name(*card)),
        Event::EffectAdded { .. } | Event::EffectsExpired { .. } => return None,
        Event::Evolved {
            card, super_evolve, ..
        } => {
            let verb = if *super_evolve {
                "super-evolves"
            } else {
                "evolves"
            };
            format!("{} {verb}", name(*card))
        }
        Event::CardPlayed { .. } => return None,
        Event::AbilityActivated { card, .. } => format!("{} activates an ability", name(*card)),
        Event::AttackDeclared { attacker, target } => match target {
            AttackTarget::Leader(player) => {
                format!("{} attacks {player}'s leader", name(*attacker))
            }
            AttackTarget::Follower(card, _) => {
                format!("{} attacks {}", name(*attacker), name(*card))
            }
        },
        Event::Fought { .. } => return None,
        Event::AbilityTriggered { .. } => return None,
        Event::AbilityResolved { card, def, ability } => match ability {
            Some(idx) => {
                let ability = &db.get(*def).abilities[usize::from(idx.0)];
                format!("{}: {}", name(*card), ability.name)
            }
            None => format!("{}: Drain", name(*card)),
        },
        Event::AbilityFizzled {
            def,
            ability,
            reason,
            ..
        } => format!(
            "error: {} ability {} fizzled: {reason}",
            db.get(*def).id,
            ability.0
        ),
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
            line
        }
        Event::Sandbox { description } => format!("Sandbox: {description}"),
        Event::Conceded { player } => format!("{player} concedes"),
        Event::GameOver { outcome } => match outcome {
            Outcome::Win(winner, reason) => {
                let why = match reason {
                    WinReason::LeaderDefense => "leader defense reached 0",
                    WinReason::DeckOut => "drew from an empty deck",
                    WinReason::Concede => "conceded",
                };
                format!("{winner} wins ({} {why})", winner.opponent())
            }
            Outcome::Draw => "The match is a draw".to_owned(),
        },
        Event::EndlessLoop { card, reason } => match card {
            Some(card) => format!(
                "error: endless loop while {}'s ability ran ({reason}): the match is a draw",
                name(*card)
            ),
            None => format!("error: endless loop ({reason}): the match is a draw"),
        },
    })
}

/// A one-line description of a decision option, for menus.
pub fn describe_choice(choice: &crate::engine::Choice, game: &crate::engine::Match) -> String {
    use crate::engine::{Action, Choice};
    let state = game.state();
    let db = game.db();
    let card_text = |card: CardRef| -> String {
        let def = state.current_def(db, card);
        let stats = state.characteristics(db, card);
        let zone = state.card(card).zone;
        if stats.card_type.is_follower() && zone == Zone::Field {
            format!(
                "{} {}/{} ({})",
                def.display_name(),
                stats.attack,
                stats.defense,
                zone.name()
            )
        } else {
            format!("{} ({})", def.display_name(), zone.name())
        }
    };
    match choice {
        Choice::Yes => "Yes".to_owned(),
        Choice::No => "No".to_owned(),
        Choice::Pass => "Pass".to_owned(),
        Choice::GoFirst => "Go first".to_owned(),
        Choice::GoSecond => "Go second".to_owned(),
        Choice::Card(card) => card_text(*card),
        Choice::Label(text) => text.clone(),
        Choice::Pending(idx) => match state.pending.get(*idx) {
            Some(p) => {
                let what = match p.what.ability() {
                    Some(a) => db.get(p.def).abilities[usize::from(a.0)].name.clone(),
                    None => "Drain".to_owned(),
                };
                format!("{}: {what}", db.get(p.def).display_name())
            }
            None => format!("pending ability {idx}"),
        },
        Choice::Action(action) => match action {
            Action::Play { card } => {
                let cost = state.characteristics(db, *card).cost;
                format!("Play {} [cost {cost}]", card_text(*card))
            }
            Action::Activate { card, ability } => {
                let def = state.current_def(db, *card);
                // The ability's text, else its name (script abilities have
                // names, and the card text says what they do).
                let what = def
                    .abilities
                    .get(usize::from(ability.0))
                    .map_or("", |a| if a.text.is_empty() { &a.name } else { &a.text });
                if what.is_empty() {
                    format!("Activate {}", def.display_name())
                } else {
                    format!("Activate {}: {what}", def.display_name())
                }
            }
            Action::Evolve {
                card,
                use_ep,
                super_evolve,
            } => {
                let verb = if *super_evolve {
                    "Super-evolve"
                } else {
                    "Evolve"
                };
                let pay = if *use_ep { " using 1 EP" } else { "" };
                format!("{verb} {}{pay}", card_text(*card))
            }
            Action::Attack { attacker, target } => match target {
                AttackTarget::Leader(p) => {
                    format!("Attack {p}'s leader with {}", card_text(*attacker))
                }
                AttackTarget::Follower(card, _) => {
                    format!("Attack {} with {}", card_text(*card), card_text(*attacker))
                }
            },
            Action::EndMainPhase => "End the main phase".to_owned(),
        },
    }
}

/// A compact text picture of the board as `viewer` sees it.
pub fn board_text(game: &crate::engine::Match, viewer: crate::engine::PlayerId) -> String {
    use std::fmt::Write as _;
    let view = game.view(viewer);
    let db = game.db();
    let mut out = String::new();
    for seat in [viewer.opponent(), viewer] {
        let side = &view.sides[seat.idx()];
        let who = if seat == viewer { "You" } else { "Opponent" };
        let _ = writeln!(
            out,
            "{who} ({seat}): leader {} | PP {}/{} | EP {} | SEP {} | deck {} | hand {} | cemetery {}",
            side.leader_defense,
            side.pp,
            side.max_pp,
            side.ep,
            side.sep,
            side.deck_count,
            side.hand.len(),
            side.cemetery.len()
        );
        let cards = |cards: &[crate::engine::view::CardView]| -> String {
            cards
                .iter()
                .map(|c| {
                    let def = db.get(c.evolved.unwrap_or(c.def));
                    let mut text = if def.card_type.is_follower() {
                        format!("{} {}/{}", def.display_name(), c.attack, c.defense)
                    } else {
                        def.display_name().to_owned()
                    };
                    if c.engaged {
                        text.push_str(" (engaged)");
                    }
                    let keywords: Vec<&str> = c.keywords.names().collect();
                    if !keywords.is_empty() {
                        text.push_str(&format!(" [{}]", keywords.join(", ")));
                    }
                    text
                })
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let _ = writeln!(out, "  field: {}", cards(&side.field));
        if !side.ex_area.is_empty() {
            let _ = writeln!(out, "  EX area: {}", cards(&side.ex_area));
        }
        if seat == viewer {
            let hand: Vec<crate::engine::view::CardView> =
                side.hand.iter().flatten().cloned().collect();
            let _ = writeln!(out, "  hand: {}", cards(&hand));
        }
    }
    out
}
