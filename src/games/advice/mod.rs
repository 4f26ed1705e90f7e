//! What `dicelab advise` answers: every legal action in a position, ranked, each with its value
//! and what it loses against the best, as chess engines show a move list; or, in a game with no
//! decisions, the odds of the position.
//!
//! A game declares the keys its positions are written with ([`PositionKey`]); the command line
//! offers each as a flag and a JSON file as an object of the same keys, so both forms reach the
//! game as one [`Position`] of `key`, text pairs and are parsed by the same code. The game returns an [`Advice`], plain data the output layer prints
//! as a table or as one JSON document; no game prints anything itself.

mod position;

pub use position::{Position, PositionKey, list_parts, whole, whole_list};

use serde::Serialize;

use crate::engine::RunConfig;
use crate::error::{Message, Result};

/// What `dicelab advise` asks of a game.
#[derive(Clone, Debug, Default)]
pub struct AdviceRequest {
    /// `key=value` rule option overrides.
    pub rules: Vec<String>,
    /// Policy specs: the player whose evaluation and play-outs are shown (the game's default
    /// when empty).
    pub policies: Vec<String>,
    /// The position.
    pub position: Position,
    /// Play-outs per action (`-n`; each game has its own default, about a second of work),
    /// seed, threads.
    pub run: RunConfig<Option<u64>>,
}

/// A number of the advice: exact, or a Monte Carlo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Value {
    /// The value, or the estimate's mean.
    pub value: f64,
    /// The 95% interval, low and high; `None` when the value is exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ci95: Option<(f64, f64)>,
}

impl Value {
    /// An exact value.
    pub fn exact(value: f64) -> Self {
        Self { value, ci95: None }
    }

    /// An estimate with the half-width of its (normal) 95% interval.
    pub fn estimate(value: f64, half_width: f64) -> Self {
        Self {
            value,
            ci95: Some((value - half_width, value + half_width)),
        }
    }

    /// A proportion of `hits` in `n` with its Wilson 95% interval, which stays inside [0, 1]
    /// and is not empty at 0 or `n` hits.
    pub fn proportion(hits: u64, n: u64) -> Self {
        let z = crate::stats::estimate::z95();
        Self {
            value: hits as f64 / n as f64,
            ci95: Some(crate::stats::estimate::wilson(hits, n, z)),
        }
    }
}

/// One column of the advice: what a value means.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Column {
    /// A short name for tables and JSON keys (`expected_score`).
    pub name: String,
    /// A few words for a player, as a page heads the column (`chance to win`): no identifier.
    pub heading: String,
    /// What it is, in words, for the legend.
    pub meaning: String,
    /// How it is printed: a chance (as a percentage) or points.
    pub chance: bool,
}

/// One row: an action with its values, or (in a game with no decisions) a player's odds.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Row {
    /// The action in words (`roll 2 dice again`), or the player.
    pub name: String,
    /// Its value in each column (`None` where a column does not apply to it).
    pub values: Vec<Option<Value>>,
    /// What it loses against the best action in the ranking column (0 for the best; with its
    /// own interval where the values are estimated on common random numbers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss: Option<Value>,
    /// A remark on the row (`the policy's choice`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remark: Option<String>,
    /// Whether the action is told apart from the best: its loss's 95% interval lies above 0
    /// (an exact loss: above 0). `None` for the best itself and for a player's odds. Where it
    /// is `false` the action is within noise of the best: a coach does not call it a mistake.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub separated: Option<bool>,
    /// The play-outs the row's estimates rest on, where the advice spent them unevenly
    /// ([`Spent`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub playouts: Option<u64>,
    /// Why the best action is worth more than this one, in one sentence written from their
    /// parts (where the game gives them).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl Row {
    /// Whether the action is within noise of the best: its loss cannot be told from 0.
    pub fn within_noise(&self) -> bool {
        self.separated == Some(false)
    }
}

