//! Sevens as a whole game of three players, solved exactly for each player's chance to win.
//!
//! Three players make the game not zero-sum: what one gives up may go to either of the others.
//! Each player maximises its own chance to win (under `tie=shared`: to win or share), and
//! backward induction over the rounds gives a subgame-perfect equilibrium, as for two players
//! under `tie=shared` in [`game`](super::game). Every state keeps the three players' values.
//! Between stopping and rolling of equal value a player stops, and among kept sets of equal
//! value (under `subsets`) it keeps the first, with the same 1e-12 tolerance as two players.
//!
//! The state inside round `k` is the three totals seen from the round's first player,
//! `(a, b)` = (second's total - first's, third's total - first's), and the turn being played:
//! the first player's (whose rolls under `follower_limit=leader` set the others' allowance),
//! the second's, the third's. Each turn is the one-turn problem of [`game`](super::game),
//! vectorised over every `(a, b)` of a square grid at once; a turn's score moves the state by a
//! fixed offset in the grid's flat layout (the first player's score moves both differences
//! down, the second's `a` up, the third's `b` up), so stopping values are slices of the next
//! turn's values, as for two players.
//!
//! A player can still win only while its deficit to the highest total is at most what it can
//! still score. States that differ only in how far behind a player is who can no longer win or
//! share are the same game (that player's value is 0 whatever it does, so it always stops at
//! once, and its total decides nothing): at a round's start every deficit is capped at one more
//! than the most the remaining rounds can score. That, and the differences the rounds can reach
//! from 0-0-0, bound round `k`'s grid to `|a|, |b| <= 36 * min(k, rounds - k) + 1`: at most
//! 363 x 363 starting states for ten rounds.
//!
//! Play-offs follow the engine's rotation: the next first player is the one to the left of the
//! last, and the tied players play in seat order from there. Three tied players play a
//! three-player play-off round whose three-way tie leads to another (a fixed point over one
//! vector, found by iterating); two tied players play two-player play-off rounds, whose first
//! player follows the three-seat rotation (the same player leads twice, then the other once):
//! three two-player rounds of [`game`](super::game) in a cycle, a fixed point over three values.

use std::sync::Arc;

use rayon::prelude::*;

use crate::dice::pow6;
use crate::error::Result;
use crate::games::options::{FirstPlayer, Tie};

use super::super::rolls::{MAX_SUM, RollOutcomes};
use super::super::rules::{FollowerLimit, Rules};
use super::fixed_point::{MAX_ROUNDS, fixed_point};
use super::game::{RoundSolution, solution_bytes, terminal, within_memory};
use super::player::better;

/// The most one turn scores.
const TOP: i32 = MAX_SUM as i32;

/// Cells a task solves at once: small enough that a turn's working values stay in cache.
const CHUNK: usize = 256;

/// The three players' values over a grid's cells, in the round's turn order.
pub(super) type Vals3 = [Vec<f64>; 3];

/// `roll[r][n][cell]`: the mover's value of rolling `n` dice as roll `r` (2 to the rolls
/// allowed) and playing on to win.
type Rolls3 = Vec<[Vec<f64>; 7]>;

/// One turn solved over a grid.
#[derive(Clone, Debug, Default)]
pub(super) struct Turn3 {
    /// The three values at the turn's start (zero outside the cells solved).
    pub(super) value: Vals3,
    /// `roll[r][n][cell]`: the mover's value of rolling `n` dice as roll `r`.
    pub(super) roll: Rolls3,
}

/// Where the stopping values of a turn are: the values `values` at the cell's index plus
/// `offset`.
type StopAt<'a> = (&'a Vals3, isize);

/// The first player's rolls a follower may use, as an index into the followers' turns.
pub(super) fn class(rules: &Rules, allowed: u8) -> usize {
    match rules.follower_limit {
        FollowerLimit::Leader => usize::from(allowed) - 1,
        FollowerLimit::None => 0,
    }
}

/// The rolls a follower can be allowed.
fn allowances(rules: &Rules) -> Vec<u8> {
    match rules.follower_limit {
        FollowerLimit::Leader => (1..=rules.max_rolls).collect(),
        FollowerLimit::None => vec![rules.max_rolls],
    }
}

