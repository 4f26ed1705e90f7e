//! The general path held to hand-worked divisions of 3- and 7-dice rolls, to greedy on
//! hand-made sheets, to the five-dice house path game for game, and to games that end under
//! every odd count of dice.

use crate::engine::chunk_rng;
use crate::games::options::RuleOptions;

use super::super::play::WIN_SCORE;
use super::super::play::play_rolls_under;
use super::super::policy::GreedyUnder;
use super::super::roll::game_rolls;
use super::super::rules::{MAX_UNFINISHED, OPTIONS, PENALTY, VALUES};
use super::*;

/// The rules of these `--rule` overrides, or the one-line refusal.
fn rules(overrides: &[&str]) -> Result<Rules> {
    let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    Rules::from_options(&RuleOptions::parse("solitaire-dice", OPTIONS, &o)?)
}

fn house(overrides: &[&str]) -> Rules {
    rules(overrides).unwrap()
}

fn hand(faces: &[u8]) -> Hand {
    Hand::new(faces).unwrap()
}

/// The legal divisions as (set-aside face, sums, free ride).
fn listed(sheet: &Sheet, rules: &Rules, h: &Hand) -> Vec<(u8, Vec<u8>, bool)> {
    let mut out = Vec::new();
    legal_divisions(sheet, rules, h, &mut out);
    out.iter()
        .map(|d| (d.set_aside(), d.sums().to_vec(), d.free_ride()))
        .collect()
}

/// Greedy's pick: its sums and the score change.
fn greedy_pick(sheet: &Sheet, rules: &Rules, h: &Hand) -> (u8, Vec<u8>, i32) {
    let mut choices = Vec::new();
    legal_divisions(sheet, rules, h, &mut choices);
    let view = HandView { sheet, hand: h };
    let d = choices[OneStep(GreedyHands { rules }).choose(&view, &choices)];
    (
        d.set_aside(),
        d.sums().to_vec(),
        score_change(sheet, rules, &d),
    )
}

#[test]
fn three_dice_2_5_5_divide_two_ways_then_follow_the_throwaway_faces() {
    let three = house(&["dice=3"]);
    let h = hand(&[5, 2, 5]);
    assert_eq!(h.faces(), [2, 5, 5]);
    // Set aside the 2 for 5 + 5, or a 5 for 2 + 5 (the two 5s give one division).
    let empty = Sheet::new();
    assert_eq!(
        listed(&empty, &three, &h),
        [(2, vec![10], false), (5, vec![7], false)]
    );
    // With 2, 3 and 4 chosen, the 2 must go.
    let full = Sheet::from_marks(&[], &[(2, 1), (3, 1), (4, 1)]).unwrap();
    assert_eq!(listed(&full, &three, &h), [(2, vec![10], false)]);
    // With 1, 3 and 4 chosen, 2 5 5 shows none: a free ride, either die, no throwaway mark.
    let other = Sheet::from_marks(&[], &[(1, 1), (3, 1), (4, 1)]).unwrap();
    assert_eq!(
        listed(&other, &three, &h),
        [(2, vec![10], true), (5, vec![7], true)]
    );
    // The marks: one on the pair's sum, one throwaway unless a free ride.
    let mut choices = Vec::new();
    legal_divisions(&full, &three, &h, &mut choices);
    let mut sheet = full;
    sheet.apply_division(&choices[0]);
    assert_eq!(sheet.marks(10), 1);
    assert_eq!(sheet.throwaway_marks(2), 2);
    assert_eq!(choices[0].to_string(), "10, throwaway 2");
    legal_divisions(&other, &three, &h, &mut choices);
    let mut sheet = other;
    sheet.apply_division(&choices[1]);
    assert_eq!(sheet.marks(7), 1);
    assert_eq!(sheet.throwaway_rows(), other.throwaway_rows());
    // Once over, nothing.
    let over = Sheet::from_marks(&[], &[(2, 8)]).unwrap();
    assert!(listed(&over, &three, &h).is_empty());
}

