//! Combining the shards of one run: what a shard's `accumulators.json` must hold to be trusted
//! ([`Saved::check`]) and how shards of one run become the whole ([`Saved::merge_all`]).
//!
//! A shard is one file among many a cluster wrote, possibly edited by hand or damaged: the checks
//! here are what stand between such a file and a report that adds up wrong.

use std::collections::HashSet;
use std::path::PathBuf;

use crate::engine::index_ranges;
use crate::engine::{Shard, shard_run_units};
use crate::error::{Error, Result};
use crate::input::InputFile;
use crate::record::{RunRecord, SetupRecord};
use crate::saved::Saved;
use crate::stats::{MetricKind, Units};

impl Saved {
    /// Checks what a hand-edited or damaged file could get wrong: shard numbers, input files
    /// against their hashes, the units each shard holds against the chunks its index owns, and
    /// counts (per-unit metrics count the units, shares hold only 0 and 1).
    pub fn check(&self) -> std::result::Result<(), String> {
        let r = &self.record;
        if r.shard_count == 0 || r.shards.is_empty() {
            return Err("no shards".to_string());
        }
        // A set, not a list: a merged file may hold a hundred thousand shards.
        let mut seen = HashSet::with_capacity(r.shards.len());
        for &s in &r.shards {
            if s >= r.shard_count || !seen.insert(s) {
                return Err(format!("bad shard {s} of {}", r.shard_count));
            }
        }
        for file in &r.setup.inputs {
            if file.sha256 != crate::input::sha256(file.text.as_bytes()) {
                return Err(format!(
                    "the input file {} does not match its hash",
                    file.path
                ));
            }
        }
        // The units each shard ran follow from -n, the chunk size and its index: a shard whose
        // count differs holds other chunks than its index owns (or lost some), and a per-unit
        // metric whose count differs does not add up to the run's units.
        let Some(units) = self.tally.units else {
            return Err("it does not say how many units it counts".to_string());
        };
        if units.per_chunk == 0 {
            return Err("its chunks hold no units".to_string());
        }
        let (expected, overflow) = owned_units(r, r.units, units.per_chunk);
        let held = || {
            format!(
                "shards {} of 0-{} of a run of {} units in chunks of {}",
                index_ranges(&r.shards),
                r.shard_count - 1,
                r.units,
                units.per_chunk
            )
        };
        if overflow || expected.counted != units.counted {
            return Err(format!(
                "it counts {} units, but {} hold {}",
                units.counted,
                held(),
                if overflow {
                    "more than 2^64".to_string()
                } else {
                    expected.counted.to_string()
                }
            ));
        }
        if expected.chunk_index_sum != units.chunk_index_sum {
            return Err(format!(
                "its chunks are not the ones {} play (the indexes of its chunks add up to {}, \
                 theirs to {}): its counts belong to other shards",
                held(),
                units.chunk_index_sum,
                expected.chunk_index_sum
            ));
        }
        check_counts(&self.tally, units.counted)?;
        if !self.looks.is_empty() {
            self.check_looks(units.per_chunk)?;
        } else if r.sequential.is_some() && r.shard_count > 1 {
            // Without them the shard would merge as a run of a fixed size, with --partial too.
            return Err(
                "it is a shard of a run until it knows without its counts look by look".to_string(),
            );
        }
        Ok(())
    }

    /// Checks a shard of a run until it knows: a stretch of counts for every look of its run,
    /// each holding the units of its shards' chunks between the look before and this one, and
    /// all of them adding up to its counts.
    fn check_looks(&self, per_chunk: u64) -> std::result::Result<(), String> {
        let r = &self.record;
        let Some(s) = &r.sequential else {
            return Err("it holds looks but is not a run until it knows".to_string());
        };
        if self.looks.len() != s.looks.len() || s.looks.last() != Some(&r.units) {
            return Err(format!(
                "it holds counts at {} looks where its run of {} units looks {} times",
                self.looks.len(),
                r.units,
                s.looks.len()
            ));
        }
        let mut before = owned_units(r, 0, per_chunk).0;
        let mut sum: Option<crate::stats::Tally> = None;
        for (look, (tally, &at)) in self.looks.iter().zip(&s.looks).enumerate() {
            let upto = owned_units(r, at, per_chunk).0;
            let want = Units {
                per_chunk,
                counted: upto.counted.wrapping_sub(before.counted),
                chunk_index_sum: upto.chunk_index_sum.wrapping_sub(before.chunk_index_sum),
            };
            if tally.units != Some(want) {
                return Err(format!(
                    "its counts at look {} are not those of its chunks up to {at} units",
                    look + 1
                ));
            }
            check_counts(tally, want.counted).map_err(|e| format!("at look {}: {e}", look + 1))?;
            before = upto;
            match &mut sum {
                None => sum = Some(tally.clone()),
                Some(sum) => sum.merge(tally).map_err(|e| e.to_string())?,
            }
        }
        if sum.as_ref() != Some(&self.tally) {
            return Err("its counts look by look do not add up to its counts".to_string());
        }
        Ok(())
    }

