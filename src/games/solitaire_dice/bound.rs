//! An upper bound on the mean score of every Solitaire Dice player, computed exactly: how far
//! from optimal can the best player be?
//!
//! The game is far too large to solve (eleven rows of marks and the throwaway clock), but it
//! relaxes into small games that can be. A game's score is the sum of its rows' scores, and
//! what happens to one row depends only on that row's marks and on the throwaway faces: the
//! legal divisions of a roll, the clock and the end depend on nothing else. So for a row `s`,
//! the game in which only row `s` counts has the states (throwaway marks, marks of `s`), about
//! 84,000 of them, and its best expected score `V_s` is found by backward induction. Every
//! player of the real game also plays each of those games (its divisions are legal there, and
//! whatever else it knows, the other rows or the rolls so far, cannot beat the best play on the
//! row game's own state), so its mean score is at most the sum of the `V_s`
//! ([`RowGame`]: 1,876, loose, because eleven players each divide the same rolls their own way).
//!
//! The same holds for rows played in groups ([`group_value`]), and under prices on marks that
//! charge a group for its own marks and pay it back its share of every roll's two ([`Prices`]):
//! over the groups, the charges of any division add up to 0, so a real player pays nothing and
//! a group's player that takes the divisions its own rows like pays for them. [`GROUPS`] under
//! [`PRICES`] is the ceiling `solve` states ([`bounds`]); `docs/solitaire-dice.md` tells how they
//! were chosen and why the bound stops where it does.
//!
//! Free rides (three faces thrown away, none rolled) leave the clock where it is, so a state can
//! return to itself; its value is then the fixed point of a monotone map whose slope is the
//! chance of returning (at most 1/32), found by iterating to machine precision.

use std::collections::HashMap;
use std::sync::LazyLock;

use rayon::prelude::*;

use crate::games::policy::Value;

use super::choice::Choice;
use super::policy::{DivideRoll, View};
use super::roll::Roll;
use super::rules::{
    DICE, END_MARKS, MARK_CAP, MAX_SUM, MAX_THROWAWAY_FACES, MIN_SUM, SUMS, sum_score,
};
use super::sheet::Sheet;

/// Marks of a row that matter: past [`MARK_CAP`] nothing changes.
const MARK_STATES: usize = MARK_CAP as usize + 1;

/// Throwaway marks per face, each below [`END_MARKS`], at most three faces marked.
type Clock = [u8; 6];

/// What a division does to the clock and to one row.
#[derive(Clone, Copy, Debug)]
struct Move {
    /// The clock's state after it ([`Clocks::index`]), or `None` when it ends the game.
    next: Option<usize>,
    /// The two pair sums.
    sums: [u8; 2],
}

/// Every clock state that does not end the game, each with its moves per distinct roll.
struct Clocks {
    states: Vec<Clock>,
    index: HashMap<Clock, usize>,
    /// Per state, per distinct roll: (ordered rolls of 7,776, its moves).
    moves: Vec<Vec<(u32, Vec<Move>)>>,
}

impl Clocks {
    fn new() -> Self {
        let mut states = Vec::new();
        let mut clock = [0u8; 6];
        // Every clock with at most three faces marked, each below END_MARKS.
        loop {
            if clock.iter().filter(|&&c| c > 0).count() <= usize::from(MAX_THROWAWAY_FACES) {
                states.push(clock);
            }
            let Some(i) = (0..6).find(|&i| clock[i] + 1 < END_MARKS) else {
                break;
            };
            clock[i] += 1;
            clock[..i].iter_mut().for_each(|c| *c = 0);
        }
        // Later states first: more marks on the clock, so a state's successors come before it.
        states.sort_by_key(|c| std::cmp::Reverse(c.iter().map(|&m| u32::from(m)).sum::<u32>()));
        let index: HashMap<Clock, usize> =
            states.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let rolls: Vec<(u32, Roll)> = Roll::distinct().map(|r| (ordered(&r), r)).collect();
        let moves = states
            .iter()
            .map(|clock| {
                let marks: Vec<(u8, u8)> = (1..=6u8)
                    .filter(|&f| clock[usize::from(f - 1)] > 0)
                    .map(|f| (f, clock[usize::from(f - 1)]))
                    .collect();
                let sheet = Sheet::from_marks(&[], &marks).expect("a clock is a legal sheet");
                rolls
                    .iter()
                    .map(|&(weight, roll)| {
                        let moves = sheet
                            .legal_choices(&roll)
                            .iter()
                            .map(|c: &Choice| {
                                let next = match c.throwaway() {
                                    None => Some(*clock),
                                    Some(face) => {
                                        let mut next = *clock;
                                        next[usize::from(face - 1)] += 1;
                                        (next[usize::from(face - 1)] < END_MARKS).then_some(next)
                                    }
                                };
                                Move {
                                    next: next.map(|n| index[&n]),
                                    sums: c.sums(),
                                }
                            })
                            .collect();
                        (weight, moves)
                    })
                    .collect()
            })
            .collect();
        Self {
            states,
            index,
            moves,
        }
    }
}

