//! The rule options held to the text and to hand-worked house rules: the defaults are the
//! text's numbers (the constants the fast path reads), each option changes the scoring or the
//! ending as its meaning says, bad combinations are refused in one line, and no option value,
//! however odd, makes a game panic.

use crate::engine::chunk_rng;
use crate::games::options::RuleOptions;
use crate::games::policy::{OneStep, Random};

use super::play::{Outcome, play_rolls, play_rolls_under};
use super::policy::{Greedy, GreedyUnder};
use super::roll::Roll;
use super::roll::game_rolls;
use super::rules::*;
use super::sheet::Sheet;

/// The rules of these `--rule` overrides, or the one-line refusal.
fn rules(overrides: &[&str]) -> crate::error::Result<Rules> {
    let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    Rules::from_options(&RuleOptions::parse("solitaire-dice", OPTIONS, &o)?)
}

fn house(overrides: &[&str]) -> Rules {
    rules(overrides).unwrap()
}

/// The text's example B: 3 x2, 5 x7, 7 x8, 8 x4, 9 x5 (throwaways 1 x6, 2 x4, 5 x3).
fn example_b() -> Sheet {
    Sheet::from_marks(
        &[(3, 2), (5, 7), (7, 8), (8, 4), (9, 5)],
        &[(1, 6), (2, 4), (5, 3)],
    )
    .unwrap()
}

fn roll(faces: [u8; DICE]) -> Roll {
    Roll::new(faces).unwrap()
}

#[test]
fn the_default_options_are_the_texts_numbers_and_constants() {
    let text = house(&[]);
    assert_eq!(text, Rules::TEXT);
    assert!(text.is_text());
    // Written out as the text gives them, still the text.
    assert!(house(&["penalty=-200", "value_7=30", "end_marks=8", "win=500"]).is_text());
    for sum in 0..=14 {
        for marks in 0..=255 {
            assert_eq!(
                text.sum_score(sum, marks),
                sum_score(sum, marks),
                "{sum} x{marks}"
            );
        }
    }
    for (extra, rows) in MARK_CHANGE.iter().enumerate() {
        for (row, changes) in rows.iter().enumerate() {
            for (marks, &change) in changes.iter().enumerate() {
                assert_eq!(text.mark_change(extra, row, marks as u8), change);
            }
        }
    }
    assert_eq!(example_b().score_under(&text), -210);
    assert_eq!(text.score_range(), (-2200, 3350, 10));
}

#[test]
fn penalty_minus_100_makes_example_b_score_minus_10() {
    // 3 x2 and 8 x4 cost 100 each instead of 200: -210 + 200.
    let r = house(&["penalty=-100"]);
    assert_eq!(example_b().score_under(&r), -10);
    assert_eq!(r.sum_score(8, 4), -100);
    assert_eq!(r.sum_score(8, 5), 0);
    // A positive penalty is a bonus for a short row, and still once per row.
    let r = house(&["penalty=50"]);
    assert_eq!(example_b().score_under(&r), 100 + 90 + 50 + 50);
}

#[test]
fn a_sums_value_is_what_each_of_its_paying_marks_is_worth() {
    // 7 x8 pays 3 marks: 3 x 50 instead of 3 x 30.
    let r = house(&["value_7=50"]);
    assert_eq!(example_b().score_under(&r), -210 - 90 + 150);
    // Every value 0: only penalties are left.
    let zeros: Vec<String> = (2..=12).map(|s| format!("value_{s}=0")).collect();
    let zeros: Vec<&str> = zeros.iter().map(String::as_str).collect();
    let r = house(&zeros);
    assert_eq!(example_b().score_under(&r), -400);
    assert_eq!(r.score_range(), (-2200, 0, 200));
}

#[test]
fn penalty_marks_and_zero_mark_move_the_scoring_bands() {
    // Penalty for 1 to 3 marks, 0 for 4, pay from the fifth: 3 x2 -200, 5 x7 3 x 50,
    // 7 x8 4 x 30, 8 x4 0, 9 x5 1 x 50.
    let r = house(&["penalty_marks=3", "zero_mark=4"]);
    assert_eq!(example_b().score_under(&r), -200 + 150 + 120 + 50);
    // No penalty at all: marks 1 to 5 score 0.
    let r = house(&["penalty_marks=0"]);
    assert_eq!(example_b().score_under(&r), 190);
    assert_eq!(r.sum_score(2, 1), 0);
}