    /// Combines shard files of one run. Refuses runs that differ in anything but their shards,
    /// and shards given twice. When every shard is present the result is marked whole, so it is
    /// byte-identical to an unsharded run.
    ///
    /// Time and memory grow with the shards held, not with the split: each shard is looked up
    /// once in a set of those seen.
    pub fn merge_all(parts: Vec<(PathBuf, Saved)>) -> Result<Saved> {
        let mut parts = parts.into_iter();
        let (first_dir, mut merged) = parts
            .next()
            .ok_or_else(|| Error::input("merge: expected at least one shard folder"))?;
        let mut held: HashSet<u32> = merged.record.shards.iter().copied().collect();
        for (dir, part) in parts {
            // A run that chose its own size from its figures is whole: its intervals hold where
            // it stopped, and another run's units added to it would end somewhere no rule chose.
            // Its shards, which played to the budget and kept their counts look by look, merge.
            for (folder, saved) in [(&first_dir, &merged), (&dir, &part)] {
                if let Some(s) = &saved.record.sequential
                    && saved.looks.is_empty()
                {
                    return Err(Error::input(format!(
                        "merge: {} holds a run that stopped on its own figures (compare \
                         --{}), which is whole and merges with nothing",
                        folder.display(),
                        s.until
                    )));
                }
            }
            let (a, b) = (&merged.record, &part.record);
            let differ = |what: &str, x: &dyn std::fmt::Display, y: &dyn std::fmt::Display| {
                Error::input(format!(
                    "merge: {} has {what} {y} but {} has {what} {x}; only shards of one run merge",
                    dir.display(),
                    first_dir.display()
                ))
            };
            if a.setup.game != b.setup.game {
                return Err(differ("game", &a.setup.game, &b.setup.game));
            }
            // Files are matched by what they hold, not what they were called: the same bytes
            // under another name or in another folder make the same run, and the same name
            // holding other bytes does not.
            let files_differ = |fa: &InputFile, fb: &InputFile| {
                let theirs = if fa.path == fb.path {
                    "it".to_string()
                } else {
                    fa.path.clone()
                };
                Error::input(format!(
                    "merge: {} read {} with content {} but {} read {theirs} with content {}; \
                     the files differ, so these are not shards of one run",
                    dir.display(),
                    fb.path,
                    fb.short_hash(),
                    first_dir.display(),
                    fa.short_hash()
                ))
            };
            let rules = matching(&a.setup, &a.setup.rules, &b.setup, &b.setup.rules, '=');
            match rules {
                Err(Some((fa, fb))) => return Err(files_differ(fa, fb)),
                Ok(()) if a.setup.players == b.setup.players => {}
                _ => {
                    return Err(differ(
                        "rules",
                        &a.setup.rules_column(),
                        &b.setup.rules_column(),
                    ));
                }
            }
            match matching(
                &a.setup,
                &a.setup.policies,
                &b.setup,
                &b.setup.policies,
                ':',
            ) {
                Err(Some((fa, fb))) => return Err(files_differ(fa, fb)),
                Err(None) => {
                    return Err(differ(
                        "policy",
                        &a.setup.policy_column(),
                        &b.setup.policy_column(),
                    ));
                }
                Ok(()) => {}
            }
            // Every file read is named by a rule or a policy, so this holds once they match; it
            // is checked anyway, by content, since the report replays the first shard's files.
            for (x, x_dir, y, y_dir) in [
                (&b.setup, &dir, &a.setup, &first_dir),
                (&a.setup, &first_dir, &b.setup, &dir),
            ] {
                let unmatched = |f: &&InputFile| !y.inputs.iter().any(|g| g.sha256 == f.sha256);
                if let Some(f) = x.inputs.iter().find(unmatched) {
                    return Err(Error::input(format!(
                        "merge: {} read the file {} but {} read no file with its content; \
                         only shards of one run merge",
                        x_dir.display(),
                        f.path,
                        y_dir.display()
                    )));
                }
            }
            if a.seed != b.seed {
                return Err(differ("seed", &a.seed, &b.seed));
            }
            if a.units != b.units {
                return Err(differ("-n", &a.units, &b.units));
            }
            if a.shard_count != b.shard_count {
                return Err(differ("shard count", &a.shard_count, &b.shard_count));
            }
            if a.stream_version != b.stream_version {
                return Err(differ(
                    "stream version",
                    &a.stream_version,
                    &b.stream_version,
                ));
            }
            if a.sequential != b.sequential {
                let until = |r: &RunRecord| match &r.sequential {
                    None => "none (a fixed size)".to_string(),
                    Some(s) => match &s.precision {
                        Some(x) => format!("--precision {x}"),
                        None => format!("--{}", s.until),
                    },
                };
                return Err(differ("stopping rule", &until(a), &until(b)));
            }
            if let Some(dup) = b.shards.iter().find(|s| held.contains(s)) {
                return Err(Error::input(format!(
                    "merge: shard {dup}/{} is given twice (again in {})",
                    a.shard_count,
                    dir.display()
                )));
            }
            held.extend(&b.shards);
            merged.tally.merge(&part.tally)?;
            // Equal plans have as many looks, which each file's check held to its plan.
            for (look, more) in merged.looks.iter_mut().zip(&part.looks) {
                look.merge(more)?;
            }
            merged.record.shards.extend(&part.record.shards);
        }
        merged.record.shards.sort_unstable();
        if merged.record.shards.len() as u32 == merged.record.shard_count {
            merged.record.shard_count = 1;
            merged.record.shards = vec![0];
        }
        Ok(merged)
    }
}

