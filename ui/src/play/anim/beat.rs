//! What an animation shows ([`AnimKind`]), where ([`Spot`]), and how
//! animations are grouped into [`Beat`]s: the animations of one beat start
//! together, the next beat starts `length` later. Times are seconds at
//! normal speed; the queue scales them by the chosen speed.

use sve_engine::engine::{CardRef, DefId, PlayerId};

/// A place on the board, named by what is there; the drawing layer finds
/// its rectangle in the frame (a card's last place if it has left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A card where it is drawn (field, EX area, your hand), or where it
    /// was last drawn.
    Card(CardRef),
    /// A player's leader.
    Leader(PlayerId),
    /// A player's hand (the row of cards or backs).
    Hand(PlayerId),
    /// A player's deck (its count beside the leader).
    Deck(PlayerId),
    /// A player's cemetery (its button beside the leader).
    Cemetery(PlayerId),
    /// A player's banished zone.
    Banished(PlayerId),
    /// The middle of the board, where a played card is shown large.
    Stage,
}

/// One thing the board shows happening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnimKind {
    /// A card travels from one place to another (drawn, put onto the
    /// field, returned, banished). `def` is its face when the viewer
    /// may know it; a card back otherwise.
    Move {
        /// The card.
        card: CardRef,
        /// Its printed definition, if shown.
        def: Option<DefId>,
        /// Where it starts.
        from: Spot,
        /// Where it lands.
        to: Spot,
    },
    /// A card another player played, shown large in the middle of the
    /// board.
    ShowPlayed {
        /// Who played it.
        player: PlayerId,
        /// The card.
        card: CardRef,
        /// What it is.
        def: DefId,
    },
    /// An attacker lunges toward its target and back.
    Lunge {
        /// The attacking follower.
        attacker: CardRef,
        /// A follower or a leader.
        target: Spot,
    },
    /// A number floating up from a follower or a leader: damage taken
    /// (negative) or defense gained (positive).
    Change {
        /// Where.
        at: Spot,
        /// The change of defense.
        amount: i32,
    },
    /// A destroyed card fades out on its way to its owner's cemetery.
    Destroyed {
        /// The card, drawn at its last place.
        card: CardRef,
        /// Whose cemetery it goes to.
        owner: PlayerId,
    },
    /// A follower evolves: it flips over in a flash.
    Evolve {
        /// The follower.
        card: CardRef,
        /// Super evolution (a stronger flash).
        super_evolve: bool,
    },
    /// A token appears on the field or in the EX area.
    Token {
        /// The token.
        card: CardRef,
    },
}

/// One animation and how long it lasts at normal speed.
#[derive(Clone, Debug, PartialEq)]
pub struct Anim {
    /// What it shows.
    pub kind: AnimKind,
    /// Seconds at normal speed.
    pub duration: f64,
}

/// Animations that start together; the next beat starts `length` seconds
/// (at normal speed) after this one. An animation may outlast its beat,
/// overlapping the next (a damage number still floats while the card
/// fades).
#[derive(Clone, Debug, PartialEq)]
pub struct Beat {
    /// The animations.
    pub anims: Vec<Anim>,
    /// Seconds at normal speed until the next beat starts.
    pub length: f64,
}

impl AnimKind {
    /// How long this kind of animation lasts at normal speed.
    pub fn duration(&self) -> f64 {
        match self {
            AnimKind::Move { .. } => 0.45,
            AnimKind::ShowPlayed { .. } => 1.3,
            AnimKind::Lunge { .. } => 0.5,
            AnimKind::Change { .. } => 0.9,
            AnimKind::Destroyed { .. } => 0.6,
            AnimKind::Evolve { .. } => 0.7,
            AnimKind::Token { .. } => 0.5,
        }
    }

    /// How long after this kind starts the next beat may start: a played
    /// card is read before anything else moves; damage lands at the
    /// lunge's peak; draws follow each other closely.
    pub fn beat_length(&self) -> f64 {
        match self {
            AnimKind::Move {
                from: Spot::Deck(_),
                ..
            } => 0.12,
            AnimKind::Move { .. } => 0.3,
            AnimKind::ShowPlayed { .. } => 1.1,
            AnimKind::Lunge { .. } => 0.25,
            AnimKind::Change { .. } => 0.35,
            AnimKind::Destroyed { .. } => 0.45,
            AnimKind::Evolve { .. } => 0.55,
            AnimKind::Token { .. } => 0.3,
        }
    }
}

impl Anim {
    /// An animation of `kind` with its usual duration.
    pub fn of(kind: AnimKind) -> Anim {
        Anim {
            duration: kind.duration(),
            kind,
        }
    }
}
