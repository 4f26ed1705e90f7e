//! How `dicelab advise` shows an [`Advice`] to a person: an aligned table with each action's
//! value, interval and loss, what the race found, and the meaning of each column. What a program
//! reads (the JSON document, the table as data) is [`super::advice_data`]'s.

use crate::error::Names;
use crate::games::advice::{Advice, Row, Spent};
use crate::games::analysis::DataTable;

pub use super::advice_data::{advice_about, advice_data, advice_json};
use super::advice_data::{cell, loss_cell};
use super::shown::Shown;

/// The names of `rows`, each once, joined for a sentence (names may hold commas).
fn names_of(rows: &[&Row]) -> String {
    rows.iter()
        .map(|r| r.name.as_str())
        .collect::<Vec<_>>()
        .join("; ")
}

/// What the race found about the best, for the lines under the table: which actions cannot be
/// told apart from it, or that it is separated from all, and on how many play-outs.
fn verdict(advice: &Advice, spent: &Spent) -> Vec<String> {
    let unit = &spent.unit;
    let Some(best) = advice.rows.first() else {
        return Vec::new();
    };
    let n = best.playouts.unwrap_or(spent.most);
    let noise = advice.within_noise();
    let mut lines = Vec::new();
    if advice.rows.len() < 2 {
        return lines;
    }
    if noise.is_empty() {
        lines.push(format!(
            "every other action is separated from the best{}",
            if spent.stopped_early {
                format!(
                    ": the race stopped early, after {} {unit} in all ({n} of the best)",
                    spent.total
                )
            } else {
                String::new()
            }
        ));
    } else {
        let these = if noise.len() == 1 {
            String::new()
        } else {
            format!("these {} ", noise.len())
        };
        lines.push(format!(
            "{these}cannot be told apart from the best after {n} {unit}: {}",
            names_of(&noise),
        ));
    }
    lines
}

/// The advice as the terminal shows it: the position as understood, how it was valued, the
/// ranked table, the best action, and what each column means.
pub fn advice_text(advice: &Advice, names: &dyn Names) -> String {
    advice_table(advice, names, None)
}

/// The advice as `play` shows it at a decision (`?`): [`advice_text`] with each action's
/// number in `menu`, the decision's actions, the numbers a person types.
pub fn advice_menu_text(advice: &Advice, names: &dyn Names, menu: &[String]) -> String {
    advice_table(advice, names, Some(menu))
}

fn advice_table(advice: &Advice, names: &dyn Names, menu: Option<&[String]>) -> String {
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
    let mut header = Vec::new();
    if menu.is_some() {
        header.push("#".to_string());
    }
    header.push(first.to_string());
    header.extend(advice.columns.iter().map(|c| c.name.clone()));
    if let Some(spent) = &advice.spent {
        header.push(spent.unit.clone());
    }
    if advice.decision {
        header.push("loses".to_string());
    }
    let mut rows = vec![header];
    for (i, row) in advice.rows.iter().enumerate() {
        let mut line = Vec::new();
        if let Some(menu) = menu {
            // The number to type for this action at the prompt.
            line.push(
                menu.iter()
                    .position(|a| *a == row.name)
                    .map_or(String::new(), |k| format!("{})", k + 1)),
            );
        }
        line.push(row.name.clone());
        line.extend(
            row.values
                .iter()
                .zip(&advice.columns)
                .map(|(v, c)| cell(*v, c)),
        );
        if advice.spent.is_some() {
            line.push(row.playouts.map_or(String::new(), |n| n.to_string()));
        }
        if advice.decision {
            line.push(loss_cell(advice, row, i == 0));
        }
        if let Some(remark) = &row.remark {
            line.push(format!("({remark})"));
        }
        rows.push(line);
    }
    for line in super::text::aligned(&rows, if menu.is_some() { 2 } else { 1 }) {
        out.push_str(&format!("  {line}\n"));
    }
    if let Some(best) = advice.best() {
        out.push_str(&format!("\nbest: {best}\n"));
        // The reason against the runner-up told apart from the best: the one a player weighs;
        // JSON has one per action.
        if let Some(why) = advice.rows.iter().find_map(|r| r.why.as_ref()) {
            out.push_str(&format!("why: {why}\n"));
        }
    }
    if let Some(spent) = &advice.spent {
        for line in verdict(advice, spent) {
            out.push_str(&format!("{line}\n"));
        }
    }
    out.push('\n');
    for c in &advice.columns {
        out.push_str(&format!("{}: {}\n", c.name, c.meaning));
    }
    if let Some(spent) = &advice.spent {
        out.push_str(&format!(
            "{}: what each action's estimates rest on: {} ({} sets the most)\n",
            spent.unit,
            crate::games::race::schedule(spent.first, spent.most),
            names.setting(&crate::error::Setting::UNITS)
        ));
    }
    if let (true, Some(c)) = (advice.decision, advice.columns.get(advice.loss_column)) {
        out.push_str(&format!(
            "loses: what the action gives up against the best in {}{}{}\n",
            c.name,
            if c.chance {
                ", in percentage points (pp)"
            } else {
                ""
            },
            match &advice.spent {
                // Ranked by a value with no noise, the play-outs beside it as a check: the
                // loss is the value's, the noise the play-outs'.
                Some(spent) if advice.rows.len() > 1 && !advice.rows.iter().any(estimated_loss) => {
                    format!(
                        ", exactly as the value has it; within noise: the {} cannot tell the \
                         action from the best (their paired difference's 95% interval reaches 0)",
                        spent.unit
                    )
                }
                Some(spent) => format!(
                    ", a paired difference on the same {} (95% interval); within noise: the \
                     interval reaches 0, so the {} cannot tell the action from the best",
                    spent.unit, spent.unit
                ),
                None => String::new(),
            }
        ));
    }
    for note in &advice.notes {
        out.push_str(&format!("note: {}\n", note.render(names)));
    }
    out
}

