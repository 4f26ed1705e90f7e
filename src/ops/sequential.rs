//! Runs that stop when they know (`compare --decide`, `compare --precision X`): the run looks at
//! its figures after each stretch of a fixed schedule of chunk boundaries and stops at the first
//! look that answers it, or at its budget.
//!
//! The looks fall on chunk boundaries fixed by the budget and the chunk size alone, and each
//! look reads the exact merged counts of every chunk before it, so where a run stops, and all it
//! reports, is the same for any number of threads, and for shards merged ([`replay`]). Its
//! intervals are confidence sequences
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
use crate::stats::{ExactValues, Tally};

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
/// A shard cannot know where the whole run stops without every other shard's counts, so it
/// plays its chunks to the budget and keeps its counts look by look ([`Saved::looks`]);
/// `merge` of every shard replays the rule on them ([`replay`]) and stops where one process
/// would have, byte for byte.
///
/// Refused, before any work, for a precision that is not a positive number, and a comparison
/// without a paired difference to decide on (policies seated in one game rather than compared
/// on the same dice).
pub fn simulate_until(game: &dyn Configured, config: &RunConfig, until: Until) -> Result<Finished> {
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
        looks: Vec::new(),
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
    let plan = Plan {
        until,
        base: RunRecord {
            sequential: Some(Sequential {
                until: until.name().to_string(),
                precision: match until {
                    Until::Precision(x) => Some(x.to_string()),
                    Until::Decide => None,
                },
                budget: config.units,
                tuned_for: schedule[0],
                looks: schedule.clone(),
                answered: false,
            }),
            ..RunRecord::of(game.setup(), config)
        },
        schedule,
    };
    let progress = &config.progress;
    progress.start(config.units, Steps::Units);
    // Each look's stretch: the chunks after the last look's, up to this one's units.
    let stretch = |look: usize| {
        let units = plan.schedule[look];
        let first_chunk = look
            .checked_sub(1)
            .map_or(0, |before| plan.schedule[before] / per_chunk);
        let part = game.simulate(&RunConfig {
            units,
            first_chunk,
            progress: progress.silenced(),
            ..config.clone()
        });
        progress.set(units, &format!("look {} at {units} units", look + 1));
        part
    };
    let played = if config.shard == Shard::WHOLE {
        plan.stop(stretch)
    } else {
        plan.shard(stretch)
    };
    progress.finish();
    let saved = played?;
    saved.check().map_err(|problem| {
        Error::input(format!(
            "internal error: the run's counts are not consistent ({problem}); please report it"
        ))
    })?;
    Ok(finish(game, saved))
}

/// The whole run of the shards `merged` holds, every one of a run until it knows: the
/// stopping rule replayed on their counts look by look, stopping where one process playing the
/// whole run would have, with the same record and counts, so the report is the same byte for
/// byte.
pub fn replay(merged: Saved) -> Result<Saved> {
    let plan = Plan::of(&merged.record)?;
    if merged.looks.len() != plan.schedule.len() {
        return Err(Error::input(format!(
            "merge: the shards hold counts at {} looks where their run has {}",
            merged.looks.len(),
            plan.schedule.len()
        )));
    }
    let mut looks = merged.looks.into_iter();
    plan.stop(|_| Ok(looks.next().expect("a stretch for every look")))
}

/// A run's report with the line every run until it knows carries, and for a shard the line
/// that says where its stop is found.
pub fn finish(game: &dyn Configured, saved: Saved) -> Finished {
    let shard = (!saved.is_whole()).then(|| {
        let r = &saved.record;
        format!(
            "shard {} of {}: a run that stops when it knows stops on every shard's counts, so \
             this shard played its part of the whole budget; `dicelab merge` of every shard \
             stops where one process would have",
            crate::engine::index_ranges(&r.shards),
            r.shard_count
        )
    });
    let mut finished = Finished::of(game, saved);
    finished.notes.push(
        "every interval is a 95% confidence sequence, which holds at whatever size the run \
         stopped (Waudby-Smith et al. 2024): wider than a fixed run's"
            .to_string(),
    );
    finished.notes.extend(shard);
    finished
}

