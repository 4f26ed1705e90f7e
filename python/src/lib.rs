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

/// Runs the dicelab command whose words (after `dicelab`) are `words`, and returns `(stdout,
/// files)`: the text it printed and a dict of its report's files (name to bytes), as `--out`
/// would write them. The run releases the GIL, so other Python threads go on meanwhile.
#[pyfunction]
fn run(py: Python<'_>, words: Vec<String>) -> PyResult<(String, Py<PyDict>)> {
    let invocation = Invocation::now(
        std::iter::once("dicelab".to_string())
            .chain(words)
            .collect(),
    );
    // A panic is a bug, but it must not take the interpreter down with it: it becomes an
    // exception that says so.
    let outcome = py.detach(|| catch_unwind(AssertUnwindSafe(|| run_captured(&invocation))));
    match outcome {
        Ok(Ok(Captured { stdout, files })) => {
            let dict = PyDict::new(py);
            for (name, bytes) in files {
                dict.set_item(name, PyBytes::new(py, &bytes))?;
            }
            Ok((stdout, dict.unbind()))
        }
        Ok(Err(Failed { line, code })) => {
            let error = DicelabError::new_err(line);
            error.value(py).setattr("code", code)?;
            Err(error)
        }
        Err(_) => Err(DicelabError::new_err(
            "error: internal error: dicelab panicked (its message is on stderr); please report it",
        )),
    }
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