/// Backward induction over a turn of `allowed` rolls by the player in turn position `mover`,
/// for the cells `lo..hi` of a grid of `len` cells; `stop(roll, sum)` says where the values of
/// stopping with `sum` after `roll` are. Each cell's arithmetic is its own, so the cells are
/// solved in chunks in parallel and the values do not depend on the chunking.
fn solve_turn3<'a>(
    outcomes: &RollOutcomes,
    allowed: u8,
    mover: usize,
    (lo, hi, len): (usize, usize, usize),
    stop: &(dyn Fn(u8, u8) -> StopAt<'a> + Sync),
) -> Turn3 {
    let chunks: Vec<(usize, usize)> = (lo..hi)
        .step_by(CHUNK)
        .map(|c| (c, (c + CHUNK).min(hi)))
        .collect();
    let rolled = dice_rolled(outcomes, allowed);
    let solved: Vec<Turn3> = chunks
        .par_iter()
        .map(|&(c0, c1)| turn_chunk(outcomes, allowed, mover, &rolled, c0, c1, stop))
        .collect();
    let mut turn = Turn3 {
        value: [vec![0.0; len], vec![0.0; len], vec![0.0; len]],
        roll: vec![Default::default(); usize::from(allowed) + 1],
    };
    for r in 2..=usize::from(allowed) {
        for n in 1..=6 {
            turn.roll[r][n] = vec![0.0; len];
        }
    }
    for (&(c0, c1), part) in chunks.iter().zip(solved) {
        for c in 0..3 {
            turn.value[c][c0..c1].copy_from_slice(&part.value[c]);
        }
        for r in 2..=usize::from(allowed) {
            let arrays = turn.roll[r].iter_mut().zip(&part.roll[r]);
            for ((all, this), &thrown) in arrays.zip(&rolled[r - 1]) {
                // Dice that roll `r` never throws keep their zeros: no play reads them.
                if thrown {
                    all[c0..c1].copy_from_slice(this);
                }
            }
        }
    }
    turn
}

/// `rolled[r - 1][n]`: whether roll `r` of a turn of `allowed` rolls can throw `n` dice (the
/// first throws all the turn's dice; a later one the dice some state of the roll before kept). Under `pairs`
/// an odd number never is, and skipping those saves a third of the work.
fn dice_rolled(outcomes: &RollOutcomes, allowed: u8) -> Vec<[bool; 7]> {
    let reachable = outcomes.reachable(allowed);
    (1..=usize::from(allowed))
        .map(|r| {
            let mut n = [false; 7];
            if r == 1 {
                n[usize::from(outcomes.dice)] = true;
            } else {
                for (d, can) in n.iter_mut().enumerate().skip(1) {
                    *can = reachable[r - 2][d].iter().any(|&b| b);
                }
            }
            n
        })
        .collect()
}

/// Adds `p` times the values of keeping a set to `acc`: rolling again (`again`) where the
/// mover prefers it to stopping (`stop`), else stopping. Every slice has `acc`'s length, and
/// saying so up front lets the loop run without bounds checks, in vector registers.
#[inline(always)]
fn add_kept(acc: &mut Vals3, p: f64, mover: usize, again: [&[f64]; 3], stop: [&[f64]; 3]) {
    let w = acc[0].len();
    let (rm, sm) = (&again[mover][..w], &stop[mover][..w]);
    let [a0, a1, a2] = acc;
    let (a0, a1, a2) = (&mut a0[..w], &mut a1[..w], &mut a2[..w]);
    let (r0, r1, r2) = (&again[0][..w], &again[1][..w], &again[2][..w]);
    let (s0, s1, s2) = (&stop[0][..w], &stop[1][..w], &stop[2][..w]);
    for i in 0..w {
        if better(rm[i], sm[i]) {
            a0[i] += p * r0[i];
            a1[i] += p * r1[i];
            a2[i] += p * r2[i];
        } else {
            a0[i] += p * s0[i];
            a1[i] += p * s1[i];
            a2[i] += p * s2[i];
        }
    }
}

/// Adds `p` times the values of stopping (`stop`) to `acc`, as [`add_kept`] does.
#[inline(always)]
fn add_stop(acc: &mut Vals3, p: f64, stop: [&[f64]; 3]) {
    for (a, s) in acc.iter_mut().zip(stop) {
        let s = &s[..a.len()];
        for (a, &v) in a.iter_mut().zip(s) {
            *a += p * v;
        }
    }
}