/// How an estimated advice spent its play-outs racing the actions (`games::race`): every
/// action `first` play-outs, then more on those still close to the leader, up to `most` each.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Spent {
    /// What one play-out is called in this game (`play-outs`, `guesses`).
    pub unit: String,
    /// Play-outs in all, every action's added.
    pub total: u64,
    /// Play-outs of every action in the first round.
    pub first: u64,
    /// The most an action could have had (`-n`).
    pub most: u64,
    /// Whether the race stopped before `most` because the best was separated from every other
    /// action.
    pub stopped_early: bool,
}

/// What a game advises in a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The game's name.
    pub game: String,
    /// Every rule option as `key=value`.
    pub rules: Vec<String>,
    /// The policy whose evaluation or play-outs the values use, where one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// The position as understood, `key`, value pairs in words the user can check.
    pub position: Vec<(String, Message)>,
    /// How the values were found ("exact: ..." or "Monte Carlo: ...").
    pub method: String,
    /// The columns; with actions, the first ranks them.
    pub columns: Vec<Column>,
    /// Whether the rows are actions (ranked best first, the first named best) or, in a game
    /// with no decisions, each player's odds.
    pub decision: bool,
    /// The rows.
    pub rows: Vec<Row>,
    /// The column each row's loss is measured in: the ranking column, or (where actions are
    /// ranked by a player's own rating) the column of what they lead to.
    pub loss_column: usize,
    /// What a reader must know, one line each.
    pub notes: Vec<Message>,
    /// How the play-outs were spent, where the advice raced its actions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spent: Option<Spent>,
}

impl Advice {
    /// Whether its values are estimates (its actions raced by play-outs, or any value with an
    /// interval): a table of it then gives every value its interval's ends, so its columns
    /// follow from the game and the method, not from which rows happen to hold an interval.
    pub fn estimated(&self) -> bool {
        self.spent.is_some()
            || self.rows.iter().any(|r| {
                r.values
                    .iter()
                    .chain([&r.loss])
                    .any(|v| v.is_some_and(|v| v.ci95.is_some()))
            })
    }

    /// The best action's name, where the rows are actions.
    pub fn best(&self) -> Option<&str> {
        if self.decision {
            self.rows.first().map(|r| r.name.as_str())
        } else {
            None
        }
    }

    /// Sorts exact action rows best first by the ranking column, actions of equal value there
    /// by the next column and so on (values within 1e-12 are equal; full ties keep their
    /// order), and fills each row's loss against the best in the ranking column.
    pub fn rank_exact(&mut self) {
        self.rows.sort_by(|a, b| {
            for (x, y) in a.values.iter().zip(&b.values) {
                let (x, y) = (column_value(x), column_value(y));
                if (x - y).abs() > 1e-12 || x.is_infinite() != y.is_infinite() {
                    return y.total_cmp(&x);
                }
            }
            std::cmp::Ordering::Equal
        });
        let best = self.rows.first().map(rank_value).unwrap_or(0.0);
        let tied = self
            .rows
            .iter()
            .filter(|r| (rank_value(r) - best).abs() <= 1e-12)
            .count();
        if tied > 1 && self.columns.len() > 1 {
            self.notes.push(
                format!(
                    "the first {tied} actions are worth the same in {}: they are ranked by {} \
                     next",
                    self.columns[0].heading, self.columns[1].heading
                )
                .into(),
            );
        }
        for (i, row) in self.rows.iter_mut().enumerate() {
            let loss = (best - rank_value(row)).max(0.0);
            row.loss = Some(Value::exact(loss));
            row.separated = (i > 0).then_some(loss > 1e-12);
        }
    }

    /// The actions that cannot be told apart from the best: their loss's interval reaches 0.
    pub fn within_noise(&self) -> Vec<&Row> {
        self.rows.iter().filter(|r| r.within_noise()).collect()
    }
}

fn column_value(value: &Option<Value>) -> f64 {
    value.map_or(f64::NEG_INFINITY, |v| v.value)
}

