//! What a program reads of an [`Advice`]: one JSON document (`--format json`) and the table as
//! data (`--format csv`, `tsv`, `md`, the Python package's frame), with what every row shares.
//! Kept apart from the aligned text a person reads ([`super::advice`]) because its shape is a
//! promise: the same keys and columns for every position of a game, whatever its rows hold.

use serde_json::{Map, Value as Json, json};

use crate::error::Names;
use crate::games::advice::{Advice, Column, Row, Value};
use crate::games::analysis::{Cell, DataTable};

/// A value as the table prints it: a chance as a percentage, points with two decimals; an
/// estimate with its 95% interval, as `± half-width` when symmetric, else `[low, high]`.
pub(super) fn shown(v: Value, scale: f64, unit: &str) -> String {
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

pub(super) fn scale_of(column: Option<&Column>) -> (f64, &'static str) {
    if column.is_some_and(|c| c.chance) {
        (100.0, "%")
    } else {
        (1.0, "")
    }
}

pub(super) fn cell(value: Option<Value>, column: &Column) -> String {
    match value {
        None => "-".to_string(),
        Some(v) => {
            let (scale, unit) = scale_of(Some(column));
            shown(v, scale, unit)
        }
    }
}

/// What an action loses against the best, in the loss column's unit: percentage points of a
/// chance, or points; an estimated loss that cannot be told from 0 says so in words, so no
/// small or negative number reads as a cost.
pub(super) fn loss_cell(advice: &Advice, row: &Row, best: bool) -> String {
    let Some(loss) = row.loss else {
        return String::new();
    };
    if best {
        return "best".to_string();
    }
    let column = advice.columns.get(advice.loss_column);
    let (scale, unit) = scale_of(column);
    let amount = shown(loss, scale, if unit == "%" { " pp" } else { "" });
    // An exact loss beside play-outs that cannot tell it from the best (a value checked by
    // them) is within their noise too; an exact loss alone never is.
    if row.within_noise() && (loss.ci95.is_some() || advice.spent.is_some()) {
        format!("{amount}, within noise")
    } else {
        amount
    }
}

/// What an action loses, in a player's words: `best`; an exact loss as the table prints it
/// (`1.80 pp`); an estimate either `too close to call` (its interval reaches 0, so the data
/// cannot rank it below the best) or `about 32, give or take 29` (a point's loss in points, a
/// chance's in pp).
pub(super) fn loss_said(advice: &Advice, row: &Row, best: bool) -> String {
    let Some(loss) = row.loss else {
        return String::new();
    };
    let Some((lo, hi)) = loss.ci95 else {
        return loss_cell(advice, row, best);
    };
    if best {
        return "best".to_string();
    }
    if row.within_noise() {
        return "too close to call".to_string();
    }
    let (scale, unit) = scale_of(advice.columns.get(advice.loss_column));
    let unit = if unit == "%" { " pp" } else { " points" };
    let give = (hi - lo) / 2.0 * scale;
    // As many decimals as the give or take leaves meaningful: 32 ± 29, 4.2 ± 0.8.
    let digits = if give >= 10.0 {
        0
    } else if give >= 0.1 {
        1
    } else {
        2
    };
    format!(
        "about {:.digits$}{unit}, give or take {give:.digits$}",
        loss.value * scale
    )
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
        .enumerate()
        .map(|(i, row)| {
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
            // Where the advice raced its actions: whether each is told apart from the best (its
            // loss's interval above 0), and the play-outs its numbers rest on.
            if advice.spent.is_some() {
                if let Some(separated) = row.separated {
                    out.insert("separated".into(), json!(separated));
                }
                if let Some(n) = row.playouts {
                    out.insert("playouts".into(), json!(n));
                }
            }
            if let Some(remark) = &row.remark {
                out.insert("remark".into(), json!(remark));
            }
            if let Some(why) = &row.why {
                out.insert("why".into(), json!(why));
            }
            // Each value and the loss as the table prints them (an estimate with its interval,
            // a loss within noise saying so), for a page to show as they are.
            let mut shown = Map::new();
            for (c, v) in advice.columns.iter().zip(&row.values) {
                shown.insert(c.name.clone(), json!(cell(*v, c)));
            }
            let mut words = Map::new();
            words.insert("values".into(), Json::Object(shown));
            if advice.decision {
                words.insert("loss".into(), json!(loss_cell(advice, row, i == 0)));
                words.insert("said".into(), json!(loss_said(advice, row, i == 0)));
            }
            out.insert("shown".into(), Json::Object(words));
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
        .map(|c| {
            json!({ "name": c.name, "heading": c.heading, "meaning": c.meaning, "chance": c.chance })
        })
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
    if let Some(spent) = &advice.spent {
        doc.insert(
            "playouts".into(),
            json!({
                "unit": spent.unit,
                "total": spent.total,
                "first": spent.first,
                "most": spent.most,
                "stopped_early": spent.stopped_early,
            }),
        );
        doc.insert(
            "within_noise".into(),
            json!(
                advice
                    .within_noise()
                    .iter()
                    .map(|r| &r.name)
                    .collect::<Vec<_>>()
            ),
        );
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

/// The advice as a table (`--format csv`, `tsv`, `md`): one row per action (or player), its
/// value in each column with the interval's ends where estimated, and what it loses against the
/// best with whether the play-outs tell it apart. What every row shares (the game, its rules,
/// the policy, the position, the method) is [`advice_about`].
///
/// Its columns are the game's and the method's, never the rows': an estimated advice
/// ([`Advice::estimated`]) gives every value and loss its interval's ends, empty where a value
/// is exact, a raced one whether each action is told apart and its play-outs, and every advice
/// has `remark` and `why`, empty where a row has none. A program reading the advice of one game
/// finds the same columns for every position.
pub fn advice_data(advice: &Advice) -> DataTable {
    let estimated = advice.estimated();
    let raced = advice.spent.is_some();
    let mut columns = vec![if advice.decision { "action" } else { "player" }.to_string()];
    for column in &advice.columns {
        columns.push(column.name.clone());
        if estimated {
            columns.push(format!("{}_low", column.name));
            columns.push(format!("{}_high", column.name));
        }
    }
    if advice.decision {
        columns.push("loses".into());
        if estimated {
            columns.extend(["loses_low".into(), "loses_high".into()]);
        }
        if raced {
            columns.extend(["told_apart".into(), "playouts".into()]);
        }
    }
    columns.extend(["remark".into(), "why".into()]);
    let num = |v: Option<f64>| v.map_or(Cell::Text(String::new()), Cell::Num);
    let rows = advice
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![Cell::Text(row.name.clone())];
            for value in &row.values {
                cells.push(num(value.map(|v| v.value)));
                if estimated {
                    let ci = value.and_then(|v| v.ci95);
                    cells.push(num(ci.map(|(lo, _)| lo)));
                    cells.push(num(ci.map(|(_, hi)| hi)));
                }
            }
            if advice.decision {
                cells.push(num(row.loss.map(|v| v.value)));
                if estimated {
                    let ci = row.loss.and_then(|v| v.ci95);
                    cells.push(num(ci.map(|(lo, _)| lo)));
                    cells.push(num(ci.map(|(_, hi)| hi)));
                }
                if raced {
                    cells.push(Cell::Text(match row.separated {
                        None => "best".into(),
                        Some(true) => "yes".into(),
                        Some(false) => "no, within noise".into(),
                    }));
                    cells.push(
                        row.playouts
                            .map_or(Cell::Text(String::new()), |n| Cell::Int(n.into())),
                    );
                }
            }
            cells.push(Cell::Text(row.remark.clone().unwrap_or_default()));
            cells.push(Cell::Text(row.why.clone().unwrap_or_default()));
            cells
        })
        .collect();
    DataTable {
        name: if advice.decision {
            "actions"
        } else {
            "players"
        }
        .into(),
        columns,
        rows,
        notes: Vec::new(),
        cross_tab: None,
        exact: false,
    }
}

/// What every row of [`advice_data`] shares, said once above it: the game, its rules, the
/// policy, the position as understood, how it was valued and what the loss is measured in.
pub fn advice_about(advice: &Advice, names: &dyn Names) -> Vec<(String, String)> {
    let mut about = vec![("game".to_string(), advice.game.clone())];
    if !advice.rules.is_empty() {
        about.push(("rules".into(), advice.rules.join(" ")));
    }
    if let Some(policy) = &advice.policy {
        about.push(("policy".into(), policy.clone()));
    }
    for (key, value) in &advice.position {
        about.push((key.clone(), value.render(names)));
    }
    about.push(("method".into(), advice.method.clone()));
    if let Some(column) = advice.columns.get(advice.loss_column)
        && advice.decision
    {
        about.push((
            "loses".into(),
            format!("against the best, in {}", column.name),
        ));
    }
    about
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn sample() -> Advice {
        let mut advice = Advice {
            game: "sevens".into(),
            rules: vec!["max_rolls=3".into()],
            policy: None,
            position: vec![("kept".into(), "2 dice summing 5".into())],
            method: "exact".into(),
            columns: vec![
                Column {
                    name: "p_beat".into(),
                    heading: "chance to beat 15".into(),
                    meaning: "chance to beat 15".into(),
                    chance: true,
                },
                Column {
                    name: "expected_score".into(),
                    heading: "turn score".into(),
                    meaning: "points".into(),
                    chance: false,
                },
            ],
            decision: true,
            rows: vec![
                Row {
                    name: "stop with 5".into(),
                    values: vec![Some(Value::exact(0.0)), Some(Value::exact(5.0))],
                    ..Row::default()
                },
                Row {
                    name: "roll 2 dice again".into(),
                    values: vec![Some(Value::exact(0.25)), Some(Value::estimate(6.5, 0.25))],
                    ..Row::default()
                },
            ],
            loss_column: 0,
            notes: vec![],
            spent: None,
        };
        advice.rank_exact();
        advice
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

    /// A loss in a player's words: an exact one as the table prints it; an estimate too close
    /// to call where its interval reaches 0, else about so much, give or take its half-width,
    /// rounded to what the half-width leaves meaningful; and the columns headed in words.
    #[test]
    fn a_loss_is_said_with_its_uncertainty_in_words() {
        let mut advice = sample();
        assert_eq!(loss_said(&advice, &advice.rows[1], false), "25.00 pp");
        assert_eq!(loss_said(&advice, &advice.rows[0], true), "best");
        advice.rows[1].loss = Some(Value {
            value: 0.042,
            ci95: Some((0.034, 0.05)),
        });
        advice.rows[1].separated = Some(true);
        assert_eq!(
            loss_said(&advice, &advice.rows[1], false),
            "about 4.2 pp, give or take 0.8"
        );
        advice.rows[1].separated = Some(false);
        assert_eq!(
            loss_said(&advice, &advice.rows[1], false),
            "too close to call"
        );
        advice.loss_column = 1;
        advice.rows[1].separated = Some(true);
        advice.rows[1].loss = Some(Value {
            value: 32.25,
            ci95: Some((2.88, 61.62)),
        });
        assert_eq!(
            loss_said(&advice, &advice.rows[1], false),
            "about 32 points, give or take 29"
        );
        let doc: Json = serde_json::from_str(&advice_json(&advice, &crate::error::Keys)).unwrap();
        assert_eq!(doc["columns"][1]["heading"], "turn score");
        assert_eq!(
            doc["actions"][1]["shown"]["said"],
            "about 32 points, give or take 29"
        );
    }

    /// The table's columns follow from the game and the method: an exact advice whose rows
    /// hold no remark and no reason has the same columns as one whose rows do, and an estimated
    /// one gives every value its interval's ends, an exact value's empty.
    #[test]
    fn the_tables_columns_do_not_depend_on_what_its_rows_hold() {
        let mut bare = sample();
        for row in &mut bare.rows {
            row.values = vec![Some(Value::exact(0.5)), Some(Value::exact(5.0))];
            row.why = None;
        }
        let mut told = sample();
        told.rows[1].why = Some("it scores more".into());
        told.rows[0].remark = Some("the policy's choice".into());
        let columns = |a: &Advice| advice_data(a).columns;
        assert_eq!(columns(&bare)[..3], ["action", "p_beat", "expected_score"]);
        assert!(columns(&bare).ends_with(&["loses".into(), "remark".into(), "why".into()]));
        // One estimate among exact values gives every value and the loss an interval.
        let estimated = columns(&told);
        for name in ["p_beat_low", "expected_score_high", "loses_low"] {
            assert!(estimated.contains(&name.to_string()), "{estimated:?}");
        }
        let table = advice_data(&told);
        let at = |name: &str| estimated.iter().position(|c| c == name).unwrap();
        let stop = &table.rows[1];
        assert_eq!(stop[0], Cell::Text("stop with 5".into()));
        assert_eq!(stop[at("p_beat_low")], Cell::Text(String::new()));
        assert_eq!(table.rows[0][at("expected_score_low")], Cell::Num(6.25));
    }
}
