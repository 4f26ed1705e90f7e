//! `dicelab._native`: the compiled half of the `dicelab` package.
//!
//! Each operation (`simulate`, `merge`, `sweep`, `analyse`, `advise`, `review`, `replay`:
//! [`calls`]) builds a typed request of the library's operations layer (`dicelab::ops`) from
//! values `dicelab/_api.py` has already checked and converted, runs it on a thread of its own
//! with the GIL released, and hands back typed results ([`frames`]: columns of Python values,
//! the numbers a report's CSV holds). A failure raises [`failure::Failure`], which `dicelab/_errors.py` turns into the
//! exception a user catches. [`run`] keeps the command line itself at hand (`dicelab.cli`).

#![deny(missing_docs)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use dicelab::Invocation;
use dicelab::app::{Captured, Failed, run_captured};
use dicelab::engine::OnProgress;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

mod calls;
mod failure;
mod frames;

use failure::Failure;

/// The stack of the thread an operation runs on: the main thread's, as the command line has.
const STACK: usize = 8 << 20;

/// Runs `job` on a thread of its own, inside a thread pool of its own (dropped when it returns:
/// nothing is left in rayon's global pool, whose threads a `fork` of Python would not copy),
/// with the GIL released so other Python threads go on. A Ctrl-C stops a run between two
/// chunks (the job is told through the progress it is handed) and is raised once it has
/// stopped; a library error becomes the exception of its kind; a panic, a bug, becomes an
/// exception that says so rather than taking the interpreter down.
pub(crate) fn detached<T: Send + 'static>(
    py: Python<'_>,
    job: impl FnOnce(OnProgress) -> dicelab::Result<T> + Send + 'static,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let progress = OnProgress::stopped_by(stop.clone());
    let outcome = waited(py, &stop, move || {
        let pool = dicelab::engine::thread_pool(None, Some(STACK))?;
        pool.install(|| job(progress))
    })?;
    match outcome {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(failure::raised(&error)),
        Err(()) => Err(failure::plain("internal", PANICKED.into(), 101)),
    }
}

/// What a panic of the library says: the command line's words for one.
const PANICKED: &str =
    "internal error: dicelab panicked (its message is on stderr); please report it";

/// Runs `work` on a thread of its own and waits for it with the GIL released, looking for a
/// Ctrl-C every [`SIGNAL_POLL`]: on one, `stop` is set, the work is waited for (so nothing of
/// it goes on writing after Python has moved on) and the KeyboardInterrupt is raised. `Err(())`
/// is a panic of the work.
fn waited<T: Send + 'static>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<Result<T, ()>> {
    let (done, mut outcome) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("dicelab".into())
        .stack_size(STACK)
        .spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(work)).map_err(drop);
            let _ = done.send(result);
        })
        .map_err(|e| failure::request(format!("cannot start a thread: {e}")))?;
    let result = loop {
        // The receiver goes into the detached closure and back: it may not be shared.
        let (received, back) = py.detach(move || (outcome.recv_timeout(SIGNAL_POLL), outcome));
        outcome = back;
        match received {
            Ok(result) => break result,
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    py.detach(move || {
                        let _ = outcome.recv();
                    });
                    let _ = worker.join();
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => break Err(()),
        }
    };
    let _ = worker.join();
    Ok(result)
}

/// How often a waiting call looks for a Ctrl-C: Python runs its signal handlers only on the main
/// thread, between bytecodes, so a call that waited blindly could not be interrupted.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs the dicelab command whose words (after `dicelab`) are `words`, as the command line
/// would, and returns `(stdout, files)`: the text it printed and a dict of its report's files
/// (name to bytes). A refusal raises a `Failure` of kind `command` carrying the command line's
/// own line and exit code.
#[pyfunction]
fn run(py: Python<'_>, words: Vec<String>) -> PyResult<(String, Py<PyDict>)> {
    let invocation = Invocation::now(
        std::iter::once("dicelab".to_string())
            .chain(words)
            .collect(),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let outcome = waited(py, &stop, move || run_captured(&invocation, Some(flag)))?;
    match outcome {
        Ok(Ok(Captured { stdout, files })) => {
            let dict = PyDict::new(py);
            for (name, bytes) in files {
                dict.set_item(name, PyBytes::new(py, &bytes))?;
            }
            Ok((stdout, dict.unbind()))
        }
        Ok(Err(Failed { line, code })) => Err(failure::command(line, code)),
        // The command line's exit code for a panic.
        Err(()) => Err(failure::command(format!("error: {PANICKED}"), 101)),
    }
}

/// The native half of the `dicelab` package.
#[pymodule]
mod _native {
    #[pymodule_export]
    use super::Failure;
    #[pymodule_export]
    use super::calls::{
        Run, advise, analyse, check_out, merge, replay, review, run_chunks, sheet, simulate, sweep,
    };
    #[pymodule_export]
    use super::run;

    use pyo3::prelude::*;

    /// The version of the dicelab library built into this module.
    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
