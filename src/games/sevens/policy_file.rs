//! Policy tables as CSV: `solve` writes the optimal one, `table:FILE` reads one back, so a user
//! can edit a decision and run the result.
//!
//! One row per decision state: `rolls_allowed,roll,dice,sum,decision,stop_value,roll_value`.
//! A table covers every number of rolls a turn may be allowed from 2 to `max_rolls` (a follower
//! may be allowed fewer rolls than the leader), every roll before the last, and every kept
//! (dice, sum) with at least one die. `decision` is `stop` or `roll`; the two values are what the
//! optimal policy expects from stopping and from rolling, for the reader's information, and are
//! not read back beyond checking that they are numbers. Under `removal=subsets` a table keeps,
//! after each roll, the set its own decisions value most, so the file `solve` writes replays the
//! optimal policy exactly.

use std::collections::HashMap;
use std::path::Path;

use crate::analysis::DataTable;
use crate::cells;
use crate::error::{Error, Result};
use crate::input;

use super::exact::solve_with;
use super::policy::DecisionTable;
use super::rolls::{RollOutcomes, state_index};
use super::rules::Kept;
use super::solver::Solver;

/// The header of a policy table, in order.
pub const HEADER: [&str; 7] = [
    "rolls_allowed",
    "roll",
    "dice",
    "sum",
    "decision",
    "stop_value",
    "roll_value",
];

/// Every decision state of a table for `max_rolls`, in file order.
fn states(max_rolls: u8) -> impl Iterator<Item = (u8, u8, Kept)> {
    (2..=max_rolls).flat_map(|allowed| {
        (1..allowed).flat_map(move |roll| {
            (1..=6u8).flat_map(move |dice| {
                (dice..=6 * dice).map(move |sum| (allowed, roll, Kept { dice, sum }))
            })
        })
    })
}

/// The optimal policy table of the solver's rules (`optimal_policy.csv`).
pub fn optimal_table(solver: &Solver) -> DataTable {
    let mut table = DataTable::new("optimal_policy", &HEADER);
    for (allowed, roll, kept) in states(solver.rules.max_rolls) {
        let solution = solver.optimal(allowed);
        let i = state_index(roll, kept.dice, kept.sum);
        let decision = if solution.rolls_again(roll, kept) {
            "roll"
        } else {
            "stop"
        };
        table.push(cells![
            allowed,
            roll,
            kept.dice,
            kept.sum,
            decision,
            solution.stop[i],
            solution.roll_value[roll as usize + 1][kept.dice as usize]
        ]);
    }
    table
}

