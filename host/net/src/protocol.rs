//! The wire protocol: one postcard-encoded [`ClientMsg`] or [`ServerMsg`]
//! per WebSocket binary frame.
//!
//! The first frame a client sends is [`ClientMsg::Hello`] with
//! [`PROTOCOL_VERSION`]; a server of another version answers
//! [`ServerMsg::Refused`] naming both versions and closes. Any change to a
//! message's shape bumps the version: postcard is not self-describing, so
//! two versions can't read each other's frames.
//!
//! Card identities on the wire are *opaque*: the [`CardRef`]s and
//! [`ObjectId`]s inside views, events and decisions are numbers chosen per
//! viewer by [`crate::feed::SeatFeed`], fresh each time a card goes where
//! that viewer can't see it. They mean nothing outside one connection's
//! match.
//!
//! [`CardRef`]: sve_engine::engine::CardRef
//! [`ObjectId`]: sve_engine::engine::ObjectId

use crate::inspect::{InspectedCard, PendingLine};
use crate::patch::UpdatePatch;
use serde::{Deserialize, Serialize};
use sve_engine::cards::{
    Badge, CardDef, CardType, Class, DeclaredCounter, DeclaredKeyword, DeclaredTokenKind,
    FaceEvolveCost, Keywords, TriggerIcon,
};
use sve_engine::engine::view::PlayerView;
use sve_engine::engine::{CardRef, Event, Outcome, PlayerId};

