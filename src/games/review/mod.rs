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

mod ledger;
mod marks;
mod moment;

pub use ledger::{Ledger, ledgers, ledgers_in};
pub use marks::{BANDS, MARKS, POINT_BANDS, POINT_MARKS, band, band_in, mark, point_band};
pub use moment::{Action, Estimate, Event, Moment, Unit};
pub use reviewer::{Kept, RecordKind, Reviewer};

use serde::Serialize;

use crate::engine::{OnProgress, STOPPED};
use crate::error::{Error, Result};

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

/// What a game that a record leaves unfinished expects next: for a scoresheet that follows a
/// game as it is played, so that it asks for the throw the rules give and no other.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Next {
    /// The seat that throws next (0-based).
    pub seat: usize,
    /// The round, in words (`round 6`, `play-off 1`).
    pub round: String,
    /// The throw of the turn (1-based).
    pub throw: u8,
    /// How many dice that throw shows.
    pub dice: u8,
    /// Whether the seat's last throw left a decision still to make (its record's line ends in
    /// `/`): stop, or throw the dice again.
    pub deciding: bool,
    /// That decision's position as `advise`'s keys (`roll`, `dice-shown`, `allowed`, `round`,
    /// `totals`, `scores` or `to-beat`), in order; empty with no decision.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub advise: Vec<(String, String)>,
    /// The ways the decision may go where it is a choice among named moves rather than stop or
    /// throw again (Solitaire Dice's divisions of a roll), each with what a record writes for
    /// it; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<NextChoice>,
    /// The dice this throw shows already, where the rules share them (every seat of Solitaire
    /// Dice divides the round's one roll): none to tap; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<u8>,
    /// The dice of the throw whose `choices` are pending; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shows: Vec<u8>,
}

/// One way a pending decision may go ([`Next::choices`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct NextChoice {
    /// Its name, as the advice names its row (`8 + 11, throw away 1`).
    pub name: String,
    /// The pairs a record writes for it (Solitaire Dice); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<[u8; 2]>,
    /// The dice a record's `keep` lists for it (Sevens under `removal=subsets`); empty
    /// otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keep: Vec<u8>,
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
    /// Whether the record plays the game to its end. A record that stops before (a game
    /// followed as it is played, looked at half way) is reviewed to where it stops, each
    /// player's result then the chance to win there (in a review by points, the expected final
    /// score), and the accounts add up to that.
    pub finished: bool,
    /// Where an unfinished record stops, in words (`after round 5 of 10`); `None` where
    /// finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stops: Option<String>,
    /// What an unfinished record's game expects next (who throws, how many dice, a decision
    /// still to come): what a scoresheet following the game asks for. `None` where finished, or
    /// where the game does not say (7).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<Next>,
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
    /// How its values were found, in the game's words, for the heading of the account `play`
    /// prints after a game ("every decision valued by guesses of the hidden cards"); `None`:
    /// the shared words for its unit, exact or estimated.
    #[serde(skip)]
    pub valued: Option<&'static str>,
}

#[cfg(test)]
mod tests {
    use super::record::At;
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
