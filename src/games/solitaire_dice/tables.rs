//! `dicelab table solitaire-dice`: exact chances of one roll, by enumerating all 7,776 ordered
//! rolls of five dice.
//!
//! These are the numbers a player weighs on every roll: how often a sum can be marked at all (and
//! twice), how often three chosen throwaway faces leave a free ride, and where greedy play puts its
//! first marks. Each is a count of rolls out of 7,776, so it is exact, and a statistical test
//! checks simulated rolls against it.

use crate::cells;
use crate::dice::pow6;
use crate::games::analysis::{Analysis, DataTable};

use super::policy::{GreedyUnder, View};
use super::roll::Roll;
use super::rules::{DICE, MAX_SUM, MIN_SUM, Rules, SUMS};
use super::sheet::Sheet;
use crate::games::policy::{OneStep, Policy};

/// Ordered rolls of five dice: every probability here is a count of them over this.
pub const ROLLS: u32 = pow6(DICE as u32) as u32;

/// Every ordered roll of five dice, each once.
fn every_roll() -> impl Iterator<Item = Roll> {
    (0..u64::from(ROLLS)).map(Roll::from_packed)
}

/// The most marks some legal division of `roll` puts on `sum` from `sheet` (0, 1 or 2).
pub fn most_marks(sheet: &Sheet, roll: &Roll, sum: u8) -> u8 {
    sheet
        .legal_choices(roll)
        .iter()
        .map(|c| c.sums().iter().filter(|&&s| s == sum).count() as u8)
        .max()
        .unwrap_or(0)
}

/// For one sum: in how many of the 7,776 rolls it can be marked, and what greedy does with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumChances {
    /// The sum, 2 to 12.
    pub sum: u8,
    /// Rolls some division of which marks the sum at least once (on an empty sheet, where every
    /// division is legal).
    pub can_one: u32,
    /// Rolls some division of which marks the sum twice.
    pub can_two: u32,
    /// Rolls on which greedy, from an empty sheet, marks the sum exactly once.
    pub greedy_one: u32,
    /// Rolls on which greedy, from an empty sheet, marks the sum twice.
    pub greedy_two: u32,
}

impl SumChances {
    /// P(a roll can mark the sum at least once).
    pub fn p_can_one(&self) -> f64 {
        f64::from(self.can_one) / f64::from(ROLLS)
    }

    /// P(a roll can mark the sum twice).
    pub fn p_can_two(&self) -> f64 {
        f64::from(self.can_two) / f64::from(ROLLS)
    }

    /// Greedy's mean marks on the sum from an empty sheet (the first roll of a game).
    pub fn greedy_mean_marks(&self) -> f64 {
        f64::from(self.greedy_one + 2 * self.greedy_two) / f64::from(ROLLS)
    }
}

/// [`SumChances`] of every sum, 2 to 12.
pub fn sum_chances() -> [SumChances; SUMS] {
    sum_chances_under(&Rules::TEXT)
}

/// [`SumChances`] of every sum under `rules`: greedy's first marks follow their scoring.
pub fn sum_chances_under(rules: &Rules) -> [SumChances; SUMS] {
    let sheet = Sheet::new();
    let mut out: [SumChances; SUMS] = std::array::from_fn(|i| SumChances {
        sum: MIN_SUM + i as u8,
        can_one: 0,
        can_two: 0,
        greedy_one: 0,
        greedy_two: 0,
    });
    for roll in every_roll() {
        let choices = sheet.legal_choices(&roll);
        let greedy = choices[OneStep(GreedyUnder { rules }).choose(
            &View {
                sheet: &sheet,
                roll: &roll,
            },
            &choices,
        )];
        for row in out.iter_mut() {
            let most = most_marks(&sheet, &roll, row.sum);
            row.can_one += u32::from(most >= 1);
            row.can_two += u32::from(most == 2);
            match greedy.sums().iter().filter(|&&s| s == row.sum).count() {
                1 => row.greedy_one += 1,
                2 => row.greedy_two += 1,
                _ => {}
            }
        }
    }
    out
}

/// For every set of three throwaway faces (ascending, 20 sets): the rolls showing none of them,
/// i.e. free rides once those three are chosen. Counted through [`Sheet::legal_choices`], so it
/// is the rules' own free ride, not a formula.
pub fn free_rides() -> Vec<(Vec<u8>, u32)> {
    free_rides_under(&Rules::TEXT)
}