/// The protocol version this build speaks. 19: a decision may ask which
/// replacement sends a card elsewhere than the cemetery
/// (`Prompt::MoveReplacement`), and a damage-order question may come from
/// an ability's damage. 18: an action may play a
/// declared keyword's activated ability (`Action::ActivateKeyword`), and
/// events include `Event::KeywordAbilityActivated` and
/// `Event::KeywordActivationCancelled`, and a side lists the delayed
/// abilities its player waits on (`SideView::delayed`,
/// `SidePatch::delayed`), and a card view says whether another player
/// took control of it (`CardView::taken`) and a side the universe its deck
/// is built on (`SideView::universe`). 17: a card face names the
/// evolve costs of its own some evolved cards have (`LaterFacts::
/// face_evolve_costs`, later-sets §10), and evolving may ask for a face
/// whose label gives its cost. 16: events include
/// `Event::TurnSkipped` and `Event::PlayerEffectEnded`, a cost may be
/// "skip your next turn" (`CostItem::SkipNextTurn`), a passive may reach
/// the enemy field (`PassiveScope::EnemiesOnField`) or change its card's
/// type (`Grant::BecomesType`, the inspector's `GrantSort::BecomesType`).
/// 15: events include
/// `Event::PlayerEffectAdded` (an effect on a player for a window of
/// turns), a side lists the effects on its player
/// (`SideView::player_effects`, `SidePatch::player_effects`), and a
/// passive or an effect may send cards elsewhere instead of the cemetery
/// (`GrantSort::InsteadOfCemetery`, `EffectKind::InsteadOfCemetery`,
/// the inspector's `Change::InsteadOfCemetery`). 14: a card face carries its
/// Trigger icon (`CardFace::trigger_icon`) and the later sets' printed
/// facts (`CardFace::later`: advanced, equipment, other names, faces, a
/// token's kind, with the pool's token kinds in `CardData`), so an online
/// client shows them
/// (a new field changes every `CardData` frame: postcard is not
/// self-describing, and `#[serde(default)]` can't make it optional on the
/// wire), and the inspector may show a passive replacing the damage cards
/// take (`GrantSort::DamageTaken`). 13: an effect may change the
/// damage a card takes (`EffectKind::DamageTaken`, the inspector's
/// `Change::DamageTaken`), maneuver an amulet or change a card's type
/// (`EffectKind::Maneuvered` / `BecomesType`, `Change::Maneuvered` /
/// `BecomesType`), events include `Event::EffectUsedUp`, and a
/// damage-order question lists each option's damage
/// (`Prompt::DamageOrder::amounts`) and its options may say which "next
/// time" effects they use up; a cost may be `[costX]` (`CostItem::PlayPointsX`) and a
/// decision may ask for X (`Prompt::ChooseX`). 12: a side has a trigger zone
/// and a drive zone (`SideView::trigger_zone` / `drive_zone`,
/// `SidePatch`, `Zone::Trigger` / `Zone::Drive`), a side counts the
/// face-down field cards the viewer can't see (`SideView::hidden_field`),
/// events include `Event::DriveGiven` and `Event::TurnedFaceUp`, a card may
/// move face down at set-up (`MoveCause::FaceDownSetup`), a cost may be a
/// Drive Point (`CostItem::DrivePoint`),
/// a card may carry a Trigger icon (`CardDef::trigger_icon`), a decision
/// may ask about a drive-checked Trigger (`Prompt::DriveTrigger`), events
/// include `Event::DriveChecked` and `Event::TriggerResolved` and name a
/// keyword ability as `PendingWhat` (`AbilityTriggered`, `AbilityResolved`),
/// and a card may move by a drive check (`MoveCause::DriveCheck`). 11: an evolve may ask which
/// evolved card or face the follower evolves into (`Prompt::EvolveInto`),
/// an evolved card in an evolve zone may show its back face, a side has an
/// equipment zone (`SideView::equipment`, `SidePatch::equipment`), cards
/// may be there (`Zone::Equipment`), and events include `Event::Equipped`. 10: events include
/// `Event::Fused` (a card fused by a Fuse cost), card counters may be
/// fusion counters (`Counter::Fusion`), and an `[adv]` ability may be
/// activated with 1 EP paying 1 PP (`Action::ActivateWithEp`). 9: a card face may be a crest
/// (`CardType::Crest`). 8: events include
/// `Event::DelayedCreated` (a delayed ability begins to wait). 7: [`ServerMsg::CardData`]
/// names the card pool's declared counter kinds (`counters`), a match may
/// end by a card's effect (`WinReason::Effect`), and a card may move by a
/// control change (`MoveCause::ControlChange`). 6: after the
/// first whole [`Update`], a connection is sent [`ServerMsg::Patch`]es,
/// the board as what changed since its last view ([`crate::patch`]). 5: keyword sets are 128 bits
/// (the high half: the card pool's declared keywords, on card faces and
/// in views), and [`ServerMsg::CardData`] words the declared keywords
/// ([`KeywordFace`]). 4: a card's question says
/// what it is for and its step of a series (`Prompt::Ability`'s `role` and
/// `series`), and a cost question whether its cost is optional
/// (`Prompt::CostCards`'s `optional`). 3: the card inspector
/// ([`ClientMsg::Inspect`], [`ServerMsg::Inspected`],
/// [`Update::inspected`]), the pending automatic abilities
/// ([`Update::pending`]) and rematches ([`ClientMsg::Rematch`],
/// [`ServerMsg::Rematch`]). 2: decisions may offer `Choice::Cancel` and
/// events include `Event::ActivationCancelled`.
pub const PROTOCOL_VERSION: u32 = 19;

/// Most cards one connection follows in the inspector at once; a longer
/// [`ClientMsg::Inspect`] list is cut to its first ones.
pub const MAX_INSPECTED: usize = 8;

/// Largest frame a server accepts from a client. Every client message is
/// small (a deck list is about 1 KiB); a bigger frame is hostile.
pub const MAX_CLIENT_FRAME_BYTES: usize = 64 * 1024;

