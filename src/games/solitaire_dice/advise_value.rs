//! `dicelab advise solitaire-dice` for the players on the learned value (`best`, `learned`):
//! the divisions ranked by what the value makes of them one roll deeper, with play-outs beside
//! them as a check.
//!
//! Ranking by play-outs alone is noisy where divisions are close: on the README's roll, 128
//! play-outs a division named three different bests over 120 seeds. The learned value has no
//! noise: each division is worth the score it adds now plus the average, over the 252 distinct
//! rolls that can come next, of the best division of that roll under the value
//! ([`ValueNet::planned`]), a few milliseconds for a whole roll. So the ranking, and the best it
//! names, is the same on every seed and every thread.
//!
//! A value is a model, and a model can be wrong where the games it learned from rarely went.
//! The play-outs stay as the check: every division is played out the same number of times by
//! the player (every division on the same rolls, as `advise` always does), and where the
//! paired difference of what the play-outs made of a division and of the value's best lies
//! outside its 95% interval from what the value says, the advice says so in a note. The
//! play-outs are counted in the value's own currency for that: the final score plus the bonus
//! the value was trained to seek at 500 ([`ValueNet::bonus`]).

use crate::engine::{RunConfig, chunk_rng};
use crate::error::{Message, Result};
use crate::games::advice::{Advice, Column, Row, Spent, Value};
use crate::games::policy::{OneStep, Policy};
use crate::games::race::{Contest, Plan, Raced, race};

use super::NAME;
use super::choice::Choice;
use super::learned::{Learned, ValueNet};
use super::play::WIN_SCORE;
use super::policy::{Greedy, View};
use super::roll::Roll;
use super::sheet::Sheet;
use super::sim::play_from;
use super::spec::PolicySpec;
use super::words::{afters, division, roll_text, sheet_words};

/// Play-outs a division has in the check when `-n` is not given: about half a second on one
/// core for the fifteen divisions of a roll on an empty sheet (measured: docs/solitaire-dice.md).
pub(super) const CHECK_PLAYOUTS: u64 = 4_000;

/// The check's values: the final score plus the bonus at 500 in [`FIXED`]ths of a point (what
/// the value predicts, and the race's ranking value), the final score, and whether it won.
const WORTH: usize = 0;
const SCORE: usize = 1;
const WIN: usize = 2;
const ORDER: [usize; 3] = [WORTH, SCORE, WIN];
/// Fixed-point steps per point: whole numbers add up exactly whatever the threads.
const FIXED: f64 = 1024.0;

/// The check's play-outs: every division's sheet played on by `spec` on the same rolls.
struct Check<'a> {
    spec: &'a PolicySpec,
    afters: &'a [Sheet],
    seed: u64,
    bonus: f64,
}

impl Contest for Check<'_> {
    type Worker = ();

    fn actions(&self) -> usize {
        self.afters.len()
    }

    fn values(&self) -> usize {
        ORDER.len()
    }

    fn order(&self) -> &[usize] {
        &ORDER
    }

    fn unit(&self, value: usize) -> f64 {
        if value == WORTH { 1.0 / FIXED } else { 1.0 }
    }

    /// Sixteen games a chunk: a game on the value is a few microseconds.
    fn per_chunk(&self) -> u64 {
        16
    }

    fn worker(&self) {}

    fn play(&self, g: u64, active: &[bool], _: &mut (), out: &mut [i64]) {
        for (a, after) in self.afters.iter().enumerate() {
            if !active[a] {
                continue;
            }
            // Game `g` rolls the same dice whatever the division (and the player draws no
            // coins of its own, so `coins` is never read).
            let mut coins = chunk_rng(!self.seed, g);
            let score = play_from(self.spec, *after, &chunk_rng(self.seed, g), &mut coins).score;
            let won = score >= WIN_SCORE;
            let worth = f64::from(score) + if won { self.bonus } else { 0.0 };
            let at = a * ORDER.len();
            out[at + WORTH] = (worth * FIXED).round() as i64;
            out[at + SCORE] = i64::from(score);
            out[at + WIN] = i64::from(won);
        }
    }
}

