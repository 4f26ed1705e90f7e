//! What a run that stops on its own figures asks of them, beside [`super::best::best_known`]:
//! paired differences narrow enough (`compare --precision`), and how it says where it stopped.

use super::Report;
use crate::stats::Subject;

/// Whether the run has a paired difference: what a run until a precision reads.
pub fn has_pairs(report: &Report) -> bool {
    report
        .saved
        .tally
        .metrics
        .iter()
        .any(|m| matches!(m.id.subject, Subject::Pair(..)))
}

/// Whether every paired difference's interval, as the report prints it, reaches at most `half`
/// either side of its mean. `false` without one, or while one has no interval.
pub fn pairs_within(report: &Report, half: f64) -> bool {
    let record = &report.saved.record;
    has_pairs(report)
        && report
            .saved
            .tally
            .metrics
            .iter()
            .filter(|m| matches!(m.id.subject, Subject::Pair(..)))
            .all(|m| {
                let e = record.estimate(m);
                (e.ci_high - e.ci_low) / 2.0 <= half
            })
}

/// Where a run that stopped on its own figures stopped, and why, as a line under its paired
/// differences; `None` for a run of a fixed size, and for a shard of a run until it knows,
/// which cannot know where the whole run stops (its notes say so).
pub fn until_text(report: &Report) -> Option<String> {
    let record = &report.saved.record;
    let s = record.sequential.as_ref()?;
    if !report.saved.is_whole() {
        return None;
    }
    let looks = s.looks.len();
    let (known, unknown) = match &s.precision {
        Some(x) => (
            format!("every paired difference's interval is within {x} either side"),
            format!(
                "every paired difference's interval was within {x} either side; a larger \
                 budget narrows them"
            ),
        ),
        None => (
            "the sign of every paired difference against the best is known, all at once \
             (95%)"
                .to_string(),
            "the sign of every paired difference against the best was known (95%); the \
             policies may be too close to tell apart at this budget"
                .to_string(),
        ),
    };
    Some(if s.answered {
        format!(
            "\nstopped at look {looks}, after {} of at most {} units: {known}\n",
            record.units, s.budget
        )
    } else {
        format!(
            "\nthe budget of {} units ran out at look {looks} before {unknown}\n",
            s.budget
        )
    })
}
