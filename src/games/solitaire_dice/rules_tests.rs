//! The rules of Solitaire Dice held to the text: its worked examples (example A's grouping,
//! example B's score of -210 and its advice, the free ride), every scoring band, the game's end,
//! and the fast division table against the rule as written on every kind of sheet.

use crate::dice::pow6;

use super::choice::{Choice, Choices};
use super::roll::Roll;
use super::rules::*;
use super::sheet::Sheet;

fn roll(faces: [u8; DICE]) -> Roll {
    Roll::new(faces).unwrap()
}

fn every_roll() -> impl Iterator<Item = Roll> {
    (0..pow6(DICE as u32)).map(Roll::from_packed)
}

fn has(choices: &[Choice], set_aside: u8, sums: [u8; 2]) -> bool {
    choices
        .iter()
        .any(|c| c.set_aside() == set_aside && c.sums() == sums)
}

/// The text's example B sheet: 3 x2, 5 x7, 7 x8, 8 x4, 9 x5; throwaways 1 x6, 2 x4, 5 x3.
fn example_b() -> Sheet {
    Sheet::from_marks(
        &[(3, 2), (5, 7), (7, 8), (8, 4), (9, 5)],
        &[(1, 6), (2, 4), (5, 3)],
    )
    .unwrap()
}

#[test]
fn example_b_scores_minus_210() {
    let sheet = example_b();
    assert_eq!(sheet.score(), -210);
    // The text's own breakdown, row by row.
    assert_eq!(sum_score(3, 2), -200);
    assert_eq!(sum_score(5, 7), 100);
    assert_eq!(sum_score(7, 8), 90);
    assert_eq!(sum_score(8, 4), -200);
    assert_eq!(sum_score(9, 5), 0);
    // 13 throwaway marks and 26 sum marks: 13 rolls, none a free ride.
    let sum_marks: u32 = (2..=12).map(|s| u32::from(sheet.marks(s))).sum();
    let throwaway_marks: u32 = (1..=6).map(|f| u32::from(sheet.throwaway_marks(f))).sum();
    assert_eq!((sum_marks, throwaway_marks), (26, 13));
}

#[test]
fn example_b_advice_holds() {
    // "If she uses the number 1 two more times the game will end."
    let mut sheet = example_b();
    for _ in 0..2 {
        assert!(!sheet.is_over());
        let choices = sheet.legal_choices(&roll([1, 3, 3, 4, 4]));
        assert!(choices.iter().all(|c| c.throwaway() == Some(1)));
        sheet.apply(choices[0]);
    }
    assert!(sheet.is_over());
    // "The next 8 will remove the -200 penalty": 8 goes from 4 marks (-200) to 5 (0).
    let sheet = example_b();
    let choices = sheet.legal_choices(&roll([2, 4, 4, 3, 5]));
    assert_eq!(sum_score(8, 5) - sum_score(8, 4), 200);
    // Here 4+4 and 3+5 (2 thrown away) mark 8 twice: -200 becomes +40.
    let eights = choices
        .iter()
        .find(|c| c.sums() == [8, 8])
        .expect("4+4 and 3+5 with the 2 thrown away");
    assert_eq!(eights.throwaway(), Some(2));
    assert_eq!(sheet.score_change(*eights), 240);
}

#[test]
fn example_a_groups_1_5_and_1_6_with_3_thrown_away() {
    let mut sheet = Sheet::new();
    let r = roll([1, 1, 3, 5, 6]);
    let choices = sheet.legal_choices(&r);
    let a = *choices
        .iter()
        .find(|c| c.set_aside() == 3 && c.sums() == [6, 7])
        .expect("1+5, 1+6, throwaway 3 is legal");
    assert!(!a.free_ride());
    // Throw away 1: 1 3 5 6 pairs three ways; 3, 5 or 6: the two 1's make two ways each.
    assert_eq!(choices.len(), 3 + 2 + 2 + 2);
    sheet.apply(a);
    assert_eq!((sheet.marks(6), sheet.marks(7)), (1, 1));
    assert_eq!(sheet.throwaway_marks(3), 1);
    assert_eq!(sheet.throwaway_faces(), 1);
    assert_eq!(sheet.score(), -400);
}