/// Ordered rolls of five dice showing the faces of `roll`: 5! / prod(count!).
fn ordered(roll: &Roll) -> u32 {
    let mut counts = [0u32; 6];
    for f in roll.faces() {
        counts[usize::from(f - 1)] += 1;
    }
    let fact = |n: u32| (1..=n).product::<u32>();
    fact(DICE as u32) / counts.iter().map(|&c| fact(c)).product::<u32>()
}

/// The clock states and their moves, built once (about a second).
static CLOCKS: LazyLock<Clocks> = LazyLock::new(Clocks::new);

/// The game in which only row `sum` counts, solved: the best expected score of that row from
/// every state, and so the best division for it.
pub struct RowGame {
    /// The row.
    pub sum: u8,
    /// Per clock state (in the order of the clock table), per marks of the row (0 to 10).
    values: Vec<[f64; MARK_STATES]>,
}

impl RowGame {
    /// Solves the game of row `sum` by backward induction over the clock.
    pub fn solve(sum: u8) -> Self {
        let clocks = &*CLOCKS;
        let mut values = vec![[0.0; MARK_STATES]; clocks.states.len()];
        for state in 0..clocks.states.len() {
            // More marks on the row first: a free ride can add marks without moving the clock.
            for marks in (0..MARK_STATES).rev() {
                // A division's value: leaving the state (`Ok`), or returning to it with what
                // it gains on the way (`Err`: the state's own value is the unknown).
                let value = |m: &Move, values: &[[f64; MARK_STATES]]| -> Result<f64, f64> {
                    let hits = u8::from(m.sums[0] == sum) + u8::from(m.sums[1] == sum);
                    let after = (marks + usize::from(hits)).min(MARK_STATES - 1);
                    match m.next {
                        None => Ok(f64::from(sum_score(sum, after as u8))),
                        Some(next) if next == state && after == marks => Err(0.0),
                        Some(next) => Ok(values[next][after]),
                    }
                };
                let per_roll: Vec<Roll1> = clocks.moves[state]
                    .iter()
                    .map(|(weight, moves)| {
                        let mut roll = Roll1::new(*weight);
                        for m in moves {
                            match value(m, &values) {
                                Ok(v) => roll.leave = roll.leave.max(v),
                                Err(gain) => {
                                    roll.stay = Some(roll.stay.map_or(gain, |s| s.max(gain)))
                                }
                            }
                        }
                        roll
                    })
                    .collect();
                let v = fixed_point(0.0, &per_roll);
                values[state][marks] = v;
            }
        }
        Self { sum, values }
    }

    /// The best expected score of the row from the start of a game.
    pub fn value(&self) -> f64 {
        self.values[CLOCKS.index[&[0; 6]]][0]
    }
}

/// The value of a division to a player who cares for this row alone: the row's best expected
/// score from the clock and the row's marks it leaves. `OneStep(&row_game)` is that player.
impl Value<DivideRoll> for RowGame {
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        let sheet = view.sheet;
        let marks = usize::from(sheet.marks(self.sum).min(MARK_CAP));
        let hits = u8::from(choice.sums()[0] == self.sum) + u8::from(choice.sums()[1] == self.sum);
        let after = (marks + usize::from(hits)).min(MARK_STATES - 1);
        let mut next = [0u8; 6];
        for face in 1..=6u8 {
            next[usize::from(face - 1)] = sheet.throwaway_marks(face);
        }
        if let Some(face) = choice.throwaway() {
            next[usize::from(face - 1)] += 1;
            if next[usize::from(face - 1)] >= END_MARKS {
                return f64::from(sum_score(self.sum, after as u8));
            }
        }
        self.values[CLOCKS.index[&next]][after]
    }
}

/// One distinct roll seen from a state: its chance, the best value of a division that leaves
/// the state, and the best gain of one that returns to it (a free ride), if any.
#[derive(Clone, Copy, Debug)]
struct Roll1 {
    chance: f64,
    leave: f64,
    stay: Option<f64>,
}

impl Roll1 {
    fn new(ordered: u32) -> Self {
        Self {
            chance: f64::from(ordered) / 7776.0,
            leave: f64::NEG_INFINITY,
            stay: None,
        }
    }
}

