//! `dicelab._native`: the command line of dicelab run inside Python.
//!
//! One function, [`run`], takes a command's words as the command line would (`["simulate",
//! "sevens", "-n", "1000"]`) and returns what it printed and the files its report holds; a
//! failure raises `dicelab.DicelabError` with the command line's own line. Everything a user calls
//! is in `dicelab/__init__.py`, which builds the words from keyword arguments and reads the files
//! into pandas. Going through the command line's parser keeps one definition of every flag, its
//! checks and its messages, and the same seed gives the same bytes as the `dicelab` binary.

#![deny(missing_docs)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use dicelab::Invocation;
use dicelab::app::{Captured, Failed, run_captured};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

create_exception!(
    dicelab,
    DicelabError,
    PyException,
    "A dicelab command refused its input or could not read or write a file: the message is the \
     line the command line prints, and `code` its exit code (2 for bad input, 1 for a file)."
);

/// How often a waiting call looks for a Ctrl-C: Python runs its signal handlers only on the main
/// thread, between bytecodes, so a call that waited blindly could not be interrupted.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs the dicelab command whose words (after `dicelab`) are `words`, and returns `(stdout,
/// files)`: the text it printed and a dict of its report's files (name to bytes), as `--out`
/// would write them. The run releases the GIL, so other Python threads go on meanwhile, and a
/// Ctrl-C (KeyboardInterrupt) stops a simulation between two chunks and is raised at once.
#[pyfunction]
fn run(py: Python<'_>, words: Vec<String>) -> PyResult<(String, Py<PyDict>)> {
    let invocation = Invocation::now(
        std::iter::once("dicelab".to_string())
            .chain(words)
            .collect(),
    );
    let stop = Arc::new(AtomicBool::new(false));
    let (done, mut outcome) = mpsc::channel();
    let worker = {
        let stop = stop.clone();
        std::thread::Builder::new()
            .name("dicelab".into())
            .spawn(move || {
                // A panic is a bug, but it must not take the interpreter down with it: it
                // becomes an exception that says so.
                let result =
                    catch_unwind(AssertUnwindSafe(|| run_captured(&invocation, Some(stop))));
                let _ = done.send(result);
            })
            .map_err(|e| DicelabError::new_err(format!("error: cannot start a thread: {e}")))?
    };
    let result = loop {
        // The receiver goes into the detached closure and back: it may not be shared.
        let (received, back) = py.detach(move || (outcome.recv_timeout(SIGNAL_POLL), outcome));
        outcome = back;
        match received {
            Ok(result) => break result,
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    // Ctrl-C: the run stops at its next chunk; wait for it, so nothing of it
                    // goes on writing after Python has moved on.
                    stop.store(true, Ordering::Relaxed);
                    py.detach(move || {
                        let _ = outcome.recv();
                    });
                    let _ = worker.join();
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => break Err(Box::new("no result")),
        }
    };
    let _ = worker.join();
    match result {
        Ok(Ok(Captured { stdout, files })) => {
            let dict = PyDict::new(py);
            for (name, bytes) in files {
                dict.set_item(name, PyBytes::new(py, &bytes))?;
            }
            Ok((stdout, dict.unbind()))
        }
        Ok(Err(Failed { line, code })) => Err(raised(py, line, code)),
        // The command line's exit code for a panic.
        Err(_) => Err(raised(
            py,
            "error: internal error: dicelab panicked (its message is on stderr); please report it"
                .into(),
            101,
        )),
    }
}

/// A DicelabError with the command line's line and exit code (`code`).
fn raised(py: Python<'_>, line: String, code: u8) -> PyErr {
    let error = DicelabError::new_err(line);
    // Setting an attribute on a fresh exception fails only without memory; the line still goes.
    let _ = error.value(py).setattr("code", code);
    error
}

/// The native half of the `dicelab` package.
#[pymodule]
mod _native {
    #[pymodule_export]
    use super::DicelabError;
    #[pymodule_export]
    use super::run;

    use pyo3::prelude::*;

    /// The version of the dicelab library built into this module.
    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))
    }
}
