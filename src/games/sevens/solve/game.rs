//! Sevens as a whole game of two players, solved exactly for the chance to win.
//!
//! At a round's start the state is (round, score difference, who leads); inside a round the
//! leader's turn, then the follower's, who knows the leader's score and (under
//! `follower_limit=leader`) the rolls it may use. The game is finite apart from the play-off,
//! so one backward pass over the rounds solves it, as Neller and Presser solved Pig:
//!
//! - the follower's turn is a one-turn problem whose value of stopping with a kept sum `t` is
//!   the next round's value at the difference `z - t`, where `z` is the leader's lead after its
//!   turn: one dynamic programme over the turn's states, vectorised over every `z` at once;
//! - the leader's turn is the same problem, stopping with `s` after roll `r` being worth the
//!   follower's best reply at `x + s` with the rolls `r` allows;
//! - a play-off round is a one-round game whose tie leads to another play-off round, led by the
//!   other player under `first_player=rotate` and by the same one under `fixed`: its value is a
//!   fixed point, found by iterating (a round ties about 5% of the time, so it converges fast).
//!
//! Under `tie=playoff` the game is zero-sum and one value per state is kept, the leader's chance
//! to win: the leader maximises it, the follower minimises it (the minimax strategy). Under
//! `tie=shared` both tied players win, so the game is not zero-sum: each player maximises its
//! own chance to win or share, and every state keeps both players' values (a subgame-perfect
//! equilibrium by backward induction). Everywhere, between stopping and rolling of equal value
//! a player stops, and among kept sets of equal value (under `subsets`) it keeps the first;
//! values within 1e-12 of each other are equal (a sure win summed over a roll's outcomes can
//! come out a rounding above 1).
//!
//! Only the differences a game can reach and still not have decided are solved: at round `k`
//! (0-based) of `R`, `|x| <= 36 * min(k, R - k)`. A larger lead is either out of reach from 0-0
//! or beyond what the remaining rounds can overturn, and is valued by its sign.

use std::sync::Arc;

use crate::dice::pow6;
use crate::error::{Error, Result};
use crate::games::options::{FirstPlayer, Tie};
use crate::memory;

use super::super::position::Phase;
use super::super::rolls::{MAX_SUM, RollOutcomes};
use super::super::rules::Rules;
use super::fixed_point::{MAX_ROUNDS, fixed_point};
use super::player::better;

/// The most a turn changes the score difference by.
pub(super) const TOP: i32 = MAX_SUM as i32;

/// The memory a whole-game solution may take: far below the 24 GiB of the machines we run on,
/// so a policy can be copied to every thread's run and still leave room.
pub(crate) const MEMORY_LIMIT: u64 = 4 << 30;

/// The working memory a solve takes beside its solution (a round's tables before they are
/// kept, the next round's values, the allocator's arenas and the threads' stacks): half the
/// solution and a fixed 128 MiB. A quarter and nothing fixed left bands of address-space limits
/// just above the refusal where three-player solves still aborted (rounds=5: from 118,000 to
/// 153,000 KiB; rounds=10: from 548,000 to 575,000 KiB).
const WORKING_SHARE: u64 = 2;

/// The fixed part of a solve's working memory (see [`WORKING_SHARE`]).
const WORKING_FIXED: u64 = 128 << 20;

/// Refuses, in one line naming the limit, a solve of `what` (the game, as the message puts it)
/// whose solution would take `need` bytes: a solution over [`MEMORY_LIMIT`], or a solve whose
/// peak (the solution and its working memory) passes a bound the process set (a server's), what
/// this process may still take once the solves under way have taken theirs (its address-space
/// limit, its control group, the machine's available memory) or what the allocator will
/// reserve now. Checked before any work, so a solve that cannot fit is an error and never the
/// allocator's abort; the memory is promised to this solve until the promise is dropped or its
/// solution kept. Every message says "needs" of the peak alone.
pub(super) fn within_memory(what: &str, need: u64) -> Result<memory::Promise> {
    let peak = need + need / WORKING_SHARE + WORKING_FIXED;
    let needs = format!(
        "the whole game of {what} needs {} to solve",
        memory::size(peak)
    );
    if need > MEMORY_LIMIT {
        return Err(Error::input(format!(
            "{needs}, and its solution alone {}, more than the {} GiB a solution may take; \
             solve fewer rounds",
            memory::size(need),
            MEMORY_LIMIT >> 30
        )));
    }
    memory::promise(peak).map_err(|short| {
        Error::input(match short {
            memory::Short::Bound { bound, who, taken } => format!(
                "{needs}, more than {who} gives whole games: {} in all, {} of it taken now; \
                 ask about fewer rounds",
                memory::size(bound),
                memory::size(taken)
            ),
            memory::Short::Room(room) => format!(
                "{needs}, but this process may take only {} more ({}); solve fewer rounds or \
                 give it more memory",
                memory::size(room.bytes),
                room.limit
            ),
            memory::Short::Reserve => format!(
                "{needs}, and the system would not reserve that much for it; solve fewer rounds \
                 or give it more memory"
            ),
        })
    })
}

