//! What an installed dicelab gives the shell and `man`: completion scripts and manual pages,
//! made from the same definition as `--help`, so they name every command and flag there is.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::{fails, ok, read};

/// What bash's completion offers after `words` (the last one being completed), with the script
/// `dicelab completions bash` prints loaded the way bash-completion loads it.
fn bash_offers(script: &str, words: &[&str]) -> Vec<String> {
    let line = words.join(" ");
    let program = format!(
        "{script}\nCOMP_WORDS=({line}); COMP_CWORD={}; COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}\n\
         _dicelab dicelab '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        words.len() - 1,
        words[words.len() - 1],
        words[words.len() - 2],
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &program])
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completion_offers_commands_games_and_flags() {
    let tmp = tempfile::tempdir().unwrap();
    let script = ok(tmp.path(), &["completions", "bash"]);
    assert_eq!(bash_offers(&script, &["dicelab", "sim"]), ["simulate"]);
    let mut games = bash_offers(&script, &["dicelab", "simulate", "se"]);
    games.sort();
    assert_eq!(games, ["sequences", "sevens"]);
    let flags = bash_offers(&script, &["dicelab", "simulate", "sevens", "--"]);
    for flag in [
        "--policy",
        "--rule",
        "--out",
        "--wait",
        "--seed",
        "--threads",
    ] {
        assert!(flags.iter().any(|f| f == flag), "{flag} not in {flags:?}");
    }
}

#[test]
fn zsh_fish_elvish_and_powershell_scripts_are_for_dicelab() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    assert!(ok(d, &["completions", "zsh"]).starts_with("#compdef dicelab\n"));
    let fish = ok(d, &["completions", "fish"]);
    assert!(
        fish.contains("complete -c dicelab -n \"__fish_dicelab_needs_command\" -f -a \"simulate\"")
    );
    assert!(ok(d, &["completions", "elvish"]).contains("edit:completion:arg-completer[dicelab]"));
    assert!(ok(d, &["completions", "powershell"]).contains("Register-ArgumentCompleter"));
    fails(
        d,
        &["completions", "tcsh"],
        2,
        "invalid value 'tcsh' for '<SHELL>'",
    );
}

/// `dicelab man` is the page of dicelab naming every command's own page, and `dicelab man
/// COMMAND` that page with its flags; an unknown command is one line listing the commands.
#[test]
fn man_pages_name_every_command_and_its_flags() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let page = ok(d, &["man"]);
    assert!(page.contains(".TH dicelab 1"), "{page}");
    let commands = [
        "simulate",
        "compare",
        "solve",
        "table",
        "claims",
        "report",
        "merge",
        "tune",
        "sweep",
        "decks",
        "advise",
        "play",
        "rules",
        "policies",
        "completions",
        "man",
    ];
    for command in commands {
        assert!(
            page.contains(&format!("dicelab\\-{command}(1)")),
            "{command}"
        );
        let own = ok(d, &["man", command]);
        assert!(
            own.contains(&format!(".TH dicelab-{command} 1")),
            "{command}"
        );
    }
    let simulate = ok(d, &["man", "simulate"]);
    for flag in [
        "\\-\\-policy",
        "\\-\\-rule",
        "\\-\\-out",
        "\\-\\-wait",
        "\\-\\-shard",
    ] {
        assert!(simulate.contains(flag), "{flag}");
    }
    fails(
        d,
        &["man", "simulte"],
        2,
        "man simulte: no such command; expected simulate, compare,",
    );
}

