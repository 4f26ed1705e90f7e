//! `dicelab advise solitaire-dice`: every legal division of a roll on a sheet, with the chosen
//! player's own evaluation of it (the advice, so the advised division is exactly the one that
//! player makes) and a Monte Carlo estimate of the final score from the sheet it leaves, played
//! out by the same player. Every division is played out on the same rolls (game `g` of the
//! play-outs draws its rolls from the chunk generator of `(seed, g)` whatever the division), so
//! the differences between divisions carry much less noise than the scores themselves: each
//! division's loss against the advised one is a paired difference with its own interval.

use crate::engine::{self, RunConfig};
use crate::error::{Error, Message, Result, Setting};
use crate::games::advice::{Advice, AdviceRequest, Advisor, Column, PositionKey, Row, Value};
use crate::games::policy::{OneStep, Policy, Value as _};
use crate::stats::MetricKind;
use crate::stats::estimate::Estimate;

use super::advice_sim::{Playouts, Scores};
use super::best::Best;
use super::choice::Choice;
use super::heuristic::Heuristic;
use super::lookahead::Lookahead;
use super::play::WIN_SCORE;
use super::policy::{DivideRoll, Greedy, View};
use super::roll::Roll;
use super::rules::{DICE, END_MARKS, MAX_SUM, MIN_SUM};
use super::sheet::Sheet;
use super::spec::PolicySpec;
use super::{NAME, SolitaireDice};

/// The keys of a Solitaire Dice position.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "roll",
        syntax: "F,F,F,F,F",
        meaning: "the five dice rolled",
    },
    PositionKey {
        key: "sheet",
        syntax: "S:M,.../F:M,...",
        meaning: "marks per sum, then after a slash throwaway marks per face (default: an \
                  empty sheet), as 3:2,5:7,7:8,8:4,9:5/1:6,2:4,5:3",
    },
];

/// Play-outs per division when `-n` is not given, by player: about a second of work on one
/// core for a roll's fifteen divisions from an early sheet (measured: docs/cli.md).
fn default_playouts(spec: &PolicySpec) -> u64 {
    match spec {
        PolicySpec::Greedy | PolicySpec::Random => 20_000,
        PolicySpec::Heuristic { .. } => 4_000,
        PolicySpec::Lookahead { .. } => 400,
        PolicySpec::Best { .. } => 200,
    }
}

/// Parses a sheet written `S:M,.../F:M,...`: marks per sum 2 to 12, a slash, throwaway marks
/// per face; either part may be empty, and the slash may be left out with no throwaways.
pub fn parse_sheet(text: &str) -> Result<Sheet> {
    let (sums, faces) = text.split_once('/').unwrap_or((text, ""));
    let pairs = |part: &str, what: &str| -> Result<Vec<(u8, u8)>> {
        part.split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                let bad = || {
                    Error::value(
                        Setting::named("sheet"),
                        text,
                        format!("'{p}' is not {what}:MARKS (two whole numbers)"),
                    )
                };
                let (a, b) = p.split_once(':').ok_or_else(bad)?;
                let a: u8 = a.trim().parse().map_err(|_| bad())?;
                let b: u8 = b.trim().parse().map_err(|_| bad())?;
                Ok((a, b))
            })
            .collect()
    };
    let marks = pairs(sums, "SUM")?;
    let throwaways = pairs(faces, "FACE")?;
    let sheet = Sheet::from_marks(&marks, &throwaways)
        .map_err(|e| Error::value(Setting::named("sheet"), text, format!("{e}")))?;
    // What the rolls so far must have made: two sum marks and (but for a free ride) one
    // throwaway mark a roll; free rides need three faces chosen.
    let sum_marks: u32 = (MIN_SUM..=MAX_SUM).map(|s| u32::from(sheet.marks(s))).sum();
    let thrown: u32 = (1..=6).map(|f| u32::from(sheet.throwaway_marks(f))).sum();
    if sum_marks % 2 == 1 {
        return Err(Error::value(
            Setting::named("sheet"),
            text,
            format!("{sum_marks} sum marks: every roll marks two sums, so they are even"),
        ));
    }
    let rolls = sum_marks / 2;
    if thrown > rolls {
        return Err(Error::value(
            Setting::named("sheet"),
            text,
            format!("{thrown} throwaway marks after {rolls} rolls (one a roll at most)"),
        ));
    }
    if thrown < rolls && sheet.throwaway_faces() < 3 {
        return Err(Error::value(
            Setting::named("sheet"),
            text,
            format!(
                "{rolls} rolls with only {thrown} throwaway marks need free rides, \
             which come only once three faces are chosen"
            ),
        ));
    }
    if sheet.is_over() {
        return Err(Error::value(
            Setting::named("sheet"),
            text,
            format!("a throwaway face has {END_MARKS} marks: the game is over"),
        ));
    }
    Ok(sheet)
}

