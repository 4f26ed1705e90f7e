//! Mergeable accumulators and the estimates reported from them: exact histograms
//! ([`histogram`]), typed metrics and exact values ([`metric`]), and intervals ([`estimate`]).

pub mod estimate;
pub mod histogram;
pub mod metric;

pub use estimate::{Estimate, MetricKind, wilson, z95};
pub use histogram::Histogram;
pub use metric::{ExactValues, Metric, MetricId, Subject, Tally, Units};
