//! Runs that stop when they know (`compare --decide`, `compare --precision X`): the run looks at
//! its figures after each stretch of a fixed schedule of chunk boundaries and stops at the first
//! look that answers it, or at its budget.
//!
//! The looks fall on chunk boundaries fixed by the budget and the chunk size alone, and each
//! look reads the exact merged counts of every chunk before it, so where a run stops, and all it
//! reports, is the same for any number of threads. Its intervals are confidence sequences
//! ([`crate::stats::sequence`]), which hold wherever the run stopped: a fixed interval read at a
//! stop its own figures chose does not.

use crate::engine::{RunConfig, Shard, Steps};
use crate::error::{Error, Result, Setting};
use crate::games::Configured;
use crate::record::{RunRecord, Sequential};
use crate::report::Report;
use crate::report::best::{best_known, decidable};
use crate::report::until::{has_pairs, pairs_within};
use crate::saved::Saved;
use crate::stats::ExactValues;

use super::simulate::{Finished, one_unit, per_chunk};

/// What a run asks of its figures before it stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Until {
    /// The sign of every paired difference against the best policy known, all at once.
    Decide,
    /// Every paired difference's interval at most this wide on each side.
    Precision(f64),
}

impl Until {
    /// Its name in the run's record: `decide` or `precision`.
    pub fn name(&self) -> &'static str {
        match self {
            Until::Decide => "decide",
            Until::Precision(_) => "precision",
        }
    }

    /// What the run waits for, in a message's words: `the best is known`.
    fn goal(&self) -> &'static str {
        match self {
            Until::Decide => "the best is known",
            Until::Precision(_) => "its intervals are narrow enough",
        }
    }
}

/// The fewest units of a first look: a standard error from fewer means little.
pub const FIRST_LOOK: u64 = 1_000;

/// How much each look's units grow on the last's, at least a chunk: fine enough that a run stops
/// within a quarter more units, or one chunk more, than the first look that could have answered
/// it (within 2x), coarse enough that a long run looks some 60 times, not thousands.
const GROWTH: f64 = 1.25;

/// The units at each look of a run of at most `budget` units in chunks of `per_chunk`: the first
/// at the fewest whole chunks holding [`FIRST_LOOK`] units, each next [`GROWTH`] times as many
/// chunks (at least one more), the last at the budget.
pub fn looks(budget: u64, per_chunk: u64) -> Vec<u64> {
    let per_chunk = per_chunk.max(1);
    let mut chunks = FIRST_LOOK.div_ceil(per_chunk);
    let mut out = Vec::new();
    loop {
        let units = chunks.saturating_mul(per_chunk).min(budget);
        out.push(units);
        if units == budget {
            return out;
        }
        chunks = (chunks + 1).max((chunks as f64 * GROWTH).floor() as u64);
    }
}