/// The advice on `roll` at `sheet` for `spec`, a player on `net`: ranked by the value one roll
/// deeper, checked by `run.units` play-outs a division.
pub(super) fn advise(
    spec: &PolicySpec,
    net: &ValueNet,
    roll: &Roll,
    sheet: &Sheet,
    rules: Vec<String>,
    run: &RunConfig,
) -> Result<Advice> {
    let choices = sheet.legal_choices(roll);
    let view = View { sheet, roll };
    let worth = worths(net, sheet, &choices);
    // The best by the value; ties (two divisions leaving the same sheet) to the first listed.
    let ranking = ranked(&worth);
    let top = ranking[0];
    let picked = OneStep(Learned::new(net)).choose(&view, &choices);
    let greedy_pick = OneStep(Greedy).choose(&view, &choices);
    let afters = afters(sheet, &choices);
    let check = Check {
        spec,
        afters: &afters,
        seed: run.seed,
        bonus: f64::from(net.bonus()),
    };
    let plan = Plan {
        first: run.units,
        most: run.units,
    };
    let raced = race(&check, plan, run)?;
    let score = f64::from(sheet.score());
    let mut notes = Vec::new();
    // The level first: what the value expects of its best against what the play-outs made of
    // it (a value can be off in level and still rank well; the notes after are on the ranking).
    let level = raced.mean(top, WORTH);
    if let Some((low, high)) = level.ci95
        && !(low..=high).contains(&(score + worth[top]))
    {
        notes.push(Message::from(format!(
            "the value has its best, {}, at {:.1}; the play-outs at {:.1} [{low:.1}, {high:.1}], \
             counted as the value counts",
            division(choices[top]),
            score + worth[top],
            level.value,
        )));
    }
    let rows = ranking
        .iter()
        .map(|&i| {
            let c = choices[i];
            let over = afters[i].is_over();
            let loss = worth[top] - worth[i];
            let mut remarks = Vec::new();
            if over {
                remarks.push("ends the game".to_string());
            }
            if picked == i {
                remarks.push(format!("{}'s choice", spec.as_str()));
            }
            if greedy_pick == i {
                remarks.push("greedy's choice".to_string());
            }
            // What the play-outs make of the value's best less this division, paired.
            let seen = (i != top).then(|| raced.difference(top, i));
            if let Some(seen) = &seen
                && let Some(line) = disagreement(c, loss, seen)
            {
                notes.push(Message::from(line));
            }
            // A division that ends the game has its score: every play-out the same.
            let exact = |v: Value| if over { Value::exact(v.value) } else { v };
            Row {
                name: division(c),
                values: vec![
                    Some(Value::exact(score + worth[i])),
                    Some(exact(raced.mean(i, SCORE))),
                    Some(exact(raced.share(i, WIN))),
                    Some(Value::exact(f64::from(sheet.score_change(c)))),
                ],
                loss: Some(Value::exact(loss)),
                remark: (!remarks.is_empty()).then(|| remarks.join("; ")),
                // Told apart from the best where the play-outs show it worse beyond their
                // interval: the value's own difference has no interval to read.
                separated: seen.map(|d| d.ci95.map_or(d.value > 0.0, |(low, _)| low > 0.0)),
                playouts: Some(raced.playouts(i)),
                why: None,
            }
        })
        .collect();
    if choices.len() == 1 {
        notes.push("one legal division".into());
    }
    Ok(Advice {
        game: NAME.to_string(),
        rules,
        policy: Some(spec.as_str().to_string()),
        position: vec![
            ("roll".into(), roll_text(roll).into()),
            ("sheet".into(), sheet_words(sheet).into()),
            ("score".into(), sheet.score().to_string().into()),
        ],
        method: method(spec, net, &raced, run.seed),
        columns: columns(spec, net),
        decision: true,
        rows,
        loss_column: 0,
        notes,
        spent: Some(Spent {
            unit: "play-outs".into(),
            total: raced.total(),
            first: raced.first(),
            most: raced.most(),
            stopped_early: false,
        }),
    })
}

/// Each of `choices` worth under `net` one roll deeper, in their order.
fn worths(net: &ValueNet, sheet: &Sheet, choices: &[Choice]) -> Vec<f64> {
    choices.iter().map(|&c| net.planned(sheet, c)).collect()
}

/// The division the value ranks first one roll deeper: the best the coach names, and the
/// review's best for each roll.
pub(super) fn top(net: &ValueNet, sheet: &Sheet, choices: &[Choice]) -> usize {
    ranked(&worths(net, sheet, choices))[0]
}

/// The divisions' indexes by `worth`, most first; equal worths in the roll's listed order.
fn ranked(worth: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..worth.len()).collect();
    order.sort_by(|&a, &b| worth[b].total_cmp(&worth[a]).then(a.cmp(&b)));
    order
}