/// Values over a span of positions, in a player's frame: `mover` for that player, `other` for
/// the opponent (empty when the game is zero-sum, where it is `1 - mover`).
#[derive(Clone, Debug, Default)]
pub(super) struct Vals {
    pub(super) mover: Vec<f64>,
    pub(super) other: Vec<f64>,
}

impl Vals {
    fn zeros(width: usize, zero_sum: bool) -> Self {
        Self {
            mover: vec![0.0; width],
            other: if zero_sum {
                Vec::new()
            } else {
                vec![0.0; width]
            },
        }
    }

    /// The same values seen by the opponent.
    fn flip(&self) -> Self {
        if self.other.is_empty() {
            Self {
                mover: self.mover.iter().map(|v| 1.0 - v).collect(),
                other: Vec::new(),
            }
        } else {
            Self {
                mover: self.other.clone(),
                other: self.mover.clone(),
            }
        }
    }

    /// Positions `from..from + width`.
    fn window(&self, from: usize, width: usize) -> (&[f64], &[f64]) {
        let other = if self.other.is_empty() {
            &[][..]
        } else {
            &self.other[from..from + width]
        };
        (&self.mover[from..from + width], other)
    }
}

/// `roll[r][n]`: the mover's value of rolling `n` dice as roll `r` (2 to the rolls allowed) and
/// playing best after, at every position.
type RollValues = Vec<[Vec<f64>; 7]>;

/// The values of stopping at every position: the mover's, and the other player's (empty in a
/// zero-sum game).
type Stopping<'a> = (&'a [f64], &'a [f64]);

/// One turn solved for every position at once: the value of the whole turn and of each roll.
struct TurnSolve {
    value: Vals,
    roll: RollValues,
}

/// Backward induction over a turn of `allowed` rolls for `width` positions at once, where
/// `stop(roll, sum)` gives the values of stopping with `sum` after `roll` at every position.
fn solve_turn<'a>(
    outcomes: &RollOutcomes,
    allowed: u8,
    width: usize,
    zero_sum: bool,
    stop: &dyn Fn(u8, u8) -> (&'a [f64], &'a [f64]),
) -> TurnSolve {
    let mut roll_values: RollValues = vec![Default::default(); usize::from(allowed) + 1];
    let mut next: [Vals; 7] = Default::default();
    for roll in (1..=allowed).rev() {
        let mut current: [Vals; 7] = Default::default();
        for (n, ways_of_n) in outcomes.ways.iter().enumerate().skip(1) {
            let total = pow6(n as u32) as f64;
            let mut acc = Vals::zeros(width, zero_sum);
            for &(set, ways) in ways_of_n {
                let w = ways as f64 / total;
                let options = &outcomes.sets[usize::from(set)];
                // What each kept set is worth: stopping, or (with a roll left and dice kept)
                // the better of stopping and rolling again, ties stopping.
                let worth: Vec<(Stopping, Option<&Vals>)> = options
                    .iter()
                    .map(|k| {
                        let again =
                            (roll < allowed && k.dice > 0).then(|| &next[usize::from(k.dice)]);
                        (stop(roll, k.sum), again)
                    })
                    .collect();
                if let [((sm, so), again)] = worth.as_slice() {
                    match (again, zero_sum) {
                        (None, _) => add(&mut acc, w, sm, so),
                        (Some(r), true) => {
                            for ((a, &s), &v) in acc.mover.iter_mut().zip(*sm).zip(&r.mover) {
                                *a += w * if better(v, s) { v } else { s };
                            }
                        }
                        (Some(r), false) => {
                            for i in 0..width {
                                if better(r.mover[i], sm[i]) {
                                    acc.mover[i] += w * r.mover[i];
                                    acc.other[i] += w * r.other[i];
                                } else {
                                    acc.mover[i] += w * sm[i];
                                    acc.other[i] += w * so[i];
                                }
                            }
                        }
                    }
                    continue;
                }
                // Several kept sets (`subsets`): the mover keeps the first of the best.
                for i in 0..width {
                    let (mut best, mut best_other) = (f64::NEG_INFINITY, 0.0);
                    for ((sm, so), again) in &worth {
                        let (v, o) = match again {
                            Some(r) if better(r.mover[i], sm[i]) => {
                                (r.mover[i], r.other.get(i).copied().unwrap_or(0.0))
                            }
                            _ => (sm[i], so.get(i).copied().unwrap_or(0.0)),
                        };
                        if best == f64::NEG_INFINITY || better(v, best) {
                            (best, best_other) = (v, o);
                        }
                    }
                    acc.mover[i] += w * best;
                    if !zero_sum {
                        acc.other[i] += w * best_other;
                    }
                }
            }
            current[n] = acc;
        }
        if roll >= 2 {
            for (slot, vals) in roll_values[usize::from(roll)].iter_mut().zip(&current) {
                slot.clone_from(&vals.mover);
            }
        }
        next = current;
    }
    // The turn starts with all its dice to roll.
    let start = std::mem::take(&mut next[usize::from(outcomes.dice)]);
    TurnSolve {
        value: start,
        roll: roll_values,
    }
}