/// Largest frame a client accepts from a server (the card data of every
/// loaded set is the biggest message).
pub const MAX_SERVER_FRAME_BYTES: usize = 8 * 1024 * 1024;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// The first frame of every connection.
    Hello {
        /// The client's [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The player's display name.
        name: String,
    },
    /// Open a table and wait for an opponent (or play a server bot).
    CreateTable {
        /// The deck, as deck-file text.
        deck: String,
        /// Who sits in the other seat.
        opponent: Opponent,
        /// Time limits for the match.
        clock: ClockSpec,
    },
    /// Sit at a waiting table.
    JoinTable {
        /// The table's code.
        code: String,
        /// The deck, as deck-file text.
        deck: String,
    },
    /// Wait in the quick-match queue for any opponent.
    QuickMatch {
        /// The deck, as deck-file text.
        deck: String,
    },
    /// Watch a running table (public information only).
    Spectate {
        /// The table's code.
        code: String,
    },
    /// Take a seat back after a lost connection.
    Reconnect {
        /// The seat token from [`ServerMsg::Seated`].
        token: String,
    },
    /// Answer the pending decision.
    Answer {
        /// The [`Update::decision_seq`] being answered.
        seq: u32,
        /// Indices into the decision's options.
        picks: Vec<u32>,
    },
    /// Lose the match now.
    Concede,
    /// Leave the table (a player leaving a running match concedes).
    Leave,
    /// Ask for [`ServerMsg::CardData`].
    CardData,
    /// Ask for the replay of a finished match this seat played.
    Replay {
        /// The seat token of that match.
        token: String,
    },
    /// Keep-alive; answered with [`ServerMsg::Pong`].
    Ping {
        /// Echoed back.
        nonce: u64,
    },
    /// Follow these cards in the inspector (this connection's numbers for
    /// them; at most [`MAX_INSPECTED`], an empty list stops): answered
    /// with [`ServerMsg::Inspected`] at once, and every [`Update`] then
    /// carries their data. Players and spectators alike; a card the
    /// viewer can't see gives nothing.
    Inspect {
        /// The cards.
        cards: Vec<CardRef>,
    },
    /// Offer a rematch of the match this connection just played (or
    /// accept the opponent's offer). [`ClientMsg::Leave`] declines.
    Rematch,
}

/// Who sits opposite the table's creator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    /// Another player joins by code.
    Human,
    /// A bot run by the server, by its command-line name (`random`,
    /// `greedy`, ...); it plays the creator's deck unless `deck` is given.
    Bot {
        /// The bot's name.
        kind: String,
        /// The bot's deck, as deck-file text.
        deck: Option<String>,
    },
}

/// A match's time limits; `None` is no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    /// Time for one decision; when it runs out the server plays the default
    /// answer (pass, no, or the first legal option).
    pub per_decision_ms: Option<u64>,
    /// Each player's total thinking time; a player who runs out loses.
    pub per_match_ms: Option<u64>,
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ServerMsg {
    /// The answer to a good [`ClientMsg::Hello`].
    Welcome {
        /// The server's [`PROTOCOL_VERSION`].
        protocol: u32,
        /// Server name and version, for people.
        server: String,
    },
    /// The connection is refused or closed for this reason (a version
    /// mismatch, a malformed frame, too many messages); the server closes
    /// it after this frame.
    Refused {
        /// Why.
        reason: String,
    },
    /// A table was opened; give the code to the opponent.
    TableOpen {
        /// The code to join by.
        code: String,
    },
    /// In the quick-match queue.
    Queued,
    /// The deck can't be played on this server.
    DeckRefused {
        /// One line per problem.
        reasons: Vec<String>,
    },
    /// A request failed (no such table, not at a table, ...); nothing
    /// changed and the connection goes on.
    Failed {
        /// Why.
        reason: String,
    },
    /// This connection sits at a match, as a player or a spectator; sent
    /// at the start, on spectating and on reconnecting.
    Seated(Box<Seating>),
    /// The match moved on.
    Update(Box<Update>),
    /// The answer was not accepted; the decision is still pending.
    Rejected {
        /// The engine's rejection, or why the answer is stale.
        reason: String,
    },
    /// A player's connection came or went.
    Presence {
        /// The seat.
        seat: u8,
        /// Connected now.
        connected: bool,
        /// Milliseconds left before an absent player concedes.
        grace_ms: u64,
    },
    /// Something players should be told (a time-out, a concession).
    Notice {
        /// For people.
        text: String,
    },
    /// The match is over.
    GameOver {
        /// Who won.
        outcome: Outcome,
    },
    /// The static data of every card this server plays: enough to draw
    /// cards, and never any ability code.
    CardData {
        /// Faces, in the server's card order ([`sve_engine::engine::DefId`]
        /// indexes this list).
        cards: Vec<CardFace>,
        /// The card pool's declared keywords, by number (declared keyword
        /// n is bit 64 + n of the faces' and views' keyword sets).
        keywords: Vec<KeywordFace>,
        /// The card pool's declared counter kinds, by number (declared
        /// kind n is `Counter::Declared(n)` in faces and views).
        counters: Vec<DeclaredCounter>,
        /// The token kinds the card pool's packs declare (faces name them:
        /// `LaterFacts::token_kind`).
        token_kinds: Vec<DeclaredTokenKind>,
    },
    /// A finished match's replay file (`sve replay` reads it).
    Replay {
        /// The replay's bytes.
        bytes: Vec<u8>,
    },
    /// Answer to [`ClientMsg::Ping`].
    Pong {
        /// The ping's nonce.
        nonce: u64,
    },
    /// The inspector's data for the cards of the last
    /// [`ClientMsg::Inspect`], those the viewer can see now.
    Inspected {
        /// The cards, in the order asked.
        cards: Vec<InspectedCard>,
    },
    /// News of a rematch after the match ended.
    Rematch(RematchNews),
    /// The match moved on: an [`Update`] as what changed since the last
    /// one this connection was sent ([`crate::patch::Mirror`] rebuilds
    /// it; [`crate::client::Connection::recv`] hands it on as
    /// [`ServerMsg::Update`]).
    Patch(Box<UpdatePatch>),
}

