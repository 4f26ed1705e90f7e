//! How `dicelab advise` shows an [`Advice`]: an aligned table for a person, or one JSON document
//! for a script (`--json`).

use serde_json::{Map, Value as Json, json};

use crate::error::Names;
use crate::games::advice::{Advice, Column, Value};

/// A value as the table prints it: a chance as a percentage, points with two decimals; an
/// estimate with its 95% interval, as `± half-width` when symmetric, else `[low, high]`.
fn shown(v: Value, scale: f64, unit: &str) -> String {
    match v.ci95 {
        None => format!("{:.2}{unit}", v.value * scale),
        Some((lo, hi)) => {
            let (below, above) = (v.value - lo, hi - v.value);
            if (below - above).abs() <= 1e-9 * (1.0 + v.value.abs()) {
                format!("{:.2}{unit} ±{:.2}", v.value * scale, above * scale)
            } else {
                format!(
                    "{:.2}{unit} [{:.2}, {:.2}]",
                    v.value * scale,
                    lo * scale,
                    hi * scale
                )
            }
        }
    }
}

fn scale_of(column: Option<&Column>) -> (f64, &'static str) {
    if column.is_some_and(|c| c.chance) {
        (100.0, "%")
    } else {
        (1.0, "")
    }
}

fn cell(value: Option<Value>, column: &Column) -> String {
    match value {
        None => "-".to_string(),
        Some(v) => {
            let (scale, unit) = scale_of(Some(column));
            shown(v, scale, unit)
        }
    }
}

/// What an action loses against the best, in the loss column's unit: percentage points of a
/// chance, or points.
fn loss_cell(advice: &Advice, loss: Option<Value>, best: bool) -> String {
    let Some(loss) = loss else {
        return String::new();
    };
    if best {
        return "best".to_string();
    }
    let column = advice.columns.get(advice.loss_column);
    let (scale, unit) = scale_of(column);
    shown(loss, scale, if unit == "%" { " pp" } else { "" })
}

/// The advice as the terminal shows it: the position as understood, how it was valued, the
/// ranked table, the best action, and what each column means.
pub fn advice_text(advice: &Advice, names: &dyn Names) -> String {
    let rules = if advice.rules.is_empty() {
        "the text's rules".to_string()
    } else {
        advice.rules.join(" ")
    };
    let mut out = format!("{} advice ({rules})\n", advice.game);
    if let Some(policy) = &advice.policy {
        out.push_str(&format!("policy: {policy}\n"));
    }
    for (key, value) in &advice.position {
        out.push_str(&format!("{key}: {}\n", value.render(names)));
    }
    out.push_str(&format!("{}\n\n", advice.method));
    let first = if advice.decision { "action" } else { "player" };
    let mut header = vec![first.to_string()];
    header.extend(advice.columns.iter().map(|c| c.name.clone()));
    if advice.decision {
        header.push("loses".to_string());
    }
    let mut rows = vec![header];
    for (i, row) in advice.rows.iter().enumerate() {
        let mut line = vec![row.name.clone()];
        line.extend(
            row.values
                .iter()
                .zip(&advice.columns)
                .map(|(v, c)| cell(*v, c)),
        );
        if advice.decision {
            line.push(loss_cell(advice, row.loss, i == 0));
        }
        if let Some(remark) = &row.remark {
            line.push(format!("({remark})"));
        }
        rows.push(line);
    }
    for line in super::text::aligned(&rows, 1) {
        out.push_str(&format!("  {line}\n"));
    }
    if let Some(best) = advice.best() {
        out.push_str(&format!("\nbest: {best}\n"));
    }
    out.push('\n');
    for c in &advice.columns {
        out.push_str(&format!("{}: {}\n", c.name, c.meaning));
    }
    if let (true, Some(c)) = (advice.decision, advice.columns.get(advice.loss_column)) {
        out.push_str(&format!(
            "loses: what the action gives up against the best in {}{}\n",
            c.name,
            if c.chance {
                ", in percentage points (pp)"
            } else {
                ""
            }
        ));
    }
    for note in &advice.notes {
        out.push_str(&format!("note: {}\n", note.render(names)));
    }
    out
}

fn json_value(v: Value) -> Json {
    match v.ci95 {
        None => json!({ "value": v.value, "exact": true }),
        Some((lo, hi)) => json!({ "value": v.value, "exact": false, "ci95": [lo, hi] }),
    }
}

