//! The `lookahead` policy: one roll of expectimax on top of a sheet evaluation.
//!
//! For each legal choice it asks what the sheet is worth after the *next* roll is divided as well
//! as the evaluation allows: the average, over the 252 distinct rolls weighted by how many of the
//! 7,776 ordered rolls each stands for, of the best evaluation of the next division. That sees
//! what the heuristic alone cannot: how likely the dice are to feed a sum, and which choices leave
//! good divisions open.
//!
//! Speed is the point of this file. The 252 rolls and their divisions (face set aside and the row
//! pair) are listed once (`ROLLS`, private). For one candidate sheet every division's value is one of
//! three things: the score plus the score change of its rows (it ends the game), or the sheet's
//! evaluation plus its rows' change and its face's change in the phase the throwaway leads to
//! (the phase rises by at most one), or, on a free ride, the rows' change alone. So per sheet we
//! build three 11 x 11 tables of row-pair changes and one constant per face, and from them one
//! table of every division's value by face and pair (6 x 121 sums): a division is then one load
//! and a comparison, and a roll's best division is taken in two interleaved runs of comparisons.
//! That halved the time of a lookahead game (two loads, an add and a branch on the face a
//! division before). Nothing is allocated per decision.

use std::sync::LazyLock;

use super::choice::Choice;
use super::heuristic::{Evaluator, MARK_SLOTS, PHASES};
use super::policy::{DivideRoll, View};
use super::roll::Roll;
use super::rules::{DICE, END_MARKS, MAX_CHOICES, MAX_THROWAWAY_FACES, MIN_SUM, SUMS, sum_score};
use super::sheet::Sheet;
use crate::games::policy::Value;

/// Distinct rolls of five dice (multisets of five faces).
pub(crate) const DISTINCT_ROLLS: usize = 252;

/// One way to divide a roll: the two rows as one index into an 11 x 11 table, and with the face
/// set aside (0 for the face 1) as one index into a table of six of them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Division {
    pub(super) pair: u8,
    /// `face * 121 + pair`: the division's place in a table of every face's pair values.
    pub(super) index: u16,
}

/// A distinct roll: its weight (ordered rolls / 7,776), the faces it shows, its divisions.
#[derive(Clone, Copy, Debug)]
pub(super) struct RollEntry {
    pub(super) weight: f64,
    pub(super) shows: u8,
    pub(super) len: u8,
    pub(super) divisions: [Division; MAX_CHOICES],
}

/// The 252 distinct rolls with their weights and every division, built once.
pub(super) static ROLLS: LazyLock<Vec<RollEntry>> = LazyLock::new(|| {
    let mut out = Vec::with_capacity(DISTINCT_ROLLS);
    let empty = Sheet::new();
    for roll in Roll::distinct() {
        let faces = roll.faces();
        // Ordered rolls per multiset: 5! / prod(count!).
        let mut counts = [0u32; 6];
        for &f in &faces {
            counts[usize::from(f - 1)] += 1;
        }
        let fact = |n: u32| (1..=n).product::<u32>();
        let ordered = fact(DICE as u32) / counts.iter().map(|&c| fact(c)).product::<u32>();
        let mut entry = RollEntry {
            weight: f64::from(ordered) / 7776.0,
            shows: faces.iter().fold(0, |m, &f| m | 1 << (f - 1)),
            len: 0,
            divisions: [Division::default(); MAX_CHOICES],
        };
        for c in empty.legal_choices(&roll).iter() {
            let [a, b] = c.sums().map(|s| usize::from(s - MIN_SUM));
            let face = c.set_aside() - 1;
            let pair = a * SUMS + b;
            entry.divisions[usize::from(entry.len)] = Division {
                pair: pair as u8,
                index: (usize::from(face) * SUMS * SUMS + pair) as u16,
            };
            entry.len += 1;
        }
        out.push(entry);
    }
    out
});

/// The size of the table of every face's pair values (6 x 121 used): a power of two, so an index
/// masked to it needs no bounds check in the hot loop.
pub(super) const DIVISION_VALUES: usize = 1024;

/// The `lookahead` player's value of a division: one roll of expectimax over an [`Evaluator`]
/// from the sheet it leaves. The player is `OneStep(Lookahead::new(&evaluator))`.
#[derive(Clone, Copy, Debug)]
pub struct Lookahead<'a> {
    evaluator: &'a Evaluator,
    rolls: &'a [RollEntry],
}

