//! Mergeable accumulators and the estimates reported from them.
//!
//! Every metric dicelab reports is integer-valued (points, turns, rounds, 0/1 outcomes), so the
//! accumulator is an exact histogram: value -> count. Count, sum (`i128`), variance (a second
//! pass around the exact mean), quantiles and the distribution all derive from it. Merging adds counts, which is
//! exact, associative and commutative, so the result cannot depend on how units were split over
//! threads, shards or machines, and a report is byte-identical for any split. (A floating
//! Welford/Chan merge is order-dependent in its last bits; exact integers are not.) Memory is
//! bounded by the range of values, never by the number of units.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};

use crate::error::{Error, Result};

/// An exact histogram of integer observations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    counts: BTreeMap<i64, u64>,
}

impl Histogram {
    /// An empty histogram.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `count` observations of `value`.
    pub fn add(&mut self, value: i64, count: u64) {
        if count > 0 {
            *self.counts.entry(value).or_insert(0) += count;
        }
    }

    /// Builds a histogram from dense counts where `counts[i]` counts the value `offset + i`.
    pub fn from_dense(offset: i64, counts: &[u64]) -> Self {
        let mut h = Self::new();
        for (i, &c) in counts.iter().enumerate() {
            h.add(offset + i as i64, c);
        }
        h
    }

    /// Adds every observation of `other`. The two counts together must fit in 64 bits, which
    /// [`Tally::merge`] checks (only a damaged accumulator file could break it).
    pub fn merge(&mut self, other: &Histogram) {
        for (v, c) in other.iter() {
            self.add(v, c);
        }
    }

    /// Number of observations.
    pub fn count(&self) -> u64 {
        self.counts.values().sum()
    }

    /// Number of observations, or `None` if it does not fit in 64 bits.
    pub fn checked_count(&self) -> Option<u64> {
        self.counts
            .values()
            .try_fold(0u64, |a, &c| a.checked_add(c))
    }

    /// Exact sum of the observations.
    pub fn sum(&self) -> i128 {
        self.counts
            .iter()
            .map(|(&v, &c)| i128::from(v) * i128::from(c))
            .sum()
    }

    /// Smallest value observed.
    pub fn min(&self) -> Option<i64> {
        self.counts.keys().next().copied()
    }

    /// Largest value observed.
    pub fn max(&self) -> Option<i64> {
        self.counts.keys().next_back().copied()
    }

    /// Count of observations equal to `value`.
    pub fn count_of(&self, value: i64) -> u64 {
        self.counts.get(&value).copied().unwrap_or(0)
    }

    /// (value, count) pairs in increasing value order.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts.iter().map(|(&v, &c)| (v, c))
    }

    /// Mean of the observations (NaN when empty).
    pub fn mean(&self) -> f64 {
        let n = self.count();
        if n == 0 {
            return f64::NAN;
        }
        self.sum() as f64 / n as f64
    }

    /// Sample variance (n - 1 denominator; NaN with fewer than two observations).
    ///
    /// Computed as a second pass over the histogram around the exact mean, in value order, so it
    /// is both precise (no cancellation of large sums) and deterministic.
    pub fn variance(&self) -> f64 {
        let n = self.count();
        if n < 2 {
            return f64::NAN;
        }
        let mean = self.mean();
        let m2: f64 = self
            .iter()
            .map(|(v, c)| {
                let d = v as f64 - mean;
                c as f64 * d * d
            })
            .sum();
        m2 / (n - 1) as f64
    }

    /// The smallest value whose cumulative share reaches `q` (0 < q <= 1).
    pub fn quantile(&self, q: f64) -> Option<i64> {
        let n = self.count();
        let need = (q * n as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (v, c) in self.iter() {
            seen += c;
            if seen >= need {
                return Some(v);
            }
        }
        None
    }
}

/// How a metric is summarised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MetricKind {
    /// A mean of integer observations, with a normal interval.
    Mean,
    /// A share of 0/1 observations, with a Wilson interval.
    Proportion,
}

/// One named metric of a run: its kind and every observation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metric {
    /// Name as it appears in the `metric` column.
    pub name: String,
    /// The policy (or pair of policies) the metric belongs to, when a run has several; the
    /// `policy` column then shows it instead of the run's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// How the estimate and interval are formed.
    pub kind: MetricKind,
    /// Whether the distribution is written to `distribution.csv` and plotted.
    pub plotted: bool,
    /// Every observation.
    pub histogram: Histogram,
}

impl Metric {
    /// A metric summarised by its mean.
    pub fn mean(name: &str, plotted: bool, histogram: Histogram) -> Self {
        Self {
            name: name.to_string(),
            policy: None,
            kind: MetricKind::Mean,
            plotted,
            histogram,
        }
    }

    /// The metric, marked as belonging to `policy`.
    pub fn of_policy(mut self, policy: &str) -> Self {
        self.policy = Some(policy.to_string());
        self
    }

    /// The key of the metric's exact values: its name, with its policy when it has one.
    pub fn key(&self) -> String {
        exact_key(&self.name, self.policy.as_deref())
    }

    /// A proportion from `hits` successes out of `trials`.
    pub fn proportion(name: &str, hits: u64, trials: u64) -> Self {
        let mut histogram = Histogram::new();
        histogram.add(1, hits);
        histogram.add(0, trials - hits);
        Self {
            name: name.to_string(),
            policy: None,
            kind: MetricKind::Proportion,
            plotted: false,
            histogram,
        }
    }

    /// Point estimate, spread and 95% interval.
    pub fn estimate(&self) -> Estimate {
        Estimate::of(self.kind, &self.histogram)
    }
}

