//! Words for a network client at the terminal: the board, the question and
//! its options, and what happened, from a [`PlayerView`] and the server's
//! card faces (a client has no match and no ability code).

use crate::protocol::CardFace;
use sve_engine::engine::state::Phase;
use sve_engine::engine::view::{CardView, PlayerView};
use sve_engine::engine::{
    Action, AttackTarget, CardRef, Choice, DefId, Event, MoveCause, PlayerId, Prompt, Zone,
};
use sve_engine::gamelog;

/// The server's card faces, by definition number.
#[derive(Clone, Debug, Default)]
pub struct Faces(pub Vec<CardFace>);

impl Faces {
    /// A card's shown name.
    pub fn name(&self, def: DefId) -> &str {
        match self.0.get(def.idx()) {
            Some(face) => face.shown_name.as_deref().unwrap_or(&face.name),
            None => "an unknown card",
        }
    }

    /// A card's Trigger icon (later-sets §2.1), if it has one.
    pub fn trigger_icon(&self, def: DefId) -> Option<sve_engine::cards::TriggerIcon> {
        self.0.get(def.idx()).and_then(|face| face.trigger_icon)
    }

    /// Whether a card is a follower.
    pub fn is_follower(&self, def: DefId) -> bool {
        self.0
            .get(def.idx())
            .is_some_and(|face| face.card_type.is_follower())
    }
}

/// The name of the card numbered `card` in this view, if the view shows it.
fn card_name(card: CardRef, view: &PlayerView, faces: &Faces) -> String {
    find(card, view)
        .map(|c| faces.name(c.def).to_owned())
        .unwrap_or_else(|| "a card".into())
}

fn find(card: CardRef, view: &PlayerView) -> Option<&CardView> {
    view.sides
        .iter()
        .find_map(|side| side.shown_cards().find(|c| c.card == card))
}

/// Both sides, the viewer's last, with the viewer's hand: the engine's
/// terminal board, named from the server's card faces.
pub fn board(view: &PlayerView, faces: &Faces) -> String {
    let mut out = format!("— turn {}, {} —\n", view.turn, phase_words(view.phase));
    out.push_str(&gamelog::view_text(view, &|def| {
        (
            faces.name(def),
            faces.is_follower(def),
            faces.trigger_icon(def),
        )
    }));
    out
}

/// The question, in words.
pub fn prompt(prompt: &Prompt, view: &PlayerView, faces: &Faces) -> String {
    match prompt {
        Prompt::ChooseFirstPlayer => "You won the toss: go first or second?".into(),
        Prompt::Mulligan => "Redraw your whole opening hand?".into(),
        Prompt::MulliganOrder => "Order the cards going to the bottom (first = very bottom)".into(),
        Prompt::MainAction => "Your action".into(),
        Prompt::QuickWindow => "Quick timing: play a Quick card or pass".into(),
        Prompt::EngageWardOnEnter { card } => {
            format!("Put {} (Ward) engaged?", card_name(*card, view, faces))
        }
        Prompt::EngageWardFollowers => "Engage any Ward followers?".into(),
        Prompt::HandLimit { discard } => format!("Hand limit: discard {discard}"),
        Prompt::ChoosePendingAbility => "Which ability resolves next?".into(),
        Prompt::ZoneLimit { zone, excess } => format!(
            "Your {} is over its limit: choose {excess} card(s) to go",
            zone.name()
        ),
        Prompt::DamageOrder { card, .. } => format!(
            "How much damage does {} take?",
            card_name(*card, view, faces)
        ),
        Prompt::MoveReplacement { card } => format!(
            "{} would go to the cemetery: where does it go instead?",
            card_name(*card, view, faces)
        ),
        Prompt::EvolveInto { card } => {
            format!("Evolve {} into which card?", card_name(*card, view, faces))
        }
        Prompt::DriveTrigger { card, icon } => format!(
            "Drive check: resolve the {} Trigger of {}?",
            icon.name(),
            card_name(*card, view, faces)
        ),
        Prompt::ChooseX { card } => format!(
            "{}: choose X, the play points to pay",
            card_name(*card, view, faces)
        ),
        Prompt::PayOptionalCost { card } => {
            format!(
                "Pay the cost of {}'s ability?",
                card_name(*card, view, faces)
            )
        }
        Prompt::CostCards { card, purpose, .. } => format!(
            "{}: choose cards to {purpose}",
            card_name(*card, view, faces)
        ),
        Prompt::Ability { card, text, .. } => {
            format!("{}: {text}", card_name(*card, view, faces))
        }
    }
}

