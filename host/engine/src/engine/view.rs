//! Per-player views: what one player may know, built from the state and
//! the events (hidden information removed). The UI draws these and the
//! network sends them; neither ever sees a [`GameState`].

use super::event::Event;
use super::ids::{CardRef, DefId, PlayerId};
use super::runtime::{Decision, Match};
use super::state::{GameState, Outcome, Phase, PlayerEffectKind, TurnWindow, Zone};
use crate::cards::{CardDb, Counter, Keywords};
use serde::{Deserialize, Serialize};

/// A card as a player sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardView {
    /// The card.
    pub card: CardRef,
    /// Printed definition.
    pub def: DefId,
    /// Linked evolved card's definition, while evolved.
    pub evolved: Option<DefId>,
    /// Current attack (followers).
    pub attack: i32,
    /// Current defense, damage subtracted (followers).
    pub defense: i32,
    /// Current cost.
    pub cost: i32,
    /// Current keywords.
    pub keywords: Keywords,
    /// Engaged.
    pub engaged: bool,
    /// Counters.
    pub counters: Vec<(Counter, u32)>,
    /// Carrots linked to it: it is racing (Umamusume).
    #[serde(default)]
    pub raced: u8,
    /// On the field of the player who took control of it, not its owner's
    /// (later-sets §12.8, CR 5.22): it goes to its owner's zones when it
    /// leaves the field.
    #[serde(default)]
    pub taken: bool,
}

/// One side of the board as a player sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideView {
    /// Leader definition.
    pub leader: DefId,
    /// Leader defense.
    pub leader_defense: i32,
    /// Play points.
    pub pp: i32,
    /// Maximum play points.
    pub max_pp: i32,
    /// Evolution points.
    pub ep: i32,
    /// Super-evolution points.
    pub sep: i32,
    /// Cards in the deck.
    pub deck_count: usize,
    /// The hand: visible to its owner, a count for the opponent.
    pub hand: Vec<Option<CardView>>,
    /// Field.
    pub field: Vec<CardView>,
    /// Face-down cards on the field this viewer can't see (a Starting
    /// Amulet during the mulligans, later-sets §2.2): a count.
    #[serde(default)]
    pub hidden_field: usize,
    /// EX area.
    pub ex_area: Vec<CardView>,
    /// Cemetery.
    pub cemetery: Vec<CardView>,
    /// Banished zone.
    pub banished: Vec<CardView>,
    /// Face-down evolve deck cards: visible to the owner only.
    pub evolve_deck: Vec<Option<CardView>>,
    /// Face-up (used) evolve deck cards.
    pub evolve_used: Vec<CardView>,
    /// Equipment zone (later-sets §5): each token with the follower it
    /// equips.
    #[serde(default)]
    pub equipment: Vec<EquipmentView>,
    /// Trigger zone (later-sets §2.3): the card a drive check revealed,
    /// while its player decides on its Trigger; public.
    #[serde(default)]
    pub trigger_zone: Vec<CardView>,
    /// Drive zone (later-sets §2.5): each Drive Point with the follower
    /// whose Ride put it there (the shape of an equipment token's).
    #[serde(default)]
    pub drive_zone: Vec<EquipmentView>,
    /// Combo count.
    pub combo: u32,
    /// Spellchain count.
    pub spellchain: u32,
    /// Turns passed.
    pub turns_passed: u32,
    /// The effects on this player for a window of turns (later-sets
    /// §12.10, §12.12), oldest first: public.
    #[serde(default)]
    pub player_effects: Vec<PlayerEffectView>,
    /// The delayed abilities this player will play, waiting for their
    /// event (later-sets §11.4), oldest first: public, as the abilities
    /// that made them resolved in the open.
    #[serde(default)]
    pub delayed: Vec<DelayedView>,
    /// The crossover universe this player's deck is built on, by its
    /// number in `sve_vocab::UNIVERSES` (later-sets §0.2, CR 9.1.6): none
    /// for a class deck. Public, and the same all match.
    #[serde(default)]
    pub universe: Option<u8>,
}

/// A delayed ability waiting for its event, as anyone sees it (later-sets
/// §11.4). It names its card by definition only: the card may be in a
/// hidden zone by now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DelayedView {
    /// The definition of the card whose ability it is (a card's, never a
    /// declared keyword's).
    pub def: DefId,
    /// The ability's name, as its card writes it.
    pub name: String,
    /// What it does, in its card's words (empty if it has none).
    pub text: String,
    /// Whether it is gone at the end of this turn if it has not fired.
    pub this_turn: bool,
}

impl DelayedView {
    /// A short label for the board: "waits: Afterglow".
    pub fn label(&self) -> String {
        format!("waits: {}", self.name)
    }

