//! The estimate reported for a metric: n, mean, standard deviation, standard error and a 95%
//! interval (normal for means, Wilson for shares).

use statrs::distribution::{ContinuousCDF, Normal};

use super::histogram::Histogram;
use serde::{Deserialize, Serialize};

/// How a metric is summarised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetricKind {
    /// A mean of integer observations, with a normal interval.
    Mean,
    /// A share of 0/1 observations, with a Wilson interval.
    Proportion,
}

/// The two-sided 95% normal quantile, from statrs rather than a hard-coded 1.96.
pub fn z95() -> f64 {
    Normal::new(0.0, 1.0)
        .expect("the standard normal is valid")
        .inverse_cdf(0.975)
}

/// A reported estimate: n, mean, standard deviation, standard error and 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Number of observations.
    pub n: u64,
    /// Mean (a share, for proportions).
    pub mean: f64,
    /// Sample standard deviation of one observation.
    pub sd: f64,
    /// Standard error of the mean.
    pub se: f64,
    /// Lower end of the 95% interval.
    pub ci_low: f64,
    /// Upper end of the 95% interval.
    pub ci_high: f64,
}

impl Estimate {
    /// The estimate of a histogram summarised as `kind`.
    pub fn of(kind: MetricKind, h: &Histogram) -> Self {
        Self::at(kind, h, z95())
    }

    /// [`of`](Self::of) with its interval `z` standard errors either side (Wilson's at `z` for a
    /// proportion) in place of the fixed interval's 1.96: a confidence sequence's multiplier
    /// ([`crate::stats::ConfidenceSequence`]) for a run that stopped on its own figures.
    pub fn at(kind: MetricKind, h: &Histogram, z: f64) -> Self {
        let n = h.count();
        let mean = h.mean();
        let sd = h.variance().sqrt();
        let se = sd / (n as f64).sqrt();
        let (ci_low, ci_high) = match kind {
            MetricKind::Mean => (mean - z * se, mean + z * se),
            MetricKind::Proportion => wilson(h.count_of(1), n, z),
        };
        Self {
            n,
            mean,
            sd,
            se,
            ci_low,
            ci_high,
        }
    }
}

/// Wilson score interval for `hits` out of `n` at normal quantile `z`.
///
/// Unlike the plain normal interval it stays inside [0, 1] and keeps its coverage when the share
/// is near 0 or 1, which is where win rates of lopsided strategies live.
pub fn wilson(hits: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let n = n as f64;
    let p = hits as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // At 0 or n hits the end is exactly 0 or 1; rounding could leave it an ulp off.
    let low = if hits == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if hits as f64 == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

impl Estimate {
    /// The estimate of a share from counts out of `per` (each observation a count from 0 to
    /// `per`, the share its count over `per`): a policy's wins among the `per` seats it held in
    /// a game. Its spread is that of the games, so seats that win or lose together (identical
    /// seats on shared dice) widen the interval as they should, which counting seat-games as
    /// independent trials (Wilson) would hide; a normal interval, kept within [0, 1].
    pub fn of_shares(h: &Histogram, per: u32) -> Self {
        Self::of_shares_at(h, per, z95())
    }

    /// [`of_shares`](Self::of_shares) with its interval `z` standard errors either side.
    pub fn of_shares_at(h: &Histogram, per: u32, z: f64) -> Self {
        let e = Self::at(MetricKind::Mean, h, z);
        let per = f64::from(per);
        Self {
            n: e.n,
            mean: e.mean / per,
            sd: e.sd / per,
            se: e.se / per,
            ci_low: (e.ci_low / per).max(0.0),
            ci_high: (e.ci_high / per).min(1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_of_seats_keep_the_spread_of_games() {
        // Two identical seats: each game both win (2) or neither (0), half the time each.
        let together = Histogram::from_dense(0, &[50, 0, 50]);
        let e = Estimate::of_shares(&together, 2);
        assert_eq!((e.n, e.mean), (100, 0.5));
        // The spread of one seat's 0/1, not the smaller one of 200 independent seat-games.
        assert!(
            (e.sd - (0.25f64 * 100.0 / 99.0).sqrt()).abs() < 1e-12,
            "{}",
            e.sd
        );
        let apart = Histogram::from_dense(0, &[0, 100, 0]);
        let e = Estimate::of_shares(&apart, 2);
        assert_eq!((e.mean, e.sd, e.ci_low, e.ci_high), (0.5, 0.0, 0.5, 0.5));
    }

    #[test]
    fn wilson_matches_a_textbook_value() {
        // 81 of 263: Wilson 95% interval (0.2553, 0.3662) (Newcombe 1998 style check)
        let (lo, hi) = wilson(81, 263, z95());
        assert!((lo - 0.2553).abs() < 5e-4, "{lo}");
        assert!((hi - 0.3662).abs() < 5e-4, "{hi}");
        let (lo, hi) = wilson(0, 10, z95());
        assert_eq!(lo, 0.0);
        assert!(hi > 0.27 && hi < 0.28, "{hi}");
    }

    #[test]
    fn normal_interval_uses_se() {
        let h = Histogram::from_dense(0, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
        let e = Estimate::of(MetricKind::Mean, &h);
        assert_eq!(e.n, 2);
        assert_eq!(e.mean, 5.0);
        assert!((e.sd - 50f64.sqrt()).abs() < 1e-12);
        assert!((e.se - 5.0).abs() < 1e-12);
        assert!((e.ci_high - (5.0 + 1.959_963_984_540_054 * 5.0)).abs() < 1e-9);
    }
}
