//! [`Card`]: a builder for a card and the code of its abilities.

use std::cell::{Cell, RefCell};

use crate::Game;
use crate::game::Stop;
use crate::types::{
    Activation, ActivationZone, CardFilter, CardType, Class, CostItem, CounterCount, Passive,
    Rarity, Trigger, TriggerIcon,
};
use crate::wire::{self, FaceEvolveCost};
use crate::{Counter, Keywords};

/// What an ability does when it resolves. Choices stop it with
/// [`Stop::Halt`] until the player answers; propagate them with `?`.
pub type Effect = fn(&mut Game) -> Result<(), Stop>;

/// Whether an ability can be used or played now, or whether its "if" holds.
pub type Condition = fn(&Game) -> bool;

/// Kinds of abilities, for [`Card::ability`] (the other builder methods
/// pick the kind for you).
#[derive(Clone, Debug)]
pub enum AbilityKind {
    /// Automatic: becomes pending when its trigger happens.
    Triggered(Trigger),
    /// Activated by its controller in their main phase.
    Activated {
        /// Has `[q]`: also usable in the opponent's Quick windows.
        quick: bool,
        /// Where the ability works (normally the field).
        zone: ActivationZone,
    },
    /// A spell's text, performed when the spell resolves.
    Spell,
    /// A named sub-ability that only runs when other card code calls it.
    Sub,
    /// Automatic but delayed: it never triggers by itself. Card code
    /// creates it ([`Game::create_delayed`](crate::Game::create_delayed))
    /// and it then waits for its trigger.
    Delayed(Trigger),
}

impl From<AbilityKind> for wire::AbilityKind {
    fn from(kind: AbilityKind) -> wire::AbilityKind {
        match kind {
            AbilityKind::Triggered(trigger) => wire::AbilityKind::Triggered(trigger),
            AbilityKind::Activated { quick, zone } => {
                wire::AbilityKind::Activated(Activation { quick, zone })
            }
            AbilityKind::Spell => wire::AbilityKind::Spell,
            AbilityKind::Sub => wire::AbilityKind::Sub,
            AbilityKind::Delayed(trigger) => wire::AbilityKind::Delayed(trigger),
        }
    }
}