#[test]
fn seven_dice_with_the_1_forced_divide_the_six_others_five_ways() {
    // 1, 2 and 3 chosen; 1 4 4 5 5 6 6 shows only the 1, so it goes, and 4 4 5 5 6 6 pair up:
    // 4+4 with 5+5, 6+6 or 5+6, 5+6; 4+5 with 4+5, 6+6 or 4+6, 5+6; 4+6 with 4+5, 5+6 (again)
    // or 4+6, 5+5.
    let seven = house(&["dice=7"]);
    let sheet = Sheet::from_marks(&[], &[(1, 1), (2, 1), (3, 1)]).unwrap();
    let h = hand(&[6, 5, 4, 1, 4, 6, 5]);
    assert_eq!(
        listed(&sheet, &seven, &h),
        [
            (1, vec![8, 10, 12], false),
            (1, vec![8, 11, 11], false),
            (1, vec![9, 9, 12], false),
            (1, vec![9, 10, 11], false),
            (1, vec![10, 10, 10], false),
        ]
    );
    // Three marks a roll, a sum shown by two pairs marked twice, and the throwaway 1.
    let mut choices = Vec::new();
    legal_divisions(&sheet, &seven, &h, &mut choices);
    let mut after = sheet;
    after.apply_division(&choices[1]);
    assert_eq!((after.marks(8), after.marks(11)), (1, 2));
    assert_eq!(after.throwaway_marks(1), 2);
    assert_eq!(choices[1].to_string(), "8 + 11 + 11, throwaway 1");
}

#[test]
fn seven_dice_showing_no_chosen_face_are_a_free_ride_of_eleven_divisions() {
    // 4 4 5 5 6 6 6 against 1, 2 and 3: set aside a 4 (3 divisions), a 5 (3) or a 6 (5).
    let seven = house(&["dice=7"]);
    let sheet = Sheet::from_marks(&[], &[(1, 1), (2, 1), (3, 1)]).unwrap();
    let h = hand(&[4, 4, 5, 5, 6, 6, 6]);
    let all = listed(&sheet, &seven, &h);
    assert_eq!(all.len(), 11, "{all:?}");
    assert!(all.iter().all(|(_, _, free)| *free));
    let by_face = |f: u8| all.iter().filter(|(s, _, _)| *s == f).count();
    assert_eq!((by_face(4), by_face(5), by_face(6)), (3, 3, 5));
    assert_eq!(
        all[..3],
        [
            (4, vec![9, 11, 12], true),
            (4, vec![10, 10, 12], true),
            (4, vec![10, 11, 11], true)
        ]
    );
    // A free ride marks the three sums and no throwaway.
    let mut choices = Vec::new();
    legal_divisions(&sheet, &seven, &h, &mut choices);
    let mut after = sheet;
    after.apply_division(&choices[0]);
    assert_eq!(after.throwaway_rows(), sheet.throwaway_rows());
    assert_eq!(
        (after.marks(9), after.marks(11), after.marks(12)),
        (1, 1, 1)
    );
    // Under throwaways=6 every roll shows a chosen face once six are chosen: never a free ride.
    let six = house(&["dice=7", "throwaways=6"]);
    assert!(listed(&sheet, &six, &h).iter().all(|(_, _, free)| !free));
}

#[test]
fn greedy_with_three_dice_takes_the_paying_seven_and_breaks_ties_by_the_lowest_face() {
    let three = house(&["dice=3"]);
    // 7 at five marks: its sixth pays 30, the 10 would open at -200.
    let sheet = Sheet::from_marks(&[(7, 5)], &[]).unwrap();
    assert_eq!(
        greedy_pick(&sheet, &three, &hand(&[2, 5, 5])),
        (5, vec![7], 30)
    );
    // On an empty sheet every division opens a row at -200: set aside the 1 (2 + 5 = 7).
    assert_eq!(
        greedy_pick(&Sheet::new(), &three, &hand(&[5, 1, 2])),
        (1, vec![7], -200)
    );
    // By the rules' own scoring: with no penalty, opening the 7 costs nothing and the 10's
    // sixth mark pays 60.
    let soft = house(&["dice=3", "penalty=0"]);
    let sheet = Sheet::from_marks(&[(10, 5)], &[]).unwrap();
    assert_eq!(
        greedy_pick(&sheet, &soft, &hand(&[2, 5, 5])),
        (2, vec![10], 60)
    );
}

