//! What a resolution makes as it runs and reads later in the same
//! resolution: the card name it declared (`DeclareCardName()`, later-sets
//! §12.11, CR 5.33), which the filter item `n(#Declared)` matches, and the
//! X it paid itself for a `(PP, X)` cost of a sub-ability ("you may pay X:
//! ...", later-sets §1.3), which `X` values and `p(m(min,X))` read.
//!
//! A resolution's frames are copies passed down its steps, so what one
//! step makes could not reach the next through them; it is kept here
//! instead, one slot per resolution in progress. Resolutions nest (a
//! played spell resolves inside the ability that played it, and the host
//! may call another card while one runs), so the slots are a stack: each
//! resolution sees only its own, and its slot is gone when it ends, so
//! nothing survives a call.

use std::cell::RefCell;

/// What one resolution made so far.
#[derive(Default)]
struct Slot {
    /// The card name it declared last.
    declared: Option<String>,
    /// The X it paid last for a cost it paid itself.
    paid_x: Option<i32>,
}

thread_local! {
    static SLOTS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// A resolution in progress: its slot lives as long as this does.
pub(super) struct Resolution(());

impl Resolution {
    /// Opens the slot of a resolution that begins.
    pub(super) fn begin() -> Resolution {
        SLOTS.with(|slots| slots.borrow_mut().push(Slot::default()));
        Resolution(())
    }
}

impl Drop for Resolution {
    fn drop(&mut self) {
        SLOTS.with(|slots| slots.borrow_mut().pop());
    }
}

/// Changes the running resolution's slot (outside any, nothing).
fn with_slot(change: impl FnOnce(&mut Slot)) {
    SLOTS.with(|slots| {
        if let Some(slot) = slots.borrow_mut().last_mut() {
            change(slot);
        }
    });
}

/// The running resolution declared `name` (a later declaration replaces
/// it).
pub(super) fn declare(name: String) {
    with_slot(|slot| slot.declared = Some(name));
}

/// The name the running resolution declared, if any.
pub(crate) fn current() -> Option<String> {
    SLOTS.with(|slots| slots.borrow().last().and_then(|slot| slot.declared.clone()))
}

/// The running resolution paid X = `x` for a cost it paid itself (a later
/// payment replaces it).
pub(super) fn pay_x(x: i32) {
    with_slot(|slot| slot.paid_x = Some(x));
}

/// The X the running resolution paid itself, if it paid one: read before
/// the X the host paid for the ability's own `[costX]`.
pub(crate) fn paid_x() -> Option<i32> {
    SLOTS.with(|slots| slots.borrow().last().and_then(|slot| slot.paid_x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_resolution_sees_its_own_name_and_none_survives_it() {
        assert_eq!(current(), None);
        {
            let _outer = Resolution::begin();
            declare("Goblin".to_owned());
            {
                let _inner = Resolution::begin();
                assert_eq!(current(), None);
                declare("Fairy".to_owned());
                assert_eq!(current().as_deref(), Some("Fairy"));
            }
            assert_eq!(current().as_deref(), Some("Goblin"));
        }
        assert_eq!(current(), None);
        // Outside any resolution a declaration goes nowhere.
        declare("Lost".to_owned());
        assert_eq!(current(), None);
    }

    #[test]
    fn each_resolution_sees_its_own_x_and_none_survives_it() {
        assert_eq!(paid_x(), None);
        {
            let _outer = Resolution::begin();
            pay_x(2);
            {
                let _inner = Resolution::begin();
                assert_eq!(paid_x(), None);
                pay_x(5);
                assert_eq!(paid_x(), Some(5));
            }
            assert_eq!(paid_x(), Some(2));
        }
        assert_eq!(paid_x(), None);
        pay_x(3);
        assert_eq!(paid_x(), None);
    }
}
