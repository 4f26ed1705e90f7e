//! `dicelab review`: a whole game rated, decision by decision and throw by throw, in each
//! player's chance to win the game.
//!
//! A game replays its record ([`record`]) against its rules and values every moment with best
//! play from there on (Sevens: the whole-game solution `win` plays by). What a moment does to a
//! player's chance is then booked once, to one account:
//!
//! - a throw moves every player's chance from what was expected before it (the mean over every
//!   way it could fall) to what it is after: that difference is each player's **luck**;
//! - a decision moves the mover's chance from the best action's to the chosen one's: the mover's
//!   **cost** (0 for the best); what the same choice does to each other player's chance is that
//!   player's **gift** (a gift can be negative).
//!
//! Each moment starts where the one before it ended, so for every player the accounts add up:
//! **start + luck − cost + gifts = result**, to rounding, with no term left over. That is what
//! the estimates of luck in other games' tools lack (GNU Backgammon's net luck of a perfect
//! player is not 0): here a player who always plays best has cost 0, exactly, and its chance
//! moves only by luck and the others' choices.

//!
//! Solitaire Dice has no exact values: its review (`unit` [`Unit::Points`]) values each
//! position by play-outs, as `advise` does, in expected final score, each estimate with its
//! interval ([`Estimate`]). Its accounts are booked the same way, so they add up, but only
//! because each throw's luck is measured from the estimate the move before it left: every term
//! is an estimate, a decision is marked only where its loss's interval lies above 0, and the
//! review says so ([`GameReview::estimated`]).
//!
//! The card game 7 has no exact values either: its review is in the chance to win the game,
//! each decision valued by the coach's guesses of the hidden cards from the mover's seat, and
//! booked the same way (the mover's value only, so no gifts; luck is what happened between a
//! seat's decisions, the others' plays and every draw).

pub mod record;
mod record_read;
mod record_write;
mod reviewer;

pub use reviewer::{Kept, RecordKind, Reviewer};

use serde::Serialize;

use crate::engine::{OnProgress, STOPPED};
use crate::error::{Error, Result};

use crate::games::advice::Value;
use crate::games::why::{Beat, Held, Parts};
use record::At;

/// How a game's record is gone through: valued moment by moment, or only checked against its
/// rules (what the review would refuse, refused in a moment, so that a file's every game is
/// checked before any is valued); and between moments, whether whoever asked still wants it
/// (a person's Ctrl-C, a server's client gone or its time spent).
#[derive(Clone, Copy, Debug)]
pub struct Pass<'a> {
    /// Whether positions are valued: `false` checks the record alone.
    pub valuing: bool,
    /// Asked between moments whether to stop.
    pub progress: &'a OnProgress,
}

impl Pass<'static> {
    /// Every moment valued, with nothing to stop it.
    pub const VALUE: Pass<'static> = Pass {
        valuing: true,
        progress: &OnProgress::NONE,
    };

    /// The record checked, nothing valued.
    pub const CHECK: Pass<'static> = Pass {
        valuing: false,
        progress: &OnProgress::NONE,
    };
}

impl Pass<'_> {
    /// Whether to go on: an error once a stop is asked for, so the review ends between two
    /// moments with nothing of the game under way shown (the games done before it are).
    pub fn go_on(&self) -> Result<()> {
        if self.progress.stopped() {
            Err(Error::input(STOPPED))
        } else {
            Ok(())
        }
    }
}

/// The error of a game's review, which checking alone gives the same (a file's first pass
/// values nothing, and must refuse all that the valuing would): for the games' tests of their
/// refusals.
#[cfg(test)]
pub(crate) fn refused_alike(review: &mut dyn FnMut(Pass) -> Result<GameReview>) -> String {
    let valued = review(Pass::VALUE).unwrap_err().to_string();
    let checked = review(Pass::CHECK).unwrap_err().to_string();
    assert_eq!(checked, valued, "checking refuses what valuing refuses");
    valued
}

/// What a review's values measure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Each player's chance to win the game (a fraction), exact.
    #[default]
    Chance,
    /// The mover's expected final score, in points, estimated by play-outs.
    Points,
}