fn rank_value(row: &Row) -> f64 {
    row.values.first().map_or(f64::NEG_INFINITY, column_value)
}

/// `dicelab advise GAME`: a game that can advise a position.
pub trait Advisor: Sync {
    /// The keys its positions are written with.
    fn keys(&self) -> &'static [PositionKey];

    /// Advises the position `request` describes; a position that cannot occur is refused with
    /// one line naming what is wrong.
    fn advise(&self, request: &AdviceRequest) -> Result<Advice>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_position_reads_as_the_flags_and_the_flags_win() {
        let flags = Position::new(vec![("sum".into(), "9".into())]).unwrap();
        let p = Position::from_json(
            "position p.json",
            r#"{"roll": 1, "dice-shown": [6, 1, 6, 6], "sheet": "2:1/5:3", "sum": 4}"#,
            flags,
        )
        .unwrap();
        assert_eq!(p.get("roll"), Some("1"));
        assert_eq!(p.get("dice-shown"), Some("6,1,6,6"));
        assert_eq!(p.get("sheet"), Some("2:1/5:3"));
        assert_eq!(p.get("sum"), Some("9"));
        for bad in [
            "[1, 2]",
            "{\"roll\": {\"a\": 1}}",
            "{\"roll\": true}",
            "nope",
        ] {
            assert!(
                Position::from_json("p", bad, Position::default()).is_err(),
                "{bad}"
            );
        }
    }

    /// A number is handed on as the file writes it, so the key's own check quotes the file:
    /// 2^64 as its digits, not as the float serde_json would read.
    #[test]
    fn a_number_is_quoted_as_the_file_writes_it() {
        let p = Position::from_json(
            "p",
            r#"{"round": 18446744073709551616, "totals": [1.5, 1e400, -18446744073709551616]}"#,
            Position::default(),
        )
        .unwrap();
        assert_eq!(p.get("round"), Some("18446744073709551616"));
        assert_eq!(p.get("totals"), Some("1.5,1e400,-18446744073709551616"));
        let round = whole("round", p.get("round").unwrap(), 1, 10).unwrap_err();
        assert_eq!(
            round.to_string(),
            "round 18446744073709551616: '18446744073709551616' is not a whole number from 1 to 10"
        );
    }