/// A sheet as `--sheet` writes it (the inverse of [`parse_sheet`]): `S:M,.../F:M,...`.
pub fn sheet_text(sheet: &Sheet) -> String {
    let sums: Vec<String> = (MIN_SUM..=MAX_SUM)
        .filter(|&s| sheet.marks(s) > 0)
        .map(|s| format!("{s}:{}", sheet.marks(s)))
        .collect();
    let faces: Vec<String> = (1..=6)
        .filter(|&f| sheet.throwaway_marks(f) > 0)
        .map(|f| format!("{f}:{}", sheet.throwaway_marks(f)))
        .collect();
    format!("{}/{}", sums.join(","), faces.join(","))
}

/// Parses the five dice of `--roll`.
fn parse_roll(text: &str) -> Result<Roll> {
    let faces = crate::games::advice::whole_list("roll", text, 1, 6)?;
    let faces: [u8; DICE] = faces
        .iter()
        .map(|&f| f as u8)
        .collect::<Vec<_>>()
        .try_into()
        .map_err(|f: Vec<u8>| {
            Error::value(
                Setting::named("roll"),
                text,
                format!("{} dice given; a roll is {DICE} dice", f.len()),
            )
        })?;
    Roll::new(faces)
}

/// The player's own rating of a division (higher is better) and what it means, or `None` for a
/// player without one (random).
fn rating(spec: &PolicySpec) -> Option<(&'static str, String)> {
    Some(match spec {
        PolicySpec::Random => return None,
        PolicySpec::Greedy => (
            "greedy_gain",
            "points the division adds now (greedy's rating)".into(),
        ),
        PolicySpec::Heuristic { .. } => (
            "heuristic_value",
            format!("{}'s evaluation of the sheet left", spec.as_str()),
        ),
        PolicySpec::Lookahead { .. } => (
            "lookahead_value",
            format!(
                "{}'s expected evaluation after the next roll",
                spec.as_str()
            ),
        ),
        PolicySpec::Best { .. } => (
            "best_value",
            "best's projected worth of the sheet left, averaged over the next roll".into(),
        ),
    })
}

/// The value the player plays by, or `None` for a player without one (random): the rating
/// column is its value of each division, and the advised division is the one
/// [`OneStep`] over it picks, so the advice is the player's own play.
fn value_of(spec: &PolicySpec) -> Option<Box<dyn crate::games::policy::Value<DivideRoll> + '_>> {
    Some(match spec {
        PolicySpec::Random => return None,
        PolicySpec::Greedy => Box::new(Greedy),
        PolicySpec::Heuristic { evaluator, .. } => Box::new(Heuristic::new(evaluator)),
        PolicySpec::Lookahead { evaluator, .. } => Box::new(Lookahead::new(evaluator)),
        PolicySpec::Best { projection } => Box::new(Best::new(projection)),
    })
}

/// An estimate as advice shows it.
fn estimated(e: Estimate) -> Value {
    Value {
        value: e.mean,
        ci95: Some((e.ci_low, e.ci_high)),
    }
}