/// The loss in expected final score (points) at which an estimated decision is marked `?!`, `?`
/// and `??`, where its interval lies above 0: ten points, twenty-five, sixty (docs/review.md).
pub const POINT_MARKS: [(f64, &str); 3] = [(60.0, "??"), (25.0, "?"), (10.0, "?!")];

/// The named bands of a player's mean loss per decision in points, each from its lower end:
/// set on the built-in Solitaire Dice players' figures in 20 games on the same rolls
/// (docs/review.md): `best` 4.5 points expert, `lookahead` 6.0 and `heuristic` 13.8 strong,
/// `greedy` 49 casual, `random` 82 erratic.
pub const POINT_BANDS: [(f64, &str); 4] = [
    (60.0, "erratic"),
    (20.0, "casual"),
    (5.0, "strong"),
    (0.0, "expert"),
];

/// The band of a mean loss per decision of `loss` points.
pub fn point_band(loss: f64) -> &'static str {
    reached(&POINT_BANDS, loss).unwrap_or("expert")
}

/// The name of the first step of `steps` (highest first) that `loss` reaches, allowing for a
/// rounding's last bits.
fn reached(steps: &[(f64, &'static str)], loss: f64) -> Option<&'static str> {
    steps
        .iter()
        .find(|(at, _)| loss >= *at - 1e-12 * at.abs().max(1.0))
        .map(|(_, name)| *name)
}

/// What play-outs said of one action, where the values are estimated.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The expected final score after it, with its 95% interval (the action's own play-outs).
    pub final_score: Value,
    /// The chance of a winning final score after it, with its interval.
    pub p_win: Value,
    /// What it scores now, exactly (in 7, the chips this round is expected to pay, estimated).
    pub now: f64,
    /// The play-outs its estimates rest on.
    pub playouts: u64,
}

/// The loss in chance to win (a fraction) at which a decision is marked `?!`, `?` and `??`:
/// half a percentage point, two, five. docs/review.md explains them.
pub const MARKS: [(f64, &str); 3] = [(0.05, "??"), (0.02, "?"), (0.005, "?!")];

/// The named bands of a player's mean loss per decision (a fraction of the chance to win), each
/// from its lower end: set on the built-in policies' figures against `win` in two-player Sevens
/// (docs/review.md): `win` 0 and `optimal` 0.05 pp are expert, `rolls:1` 0.6 pp strong,
/// `threshold:15,10` 1.5 pp casual, `random` 2.9 pp erratic.
pub const BANDS: [(f64, &str); 4] = [
    (0.02, "erratic"),
    (0.01, "casual"),
    (0.001, "strong"),
    (0.0, "expert"),
];

/// The band of a mean loss per decision of `loss` on a game's own `bands` (each from its lower
/// end, highest first; a game whose estimates differ in scale from Sevens' sets its own).
pub fn band_in(bands: &[(f64, &'static str)], loss: f64) -> &'static str {
    reached(bands, loss).unwrap_or("expert")
}

/// The band of a mean loss per decision of `loss`.
pub fn band(loss: f64) -> &'static str {
    reached(&BANDS, loss).unwrap_or("expert")
}

/// The mark of a decision that lost `loss` of the chance to win, if any.
pub fn mark(loss: f64) -> Option<&'static str> {
    reached(&MARKS, loss)
}

/// The marks from which a decision is put to a player again by `review --drill`: `?` and `??`.
pub const DRILLED: [&str; 2] = ["?", "??"];

/// A decision to drill: the throw that led to it and the decision, by index into the game's
/// moments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drill {
    /// The throw before the decision.
    pub throw: usize,
    /// The decision.
    pub decision: usize,
}

impl GameReview {
    /// The review with only the moments its drills put again (each marked decision and the
    /// throw it followed), in order: what `review --drill` keeps of a game, so a file of many
    /// games is drilled in the memory of its marked decisions. Its [`drills`](Self::drills) are
    /// the same decisions.
    pub fn drills_only(mut self) -> GameReview {
        let keep: std::collections::BTreeSet<usize> = self
            .drills()
            .iter()
            .flat_map(|d| [d.throw, d.decision])
            .collect();
        let mut index = 0;
        self.moments.retain(|_| {
            index += 1;
            keep.contains(&(index - 1))
        });
        self
    }

    /// The decisions marked `?` or `??` ([`DRILLED`]), in the game's order, each with the throw
    /// it followed.
    pub fn drills(&self) -> Vec<Drill> {
        let mut last_throw = 0;
        let mut out = Vec::new();
        for (i, m) in self.moments.iter().enumerate() {
            match m.event {
                Event::Throw { .. } => last_throw = i,
                Event::Decision { .. } => {
                    if m.mark().is_some_and(|t| DRILLED.contains(&t)) {
                        out.push(Drill {
                            throw: last_throw,
                            decision: i,
                        });
                    }
                }
            }
        }
        out
    }
}

/// One action of a decision and what it is worth.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Action {
    /// The action in words (`stop with 17`, `roll 4 dice again`).
    pub name: String,
    /// Each seat's chance to win the game after it, best play from there on (empty in a review
    /// by points, [`Unit::Points`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chances: Vec<f64>,
    /// The mover's expected score this turn after it, the same play; in a review by points,
    /// the expected final score, as the best action's estimate less this one's paired loss.
    pub points: f64,
    /// In a review estimated in the chance to win (7), the mover's chance to win the game after
    /// it: the best action's estimate less this one's paired loss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    /// The mover's chance of scoring 0 this turn after it, the same play (Sevens).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zero: Option<f64>,
    /// What play-outs said of it, where the values are estimated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<Estimate>,
    /// A follower's chance to beat the round's best so far, playing for it after.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beat: Option<Beat>,
    /// A round's first player's chance to see its score beaten by a follower.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub held: Option<Held>,
}

impl Action {
    /// Its parts as the mover `seat` sees them, for the sentence that compares two actions.
    pub fn parts(&self, seat: usize) -> Parts<'_> {
        Parts {
            name: &self.name,
            win: self.chances.get(seat).copied(),
            points: self.points,
            zero: self.zero.unwrap_or(0.0),
            beat: self.beat,
            held: self.held,
        }
    }
}

