//! `compare`: one clear line for every bad set of policies.

use crate::common::{ok, read};

bad_input! {
    refuses_a_sevens_policy_given_twice:
        ["compare", "sevens", "--policy", "optimal", "--policy", "optimal"]
        => "given twice";
    refuses_the_forced_policy_of_sequences_given_twice:
        ["compare", "sequences", "--policy", "forced", "--policy", "forced"]
        => "--policy 'forced' is given twice; the policies compared in one run must differ";
    refuses_a_single_policy:
        ["compare", "sevens", "--policy", "optimal"]
        => "expected two policies or more, each given with --policy; found 1";
    refuses_a_sieben_lookahead_without_play_outs:
        [
            "compare",
            "sieben",
            "--players",
            "3",
            "--policy",
            "lookahead:0",
            "--policy",
            "seven-first",
        ]
        => "--policy 'lookahead:0': expected lookahead:K with K, the play-outs per legal play, from 1 to 1000";
    refuses_a_precision_of_zero:
        ["compare", "sevens", "--policy", "optimal", "--policy", "leader", "--precision", "0"]
        => "invalid value '0' for '--precision <X>': expected a positive number";
    refuses_a_precision_that_is_no_number:
        ["compare", "sevens", "--policy", "optimal", "--policy", "leader", "--precision", "inf"]
        => "expected a positive number";
    refuses_decide_and_precision_together:
        ["compare", "sevens", "--policy", "optimal", "--policy", "leader", "--decide", "--precision", "0.1"]
        => "cannot be used with";
    refuses_a_shard_of_a_decided_run_without_a_folder:
        ["compare", "sevens", "--policy", "optimal", "--policy", "leader", "--decide", "--shard", "0/2"]
        => "--shard needs --out";
    refuses_to_record_a_run_that_decides_its_size:
        ["compare", "sevens", "--policy", "optimal", "--policy", "leader", "--precision", "0.1", "--record", "r.txt"]
        => "--record with --precision: record the games from a run of a fixed size";
    refuses_to_decide_between_policies_seated_in_one_game:
        ["compare", "sieben", "--players", "2", "--policy", "seven-first", "--policy", "random", "--decide"]
        => "compare: a run until the best is known needs policies compared on the same dice";
}

/// A run until the best is known stops at the first look that knows it and says so, its
/// record saying how it stopped; one whose policies cannot be told apart says the budget ran
/// out. Both print every interval as a confidence sequence.
#[test]
fn a_decided_comparison_says_where_it_stopped_and_why() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let base = [
        "compare", "sevens", "--policy", "optimal", "--policy", "leader", "-n", "1e7",
    ];
    let text = ok(d, &[&base[..], &["--decide"]].concat());
    assert!(text.contains("| 65536 units |"), "{text}");
    assert!(
        text.contains("every interval is a 95% confidence sequence"),
        "{text}"
    );
    assert!(
        text.contains("stopped at look 1, after 65536 of at most 10000000 units: the sign of every paired difference against the best is known"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&ok(
        d,
        &[&base[..], &["--decide", "--format", "json"]].concat(),
    ))
    .unwrap();
    let s = &json["record"]["sequential"];
    assert_eq!(s["until"], "decide");
    assert_eq!(s["budget"], 10_000_000);
    assert_eq!(s["looks"], serde_json::json!([65536]));
    assert_eq!(s["answered"], true);
    // Two policies that play alike (stop after the first roll; stop once the kept sum reaches 0)
    // are never told apart.
    let tied = ok(
        d,
        &[
            "compare",
            "sevens",
            "--policy",
            "rolls:1",
            "--policy",
            "threshold:0,0",
            "-n",
            "200000",
            "--decide",
        ],
    );
    assert!(
        tied.contains("the budget of 200000 units ran out at look "),
        "{tied}"
    );
}

