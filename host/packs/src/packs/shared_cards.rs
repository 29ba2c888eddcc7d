//! Cards that several packs define: who plays them, said out loud, and
//! blamed on the pack that caused the clash.
//!
//! A pack card always replaces the bundled vanilla card of its id. A pack
//! may list in its pack.toml's `sets` the set codes it owns (a card id's
//! set code is the part before its first `-`: [`super::manifest::set_code`]).
//!
//! **Sets.** A pack that lists `sets` defines only cards of those sets and
//! the ids it lists in `overrides`: any other card of it is the pack's
//! error ("card `SD01-001` is outside this pack's sets (`XX01`) ...") and
//! is not played from that pack, whether or not another pack defines it. A
//! pack without `sets` (an older pack.toml, a folder without one) owns no
//! set by declaration and still loads all its cards.
//!
//! For one card id that two or more packs define (the cards refused above
//! left out), in order:
//!
//! 1. **`overrides`**: the one pack that lists the id in `overrides` plays
//!    it (errata, playtest versions): a note. Two packs listing it is an
//!    error filed at each of them: neither gets it.
//! 2. **`sets`**: if packs declare the card's set, one of them plays it:
//!    the one with the highest `priority` (a note when priority decided);
//!    a tie between them is an error filed at each tied pack, and no pack
//!    gets the card. A pack that declares no sets loses the card to them:
//!    a note when its `priority` is lower than theirs (a community tree
//!    under a curated pack, as designed), otherwise an error filed at it
//!    (under the old policy it would have tied or won: it must list the
//!    card in `overrides` to replace the owner's version).
//! 3. **`priority`**: when no pack declares the set, the pack with the
//!    highest `priority` plays it: a note. A pack.toml's `priority` is 0
//!    unless it says; a folder loaded without a pack.toml has -1. A tie at
//!    the highest priority is an error filed at each tied pack, and no
//!    pack gets the card.
//!
//! A card no pack gets keeps its bundled definition, if any. Load order
//! and folder names never decide who plays nor who is blamed. Every case
//! is reported: notes for what `overrides`, `sets` and `priority` decided
//! as declared (grouped per pair of packs: "pack `community`: 122 cards
//! also in pack `starter-scripts`, whose versions are used"), errors at the
//! packs at fault, each contested card is a [`SharedCard`] in
//! `LoadedPacks::shared_cards` (what `sve pack check --json` prints), and
//! each card an error decided (a version some pack meant does not play:
//! the bundled one, another pack's, or none does) is a [`FallbackCard`]
//! in `LoadedPacks::fallback_cards`, which the front ends show wherever
//! the cards are played.

use super::manifest::{declares, set_code};
use super::{PackDiagnostic, ReadPack, Severity, error_at};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

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
    /// The one pack that declares the card's set in `sets` (the others
    /// declare other sets, or none).
    Sets,
    /// The one pack with the highest `priority` (among the packs that
    /// declare the card's set, when some do).
    Priority,
    /// Nothing: two packs override it, or tie at the highest priority. No
    /// pack plays it (an error).
    Conflict,
}

/// A card that does not play as some pack defines it because an error
/// decided (see the module docs): its bundled version, another pack's, or
/// none plays instead. Front ends warn about each wherever cards are
/// played (`sve sim`, `sve match`, the client's packs panel).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FallbackCard {
    /// The card id.
    pub card: String,
    /// The packs whose version does not play (pack ids, in load order).
    pub not_played: Vec<String>,
    /// What plays instead.
    pub played: PlayedVersion,
    /// The error that decided.
    pub reason: FallbackReason,
}

/// What plays in place of a [`FallbackCard`]'s pack versions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayedVersion {
    /// This pack's version.
    Pack(String),
    /// The bundled (vanilla, ability-less) definition.
    Bundled,
    /// Nothing: the card is left out.
    LeftOut,
}