/// All metrics of a run, in report order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The metrics, in the order they are reported.
    pub metrics: Vec<Metric>,
}

impl Tally {
    /// The metric called `name`, if the run has one.
    pub fn get(&self, name: &str) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.name == name)
    }

    /// Adds every observation of `other`, which must hold the same metrics in the same order.
    pub fn merge(&mut self, other: &Tally) -> Result<()> {
        let names = |t: &Tally| t.metrics.iter().map(Metric::key).collect::<Vec<_>>();
        if names(self) != names(other) {
            return Err(Error::input(format!(
                "cannot merge runs with different metrics: [{}] vs [{}]",
                names(self).join(", "),
                names(other).join(", ")
            )));
        }
        for (a, b) in self.metrics.iter_mut().zip(&other.metrics) {
            if a.kind != b.kind {
                return Err(Error::input(format!(
                    "cannot merge metric {}: kinds differ",
                    a.name
                )));
            }
            let total = a
                .histogram
                .checked_count()
                .zip(b.histogram.checked_count())
                .and_then(|(x, y)| x.checked_add(y));
            if total.is_none() {
                return Err(Error::input(format!(
                    "cannot merge metric {}: more than 2^64 observations",
                    a.name
                )));
            }
        }
        for (a, b) in self.metrics.iter_mut().zip(&other.metrics) {
            a.histogram.merge(&b.histogram);
        }
        Ok(())
    }
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
        let n = h.count();
        let mean = h.mean();
        let sd = h.variance().sqrt();
        let se = sd / (n as f64).sqrt();
        let z = z95();
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

/// The key under which [`ExactValues`] holds a metric of `policy` (or of the run's only policy).
pub fn exact_key(metric: &str, policy: Option<&str>) -> String {
    match policy {
        Some(p) => format!("{metric} [{p}]"),
        None => metric.to_string(),
    }
}

/// Exact values known for a run's metrics: means for the `exact` column and probability mass
/// functions to overlay on the plotted distributions.
#[derive(Clone, Debug, Default)]
pub struct ExactValues {
    /// Exact mean (or share) by metric name.
    pub means: BTreeMap<String, f64>,
    /// Exact probability of each value by metric name.
    pub pmfs: BTreeMap<String, Vec<(i64, f64)>>,
}

impl ExactValues {
    /// Records the exact mean of `metric`.
    pub fn set_mean(&mut self, metric: &str, value: f64) {
        self.means.insert(metric.to_string(), value);
    }

    /// Records the exact distribution of `metric` (its mean is derived from it).
    pub fn set_pmf(&mut self, metric: &str, pmf: Vec<(i64, f64)>) {
        self.pmfs.insert(metric.to_string(), pmf);
    }

    /// The exact mean of `metric`, if known.
    pub fn mean(&self, metric: &str) -> Option<f64> {
        self.means.get(metric).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hist(values: &[i64]) -> Histogram {
        let mut h = Histogram::new();
        for &v in values {
            h.add(v, 1);
        }
        h
    }

    #[test]
    fn moments_match_hand_computation() {
        let h = hist(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!(h.count(), 8);
        assert_eq!(h.sum(), 40);
        assert_eq!(h.mean(), 5.0);
        // sum of squared deviations 32, over n-1 = 7
        assert!((h.variance() - 32.0 / 7.0).abs() < 1e-12);
        assert_eq!(h.min(), Some(2));
        assert_eq!(h.max(), Some(9));
        assert_eq!(h.quantile(0.5), Some(4));
        assert_eq!(h.quantile(1.0), Some(9));
    }

    #[test]
    fn merge_is_exact_and_order_free() {
        let a = hist(&[1, 2, 3]);
        let b = hist(&[3, 4, -5]);
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab, hist(&[1, 2, 3, 3, 4, -5]));
    }

    #[test]
    fn sums_do_not_overflow_at_a_trillion_units() {
        let mut h = Histogram::new();
        // 10^12 observations of a large value, as a billion-unit run of a big-score game could give
        h.add(1_000_000, 1_000_000_000_000);
        h.add(-1_000_000, 1_000_000_000_000);
        h.add(3, 1);
        assert_eq!(h.count(), 2_000_000_000_001);
        assert_eq!(h.sum(), 3);
        let v = h.variance();
        let expected = 2e12 * 1e12 / 2e12; // ~ 1e12 per observation
        assert!((v - expected).abs() / expected < 1e-9, "variance {v}");
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
        let h = hist(&[0, 10]);
        let e = Estimate::of(MetricKind::Mean, &h);
        assert_eq!(e.n, 2);
        assert_eq!(e.mean, 5.0);
        assert!((e.sd - 50f64.sqrt()).abs() < 1e-12);
        assert!((e.se - 5.0).abs() < 1e-12);
        assert!((e.ci_high - (5.0 + 1.959_963_984_540_054 * 5.0)).abs() < 1e-9);
    }

    #[test]
    fn tally_merge_rejects_different_metrics() {
        let mut a = Tally {
            metrics: vec![Metric::proportion("x", 1, 2)],
        };
        let b = Tally {
            metrics: vec![Metric::proportion("y", 1, 2)],
        };
        assert!(a.merge(&b).is_err());
        let c = Tally {
            metrics: vec![Metric::proportion("x", 2, 3)],
        };
        a.merge(&c).unwrap();
        assert_eq!(a.metrics[0].histogram.count(), 5);
        assert_eq!(a.metrics[0].histogram.count_of(1), 3);
    }
}
