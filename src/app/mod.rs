//! The command line: parses it, calls the library, maps errors to exit codes.
//!
//! These are the binary's modules, kept in the library so that a program with games of its own
//! (registered with [`crate::games::register`], as `examples/coin_race.rs` does) runs them
//! through the same commands as the built-in ones. Only here are flags named: the library's
//! errors name the setting ([`crate::error::Setting`]) and this layer writes it as its flag.
//!
//! Any error a user can cause is printed as one line on stderr with exit code 2 (bad input) or
//! 1 (a file or folder that cannot be read or written).

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod answer;
mod capture;
mod cli;
mod commands;
mod drill;
mod interrupt;
mod listing;
mod man;
mod progress;
#[cfg(feature = "serve")]
mod serve;
mod stdout;
mod terminal;

use crate::error::{Message, one_line};
use crate::output::Invocation;
use clap::Parser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use cli::{Cli, Command};

pub(crate) use crate::error::Flags;
pub use capture::{Captured, Failed};
use stdout::tell;

/// Runs the `dicelab` command line on this process's arguments and returns its exit code: what
/// `main` of the `dicelab` binary does, and what a program that registered games of its own
/// calls.
pub fn run() -> ExitCode {
    // Every word of the command is recorded and parsed as text: a word that is not UTF-8 (a
    // path in another encoding) is refused here rather than read as something it is not.
    for (i, word) in std::env::args_os().enumerate().skip(1) {
        if word.to_str().is_none() {
            tell(&format!(
                "error: argument {i} ('{}') is not UTF-8 text; dicelab takes its values and paths \
                 as UTF-8",
                one_line(&word.to_string_lossy())
            ));
            return ExitCode::from(2);
        }
    }
    let invocation = Invocation::of_this_process();
    interrupt::listen(&invocation.command);
    run_on(&invocation)
}

/// What the binary does when its standard output was closed at start-up (`dicelab ... >&-`):
/// one line on stderr and exit code 1, before any work, since every answer would be lost (a
/// report asked for is not written either: a run that cannot say it wrote one is no run).
pub fn refuse_closed_stdout() -> ExitCode {
    tell(
        "error: standard output: it is closed, so every answer would be lost; give it a file, \
         or > /dev/null to discard what dicelab prints",
    );
    ExitCode::from(1)
}

/// Runs the command line `invocation.command` (its first word the program's name), as `run` does
/// for the process: a program or a test runs a command without a process of its own. Every
/// run.json the command writes gives this invocation's command line, folder and start time.
pub fn run_on(invocation: &Invocation) -> ExitCode {
    let cli = match parse(invocation) {
        Parsed::Command(cli) => *cli,
        // Help asked for goes to stdout, checked as any answer is (clap's own `exit` drops a
        // failed write and says 0).
        Parsed::Help(e) => {
            return match e.print().and_then(|()| std::io::stdout().flush()) {
                Err(source) if !stdout::is_closed_pipe(&source) => {
                    failed(&stdout::unwritable(source))
                }
                _ => ExitCode::SUCCESS,
            };
        }
        Parsed::Usage(e) => e.exit(),
        Parsed::Bad(line) => {
            tell(&line);
            return ExitCode::from(2);
        }
    };
    let result = dispatch(&cli, invocation);
    // Ctrl-C: the run stopped between chunks (an error, nothing written) or the command finished
    // first; either way the exit code says it was interrupted.
    if interrupt::requested() {
        tell(&match result {
            Ok(()) => interrupt::finished_line(),
            Err(_) => interrupt::stopped_line(true),
        });
        return ExitCode::from(interrupt::EXIT_CODE);
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failed(&e),
    }
}

/// The stack of the thread a captured command runs on: the main thread's, as the command line
/// has it (a program's own thread may have far less: 128 KiB under musl).
const COMMAND_STACK: usize = 8 << 20;

/// Runs the command line `invocation.command` as [`run_on`] does, but keeps what it prints and
/// the files its report holds instead of printing them (files are still written where `--out`
/// says): for a program that embeds dicelab and reads the results itself, as the Python package
/// does. A failure comes back as the line the command line would print, never printed. `play`,
/// which reads a player's lines from the terminal, is refused.
///
/// Setting `stop` (from another thread: a Python user's Ctrl-C) stops a simulation between two
/// chunks; the command then fails with [`crate::engine::STOPPED`] and writes nothing.
///
/// The command runs on a thread pool of its own, dropped when it returns, with the command
/// line's stack: nothing is left in rayon's global pool, whose threads a `fork` of the caller
/// (Python's multiprocessing) would not copy, hanging the child's next parallel loop.
pub fn run_captured(
    invocation: &Invocation,
    stop: Option<Arc<AtomicBool>>,
) -> std::result::Result<Captured, Failed> {
    let bad = |line: String| Failed { line, code: 2 };
    let cli = match parse(invocation) {
        Parsed::Command(cli) => *cli,
        Parsed::Help(e) => {
            return Ok(Captured {
                stdout: e.render().to_string(),
                files: Vec::new(),
            });
        }
        Parsed::Usage(_) => {
            return Err(bad(
                "error: expected a command, e.g. `simulate`; `dicelab --help` lists them".into(),
            ));
        }
        Parsed::Bad(line) => return Err(bad(line)),
    };
    // A game that can be played is refused here; one that cannot gets the command line's own
    // refusal from `play`, which then reads nothing.
    if let Command::Play(args) = &cli.command
        && args.game.playable().is_some()
    {
        return Err(bad(format!(
            "error: play {} is a game at the terminal: run `dicelab play {}` in a shell",
            args.game.name(),
            args.game.name()
        )));
    }
    let pool = crate::engine::thread_pool(None, Some(COMMAND_STACK)).map_err(|e| Failed {
        line: format!("error: {}", e.render(&Flags)),
        code: 1,
    })?;
    let (result, captured) =
        pool.install(|| capture::capturing(stop, || dispatch(&cli, invocation)));
    match result {
        Ok(()) => Ok(captured),
        Err(e) => Err(Failed {
            line: format!("error: {}", e.render(&Flags)),
            code: e.exit_code(),
        }),
    }
}