/// Why a [`FallbackCard`]'s pack versions do not play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FallbackReason {
    /// The card's set is not among a pack's `sets` (the pack declares
    /// other sets, or none while another pack declares the card's set),
    /// and the pack does not list it in `overrides`.
    Sets,
    /// Packs conflict over it: two list it in `overrides`, or they tie at
    /// the highest `priority`.
    Conflict,
}

impl std::fmt::Display for FallbackCard {
    /// `card `SD01-001` plays as pack `starter-scripts`'s version, not as
    /// pack `aaa-x`'s (...)`: one line for a warning.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let played = match &self.played {
            PlayedVersion::Pack(pack) => format!("pack `{pack}`'s version"),
            PlayedVersion::Bundled => "its bundled version (no abilities)".to_owned(),
            PlayedVersion::LeftOut => "nothing (it is left out)".to_owned(),
        };
        let packs: Vec<String> = self
            .not_played
            .iter()
            .map(|pack| format!("`{pack}`"))
            .collect();
        let reason = match self.reason {
            FallbackReason::Sets => {
                "the card's set is not among that pack's `sets` and it does not list the card in `overrides`"
            }
            FallbackReason::Conflict => "the packs conflict over it",
        };
        let whose = match packs.as_slice() {
            [one] => format!("the version of pack {one}"),
            _ => format!("the versions of packs {}", join_and(&packs)),
        };
        write!(
            f,
            "card `{}` plays as {played}, not as {whose} ({reason}; `sve pack check` says more)",
            self.card
        )
    }
}

/// The outcome of the policy over the loaded packs.
pub(super) struct Resolution<'a> {
    /// Each card id the policy decided with the index of the pack that
    /// plays it (`None`: no pack does): the contested ids, and the ids a
    /// pack may not define (outside its `sets`).
    pub winners: HashMap<&'a str, Option<usize>>,
    /// Every contested card, sorted by id.
    pub shared: Vec<SharedCard>,
    /// Every card an error decided, sorted by id.
    pub fallback: Vec<FallbackCard>,
    /// Per pack: its cards another pack's version replaces.
    pub shadowed: Vec<usize>,
    /// Per pack: its cards no pack plays because of an error.
    pub in_conflict: Vec<usize>,
}

/// What the policy reads of one pack.
pub(super) struct Claims<'a> {
    /// The pack's id.
    pub id: &'a str,
    /// Its folder.
    pub dir: &'a Path,
    /// `pack.toml`'s `priority`.
    pub priority: i32,
    /// `pack.toml`'s `overrides`.
    pub overrides: &'a [String],
    /// `pack.toml`'s `sets`.
    pub sets: &'a [String],
    /// The card ids it defines.
    pub cards: Vec<&'a str>,
}

impl<'a> Claims<'a> {
    fn of(pack: &'a ReadPack) -> Claims<'a> {
        Claims {
            id: &pack.info.id,
            dir: &pack.info.dir,
            priority: pack.priority,
            overrides: &pack.overrides,
            sets: &pack.sets,
            cards: pack.cards.iter().map(|c| c.id.as_str()).collect(),
        }
    }

    fn overrides(&self, card: &str) -> bool {
        self.overrides.iter().any(|o| o == card)
    }

    fn owns(&self, card: &str) -> bool {
        declares(self.sets, card)
    }

    /// Whether the pack may define `card`: it declares no sets, or the
    /// card's set, or lists the card in `overrides`.
    fn may_define(&self, card: &str) -> bool {
        self.sets.is_empty() || self.owns(card) || self.overrides(card)
    }
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
    let claims: Vec<Claims<'a>> = packs.iter().map(Claims::of).collect();
    resolve_claims(&claims, base, diagnostics)
}

/// Card ids whose messages are grouped, by what the message says.
#[derive(Default)]
struct Groups<'a> {
    /// (winner, loser) → ids a priority decided.
    by_priority: BTreeMap<(usize, usize), Vec<&'a str>>,
    /// (loser, owners, winner) → ids a pack without `sets` lost to the
    /// packs that declare their sets, where its priority would have tied
    /// or won.
    undeclared: BTreeMap<UndeclaredKey, Vec<&'a str>>,
    /// (claimants, tied) → ids that tie.
    ties: BTreeMap<(Vec<usize>, Vec<usize>), Vec<&'a str>>,
}

