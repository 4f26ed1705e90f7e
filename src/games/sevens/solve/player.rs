//! The one interface of a Sevens player that decides a turn from solved values: the exact turn
//! ([`super::exact::Solution`]) and a position of the two- or three-player game solved to win.
//! Each says how many rolls it may use, what stopping is worth and what rolling is worth; how
//! those become decisions (the tie rule: between stopping and rolling of equal value a player
//! stops, and among kept sets of equal value it keeps the first) is written here once, so every
//! player decides the same way and simulation and exact values compare the same numbers.

use super::super::lookup::Lookup;
use super::super::rolls::RollOutcomes;
use super::super::rules::Kept;

/// Values closer than this are the same value to the whole-game solutions: a sum of chances
/// that should be exactly 1 can come out 1 + 2e-16, and a player must not roll again for
/// rounding.
pub(super) const SAME: f64 = 1e-12;

/// Whether `a` is worth more than `b` beyond rounding, as the whole-game solvers compare.
#[inline(always)]
pub(crate) fn better(a: f64, b: f64) -> bool {
    a > b + SAME
}

/// A player that decides a turn from solved values (see the module docs).
pub(crate) trait TurnPlayer {
    /// Values closer than this are equal to the player (0: only equal values are).
    const SAME: f64;

    /// Rolls the turn may use.
    fn allowed(&self) -> u8;

    /// The value of stopping with `kept` after roll `roll`.
    fn stop_value(&self, roll: u8, kept: Kept) -> f64;

    /// The value of rolling `dice` dice as roll `roll` and playing on as this player does.
    fn roll_value(&self, roll: u8, dice: u8) -> f64;

    /// Whether `a` is worth more than `b` to the player: the tie rule's one comparison.
    #[inline(always)]
    fn better(a: f64, b: f64) -> bool {
        a > b + Self::SAME
    }

    /// Whether to roll `kept` again after `roll`: never on the last roll or with no dice, and
    /// never where rolling is worth no more than stopping.
    #[inline(always)]
    fn rolls_again(&self, roll: u8, kept: Kept) -> bool {
        roll < self.allowed()
            && kept.dice > 0
            && Self::better(
                self.roll_value(roll + 1, kept.dice),
                self.stop_value(roll, kept),
            )
    }

    /// The value of keeping `kept` after `roll` and playing on: rolling where the player
    /// rolls, else stopping.
    #[inline(always)]
    fn value(&self, roll: u8, kept: Kept) -> f64 {
        if self.rolls_again(roll, kept) {
            self.roll_value(roll + 1, kept.dice)
        } else {
            self.stop_value(roll, kept)
        }
    }

    /// Which of `options` (the kept sets a roll can leave) to keep after `roll`: the first of
    /// the best.
    #[inline]
    fn choose(&self, roll: u8, options: &[Kept]) -> usize {
        let mut best = 0;
        if options.len() > 1 {
            let mut best_value = self.value(roll, options[0]);
            for (i, &k) in options.iter().enumerate().skip(1) {
                let v = self.value(roll, k);
                if Self::better(v, best_value) {
                    (best, best_value) = (i, v);
                }
            }
        }
        best
    }

    /// Plays one turn on pre-drawn `rolls`: (score, rolls used).
    #[inline]
    fn play(&self, lookup: &Lookup, outcomes: &RollOutcomes, rolls: &[u32]) -> (u8, u8) {
        self.play_with(lookup, outcomes, rolls, &mut |_| {})
    }

    /// [`play`](Self::play), telling `kept` what each throw kept: a record under
    /// `removal=subsets` writes the choice down (the run's own play passes a closure that does
    /// nothing, which compiles away).
    #[inline(always)]
    fn play_with(
        &self,
        lookup: &Lookup,
        outcomes: &RollOutcomes,
        rolls: &[u32],
        kept_by: &mut impl FnMut(Kept),
    ) -> (u8, u8) {
        let mut dice = lookup.start();
        for roll in 1..=self.allowed() {
            let options = &outcomes.sets[lookup.list(dice, rolls[usize::from(roll) - 1])];
            let kept = options[self.choose(roll, options)];
            kept_by(kept);
            if !self.rolls_again(roll, kept) {
                return (kept.sum, roll);
            }
            dice = kept.dice;
        }
        unreachable!("the last roll always stops")
    }

    /// The mover's luck over a turn played on `rolls` (`path`, what each throw kept, whoever
    /// chose it): each throw's value after it, with this player's best choice to come, less
    /// the value before it, the first throw's `start` (the turn's value before any throw).
    /// The value before a throw is the solver's average of the values after it, so each term
    /// has mean exactly 0 given what came before, and a game's sum is a control variate.
    fn luck_from(
        &self,
        start: f64,
        lookup: &Lookup,
        outcomes: &RollOutcomes,
        rolls: &[u32],
        path: &[Kept],
    ) -> f64 {
        let mut luck = 0.0;
        let mut dice = lookup.start();
        for (r, kept) in path.iter().enumerate() {
            let roll = r as u8 + 1;
            let before = if roll == 1 {
                start
            } else {
                self.roll_value(roll, dice)
            };
            let options = &outcomes.sets[lookup.list(dice, rolls[r])];
            luck += self.value(roll, options[self.choose(roll, options)]) - before;
            dice = kept.dice;
        }
        luck
    }
}

/// What the solved players' tests share.
#[cfg(test)]
pub(super) mod checks {
    use super::*;
    use crate::dice::pow6;

    /// Asserts that a throw's luck has mean exactly 0 in `view`'s turn, whoever plays: at every
    /// roll, for each number of dice in `later` (six on the first roll), the value before the
    /// throw (`start` before the first) is the average over its outcomes of the value after it,
    /// to rounding. `what` names the turn in a failure.
    pub(in super::super) fn check_mean_zero(
        outcomes: &RollOutcomes,
        view: &impl TurnPlayer,
        (start, later): (f64, &[u8]),
        what: &str,
    ) {
        for roll in 1..=view.allowed() {
            let dice = if roll == 1 { &[6][..] } else { later };
            for &n in dice {
                let before = if roll == 1 {
                    start
                } else {
                    view.roll_value(roll, n)
                };
                let total = pow6(u32::from(n)) as f64;
                let after: f64 = outcomes.ways[usize::from(n)]
                    .iter()
                    .map(|&(set, ways)| {
                        let options = &outcomes.sets[usize::from(set)];
                        let kept = options[view.choose(roll, options)];
                        ways as f64 / total * view.value(roll, kept)
                    })
                    .sum();
                assert!(
                    (after - before).abs() < 1e-12,
                    "{what} roll {roll}, {n} dice: {before} before, {after} after"
                );
            }
        }
    }
}