/// [`free_rides`] under `rules`: every set of as many faces as they let a game throw away, in
/// ascending order. Counted through [`Sheet::legal_choices_under`] on a sheet with one mark per
/// face; when one mark ends the game (`end_marks=1`, so no free ride is ever played) the rolls
/// showing none of the faces are counted directly.
pub fn free_rides_under(rules: &Rules) -> Vec<(Vec<u8>, u32)> {
    let k = rules.throwaways.clamp(1, 6);
    let mut out = Vec::new();
    // Sets of k faces in ascending order: masks ordered by their faces read as words.
    let mut sets: Vec<Vec<u8>> = (0u8..64)
        .filter(|m| m.count_ones() == u32::from(k))
        .map(|m| (1..=6u8).filter(|f| m >> (f - 1) & 1 == 1).collect())
        .collect();
    sets.sort();
    for faces in sets {
        let rides = if rules.end_marks > 1 {
            let marks: Vec<(u8, u8)> = faces.iter().map(|&f| (f, 1)).collect();
            let sheet = Sheet::from_marks(&[], &marks)
                .expect("faces with one mark each, none at the end, is a legal sheet");
            every_roll()
                .filter(|r| {
                    sheet
                        .legal_choices_under(rules, r)
                        .first()
                        .is_some_and(|c| c.free_ride())
                })
                .count() as u32
        } else {
            every_roll()
                .filter(|r| faces.iter().all(|&f| !r.shows(f)))
                .count() as u32
        };
        out.push((faces, rides));
    }
    out
}

/// Every table and a text summary for the terminal, labelled with `rules_text`.
pub fn tables(rules_text: &str) -> Analysis {
    tables_under(&Rules::TEXT, rules_text)
}

