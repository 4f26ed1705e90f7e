//! The one shape of a decision rule in games where a player picks among legal choices: Solitaire
//! Dice (how to divide a roll) and the card game 7 (which card to lay).
//!
//! A policy only ever returns an index into the choices the game lists, so whatever it does it
//! cannot break a rule: the game's code stays the single place that knows them. Each game names
//! what a player sees and what a choice is through [`Decision`], so one trait (and one
//! [`Random`], the floor any policy should beat) serves every game.
//!
//! A player that rates each choice and takes the best is one generic [`OneStep`] over a
//! [`Value`], so such players differ only in what they rate, never in how they break ties.
//!
//! Sevens is the exception on purpose: its decision states are few enough that a policy is a pure
//! function compiled once into a table (`sevens::policy::StopPolicy`), which is what makes its
//! hot loop fast; a policy with memory or a generator would not compile that way.

use rand::RngExt;
use rand_xoshiro::rand_core::Rng;

/// What a game shows a player at a decision, and what the player chooses among.
pub trait Decision {
    /// What the player sees when choosing (borrowed from the game's state).
    type View<'a>;
    /// One legal choice.
    type Choice;
}

/// A way to choose that a library user can write.
///
/// `&mut self` so that a policy may keep state across decisions and games (a generator, memory of
/// what it has seen).
pub trait Policy<D: Decision + ?Sized> {
    /// The index in `choices` of the choice to make.
    ///
    /// `choices` is never empty and is ordered as the game documents. An index out of range is a
    /// bug in the policy: the game reports it (Solitaire Dice) or panics (7).
    fn choose(&mut self, view: &D::View<'_>, choices: &[D::Choice]) -> usize;
}

impl<D: Decision + ?Sized, P: Policy<D> + ?Sized> Policy<D> for &mut P {
    fn choose(&mut self, view: &D::View<'_>, choices: &[D::Choice]) -> usize {
        (**self).choose(view, choices)
    }
}

impl<D: Decision + ?Sized, P: Policy<D> + ?Sized> Policy<D> for Box<P> {
    fn choose(&mut self, view: &D::View<'_>, choices: &[D::Choice]) -> usize {
        (**self).choose(view, choices)
    }
}

/// What a one-step player rates a choice by, higher being better: the score a choice adds now,
/// an evaluation of the position it leaves, an expectation over the next roll. Written once per
/// idea; [`OneStep`] turns any of them into a player, so every such player breaks ties the same
/// way.
pub trait Value<D: Decision + ?Sized> {
    /// The value of making `choice` when the player sees `view`; never NaN.
    fn value(&self, view: &D::View<'_>, choice: &D::Choice) -> f64;
}

impl<D: Decision + ?Sized, V: Value<D> + ?Sized> Value<D> for &V {
    fn value(&self, view: &D::View<'_>, choice: &D::Choice) -> f64 {
        (**self).value(view, choice)
    }
}

impl<D: Decision + ?Sized, V: Value<D> + ?Sized> Value<D> for Box<V> {
    fn value(&self, view: &D::View<'_>, choice: &D::Choice) -> f64 {
        (**self).value(view, choice)
    }
}

/// The player that makes the choice its [`Value`] rates highest, the first of equal ones in the
/// order the game lists them: deterministic without drawing anything, so two runs on the same
/// chance agree exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OneStep<V>(pub V);

impl<D: Decision + ?Sized, V: Value<D>> Policy<D> for OneStep<V> {
    #[inline]
    fn choose(&mut self, view: &D::View<'_>, choices: &[D::Choice]) -> usize {
        first_best(choices, |choice| self.0.value(view, choice))
    }
}

/// The index of the first of `choices` (never empty) that `value` rates highest.
#[inline]
pub fn first_best<C>(choices: &[C], mut value: impl FnMut(&C) -> f64) -> usize {
    let mut best = 0;
    let mut best_value = value(&choices[0]);
    for (i, choice) in choices.iter().enumerate().skip(1) {
        let v = value(choice);
        // Strictly greater: an equal later choice never replaces the first.
        if v > best_value {
            best = i;
            best_value = v;
        }
    }
    best
}

/// Every legal choice equally likely: the floor any policy should beat, in every game.
///
/// It draws from its own generator, not the game's, so the dice or cards a game sees do not
/// depend on the policies: games played by different policies from the same seed see the same
/// chance.
#[derive(Clone, Debug)]
pub struct Random<R> {
    rng: R,
}

impl<R: Rng> Random<R> {
    /// A random policy drawing from `rng` (for example a seeded `Xoshiro256PlusPlus`).
    pub fn new(rng: R) -> Self {
        Self { rng }
    }

