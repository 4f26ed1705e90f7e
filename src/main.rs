//! The `dicelab` binary: the command line of [`dicelab::app`], on the built-in games.

// No `unsafe` code, with one attribute excepted below: placing a function among the program's
// constructors is an `unsafe` attribute, and nothing else can see a closed standard output.
#![deny(unsafe_code)]

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether standard output was closed when the process started (`dicelab ... >&-`).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Looks at standard output before the Rust runtime starts: the runtime opens `/dev/null` in
/// place of a closed one before `main`, after which a closed output cannot be told from
/// `> /dev/null`, and a run would print its answers nowhere and exit 0.
#[cfg(target_os = "linux")]
extern "C" fn look_at_stdout() {
    if rustix::io::fcntl_getfd(std::io::stdout()).is_err() {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// Runs [`look_at_stdout`] among the program's constructors, before the runtime's start-up.
/// Sound: the function reads one descriptor's flags and stores an atomic, asking nothing of the
/// runtime that is not yet set up.
#[cfg(target_os = "linux")]
#[used]
#[allow(unsafe_code)]
#[unsafe(link_section = ".init_array")]
static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;

fn main() -> ExitCode {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        dicelab::app::refuse_closed_stdout()
    } else {
        dicelab::app::run()
    }
}
