//! The statistics an arena reports: Wilson score intervals for win rates
//! and Bradley–Terry ratings on the Elo scale.

/// The Wilson score interval at 95% for `successes` out of `trials`
/// (`successes` may hold halves: a draw counts half): `[low, high]`.
/// With no trials it is `[0, 1]`.
pub fn wilson95(successes: f64, trials: f64) -> [f64; 2] {
    if trials <= 0.0 {
        return [0.0, 1.0];
    }
    const Z: f64 = 1.959_963_984_540_054;
    let p = (successes / trials).clamp(0.0, 1.0);
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / trials;
    let centre = (p + z2 / (2.0 * trials)) / denominator;
    let half = Z * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt() / denominator;
    // The interval holds `p` (rounding could push a bound past it at 0 or 1).
    [(centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0)]
}

/// Bradley–Terry strengths from a table of results, as Elo-scale ratings
/// centred on 1500: `score[i][j]` is what `i` scored against `j` (wins,
/// plus half the draws). Fitted by the minorization–maximization
/// iteration (Hunter 2004), with one virtual draw between every pair that
/// met so that a player who never lost still gets a finite rating.
pub fn bradley_terry_elo(score: &[Vec<f64>]) -> Vec<f64> {
    let n = score.len();
    if n == 0 {
        return Vec::new();
    }
    let games = |i: usize, j: usize| score[i][j] + score[j][i];
    let met = |i: usize, j: usize| i != j && games(i, j) > 0.0;
    let prior = |i: usize, j: usize| if met(i, j) { 0.5 } else { 0.0 };
    let mut strength = vec![1.0f64; n];
    for _ in 0..1000 {
        let mut next = vec![0.0; n];
        for i in 0..n {
            let wins: f64 = (0..n).map(|j| score[i][j] + prior(i, j)).sum();
            let denominator: f64 = (0..n)
                .filter(|&j| met(i, j))
                .map(|j| (games(i, j) + 2.0 * prior(i, j)) / (strength[i] + strength[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                wins / denominator
            } else {
                strength[i]
            };
        }
        // Fix the scale: geometric mean 1.
        let log_mean = next.iter().map(|s| s.max(1e-300).ln()).sum::<f64>() / n as f64;
        for s in &mut next {
            *s = (s.max(1e-300).ln() - log_mean).exp();
        }
        let change = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-10 {
            break;
        }
    }
    strength
        .iter()
        .map(|s| 1500.0 + 400.0 * s.log10())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 65 of 100: the textbook interval is about [0.553, 0.736].
        let [low, high] = wilson95(65.0, 100.0);
        assert!((low - 0.5525).abs() < 0.001, "{low}");
        assert!((high - 0.7363).abs() < 0.001, "{high}");
        let [low, high] = wilson95(0.0, 10.0);
        assert_eq!(low, 0.0);
        assert!(high > 0.25 && high < 0.35);
        assert_eq!(wilson95(0.0, 0.0), [0.0, 1.0]);
    }

    #[test]
    fn bradley_terry_orders_and_spaces_players() {
        // A beats B 3 to 1: the rating gap is 400·log10(3) ≈ 191 without
        // the prior, a little less with it.
        let ratings = bradley_terry_elo(&[vec![0.0, 75.0], vec![25.0, 0.0]]);
        let gap = ratings[0] - ratings[1];
        assert!(gap > 180.0 && gap < 192.0, "{gap}");
        assert!((ratings[0] + ratings[1] - 3000.0).abs() < 1e-6);
        // A player who never lost still has a finite rating.
        let ratings = bradley_terry_elo(&[vec![0.0, 10.0], vec![0.0, 0.0]]);
        assert!(ratings[0].is_finite() && ratings[0] > ratings[1]);
    }
}
