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

use crate::cells;
use crate::error::{Error, Message, Result, Setting};
use crate::games::analysis::DataTable;
use crate::input::{self, Files, Shipped};

use super::policy::DecisionTable;
use super::rolls::{RollOutcomes, state_index};
use super::rules::{Kept, Removal};
use super::solve::exact::solve_with;

/// The policy file Sevens ships: `data/sevens-policy.csv` with nothing there reads this copy.
pub const DATA: [Shipped; 1] = [Shipped {
    path: "data/sevens-policy.csv",
    about: "Sevens: the optimal stop table under the default rules (table:FILE)",
    text: include_str!("../../../data/sevens-policy.csv"),
}];
use super::solve::solutions::Solutions;
use crate::games::options::split_rules;

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

/// The optimal policy table of `solutions`' rules (`optimal_policy.csv`), `rules` (every rule
/// option as `key=value;...`) named in its provenance.
pub fn optimal_table(solutions: &Solutions, rules: &str) -> DataTable {
    let mut table = DataTable::new("optimal_policy", &HEADER);
    table.notes = vec![
        format!(
            "made by: dicelab {} (dicelab solve sevens)",
            env!("CARGO_PKG_VERSION")
        ),
        format!("rules: {rules}"),
    ];
    for (allowed, roll, kept) in states(solutions.rules.max_rolls) {
        let solution = solutions.optimal(allowed);
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

/// The name of a removal rule, as `--rule removal=` takes it.
fn removal_name(removal: Removal) -> &'static str {
    match removal {
        Removal::Pairs => "pairs",
        Removal::Subsets => "subsets",
    }
}

/// Refuses a table whose provenance (`# rules: ...`, as `solve` writes it) names other values
/// of the options that shape a table: how dice are removed, how many rolls a turn has, the dice
/// it starts with and the sum removed. The other options (rounds, ties, the follower's limit)
/// decide games, not the one-turn optimum a table holds, so a table serves under any of them.
fn check_provenance(what: &str, text: &str, outcomes: &RollOutcomes, max_rolls: u8) -> Result<()> {
    let removal = outcomes.removal;
    let Some((line, _, rules)) = input::provenance(text)
        .into_iter()
        .find(|(_, key, _)| key == "rules")
    else {
        return Ok(());
    };
    let solved = |key: &str| {
        split_rules(&rules)
            .into_iter()
            .find_map(|r| r.strip_prefix(&format!("{key}=")).map(str::to_string))
    };
    if let Some(found) = solved("removal")
        && found != removal_name(removal)
    {
        let want = removal_name(removal);
        return Err(input::at(
            what,
            line,
            Message::from(format!(
                "solved under removal={found}, but the rules say removal={want}; a table is \
                 optimal only under the rules it was solved for: "
            ))
            .then(solve_under(Some(&format!("removal={want}"))))
            .text(" writes one"),
        ));
    }
    if let Some(found) = solved("max_rolls")
        && found != max_rolls.to_string()
    {
        return Err(input::at(
            what,
            line,
            Message::from(format!(
                "solved for {found} rolls (max_rolls={found}), but the rules allow {max_rolls} \
                 (max_rolls={max_rolls}): "
            ))
            .then(solve_under(Some(&format!("max_rolls={max_rolls}"))))
            .text(" writes a table for them"),
        ));
    }
    // Quiet options: a rules line without them was solved under the text's numbers.
    for (key, text_value, value) in [
        ("dice", 6, outcomes.dice),
        ("removed_sum", 7, outcomes.removed_sum),
    ] {
        let found = solved(key).unwrap_or_else(|| text_value.to_string());
        if found != value.to_string() {
            return Err(input::at(
                what,
                line,
                Message::from(format!(
                    "solved under {key}={found}, but the rules say {key}={value}; a table is \
                     optimal only under the rules it was solved for: "
                ))
                .then(solve_under(Some(&format!("{key}={value}"))))
                .text(" writes one"),
            ));
        }
    }
    Ok(())
}

/// The command that writes the optimal table under `rule` (`key=value`; none: the defaults),
/// in backticks, as a message suggests it.
fn solve_under(rule: Option<&str>) -> Message {
    let mut settings = Vec::new();
    if let Some(rule) = rule {
        settings.push((Setting::RULE, rule));
    }
    settings.push((Setting::OUT, "DIR"));
    Message::from("`")
        .suggest("solve sevens", &settings)
        .text("`")
}

/// Reads a policy table for the removal rule of `outcomes` and `max_rolls`: one decision table
/// per number of rolls allowed (index `allowed - 1`). A table that says it was solved under other rules is
/// refused; one without provenance (made by hand) is checked by its content. Every problem names
/// the file and, where there is one, the line.
pub fn read(
    path: &Path,
    outcomes: &RollOutcomes,
    max_rolls: u8,
    files: &Files,
) -> Result<Vec<DecisionTable>> {
    let what = format!("policy table {}", path.display());
    let text = files.read_text_shipping(&what, path, &DATA)?;
    check_provenance(&what, &text, outcomes, max_rolls)?;
    let name = format!("table:{}", path.display());
    let rows = input::csv_rows(&what, &text, &HEADER)?;
    // The largest number of rolls the table covers is the max_rolls it was made for.
    let widest = rows
        .iter()
        .filter_map(|r| r.get(0).parse::<u8>().ok().map(|a| (a, r.line)))
        .max_by_key(|&(a, line)| (a, std::cmp::Reverse(line)));
    if let Some((solved, line)) = widest
        && solved != max_rolls
        && solved >= 2
    {
        let fix =
            solve_under(Some(&format!("max_rolls={max_rolls}"))).text(" writes a table for them");
        return Err(if solved > max_rolls {
            input::at(
                &what,
                line,
                Message::from(format!(
                    "rolls_allowed={solved}: the table was solved for {solved} rolls, but the \
                     rules allow {max_rolls} (max_rolls={max_rolls}); "
                ))
                .then(fix),
            )
        } else {
            Error::input(
                Message::from(format!(
                    "{what}: the table was solved for {solved} rolls (its largest \
                     rolls_allowed), but the rules allow {max_rolls} (max_rolls={max_rolls}); "
                ))
                .then(fix),
            )
        });
    }
    let mut decisions: HashMap<(u8, u8, Kept), (bool, usize)> = HashMap::new();
    for row in rows {
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
        return Err(Error::input(
            Message::from(format!(
                "{what}: no decision for rolls_allowed={allowed} roll={roll} dice={} sum={}{}; \
             a table needs every state (max_rolls={max_rolls}): ",
                kept.dice,
                kept.sum,
                if more > 0 {
                    format!(" and {more} more states")
                } else {
                    String::new()
                }
            ))
            .then(solve_under(None))
            .text(" writes a complete one"),
        ));
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
    use super::super::rules::Rules;
    use super::*;
    use crate::games::options::RuleOptions;

    fn solutions(overrides: &[&str]) -> Solutions {
        let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        let options = RuleOptions::parse("sevens", super::super::rules::OPTIONS, &o).unwrap();
        Solutions::new(Rules::from_options(&options), 1)
    }

    fn write_tmp(text: &str) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
        f
    }

    #[test]
    fn the_optimal_table_reads_back_as_the_optimal_policy() {
        for removal in ["removal=pairs", "removal=subsets"] {
            let s = solutions(&[removal, "max_rolls=4"]);
            assert_eq!(
                s.outcomes.removal == Removal::Subsets,
                removal.ends_with("subsets")
            );
            let csv = String::from_utf8(crate::report::csv::table_csv(&optimal_table(
                &s,
                &format!("{removal};max_rolls=4"),
            )))
            .unwrap();
            // Two lines of provenance, the header, and for 4 rolls: 1 + 2 + 3 rolls before the
            // last, 111 (dice, sum) states each.
            assert_eq!(csv.lines().count(), 2 + 1 + 6 * 111);
            let f = write_tmp(&csv);
            let read = read(f.path(), &s.outcomes, 4, &Files::default()).unwrap();
            for allowed in 1..=4u8 {
                let optimal = DecisionTable::from_solution("o", &s.outcomes, s.optimal(allowed));
                let a = super::super::solve::exact::distribution(&s.outcomes, &optimal);
                let b = super::super::solve::exact::distribution(
                    &s.outcomes,
                    &read[allowed as usize - 1],
                );
                assert_eq!(a.score, b.score, "{removal} allowed {allowed}");
            }
        }
    }

    #[test]
    fn bad_tables_name_the_file_line_and_problem() {
        let s = solutions(&[]);
        // A table made by hand: no provenance, checked by its content.
        let mut table = optimal_table(&s, "");
        table.notes.clear();
        let good = String::from_utf8(crate::report::csv::table_csv(&table)).unwrap();
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
                "line 3: rolls_allowed=4: the table was solved for 4 rolls, but the rules allow 3 (max_rolls=3)",
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
            let e = read(f.path(), &s.outcomes, 3, &Files::default())
                .unwrap_err()
                .to_string();
            assert!(e.contains(expected), "expected '{expected}' in: {e}");
            assert!(e.contains(&f.path().display().to_string()), "{e}");
        }
        let missing = read(
            Path::new("no/such/file.csv"),
            &s.outcomes,
            3,
            &Files::default(),
        )
        .unwrap_err();
        assert!(missing.to_string().contains("no/such/file.csv"));
    }

    #[test]
    fn a_table_solved_under_other_rules_is_refused_by_its_provenance_or_content() {
        let pairs = solutions(&[]);
        let made = |s: &Solutions, rules: &str| {
            String::from_utf8(crate::report::csv::table_csv(&optimal_table(s, rules))).unwrap()
        };
        let text = made(&pairs, "removal=pairs;max_rolls=3;rounds=10");
        assert!(
            text.starts_with("# made by: dicelab ")
                && text.contains(" (dicelab solve sevens)\n# rules: removal=pairs;max_rolls=3;rounds=10\nrolls_allowed,"),
            "{text}"
        );
        let f = write_tmp(&text);
        let path = f.path().display().to_string();
        // Under its own rules it reads; the rounds it was solved with do not shape a table.
        assert!(read(f.path(), &pairs.outcomes, 3, &Files::default()).is_ok());
        let subsets = solutions(&["removal=subsets"]);
        assert_eq!(
            read(f.path(), &subsets.outcomes, 3, &Files::default())
                .unwrap_err()
                .to_string(),
            format!(
                "policy table {path}: line 2: solved under removal=pairs, but the rules say \
                 removal=subsets; a table is optimal only under the rules it was solved for: \
                 `solve sevens with rule removal=subsets, out DIR` writes one"
            )
        );
        assert_eq!(
            read(f.path(), &pairs.outcomes, 2, &Files::default())
                .unwrap_err()
                .to_string(),
            format!(
                "policy table {path}: line 2: solved for 3 rolls (max_rolls=3), but the rules \
                 allow 2 (max_rolls=2): `solve sevens with rule max_rolls=2, out DIR` writes a \
                 table for them"
            )
        );
        // Without provenance, the rolls it covers still tell.
        let bare: String = text.lines().skip(2).map(|l| format!("{l}\n")).collect();
        let g = write_tmp(&bare);
        let path = g.path().display().to_string();
        let first_three = 1 + bare.lines().position(|l| l.starts_with("3,")).unwrap();
        assert_eq!(
            read(g.path(), &pairs.outcomes, 2, &Files::default())
                .unwrap_err()
                .to_string(),
            format!(
                "policy table {path}: line {first_three}: rolls_allowed=3: the table was solved \
                 for 3 rolls, but the rules allow 2 (max_rolls=2); `solve sevens with rule \
                 max_rolls=2, out DIR` writes a table for them"
            )
        );
        assert_eq!(
            read(g.path(), &pairs.outcomes, 4, &Files::default())
                .unwrap_err()
                .to_string(),
            format!(
                "policy table {path}: the table was solved for 3 rolls (its largest \
                 rolls_allowed), but the rules allow 4 (max_rolls=4); `solve sevens with rule \
                 max_rolls=4, out DIR` writes a table for them"
            )
        );
        // A hand-made table under other removal rules cannot be told by its content: accepted.
        assert!(read(g.path(), &subsets.outcomes, 3, &Files::default()).is_ok());
    }
}