/// What happens to a rematch after a match ended. A rematch that starts
/// is a new match: [`ServerMsg::Seated`] (with the seats swapped and a
/// fresh seat token) and its updates follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RematchNews {
    /// Your offer stands; the opponent has not answered yet.
    Waiting,
    /// The opponent offers a rematch; [`ClientMsg::Rematch`] accepts it.
    Offered {
        /// The opponent's name.
        by: String,
    },
    /// No rematch: the opponent left or declined, or the offer ran out.
    Declined {
        /// Why, for people.
        reason: String,
    },
}

/// Where a connection sits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seating {
    /// The table's code.
    pub code: String,
    /// The seat (0 or 1), or `None` for a spectator.
    pub seat: Option<u8>,
    /// The secret that takes this seat back after a lost connection
    /// (players only).
    pub token: Option<String>,
    /// Both players' names, seat order.
    pub names: [String; 2],
    /// The match's time limits.
    pub clock: ClockSpec,
}

/// The match as this connection may see it, after some events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update {
    /// The board; `view.decision` is this seat's pending decision.
    pub view: PlayerView,
    /// What happened since the last update, redacted for this viewer. On
    /// (re)connecting: the recent log; on starting to spectate: the
    /// public log so far.
    pub events: Vec<Event>,
    /// Identifies the pending decision; an answer names it so that a late
    /// answer to an old decision can't be taken for the new one.
    pub decision_seq: u32,
    /// Who must answer now, if anyone (public information; the decision
    /// itself goes only to that player).
    pub waiting_on: Option<PlayerId>,
    /// Time left, when the match has limits.
    pub clocks: Clocks,
    /// `events` is the recent log resent after (re)connecting, or the log
    /// so far sent to a new spectator, not news.
    pub resync: bool,
    /// The automatic abilities waiting for Confirmation Timing (public).
    pub pending: Vec<PendingLine>,
    /// The inspector's data for the cards this connection follows
    /// ([`ClientMsg::Inspect`]), as they are now; empty when it follows
    /// none.
    pub inspected: Vec<InspectedCard>,
}

/// Time left on the match's clocks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Each player's thinking time left, with a per-match limit.
    pub match_left_ms: [Option<u64>; 2],
    /// Time left for the pending decision, with a per-decision limit.
    pub decision_left_ms: Option<u64>,
}