thread_local! {
    /// Whether the builders keep the words a card's data carries (its
    /// name, rules text and traits, its abilities' names and texts). A call
    /// into a pack builds the pack's cards only to find one ability's code
    /// (`__private::condition` and `__private::resolve`), which reads none of
    /// them: copying them cost more than the ability itself (most of a
    /// Rust pack call's own instructions went to building and dropping
    /// them; docs/performance.md).
    static KEEP_WORDS: Cell<bool> = const { Cell::new(true) };

    /// Inside [`CodeOnly`], the id of the one card a call looks for: every
    /// other card is built as an empty shell (no id, no abilities), so a
    /// call into a pack of a hundred cards allocates for one.
    static WANTED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// While it lives, cards are built without their words (see
/// [`KEEP_WORDS`]): ids, kinds, numbers and code only, and only the card
/// with the wanted id (see [`WANTED`]) has even that.
pub(crate) struct CodeOnly {
    before: bool,
    wanted_before: Option<String>,
}

impl CodeOnly {
    /// Builds cards without their words until the guard is dropped, and
    /// every card but `wanted` as an empty shell.
    pub(crate) fn begin(wanted: &str) -> CodeOnly {
        CodeOnly {
            before: KEEP_WORDS.replace(false),
            wanted_before: WANTED.replace(Some(wanted.to_owned())),
        }
    }
}

impl Drop for CodeOnly {
    fn drop(&mut self) {
        KEEP_WORDS.set(self.before);
        WANTED.set(self.wanted_before.take());
    }
}

/// Whether a card with this id is built as an empty shell: inside
/// [`CodeOnly`], every card but the one wanted.
fn is_shell(id: &str) -> bool {
    WANTED.with_borrow(|wanted| wanted.as_deref().is_some_and(|wanted| wanted != id))
}

/// `words` as the card data keeps them: empty inside [`CodeOnly`].
fn words(words: &str) -> String {
    if KEEP_WORDS.get() {
        words.to_owned()
    } else {
        String::new()
    }
}

/// One ability of a [`Card`]: its data and its code.
#[derive(Clone, Debug)]
pub(crate) struct Ability {
    pub(crate) def: wire::AbilityDef,
    /// `None` only for passives, which the host evaluates itself.
    pub(crate) effect: Option<Effect>,
    pub(crate) condition: Option<Condition>,
}

/// A card: its printed facts, and each ability with the code that runs it.
///
/// Every ability takes its code where it is added, so a card cannot have an
/// ability without code, and reordering the calls reorders nothing else:
///
/// ```
/// use sve_sdk::prelude::*;
///
/// fn spark(game: &mut Game) -> Result<(), Stop> {
///     let enemies = game.followers(game.opponent());
///     for target in game.select("Deal 1 damage to", enemies, 1, 1)? {
///         game.damage_follower(target, 1);
///     }
///     Ok(())
/// }
///
/// let card = Card::follower("MY-001", "Spark Elf", Class::Forest, 2, 2, 2)
///     .traits(&["Elf"])
///     .text("[fanfare] Select an enemy follower on the field and deal it 1 damage.")
///     .fanfare("Deal 1 damage to an enemy follower.", spark)
///     .condition(|game| !game.followers(game.opponent()).is_empty());
/// assert_eq!(card.id(), "MY-001");
/// ```
#[derive(Clone, Debug)]
pub struct Card {
    /// `None` for a shell: a card built inside a call for another card
    /// (see [`CodeOnly`]), with no id and no abilities, which every builder
    /// leaves as it is; a shell is small and allocates nothing.
    data: Option<Box<CardData>>,
}

/// What a [`Card`] that is not a shell holds.
#[derive(Clone, Debug)]
struct CardData {
    def: wire::CardDef,
    abilities: Vec<Ability>,
    /// Set for a keyword declaration ([`Card::keyword`]): its badge.
    declares: Option<wire::KeywordBadge>,
}

impl CardData {
    /// The ability just added. A modifier called before any ability is a
    /// mistake in the card list; the panic names it when the pack loads.
    fn last_ability(&mut self, modifier: &str) -> &mut Ability {
        let id = &self.def.id;
        self.abilities.last_mut().unwrap_or_else(|| {
            panic!("card {id}: `{modifier}` modifies the ability just added, and there is none yet")
        })
    }
}

/// A card's data with nothing but its id, name, class and type.
fn blank_def(id: &str, name: &str, class: Class, card_type: CardType) -> wire::CardDef {
    wire::CardDef {
        id: id.to_owned(),
        name: words(name),
        class,
        card_type,
        traits: Vec::new(),
        cost: None,
        attack: None,
        defense: None,
        evolve_cost: None,
        keywords: 0,
        initial_counters: Vec::new(),
        is_token: false,
        abilities: Vec::new(),
        text: String::new(),
        unplayable: None,
        declared_keywords: Vec::new(),
        universe: None,
        declared_counters: Vec::new(),
        rarity: None,
        advanced: false,
        also_named: Vec::new(),
        alternate_name: None,
        back_of: None,
        evolves_into: Vec::new(),
        face_evolve_costs: Vec::new(),
        equipment: false,
        trigger_icon: None,
        token_kind: None,
    }
}

impl Card {
    fn new(id: &str, name: &str, class: Class, card_type: CardType) -> Card {
        if is_shell(id) {
            return Card { data: None };
        }
        let data = CardData {
            def: blank_def(id, name, class, card_type),
            abilities: Vec::new(),
            declares: None,
        };
        Card {
            data: Some(Box::new(data)),
        }
    }

    /// The card after `edit`, which a shell skips.
    fn with(mut self, edit: impl FnOnce(&mut CardData)) -> Card {
        if let Some(data) = self.data.as_deref_mut() {
            edit(data);
        }
        self
    }

    /// A keyword this pack declares, for a mechanic of its own: a card has
    /// the abilities added to it (automatic, continuous with
    /// [`Card::passive`] and activated with [`Card::activated`]; at most
    /// one once per turn) while it has the keyword, printed
    /// ([`Card::declared_keyword`]) or given
    /// ([`Game::give_declared_keyword`](crate::Game::give_declared_keyword));
    /// they run with that card as their source. Give its reminder with
    /// [`Card::text`]. `id` is what the host calls its abilities by: unique
    /// among the pack's ids. List it among the pack's cards.
    ///
    /// ```
    /// use sve_sdk::prelude::*;
    ///
    /// fn overheat(game: &mut Game) -> Result<(), Stop> {
    ///     let me = game.source();
    ///     game.damage_follower(me, 1);
    ///     Ok(())
    /// }
    ///
    /// let keyword = Card::keyword("MY-K01", "Overheat", KeywordBadge::Lethal)
    ///     .text("At the start of your end phase, this follower deals 1 damage to itself.")
    ///     .on(Trigger::StartEndPhase, "Deal 1 damage to itself.", overheat);
    /// let card = Card::follower("MY-001", "Boiler Golem", Class::Neutral, 2, 3, 3)
    ///     .declared_keyword("Overheat");
    /// assert!(keyword.is_keyword() && !card.is_keyword());
    /// ```
    pub fn keyword(id: &str, name: &str, badge: wire::KeywordBadge) -> Card {
        Card::new(id, name, Class::Neutral, CardType::Amulet).with(|c| c.declares = Some(badge))
    }

    /// Whether this is a keyword declaration ([`Card::keyword`]).
    pub fn is_keyword(&self) -> bool {
        self.data.as_ref().is_some_and(|c| c.declares.is_some())
    }

    /// The crossover universe the card belongs to, by the vocabulary's
    /// identifier or printed name (`"Umamusume"`, `"Cardfight!! Vanguard"`;
    /// `sve_vocab::UNIVERSES`): decks may be built on a universe instead of
    /// a class. Panics on a name the vocabulary doesn't know (a mistake in
    /// the pack's code, caught when the pack is first read).
    pub fn universe(self, name: &str) -> Card {
        self.with(|c| {
            let Some(n) = sve_vocab::UNIVERSES
                .iter()
                .position(|u| u.ident == name || sve_vocab::universe_named(name) == Some(u))
            else {
                panic!("card {}: `{name}` is no universe", c.def.id);
            };
            c.def.universe = u8::try_from(n).ok();
        })
    }

    /// The printed rarity (`Rarity::Gold`): no rules meaning; the
    /// Adventure's card rewards weigh it.
    pub fn rarity(self, rarity: Rarity) -> Card {
        self.with(|c| {
            c.def.rarity = Some(rarity);
        })
    }

    /// A keyword a pack declares that the card has printed, by name (this
    /// pack's, or another loaded pack's).
    pub fn declared_keyword(self, name: &str) -> Card {
        self.with(|c| {
            c.def.declared_keywords.push(name.to_owned());
        })
    }

    /// A follower with cost, attack and defense.
    pub fn follower(
        id: &str,
        name: &str,
        class: Class,
        cost: u8,
        attack: i32,
        defense: i32,
    ) -> Card {
        Card::new(id, name, class, CardType::Follower).with(|c| {
            c.def.cost = Some(cost);
            c.def.attack = Some(attack);
            c.def.defense = Some(defense);
        })
    }

    /// An evolved follower (its name should end in ` (Evolved)`).
    pub fn evolved(id: &str, name: &str, class: Class, attack: i32, defense: i32) -> Card {
        Card::new(id, name, class, CardType::EvolvedFollower).with(|c| {
            c.def.attack = Some(attack);
            c.def.defense = Some(defense);
        })
    }

    /// A spell with a cost. Give it its effect with [`Card::spell_effect`].
    pub fn spell(id: &str, name: &str, class: Class, cost: u8) -> Card {
        Card::new(id, name, class, CardType::Spell).with(|c| c.def.cost = Some(cost))
    }

    /// An amulet with a cost.
    pub fn amulet(id: &str, name: &str, class: Class, cost: u8) -> Card {
        Card::new(id, name, class, CardType::Amulet).with(|c| c.def.cost = Some(cost))
    }

    /// A leader: no cost, no stats; a deck names one as its leader.
    pub fn leader(id: &str, name: &str, class: Class) -> Card {
        Card::new(id, name, class, CardType::Leader)
    }

    /// A crest (card API 0.3.0; later-sets §4): a token with no cost that
    /// exists only in an EX area, one per name there, and whose abilities
    /// work there. Cards put it there with
    /// `Game::summon_token(player, id, n, TokenDestination::ExArea)`.
    pub fn crest(id: &str, name: &str, class: Class) -> Card {
        Card::new(id, name, class, CardType::Crest).token()
    }

    /// Printed attack and defense: a follower's, or an amulet's, which a
    /// maneuver makes it a follower with (later-sets §12.4,
    /// [`Game::maneuver`](crate::Game::maneuver)).
    pub fn stats(self, attack: i32, defense: i32) -> Card {
        self.with(|c| {
            c.def.attack = Some(attack);
            c.def.defense = Some(defense);
        })
    }

    /// The card's id.
    ///
    /// Inside a call into the pack, every card but the called one is built
    /// as an empty shell whose id reads as `""`: a card list must not make
    /// one card's id out of another's `id()`.
    pub fn id(&self) -> &str {
        self.data.as_ref().map_or("", |c| c.def.id.as_str())
    }

    /// Traits, in printed order.
    pub fn traits(self, traits: &[&str]) -> Card {
        self.with(|c| {
            if KEEP_WORDS.get() {
                c.def.traits = traits.iter().map(|t| (*t).to_owned()).collect();
            }
        })
    }

    /// Printed keywords.
    pub fn keywords(self, keywords: Keywords) -> Card {
        self.with(|c| {
            c.def.keywords |= keywords.bits();
        })
    }

    /// The `[evolve]` cost.
    pub fn evolve_cost(self, cost: u8) -> Card {
        self.with(|c| {
            c.def.evolve_cost = Some(cost);
        })
    }

    /// Makes the card a token.
    pub fn token(self) -> Card {
        self.with(|c| {
            c.def.is_token = true;
            if !c.def.traits.iter().any(|t| t == "Token") {
                c.def.traits.push("Token".to_owned());
            }
        })
    }

    /// Makes the card a token of a kind a pack declares
    /// ([`Pack::token_kinds`](crate::Pack::token_kinds)), by the kind's
    /// name (this pack's, or another loaded pack's): it keeps the kind's
    /// rules (where it may be, one of a name per zone), and carries the
    /// kind's name as a trait, so filters and effects find it by it. Only
    /// a follower or an amulet may be one.
    pub fn token_kind(self, name: &str) -> Card {
        self.token().with(|c| {
            c.def.token_kind = Some(name.to_owned());
            if !c.def.traits.iter().any(|t| t == name) {
                c.def.traits.push(name.to_owned());
            }
        })
    }

    /// Marks the card as one the pack can't play yet, with the reason: the
    /// host lists it and refuses decks that hold it (a card still being
    /// written, or text the pack has no code for).
    pub fn unplayable(self, reason: &str) -> Card {
        self.with(|c| {
            c.def.unplayable = Some(reason.to_owned());
        })
    }

    /// Counters of a kind a pack declares ([`Pack::counters`](crate::Pack::counters))
    /// that the card enters the field with, by the kind's name (this
    /// pack's, or another loaded pack's). At most 4 declared kinds.
    pub fn declared_counters(self, name: &str, count: u32) -> Card {
        self.with(|c| {
            c.def.declared_counters.push(wire::DeclaredCounterCount {
                name: name.to_owned(),
                count,
            });
        })
    }

    /// Counters the card enters the field with.
    pub fn counters(self, counter: Counter, count: u32) -> Card {
        self.with(|c| {
            c.def.initial_counters.push(CounterCount {
                counter: counter.index(),
                count,
            });
        })
    }

    /// The printed card text (display only).
    pub fn text(self, text: &str) -> Card {
        self.with(|c| {
            c.def.text = words(text);
        })
    }

    /// Adds a Fanfare ability that runs `effect`.
    pub fn fanfare(self, text: &str, effect: Effect) -> Card {
        self.ability(
            "Fanfare",
            AbilityKind::Triggered(Trigger::Fanfare),
            text,
            effect,
        )
    }

    /// Adds a Last Words ability that runs `effect`.
    pub fn last_words(self, text: &str, effect: Effect) -> Card {
        self.ability(
            "Last Words",
            AbilityKind::Triggered(Trigger::LastWords),
            text,
            effect,
        )
    }

    /// Adds an automatic ability on another trigger; it is named after the
    /// trigger ("Strike"), or as [`named`](Card::named) says.
    pub fn on(self, trigger: Trigger, text: &str, effect: Effect) -> Card {
        let name = trigger_name(&trigger);
        self.ability(name, AbilityKind::Triggered(trigger), text, effect)
    }

    /// Adds a delayed ability named `name` (CR 10.7.5): it never triggers
    /// by itself; this card's code creates it with
    /// [`Game::create_delayed`](crate::Game::create_delayed), and from then
    /// on it waits for `trigger` (a phase's start, a card's move, leaving
    /// or entering the field, an enemy destroyed) and runs `effect`.
    pub fn delayed(self, name: &str, trigger: Trigger, text: &str, effect: Effect) -> Card {
        self.ability(name, AbilityKind::Delayed(trigger), text, effect)
    }

    /// Adds an activated ability usable from the field in your main phase,
    /// paying `costs`. Name it with [`named`](Card::named).
    pub fn activated(self, costs: Vec<CostItem>, text: &str, effect: Effect) -> Card {
        self.ability(
            "Activate",
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Field,
            },
            text,
            effect,
        )
        .costs(costs)
    }

    /// Adds a Fuse ability (later-sets §9, CR 12.18): activated in the
    /// hand, it discards from your hand and/or buries from your EX area
    /// `min` to `max` cards matching `filter` other than this one, puts
    /// this card into your EX area, and runs `effect`, which reads the
    /// fused cards with [`Game::fused_cards`](crate::Game::fused_cards).
    /// "Fuse 2 followers" is `fuse(2, 2, ..)`, "Fuse 3 or less" is
    /// `fuse(1, 3, ..)`.
    pub fn fuse(self, min: u8, max: u8, filter: CardFilter, text: &str, effect: Effect) -> Card {
        self.ability(
            "Fuse",
            AbilityKind::Activated {
                quick: false,
                zone: ActivationZone::Hand,
            },
            text,
            effect,
        )
        .costs(vec![CostItem::Fuse(crate::types::FuseCost {
            min,
            max,
            filter,
        })])
    }

    /// Adds a spell's effect (its main Spell ability).
    pub fn spell_effect(self, text: &str, effect: Effect) -> Card {
        self.ability("Spell", AbilityKind::Spell, text, effect)
    }

    /// Adds an ability of any kind that runs `effect`.
    pub fn ability(self, name: &str, kind: AbilityKind, text: &str, effect: Effect) -> Card {
        self.with(|c| {
            c.abilities.push(Ability {
                def: wire::AbilityDef {
                    name: words(name),
                    kind: kind.into(),
                    costs: Vec::new(),
                    once_per_turn: false,
                    text: words(text),
                    // Set from `condition` when the card's data is read
                    // (`Card::into_parts`).
                    has_condition: false,
                },
                effect: Some(effect),
                condition: None,
            });
        })
    }

    /// Adds a passive ability: a continuous effect the host evaluates, with
    /// no code.
    pub fn passive(self, name: &str, passive: Passive, text: &str) -> Card {
        self.with(|c| {
            c.abilities.push(Ability {
                def: wire::AbilityDef {
                    name: words(name),
                    kind: wire::AbilityKind::Passive(passive),
                    costs: Vec::new(),
                    once_per_turn: false,
                    text: words(text),
                    has_condition: false,
                },
                effect: None,
                condition: None,
            });
        })
    }

    /// Gives the ability just added its condition: a spell's play
    /// requirement, an activated ability's extra condition, an automatic
    /// ability's "if". Without one, the ability can always be used, and
    /// the host never calls into the pack to ask (the manifest says so:
    /// `has-condition` in the card API), which spares a fresh instance at
    /// every listing of the legal actions.
    pub fn condition(self, condition: Condition) -> Card {
        self.with(|c| {
            let ability = c.last_ability("condition");
            ability.condition = Some(condition);
        })
    }

    /// Adds costs to the ability just added (a Fanfare with "Give your
    /// leader \[defense\]-2:", an activated ability's extra costs).
    pub fn costs(self, costs: Vec<CostItem>) -> Card {
        self.with(|c| {
            let ability = c.last_ability("costs");
            ability.def.costs.extend(costs);
        })
    }

    /// Renames the ability just added (as the log and the player see it).
    pub fn named(self, name: &str) -> Card {
        self.with(|c| {
            let ability = c.last_ability("named");
            ability.def.name = words(name);
        })
    }

    /// Marks the ability just added a Union Burst `[ub]` ability (CR
    /// 14.5.1): it works only while the card's owner's deck is built on
    /// Princess Connect! Re:Dive, and each time it resolves it counts as an
    /// execution, listed in [`TurnRecord`](crate::types::TurnRecord)'s
    /// `union_bursts`.
    pub fn union_burst(self) -> Card {
        self.with(|c| {
            let ability = c.last_ability("union_burst");
            ability.def.costs.push(CostItem::UnionBurst);
        })
    }

    /// Gives the card a Ride (later-sets §2.5, CR 14.4.9): "`[ride]`
    /// `[cost N]`: give this follower Drive", an `[adv]` activated ability
    /// named Ride that also puts a face-down Drive Point from your evolve
    /// deck into your drive zone, linked to this follower (so it rides
    /// once). Its On Drive abilities (`Trigger::OnDrive`) answer it.
    pub fn ride(self, play_points: u8) -> Card {
        self.activated(
            vec![CostItem::PlayPoints(play_points), CostItem::DrivePoint],
            "Give this follower Drive.",
            give_this_follower_drive,
        )
        .named("Ride")
        .advanced_ability()
    }

    /// Marks the ability just added `[adv]` (CR 12.16, later-sets §6.2):
    /// an activated ability that is its player's evolve-equivalent ability
    /// for the turn (none after an evolve, no evolve after it), of whose
    /// play point cost 1 EP may pay 1 PP.
    pub fn advanced_ability(self) -> Card {
        self.with(|c| {
            let ability = c.last_ability("advanced_ability");
            ability.def.costs.push(CostItem::Advanced);
        })
    }

    /// Gives the card the printed ability "this follower's name is also
    /// `name`" (later-sets §8.2): the name counts in every name check (a
    /// filter's `name`, "other than") while the card is on the field and
    /// has its abilities; the deck limit uses its card name alone.
    pub fn also_named(self, name: &str) -> Card {
        self.with(|c| {
            c.def.also_named.push(words(name));
        })
    }

    /// Gives the card a Trigger icon (later-sets §2.1, Vanguard collab):
    /// when a drive check of a deck built on the Vanguard universe reveals
    /// it, its player may resolve it (`TriggerIcon::Heal`: their leader
    /// gets +3 defense), and it goes to the cemetery.
    pub fn trigger_icon(self, icon: TriggerIcon) -> Card {
        self.with(|c| {
            c.def.trigger_icon = Some(icon);
        })
    }

    /// Makes this token an equipment token (later-sets §5): it exists only
    /// in an equipment zone, made there by [`Game::equip`] linked to a
    /// follower, and is gone once that follower leaves the field. Give it
    /// passives reaching the follower with
    /// [`PassiveScope::Equipped`] (its own, kept if the follower loses its
    /// abilities) or [`PassiveScope::EquippedHas`] ("the equipped follower
    /// has ...").
    ///
    /// [`Game::equip`]: crate::Game::equip
    pub fn equipment(self) -> Card {
        self.with(|c| {
            c.def.equipment = true;
            c.def.is_token = true;
        })
    }

    /// Makes this the back face of the double-faced evolved card with id
    /// `front` (later-sets §10, CR 2.14): both are evolved followers; the
    /// card is the front face everywhere but in an evolve zone showing
    /// this face, and deck lists name the front.
    pub fn back_of(self, front: &str) -> Card {
        self.with(|c| {
            c.def.back_of = Some(front.to_owned());
        })
    }

    /// Names an evolved card its evolve ability evolves into ("evolve this
    /// follower into an X or a Y", later-sets §10); call once per name.
    /// Either face of a card with one of these names may be shown. Without
    /// any, it evolves into the evolved cards of its own name.
    pub fn evolves_into(self, name: &str) -> Card {
        self.with(|c| {
            c.def.evolves_into.push(words(name));
        })
    }

    /// Names an evolved card its evolve ability evolves into for a cost of
    /// its own (later-sets §10, BP09-018: one face for 1, the other for
    /// 4): like [`Card::evolves_into`], and evolving into a face of that
    /// name costs `cost` instead of [`Card::evolve_cost`], which the card
    /// needs too (it marks the evolve ability).
    pub fn evolves_into_for(self, name: &str, cost: u8) -> Card {
        self.evolves_into(name).with(|c| {
            c.def.face_evolve_costs.push(FaceEvolveCost {
                name: words(name),
                cost,
            });
        })
    }

    /// The other name this printing shows (later-sets §8.1, CR 2.13):
    /// display only; the rules and every effect use the card name.
    pub fn alternate_name(self, name: &str) -> Card {
        self.with(|c| {
            c.def.alternate_name = Some(words(name));
        })
    }

    /// Makes this an advanced card (CR 9.2, later-sets §6.1): it is built
    /// into the evolve deck, is never an evolved card, and sent anywhere
    /// but the field, an EX area or the evolve deck it goes there and then
    /// face up into its owner's evolve deck. Card code takes a face-down
    /// one out with [`Game::put_onto_field`](crate::Game::put_onto_field),
    /// [`Game::put_into_ex_area`](crate::Game::put_into_ex_area) or
    /// [`Game::play_card`](crate::Game::play_card).
    pub fn advanced(self) -> Card {
        self.with(|c| {
            c.def.advanced = true;
        })
    }

    /// Makes the ability just added usable once per turn.
    pub fn once_per_turn(self) -> Card {
        self.with(|c| {
            let ability = c.last_ability("once_per_turn");
            ability.def.once_per_turn = true;
        })
    }

    /// The card as data for the host, and the code of its abilities in the
    /// same order (the host calls an ability by its index in the data).
    /// The card's abilities with their code, without its data.
    pub(crate) fn into_abilities(self) -> Vec<Ability> {
        self.data.map(|c| c.abilities).unwrap_or_default()
    }

    /// The pack's cards and its keyword declarations, apart.
    pub(crate) fn split_declarations(cards: Vec<Card>) -> (Vec<Card>, Vec<wire::KeywordDecl>) {
        let (declarations, cards): (Vec<Card>, Vec<Card>) =
            cards.into_iter().partition(Card::is_keyword);
        let keywords = declarations
            .into_iter()
            .map(|card| {
                let badge = card
                    .data
                    .as_ref()
                    .and_then(|c| c.declares)
                    .unwrap_or(wire::KeywordBadge::Other);
                let (def, _) = card.into_parts();
                wire::KeywordDecl {
                    id: def.id,
                    name: def.name,
                    reminder: def.text,
                    badge,
                    abilities: def.abilities,
                }
            })
            .collect();
        (cards, keywords)
    }

    /// A shell's parts are a blank card's (a test builds tables of them).
    pub(crate) fn into_parts(self) -> (wire::CardDef, Vec<Ability>) {
        let data = match self.data {
            Some(data) => *data,
            None => {
                return (
                    blank_def("", "", Class::Neutral, CardType::Follower),
                    Vec::new(),
                );
            }
        };
        let mut def = data.def;
        def.abilities = data
            .abilities
            .iter()
            .map(|a| wire::AbilityDef {
                // The host asks `condition` only where there is one.
                has_condition: a.condition.is_some(),
                ..a.def.clone()
            })
            .collect();
        (def, data.abilities)
    }
}