/// [`solve_turn3`] for the cells `c0..c1`.
fn turn_chunk<'a>(
    outcomes: &RollOutcomes,
    allowed: u8,
    mover: usize,
    rolled: &[[bool; 7]],
    c0: usize,
    c1: usize,
    stop: &(dyn Fn(u8, u8) -> StopAt<'a> + Sync),
) -> Turn3 {
    let w = c1 - c0;
    let zeros = || [vec![0.0; w], vec![0.0; w], vec![0.0; w]];
    let mut roll_values: Rolls3 = vec![Default::default(); usize::from(allowed) + 1];
    let mut next: [Vals3; 7] = Default::default();
    let window = |(vals, offset): StopAt<'a>| -> [&'a [f64]; 3] {
        let from = (c0 as isize + offset) as usize;
        [
            &vals[0][from..from + w],
            &vals[1][from..from + w],
            &vals[2][from..from + w],
        ]
    };
    for roll in (1..=allowed).rev() {
        let mut current: [Vals3; 7] = Default::default();
        let throws = &rolled[usize::from(roll) - 1];
        for (n, slot) in current.iter_mut().enumerate().skip(1) {
            if !throws[n] {
                continue;
            }
            let total = pow6(n as u32) as f64;
            let mut acc = zeros();
            for &(set, ways) in &outcomes.ways[n] {
                let p = ways as f64 / total;
                let options = &outcomes.sets[usize::from(set)];
                if let [k] = options.as_slice() {
                    let s = window(stop(roll, k.sum));
                    if roll < allowed && k.dice > 0 {
                        let r = &next[usize::from(k.dice)];
                        add_kept(&mut acc, p, mover, [&r[0], &r[1], &r[2]], s);
                    } else {
                        add_stop(&mut acc, p, s);
                    }
                    continue;
                }
                // Several kept sets (`subsets`): the mover keeps the first of the best.
                let worth: Vec<([&[f64]; 3], Option<&Vals3>)> = options
                    .iter()
                    .map(|k| {
                        let again =
                            (roll < allowed && k.dice > 0).then(|| &next[usize::from(k.dice)]);
                        (window(stop(roll, k.sum)), again)
                    })
                    .collect();
                for i in 0..w {
                    let mut best = [f64::NEG_INFINITY; 3];
                    for (s, again) in &worth {
                        let v = match again {
                            Some(r) if better(r[mover][i], s[mover][i]) => {
                                [r[0][i], r[1][i], r[2][i]]
                            }
                            _ => [s[0][i], s[1][i], s[2][i]],
                        };
                        if best[mover] == f64::NEG_INFINITY || better(v[mover], best[mover]) {
                            best = v;
                        }
                    }
                    for c in 0..3 {
                        acc[c][i] += p * best[c];
                    }
                }
            }
            *slot = acc;
        }
        if roll >= 2 {
            for (slot, vals) in roll_values[usize::from(roll)].iter_mut().zip(&mut current) {
                *slot = vals[mover].clone();
            }
        }
        next = current;
    }
    // The turn starts with all its dice to roll.
    let start = std::mem::take(&mut next[usize::from(outcomes.dice)]);
    Turn3 {
        value: start,
        roll: roll_values,
    }
}

/// A square grid of states `(a, b)`, `|a|, |b| <= h + 36`, stored row by row.
#[derive(Clone, Copy, Debug)]
pub(super) struct Grid {
    /// The half-width of the round's starting states.
    h: i32,
    /// Cells in a row (and rows).
    pub(super) stride: usize,
}

impl Grid {
    fn new(h: i32) -> Self {
        Self {
            h,
            stride: (2 * (h + TOP) + 1) as usize,
        }
    }

    fn len(&self) -> usize {
        self.stride * self.stride
    }

    /// The cell of `(a, b)`, which must be in the grid.
    pub(super) fn index(&self, a: i32, b: i32) -> usize {
        let o = self.h + TOP;
        (a + o) as usize * self.stride + (b + o) as usize
    }

    /// The state of a cell.
    fn state(&self, i: usize) -> (i32, i32) {
        let o = self.h + TOP;
        ((i / self.stride) as i32 - o, (i % self.stride) as i32 - o)
    }
}

/// One round solved over every state it can start from.
#[derive(Clone, Debug)]
pub(super) struct Round3 {
    pub(super) grid: Grid,
    /// The values after the round (every cell).
    pub(super) end: Vals3,
    /// The third player's turn, per allowance ([`class`]).
    pub(super) third: Vec<Turn3>,
    /// The second player's turn, per allowance.
    pub(super) second: Vec<Turn3>,
    /// The first player's turn: its values are the round's values at its start.
    pub(super) first: Turn3,
}