    /// JSON has one kind of number: one that is whole is the whole number however it is
    /// written.
    #[test]
    fn a_json_number_that_is_whole_is_the_whole_number() {
        let p = Position::from_json(
            "p",
            r#"{"roll": 1e0, "dice": 2.0, "sum": 50e-1, "to-beat": -1E0, "scores": -0.0,
                "dice-shown": [1e0, 6.00, 0.5e1, "4"]}"#,
            Position::default(),
        )
        .unwrap();
        for (key, text) in [
            ("roll", "1"),
            ("dice", "2"),
            ("sum", "5"),
            ("to-beat", "-1"),
            ("scores", "0"),
            ("dice-shown", "1,6,5,4"),
        ] {
            assert_eq!(p.get(key), Some(text), "{key}");
        }
    }

    /// A byte-order mark, which an editor on Windows may write first, is skipped as the CSV
    /// reader skips it; only at the start.
    #[test]
    fn a_position_file_may_start_with_a_byte_order_mark() {
        let p = Position::from_json("p", "\u{feff}{\"roll\": 1}", Position::default()).unwrap();
        assert_eq!(p.get("roll"), Some("1"));
        assert!(Position::from_json("p", " \u{feff}{}", Position::default()).is_err());
    }

    /// A value of the wrong kind is named by its kind, not printed whole (it may be a large
    /// object over many lines).
    #[test]
    fn a_value_of_the_wrong_kind_is_named_by_its_kind() {
        let e = |text: &str| {
            Position::from_json("p", text, Position::default())
                .unwrap_err()
                .to_string()
        };
        let expected = ": expected a number, a string or a list of numbers";
        for (text, found) in [
            ("{\"roll\": {\n  \"a\": 1\n}}", "an object"),
            ("{\"roll\": true}", "true"),
            ("{\"roll\": null}", "null"),
            ("{\"roll\": [1, null]}", "a list holding null"),
            ("{\"roll\": [1, [2]]}", "a list holding a list"),
            ("{\"roll\": [{}]}", "a list holding an object"),
        ] {
            assert_eq!(
                e(text),
                format!("p: \"roll\" is {found}{expected}"),
                "{text}"
            );
        }
    }

    /// Well-formed JSON that is not an object is told apart from text that is not JSON.
    #[test]
    fn a_position_file_that_is_no_object_or_no_json_says_which() {
        let e = |text: &str| {
            Position::from_json("p", text, Position::default())
                .unwrap_err()
                .to_string()
        };
        for not_an_object in ["[1, 2]", "7", "\"roll\"", "null"] {
            assert!(
                e(not_an_object).starts_with("p: expected one JSON object"),
                "{not_an_object}: {}",
                e(not_an_object)
            );
        }
        for not_json in ["nope", "", "{\"roll\": 1} x", "{\"roll\": 1"] {
            assert!(
                e(not_json).starts_with("p: not a JSON document ("),
                "{not_json}: {}",
                e(not_json)
            );
        }
    }

    /// serde_json keeps a repeated key's last value; the position file is refused instead.
    #[test]
    fn a_position_file_giving_a_key_twice_is_refused() {
        let e = Position::from_json(
            "p.json",
            r#"{"roll": 1, "sum": 5, "roll": 2}"#,
            Position::default(),
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "p.json: \"roll\" is given twice; expected each key once"
        );
        let p = Position::from_json("p", r#"{"sum": 5, "roll": 1}"#, Position::default()).unwrap();
        assert_eq!((p.get("roll"), p.get("sum")), (Some("1"), Some("5")));
    }

    #[test]
    fn a_key_twice_or_unknown_is_refused_naming_the_keys() {
        let twice = Position::new(vec![("a".into(), "1".into()), ("a".into(), "2".into())]);
        assert_eq!(twice.unwrap_err().to_string(), "a is given twice");
        const KEYS: &[PositionKey] = &[
            PositionKey {
                key: "roll",
                heading: "Roll",
                syntax: "R",
                meaning: "",
            },
            PositionKey {
                key: "sum",
                heading: "Sum",
                syntax: "S",
                meaning: "",
            },
        ];
        let p = Position::new(vec![("sheet".into(), "1".into())]).unwrap();
        assert_eq!(
            p.check_keys("sevens", KEYS).unwrap_err().to_string(),
            "sevens positions take no sheet: they take roll or sum"
        );
    }

    /// A roll typed as `play` prints it, with spaces, reads as with commas.
    #[test]
    fn a_list_may_be_written_with_spaces_or_commas() {
        for text in ["1 2 3 4 6", "1,2,3,4,6", " 1  2 3\t4 6 ", "1, 2 ,3 4,6"] {
            assert_eq!(
                whole_list("roll", text, 1, 6).unwrap(),
                vec![1, 2, 3, 4, 6],
                "{text:?}"
            );
        }
        for bad in ["1,,2", "1 2,", ",1", "", " "] {
            assert_eq!(
                whole_list("roll", bad, 1, 6).unwrap_err().to_string(),
                format!("roll {bad}: '' is not a whole number from 1 to 6"),
                "{bad:?}"
            );
        }
        assert!(whole("dice", "3 4", 0, 6).is_err());
    }

    #[test]
    fn numbers_out_of_range_are_refused_with_the_key() {
        assert_eq!(whole_list("roll", "1, 2,6", 1, 6).unwrap(), vec![1, 2, 6]);
        assert_eq!(
            whole_list("roll", "1,7", 1, 6).unwrap_err().to_string(),
            "roll 1,7: '7' is not a whole number from 1 to 6"
        );
        assert!(whole("dice", "1,2", 0, 6).is_err());
        assert!(whole("dice", "", 0, 6).is_err());
    }
}