    /// The index of one of `n` choices, each equally likely: `rand`'s `random_range`, exactly
    /// uniform under its `unbiased` feature. It draws a `u64` (not the `u32` a `usize` range
    /// would), so a seed picks what it picked before `rand` was used, but for a chance of about
    /// `n / 2^64` a draw.
    pub fn pick(&mut self, n: usize) -> usize {
        self.rng.random_range(..n as u64) as usize
    }
}

impl<D: Decision + ?Sized, R: Rng> Policy<D> for Random<R> {
    fn choose(&mut self, _: &D::View<'_>, choices: &[D::Choice]) -> usize {
        self.pick(choices.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    /// A game whose player sees a number and picks among letters.
    struct Letters;

    impl Decision for Letters {
        type View<'a> = u32;
        type Choice = char;
    }

    /// Picks the choice at the index it sees, wrapped.
    struct Echo;

    impl Policy<Letters> for Echo {
        fn choose(&mut self, view: &u32, choices: &[char]) -> usize {
            *view as usize % choices.len()
        }
    }

    fn pick(mut policy: impl Policy<Letters>, view: u32) -> usize {
        policy.choose(&view, &['a', 'b', 'c'])
    }

    #[test]
    fn policies_work_through_references_and_boxes() {
        let boxed: Box<dyn Policy<Letters>> = Box::new(Echo);
        assert_eq!(pick(boxed, 4), 1);
        assert_eq!(pick(&mut Echo, 5), 2);
    }

    /// Rates a letter by how far into the alphabet it is, capped at the letter seen.
    struct UpTo;

    impl Value<Letters> for UpTo {
        fn value(&self, view: &u32, choice: &char) -> f64 {
            f64::from(u32::from(*choice).min(*view))
        }
    }

    #[test]
    fn the_one_step_player_takes_the_first_best_choice() {
        let letters = ['b', 'd', 'c', 'd'];
        // 'd' is the best, first at index 1, not 3.
        assert_eq!(OneStep(UpTo).choose(&1000, &letters), 1);
        // Capped at 'c': 'd', 'c' and 'd' tie, and the first of them wins.
        assert_eq!(OneStep(UpTo).choose(&u32::from('c'), &letters), 1);
        assert_eq!(first_best(&['a'], |_| f64::NEG_INFINITY), 0);
        // Through a reference and a box, as a game holds a value it borrows or chose at run time.
        let boxed: Box<dyn Value<Letters>> = Box::new(UpTo);
        assert_eq!(OneStep(&boxed).choose(&1000, &letters), 1);
    }

    #[test]
    fn random_is_uniform_over_the_choices() {
        let mut policy = Random::new(Xoshiro256PlusPlus::seed_from_u64(11));
        let choices = ['x'; 15];
        let mut counts = [0u32; 15];
        for _ in 0..15_000 {
            counts[Policy::<Letters>::choose(&mut policy, &0, &choices)] += 1;
        }
        // Each count is binomial(15000, 1/15): mean 1000, sd 30.6; 200 is 6.5 sd.
        assert!(
            counts.iter().all(|&c| (800..=1200).contains(&c)),
            "{counts:?}"
        );
        // A single choice is always taken.
        assert_eq!(Policy::<Letters>::choose(&mut policy, &0, &['y']), 0);
    }
}