/// [`tables`] under `rules`: greedy's first marks by their scoring, free rides by their number
/// of throwaway faces.
pub fn tables_under(rules: &Rules, rules_text: &str) -> Analysis {
    let p = |ways: u32| f64::from(ways) / f64::from(ROLLS);
    let mut text = format!(
        "solitaire-dice | {rules_text} | exact tables (all {ROLLS} ordered rolls of five dice)\n\n"
    );
    text.push_str(
        "One roll: the chance some division marks each sum, and greedy's marks on an empty sheet\n  \
         sum  can mark 1+  can mark 2   greedy 1   greedy 2  greedy mean\n",
    );
    let chances = sum_chances_under(rules);
    let mut sums = DataTable::new(
        "sum_chances",
        &[
            "sum",
            "rolls_can_mark_1",
            "p_can_mark_1",
            "rolls_can_mark_2",
            "p_can_mark_2",
            "p_greedy_marks_1",
            "p_greedy_marks_2",
            "greedy_mean_marks",
        ],
    );
    for c in &chances {
        text.push_str(&format!(
            "  {:>3} {:>11.6} {:>11.6} {:>10.6} {:>10.6} {:>12.6}\n",
            c.sum,
            c.p_can_one(),
            c.p_can_two(),
            p(c.greedy_one),
            p(c.greedy_two),
            c.greedy_mean_marks()
        ));
        sums.push(cells![
            c.sum,
            c.can_one,
            c.p_can_one(),
            c.can_two,
            c.p_can_two(),
            p(c.greedy_one),
            p(c.greedy_two),
            c.greedy_mean_marks(),
        ]);
    }
    debug_assert_eq!(chances.last().map(|c| c.sum), Some(MAX_SUM));
    let many = match rules.throwaways {
        1 => "one chosen throwaway face".to_string(),
        3 => "three chosen throwaway faces".to_string(),
        k => format!("{k} chosen throwaway faces"),
    };
    text.push_str(&format!(
        "\nFree rides: the chance a roll shows none of {many}\n"
    ));
    let rides = free_rides_under(rules);
    let mut free = DataTable::new(
        "free_ride_chances",
        &["throwaway_faces", "rolls", "probability"],
    );
    for (i, (faces, ways)) in rides.iter().enumerate() {
        let digits: String = faces.iter().map(|f| f.to_string()).collect();
        let words: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
        text.push_str(&format!("  {digits} {:.6}", p(*ways)));
        text.push(if i % 5 == 4 { '\n' } else { ' ' });
        free.push(cells![words.join(" "), *ways, p(*ways)]);
    }
    if text.ends_with(' ') {
        text.pop();
        text.push('\n');
    }
    Analysis {
        tables: vec![sums, free],
        charts: Vec::new(),
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial_at_least(k: i32, p: f64) -> f64 {
        // P(at least k of five dice show a face of chance p), from the binomial terms.
        let choose = |n: i32, r: i32| -> f64 {
            (0..r)
                .map(|i| f64::from(n - i) / f64::from(i + 1))
                .product()
        };
        (k..=5)
            .map(|j| choose(5, j) * p.powi(j) * (1.0 - p).powi(5 - j))
            .sum()
    }

    #[test]
    fn twos_and_twelves_need_pairs_of_ones_and_sixes() {
        let chances = sum_chances();
        let hand = 1.0 - (5.0f64 / 6.0).powi(5) - 5.0 * (1.0 / 6.0) * (5.0f64 / 6.0).powi(4);
        for sum in [2, 12] {
            let c = chances[usize::from(sum - MIN_SUM)];
            assert!((c.p_can_one() - hand).abs() < 1e-12, "{sum}");
            assert!((c.p_can_one() - binomial_at_least(2, 1.0 / 6.0)).abs() < 1e-12);
            // Twice needs four of the face: 5 x 5 + 1 = 26 rolls.
            assert_eq!(c.can_two, 26, "{sum}");
        }
        // 2 and 12 mirror each other, as do 3 and 11 and so on (faces 1 <-> 6).
        for i in 0..SUMS {
            let (a, b) = (chances[i], chances[SUMS - 1 - i]);
            assert_eq!((a.can_one, a.can_two), (b.can_one, b.can_two));
        }
    }

    #[test]
    fn a_three_needs_a_one_and_a_two() {
        // At least one 1 and one 2: 7776 - 2 x 5^5 + 4^5.
        let c = sum_chances()[1];
        assert_eq!(c.sum, 3);
        assert_eq!(c.can_one, 7776 - 2 * 3125 + 1024);
        // Twice: two 1's and two 2's among five dice: 5!/(2!2!1!) x 4 + 5!/(3!2!) x 2 = 140.
        assert_eq!(c.can_two, 120 + 20);
    }

    #[test]
    fn a_seven_can_almost_always_be_marked() {
        let seven = sum_chances()[5];
        assert_eq!(seven.sum, 7);
        assert!(seven.p_can_one() > seven.p_can_two());
        assert!(sum_chances().iter().all(|c| c.can_one <= seven.can_one));
    }

    #[test]
    fn greedy_marks_two_sums_every_roll() {
        let chances = sum_chances();
        let marks: u32 = chances
            .iter()
            .map(|c| c.greedy_one + 2 * c.greedy_two)
            .sum();
        assert_eq!(marks, 2 * ROLLS);
        for c in chances {
            assert!(c.greedy_one + c.greedy_two <= c.can_one && c.greedy_two <= c.can_two);
        }
    }

    #[test]
    fn every_set_of_three_faces_free_rides_one_roll_in_32() {
        let rides = free_rides();
        assert_eq!(rides.len(), 20);
        // Five dice each avoiding three faces: 3^5 = 243 rolls, (1/2)^5.
        assert!(rides.iter().all(|&(_, ways)| ways == 243));
        assert_eq!(rides[0].0, [1, 2, 3]);
        assert_eq!(rides[19].0, [4, 5, 6]);
    }

    #[test]
    fn most_marks_follows_the_sheet() {
        let sheet = Sheet::new();
        let r = Roll::new([1, 1, 1, 1, 6]).unwrap();
        assert_eq!(most_marks(&sheet, &r, 2), 2);
        assert_eq!(most_marks(&sheet, &r, 7), 1);
        assert_eq!(most_marks(&sheet, &r, 12), 0);
        // With 1, 2 and 3 thrown away, 1 must go: the four others are 1 1 1 6.
        let sheet = Sheet::from_marks(&[], &[(1, 1), (2, 1), (3, 1)]).unwrap();
        assert_eq!(most_marks(&sheet, &r, 2), 1);
    }

    #[test]
    fn tables_write_two_files_and_a_text() {
        let t = tables("players=1");
        let names: Vec<&str> = t.tables.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["sum_chances", "free_ride_chances"]);
        let first = &t.tables[0].rows[0];
        assert_eq!(first[..2], cells![2u8, 1526u32][..]);
        assert!(t.text.contains("456 0.031250"), "{}", t.text);
    }
}
