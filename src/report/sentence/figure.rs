//! A run's figure as a sentence says it: the exact value where the game has one, else the
//! estimate rounded to what its interval supports, and whether one figure is surely above
//! another. Kept apart from the sentences so that every sentence rounds and compares alike.

use crate::report::Report;
use crate::stats::{Metric, MetricKind};

/// One figure of a run: the estimate with its 95% interval, and the exact value where known.
#[derive(Clone, Copy, Debug)]
pub(super) struct Figure {
    mean: f64,
    pub(super) low: f64,
    pub(super) high: f64,
    pub(super) exact: Option<f64>,
    pub(super) share: bool,
}

impl Figure {
    pub(super) fn of(report: &Report, m: &Metric) -> Self {
        let e = report.saved.record.estimate(m);
        Figure {
            mean: e.mean,
            low: e.ci_low,
            high: e.ci_high,
            exact: report.exact.mean(&m.id),
            share: m.kind == MetricKind::Proportion,
        }
    }

    /// The value a sentence states: the exact one where known.
    pub(super) fn value(&self) -> f64 {
        self.exact.unwrap_or(self.mean)
    }

    /// Half the interval's width: how far the estimate may be off (none for an exact value).
    pub(super) fn doubt(&self) -> f64 {
        match self.exact {
            Some(_) => 0.0,
            None if self.low.is_finite() && self.high.is_finite() => (self.high - self.low) / 2.0,
            None => f64::INFINITY,
        }
    }

    /// Whether `self` is surely above `other`: exact values that differ, else intervals that do
    /// not overlap.
    pub(super) fn above(&self, other: &Figure) -> bool {
        match (self.exact, other.exact) {
            (Some(a), Some(b)) => a > b,
            _ => self.low > other.high,
        }
    }

    /// The figure as a sentence says it: a share in percent, rounded to what its interval
    /// supports (`about` before an estimate).
    pub(super) fn said(&self) -> String {
        let scale = if self.share { 100.0 } else { 1.0 };
        let text = plain(self.value() * scale, self.doubt() * scale, self.share);
        let text = if self.share { text + "%" } else { text };
        match self.exact {
            Some(_) => text,
            None => format!("about {text}"),
        }
    }
}

/// `x` with as many decimals as `doubt` (how far it may be off) supports, at most two for
/// figures of 1 or more and three below (a percentage: one, two below 1%): a sentence gives the
/// figure a player uses, the table every digit.
pub(super) fn plain(x: f64, doubt: f64, percent: bool) -> String {
    let most = match (x.abs() >= 1.0, percent) {
        (true, true) => 1,
        (true, false) | (false, true) => 2,
        (false, false) => 3,
    };
    let supported = if doubt > 0.0 && doubt.is_finite() {
        (-(doubt.log10().floor())).max(0.0) as usize
    } else if doubt == 0.0 {
        most
    } else {
        0
    };
    format!("{x:.*}", supported.min(most))
}

/// A difference as a sentence says it: at most two decimals, three below 0.1.
pub(super) fn plain_difference(d: f64, doubt: f64) -> String {
    let most = if d.abs() >= 0.1 { 2 } else { 3 };
    let supported = if doubt > 0.0 && doubt.is_finite() {
        (-(doubt.log10().floor())).max(0.0) as usize
    } else {
        most
    };
    format!("{:.*}", supported.min(most), d.abs())
}
