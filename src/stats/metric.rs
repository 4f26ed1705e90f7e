//! Metrics as data: what a figure is about ([`MetricId`]: a name and a [`Subject`]), how it is
//! summarised, every observation, and the exact values known for it.
//!
//! A metric names its subject by index (policy `i` of the run, seat `k`, the pair `a - b`), never
//! by a string, so the report, the charts and `merge` read fields instead of parsing names; the
//! run's record ([`crate::record::SetupRecord`]) turns an index into the policy's name when a report
//! is written.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

use super::adjusted::Adjusted;
use super::estimate::{Estimate, MetricKind};
use super::histogram::Histogram;

/// What a metric is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// The run as a whole: its only policy, or all its policies together.
    Run,
    /// One of the run's distinct policies (index in the order first given).
    Policy(u32),
    /// One seat of a game (0-based), with the policy that always plays it when seats are fixed
    /// (Solitaire Dice); `None` when policies rotate over the seats.
    Seat {
        /// The seat, from 0.
        seat: u32,
        /// The seat's fixed policy, if any.
        policy: Option<u32>,
    },
    /// The paired difference of two compared policies on the same chance: the first minus the
    /// second.
    Pair(u32, u32),
}

impl Subject {
    /// Policy `i` of a run with several policies; the whole run when it has one.
    pub fn policy_of(several: bool, i: usize) -> Self {
        if several {
            Subject::Policy(i as u32)
        } else {
            Subject::Run
        }
    }

    /// Seat `seat` (from 0) of a game whose policies rotate over the seats.
    pub fn seat(seat: usize) -> Self {
        Subject::Seat {
            seat: seat as u32,
            policy: None,
        }
    }

    /// The paired difference of compared policies `a` and `b`.
    pub fn pair(a: usize, b: usize) -> Self {
        Subject::Pair(a as u32, b as u32)
    }
}

/// A metric's identity: its name and what it is about.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MetricId {
    /// The base name: `win_rate`, `turn_score`.
    pub name: String,
    /// What it is about.
    pub subject: Subject,
}

impl MetricId {
    /// A metric of the whole run.
    pub fn run(name: &str) -> Self {
        Self::new(name, Subject::Run)
    }

    /// `name` about `subject`.
    pub fn new(name: &str, subject: Subject) -> Self {
        Self {
            name: name.to_string(),
            subject,
        }
    }

    /// The `metric` column: the name, with `_seat_K` (K from 1) for a seat and `_diff` for a
    /// paired difference.
    pub fn column(&self) -> String {
        match self.subject {
            Subject::Run | Subject::Policy(_) => self.name.clone(),
            Subject::Seat { seat, .. } => format!("{}_seat_{}", self.name, seat + 1),
            Subject::Pair(..) => format!("{}_diff", self.name),
        }
    }
}

/// A name alone is a metric of the whole run.
impl From<&str> for MetricId {
    fn from(name: &str) -> Self {
        MetricId::run(name)
    }
}

/// One metric of a run: its identity, how it is summarised and every observation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metric {
    /// What the metric is.
    #[serde(flatten)]
    pub id: MetricId,
    /// How the estimate and interval are formed.
    pub kind: MetricKind,
    /// Whether the distribution is written to `distribution.csv` and plotted.
    pub plotted: bool,
    /// Whether every unit adds exactly one observation (a game's final score, a race's length,
    /// a seat's win), so that its count must be the run's units: `merge` checks it against
    /// [`Tally::units`] to catch counts that do not add up, even in a file sealed again by hand.
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_unit: bool,
    /// For a share of several seats: each observation counts the seats, of `per`, that won a
    /// game, and the share is that count over `per` ([`Estimate::of_shares`]). 1 for every
    /// other metric, where an observation is the value itself.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub per: u32,
    /// Every observation.
    pub histogram: Histogram,
    /// The same observations with the luck each met taken out, as exact sums, for a metric
    /// estimated with a control variate: its estimate is theirs, and the histogram's is the
    /// plain one it improves on. Absent from every other metric.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjusted: Option<Adjusted>,
}