impl Round3 {
    /// Solves a round whose end is worth `end` (over `grid`'s every cell).
    fn solve(outcomes: &RollOutcomes, rules: &Rules, grid: Grid, end: Vals3) -> Self {
        let (len, stride) = (grid.len(), grid.stride);
        let pad = TOP as usize;
        let mut third = Vec::new();
        let mut second = Vec::new();
        for allowed in allowances(rules) {
            // The third player's score raises b: the next cell in the row.
            let t = solve_turn3(outcomes, allowed, 2, (0, len - pad, len), &|_, s| {
                (&end, isize::from(s))
            });
            // The second player's raises a: the next row.
            let s = solve_turn3(
                outcomes,
                allowed,
                1,
                (0, len - pad * stride, len),
                &|_, s| (&t.value, isize::from(s) * stride as isize),
            );
            third.push(t);
            second.push(s);
        }
        // The first player's score lowers both: a row and a cell back. Only the starting
        // states are solved.
        let (lo, hi) = (grid.index(-grid.h, -grid.h), grid.index(grid.h, grid.h) + 1);
        let first = solve_turn3(outcomes, rules.max_rolls, 0, (lo, hi, len), &|roll, s| {
            let allowed = rules.follower_allowance(roll);
            (
                &second[class(rules, allowed)].value,
                -isize::from(s) * (stride as isize + 1),
            )
        });
        Self {
            grid,
            end,
            third,
            second,
            first,
        }
    }

    /// The three values at the round's start in the state `(a, b)` (in the grid).
    fn start(&self, a: i32, b: i32) -> [f64; 3] {
        let i = self.grid.index(a, b);
        [
            self.first.value[0][i],
            self.first.value[1][i],
            self.first.value[2][i],
        ]
    }

    /// Values held, in f64s, for a grid of `len` cells under `rules`.
    fn values(rules: &Rules, len: u64) -> u64 {
        let m = u64::from(rules.max_rolls);
        let follower_rolls: u64 = allowances(rules)
            .iter()
            .map(|&a| u64::from(a).saturating_sub(1) * 6)
            .sum();
        let classes = allowances(rules).len() as u64;
        len * (3 + 2 * classes * 3 + 3 + 2 * follower_rolls + m.saturating_sub(1) * 6)
    }
}

/// The largest deficit at the start of round `k` that can still be made up (a larger one is
/// capped at one more).
pub(super) fn cap(rules: &Rules, k: u32) -> i32 {
    TOP * (rules.rounds - k) as i32
}

/// The half-width of round `k`'s starting states.
fn half_width(rules: &Rules, k: u32) -> i32 {
    (TOP * k as i32).min(cap(rules, k) + 1)
}

/// Totals seen from the first of three players, as the grid's state: every deficit to the
/// highest total capped at `cap + 1`.
pub(super) fn canonical(t: [i32; 3], cap: i32) -> (i32, i32) {
    let top = t[0].max(t[1]).max(t[2]);
    let e = t.map(|x| (top - x).min(cap + 1));
    (e[0] - e[1], e[0] - e[2])
}

/// How two tied players' play-offs go on among three seats: three two-player play-off rounds
/// in the rotation's cycle, or one under `first_player=fixed`.
#[derive(Clone, Debug)]
pub(super) struct Duels {
    /// Under `rotate`, seen from the seat `x` that sits out: `[0]` when `x` is the next first
    /// player (the seat after `x` leads, and leads the next one too), `[1]` when the seat
    /// after `x` is (it leads, the other leads next), `[2]` when the other is (it leads, the
    /// seat after `x` leads next). Under `fixed`, one round.
    pub(super) rounds: Vec<RoundSolution>,
    /// Each round's value to its leader.
    values: Vec<f64>,
}

impl Duels {
    fn solve(outcomes: &RollOutcomes, rules: &Rules) -> Self {
        let round =
            |tie: f64| RoundSolution::solve(outcomes, rules, 0, &terminal(0, true, (tie, 0.0)));
        let cycle = rules.first_player == FirstPlayer::Rotate;
        let start: Vec<f64> = vec![0.5; if cycle { 3 } else { 1 }];
        let (rounds, values) = fixed_point(start, MAX_ROUNDS, |g| {
            // What a tie is worth to each round's leader: the next round's value to it.
            let ties = if cycle {
                vec![g[1], 1.0 - g[2], 1.0 - g[0]]
            } else {
                vec![g[0]]
            };
            let rounds: Vec<RoundSolution> = ties.iter().map(|&t| round(t)).collect();
            let next: Vec<f64> = rounds.iter().map(|r| r.values_at(0).0).collect();
            (rounds, next)
        });
        Self { rounds, values }
    }