#[test]
fn mark_cap_stops_the_pay() {
    // Cap 7: 5 x7 pays 2 marks (100), 7 x8 pays 2 (60) instead of 3.
    let r = house(&["mark_cap=7"]);
    assert_eq!(example_b().score_under(&r), -210 - 30);
    assert_eq!(r.sum_score(2, 30), 200);
    // A cap as high as 30 pays 25 marks.
    let r = house(&["mark_cap=30"]);
    assert_eq!(r.sum_score(2, 30), 2500);
    assert_eq!(r.sum_score(2, 200), 2500);
    // Cap equal to zero_mark: nothing ever pays.
    let r = house(&["mark_cap=5"]);
    assert_eq!(r.sum_score(7, 12), 0);
    assert_eq!(r.score_range(), (-2200, 0, 10));
}

#[test]
fn throwaways_2_makes_a_roll_without_the_two_faces_a_free_ride() {
    let sheet = Sheet::from_marks(&[], &[(4, 1), (5, 1)]).unwrap();
    let r = roll([1, 1, 2, 2, 3]);
    let two = house(&["throwaways=2"]);
    let choices = sheet.legal_choices_under(&two, &r);
    assert!(choices.iter().all(|c| c.free_ride()));
    // The text allows a third face: 1, 2 or 3 is thrown away with a mark.
    assert!(sheet.legal_choices(&r).iter().all(|c| !c.free_ride()));
    // With 4 rolled, 4 must go under two faces; a third face is never allowed.
    let r = roll([1, 2, 3, 4, 6]);
    let choices = sheet.legal_choices_under(&two, &r);
    assert!(choices.iter().all(|c| c.throwaway() == Some(4)));
    // Six faces: every roll shows a chosen one, so there is never a free ride.
    let six = house(&["throwaways=6"]);
    let all = Sheet::from_marks(&[], &[(1, 1), (2, 1), (3, 1)]).unwrap();
    for packed in 0..7776 {
        let r = Roll::from_packed(packed);
        assert!(!all.legal_choices_under(&six, &r)[0].free_ride());
    }
}

#[test]
fn end_marks_6_ends_the_game_on_the_sixth_mark() {
    let six = house(&["end_marks=6"]);
    let mut sheet = Sheet::from_marks(&[(7, 3)], &[(1, 5)]).unwrap();
    assert!(!sheet.is_over_under(&six));
    let choices = sheet.legal_choices_under(&six, &roll([1, 3, 4, 3, 4]));
    sheet.apply(choices[0]);
    assert_eq!(sheet.throwaway_marks(1), 6);
    assert!(sheet.is_over_under(&six));
    assert!(!sheet.is_over());
    assert!(
        sheet
            .legal_choices_under(&six, &roll([1, 2, 3, 4, 5]))
            .is_empty()
    );
    // Whole games: the ending face has exactly six marks, every other fewer.
    for game in 0..300 {
        let dice = chunk_rng(4, game);
        let o = play_rolls_under(
            &six,
            Sheet::new(),
            &mut OneStep(GreedyUnder { rules: &six }),
            game_rolls(&dice),
        )
        .unwrap();
        let marks = o.sheet.throwaway_rows();
        assert_eq!(marks.iter().filter(|&&m| m == 6).count(), 1, "{marks:?}");
        assert!(marks.iter().all(|&m| m <= 6));
    }
}

#[test]
fn win_is_the_score_a_win_needs() {
    let o = Outcome {
        score: 450,
        rolls: 20,
        free_rides: 0,
        sheet: Sheet::new(),
    };
    assert!(!o.won());
    assert!(o.won_under(&house(&["win=450"])));
    assert!(!o.won_under(&house(&["win=451"])));
}

#[test]
fn greedy_under_the_texts_rules_plays_the_texts_greedy() {
    for game in 0..500 {
        let dice = chunk_rng(12, game);
        let text = play_rolls(&mut OneStep(Greedy), game_rolls(&dice)).unwrap();
        let rules = Rules::TEXT;
        let under = play_rolls_under(
            &rules,
            Sheet::new(),
            &mut OneStep(GreedyUnder { rules: &rules }),
            game_rolls(&dice),
        )
        .unwrap();
        assert_eq!(text, under, "game {game}");
    }
}