/// One option, in words.
pub fn choice(choice: &Choice, view: &PlayerView, faces: &Faces) -> String {
    let name = |card: CardRef| card_name(card, view, faces);
    match choice {
        Choice::Yes => "Yes".into(),
        Choice::No => "No".into(),
        Choice::Pass => "Pass".into(),
        Choice::GoFirst => "Go first".into(),
        Choice::GoSecond => "Go second".into(),
        Choice::Card(card) => name(*card),
        Choice::Pending(i) => format!("Pending ability {}", i + 1),
        Choice::Label(label) => label.clone(),
        Choice::Cancel => sve_engine::gamelog::CANCEL_LABEL.into(),
        Choice::Action(action) => match action {
            Action::Play { card } => match find(*card, view) {
                Some(c) => format!("Play {} (cost {})", faces.name(c.def), c.cost),
                None => "Play a card".into(),
            },
            Action::Activate { card, ability } => {
                format!("Use {}'s ability {}", name(*card), ability.0 + 1)
            }
            Action::ActivateKeyword { card, ability, .. } => {
                format!("Use {}'s keyword ability {}", name(*card), ability.0 + 1)
            }
            Action::ActivateWithEp { card, ability } => format!(
                "Use {}'s ability {} (1 PP paid with an evolution point)",
                name(*card),
                ability.0 + 1
            ),
            Action::Evolve {
                card,
                use_ep,
                super_evolve,
            } => {
                let how = match (super_evolve, use_ep) {
                    (true, _) => " (super evolve)",
                    (false, true) => " (with an evolution point)",
                    (false, false) => "",
                };
                format!("Evolve {}{how}", name(*card))
            }
            Action::Attack { attacker, target } => {
                let target = match target {
                    AttackTarget::Leader(_) => "the leader".into(),
                    AttackTarget::Follower(card, _) => name(*card),
                };
                format!("{} attacks {target}", name(*attacker))
            }
            Action::EndMainPhase => "End your turn".into(),
        },
    }
}

/// A phase in player words.
fn phase_words(phase: Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup",
        Phase::Start => "start phase",
        Phase::Main => "main phase",
        Phase::End => "end phase",
        Phase::GameOver => "game over",
    }
}

fn who(player: PlayerId, viewer: PlayerId) -> &'static str {
    if player == viewer { "You" } else { "Opponent" }
}

/// What happened, for the events worth a line; `None` for the rest.
pub fn event(event: &Event, view: &PlayerView, faces: &Faces) -> Option<String> {
    let me = view.viewer;
    let name = |card: CardRef| card_name(card, view, faces);
    Some(match event {
        Event::GameStarted { first } if *first == me => "You go first.".into(),
        Event::GameStarted { .. } => "Opponent goes first.".into(),
        Event::TurnStarted { player, turn } => {
            format!("— Turn {turn}: {} —", who(*player, me))
        }
        Event::CardPlayed { player, def, .. } => {
            format!("{} played {}.", who(*player, me), faces.name(*def))
        }
        Event::AttackDeclared { attacker, target } => {
            let target = match target {
                AttackTarget::Leader(p) if *p == me => "your leader".into(),
                AttackTarget::Leader(_) => "the opposing leader".into(),
                AttackTarget::Follower(card, _) => name(*card),
            };
            format!("{} attacks {target}.", name(*attacker))
        }
        Event::LeaderDamaged { player, amount, .. } => {
            let whose = if *player == me {
                "Your"
            } else {
                "The opposing"
            };
            format!("{whose} leader takes {amount} damage.")
        }
        Event::FollowerDamaged { card, amount, .. } => {
            format!("{} takes {amount} damage.", name(*card))
        }
        Event::Moved {
            def: Some(def),
            to: Zone::Cemetery,
            cause: MoveCause::Destroy { .. },
            ..
        } => format!("{} is destroyed.", faces.name(*def)),
        Event::Evolved { evolved, .. } => format!("{} evolves.", name(*evolved)),
        Event::Conceded { player } => format!("{} conceded.", who(*player, me)),
        Event::TurnSkipped { player } if *player == me => "Your turn is skipped.".into(),
        Event::TurnSkipped { .. } => "The opponent's turn is skipped.".into(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::board::Board;

    #[test]
    fn a_skipped_turn_is_a_line_for_each_seat() {
        let s = Board::builder().build();
        let faces = Faces::default();
        let skipped = Event::TurnSkipped {
            player: PlayerId(0),
        };
        let mine = event(&skipped, &s.game.view(PlayerId(0)), &faces);
        let theirs = event(&skipped, &s.game.view(PlayerId(1)), &faces);
        assert_eq!(mine.as_deref(), Some("Your turn is skipped."));
        assert_eq!(theirs.as_deref(), Some("The opponent's turn is skipped."));
    }
}
