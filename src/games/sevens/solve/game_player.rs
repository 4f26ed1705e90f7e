//! The two-player solution's player: a turn played to win from one position of a solved round,
//! deciding exactly as the solver did (the same numbers compared), so simulation and exact
//! values agree. A file beside the solver ([`super::game`]): the player reads the solver's
//! values, the solver never the player.

use super::super::distribution::{TurnDistribution, distribution_by};
use super::super::lookup::Lookup;
use super::super::position::{Phase, Role};
use super::super::rolls::RollOutcomes;
use super::super::rules::{Kept, Rules};
use super::super::win::PlaysTwo;
use super::game::{GameSolution, RoundSolution, TOP};
use super::player::{SAME, TurnPlayer};

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
        self.view(phase, role).play(lookup, &self.outcomes, rolls)
    }

    fn kept_path(&self, lookup: &Lookup, phase: Phase, role: Role, rolls: &[u32]) -> Vec<Kept> {
        let mut path = Vec::new();
        self.view(phase, role)
            .play_with(lookup, &self.outcomes, rolls, &mut |k| path.push(k));
        path
    }

    fn turn_luck(
        &self,
        lookup: &Lookup,
        phase: Phase,
        role: Role,
        rolls: &[u32],
        path: &[Kept],
    ) -> f64 {
        self.view(phase, role)
            .luck(lookup, &self.outcomes, rolls, path)
    }

    fn distribution(&self, phase: Phase, role: Role) -> TurnDistribution {
        let view = self.view(phase, role);
        distribution_by(&self.outcomes, view.allowed, |roll, set| {
            let options = &self.outcomes.sets[usize::from(set)];
            let kept = options[view.choose(roll, options)];
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
    /// The chance to win of keeping `kept` after `roll` and stopping, and of rolling its dice
    /// again and playing to win after (`None` on the last roll or with no dice), for a coach;
    /// `None` where the game is already decided, so every action is worth the same.
    pub fn action_values(&self, roll: u8, kept: Kept) -> Option<(f64, Option<f64>)> {
        self.pos?;
        let again =
            (roll < self.allowed && kept.dice > 0).then(|| self.roll_value(roll + 1, kept.dice));
        Some((self.stop_value(roll, kept), again))
    }
}

impl View<'_> {
    /// The mover's chance to win at the turn's start, before its first throw: the round's
    /// start for its leader; for its follower, its own chance after the leader stopped (in a
    /// zero-sum game the solver keeps the leader's alone, and this is one minus it). 0 where
    /// the game is decided, as every value of the view is.
    fn start_value(&self) -> f64 {
        let Some(pos) = self.pos else { return 0.0 };
        match self.stop {
            Stop::Lead => self.round.start.mover[pos],
            Stop::Follow => {
                let leader = &self.round.lead_stop[usize::from(self.allowed) - 1];
                leader
                    .other
                    .get(pos)
                    .copied()
                    .unwrap_or_else(|| 1.0 - leader.mover[pos])
            }
        }
    }

    /// [`PlaysTwo::turn_luck`] in this position: each throw's value after it (the solution's
    /// choice of what to keep, and its decision to roll on or stop) less the value of the throw
    /// before it, the first throw's the turn's start.
    pub(crate) fn luck(
        &self,
        lookup: &Lookup,
        outcomes: &RollOutcomes,
        rolls: &[u32],
        path: &[Kept],
    ) -> f64 {
        if self.pos.is_none() {
            return 0.0;
        }
        self.luck_from(self.start_value(), lookup, outcomes, rolls, path)
    }

    /// Both players' chances to win of keeping `kept` after `roll` and stopping: the mover's
    /// and the other's (under `tie=playoff`, where the solution keeps the mover's alone, one
    /// minus it), for a review that books what a choice does to each player; `None` where the
    /// game is already decided.
    pub(crate) fn stop_pair(&self, roll: u8, kept: Kept) -> Option<(f64, f64)> {
        let pos = self.pos?;
        let (vals, i) = match self.stop {
            Stop::Lead => {
                let a = self.rules.follower_allowance(roll);
                (
                    &self.round.lead_stop[usize::from(a) - 1],
                    pos + usize::from(kept.sum),
                )
            }
            Stop::Follow => (
                &self.round.follow_stop,
                pos + TOP as usize - usize::from(kept.sum),
            ),
        };
        let mover = vals.mover[i];
        Some((mover, vals.other.get(i).copied().unwrap_or(1.0 - mover)))
    }
}

/// Where the game is decided (no position), every value is 0: nothing is better than anything,
/// so the player keeps the first set and stops at once.
impl TurnPlayer for View<'_> {
    const SAME: f64 = SAME;

    #[inline(always)]
    fn allowed(&self) -> u8 {
        self.allowed
    }

    #[inline(always)]
    fn stop_value(&self, roll: u8, kept: Kept) -> f64 {
        let Some(pos) = self.pos else { return 0.0 };
        match self.stop {
            Stop::Lead => {
                let a = self.rules.follower_allowance(roll);
                self.round.lead_stop[usize::from(a) - 1].mover[pos + usize::from(kept.sum)]
            }
            Stop::Follow => {
                self.round.follow_stop.mover[pos + TOP as usize - usize::from(kept.sum)]
            }
        }
    }

    #[inline(always)]
    fn roll_value(&self, roll: u8, dice: u8) -> f64 {
        let Some(pos) = self.pos else { return 0.0 };
        let values = match self.stop {
            Stop::Lead => &self.round.lead_roll,
            Stop::Follow => &self.round.follow_roll[usize::from(self.allowed) - 1],
        };
        values[usize::from(roll)][usize::from(dice)][pos]
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::rules::Removal;
    use super::super::player::checks::check_mean_zero;
    use super::*;
    use crate::games::options::Tie;

    /// A throw's luck has mean exactly 0, whoever plays: at every roll of every position tried
    /// (leading and following, every allowance, regular rounds and the play-off, ties played
    /// off or shared, pairs or subsets removed), the value before the throw is the average over
    /// its outcomes of the value after it, to rounding.
    #[test]
    fn the_value_before_a_throw_is_the_average_of_the_values_after_it() {
        for (removal, tie) in [
            (Removal::Pairs, Tie::Playoff),
            (Removal::Pairs, Tie::Shared),
            (Removal::Subsets, Tie::Playoff),
        ] {
            let outcomes = RollOutcomes::new(removal);
            let rules = Rules {
                removal,
                tie,
                rounds: 3,
                ..Rules::default()
            };
            let game = GameSolution::solve(&outcomes, &rules).unwrap();
            let mut phases = vec![Phase::Round(0), Phase::Round(2)];
            if tie == Tie::Playoff {
                phases.push(Phase::Playoff);
            }
            for phase in phases {
                let mut roles: Vec<Role> = [-9, 0, 4].map(|x| Role::Lead { x }).to_vec();
                for allowed in 1..=rules.max_rolls {
                    roles.extend([-6, 0, 11].map(|z| Role::Follow { allowed, z }));
                }
                for role in roles {
                    let view = game.view(phase, role);
                    check_mean_zero(
                        &outcomes,
                        &view,
                        (view.start_value(), &[1, 2, 3, 4, 5, 6]),
                        &format!("{removal:?} {tie:?} {phase:?} {role:?}"),
                    );
                }
            }
        }
    }
}