impl<'a> Lookahead<'a> {
    /// The value over `evaluator`'s weights (the first one built lists the 252 rolls).
    pub fn new(evaluator: &'a Evaluator) -> Self {
        Self {
            evaluator,
            rolls: &ROLLS,
        }
    }

    /// What `sheet` is worth before its next roll: its score once the game is over, else the
    /// average over the next roll of the best evaluation of its division.
    pub fn expected(&self, sheet: &Sheet) -> f64 {
        if sheet.is_over() {
            return f64::from(sheet.score());
        }
        let e = self.evaluator;
        let marks = sheet.mark_rows();
        let throwaways = sheet.throwaway_rows();
        let phase = usize::from(*throwaways.iter().max().expect("six faces"));
        let next_phase = (phase + 1).min(PHASES - 1);
        // Per row: the evaluation's change for one and two more marks in this phase and the next
        // (`rise`), and the score's.
        let mut base = [0.0f64; 2];
        let mut one = [[0.0f64; SUMS]; 3];
        let mut two = [[0.0f64; SUMS]; 3];
        for (row, &m) in marks.iter().enumerate() {
            let m = usize::from(m).min(MARK_SLOTS - 3);
            for (k, p) in [phase, next_phase].into_iter().enumerate() {
                let t = &e.sums[p][row];
                base[k] += t[m];
                one[k][row] = t[m + 1] - t[m];
                two[k][row] = t[m + 2] - t[m];
            }
            let sum = MIN_SUM + row as u8;
            let m = marks[row];
            let now = sum_score(sum, m);
            one[2][row] = f64::from(sum_score(sum, m.saturating_add(1)) - now);
            two[2][row] = f64::from(sum_score(sum, m.saturating_add(2)) - now);
        }
        let mut pairs = [[0.0f64; SUMS * SUMS]; 3];
        for (k, table) in pairs.iter_mut().enumerate() {
            for a in 0..SUMS {
                for b in a..SUMS {
                    table[a * SUMS + b] = if a == b {
                        two[k][a]
                    } else {
                        one[k][a] + one[k][b]
                    };
                }
            }
        }
        let faces_now: f64 = (0..6).map(|f| e.faces[f][usize::from(throwaways[f])]).sum();
        // Per face: the constant of a division setting it aside, and which pair table it uses.
        let mut constant = [0.0f64; 6];
        let mut table = [0usize; 6];
        let mut chosen = 0u8;
        for f in 0..6 {
            let t = usize::from(throwaways[f]);
            if t > 0 {
                chosen |= 1 << f;
            }
            if t + 1 >= usize::from(END_MARKS) {
                constant[f] = f64::from(sheet.score());
                table[f] = 2;
            } else {
                let k = usize::from(t + 1 > phase);
                constant[f] = base[k] + faces_now + e.faces[f][t + 1] - e.faces[f][t];
                table[f] = k;
            }
        }
        let full = chosen.count_ones() >= u32::from(MAX_THROWAWAY_FACES);
        let free_constant = base[0] + faces_now;
        // Every division's value in one table, by face and pair: the same sum as the constant
        // plus the pair's change, so the same bits; a face that may not be set aside is worth
        // nothing a maximum can pick.
        let allowed = if full { chosen } else { 0x3F };
        let mut values = [f64::NEG_INFINITY; DIVISION_VALUES];
        for (f, face) in values.chunks_exact_mut(SUMS * SUMS).take(6).enumerate() {
            if allowed & (1 << f) != 0 {
                for (v, p) in face.iter_mut().zip(&pairs[table[f]]) {
                    *v = constant[f] + p;
                }
            }
        }
        let mut total = 0.0;
        for roll in self.rolls {
            let divisions = &roll.divisions[..usize::from(roll.len)];
            let best = if full && roll.shows & chosen == 0 {
                most(divisions, |d| pairs[0][usize::from(d.pair)]) + free_constant
            } else {
                most(divisions, |d| {
                    values[usize::from(d.index) & (DIVISION_VALUES - 1)]
                })
            };
            total += roll.weight * best;
        }
        total
    }
}

