//! Merging shards: each shard's accumulators loaded and checked, added into the whole run, and
//! the game configured again from the run's record alone.

use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::report::text::runs_text;
use crate::saved::Saved;

use super::Finished;

/// A merge of shards.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The merged run, with the game's exact values.
    pub finished: Finished,
    /// With `partial`, the line that says which shards were merged and which are missing.
    pub partial: Option<String>,
}

/// Merges the runs saved in `shards` (report folders). A run missing shards is refused unless
/// `partial`, which merges what is there and says what is missing; a run until it knows is
/// refused with any missing, since where it stops depends on every shard's counts.
pub fn merge(shards: &[PathBuf], partial: bool) -> Result<Merged> {
    let parts = shards
        .iter()
        .map(|dir| Ok((dir.clone(), Saved::load(dir)?)))
        .collect::<Result<Vec<_>>>()?;
    merge_loaded(parts, partial)
}

/// [`merge`] of shards already loaded, each with the folder it came from.
pub fn merge_loaded(parts: Vec<(PathBuf, Saved)>, partial: bool) -> Result<Merged> {
    let merged = Saved::merge_all(parts)?;
    let game = crate::games::configure_again(&merged.record.setup)?;
    let mut note = None;
    let until = merged.record.sequential.is_some() && !merged.looks.is_empty();
    if !merged.is_whole() {
        let missing = runs_text(&merged.missing_shards());
        let count = merged.record.shard_count;
        if until {
            return Err(Error::input(format!(
                "merge: shards {missing} of 0-{} are missing, and a run that stops when it \
                 knows stops on every shard's counts, so it merges whole (resubmit them: \
                 sbatch --array={missing}, or deploy/slurm/submit.sh --tasks {missing})",
                count - 1
            )));
        }
        if !partial {
            return Err(Error::input(format!(
                "merge: shards {missing} of 0-{} are missing (resubmit them: sbatch --array={missing}, \
                 or deploy/slurm/submit.sh --tasks {missing}); give --partial to merge the shards here",
                count - 1
            )));
        }
        note = Some(format!(
            "note: shards {} of 0-{} merged (--partial); missing {missing}",
            merged.shards_held(),
            count - 1
        ));
    }
    let finished = if until {
        let whole = super::sequential::replay(merged)?;
        whole.check().map_err(|problem| {
            Error::input(format!(
                "merge: the shards' counts look by look do not make a consistent run ({problem})"
            ))
        })?;
        super::sequential::finish(game.as_ref(), whole)
    } else if merged.record.sequential.is_some() {
        // One folder of a run that stopped on its own: its report as the run printed it.
        super::sequential::finish(game.as_ref(), merged)
    } else {
        Finished::of(game.as_ref(), merged)
    };
    Ok(Merged {
        finished,
        partial: note,
    })
}
