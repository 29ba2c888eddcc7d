//! Checks across cards: duplicate ids (always), and, when several files are
//! compiled together as one set, token names that resolve to no token card
//! and evolved followers without a base card (spec §5.5, §13a).
//!
//! Token and base-card checks are warnings: the missing card may come from
//! another pack. When the set is one pack of a larger library
//! ([`Linking::Library`]), a name the set does not resolve is not reported
//! here but kept as an [`OutsideRef`](crate::OutsideRef) for the library to
//! resolve (see `references`).

use crate::declared::Declarations;
use crate::diagnostics::Problem;
use crate::ir::{CardType, Effect};
use crate::lower::LoweredCard;
use crate::references::{CardNames, OutsideRefKind};
use crate::span::Span;
use std::collections::HashSet;

/// How references by name are linked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Linking {
    /// One file on its own: no reference is checked.
    None,
    /// The files are the whole library: a name they do not resolve is a
    /// warning.
    Set,
    /// The files are one pack of a larger library: a name they do not
    /// resolve is kept for the library to check.
    Library,
}

/// Where the compiled set is, for messages about names it lacks.
const SET_SCOPE: &str = "among the compiled cards";

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

/// Refuses every card that names a keyword or counter the set declares
/// when one of the set's declarations did not compile (or was a duplicate
/// id): `Keyword::Declared(n)` and `Counter::Declared(n)` are the module's
/// n-th declarations of their kind, so a missing one would shift the rest
/// (`declared.rs`).
pub(crate) fn declarations_compiled(files: &mut [Vec<LoweredCard>], declared: &Declarations) {
    token_kinds_compiled(files);
    let compiled = |kind: CardType| {
        files
            .iter()
            .flatten()
            .filter(|card| card.card.is_some() && card.card_type == kind)
            .count()
    };
    let failed = [CardType::Keyword, CardType::Counter]
        .into_iter()
        .map(|kind| declared.count(kind) - compiled(kind).min(declared.count(kind)))
        .sum::<usize>();
    if failed == 0 {
        return;
    }
    for card in files.iter_mut().flatten() {
        if card.names_declared && card.card.is_some() {
            card.sink
                .report(card.name_span, Problem::DeclarationsFailed { failed });
            card.card = None;
        }
    }
}

/// Refuses every token carrying the name of a token kind whose
/// `type TokenKind;` declaration did not compile: read without its kind, it
/// would play as an ordinary token (on the field, its abilities not working
/// from the EX area), silently.
fn token_kinds_compiled(files: &mut [Vec<LoweredCard>]) {
    let failed: Vec<String> = files
        .iter()
        .flatten()
        .filter(|card| card.card.is_none() && card.card_type == CardType::TokenKind)
        .map(|card| card.name.clone())
        .collect();
    if failed.is_empty() {
        return;
    }
    for card in files.iter_mut().flatten() {
        let kind = card
            .card
            .as_ref()
            .filter(|c| c.is_token)
            .and_then(|c| c.traits.iter().find(|t| failed.contains(t)).cloned());
        if let Some(kind) = kind {
            card.sink
                .report(card.name_span, Problem::TokenKindFailed { kind });
            card.card = None;
        }
    }
}

/// Token references and evolved-follower base cards.
pub(crate) fn cross_references(files: &mut [Vec<LoweredCard>], linking: Linking) {
    if linking == Linking::None {
        return;
    }
    let mut names = CardNames::new();
    for card in files.iter().flatten() {
        names.add(
            &card.name,
            card.is_token,
            card.card_type == CardType::EvolvedFollower,
        );
    }
    // Evolved cards an evolve ability names (`EvolvesInto`, later-sets §10)
    // pair with that follower, whatever their names.
    let named_by_evolve: Vec<String> = files
        .iter()
        .flatten()
        .filter_map(|card| card.card.as_ref())
        .flat_map(card_data)
        .filter_map(|effect| match effect {
            Effect::EvolvesInto { name } | Effect::EvolvesIntoFor { name, .. } => {
                Some(crate::ir::base_name_of(name).to_owned())
            }
            _ => None,
        })
        .collect();
    for card in files.iter_mut().flatten() {
        for (name, span) in &card.token_refs {
            // A name some card of the set has resolves here (and a card
            // that is not a token is the set's own mistake); an unknown
            // name may be another pack's token.
            if linking == Linking::Library && !names.contains(name) {
                card.outside_refs
                    .push((OutsideRefKind::Token, name.clone(), *span));
                continue;
            }
            if let Some((problem, help)) = names.token_problem(name, SET_SCOPE) {
                card.sink.report_with_help(*span, problem, help);
            }
        }
        if card.card_type == CardType::EvolvedFollower {
            let base = card
                .name
                .strip_suffix("(Evolved)")
                .map_or(card.name.as_str(), str::trim_end)
                .to_owned();
            // A back face pairs with its front face (`BackFaceOf`).
            let back_face = card
                .card
                .as_ref()
                .is_some_and(|c| card_data(c).any(|e| matches!(e, Effect::BackFaceOf { .. })));
            if names.has_base(&base) || back_face || named_by_evolve.contains(&base) {
                continue;
            }
            if linking == Linking::Library {
                let span: Span = card.name_span;
                card.outside_refs
                    .push((OutsideRefKind::EvolvedBase, base, span));
            } else {
                card.sink
                    .report(card.name_span, Problem::EvolvedWithoutBase { base });
            }
        }
    }
}

/// The effects of a card's passive abilities: among them card data such as
/// `EvolvesInto` and `BackFaceOf`.
fn card_data(card: &crate::ir::Card) -> impl Iterator<Item = &Effect> {
    card.abilities
        .iter()
        .filter(|ability| ability.kind == crate::ir::AbilityKind::Passive)
        .map(|ability| &ability.effect)
}