/// The largest `value` of `divisions` (minus infinity for none), taken in two interleaved runs
/// so consecutive comparisons do not wait on each other. A maximum is exact whatever the order
/// (no value is NaN), so this is the same number as a maximum taken in turn: the choices and
/// every report stay byte-identical.
#[inline(always)]
pub(super) fn most(divisions: &[Division], value: impl Fn(&Division) -> f64) -> f64 {
    let larger = |a: f64, b: f64| if b > a { b } else { a };
    let (mut even, mut odd) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    let mut pairs = divisions.chunks_exact(2);
    for pair in &mut pairs {
        even = larger(even, value(&pair[0]));
        odd = larger(odd, value(&pair[1]));
    }
    if let [last] = pairs.remainder() {
        even = larger(even, value(last));
    }
    larger(even, odd)
}

impl Value<DivideRoll> for Lookahead<'_> {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        self.expected(&view.after(*choice))
    }
}

/// The definition of one roll of expectimax over `evaluate`, slowly: every ordered roll, every
/// legal choice, the best evaluation. The fast expectations of [`Lookahead`] and of `best`'s
/// projection are held to it.
#[cfg(test)]
pub(super) fn expected_by_definition(sheet: &Sheet, evaluate: impl Fn(&Sheet) -> f64) -> f64 {
    if sheet.is_over() {
        return f64::from(sheet.score());
    }
    let ordered = crate::dice::pow6(super::rules::DICE as u32);
    let mut total = 0.0;
    for packed in 0..ordered {
        let roll = Roll::from_packed(packed);
        let best = sheet
            .legal_choices(&roll)
            .iter()
            .map(|&c| {
                let mut after = *sheet;
                after.apply(c);
                evaluate(&after)
            })
            .fold(f64::NEG_INFINITY, f64::max);
        total += best;
    }
    total / ordered as f64
}

#[cfg(test)]
mod tests {
    use super::super::heuristic::Weights;
    use super::super::play::play;
    use super::super::policy::Greedy;
    use super::*;
    use crate::games::policy::OneStep;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    #[test]
    fn the_252_rolls_weigh_7776() {
        assert_eq!(ROLLS.len(), DISTINCT_ROLLS);
        let total: f64 = ROLLS.iter().map(|r| r.weight * 7776.0).sum();
        assert!((total - 7776.0).abs() < 1e-9, "{total}");
        assert!(ROLLS.iter().all(|r| (1..=15).contains(&r.len)));
    }

    #[test]
    fn the_fast_expectation_is_the_definition() {
        let evaluators = [
            Evaluator::new(&Weights::built_in()),
            Evaluator::new(&Weights::built_in_lookahead()),
            Evaluator::new(&Weights::greedy()),
        ];
        let sheets = [
            Sheet::new(),
            Sheet::from_marks(&[(7, 3), (8, 5)], &[(2, 1)]).unwrap(),
            // Three faces chosen: must-use and free rides; one face a roll from the end.
            Sheet::from_marks(&[(6, 4), (7, 9), (2, 1)], &[(1, 7), (4, 2), (6, 5)]).unwrap(),
            Sheet::from_marks(
                &[(3, 2), (5, 7), (7, 8), (8, 4), (9, 5)],
                &[(1, 6), (2, 4), (5, 3)],
            )
            .unwrap(),
            // Two faces near the end, the phase rising.
            Sheet::from_marks(&[(12, 11), (10, 1)], &[(3, 6), (5, 5)]).unwrap(),
            Sheet::from_marks(&[(7, 2)], &[(3, 8)]).unwrap(),
        ];
        for e in &evaluators {
            let fast = Lookahead::new(e);
            for sheet in &sheets {
                let (a, b) = (
                    fast.expected(sheet),
                    expected_by_definition(sheet, |s| e.evaluate(s)),
                );
                assert!((a - b).abs() < 1e-6, "{sheet:?}: {a} vs {b}");
            }
        }
    }

    #[test]
    fn lookahead_beats_greedy_on_the_same_dice() {
        let e = Evaluator::new(&Weights::built_in_lookahead());
        let (mut ours, mut greedy) = (0i64, 0i64);
        for seed in 0..150 {
            let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
            ours += i64::from(
                play(&mut OneStep(Lookahead::new(&e)), &mut dice)
                    .unwrap()
                    .score,
            );
            let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
            greedy += i64::from(play(&mut OneStep(Greedy), &mut dice).unwrap().score);
        }
        assert!(ours > greedy, "{ours} vs {greedy}");
    }
}