/// For serde: a `false` flag is left out, so metrics without it keep their old form.
fn is_false(flag: &bool) -> bool {
    !flag
}

/// For serde: `per` of a metric written without it.
fn one() -> u32 {
    1
}

/// For serde: a `per` of 1 is left out, so metrics without it keep their old form.
fn is_one(per: &u32) -> bool {
    *per == 1
}

impl Metric {
    /// A metric of the whole run summarised by its mean (not plotted: see [`Metric::plotted`]).
    pub fn mean(name: &str, histogram: Histogram) -> Self {
        Self {
            id: MetricId::run(name),
            kind: MetricKind::Mean,
            plotted: false,
            per_unit: false,
            per: 1,
            histogram,
            adjusted: None,
        }
    }

    /// A share of the whole run from counts out of `per` (`histogram` of counts from 0 to
    /// `per`, one a unit): with `per` 1, the plain proportion of its 1s.
    pub fn shares(name: &str, histogram: Histogram, per: u32) -> Self {
        Self {
            id: MetricId::run(name),
            kind: MetricKind::Proportion,
            plotted: false,
            per_unit: false,
            per: per.max(1),
            histogram,
            adjusted: None,
        }
    }

    /// A proportion of the whole run from `hits` successes out of `trials`.
    pub fn proportion(name: &str, hits: u64, trials: u64) -> Self {
        let mut histogram = Histogram::new();
        histogram.add(1, hits);
        histogram.add(0, trials - hits);
        Self {
            id: MetricId::run(name),
            kind: MetricKind::Proportion,
            plotted: false,
            per_unit: false,
            per: 1,
            histogram,
            adjusted: None,
        }
    }

    /// A mean estimated with a control variate: `plain`, the observations (one a unit), and
    /// `adjusted`, the same observations less the luck each met (a quantity of mean 0),
    /// whose sums give the estimate.
    pub fn adjusted(name: &str, plain: Histogram, adjusted: Adjusted) -> Self {
        Self {
            adjusted: Some(adjusted),
            ..Self::mean(name, plain).per_unit()
        }
    }

    /// The metric, about `subject` instead.
    pub fn about(mut self, subject: Subject) -> Self {
        self.id.subject = subject;
        self
    }

    /// The metric, its distribution written to `distribution.csv` and plotted.
    pub fn plotted(mut self) -> Self {
        self.plotted = true;
        self
    }

    /// The metric, marked as one observation per unit (see [`Metric::per_unit`]).
    pub fn per_unit(mut self) -> Self {
        self.per_unit = true;
        self
    }

    /// Point estimate, spread and 95% interval.
    pub fn estimate(&self) -> Estimate {
        self.estimate_at(crate::stats::z95())
    }

    /// Whether it reads as a share (printed to five decimals): a proportion, or a share with its
    /// luck taken out, which is a mean of adjusted values but estimates a chance.
    pub fn is_share(&self) -> bool {
        self.kind == MetricKind::Proportion || self.adjusted.is_some()
    }

    /// Whether its histogram is a distribution of its own a report can draw: it has
    /// observations, and they are not the plain ones behind a metric with its luck taken out.
    pub fn draws_distribution(&self) -> bool {
        self.histogram.count() > 0 && self.adjusted.is_none()
    }

    /// The plain estimate of a metric estimated with a control variate (its observations as
    /// they were, luck and all), to set beside [`estimate`](Self::estimate); `None` for any
    /// other metric.
    pub fn plain_estimate(&self) -> Option<Estimate> {
        // Outcomes of 0 and 1 (a win) are a share, with Wilson's interval as the plain row of
        // the share has, which stays honest where few games all ended alike.
        let share = self.histogram.iter().all(|(v, _)| v == 0 || v == 1);
        let kind = if share {
            MetricKind::Proportion
        } else {
            MetricKind::Mean
        };
        self.adjusted
            .as_ref()
            .map(|_| Estimate::of(kind, &self.histogram))
    }

