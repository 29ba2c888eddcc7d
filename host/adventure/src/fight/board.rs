//! What the run changes on a fight's board, as sandbox changes: the
//! opening, made at the first decision after setup, and what statuses do
//! at the start of each turn.
//!
//! - [`opening`]: your carried leader defense, the enemy's defense, the
//!   extra cards the enemy draws, your relic cards onto your field, a
//!   special fight's special cards onto the enemy's and the cards of
//!   statuses onto their side's field. A front end that plays
//!   fights its own way (the client's `MatchConfig::opening`) takes this
//!   list.
//! - [`StatusClock`]: at each decision, whether a side's turn began since
//!   the last one; if so, its statuses act (leader damage, play points) and
//!   the cards of statuses that have ended are destroyed.
//!
//! A status lasts its side's own turns: with `turns = 3` it acts at the
//! start of that side's turns 1 to 3 and its card leaves at the start of
//! turn 4. "The start of a turn" is the turn's first decision, after the
//! start phase (the draw), so a card's own "at the start of your turn"
//! abilities have already been played.

use super::{ENEMY, FightSpec, PLAYER};
use crate::status::{FightStatus, Target};
use std::sync::Arc;
use sve_engine::cards::CardDb;
use sve_engine::engine::{CardRef, DeckList, Match, NoAbilities, PlayerId, SandboxAction, Zone};

/// The most relic cards put onto your field at the start of a fight: the
/// field holds 5 cards, and you need room to play.
pub const MAX_RELIC_CARDS: usize = 2;

/// The seat a status's target sits in.
pub fn seat(target: Target) -> PlayerId {
    match target {
        Target::You => PLAYER,
        Target::Enemy => ENEMY,
    }
}

/// The opening of a fight: the sandbox changes made at its first decision
/// after setup, in order. A card no longer loaded is an error naming it.
pub fn opening(spec: &FightSpec, db: &CardDb) -> Result<Vec<SandboxAction>, String> {
    let mut actions = vec![
        SandboxAction::SetLeaderDefense {
            player: PLAYER,
            defense: spec.player_defense.max(1),
        },
        SandboxAction::SetLeaderDefense {
            player: ENEMY,
            defense: spec.enemy_defense.max(1),
        },
    ];
    if spec.enemy_cards > 0 {
        actions.push(SandboxAction::Draw {
            player: ENEMY,
            count: spec.enemy_cards.min(40),
        });
    }
    for (player, card) in opening_cards(spec) {
        let def = db
            .by_card_id(card)
            .ok_or_else(|| format!("card `{card}` is not loaded"))?;
        actions.push(SandboxAction::PutCard {
            player,
            def,
            zone: Zone::Field,
        });
    }
    Ok(actions)
}

/// The cards the opening puts onto the field, with their side: relic cards,
/// the enemy's special cards, then statuses' cards (last, as
/// [`StatusClock::open`] counts on), in the order of the spec.
fn opening_cards(spec: &FightSpec) -> impl Iterator<Item = (PlayerId, &str)> {
    let relics = spec.player_cards.iter().map(|card| (PLAYER, card.as_str()));
    let special = spec.enemy_field.iter().map(|card| (ENEMY, card.as_str()));
    let relics = relics.chain(special);
    let statuses = spec
        .statuses
        .iter()
        .filter_map(|status| Some((seat(status.target), status.card.as_deref()?)));
    relics.chain(statuses)
}

/// The statuses of a fight as it goes: which side's turns have been seen,
/// and where each status's card stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusClock {
    /// Each seat's own turns already handled.
    seen: [u32; 2],
    /// The card each status put onto the field, by status index.
    cards: Vec<Option<CardRef>>,
}

