//! Fitting the curve from an engine score to a win chance on games whose results are known, and
//! measuring how well a curve predicts other games: a reliability table in ten bins and the
//! Brier score. `cargo bench --bench calibration` runs it on self-play games.

use super::logistic;

/// One position of a finished game: the engine's score for the player to move and what that
/// player got in the end (1 a win, ½ a draw, 0 a loss).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// The engine's score for the player to move.
    pub score: f64,
    /// The player's result.
    pub result: f64,
}

/// The mean cross-entropy of `samples` under the logistic curve of `scale` (lower is better).
pub fn cross_entropy(samples: &[Sample], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = logistic(s.score, scale).clamp(1e-9, 1.0 - 1e-9);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale of the logistic curve that best predicts `samples` (maximum likelihood), searched
/// between `low` and `high` on a logarithmic scale.
pub fn fit_scale(samples: &[Sample], low: f64, high: f64) -> f64 {
    // Golden-section search on ln(scale): the cross-entropy is unimodal in it.
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (low.ln(), high.ln());
    let loss = |x: f64| cross_entropy(samples, x.exp());
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    for _ in 0..100 {
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
        c = b - ratio * (b - a);
        d = a + ratio * (b - a);
    }
    ((a + b) / 2.0).exp()
}

/// One bin of a reliability table: the positions whose predicted chance fell in it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bin {
    /// The bin's lowest predicted chance (the bins are tenths).
    pub from: f64,
    /// Positions in it.
    pub count: usize,
    /// Their mean predicted chance.
    pub predicted: f64,
    /// Their mean result.
    pub observed: f64,
}

/// How well the curve of `scale` predicts `samples`: ten bins of predicted chance, and the
/// Brier score (the mean squared difference between prediction and result; 0.25 is a coin).
pub fn reliability(samples: &[Sample], scale: f64) -> (Vec<Bin>, f64) {
    let mut bins: Vec<Bin> = (0..10)
        .map(|i| Bin {
            from: f64::from(i) / 10.0,
            count: 0,
            predicted: 0.0,
            observed: 0.0,
        })
        .collect();
    let mut squared = 0.0;
    for sample in samples {
        let p = logistic(sample.score, scale);
        squared += (p - sample.result).powi(2);
        let bin = &mut bins[((p * 10.0) as usize).min(9)];
        bin.count += 1;
        bin.predicted += p;
        bin.observed += sample.result;
    }
    for bin in &mut bins {
        if bin.count > 0 {
            bin.predicted /= bin.count as f64;
            bin.observed /= bin.count as f64;
        }
    }
    (bins, squared / samples.len().max(1) as f64)
}

/// A reliability table in Markdown, then the Brier score.
pub fn markdown(bins: &[Bin], brier: f64) -> String {
    let mut out =
        String::from("| predicted | positions | mean predicted | observed |\n|---|---|---|---|\n");
    for bin in bins.iter().filter(|bin| bin.count > 0) {
        out.push_str(&format!(
            "| {:.0}–{:.0} % | {} | {:.1} % | {:.1} % |\n",
            bin.from * 100.0,
            bin.from * 100.0 + 10.0,
            bin.count,
            bin.predicted * 100.0,
            bin.observed * 100.0
        ));
    }
    out.push_str(&format!("\nBrier score: {brier:.4}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known curve give its scale back.
    #[test]
    fn the_fit_finds_the_scale_results_were_drawn_with() {
        let mut state = 7u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let score = (next() - 0.5) * 2000.0;
                let won = next() < logistic(score, 250.0);
                Sample {
                    score,
                    result: if won { 1.0 } else { 0.0 },
                }
            })
            .collect();
        let scale = fit_scale(&samples, 10.0, 10_000.0);
        assert!((scale - 250.0).abs() < 20.0, "{scale}");
        let (bins, brier) = reliability(&samples, scale);
        assert!(brier < 0.2, "{brier}");
        for bin in bins.iter().filter(|bin| bin.count > 500) {
            assert!((bin.predicted - bin.observed).abs() < 0.05, "{bin:?}");
        }
    }
}