/// (loser, owners, winner).
type UndeclaredKey = (usize, Vec<usize>, Option<usize>);

/// What the policy decided for one card id.
struct Decision {
    winner: Option<usize>,
    rule: SharedCardRule,
    /// Packs whose version an error set aside.
    lost_to_error: Vec<usize>,
}

/// The policy over what the packs claim (see [`resolve`]).
pub(super) fn resolve_claims<'a>(
    packs: &[Claims<'a>],
    base: &HashMap<String, usize>,
    diagnostics: &mut Vec<PackDiagnostic>,
) -> Resolution<'a> {
    // Every pack defining each id; those that may define it; and per pack
    // the ids outside its sets.
    let mut definers: HashMap<&'a str, Vec<usize>> = HashMap::new();
    let mut outside: Vec<Vec<&'a str>> = vec![Vec::new(); packs.len()];
    for (pack_idx, pack) in packs.iter().enumerate() {
        for card in &pack.cards {
            definers.entry(card).or_default().push(pack_idx);
            if !pack.may_define(card) {
                outside[pack_idx].push(card);
            }
        }
    }
    let mut ids: Vec<&'a str> = definers
        .iter()
        .filter(|(id, list)| list.len() > 1 || list.iter().any(|idx| !packs[*idx].may_define(id)))
        .map(|(id, _)| *id)
        .collect();
    ids.sort_unstable();
    let mut out = Resolution {
        winners: HashMap::new(),
        shared: Vec::new(),
        fallback: Vec::new(),
        shadowed: vec![0; packs.len()],
        in_conflict: vec![0; packs.len()],
    };
    let report = Report { packs, base };
    let mut groups = Groups::default();
    for id in ids {
        let Some(all) = definers.get(id) else {
            continue;
        };
        let claimants: Vec<usize> = all
            .iter()
            .copied()
            .filter(|idx| packs[*idx].may_define(id))
            .collect();
        let refused: Vec<usize> = all
            .iter()
            .copied()
            .filter(|idx| !packs[*idx].may_define(id))
            .collect();
        let mut decision = decide(packs, id, &claimants, &report, diagnostics, &mut groups);
        decision.lost_to_error.extend(&refused);
        decision.lost_to_error.sort_unstable();
        for idx in all {
            match decision.winner {
                Some(winner) if winner != *idx => out.shadowed[*idx] += 1,
                Some(_) => {}
                None => out.in_conflict[*idx] += 1,
            }
        }
        out.winners.insert(id, decision.winner);
        let names = |list: &[usize]| -> Vec<String> {
            list.iter().map(|idx| packs[*idx].id.to_owned()).collect()
        };
        if all.len() > 1 {
            out.shared.push(SharedCard {
                card: id.to_owned(),
                packs: names(all),
                used: decision.winner.map(|idx| packs[idx].id.to_owned()),
                rule: decision.rule,
            });
        }
        if !decision.lost_to_error.is_empty() {
            out.fallback.push(FallbackCard {
                card: id.to_owned(),
                not_played: names(&decision.lost_to_error),
                played: match decision.winner {
                    Some(idx) => PlayedVersion::Pack(packs[idx].id.to_owned()),
                    None if base.contains_key(id) => PlayedVersion::Bundled,
                    None => PlayedVersion::LeftOut,
                },
                reason: if decision.rule == SharedCardRule::Conflict {
                    FallbackReason::Conflict
                } else {
                    FallbackReason::Sets
                },
            });
        }
    }
    for (pack_idx, ids) in outside.iter().enumerate() {
        if !ids.is_empty() {
            let mut ids = ids.clone();
            ids.sort_unstable();
            diagnostics.push(report.outside_sets(pack_idx, &ids, &out.winners));
        }
    }
    for ((loser, owners, winner), ids) in &groups.undeclared {
        diagnostics.push(report.undeclared(*loser, owners, *winner, ids));
    }
    for ((winner, loser), ids) in &groups.by_priority {
        diagnostics.push(report.priority_note(*winner, *loser, ids));
    }
    for ((claimants, tied), ids) in &groups.ties {
        for at in report.tie_locations(tied, ids) {
            diagnostics.push(report.tie(at, claimants, tied, ids));
        }
    }
    out
}