    /// Which round two tied positions `pair` play when the next first player is `next` (in
    /// the same frame of three positions), and who of the pair leads it.
    pub(super) fn which(&self, pair: [usize; 2], next: usize) -> (usize, usize) {
        if self.rounds.len() == 1 {
            return (0, pair[0].min(pair[1]));
        }
        let x = 3 - pair[0] - pair[1];
        let (after, other) = ((x + 1) % 3, (x + 2) % 3);
        match next {
            n if n == x => (0, after),
            n if n == after => (1, after),
            _ => (2, other),
        }
    }

    /// The values of the three positions when `pair` tie and the next first player is
    /// `next`.
    fn values(&self, pair: [usize; 2], next: usize) -> [f64; 3] {
        let (r, leader) = self.which(pair, next);
        let mut v = [0.0; 3];
        let other = pair[0] + pair[1] - leader;
        v[leader] = self.values[r];
        v[other] = 1.0 - self.values[r];
        v
    }
}

/// What the tied leaders of a finished round get: `next` is the position (in the round's
/// frame) of the next round's first player, `three` the three-way play-off's values in its
/// turn order.
fn settle(rules: &Rules, t: [i32; 3], next: usize, duels: &Duels, three: [f64; 3]) -> [f64; 3] {
    let top = t[0].max(t[1]).max(t[2]);
    let tied: Vec<usize> = (0..3).filter(|&p| t[p] == top).collect();
    match (tied.as_slice(), rules.tie) {
        ([p], _) => {
            let mut v = [0.0; 3];
            v[*p] = 1.0;
            v
        }
        (_, Tie::Shared) => {
            let mut v = [0.0; 3];
            for &p in &tied {
                v[p] = 1.0;
            }
            v
        }
        ([p, q], Tie::Playoff) => duels.values([*p, *q], next),
        (_, Tie::Playoff) => [0, 1, 2].map(|p| three[(p + 3 - next) % 3]),
    }
}

/// The values after a round in its own frame, at every cell of `grid`, where a finished game
/// is settled by [`settle`].
fn final_values(rules: &Rules, grid: Grid, next: usize, duels: &Duels, three: [f64; 3]) -> Vals3 {
    let len = grid.len();
    let mut end: Vals3 = [vec![0.0; len], vec![0.0; len], vec![0.0; len]];
    for i in 0..len {
        let (a, b) = grid.state(i);
        let v = settle(rules, [0, a, b], next, duels, three);
        for (e, v) in end.iter_mut().zip(v) {
            e[i] = v;
        }
    }
    end
}

/// The position (in a round's frame) of the next round's first player.
fn next_first(rules: &Rules) -> usize {
    match rules.first_player {
        FirstPlayer::Rotate => 1,
        FirstPlayer::Fixed => 0,
    }
}

/// The whole three-player game solved: every round's values and decisions.
#[derive(Clone, Debug)]
pub struct Game3 {
    /// The rules solved.
    pub rules: Rules,
    pub(super) outcomes: RollOutcomes,
    pub(super) rounds: Vec<Round3>,
    /// The three-player play-off round (`tie=playoff` only).
    pub(super) playoff: Option<Round3>,
    /// Two tied players' play-off rounds (`tie=playoff` only).
    pub(super) duels: Option<Duels>,
    /// Its memory, counted against the process's bound on solves for as long as it lives.
    _memory: crate::memory::Held,
}

impl Game3 {
    /// The memory the solution of `rules` takes, in bytes, worked out before solving.
    pub fn bytes_needed(rules: &Rules) -> u64 {
        solution_bytes(rules, |k| {
            let half = k.map_or(0, |k| half_width(rules, k));
            Round3::values(rules, Grid::new(half).len() as u64)
        })
    }

    /// The memory a solve of `rules` takes, promised (see [`within_memory`]), and the size of
    /// the solution it leaves: what a solve asks first, and a check that solves nothing asks
    /// alone.
    pub(super) fn promised(rules: &Rules) -> Result<(crate::memory::Promise, u64)> {
        let need = Self::bytes_needed(rules);
        let what = format!("three players and {} rounds", rules.rounds);
        Ok((within_memory(&what, need)?, need))
    }

