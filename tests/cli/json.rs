//! `--format json`: one JSON document on stdout that a program reads instead of the table,
//! holding what `summary.csv` holds, the same for any number of threads.

use crate::common::{fails, ok, read};

fn parse(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not one JSON document ({e}): {text}"))
}

/// simulate and compare print the run's record and every estimate, the numbers of the
/// summary.csv written beside it, and nothing else; an interval of one observation is null.
#[test]
fn a_run_prints_one_document_with_what_summary_csv_holds() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let args = [
        "compare",
        "sevens",
        "--policy",
        "optimal",
        "--policy",
        "rolls:1",
        "-n",
        "5000",
        "--format",
        "json",
        "--out",
        "r",
        "--threads",
    ];
    let one = ok(d, &[args.as_slice(), &["1"]].concat());
    let doc = parse(&one);
    assert_eq!(
        ok(d, &[args.as_slice(), &["2"]].concat()),
        one,
        "any threads"
    );
    assert_eq!(doc["game"], "sevens");
    assert_eq!(doc["record"]["units"], 5000);
    let summary = String::from_utf8(read(d.join("r/summary.csv"))).unwrap();
    let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(summary.as_bytes())
        .records()
        .map(Result::unwrap)
        .collect();
    let estimates = doc["estimates"].as_array().unwrap();
    assert_eq!(estimates.len(), rows.len());
    for (e, row) in estimates.iter().zip(&rows) {
        assert_eq!(e["metric"], row[3].to_string());
        assert_eq!(e["policy"], row[2].to_string());
        assert_eq!(e["n"].as_u64().unwrap().to_string(), &row[4]);
        let mean: f64 = row[5].parse().unwrap();
        assert!((e["mean"].as_f64().unwrap() - mean).abs() <= 1e-12 * mean.abs().max(1.0));
        let exact = &row[10];
        assert_eq!(e["exact"].is_null(), exact.is_empty(), "{e}");
    }
    let tiny = parse(&ok(
        d,
        &["simulate", "sevens", "-n", "1", "--format", "json"],
    ));
    assert!(tiny["estimates"][0]["ci95"][0].is_null());
}

/// table, solve and claims print their tables as JSON: columns and typed rows.
#[test]
fn tables_and_claims_print_as_json() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let table = parse(&ok(d, &["table", "hearts-due", "--format", "json"]));
    let turns = table["tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "turns_table")
        .unwrap();
    assert_eq!(turns["columns"][4], "probability");
    assert_eq!(turns["rows"][0][4], 0.0, "clamped from -2.2e-16");
    let solve = parse(&ok(d, &["solve", "sevens", "--format", "json"]));
    assert!(
        solve["tables"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["name"] == "follower_odds")
    );
    let claims = parse(&ok(
        d,
        &["claims", "-n", "2000", "--format", "json", "--out", "c"],
    ));
    assert_eq!(claims["tables"][0]["name"], "claims");
    assert!(d.join("c/claims.csv").is_file());
    fails(
        d,
        &["simulate", "sevens", "--format", "xml"],
        2,
        "invalid value 'xml' for '--format <FORMAT>'",
    );
}
