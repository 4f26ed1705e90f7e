//! Whole games of Solitaire Dice: legal play all the way, the same dice for every policy, the
//! end on the eighth mark, and broken rolls or policies refused.

use super::super::choice::Choice;
use super::super::policy::Greedy;
use super::super::rules::{END_MARKS, MAX_SUM, MAX_THROWAWAY_FACES, MIN_SUM};
use super::*;
use crate::games::policy::{OneStep, Random};
use proptest::prelude::*;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

fn roll(faces: [u8; 5]) -> Roll {
    Roll::new(faces).unwrap()
}

/// Checks everything a finished game's outcome must satisfy, whatever the policy.
fn check_finished(game: &Outcome) -> std::result::Result<(), TestCaseError> {
    let sheet = &game.sheet;
    prop_assert!(sheet.is_over());
    prop_assert!(sheet.throwaway_faces() <= MAX_THROWAWAY_FACES);
    let at_end = (1..=6)
        .filter(|&f| sheet.throwaway_marks(f) == END_MARKS)
        .count();
    prop_assert_eq!(at_end, 1, "exactly one face ends the game");
    let sum_marks: u32 = (MIN_SUM..=MAX_SUM).map(|s| u32::from(sheet.marks(s))).sum();
    let throwaway_marks: u32 = (1..=6).map(|f| u32::from(sheet.throwaway_marks(f))).sum();
    prop_assert_eq!(sum_marks, 2 * game.rolls);
    prop_assert_eq!(throwaway_marks, game.rolls - game.free_rides);
    prop_assert_eq!(game.score, sheet.score());
    prop_assert!((8..=22 + game.free_rides).contains(&game.rolls));
    Ok(())
}

proptest! {
    /// The fast greedy choice (no list, gains kept up to date) is the choice greedy picks from
    /// the legal list on every sheet a game under random play goes through, and the fast game
    /// keeps its sheet, its gains and the end of the game as the sheet does.
    #[test]
    fn the_fast_greedy_choice_is_greedys_choice(dice_seed: u64, policy_seed: u64) {
        use super::super::greedy::GreedyGame;
        let mut dice = Xoshiro256PlusPlus::seed_from_u64(dice_seed);
        let mut random = Random::new(Xoshiro256PlusPlus::seed_from_u64(policy_seed));
        let mut sheet = Sheet::new();
        let mut game = GreedyGame::new();
        while !sheet.is_over() {
            let packed = crate::dice::roll_packed(&mut dice, 5);
            let roll = Roll::from_packed(packed);
            let choices = sheet.legal_choices(&roll);
            let view = View { sheet: &sheet, roll: &roll };
            let greedy = choices[OneStep(Greedy).choose(&view, &choices)];
            prop_assert_eq!(game.choose(packed as u32), greedy);
            let choice = choices[Policy::<DivideRoll>::choose(&mut random, &view, &choices)];
            sheet.apply(choice);
            let over = game.apply(choice);
            prop_assert_eq!(over, sheet.is_over());
            prop_assert_eq!(game.sheet(), &sheet);
            if !over {
                prop_assert_eq!(game, GreedyGame::from_sheet(sheet));
            }
        }
    }

    #[test]
    fn a_random_game_always_ends_within_the_rules(dice_seed: u64, policy_seed: u64) {
        let mut dice = Xoshiro256PlusPlus::seed_from_u64(dice_seed);
        let mut policy = Random::new(Xoshiro256PlusPlus::seed_from_u64(policy_seed));
        let game = play(&mut policy, &mut dice).unwrap();
        check_finished(&game)?;
    }

    #[test]
    fn a_greedy_game_always_ends_within_the_rules(dice_seed: u64) {
        let mut dice = Xoshiro256PlusPlus::seed_from_u64(dice_seed);
        let game = play(&mut OneStep(Greedy), &mut dice).unwrap();
        check_finished(&game)?;
    }

    /// Any dice at all, not just a generator's: scripted rolls from proptest, played until
    /// the game ends (cycled, so a short script cannot run out).
    #[test]
    fn any_sequence_of_rolls_ends_the_game(
        script in prop::collection::vec(prop::array::uniform5(1u8..=6), 1..40),
        policy_seed: u64,
    ) {
        let rolls: Vec<Roll> = script.iter().map(|&f| roll(f)).collect();
        let mut policy = Random::new(Xoshiro256PlusPlus::seed_from_u64(policy_seed));
        match play_rolls(&mut policy, rolls.iter().copied().cycle()) {
            Ok(game) => check_finished(&game)?,
            // A script whose every roll avoids the three chosen faces free-rides forever.
            Err(e) => prop_assert!(e.to_string().contains("without a throwaway face"), "{}", e),
        }
    }

    /// Every sheet a game can reach offers only choices that keep three faces at most.
    #[test]
    fn throwaway_faces_never_exceed_three(dice_seed: u64, policy_seed: u64) {
        let mut dice = Xoshiro256PlusPlus::seed_from_u64(dice_seed);
        let mut policy = Random::new(Xoshiro256PlusPlus::seed_from_u64(policy_seed));
        let mut sheet = Sheet::new();
        while !sheet.is_over() {
            let r = Roll::from_packed(roll_packed(&mut dice, 5));
            let choices = sheet.legal_choices(&r);
            prop_assert!(!choices.is_empty());
            for &c in choices.iter() {
                let mut after = sheet;
                after.apply(c);
                prop_assert!(after.throwaway_faces() <= MAX_THROWAWAY_FACES, "{} on {}", c, r);
            }
            let view = View { sheet: &sheet, roll: &r };
            sheet.apply(choices[Policy::<DivideRoll>::choose(&mut policy, &view, &choices)]);
        }
    }
}

