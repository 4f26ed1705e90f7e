//! One roll of expectimax over the projection: what a sheet is worth before its next roll,
//! the `projection` player's value of a division. The player runs it for every division it weighs,
//! so it is laid out as `lookahead`'s is (a constant and a table of row pairs per throwaway,
//! one pass over the 252 distinct rolls), apart from the evaluation of one sheet
//! ([`Projection::evaluate`]), which reads plainly and which this must equal on average.

use super::Projection;
use crate::games::solitaire_dice::heuristic::MARK_SLOTS;
use crate::games::solitaire_dice::lookahead::{DIVISION_VALUES, ROLLS as DIVISIONS, most};
use crate::games::solitaire_dice::rules::{
    END_MARKS, MAX_THROWAWAY_FACES, MIN_SUM, SUMS, sum_score,
};
use crate::games::solitaire_dice::sheet::Sheet;

impl Projection {
    /// What `sheet` is worth before its next roll: its score once the game is over, else the
    /// average over the 252 distinct next rolls of the best evaluation of their division.
    ///
    /// Built like [`lookahead`](super::super::lookahead): the throwaway of a division sets the
    /// rolls left, the chosen faces and the linear evaluation's phase, so per throwaway there is
    /// one constant and one table of row pairs, and a division costs two loads and an add. A
    /// pair that changes the share's denominator (it opens a row, or takes one into another
    /// band) moves every open row's share, so those pairs are valued whole (a sum over the open
    /// rows); the result is exactly the average of [`Projection::evaluate`] (a test holds them
    /// equal).
    pub fn expected(&self, sheet: &Sheet) -> f64 {
        if sheet.is_over() {
            return self.utility(sheet.score());
        }
        let marks = sheet.mark_rows();
        let throwaways = sheet.throwaway_rows();
        let score = f64::from(sheet.score());
        // Per throwaway outcome (faces 0 to 5, then 6 for a free ride): a constant and a table of
        // row pairs.
        let mut constant = [0.0f64; 7];
        let mut pairs = [[0.0f64; SUMS * SUMS]; 7];
        let mut chosen = 0u8;
        for (f, &t) in throwaways.iter().enumerate() {
            if t > 0 {
                chosen |= 1 << f;
            }
        }
        let full = chosen.count_ones() >= u32::from(MAX_THROWAWAY_FACES);
        let allowed = if full { chosen } else { 0x3F };
        for (k, table) in pairs.iter_mut().enumerate() {
            let mut next = throwaways;
            if k < 6 {
                if allowed & (1 << k) == 0 {
                    continue;
                }
                next[k] += 1;
            } else if !full {
                continue;
            }
            constant[k] = if next.iter().any(|&t| t >= END_MARKS) {
                // The division ends the game: its exact score.
                self.ending_pairs(sheet, table);
                score
            } else {
                self.open_pairs(&marks, &next, table)
            };
        }
        // Every division's value by face and pair, as lookahead keeps it (the same sums, so
        // the same bits).
        let mut values = [f64::NEG_INFINITY; DIVISION_VALUES];
        for (f, face) in values.chunks_exact_mut(SUMS * SUMS).take(6).enumerate() {
            if allowed & (1 << f) != 0 {
                for (v, p) in face.iter_mut().zip(&pairs[f]) {
                    *v = constant[f] + p;
                }
            }
        }
        let mut total = 0.0;
        for roll in DIVISIONS.iter() {
            let divisions = &roll.divisions[..usize::from(roll.len)];
            let best = if full && roll.shows & chosen == 0 {
                most(divisions, |d| pairs[6][usize::from(d.pair)]) + constant[6]
            } else {
                most(divisions, |d| {
                    values[usize::from(d.index) & (DIVISION_VALUES - 1)]
                })
            };
            total += roll.weight * best;
        }
        total
    }