/// Whether a row's loss is an estimate, with an interval.
fn estimated_loss(row: &Row) -> bool {
    row.loss.is_some_and(|l| l.ci95.is_some())
}

/// An advice as every `--format` prints it.
pub struct Advised<'a> {
    /// The advice.
    pub advice: &'a Advice,
    /// How the position's names (seats, cards) are written.
    pub names: &'a dyn Names,
}

impl Shown for Advised<'_> {
    fn text(&self) -> String {
        advice_text(self.advice, self.names)
    }

    fn json(&self) -> String {
        advice_json(self.advice, self.names)
    }

    fn tables(&self) -> Vec<DataTable> {
        vec![advice_data(self.advice)]
    }

    fn about(&self) -> Vec<(String, String)> {
        advice_about(self.advice, self.names)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::advice::{Column, Value};
    use crate::report::advice_data::tests::sample;
    use serde_json::{Value as Json, json};

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

    /// An estimated advice that raced its actions: a loss whose interval reaches 0 is said to
    /// be within noise, in words beside its number (never a bare negative loss), the play-outs
    /// each action had are shown, and the JSON document carries each action's interval and
    /// whether it is separated.
    #[test]
    fn a_raced_advice_says_which_actions_are_within_noise() {
        let row = |name: &str, value: f64, loss: Option<Value>, separated, n| Row {
            name: name.into(),
            values: vec![Some(Value::estimate(value, 20.0))],
            loss,
            separated,
            playouts: Some(n),
            ..Row::default()
        };
        let advice = Advice {
            game: "solitaire-dice".into(),
            rules: vec![],
            policy: Some("best".into()),
            position: vec![],
            method: "play-outs".into(),
            columns: vec![Column {
                name: "final_score".into(),
                heading: "final score".into(),
                meaning: "points".into(),
                chance: false,
            }],
            decision: true,
            rows: vec![
                row("a", 250.0, Some(Value::exact(0.0)), None, 128),
                row(
                    "b",
                    252.0,
                    Some(Value::estimate(-2.0, 30.0)),
                    Some(false),
                    128,
                ),
                row(
                    "c",
                    100.0,
                    Some(Value::estimate(150.0, 60.0)),
                    Some(true),
                    16,
                ),
            ],
            loss_column: 0,
            notes: vec![],
            spent: Some(Spent {
                unit: "play-outs".into(),
                total: 272,
                first: 16,
                most: 128,
                stopped_early: false,
            }),
        };
        let text = advice_text(&advice, &crate::error::Keys);
        let b = text
            .lines()
            .find(|l| l.trim_start().starts_with("b "))
            .unwrap();
        assert!(
            b.contains("-2.00 ±30.00, within noise") && b.contains("128"),
            "{b}"
        );
        let c = text
            .lines()
            .find(|l| l.trim_start().starts_with("c "))
            .unwrap();
        assert!(c.contains("150.00 ±60.00") && !c.contains("noise"), "{c}");
        assert!(
            text.contains("cannot be told apart from the best after 128 play-outs: b"),
            "{text}"
        );
        let doc: Json = serde_json::from_str(&advice_json(&advice, &crate::error::Keys)).unwrap();
        assert_eq!(doc["actions"][1]["separated"], false);
        assert_eq!(doc["actions"][2]["separated"], true);
        assert_eq!(doc["actions"][2]["playouts"], 16);
        assert_eq!(doc["actions"][1]["loss"]["ci95"][0], -32.0);
        assert!(doc["actions"][0].get("separated").is_none());
        assert_eq!(doc["within_noise"], json!(["b"]));
        assert_eq!(doc["playouts"]["total"], 272);
        // The exact advice prints as it did: no play-outs, no separation.
        let exact = advice_json(&sample(), &crate::error::Keys);
        assert!(
            !exact.contains("separated") && !exact.contains("playouts"),
            "{exact}"
        );
    }

    /// At a decision of `play`, each action is shown with the number to type for it, the
    /// menu's, whatever the advice's order.
    #[test]
    fn the_advice_at_a_decision_shows_each_actions_menu_number() {
        let menu = vec!["stop with 5".to_string(), "roll 2 dice again".to_string()];
        let text = advice_menu_text(&sample(), &crate::error::Keys, &menu);
        let roll = text
            .lines()
            .find(|l| l.contains("roll 2 dice again"))
            .unwrap();
        assert!(
            roll.trim_start().starts_with("2)  roll 2 dice again"),
            "{roll}"
        );
        let stop = text.lines().find(|l| l.contains("stop with 5")).unwrap();
        assert!(stop.trim_start().starts_with("1)  stop with 5"), "{stop}");
        let header = text.lines().find(|l| l.contains("action")).unwrap();
        assert!(header.trim_start().starts_with('#'), "{header}");
    }
}