/// Checks what a tally of `units` units holds: every count within 2^64, a per-unit metric
/// counting one observation a unit, and a share holding only 0 to its `per`.
fn check_counts(tally: &crate::stats::Tally, units: u64) -> std::result::Result<(), String> {
    for metric in &tally.metrics {
        let Some(count) = metric.histogram.checked_count() else {
            return Err(format!("counts of {} overflow", metric.id.column()));
        };
        if metric.per_unit && count != units {
            return Err(format!(
                "{} counts {count} observations, one a unit, but the file holds {} units",
                metric.id.column(),
                units
            ));
        }
        // A share is a count of observations from 0 to `per` (0/1 for a plain share): any
        // other value would give a mean outside its own interval.
        let most = i64::from(metric.per.max(1));
        if metric.kind == MetricKind::Proportion
            && let Some((v, _)) = metric
                .histogram
                .iter()
                .find(|&(v, _)| !(0..=most).contains(&v))
        {
            return Err(format!(
                "{} is a share but holds the value {v}",
                metric.id.column()
            ));
        }
    }
    Ok(())
}

/// The units and the sum of chunk indexes that the shards `record` holds play of a run of
/// `units` units in chunks of `per_chunk`, and whether their count passed 2^64.
fn owned_units(record: &RunRecord, units: u64, per_chunk: u64) -> (Units, bool) {
    let mut expected = Units {
        per_chunk,
        counted: 0,
        chunk_index_sum: 0,
    };
    let mut overflow = false;
    for &index in &record.shards {
        let shard = Shard {
            index,
            count: record.shard_count,
        };
        let owned = shard_run_units(units, per_chunk, shard);
        match expected.counted.checked_add(owned.counted) {
            Some(total) => expected.counted = total,
            None => overflow = true,
        }
        expected.chunk_index_sum = expected.chunk_index_sum.wrapping_add(owned.chunk_index_sum);
    }
    (expected, overflow)
}

/// A rule option or a policy as [`Saved::merge_all`] compares them: a file by its content (with
/// the option's key or the policy's kind), anything else by its text.
enum Named<'a> {
    File(&'a str, &'a InputFile),
    Text(&'a str),
}

/// What a rule option (`key=value`, `split` `=`) or a policy (`kind:file`, `split` `:`) of
/// `setup` names: the file the run read under its value, with what comes before it, or plain
/// text.
fn naming<'a>(setup: &'a SetupRecord, value: &'a str, split: char) -> Named<'a> {
    value
        .split_once(split)
        .and_then(|(kind, name)| {
            let file = setup.inputs.iter().find(|f| f.path == name)?;
            Some(Named::File(kind, file))
        })
        .unwrap_or(Named::Text(value))
}

