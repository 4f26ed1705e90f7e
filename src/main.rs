//! The `dicelab` binary: the command line of [`dicelab::app`], on the built-in games.

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    dicelab::app::run()
}