/// A command line as clap read it.
enum Parsed {
    /// A command to run.
    Command(Box<Cli>),
    /// `--help` or `--version`: the text to print is the answer.
    Help(clap::Error),
    /// No command at all: clap prints the usage and exits.
    Usage(clap::Error),
    /// Bad input: the one line to print.
    Bad(String),
}

/// Reads `invocation.command` as clap defines it, turning clap's errors into dicelab's one line.
fn parse(invocation: &Invocation) -> Parsed {
    let e = match Cli::try_parse_from(&invocation.command) {
        Ok(cli) => return Parsed::Command(Box::new(cli.settled())),
        Err(e) => e,
    };
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Parsed::Help(e),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Parsed::Usage(e),
        _ => {
            // clap adds usage lines; the first paragraph says what is wrong (a missing argument
            // is named on the lines after the first), and its tips ("a similar argument exists:
            // '--threads'") follow in parentheses.
            let rendered = with_values_escaped(e).render().to_string();
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
            Parsed::Bad(one_line(&line))
        }
    }
}

/// Runs the parsed command `cli`.
fn dispatch(cli: &Cli, invocation: &Invocation) -> crate::Result<()> {
    let waiting = Invocation {
        wait: cli.command.wait().then_some(tell_waiting as fn(&Message)),
        ..invocation.clone()
    };
    let invocation = &waiting;
    match &cli.command {
        Command::Simulate(args) => commands::simulate(args, invocation),
        Command::Compare(args) => commands::compare(args, invocation),
        Command::Sweep(args) => commands::sweep(args, invocation),
        Command::Solve(args) => commands::solve(args, invocation),
        Command::Table(args) => commands::table(args, invocation),
        Command::Claims(args) => commands::claims(args, invocation),
        Command::Report(args) => commands::report(args, invocation),
        Command::Merge(args) => commands::merge(args, invocation),
        Command::Tune(args) => commands::tune(args, invocation),
        Command::Decks(args) => commands::decks(args, invocation),
        Command::Advise(args) => commands::advise(args),
        Command::Review(args) => commands::review(args, invocation),
        Command::Play(args) => commands::play(args, invocation),
        Command::Rules(args) => commands::rules(args),
        Command::Policies(args) => commands::policies(args),
        Command::Data(args) => commands::data(args),
        Command::Completions(args) => commands::completions(args),
        Command::Man(args) => commands::man(args, invocation),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::serve(args),
    }
}

/// Says on stderr that the command waits for another run to finish writing its --out: without
/// it, a run that waits would look like one that hangs.
fn tell_waiting(line: &Message) {
    tell(&one_line(&line.render(&Flags)));
}

/// clap's error `e` with every value it quotes from the command line (a value, an argument, a
/// subcommand) escaped where it holds a control character: a blank line inside one would end
/// the paragraph read as the message, and an escape character would reach the terminal (or be
/// dropped by clap's rendering, misquoting what was typed). Other values are kept as they are,
/// so an ordinary message is unchanged.
fn with_values_escaped(mut e: clap::Error) -> clap::Error {
    let odd = |s: &String| s.chars().any(char::is_control);
    let escaped: Vec<(ContextKind, ContextValue)> = e
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) if odd(s) => Some((kind, ContextValue::String(one_line(s)))),
            ContextValue::Strings(list) if list.iter().any(odd) => Some((
                kind,
                ContextValue::Strings(list.iter().map(|s| one_line(s)).collect()),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in escaped {
        e.insert(kind, value);
    }
    e
}

/// Prints `e` as the one line on stderr and returns its exit code ([`crate::Error::exit_code`]).
fn failed(e: &crate::Error) -> ExitCode {
    tell(&format!("error: {}", e.render(&Flags)));
    ExitCode::from(e.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Names, Setting, Suggestion};

    /// The command line names settings as the library's error tests assume it does, so what
    /// those tests hold is what `dicelab` prints.
    #[test]
    fn flags_name_settings_as_the_error_tests_write_them() {
        let suggestion = Suggestion {
            words: "solve sevens".into(),
            settings: vec![
                (Setting::UNITS, "1e6".into()),
                (Setting::THREADS, "2".into()),
            ],
        };
        for names in [&Flags as &dyn Names, &crate::error::tests::Flags] {
            assert_eq!(names.setting(&Setting::THREADS), "--threads");
            assert_eq!(names.setting(&Setting::UNITS), "-n");
            assert_eq!(
                names.suggestion(&suggestion),
                "dicelab solve sevens -n 1e6 --threads 2"
            );
        }
    }
}