#[test]
fn the_texts_free_ride_example() {
    // "you roll 1 1 2 2 3 and you have already marked the throwaway dice 4, 5, and 6".
    let sheet = Sheet::from_marks(&[], &[(4, 1), (5, 1), (6, 1)]).unwrap();
    let choices = sheet.legal_choices(&roll([1, 1, 2, 2, 3]));
    assert!(
        choices
            .iter()
            .all(|c| c.free_ride() && c.throwaway().is_none())
    );
    // Any die may go: 1 (3+5, 4+4), 2 (2+5, 3+4), 3 (2+4, 3+3).
    let sums: Vec<(u8, [u8; 2])> = choices.iter().map(|c| (c.set_aside(), c.sums())).collect();
    assert_eq!(
        sums,
        [
            (1, [3, 5]),
            (1, [4, 4]),
            (2, [2, 5]),
            (2, [3, 4]),
            (3, [2, 4]),
            (3, [3, 3])
        ]
    );
    let mut after = sheet;
    after.apply(choices[1]);
    assert_eq!(after.marks(4), 2);
    assert_eq!(
        (4..=6)
            .map(|f| after.throwaway_marks(f))
            .collect::<Vec<_>>(),
        [1, 1, 1],
        "no throwaway mark on a free ride"
    );
}

#[test]
fn with_three_faces_chosen_a_rolled_one_must_be_used() {
    let sheet = Sheet::from_marks(&[], &[(1, 2), (2, 1), (3, 5)]).unwrap();
    let choices = sheet.legal_choices(&roll([1, 4, 5, 6, 6]));
    assert_eq!(
        choices.iter().map(|c| c.sums()).collect::<Vec<_>>(),
        [[9, 12], [10, 11]]
    );
    assert!(choices.iter().all(|c| c.throwaway() == Some(1)));
    // Two chosen faces showing: either, never 4, 5 or 6.
    let choices = sheet.legal_choices(&roll([2, 3, 4, 5, 6]));
    assert!(choices.iter().all(|c| matches!(c.throwaway(), Some(2 | 3))));
    assert!(has(&choices, 2, [7, 11]) && has(&choices, 3, [8, 9]));
}

#[test]
fn a_fourth_throwaway_face_is_never_allowed() {
    for faces in [[1, 2, 3], [2, 4, 6], [1, 5, 6]] {
        let sheet = Sheet::from_marks(&[], &[(faces[0], 1), (faces[1], 7), (faces[2], 3)]).unwrap();
        let chosen = |f: u8| sheet.throwaway_marks(f) > 0;
        for r in every_roll() {
            let choices = sheet.legal_choices(&r);
            let shows_one = r.faces().iter().any(|&f| chosen(f));
            assert!(!choices.is_empty(), "{r}");
            for c in choices.iter() {
                assert_eq!(c.free_ride(), !shows_one, "{r}: {c}");
                if let Some(face) = c.throwaway() {
                    assert!(chosen(face), "{r}: {c}");
                }
                let mut after = sheet;
                after.apply(*c);
                assert_eq!(after.throwaway_faces(), 3, "{r}: {c}");
            }
        }
    }
    // With two chosen, a third (new) face is fine.
    let sheet = Sheet::from_marks(&[], &[(1, 1), (2, 1)]).unwrap();
    let choices = sheet.legal_choices(&roll([3, 4, 4, 5, 5]));
    assert!(has(&choices, 3, [8, 10]) && has(&choices, 5, [7, 9]));
    assert!(choices.iter().all(|c| !c.free_ride()));
}

#[test]
fn choices_are_distinct_sorted_and_at_most_fifteen() {
    let sheets = [
        Sheet::new(),
        Sheet::from_marks(&[], &[(2, 3)]).unwrap(),
        Sheet::from_marks(&[], &[(2, 3), (6, 1), (4, 4)]).unwrap(),
    ];
    for sheet in sheets {
        for r in every_roll() {
            let choices = sheet.legal_choices(&r);
            assert!((1..=MAX_CHOICES).contains(&choices.len()), "{r}");
            assert!(choices.windows(2).all(|w| w[0] < w[1]), "{r}");
            for c in choices.iter() {
                let [low, high] = c.sums();
                assert!(low <= high);
                assert_eq!(
                    low + high + c.set_aside(),
                    r.faces().iter().sum::<u8>(),
                    "{r}: {c}"
                );
            }
        }
    }
    // Five different faces: every die and every pairing give a different choice.
    assert_eq!(Sheet::new().legal_choices(&roll([1, 2, 3, 4, 5])).len(), 15);
    // Five equal faces: one choice.
    let only = Sheet::new().legal_choices(&roll([6, 6, 6, 6, 6]));
    assert_eq!(only.len(), 1);
    assert_eq!((only[0].set_aside(), only[0].sums()), (6, [12, 12]));
}

#[test]
fn the_game_ends_on_the_eighth_mark_after_that_roll_is_scored() {
    let mut sheet = Sheet::from_marks(&[(8, 4)], &[(1, 7), (2, 1), (3, 1)]).unwrap();
    assert!(!sheet.is_over());
    let choices = sheet.legal_choices(&roll([1, 4, 4, 4, 4]));
    assert_eq!(choices.len(), 1);
    sheet.apply(choices[0]);
    assert!(sheet.is_over());
    // The ending roll's marks count: 8 went from 4 marks to 6.
    assert_eq!(sheet.marks(8), 6);
    assert_eq!(sheet.score(), 40);
    assert!(sheet.legal_choices(&roll([1, 2, 3, 4, 5])).is_empty());
}

