//! Ctrl-C at the command line. A run under way stops between two chunks, as the library's
//! [`Progress::stopped`] lets it, writes nothing, and the command says what it stopped and where,
//! with exit code 130 (128 + SIGINT, what a shell reports for a process the signal ended).
//! Anything else (a solve, a game of `play`, a report being written) is ended at once, with the
//! same kind of line: a report folder is swapped into place whole or not at all, so nothing is
//! left half-written either way.
//!
//! A second Ctrl-C while a run stops quits at once. Only the `dicelab` binary listens
//! ([`listen`]); a program that embeds the command line (Python) stops a command through its own
//! flag ([`super::run_captured`]).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::engine::{Progress, Steps};

use super::progress::Bar;

/// Whether Ctrl-C was pressed.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// How many runs under way would stop at their next chunk ([`Watched`] values alive).
static LISTENING: AtomicUsize = AtomicUsize::new(0);

/// Where the latest run stands: steps done and its total.
static DONE: AtomicU64 = AtomicU64::new(0);
static TOTAL: AtomicU64 = AtomicU64::new(0);

/// What the latest run counts: 0 nothing yet, 1 units, 2 seconds, 3 evaluations.
static STEPS: AtomicUsize = AtomicUsize::new(0);

/// What a command that stops itself on Ctrl-C asks done instead (the web server's graceful
/// stop); a second Ctrl-C still quits at once.
static ON_INTERRUPT: OnceLock<Box<dyn Fn() + Send + Sync>> = OnceLock::new();

/// Ctrl-C calls `stop` instead of ending the process (once; a second Ctrl-C quits at once): for
/// a command that runs until stopped and stops itself cleanly, with exit code 0.
#[cfg(feature = "serve")]
pub(super) fn on_interrupt(stop: impl Fn() + Send + Sync + 'static) {
    let _ = ON_INTERRUPT.set(Box::new(stop));
}

/// The command line as the user typed it, for the line that says what was stopped.
static COMMAND: OnceLock<String> = OnceLock::new();

/// Writes `dicelab: LINE` on stderr, as `stdout::tell` does (not called, so that the capture,
/// which this module's progress serves, and the output it keeps do not import each other).
fn tell(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "dicelab: {line}");
}

/// The exit code of a command stopped by Ctrl-C.
pub(super) const EXIT_CODE: u8 = 130;

/// Listens for Ctrl-C for the rest of the process: `command` (the words after the program's
/// name) names what is stopped. Without a way to listen (no signals on this platform, or none
/// to be had) Ctrl-C keeps its default, ending the process at once.
pub(super) fn listen(command: &[String]) {
    let words: Vec<String> = command
        .iter()
        .skip(1)
        .map(|w| crate::error::one_line(w))
        .collect();
    let _ = COMMAND.set(format!("dicelab {}", words.join(" ")));
    #[cfg(unix)]
    {
        use signal_hook::consts::SIGINT;
        use signal_hook::iterator::Signals;
        let Ok(mut signals) = Signals::new([SIGINT]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("ctrl-c".into())
            .spawn(move || {
                for _ in signals.forever() {
                    interrupted();
                }
            });
    }
}

/// What a Ctrl-C does: asks the runs under way to stop, or, with none (or on a second Ctrl-C),
/// ends the process with the line that says so.
fn interrupted() {
    let first = !REQUESTED.swap(true, Ordering::SeqCst);
    if first && let Some(stop) = ON_INTERRUPT.get() {
        stop();
        return;
    }
    if first && LISTENING.load(Ordering::SeqCst) > 0 {
        if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            tell("stopping after the chunks under way (Ctrl-C again quits at once)");
        }
        return;
    }
    tell(&stopped_line(false));
    std::process::exit(i32::from(EXIT_CODE));
}

/// Whether Ctrl-C interrupted this command. A command that stops itself on Ctrl-C
/// ([`on_interrupt`]: the web server) was not interrupted but stopped, as it is meant to be.
pub(super) fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst) && ON_INTERRUPT.get().is_none()
}

/// The line a command stopped by Ctrl-C ends with. `stopped_run`: the command came back from a
/// run that stopped between chunks (and wrote nothing), rather than being ended wherever it was.
pub(super) fn stopped_line(stopped_run: bool) -> String {
    let command = COMMAND.get().map_or("dicelab", String::as_str);
    let (done, total) = (DONE.load(Ordering::SeqCst), TOTAL.load(Ordering::SeqCst));
    let what = match STEPS.load(Ordering::SeqCst) {
        1 => "units",
        2 => "seconds",
        3 => "evaluations",
        _ => "",
    };
    if stopped_run && !what.is_empty() {
        format!(
            "interrupted (Ctrl-C): `{command}` stopped after {done} of {total} {what} of its \
             run; nothing of the run was written"
        )
    } else {
        format!("interrupted (Ctrl-C): `{command}` stopped before it finished")
    }
}

/// The line of a command that finished its work although Ctrl-C was pressed (during its last
/// chunk or while it wrote): everything it was asked for was done.
pub(super) fn finished_line() -> String {
    let command = COMMAND.get().map_or("dicelab", String::as_str);
    format!(
        "interrupted (Ctrl-C) as `{command}` finished: its work was done and everything it was \
         asked to write was written"
    )
}

/// The command line's [`Progress`]: the bar (unless quiet), where the run stands, and a stop
/// once Ctrl-C is pressed. While one is alive, Ctrl-C waits for the run to stop.
pub(super) struct Watched {
    bar: Option<Bar>,
}

impl Watched {
    /// A run's progress, drawn unless `quiet`.
    pub(super) fn new(quiet: bool) -> Self {
        LISTENING.fetch_add(1, Ordering::SeqCst);
        Self {
            bar: (!quiet).then(Bar::new),
        }
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        LISTENING.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Progress for Watched {
    fn start(&self, total: u64, steps: Steps) {
        DONE.store(0, Ordering::SeqCst);
        TOTAL.store(total, Ordering::SeqCst);
        let code = match steps {
            Steps::Units => 1,
            Steps::Seconds => 2,
            Steps::Evaluations => 3,
        };
        STEPS.store(code, Ordering::SeqCst);
        if let Some(bar) = &self.bar {
            bar.start(total, steps);
        }
    }

    fn advance(&self, steps: u64) {
        DONE.fetch_add(steps, Ordering::SeqCst);
        if let Some(bar) = &self.bar {
            bar.advance(steps);
        }
    }

    fn set(&self, position: u64, message: &str) {
        DONE.store(position, Ordering::SeqCst);
        if let Some(bar) = &self.bar {
            bar.set(position, message);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish();
        }
    }

    fn stopped(&self) -> bool {
        requested()
    }
}
