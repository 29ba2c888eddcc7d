//! What many starter cards share: the tokens they make, the selections they
//! make and the conditions those put on playing them, the "look at the top
//! cards of your deck" steps, and the resource tests (Combo, Spellchain,
//! Overflow, Necrocharge).
//!
//! Each helper does what the SVE Script runtime does for the same words
//! (`sdk/script-runtime/src/interp/`), with the same questions in the same
//! order, so a card reads the same whichever pack plays it.

use sve_sdk::prelude::*;

/// The card ids of the BP01 tokens the starter cards make.
pub(crate) mod token {
    /// Fairy (Forestcraft, 1/1 Pixie).
    pub(crate) const FAIRY: &str = "BP01-T03";
    /// Knight (Swordcraft, 1/1 Officer).
    pub(crate) const KNIGHT: &str = "BP01-T05";
    /// Steelclad Knight (Swordcraft, 2/2 Officer).
    pub(crate) const STEELCLAD_KNIGHT: &str = "BP01-T07";
    /// Strikeform Golem (Runecraft, 3/2 Rush).
    pub(crate) const STRIKEFORM_GOLEM: &str = "BP01-T08";
    /// Guardform Golem (Runecraft, 2/3 Ward).
    pub(crate) const GUARDFORM_GOLEM: &str = "BP01-T09";
    /// Dragon (Dragoncraft, 5/5).
    pub(crate) const DRAGON: &str = "BP01-T11";
    /// Ghost (Abysscraft, 1/1 Storm, banished at the start of your end phase).
    pub(crate) const GHOST: &str = "BP01-T14";
    /// Forest Bat (Abysscraft, 1/1 Vampire).
    pub(crate) const FOREST_BAT: &str = "BP01-T15";
    /// Holy Falcon (Havencraft, 2/2 Storm).
    pub(crate) const HOLY_FALCON: &str = "BP01-T16";
    /// Holy Tiger (Havencraft, 4/4 Rush).
    pub(crate) const HOLY_TIGER: &str = "BP01-T17";
}

/// Cards a field holds (rules-coverage.md §3).
pub(crate) const FIELD_SLOTS: usize = 5;

/// Cards an EX area holds (rules-coverage.md §3).
pub(crate) const EX_AREA_SLOTS: usize = 5;

// ---- Resources ----

/// Combo (N): you have played N or more cards this turn (this one counts).
pub(crate) fn combo(game: &Game, n: u32) -> bool {
    game.combo() >= n
}

/// Spellchain (N): N or more spells in your cemetery.
pub(crate) fn spellchain(game: &Game, n: u32) -> bool {
    game.player(game.me()).spellchain >= n
}

/// Necrocharge (N): N or more cards in your cemetery.
pub(crate) fn necrocharge(game: &Game, n: u32) -> bool {
    game.player(game.me()).cemetery_count >= n
}

/// "If Overflow is active for you": 7 or more play point maximum.
pub(crate) fn overflow(game: &Game) -> bool {
    game.player(game.me()).overflow
}

// ---- What a card is ----

/// Whether a card with these stats is a follower (evolved or not).
pub(crate) fn is_follower(stats: &CardStats) -> bool {
    matches!(
        stats.card_type,
        CardType::Follower | CardType::EvolvedFollower
    )
}

/// Whether `card` is of type `card_type` now (false for a card that is
/// gone, such as a token that left the field).
pub(crate) fn is_a(game: &Game, card: CardRef, card_type: CardType) -> bool {
    game.stats(card)
        .is_some_and(|stats| stats.card_type == card_type)
}

/// The cards of `player`'s `zone` for which `test` holds, in zone order.
pub(crate) fn cards_where(
    game: &Game,
    player: Player,
    zone: Zone,
    test: impl Fn(&CardStats) -> bool,
) -> Vec<CardRef> {
    game.cards_in(player, zone)
        .into_iter()
        .filter(|card| game.stats(*card).is_some_and(|stats| test(&stats)))
        .collect()
}

