//! Cards that several packs define: who plays them, said out loud.
//!
//! The policy, in order, for one card id that two or more loaded packs
//! define (a pack card always replaces the bundled vanilla card of its
//! id):
//!
//! 1. **`overrides`**: the one pack that lists the id in its pack.toml's
//!    `overrides` plays it (errata, playtest versions). Two packs listing
//!    it is an error: neither gets it.
//! 2. **`priority`**: otherwise the pack with the highest `priority` plays
//!    it. A pack.toml's `priority` is 0 unless it says; a folder loaded
//!    without a pack.toml (a community set or set tree dropped in as
//!    shipped) has -1, so a curated pack such as `starter-scripts` keeps
//!    its version of the cards a community tree also defines.
//! 3. **A tie** at the highest priority is an error naming every pack, and
//!    no pack gets the card (it keeps its bundled definition, if any).
//!
//! Load order and folder names never decide. Every case is reported: a
//! note per declared override, one note per pair of packs whose cards a
//! priority decided ("pack `community`: 122 cards also in pack
//! `starter-scripts`, whose versions are used"), one error per
//! group of packs that tie; and each case is a [`SharedCard`] in
//! `LoadedPacks::shared_cards` (what `sve pack check --json` prints).

use super::{PackDiagnostic, ReadPack, Severity, error_at};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// A card id that two or more packs define, and which of them plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharedCard {
    /// The card id.
    pub card: String,
    /// Every pack that defines it (pack ids, in load order).
    pub packs: Vec<String>,
    /// The pack whose version plays, if any.
    pub used: Option<String>,
    /// What decided.
    pub rule: SharedCardRule,
}

/// What decided who plays a [`SharedCard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SharedCardRule {
    /// The one pack that lists the card in `overrides`.
    Overrides,
    /// The one pack with the highest `priority`.
    Priority,
    /// Nothing: two packs override it, or tie at the highest priority. No
    /// pack plays it (an error).
    Conflict,
}

/// The outcome of the policy over the loaded packs.
pub(super) struct Resolution<'a> {
    /// Each contested card id with the index of the pack that plays it
    /// (`None`: no pack does).
    pub winners: HashMap<&'a str, Option<usize>>,
    /// Every contested card, sorted by id.
    pub shared: Vec<SharedCard>,
    /// Per pack: its cards another pack's version replaces.
    pub shadowed: Vec<usize>,
    /// Per pack: its cards no pack plays because of a conflict.
    pub in_conflict: Vec<usize>,
}

/// Most card ids a grouped message lists; the rest are counted.
const IDS_SHOWN: usize = 8;

/// Applies the policy (see the module docs) to `packs`; `base` holds the
/// bundled card ids (for what a card falls back to). Notes and errors go
/// to `diagnostics`.
pub(super) fn resolve<'a>(
    packs: &'a [ReadPack],
    base: &HashMap<String, usize>,
    diagnostics: &mut Vec<PackDiagnostic>,
) -> Resolution<'a> {
    let mut claims: HashMap<&str, Vec<usize>> = HashMap::new();
    for (pack_idx, pack) in packs.iter().enumerate() {
        for card in &pack.cards {
            claims.entry(card.id.as_str()).or_default().push(pack_idx);
        }
    }
    let mut ids: Vec<&str> = claims
        .iter()
        .filter(|(_, claimants)| claimants.len() > 1)
        .map(|(id, _)| *id)
        .collect();
    ids.sort_unstable();
    let mut out = Resolution {
        winners: HashMap::new(),
        shared: Vec::new(),
        shadowed: vec![0; packs.len()],
        in_conflict: vec![0; packs.len()],
    };
    // (winner, loser) → ids a priority decided; claimants → tied ids.
    let mut by_priority: BTreeMap<(usize, usize), Vec<&str>> = BTreeMap::new();
    let mut ties: BTreeMap<Vec<usize>, Vec<&str>> = BTreeMap::new();
    let report = Report { packs, base };
    for id in ids {
        let Some(claimants) = claims.get(id) else {
            continue;
        };
        let overriding: Vec<usize> = claimants
            .iter()
            .copied()
            .filter(|idx| packs[*idx].overrides.iter().any(|o| o == id))
            .collect();
        let (winner, rule) = match overriding.as_slice() {
            [winner] => {
                for other in claimants.iter().filter(|idx| *idx != winner) {
                    diagnostics.push(report.override_note(id, *winner, *other));
                }
                (Some(*winner), SharedCardRule::Overrides)
            }
            [] => {
                let top = claimants
                    .iter()
                    .map(|idx| packs[*idx].priority)
                    .max()
                    .unwrap_or_default();
                let tied: Vec<usize> = claimants
                    .iter()
                    .copied()
                    .filter(|idx| packs[*idx].priority == top)
                    .collect();
                if let [winner] = tied.as_slice() {
                    for other in claimants.iter().filter(|idx| *idx != winner) {
                        by_priority.entry((*winner, *other)).or_default().push(id);
                    }
                    (Some(*winner), SharedCardRule::Priority)
                } else {
                    ties.entry(claimants.clone()).or_default().push(id);
                    (None, SharedCardRule::Conflict)
                }
            }
            _ => {
                diagnostics.push(report.overridden_twice(id, claimants, &overriding));
                (None, SharedCardRule::Conflict)
            }
        };
        for idx in claimants {
            match winner {
                Some(winner) if winner != *idx => out.shadowed[*idx] += 1,
                Some(_) => {}
                None => out.in_conflict[*idx] += 1,
            }
        }
        out.winners.insert(id, winner);
        out.shared.push(SharedCard {
            card: id.to_owned(),
            packs: claimants
                .iter()
                .map(|idx| packs[*idx].info.id.clone())
                .collect(),
            used: winner.map(|idx| packs[idx].info.id.clone()),
            rule,
        });
    }
    for ((winner, loser), ids) in &by_priority {
        diagnostics.push(report.priority_note(*winner, *loser, ids));
    }
    for (claimants, ids) in &ties {
        diagnostics.push(report.tie(claimants, ids));
    }
    out
}