fn add(acc: &mut Vals, w: f64, mover: &[f64], other: &[f64]) {
    for (a, &v) in acc.mover.iter_mut().zip(mover) {
        *a += w * v;
    }
    for (a, &v) in acc.other.iter_mut().zip(other) {
        *a += w * v;
    }
}

/// One round solved for every difference it can start from.
#[derive(Clone, Debug)]
pub(crate) struct RoundSolution {
    /// The differences solved: `-span..=span` at the start, in the leader's frame.
    pub(super) span: i32,
    /// The values at the round's start, in the leader's frame.
    pub(super) start: Vals,
    /// The follower's values of stopping: the next round's values in the follower's frame, at
    /// the differences `-span - 36..=span + 36` (the leader's lead after the round).
    pub(super) follow_stop: Vals,
    /// `lead_stop[a - 1]`: the leader's values of stopping with the follower allowed `a`
    /// rolls, at the leader's leads `-span..=span + 36` after its turn.
    pub(super) lead_stop: Vec<Vals>,
    /// `follow_roll[a - 1]`: the follower's roll values with `a` rolls allowed, at the leads
    /// `-span..=span + 36`.
    pub(super) follow_roll: Vec<RollValues>,
    /// The leader's roll values at `-span..=span`.
    pub(super) lead_roll: RollValues,
}

impl RoundSolution {
    /// Solves a round over the differences `-span..=span` at its start, whose end is worth
    /// `next` (in the leader's frame, at `-span - 36..=span + 36`).
    pub(super) fn solve(outcomes: &RollOutcomes, rules: &Rules, span: i32, next: &Vals) -> Self {
        let zero_sum = next.other.is_empty();
        let max_rolls = rules.max_rolls;
        let follow_stop = next.flip();
        let width = (2 * span + 1) as usize;
        let follow_width = width + TOP as usize;
        let mut lead_stop = Vec::new();
        let mut follow_roll = Vec::new();
        for allowed in 1..=max_rolls {
            // Stopping with t at the lead z is worth the next round at z - t.
            let turn = solve_turn(outcomes, allowed, follow_width, zero_sum, &|_, t| {
                follow_stop.window(TOP as usize - usize::from(t), follow_width)
            });
            lead_stop.push(turn.value.flip());
            follow_roll.push(turn.roll);
        }
        let lead = solve_turn(outcomes, max_rolls, width, zero_sum, &|roll, s| {
            let allowed = rules.follower_allowance(roll);
            lead_stop[usize::from(allowed) - 1].window(usize::from(s), width)
        });
        Self {
            span,
            start: lead.value,
            follow_stop,
            lead_stop,
            follow_roll,
            lead_roll: lead.roll,
        }
    }

    /// The leader's value at the round's start with lead `x`, and the follower's.
    pub(super) fn values_at(&self, x: i32) -> (f64, f64) {
        if x.abs() > self.span {
            return if x > 0 { (1.0, 0.0) } else { (0.0, 1.0) };
        }
        let i = (x + self.span) as usize;
        let m = self.start.mover[i];
        (m, self.start.other.get(i).copied().unwrap_or(1.0 - m))
    }