    /// [`estimate`](Self::estimate) with its interval `z` standard errors either side: a
    /// confidence sequence's, for a run that stopped on its own figures.
    pub fn estimate_at(&self, z: f64) -> Estimate {
        if let Some(adjusted) = &self.adjusted {
            adjusted.estimate(self.histogram.count(), z)
        } else if self.per > 1 {
            Estimate::of_shares_at(&self.histogram, self.per, z)
        } else {
            Estimate::at(self.kind, &self.histogram, z)
        }
    }
}

/// How many units a tally counts and how the run cut them into chunks, as the engine ran them.
///
/// A shard's units and chunks follow from the run's `-n`, the chunk size and the shard's index
/// alone ([`crate::engine::shard_run_units`]), so `merge` can check that a shard holds exactly
/// the chunks its index owns, and that every [`Metric::per_unit`] metric counts one observation
/// for each of its units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Units {
    /// Units per chunk of the run: the simulation's, part of the run's identity.
    pub per_chunk: u64,
    /// Units the tally holds.
    pub counted: u64,
    /// The indexes of the chunks played, added modulo 2^64: with `counted`, what tells the chunks
    /// of one shard from another's.
    pub chunk_index_sum: u64,
}

/// All metrics of a run, in report order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The metrics, in the order they are reported.
    pub metrics: Vec<Metric>,
    /// The units the metrics count, set by the engine ([`crate::engine::run`]); `None` for a
    /// tally made by hand, which then cannot be checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<Units>,
}

impl Tally {
    /// The tally of `metrics`, before the engine says how many units they count.
    pub fn new(metrics: Vec<Metric>) -> Self {
        Self {
            metrics,
            units: None,
        }
    }

    /// The metric `id`, if the run has it.
    pub fn get(&self, id: &MetricId) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.id == *id)
    }

    /// Adds every observation of `other`, which must hold the same metrics in the same order.
    pub fn merge(&mut self, other: &Tally) -> Result<()> {
        let ids = |t: &Tally| t.metrics.iter().map(|m| m.id.clone()).collect::<Vec<_>>();
        if ids(self) != ids(other) {
            let names = |t: &Tally| {
                t.metrics
                    .iter()
                    .map(|m| m.id.column())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(Error::input(format!(
                "cannot merge runs with different metrics: [{}] vs [{}]",
                names(self),
                names(other)
            )));
        }
        for (a, b) in self.metrics.iter_mut().zip(&other.metrics) {
            if a.kind != b.kind || a.adjusted.is_some() != b.adjusted.is_some() {
                return Err(Error::input(format!(
                    "cannot merge metric {}: kinds differ",
                    a.id.column()
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
                    a.id.column()
                )));
            }
            if let (Some(x), Some(y)) = (&a.adjusted, &b.adjusted)
                && x.clone().add_checked(y).is_none()
            {
                return Err(Error::input(format!(
                    "cannot merge metric {}: its sums overflow",
                    a.id.column()
                )));
            }
        }
        let units = match (self.units, other.units) {
            (None, None) => None,
            (Some(a), Some(b)) if a.per_chunk == b.per_chunk => Some(Units {
                per_chunk: a.per_chunk,
                counted: a.counted.checked_add(b.counted).ok_or_else(|| {
                    Error::input("cannot merge runs of more than 2^64 units".to_string())
                })?,
                chunk_index_sum: a.chunk_index_sum.wrapping_add(b.chunk_index_sum),
            }),
            (Some(a), Some(b)) => {
                return Err(Error::input(format!(
                    "cannot merge runs cut into chunks of {} and {} units",
                    a.per_chunk, b.per_chunk
                )));
            }
            _ => {
                return Err(Error::input(
                    "cannot merge a run that counts its units with one that does not".to_string(),
                ));
            }
        };
        for (a, b) in self.metrics.iter_mut().zip(&other.metrics) {
            if let (Some(x), Some(y)) = (&mut a.adjusted, &b.adjusted) {
                x.add_checked(y).expect("checked above");
            }
            a.histogram.merge(&b.histogram);
        }
        self.units = units;
        Ok(())
    }
}