#[test]
fn greedy_with_seven_dice_counts_a_sum_marked_thrice_up_to_the_cap() {
    // 8 at six marks (+40 a mark), 9 at five (+50), 10 at nine (one more pays 60, then the
    // cap): with the 1 forced, 8 10 12 gives 40 + 60 - 200, 8 11 11 gives 40 - 200, 9 9 12
    // gives 100 - 200, 9 10 11 gives 50 + 60 - 200, and 10 10 10 gives 60 (two marks past the
    // cap pay nothing).
    let seven = house(&["dice=7"]);
    let sheet = Sheet::from_marks(&[(8, 6), (9, 5), (10, 9)], &[(1, 1), (2, 1), (3, 1)]).unwrap();
    let h = hand(&[1, 4, 4, 5, 5, 6, 6]);
    let mut choices = Vec::new();
    legal_divisions(&sheet, &seven, &h, &mut choices);
    let changes: Vec<i32> = choices
        .iter()
        .map(|d| score_change(&sheet, &seven, d))
        .collect();
    assert_eq!(changes, [-100, -160, -100, -90, 60]);
    assert_eq!(greedy_pick(&sheet, &seven, &h), (1, vec![10, 10, 10], 60));
    // The change is the change of the whole sheet's score.
    for d in &choices {
        let mut after = sheet;
        after.apply_division(d);
        assert_eq!(
            after.score_under(&seven) - sheet.score_under(&seven),
            score_change(&sheet, &seven, d)
        );
    }
    // With a dearer 9, 9 9 12 pays most: 2 x 200 - 200.
    let dear = house(&["dice=7", "value_9=200"]);
    assert_eq!(greedy_pick(&sheet, &dear, &h), (1, vec![9, 9, 12], 200));
}

/// With five dice the general path is the house path, game for game: the same hands, the same
/// divisions in the same order (so random picks alike), greedy's same criterion and ties.
#[test]
fn the_general_path_with_five_dice_plays_the_house_paths_games() {
    for case in [
        &["penalty=-100", "value_7=50"][..],
        &["throwaways=2", "end_marks=5"][..],
        &[
            "throwaways=6",
            "mark_cap=30",
            "penalty_marks=0",
            "zero_mark=1",
        ][..],
    ] {
        let r = house(case);
        for game in 0..400 {
            let dice = chunk_rng(13, game);
            let house_path = play_rolls_under(
                &r,
                Sheet::new(),
                &mut OneStep(GreedyUnder { rules: &r }),
                game_rolls(&dice),
            )
            .unwrap();
            let general = play_hands_under(
                &r,
                Sheet::new(),
                &mut OneStep(GreedyHands { rules: &r }),
                game_hands(&dice, 5),
            )
            .unwrap();
            assert_eq!(general, house_path, "{case:?} greedy game {game}");
            let house_path = play_rolls_under(
                &r,
                Sheet::new(),
                &mut Random::new(chunk_rng(14, game)),
                game_rolls(&dice),
            )
            .unwrap();
            let general = play_hands_under(
                &r,
                Sheet::new(),
                &mut Random::new(chunk_rng(14, game)),
                game_hands(&dice, 5),
            )
            .unwrap();
            assert_eq!(general, house_path, "{case:?} random game {game}");
        }
    }
}

#[test]
fn hands_are_drawn_from_the_games_generator_alone() {
    let dice = chunk_rng(3, 1);
    let a: Vec<Hand> = game_hands(&dice, 7).take(50).collect();
    let b: Vec<Hand> = game_hands(&dice, 7).take(50).collect();
    assert_eq!(a, b);
    assert!(a.iter().all(|h| h.faces().len() == 7));
    assert!(a.iter().all(|h| h.faces().windows(2).all(|w| w[0] <= w[1])));
    assert_ne!(a[0], a[1]);
    assert!(game_hands(&dice, 9).take(50).all(|h| h.faces().len() == 9));
}

