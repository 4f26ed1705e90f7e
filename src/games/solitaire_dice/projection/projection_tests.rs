//! `projection` against its definitions: the fast expectation is the average of the evaluation over
//! the next roll, the projection's tables are the Poisson expectations they stand for, and with
//! the linear weight alone it plays as `lookahead`.

use super::super::lookahead::{Lookahead, expected_by_definition};
use super::*;

fn sheets() -> Vec<Sheet> {
    vec![
        Sheet::new(),
        Sheet::from_marks(&[(7, 3), (8, 5)], &[(2, 1)]).unwrap(),
        Sheet::from_marks(&[(6, 4), (7, 9), (2, 1)], &[(1, 7), (4, 2), (6, 5)]).unwrap(),
        Sheet::from_marks(
            &[(3, 2), (5, 7), (7, 8), (8, 4), (9, 5)],
            &[(1, 6), (2, 4), (5, 3)],
        )
        .unwrap(),
        Sheet::from_marks(&[(12, 11), (10, 1)], &[(3, 6), (5, 5)]).unwrap(),
        Sheet::from_marks(&[(7, 2)], &[(3, 8)]).unwrap(),
    ]
}

#[test]
fn the_fast_expectation_is_the_definition() {
    let mixed = Params {
        values: [1.7, 1.2, 0.4, 0.3, 0.5, 0.4, 0.45, 30.0, 0.5],
    };
    for params in [Params::START, mixed, Params::BUILT_IN] {
        let p = Projection::new(params);
        for sheet in sheets() {
            let (a, b) = (
                p.expected(&sheet),
                expected_by_definition(&sheet, |s| p.evaluate(s)),
            );
            assert!((a - b).abs() < 1e-6, "{params:?} {sheet:?}: {a} vs {b}");
        }
    }
}

#[test]
fn linear_weight_alone_plays_as_lookahead() {
    use super::super::heuristic::{Evaluator, Weights};
    let mut values = Params::START.values;
    values[5] = 0.0;
    values[6] = 1.0;
    let p = Projection::new(Params { values });
    let e = Evaluator::new(&Weights::built_in_lookahead());
    let l = Lookahead::new(&e);
    for sheet in sheets() {
        let (a, b) = (p.expected(&sheet), l.expected(&sheet));
        assert!((a - b).abs() < 1e-6, "{sheet:?}: {a} vs {b}");
    }
}

#[test]
fn rolls_left_by_hand() {
    let p = Projection::new(Params::START);
    // Three faces at seven: every roll is a free ride (1/32) or ends the game.
    let r = p.rolls_left(&[7, 0, 7, 0, 7, 0]);
    assert!((r - 32.0 / 31.0).abs() < 1e-12, "{r}");
    // One face at seven and no other: the game ends when the roll shows only that face
    // (1/6^5), or goes on with a new face; a new face is always the longer game.
    assert!(p.rolls_left(&[0, 0, 0, 0, 0, 7]) > 1.0);
    // The longest game from the start: 3 x 7 + 1 = 22 throwaway marks at most, plus free
    // rides, less the rolls that force a face; faces are interchangeable.
    let start = p.rolls_left(&[0; 6]);
    assert!((start - 21.6717).abs() < 1e-4, "{start}");
    // The first roll always gives a face its first mark.
    assert!((p.rolls_left(&[0, 0, 0, 1, 0, 0]) - (start - 1.0)).abs() < 1e-9);
    assert_eq!(
        p.rolls_left(&[2, 5, 0, 0, 0, 1]),
        p.rolls_left(&[0, 1, 0, 2, 5, 0])
    );
    assert!(p.rolls_left(&[2, 5, 0, 0, 0, 1]) > p.rolls_left(&[2, 6, 0, 0, 0, 1]));
}

#[test]
fn row_values_are_poisson_expectations_of_the_score() {
    let p = Projection::new(Params::START);
    // Sum 7 (value 30) at four marks with a mean of one mark to come: P(k) = e^-1 / k!.
    let pk = |k: i32| (-1.0f64).exp() / (1..=k).map(f64::from).product::<f64>();
    let by_hand: f64 = -200.0 * pk(0)
        + 30.0 * pk(2)
        + 60.0 * pk(3)
        + 90.0 * pk(4)
        + 120.0 * pk(5)
        + 150.0 * (1.0 - (0..6).map(pk).sum::<f64>());
    let v = p.row_value(5, 4, 1.0);
    assert!((v - by_hand).abs() < 1e-9, "{v} vs {by_hand}");
    // Nothing to come: the score; ten marks: the most; no marks: nothing.
    assert_eq!(p.row_value(0, 3, 0.0), -200.0);
    assert_eq!(p.row_value(10, 7, 0.0), 200.0);
    assert_eq!(p.row_value(5, 10, 3.0), 150.0);
    assert_eq!(p.row_value(5, 0, 3.0), 0.0);
    // Between grid points, linear.
    let mid = p.row_value(5, 4, 1.0 + 0.5 / LAMBDA_STEPS);
    let ends = (p.row_value(5, 4, 1.0) + p.row_value(5, 4, 1.0 + 1.0 / LAMBDA_STEPS)) / 2.0;
    assert!((mid - ends).abs() < 1e-9);
}

#[test]
fn a_sheet_is_worth_its_rows_projected_scores() {
    // One open row, sum 7 with three marks, faces 1, 2, 3 chosen: the row takes the share
    // w / (unopened + w) of 2 x efficiency x rolls left.
    let params = Params {
        values: [0.8, 0.5, 1.0, 1.0, 0.5, 1.0, 0.0, 0.0, 0.0],
    };
    let p = Projection::new(params);
    let sheet = Sheet::from_marks(&[(7, 3)], &[(1, 2), (2, 2), (3, 2)]).unwrap();
    let t = &TABLES;
    let w = t.availability[0b111][0][5] + 0.5 * t.availability[0b111][1][5];
    let lambda = 2.0 * 0.8 * p.rolls_left(&sheet.throwaway_rows()) * w / (0.5 + w);
    let v = p.evaluate(&sheet);
    assert!((v - p.row_value(5, 3, lambda)).abs() < 1e-9);
    // With faces 1, 2, 3 set aside whenever shown, a 7 is harder to make than on an open
    // sheet (1 + 6 or 2 + 5 often loses its low die), and 12 as easy (only a 1, 2 or 3 is
    // ever forced out, never a 6).
    assert!(t.availability[0b111][0][5] < t.availability[0][0][5]);
    assert!((t.availability[0b111][0][10] - t.availability[0][0][10]).abs() < 1e-12);
    // A finished sheet: its score, plus the bonus from 500 on.
    let over = Sheet::from_marks(&[(7, 2)], &[(3, 8)]).unwrap();
    assert_eq!(p.evaluate(&over), -200.0);
    let won = Sheet::from_marks(&[(2, 10), (12, 10), (7, 6)], &[(3, 8)]).unwrap();
    let mut bonus = params;
    bonus.values[7] = 40.0;
    assert_eq!(p.evaluate(&won), 1030.0);
    assert_eq!(Projection::new(bonus).evaluate(&won), 1070.0);
    assert_eq!(Projection::new(bonus).expected(&won), 1070.0);
}
