//! What the whole-game solution says a stop is worth to every seat, read for a review: the
//! solutions kept while a file's rules stay the same, and each seat's chance after a stop in a
//! game of two or of three. Kept apart from the replay ([`super::review`]), which checks the
//! record against the rules and books what each moment did; this is the one place a review
//! reads values.

use std::sync::Arc;

use super::super::position::{Phase, Role, Stage, Turn};
use super::super::rules::{Kept, Rules};
use super::super::solve::game::SharedGame;
use super::super::solve::game3::{Game3, SharedGame3};
use super::super::solve::solutions::Solutions;

/// The solutions a file's games are valued with, kept while the rules stay the same: the
/// three-player game takes about a second to solve, and a file holds many games. They are the
/// process's shared solutions of the rule set ([`Solutions::lately`]), so a server solves a
/// rule set once for its coach, its games and its reviews, whoever asks.
#[derive(Default)]
pub struct Solved {
    solutions: Option<Arc<Solutions>>,
}

impl Solved {
    pub(super) fn for_rules(&mut self, rules: Rules, players: u32) -> &Solutions {
        let stale = self
            .solutions
            .as_ref()
            .is_none_or(|s| s.rules != rules || s.players != players);
        if stale {
            self.solutions = Some(Solutions::lately(rules, players));
        }
        self.solutions.as_ref().expect("just set")
    }
}

/// The whole-game solution a replay reads its values from.
pub(super) enum Solution {
    Two(SharedGame),
    Three(SharedGame3),
}

/// Where a turn stands in the game: the round, the order, the mover's place and allowance.
pub(super) struct Spot<'a> {
    pub(super) phase: Phase,
    pub(super) order: &'a [usize],
    pub(super) first: usize,
    pub(super) i: usize,
    pub(super) allowed: u8,
}

/// Where the game stands at a turn: the turn's spot, every seat's total and this round's
/// scores of the seats that have played it.
pub(super) struct Standing<'a> {
    pub(super) spot: &'a Spot<'a>,
    pub(super) totals: &'a [i32],
    pub(super) round_scores: &'a [u8],
}

/// Every seat's chance of stopping with `kept` after `roll`, for the turn `at`, as `solution`
/// values it (every value 0 where the record is only checked).
pub(super) fn stop_values(
    solution: Option<&Solution>,
    at: &Standing,
    roll: u8,
    kept: Kept,
) -> Vec<f64> {
    let (spot, totals) = (at.spot, at.totals);
    let n = totals.len();
    let seat = spot.order[spot.i];
    let mut out = vec![0.0; n];
    let game = match solution {
        Some(Solution::Two(game)) => game,
        Some(Solution::Three(game)) => return stop_values3(game, at, roll, kept),
        None => return out,
    };
    let other = 1 - seat;
    let me = totals[seat];
    let role = if spot.i == 0 {
        Role::Lead {
            x: me - totals[other],
        }
    } else {
        Role::Follow {
            allowed: spot.allowed,
            z: totals[other] - me,
        }
    };
    let view = game.view(spot.phase, role);
    let (mine, theirs) = view.stop_pair(roll, kept).unwrap_or_else(|| {
        // A game already decided: the lead decides it whatever is done.
        let ahead = match role {
            Role::Lead { x } => x > 0,
            Role::Follow { z, .. } => z < 0,
        };
        if ahead { (1.0, 0.0) } else { (0.0, 1.0) }
    });
    out[seat] = mine;
    out[other] = theirs;
    out
}

/// [`stop_values`] in a game of three.
fn stop_values3(game: &Game3, at: &Standing, roll: u8, kept: Kept) -> Vec<f64> {
    let (spot, totals) = (at.spot, at.totals);
    let mut out = vec![0.0; totals.len()];
    let stage = match (spot.phase, spot.order.len()) {
        (Phase::Round(k), _) => Stage::Round(k),
        (Phase::Playoff, 3) => Stage::Playoff,
        (Phase::Playoff, _) => Stage::Duel {
            pair: [spot.order[0], spot.order[1]],
            first: spot.first,
        },
    };
    let (mut start, mut scores) = ([0i32; 3], [0u8; 3]);
    for (j, &s) in spot.order.iter().enumerate().take(3) {
        let played = if j < spot.i { at.round_scores[s] } else { 0 };
        scores[j] = played;
        start[j] = totals[s] - i32::from(played);
    }
    let turn = Turn {
        position: spot.i,
        allowed: spot.allowed,
        start,
        scores,
    };
    let values = game.stop_all(stage, turn, roll, kept).unwrap_or_else(|| {
        // A play-off of two already decided: the one ahead has won.
        let mut v = [0.0; 3];
        let (a, b) = (spot.order[0], spot.order[1]);
        let lead = totals[a] - totals[b];
        v[if lead > 0 { 0 } else { 1 }] = 1.0;
        v
    });
    for (j, &s) in spot.order.iter().enumerate() {
        out[s] = values[j];
    }
    out
}
