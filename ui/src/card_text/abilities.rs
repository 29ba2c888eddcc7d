//! An ability definition in the player's words, for the inspector: its
//! kind and timing ("automatic: When this evolves"), where it works, its
//! costs ("pay 2 play points, engage this card") and what a passive gives,
//! instead of the engine's `Debug` text (`Triggered(OnEvolve)`).

use super::glossary::{keyword_entries, keyword_words, trigger_words};
use sve_engine::cards::{
    AbilityDef, ActivationZone, CardDb, CostItem, CostMove, CostPick, CostZone, Keywords,
};
use sve_net::inspect::{AbilitySort, GrantSort};

/// "automatic: When this evolves, once per turn, costs: pay 1 play point";
/// keywords a passive gives are named as `db` names them.
pub fn ability_kind_words(db: &CardDb, ability: &AbilityDef) -> String {
    ability_sort_words(
        db,
        &AbilitySort::of(ability),
        ability.once_per_turn,
        &ability.costs,
    )
}

/// [`ability_kind_words`] from the inspector's data (`sve_net::inspect`),
/// which a server sends.
pub fn ability_sort_words(
    db: &CardDb,
    sort: &AbilitySort,
    once_per_turn: bool,
    costs: &[CostItem],
) -> String {
    let mut kind = match sort {
        AbilitySort::Triggered { ability_name } => {
            let name = ability_name.as_str();
            format!("automatic: {}", trigger_words(name).unwrap_or(name))
        }
        AbilitySort::Activated { quick, zone } => format!(
            "activated {}{}",
            zone_words(*zone),
            if *quick { ", also at Quick timing" } else { "" }
        ),
        AbilitySort::Spell => "spell".to_owned(),
        AbilitySort::Sub => "part of another ability".to_owned(),
        AbilitySort::Passive(grant) => format!("passive: {}", grant_words(db, *grant)),
    };
    if once_per_turn {
        kind.push_str(", once per turn");
    }
    if !costs.is_empty() {
        let costs: Vec<String> = costs.iter().map(cost_words).collect();
        kind.push_str(&format!(", costs: {}", costs.join(", ")));
    }
    kind
}

/// Keywords as a list of player words ("Ward, Ignores Ward"), or "none";
/// declared keywords by their names in `db`.
pub fn keyword_list(db: &CardDb, keywords: Keywords) -> String {
    let words: Vec<&str> = keyword_entries(db, keywords).map(|w| w.label).collect();
    if words.is_empty() {
        "none".to_owned()
    } else {
        words.join(", ")
    }
}

fn zone_words(zone: ActivationZone) -> &'static str {
    match zone {
        ActivationZone::Field => "on the field",
        ActivationZone::Hand => "from the hand",
        ActivationZone::ExArea => "from the EX area",
        ActivationZone::Cemetery => "from the cemetery",
    }
}

fn grant_words(db: &CardDb, grant: GrantSort) -> String {
    match grant {
        GrantSort::Keywords(keywords) => format!("gives {}", keyword_list(db, keywords)),
        GrantSort::Stats { attack, defense } => format!("gives {attack:+}/{defense:+}"),
        GrantSort::Cost(n) => format!("cost {n:+}"),
        GrantSort::CostBy => "changes a cost".to_owned(),
        GrantSort::DamageTaken(replacement) => format!("protects ({})", replacement.words()),
        GrantSort::InsteadOfCemetery(zone) => {
            format!("sends to {} instead of the cemetery", zone.words())
        }
        GrantSort::BecomesType(card_type) => format!("makes it {}", card_type.name()),
    }
}

