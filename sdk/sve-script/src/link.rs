//! Checks across cards: duplicate ids (always), and, when several files are
//! compiled together as one set, token names that resolve to no token card
//! and evolved followers without a base card (spec §5.5, §13a).
//!
//! Token and base-card checks are warnings: the missing card may come from
//! another pack.

use crate::diagnostics::Problem;
use crate::ir::CardType;
use crate::lower::LoweredCard;
use std::collections::{HashMap, HashSet};

/// Rejects every card whose id was already used by an earlier card.
pub(crate) fn duplicate_ids(files: &mut [Vec<LoweredCard>]) {
    let mut seen: HashSet<String> = HashSet::new();
    for card in files.iter_mut().flatten() {
        if card.id.is_empty() {
            continue;
        }
        if seen.contains(&card.id) {
            card.sink.report(
                card.name_span,
                Problem::DuplicateId {
                    id: card.id.clone(),
                },
            );
            card.card = None;
        } else {
            seen.insert(card.id.clone());
        }
    }
}

/// Token references and evolved-follower base cards.
pub(crate) fn cross_references(files: &mut [Vec<LoweredCard>]) {
    /// Per card name: whether some card of that name is a token, and
    /// whether some card of that name is not an evolved follower.
    #[derive(Default, Clone, Copy)]
    struct Named {
        token: bool,
        base: bool,
    }
    let mut by_name: HashMap<String, Named> = HashMap::new();
    for card in files.iter().flatten() {
        let entry = by_name.entry(card.name.clone()).or_default();
        entry.token |= card.is_token;
        entry.base |= card.card_type != CardType::EvolvedFollower;
    }
    // Sorted, so the suggestion does not depend on hash order.
    let mut token_names: Vec<&str> = by_name
        .iter()
        .filter(|(_, named)| named.token)
        .map(|(name, _)| name.as_str())
        .collect();
    token_names.sort_unstable();
    for card in files.iter_mut().flatten() {
        for (name, span) in &card.token_refs {
            match by_name.get(name) {
                None => {
                    let help = crate::suggest::did_you_mean(name, token_names.iter().copied());
                    card.sink.report_with_help(
                        *span,
                        Problem::UnresolvedToken { name: name.clone() },
                        help,
                    );
                }
                Some(named) if !named.token => {
                    card.sink
                        .report(*span, Problem::NotAToken { name: name.clone() });
                }
                Some(_) => {}
            }
        }
        if card.card_type == CardType::EvolvedFollower {
            let base = card
                .name
                .strip_suffix("(Evolved)")
                .map_or(card.name.as_str(), str::trim_end)
                .to_owned();
            if !by_name.get(&base).is_some_and(|named| named.base) {
                card.sink
                    .report(card.name_span, Problem::EvolvedWithoutBase { base });
            }
        }
    }
}
