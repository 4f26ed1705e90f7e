//! The manual pages: clap_mangen's pages of dicelab and of each command, made from the same
//! definition as `--help`, with the sections it cannot derive (EXAMPLES, EXIT STATUS, FILES)
//! added before its VERSION section. `dicelab man` prints one; `dicelab man --dir DIR` writes
//! them all (`dicelab.1`, `dicelab-COMMAND.1`), so every page `dicelab(1)` names is installed.

use clap::CommandFactory;
use clap_mangen::roff::{Roff, bold, roman};

use crate::error::{Error, Result, one_line};
use crate::games;

use super::cli::Cli;

/// A command's examples: the command line, then what it does.
type Examples = &'static [(&'static str, &'static str)];

/// The examples of each page, by command (`""`: dicelab's own page).
const EXAMPLES: &[(&str, Examples)] = &[
    (
        "",
        &[
            (
                "dicelab rules sevens",
                "how to play Sevens, every rule option and our readings",
            ),
            (
                "dicelab simulate sequences -n 1e8 --out seq",
                "races to 100 beside the exact values",
            ),
            (
                "dicelab compare sevens --policy optimal --policy rolls:1",
                "two policies on the same dice",
            ),
            (
                "dicelab play sevens --coach",
                "a game at the terminal with a coach",
            ),
            (
                "dicelab man --dir ~/.local/share/man/man1",
                "install every manual page",
            ),
        ],
    ),
    (
        "simulate",
        &[
            (
                "dicelab simulate sequences -n 1e8 --seed 7 --out seq",
                "10^8 races to 100 beside the exact values, into seq/",
            ),
            (
                "dicelab simulate hearts-due --players 4 --rule wipe_ones=3",
                "four-player games under a house rule",
            ),
            (
                "dicelab simulate sequences -n 1e9 --shard 0/4 --out s0 -q",
                "the first of four shards; dicelab merge joins them",
            ),
        ],
    ),
    (
        "compare",
        &[
            (
                "dicelab compare sevens --policy optimal --policy rolls:1",
                "by how much optimal beats one roll, paired on the same dice",
            ),
            (
                "dicelab compare sevens --policy 'stop-if: sum >= 14 or dice <= 2' --policy optimal",
                "your own rule of thumb against the best",
            ),
        ],
    ),
    (
        "solve",
        &[
            (
                "dicelab solve sevens",
                "the optimal stop policy and every policy's exact odds",
            ),
            (
                "dicelab solve sevens --players 3 --out s3",
                "the whole three-player game solved exactly",
            ),
        ],
    ),
    (
        "table",
        &[
            (
                "dicelab table sevens --format md --percent",
                "the exact tables for a rulebook",
            ),
            (
                "dicelab table hearts-due --out t",
                "every table as CSV and SVG in t/",
            ),
        ],
    ),
    (
        "claims",
        &[(
            "dicelab claims",
            "the rule texts' claims checked against exact values",
        )],
    ),
    (
        "report",
        &[(
            "dicelab report -n 1e6",
            "the default job, small, into reports/",
        )],
    ),
    (
        "merge",
        &[(
            "dicelab merge s0 s1 s2 s3 --out whole",
            "four shards joined, byte-identical to one run",
        )],
    ),
    (
        "tune",
        &[(
            "dicelab tune solitaire-dice --from heuristic --budget 10m --out mine.csv",
            "better weights in ten minutes",
        )],
    ),
    (
        "sweep",
        &[(
            "dicelab sweep sequences --rule wipe_ones=3,4,5,off",
            "four rule sets side by side",
        )],
    ),
    (
        "decks",
        &[(
            "dicelab decks sieben --players 4",
            "how much the unpublished deck matters",
        )],
    ),
    (
        "advise",
        &[
            (
                "dicelab advise sevens --roll 1 --dice 2 --sum 5",
                "stop or roll, exactly",
            ),
            (
                "dicelab advise solitaire-dice --roll 1,2,3,4,6",
                "the divisions of a roll, ranked",
            ),
        ],
    ),
    (
        "review",
        &[
            (
                "dicelab review game.txt",
                "a game typed by hand: every decision and throw, luck and cost adding up",
            ),
            (
                "dicelab simulate sevens --players 2 --policy win --policy rolls:1 -n 1000 --record g.txt",
                "record a run's games for a review",
            ),
        ],
    ),
    (
        "play",
        &[(
            "dicelab play sieben --players 4 --coach",
            "the card game 7 against three computer players",
        )],
    ),
    (
        "rules",
        &[(
            "dicelab rules sieben",
            "how to play 7, its options and our readings",
        )],
    ),
    (
        "policies",
        &[("dicelab policies sevens", "every policy spec Sevens takes")],
    ),
    (
        "data",
        &[(
            "dicelab data sevens-policy.csv > mine.csv",
            "a shipped file to copy and edit",
        )],
    ),
    (
        "completions",
        &[(
            "mkdir -p ~/.local/share/bash-completion/completions && dicelab completions bash > ~/.local/share/bash-completion/completions/dicelab",
            "bash completion for dicelab",
        )],
    ),
    (
        "man",
        &[
            (
                "dicelab man --dir ~/.local/share/man/man1",
                "install every page, then: man dicelab",
            ),
            (
                "dicelab man simulate | man -l -",
                "read one command's page without installing it",
            ),
        ],
    ),
    (
        "serve",
        &[
            (
                "dicelab serve",
                "the web app at http://127.0.0.1:8077/ until Ctrl-C",
            ),
            (
                "dicelab serve --host 0.0.0.0",
                "a phone on the same network can open it",
            ),
        ],
    ),
];