/// What happened at one moment.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// Dice thrown.
    Throw {
        /// The faces shown.
        dice: Vec<u8>,
        /// What the throw left, in words (`removed 3+4; kept 6 5 = 11`).
        left: String,
        /// Each seat's chance before the throw: the mean over every way it could fall.
        before: Vec<f64>,
        /// Each seat's chance after it.
        after: Vec<f64>,
    },
    /// A choice among two or more actions.
    Decision {
        /// The actions, in the order the game lists them.
        actions: Vec<Action>,
        /// The one chosen.
        chosen: usize,
        /// The best for the mover (the first of equal ones, as the solution plays; where
        /// estimated, the best estimate).
        best: usize,
        /// Where estimated, the 95% interval of what the choice lost against the best, a paired
        /// difference on the same play-outs.
        #[serde(skip_serializing_if = "Option::is_none")]
        loss_ci95: Option<(f64, f64)>,
    },
}

/// One moment of a game, with where it stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Moment {
    /// The round, in words (`round 3`, `play-off 1`).
    pub round: String,
    /// The seat whose turn it is (0-based).
    pub seat: usize,
    /// The throw of the turn it belongs to (1-based).
    pub throw: u8,
    /// The position before it, in words (`Ann leads 23-19, Bob to beat 12 in 2 rolls`).
    pub position: String,
    /// What happened.
    pub event: Event,
    /// Where the record has it.
    #[serde(skip)]
    pub at: At,
}