#[test]
fn greedy_follows_a_house_rules_scoring() {
    // 6, 7 and 8 at six marks each; 1 3 3 4 4 with the 1 set aside marks 6 + 8 (40 + 40 under
    // the text) or 7 + 7 (2 x 30). With value_7=50, 7 + 7 pays 100 and greedy takes it.
    let sheet = Sheet::from_marks(&[(6, 6), (7, 6), (8, 6)], &[]).unwrap();
    let r = roll([1, 3, 3, 4, 4]);
    let pick = |rules: &Rules| {
        let choices = sheet.legal_choices_under(rules, &r);
        let view = super::policy::View {
            sheet: &sheet,
            roll: &r,
        };
        let c = choices[crate::games::policy::Policy::choose(
            &mut OneStep(GreedyUnder { rules }),
            &view,
            &choices,
        )];
        (c.sums(), sheet.score_change_under(rules, c))
    };
    assert_eq!(pick(&Rules::TEXT), ([6, 8], 80));
    assert_eq!(pick(&house(&["value_7=50"])), ([7, 7], 100));
}

#[test]
fn combinations_that_break_the_bands_are_refused_in_one_line() {
    for (bad, expected) in [
        (
            &["penalty_marks=5"][..],
            "rule options penalty_marks=5 and zero_mark=5: the penalty marks must be fewer than zero_mark",
        ),
        (
            &["penalty_marks=6", "zero_mark=6"][..],
            "penalty_marks=6 and zero_mark=6",
        ),
        (
            &["zero_mark=11"][..],
            "rule options zero_mark=11 and mark_cap=10: zero_mark must be at most mark_cap",
        ),
        (&["mark_cap=4"][..], "zero_mark=5 and mark_cap=4"),
    ] {
        let e = rules(bad).unwrap_err().to_string();
        assert!(e.contains(expected), "{bad:?}: {e}");
        assert_eq!(e.lines().count(), 1);
    }
    for bad in [
        "throwaways=0",
        "throwaways=7",
        "end_marks=0",
        "end_marks=13",
        "value_2=-1",
        "value_12=1001",
        "penalty=-1001",
        "mark_cap=31",
        "win=-1",
    ] {
        let e = rules(&[bad]).unwrap_err().to_string();
        assert!(e.contains("expected a whole number from"), "{bad}: {e}");
    }
}

#[test]
fn odd_but_legal_rules_play_whole_games_without_panicking() {
    let zeros: Vec<String> = (2..=12).map(|s| format!("value_{s}=0")).collect();
    let mut cases: Vec<Vec<String>> = vec![
        vec!["throwaways=6".into()],
        vec!["end_marks=1".into()],
        vec!["throwaways=1".into(), "end_marks=12".into()],
        vec!["throwaways=6".into(), "end_marks=12".into()],
        vec!["mark_cap=5".into()],
        vec![
            "penalty=1000".into(),
            "penalty_marks=29".into(),
            "zero_mark=30".into(),
            "mark_cap=30".into(),
        ],
        vec![
            "penalty_marks=0".into(),
            "zero_mark=1".into(),
            "mark_cap=30".into(),
            "value_7=1000".into(),
        ],
        zeros,
    ];
    cases.push(vec!["value_7=33".into(), "penalty=-7".into()]);
    for case in &cases {
        let case: Vec<&str> = case.iter().map(String::as_str).collect();
        let r = house(&case);
        let (low, high, step) = r.score_range();
        for game in 0..200 {
            let dice = chunk_rng(5, game);
            let greedy = play_rolls_under(
                &r,
                Sheet::new(),
                &mut OneStep(GreedyUnder { rules: &r }),
                game_rolls(&dice),
            )
            .unwrap();
            let random = play_rolls_under(
                &r,
                Sheet::new(),
                &mut Random::new(chunk_rng(6, game)),
                game_rolls(&dice),
            )
            .unwrap();
            for o in [greedy, random] {
                assert!(o.sheet.is_over_under(&r), "{case:?}");
                assert!((low..=high).contains(&o.score), "{case:?}: {}", o.score);
                assert_eq!((o.score - low) % step, 0, "{case:?}");
            }
        }
        if r.end_marks == 1 {
            // The first roll that is not a free ride ends the game.
            let dice = chunk_rng(5, 0);
            let o = play_rolls_under(
                &r,
                Sheet::new(),
                &mut OneStep(GreedyUnder { rules: &r }),
                game_rolls(&dice),
            )
            .unwrap();
            assert_eq!(o.rolls, 1 + o.free_rides);
        }
    }
}
