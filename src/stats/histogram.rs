//! The exact histogram every metric is kept as.
//!
//! Every metric dicelab reports is integer-valued (points, turns, rounds, 0/1 outcomes), so the
//! accumulator is an exact histogram: value -> count. Count, sum (`i128`), variance (a second
//! pass around the exact mean), quantiles and the distribution all derive from it. Merging adds
//! counts, which is exact, associative and commutative, so the result cannot depend on how units
//! were split over threads, shards or machines, and a report is byte-identical for any split. (A
//! floating Welford/Chan merge is order-dependent in its last bits; exact integers are not.)
//! Memory is bounded by the range of values, never by the number of units.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

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
    /// [`Tally::merge`](super::Tally::merge) checks (only a damaged accumulator file could break it).
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
}