impl StatusClock {
    /// Makes the opening in `game` (at its first decision after setup) and
    /// starts the clock; the problems are changes the match refused, in
    /// words. The side whose turn it is has its first turn handled at the
    /// next [`StatusClock::tick`].
    pub fn open(game: &mut Match, spec: &FightSpec) -> (StatusClock, Vec<String>) {
        let mut clock = StatusClock {
            seen: [0, 0],
            cards: vec![None; spec.statuses.len()],
        };
        let mut problems = Vec::new();
        let actions = match opening(spec, game.db()) {
            Ok(actions) => actions,
            Err(problem) => return (clock, vec![problem]),
        };
        let status_cards: Vec<usize> = spec
            .statuses
            .iter()
            .enumerate()
            .filter(|(_, status)| status.card.is_some())
            .map(|(idx, _)| idx)
            .collect();
        let first_status_card = actions.len() - status_cards.len();
        for (idx, action) in actions.into_iter().enumerate() {
            let next = game.state().next_card_ref();
            let puts = matches!(action, SandboxAction::PutCard { .. });
            match game.sandbox(action) {
                Ok(()) => {
                    if puts
                        && idx >= first_status_card
                        && let Some(status) = status_cards.get(idx - first_status_card)
                    {
                        clock.cards[*status] = next;
                    }
                }
                Err(error) => problems.push(error.to_string()),
            }
        }
        (clock, problems)
    }

    /// The card object each status put onto the field, by status index.
    pub fn cards(&self) -> &[Option<CardRef>] {
        &self.cards
    }

    /// At a decision: if a side's turn began since the last call, its
    /// statuses act. Returns whether the match changed (ask it for its
    /// decision again) and the changes it refused, in words.
    pub fn tick(&mut self, game: &mut Match, spec: &FightSpec) -> (bool, Vec<String>) {
        let active = game.state().active;
        let turn = game.state().player(active).turns_passed;
        let Some(seen) = self.seen.get_mut(usize::from(active.0)) else {
            return (false, Vec::new());
        };
        if turn <= *seen {
            return (false, Vec::new());
        }
        *seen = turn;
        let mut changed = false;
        let mut problems = Vec::new();
        for (idx, status) in spec.statuses.iter().enumerate() {
            if seat(status.target) != active {
                continue;
            }
            for action in self.turn_actions(game, idx, status, turn) {
                // Poison may have ended the match: nothing more to do.
                if game.state().outcome.is_some() {
                    return (changed, problems);
                }
                match game.sandbox(action) {
                    Ok(()) => changed = true,
                    Err(error) => problems.push(format!("{}: {error}", status.name)),
                }
            }
        }
        (changed, problems)
    }

    /// Whether a status still acts: its side has begun at most `turns` of
    /// its own turns.
    pub fn is_active(&self, spec: &FightSpec, status: usize) -> bool {
        spec.statuses.get(status).is_some_and(|s| {
            let seen = self
                .seen
                .get(usize::from(seat(s.target).0))
                .copied()
                .unwrap_or(0);
            seen <= s.turns
        })
    }

    /// What status `idx` does at the start of its side's own turn `turn`.
    fn turn_actions(
        &self,
        game: &Match,
        idx: usize,
        status: &FightStatus,
        turn: u32,
    ) -> Vec<SandboxAction> {
        let card = self.cards.get(idx).copied().flatten();
        status_turn_actions(game, status, turn, card)
    }
}

/// The card object each status of `spec` puts onto the field at the
/// opening, by status index (`None` for a status without a card), in a
/// match whose next card object, when the opening begins, is `first`
/// (`GameState::next_card_ref`): the opening puts its cards one after the
/// other ([`opening`]), each the match's next object. Knowing a status's
/// card by its object, not by its printed id, tells it from the other
/// copies on the field: one played from a deck, a relic card of the same
/// id. A front end that plays fights its own way finds its status cards
/// so ([`status_cards_of`]); [`StatusClock::open`] notes them as it puts
/// them.
pub fn status_cards(spec: &FightSpec, first: CardRef) -> Vec<Option<CardRef>> {
    let before = spec.player_cards.len() + spec.enemy_field.len();
    let mut next = first.idx() + before;
    spec.statuses
        .iter()
        .map(|status| {
            status.card.as_ref()?;
            let card = CardRef::from_idx(next);
            next += 1;
            card
        })
        .collect()
}

