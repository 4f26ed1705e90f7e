//! Playing whole games of Solitaire Dice with a policy.
//!
//! [`play`] draws each roll of five dice from a generator through [`crate::dice`]; `play_rolls`
//! takes the rolls from any source, so scripted games (tests, the text's examples) and several
//! players sharing the same rolls use the same code.

use rand_xoshiro::rand_core::Rng;

use crate::dice::roll_packed;
use crate::error::{Error, Result};

use super::choice::Choices;
use super::policy::{DivideRoll, View};
use super::roll::Roll;
use super::rules::{DICE, END_MARKS, Rules};
pub use super::rules::{MAX_ROLLS, WIN_SCORE};
use super::sheet::Sheet;
use crate::games::policy::Policy;

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The final score ([`Sheet::score`] of the final sheet).
    pub score: i32,
    /// Rolls played, the ending roll included.
    pub rolls: u32,
    /// Rolls that were free rides (no throwaway mark).
    pub free_rides: u32,
    /// The final sheet, for anything the summary does not say.
    pub sheet: Sheet,
}

impl Outcome {
    /// Whether the game counts as a win: the text's 500 points or more.
    pub fn won(&self) -> bool {
        self.score >= WIN_SCORE
    }

    /// Whether the game counts as a win under `rules`: their `win` points or more.
    pub fn won_under(&self, rules: &Rules) -> bool {
        self.score >= rules.win
    }
}

/// Plays one game from an empty sheet, rolling five dice from `dice` for every roll.
///
/// The generator is only used for the dice (one draw per roll, almost never two), so a policy
/// that needs randomness brings its own and every policy sees the same rolls from the same seed.
pub fn play<P, R>(policy: &mut P, dice: &mut R) -> Result<Outcome>
where
    P: Policy<DivideRoll> + ?Sized,
    R: Rng + ?Sized,
{
    play_rolls(
        policy,
        std::iter::repeat_with(|| Roll::from_packed(roll_packed(dice, DICE as u32))),
    )
}

/// Plays one game from an empty sheet on the given rolls, stopping after the roll that ends it
/// (later rolls are not taken from the iterator).
///
/// An error if the rolls run out first, if the game takes [`MAX_ROLLS`] rolls without ending, or
/// if the policy picks an index outside the legal choices.
pub(crate) fn play_rolls<P, I>(policy: &mut P, rolls: I) -> Result<Outcome>
where
    P: Policy<DivideRoll> + ?Sized,
    I: IntoIterator<Item = Roll>,
{
    play_rolls_from(Sheet::new(), policy, rolls)
}

/// Plays on from `sheet` (a position mid-game, as a coach's play-outs need) on the given rolls,
/// as [`play_rolls`] does from an empty one; `rolls` and `free_rides` count the rolls played from
/// here.
pub(crate) fn play_rolls_from<P, I>(sheet: Sheet, policy: &mut P, rolls: I) -> Result<Outcome>
where
    P: Policy<DivideRoll> + ?Sized,
    I: IntoIterator<Item = Roll>,
{
    play_loop(
        sheet,
        policy,
        rolls,
        END_MARKS,
        Sheet::is_over,
        Sheet::legal_choices,
        Sheet::score,
    )
}

/// [`play_rolls_from`] under `rules` (a house rule's numbers): the same game loop, reading the
/// end, the legal choices and the score from the rules.
pub(crate) fn play_rolls_under<P, I>(
    rules: &Rules,
    sheet: Sheet,
    policy: &mut P,
    rolls: I,
) -> Result<Outcome>
where
    P: Policy<DivideRoll> + ?Sized,
    I: IntoIterator<Item = Roll>,
{
    play_loop(
        sheet,
        policy,
        rolls,
        rules.end_marks,
        |s| s.is_over_under(rules),
        |s, r| s.legal_choices_under(rules, r),
        |s| s.score_under(rules),
    )
}

/// The game loop of [`play_rolls_from`] and [`play_rolls_under`], given how the rules end a
/// game, list a roll's choices and score a sheet (inlined for each, so the text's game reads
/// its constants).
#[inline(always)]
fn play_loop<P, I>(
    mut sheet: Sheet,
    policy: &mut P,
    rolls: I,
    end_marks: u8,
    is_over: impl Fn(&Sheet) -> bool,
    legal_choices: impl Fn(&Sheet, &Roll) -> Choices,
    score: impl Fn(&Sheet) -> i32,
) -> Result<Outcome>
where
    P: Policy<DivideRoll> + ?Sized,
    I: IntoIterator<Item = Roll>,
{
    let mut played = 0u32;
    let mut free_rides = 0u32;
    let mut rolls = rolls.into_iter();
    while !is_over(&sheet) {
        if played == MAX_ROLLS {
            return Err(too_many_rolls(free_rides, end_marks));
        }
        let roll = rolls.next().ok_or_else(|| rolls_ran_out(played))?;
        let choices = legal_choices(&sheet, &roll);
        debug_assert!(
            !choices.is_empty(),
            "a game that goes on always has a choice"
        );
        let i = policy.choose(
            &View {
                sheet: &sheet,
                roll: &roll,
            },
            &choices,
        );
        let choice = *choices.get(i).ok_or_else(|| {
            Error::input(format!(
                "Solitaire Dice: the policy chose choice {i} for roll {roll}, of only {n}",
                n = choices.len()
            ))
        })?;
        sheet.apply(choice);
        played += 1;
        free_rides += u32::from(choice.free_ride());
    }
    Ok(Outcome {
        score: score(&sheet),
        rolls: played,
        free_rides,
        sheet,
    })
}

/// A game that passed [`MAX_ROLLS`] rolls without ending: the rolls were not a fair die's. One
/// message for every game loop (five dice here, other counts in `general.rs`).
#[cold]
pub(super) fn too_many_rolls(free_rides: u32, end_marks: u8) -> Error {
    Error::input(format!(
        "Solitaire Dice: {MAX_ROLLS} rolls ({free_rides} free rides) without a throwaway face \
         reaching {end_marks} marks; fair dice practically never do that, so the rolls are not"
    ))
}

/// The rolls given ran out after `played` of them, before the game ended.
#[cold]
pub(super) fn rolls_ran_out(played: u32) -> Error {
    Error::input(format!(
        "Solitaire Dice: the rolls ran out after {played} rolls, before the game ended"
    ))
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
