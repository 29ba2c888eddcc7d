//! [`Activations`]: the zones a card's activated abilities work from. The
//! database keeps one set per definition, so listing legal actions
//! (`engine/flow/legal.rs`, at every decision) passes over zones and
//! cards without activated abilities without reading their abilities.

use super::{AbilityDef, AbilityKind, ActivationZone};

/// Zones with an activated ability, all of them and those usable in Quick
/// windows, one bit per zone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activations {
    any: u8,
    quick: u8,
}

/// A zone's bit.
const fn bit(zone: ActivationZone) -> u8 {
    match zone {
        ActivationZone::Field => 1,
        ActivationZone::Hand => 2,
        ActivationZone::ExArea => 4,
        ActivationZone::Cemetery => 8,
    }
}

impl Activations {
    /// The zones of a card's activated abilities.
    pub fn of(abilities: &[AbilityDef]) -> Activations {
        let mut out = Activations::default();
        for ability in abilities {
            if let AbilityKind::Activated { quick, zone } = ability.kind {
                out.any |= bit(zone);
                if quick {
                    out.quick |= bit(zone);
                }
            }
        }
        out
    }

    /// Both sets together.
    pub const fn with(self, other: Activations) -> Activations {
        Activations {
            any: self.any | other.any,
            quick: self.quick | other.quick,
        }
    }

    /// Whether no activated ability works from any zone.
    pub const fn is_empty(self) -> bool {
        self.any == 0
    }

    /// Whether an activated ability works from `zone` (in a Quick window:
    /// one usable there).
    pub const fn from(self, zone: ActivationZone, quick_window: bool) -> bool {
        let zones = if quick_window { self.quick } else { self.any };
        zones & bit(zone) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn activated(quick: bool, zone: ActivationZone) -> AbilityDef {
        AbilityDef {
            name: "Act".into(),
            kind: AbilityKind::Activated { quick, zone },
            costs: Vec::new(),
            once_per_turn: false,
            union_burst: false,
            advanced: false,
            text: String::new(),
        }
    }

    #[test]
    fn each_zone_and_quickness_is_told_apart() {
        let none = Activations::of(&[]);
        let field = Activations::of(&[activated(false, ActivationZone::Field)]);
        let quick_cemetery = Activations::of(&[activated(true, ActivationZone::Cemetery)]);
        assert!(none.is_empty());
        assert!(!field.is_empty() && !quick_cemetery.is_empty());
        for zone in [
            ActivationZone::Field,
            ActivationZone::Hand,
            ActivationZone::ExArea,
            ActivationZone::Cemetery,
        ] {
            assert!(!none.from(zone, false) && !none.from(zone, true));
            assert_eq!(field.from(zone, false), zone == ActivationZone::Field);
            assert!(!field.from(zone, true), "not usable in a Quick window");
            assert_eq!(
                quick_cemetery.from(zone, true),
                zone == ActivationZone::Cemetery
            );
        }
        let both = field.with(quick_cemetery);
        assert!(both.from(ActivationZone::Field, false));
        assert!(both.from(ActivationZone::Cemetery, false));
        assert!(both.from(ActivationZone::Cemetery, true));
        assert!(!both.from(ActivationZone::Hand, false));
    }
}
