//! Mergeable accumulators and the estimates reported from them: exact histograms
//! ([`histogram`]), typed metrics and exact values ([`metric`]), intervals ([`estimate`]) and
//! intervals that hold wherever a run stops ([`sequence`]); observations with their luck taken
//! out ([`adjusted`]).

pub mod adjusted;
pub mod estimate;
pub mod histogram;
pub mod metric;
pub mod sequence;

pub use adjusted::Adjusted;
pub use estimate::{Estimate, MetricKind, wilson, z95};
pub use histogram::Histogram;
pub use metric::{ExactValues, Metric, MetricId, Subject, Tally, Units};
pub use sequence::ConfidenceSequence;
