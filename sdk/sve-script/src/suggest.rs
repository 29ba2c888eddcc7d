//! "Did you mean" suggestions: the closest known name by edit distance.
//!
//! Names in SVE Script are case-sensitive, so a wrong case (`fanfare`) is the
//! most likely mistake and always wins; otherwise the candidate with the
//! smallest optimal-string-alignment distance (insertions, deletions,
//! substitutions and swaps of neighbours) wins if it is close enough: at most
//! one edit per three characters, as rustc does.

/// The best candidate for `input`, formatted as a help line, or `None` when
/// nothing is close.
pub(crate) fn did_you_mean<'c>(
    input: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<String> {
    closest(input, candidates).map(|name| format!("did you mean `{name}`?"))
}

/// The candidate closest to `input`, if any is close enough.
pub(crate) fn closest<'c>(
    input: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let input = input.trim();
    if input.is_empty() || input.len() > 64 {
        return None;
    }
    let limit = (input.chars().count() / 3).max(1);
    let lower_input = input.to_ascii_lowercase();
    let mut best: Option<(usize, &'c str)> = None;
    for candidate in candidates {
        if candidate == input {
            continue;
        }
        let distance = if candidate.to_ascii_lowercase() == lower_input {
            0
        } else {
            edit_distance(&lower_input, &candidate.to_ascii_lowercase())
        };
        if distance <= limit && best.is_none_or(|(best_distance, _)| distance < best_distance) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, name)| name)
}

/// Optimal-string-alignment distance between two strings, by characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rolling rows: two back (for swaps), previous, current.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current: Vec<usize> = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            let mut best = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
            if i > 0 && j > 0 && a[i] == b[j - 1] && a[i - 1] == b[j] {
                best = best.min(before[j - 1] + 1);
            }
            current[j + 1] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("DealDamgae", "DealDamage"), 1);
        assert_eq!(edit_distance("same", "same"), 0);
    }

    #[test]
    fn suggestions_prefer_case_fixes_then_close_names() {
        let names = ["Fanfare", "LastWords", "Strike", "OnEvolve"];
        assert_eq!(closest("fanfare", names), Some("Fanfare"));
        assert_eq!(closest("Fanfrae", names), Some("Fanfare"));
        assert_eq!(closest("Lastword", names), Some("LastWords"));
        assert_eq!(closest("Banana", names), None);
        assert_eq!(
            did_you_mean("Strik", names).as_deref(),
            Some("did you mean `Strike`?")
        );
    }
}
