//! The two-player solution's player: a turn played to win from one position of a solved round,
//! deciding exactly as the solver did (the same numbers compared), so simulation and exact
//! values agree. A file beside the solver ([`super::game`]): the player reads the solver's
//! values, the solver never the player.

use super::distribution::{TurnDistribution, distribution_by};
use super::game::{GameSolution, RoundSolution, TOP, better};
use super::lookup::Lookup;
use super::position::{Phase, Role};
use super::rolls::RollOutcomes;
use super::rules::{Kept, Rules};
use super::win::PlaysTwo;

impl RoundSolution {
    /// The decisions of a player to win this round under `rules`, in a position.
    pub(super) fn view<'a>(&'a self, rules: &'a Rules, role: Role) -> View<'a> {
        let span = self.span;
        let (allowed, pos, stop) = match role {
            Role::Lead { x } => (
                rules.max_rolls,
                (x.abs() <= span).then(|| (x + span) as usize),
                Stop::Lead,
            ),
            Role::Follow { allowed, z } => (
                allowed,
                (-span..=span + TOP)
                    .contains(&z)
                    .then(|| (z + span) as usize),
                Stop::Follow,
            ),
        };
        View {
            rules,
            round: self,
            allowed,
            pos,
            stop,
        }
    }
}

impl GameSolution {
    /// The decisions of a player to win in a position.
    pub(crate) fn view(&self, phase: Phase, role: Role) -> View<'_> {
        self.round(phase).view(&self.rules, role)
    }
}

/// The players to win and the exact odds of a game reach the solution through [`PlaysTwo`].
impl PlaysTwo for GameSolution {
    #[inline]
    fn play_turn(&self, lookup: &Lookup, phase: Phase, role: Role, rolls: &[u32]) -> (u8, u8) {
        play_view(&self.view(phase, role), lookup, &self.outcomes, rolls)
    }

    fn distribution(&self, phase: Phase, role: Role) -> TurnDistribution {
        let view = self.view(phase, role);
        distribution_by(&self.outcomes, view.allowed, |roll, set| {
            let kept = view.choose(roll, &self.outcomes.sets[usize::from(set)]);
            (
                kept,
                if view.rolls_again(roll, kept) {
                    1.0
                } else {
                    0.0
                },
            )
        })
    }
}

/// Which stopping values a turn compares with.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Lead,
    Follow,
}

/// A player to win in one position: what it keeps and whether it rolls again, exactly as the
/// solution decided (the same numbers compared), so simulation and exact values agree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<'a> {
    rules: &'a Rules,
    round: &'a RoundSolution,
    /// Rolls the turn may use.
    pub allowed: u8,
    /// The position's index in the round's values; `None` where the game is decided (or out of
    /// reach), where every play is worth the same and the player stops at once.
    pos: Option<usize>,
    stop: Stop,
}

impl View<'_> {
    fn stop_value(&self, pos: usize, roll: u8, sum: u8) -> f64 {
        match self.stop {
            Stop::Lead => {
                let a = self.rules.follower_allowance(roll);
                self.round.lead_stop[usize::from(a) - 1].mover[pos + usize::from(sum)]
            }
            Stop::Follow => self.round.follow_stop.mover[pos + TOP as usize - usize::from(sum)],
        }
    }

    fn roll_value(&self, pos: usize, roll: u8, dice: u8) -> f64 {
        let values = match self.stop {
            Stop::Lead => &self.round.lead_roll,
            Stop::Follow => &self.round.follow_roll[usize::from(self.allowed) - 1],
        };
        values[usize::from(roll)][usize::from(dice)][pos]
    }

    /// The value of keeping `kept` after `roll` and playing best from there.
    pub fn value(&self, roll: u8, kept: Kept) -> f64 {
        let Some(pos) = self.pos else { return 0.0 };
        let stop = self.stop_value(pos, roll, kept.sum);
        if roll < self.allowed && kept.dice > 0 {
            let again = self.roll_value(pos, roll + 1, kept.dice);
            if better(again, stop) {
                return again;
            }
        }
        stop
    }

    /// The chance to win of keeping `kept` after `roll` and stopping, and of rolling its dice
    /// again and playing to win after (`None` on the last roll or with no dice), for a coach;
    /// `None` where the game is already decided, so every action is worth the same.
    pub fn action_values(&self, roll: u8, kept: Kept) -> Option<(f64, Option<f64>)> {
        let pos = self.pos?;
        let again = (roll < self.allowed && kept.dice > 0)
            .then(|| self.roll_value(pos, roll + 1, kept.dice));
        Some((self.stop_value(pos, roll, kept.sum), again))
    }

    /// The kept set chosen among `options` after `roll`: the first of the best.
    pub fn choose(&self, roll: u8, options: &[Kept]) -> Kept {
        if options.len() == 1 || self.pos.is_none() {
            return options[0];
        }
        let mut best = options[0];
        let mut best_value = self.value(roll, best);
        for &k in &options[1..] {
            let v = self.value(roll, k);
            if better(v, best_value) {
                (best, best_value) = (k, v);
            }
        }
        best
    }

    /// Whether to roll `kept` again after `roll` (never on the last roll or with no dice, and
    /// never where rolling is worth no more than stopping).
    pub fn rolls_again(&self, roll: u8, kept: Kept) -> bool {
        let Some(pos) = self.pos else { return false };
        roll < self.allowed
            && kept.dice > 0
            && better(
                self.roll_value(pos, roll + 1, kept.dice),
                self.stop_value(pos, roll, kept.sum),
            )
    }
}

/// Plays one turn as `view` decides on pre-drawn `rolls`: (score, rolls used).
#[inline]
pub(super) fn play_view(
    view: &View<'_>,
    lookup: &Lookup,
    outcomes: &RollOutcomes,
    rolls: &[u32],
) -> (u8, u8) {
    let mut dice = lookup.start();
    for roll in 1..=view.allowed {
        let set = lookup.list(dice, rolls[usize::from(roll) - 1]);
        let kept = view.choose(roll, &outcomes.sets[set]);
        if !view.rolls_again(roll, kept) {
            return (kept.sum, roll);
        }
        dice = kept.dice;
    }
    unreachable!("the last roll always stops")
}