/// Reads a policy table for `max_rolls`: one decision table per number of rolls allowed
/// (index `allowed - 1`). Every problem names the file and, where there is one, the line.
pub fn read(path: &Path, outcomes: &RollOutcomes, max_rolls: u8) -> Result<Vec<DecisionTable>> {
    let what = format!("policy table {}", path.display());
    let text = input::read_text(&what, path)?;
    let name = format!("table:{}", path.display());
    let mut decisions: HashMap<(u8, u8, Kept), (bool, usize)> = HashMap::new();
    for row in input::csv_rows(&what, &text, &HEADER)? {
        let at = |why: String| row.error(&what, why);
        let number = |col: usize, lo: u8, hi: u8| -> Result<u8> {
            row.get(col)
                .parse::<u8>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| {
                    at(format!(
                        "{} must be a whole number from {lo} to {hi}, found '{}'",
                        HEADER[col],
                        row.get(col)
                    ))
                })
        };
        if max_rolls < 2 {
            return Err(at(
                "max_rolls=1 leaves no decision to make, so the table must have no rows".into(),
            ));
        }
        let allowed = number(0, 2, max_rolls)?;
        let roll = number(1, 1, allowed - 1)?;
        let dice = number(2, 1, 6)?;
        let sum = number(3, dice, 6 * dice)?;
        let decision = match row.get(4) {
            "roll" => true,
            "stop" => false,
            other => {
                return Err(at(format!(
                    "decision must be stop or roll, found '{other}'"
                )));
            }
        };
        for col in [5, 6] {
            if !row.get(col).is_empty() && row.get(col).parse::<f64>().is_err() {
                return Err(at(format!(
                    "{} must be a number or empty, found '{}'",
                    HEADER[col],
                    row.get(col)
                )));
            }
        }
        let state = (allowed, roll, Kept { dice, sum });
        if let Some(&(_, first)) = decisions.get(&state) {
            return Err(at(format!(
                "rolls_allowed={allowed} roll={roll} dice={dice} sum={sum} is given twice (first on line {first})"
            )));
        }
        decisions.insert(state, (decision, row.line));
    }
    let mut missing = states(max_rolls).filter(|s| !decisions.contains_key(s));
    if let Some((allowed, roll, kept)) = missing.next() {
        let more = missing.count();
        return Err(Error::input(format!(
            "{what}: no decision for rolls_allowed={allowed} roll={roll} dice={} sum={}{}; \
             a table needs every state (max_rolls={max_rolls}): `dicelab solve sevens --out DIR` writes a complete one",
            kept.dice,
            kept.sum,
            if more > 0 {
                format!(" and {more} more states")
            } else {
                String::new()
            }
        )));
    }
    Ok((1..=max_rolls)
        .map(|allowed| {
            let solution = solve_with(
                outcomes,
                allowed,
                |_, k| f64::from(k.sum),
                |roll, kept| decisions.get(&(allowed, roll, kept)).map(|d| d.0),
            );
            DecisionTable::from_solution(&name, outcomes, &solution)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::super::rules::{Removal, Rules};
    use super::*;
    use crate::options::RuleOptions;

    fn solver(overrides: &[&str]) -> Solver {
        let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        let options = RuleOptions::parse("sevens", super::super::rules::OPTIONS, &o).unwrap();
        Solver::new(Rules::from_options(&options), 1)
    }

    fn write_tmp(text: &str) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
        f
    }

    #[test]
    fn the_optimal_table_reads_back_as_the_optimal_policy() {
        for removal in ["removal=pairs", "removal=subsets"] {
            let s = solver(&[removal, "max_rolls=4"]);
            assert_eq!(
                s.outcomes.removal == Removal::Subsets,
                removal.ends_with("subsets")
            );
            let csv = String::from_utf8(crate::report::csv::table_csv(&optimal_table(&s))).unwrap();
            // 4 rolls: 1 + 2 + 3 rolls before the last, 111 (dice, sum) states each.
            assert_eq!(csv.lines().count(), 1 + 6 * 111);
            let f = write_tmp(&csv);
            let read = read(f.path(), &s.outcomes, 4).unwrap();
            for allowed in 1..=4u8 {
                let optimal = DecisionTable::from_solution("o", &s.outcomes, s.optimal(allowed));
                let a = super::super::exact::distribution(&s.outcomes, &optimal);
                let b = super::super::exact::distribution(&s.outcomes, &read[allowed as usize - 1]);
                assert_eq!(a.score, b.score, "{removal} allowed {allowed}");
            }
        }
    }

    #[test]
    fn bad_tables_name_the_file_line_and_problem() {
        let s = solver(&[]);
        let good = String::from_utf8(crate::report::csv::table_csv(&optimal_table(&s))).unwrap();
        let lines: Vec<&str> = good.lines().collect();
        let with = |edit: &dyn Fn(&mut Vec<String>)| {
            let mut l: Vec<String> = lines.iter().map(|x| x.to_string()).collect();
            edit(&mut l);
            l.join("\n") + "\n"
        };
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "the file is empty"),
            (
                with(&|l| l[0] = "allowed,roll,dice,sum,decision,stop_value,roll_value".into()),
                "line 1: expected the header",
            ),
            (
                with(&|l| {
                    l.remove(5);
                }),
                "no decision for rolls_allowed=2 roll=1 dice=1 sum=5",
            ),
            (
                with(&|l| {
                    let x = l[3].clone();
                    l.push(x);
                }),
                "is given twice (first on line 4)",
            ),
            (
                with(&|l| l[2] = l[2].replace("roll,", "maybe,").replace("stop,", "maybe,")),
                "line 3: decision must be stop or roll, found 'maybe'",
            ),
            (
                with(&|l| l[2] = "2,1,7,8,stop,1,1".into()),
                "line 3: dice must be a whole number from 1 to 6",
            ),
            (
                with(&|l| l[2] = "2,1,1,9,stop,1,1".into()),
                "line 3: sum must be a whole number from 1 to 6",
            ),
            (
                with(&|l| l[2] = "4,1,1,1,stop,1,1".into()),
                "line 3: rolls_allowed must be a whole number from 2 to 3",
            ),
            (
                with(&|l| l[2] = "2,2,1,1,stop,1,1".into()),
                "line 3: roll must be a whole number from 1 to 1",
            ),
            (
                with(&|l| l[2] = "2,1,1,1,stop,x,1".into()),
                "line 3: stop_value must be a number or empty",
            ),
            (
                with(&|l| l[2] = "2,1,1,1,stop".into()),
                "line 3: expected 7 fields (rolls_allowed,roll,dice,sum,decision,stop_value,roll_value), found 5",
            ),
        ];
        for (text, expected) in cases {
            let f = write_tmp(&text);
            let e = read(f.path(), &s.outcomes, 3).unwrap_err().to_string();
            assert!(e.contains(expected), "expected '{expected}' in: {e}");
            assert!(e.contains(&f.path().display().to_string()), "{e}");
        }
        let missing = read(Path::new("no/such/file.csv"), &s.outcomes, 3).unwrap_err();
        assert!(missing.to_string().contains("no/such/file.csv"));
    }
}
