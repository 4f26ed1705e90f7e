//! The README and the pages under docs/ link to files and headings that exist: a page moved or a
//! heading renamed must not leave a reader at a dead link.

use std::fs;
use std::path::{Path, PathBuf};

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every `](target)` of a markdown text, outside code blocks.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code || line.starts_with("    ") {
            continue;
        }
        for part in line.split("](").skip(1) {
            if let Some(end) = part.find(')') {
                out.push(part[..end].to_string());
            }
        }
    }
    out
}

fn anchors(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| slug(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_of_the_readme_and_docs_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<PathBuf> = vec![root.join("README.md")];
    for entry in fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    assert!(pages.len() >= 8, "{pages:?}");
    let mut checked = 0;
    for page in &pages {
        let text = fs::read_to_string(page).unwrap();
        for link in links(&text) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            let (file, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            assert!(
                target.exists(),
                "{}: link {link} points at nothing",
                page.display()
            );
            if !anchor.is_empty() {
                let target_text = fs::read_to_string(&target).unwrap();
                assert!(
                    anchors(&target_text).iter().any(|a| a == anchor),
                    "{}: no heading #{anchor} in {}",
                    page.display(),
                    target.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} links found");
}

#[test]
fn the_readme_stays_a_two_minute_read() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 400,
        "{} lines",
        readme.lines().count()
    );
    for command in ["cargo run --release -- report", "cargo test --release"] {
        assert!(readme.contains(command), "{command}");
    }
}

#[test]
fn slugs_follow_github() {
    assert_eq!(
        slug(" Better players: `heuristic`, `lookahead`, and `tune`"),
        "better-players-heuristic-lookahead-and-tune"
    );
    assert_eq!(slug("Claims of the rule text"), "claims-of-the-rule-text");
}

/// docs/metrics.md, which `simulate --help` points to, defines every metric the default job
/// reports (the committed `reports/*/summary.csv`) and those only some runs report.
#[test]
fn every_reported_metric_is_defined_in_the_glossary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let glossary = fs::read_to_string(root.join("docs/metrics.md")).unwrap();
    let mut names = std::collections::BTreeSet::new();
    for entry in fs::read_dir(root.join("reports")).unwrap() {
        let summary = entry.unwrap().path().join("summary.csv");
        let Ok(text) = fs::read_to_string(&summary) else {
            continue;
        };
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        for row in reader.records() {
            names.insert(row.unwrap()[3].to_string());
        }
    }
    assert!(names.len() > 30, "{names:?}");
    names.extend(
        [
            "p_beat_target",
            "blocked_turns_per_round",
            "rounds_per_game",
        ]
        .map(String::from),
    );
    for name in names {
        // `win_rate_seat_2` is defined as `win_rate_seat_K`, `turn_score_diff` as itself.
        let base = match name.rsplit_once("_seat_") {
            Some((base, k)) if k.parse::<u32>().is_ok() => format!("{base}_seat_K"),
            _ => name.clone(),
        };
        assert!(
            glossary.contains(&format!("`{base}`")) || glossary.contains(&format!("`{base} [")),
            "{name} is not defined in docs/metrics.md"
        );
    }
}