/// A card's printed face: what a client needs to draw it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardFace {
    /// Official id.
    pub id: String,
    /// Rules name.
    pub name: String,
    /// The name shown to players, when translated.
    pub shown_name: Option<String>,
    /// Class.
    pub class: Class,
    /// Card type.
    pub card_type: CardType,
    /// Traits.
    pub traits: Vec<String>,
    /// Cost.
    pub cost: Option<u8>,
    /// Printed attack.
    pub attack: Option<i32>,
    /// Printed defense.
    pub defense: Option<i32>,
    /// Evolve cost.
    pub evolve_cost: Option<u8>,
    /// Printed keywords.
    pub keywords: Keywords,
    /// Whether it is a token.
    pub is_token: bool,
    /// Printed text.
    pub text: String,
    /// Its universe's number in `sve_vocab::UNIVERSES`, if it has one (for
    /// deck building on a universe).
    #[serde(default)]
    pub universe: Option<u8>,
    /// Its Trigger icon, if it has one (a Vanguard collab card, later-sets
    /// §2.1).
    pub trigger_icon: Option<TriggerIcon>,
    /// The later sets' printed facts the client shows and its deck
    /// building reads (`CardDef`'s fields of those names): an advanced
    /// card (§6), an equipment token (§5), "its name is also X" (§8.2),
    /// the other printed name (§8.1), the front face a back face belongs to
    /// and the evolved cards it evolves into (§10).
    pub later: LaterFacts,
}

/// A card face's later-set facts ([`CardFace::later`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaterFacts {
    /// An advanced card.
    pub advanced: bool,
    /// An equipment token.
    pub equipment: bool,
    /// The names "this follower's name is also X" gives it.
    pub also_named: Vec<String>,
    /// The other name the printing shows.
    pub alternate_name: Option<String>,
    /// The front face's id, for a back face.
    pub back_of: Option<String>,
    /// The evolved cards' names its evolve ability names.
    pub evolves_into: Vec<String>,
    /// Evolve costs of its own for some of them.
    pub face_evolve_costs: Vec<FaceEvolveCost>,
    /// The declared token kind it is a token of.
    pub token_kind: Option<String>,
}

impl CardFace {
    /// The face of a card definition (its abilities stay on the server).
    pub fn of(def: &CardDef) -> CardFace {
        CardFace {
            id: def.id.clone(),
            name: def.name.clone(),
            shown_name: def.shown_name.clone(),
            class: def.class,
            card_type: def.card_type,
            traits: def.traits.clone(),
            cost: def.cost,
            attack: def.attack,
            defense: def.defense,
            evolve_cost: def.evolve_cost,
            keywords: def.keywords,
            is_token: def.is_token,
            text: def.text.clone(),
            universe: def.universe,
            trigger_icon: def.trigger_icon,
            later: LaterFacts {
                advanced: def.advanced,
                equipment: def.equipment,
                also_named: def.also_named.clone(),
                alternate_name: def.alternate_name.clone(),
                back_of: def.back_of.clone(),
                evolves_into: def.evolves_into.clone(),
                face_evolve_costs: def.face_evolve_costs.clone(),
                token_kind: def.token_kind.clone(),
            },
        }
    }

    /// A definition with this face and no abilities, for a client's card
    /// database.
    pub fn to_def(&self) -> CardDef {
        CardDef {
            id: self.id.clone(),
            name: self.name.clone(),
            class: self.class,
            card_type: self.card_type,
            traits: self.traits.clone(),
            cost: self.cost,
            attack: self.attack,
            defense: self.defense,
            evolve_cost: self.evolve_cost,
            keywords: self.keywords,
            initial_counters: Vec::new(),
            is_token: self.is_token,
            abilities: Vec::new(),
            text: self.text.clone(),
            shown_name: self.shown_name.clone(),
            unplayable: None,
            // The face's `keywords` carry declared keywords' bits; their
            // words come with the pool's [`KeywordFace`]s.
            declared_keywords: Vec::new(),
            declared_counters: Vec::new(),
            universe: self.universe,
            // A face carries no rarity: no client screen reads it.
            rarity: None,
            advanced: self.later.advanced,
            also_named: self.later.also_named.clone(),
            alternate_name: self.later.alternate_name.clone(),
            back_of: self.later.back_of.clone(),
            evolves_into: self.later.evolves_into.clone(),
            face_evolve_costs: self.later.face_evolve_costs.clone(),
            equipment: self.later.equipment,
            trigger_icon: self.trigger_icon,
            token_kind: self.later.token_kind.clone(),
        }
    }
}

