//! How a run tells its progress and learns it must stop: told to a [`Progress`] the caller
//! supplies, never drawn here.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// What long work is counted in, so a [`Progress`] can say it in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steps {
    /// Units of a run (turns, races, games).
    Units,
    /// Seconds of a time budget.
    Seconds,
    /// Evaluations of an evaluation budget.
    Evaluations,
}

/// Told how long work advances, from any worker thread. The library draws nothing: the command
/// line shows a bar (on a terminal, after a second), a library user may log it, and without one
/// nothing is told.
pub trait Progress: Send + Sync {
    /// Work of `total` steps starts.
    fn start(&self, total: u64, steps: Steps);
    /// `steps` more steps are done.
    fn advance(&self, steps: u64);
    /// The work stands at `position` steps, with a line on where it is (a tuning's generation).
    fn set(&self, position: u64, message: &str);
    /// The work is over.
    fn finish(&self);
    /// Whether whoever watches wants the work stopped (a Python user's Ctrl-C): a run then skips
    /// its remaining chunks and fails with [`STOPPED`]. Asked before every chunk.
    fn stopped(&self) -> bool {
        false
    }
}

/// The message of a run stopped through [`Progress::stopped`]: it has no result, and writes
/// nothing.
pub const STOPPED: &str = "the run was stopped before its end; nothing was written";

/// Where a run's progress goes: nowhere (the default), or a [`Progress`] the caller supplies.
#[derive(Clone, Default)]
pub struct OnProgress(Option<Arc<dyn Progress>>);

impl OnProgress {
    /// Nothing told, and never stopped.
    pub const NONE: OnProgress = OnProgress(None);

    /// Progress told to `progress`.
    pub fn to(progress: Arc<dyn Progress>) -> Self {
        Self(Some(progress))
    }

    /// Nothing told, and the run stopped once `flag` is set: for a caller that stops a run
    /// from another thread (a Python user's Ctrl-C, seen by the binding's waiting thread).
    pub fn stopped_by(flag: Arc<AtomicBool>) -> Self {
        Self(Some(Arc::new(StopWhenSet(flag))))
    }

    /// Progress told to no one, but a stop asked for here heard there: for work inside a
    /// larger one whose own steps would start the count again (an estimated game's races in a
    /// review), which must still stop with it.
    pub fn silenced(&self) -> Self {
        match &self.0 {
            Some(told) => Self(Some(Arc::new(Silenced(told.clone())))),
            None => Self(None),
        }
    }

    /// Whether anyone is told.
    pub fn is_told(&self) -> bool {
        self.0.is_some()
    }

    /// [`Progress::start`], if anyone is told.
    pub fn start(&self, total: u64, steps: Steps) {
        if let Some(p) = &self.0 {
            p.start(total, steps);
        }
    }

    /// [`Progress::advance`], if anyone is told.
    pub fn advance(&self, steps: u64) {
        if let Some(p) = &self.0 {
            p.advance(steps);
        }
    }

    /// [`Progress::set`], if anyone is told.
    pub fn set(&self, position: u64, message: &str) {
        if let Some(p) = &self.0 {
            p.set(position, message);
        }
    }

    /// [`Progress::finish`], if anyone is told.
    pub fn finish(&self) {
        if let Some(p) = &self.0 {
            p.finish();
        }
    }

    /// [`Progress::stopped`]; never, when no one is told.
    pub fn stopped(&self) -> bool {
        self.0.as_ref().is_some_and(|p| p.stopped())
    }
}

impl std::fmt::Debug for OnProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.is_told() {
            "OnProgress(told)"
        } else {
            "OnProgress(none)"
        })
    }
}

/// A [`Progress`] that tells nothing and says stop when the one it silences does.
struct Silenced(Arc<dyn Progress>);

impl Progress for Silenced {
    fn start(&self, _: u64, _: Steps) {}
    fn advance(&self, _: u64) {}
    fn set(&self, _: u64, _: &str) {}
    fn finish(&self) {}
    fn stopped(&self) -> bool {
        self.0.stopped()
    }
}

/// A [`Progress`] that draws nothing and says stop once its flag is set.
struct StopWhenSet(Arc<AtomicBool>);

impl Progress for StopWhenSet {
    fn start(&self, _: u64, _: Steps) {}
    fn advance(&self, _: u64) {}
    fn set(&self, _: u64, _: &str) {}
    fn finish(&self) {}
    fn stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