    fn bytes(&self) -> u64 {
        let vals = |v: &Vals| (v.mover.len() + v.other.len()) as u64;
        let rolls = |r: &RollValues| r.iter().flatten().map(|v| v.len() as u64).sum::<u64>();
        8 * (vals(&self.start)
            + vals(&self.follow_stop)
            + self.lead_stop.iter().map(vals).sum::<u64>()
            + self.follow_roll.iter().map(rolls).sum::<u64>()
            + rolls(&self.lead_roll))
    }
}

/// The whole two-player game solved: every round's values and decisions.
#[derive(Clone, Debug)]
pub struct GameSolution {
    /// The rules solved.
    pub rules: Rules,
    pub(super) outcomes: RollOutcomes,
    rounds: Vec<RoundSolution>,
    /// The play-off round (`tie=playoff` only).
    playoff: Option<RoundSolution>,
    /// A play-off round's value to its leader (0 without play-offs).
    pub playoff_value: f64,
    /// Its memory, counted against the process's bound on solves for as long as it lives.
    _memory: memory::Held,
}

/// The seat that leads regular round `k`.
pub(crate) fn leader_seat(rules: &Rules, k: u32) -> usize {
    match rules.first_player {
        FirstPlayer::Rotate => (k % 2) as usize,
        FirstPlayer::Fixed => 0,
    }
}

/// What a tie is worth to a round's leader when a play-off round is worth `q` to its leader:
/// the rules' rotation hands the play-off to the other player (`1 - q`), a fixed start keeps
/// it with the same one (`q`).
pub(crate) fn tie_to_leader(rules: &Rules, q: f64) -> f64 {
    match rules.first_player {
        FirstPlayer::Rotate => 1.0 - q,
        FirstPlayer::Fixed => q,
    }
}

/// The seat that leads the first play-off round.
pub(crate) fn first_playoff_seat(rules: &Rules) -> usize {
    match rules.first_player {
        FirstPlayer::Rotate => (rules.rounds % 2) as usize,
        FirstPlayer::Fixed => 0,
    }
}

/// The bytes of a whole-game solution under `rules` that holds `values(Some(k))` values for
/// regular round `k` and `values(None)` for its play-off round (kept under `tie=playoff`
/// only): what both solvers check against [`MEMORY_LIMIT`] before solving.
pub(super) fn solution_bytes(rules: &Rules, values: impl Fn(Option<u32>) -> u64) -> u64 {
    let regular: u64 = (0..rules.rounds).map(|k| values(Some(k))).sum();
    let playoff = if rules.tie == Tie::Playoff {
        values(None)
    } else {
        0
    };
    8 * (regular + playoff)
}

/// The differences solved at the start of round `k` of `rounds`: those it can reach from 0-0
/// and has not yet decided.
pub(crate) fn span(k: u32, rounds: u32) -> i32 {
    TOP * k.min(rounds - k) as i32
}

impl GameSolution {
    /// The memory the solution of `rules` takes, in bytes, worked out before solving.
    pub fn bytes_needed(rules: &Rules) -> u64 {
        let shared = u64::from(rules.tie == Tie::Shared);
        let values_per_round = |span: u64| {
            let m = u64::from(rules.max_rolls);
            let width = 2 * span + 1;
            let follow = width + TOP as u64;
            // start, follow_stop and lead_stop hold both players' values when the game is not
            // zero-sum; the roll values are the mover's alone.
            let both = width + follow + TOP as u64 + m * follow;
            let rolls = 6 * follow * m * m.saturating_sub(1) / 2 + 6 * width * m.saturating_sub(1);
            both * (1 + shared) + rolls
        };
        solution_bytes(rules, |k| {
            values_per_round(k.map_or(0, |k| span(k, rules.rounds)) as u64)
        })
    }

    /// The memory a solve of `rules` takes, promised (see [`within_memory`]), and the size of
    /// the solution it leaves: what a solve asks first, and a check that solves nothing asks
    /// alone.
    pub(super) fn promised(rules: &Rules) -> Result<(memory::Promise, u64)> {
        let need = Self::bytes_needed(rules);
        Ok((
            within_memory(&format!("{} rounds", rules.rounds), need)?,
            need,
        ))
    }