/// How two shards' rule options (`split` `=`) or policies (`split` `:`), `x` of `a` and `y` of
/// `b`, compare: `Ok` when each pair is the same text, or names files of the same kind holding
/// the same bytes wherever they were found; otherwise the first pair of such files whose bytes
/// differ, if that is what differs.
fn matching<'a>(
    a: &'a SetupRecord,
    x: &'a [String],
    b: &'a SetupRecord,
    y: &'a [String],
    split: char,
) -> std::result::Result<(), Option<(&'a InputFile, &'a InputFile)>> {
    if x.len() != y.len() {
        return Err(None);
    }
    let mut differ = false;
    for (x, y) in x.iter().zip(y) {
        match (naming(a, x, split), naming(b, y, split)) {
            (Named::File(kx, fx), Named::File(ky, fy)) if kx == ky => {
                if fx.sha256 != fy.sha256 {
                    return Err(Some((fx, fy)));
                }
            }
            (Named::Text(x), Named::Text(y)) if x == y => {}
            _ => differ = true,
        }
    }
    if differ { Err(None) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use crate::saved::tests::{load_sealed, saved};

    #[test]
    fn counts_that_do_not_add_up_to_the_units_are_refused_even_when_sealed() {
        assert_eq!(load_sealed(&saved()).unwrap(), saved());
        // One more observation of a per-unit metric than the file has units.
        let mut bad = saved();
        bad.tally.metrics[0].histogram.add(3, 1);
        let e = load_sealed(&bad).unwrap_err();
        assert!(
            e.ends_with("(m counts 8 observations, one a unit, but the file holds 7 units)"),
            "{e}"
        );
        // A metric that is not one a unit may count anything.
        let mut fine = saved();
        fine.tally.metrics[0].per_unit = false;
        fine.tally.metrics[0].histogram.add(3, 1);
        assert!(load_sealed(&fine).is_ok());
        // Units and counts raised together no longer match -n.
        let mut both = saved();
        for m in &mut both.tally.metrics {
            m.histogram.add(0, 1);
        }
        both.tally.units.as_mut().unwrap().counted = 8;
        let e = load_sealed(&both).unwrap_err();
        assert!(
            e.contains(
                "it counts 8 units, but shards 0 of 0-0 of a run of 7 units in chunks of 4 hold 7"
            ),
            "{e}"
        );
        // No count of units at all, or chunks of none.
        let mut none = saved();
        none.tally.units = None;
        assert!(load_sealed(&none).unwrap_err().contains("how many units"));
        let mut empty = saved();
        empty.tally.units.as_mut().unwrap().per_chunk = 0;
        assert!(
            load_sealed(&empty)
                .unwrap_err()
                .contains("chunks hold no units")
        );
    }

    #[test]
    fn a_shard_must_hold_the_chunks_its_index_owns() {
        use crate::stats::{Histogram, Units};
        // 7 units in chunks of 4, two shards: shard 0 owns the full chunk 0 (4 units), shard 1
        // the last chunk (3). The whole run's counts relabelled as either shard are refused.
        for (index, holds) in [(0u32, 4u64), (1, 3)] {
            let mut shard = saved();
            shard.record.shard_count = 2;
            shard.record.shards = vec![index];
            let e = load_sealed(&shard).unwrap_err();
            assert!(
                e.contains(&format!("it counts 7 units, but shards {index} of 0-1 of a run of 7 units in chunks of 4 hold {holds}")),
                "{e}"
            );
            // With counts of its own chunk it loads.
            shard.tally.units = Some(Units {
                per_chunk: 4,
                counted: holds,
                chunk_index_sum: u64::from(index),
            });
            for m in &mut shard.tally.metrics {
                m.histogram = Histogram::from_dense(0, &[holds]);
            }
            assert!(load_sealed(&shard).is_ok(), "shard {index}");
        }
        // 8 units, two shards of 4: shard 0's counts relabelled as shard 1 count as many units,
        // but not its chunk.
        let mut forged = saved();
        forged.record.units = 8;
        forged.record.shard_count = 2;
        forged.record.shards = vec![1];
        forged.tally.units = Some(Units {
            per_chunk: 4,
            counted: 4,
            chunk_index_sum: 0,
        });
        for m in &mut forged.tally.metrics {
            m.histogram = Histogram::from_dense(0, &[4]);
        }
        let e = load_sealed(&forged).unwrap_err();
        assert!(
            e.contains("its chunks are not the ones shards 1 of 0-1 of a run of 8 units in chunks of 4 play (the indexes of its chunks add up to 0, theirs to 1)"),
            "{e}"
        );
        forged.tally.units.as_mut().unwrap().chunk_index_sum = 1;
        assert!(load_sealed(&forged).is_ok());
    }
}
