//! `dicelab advise solitaire-dice`: every legal division of a roll on a sheet, ranked by the
//! expected final score when the chosen player (`best` by default) plays on from the sheet it
//! leaves, estimated by play-outs. Every division is played out on the same rolls (game `g` of
//! the play-outs draws its rolls from the chunk generator of `(seed, g)` whatever the
//! division), so the differences between divisions carry much less noise than the scores
//! themselves, and each play-out's score is adjusted for the luck of its rolls (`advice_sim`).
//! The play-outs are spent by a race (`games::race`): every division a few, then more on those
//! still close to the best, until the best is separated from every other or the budget is
//! spent. Each division's loss against the best is a paired difference with its own interval,
//! and a division whose interval reaches 0 is said to be within noise of the best. The
//! player's own choice (what it would play in a game) is marked, and may differ from the best
//! estimate: its rating is a model, the play-outs are the game.

use crate::error::{Error, Message, Result, Setting};
use crate::games::advice::{
    Advice, AdviceRequest, Advisor, Column, PositionKey, Row, Spent, Value,
};
use crate::games::policy::{OneStep, Policy};
use crate::games::race::{Plan, Raced, race};

use super::advice_sim::{ADJUSTED, Playouts, WIN, default_playouts};
use super::advise_value;
use super::heuristic::Heuristic;
use super::learned::{Learned, Planned};
use super::lookahead::Lookahead;
use super::play::WIN_SCORE;
use super::policy::{DivideRoll, Greedy, View};
use super::projection::Projected;
use super::roll::Roll;
use super::rules::{DICE, END_MARKS, MAX_SUM, MIN_SUM};
use super::sheet::Sheet;
use super::spec::PolicySpec;
use super::words::{afters, division, roll_text, sheet_words};
use super::{NAME, SolitaireDice};

/// The keys of a Solitaire Dice position.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "roll",
        heading: "The five dice rolled",
        syntax: "F,F,F,F,F",
        meaning: "the five dice rolled",
    },
    PositionKey {
        key: "sheet",
        heading: "The score sheet",
        syntax: "S:M,.../F:M,...",
        meaning: "marks per sum, then after a slash throwaway marks per face (default: an \
                  empty sheet), as 3:2,5:7,7:8,8:4,9:5/1:6,2:4,5:3",
    },
];

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

/// The value the player plays by, or `None` for a player without one (random): the rating
/// column is its value of each division, and the advised division is the one
/// [`OneStep`] over it picks, so the advice is the player's own play.
fn value_of(spec: &PolicySpec) -> Option<Box<dyn crate::games::policy::Value<DivideRoll> + '_>> {
    Some(match spec {
        PolicySpec::Random => return None,
        PolicySpec::Greedy => Box::new(Greedy),
        PolicySpec::Heuristic { evaluator, .. } => Box::new(Heuristic::new(evaluator)),
        PolicySpec::Lookahead { evaluator, .. } => Box::new(Lookahead::new(evaluator)),
        PolicySpec::Projection { projection } => Box::new(Projected::new(projection)),
        PolicySpec::Learned { net, .. } => Box::new(Learned::new(net)),
        PolicySpec::LearnedLookahead { net } => Box::new(Planned::new(net)),
    })
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
        if let PolicySpec::Learned { net, .. } = &spec {
            let run = request.run.sized(advise_value::CHECK_PLAYOUTS)?;
            return advise_value::advise(&spec, net, &roll, &sheet, options.pairs(), &run);
        }
        let choices = sheet.legal_choices(&roll);
        let view = View {
            sheet: &sheet,
            roll: &roll,
        };
        let value = value_of(&spec);
        let picked = value.as_ref().map(|v| OneStep(v).choose(&view, &choices));
        let run = request.run.sized(default_playouts(&spec))?;
        let afters = afters(&sheet, &choices);
        let seed = run.seed;
        let playouts = Playouts {
            spec: &spec,
            afters: &afters,
            seed,
        };
        let raced = race(&playouts, Plan::of(run.units), &run)?;
        let greedy_pick = OneStep(Greedy).choose(&view, &choices);
        let leader = raced.leader();
        let rows = raced
            .ranking()
            .into_iter()
            .map(|i| {
                let c = choices[i];
                let over = afters[i].is_over();
                // A division that ends the game has its score: every play-out the same.
                let exact = |v: Value| if over { Value::exact(v.value) } else { v };
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
                let loss = raced.loss(i);
                Row {
                    name: division(c),
                    values: vec![
                        Some(exact(raced.mean(i, ADJUSTED))),
                        Some(exact(raced.share(i, WIN))),
                        Some(Value::exact(f64::from(sheet.score_change(c)))),
                    ],
                    // Two divisions that end the game differ by exactly their scores.
                    loss: Some(if over && afters[leader].is_over() {
                        Value::exact(loss.value)
                    } else {
                        loss
                    }),
                    remark: (!remarks.is_empty()).then(|| remarks.join("; ")),
                    separated: (i != leader).then(|| raced.separated(i)),
                    playouts: Some(raced.playouts(i)),
                    why: None,
                }
            })
            .collect();
        Ok(Advice {
            game: NAME.to_string(),
            rules: options.pairs(),
            policy: Some(spec.as_str().to_string()),
            position: vec![
                ("roll".into(), roll_text(&roll).into()),
                ("sheet".into(), sheet_words(&sheet).into()),
                ("score".into(), sheet.score().to_string().into()),
            ],
            method: method(&spec, &raced, seed),
            columns: columns(&spec, playouts.beta()),
            decision: true,
            rows,
            loss_column: 0,
            notes: notes(choices.len()),
            spent: Some(Spent {
                unit: "play-outs".into(),
                total: raced.total(),
                first: raced.first(),
                most: raced.most(),
                stopped_early: raced.stopped_early(),
            }),
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

/// The advice's columns: the play-outs' final score (which ranks the divisions) and chance to
/// win, then what the division scores now.
fn columns(spec: &PolicySpec, beta: f64) -> Vec<Column> {
    vec![
        Column {
            name: "final_score".into(),
            heading: "expected final score".into(),
            meaning: if beta > 0.0 {
                format!(
                    "expected final score when {} plays on from the sheet left (95% interval): \
                     each play-out's score less {beta} times the luck of its rolls as {} \
                     measures it, which averages 0, so the mean is the same with far less \
                     noise",
                    spec.as_str(),
                    spec.as_str()
                )
            } else {
                format!(
                    "expected final score when {} plays on from the sheet left (95% interval)",
                    spec.as_str()
                )
            },
            chance: false,
        },
        Column {
            name: "p_win".into(),
            heading: format!("chance of {WIN_SCORE}+"),
            meaning: format!("chance of a final score of {WIN_SCORE} or more, the same play-outs"),
            chance: true,
        },
        Column {
            name: "now".into(),
            heading: "score now".into(),
            meaning: "what the division changes the score by now".into(),
            chance: false,
        },
    ]
}

/// How the advice was made: the play-outs, their player and seed, how they were spent, and
/// what ranks the rows.
fn method(spec: &PolicySpec, raced: &Raced, seed: u64) -> String {
    format!(
        "{} play-outs by {}, every division on the same rolls (seed {seed}): {}; ranked by the \
         expected final score, as what each division loses against the best, paired on the same rolls",
        raced.total(),
        spec.as_str(),
        raced.schedule(),
    )
}

/// The advice's notes: a roll with one division.
fn notes(divisions: usize) -> Vec<Message> {
    if divisions == 1 {
        vec!["one legal division".into()]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
#[path = "advise_tests.rs"]
mod tests;