    /// In players' words, with its card's name: "Afterglow Wisp's
    /// Afterglow waits (this turn): Deal 1 damage ...".
    pub fn words(&self, card_name: &str) -> String {
        let when = if self.this_turn { " (this turn)" } else { "" };
        if self.text.is_empty() {
            format!("{card_name}'s {} waits{when}", self.name)
        } else {
            format!("{card_name}'s {} waits{when}: {}", self.name, self.text)
        }
    }
}

/// An effect on a player as anyone sees it (later-sets §12.10, §12.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEffectView {
    /// What it does.
    pub kind: PlayerEffectKind,
    /// When it applies.
    pub window: TurnWindow,
    /// It applies now (a "next turn" one waits until that turn begins).
    pub applies: bool,
}

impl PlayerEffectView {
    /// A short label for the board: "this turn: costs +1", "next turn: no
    /// draw".
    pub fn label(&self) -> String {
        let what = match self.kind {
            PlayerEffectKind::NoStartPhaseDraw => "no draw".to_owned(),
            PlayerEffectKind::NoMaxPpIncrease => "no max PP +1".to_owned(),
            PlayerEffectKind::CannotPlayFollowers => "no followers".to_owned(),
            PlayerEffectKind::PlayCost(n) if n >= 0 => format!("costs +{n}"),
            PlayerEffectKind::PlayCost(n) => format!("costs −{}", n.unsigned_abs()),
            PlayerEffectKind::PlayFromBanished => "plays from banished".to_owned(),
        };
        let when = if self.applies {
            "this turn"
        } else {
            "next turn"
        };
        format!("{when}: {what}")
    }

    /// In players' words: "cards P2 plays cost 1 more during their next
    /// turn".
    pub fn words(&self, player: PlayerId) -> String {
        format!("{} {}", self.kind.words(player), self.window.words())
    }
}

/// An equipment token as a player sees it (later-sets §5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EquipmentView {
    /// The token.
    pub card: CardView,
    /// The follower it equips, while linked.
    pub follower: Option<CardRef>,
}

impl SideView {
    /// Every card of this side the viewer is shown, in every zone (hidden
    /// cards, `None` in the hand or evolve deck, left out).
    pub fn shown_cards(&self) -> impl Iterator<Item = &CardView> {
        self.hand
            .iter()
            .chain(&self.evolve_deck)
            .flatten()
            .chain(&self.field)
            .chain(&self.ex_area)
            .chain(&self.cemetery)
            .chain(&self.banished)
            .chain(&self.evolve_used)
            .chain(self.equipment.iter().map(|e| &e.card))
            .chain(&self.trigger_zone)
            .chain(self.drive_zone.iter().map(|d| &d.card))
    }
}

/// Everything one player may know about a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Whose view this is.
    pub viewer: PlayerId,
    /// Turn number.
    pub turn: u32,
    /// Active player.
    pub active: PlayerId,
    /// Phase.
    pub phase: Phase,
    /// Both sides, seat order.
    pub sides: [SideView; 2],
    /// The decision, when it is this player's.
    pub decision: Option<Decision>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
}

impl Match {
    /// What `viewer` may know now.
    pub fn view(&self, viewer: PlayerId) -> PlayerView {
        self.view_for(Some(viewer))
    }

    /// What a spectator may know now: public information only (both hands
    /// and face-down evolve decks as counts, no decision). `viewer` is seat
    /// 1's, for drawing the board from that side.
    pub fn spectator_view(&self) -> PlayerView {
        self.view_for(None)
    }

    fn view_for(&self, viewer: Option<PlayerId>) -> PlayerView {
        let state = &self.state;
        let side = |player: PlayerId| side_view(state, &self.db, player, viewer == Some(player));
        PlayerView {
            viewer: viewer.unwrap_or(PlayerId(0)),
            turn: state.turn,
            active: state.active,
            phase: state.phase,
            sides: [side(PlayerId(0)), side(PlayerId(1))],
            decision: self
                .decision()
                .filter(|d| Some(d.player) == viewer)
                .cloned(),
            outcome: state.outcome,
        }
    }
}