/// The value `v` of a state from its rolls: `v = base + sum of chance x max(leave, stay + v)`
/// (`base`: what the state's other rolls are worth), the fixed point of a monotone map whose
/// slope is at most the chance of a free ride (1/32), so a few dozen steps reach it to the last
/// bit.
fn fixed_point(base: f64, rolls: &[Roll1]) -> f64 {
    let step = |v: f64| -> f64 {
        base + rolls
            .iter()
            .map(|r| r.chance * r.stay.map_or(r.leave, |gain| r.leave.max(gain + v)))
            .sum::<f64>()
    };
    let mut v = step(0.0);
    if rolls.iter().any(|r| r.stay.is_some()) {
        for _ in 0..200 {
            let next = step(v);
            if next == v {
                break;
            }
            v = next;
        }
    }
    v
}

/// The rows the ceiling plays together: the sums that compete for the same dice sit in one
/// group. Rows 9 to 12 are rows 2 to 5 seen in a mirror (see [`mirror`]).
pub const GROUPS: [&[u8]; 3] = [&[2, 3, 4, 5], &[6, 7, 8], &[9, 10, 11, 12]];

/// The price of a mark on each sum from 2 to 12 that gave the tightest ceiling found
/// (a coordinate search, `docs/solitaire-dice.md`); any prices give a valid ceiling, these
/// only make it lower. Symmetric, as the dice are.
pub const PRICES: Prices = Prices([6.0, 6.0, 36.0, 27.0, 27.0, 21.0, 27.0, 27.0, 36.0, 6.0, 6.0]);

/// A price of a mark on each sum from 2 to 12.
///
/// Every roll makes two marks, so a real player's marks cost it the same as they cost all its
/// rows together. Charging each group of rows for its own marks and paying it back its share
/// (its rows out of eleven) of the two marks' cost leaves a real player's total unchanged,
/// while a group's own player, who takes the divisions its rows like, pays for marks the other
/// groups would have wanted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prices(pub [f64; 11]);

impl Prices {
    fn of(&self, sum: u8) -> f64 {
        self.0[usize::from(sum - MIN_SUM)]
    }

    /// What the division marking `sums` costs the group `rows`: its own marks at their
    /// prices, less its share of what the two marks cost in all. Over groups that split the
    /// eleven rows between them, the costs of any division add up to 0.
    pub fn cost(&self, rows: &[u8], sums: [u8; 2]) -> f64 {
        let own: f64 = sums
            .iter()
            .filter(|s| rows.contains(s))
            .map(|&s| self.of(s))
            .sum();
        let all: f64 = sums.iter().map(|&s| self.of(s)).sum();
        own - all * rows.len() as f64 / SUMS as f64
    }

    /// The same prices with every sum `s` read as `14 - s`.
    pub fn mirrored(&self) -> Prices {
        let mut p = self.0;
        p.reverse();
        Prices(p)
    }
}

/// A face `f` read as `7 - f` turns every sum `s` into `14 - s` and leaves the game as it
/// was (the clock, the chances and the scores are symmetric), so the game of the rows
/// `14 - s` under mirrored prices has the same value: the ceiling solves rows 2 to 5 and reads
/// rows 9 to 12 from them. A test checks the symmetry on two small groups.
pub fn mirror(rows: &[u8]) -> Vec<u8> {
    let mut m: Vec<u8> = rows.iter().map(|&s| MIN_SUM + MAX_SUM - s).collect();
    m.sort_unstable();
    m
}

/// The game of the rows `rows` played together for their own score, each division costing
/// the group [`Prices::cost`]: its best expected score less its costs, from the start.
///
/// A state is the clock and the marks of each of the group's rows (0 to 10): 7,638 x 11^k
/// states for k rows, 112 million for four. Backward induction runs one clock level at a time
/// (a level's successors are all on the next, so two levels are held at once), the clocks of
/// a level in parallel (each is computed alone, so the result is the same on any number of
/// threads). Within a clock, a division of a roll moves every marks state the same way (one
/// or two marks on the group's rows, capped at ten), so each roll's best division is taken
/// over whole arrays of marks states at once; a free ride, which leaves the clock where it
/// is, is solved marks state by marks state, more marks first, each a fixed point as in
/// [`RowGame::solve`].
pub fn group_value(rows: &[u8], prices: &Prices) -> f64 {
    let clocks = &*CLOCKS;
    let g = Group::new(rows, prices);
    let totals: Vec<u32> = clocks
        .states
        .iter()
        .map(|c| c.iter().map(|&m| u32::from(m)).sum())
        .collect();
    let mut values: Vec<Option<Vec<f64>>> = vec![None; clocks.states.len()];
    let mut at = 0;
    while at < totals.len() {
        let level = totals[at];
        let end = at + totals[at..].iter().take_while(|&&t| t == level).count();
        let solved: Vec<Vec<f64>> = (at..end)
            .into_par_iter()
            .map(|k| g.clock(k, &values))
            .collect();
        // The level below needs this level only: the one above can go.
        for v in values.iter_mut().take(at) {
            *v = None;
        }
        for (k, v) in (at..end).zip(solved) {
            values[k] = Some(v);
        }
        at = end;
    }
    values[clocks.index[&[0; 6]]]
        .as_ref()
        .expect("the start is solved")[0]
}