/// Exact values known for a run's metrics: means for the `exact` column and probability mass
/// functions to overlay on the plotted distributions.
#[derive(Clone, Debug, Default)]
pub struct ExactValues {
    /// Exact mean (or share) by metric.
    pub means: BTreeMap<MetricId, f64>,
    /// Exact probability of each value by metric.
    pub pmfs: BTreeMap<MetricId, Vec<(i64, f64)>>,
}

impl ExactValues {
    /// Records the exact mean of `metric` (a name alone is a metric of the whole run).
    pub fn set_mean(&mut self, metric: impl Into<MetricId>, value: f64) {
        self.means.insert(metric.into(), value);
    }

    /// Records the exact distribution of `metric`.
    pub fn set_pmf(&mut self, metric: impl Into<MetricId>, pmf: Vec<(i64, f64)>) {
        self.pmfs.insert(metric.into(), pmf);
    }

    /// The exact mean of `metric`, if known.
    pub fn mean(&self, metric: &MetricId) -> Option<f64> {
        self.means.get(metric).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_name_seats_from_one_and_differences_by_suffix() {
        let seat = MetricId::new(
            "win_rate",
            Subject::Seat {
                seat: 2,
                policy: None,
            },
        );
        assert_eq!(seat.column(), "win_rate_seat_3");
        assert_eq!(
            MetricId::new("turn_score", Subject::Pair(0, 1)).column(),
            "turn_score_diff"
        );
        assert_eq!(
            MetricId::new("win_rate", Subject::Policy(1)).column(),
            "win_rate"
        );
    }

    #[test]
    fn tally_merge_rejects_different_metrics() {
        let mut a = Tally::new(vec![Metric::proportion("x", 1, 2)]);
        let b = Tally::new(vec![Metric::proportion("y", 1, 2)]);
        assert!(a.merge(&b).is_err());
        let other_subject = Tally::new(vec![
            Metric::proportion("x", 1, 2).about(Subject::Policy(0)),
        ]);
        assert!(a.merge(&other_subject).is_err());
        let c = Tally::new(vec![Metric::proportion("x", 2, 3)]);
        a.merge(&c).unwrap();
        assert_eq!(a.metrics[0].histogram.count(), 5);
        assert_eq!(a.metrics[0].histogram.count_of(1), 3);
    }

    #[test]
    fn tally_merge_adds_units_of_one_chunk_size_only() {
        let of = |per_chunk, counted| {
            let mut t = Tally::new(vec![Metric::proportion("x", 1, counted).per_unit()]);
            t.units = Some(Units {
                per_chunk,
                counted,
                chunk_index_sum: u64::MAX - 1,
            });
            t
        };
        let mut a = of(100, 100);
        a.merge(&of(100, 50)).unwrap();
        // Chunk indexes add modulo 2^64, as the engine adds them.
        assert_eq!(
            a.units,
            Some(Units {
                per_chunk: 100,
                counted: 150,
                chunk_index_sum: u64::MAX - 3,
            })
        );
        let e = a.merge(&of(64, 64)).unwrap_err().to_string();
        assert_eq!(e, "cannot merge runs cut into chunks of 100 and 64 units");
        let e = a
            .merge(&Tally::new(vec![Metric::proportion("x", 1, 2).per_unit()]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("one that does not"), "{e}");
        assert_eq!(
            a.units.unwrap().counted,
            150,
            "a refused merge changes nothing"
        );
    }

    #[test]
    fn metrics_round_trip_through_json() {
        let m = Metric::mean("score", Histogram::from_dense(-1, &[1, 0, 2]))
            .plotted()
            .about(Subject::Seat {
                seat: 1,
                policy: Some(0),
            });
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Metric>(&json).unwrap(), m);
    }
}