    /// Solves the game for two players, or refuses (one line, before any work) where the
    /// solution would take more than `MEMORY_LIMIT` (4 GiB).
    pub fn solve(outcomes: &RollOutcomes, rules: &Rules) -> Result<Self> {
        let (promise, need) = Self::promised(rules)?;
        let zero_sum = rules.tie == Tie::Playoff;
        let (playoff, playoff_value) = if zero_sum {
            let (round, q) = Self::solve_playoff(outcomes, rules);
            (Some(round), q)
        } else {
            (None, 0.0)
        };
        let tie = match rules.tie {
            Tie::Shared => (1.0, 1.0),
            // The first play-off round is led by the last round's follower under `rotate`.
            Tie::Playoff => {
                let t = tie_to_leader(rules, playoff_value);
                (t, 1.0 - t)
            }
        };
        let r = rules.rounds;
        let mut rounds: Vec<RoundSolution> = Vec::with_capacity(r as usize);
        for k in (0..r).rev() {
            let s = span(k, r);
            let next = if k + 1 == r {
                terminal(s, zero_sum, tie)
            } else {
                let after = rounds.last().expect("solved the round after");
                let same = leader_seat(rules, k + 1) == leader_seat(rules, k);
                let mut next = Vals::zeros((2 * (s + TOP) + 1) as usize, zero_sum);
                for (i, x) in (-s - TOP..=s + TOP).enumerate() {
                    let (lead, follow) = after.values_at(if same { x } else { -x });
                    let (mine, theirs) = if same { (lead, follow) } else { (follow, lead) };
                    next.mover[i] = mine;
                    if !zero_sum {
                        next.other[i] = theirs;
                    }
                }
                next
            };
            rounds.push(RoundSolution::solve(outcomes, rules, s, &next));
        }
        rounds.reverse();
        Ok(Self {
            rules: *rules,
            outcomes: outcomes.clone(),
            rounds,
            playoff,
            playoff_value,
            _memory: promise.kept(need),
        })
    }

    /// A play-off round and its value to its leader, as a fixed point: a tie is worth the
    /// next play-off round, led by the other player under `rotate` and by the same under
    /// `fixed`.
    fn solve_playoff(outcomes: &RollOutcomes, rules: &Rules) -> (RoundSolution, f64) {
        let (round, [q]) = fixed_point([0.5], MAX_ROUNDS, |&[q]| {
            let tie = tie_to_leader(rules, q);
            let round = RoundSolution::solve(outcomes, rules, 0, &terminal(0, true, (tie, 0.0)));
            let v = round.start.mover[0];
            (round, [v])
        });
        (round, q)
    }

    /// The chance that seat 1 (index 0) wins (or, under `tie=shared`, wins or shares) the game
    /// from its start, both players playing to win; and seat 2's.
    pub fn p_seats(&self) -> (f64, f64) {
        let (lead, follow) = self.rounds[0].values_at(0);
        if leader_seat(&self.rules, 0) == 0 {
            (lead, follow)
        } else {
            (follow, lead)
        }
    }

    /// The leader's and the follower's chance at the start of round `k` with the leader `x`
    /// ahead.
    pub fn round_values(&self, k: u32, x: i32) -> (f64, f64) {
        self.rounds[k as usize].values_at(x)
    }

    /// The bytes the solution's tables hold allocated: 8 for every value slot.
    pub fn bytes(&self) -> u64 {
        self.rounds
            .iter()
            .chain(&self.playoff)
            .map(RoundSolution::bytes)
            .sum()
    }

    /// The round a turn of `phase` is played in.
    pub(super) fn round(&self, phase: Phase) -> &RoundSolution {
        match phase {
            Phase::Round(k) => &self.rounds[k as usize],
            Phase::Playoff => self
                .playoff
                .as_ref()
                .expect("play-offs only under tie=playoff"),
        }
    }
}

/// The values after the last regular round (or a play-off round) in its leader's frame, at
/// the leads `-span - 36..=span + 36`: a lead wins, a deficit loses, a tie is worth `tie`.
pub(super) fn terminal(span: i32, zero_sum: bool, tie: (f64, f64)) -> Vals {
    let mut vals = Vals::zeros((2 * (span + TOP) + 1) as usize, zero_sum);
    for (i, x) in (-span - TOP..=span + TOP).enumerate() {
        let (mine, theirs) = match x.signum() {
            1 => (1.0, 0.0),
            -1 => (0.0, 1.0),
            _ => tie,
        };
        vals.mover[i] = mine;
        if !zero_sum {
            vals.other[i] = theirs;
        }
    }
    vals
}

/// A handle shared by every seat and thread that plays to win.
pub(crate) type SharedGame = Arc<GameSolution>;

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