/// A roll's best division of one kind towards one next clock (`None`: the end), with its
/// cost: all a group needs to know of the divisions that make the same move.
type Choice1 = (Option<usize>, u8, f64);

/// One group's rows, how each division moves their marks, and what it costs them.
struct Group {
    /// Marks states of the rows: 11^k.
    size: usize,
    /// Per pair of sums (13 x 13, by sum): the kind of move it makes on the rows.
    kind: [[u8; 13]; 13],
    /// Per pair of sums: its cost to the group.
    cost: [[f64; 13]; 13],
    /// Per kind, per marks state: the marks state after it.
    after: Vec<Vec<u32>>,
    /// Per kind, per marks state: the rows' score if the game ends on it.
    last: Vec<Vec<f64>>,
}

impl Group {
    fn new(rows: &[u8], prices: &Prices) -> Self {
        let states = MARK_STATES.pow(rows.len() as u32);
        let marks = |mut i: usize| -> Vec<usize> {
            (0..rows.len())
                .map(|_| {
                    let m = i % MARK_STATES;
                    i /= MARK_STATES;
                    m
                })
                .collect()
        };
        let index = |m: &[usize]| m.iter().rev().fold(0, |i, &x| i * MARK_STATES + x);
        let mut kinds: Vec<Vec<usize>> = Vec::new();
        let mut kind = [[0u8; 13]; 13];
        let mut cost = [[0.0; 13]; 13];
        for a in MIN_SUM..=MAX_SUM {
            for b in MIN_SUM..=MAX_SUM {
                let hits: Vec<usize> = rows
                    .iter()
                    .map(|&s| usize::from(a == s) + usize::from(b == s))
                    .collect();
                let id = kinds.iter().position(|k| *k == hits).unwrap_or_else(|| {
                    kinds.push(hits);
                    kinds.len() - 1
                });
                kind[usize::from(a)][usize::from(b)] = id as u8;
                cost[usize::from(a)][usize::from(b)] = prices.cost(rows, [a, b]);
            }
        }
        let after: Vec<Vec<u32>> = kinds
            .iter()
            .map(|hits| {
                (0..states)
                    .map(|i| {
                        let m: Vec<usize> = marks(i)
                            .iter()
                            .zip(hits)
                            .map(|(m, h)| (m + h).min(MARK_STATES - 1))
                            .collect();
                        index(&m) as u32
                    })
                    .collect()
            })
            .collect();
        let last = after
            .iter()
            .map(|after| {
                after
                    .iter()
                    .map(|&i| {
                        marks(i as usize)
                            .iter()
                            .zip(rows)
                            .map(|(&m, &s)| f64::from(sum_score(s, m as u8)))
                            .sum()
                    })
                    .collect()
            })
            .collect();
        Self {
            size: states,
            kind,
            cost,
            after,
            last,
        }
    }

