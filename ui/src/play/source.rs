//! What the question on screen is for: the card whose ability asks (a
//! target, an option, a cost) and that ability's text, drawn beside the
//! prompt so the player knows what they are choosing for. A card being
//! played sits in the resolution zone, which no side of the view lists:
//! its definition comes from the event that put it there.
//!
//! The card text goes through `card_text` like every other card text.

use super::board::BoardContext;
use crate::card_text;
use egui::{Color32, RichText, Ui};
use sve_engine::cards::AbilityKind;
use sve_engine::engine::{AbilityIdx, CardRef, DefId, Event, Prompt};

/// The card and ability a question is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AskingSource {
    /// The card's definition (its evolved side when it is evolved).
    pub def: DefId,
    /// The ability asking, when the question names one.
    pub ability: Option<AbilityIdx>,
}

/// The card and ability the decision on screen is asked for, when it is
/// an ability's question (a choice, an optional cost, cards for a cost)
/// about a card the client can name.
pub fn asking_source(cx: &BoardContext<'_>) -> Option<AskingSource> {
    let view = cx.decision?;
    let (card, ability) = match &view.decision.prompt {
        Prompt::Ability { card, ability, .. } => (*card, Some(*ability)),
        Prompt::PayOptionalCost { card }
        | Prompt::CostCards { card, .. }
        | Prompt::ChooseX { card } => (*card, None),
        _ => return None,
    };
    let def = def_of(cx, card)?;
    Some(AskingSource { def, ability })
}

/// Draws the asking card's name, the ability's kind and its text, in a
/// column of `width` points.
pub fn source_ui(ui: &mut Ui, cx: &BoardContext<'_>, source: &AskingSource, width: f32) {
    let card = cx.view.db.get(source.def);
    let ability = source
        .ability
        .and_then(|idx| card.abilities.get(usize::from(idx.0)));
    ui.set_width(width);
    let title = match ability {
        // A spell's own text needs no name beside the card's.
        Some(ability) if ability.kind == AbilityKind::Spell && ability.name == "Spell" => {
            card.display_name().to_owned()
        }
        Some(ability) if !ability.name.is_empty() => {
            format!("{} · {}", card.display_name(), ability.name)
        }
        _ => card.display_name().to_owned(),
    };
    ui.label(
        RichText::new(title)
            .strong()
            .color(Color32::from_rgb(250, 225, 150)),
    )
    .on_hover_text("The card whose ability asks this question.");
    let text = match ability {
        Some(ability) if !ability.text.trim().is_empty() => ability.text.as_str(),
        Some(ability) => ability_line(&card.text, &ability.name).unwrap_or(&card.text),
        None => card.text.as_str(),
    };
    if !text.trim().is_empty() {
        card_text::card_text_ui(ui, &cx.view.db, text);
    }
}

/// The line of a card's text that holds the ability named `name`, when
/// one line opens with its tag (`[fanfare]` for "Fanfare", `[lastwords]`
/// for "Last Words"); `None` sends the caller to the whole text.
fn ability_line<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let tag: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    if tag.is_empty() {
        return None;
    }
    let tag = format!("[{tag}]");
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|line| line.to_lowercase().starts_with(&tag));
    let line = lines.next()?;
    // Two lines with the same tag: the whole text says which is which.
    lines.next().is_none().then_some(line)
}

/// The definition of `card`, from the board when it is shown there, else
/// from the last event that named it with its definition (a card being
/// played, a card that left).
fn def_of(cx: &BoardContext<'_>, card: CardRef) -> Option<DefId> {
    let sides = [cx.board.mine, cx.board.theirs];
    let on_board = sides.iter().find_map(|side| {
        side.hand
            .iter()
            .flatten()
            .chain(&side.field)
            .chain(&side.ex_area)
            .chain(&side.cemetery)
            .chain(&side.banished)
            .chain(&side.evolve_used)
            .find(|c| c.card == card)
            .map(|c| c.evolved.unwrap_or(c.def))
    });
    on_board.or_else(|| {
        cx.view
            .events
            .iter()
            .rev()
            .find_map(|shown| match &shown.event {
                Event::CardPlayed { card: c, def, .. } if *c == card => Some(*def),
                Event::Moved {
                    card: c,
                    def: Some(def),
                    ..
                } if *c == card => Some(*def),
                _ => None,
            })
    })
}

#[cfg(test)]
mod tests {
    use super::ability_line;

    #[test]
    fn an_ability_is_found_by_its_tag_in_the_card_text() {
        let aria = "Ward.\n      [fanfare] Put up to 9 Fairy tokens.\n      While this card is on your field, ...";
        assert_eq!(
            ability_line(aria, "Fanfare"),
            Some("[fanfare] Put up to 9 Fairy tokens.")
        );
        assert_eq!(ability_line(aria, "Last Words"), None);
        let twice = "[fanfare] Draw a card.\n[fanfare] Gain 1 PP.";
        assert_eq!(ability_line(twice, "Fanfare"), None);
    }
}