/// The note where the play-outs' paired difference `seen` (the value's best less `choice`)
/// leaves out what the value says it loses, `loss`; `None` where they agree.
fn disagreement(choice: Choice, loss: f64, seen: &Value) -> Option<String> {
    let (low, high) = seen.ci95?;
    if (low..=high).contains(&loss) {
        return None;
    }
    Some(format!(
        "the play-outs and the value disagree on {}: the value has it {:.1} below its best, \
         the play-outs {:.1} {} [{:.1}, {:.1}]",
        division(choice),
        loss,
        seen.value.abs(),
        if seen.value >= 0.0 { "below" } else { "above" },
        low,
        high
    ))
}

/// The advice's columns: the value's worth (which ranks), then the play-outs' final score and
/// chance of 500, then what the division scores now.
fn columns(spec: &PolicySpec, net: &ValueNet) -> Vec<Column> {
    vec![
        Column {
            name: "value".into(),
            heading: "learned value".into(),
            meaning: format!(
                "what the learned value expects the game to end with, looking one roll ahead \
                 (exact over the 252 rolls that can come, no noise): the final score plus the {} \
                 points it was trained to seek at {WIN_SCORE}",
                net.bonus()
            ),
            chance: false,
        },
        Column {
            name: "final_score".into(),
            heading: "expected final score".into(),
            meaning: format!(
                "expected final score when {} plays on from the sheet left, by play-outs (95% \
                 interval): the check on the value",
                spec.as_str()
            ),
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

/// How the advice was made: the value one roll deeper, and the play-outs that check it.
fn method(spec: &PolicySpec, net: &ValueNet, raced: &Raced, seed: u64) -> String {
    format!(
        "ranked by the learned value one roll ahead (the score now plus the average over the \
         next roll of its best division's value; no noise, the same on every seed); checked by \
         {} play-outs by {}, {} a division on the same rolls (seed {seed}), counted as the \
         final score plus {} at {WIN_SCORE}, as the value counts: a note names any division \
         where the two disagree beyond the play-outs' 95% interval",
        raced.total(),
        spec.as_str(),
        raced.most(),
        net.bonus(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::thread_pool;

    fn advice(spec: &PolicySpec, net: &ValueNet, seed: u64, n: u64) -> Advice {
        let roll = Roll::new([1, 2, 3, 4, 6]).unwrap();
        advise(
            spec,
            net,
            &roll,
            &Sheet::new(),
            Vec::new(),
            &RunConfig::new(n, seed),
        )
        .unwrap()
    }

    /// The ranking is the value's alone: the same rows in the same order, with the same
    /// values, on every seed; and the play-outs beside them are the same on any threads.
    #[test]
    fn the_ranking_is_the_same_on_every_seed_and_the_check_on_any_threads() {
        let spec: PolicySpec = "best".parse().unwrap();
        let net = ValueNet::shipped().unwrap();
        let ranked = |a: &Advice| -> Vec<(String, f64)> {
            a.rows
                .iter()
                .map(|r| (r.name.clone(), r.values[0].unwrap().value))
                .collect()
        };
        let first = ranked(&advice(&spec, net, 1, 50));
        assert_eq!(first[0].0, "4 + 10, throw away 2");
        for seed in 2..=5 {
            assert_eq!(ranked(&advice(&spec, net, seed, 50)), first, "seed {seed}");
        }
        let on = |threads| {
            thread_pool(Some(threads), None)
                .unwrap()
                .install(|| advice(&spec, net, 7, 200))
        };
        assert_eq!(on(1), on(2));
    }

    /// A value that knows nothing (every weight 0: greedy's value of the sheet, which sees
    /// nothing of the -200 a row below five marks costs at the end) is caught: the play-outs,
    /// by the player on that value, disagree with it in notes, and the first note is on its
    /// level.
    #[test]
    fn a_value_that_knows_nothing_is_caught_by_the_play_outs() {
        let net: &'static ValueNet = Box::leak(Box::new(ValueNet::zero(100.0)));
        let spec = PolicySpec::Learned {
            name: "learned",
            net,
        };
        let a = advice(&spec, net, 1, 400);
        let notes: Vec<String> = a
            .notes
            .iter()
            .map(|n| n.render(&crate::error::Keys))
            .collect();
        assert!(notes.len() > 3, "{notes:?}");
        assert!(notes[0].starts_with("the value has its best"), "{notes:?}");
        assert!(
            notes[1..].iter().all(|n| n.contains("disagree")),
            "{notes:?}"
        );
    }
}
