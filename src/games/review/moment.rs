//! What a review is made of: every throw and decision of a game (`Moment`, `Event`), each
//! action's worth (`Action`, with `Estimate` where play-outs value it), and the scale of the
//! values (`Unit`).

use serde::Serialize;

use crate::games::advice::Value;
use crate::games::why::{Beat, Held, Parts};

use super::marks::{MARKS, POINT_MARKS, mark, reached};
use super::record::At;

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