/// A filter for the tokens named `name` (for triggers and passives).
pub(crate) fn tokens_named(name: &str) -> CardFilter {
    CardFilter {
        name: Some(name.to_owned()),
        token: Some(true),
        ..sve_sdk::any_card()
    }
}

/// A filter for the followers with the trait `trait_name`.
pub(crate) fn followers_with_trait(trait_name: &str) -> CardFilter {
    CardFilter {
        types: vec![CardType::Follower, CardType::EvolvedFollower],
        traits_any: vec![trait_name.to_owned()],
        ..sve_sdk::any_card()
    }
}

/// Whether the card that caused the trigger still matches the trigger's
/// filter when the ability is played: the host matched it when it
/// triggered, and the SVE Script runtime tests it once more here, so a
/// token that has ceased to exist by then (it left the field) no longer
/// counts. Starter cards that answer "whenever a ... is put onto your
/// field" take it as their condition, so that they play as the script
/// cards do.
pub(crate) fn trigger_card_matches(game: &Game, filter: &CardFilter) -> bool {
    game.trigger_card()
        .is_some_and(|card| game.stats(card).is_some() && game.matches(card, filter))
}

// ---- Selecting ----

/// Whether you may select `card`: a card with Aura on the other player's
/// field can't be (rules-coverage.md §13.8). The host leaves such cards out
/// of [`Game::select`] itself; this tells beforehand whether a selection
/// has a target.
pub(crate) fn selectable(game: &Game, card: CardRef) -> bool {
    game.stats(card).is_some_and(|stats| {
        !(stats.zone == Zone::Field
            && stats.controller != game.me()
            && stats.keywords.contains(Keywords::AURA))
    })
}

/// Whether one of `cards` can be selected.
pub(crate) fn any_selectable(game: &Game, cards: &[CardRef]) -> bool {
    cards.iter().any(|card| selectable(game, *card))
}

/// The followers on your opponent's field, in zone order.
pub(crate) fn enemy_followers(game: &Game) -> Vec<CardRef> {
    game.followers(game.opponent())
}

/// The followers on your field other than this card, in zone order.
pub(crate) fn other_followers_of_yours(game: &Game) -> Vec<CardRef> {
    let this = game.source();
    game.followers(game.me())
        .into_iter()
        .filter(|card| *card != this)
        .collect()
}

/// Whether there is an enemy follower on the field, whether or not it can
/// be selected: the condition `card-packs/rust-starter` gives its cards
/// that select one (Unbridled Fury, Fire Chain, Alucard's Strike).
pub(crate) fn has_enemy_follower(game: &Game) -> bool {
    !enemy_followers(game).is_empty()
}

/// Whether there is an enemy follower you can select: what "select an
/// enemy follower on the field" needs. A spell or an activated ability
/// that selects needs it to be played, and an automatic ability without
/// it does nothing at all (CR 10.6.2.3.3), its other steps included.
pub(crate) fn can_select_enemy_follower(game: &Game) -> bool {
    any_selectable(game, &enemy_followers(game))
}

/// You select one of `candidates`; `None` when none can be selected.
pub(crate) fn select_one(
    game: &mut Game,
    text: &str,
    candidates: Vec<CardRef>,
) -> Result<Option<CardRef>, Stop> {
    if candidates.is_empty() {
        return Ok(None);
    }
    Ok(game.select(text, candidates, 1, 1)?.first().copied())
}

/// You select an enemy follower on the field; `None` when there is none
/// you can select.
pub(crate) fn select_enemy_follower(game: &mut Game, text: &str) -> Result<Option<CardRef>, Stop> {
    let enemies = enemy_followers(game);
    select_one(game, text, enemies)
}

/// "Select an enemy follower on the field and deal it `amount` damage":
/// the follower selected, `None` (and no damage) when there is none you
/// can select.
pub(crate) fn damage_an_enemy_follower(
    game: &mut Game,
    amount: i32,
) -> Result<Option<CardRef>, Stop> {
    let text = format!("Deal {amount} damage to");
    let target = select_enemy_follower(game, &text)?;
    if let Some(follower) = target {
        game.damage_follower(follower, amount);
    }
    Ok(target)
}