/// The same dice seed gives the same rolls whatever the policy: the policy draws nothing
/// from the dice.
#[test]
fn every_policy_sees_the_same_dice() {
    struct Recorder(Vec<Roll>);
    impl Policy<DivideRoll> for Recorder {
        fn choose(&mut self, view: &View, _: &[Choice]) -> usize {
            let roll = view.roll;
            self.0.push(*roll);
            0
        }
    }
    let mut first = Recorder(Vec::new());
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(5);
    play(&mut first, &mut dice).unwrap();
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(5);
    let expected: Vec<Roll> = (0..first.0.len())
        .map(|_| Roll::from_packed(roll_packed(&mut dice, 5)))
        .collect();
    assert_eq!(first.0, expected);
}

#[test]
fn the_eighth_mark_ends_the_game_after_its_roll_is_scored() {
    // Five 1's: the only choice is 1+1, 1+1, throwaway 1.
    let mut rolls = std::iter::repeat_n(roll([1; 5]), 8).chain([roll([6; 5])]);
    let game = play_rolls(&mut OneStep(Greedy), &mut rolls).unwrap();
    assert_eq!((game.rolls, game.free_rides), (8, 0));
    assert_eq!(game.sheet.throwaway_marks(1), 8);
    // The eighth roll's marks are on the sheet: 16 marks on 2, counted as 10.
    assert_eq!(game.sheet.marks(2), 16);
    assert_eq!(game.score, 500);
    assert!(game.won());
    assert_eq!(
        rolls.next(),
        Some(roll([6; 5])),
        "the roll after the end is not taken"
    );
}

#[test]
fn free_rides_are_counted_and_leave_no_throwaway_mark() {
    // Throw away 4, 5, 6 (one each), then two free rides on 1 1 2 2 3, then 4's to the end.
    let script = [
        roll([4, 1, 1, 1, 1]),
        roll([5, 1, 1, 1, 1]),
        roll([6, 1, 1, 1, 1]),
        roll([1, 1, 2, 2, 3]),
        roll([1, 1, 2, 2, 3]),
    ]
    .into_iter()
    .chain(std::iter::repeat_n(roll([4, 4, 4, 4, 4]), 7));
    let game = play_rolls(&mut OneStep(Greedy), script).unwrap();
    assert_eq!((game.rolls, game.free_rides), (12, 2));
    assert_eq!(game.sheet.throwaway_marks(4), 8);
    assert_eq!(game.sheet.throwaway_faces(), 3);
}

#[test]
fn broken_rolls_and_policies_are_errors() {
    let e = play_rolls(&mut OneStep(Greedy), std::iter::repeat_n(roll([2; 5]), 7))
        .unwrap_err()
        .to_string();
    assert!(e.contains("ran out after 7 rolls"), "{e}");
    // Three faces chosen, then rolls that never show them: free rides forever.
    let script = [
        roll([1, 4, 4, 4, 4]),
        roll([2, 4, 4, 4, 4]),
        roll([3, 4, 4, 4, 4]),
    ]
    .into_iter()
    .chain(std::iter::repeat(roll([4, 5, 6, 6, 5])));
    struct FirstAndNew;
    impl Policy<DivideRoll> for FirstAndNew {
        fn choose(&mut self, _: &View, _: &[Choice]) -> usize {
            0
        }
    }
    let e = play_rolls(&mut FirstAndNew, script)
        .unwrap_err()
        .to_string();
    assert!(e.contains("100 rolls (97 free rides)"), "{e}");
    struct OutOfRange;
    impl Policy<DivideRoll> for OutOfRange {
        fn choose(&mut self, _: &View, choices: &[Choice]) -> usize {
            choices.len()
        }
    }
    let e = play_rolls(&mut OutOfRange, [roll([1, 2, 3, 4, 5])])
        .unwrap_err()
        .to_string();
    assert!(e.contains("chose choice 15 for roll 1 2 3 4 5"), "{e}");
}
