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
mod tests {
    use super::*;
    use crate::engine::RunConfig;
    use crate::games::advice::Position;

    fn advise(policy: &[&str], keys: &[(&str, &str)], n: u64) -> Result<Advice> {
        let position = Position::of(keys)?;
        SolitaireDice.advise(&AdviceRequest {
            policies: policy.iter().map(|p| p.to_string()).collect(),
            position,
            run: RunConfig {
                units: Some(n),
                seed: 3,
                ..RunConfig::default()
            },
            ..AdviceRequest::default()
        })
    }

    const EXAMPLE_B: &str = "3:2,5:7,7:8,8:4,9:5/1:6,2:4,5:3";

    /// The advised division is the one `best` makes in a game, and every listed division is
    /// legal: the rows are exactly the roll's legal choices.
    #[test]
    fn the_advice_is_bests_choice_and_lists_every_legal_division() {
        let spec: PolicySpec = "best".parse().unwrap();
        for (roll, sheet) in [
            ([1, 1, 3, 5, 6], ""),
            ([1, 1, 3, 5, 6], EXAMPLE_B),
            ([2, 2, 4, 6, 6], EXAMPLE_B),
            ([3, 4, 4, 6, 6], "7:3,6:3/4:2,1:1"),
        ] {
            let r = Roll::new(roll).unwrap();
            let s = parse_sheet(sheet).unwrap();
            let choices = s.legal_choices(&r);
            let i = OneStep(Best::new(match &spec {
                PolicySpec::Best { projection } => projection,
                _ => unreachable!(),
            }))
            .choose(
                &View {
                    sheet: &s,
                    roll: &r,
                },
                &choices,
            );
            let roll_text: Vec<String> = roll.iter().map(u8::to_string).collect();
            let a = advise(&[], &[("roll", &roll_text.join(",")), ("sheet", sheet)], 20).unwrap();
            assert_eq!(a.best().unwrap(), division(choices[i]), "{roll:?} {sheet}");
            let mut listed: Vec<&str> = a.rows.iter().map(|r| r.name.as_str()).collect();
            let mut legal: Vec<String> = choices.iter().map(|&c| division(c)).collect();
            listed.sort_unstable();
            legal.sort_unstable();
            assert_eq!(listed, legal);
        }
    }

    /// Asks the engine to stop once `after` games are done, counting what it is told.
    struct StopAfter {
        after: u64,
        done: std::sync::atomic::AtomicU64,
    }

    impl crate::engine::Progress for StopAfter {
        fn start(&self, _: u64, _: crate::engine::Steps) {}
        fn advance(&self, steps: u64) {
            self.done
                .fetch_add(steps, std::sync::atomic::Ordering::Relaxed);
        }
        fn set(&self, _: u64, _: &str) {}
        fn finish(&self) {}
        fn stopped(&self) -> bool {
            self.done.load(std::sync::atomic::Ordering::Relaxed) >= self.after
        }
    }

    /// The play-outs run on the engine: a watcher is told of every game, and one that asks to
    /// stop (a Python user's Ctrl-C) ends the advice with the engine's refusal, not after a
    /// billion games.
    #[test]
    fn play_outs_tell_their_progress_and_stop_when_asked() {
        let run = |n: u64, after: u64| {
            let watch = std::sync::Arc::new(StopAfter {
                after,
                done: Default::default(),
            });
            let advice = SolitaireDice.advise(&AdviceRequest {
                policies: vec!["greedy".to_string()],
                position: Position::of(&[("roll", "1,1,3,5,6")]).unwrap(),
                run: RunConfig {
                    units: Some(n),
                    progress: crate::engine::OnProgress::to(watch.clone()),
                    ..RunConfig::default()
                },
                ..AdviceRequest::default()
            });
            (
                advice,
                watch.done.load(std::sync::atomic::Ordering::Relaxed),
            )
        };
        let (advice, done) = run(500, u64::MAX);
        assert!(advice.is_ok());
        assert_eq!(done, 500);
        let (advice, done) = run(1_000_000_000, 1);
        assert_eq!(advice.unwrap_err().to_string(), crate::engine::STOPPED);
        assert!(done < 1_000_000, "{done}");
    }

    /// Play-outs are on common rolls and exact sums: the same seed gives the same advice
    /// whatever the threads, and the advised division's loss is exactly 0.
    #[test]
    fn play_outs_are_the_same_for_any_threads() {
        let run = |threads| {
            let pool = crate::engine::thread_pool(Some(threads), None).unwrap();
            pool.install(|| {
                advise(
                    &["greedy"],
                    &[("roll", "1,1,3,5,6"), ("sheet", EXAMPLE_B)],
                    3000,
                )
                .unwrap()
            })
        };
        let (a, b) = (run(1), run(2));
        assert_eq!(a, b);
        assert_eq!(a.rows[0].loss, Some(Value::exact(0.0)));
    }