/// Who plays one card id among `claimants` (the packs that may define
/// it); messages about single cards go to `diagnostics`, grouped ones to
/// the maps.
fn decide<'a>(
    packs: &[Claims<'_>],
    id: &'a str,
    claimants: &[usize],
    report: &Report<'_>,
    diagnostics: &mut Vec<PackDiagnostic>,
    groups: &mut Groups<'a>,
) -> Decision {
    let found = |winner: Option<usize>, rule| Decision {
        winner,
        rule,
        lost_to_error: Vec::new(),
    };
    match claimants {
        [] => return found(None, SharedCardRule::Sets),
        [only] => return found(Some(*only), SharedCardRule::Sets),
        _ => {}
    }
    let overriding: Vec<usize> = claimants
        .iter()
        .copied()
        .filter(|idx| packs[*idx].overrides(id))
        .collect();
    match overriding.as_slice() {
        [winner] => {
            for other in claimants.iter().filter(|idx| *idx != winner) {
                diagnostics.push(report.override_note(id, *winner, *other));
            }
            return found(Some(*winner), SharedCardRule::Overrides);
        }
        [] => {}
        _ => {
            for idx in &overriding {
                diagnostics.push(report.overridden_twice(*idx, id, claimants, &overriding));
            }
            return Decision {
                winner: None,
                rule: SharedCardRule::Conflict,
                lost_to_error: claimants.to_vec(),
            };
        }
    }
    let owners: Vec<usize> = claimants
        .iter()
        .copied()
        .filter(|idx| packs[*idx].owns(id))
        .collect();
    // The packs priority chooses among: the owners, if any.
    let pool: &[usize] = if owners.is_empty() {
        claimants
    } else {
        &owners
    };
    let top = pool
        .iter()
        .map(|idx| packs[*idx].priority)
        .max()
        .unwrap_or_default();
    let tied: Vec<usize> = pool
        .iter()
        .copied()
        .filter(|idx| packs[*idx].priority == top)
        .collect();
    let winner = match tied.as_slice() {
        [winner] => Some(*winner),
        _ => None,
    };
    let mut lost_to_error = Vec::new();
    for other in claimants.iter().copied().filter(|idx| Some(*idx) != winner) {
        let is_owner = owners.contains(&other);
        let outranked = packs[other].priority < top;
        match (winner, is_owner || owners.is_empty(), outranked) {
            // Priority decided between packs of the same standing.
            (Some(winner), true, _) => groups
                .by_priority
                .entry((winner, other))
                .or_default()
                .push(id),
            // An undeclared pack below the owners: as designed.
            (Some(winner), false, true) => {
                groups
                    .by_priority
                    .entry((winner, other))
                    .or_default()
                    .push(id);
            }
            // An undeclared pack that would have tied or won.
            (_, false, false) => {
                groups
                    .undeclared
                    .entry((other, owners.clone(), winner))
                    .or_default()
                    .push(id);
                lost_to_error.push(other);
            }
            // No winner: a tie, reported below; the lower ranks are named.
            (None, _, _) => {}
        }
    }
    match winner {
        Some(winner) => {
            // Priority alone would have chosen the same pack, or the sets
            // had to.
            let rule = if claimants
                .iter()
                .all(|idx| *idx == winner || packs[*idx].priority < packs[winner].priority)
            {
                SharedCardRule::Priority
            } else {
                SharedCardRule::Sets
            };
            Decision {
                winner: Some(winner),
                rule,
                lost_to_error,
            }
        }
        None => {
            groups
                .ties
                .entry((claimants.to_vec(), tied))
                .or_default()
                .push(id);
            Decision {
                winner: None,
                rule: SharedCardRule::Conflict,
                lost_to_error: claimants.to_vec(),
            }
        }
    }
}