    /// The row pairs of a division that ends the game (its throwaway face's last mark): the
    /// utility of the final score the pair makes, less the current score.
    fn ending_pairs(&self, sheet: &Sheet, table: &mut [f64; SUMS * SUMS]) {
        let marks = sheet.mark_rows();
        let score = f64::from(sheet.score());
        let mut one = [0.0f64; SUMS];
        let mut two = [0.0f64; SUMS];
        for row in 0..SUMS {
            let sum = MIN_SUM + row as u8;
            let m = marks[row];
            let now = sum_score(sum, m);
            one[row] = f64::from(sum_score(sum, m.saturating_add(1)) - now);
            two[row] = f64::from(sum_score(sum, m.saturating_add(2)) - now);
        }
        // Ending divisions: the utility of the final score, less the current score.
        for a in 0..SUMS {
            table[a * SUMS + a] = self.utility(sheet.score() + two[a] as i32) - score;
            for b in a + 1..SUMS {
                table[a * SUMS + b] =
                    self.utility(sheet.score() + (one[a] + one[b]) as i32) - score;
            }
        }
    }

    /// The row pairs of a division that leaves the game open, with the throwaways `next` it
    /// leaves, and its constant: the blend of the projection and the linear evaluation, each
    /// pair as its change from the constant.
    fn open_pairs(
        &self,
        marks: &[u8; SUMS],
        next: &[u8; 6],
        table: &mut [f64; SUMS * SUMS],
    ) -> f64 {
        let mut one = [0.0f64; SUMS];
        let mut two = [0.0f64; SUMS];
        let (w, rate) = self.rates(next);
        let z = self.denominator(marks, &w);
        let [pw, lw] = [self.params.values[5], self.params.values[6]];
        let lin = &self.linear.sums[usize::from(*next.iter().max().expect("six faces"))];
        let mut lin_base: f64 = (0..6)
            .map(|f| self.linear.faces[f][usize::from(next[f])])
            .sum();
        // Per row: the projection's change for one and two more marks at the same
        // denominator, the denominator's change, and the linear evaluation's changes.
        let mut base = 0.0;
        let mut d1 = [0.0f64; SUMS];
        let mut d2 = [0.0f64; SUMS];
        let mut lin_one = [0.0f64; SUMS];
        let mut lin_two = [0.0f64; SUMS];
        for row in 0..SUMS {
            let m = usize::from(marks[row]);
            let value = |m: usize| self.row_value(row, m, rate[row] * self.focus(m) / z);
            let v0 = value(m);
            base += v0;
            one[row] = value(m + 1) - v0;
            two[row] = value(m + 2) - v0;
            let g = self.focus(m);
            d1[row] = w[row] * (self.focus(m + 1) - g);
            d2[row] = w[row] * (self.focus(m + 2) - g);
            let t = &lin[row];
            let m = m.min(MARK_SLOTS - 3);
            lin_base += t[m];
            lin_one[row] = t[m + 1] - t[m];
            lin_two[row] = t[m + 2] - t[m];
        }
        let constant = pw * base + lw * lin_base;
        // A pair that changes the denominator (it opens a row, or takes one into
        // another band) moves every open row's share: those pairs are valued whole.
        let mut open = [0usize; SUMS];
        let mut n_open = 0;
        for (row, &m) in marks.iter().enumerate() {
            if m > 0 {
                open[n_open] = row;
                n_open += 1;
            }
        }
        let open = &open[..n_open];
        // The projection's change when rows `a` and `b` get `ea` and `eb` more marks
        // and the denominator becomes `z2`.
        let moved = |a: usize, ea: usize, b: usize, eb: usize, z2: f64| -> f64 {
            let mut v = 0.0;
            for &r in open {
                if r != a && r != b {
                    let m = usize::from(marks[r]);
                    v += self.row_value(r, m, rate[r] * self.focus(m) / z2);
                }
            }
            for (r, e) in [(a, ea), (b, eb)] {
                if e > 0 {
                    let m = usize::from(marks[r]) + e;
                    v += self.row_value(r, m, rate[r] * self.focus(m) / z2);
                }
            }
            v - base
        };
        for a in 0..SUMS {
            let p = if d2[a] != 0.0 {
                moved(a, 2, a, 0, z + d2[a])
            } else {
                two[a]
            };
            table[a * SUMS + a] = pw * p + lw * lin_two[a];
            for b in a + 1..SUMS {
                let p = if d1[a] != 0.0 || d1[b] != 0.0 {
                    moved(a, 1, b, 1, z + d1[a] + d1[b])
                } else {
                    one[a] + one[b]
                };
                table[a * SUMS + b] = pw * p + lw * (lin_one[a] + lin_one[b]);
            }
        }
        constant
    }
}
