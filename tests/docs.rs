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
    for command in [
        "cargo run --release -- report",
        "cargo test --profile checked",
    ] {
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

/// The pages a user reads: the README, docs/ and the doc comments under src/.
fn pages_and_sources(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md" || e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut out);
    walk(&root.join("src"), &mut out);
    out
}

/// Nothing a user needs lies outside the repository: no page or doc comment points to the
/// rule texts' folder beside it (`../shared/`), which a clone does not have.
#[test]
fn no_page_or_doc_comment_points_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let outside = ["../", "shared/"].concat();
    let rules_page = ["RULES", ".md"].concat();
    let mut found = Vec::new();
    for page in pages_and_sources(root) {
        let text = fs::read_to_string(&page).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains(&outside) || line.contains(&rules_page) {
                found.push(format!("{}:{}: {line}", page.display(), i + 1));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The first line of a game's rules block in its docs page.
fn rules_begin(game: &str) -> String {
    format!(
        "<!-- rules of {game}: written from the game's rulebook.rs (dicelab rules {game} prints \
         the same); DICELAB_BLESS=1 cargo test --test docs rewrites it -->"
    )
}

/// The last line of a game's rules block.
fn rules_end(game: &str) -> String {
    format!("<!-- end of the rules of {game} -->")
}

/// Each game's rules are written once, in the library ([`dicelab::games::rulebook`]): its docs
/// page holds exactly their markdown between two markers, in one page only, and `dicelab rules`
/// prints the same words. `DICELAB_BLESS=1` rewrites the blocks from the library.
#[test]
fn every_games_docs_page_holds_its_rules_as_the_library_writes_them() {
    use dicelab::games::rulebook;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("DICELAB_BLESS").is_some();
    let pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    for game in dicelab::games::GAMES {
        let (begin, end) = (rules_begin(game.name()), rules_end(game.name()));
        let holding: Vec<&PathBuf> = pages
            .iter()
            .filter(|p| fs::read_to_string(p).unwrap().contains(&begin))
            .collect();
        assert_eq!(holding.len(), 1, "{}: pages {holding:?}", game.name());
        let page = holding[0];
        let text = fs::read_to_string(page).unwrap();
        let start = text.find(&begin).unwrap() + begin.len() + 1;
        let stop = start
            + text[start..]
                .find(&end)
                .unwrap_or_else(|| panic!("{}: no {end}", page.display()));
        let want = format!("\n{}\n", rulebook::markdown(&game.info().rules()));
        if bless {
            fs::write(page, format!("{}{want}{}", &text[..start], &text[stop..])).unwrap();
            continue;
        }
        assert_eq!(
            text[start..stop],
            want,
            "{}: the rules of {} differ from the library's; DICELAB_BLESS=1 cargo test --test \
             docs rewrites them",
            page.display(),
            game.name()
        );
    }
}