/// The advice as one JSON document: the position as understood, the rules and policy, how it
/// was valued, what each value means, every action (or player) with its values by column name,
/// its interval and its loss, and the best action.
pub fn advice_json(advice: &Advice, names: &dyn Names) -> String {
    let rows: Vec<Json> = advice
        .rows
        .iter()
        .map(|row| {
            let mut values = Map::new();
            for (c, v) in advice.columns.iter().zip(&row.values) {
                values.insert(c.name.clone(), v.map_or(Json::Null, json_value));
            }
            let mut out = Map::new();
            out.insert("name".into(), json!(row.name));
            out.insert("values".into(), Json::Object(values));
            if let Some(loss) = row.loss {
                out.insert("loss".into(), json_value(loss));
            }
            if let Some(remark) = &row.remark {
                out.insert("remark".into(), json!(remark));
            }
            Json::Object(out)
        })
        .collect();
    let position: Map<String, Json> = advice
        .position
        .iter()
        .map(|(k, v)| (k.clone(), json!(v.render(names))))
        .collect();
    let columns: Vec<Json> = advice
        .columns
        .iter()
        .map(|c| json!({ "name": c.name, "meaning": c.meaning, "chance": c.chance }))
        .collect();
    let mut doc = Map::new();
    doc.insert("game".into(), json!(advice.game));
    doc.insert("rules".into(), json!(advice.rules));
    doc.insert("policy".into(), json!(advice.policy));
    doc.insert("position".into(), Json::Object(position));
    doc.insert("method".into(), json!(advice.method));
    doc.insert("columns".into(), Json::Array(columns));
    doc.insert(
        "loss_column".into(),
        json!(advice.columns.get(advice.loss_column).map(|c| &c.name)),
    );
    let key = if advice.decision {
        "actions"
    } else {
        "players"
    };
    doc.insert(key.into(), Json::Array(rows));
    if advice.decision {
        doc.insert("best".into(), json!(advice.best()));
    }
    doc.insert(
        "notes".into(),
        json!(
            advice
                .notes
                .iter()
                .map(|n| n.render(names))
                .collect::<Vec<_>>()
        ),
    );
    let mut text =
        serde_json::to_string_pretty(&Json::Object(doc)).expect("a JSON value always serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::advice::Row;

    fn sample() -> Advice {
        let mut advice = Advice {
            game: "sevens".into(),
            rules: vec!["max_rolls=3".into()],
            policy: None,
            position: vec![("kept".into(), "2 dice summing 5".into())],
            method: "exact".into(),
            columns: vec![
                Column {
                    name: "p_beat".into(),
                    meaning: "chance to beat 15".into(),
                    chance: true,
                },
                Column {
                    name: "expected_score".into(),
                    meaning: "points".into(),
                    chance: false,
                },
            ],
            decision: true,
            rows: vec![
                Row {
                    name: "stop with 5".into(),
                    values: vec![Some(Value::exact(0.0)), Some(Value::exact(5.0))],
                    loss: None,
                    remark: None,
                },
                Row {
                    name: "roll 2 dice again".into(),
                    values: vec![Some(Value::exact(0.25)), Some(Value::estimate(6.5, 0.25))],
                    loss: None,
                    remark: None,
                },
            ],
            loss_column: 0,
            notes: vec![],
        };
        advice.rank_exact();
        advice
    }

    #[test]
    fn the_table_ranks_names_the_best_and_explains_the_columns() {
        let text = advice_text(&sample(), &crate::error::Keys);
        assert!(text.contains("best: roll 2 dice again"), "{text}");
        let roll = text.lines().find(|l| l.contains("roll 2 dice")).unwrap();
        assert!(roll.contains("25.00%") && roll.contains("6.50 ±0.25") && roll.contains("best"));
        let stop = text.lines().find(|l| l.contains("stop with 5")).unwrap();
        assert!(stop.contains("25.00 pp"), "{stop}");
        assert!(text.contains("p_beat: chance to beat 15"));
    }

    #[test]
    fn the_json_document_keys_values_by_column_and_names_the_best() {
        let doc: Json = serde_json::from_str(&advice_json(&sample(), &crate::error::Keys)).unwrap();
        assert_eq!(doc["best"], "roll 2 dice again");
        assert_eq!(doc["actions"][0]["values"]["p_beat"]["value"], 0.25);
        assert_eq!(
            doc["actions"][0]["values"]["expected_score"]["ci95"][1],
            6.75
        );
        assert_eq!(doc["actions"][1]["loss"]["value"], 0.25);
        assert_eq!(doc["position"]["kept"], "2 dice summing 5");
    }
}