#[test]
fn every_scoring_band() {
    for sum in MIN_SUM..=MAX_SUM {
        let value = VALUES[usize::from(sum - MIN_SUM)];
        let expected = |marks: u8| match marks {
            0 => 0,
            1..=4 => -200,
            5 => 0,
            6..=10 => value * i32::from(marks - 5),
            _ => value * 5,
        };
        for marks in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 40, 255] {
            assert_eq!(sum_score(sum, marks), expected(marks), "{sum} x{marks}");
            let sheet = Sheet::from_marks(&[(sum, marks)], &[]).unwrap();
            assert_eq!(sheet.score(), expected(marks), "{sum} x{marks}");
        }
    }
    assert_eq!(VALUES, [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100]);
    // Hand-made sheets mixing every band.
    let sheet = Sheet::from_marks(
        &[(2, 1), (3, 4), (4, 5), (6, 6), (7, 10), (12, 11), (11, 0)],
        &[],
    )
    .unwrap();
    // 2 and 3 open at -200 each, 4 breaks even, then 6, 7 and 12 pay.
    assert_eq!(sheet.score(), -400 + 40 + 150 + 500);
    assert_eq!(Sheet::new().score(), 0);
    let best = Sheet::from_marks(&(2..=12).map(|s| (s, 10)).collect::<Vec<_>>(), &[]);
    assert_eq!(best.unwrap().score(), 5 * VALUES.iter().sum::<i32>());
}

#[test]
fn marks_beyond_ten_count_as_ten() {
    let mut sheet = Sheet::from_marks(&[(2, 9)], &[]).unwrap();
    let double_two = sheet.legal_choices(&roll([1, 1, 1, 1, 1]))[0];
    assert_eq!(double_two.sums(), [2, 2]);
    assert_eq!(
        sheet.score_change(double_two),
        100,
        "9 -> 11 pays only the tenth"
    );
    sheet.apply(double_two);
    assert_eq!((sheet.marks(2), sheet.score()), (11, 500));
    assert_eq!(sheet.score_change(double_two), 0);
    sheet.apply(double_two);
    assert_eq!((sheet.marks(2), sheet.score()), (13, 500));
}

#[test]
fn the_division_table_lists_what_the_rule_lists_on_every_kind_of_sheet() {
    // No face, one, two, three chosen (every set of three), and a finished sheet.
    let mut sheets = vec![
        Sheet::new(),
        Sheet::from_marks(&[], &[(4, 2)]).unwrap(),
        Sheet::from_marks(&[(7, 3)], &[(1, 1), (6, 7)]).unwrap(),
        Sheet::from_marks(&[], &[(2, 8)]).unwrap(),
    ];
    for a in 1..=6u8 {
        for b in a + 1..=6 {
            for c in b + 1..=6 {
                sheets.push(Sheet::from_marks(&[], &[(a, 1), (b, 2), (c, 7)]).unwrap());
            }
        }
    }
    let mut free_rides = 0;
    for sheet in &sheets {
        for r in every_roll() {
            let fast = sheet.legal_choices(&r);
            if sheet.is_over() {
                assert!(fast.is_empty());
                continue;
            }
            // Against the rule read literally, not the listing that built the table.
            let listed: Vec<(u8, [u8; 2], bool)> = fast
                .iter()
                .map(|c| (c.set_aside(), c.sums(), c.free_ride()))
                .collect();
            assert_eq!(
                listed,
                reference_choices(sheet, r.faces()),
                "{r} on {sheet:?}"
            );
            free_rides += usize::from(fast.first().is_some_and(|c| c.free_ride()));
        }
    }
    // Each set of three faces leaves 3^5 of the 7,776 ordered rolls free: 243 here.
    assert_eq!(free_rides, 20 * 243);
}

#[test]
fn score_change_is_the_difference_of_whole_scores() {
    let sheets = [
        Sheet::new(),
        example_b(),
        Sheet::from_marks(&(2..=12).map(|s| (s, s - 1)).collect::<Vec<_>>(), &[]).unwrap(),
        // Counts saturate at 255: nothing changes past ten marks, even there.
        Sheet::from_marks(&[(2, 254), (7, 255), (12, 10)], &[]).unwrap(),
    ];
    for sheet in sheets {
        for r in every_roll() {
            for c in sheet.legal_choices(&r).iter() {
                let mut after = sheet;
                after.apply(*c);
                assert_eq!(sheet.score_change(*c), after.score() - sheet.score());
            }
        }
    }
}

