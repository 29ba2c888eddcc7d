//! Effects (spec §5), costs (§7) and the small records they use.
//!
//! One [`Effect`] variant per effect name of the catalogue; aliases are
//! normalised (`Draw` is [`Effect::DrawCard`], `GiveCounters` is
//! [`Effect::GiveCounter`]). Passive effects (§5.7) and cost modifiers (§5.8)
//! have their own variants because they mean something different from the
//! one-shot effects of the same name.
//!
//! Arguments are [`ValueId`]s and [`FilterId`]s into the card's pools, and
//! [`AbilityIdx`]es into the card's abilities for named sub-abilities
//! (resolved at compile time; a name that matches no callable ability is
//! reported and dropped, which is what the peer does at run time).

use super::expr::{FilterId, ValueId};
use super::names::{
    CardType, CheckActionKind, Counter, Duration, Keyword, SearchAction, Stat, Target, TokenOption,
};
use serde::{Deserialize, Serialize};

/// Index of an ability in [`crate::ir::Card::abilities`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct AbilityIdx(pub u32);

/// Who or what an effect acts on: a target mode and a filter (spec §5.1
/// `to <Target> <Filter>`, §6). Modes that ignore filters still carry one
/// (an empty filter, normally).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Selection {
    /// The target mode (default `Self`).
    pub target: Target,
    /// Which cards qualify; its `choose` says how many to pick for
    /// `Target...` modes (exactly one without it).
    pub filter: FilterId,
}

/// A number of cards to choose (spec §5.3 "Count").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Count {
    /// A single value: exactly that many (capped by availability).
    Exactly(ValueId),
    /// `m(min,max)`: between min and max.
    Between {
        /// Lower bound.
        min: ValueId,
        /// Upper bound.
        max: ValueId,
    },
}

/// One action of `CheckTop`/`RevealTop` (spec §5.9). Every selection is
/// optional: the minimum is 0, the maximum is the count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct CheckAction {
    /// What to do with the chosen cards.
    pub kind: CheckActionKind,
    /// Only matching cards may be chosen (`None`: any).
    pub filter: Option<FilterId>,
    /// How many at most. `None` on `Hand`/`Cemetery` means *all* remaining
    /// cards move and the effect ends; on the other actions it means
    /// "choose any number".
    pub count: Option<Count>,
}

/// One statement of a ComplexEffect script (spec §5.10), after the
/// compile-time expansion of text variables. Run them in order; variables
/// ([`crate::ir::ValueNode::Var`]) are slots set by the binding steps.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ComplexStep {
    /// `let v = revealTopDeck.getValue(value)`: reveal the top card of your
    /// deck (it stays on top) and store `value` evaluated with that card as
    /// "this card" in slot `var`.
    RevealTopValue {
        /// The variable slot.
        var: u32,
        /// The value to evaluate.
        value: ValueId,
    },
    /// `let v = payCost(X).movedCardsCount` (or `.removedCountersCount`,
    /// branch §11): ask the player to pay the costs of ability `ability`;
    /// declining ends the whole ComplexEffect. Store the count in `var`.
    PayCost {
        /// The variable slot.
        var: u32,
        /// Whose costs to pay.
        ability: AbilityIdx,
        /// What to count.
        result: PayResult,
    },
    /// `perform X [{ amount = v }]` / `performCostless`: run ability X like a
    /// one-step `Sequence`, with its `_` amount set to `amount`.
    Perform {
        /// The ability to run.
        ability: AbilityIdx,
        /// The amount passed to it.
        amount: Option<ValueId>,
        /// `performCostless`: do not ask for X's costs.
        costless: bool,
    },
    /// `performIf v then A [else B]`: run A if `condition` > 0, else B.
    PerformIf {
        /// The condition.
        condition: ValueId,
        /// Run when true (`None`: the name matched no ability).
        then: Option<AbilityIdx>,
        /// Run when false.
        otherwise: Option<AbilityIdx>,
    },
}

/// What a ComplexEffect `payCost(...)` reports.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum PayResult {
    /// `.movedCardsCount`: how many cards the payment moved.
    MovedCards,
    /// `.removedCountersCount`: how many counters the payment removed.
    RemovedCounters,
}