fn cost_words(cost: &CostItem) -> String {
    let cards = |n: u8| if n == 1 { "card" } else { "cards" };
    match cost {
        CostItem::PlayPoints(n) => {
            format!("pay {n} play point{}", if *n == 1 { "" } else { "s" })
        }
        CostItem::PlayPointsX => "pay X play points (you choose X)".to_owned(),
        CostItem::SkipNextTurn => "skip your next turn".to_owned(),
        CostItem::EngageSelf => "engage this card".to_owned(),
        CostItem::LeaderDefense(n) => format!("your leader loses {n} defense"),
        CostItem::Discard(n, _) => format!("discard {n} {}", cards(*n)),
        CostItem::BanishFromCemetery(n, _) => {
            format!("banish {n} {} from your cemetery", cards(*n))
        }
        CostItem::BurySelf => "put this card into the cemetery".to_owned(),
        // Lesson (n) (later-sets §3.2, CR 14.3.2): its printed word.
        CostItem::MoveOwn(own)
            if own.action == CostMove::Banish
                && own.from == CostZone::ExArea
                && own.filter.name.as_deref() == Some(sve_engine::engine::MAGICAL_ITEM)
                && matches!(own.pick, CostPick::Choose { min, max } if min == max) =>
        {
            let n = match own.pick {
                CostPick::Choose { max, .. } => max,
                CostPick::All => 0,
            };
            format!(
                "Lesson ({n}): banish {n} Magical Item{} from your EX area",
                if n == 1 { "" } else { "s" }
            )
        }
        CostItem::MoveOwn(own) => {
            let how_many = match own.pick {
                CostPick::Choose { min, max } if min == max => format!("{min}"),
                CostPick::Choose { min, max } => format!("{min} to {max}"),
                CostPick::All => "all".to_owned(),
            };
            let from = match own.from {
                CostZone::Field => "on your field",
                CostZone::ExArea => "in your EX area",
                CostZone::FieldAndExArea => "on your field or in your EX area",
            };
            let action = match own.action {
                CostMove::Bury => "put into the cemetery",
                CostMove::ReturnToHand => "return to the hand",
                CostMove::Banish => "banish",
            };
            format!("{action} {how_many} of your cards {from}")
        }
        CostItem::ReturnSelfToHand => "return this card to your hand".to_owned(),
        // Later-sets §2.5: a Ride's cost besides its play points.
        CostItem::DrivePoint => {
            "put a face-down Drive Point from your evolve deck into your drive zone".to_owned()
        }
        CostItem::BanishSelf => "banish this card".to_owned(),
        CostItem::RemoveCounters(counter, n) => {
            format!(
                "remove {n} {} counter{}",
                counter.name(),
                if *n == 1 { "" } else { "s" }
            )
        }
        // Numbered by the card pool when it is built: only a card that
        // can't be played keeps this form.
        CostItem::RemoveNamedCounters(name, n) => {
            format!(
                "remove {n} {name} counter{}",
                if *n == 1 { "" } else { "s" }
            )
        }
        // Later-sets §9: the hand and EX cards go to the cemetery and this
        // card into the EX area.
        CostItem::Fuse(fuse) if fuse.min == fuse.max => format!(
            "Fuse {}: discard or bury from your EX area {} other {}, and put this card into your EX area",
            fuse.max,
            fuse.max,
            cards(fuse.max)
        ),
        CostItem::Fuse(fuse) => format!(
            "Fuse {} or less: discard or bury from your EX area {} to {} other cards, and put this card into your EX area",
            fuse.max, fuse.min, fuse.max
        ),
        CostItem::EarthRite(n) => format!(
            "{} ({n})",
            Keywords::EARTH_RITE
                .infos()
                .next()
                .map_or("Earth Rite", |info| keyword_words(info).label)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sve_engine::cards::{AbilityKind, Trigger};

    fn ability(kind: AbilityKind, costs: Vec<CostItem>) -> AbilityDef {
        AbilityDef {
            name: "Test".to_owned(),
            kind,
            costs,
            once_per_turn: false,
            union_burst: false,
            advanced: false,
            text: String::new(),
        }
    }

    #[test]
    fn kinds_and_costs_read_as_words() {
        let db = crate::fixture::declared_db();
        assert_eq!(
            ability_kind_words(
                &db,
                &ability(AbilityKind::Triggered(Trigger::OnEvolve), Vec::new())
            ),
            "automatic: When this evolves"
        );
        assert_eq!(
            ability_kind_words(
                &db,
                &ability(
                    AbilityKind::Activated {
                        quick: true,
                        zone: ActivationZone::Field
                    },
                    vec![
                        CostItem::PlayPoints(2),
                        CostItem::EngageSelf,
                        CostItem::EarthRite(1)
                    ],
                )
            ),
            "activated on the field, also at Quick timing, costs: pay 2 play points, engage this card, Earth Rite (1)"
        );
        // Lesson (2), as the SDK's `lesson(2)` and SVE Script write it.
        let lesson = CostItem::MoveOwn(sve_engine::cards::OwnCardsCost {
            action: CostMove::Banish,
            from: CostZone::ExArea,
            filter: sve_engine::cards::CardFilter {
                name: Some("Magical Item".to_owned()),
                ..Default::default()
            },
            pick: CostPick::Choose { min: 2, max: 2 },
        });
        assert_eq!(
            cost_words(&lesson),
            "Lesson (2): banish 2 Magical Items from your EX area"
        );
        assert_eq!(
            keyword_list(&db, Keywords::WARD | Keywords::IGNORE_WARD),
            "Ward, Ignores Ward"
        );
        assert_eq!(keyword_list(&db, Keywords::empty()), "none");
        // A declared keyword by its name, after the built-in ones; a bit
        // the pool declares nothing for, left out.
        assert_eq!(
            keyword_list(
                &db,
                Keywords::declared(0) | Keywords::declared(9) | Keywords::WARD
            ),
            "Ward, Overheat"
        );
        let gives = AbilitySort::Passive(GrantSort::Keywords(Keywords::declared(0)));
        assert_eq!(
            ability_sort_words(&db, &gives, false, &[]),
            "passive: gives Overheat"
        );
    }
}