/// [`status_cards`] in the match of `decks`: setup makes no card, so the
/// opening's first card is the object after the decks' (a new match's
/// next card object).
pub fn status_cards_of(
    spec: &FightSpec,
    decks: [DeckList; 2],
    db: &Arc<CardDb>,
) -> Vec<Option<CardRef>> {
    let game = Match::new(Arc::clone(db), Arc::new(NoAbilities), decks, spec.seed);
    match game.state().next_card_ref() {
        Some(first) => status_cards(spec, first),
        None => vec![None; spec.statuses.len()],
    }
}

/// What the statuses of the side whose turn began do, without a clock:
/// for a front end that calls it once at the first decision of each turn
/// after the opening (the client's match worker,
/// `MatchConfig::turn_start`), as [`StatusClock::tick`] does. The side's
/// own turn is its `turns_passed`; a status's card that ends is its own
/// card object, `cards[idx]` ([`status_cards`]), if still on the field.
pub fn turn_start(game: &Match, spec: &FightSpec, cards: &[Option<CardRef>]) -> Vec<SandboxAction> {
    let active = game.state().active;
    let turn = game.state().player(active).turns_passed;
    let mut actions = Vec::new();
    for (idx, status) in spec.statuses.iter().enumerate() {
        if seat(status.target) != active {
            continue;
        }
        let card = cards.get(idx).copied().flatten();
        actions.extend(status_turn_actions(game, status, turn, card));
    }
    actions
}

