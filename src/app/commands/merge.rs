//! `dicelab merge`: the shards' accumulators added, the game configured again from the record.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::ops;
use crate::output::{Invocation, OutDir};
use crate::saved::Saved;

use super::super::cli::MergeArgs;
use super::publish;
use crate::ops::REPORT_NAMES;

/// `dicelab merge`.
pub fn merge(args: &MergeArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let parts = args
        .shards
        .iter()
        .map(|dir| Ok((dir.clone(), Saved::load(dir)?)))
        .collect::<Result<Vec<_>>>()?;
    refuse_an_input_as_out(&args.shards, &args.out)?;
    let merged = ops::merge_loaded(parts, args.partial)?;
    if let Some(note) = &merged.partial {
        super::super::stdout::tell(note);
    }
    // The folder is made only once the merge is known to be good: a refused merge leaves none.
    let out = OutDir::prepare(&args.out, invocation)?.writing(&REPORT_NAMES)?;
    publish(&merged.finished, Some(&out), Vec::new(), None, printing).map(drop)
}

/// Refuses an `--out` folder that is one of the shards being merged: the merge would replace an
/// input. Folders are compared as the system knows them (device and inode), so `shard0`,
/// `./shard0`, a symlink to it and a bind mount of it are one folder.
fn refuse_an_input_as_out(shards: &[PathBuf], out: &Path) -> Result<()> {
    let Some(out_id) = folder_id(out) else {
        return Ok(());
    };
    for shard in shards {
        if folder_id(shard).is_some_and(|s| s == out_id) {
            return Err(Error::input(format!(
                "--out {}: is the shard {} being merged; write the merged report to another folder",
                out.display(),
                shard.display()
            )));
        }
    }
    Ok(())
}

/// What tells one folder from another however it is reached: device and inode (on other
/// systems, the real path).
#[cfg(unix)]
fn folder_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn folder_id(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}
