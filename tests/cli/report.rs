//! `report`: the default job writes every report.

use crate::common::{REPORT_FILES, fails, ok, read};

#[test]
fn the_default_job_writes_every_report() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(d, &["report", "-n", "20000", "-q", "--out", "rep"]);
    assert!(stdout.contains("reports written"), "{stdout}");
    for folder in [
        "sequences",
        "hearts-due",
        "sequences-4p",
        "hearts-due-4p",
        "sevens",
        "sevens-compare",
        "sevens-2p",
        "sevens-win",
        "sevens-3p-win",
        "sevens-4p",
        "solitaire-dice",
        "solitaire-dice-ladder",
        "sieben-4p",
        "sieben-4p-empty",
        "sieben-lookahead",
    ] {
        for file in REPORT_FILES {
            assert!(
                d.join("rep").join(folder).join(file).exists(),
                "{folder}/{file}"
            );
        }
    }
    assert!(d.join("rep/sequences/cast_table.csv").exists());
    for file in [
        "optimal_policy.csv",
        "leaders_dilemma.csv",
        "keep_chances.csv",
    ] {
        assert!(d.join("rep/sevens").join(file).exists(), "{file}");
    }
    assert!(d.join("rep/claims/claims.csv").exists());
    index_links_resolve(&d.join("rep"));
}

/// The index page of a report folder: every link and picture resolves to a file the job wrote,
/// every game and the claims have a section, and the Markdown twin links the same files.
fn index_links_resolve(root: &std::path::Path) {
    let html = std::fs::read_to_string(root.join("index.html")).unwrap();
    let targets: Vec<&str> = html
        .split('"')
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|w| w[0].ends_with("href=") || w[0].ends_with("src="))
        .map(|w| w[1])
        .collect();
    let mut files = 0;
    let mut anchors = 0;
    for target in &targets {
        if let Some(anchor) = target.strip_prefix('#') {
            assert!(
                html.contains(&format!("<section id=\"{anchor}\">")),
                "no section #{anchor}"
            );
            anchors += 1;
        } else {
            assert!(
                !target.contains("://"),
                "{target}: the page must not need a network"
            );
            assert!(root.join(target).is_file(), "{target} does not exist");
            files += 1;
        }
    }
    // Counted from the registry, so a new game's runs need no edit here.
    let runs: usize = dicelab::games::GAMES
        .iter()
        .map(|g| g.report_runs().len())
        .sum();
    assert_eq!(anchors, runs + 1, "one section per run and the claims");
    assert!(runs >= 13, "{runs} runs");
    assert!(files > 100, "{files} files linked");
    let names = dicelab::games::GAMES.iter().map(|g| g.name());
    for game in names.chain(["claims"]) {
        assert!(
            html.contains(&format!("<section id=\"{game}")),
            "{game} has no section"
        );
    }
    assert!(!html.contains("<script"));
    let md = std::fs::read_to_string(root.join("README.md")).unwrap();
    for target in targets.iter().filter(|t| !t.starts_with('#')) {
        assert!(
            md.contains(&format!("]({target})")),
            "README.md misses {target}"
        );
    }
}

/// A folder the job cannot write (a file where a run's folder or the claims' folder goes) fails
/// the job before its first run: nothing is written and the file is untouched (the job used to
/// write twelve reports and then fail, leaving no index).
#[test]
fn a_report_folder_that_cannot_be_written_fails_the_job_before_any_run() {
    for taken in ["sieben-lookahead", "claims"] {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        std::fs::create_dir(d.join("rep")).unwrap();
        std::fs::write(d.join("rep").join(taken), "x").unwrap();
        let args = ["report", "-n", "2000", "-q", "--out", "rep"];
        fails(
            d,
            &args,
            1,
            &format!("rep/{taken}: cannot write a report there"),
        );
        let names: Vec<String> = std::fs::read_dir(d.join("rep"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, [taken], "nothing written beside it");
        assert_eq!(read(d.join("rep").join(taken)), b"x");
    }
}