/// Writes the policy's messages.
struct Report<'a> {
    packs: &'a [Claims<'a>],
    base: &'a HashMap<String, usize>,
}

impl Report<'_> {
    /// Where a message about a pack is located: its pack.toml, or its
    /// folder when it has none.
    fn at(&self, idx: usize) -> PathBuf {
        let dir = self.packs[idx].dir;
        let manifest = dir.join("pack.toml");
        if manifest.exists() {
            manifest
        } else {
            dir.to_owned()
        }
    }

    fn id(&self, idx: usize) -> &str {
        self.packs[idx].id
    }

    /// `` `a` (dir) and `b` (dir) ``.
    fn named(&self, list: &[usize]) -> String {
        let names: Vec<String> = list
            .iter()
            .map(|idx| format!("`{}` ({})", self.id(*idx), self.packs[*idx].dir.display()))
            .collect();
        join_and(&names)
    }

    /// `` `a` and `b` ``.
    fn ids(&self, list: &[usize]) -> String {
        let names: Vec<String> = list
            .iter()
            .map(|idx| format!("`{}`", self.id(*idx)))
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

    /// Filed at each of the `overriding` packs.
    fn overridden_twice(
        &self,
        at: usize,
        id: &str,
        claimants: &[usize],
        overriding: &[usize],
    ) -> PackDiagnostic {
        let others: Vec<usize> = claimants.iter().copied().filter(|i| *i != at).collect();
        error_at(
            self.at(at),
            format!(
                "card `{id}` is listed in `overrides` by packs {}, so no pack gets it ({}); only one pack may replace a card: remove it from the others' `overrides` (pack `{}` also defines it: {})",
                self.named(overriding),
                self.fallback(&[id]),
                self.id(at),
                self.ids(&others)
            ),
        )
    }

    /// One error at a pack that declares `sets` for its cards outside
    /// them.
    fn outside_sets(
        &self,
        idx: usize,
        ids: &[&str],
        winners: &HashMap<&str, Option<usize>>,
    ) -> PackDiagnostic {
        let sets: Vec<String> = self.packs[idx]
            .sets
            .iter()
            .map(|s| format!("`{s}`"))
            .collect();
        let sets = sets.join(", ");
        let message = match ids {
            [id] => {
                let instead = match winners.get(id).copied().flatten() {
                    Some(winner) => format!("pack `{}`'s version is used", self.id(winner)),
                    None => self.fallback(ids).to_owned(),
                };
                format!(
                    "card `{id}` is outside this pack's sets ({sets}): add its set to `sets`, or list it in `overrides` to replace another pack's version; until then this pack's version is not played ({instead})"
                )
            }
            _ => {
                let mut codes: Vec<String> = ids
                    .iter()
                    .map(|id| format!("`{}`", set_code(id)))
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                codes.truncate(IDS_SHOWN);
                format!(
                    "{} cards are outside this pack's sets ({sets}): {}: add their sets ({}) to `sets`, or list them in `overrides` to replace other packs' versions; until then this pack's versions are not played",
                    ids.len(),
                    listed(ids),
                    codes.join(", ")
                )
            }
        };
        error_at(self.at(idx), message)
    }

    /// One error at a pack without `sets` for the cards it lost to the
    /// packs that declare their sets, where its priority would have tied
    /// or won.
    fn undeclared(
        &self,
        loser: usize,
        owners: &[usize],
        winner: Option<usize>,
        ids: &[&str],
    ) -> PackDiagnostic {
        let codes: Vec<String> = ids
            .iter()
            .map(|id| format!("`{}`", set_code(id)))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .take(IDS_SHOWN)
            .collect();
        let owned_by = match owners {
            [one] => format!("pack `{}`, which declares", self.id(*one)),
            _ => format!("packs {}, which declare", self.ids(owners)),
        };
        let fix = match ids {
            [_] => {
                "list it in `overrides` to replace that version, or give it an id in a set of this pack's own and declare that set in `sets`"
            }
            _ => {
                "list them in `overrides` to replace those versions, or give them ids in a set of this pack's own and declare that set in `sets`"
            }
        };
        let used = match winner {
            Some(winner) => format!("pack `{}`'s version is used", self.id(winner)),
            None => format!(
                "no pack's version is used: those packs conflict ({})",
                self.fallback(ids)
            ),
        };
        let message = match ids {
            [id] => format!(
                "card `{id}` is also defined by {owned_by} its set ({}) in `sets`; this pack declares no `sets`, so its version is not played ({used}); {fix}",
                codes.join(", ")
            ),
            _ => format!(
                "{} cards are also defined by {owned_by} their sets ({}) in `sets`: {}; this pack declares no `sets`, so its versions are not played ({used}); {fix}",
                ids.len(),
                codes.join(", "),
                listed(ids)
            ),
        };
        error_at(self.at(loser), message)
    }

    /// One note for every card of `loser` that `winner` plays because of
    /// its higher priority.
    fn priority_note(&self, winner: usize, loser: usize, ids: &[&str]) -> PackDiagnostic {
        let (win, lose) = (self.packs[winner].priority, self.packs[loser].priority);
        let why = format!("priority {win} over {lose}");
        let message = match ids {
            [id] => format!(
                "pack `{}`: card `{id}` is also in pack `{}`, whose version is used ({why})",
                self.id(loser),
                self.id(winner),
            ),
            _ => format!(
                "pack `{}`: {} cards also in pack `{}`, whose versions are used ({why}): {}",
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

    /// Where a tie is filed: at each tied pack when they declare the
    /// cards' set (each claims to own the card); when none does, once at
    /// the folder that holds them all (the user's arrangement of packs
    /// clashes, not one pack's claim), or at each when they have no
    /// folder in common. Never by load order.
    fn tie_locations(&self, tied: &[usize], ids: &[&str]) -> Vec<PathBuf> {
        let first = ids.first().copied().unwrap_or_default();
        let declared = tied.iter().any(|idx| self.packs[*idx].owns(first));
        let parents: BTreeSet<Option<&Path>> = tied
            .iter()
            .map(|idx| self.packs[*idx].dir.parent())
            .collect();
        match (declared, parents.into_iter().collect::<Vec<_>>().as_slice()) {
            (false, [Some(parent)]) => vec![parent.to_path_buf()],
            _ => tied.iter().map(|idx| self.at(*idx)).collect(),
        }
    }

    /// One error, filed at `at`, for the cards that the same packs define
    /// with `tied` sharing the highest priority.
    fn tie(
        &self,
        at: PathBuf,
        claimants: &[usize],
        tied: &[usize],
        ids: &[&str],
    ) -> PackDiagnostic {
        let top = tied
            .first()
            .map(|idx| self.packs[*idx].priority)
            .unwrap_or_default();
        let first = ids.first().copied().unwrap_or_default();
        let declared = if tied.iter().all(|idx| self.packs[*idx].owns(first)) {
            ", each declaring the set in `sets`,"
        } else {
            ","
        };
        let fix = "a pack that means to replace another pack's card lists the card's id in `overrides` or sets a higher `priority` in its pack.toml; otherwise give the card an id of its own";
        let message = match ids {
            [id] => format!(
                "card `{id}` is defined by packs {} and none of them lists it in `overrides`; the highest `priority` ({top}) is shared by {}{declared} so no pack gets it ({}); {fix}",
                self.named(claimants),
                self.ids(tied),
                self.fallback(ids)
            ),
            _ => format!(
                "{} cards are defined by packs {} and none of them lists them in `overrides`; the highest `priority` ({top}) is shared by {}{declared} so no pack gets them ({}): {}; {fix}",
                ids.len(),
                self.named(claimants),
                self.ids(tied),
                self.fallback(ids),
                listed(ids)
            ),
        };
        error_at(at, message)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A pack `id` (folder `packs/<id>`, nothing on disk) defining `cards`.
    fn pack<'a>(
        id: &'a str,
        priority: i32,
        sets: &'a [String],
        overrides: &'a [String],
        cards: &[&'a str],
    ) -> Claims<'a> {
        Claims {
            id,
            dir: Path::new(id),
            priority,
            overrides,
            sets,
            cards: cards.to_vec(),
        }
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    fn bundled() -> HashMap<String, usize> {
        HashMap::from([("SD01-001".to_owned(), 0)])
    }

    /// Runs the policy over `packs`, then over them in reverse load order:
    /// the same winners, the same errors at the same places.
    fn both_orders(packs: Vec<Claims<'_>>) -> (HashMap<String, Option<String>>, Vec<String>) {
        let run = |packs: &[Claims<'_>]| {
            let mut diagnostics = Vec::new();
            let out = resolve_claims(packs, &bundled(), &mut diagnostics);
            let winners: HashMap<String, Option<String>> = out
                .winners
                .iter()
                .map(|(id, w)| ((*id).to_owned(), w.map(|idx| packs[idx].id.to_owned())))
                .collect();
            let mut errors: Vec<String> = diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| d.file.display().to_string())
                .collect();
            errors.sort();
            (winners, errors)
        };
        let forward = run(&packs);
        let mut reversed = packs;
        reversed.reverse();
        assert_eq!(run(&reversed), forward, "load order changed the outcome");
        forward
    }

    #[test]
    fn an_undeclared_pack_clashing_with_the_sets_owner_is_blamed_and_the_owner_plays() {
        let (owned, none) = (strings(&["SD01"]), Vec::new());
        let (winners, errors) = both_orders(vec![
            pack("aaa-x", 0, &none, &none, &["SD01-001"]),
            pack(
                "starter-scripts",
                0,
                &owned,
                &none,
                &["SD01-001", "SD01-002"],
            ),
        ]);
        assert_eq!(winners["SD01-001"].as_deref(), Some("starter-scripts"));
        assert_eq!(errors, ["aaa-x"], "filed at the pack that added the clash");
    }

    #[test]
    fn a_card_outside_a_packs_declared_sets_is_that_packs_error_clash_or_not() {
        let (mine, owned, none) = (strings(&["XX01"]), strings(&["SD01"]), Vec::new());
        let mut diagnostics = Vec::new();
        let packs = [
            pack(
                "aaa-x",
                0,
                &mine,
                &none,
                &["SD01-001", "SD01-009", "XX01-001"],
            ),
            pack("starter-scripts", 0, &owned, &none, &["SD01-001"]),
        ];
        let out = resolve_claims(&packs, &bundled(), &mut diagnostics);
        assert_eq!(out.winners.get("SD01-001"), Some(&Some(1)));
        assert_eq!(out.winners.get("SD01-009"), Some(&None), "never played");
        assert_eq!(out.winners.get("XX01-001"), None, "its own card plays");
        let errors: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(
            errors[0].starts_with(
                "aaa-x: error: 2 cards are outside this pack's sets (`XX01`): `SD01-001` and `SD01-009`: add their sets (`SD01`) to `sets`, or list them in `overrides`"
            ),
            "{}",
            errors[0]
        );
        assert_eq!(
            out.fallback
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            [
                "card `SD01-001` plays as pack `starter-scripts`'s version, not as the version of pack `aaa-x` (the card's set is not among that pack's `sets` and it does not list the card in `overrides`; `sve pack check` says more)",
                "card `SD01-009` plays as nothing (it is left out), not as the version of pack `aaa-x` (the card's set is not among that pack's `sets` and it does not list the card in `overrides`; `sve pack check` says more)",
            ]
        );
        assert_eq!((out.shadowed[0], out.in_conflict[0]), (1, 1));
        // One card: the message the pack's author reads.
        let packs = [pack("aaa-x", 0, &mine, &none, &["SD01-001"])];
        let mut diagnostics = Vec::new();
        resolve_claims(&packs, &bundled(), &mut diagnostics);
        assert_eq!(
            diagnostics[0].message,
            "card `SD01-001` is outside this pack's sets (`XX01`): add its set to `sets`, or list it in `overrides` to replace another pack's version; until then this pack's version is not played (it keeps its bundled definition)"
        );
    }

    #[test]
    fn two_packs_declaring_the_set_tie_and_both_are_named_and_blamed() {
        let (owned, none) = (strings(&["SD01"]), Vec::new());
        let mut diagnostics = Vec::new();
        let packs = [
            pack("aaa-x", 0, &owned, &none, &["SD01-001"]),
            pack("starter-scripts", 0, &owned, &none, &["SD01-001"]),
        ];
        let out = resolve_claims(&packs, &bundled(), &mut diagnostics);
        assert_eq!(out.winners.get("SD01-001"), Some(&None));
        let errors: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 2, "{errors:#?}");
        for (error, at) in errors
            .iter()
            .zip(["aaa-x: error", "starter-scripts: error"])
        {
            assert!(
                error.starts_with(at)
                    && error.contains(
                        "shared by `aaa-x` and `starter-scripts`, each declaring the set in `sets`"
                    )
                    && error.contains("it keeps its bundled definition"),
                "{error}"
            );
        }
        assert_eq!(
            out.fallback[0].to_string(),
            "card `SD01-001` plays as its bundled version (no abilities), not as the versions of packs `aaa-x` and `starter-scripts` (the packs conflict over it; `sve pack check` says more)"
        );
        let (_, errors) = both_orders(vec![
            pack("aaa-x", 0, &owned, &none, &["SD01-001"]),
            pack("starter-scripts", 0, &owned, &none, &["SD01-001"]),
        ]);
        assert_eq!(errors, ["aaa-x", "starter-scripts"]);
    }

    #[test]
    fn overrides_beat_sets_and_two_overrides_are_filed_at_both() {
        let (owned, none, fix) = (strings(&["SD01"]), Vec::new(), strings(&["SD01-001"]));
        let (winners, errors) = both_orders(vec![
            pack("aaa-fixes", 0, &none, &fix, &["SD01-001"]),
            pack("starter-scripts", 0, &owned, &none, &["SD01-001"]),
        ]);
        assert_eq!(winners["SD01-001"].as_deref(), Some("aaa-fixes"));
        assert!(errors.is_empty(), "{errors:?}");
        let (winners, errors) = both_orders(vec![
            pack("aaa-fixes", 0, &none, &fix, &["SD01-001"]),
            pack("zzz-fixes", 0, &none, &fix, &["SD01-001"]),
            pack("starter-scripts", 0, &owned, &none, &["SD01-001"]),
        ]);
        assert_eq!(winners["SD01-001"], None);
        assert_eq!(errors, ["aaa-fixes", "zzz-fixes"]);
    }

    #[test]
    fn an_undeclared_pack_below_the_owner_is_a_note_and_undeclared_ties_are_filed_once() {
        let (owned, none) = (strings(&["SD01"]), Vec::new());
        let mut diagnostics = Vec::new();
        let packs = [
            pack("community", -1, &none, &none, &["SD01-001"]),
            pack("starter-scripts", 0, &owned, &none, &["SD01-001"]),
        ];
        let out = resolve_claims(&packs, &bundled(), &mut diagnostics);
        assert_eq!(out.winners.get("SD01-001"), Some(&Some(1)));
        assert!(out.fallback.is_empty(), "as designed: no warning");
        assert_eq!(out.shared[0].rule, SharedCardRule::Priority);
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(diagnostics[0].severity, Severity::Note);
        // Two undeclared folders at one priority: the folder holding them
        // is told, whatever their order.
        let (winners, errors) = both_orders(vec![
            pack("packs/set-a", -1, &none, &none, &["SHR-001"]),
            pack("packs/set-b", -1, &none, &none, &["SHR-001"]),
        ]);
        assert_eq!(winners["SHR-001"], None);
        assert_eq!(errors, ["packs"]);
    }
}
