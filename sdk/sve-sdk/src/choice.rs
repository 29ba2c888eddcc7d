//! [`Choice`]: typed answers to "choose one" questions.

/// A set of options a player chooses between, usually an enum with one
/// variant per option. List each variant once, with the label the player
/// reads; [`Game::choose`](crate::Game::choose) returns the variant picked.
///
/// ```
/// use sve_sdk::Choice;
///
/// #[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// enum Mode {
///     Destroy,
///     Storm,
/// }
///
/// impl Choice for Mode {
///     const OPTIONS: &'static [(Mode, &'static str)] = &[
///         (Mode::Destroy, "Destroy an enemy follower"),
///         (Mode::Storm, "Give this follower Storm"),
///     ];
/// }
///
/// assert_eq!(Mode::Storm.label(), "Give this follower Storm");
/// ```
pub trait Choice: Copy + PartialEq + 'static {
    /// Every option with its label, in the order the player sees them.
    const OPTIONS: &'static [(Self, &'static str)];

    /// The option's label (empty if [`OPTIONS`](Choice::OPTIONS) misses it).
    fn label(self) -> &'static str {
        Self::OPTIONS
            .iter()
            .find(|(option, _)| *option == self)
            .map_or("", |(_, label)| label)
    }
}

/// The option the host's answer names: the first pick, or the first option
/// when the host picked none; `None` when there are no options.
pub(crate) fn picked<T: Clone>(options: &[(T, String)], picks: &[u32]) -> Option<T> {
    let index = picks.first().map_or(0, |i| *i as usize);
    options
        .get(index)
        .or(options.first())
        .map(|(option, _)| option.clone())
}

#[cfg(test)]
mod tests {
    use super::{Choice, picked};

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Mode {
        MaxPlayPoint,
        Draw,
    }

    impl Choice for Mode {
        const OPTIONS: &'static [(Mode, &'static str)] = &[
            (Mode::MaxPlayPoint, "Increase your maximum play points by 1"),
            (Mode::Draw, "Draw a card"),
        ];
    }

    fn options() -> Vec<(Mode, String)> {
        Mode::OPTIONS
            .iter()
            .map(|(mode, label)| (*mode, (*label).to_owned()))
            .collect()
    }

    #[test]
    fn each_variant_has_its_label() {
        assert_eq!(Mode::Draw.label(), "Draw a card");
        assert_eq!(
            Mode::MaxPlayPoint.label(),
            "Increase your maximum play points by 1"
        );
    }

    #[test]
    fn the_answer_is_the_variant_at_the_picked_index() {
        assert_eq!(picked(&options(), &[1]), Some(Mode::Draw));
        assert_eq!(picked(&options(), &[0]), Some(Mode::MaxPlayPoint));
    }

    #[test]
    fn no_pick_or_a_pick_out_of_range_is_the_first_option() {
        assert_eq!(picked(&options(), &[]), Some(Mode::MaxPlayPoint));
        assert_eq!(picked(&options(), &[7]), Some(Mode::MaxPlayPoint));
        assert_eq!(picked::<Mode>(&[], &[0]), None);
    }
}
