//! What a filter by a keyword the pack declares (`k(Overheat)`) can't do,
//! and the words the manifest refuses it with. Card code reads such a
//! filter through the host by the keyword's name (`values.rs`); the host's
//! own filters (a continuous ability's reach and condition, a trigger's
//! look-back at a card that left the field) carry built-in keywords only,
//! so an ability that would need one there is refused, naming the card,
//! rather than played wrong.

use sve_script::ir::{self, Ability, Cost, FilterId, FilterItem};

/// Why `whose` filter can't reach the host: it has no flat form, and a
/// keyword the pack declares (`k(Overheat)`) is read by card code only.
pub(crate) fn no_flat_form(card: &ir::Card, id: FilterId, whose: &str) -> String {
    if names_declared_keyword(card, id) {
        format!(
            "{whose} filter names a keyword the pack declares (`k(...)`), which only an ability's own effects and conditions can read, not a continuous ability's reach"
        )
    } else {
        format!("{whose} filter has no flat form")
    }
}

/// Why `what` can't reach the host: it has no data form, and when the card
/// filters by a keyword the pack declares (`k(...)`), the likely reason.
pub(crate) fn no_data_form(card: &ir::Card, what: &str) -> String {
    let declared = (0..card.filters.len())
        .filter_map(|n| u32::try_from(n).ok())
        .any(|n| names_declared_keyword(card, FilterId(n)));
    if declared {
        format!(
            "{what} has no data form (a keyword the pack declares, `k(...)`, is read by an ability's own effects and conditions only)"
        )
    } else {
        format!("{what} has no data form")
    }
}

/// Whether a filter tests a keyword the pack declares (`k(Overheat)`).
pub(crate) fn names_declared_keyword(card: &ir::Card, id: FilterId) -> bool {
    card.filter(id).is_some_and(|f| {
        f.tests
            .iter()
            .any(|t| matches!(t.item, FilterItem::Keyword(ir::Keyword::Declared(_))))
    })
}

/// Whether a triggered ability watches cards leaving the field (a
/// leave-the-field trigger, or a move hook from the field or any zone)
/// through a filter naming a declared keyword (`manifest::ability_def`
/// refuses it).
pub(crate) fn leaves_by_declared_keyword(card: &ir::Card, ability: &Ability) -> bool {
    let leaves_field = match ability.trigger {
        ir::Trigger::OnOtherLeaveField
        | ir::Trigger::OnOpponentCardLeaveField
        | ir::Trigger::OnOtherReturnToHandFromField => true,
        ir::Trigger::OnMove => ability.costs.iter().any(|cost| match cost {
            Cost::Moves(hook) => {
                hook.from == ir::HookZones::ANY
                    || hook.from.zones().any(|zone| zone == ir::HookZone::Field)
            }
            _ => false,
        }),
        _ => false,
    };
    leaves_field
        && ability
            .trigger_filter
            .is_some_and(|filter| names_declared_keyword(card, filter))
}