impl Advisor for SolitaireDice {
    fn keys(&self) -> &'static [PositionKey] {
        KEYS
    }

    fn advise(&self, request: &AdviceRequest) -> Result<Advice> {
        request.position.check_keys(NAME, KEYS)?;
        let options = super::text_rules_only("advise", &request.rules)?;
        let spec = player(request)?;
        let given = &request.position;
        let roll = parse_roll(given.get("roll").ok_or_else(|| {
            Error::input(Message::settings_in(
                "a solitaire-dice position needs §roll: the five dice rolled",
            ))
        })?)?;
        let sheet_text = given.get("sheet").unwrap_or("");
        let sheet = parse_sheet(sheet_text)?;
        let choices = sheet.legal_choices(&roll);
        let view = View {
            sheet: &sheet,
            roll: &roll,
        };
        let value = value_of(&spec);
        let picked = value.as_ref().map(|v| OneStep(v).choose(&view, &choices));
        let run = request.run.sized(default_playouts(&spec))?;
        let n = run.units;
        let reference = picked.unwrap_or(0);
        let afters: Vec<Sheet> = choices
            .iter()
            .map(|&c| {
                let mut after = sheet;
                after.apply(c);
                after
            })
            .collect();
        let seed = run.seed;
        let playouts = play_out(
            &Playouts {
                spec: &spec,
                afters: &afters,
                reference,
                seed,
            },
            &run,
        )?;
        let rated = rating(&spec);
        let columns = columns(&spec, rated.as_ref(), n);
        let greedy_pick = OneStep(Greedy).choose(&view, &choices);
        let mut rows: Vec<(f64, Row)> = choices
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let scores = playouts.scores(i);
                let score = Estimate::of(MetricKind::Mean, scores);
                let wins: u64 = scores
                    .iter()
                    .filter(|&(v, _)| v >= i64::from(WIN_SCORE))
                    .map(|(_, c)| c)
                    .sum();
                let p = Value::proportion(wins, n);
                let mut values = Vec::new();
                let rate_value = value.as_ref().map(|v| v.value(&view, &c));
                if let Some(v) = rate_value {
                    values.push(Some(Value::exact(v)));
                }
                let over = afters[i].is_over();
                values.push(Some(if over {
                    Value::exact(score.mean)
                } else {
                    estimated(score)
                }));
                values.push(Some(if over { Value::exact(p.value) } else { p }));
                values.push(Some(Value::exact(f64::from(sheet.score_change(c)))));
                let mut remarks = Vec::new();
                if over {
                    remarks.push("ends the game".to_string());
                }
                if picked == Some(i) {
                    remarks.push(format!("{}'s choice", spec.as_str()));
                }
                if greedy_pick == i && !matches!(spec, PolicySpec::Greedy) {
                    remarks.push("greedy's choice".to_string());
                }
                let row = Row {
                    name: division(c),
                    values,
                    loss: Some(if i == reference {
                        Value::exact(0.0)
                    } else {
                        estimated(Estimate::of(MetricKind::Mean, playouts.losses(i)))
                    }),
                    remark: (!remarks.is_empty()).then(|| remarks.join("; ")),
                    ..Row::default()
                };
                let key = if picked == Some(i) {
                    f64::INFINITY
                } else {
                    rate_value.unwrap_or(score.mean)
                };
                (key, row)
            })
            .collect();
        // The player's own choice first (ties in its rating go to its first, as it plays), then
        // by its rating; a random player's divisions by their play-outs.
        rows.sort_by(|a, b| b.0.total_cmp(&a.0));
        Ok(Advice {
            game: NAME.to_string(),
            rules: options.pairs(),
            policy: Some(spec.as_str().to_string()),
            position: vec![
                ("roll".into(), roll_text(&roll).into()),
                ("sheet".into(), sheet_words(&sheet).into()),
                ("score".into(), sheet.score().to_string().into()),
            ],
            method: method(&spec, rated.as_ref(), n, seed),
            columns,
            decision: true,
            rows: rows.into_iter().map(|(_, r)| r).collect(),
            loss_column: usize::from(rated.is_some()),
            notes: notes(&spec, picked, choices.len()),
            spent: None,
        })
    }
}

/// The player the advice is for: `best` by default, or the one `--policy` names.
fn player(request: &AdviceRequest) -> Result<PolicySpec> {
    Ok(match request.policies.as_slice() {
        [] => "best".parse()?,
        [one] => one.parse()?,
        more => {
            return Err(Error::setting(
                Setting::POLICY,
                format!(
                    "{} given; advice shows one player's evaluation and play-outs",
                    more.len()
                ),
            ));
        }
    })
}