/// A run until it knows, planned before it plays: what it asks, the units at each look, and
/// its record (the record each look writes is this one at that look).
struct Plan {
    until: Until,
    schedule: Vec<u64>,
    /// The record, its `sequential` looking at every look and not yet answered.
    base: RunRecord,
}

impl Plan {
    /// The plan a shard's record holds: what it asks, and every look to the budget.
    fn of(record: &RunRecord) -> Result<Plan> {
        let bad = |why: &str| Error::input(format!("merge: {why}"));
        let s = record
            .sequential
            .as_ref()
            .ok_or_else(|| bad("not a run until it knows"))?;
        let until = match (s.until.as_str(), &s.precision) {
            ("decide", None) => Until::Decide,
            ("precision", Some(x)) => Until::Precision(
                x.parse()
                    .map_err(|_| bad(&format!("the precision {x} is not a number")))?,
            ),
            (other, _) => return Err(bad(&format!("a run until '{other}' is not one it knows"))),
        };
        Ok(Plan {
            until,
            schedule: s.looks.clone(),
            base: record.clone(),
        })
    }

    /// The record of the run stopped at `look` (0-based), having answered or not.
    fn record(&self, look: usize, answered: bool) -> RunRecord {
        let mut record = self.base.clone();
        record.units = self.schedule[look];
        let s = record
            .sequential
            .as_mut()
            .expect("a plan's record is sequential");
        s.looks = self.schedule[..=look].to_vec();
        s.answered = answered;
        record
    }

    /// Adds each look's stretch (`stretch(look)`) to the run so far and reads it, stopping at
    /// the first look that answers, or at the budget.
    fn stop(&self, mut stretch: impl FnMut(usize) -> Result<Tally>) -> Result<Saved> {
        let mut saved = Saved {
            record: self.record(0, false),
            tally: stretch(0)?,
            looks: Vec::new(),
        };
        for look in 0..self.schedule.len() {
            if look > 0 {
                saved.tally.merge(&stretch(look)?)?;
                saved.record = self.record(look, false);
            }
            let answered = read(&saved, self.until).1;
            if answered || look + 1 == self.schedule.len() {
                saved.record = self.record(look, answered);
                break;
            }
        }
        Ok(saved)
    }

    /// A shard's part: every look's stretch to the budget, kept apart for `merge`, beside their
    /// sum.
    fn shard(&self, mut stretch: impl FnMut(usize) -> Result<Tally>) -> Result<Saved> {
        let looks = (0..self.schedule.len())
            .map(&mut stretch)
            .collect::<Result<Vec<Tally>>>()?;
        let mut tally = looks[0].clone();
        for part in &looks[1..] {
            tally.merge(part)?;
        }
        Ok(Saved {
            record: self.base.clone(),
            tally,
            looks,
        })
    }
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
    use crate::ops::RunRequest;

    /// A shard's counts look by look are checked as its total is: each look holds the units
    /// of its chunks between looks and counts one observation a unit, and a shard of a run
    /// until it knows without them is refused (it would merge as a run of a fixed size).
    #[test]
    fn a_shards_looks_are_checked_as_its_counts_are() {
        let game = RunRequest {
            game: crate::games::find("sevens").unwrap(),
            rules: Vec::new(),
            deck: None,
            players: 1,
            policies: vec!["optimal".into(), "leader".into()],
        }
        .configure()
        .unwrap();
        let config = RunConfig {
            shard: "1/2".parse().unwrap(),
            ..RunConfig::new(300_000, 3)
        };
        let shard = simulate_until(game.as_ref(), &config, Until::Decide)
            .unwrap()
            .saved;
        assert!(shard.looks.len() > 2, "{}", shard.looks.len());
        shard.check().unwrap();
        let mut swapped = shard.clone();
        swapped.looks.swap(0, 1);
        let e = swapped.check().unwrap_err();
        assert!(
            e.contains("its counts at look 1 are not those of its chunks"),
            "{e}"
        );
        let mut moved = shard.clone();
        let later = moved.looks[2].metrics.clone();
        moved.looks[1].metrics = later;
        let e = moved.check().unwrap_err();
        assert!(e.contains("at look 2: ") && e.contains("one a unit"), "{e}");
        let mut stripped = shard;
        stripped.looks.clear();
        let e = stripped.check().unwrap_err();
        assert!(e.contains("without its counts look by look"), "{e}");
    }

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