/// One cost item (spec §7). Activated abilities must pay all of them to
/// activate; on triggered abilities and sub-abilities they are optional ("you
/// may pay ...: ..."; declining skips the effect) unless every item is
/// internal ([`Cost::is_internal`]); for `ModifiedCost` abilities they are an
/// alternative way to pay for the card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Cost {
    /// `(PP, n)`: pay n play points.
    PlayPoints(ValueId),
    /// `(EngageSelf)`: engage this card (it must be reserved).
    EngageSelf,
    /// `(LeaderDefense, n)`: your leader loses n defense (needs at least n).
    LeaderDefense(ValueId),
    /// `(Discard, n[, filter])`: discard n matching cards from your hand.
    Discard {
        /// How many.
        count: ValueId,
        /// Which cards.
        filter: FilterId,
    },
    /// `(BanishFromCemetery, n[, filter])`: banish n matching cards from
    /// your cemetery.
    BanishFromCemetery {
        /// How many.
        count: ValueId,
        /// Which cards.
        filter: FilterId,
    },
    /// `(SendToCemetery, target[, filter])`: put cards into the cemetery:
    /// `Self` this card; `TargetPlayerCard(Ex)` chosen from your field/EX
    /// area (the filter's `min`, default 1, must be available);
    /// `AllPlayerCards...` all matching.
    SendToCemetery(Selection),
    /// `(ReturnToHand, target[, filter])`: as `SendToCemetery`, to the hand.
    ReturnToHand(Selection),
    /// `(Banish, target[, filter])`: as `SendToCemetery`, banished.
    Banish(Selection),
    /// `(RemoveCounters, counter[, n[, target[, filter]]])`: remove n counters
    /// (`None`: needs 1, removes all; `Between`: the player picks how many,
    /// branch §11) from this card or a chosen card.
    RemoveCounters {
        /// Which counters.
        counter: Counter,
        /// How many.
        amount: Option<Count>,
        /// From where (`Self` default, or `TargetPlayerCard`).
        from: Selection,
    },
    /// `(EarthRite[, n])`: take n (default 1) Stack counters off one of your
    /// amulets on the field that holds at least n.
    EarthRite(ValueId),
    /// `(OncePerTurn)`: usable/resolvable once per turn per card instance
    /// and ability name.
    OncePerTurn,
    /// `(Quick)`: the activated ability is usable at Quick timing.
    Quick,
    /// A `condition` line of an activated ability, stored where it was
    /// written: the ability can be activated only while it is > 0.
    Condition(ValueId),
    /// `(Delayed)` (IR 6): the triggered ability never triggers by itself;
    /// a `CreateDelayed` effect of the card makes it wait for its trigger
    /// (CR 10.7.5).
    Delayed,
    /// An `OnMove` ability's `moves` line (IR 7): the moves it answers.
    Moves(super::MoveHook),
    /// `(UnionBurst)` (IR 9): the mark `[ub]` of a Union Burst ability (CR
    /// 14.5.1). Not a cost: it works only in a Princess Connect! Re:Dive
    /// deck, and each resolution counts as an execution.
    UnionBurst,
    /// The ways an `OnMove` ability's `moves` line asks for (IR 9:
    /// `Discarded`, ...): a marker beside [`Cost::Moves`].
    MovedHow(super::HookWays),
    /// `(Fuse, n[, filter])` / `(FuseUpTo, n[, filter])` (IR 11, later-sets
    /// §9): discard from your hand and/or bury from your EX area n (or 1 to
    /// n) matching cards other than this one, and put this card from your
    /// hand into your EX area. Its `Act` ability works in the hand.
    Fuse {
        /// How many (the most, with `up_to`).
        count: ValueId,
        /// "Fuse n or less": 1 to n.
        up_to: bool,
        /// Which cards.
        filter: FilterId,
    },
    /// `(Advanced)` (IR 12, later-sets §6.2): the mark `[adv]` of an
    /// activated ability (CR 12.16). Not a cost: the ability is its
    /// player's evolve-equivalent ability for the turn, and 1 EP may pay
    /// 1 PP of its cost.
    Advanced,
    /// `(Ride)` (IR 19, later-sets §2.5): a Ride's cost besides its play
    /// points, a face-down Drive Point from the evolve deck put into the
    /// drive zone linked to this follower; it marks the ability `[adv]`
    /// too (CR 14.4.9.5). Only an `Act` ability has it.
    Ride,
    /// `(PP, X)` (IR 20, later-sets §1.3): pay X play points, X chosen as
    /// the cost is paid; effects read it as `#(X)`.
    PlayPointsX,
    /// `(SkipNextTurn)` (IR 23, later-sets §12.9, CR 5.26): the payer's
    /// next turn does not begin. Always payable.
    SkipNextTurn,
    /// `ThisCardToo` on an `OnMove` ability's `moves` line (IR 24,
    /// later-sets §11.1): a marker beside [`Cost::Moves`], the hook
    /// answers this card's own moves too ("whenever this follower or
    /// another follower of yours ...").
    WithThisCard,
}

impl Cost {
    /// Internal items never make a player pay anything: `OncePerTurn`,
    /// `Quick`, conditions and the markers `Delayed`, `Moves` and
    /// `UnionBurst`. An ability whose costs are all internal is not optional
    /// (spec §7).
    pub fn is_internal(self) -> bool {
        matches!(
            self,
            Cost::OncePerTurn
                | Cost::Quick
                | Cost::Condition(_)
                | Cost::Delayed
                | Cost::Moves(_)
                | Cost::UnionBurst
                | Cost::MovedHow(_)
                | Cost::WithThisCard
                | Cost::Advanced
        )
    }
}