/// Whether `svg` is text an XML 1.0 parser takes as far as its characters go: none of the
/// control characters XML forbids even as a reference (all below a space but tab, line feed and
/// carriage return), and every `&` the start of an entity.
fn xml_characters_are_valid(svg: &str) -> Result<(), String> {
    if let Some(c) = svg.chars().find(|&c| {
        (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{fffe}' || c == '\u{ffff}'
    }) {
        return Err(format!("{c:?} is not allowed in XML 1.0"));
    }
    for (at, _) in svg.match_indices('&') {
        let rest = &svg[at..];
        let entity = ["&lt;", "&gt;", "&amp;", "&quot;", "&apos;", "&#"]
            .iter()
            .any(|e| rest.starts_with(e));
        if !entity {
            return Err(format!("a bare & at {:?}", &rest[..rest.len().min(20)]));
        }
    }
    Ok(())
}

/// A policy file named with control characters and XML's own `<&>` still gives charts that are
/// XML: the control characters written escaped as the terminal shows them, `<&>` as entities.
#[test]
fn charts_are_valid_xml_whatever_a_file_name_holds() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let name = "w\u{1}\u{1b}<&>.csv";
    let weights = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/solitaire-tuned.csv");
    std::fs::copy(weights, d.join(name)).unwrap();
    let policy = format!("heuristic:{name}");
    crate::common::ok(
        d,
        &[
            "compare",
            "solitaire-dice",
            "--policy",
            "greedy",
            "--policy",
            &policy,
            "-n",
            "50",
            "-q",
            "--out",
            "r",
        ],
    );
    let mut charts = 0;
    for entry in std::fs::read_dir(d.join("r")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            let svg = std::fs::read_to_string(&path).unwrap();
            if let Err(e) = xml_characters_are_valid(&svg) {
                panic!("{}: {e}", path.display());
            }
            charts += 1;
        }
    }
    assert!(charts >= 3, "{charts} charts");
    let by_policy = std::fs::read_to_string(d.join("r/final_score-by-policy.svg")).unwrap();
    assert!(
        by_policy.contains("heuristic:w\\u{1}\\u{1b}&lt;&amp;&gt;.csv"),
        "{by_policy}"
    );
}

/// A policy in several seats wins at its seats' average rate, game by game (n counts games),
/// so policies' rates times their seats add up to the seats' rates; the table names the seats
/// and the fair share, and the chart by policy marks it. Three seven-first seats read 69%
/// against one lookahead seat's 37% when a game won by any seat counted.
#[test]
fn a_policy_in_several_seats_wins_at_its_seats_average_rate() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(
        d,
        &[
            "compare",
            "sieben",
            "--players",
            "4",
            "--policy",
            "blocker",
            "--policy",
            "seven-first",
            "--policy",
            "seven-first",
            "--policy",
            "seven-first",
            "-n",
            "1000",
            "--out",
            "r",
        ],
    );
    assert!(
        stdout.contains("a policy's win_rate is its seats' average (seven-first in 3 seats)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("note: a seat's fair share of wins is "),
        "{stdout}"
    );
    let summary = String::from_utf8(read(d.join("r/summary.csv"))).unwrap();
    let mut reader = csv::Reader::from_reader(summary.as_bytes());
    let mut seats = 0.0;
    let mut policies = 0.0;
    for row in reader.records() {
        let row = row.unwrap();
        let (policy, metric, n, mean) = (&row[2], &row[3], &row[4], row[5].parse::<f64>().unwrap());
        if metric.starts_with("win_rate_seat_") {
            seats += mean;
            assert_eq!(n, "1000");
        } else if metric == "win_rate" {
            let k = if policy == "seven-first" { 3.0 } else { 1.0 };
            assert_eq!(n, "1000", "{policy}");
            policies += k * mean;
        }
    }
    assert!((seats - policies).abs() < 1e-9, "{seats} vs {policies}");
    let chart = String::from_utf8(read(d.join("r/win_rate-by-policy.svg"))).unwrap();
    assert!(
        chart.contains("fair share"),
        "the chart by policy marks the fair share"
    );
}