/// The advice's columns: the player's own rating if it has one, then the play-outs' final
/// score and chance to win, then what the division scores now.
fn columns(spec: &PolicySpec, rated: Option<&(&'static str, String)>, n: u64) -> Vec<Column> {
    let mut columns = Vec::new();
    if let Some((name, meaning)) = rated {
        columns.push(Column {
            name: name.to_string(),
            meaning: meaning.clone(),
            chance: false,
        });
    }
    columns.push(Column {
        name: "final_score".into(),
        meaning: format!(
            "final score, {n} play-outs by {} from the sheet left (95% interval)",
            spec.as_str()
        ),
        chance: false,
    });
    columns.push(Column {
        name: "p_win".into(),
        meaning: format!("chance of a final score of {WIN_SCORE} or more, the same play-outs"),
        chance: true,
    });
    columns.push(Column {
        name: "now".into(),
        meaning: "what the division changes the score by now".into(),
        chance: false,
    });
    columns
}

/// How the advice was made: the play-outs, their player and seed, and what ranks the rows.
fn method(spec: &PolicySpec, rated: Option<&(&'static str, String)>, n: u64, seed: u64) -> String {
    format!(
        "{} play-outs per division by {}, every division on the same rolls (seed {seed}); \
         ranked by {}",
        n,
        spec.as_str(),
        match rated {
            Some((name, _)) => format!("{name}, {}'s own rating", spec.as_str()),
            None => "final_score".to_string(),
        }
    )
}

/// The advice's notes: what a loss is measured against, and a roll with one division.
fn notes(spec: &PolicySpec, picked: Option<usize>, divisions: usize) -> Vec<Message> {
    let mut notes: Vec<Message> = vec![
        format!(
            "loses: the final score given up against {}, a paired difference on the same rolls",
            match picked {
                Some(_) => format!("{}'s choice", spec.as_str()),
                None => "the first division".to_string(),
            }
        )
        .into(),
    ];
    if divisions == 1 {
        notes.push("one legal division".into());
    }
    notes
}

/// Plays `run`'s games on the engine and returns their scores. No games (a library caller's
/// `-n 0`, which the command line refuses) leave every histogram empty, as they always did,
/// rather than the engine's refusal of an empty run.
fn play_out(playouts: &Playouts, run: &RunConfig) -> Result<Scores> {
    let divisions = playouts.afters.len();
    if run.units == 0 {
        return Ok(Scores::empty(divisions));
    }
    // The advice plays on the pool it is called in, as it always has (the command line sizes it
    // by --threads); the engine then starts as many workers.
    let config = RunConfig {
        threads: None,
        ..run.clone()
    };
    let tally = engine::run(playouts, &config)?;
    Ok(Scores::of(&tally, divisions, playouts.reference))
}

/// The roll as the advice repeats it: its faces, space-separated.
fn roll_text(roll: &Roll) -> String {
    roll.faces()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A division in the text's words: the two sums marked, and the die set aside.
pub(super) fn division(choice: Choice) -> String {
    let [low, high] = choice.sums();
    let kind = if choice.free_ride() {
        "free ride"
    } else {
        "throw away"
    };
    format!("{low} + {high}, {kind} {}", choice.set_aside())
}

/// The sheet in words: the marks per sum, then the throwaway marks.
pub(super) fn sheet_words(sheet: &Sheet) -> String {
    let sums: Vec<String> = (MIN_SUM..=MAX_SUM)
        .filter(|&s| sheet.marks(s) > 0)
        .map(|s| format!("{s} x{}", sheet.marks(s)))
        .collect();
    let faces: Vec<String> = (1..=6)
        .filter(|&f| sheet.throwaway_marks(f) > 0)
        .map(|f| format!("{f} x{}", sheet.throwaway_marks(f)))
        .collect();
    let part = |v: Vec<String>| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    format!("sums {}; throwaways {}", part(sums), part(faces))
}

#[cfg(test)]
#[path = "advise_tests.rs"]
mod tests;
