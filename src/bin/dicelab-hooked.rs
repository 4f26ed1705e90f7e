//! `dicelab` paused at every step of its writes (`dicelab: write hook: STEP` on stderr, then a
//! line read from stdin), so the crash tests (`tests/cli/writes.rs`) can kill a run between any
//! two steps. A binary of its own, built only with the `write-hook` feature that test builds turn
//! on, so that `target/release/dicelab`, even after `cargo test --release`, never pauses.

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    dicelab::internals::pause_at_write_steps();
    // Recorded as the `dicelab` beside it, so that what it writes (run.json's command line) is
    // byte for byte what `dicelab` writes, which the crash tests compare its reports with.
    let mut invocation = dicelab::Invocation::of_this_process();
    if let Some(program) = invocation.command.first_mut()
        && let Some(dicelab) = program.strip_suffix("-hooked")
    {
        *program = dicelab.to_string();
    }
    dicelab::app::run_on(&invocation)
}