/// Writes the policy's messages.
struct Report<'a> {
    packs: &'a [ReadPack],
    base: &'a HashMap<String, usize>,
}

impl Report<'_> {
    /// Where a message about a pack is located: its pack.toml, or its
    /// folder when it has none.
    fn at(&self, idx: usize) -> PathBuf {
        let dir = &self.packs[idx].info.dir;
        let manifest = dir.join("pack.toml");
        if manifest.exists() {
            manifest
        } else {
            dir.clone()
        }
    }

    fn id(&self, idx: usize) -> &str {
        &self.packs[idx].info.id
    }

    /// `` `a` (dir) and `b` (dir) ``.
    fn named(&self, list: &[usize]) -> String {
        let names: Vec<String> = list
            .iter()
            .map(|idx| {
                format!(
                    "`{}` ({})",
                    self.id(*idx),
                    self.packs[*idx].info.dir.display()
                )
            })
            .collect();
        join_and(&names)
    }

    fn override_note(&self, id: &str, winner: usize, other: usize) -> PackDiagnostic {
        PackDiagnostic {
            severity: Severity::Note,
            ..error_at(
                self.at(winner),
                format!(
                    "pack `{}` replaces card `{id}` of pack `{}` (declared in `overrides`)",
                    self.id(winner),
                    self.id(other)
                ),
            )
        }
    }

    fn overridden_twice(
        &self,
        id: &str,
        claimants: &[usize],
        overriding: &[usize],
    ) -> PackDiagnostic {
        let last = claimants.last().copied().unwrap_or_default();
        error_at(
            self.at(last),
            format!(
                "card `{id}` is listed in `overrides` by packs {}, so no pack gets it ({}); only one pack may replace a card: remove it from the others' `overrides`",
                self.named(overriding),
                self.fallback(&[id])
            ),
        )
    }

    /// One note for every card of `loser` that `winner` plays because of
    /// its higher priority.
    fn priority_note(&self, winner: usize, loser: usize, ids: &[&str]) -> PackDiagnostic {
        let (win, lose) = (self.packs[winner].priority, self.packs[loser].priority);
        let message = match ids {
            [id] => format!(
                "pack `{}`: card `{id}` is also in pack `{}`, whose version is used (priority {win} over {lose})",
                self.id(loser),
                self.id(winner),
            ),
            _ => format!(
                "pack `{}`: {} cards also in pack `{}`, whose versions are used (priority {win} over {lose}): {}",
                self.id(loser),
                ids.len(),
                self.id(winner),
                listed(ids)
            ),
        };
        PackDiagnostic {
            severity: Severity::Note,
            ..error_at(self.at(loser), message)
        }
    }

    /// One error for the cards that the same packs define at the same
    /// highest priority.
    fn tie(&self, claimants: &[usize], ids: &[&str]) -> PackDiagnostic {
        let last = claimants.last().copied().unwrap_or_default();
        let top = claimants
            .iter()
            .map(|idx| self.packs[*idx].priority)
            .max()
            .unwrap_or_default();
        let tied: Vec<String> = claimants
            .iter()
            .filter(|idx| self.packs[**idx].priority == top)
            .map(|idx| format!("`{}`", self.id(*idx)))
            .collect();
        let fix = "a pack that means to replace another pack's card lists the card's id in `overrides` or sets a higher `priority` in its pack.toml; otherwise give the card an id of its own";
        let message = match ids {
            [id] => format!(
                "card `{id}` is defined by packs {} and none of them lists it in `overrides`; the highest `priority` ({top}) is shared by {}, so no pack gets it ({}); {fix}",
                self.named(claimants),
                join_and(&tied),
                self.fallback(ids)
            ),
            _ => format!(
                "{} cards are defined by packs {} and none of them lists them in `overrides`; the highest `priority` ({top}) is shared by {}, so no pack gets them ({}): {}; {fix}",
                ids.len(),
                self.named(claimants),
                join_and(&tied),
                self.fallback(ids),
                listed(ids)
            ),
        };
        error_at(self.at(last), message)
    }

    /// What cards no pack gets fall back to.
    fn fallback(&self, ids: &[&str]) -> &'static str {
        let bundled = ids.iter().filter(|id| self.base.contains_key(**id)).count();
        match (ids.len(), bundled) {
            (1, 1) => "it keeps its bundled definition",
            (1, _) => "it is left out",
            (n, b) if n == b => "they keep their bundled definitions",
            (_, 0) => "they are left out",
            _ => "those the bundled card data has keep that definition; the others are left out",
        }
    }
}

/// `` `A`, `B`, `C` and 5 more ``.
fn listed(ids: &[&str]) -> String {
    let shown: Vec<String> = ids
        .iter()
        .take(IDS_SHOWN)
        .map(|id| format!("`{id}`"))
        .collect();
    if ids.len() > IDS_SHOWN {
        format!("{} and {} more", shown.join(", "), ids.len() - IDS_SHOWN)
    } else {
        join_and(&shown)
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(super) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
