//! Observations with the luck they met taken out: a control variate whose mean is known to be 0
//! (a game's exact luck, the sum over its throws of what each throw did to a player's chance),
//! subtracted from each observation. The mean is unchanged, and what the luck explained leaves
//! the variance (R. Y. Rubinstein and R. Marcus, *Efficiency of multivariate control variates
//! in Monte Carlo simulation*, Operations Research 33, 1985; with a known coefficient of 1 the
//! estimator is exactly unbiased).
//!
//! The adjusted values are real numbers, so unlike a [`Histogram`](super::Histogram) they are
//! kept as exact sums of fixed-point whole numbers: each value rounded once, in the game that
//! made it, to a multiple of 2^-[`BITS`], then summed in integers, so any split of a run over
//! threads and shards adds to the same bytes.

use serde::{Deserialize, Serialize};

use super::estimate::Estimate;

/// The fixed point of an adjusted value: a whole number of 2^-32. Rounding moves a value by at
/// most 2^-33 (1.2e-10), far below any standard error a run reaches.
pub const BITS: u32 = 32;

/// Exact sums of adjusted observations (their count is the metric's histogram's).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjusted {
    /// The sum of the values, in units of 2^-[`BITS`].
    #[serde(with = "text")]
    pub sum: i128,
    /// The sum of their squares, in units of 2^-2[`BITS`].
    #[serde(with = "text")]
    pub squares: i128,
}

impl Adjusted {
    /// `value` in the fixed point the sums are kept in.
    pub fn fixed(value: f64) -> i64 {
        (value * (1u64 << BITS) as f64).round() as i64
    }

    /// Adds one value, already in the fixed point ([`Adjusted::fixed`]).
    pub fn add(&mut self, fixed: i64) {
        let q = i128::from(fixed);
        self.sum += q;
        self.squares += q * q;
    }

    /// Adds another part's sums (a shard's, read from a file); `None` where a sum would
    /// overflow.
    pub fn add_checked(&mut self, other: &Adjusted) -> Option<()> {
        self.sum = self.sum.checked_add(other.sum)?;
        self.squares = self.squares.checked_add(other.squares)?;
        Some(())
    }

    /// The estimate of `n` adjusted values with an interval `z` standard errors either side.
    /// The spread is centred in integers (the sum's quotient by `n` exactly, its remainder in
    /// floating point), so values that are all equal give exactly no spread.
    pub fn estimate(&self, n: u64, z: f64) -> Estimate {
        let scale = (1u64 << BITS) as f64;
        if n == 0 {
            return Estimate {
                n,
                mean: f64::NAN,
                sd: f64::NAN,
                se: f64::NAN,
                ci_low: f64::NAN,
                ci_high: f64::NAN,
            };
        }
        let count = i128::from(n);
        let mean = self.sum as f64 / n as f64 / scale;
        let (quotient, remainder) = (self.sum.div_euclid(count), self.sum.rem_euclid(count));
        let centred = (self.squares - quotient * self.sum) as f64
            - remainder as f64 * self.sum as f64 / n as f64;
        let sd = if n > 1 {
            (centred.max(0.0) / (n - 1) as f64).sqrt() / scale
        } else {
            f64::NAN
        };
        let se = sd / (n as f64).sqrt();
        Estimate {
            n,
            mean,
            sd,
            se,
            ci_low: mean - z * se,
            ci_high: mean + z * se,
        }
    }
}

/// A chunk's sums add to another's, as its counts do. They stay far from overflow: a win less
/// its luck lies within a few units of 0 (|y| < 2^4 is 2^36 in fixed point, 2^72 squared),
/// so the squares of 2^50 games fit an i128 with room to spare; a sum that did overflow would
/// panic in a checked build.
impl crate::accumulator::Merge for Adjusted {
    fn merge(&mut self, other: &Self) {
        self.sum += other.sum;
        self.squares += other.squares;
    }
}

/// An `i128` written as the text of its decimal digits: JSON numbers lose digits past 2^53,
/// and a metric's fields pass through serde's buffering (its id is flattened), which takes no
/// 128-bit integers.
mod text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &i128, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&value.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i128, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimate of fixed-point sums is the plain one of the values: mean and spread of
    /// 0.25, 0.5 and 1.5 (hand-checked: mean 0.75, sd 0.6614), and no spread at all for equal
    /// values, however they round.
    #[test]
    fn sums_give_the_mean_and_spread_of_the_values() {
        let mut a = Adjusted::default();
        for v in [0.25, 0.5, 1.5] {
            a.add(Adjusted::fixed(v));
        }
        let e = a.estimate(3, 2.0);
        assert!((e.mean - 0.75).abs() < 1e-12, "{e:?}");
        assert!((e.sd - (0.4375f64 / 1.0).sqrt()).abs() < 1e-9, "{e:?}");
        assert!((e.ci_high - e.mean - 2.0 * e.sd / 3f64.sqrt()).abs() < 1e-12);
        let mut same = Adjusted::default();
        for _ in 0..1000 {
            same.add(Adjusted::fixed(1.0 / 3.0));
        }
        let e = same.estimate(1000, 1.96);
        assert_eq!(e.sd, 0.0);
        assert!((e.mean - 1.0 / 3.0).abs() < 1e-9);
    }

    /// Sums merge by adding, and survive JSON whole, past the digits a JSON number keeps.
    #[test]
    fn sums_merge_and_round_trip_through_json() {
        let mut a = Adjusted::default();
        a.add(Adjusted::fixed(-3.75));
        let mut b = Adjusted::default();
        b.add(Adjusted::fixed(1e6));
        a.add_checked(&b).unwrap();
        let json = serde_json::to_string(&a).unwrap();
        assert!(json.contains("\"squares\":\""), "{json}");
        assert_eq!(serde_json::from_str::<Adjusted>(&json).unwrap(), a);
        let big = Adjusted {
            sum: i128::MAX,
            squares: 0,
        };
        assert!(a.clone().add_checked(&big).is_none());
    }
}