/// What "select an enemy leader or enemy follower on the field" picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EnemyTarget {
    /// An enemy follower.
    Follower(CardRef),
    /// The enemy leader.
    Leader(Player),
}

/// You select an enemy follower on the field or the enemy leader (the
/// leader card is offered after the followers).
pub(crate) fn select_enemy_follower_or_leader(
    game: &mut Game,
    text: &str,
) -> Result<Option<EnemyTarget>, Stop> {
    let opponent = game.opponent();
    let mut candidates = enemy_followers(game);
    candidates.extend(game.cards_in(opponent, Zone::Leader));
    let Some(picked) = select_one(game, text, candidates)? else {
        return Ok(None);
    };
    Ok(Some(match game.stats(picked) {
        Some(stats) if stats.card_type == CardType::Leader => EnemyTarget::Leader(stats.owner),
        _ => EnemyTarget::Follower(picked),
    }))
}

/// Deals `amount` damage to what [`select_enemy_follower_or_leader`] picked.
pub(crate) fn damage_enemy_target(game: &mut Game, target: EnemyTarget, amount: i32) {
    match target {
        EnemyTarget::Follower(card) => game.damage_follower(card, amount),
        EnemyTarget::Leader(player) => game.damage_leader(player, amount),
    }
}

/// You choose up to `max` of `candidates` without selecting them (cards
/// of your deck or cemetery); nothing is asked when there are none or
/// `max` is 0.
pub(crate) fn choose_up_to(
    game: &mut Game,
    text: &str,
    candidates: Vec<CardRef>,
    max: u32,
) -> Result<Vec<CardRef>, Stop> {
    if max == 0 {
        return Ok(Vec::new());
    }
    game.choose_cards(text, candidates, 0, max)
}

// ---- Acting on cards ----

/// Deals `amount` damage to each follower of `followers`, in order.
pub(crate) fn damage_each(game: &mut Game, followers: Vec<CardRef>, amount: i32) {
    for follower in followers {
        game.damage_follower(follower, amount);
    }
}

/// Moves cards one way: a single card by its own call, several together
/// (one batch: cards leaving the field see each other leave).
pub(crate) fn move_all(game: &mut Game, cards: &[CardRef], kind: MoveKind) {
    match cards {
        [] => {}
        [card] => match kind {
            MoveKind::Destroy => game.destroy(*card),
            MoveKind::Banish => game.banish(*card),
            MoveKind::Bury => game.bury(*card),
            MoveKind::ReturnToHand => game.return_to_hand(*card),
            MoveKind::Discard => game.discard(&[*card]),
            MoveKind::DeckTop => game.put_into_deck(*card, false),
            MoveKind::DeckBottom => game.put_into_deck(*card, true),
        },
        _ => {
            let moves: Vec<(CardRef, MoveKind)> = cards.iter().map(|card| (*card, kind)).collect();
            game.move_together(&moves);
        }
    }
}

/// This card gets +`attack`/+`defense` while it stays where it is.
pub(crate) fn this_gets(game: &mut Game, attack: i32, defense: i32) {
    let this = game.source();
    game.give_stats(this, attack, defense, Duration::WhileInZone);
}

/// This card gains `keywords` while it stays where it is.
pub(crate) fn this_gains(game: &mut Game, keywords: Keywords) {
    let this = game.source();
    game.give_keywords(this, keywords, Duration::WhileInZone);
}

/// Your leader gets +`amount` defense.
pub(crate) fn leader_gains(game: &mut Game, amount: i32) {
    let me = game.me();
    game.change_leader_defense(me, amount);
}

/// "Give your leader [defense]+2." (Lilith (Evolved)'s Strike, and the
/// On Evolve of Guardian Nun (Evolved) and Healing Angel (Evolved).)
pub(crate) fn leader_gains_2(game: &mut Game) -> Result<(), Stop> {
    leader_gains(game, 2);
    Ok(())
}

// ---- Tokens ----

/// Makes `count` of the token `card_id` for you at `destination`.
pub(crate) fn summon(
    game: &mut Game,
    card_id: &str,
    count: u32,
    destination: TokenDestination,
) -> Result<(), Stop> {
    let me = game.me();
    game.summon_token(me, card_id, count, destination)?;
    Ok(())
}

