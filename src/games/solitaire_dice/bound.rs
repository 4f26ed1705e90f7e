//! An upper bound on the mean score of every Solitaire Dice player, computed exactly: how far
//! from optimal can the best player be?
//!
//! The game is far too large to solve (eleven rows of marks and the throwaway clock), but it
//! relaxes into eleven small games that can be. A game's score is the sum of its rows' scores,
//! and what happens to one row depends only on that row's marks and on the throwaway faces: the
//! legal divisions of a roll, the clock and the end depend on nothing else. So for a row `s`,
//! the game in which only row `s` counts has the states (throwaway marks, marks of `s`), about
//! 84,000 of them, and its best expected score `V_s` is found by backward induction. Every
//! player of the real game also plays each of those games (its divisions are legal there, its
//! information is more than a state's), so its expected row score is at most `V_s` for every
//! row, and its mean score at most the sum of the `V_s`. The bound is loose where the eleven
//! players disagree about which division to take, which is most of the time: see
//! `docs/solitaire-dice.md`.
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
use super::rules::{DICE, END_MARKS, MARK_CAP, MAX_SUM, MAX_THROWAWAY_FACES, MIN_SUM, sum_score};
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
    /// Solves the game of row `sum`, each mark on it costing `price` points, by backward
    /// induction over the clock.
    pub fn solve(sum: u8, price: f64) -> Self {
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
                    let cost = price * f64::from(hits);
                    match m.next {
                        None => Ok(f64::from(sum_score(sum, after as u8)) - cost),
                        Some(next) if next == state && after == marks => Err(-cost),
                        Some(next) => Ok(values[next][after] - cost),
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
                let v = fixed_point(&per_roll);
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

/// The most rolls a game can be made to last on average, whatever is divided: the clock alone
/// solved, each roll worth one.
pub fn longest_game() -> f64 {
    let clocks = &*CLOCKS;
    let mut values = vec![0.0f64; clocks.states.len()];
    for state in 0..clocks.states.len() {
        let per_roll: Vec<Roll1> = clocks.moves[state]
            .iter()
            .map(|(weight, moves)| {
                let mut roll = Roll1::new(*weight);
                for m in moves {
                    match m.next {
                        None => roll.leave = roll.leave.max(1.0),
                        Some(next) if next == state => roll.stay = Some(1.0),
                        Some(next) => roll.leave = roll.leave.max(1.0 + values[next]),
                    }
                }
                roll
            })
            .collect();
        values[state] = fixed_point(&per_roll);
    }
    values[CLOCKS.index[&[0; 6]]]
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

/// The value `v` of a state from its rolls: `v = sum of chance x max(leave, stay + v)`, the
/// fixed point of a monotone map whose slope is at most the chance of a free ride (1/32), so a
/// few dozen steps reach it to the last bit.
fn fixed_point(rolls: &[Roll1]) -> f64 {
    let step = |v: f64| -> f64 {
        rolls
            .iter()
            .map(|r| r.chance * r.stay.map_or(r.leave, |gain| r.leave.max(gain + v)))
            .sum()
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

/// The bound at one price of a mark: every row's game with marks costing `price` (in parallel;
/// each is independent, so the result is the same on any number of threads), in the order of
/// the sums, and the bound they give with the longest game.
///
/// Every roll makes exactly two marks, so for any player `sum over rows of E[score_s]` equals
/// `sum over rows of E[score_s - price x marks_s] + price x 2 x E[rolls]`, which is at most the
/// rows' priced values plus `2 x price x longest_game()`. Price 0 is the plain decoupling; a
/// price makes each row's player pay for the marks it takes from the others.
pub fn bound_at(price: f64, longest: f64) -> (Vec<RowGame>, f64) {
    let games: Vec<RowGame> = (MIN_SUM..=MAX_SUM)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|sum| RowGame::solve(sum, price))
        .collect();
    let total = games.iter().map(RowGame::value).sum::<f64>() + 2.0 * price * longest;
    (games, total)
}

/// The tightest bound over prices of a mark, with the plain decoupling (price 0) beside it: the
/// bound is convex in the price (a maximum of lines), so a golden-section search over 0 to 100
/// points narrows in on its least value. Any price gives a valid bound, so the search stops after
/// a few steps (the bound moves by well under a point across the last interval); returns the
/// longest game, the plain row games and bound, and the best price with its row games and bound.
pub fn best_bound() -> Bounds {
    let longest = longest_game();
    let (plain_games, plain) = bound_at(0.0, longest);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0f64, 100.0f64);
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let mut at_a = bound_at(a, longest);
    let mut at_b = bound_at(b, longest);
    for _ in 0..6 {
        if at_a.1 <= at_b.1 {
            hi = b;
            (b, at_b) = (a, at_a);
            a = hi - ratio * (hi - lo);
            at_a = bound_at(a, longest);
        } else {
            lo = a;
            (a, at_a) = (b, at_b);
            b = lo + ratio * (hi - lo);
            at_b = bound_at(b, longest);
        }
    }
    let (price, (games, total)) = if at_a.1 <= at_b.1 {
        (a, at_a)
    } else {
        (b, at_b)
    };
    Bounds {
        longest,
        plain_games,
        plain,
        price,
        games,
        total,
    }
}

/// What [`best_bound`] found.
pub struct Bounds {
    /// The most rolls a game can be made to last on average.
    pub longest: f64,
    /// Every row's game alone, and the sum of their values.
    pub plain_games: Vec<RowGame>,
    /// The plain bound.
    pub plain: f64,
    /// The price of a mark that gave the tightest bound found.
    pub price: f64,
    /// Every row's game at that price.
    pub games: Vec<RowGame>,
    /// The tightest bound found.
    pub total: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_has_every_state_with_up_to_three_faces_below_eight_marks() {
        // 1 empty + 6 faces x 7 + 15 pairs x 49 + 20 triples x 343.
        assert_eq!(CLOCKS.states.len(), 1 + 42 + 735 + 6860);
        assert_eq!(CLOCKS.states.last(), Some(&[0; 6]), "the start comes last");
        // Every roll's moves are weighted by its ordered rolls, 7,776 in all.
        let total: u32 = CLOCKS.moves[0].iter().map(|(w, _)| w).sum();
        assert_eq!(total, 7776);
    }

    /// The solved value is what its own policy scores: games played by `OneStep(&row_game)` for
    /// row 3 (where play matters: 151 of a possible 350) average the row's value within 4
    /// standard errors, and a price on marks lowers the row's value by at least the marks'
    /// cost.
    #[test]
    fn a_rows_best_policy_scores_its_solved_value() {
        use super::super::play::play;
        use crate::games::policy::OneStep;
        use rand_xoshiro::Xoshiro256PlusPlus;
        use rand_xoshiro::rand_core::SeedableRng;

        let game = RowGame::solve(3, 0.0);
        let mut dice = Xoshiro256PlusPlus::seed_from_u64(11);
        let n = 20_000;
        let scores: Vec<f64> = (0..n)
            .map(|_| {
                let g = play(&mut OneStep(&game), &mut dice).unwrap();
                f64::from(sum_score(3, g.sheet.marks(3)))
            })
            .collect();
        let mean = scores.iter().sum::<f64>() / f64::from(n);
        let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
        let se = (var / f64::from(n)).sqrt();
        let z = (mean - game.value()) / se;
        assert!(
            z.abs() < 4.0,
            "mean {mean} value {} se {se} z {z}",
            game.value()
        );
        assert!((game.value() - 151.05).abs() < 0.01, "{}", game.value());
        let priced = RowGame::solve(3, 10.0);
        assert!(priced.value() < game.value());
    }

    #[test]
    fn a_row_at_its_cap_one_roll_from_the_end_is_worth_its_cap() {
        // Face 1 at seven marks with two others chosen: a roll showing a 1 must throw it away
        // and ends the game; a roll without a 1 throws away another face (or rides free).
        let game = RowGame::solve(7, 0.0);
        let state = CLOCKS.index[&[7, 7, 7, 0, 0, 0]];
        // Ten marks on 7 already: nothing can lower or raise the row's 150.
        assert!((game.values[state][10] - 150.0).abs() < 1e-9);
        // No mark: the row ends at 0 unless it is marked; marking it once costs 200, so the
        // best is to avoid it where possible, and the value lies between -200 and 0.
        let v = game.values[state][0];
        assert!((-200.0..=0.0).contains(&v), "{v}");
    }
}
