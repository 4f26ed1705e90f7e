//! The `dicelab` binary: parses the command line, calls the library, maps errors to exit codes.
//!
//! Any error a user can cause is printed as one line on stderr with exit code 2 (bad input) or
//! 1 (a file or folder that cannot be read or written).

use std::process::ExitCode;

mod cli;
mod commands;

use clap::Parser;
use clap::error::ErrorKind;
use cli::{Cli, Command};
use dicelab::Error;
use dicelab::output::Invocation;

fn main() -> ExitCode {
    // Every run.json this command writes gives the same command line and start time.
    let invocation = Invocation::of_this_process();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
            _ => {
                // clap adds usage lines; the first paragraph says what is wrong (a missing
                // argument is named on the lines after the first), and its tips ("a similar
                // argument exists: '--threads'") follow in parentheses.
                let rendered = e.render().to_string();
                let first: Vec<&str> = rendered
                    .lines()
                    .take_while(|l| !l.trim().is_empty())
                    .map(str::trim)
                    .collect();
                let tips: Vec<&str> = rendered
                    .lines()
                    .map(str::trim)
                    .filter(|l| l.starts_with("tip:"))
                    .collect();
                let mut line = first.join(" ");
                if !tips.is_empty() {
                    line = format!("{line} ({})", tips.join("; "));
                }
                eprintln!("dicelab: {line}");
                return ExitCode::from(2);
            }
        },
    };
    let result = match &cli.command {
        Command::Simulate(args) => commands::simulate(args, &invocation),
        Command::Compare(args) => commands::compare(args, &invocation),
        Command::Sweep(args) => commands::sweep(args, &invocation),
        Command::Solve(args) => commands::solve(args, &invocation),
        Command::Table(args) => commands::table(args, &invocation),
        Command::Claims(args) => commands::claims(args, &invocation),
        Command::Report(args) => commands::report(args, &invocation),
        Command::Merge(args) => commands::merge(args, &invocation),
        Command::Tune(args) => commands::tune(args),
        Command::Decks(args) => commands::decks(args, &invocation),
        Command::Advise(args) => commands::advise(args),
        Command::Play(args) => commands::play(args),
        Command::Rules(args) => commands::rules(args),
        Command::Policies(args) => commands::policies(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dicelab: error: {e}");
            ExitCode::from(match e {
                Error::Input(_) => 2,
                Error::Io { .. } => 1,
            })
        }
    }
}