impl Moment {
    /// Why the best action beats the one chosen, in one sentence written from their parts (the
    /// chance to win, the expected score, the chance of scoring 0; where estimated, the final
    /// scores and what each scores now): `None` for a throw, where the best was chosen, or
    /// where an estimate cannot tell the choice from the best.
    pub fn why(&self) -> Option<String> {
        let Event::Decision {
            actions,
            chosen,
            best,
            loss_ci95,
        } = &self.event
        else {
            return None;
        };
        // The best, or an action worth as much to the mover, needs no reason.
        if self.loss().is_none_or(|(loss, _)| loss.abs() <= 1e-12) {
            return None;
        }
        let (b, c) = (&actions[*best], &actions[*chosen]);
        if let (Some(be), Some(ce), Some(bw), Some(cw)) = (b.estimate, c.estimate, b.win, c.win) {
            let (low, high) = (*loss_ci95)?;
            return (low > 0.0).then(|| {
                crate::games::why::estimated_chance(
                    (&b.name, bw, be.now, be.final_score.value),
                    (&c.name, cw, ce.now, ce.final_score.value),
                    (low, high),
                )
            });
        }
        if let (Some(be), Some(ce)) = (b.estimate, c.estimate) {
            let (low, high) = (*loss_ci95)?;
            return (low > 0.0).then(|| {
                crate::games::why::estimated(
                    (&b.name, be.now, b.points),
                    (&c.name, ce.now, c.points),
                    (low, high),
                )
            });
        }
        Some(crate::games::why::reason(
            &b.parts(self.seat),
            &c.parts(self.seat),
        ))
    }

    /// What a decision cost its mover, on the review's scale (the chance to win, or in a
    /// review by points the expected final score) and in expected points; `None` for a throw.
    pub fn loss(&self) -> Option<(f64, f64)> {
        match &self.event {
            Event::Decision {
                actions,
                chosen,
                best,
                ..
            } => {
                let (b, c) = (&actions[*best], &actions[*chosen]);
                let points = b.points - c.points;
                Some(match (b.chances.get(self.seat), c.chances.get(self.seat)) {
                    (Some(bw), Some(cw)) => (bw - cw, points),
                    _ => match (b.win, c.win) {
                        (Some(bw), Some(cw)) => (bw - cw, points),
                        _ => (points, points),
                    },
                })
            }
            Event::Throw { .. } => None,
        }
    }

    /// A decision's mark by what it lost ([`MARKS`] on the chance to win; where estimated,
    /// [`POINT_MARKS`], and only where the loss's interval lies above 0); `None` for a throw.
    pub fn mark(&self) -> Option<&'static str> {
        let (loss, _) = self.loss()?;
        match &self.event {
            Event::Decision {
                loss_ci95: Some((low, _)),
                actions,
                ..
            } => {
                // An estimate in the chance to win (7) is marked as an exact one is.
                let marks = if actions.iter().any(|a| a.win.is_some()) {
                    &MARKS
                } else {
                    &POINT_MARKS
                };
                (*low > 0.0).then(|| reached(marks, loss)).flatten()
            }
            _ => mark(loss),
        }
    }
}

/// One player's accounts over a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ledger {
    /// The seat as the review names it.
    pub name: String,
    /// The chance to win before the first throw.
    pub start: f64,
    /// What the throws did to it, all of them (the player's own and the others').
    pub luck: f64,
    /// What the player's own decisions gave up against the best.
    pub cost: f64,
    /// Where estimated, the 95% interval of the cost (the decisions' paired losses, their
    /// variances added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost_ci95: Option<(f64, f64)>,
    /// What the others' decisions did to it.
    pub gifts: f64,
    /// How the game ended for the player: 1 won, 0 lost (under a shared tie each sharer wins);
    /// in a review by points, the final score.
    pub result: f64,
    /// start + luck - cost + gifts - result: 0 but for rounding.
    pub residual: f64,
    /// The player's decisions that had a choice.
    pub decisions: usize,
    /// Its mean loss in chance to win per such decision (`None` with none).
    pub mean_loss: Option<f64>,
    /// The band of that figure ([`BANDS`]; `None` with no decision).
    pub band: Option<&'static str>,
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReview {
    /// The game's name.
    pub game: String,
    /// Every rule option as `key=value`.
    pub rules: Vec<String>,
    /// The seats as the review names them.
    pub seats: Vec<String>,
    /// How the values were found, in words.
    pub method: String,
    /// What the values measure: the chance to win, or expected points.
    pub unit: Unit,
    /// Where the values are estimates, what that means for the accounts, in words; `None`
    /// where they are exact.
    pub estimated: Option<String>,
    /// Every throw and decision, in order.
    pub moments: Vec<Moment>,
    /// Each seat's accounts.
    pub players: Vec<Ledger>,
    /// How its game's record writes a turn: its moments are throws of dice or plays of cards.
    #[serde(skip)]
    pub kind: RecordKind,
    /// What this kind of review's values and marks mean, where its game says it in its own
    /// words (7's estimated review): said once, after the games of a text.
    #[serde(skip)]
    pub legend: Option<&'static str>,
}