/// Runs `game` as `config` says, its units a budget, until its figures answer `until`: the
/// finished run holds every unit up to the look that answered (or the budget), its record says
/// how it stopped ([`Sequential`]), and its intervals are 95% confidence sequences.
///
/// Refused, before any work, for a shard (the stop is decided from every chunk, so one process
/// plays the whole run), a precision that is not a positive number, and a comparison without a
/// paired difference to decide on (policies seated in one game rather than compared on the same
/// dice).
pub fn simulate_until(game: &dyn Configured, config: &RunConfig, until: Until) -> Result<Finished> {
    if config.shard != Shard::WHOLE {
        return Err(Error::value(
            Setting::SHARD,
            config.shard.to_string(),
            format!(
                "expected the whole run: a run until {} stops on all its figures, so one \
                 process plays it",
                until.goal()
            ),
        ));
    }
    if let Until::Precision(x) = until
        && !(x.is_finite() && x > 0.0)
    {
        return Err(Error::value(
            Setting::named("precision"),
            x,
            "expected a positive width either side of a paired difference",
        ));
    }
    crate::engine::check_units(config.units)?;
    // One unit on one thread: the chunk size (the simulation's own) and the metrics a look will
    // read, known before any real work.
    let probe = one_unit(game)?;
    let per_chunk = per_chunk(&probe);
    let probe = Saved {
        record: RunRecord::of(game.setup(), &RunConfig::new(1, 0)),
        tally: probe,
    };
    if !read(&probe, until).0 {
        return Err(Error::input(format!(
            "compare: a run until {} needs policies compared on the same dice, each pair with \
             a paired difference{}; this comparison has none",
            until.goal(),
            match until {
                Until::Decide => " of a metric with a better way",
                Until::Precision(_) => "",
            }
        )));
    }
    let schedule = looks(config.units, per_chunk);
    let setup = game.setup();
    let record = |units: u64, taken: &[u64], answered: bool| RunRecord {
        units,
        sequential: Some(Sequential {
            until: until.name().to_string(),
            precision: match until {
                Until::Precision(x) => Some(x.to_string()),
                Until::Decide => None,
            },
            budget: config.units,
            tuned_for: schedule[0],
            looks: taken.to_vec(),
            answered,
        }),
        ..RunRecord::of(setup.clone(), config)
    };
    let progress = &config.progress;
    progress.start(config.units, Steps::Units);
    let looked = (|| {
        // The run so far: each look adds its chunks' counts and says where the run stands.
        let mut saved: Option<Saved> = None;
        for (look, &units) in schedule.iter().enumerate() {
            let first_chunk = if look == 0 {
                0
            } else {
                schedule[look - 1] / per_chunk
            };
            let part = game.simulate(&RunConfig {
                units,
                first_chunk,
                progress: progress.silenced(),
                ..config.clone()
            })?;
            progress.set(units, &format!("look {} at {units} units", look + 1));
            match &mut saved {
                None => {
                    saved = Some(Saved {
                        record: record(units, &schedule[..=look], false),
                        tally: part,
                    })
                }
                Some(so_far) => so_far.tally.merge(&part)?,
            }
            let so_far = saved.as_mut().expect("a look has run");
            so_far.record = record(units, &schedule[..=look], false);
            let answered = read(so_far, until).1;
            if answered || units == config.units {
                so_far.record = record(units, &schedule[..=look], answered);
                break;
            }
        }
        Ok::<_, Error>(saved.expect("the last look is at the budget"))
    })();
    progress.finish();
    let saved = looked?;
    saved.check().map_err(|problem| {
        Error::input(format!(
            "internal error: the run's counts are not consistent ({problem}); please report it"
        ))
    })?;
    let mut finished = Finished::of(game, saved);
    finished.notes.push(
        "every interval is a 95% confidence sequence, which holds at whatever size the run \
         stopped (Waudby-Smith et al. 2024): wider than a fixed run's"
            .to_string(),
    );
    Ok(finished)
}

/// What a run's figures say of `until`: whether the run has what it decides on (paired
/// differences, with a better way for a decision), and whether they answer it.
fn read(saved: &Saved, until: Until) -> (bool, bool) {
    let report = Report {
        saved,
        exact: &ExactValues::default(),
        notes: &[],
    };
    match until {
        Until::Decide => (decidable(&report), best_known(&report)),
        Until::Precision(x) => (has_pairs(&report), pairs_within(&report, x)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Looks fall on whole chunks, the first holding at least 1,000 units, each next a quarter
    /// more (at least a chunk more), the last at the budget however it falls.
    #[test]
    fn looks_grow_by_a_quarter_on_whole_chunks_to_the_budget() {
        assert_eq!(
            looks(1_000_000, 65_536)[..4],
            [65_536, 131_072, 196_608, 262_144]
        );
        assert_eq!(*looks(1_000_000, 65_536).last().unwrap(), 1_000_000);
        let l = looks(10_000_000, 100);
        assert_eq!(l[..3], [1_000, 1_200, 1_500]);
        for w in l.windows(2) {
            assert!(w[1] > w[0] && (w[1] as f64) <= (w[0] as f64 * 1.25).max(w[0] as f64 + 100.0));
        }
        assert_eq!(looks(500, 64), [500]);
        assert_eq!(looks(1_000, 1), [1_000]);
    }
}