/// What an ability does: one variant per effect name (spec §5.4 standard
/// effects, §5.7 passive effects, §5.8 cost modifiers, §11 branch effects).
///
/// "Restricted sequence" (§5.6): the named abilities run in order, and each
/// sub-effect's card selection is narrowed to the cards the effect obtained
/// (chosen targets, created tokens, moved cards); modes that ignore filters
/// are unaffected. "Amount" = the value `_` (`ValueNode::Amount`) evaluates
/// to inside the called abilities.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Effect {
    // ---- Moving cards from the deck ----
    /// `DrawCard`/`Draw`: `player` draws `amount` (`Self`/`Leader` you,
    /// `Opponent`/`OpponentLeader` the opponent, `AllPlayers`/`AllLeaders`
    /// both).
    DrawCard {
        /// How many.
        amount: ValueId,
        /// Who draws.
        player: Target,
    },
    /// `DrawThenDamage`: choose the targets, draw `draw`, then deal `damage`
    /// (evaluated after drawing) to each target (leaders lose defense).
    DrawThenDamage {
        /// Cards to draw.
        draw: ValueId,
        /// Damage to deal.
        damage: ValueId,
        /// The targets.
        to: Selection,
    },
    /// `Mill`: put the top `amount` cards of your deck into your cemetery.
    Mill {
        /// How many.
        amount: ValueId,
    },
    /// `RedrawHand`: put your hand on the bottom of your deck, shuffle, draw
    /// `amount` (evaluated before the hand goes back; `None` means as many
    /// as were returned, i.e. `H`).
    RedrawHand {
        /// How many to draw.
        amount: Option<ValueId>,
    },
    /// `Search`: look through your deck for up to `count` matching cards,
    /// move them per `action`, then shuffle.
    Search {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
        /// Where they go.
        action: SearchAction,
    },
    /// `SearchAndTarget`: `Search`, then a restricted sequence on the moved cards.
    SearchAndTarget {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
        /// Where they go (`Field` or `ExArea`).
        action: SearchAction,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// Branch §11 `SearchFilteredOptions`: search once for up to `count`
    /// cards matching any option's filter; the player picks which option
    /// (action) applies to each.
    SearchFilteredOptions {
        /// How many.
        count: Count,
        /// `(filter, action)` pairs, at most 3.
        options: Vec<(FilterId, SearchAction)>,
    },
    /// `TopDeckToEx`/`TopDeckToExArea`: put the top card of your deck into
    /// your EX area, `amount` times.
    TopDeckToEx {
        /// How many.
        amount: ValueId,
    },
    /// `TopDeckToExAndTarget`: `TopDeckToEx`, then a restricted sequence on
    /// those cards.
    TopDeckToExAndTarget {
        /// How many.
        amount: ValueId,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },

    // ---- Moving cards on the field or in an EX area ----
    /// `Destroy`/`DestroyCard`: put the targets into their owners'
    /// cemeteries as destroyed (`CannotDestroyByAbilities` cards are skipped).
    Destroy {
        /// The targets.
        to: Selection,
    },
    /// `Banish`/`BanishCard`: banish the targets.
    Banish {
        /// The targets.
        to: Selection,
    },
    /// `ReturnToHand`: return the targets to their owners' hands.
    ReturnToHand {
        /// The targets.
        to: Selection,
    },
    /// `SendToCemetery`: put the targets into the cemetery (not "destroy").
    SendToCemetery {
        /// The targets.
        to: Selection,
    },
    /// `SendToEx`/`SendToExArea`: put the targets into the EX area.
    SendToEx {
        /// The targets.
        to: Selection,
    },
    /// `TopDeck`: put the targets on top of their owners' decks.
    TopDeck {
        /// The targets.
        to: Selection,
    },
    /// `BottomDeck`: put the targets on the bottom of their owners' decks.
    BottomDeck {
        /// The targets.
        to: Selection,
    },
    /// `TopOrBottomDeck`: the resolving player chooses top or bottom (one
    /// choice for all targets).
    TopOrBottomDeck {
        /// The targets.
        to: Selection,
    },
    /// `PutExToFieldAndTarget`: put the selected EX-area cards onto the field
    /// without paying, then a restricted sequence on them.
    PutExToFieldAndTarget {
        /// The EX-area cards (normally `TargetPlayerCardEx`).
        to: Selection,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// `DestroyAndControllerPerformEffect`: destroy the targets (no
    /// `CannotDestroyByAbilities` check), then the controller of the first
    /// destroyed card performs `ability` of this card.
    DestroyAndControllerPerformEffect {
        /// The targets.
        to: Selection,
        /// The ability that controller performs.
        ability: Option<AbilityIdx>,
    },

    // ---- Moving cards from the hand ----
    /// `Discard`: choose `count` matching cards from your hand and put them
    /// into your cemetery (triggers `OnDiscarded`).
    Discard {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
    },
    /// `DiscardHand`: discard the entire hand of `player` (only you is
    /// implemented by the peer).
    DiscardHand {
        /// Whose hand.
        player: Target,
    },
    /// `DiscardRandomCard`/`DiscardRandomCards`: discard `amount` random
    /// cards from `player`'s hand.
    DiscardRandomCard {
        /// How many.
        amount: ValueId,
        /// Whose hand (`AllLeaders`: both).
        player: Target,
    },
    /// `DiscardFromOpponentHand`: look at the opponent's hand and choose
    /// `count` cards they discard (the peer ignores the filter).
    DiscardFromOpponentHand {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
    },
    /// `DiscardToBottomDeck`: choose `count` cards from your hand and put
    /// them on the bottom of your deck.
    DiscardToBottomDeck {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
    },
    /// `HandToEx`/`HandToExArea`: choose cards from your hand and put them
    /// into your EX area (limited by free slots).
    HandToEx {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
    },
    /// `HandToExAndTarget`/`HandToExAreaAndTarget`: `HandToEx`, then a
    /// restricted sequence on them.
    HandToExAndTarget {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// `HandToField`: choose cards from your hand and put them onto your
    /// field without paying (Fanfare triggers).
    HandToField {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
    },

    // ---- Moving cards from the cemetery ----
    /// `Salvage`: choose `count` matching cards in your cemetery and add them
    /// to your hand.
    Salvage {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
    },
    /// `CemeteryToField`: choose `count` matching cards in your cemetery and
    /// put them onto your field (free). `source` `TriggerCard`: put the
    /// trigger card itself there instead.
    CemeteryToField {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
        /// `Self` (choose) or `TriggerCard`.
        source: Target,
    },
    /// `CemeteryToFieldAndTarget`: `CemeteryToField`, then a restricted
    /// sequence on them.
    CemeteryToFieldAndTarget {
        /// How many.
        count: Count,
        /// Which cards.
        filter: FilterId,
        /// `Self` (choose) or `TriggerCard`.
        source: Target,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// `PlaySpellFromCemetery`: choose one spell in your cemetery matching
    /// the filter (`S` is implied) and play it, paying its cost.
    PlaySpellFromCemetery {
        /// Which spells.
        filter: FilterId,
    },
    /// `PlaySpellFromCemeterySetCost`: the same, but its cost is `cost`.
    PlaySpellFromCemeterySetCost {
        /// Which spells.
        filter: FilterId,
        /// The play-point cost to pay instead.
        cost: ValueId,
    },

    // ---- Stats, damage, engage ----
    /// `DealDamage`: deal `amount` (evaluated once, before targets are
    /// chosen) to each target; leader targets lose that much defense.
    DealDamage {
        /// How much.
        amount: ValueId,
        /// The targets.
        to: Selection,
    },
    /// `DealDamageDivided`: choose between the filter's `m(min,max)` enemy
    /// followers (non-Aura, opponent's field) and distribute `amount`
    /// damage among them one point at a time.
    DealDamageDivided {
        /// Total damage.
        amount: ValueId,
        /// Which followers, and how many (`choose`).
        filter: FilterId,
    },
    /// `GiveStat`: add `amount` to the stat of each target while it stays in
    /// its zone; with `AtkDef` and `amount2`, attack changes by `amount` and
    /// defense by `amount2`. Player stats (`PP`, `MaxPP`, `EP`) change the
    /// player's resources (`Self`/`Leader` you, `Opponent...` them).
    GiveStat {
        /// Which stat.
        stat: Stat,
        /// How much (may be negative).
        amount: ValueId,
        /// Defense change for `AtkDef`, when written.
        amount2: Option<ValueId>,
        /// The targets.
        to: Selection,
    },
    /// `GiveStatEndOfTurn`: as `GiveStat` on cards, until the end of this turn.
    GiveStatEndOfTurn {
        /// Which stat.
        stat: Stat,
        /// How much.
        amount: ValueId,
        /// The targets.
        to: Selection,
    },
    /// `SetStat`: set the stat to `amount` (card stats: the base value;
    /// leader `Def`: the leader's defense; `PP`: current play points).
    SetStat {
        /// Which stat.
        stat: Stat,
        /// The new value.
        amount: ValueId,
        /// The targets.
        to: Selection,
    },
    /// `SetStatEndOfTurn`: until the end of the turn the stat is `amount`
    /// (only `Cost` is implemented by the peer).
    SetStatEndOfTurn {
        /// Which stat.
        stat: Stat,
        /// The value.
        amount: ValueId,
        /// The targets.
        to: Selection,
    },
    /// `EngageCard`/`Engage`: engage the targets.
    Engage {
        /// The targets.
        to: Selection,
    },
    /// `ReserveCard`/`Reserve`/`Refresh`: reserve (untap) the targets.
    Reserve {
        /// The targets.
        to: Selection,
    },
    /// `GiveTrait`: give the targets a trait (parsed but not implemented by
    /// the peer).
    GiveTrait {
        /// The trait.
        trait_name: String,
        /// The targets.
        to: Selection,
    },

    // ---- Keywords and counters ----
    /// `GiveKeyword`: the targets gain the keyword while they stay on the field.
    GiveKeyword {
        /// The keyword.
        keyword: Keyword,
        /// The targets.
        to: Selection,
    },
    /// `GiveKeywordEndOfTurn`: ... until the end of this turn.
    GiveKeywordEndOfTurn {
        /// The keyword.
        keyword: Keyword,
        /// The targets.
        to: Selection,
    },
    /// `GiveKeywordEndOfNextTurn`: ... until the end of the next turn.
    GiveKeywordEndOfNextTurn {
        /// The keyword.
        keyword: Keyword,
        /// The targets.
        to: Selection,
    },
    /// `GiveCounter`/`GiveCounters`: put `amount` counters on each target.
    GiveCounter {
        /// The counter kind.
        counter: Counter,
        /// How many.
        amount: ValueId,
        /// The targets.
        to: Selection,
    },
    /// `RemoveCounter`/`RemoveCounters`: remove `amount` counters (`None`:
    /// all of that kind) from each target.
    RemoveCounter {
        /// The counter kind.
        counter: Counter,
        /// How many.
        amount: Option<ValueId>,
        /// The targets.
        to: Selection,
    },
    /// `MoveCounter`/`MoveCounters`: move `amount` counters (`None`: all) of
    /// that kind from this card to the first target.
    MoveCounter {
        /// The counter kind.
        counter: Counter,
        /// How many.
        amount: Option<ValueId>,
        /// The target (normally `TargetPlayerCard`).
        to: Selection,
    },

    // ---- Tokens ----
    /// `SummonToken`: create `amount` copies of the token card named `token`
    /// (exact, case-sensitive card name) per `option`. Summoned tokens
    /// trigger `OnOtherEnterField`, not their own `Fanfare`.
    SummonToken {
        /// The token's card name.
        token: String,
        /// Where the tokens go.
        option: TokenOption,
        /// How many.
        amount: ValueId,
    },
    /// `SummonTokenAndTarget`: `SummonToken`, then a restricted sequence on
    /// the created tokens.
    SummonTokenAndTarget {
        /// The token's card name.
        token: String,
        /// Where the tokens go.
        option: TokenOption,
        /// How many.
        amount: ValueId,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// `Transform`: each target is banished and a `token` takes its place in
    /// the same slot.
    Transform {
        /// The token's card name.
        token: String,
        /// The targets.
        to: Selection,
    },

    // ---- Sequencing and choices ----
    /// `Sequence`: resolve the named abilities in order (each checks its
    /// own condition and asks for its own optional costs).
    Sequence {
        /// The steps.
        steps: Vec<AbilityIdx>,
    },
    /// `ChooseFromList`: the player chooses one of the abilities (options
    /// whose condition is false or whose costs cannot be paid are
    /// unavailable) and resolves it.
    ChooseFromList {
        /// The options.
        options: Vec<AbilityIdx>,
    },
    /// `ChooseAmountFromList`: the player chooses `count` different options
    /// one at a time, each resolved before the next choice.
    ChooseAmountFromList {
        /// How many options.
        count: Count,
        /// The options.
        options: Vec<AbilityIdx>,
    },
    /// `RollDice`: roll a six-sided die and resolve the ability at that
    /// position (`None`: nothing happens).
    RollDice {
        /// Six faces, 1 to 6.
        faces: Vec<Option<AbilityIdx>>,
    },
    /// `TargetForSequence`/`TargetForEffectSequence`: select targets, then a
    /// restricted sequence on them.
    TargetForSequence {
        /// The targets.
        to: Selection,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// `TargetForSequenceWithTargetAmount`: select targets, evaluate `amount`
    /// with the first selected card as "this card", then a restricted
    /// sequence with that amount.
    TargetForSequenceWithTargetAmount {
        /// The amount, evaluated for the first target.
        amount: ValueId,
        /// The targets.
        to: Selection,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// `PerformWithTargetAmount`: as above, but the sub-abilities' targets
    /// are not restricted; only the amount is passed on.
    PerformWithTargetAmount {
        /// The amount, evaluated for the first target.
        amount: ValueId,
        /// The targets.
        to: Selection,
        /// The sub-abilities.
        then: Vec<AbilityIdx>,
    },
    /// `PerformAsEachTarget`: for each selected card (ordered by the player),
    /// resolve `ability` as if that card were the source (`TriggerCard`
    /// stays the original trigger card).
    PerformAsEachTarget {
        /// The cards.
        to: Selection,
        /// The ability.
        ability: Option<AbilityIdx>,
    },
    /// `OpponentPerformEffect`: the opponent resolves `ability` of this card
    /// as its controller; with a `to` clause, you select those targets first
    /// and the opponent's run is restricted to them.
    OpponentPerformEffect {
        /// The ability.
        ability: Option<AbilityIdx>,
        /// Targets selected first, if a `to` clause was written.
        to: Option<Selection>,
    },

    // ---- Other effects ----
    /// `Evolve`: evolve each target (default `Self`) into the matching
    /// evolved card from your evolve deck, without paying the evolve cost or
    /// an evolution point.
    Evolve {
        /// The followers to evolve.
        to: Selection,
    },
    /// `Shuffle`/`ShuffleDeck`: shuffle `player`'s deck (only you is
    /// implemented by the peer).
    Shuffle {
        /// Whose deck.
        player: Target,
    },
    /// `CheckTop`: look at the top `count` cards privately and perform the
    /// actions in order; what is left goes back on top in order.
    CheckTop {
        /// How many cards.
        count: Count,
        /// At most 3 actions.
        actions: Vec<CheckAction>,
    },
    /// `RevealTop`: as `CheckTop`, but the cards are revealed to the opponent.
    RevealTop {
        /// How many cards.
        count: Count,
        /// At most 3 actions.
        actions: Vec<CheckAction>,
    },
    /// `ExtraTurn`: take another turn after this one.
    ExtraTurn,
    /// `FlipEvolveDeckFaceDown`: turn `count` chosen face-up cards of your
    /// evolve deck matching the filter face down (`None`: all matching).
    FlipEvolveDeckFaceDown {
        /// Which cards.
        filter: FilterId,
        /// How many (`None`: all matching).
        count: Option<Count>,
    },
    /// `ComplexEffect`/`Complex`: a small script (spec §5.10), run step by step.
    Complex {
        /// The statements, in order.
        steps: Vec<ComplexStep>,
    },

    // ---- Cost modifiers (ModifiedCost abilities, §5.8) ----
    /// `ReducedCost`: while the card is in your hand or EX area and the
    /// condition holds, it costs `amount` less (floored at 0; reductions add up).
    ReducedCost {
        /// The reduction.
        amount: ValueId,
    },
    /// `AlternateCost`: the ability's cost list is an alternative way to pay
    /// for the card; the player chooses among the available ways.
    AlternateCost,

    // ---- Passive effects (Passive abilities, §5.7) ----
    /// Passive `GiveKeyword`: every matching card has the keyword while the
    /// passive is on (`Self`: this card only; other modes: every matching
    /// card on *your* field, including later arrivals).
    PassiveKeyword {
        /// The keyword.
        keyword: Keyword,
        /// When the passive is on.
        duration: Duration,
        /// Which cards.
        to: Selection,
    },
    /// Passive `GiveStat`: every matching card gets +`amount` to the stat
    /// while the passive is on.
    PassiveStat {
        /// Which stat.
        stat: Stat,
        /// How much (evaluated when applied).
        amount: ValueId,
        /// When the passive is on.
        duration: Duration,
        /// Which cards.
        to: Selection,
    },
    /// Passive `MinusCostOther`: cards you play that match cost `amount`
    /// less (never below 0); the source must be on your field.
    MinusCostOther {
        /// The reduction.
        amount: ValueId,
        /// When the passive is on.
        duration: Duration,
        /// Which cards.
        to: Selection,
    },
    /// Branch §11 passive `GiveAbility`: matching cards gain the named
    /// triggered ability of this card while the passive is on.
    GiveAbility {
        /// The ability (of this card) they gain.
        ability: AbilityIdx,
        /// When the passive is on.
        duration: Duration,
        /// Which cards.
        to: Selection,
    },
    /// `SkipNextTurn` (IR 5): `player`'s next turn does not begin (`Self`
    /// you, `Opponent` the opponent, `AllPlayers` both; later-sets §12.9).
    SkipNextTurn {
        /// Whose turn.
        player: Target,
    },
    /// `WinGame` (IR 5): `player` wins the game at once (`Self` you;
    /// later-sets §12.3), unless their opponent can't lose.
    WinGame {
        /// Who wins.
        player: Target,
    },
    /// `TakeControl` (IR 5): you take control of the targets on the
    /// opponent's field (later-sets §12.8); nothing happens to one when
    /// your field is full.
    TakeControl {
        /// The targets.
        to: Selection,
    },
    /// `GiveControl` (IR 5): the opponent takes control of the targets on
    /// your field (later-sets §12.8).
    GiveControl {
        /// The targets.
        to: Selection,
    },
    /// `CreateDelayed` (IR 6): this card's `(Delayed)` ability `ability`
    /// begins to wait for its trigger (CR 10.7.5), for as long as `lasts`
    /// says. With a `to` clause, one waits for each selected card's move
    /// (its trigger must be about one card: `LastWords`, `OnLeaveField`,
    /// `OnReturnToHandFromField`); without one, such a trigger watches this
    /// card, and the others watch none.
    CreateDelayed {
        /// The delayed ability.
        ability: Option<AbilityIdx>,
        /// How long it waits.
        lasts: DelayedLasts,
        /// The cards it watches, if a `to` clause was written.
        to: Option<Selection>,
    },
    /// `ExecuteUnionBurst` (IR 9): each target follower executes one of
    /// its `[ub]` abilities without paying its cost (CR 14.5.1.4; you
    /// choose which when it has several); it resolves there and then,
    /// inside this ability.
    ExecuteUnionBurst {
        /// The followers.
        to: Selection,
    },
    /// Passive `AlsoNamed(name)` (IR 13, later-sets §8.2): "this follower's
    /// name is also `name`", on the field while it has its abilities.
    AlsoNamed {
        /// The extra name.
        name: String,
    },
    /// `EvolveDeckToField` (IR 14, later-sets §6.1): choose matching
    /// face-down cards in your evolve deck and put them onto your field
    /// ("summon an advanced card from your evolve deck"); only advanced
    /// cards may leave it so.
    EvolveDeckToField {
        /// How many (`m(0,1)` for "you may").
        count: Count,
        /// Which cards.
        filter: FilterId,
    },
    /// `PlayFromEvolveDeck` (IR 14, later-sets §6.1): you may play a
    /// matching face-down advanced card of your evolve deck, paying its
    /// cost.
    PlayFromEvolveDeck {
        /// Which cards.
        filter: FilterId,
    },
    /// Passive `EvolvesInto(name)` (IR 15, later-sets §10): its evolve
    /// ability evolves it into an evolved card of this name ("evolve this
    /// follower into an X"); card data, one per name.
    EvolvesInto {
        /// The evolved card's name (either face of a double-faced card).
        name: String,
    },
    /// Passive `BackFaceOf(id)` (IR 15, later-sets §10): this evolved card
    /// is the back face of the double-faced card with that id; card data.
    BackFaceOf {
        /// The front face's card id.
        front: String,
    },
    /// `Equip(token)` (IR 16, later-sets §5): equip each target, a
    /// follower on the field, with a new equipment token of that name.
    Equip {
        /// The equipment token's card name.
        token: String,
        /// The followers.
        to: Selection,
    },
    /// Passive `TriggerIcon(icon)` (IR 18, later-sets §2.1): the card
    /// carries this Trigger icon (Vanguard collab); card data.
    TriggerIcon {
        /// The icon.
        icon: TriggerIcon,
    },
    /// `GiveDrive` (IR 19, later-sets §2.4): give each target follower
    /// Drive (Drive, Single Drive and Rush; its On Drive abilities
    /// trigger; nothing for a follower given Drive before).
    GiveDrive {
        /// The followers.
        to: Selection,
    },
    /// `DriveCheck(n)` (IR 19, later-sets §2.3): perform n drive checks,
    /// one after the other; a Vanguard deck is asked about each Trigger.
    DriveCheck {
        /// How many.
        count: ValueId,
    },
    /// `TakeLessDamage(n, kind, duration)`, `TakeNoDamage(kind, duration)`
    /// and `TakeAtMostDamage(n, kind, duration)`, each with an optional
    /// `NextTime` (IR 20, later-sets §11.2, §12.14): a replacement effect
    /// on the damage each target (a follower on the field, or a leader)
    /// takes.
    ReplaceDamage {
        /// What it does to the amount.
        change: DamageChange,
        /// Which damage it replaces.
        damage: DamageTaken,
        /// How long it lasts.
        duration: Duration,
        /// Only the next time (used up by the first damage of more than 0).
        next_time_only: bool,
        /// The followers and leaders.
        to: Selection,
    },
    /// `Maneuver()` (IR 20, later-sets §12.4): each target, an amulet on
    /// the field with printed attack and defense, is a follower with those
    /// values until the end of the turn.
    Maneuver {
        /// The amulets.
        to: Selection,
    },
    /// `ChangeType(Follower | Amulet)` (IR 20, later-sets §12.6): each
    /// target on the field becomes that card type while it stays there,
    /// keeping its abilities.
    ChangeType {
        /// The new type.
        card_type: CardType,
        /// The cards.
        to: Selection,
    },
    /// Passive `TokenKindRules(zones[, OnePerName])` (IR 21): the rules of
    /// the token kind a `type TokenKind;` declaration declares; card data.
    TokenKindRules {
        /// Its tokens may be on the field.
        field: bool,
        /// Its tokens may be in an EX area.
        ex_area: bool,
        /// A zone of a player holds at most one of its tokens of a name.
        one_per_name: bool,
    },
    /// `RestrictPlayer(what, window)`, `ChangePlayCost(n, window)` and
    /// `AllowPlayFromBanished(window)` (IR 22, later-sets §12.10, §12.12):
    /// an effect on each target player for a window of turns.
    PlayerEffect {
        /// What it does.
        effect: PlayerEffect,
        /// When it applies.
        window: TurnWindow,
        /// The players (`Self`, `Opponent`, `AllPlayers`).
        player: Target,
    },
    /// Passive `InsteadOfCemetery(zone, duration)` (IR 22, later-sets
    /// §11.2): a card it reaches that would be put into the cemetery from
    /// the field goes to `zone` instead.
    InsteadOfCemetery {
        /// Where it goes instead.
        zone: InsteadZone,
        /// How long it lasts (a passive's).
        duration: Duration,
        /// The cards it reaches.
        to: Selection,
    },
    /// `DeclareCardName()` (IR 23, later-sets §12.11, CR 5.33): you
    /// declare a card name, which the filter item `n(#Declared)` matches
    /// for the rest of the ability.
    DeclareCardName,
    /// Passive `EvolvesInto(name, cost)` (IR 24, later-sets §10): like
    /// [`Effect::EvolvesInto`], and evolving into a face of that name
    /// costs `cost` instead of the card's `evolve N` (BP09-018: one face
    /// for 1, the other for 4); card data.
    EvolvesIntoFor {
        /// The evolved card's name (either face of a double-faced card).
        name: String,
        /// The evolve cost in play points for that face.
        cost: u32,
    },
    /// Passive `AlternateName(name)` (IR 24, later-sets §8.1, CR 2.13):
    /// the other name this printing shows; display only, the rules use
    /// the card name. Card data.
    AlternateName {
        /// The name shown.
        name: String,
    },
}

/// Where a card goes instead of the cemetery (`InsteadOfCemetery`, IR 22).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum InsteadZone {
    /// `Banished`.
    Banished,
    /// `ExArea`.
    ExArea,
    /// `Hand`.
    Hand,
    /// `DeckTop`.
    DeckTop,
    /// `DeckBottom`.
    DeckBottom,
}

impl InsteadZone {
    /// The word scripts write.
    pub fn name(self) -> &'static str {
        match self {
            InsteadZone::Banished => "Banished",
            InsteadZone::ExArea => "ExArea",
            InsteadZone::Hand => "Hand",
            InsteadZone::DeckTop => "DeckTop",
            InsteadZone::DeckBottom => "DeckBottom",
        }
    }
}

/// What an effect on a player does (`Effect::PlayerEffect`, IR 22).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum PlayerEffect {
    /// `NoStartPhaseDraw`: they don't draw in their start phase.
    NoStartPhaseDraw,
    /// `NoMaxPpIncrease`: their maximum PP doesn't increase.
    NoMaxPpIncrease,
    /// `CannotPlayFollowers`: they can't play followers in their main
    /// phase, by effects neither.
    CannotPlayFollowers,
    /// `ChangePlayCost(n, ...)`: cards they play cost n more (less when
    /// negative).
    PlayCost(ValueId),
    /// `AllowPlayFromBanished(...)`: they may play cards from their
    /// banished zone, paying the cost.
    PlayFromBanished,
}

/// When an effect on a player applies (IR 22).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TurnWindow {
    /// `ThisTurn`: for the rest of this turn.
    ThisTurn,
    /// `NextTurn`: during the player's next turn.
    NextTurn,
}

impl TurnWindow {
    /// The word scripts write.
    pub fn name(self) -> &'static str {
        match self {
            TurnWindow::ThisTurn => "ThisTurn",
            TurnWindow::NextTurn => "NextTurn",
        }
    }
}

/// What a replacement effect on damage does (`ReplaceDamage`, IR 20).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum DamageChange {
    /// Takes N less damage.
    Less(ValueId),
    /// Takes no damage.
    Nothing,
    /// Takes N damage instead of more.
    AtMost(ValueId),
}

