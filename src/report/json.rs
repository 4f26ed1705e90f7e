//! One JSON document on stdout (`--format json`), for a program or a notebook to read instead
//! of the table a person reads: a run's record and every estimate with n, mean, sd, se, its 95%
//! interval and the exact value; an analysis's or the claims' tables row by row. An undefined
//! number (the interval of one observation) is `null`.

use serde_json::{Value, json};

use crate::games::analysis::{Cell, DataTable};
use crate::report::Report;
use crate::report::csv::is_probability;
use crate::stats::Subject;

/// The tool's name and version, as `run.json` gives it.
fn tool() -> String {
    format!("dicelab {}", env!("CARGO_PKG_VERSION"))
}

/// A run as one JSON document: its record (game, rules, policies, seed, units, shards,
/// versions), its notes and every estimate, then `tables` (the exact reading of a comparison),
/// under `tables`, where there are any.
pub fn run_json(report: &Report, tables: &[DataTable]) -> String {
    let record = &report.saved.record;
    let setup = &record.setup;
    let estimates: Vec<Value> = report
        .saved
        .tally
        .metrics
        .iter()
        .map(|m| {
            let e = record.estimate(m);
            let mut one = json!({
                "metric": m.id.column(),
                "policy": setup.policy_of(m.id.subject),
                "key": setup.key(&m.id),
                "n": e.n,
                "mean": e.mean,
                "sd": e.sd,
                "se": e.se,
                "ci95": [e.ci_low, e.ci_high],
                "exact": report.exact.mean(&m.id),
            });
            // Where the luck was taken out, the plain estimate it improves on.
            if let Some(p) = m.plain_estimate() {
                one["plain"] = json!({"mean": p.mean, "se": p.se, "ci95": [p.ci_low, p.ci_high]});
            }
            one
        })
        .collect();
    let mut document = json!({
        "tool": tool(),
        "game": setup.game,
        "rules": setup.rules_column(),
        "policy": setup.policy_column(),
        "seed": record.seed,
        "units": record.units,
        "record": record,
        "notes": report.notes,
        "estimates": estimates,
    });
    if !tables.is_empty() {
        document["tables"] = Value::Array(tables.iter().map(table_json).collect());
    }
    let best = super::best::best_of(report);
    if !best.is_empty() {
        // Which could be the best, all at once (three policies or more): what the text says.
        document["best"] = best
            .iter()
            .map(|b| {
                json!({
                    "metric": b.metric,
                    "higher_is_better": b.higher,
                    "policies": b.standings.iter().map(|s| json!({
                        "policy": setup.label(Subject::Policy(s.policy)),
                        "could_be_best": s.could_be_best(),
                        "ahead": [s.low, s.high],
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
    }
    pretty(&document)
}

/// Tables (an exact analysis's, or the claims' verdicts) as one JSON document: each with its
/// name, notes, columns and rows, probabilities clamped to [0, 1].
pub fn tables_json(tables: &[DataTable]) -> String {
    let tables: Vec<Value> = tables.iter().map(table_json).collect();
    pretty(&json!({ "tool": tool(), "tables": tables }))
}

/// One table: its name, notes, columns and rows.
fn table_json(t: &DataTable) -> Value {
    let chance: Vec<bool> = t.columns.iter().map(|c| is_probability(c)).collect();
    let rows: Vec<Value> = t
        .rows
        .iter()
        .map(|row| {
            Value::Array(
                row.iter()
                    .zip(&chance)
                    .map(|(cell, &chance)| cell_json(cell, chance))
                    .collect(),
            )
        })
        .collect();
    json!({
        "name": t.name,
        "notes": t.notes,
        "columns": t.columns,
        "rows": rows,
    })
}

/// A cell as JSON: text a string, a whole number a number (a string past 64 bits, which JSON
/// readers cannot hold exactly), a real a number or `null` when undefined.
fn cell_json(cell: &Cell, chance: bool) -> Value {
    match cell {
        Cell::Text(t) => Value::String(t.clone()),
        Cell::Int(i) => i64::try_from(*i)
            .map(Value::from)
            .or_else(|_| u64::try_from(*i).map(Value::from))
            .unwrap_or_else(|_| Value::String(i.to_string())),
        Cell::Num(x) if chance => Value::from(x.clamp(0.0, 1.0)),
        Cell::Num(x) => Value::from(*x),
    }
}

/// The document, indented, ending in a newline.
fn pretty(document: &Value) -> String {
    let mut text = serde_json::to_string_pretty(document).expect("a JSON value serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells;
    use crate::report::tests::{run, scores};
    use crate::stats::{ExactValues, Metric, MetricId, Subject};

    #[test]
    fn a_run_is_one_document_with_every_estimate_and_null_for_the_undefined() {
        let saved = run(vec![
            Metric::mean("score", scores(&[1, 2, 3])).about(Subject::Policy(0)),
            Metric::mean("score", scores(&[4])).about(Subject::Policy(1)),
        ]);
        let mut exact = ExactValues::default();
        exact.set_mean(MetricId::new("score", Subject::Policy(0)), 2.0);
        let report = Report {
            saved: &saved,
            exact: &exact,
            notes: &[],
        };
        let doc: Value = serde_json::from_str(&run_json(&report, &[])).unwrap();
        let first = &doc["estimates"][0];
        assert_eq!(first["key"], "score [a]");
        assert_eq!(
            (first["n"].as_u64(), first["mean"].as_f64()),
            (Some(3), Some(2.0))
        );
        assert_eq!(first["exact"], 2.0);
        let one = &doc["estimates"][1];
        assert!(one["ci95"][0].is_null() && one["exact"].is_null(), "{one}");
        assert_eq!(doc["record"]["seed"], 1);
    }

    #[test]
    fn tables_keep_their_cells_typed_and_chances_within_zero_and_one() {
        let mut t = DataTable::new("t", &["name", "count", "probability"]);
        t.push(cells!["a", 3u32, -2.2e-16]);
        t.push(vec![
            Cell::Text("b".into()),
            Cell::Int(1 << 70),
            Cell::Num(0.5),
        ]);
        let doc: Value = serde_json::from_str(&tables_json(&[t])).unwrap();
        let rows = &doc["tables"][0]["rows"];
        assert_eq!(rows[0], json!(["a", 3, 0.0]));
        assert_eq!(rows[1][1], (1u128 << 70).to_string());
    }
}