#[test]
fn even_and_out_of_range_dice_are_refused_in_one_line() {
    for bad in ["dice=4", "dice=6", "dice=8"] {
        let e = rules(&[bad]).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "rule option {bad} for solitaire-dice: a roll is one die set aside and pairs, so \
                 the dice are odd: 3, 5, 7 or 9"
            )
        );
    }
    for bad in ["dice=1", "dice=2", "dice=10", "dice=11"] {
        let e = rules(&[bad]).unwrap_err().to_string();
        assert!(
            e.contains("expected a whole number from 3 to 9"),
            "{bad}: {e}"
        );
    }
    for good in ["dice=3", "dice=7", "dice=9"] {
        let r = house(&[good]);
        assert!(!r.is_text(), "{good}");
    }
    assert!(house(&["dice=5"]).is_text());
    assert!(Hand::new(&[1, 2, 3, 4]).is_err());
    assert!(Hand::new(&[1, 2, 7]).is_err());
}

#[test]
fn rules_whose_games_could_outlast_max_rolls_are_refused() {
    // Three dice miss one chosen face 125 times in 216: a game that needs many marks on it can
    // run past the hundred rolls.
    let e = rules(&["dice=3", "throwaways=1", "end_marks=12"])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("rule options dice=3, throwaways=1 and end_marks=12: a roll of 3 dice"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1);
    assert!(rules(&["dice=3", "throwaways=1", "end_marks=8"]).is_ok());
    // Every rule of five dice or more plays, as every house rule did before the option.
    let with = |dice: u8, faces: u8, end: u8| {
        Rules::new(VALUES, PENALTY, 4, 5, 10, faces, end, WIN_SCORE).with_dice(dice)
    };
    for dice in [5u8, 7, 9] {
        for faces in 1..=6u8 {
            for end in 1..=12u8 {
                assert!(
                    with(dice, faces, end).check().is_ok(),
                    "{dice} {faces} {end}"
                );
            }
        }
    }
    // The bound is a chance: 0 when six faces leave no free ride, and the text's is tiny.
    assert_eq!(with(3, 6, 12).unfinished_chance(), 0.0);
    assert!(Rules::TEXT.unfinished_chance() < 1e-60);
    // The refused chance sits between the two: 5.5e-16 at end_marks=8, 5.5e-15 at 9.
    let (eight, nine) = (with(3, 1, 8), with(3, 1, 9));
    assert!(eight.unfinished_chance() < MAX_UNFINISHED);
    assert!(nine.unfinished_chance() > MAX_UNFINISHED && nine.check().is_err());
}

#[test]
fn odd_dice_with_odd_rules_play_whole_games_that_end() {
    let cases: [&[&str]; 8] = [
        &["dice=3"],
        &["dice=3", "throwaways=6", "end_marks=12"],
        &["dice=3", "throwaways=1", "end_marks=8"],
        &["dice=3", "end_marks=1"],
        &["dice=7"],
        &["dice=7", "throwaways=1", "end_marks=12", "mark_cap=30"],
        &["dice=9", "throwaways=6", "end_marks=12", "penalty=1000"],
        &["dice=9", "end_marks=1", "penalty_marks=0", "zero_mark=1"],
    ];
    for case in cases {
        let r = house(case);
        let (low, high, step) = r.score_range();
        for game in 0..150 {
            let dice = chunk_rng(5, game);
            let greedy = play_general(&r, &PolicySpec::Greedy, &dice, &mut chunk_rng(6, game));
            let random = play_general(&r, &PolicySpec::Random, &dice, &mut chunk_rng(6, game));
            for o in [greedy, random] {
                assert!(o.sheet.is_over_under(&r), "{case:?}");
                assert!((low..=high).contains(&o.score), "{case:?}: {}", o.score);
                assert_eq!((o.score - low) % step, 0, "{case:?}");
                // Every roll marks (dice - 1) / 2 pair sums.
                let marks: u32 = o.sheet.mark_rows().iter().map(|&m| u32::from(m)).sum();
                assert_eq!(marks, o.rolls * u32::from(r.dice - 1) / 2, "{case:?}");
            }
        }
    }
}