/// A keyword the card pool's packs declare, as a client shows it: its
/// words and badge, never its abilities.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeywordFace {
    /// The id the server knows its abilities by (unique among the pool's
    /// card and keyword ids, so a client's database takes it as it is).
    pub id: String,
    /// Its name (`Overheat`).
    pub name: String,
    /// Its reminder text.
    pub reminder: String,
    /// Its badge.
    pub badge: Badge,
}

impl KeywordFace {
    /// The face of a declared keyword (its abilities stay on the server).
    pub fn of(keyword: &DeclaredKeyword) -> KeywordFace {
        KeywordFace {
            id: keyword.id.clone(),
            name: keyword.name.clone(),
            reminder: keyword.reminder.clone(),
            badge: keyword.badge,
        }
    }

    /// A declaration with this face and no abilities, for a client's card
    /// database.
    pub fn to_declared(&self) -> DeclaredKeyword {
        DeclaredKeyword {
            id: self.id.clone(),
            name: self.name.clone(),
            reminder: self.reminder.clone(),
            badge: self.badge,
            abilities: Vec::new(),
        }
    }
}

/// A frame that can't be read.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// Bigger than the receiver accepts.
    #[error("frame of {len} bytes is over the limit of {max} bytes")]
    TooLarge {
        /// The frame's size.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Not a message of this protocol version.
    #[error("malformed frame: expected {expected} ({detail})")]
    Malformed {
        /// What the frame should have held ([`Framed::WHAT`]).
        expected: &'static str,
        /// What is wrong with it, in words.
        detail: String,
    },
    /// Bytes left over after the message.
    #[error("malformed frame: {0} bytes after the message")]
    Trailing(usize),
}

/// A message type that travels one per frame.
pub trait Framed {
    /// What a frame of it holds, for error messages ("a client message").
    const WHAT: &'static str;
}

impl Framed for ClientMsg {
    const WHAT: &'static str = "a client message";
}

impl Framed for ServerMsg {
    const WHAT: &'static str = "a server message";
}

/// What is wrong with a frame postcard could not read, in words (its own
/// words for a bad enum are "Serde Deserialization Error").
fn in_words(err: &postcard::Error) -> String {
    use postcard::Error as E;
    match err {
        E::DeserializeUnexpectedEnd => "the frame ends in the middle of it".into(),
        E::DeserializeBadEnum | E::SerdeDeCustom => format!(
            "it names a kind of message or a value that protocol version {PROTOCOL_VERSION} does not have"
        ),
        E::DeserializeBadVarint => "a number in it is not a valid varint".into(),
        E::DeserializeBadBool => "a yes/no value in it is neither 0 nor 1".into(),
        E::DeserializeBadChar | E::DeserializeBadUtf8 => "a text in it is not valid UTF-8".into(),
        E::DeserializeBadOption => "an optional value in it is marked neither 0 nor 1".into(),
        other => other.to_string(),
    }
}

/// How much a WebSocket reader takes from the socket at once (both sides).
/// The reader zeroes its buffer up to this size before each read, so it is
/// kept near the size of a typical frame.
pub const READ_BUFFER_BYTES: usize = 8 * 1024;

/// The buffer a frame is encoded into starts at this size.
const ENCODE_START_BYTES: usize = 512;