/// Which damage a replacement effect replaces (`ReplaceDamage`'s kind
/// word, IR 20).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum DamageTaken {
    /// `Any`: all damage.
    Any,
    /// `Ability`: damage from abilities.
    Ability,
    /// `Combat`: damage of an attack or a fight.
    Combat,
}

impl DamageTaken {
    /// The word scripts write.
    pub fn name(self) -> &'static str {
        match self {
            DamageTaken::Any => "Any",
            DamageTaken::Ability => "Ability",
            DamageTaken::Combat => "Combat",
        }
    }
}

/// A Trigger icon (`TriggerIcon`'s argument; later-sets §2.3, CR
/// 14.4.5.1.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TriggerIcon {
    /// A follower of yours gets +2/+0 until the end of the turn.
    Critical,
    /// Draw a card.
    Draw,
    /// Refresh a follower of yours; it can't attack leaders this turn.
    Stand,
    /// Your leader gets +3 defense.
    Heal,
}

impl TriggerIcon {
    /// The word scripts write.
    pub fn name(self) -> &'static str {
        match self {
            TriggerIcon::Critical => "Critical",
            TriggerIcon::Draw => "Draw",
            TriggerIcon::Stand => "Stand",
            TriggerIcon::Heal => "Heal",
        }
    }
}

/// How long a delayed ability waits once created (`CreateDelayed`'s second
/// argument; CR 10.7.5.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum DelayedLasts {
    /// `Once` (the default): it fires at the first event it waits for,
    /// then is gone; it waits across turns.
    Once,
    /// `ThisTurn`: it fires at the first such event this turn; gone at the
    /// end of the turn if it has not.
    ThisTurn,
    /// `EveryTimeThisTurn`: it fires at each such event until the end of
    /// the turn.
    EveryTimeThisTurn,
}

impl DelayedLasts {
    /// The word scripts write.
    pub fn name(self) -> &'static str {
        match self {
            DelayedLasts::Once => "Once",
            DelayedLasts::ThisTurn => "ThisTurn",
            DelayedLasts::EveryTimeThisTurn => "EveryTimeThisTurn",
        }
    }
}
