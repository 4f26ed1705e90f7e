//! The command line's progress bar: the [`Progress`] the binary hands the library, drawn on
//! stderr with indicatif, only on a terminal.

use std::io::IsTerminal;
use std::sync::RwLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::{Progress, Steps};

/// A bar on stderr. A run's bar appears only after a second (a short run shows nothing); a
/// tuning's at once, since its every generation takes a while.
pub struct Bar {
    /// The bar of the work under way: one command may run many (`report`).
    bar: RwLock<ProgressBar>,
    start: RwLock<Instant>,
    shown: AtomicBool,
    terminal: bool,
}

impl Bar {
    /// A bar that draws only when stderr is a terminal.
    pub fn new() -> Self {
        Self {
            bar: RwLock::new(ProgressBar::hidden()),
            start: RwLock::new(Instant::now()),
            shown: AtomicBool::new(false),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn bar(&self) -> ProgressBar {
        self.bar.read().expect("no writer panics").clone()
    }
}

impl Progress for Bar {
    fn start(&self, total: u64, steps: Steps) {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let template = match steps {
            Steps::Units => {
                "{spinner} [{elapsed_precise}] {wide_bar} {percent:>3}% {human_pos}/{human_len} units, eta {eta}"
            }
            Steps::Seconds => "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len}s {msg}",
            Steps::Evaluations => {
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} evaluations {msg}"
            }
        };
        bar.set_style(ProgressStyle::with_template(template).expect("the template is valid"));
        let at_once = steps != Steps::Units;
        if at_once && self.terminal {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.shown.store(at_once, Ordering::Relaxed);
        *self.start.write().expect("no writer panics") = Instant::now();
        *self.bar.write().expect("no writer panics") = bar;
    }

    fn advance(&self, steps: u64) {
        let bar = self.bar();
        bar.inc(steps);
        if self.terminal
            && !self.shown.load(Ordering::Relaxed)
            && self.start.read().expect("no writer panics").elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn set(&self, position: u64, message: &str) {
        let bar = self.bar();
        bar.set_message(message.to_string());
        bar.set_position(position);
    }

    fn finish(&self) {
        self.bar().finish_and_clear();
    }
}