#[test]
fn bad_rolls_and_sheets_are_refused_with_the_reason() {
    assert!(
        Roll::new([1, 2, 7, 3, 4])
            .unwrap_err()
            .to_string()
            .contains("found 7")
    );
    assert!(Roll::new([0, 2, 2, 3, 4]).is_err());
    assert_eq!(roll([6, 2, 5, 1, 2]).faces(), [1, 2, 2, 5, 6]);
    assert_eq!(roll([6, 2, 5, 1, 2]).to_string(), "1 2 2 5 6");
    for (marks, throwaways, expected) in [
        (&[(13, 1)][..], &[][..], "sum 13 has no row"),
        (&[(1, 1)][..], &[][..], "sum 1 has no row"),
        (&[(4, 1), (4, 2)][..], &[][..], "sum 4 given twice"),
        (&[][..], &[(7, 1)][..], "face 7 does not exist"),
        (&[][..], &[(2, 1), (2, 1)][..], "face 2 given twice"),
        (&[][..], &[(2, 9)][..], "ends at 8"),
        (&[][..], &[(1, 1), (2, 1), (3, 1), (4, 1)][..], "at most 3"),
        (&[][..], &[(1, 8), (2, 8)][..], "ends at the first"),
    ] {
        let e = Sheet::from_marks(marks, throwaways)
            .unwrap_err()
            .to_string();
        assert!(e.contains(expected), "{e}");
    }
    // Rows with 0 marks are not chosen faces.
    let sheet = Sheet::from_marks(&[], &[(1, 0), (2, 1), (3, 1), (4, 1)]).unwrap();
    assert_eq!(sheet.throwaway_faces(), 3);
    assert_eq!((sheet.marks(13), sheet.throwaway_marks(0)), (0, 0));
}

/// The rule text read literally: every die of the roll as it fell, every way to pair the
/// other four, kept if the must-use rule allows it; nothing sorted or skipped.
fn reference_choices(sheet: &Sheet, faces: [u8; DICE]) -> Vec<(u8, [u8; 2], bool)> {
    let chosen = |f: u8| sheet.throwaway_marks(f) > 0;
    let full = (1..=6).filter(|&f| chosen(f)).count() == 3;
    let shows_chosen = faces.iter().any(|&f| chosen(f));
    let mut out = std::collections::BTreeSet::new();
    for i in 0..DICE {
        let rest: Vec<u8> = (0..DICE).filter(|&j| j != i).map(|j| faces[j]).collect();
        for (p, q, r, s) in [(0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)] {
            let (x, y) = (rest[p] + rest[q], rest[r] + rest[s]);
            let legal = !full || !shows_chosen || chosen(faces[i]);
            if legal {
                out.insert((faces[i], [x.min(y), x.max(y)], full && !shows_chosen));
            }
        }
    }
    out.into_iter().collect()
}

proptest::proptest! {
    #[test]
    fn legal_choices_match_the_text_read_literally(
        faces in proptest::array::uniform5(1u8..=6),
        thrown in proptest::collection::btree_map(1u8..=6, 1u8..END_MARKS, 0..=3),
    ) {
        let thrown: Vec<(u8, u8)> = thrown.into_iter().collect();
        let sheet = Sheet::from_marks(&[], &thrown).unwrap();
        let ours: Vec<(u8, [u8; 2], bool)> = sheet
            .legal_choices(&roll(faces))
            .iter()
            .map(|c| (c.set_aside(), c.sums(), c.free_ride()))
            .collect();
        proptest::prop_assert_eq!(ours, reference_choices(&sheet, faces));
    }
}

/// The hot loop copies sheets and lists choices on every roll: keep them this small.
#[test]
fn sheets_and_choices_stay_small() {
    assert_eq!(std::mem::size_of::<Sheet>(), 17);
    assert_eq!(std::mem::size_of::<Choice>(), 4);
    assert_eq!(std::mem::size_of::<Choices>(), 61);
}

#[test]
fn packed_rolls_are_the_base_6_digits_sorted() {
    // Digits low first 5, 0, 2, 0, 1 => faces 6, 1, 3, 1, 2.
    let packed = 5 + 2 * 36 + 1296;
    assert_eq!(Roll::from_packed(packed).faces(), [1, 1, 2, 3, 6]);
    assert_eq!(Roll::from_packed(0).faces(), [1; 5]);
    assert_eq!(Roll::from_packed(pow6(5) - 1).faces(), [6; 5]);
}

#[test]
fn the_distinct_rolls_are_every_sorted_roll_once_in_order() {
    let distinct: Vec<Roll> = Roll::distinct().collect();
    assert_eq!(distinct.len(), 252);
    assert!(
        distinct.windows(2).all(|w| w[0] < w[1]),
        "ascending, no repeats"
    );
    for r in &distinct {
        assert_eq!(Roll::new(r.faces()).unwrap(), *r);
    }
    let mut sorted: Vec<Roll> = every_roll().collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, distinct);
}