/// The name an ability with a trigger gets by default ("Last Words"),
/// from the vocabulary (`sve_vocab::for_each_trigger!`).
macro_rules! trigger_names {
    ([] $($ident:ident $(($payload:ident))? = $printed:literal, $clause:literal, $doc:literal, $when:literal;)*) => {
        fn trigger_name(trigger: &Trigger) -> &'static str {
            match trigger {
                $(Trigger::$ident { .. } => $printed,)*
            }
        }
    };
}

sve_vocab::for_each_trigger!(trigger_names);

/// A set of zones, for a [`MoveHook`](crate::types::MoveHook)'s `leaving`
/// and `entering` (an empty set: any zone).
///
/// ```
/// use sve_sdk::prelude::*;
/// use sve_sdk::{any_card, move_ways, zone_set};
///
/// // "Whenever a card leaves your EX area": trigger `Trigger::OnMove(hook)`.
/// let hook = MoveHook {
///     leaving: zone_set(&[Zone::ExArea]),
///     entering: zone_set(&[]),
///     whose: Whose::Yours,
///     filter: any_card(),
///     this_card: false,
///     with_this_card: false,
///     per_batch: false,
///     how: move_ways::ANY,
/// };
/// assert_eq!(hook.leaving, 1 << 4);
/// ```
pub fn zone_set(zones: &[crate::types::Zone]) -> u32 {
    zones
        .iter()
        .fold(0, |bits, zone| bits | 1 << (*zone as u32))
}