    /// Solves the game for three players, or refuses (one line, before any work) where the
    /// solution would take more than `MEMORY_LIMIT` (4 GiB).
    pub fn solve(outcomes: &RollOutcomes, rules: &Rules) -> Result<Self> {
        let (promise, need) = Self::promised(rules)?;
        let next = next_first(rules);
        let (duels, playoff, three) = if rules.tie == Tie::Playoff {
            let duels = Duels::solve(outcomes, rules);
            let (round, three) = Self::solve_playoff(outcomes, rules, &duels);
            (Some(duels), Some(round), three)
        } else {
            (None, None, [0.0; 3])
        };
        let empty = Duels {
            rounds: Vec::new(),
            values: Vec::new(),
        };
        let settle_by = duels.as_ref().unwrap_or(&empty);
        let r = rules.rounds;
        let mut rounds: Vec<Round3> = Vec::with_capacity(r as usize);
        for k in (0..r).rev() {
            let grid = Grid::new(half_width(rules, k));
            let end = if k + 1 == r {
                final_values(rules, grid, next, settle_by, three)
            } else {
                let after = rounds.last().expect("solved the round after");
                let (h, c) = (after.grid.h, cap(rules, k + 1));
                let len = grid.len();
                let mut end: Vals3 = [vec![0.0; len], vec![0.0; len], vec![0.0; len]];
                for i in 0..len {
                    let (a, b) = grid.state(i);
                    // The next round seen from its first player, who is position `next` here.
                    let t = [0, a, b];
                    let seen = [t[next], t[(next + 1) % 3], t[(next + 2) % 3]];
                    let base = seen[0];
                    let (a2, b2) = canonical(seen.map(|x| x - base), c);
                    // States outside the next grid are out of reach from 0-0-0.
                    let v = after.start(a2.clamp(-h, h), b2.clamp(-h, h));
                    for (p, e) in end.iter_mut().enumerate() {
                        e[i] = v[(p + 3 - next) % 3];
                    }
                }
                end
            };
            rounds.push(Round3::solve(outcomes, rules, grid, end));
        }
        rounds.reverse();
        Ok(Self {
            rules: *rules,
            outcomes: outcomes.clone(),
            rounds,
            playoff,
            duels,
            _memory: promise.kept(need),
        })
    }

    /// The three-player play-off round and its values in its turn order, as a fixed point: a
    /// three-way tie is worth the next such round, led by the next player under `rotate`.
    fn solve_playoff(outcomes: &RollOutcomes, rules: &Rules, duels: &Duels) -> (Round3, [f64; 3]) {
        let grid = Grid::new(0);
        fixed_point([1.0 / 3.0; 3], MAX_ROUNDS, |&three| {
            let end = final_values(rules, grid, next_first(rules), duels, three);
            let round = Round3::solve(outcomes, rules, grid, end);
            let v = round.start(0, 0);
            (round, v)
        })
    }

    /// The chance that each seat wins (or, under `tie=shared`, wins or shares) the game from
    /// its start, every player playing to win.
    pub fn p_seats(&self) -> [f64; 3] {
        // Round 0 is led by seat 0 under either rule, so positions are seats.
        self.rounds[0].start(0, 0)
    }

    /// The bytes the solution's tables hold allocated: 8 for every value slot. Slots the
    /// solver never writes (the first player's turn outside the round's starting states, throws
    /// of a number of dice no roll can leave) stay zero pages, which the system backs with
    /// memory only once written, so the peak resident size is lower (about 293 MB of these
    /// 441 MB for the default ten rounds).
    pub fn bytes(&self) -> u64 {
        let turn = |t: &Turn3| {
            (t.value.iter().map(Vec::len).sum::<usize>()
                + t.roll.iter().flatten().map(Vec::len).sum::<usize>()) as u64
        };
        let round = |r: &Round3| {
            r.end.iter().map(|v| v.len() as u64).sum::<u64>()
                + r.third.iter().chain(&r.second).map(turn).sum::<u64>()
                + turn(&r.first)
        };
        8 * self
            .rounds
            .iter()
            .chain(&self.playoff)
            .map(round)
            .sum::<u64>()
    }
}

/// A handle shared by every seat and thread that plays to win a game of three.
pub(crate) type SharedGame3 = Arc<Game3>;

#[cfg(test)]
#[path = "game3_tests.rs"]
mod tests;