/// Whether your `zone` has room for one more card.
fn room(game: &Game, zone: Zone, slots: usize) -> bool {
    game.cards_in(game.me(), zone).len() < slots
}

/// Where one token of "put up to N tokens onto your field or into your EX
/// area" goes.
#[derive(Clone, Copy, Debug)]
enum Place {
    Field,
    ExArea,
    Stop,
}

/// "Put up to `count` `name` tokens onto your field or into your EX area":
/// for each token you choose the field or the EX area (only those with
/// room are offered) or to stop; a series of like questions, which a
/// client may ask at once.
pub(crate) fn summon_each_onto_field_or_ex_area(
    game: &mut Game,
    card_id: &str,
    name: &str,
    count: u32,
) -> Result<(), Stop> {
    for step in 1..=count {
        let mut places = Vec::new();
        if room(game, Zone::Field, FIELD_SLOTS) {
            places.push((Place::Field, "Field"));
        }
        if room(game, Zone::ExArea, EX_AREA_SLOTS) {
            places.push((Place::ExArea, "EX area"));
        }
        if places.is_empty() {
            break;
        }
        places.push((Place::Stop, "Stop"));
        let options = places
            .iter()
            .map(|(_, label)| ChoiceOption::Label((*label).to_owned()))
            .collect();
        let text = format!("{name} token {step} of {count}: where does it go?");
        let series = SeriesStep {
            step,
            count,
            up_to: false,
        };
        let me = game.me();
        let picks = game.ask_with(me, &text, options, 1, 1, QuestionRole::Effect, Some(series))?;
        let picked = picks.first().map_or(0, |pick| *pick as usize);
        let destination = match places.get(picked) {
            Some((Place::Field, _)) => TokenDestination::Field,
            Some((Place::ExArea, _)) => TokenDestination::ExArea,
            Some((Place::Stop, _)) | None => break,
        };
        summon(game, card_id, 1, destination)?;
    }
    Ok(())
}

// ---- Looking at the top of your deck ----

/// The top `count` cards of your deck, the top card first.
pub(crate) fn look_at_top(game: &Game, count: usize) -> Vec<CardRef> {
    // The top of the deck is the end of the zone list.
    game.cards_in(game.me(), Zone::Deck)
        .into_iter()
        .rev()
        .take(count)
        .collect()
}

/// Keeps those of the cards looked at that are still in the deck (a card
/// that could not go where it was put stays for the next step).
pub(crate) fn still_in_deck(game: &Game, looked_at: &mut Vec<CardRef>) {
    looked_at.retain(|card| {
        game.stats(*card)
            .is_some_and(|stats| stats.zone == Zone::Deck)
    });
}

/// Of the cards looked at, you may take one of type `card_type` ("you may
/// reveal a spell from among them and add it to your hand").
pub(crate) fn may_take_one(
    game: &mut Game,
    looked_at: &[CardRef],
    card_type: CardType,
    text: &str,
) -> Result<Vec<CardRef>, Stop> {
    let fitting = looked_at
        .iter()
        .copied()
        .filter(|card| is_a(game, *card, card_type))
        .collect();
    choose_up_to(game, text, fitting, 1)
}

/// "Put the remaining cards on the bottom of your deck in any order": you
/// pick the card to go under the deck next, one question per card but the
/// last.
pub(crate) fn bottom_in_any_order(game: &mut Game, mut cards: Vec<CardRef>) -> Result<(), Stop> {
    let mut ordered = Vec::with_capacity(cards.len());
    while cards.len() > 1 {
        let text = "Put on the bottom of your deck: which card goes next?";
        let Some(next) = game
            .choose_cards(text, cards.clone(), 1, 1)?
            .first()
            .copied()
        else {
            break;
        };
        cards.retain(|card| *card != next);
        ordered.push(next);
    }
    ordered.extend(cards);
    for card in ordered {
        game.put_into_deck(card, true);
    }
    Ok(())
}
