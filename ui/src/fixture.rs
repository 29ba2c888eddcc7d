//! Hand-built match views for panel tests: no engine, no thread, just the
//! data a panel reads.

use crate::config::{ChosenDeck, MatchConfig, Seat};
use crate::match_view::MatchView;
use crate::play::board::BoardContext;
use crate::play::legal::LegalMoves;
use crate::play::selection::Selection;
use crate::session::DecisionView;
use std::sync::Arc;
use std::time::Duration;
use sve_engine::bot::BotKind;
use sve_engine::cards::starter::starter_db;
use sve_engine::cards::{
    Badge, CardDb, CardDef, CardType, Class, DeclaredKeyword, Keywords, TriggerIcon,
};
use sve_engine::engine::view::{CardView, PlayerView, SideView};
use sve_engine::engine::{CardRef, Choice, Decision, DeckList, Phase, PlayerId, Prompt};

/// The bundled card data.
pub fn db() -> Arc<CardDb> {
    // OK: the bundled data is checked by the engine's own tests.
    Arc::new(starter_db().expect("bundled card data"))
}

/// The reminder of [`declared_db`]'s keyword Overheat.
pub const OVERHEAT_REMINDER: &str =
    "At the start of your end phase, this follower deals 1 damage to itself.";

/// The bundled card data and a pack's declared keyword, Overheat (a
/// lethal one, as `tests/packs/overheat-rust` declares it), with Boiler
/// Golem, a 2-cost 4/3 with Overheat printed.
pub fn declared_db() -> Arc<CardDb> {
    declared_db_with(Vec::new())
}

/// [`declared_db`] with Heal Sprite, a Vanguard collab follower with a
/// Heal Trigger icon (later-sets §2.1) and no text, Goblin's stats.
pub fn trigger_db() -> Arc<CardDb> {
    let starter = db();
    let goblin = starter
        .by_name("Goblin")
        .expect("Goblin in the bundled data");
    let sprite = CardDef {
        id: "VG-001".to_owned(),
        name: "Heal Sprite".to_owned(),
        text: String::new(),
        trigger_icon: Some(TriggerIcon::Heal),
        ..starter.get(goblin).clone()
    };
    declared_db_with(vec![sprite])
}

/// [`declared_db`]'s pool and `extra` cards.
fn declared_db_with(extra: Vec<CardDef>) -> Arc<CardDb> {
    let mut defs: Vec<CardDef> = db().iter().map(|(_, def)| def.clone()).collect();
    defs.push(CardDef {
        id: "OVH-001".to_owned(),
        name: "Boiler Golem".to_owned(),
        class: Class::Neutral,
        card_type: CardType::Follower,
        traits: vec!["Golem".to_owned()],
        cost: Some(2),
        attack: Some(4),
        defense: Some(3),
        evolve_cost: None,
        keywords: Keywords::empty(),
        initial_counters: Vec::new(),
        is_token: false,
        abilities: Vec::new(),
        text: "Overheat.".to_owned(),
        shown_name: None,
        unplayable: None,
        declared_keywords: vec!["Overheat".to_owned()],
        declared_counters: Vec::new(),
        universe: None,
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
    });
    defs.extend(extra);
    let overheat = DeclaredKeyword {
        id: "OVH-K01".to_owned(),
        name: "Overheat".to_owned(),
        reminder: OVERHEAT_REMINDER.to_owned(),
        badge: Badge::Lethal,
        abilities: Vec::new(),
    };
    // OK: fixed data, checked by the tests that use it.
    Arc::new(CardDb::with_keywords(defs, vec![overheat]).expect("a valid card pool"))
}

/// A card by name with its printed stats, reserved.
pub fn card(db: &CardDb, card: u32, name: &str) -> CardView {
    let def = db
        .by_name(name)
        .unwrap_or_else(|| panic!("no card named {name}"));
    let printed = db.get(def);
    CardView {
        card: CardRef(card),
        def,
        evolved: None,
        attack: printed.attack.unwrap_or(0),
        defense: printed.defense.unwrap_or(0),
        cost: printed.cost.map_or(0, i32::from),
        keywords: printed.keywords,
        engaged: false,
        counters: Vec::new(),
        raced: 0,
        taken: false,
    }
}

/// An empty side with `pp` play points.
pub fn side(db: &CardDb, leader: &str, pp: i32) -> SideView {
    SideView {
        leader: db
            .by_name(leader)
            .unwrap_or_else(|| panic!("no leader named {leader}")),
        leader_defense: 20,
        pp,
        max_pp: pp,
        ep: 0,
        sep: 0,
        deck_count: 30,
        hidden_field: 0,
        hand: Vec::new(),
        field: Vec::new(),
        ex_area: Vec::new(),
        cemetery: Vec::new(),
        banished: Vec::new(),
        evolve_deck: Vec::new(),
        evolve_used: Vec::new(),
        equipment: Vec::new(),
        trigger_zone: Vec::new(),
        drive_zone: Vec::new(),
        combo: 0,
        spellchain: 0,
        turns_passed: 2,
        player_effects: Vec::new(),
        delayed: Vec::new(),
        universe: None,
    }
}

/// P1's main-phase decision with these options.
pub fn main_action(options: Vec<Choice>) -> Decision {
    Decision::pick_one(PlayerId(0), Prompt::MainAction, options)
}

/// P1 (a person) against a random bot, in P1's main phase, as P1 sees it.
/// `decision` is P1's pending decision; `None` means the bot decides.
pub fn vs_bot(
    db: Arc<CardDb>,
    mine: SideView,
    theirs: SideView,
    decision: Option<Decision>,
) -> MatchView {
    let deck = |title: &str| ChosenDeck {
        title: title.to_owned(),
        source: title.to_owned(),
        list: DeckList {
            leader: mine.leader,
            main: Vec::new(),
            evolve: Vec::new(),
            basis: sve_engine::decks::DeckBasis::Class,
        },
    };
    let config = MatchConfig {
        seats: [Seat::Human, Seat::Bot(BotKind::Random)],
        decks: [deck("Mine"), deck("Theirs")],
        seed: 1,
        bot_delay: Duration::ZERO,
        replay: None,
        opening: Vec::new(),
        turn_start: None,
    };
    let mut view = MatchView::new(&config, db);
    let decision = decision.map(|decision| DecisionView {
        labels: decision.options.iter().map(|o| format!("{o:?}")).collect(),
        decision,
    });
    view.waiting_on = Some(if decision.is_some() {
        PlayerId(0)
    } else {
        PlayerId(1)
    });
    view.views = vec![PlayerView {
        viewer: PlayerId(0),
        turn: 5,
        active: PlayerId(0),
        phase: Phase::Main,
        sides: [mine, theirs],
        decision: decision.as_ref().map(|d| d.decision.clone()),
        outcome: None,
    }];
    view.decision = decision;
    view
}

/// Runs `f` with the board context of seat 0 of `view`, as a frame of the
/// match screen would build it.
pub fn with_board<R>(
    view: &MatchView,
    selection: &Selection,
    f: impl FnOnce(&BoardContext<'_>) -> R,
) -> R {
    let board = view.board(PlayerId(0)).expect("a board");
    let decision = view.decision_for(PlayerId(0));
    let cx = BoardContext {
        view,
        board,
        decision,
        moves: decision.map(LegalMoves::of).unwrap_or_default(),
        selection,
        card_size: egui::vec2(100.0, 138.0),
    };
    f(&cx)
}
