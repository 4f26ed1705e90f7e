//! Shards: a run split over processes, shard `K/N` running chunks K, K+N, K+2N, ..., and the
//! units each holds; and runs of shard indexes as `sbatch --array=` takes them.

use std::str::FromStr;

use crate::error::{Error, Result};
use crate::stats::Units;

/// Which chunks this process runs: every `count`-th chunk starting at `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Zero-based index of this shard.
    pub index: u32,
    /// Number of shards the run is split into.
    pub count: u32,
}

impl Shard {
    /// The whole run in one piece.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };
}

impl FromStr for Shard {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let bad = || {
            Error::input(format!(
                "expected K/N with 0 <= K < N <= {}, e.g. 0/4, found '{s}'",
                u32::MAX
            ))
        };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let part = |p: &str| -> Result<u32> {
            crate::number::parse_whole(p)
                .ok()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(bad)
        };
        let (index, count) = (part(k)?, part(n)?);
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Indexes (sorted, distinct) as a list of runs, `2,5-7`: the form `sbatch --array=` and
/// `deploy/slurm/submit.sh --tasks` take, so a missing shard can be pasted into a resubmission.
pub fn index_ranges(indexes: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &k in indexes {
        match runs.last_mut() {
            Some((_, end)) if end.checked_add(1) == Some(k) => *end = k,
            _ => runs.push((k, k)),
        }
    }
    runs_text(&runs)
}

/// Runs of indexes `(first, last)` as [`index_ranges`] writes them: `2,5-7`.
pub fn runs_text(runs: &[(u32, u32)]) -> String {
    let text: Vec<String> = runs
        .iter()
        .map(|&(start, end)| {
            if end == start {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect();
    text.join(",")
}

/// How many chunks `shard` of a run of `units` units in chunks of `per_chunk` runs: chunks
/// `index`, `index + count`, ... below the run's last. Counted, never listed, so memory stays
/// flat however large the run.
pub fn shard_chunks(units: u64, per_chunk: u64, shard: Shard) -> u64 {
    let chunks = units.div_ceil(per_chunk.max(1));
    chunks
        .saturating_sub(u64::from(shard.index))
        .div_ceil(u64::from(shard.count.max(1)))
}

/// How many units `shard` of a run of `units` units in chunks of `per_chunk` plays. Every chunk
/// is full but possibly the run's very last; a shard of a run with fewer chunks than shards plays
/// none.
pub fn shard_units(units: u64, per_chunk: u64, shard: Shard) -> u64 {
    let per_chunk = per_chunk.max(1);
    let mine = shard_chunks(units, per_chunk, shard);
    if mine == 0 {
        return 0;
    }
    let last = u64::from(shard.index) + (mine - 1) * u64::from(shard.count);
    (mine - 1) * per_chunk + per_chunk.min(units - last * per_chunk)
}

/// What `shard` of a run of `units` units in chunks of `per_chunk` must have played, as its
/// tally's [`Units`] records it: `merge` checks every shard file against it. The chunk indexes
/// `K, K+N, K+2N, ...` sum to `m*K + N*m*(m-1)/2` for `m` chunks (modulo 2^64, as the engine
/// adds them), so a shard's counts relabelled as another index with as many units are caught.
pub fn shard_run_units(units: u64, per_chunk: u64, shard: Shard) -> Units {
    let mine = shard_chunks(units, per_chunk, shard);
    // m*(m-1)/2 without overflow before the halving: halve whichever factor is even.
    let pairs = if mine.is_multiple_of(2) {
        (mine / 2).wrapping_mul(mine.saturating_sub(1))
    } else {
        mine.wrapping_mul(mine.saturating_sub(1) / 2)
    };
    Units {
        per_chunk,
        counted: shard_units(units, per_chunk, shard),
        chunk_index_sum: mine
            .wrapping_mul(u64::from(shard.index))
            .wrapping_add(pairs.wrapping_mul(u64::from(shard.count))),
    }
}