/// What `status` does at the start of its side's own turn `turn`: its
/// leader damage and play points while it lasts, destroying its `card`
/// (if on the field) at the turn after.
fn status_turn_actions(
    game: &Match,
    status: &FightStatus,
    turn: u32,
    card: Option<CardRef>,
) -> Vec<SandboxAction> {
    let player = seat(status.target);
    let state = game.state().player(player);
    let mut actions = Vec::new();
    if turn <= status.turns {
        if status.leader_damage != 0 {
            actions.push(SandboxAction::SetLeaderDefense {
                player,
                defense: state.leader_defense - status.leader_damage,
            });
        }
        if status.play_points != 0 {
            actions.push(SandboxAction::SetPlayPoints {
                player,
                pp: (state.pp + status.play_points).clamp(0, state.max_pp),
                max_pp: state.max_pp,
            });
        }
    } else if turn == status.turns + 1
        && let Some(card) = card
        && game.state().card(card).zone == Zone::Field
    {
        actions.push(SandboxAction::Destroy { card });
    }
    actions
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::{FightKind, FightOptions, FightSpec, PLAYER, drive};
    use crate::status::{FightStatus, Target};
    use std::sync::Arc;
    use sve_engine::bot::BotKind;
    use sve_engine::cards::CardDb;
    use sve_engine::decks::{resolve, starter_deck};
    use sve_engine::engine::{
        AbilityRunner, DeckList, Match, NoAbilities, PlayerId, SandboxAction,
    };

    /// A fight of SD01 against SD02 with `statuses` and relic `cards`.
    pub(crate) fn spec(statuses: Vec<FightStatus>, cards: Vec<String>) -> FightSpec {
        FightSpec {
            kind: FightKind::Normal,
            floor: 1,
            light: 1,
            enemy_deck: "SD02".to_owned(),
            enemy_bot: "easy".to_owned(),
            enemy_defense: 20,
            enemy_cards: 0,
            player_defense: 20,
            seed: 5,
            turn_cap: 40,
            player_cards: cards,
            special: None,
            enemy_field: Vec::new(),
            statuses,
        }
    }

    pub(crate) fn status(target: Target, turns: u32) -> FightStatus {
        FightStatus {
            id: "test".to_owned(),
            name: "Test".to_owned(),
            text: "a test status".to_owned(),
            target,
            turns,
            leader_damage: 0,
            play_points: 0,
            card: None,
        }
    }

    pub(crate) fn setup() -> (Arc<CardDb>, Arc<dyn AbilityRunner>, [DeckList; 2]) {
        let db = Arc::new(sve_engine::cards::starter::starter_db().expect("bundled cards"));
        let deck =
            |name| resolve(&starter_deck(name).expect("a starter deck"), &db).expect("resolves");
        let decks = [deck("SD01"), deck("SD02")];
        (db, Arc::new(NoAbilities), decks)
    }

    /// Plays `spec` with easy bots on both seats, calling `look` at every
    /// decision.
    fn play_looking(spec: &FightSpec, mut look: impl FnMut(&Match)) -> super::super::FightReport {
        let (db, runner, decks) = setup();
        let mut bots = [BotKind::Greedy.build(1), BotKind::Greedy.build(2)];
        drive(
            spec,
            decks,
            &db,
            &runner,
            &mut |game, decision| {
                look(game);
                let bot = bots.get_mut(usize::from(decision.player.0))?;
                Some(bot.choose(game, decision))
            },
            FightOptions {
                check_invariants: true,
            },
        )
    }

    /// Per own turn of `seat`, a reading of the state at its first decision.
    fn first_decisions<T>(
        spec: &FightSpec,
        seat: PlayerId,
        read: impl Fn(&Match) -> T,
    ) -> Vec<(u32, T)> {
        let mut seen = Vec::new();
        let report = play_looking(spec, |game| {
            let state = game.state();
            let turn = state.player(seat).turns_passed;
            if state.turn > 0 && state.active == seat && seen.last().is_none_or(|(t, _)| *t < turn)
            {
                seen.push((turn, read(game)));
            }
        });
        assert_eq!(
            (report.errors, report.violations.len()),
            (0, 0),
            "{report:?}"
        );
        seen
    }

    #[test]
    fn weakness_takes_play_points_for_its_turns_only() {
        let mut weak = status(Target::You, 2);
        weak.play_points = -1;
        let points = first_decisions(&spec(vec![weak], vec![]), PLAYER, |game| {
            let me = game.state().player(PLAYER);
            (me.pp, me.max_pp)
        });
        assert!(points.len() >= 3, "{points:?}");
        for (turn, (pp, max)) in &points {
            let want = if *turn <= 2 { (max - 1).max(0) } else { *max };
            assert_eq!(*pp, want, "own turn {turn}: {points:?}");
        }
    }

    #[test]
    fn poison_that_outlasts_the_enemy_leader_wins_the_fight() {
        let mut poison = status(Target::Enemy, 1);
        poison.leader_damage = 5;
        // A second status after the poison finds the match over: no error.
        let mut weakness = status(Target::Enemy, 1);
        weakness.play_points = -1;
        let mut weak_enemy = spec(vec![poison, weakness], vec![]);
        weak_enemy.enemy_defense = 3;
        let report = play_looking(&weak_enemy, |_| {});
        assert!(report.result.won, "{report:?}");
        assert_eq!(report.errors, 0, "{report:?}");
        assert!(report.result.turns <= 2, "{report:?}");
    }

    #[test]
    fn a_status_card_stands_on_its_side_for_its_turns_then_leaves() {
        // Titania's Sanctuary, a bundled amulet, stands in for a status's card.
        let mut banner = status(Target::Enemy, 2);
        banner.card = Some("SD01-002".to_owned());
        let enemy = PlayerId(1);
        let on_field = first_decisions(&spec(vec![banner], vec![]), enemy, |game| {
            let state = game.state();
            state
                .player(enemy)
                .field
                .iter()
                .filter(|card| game.db().get(state.card(**card).def).id == "SD01-002")
                .count()
        });
        assert!(on_field.len() >= 3, "{on_field:?}");
        for (turn, count) in &on_field {
            assert_eq!(
                *count,
                usize::from(*turn <= 2),
                "own turn {turn}: {on_field:?}"
            );
        }
    }

    #[test]
    fn turn_start_without_a_clock_plays_the_fight_the_clock_plays() {
        use sve_engine::engine::{Outcome, Phase, Status};
        let mut poison = status(Target::Enemy, 3);
        poison.leader_damage = 2;
        let mut weakness = status(Target::You, 2);
        weakness.play_points = -1;
        let mut banner = status(Target::Enemy, 2);
        banner.card = Some("SD01-002".to_owned());
        // Your status's card is your relic card's: two copies on your
        // field, told apart by their objects.
        let mut shield = status(Target::You, 1);
        shield.card = Some("SD01-002".to_owned());
        let fight = spec(
            vec![poison, weakness, banner, shield],
            vec!["SD01-002".to_owned()],
        );
        let by_clock = play_looking(&fight, |_| {});
        // The same bots and seed, the statuses by `turn_start` once at the
        // first decision of each turn, as the client's worker calls it.
        let (db, runner, decks) = setup();
        let cards = super::status_cards_of(&fight, decks.clone(), &db);
        let mut game = Match::new(Arc::clone(&db), runner, decks, fight.seed);
        let mut bots = [BotKind::Greedy.build(1), BotKind::Greedy.build(2)];
        let mut opened = false;
        let mut turns_started = Vec::new();
        let mut destroyed = Vec::new();
        loop {
            if let Status::GameOver(_) = game.step() {
                break;
            }
            game.clear_events();
            let state = game.state();
            if state.phase != Phase::Setup && state.turn > 0 {
                if !opened {
                    opened = true;
                    let mut clock_game = game.clone();
                    let (clock, _) = super::StatusClock::open(&mut clock_game, &fight);
                    assert_eq!(clock.cards(), cards, "the objects the clock notes");
                    for action in super::opening(&fight, &db).expect("loaded") {
                        game.sandbox(action).expect("an opening change");
                    }
                    continue;
                }
                let key = (state.active, state.player(state.active).turns_passed);
                if !turns_started.contains(&key) {
                    turns_started.push(key);
                    let actions = super::turn_start(&game, &fight, &cards);
                    destroyed.extend(actions.iter().filter_map(|action| match action {
                        SandboxAction::Destroy { card } => Some(*card),
                        _ => None,
                    }));
                    let changed = !actions.is_empty();
                    for action in actions {
                        if game.state().outcome.is_none() {
                            game.sandbox(action).expect("a status change");
                        }
                    }
                    if changed {
                        continue;
                    }
                }
            }
            if game.state().turn > fight.turn_cap {
                break;
            }
            let Some(decision) = game.decision() else {
                break;
            };
            let seat = decision.player;
            let bot = bots.get_mut(usize::from(seat.0)).expect("two seats");
            let picks = bot.choose(&game, decision);
            game.answer(seat, &picks).expect("a bot's answer");
        }
        let state = game.state();
        let won = matches!(state.outcome, Some(Outcome::Win(winner, _)) if winner == PLAYER);
        assert_eq!(
            (won, state.player(PLAYER).leader_defense, state.turn),
            (
                by_clock.result.won,
                by_clock.result.defense_left,
                by_clock.result.turns
            ),
            "{by_clock:?}"
        );
        // The banner and the shield leave, each its own card; the relic
        // card (the opening's first) stays.
        destroyed.sort();
        let own: Vec<_> = cards.iter().flatten().copied().collect();
        assert_eq!(destroyed, own, "{cards:?}");
        let relic = own[0].idx() - 1;
        assert!(destroyed.iter().all(|card| card.idx() != relic));
    }

    #[test]
    fn relic_cards_start_on_your_field() {
        let (db, _, _) = setup();
        let actions = super::opening(&spec(vec![], vec!["SD01-002".to_owned()]), &db)
            .expect("the card is loaded");
        assert!(actions.iter().any(|action| matches!(
            action,
            sve_engine::engine::SandboxAction::PutCard { player, .. } if *player == PLAYER
        )));
        let mut seen_on_field = false;
        play_looking(&spec(vec![], vec!["SD01-002".to_owned()]), |game| {
            let state = game.state();
            seen_on_field |= state.turn == 1
                && state
                    .player(PLAYER)
                    .field
                    .iter()
                    .any(|card| game.db().get(state.card(*card).def).id == "SD01-002");
        });
        assert!(seen_on_field);
        let missing = super::opening(&spec(vec![], vec!["NOPE-1".to_owned()]), &db);
        assert!(missing.is_err_and(|e| e.contains("NOPE-1")));
    }
}