/// One side as seen by its owner (`own`) or by anyone else.
fn side_view(state: &GameState, db: &CardDb, player: PlayerId, own: bool) -> SideView {
    let p = state.player(player);
    let card = |c: &CardRef| card_view(state, db, *c);
    // Equipment and Drive Points: each card with the follower it is
    // linked to.
    let linked = |cards: &[CardRef]| -> Vec<EquipmentView> {
        cards
            .iter()
            .map(|c| EquipmentView {
                card: card(c),
                follower: state.card(*c).linked_to,
            })
            .collect()
    };
    SideView {
        leader: state.card(p.leader).def,
        leader_defense: p.leader_defense,
        pp: p.pp,
        max_pp: p.max_pp,
        ep: p.ep,
        sep: p.sep,
        deck_count: p.deck.len(),
        hand: p.hand.iter().map(|c| own.then(|| card(c))).collect(),
        // A face-down card on the field (a Starting Amulet during the
        // mulligans, later-sets §2.2) is its owner's to see; others get
        // its count.
        field: p
            .field
            .iter()
            .filter(|c| own || state.card(**c).face_up)
            .map(card)
            .collect(),
        hidden_field: if own {
            0
        } else {
            p.field.iter().filter(|c| !state.card(**c).face_up).count()
        },
        ex_area: p.ex_area.iter().map(card).collect(),
        cemetery: p.cemetery.iter().map(card).collect(),
        banished: p.banished.iter().map(card).collect(),
        evolve_deck: p
            .evolve_deck
            .iter()
            .filter(|c| !state.card(**c).face_up)
            .map(|c| own.then(|| card(c)))
            .collect(),
        evolve_used: p
            .evolve_deck
            .iter()
            .filter(|c| state.card(**c).face_up)
            .map(card)
            .collect(),
        trigger_zone: p.trigger_zone.iter().map(card).collect(),
        drive_zone: linked(&p.drive_zone),
        equipment: linked(&p.equipment),
        combo: state.combo(player),
        spellchain: state.spellchain(db, player),
        turns_passed: p.turns_passed,
        player_effects: state
            .player_effects
            .iter()
            .filter(|e| e.player == player)
            .map(|e| PlayerEffectView {
                kind: e.kind,
                window: e.window,
                applies: e.applies(state.turn, state.active),
            })
            .collect(),
        universe: p.basis.universe(),
        delayed: state
            .delayed
            .iter()
            .filter(|d| d.controller == player)
            .map(|d| {
                let ability = db.get(d.def).abilities.get(usize::from(d.ability.0));
                DelayedView {
                    // A declared keyword's delayed ability is its card's
                    // (cards/declared.rs): named by the card, which made
                    // it in the open.
                    def: if CardDb::keyword_of_def(d.def).is_some() {
                        state.card(d.source).def
                    } else {
                        d.def
                    },
                    name: ability.map_or_else(String::new, |a| a.name.clone()),
                    text: ability.map_or_else(String::new, |a| a.text.clone()),
                    this_turn: d.lasts.this_turn(),
                }
            })
            .collect(),
    }
}

fn card_view(state: &GameState, db: &CardDb, card: CardRef) -> CardView {
    let c = state.card(card);
    let stats = state.characteristics(db, card);
    CardView {
        card,
        def: c.def,
        evolved: c.evolved_with.map(|e| state.card(e).def),
        attack: stats.attack,
        defense: stats.defense,
        // Where it may be played from, what its owner would pay now
        // ("cards you play cost 1 more", later-sets §12.10).
        cost: match c.zone {
            Zone::Hand | Zone::ExArea | Zone::Cemetery | Zone::Banished
                if !state.player_effects.is_empty() =>
            {
                stats
                    .cost
                    .saturating_add(state.play_cost_change(c.owner))
                    .max(0)
            }
            _ => stats.cost,
        },
        keywords: stats.keywords,
        engaged: c.engaged,
        counters: c.counters.iter().collect(),
        raced: if c.zone == Zone::Field { c.raced } else { 0 },
        taken: c.zone == Zone::Field && c.controller != c.owner,
    }
}

/// The event as `viewer` may see it: the identity of a card moving between
/// zones hidden from them is removed.
pub fn redact(event: &Event, viewer: PlayerId) -> Event {
    match event {
        // A card put onto the field face down (a Starting Amulet,
        // later-sets §2.2) is its owner's to see.
        Event::Moved { owner, cause, .. }
            if *owner != viewer && *cause == crate::engine::MoveCause::FaceDownSetup =>
        {
            let mut hidden = event.clone();
            if let Event::Moved { def, .. } = &mut hidden {
                *def = None;
            }
            hidden
        }
        Event::Moved {
            owner, from, to, ..
        } if *owner != viewer && from.is_private() && to.is_private() => {
            let mut hidden = event.clone();
            if let Event::Moved { def, .. } = &mut hidden {
                *def = None;
            }
            hidden
        }
        // A card moving out of a hidden evolve deck is public by then;
        // everything else is public information.
        _ => event.clone(),
    }
}

/// Whether a zone's contents are public (for documentation and tests).
pub fn is_public(zone: Zone) -> bool {
    !zone.is_private()
}