/// The exit codes, as docs/cli.md's table gives them.
const EXIT_STATUS: &[(&str, &str)] = &[
    (
        "0",
        "the command did what it was asked (a closed pipe on standard output included)",
    ),
    (
        "1",
        "a file or folder could not be read or written, or standard output could not be written",
    ),
    (
        "2",
        "bad input: an option or value on the command line, or the content of a file read; one line on stderr names it",
    ),
    ("3", "play: the input ended before the game did"),
    (
        "130",
        "interrupted by Ctrl-C: a run stops between two chunks and writes nothing, and the line on stderr says what was stopped",
    ),
];

/// The files dicelab reads and writes.
const FILES: &[(&str, &str)] = &[
    (
        "data/NAME",
        "a data file (policy table, deck, weights, claims); with no file at that path, the copy compiled into dicelab is read (dicelab data lists them)",
    ),
    (
        "--out DIR",
        "a report folder: summary.csv, distribution.csv, quantiles.csv, accumulators.json (what merge reads), charts (SVG) and run.json (what made the folder, and every file with its hash); written whole or not at all, and files of your own in it are kept",
    ),
    (
        "reports/",
        "the default job's folders and its findings page, index.html",
    ),
];

/// The section `title` as roff: each entry a tagged paragraph, its tag in bold.
fn section(roff: &mut Roff, title: &str, entries: &[(&str, &str)]) {
    roff.control("SH", [title]);
    for (tag, text) in entries {
        roff.control("TP", []);
        roff.text([bold(*tag)]);
        roff.text([roman(*text)]);
    }
}

/// The page of `command` (the `name` it is installed as), with the sections dicelab adds.
fn render(command: clap::Command, name: &str, examples: Examples) -> Result<String> {
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut page)
        .map_err(super::stdout::unwritable)?;
    let page = String::from_utf8_lossy(&page).into_owned();
    let mut extra = Roff::default();
    if !examples.is_empty() {
        section(&mut extra, "EXAMPLES", examples);
    }
    section(&mut extra, "EXIT STATUS", EXIT_STATUS);
    section(&mut extra, "FILES", FILES);
    extra.control("SH", ["SEE ALSO"]);
    extra.text([roman(if name == "dicelab" {
        "The pages above, one per command; the project's docs/ folder and README.md (docs/cli.md: every command and option)."
    } else {
        "dicelab(1); the project's docs/cli.md, every command and option."
    })]);
    let extra = extra.to_roff();
    Ok(match page.find("\n.SH VERSION") {
        Some(at) => format!("{}\n{}{}", &page[..at], extra.trim_end(), &page[at..]),
        None => page + &extra,
    })
}

/// dicelab's command definition as its pages show it: versioned, and without the `help`
/// command, which has no page of its own.
fn definition() -> clap::Command {
    Cli::command()
        .version(env!("CARGO_PKG_VERSION"))
        .disable_help_subcommand(true)
}

/// The examples of `command` (`""`: dicelab's own page).
fn examples_of(command: &str) -> Examples {
    EXAMPLES
        .iter()
        .find(|(c, _)| *c == command)
        .map_or(&[], |(_, e)| *e)
}

/// Every page: dicelab's, then each command's, as `(file name, roff)`.
pub(super) fn pages() -> Result<Vec<(String, String)>> {
    let top = definition();
    let mut pages = vec![(
        "dicelab.1".to_string(),
        render(top.clone(), "dicelab", examples_of(""))?,
    )];
    for sub in top.get_subcommands() {
        let name = format!("dicelab-{}", sub.get_name());
        let command = sub
            .clone()
            .name(name.clone())
            .bin_name(name.clone())
            .version(env!("CARGO_PKG_VERSION"));
        pages.push((
            format!("{name}.1"),
            render(command, &name, examples_of(sub.get_name()))?,
        ));
    }
    Ok(pages)
}

/// The page of dicelab (`None`) or of one of its commands.
pub(super) fn page(command: Option<&str>) -> Result<String> {
    let Some(wanted) = command else {
        return render(definition(), "dicelab", examples_of(""));
    };
    let names: Vec<String> = definition()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    if !names.iter().any(|n| n == wanted) {
        return Err(Error::input(format!(
            "man {}: no such command; expected {}",
            one_line(wanted),
            games::or_list(&names)
        )));
    }
    let file = format!("dicelab-{wanted}.1");
    pages()?
        .into_iter()
        .find(|(name, _)| *name == file)
        .map(|(_, page)| page)
        .ok_or_else(|| Error::input(format!("man {wanted}: no page")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command has a page with examples, and every page the top one names is written.
    #[test]
    fn every_command_has_examples_and_every_named_page_is_made() {
        let pages = pages().unwrap();
        let top = &pages[0].1;
        for sub in definition().get_subcommands() {
            let name = sub.get_name();
            assert!(
                !examples_of(name).is_empty(),
                "{name} has no examples in its page"
            );
            assert!(top.contains(&format!("dicelab\\-{name}(1)")), "{name}");
            assert!(
                pages.iter().any(|(f, _)| *f == format!("dicelab-{name}.1")),
                "{name}"
            );
        }
        assert!(
            !top.contains("dicelab\\-help(1)"),
            "no page is made for help"
        );
        for (file, page) in &pages {
            let at = |s: &str| page.find(s).unwrap_or_else(|| panic!("{file}: no {s}"));
            let order = [
                at(".SH NAME"),
                at(".SH EXAMPLES"),
                at(".SH \"EXIT STATUS\""),
                at(".SH FILES"),
                at(".SH VERSION"),
            ];
            assert!(order.is_sorted(), "{file}: {order:?}");
        }
    }
}
