//! How a player divides each roll in Solitaire Dice: the decision ([`DivideRoll`]) and the
//! greedy player's value.
//!
//! A policy only ever picks an index into the legal choices, so whatever it does it cannot break
//! a rule; the game code stays the single place that knows them. [`Random`](crate::games::policy::Random) is the floor any
//! policy should beat and greedy (`OneStep(Greedy)`) the obvious first idea. Every
//! built-in player but random is a [`OneStep`](crate::games::policy::OneStep) over a [`Value`] of a division: [`Greedy`] (the
//! score it adds now), [`Heuristic`](super::heuristic::Heuristic) (an evaluation of the sheet it
//! leaves), [`Lookahead`](super::lookahead::Lookahead) and
//! [`Projected`](super::projection::Projected) (expectations over the next
//! roll). A library user's own
//! policy plugs into [`play`](super::play::play) the same way:
//!
//! ```
//! use dicelab::games::solitaire_dice::play::play;
//! use dicelab::games::solitaire_dice::policy::{DivideRoll, Greedy, View};
//! use dicelab::games::solitaire_dice::Choice;
//! use dicelab::games::policy::{OneStep, Policy};
//! use rand_xoshiro::Xoshiro256PlusPlus;
//! use rand_xoshiro::rand_core::SeedableRng;
//!
//! /// Keeps to the three faces already thrown away, and otherwise plays greedily.
//! struct Faithful;
//!
//! impl Policy<DivideRoll> for Faithful {
//!     fn choose(&mut self, view: &View, choices: &[Choice]) -> usize {
//!         let greedy = OneStep(Greedy).choose(view, choices);
//!         let known = |c: &Choice| c.throwaway().is_some_and(|f| view.sheet.throwaway_marks(f) > 0);
//!         if known(&choices[greedy]) {
//!             greedy
//!         } else {
//!             choices.iter().position(known).unwrap_or(greedy)
//!         }
//!     }
//! }
//!
//! let mut dice = Xoshiro256PlusPlus::seed_from_u64(7);
//! let game = play(&mut Faithful, &mut dice)?;
//! assert!(game.sheet.is_over());
//! assert_eq!(game.score, game.sheet.score());
//! assert!(game.rolls >= 8, "a face needs eight marks");
//! # Ok::<(), dicelab::Error>(())
//! ```

use crate::games::policy::{Decision, Value};

use super::choice::Choice;
use super::roll::Roll;
use super::rules::Rules;
use super::sheet::Sheet;

/// The decision of every roll: what the player sees ([`View`]) and what they choose among (the
/// legal `Choice`s, in the order [`Sheet::legal_choices`] documents). Policies implement
/// [`Policy<DivideRoll>`](crate::games::policy::Policy).
#[derive(Clone, Copy, Debug)]
pub enum DivideRoll {}

impl Decision for DivideRoll {
    type View<'a> = View<'a>;
    type Choice = Choice;
}

/// What a player sees when dividing a roll: their sheet and the roll.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The player's sheet before the roll is divided.
    pub sheet: &'a Sheet,
    /// The roll to divide.
    pub roll: &'a Roll,
}

impl View<'_> {
    /// The sheet after `choice`: what most players value a division by.
    #[inline]
    pub fn after(&self, choice: Choice) -> Sheet {
        let mut after = *self.sheet;
        after.apply(choice);
        after
    }
}

/// Greedy's value of a division: how much it raises the sheet's score right now (or lowers it
/// least), with no thought for later rolls or for the throwaway marks that end the game. The
/// greedy player is `OneStep(Greedy)`.
///
/// Ties go to the first best choice in the order of [`Sheet::legal_choices`]: the lowest
/// set-aside face, then the smallest pair sum (as every [`OneStep`](crate::games::policy::OneStep) breaks them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Greedy;

impl Value<DivideRoll> for Greedy {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        f64::from(view.sheet.score_change(*choice))
    }
}

/// [`Greedy`] under a house rule: the score a division adds right now by the rules' own
/// scoring; under the text's rules it is [`Greedy`]'s value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GreedyUnder<'a> {
    /// The rules whose scoring it follows.
    pub rules: &'a Rules,
}

impl Value<DivideRoll> for GreedyUnder<'_> {
    #[inline]
    fn value(&self, view: &View, choice: &Choice) -> f64 {
        f64::from(view.sheet.score_change_under(self.rules, *choice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::policy::{OneStep, Policy};

    fn roll(faces: [u8; 5]) -> Roll {
        Roll::new(faces).unwrap()
    }

    #[test]
    fn greedy_takes_the_best_change() {
        // 6 and 7 at five marks each: 1+5, 1+6 (throw away 3) gains 40 + 30; everything else
        // opens a new row at -200.
        let sheet = Sheet::from_marks(&[(6, 5), (7, 5)], &[]).unwrap();
        let r = roll([1, 1, 3, 5, 6]);
        let choices = sheet.legal_choices(&r);
        let c = choices[OneStep(Greedy).choose(
            &View {
                sheet: &sheet,
                roll: &r,
            },
            &choices,
        )];
        assert_eq!((c.set_aside(), c.sums()), (3, [6, 7]));
        assert_eq!(sheet.score_change(c), 70);
    }

    #[test]
    fn greedy_breaks_ties_by_the_lowest_set_aside_face_then_the_smallest_sum() {
        // On an empty sheet 1 2 3 4 5 offers three choices that open one row (-200): throw away
        // 1 for 7+7, 3 for 6+6 and 5 for 5+5. The first in the list wins.
        let sheet = Sheet::new();
        let r = roll([1, 2, 3, 4, 5]);
        let choices = sheet.legal_choices(&r);
        let best: Vec<&Choice> = choices
            .iter()
            .filter(|c| sheet.score_change(**c) == -200)
            .collect();
        assert_eq!(best.len(), 3);
        let c = choices[OneStep(Greedy).choose(
            &View {
                sheet: &sheet,
                roll: &r,
            },
            &choices,
        )];
        assert_eq!((c.set_aside(), c.sums()), (1, [7, 7]));
        // Same sheet, same roll: same answer every time.
        assert_eq!(
            OneStep(Greedy).choose(
                &View {
                    sheet: &sheet,
                    roll: &r
                },
                &choices
            ),
            OneStep(Greedy).choose(
                &View {
                    sheet: &sheet,
                    roll: &r
                },
                &choices
            )
        );
    }
}
