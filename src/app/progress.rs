//! The command line's progress bar: the [`Progress`] the binary hands the library, drawn on
//! stderr with indicatif, only on a terminal.

use std::io::IsTerminal;
use std::sync::RwLock;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::{Progress, Steps};

/// A bar on stderr. A run's bar appears after a second whether or not any unit is done by then
/// (a short run shows nothing; a run whose first chunk takes long shows it is at work); a
/// tuning's at once, since its every generation takes a while.
pub struct Bar {
    /// The bar of the work under way: one command may run many (`report`).
    bar: RwLock<ProgressBar>,
    terminal: bool,
}

impl Bar {
    /// A bar that draws only when stderr is a terminal.
    pub fn new() -> Self {
        Self {
            bar: RwLock::new(ProgressBar::hidden()),
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
        if self.terminal {
            if at_once {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            } else {
                // Shown by a timer, not by the first advance: the first chunk may take many
                // seconds (`best` on one thread), and a blank screen looks like a hang. The
                // steady tick keeps the clock moving between advances.
                let later = bar.clone();
                std::thread::spawn(move || {
                    std::thread::sleep(Duration::from_secs(1));
                    if !later.is_finished() {
                        later.set_draw_target(ProgressDrawTarget::stderr());
                        later.enable_steady_tick(Duration::from_millis(200));
                    }
                });
            }
        }
        *self.bar.write().expect("no writer panics") = bar;
    }

    fn advance(&self, steps: u64) {
        self.bar().inc(steps);
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