/// Every `data/NAME` the README and docs name is compiled into the binary, byte for byte the
/// repository's file, and `dicelab data` lists every file of `data/`.
#[test]
fn every_data_file_the_docs_name_is_shipped_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let mut pages = vec![root.join("README.md")];
    for entry in fs::read_dir(root.join("docs")).unwrap() {
        pages.push(entry.unwrap().path());
    }
    let mut named = BTreeSet::new();
    for page in pages {
        let text = fs::read_to_string(&page).unwrap_or_default();
        for (i, _) in text.match_indices("data/") {
            let name: String = text[i + 5..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c))
                .collect();
            if name.ends_with(".csv") {
                named.insert(name);
            }
        }
    }
    let in_repo: BTreeSet<String> = fs::read_dir(root.join("data"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(named.len() >= 5, "{named:?}");
    assert!(named.is_subset(&in_repo), "{named:?} not all in data/");
    let listed = ok(tmp.path(), &["data"]);
    for name in &in_repo {
        assert!(
            listed.contains(&format!("data/{name} ")),
            "{name}: {listed}"
        );
        let shipped = ok(tmp.path(), &["data", name]);
        assert_eq!(
            shipped.as_bytes(),
            read(root.join("data").join(name)),
            "{name}"
        );
    }
    fails(
        tmp.path(),
        &["data", "nope.csv"],
        2,
        "data nope.csv: not a shipped file",
    );
}

/// A run of 7 on the deck the docs name.
const DECK_RUN: [&str; 8] = [
    "simulate",
    "sieben",
    "--players",
    "3",
    "--deck",
    "data/sieben-deck.csv",
    "-n",
    "200",
];

/// An installed dicelab, run from a folder with no `data/`, follows the docs' examples that name
/// data files, with the same output as in the checkout (the input recorded under the same name
/// and hash); a file of the user's at that path wins over the shipped copy.
#[test]
fn doc_examples_naming_data_files_run_the_same_from_an_empty_folder() {
    let empty = tempfile::tempdir().unwrap();
    let checkout = tempfile::tempdir().unwrap();
    crate::common::shipped_data(checkout.path());
    let examples: [&[&str]; 5] = [
        &[
            "simulate",
            "sevens",
            "--players",
            "4",
            "--policy",
            "table:data/sevens-policy.csv",
            "-n",
            "300",
            "--out",
            "o",
        ],
        &[
            "compare",
            "solitaire-dice",
            "--policy",
            "heuristic:data/solitaire-best.csv",
            "--policy",
            "lookahead:data/solitaire-lookahead.csv",
            "-n",
            "50",
            "--out",
            "o",
        ],
        &[DECK_RUN.as_slice(), &["--out", "o"]].concat(),
        &["claims", "-n", "1000", "--out", "o"],
        &[
            "tune",
            "solitaire-dice",
            "--from",
            "heuristic:data/solitaire-best.csv",
            "--budget",
            "21",
            "-n",
            "20",
            "--out",
            "o/w.csv",
        ],
    ];
    for args in examples {
        let here = ok(empty.path(), args);
        assert_eq!(here, ok(checkout.path(), args), "{args:?}");
        let run = |d: &Path| {
            let json = read(d.join("o/run.json"));
            let json: serde_json::Value = serde_json::from_slice(&json).unwrap();
            json["run"]["inputs"].clone()
        };
        if args[0] != "tune" {
            assert_eq!(run(empty.path()), run(checkout.path()), "{args:?}");
            assert!(run(empty.path()).to_string().contains("data/"), "{args:?}");
        }
        let _ = fs::remove_dir_all(empty.path().join("o"));
        let _ = fs::remove_dir_all(checkout.path().join("o"));
    }
    // The user's own copy wins: a deck with twice the sevens.
    fs::create_dir(empty.path().join("data")).unwrap();
    fs::write(
        empty.path().join("data/sieben-deck.csv"),
        "number,count\n1,10\n2,10\n3,10\n4,10\n5,10\n6,10\n7,20\n",
    )
    .unwrap();
    let own = ok(empty.path(), &DECK_RUN);
    let shipped = ok(checkout.path(), &DECK_RUN);
    assert_ne!(own, shipped);
    // A dangling symlink there is a mistake to report, not a file to stand in for.
    fs::remove_file(empty.path().join("data/sieben-deck.csv")).unwrap();
    std::os::unix::fs::symlink("gone.csv", empty.path().join("data/sieben-deck.csv")).unwrap();
    fails(empty.path(), &DECK_RUN, 1, "deck data/sieben-deck.csv");
}

/// The write hook is in test builds alone: as Cargo resolves features for `cargo build`, `cargo
/// install` and maturin (no dev-dependencies), `write-hook` is off for `dicelab` and for the
/// Python module's `dicelab`; only the tests' self dev-dependency turns it on (which this test
/// sees too, so it is not passing by reading nothing).
#[test]
fn the_write_hook_is_built_into_test_builds_alone() {
    let tree = |args: &[&str]| -> String {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = Command::new(cargo)
            .args([
                "tree",
                "--locked",
                "--depth",
                "1",
                "-f",
                "{p} features: [{f}]",
            ])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("cargo runs");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "cargo tree {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    };
    let features_of_dicelab = |tree: &str| -> Vec<String> {
        tree.lines()
            .filter(|l| l.contains("dicelab v") && !l.contains("dicelab-python"))
            .map(|l| {
                let features = l.rsplit_once("features: [").unwrap().1;
                features.split_once(']').unwrap().0.to_string()
            })
            .collect()
    };
    let shipped = tree(&["-e", "no-dev", "-p", "dicelab"]);
    // The command line's and the web server's features, on by default; never the write hook.
    assert_eq!(
        features_of_dicelab(&shipped),
        ["cli,default,serve"],
        "{shipped}"
    );
    // The Python module: the command line (for dicelab.cli), without the web server.
    let python = tree(&["-e", "no-dev", "-p", "dicelab-python"]);
    assert_eq!(features_of_dicelab(&python), ["cli"], "{python}");
    let tested = tree(&["-p", "dicelab"]);
    let tested = features_of_dicelab(&tested);
    assert!(
        tested
            .iter()
            .all(|f| f.split(',').any(|feature| feature == "write-hook")),
        "{tested:?}"
    );
}

/// Completion offers what `--policy` and `--rule` take (policy specs, rule options as
/// key=value), not file names.
#[test]
fn bash_completion_offers_policy_specs_and_rule_options() {
    let tmp = tempfile::tempdir().unwrap();
    let script = ok(tmp.path(), &["completions", "bash"]);
    let simulate = |words: &[&str]| {
        let mut line = vec!["dicelab", "simulate", "sevens"];
        line.extend_from_slice(words);
        bash_offers(&script, &line)
    };
    assert_eq!(simulate(&["--policy", "opt"]), ["optimal"]);
    let all = simulate(&["--policy", ""]);
    for spec in [
        "optimal",
        "rolls:2",
        "leader",
        "stop-if:",
        "greedy",
        "seven-first",
    ] {
        assert!(all.iter().any(|s| s == spec), "{spec} not in {all:?}");
    }
    let mut removal = simulate(&["--rule", "removal"]);
    removal.sort();
    assert_eq!(removal, ["removal=pairs", "removal=subsets"]);
    let rules = simulate(&["--rule", ""]);
    for rule in ["max_rolls=3", "wipe_ones=4", "tie=shared", "finish=empty"] {
        assert!(rules.iter().any(|r| r == rule), "{rule} not in {rules:?}");
    }
    // The values are offered, not enforced: any spec still reaches its game.
    ok(
        tmp.path(),
        &[
            "simulate",
            "sevens",
            "-n",
            "10",
            "-q",
            "--policy",
            "threshold:12,9",
        ],
    );
}

/// `dicelab man --dir DIR` writes every page the top one names, each with its examples, exit
/// status and files, into a folder it makes; a rerun replaces its pages and keeps the rest.
#[test]
fn man_dir_writes_every_page_dicelab_names() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let dir = d.join("share/man/man1");
    let said = ok(d, &["man", "--dir", "share/man/man1"]);
    assert!(
        said.starts_with("wrote 20 manual pages to share/man/man1"),
        "{said}"
    );
    let names: BTreeSet<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 20, "{names:?}");
    let top = String::from_utf8(read(dir.join("dicelab.1"))).unwrap();
    for named in top.split("dicelab\\-").skip(1) {
        if let Some((command, _)) = named.split_once("(1)") {
            assert!(names.contains(&format!("dicelab-{command}.1")), "{command}");
        }
    }
    for name in &names {
        let page = String::from_utf8(read(dir.join(name))).unwrap();
        for section in [".SH EXAMPLES", ".SH \"EXIT STATUS\"", ".SH FILES"] {
            assert!(page.contains(section), "{name}: no {section}");
        }
        assert!(page.contains("\\fB130\\fR"), "{name}");
    }
    // The page printed is the page written.
    assert_eq!(
        ok(d, &["man", "simulate"]).as_bytes(),
        read(dir.join("dicelab-simulate.1"))
    );
    fs::write(dir.join("ls.1"), "mine").unwrap();
    ok(d, &["man", "--dir", "share/man/man1"]);
    assert_eq!(read(dir.join("ls.1")), b"mine");
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 21);
    fails(
        d,
        &["man", "simulate", "--dir", "x"],
        2,
        "cannot be used with",
    );
}

/// The README's install lines after `cargo install` work as typed on a fresh home (no
/// completion or man folder yet), with the built dicelab on PATH.
#[test]
fn the_readmes_install_lines_work_on_a_fresh_home() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let install = readme
        .split("## Install\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap();
    let lines: Vec<&str> = install
        .lines()
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| !l.starts_with("cargo install"))
        .map(|l| l.split("   #").next().unwrap().trim())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let home = tempfile::tempdir().unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_dicelab")).parent().unwrap();
    for line in &lines {
        let out = Command::new("bash")
            .args(["--norc", "-c", line])
            .env("HOME", home.path())
            .env(
                "PATH",
                format!("{}:{}", bin.display(), std::env::var("PATH").unwrap()),
            )
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let share = home.path().join(".local/share");
    assert!(read(share.join("bash-completion/completions/dicelab")).starts_with(b"_dicelab()"));
    assert!(share.join("man/man1/dicelab-simulate.1").is_file());
}