    /// Example A's roll on example B's sheet: `best` throws away the 1 the text warns about,
    /// because 1+6 and 3+5 mark a 7 and the 8 that lifts the -200 (230 points now), and the
    /// play-outs agree by far.
    #[test]
    fn example_a_roll_on_example_b_sheet_marks_the_eight_and_throws_away_a_one() {
        let a = advise(&[], &[("roll", "1,1,3,5,6"), ("sheet", EXAMPLE_B)], 200).unwrap();
        assert_eq!(a.best(), Some("7 + 8, throw away 1"));
        for row in &a.rows[1..] {
            let (lo, _) = row.loss.unwrap().ci95.unwrap();
            assert!(lo > 0.0, "{}: {:?}", row.name, row.loss);
        }
    }

    /// Example B's advice, over every next roll: "use combinations that will result in 5 and 2
    /// being used as the throwaway die". Where a roll lets `best` throw away 1 or another face
    /// (49.8% of rolls), it throws away the 1 in 21.6% of them, half of those to mark the 8
    /// the text also asks for; 10.0% of rolls leave only the 1.
    #[test]
    fn example_b_best_mostly_throws_away_five_or_two_as_the_text_advises() {
        let PolicySpec::Best { projection } = "best".parse().unwrap() else {
            unreachable!("best is the projection's lookahead")
        };
        let sheet = parse_sheet(EXAMPLE_B).unwrap();
        let fact = |n: u32| f64::from((1..=n).product::<u32>());
        let (mut avoidable, mut one, mut for_eight, mut forced) = (0.0, 0.0, 0.0, 0.0);
        for roll in Roll::distinct() {
            let mut counts = [0u32; 7];
            for f in roll.faces() {
                counts[usize::from(f)] += 1;
            }
            let w = fact(5) / counts.iter().map(|&c| fact(c)).product::<f64>() / 7776.0;
            let choices = sheet.legal_choices(&roll);
            let view = View {
                sheet: &sheet,
                roll: &roll,
            };
            let c = choices[OneStep(Best::new(&projection)).choose(&view, &choices)];
            let can_one = choices.iter().any(|c| c.throwaway() == Some(1));
            let can_other = choices.iter().any(|c| c.throwaway() != Some(1));
            match (can_one, can_other) {
                (true, true) => {
                    avoidable += w;
                    if c.throwaway() == Some(1) {
                        one += w;
                        if c.sums().contains(&8) {
                            for_eight += w;
                        }
                    }
                }
                (true, false) => forced += w,
                _ => {}
            }
        }
        assert!((avoidable - 0.4977).abs() < 1e-4, "{avoidable}");
        assert!(
            (one / avoidable - 0.2158).abs() < 1e-4,
            "{}",
            one / avoidable
        );
        assert!(
            (for_eight / one - 0.515).abs() < 1e-3,
            "{}",
            for_eight / one
        );
        assert!((forced - 0.1004).abs() < 1e-4, "{forced}");
    }

    #[test]
    fn impossible_positions_are_refused() {
        let bad = |keys: &[(&str, &str)], says: &str| {
            let e = advise(&[], keys, 10).unwrap_err().to_string();
            assert!(e.contains(says), "{keys:?}: {e}");
        };
        bad(&[], "needs roll");
        bad(&[("roll", "1,2,3,4")], "4 dice given");
        bad(
            &[("roll", "1,2,3,4,7")],
            "'7' is not a whole number from 1 to 6",
        );
        bad(
            &[("roll", "1,2,3,4,5"), ("sheet", "7:1")],
            "so they are even",
        );
        bad(
            &[("roll", "1,2,3,4,5"), ("sheet", "7:2/1:1,2:1,3:1,4:1")],
            "at most 3",
        );
        bad(
            &[("roll", "1,2,3,4,5"), ("sheet", "7:2/1:2")],
            "2 throwaway marks after 1 rolls",
        );
        bad(
            &[("roll", "1,2,3,4,5"), ("sheet", "7:4/1:1")],
            "need free rides",
        );
        bad(
            &[("roll", "1,2,3,4,5"), ("sheet", "7:16/1:8")],
            "the game is over",
        );
        bad(
            &[("roll", "1,2,3,4,5"), ("sheet", "13:2/1:1")],
            "sum 13 has no row",
        );
        bad(
            &[("roll", "1,2,3,4,5"), ("sheet", "7-2")],
            "is not SUM:MARKS",
        );
    }
}
