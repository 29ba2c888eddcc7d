//! The card name an ability declared (`DeclareCardName()`, later-sets
//! §12.11, CR 5.33), which the filter item `n(#Declared)` matches for the
//! rest of that ability.
//!
//! A resolution's frames are copies passed down its steps, so a name
//! declared in one step of a `Sequence` could not reach the next through
//! them; it is kept here instead, one slot per resolution in progress.
//! Resolutions nest (a played spell resolves inside the ability that
//! played it, and the host may call another card while one runs), so the
//! slots are a stack: each resolution sees only its own name, and its slot
//! is gone when it ends, so nothing survives a call.

use std::cell::RefCell;

thread_local! {
    static DECLARED: RefCell<Vec<Option<String>>> = const { RefCell::new(Vec::new()) };
}

/// A resolution in progress: its slot lives as long as this does.
pub(super) struct Resolution(());

impl Resolution {
    /// Opens the slot of a resolution that begins.
    pub(super) fn begin() -> Resolution {
        DECLARED.with(|slots| slots.borrow_mut().push(None));
        Resolution(())
    }
}

impl Drop for Resolution {
    fn drop(&mut self) {
        DECLARED.with(|slots| slots.borrow_mut().pop());
    }
}

/// The running resolution declared `name` (a later declaration replaces
/// it).
pub(super) fn declare(name: String) {
    DECLARED.with(|slots| {
        if let Some(slot) = slots.borrow_mut().last_mut() {
            *slot = Some(name);
        }
    });
}

/// The name the running resolution declared, if any.
pub(crate) fn current() -> Option<String> {
    DECLARED.with(|slots| slots.borrow().last().cloned().flatten())
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
}