    /// The values of every marks state at clock `k`, its successors' values in `values`.
    fn clock(&self, k: usize, values: &[Option<Vec<f64>>]) -> Vec<f64> {
        let clocks = &*CLOCKS;
        // Rolls that leave the clock, by their best divisions: per (next clock, kind) the
        // cheapest, as a sorted list; rolls with the same list are one, their weights added.
        let mut lists: Vec<(Vec<Choice1>, u32)> = Vec::new();
        // Free rides: per roll, per kind, the cheapest.
        let mut free: Vec<(u32, Vec<(u8, f64)>)> = Vec::new();
        for (weight, moves) in &clocks.moves[k] {
            let priced = moves.iter().map(|m| {
                let [a, b] = m.sums.map(usize::from);
                (m.next, self.kind[a][b], self.cost[a][b])
            });
            if moves.iter().any(|m| m.next == Some(k)) {
                let mut best: Vec<(u8, f64)> = Vec::new();
                for (_, kind, cost) in priced {
                    match best.iter_mut().find(|(k, _)| *k == kind) {
                        Some((_, c)) => *c = c.min(cost),
                        None => best.push((kind, cost)),
                    }
                }
                free.push((*weight, best));
                continue;
            }
            let mut best: Vec<Choice1> = Vec::new();
            for (next, kind, cost) in priced {
                match best.iter_mut().find(|(n, k, _)| *n == next && *k == kind) {
                    Some((_, _, c)) => *c = c.min(cost),
                    None => best.push((next, kind, cost)),
                }
            }
            best.sort_by_key(|&(next, kind, _)| (next, kind));
            match lists.iter_mut().find(|(l, _)| *l == best) {
                Some((_, w)) => *w += weight,
                None => lists.push((best, *weight)),
            }
        }
        // Each (next clock, kind)'s values seen from this clock's marks states.
        let mut seen: HashMap<(Option<usize>, u8), Vec<f64>> = HashMap::new();
        let mut sum = vec![0.0; self.size];
        let mut leave = vec![0.0; self.size];
        for (best, weight) in &lists {
            leave.fill(f64::NEG_INFINITY);
            for &(next, kind, cost) in best {
                let from = seen.entry((next, kind)).or_insert_with(|| match next {
                    None => self.last[usize::from(kind)].clone(),
                    Some(n) => {
                        let v = values[n].as_ref().expect("the next level is solved");
                        self.after[usize::from(kind)]
                            .iter()
                            .map(|&i| v[i as usize])
                            .collect()
                    }
                });
                for (l, &f) in leave.iter_mut().zip(from.iter()) {
                    *l = l.max(f - cost);
                }
            }
            let chance = f64::from(*weight) / 7776.0;
            for (s, &l) in sum.iter_mut().zip(&leave) {
                *s += chance * l;
            }
        }
        if free.is_empty() {
            return sum;
        }
        // More marks first: a free ride's marks lead to a state already solved.
        let mut here = vec![0.0; self.size];
        let mut rolls: Vec<Roll1> = Vec::with_capacity(free.len());
        for i in (0..self.size).rev() {
            rolls.clear();
            for (weight, best) in &free {
                let mut roll = Roll1::new(*weight);
                for &(kind, cost) in best {
                    let j = self.after[usize::from(kind)][i] as usize;
                    if j == i {
                        roll.stay = Some(roll.stay.map_or(-cost, |s| s.max(-cost)));
                    } else {
                        roll.leave = roll.leave.max(here[j] - cost);
                    }
                }
                rolls.push(roll);
            }
            here[i] = fixed_point(sum[i], &rolls);
        }
        here
    }
}

/// Every group's value under `prices`, each group or its mirror image solved once.
fn solve_groups(groups: &[Vec<u8>], prices: &Prices) -> Vec<f64> {
    type Key = (Vec<u8>, [u64; 11]);
    let key = |rows: &Vec<u8>| -> Key {
        let m = mirror(rows);
        let (rows, prices) = if m < *rows {
            (m, prices.mirrored())
        } else {
            (rows.clone(), *prices)
        };
        (rows, prices.0.map(f64::to_bits))
    };
    let keys: Vec<Key> = groups.iter().map(key).collect();
    let mut unique = keys.clone();
    unique.sort();
    unique.dedup();
    let solved: Vec<f64> = unique
        .par_iter()
        .map(|(rows, bits)| group_value(rows, &Prices(bits.map(f64::from_bits))))
        .collect();
    keys.iter()
        .map(|k| solved[unique.binary_search(k).expect("every key is solved")])
        .collect()
}

/// The plain ceiling and the tight one that `solve solitaire-dice` states.
pub fn bounds() -> Bounds {
    let groups: Vec<Vec<u8>> = GROUPS.iter().map(|g| g.to_vec()).collect();
    let (alone, grouped) = rayon::join(
        || {
            (MIN_SUM..=MAX_SUM)
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(RowGame::solve)
                .collect::<Vec<_>>()
        },
        || solve_groups(&groups, &PRICES),
    );
    Bounds {
        plain: alone.iter().map(RowGame::value).sum(),
        alone,
        total: grouped.iter().sum(),
        groups: GROUPS.iter().copied().zip(grouped).collect(),
    }
}

/// What [`bounds`] found.
pub struct Bounds {
    /// Every row's game alone, no prices: the plainest ceiling.
    pub alone: Vec<RowGame>,
    /// Their sum.
    pub plain: f64,
    /// The groups of [`GROUPS`] under [`PRICES`], each with its value.
    pub groups: Vec<(&'static [u8], f64)>,
    /// Their sum: the ceiling.
    pub total: f64,
}

#[cfg(test)]
#[path = "bound_tests.rs"]
mod tests;