/// How a card moved, for a [`MoveHook`](crate::types::MoveHook)'s `how`: a
/// set of these bits (`ANY`, the empty set: any way). "Whenever you
/// discard" is `leaving` the hand, `entering` the cemetery, `how`
/// `DISCARDED`, which a spell played from the hand is not.
pub mod move_ways {
    /// Any way.
    pub const ANY: u32 = 0;
    /// Destroyed.
    pub const DESTROYED: u32 = 1 << 0;
    /// Discarded from the hand (a cost's discard too).
    pub const DISCARDED: u32 = 1 << 1;
    /// Banished (as a cost too).
    pub const BANISHED: u32 = 1 << 2;
    /// Put into the cemetery otherwise (buried, as a cost too).
    pub const BURIED: u32 = 1 << 3;
    /// Returned to the hand (as a cost too).
    pub const RETURNED: u32 = 1 << 4;
    /// Played: a card played, or a spell that resolved.
    pub const PLAYED: u32 = 1 << 5;
}

/// The cost Lesson (n) of THE IDOLM@STER CINDERELLA GIRLS (CR 14.3.2):
/// banish n cards named Magical Item from your EX area. A deck built on
/// that universe starts with five of them there.
///
/// ```
/// use sve_sdk::types::{CostItem, CostMove, CostZone};
/// let CostItem::MoveOwn(cost) = sve_sdk::lesson(2) else { panic!() };
/// assert_eq!((cost.action, cost.zone, cost.min, cost.max), (CostMove::Banish, CostZone::ExArea, 2, 2));
/// assert_eq!(cost.filter.name.as_deref(), Some("Magical Item"));
/// ```
pub fn lesson(n: u8) -> CostItem {
    CostItem::MoveOwn(crate::types::OwnCards {
        action: crate::types::CostMove::Banish,
        zone: crate::types::CostZone::ExArea,
        filter: CardFilter {
            name: Some("Magical Item".to_owned()),
            ..any_card()
        },
        min: n,
        max: n,
        all: false,
    })
}

/// A filter that matches every card; set fields to narrow it.
pub fn any_card() -> CardFilter {
    CardFilter {
        types: Vec::new(),
        traits_any: Vec::new(),
        keywords: 0,
        without_keywords: 0,
        name: None,
        not_name: None,
        class: None,
        token: None,
        cost: None,
        attack: None,
        engaged: None,
        other: false,
    }
}

/// A Ride's effect: this follower gets Drive.
fn give_this_follower_drive(game: &mut Game) -> Result<(), Stop> {
    let me = game.source();
    game.give_drive(me);
    Ok(())
}