/// Encodes a message as one frame.
pub fn encode<T: Serialize>(msg: &T) -> Vec<u8> {
    // Serializing our own plain data types into a Vec can't fail: postcard
    // fails only on writer errors and on sequences of unknown length,
    // neither of which these types have. Most frames are a few hundred
    // bytes: starting there saves the first few doublings.
    postcard::to_extend(msg, Vec::with_capacity(ENCODE_START_BYTES)).unwrap_or_default()
}

/// Decodes one frame of at most `max` bytes; the whole frame must be one
/// message.
pub fn decode<'de, T: Deserialize<'de> + Framed>(
    frame: &'de [u8],
    max: usize,
) -> Result<T, FrameError> {
    if frame.len() > max {
        return Err(FrameError::TooLarge {
            len: frame.len(),
            max,
        });
    }
    let (msg, rest) = postcard::take_from_bytes(frame).map_err(|err| FrameError::Malformed {
        expected: T::WHAT,
        detail: in_words(&err),
    })?;
    if !rest.is_empty() {
        return Err(FrameError::Trailing(rest.len()));
    }
    Ok(msg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn client_samples() -> Vec<ClientMsg> {
        vec![
            ClientMsg::Hello {
                protocol: PROTOCOL_VERSION,
                name: "Ann".into(),
            },
            ClientMsg::CreateTable {
                deck: "deck\n# Leader\n1 SD01-LD01\n".into(),
                opponent: Opponent::Bot {
                    kind: "greedy".into(),
                    deck: None,
                },
                clock: ClockSpec {
                    per_decision_ms: Some(30_000),
                    per_match_ms: None,
                },
            },
            ClientMsg::Answer {
                seq: 7,
                picks: vec![0, 2],
            },
            ClientMsg::Reconnect {
                token: "abc".into(),
            },
        ]
    }

    #[test]
    fn messages_round_trip() {
        for msg in client_samples() {
            let frame = encode(&msg);
            let back: ClientMsg = decode(&frame, MAX_CLIENT_FRAME_BYTES).expect("decodes");
            assert_eq!(back, msg);
        }
    }

    #[test]
    fn card_data_carries_the_declared_keywords_words_not_their_abilities() {
        let overheat = DeclaredKeyword {
            id: "OVH-K01".to_owned(),
            name: "Overheat".to_owned(),
            reminder: "At the start of your end phase, this follower deals 1 damage to itself."
                .to_owned(),
            badge: Badge::Lethal,
            abilities: Vec::new(),
        };
        let heat = DeclaredCounter {
            name: "Heat".to_owned(),
            reminder: "Heat builds up in machines that run hot.".to_owned(),
        };
        let msg = ServerMsg::CardData {
            cards: Vec::new(),
            keywords: vec![KeywordFace::of(&overheat)],
            counters: vec![heat],
            token_kinds: Vec::new(),
        };
        let back: ServerMsg = decode(&encode(&msg), MAX_SERVER_FRAME_BYTES).expect("decodes");
        assert_eq!(back, msg);
        let ServerMsg::CardData { keywords, .. } = back else {
            unreachable!("decoded as sent");
        };
        assert_eq!(keywords[0].to_declared(), overheat);
    }

    #[test]
    fn a_card_face_carries_the_later_sets_printed_facts() {
        let db = sve_engine::cards::starter::starter_db().expect("bundled card data");
        let mut card = db.iter().next().expect("a card").1.clone();
        card.advanced = true;
        card.also_named = vec!["Other Name".to_owned()];
        card.alternate_name = Some("Printed Name".to_owned());
        card.evolves_into = vec!["Some Evolved".to_owned()];
        card.face_evolve_costs = vec![FaceEvolveCost {
            name: "Some Evolved".to_owned(),
            cost: 4,
        }];
        card.token_kind = Some("Relic".to_owned());
        let face = CardFace::of(&card);
        let back: CardFace =
            postcard::from_bytes(&postcard::to_allocvec(&face).expect("encodes")).expect("decodes");
        let def = back.to_def();
        assert!(def.advanced);
        assert_eq!(def.also_named, ["Other Name"]);
        assert_eq!(def.alternate_name.as_deref(), Some("Printed Name"));
        assert_eq!(def.evolves_into, ["Some Evolved"]);
        assert_eq!(def.face_evolve_costs, card.face_evolve_costs);
        assert_eq!(def.token_kind.as_deref(), Some("Relic"));
        assert!(!def.equipment && def.back_of.is_none());
    }

    #[test]
    fn a_card_face_carries_its_trigger_icon() {
        let db = sve_engine::cards::starter::starter_db().expect("bundled card data");
        let mut heal = db.iter().next().expect("a card").1.clone();
        heal.trigger_icon = Some(TriggerIcon::Heal);
        let plain = db.iter().nth(1).expect("a second card").1.clone();
        let msg = ServerMsg::CardData {
            cards: vec![CardFace::of(&heal), CardFace::of(&plain)],
            keywords: Vec::new(),
            counters: Vec::new(),
            token_kinds: Vec::new(),
        };
        let back: ServerMsg = decode(&encode(&msg), MAX_SERVER_FRAME_BYTES).expect("decodes");
        let ServerMsg::CardData { cards, .. } = back else {
            unreachable!("decoded as sent");
        };
        assert_eq!(cards[0].to_def().trigger_icon, Some(TriggerIcon::Heal));
        assert_eq!(cards[1].to_def().trigger_icon, None);
    }

    #[test]
    fn oversized_and_trailing_frames_are_refused() {
        let frame = encode(&ClientMsg::Concede);
        let err = decode::<ClientMsg>(&frame, 0).expect_err("too large");
        assert_eq!(
            err.to_string(),
            format!(
                "frame of {} bytes is over the limit of 0 bytes",
                frame.len()
            )
        );
        let mut padded = frame.clone();
        padded.push(0);
        let err = decode::<ClientMsg>(&padded, MAX_CLIENT_FRAME_BYTES).expect_err("trailing");
        assert!(err.to_string().contains("1 bytes after"), "{err}");
    }

    #[test]
    fn a_malformed_frame_says_what_was_expected_in_words() {
        // Message kind 200: no client message has it.
        let err = decode::<ClientMsg>(&[0xc8, 0x01], MAX_CLIENT_FRAME_BYTES).expect_err("unknown");
        let text = err.to_string();
        assert!(
            text.starts_with("malformed frame: expected a client message ("),
            "{text}"
        );
        assert!(text.contains("protocol version"), "{text}");
        assert!(!text.contains("Serde"), "{text}");
        // A hello cut short.
        let hello = encode(&client_samples()[0]);
        let err = decode::<ClientMsg>(&hello[..hello.len() - 1], MAX_CLIENT_FRAME_BYTES)
            .expect_err("cut");
        assert!(err.to_string().contains("ends in the middle"), "{err}");
        let err = decode::<ServerMsg>(&[0xc8, 0x01], MAX_SERVER_FRAME_BYTES).expect_err("unknown");
        assert!(
            err.to_string().contains("expected a server message"),
            "{err}"
        );
    }

    proptest! {
        // The frame decoder on hostile bytes: an error or a message, never
        // a panic or a hang.
        #[test]
        fn any_bytes_decode_without_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
            let _ = decode::<ClientMsg>(&bytes, MAX_CLIENT_FRAME_BYTES);
            let _ = decode::<ServerMsg>(&bytes, MAX_SERVER_FRAME_BYTES);
        }

        // Valid frames with bytes flipped, cut or extended.
        #[test]
        fn mutated_frames_decode_without_panic(
            which in 0usize..4,
            flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..8),
            cut in any::<usize>(),
        ) {
            let mut frame = encode(&client_samples()[which]);
            for (at, byte) in flips {
                let len = frame.len();
                frame[at % len] = byte;
            }
            let _ = decode::<ClientMsg>(&frame, MAX_CLIENT_FRAME_BYTES);
            frame.truncate(cut % (frame.len() + 1));
            let _ = decode::<ClientMsg>(&frame, MAX_CLIENT_FRAME_BYTES);
        }
    }
}