/// Each player's accounts, from every seat's chance at the start, the moments and the result.
pub fn ledgers(names: &[String], start: &[f64], moments: &[Moment], result: &[f64]) -> Vec<Ledger> {
    ledgers_in(Unit::Chance, names, start, moments, result)
}

/// Each player's accounts on the scale `unit`: in chance to win as [`ledgers`], or in points.
/// An estimated decision (one with a loss interval: Solitaire Dice's, 7's) moves only its
/// mover's value (no gifts), and the cost carries the interval of its estimated losses.
pub fn ledgers_in(
    unit: Unit,
    names: &[String],
    start: &[f64],
    moments: &[Moment],
    result: &[f64],
) -> Vec<Ledger> {
    let n = names.len();
    // A review by points whose decisions are estimated gives every player's cost an interval,
    // one of no decisions too; an exact one (a coin race in flips) gives none.
    let estimated = unit == Unit::Points
        && moments.iter().any(|m| {
            matches!(
                m.event,
                Event::Decision {
                    loss_ci95: Some(_),
                    ..
                }
            )
        });
    let (mut luck, mut cost, mut gifts) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut variance = vec![0.0; n];
    let mut decisions = vec![0usize; n];
    for m in moments {
        match &m.event {
            Event::Throw { before, after, .. } => {
                for p in 0..n {
                    luck[p] += after[p] - before[p];
                }
            }
            Event::Decision {
                actions,
                chosen,
                best,
                loss_ci95,
            } => {
                decisions[m.seat] += 1;
                if loss_ci95.is_some() {
                    cost[m.seat] += m.loss().map_or(0.0, |(l, _)| l);
                    if let Some((low, high)) = loss_ci95 {
                        let se = (high - low) / 2.0 / crate::stats::estimate::z95();
                        variance[m.seat] += se * se;
                    }
                    continue;
                }
                let (b, c) = (&actions[*best].chances, &actions[*chosen].chances);
                for p in 0..n {
                    if p == m.seat {
                        cost[p] += b[p] - c[p];
                    } else {
                        gifts[p] += c[p] - b[p];
                    }
                }
            }
        }
    }
    (0..n)
        .map(|p| {
            let mean_loss = (decisions[p] > 0).then(|| cost[p] / decisions[p] as f64);
            Ledger {
                name: names[p].clone(),
                start: start[p],
                luck: luck[p],
                cost: cost[p],
                cost_ci95: (estimated || variance[p] > 0.0).then(|| {
                    let half = crate::stats::estimate::z95() * variance[p].sqrt();
                    (cost[p] - half, cost[p] + half)
                }),
                gifts: gifts[p],
                result: result[p],
                residual: start[p] + luck[p] - cost[p] + gifts[p] - result[p],
                decisions: decisions[p],
                mean_loss,
                band: mean_loss.map(|l| match unit {
                    Unit::Chance => band(l),
                    Unit::Points => point_band(l),
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn throw(before: [f64; 2], after: [f64; 2]) -> Moment {
        Moment {
            round: "round 1".into(),
            seat: 0,
            throw: 1,
            position: String::new(),
            event: Event::Throw {
                dice: vec![1],
                left: String::new(),
                before: before.to_vec(),
                after: after.to_vec(),
            },
            at: At::default(),
        }
    }

    #[test]
    fn luck_cost_and_gifts_add_up_from_the_start_to_the_result() {
        let action = |name: &str, chances: [f64; 2]| Action {
            name: name.into(),
            chances: chances.to_vec(),
            points: 0.0,
            win: None,
            zero: Some(0.0),
            estimate: None,
            beat: None,
            held: None,
        };
        let decision = Moment {
            event: Event::Decision {
                actions: vec![action("stop", [0.7, 0.3]), action("roll", [0.6, 0.4])],
                chosen: 1,
                best: 0,
                loss_ci95: None,
            },
            ..throw([0.0; 2], [0.0; 2])
        };
        let moments = [
            throw([0.5, 0.5], [0.7, 0.3]),
            decision,
            throw([0.6, 0.4], [0.0, 1.0]),
        ];
        let names = ["a".to_string(), "b".to_string()];
        let l = ledgers(&names, &[0.5, 0.5], &moments, &[0.0, 1.0]);
        assert!((l[0].cost - 0.1).abs() < 1e-12 && (l[1].gifts - 0.1).abs() < 1e-12);
        assert!((l[0].luck - (0.2 - 0.6)).abs() < 1e-12);
        for p in &l {
            assert!(p.residual.abs() < 1e-12, "{p:?}");
        }
        assert_eq!(l[0].decisions, 1);
        assert_eq!(l[1].mean_loss, None);
    }

    /// A decision between stopping and rolling, `chosen` taken.
    fn stop_or_roll(stop: (f64, f64, f64), roll: (f64, f64, f64), chosen: usize) -> Moment {
        let action = |name: &str, (win, points, zero): (f64, f64, f64)| Action {
            name: name.into(),
            chances: vec![win, 1.0 - win],
            points,
            win: None,
            zero: Some(zero),
            estimate: None,
            beat: None,
            held: None,
        };
        let best = if roll.0 > stop.0 { 1 } else { 0 };
        Moment {
            event: Event::Decision {
                actions: vec![action("stop", stop), action("roll", roll)],
                chosen,
                best,
                loss_ci95: None,
            },
            ..throw([0.0; 2], [0.0; 2])
        }
    }

    #[test]
    fn why_names_the_parts_that_decide_between_the_best_and_the_choice() {
        // Rolling expects more and risks a 0, and wins more: the points are worth the risk.
        let m = stop_or_roll((0.48, 2.0, 0.0), (0.537, 6.34, 0.306), 0);
        assert_eq!(
            m.why().unwrap(),
            "roll wins 53.7% of games, stop 48.0%: roll expects more points (6.34 against \
             2.00), worth its 30.6% chance of scoring 0"
        );
        // Rolling expects more, yet stopping wins more: the safer turn is worth more.
        let m = stop_or_roll((0.8, 10.0, 0.0), (0.75, 12.1, 0.2), 1);
        assert_eq!(
            m.why().unwrap(),
            "stop wins 80.0% of games, roll 75.0%: roll expects more points this turn (12.10 \
             against 10.00, scoring 0 in 20.0% of turns), yet in this game's position the \
             safer turn is worth more than the points"
        );
        // The best chosen needs no reason.
        assert_eq!(
            stop_or_roll((0.8, 10.0, 0.0), (0.75, 12.1, 0.2), 0).why(),
            None
        );
    }

    #[test]
    fn a_mean_loss_falls_in_the_documented_band() {
        assert_eq!(band(0.0), "expert");
        assert_eq!(band(0.00047), "expert");
        assert_eq!(band(0.001), "strong");
        assert_eq!(band(0.00614), "strong");
        assert_eq!(band(0.01453), "casual");
        assert_eq!(band(0.02854), "erratic");
    }

    #[test]
    fn a_loss_is_marked_at_the_documented_thresholds() {
        assert_eq!(mark(0.0), None);
        assert_eq!(mark(0.004), None);
        assert_eq!(mark(0.005), Some("?!"));
        assert_eq!(mark(0.03), Some("?"));
        assert_eq!(mark(0.2), Some("??"));
    }
}
