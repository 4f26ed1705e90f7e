use super::train::{Training, mean_and_error, play, train};
use super::*;

/// The shipped file reads as this layout and writes back to the same bytes.
#[test]
fn the_shipped_value_file_reads_and_writes_back_byte_for_byte() {
    let net = ValueNet::from_bytes("shipped", SHIPPED_BYTES).unwrap();
    assert_eq!(net.to_bytes(), SHIPPED_BYTES);
    assert_eq!(SHIPPED_BYTES.len(), 16 + 2 * WEIGHTS);
    assert_eq!(net.bonus(), Training::SHIPPED.bonus);
}

/// A file of another kind, cut short, or holding a weight that is no number is refused in one
/// line naming it.
#[test]
fn a_file_that_is_not_a_value_of_this_layout_is_refused_naming_it() {
    let good = ValueNet::zero(0.0).to_bytes();
    let refused = |bytes: &[u8]| {
        ValueNet::from_bytes("mine.bin", bytes)
            .unwrap_err()
            .to_string()
    };
    assert!(refused(b"weight,value\n").contains("mine.bin: not a Solitaire Dice value file"));
    assert!(refused(&good[..good.len() - 4]).contains("weights in"));
    let mut nan = good.clone();
    nan[12..16].copy_from_slice(&f32::NAN.to_le_bytes());
    assert!(refused(&nan).contains("not a finite number"));
    for message in [refused(b""), refused(&nan)] {
        assert!(!message.contains('\n'), "{message}");
    }
}

/// Every sheet's entries fall in their own tuple's block: a full sheet and an empty one read
/// within the table, and the dense indexes count every sorted clock and face set once.
#[test]
fn every_feature_indexes_its_own_block_of_the_table() {
    assert!(INDEXES.clock.iter().filter(|&&c| c != u8::MAX).count() == CLOCKS);
    assert!(INDEXES.faces.iter().filter(|&&f| f != u8::MAX).count() == FACE_SETS);
    let marks: Vec<(u8, u8)> = (2..=12).map(|s| (s, 12)).collect();
    let full = Sheet::from_marks(&marks, &[(1, 7), (4, 7), (6, 7)]).unwrap();
    for sheet in [Sheet::new(), full] {
        let f = features(&sheet);
        assert!(f.iter().all(|&i| (i as usize) < WEIGHTS), "{f:?}");
        let blocks = [ROW_CLOCK, ROW_FACES, ROW_PAIRS, BANDS, WEIGHTS];
        let block = |i: u32| blocks.iter().rposition(|&b| b <= i as usize).unwrap();
        assert!(f[..2 * SUMS].iter().step_by(2).all(|&i| block(i) == 0));
        assert!(f[1..2 * SUMS].iter().step_by(2).all(|&i| block(i) == 1));
        assert!(f[2 * SUMS..FEATURES - 1].iter().all(|&i| block(i) == 2));
        assert_eq!(block(f[FEATURES - 1]), 3);
    }
}

/// The same training writes the same bytes; another seed, other bytes.
#[test]
fn training_on_the_same_seed_writes_the_same_bytes() {
    let short = Training {
        games: 3_000,
        ..Training::SHIPPED
    };
    let once = train(&short, 0, |_, _| {}).to_bytes();
    assert_eq!(train(&short, 0, |_, _| {}).to_bytes(), once);
    let other = Training { seed: 2, ..short };
    assert_ne!(train(&other, 0, |_, _| {}).to_bytes(), once);
}

/// The shipped value plays far above `best`'s +221.7 (200,000 games): 4,000 games of fresh
/// dice average more than that by over four standard errors; a value that knows nothing plays
/// as greedy does, near -400.
#[test]
fn the_shipped_value_plays_above_the_hand_built_best() {
    let (mean, se) = mean_and_error(&play(ValueNet::shipped().unwrap(), 4_000, 7));
    assert!(mean - 4.0 * se > 221.7, "{mean} ± {se}");
    let (greedy, se) = mean_and_error(&play(&ValueNet::zero(0.0), 4_000, 7));
    assert!((greedy + 396.8).abs() < 4.0 * se + 1.0, "{greedy} ± {se}");
}

/// The file's 32nds of a point move a sheet's value by at most half a 32nd for each entry
/// the sheet reads.
#[test]
fn the_files_rounding_moves_a_value_by_at_most_half_a_step_an_entry() {
    let short = Training {
        games: 3_000,
        ..Training::SHIPPED
    };
    let net = train(&short, 0, |_, _| {});
    let read = ValueNet::from_bytes("short", &net.to_bytes()).unwrap();
    // A first afterstate, and one from the middle of a game.
    let first = Sheet::from_marks(&[(7, 1), (8, 1)], &[(3, 1)]).unwrap();
    let middle = Sheet::from_marks(&[(7, 3), (8, 6), (6, 5)], &[(2, 4), (5, 1)]).unwrap();
    for sheet in [first, middle] {
        let moved = (net.value(&sheet) - read.value(&sheet)).abs();
        assert!(moved <= FEATURES as f32 / (2.0 * STEPS) + 1e-3, "{moved}");
        assert!(net.value(&sheet) != 0.0);
    }
}

/// One roll of expectimax over the value is its definition: over all 7,776 ordered rolls, the
/// best division's worth, averaged (the 252 distinct rolls weighted as the fast sum takes
/// them), on an empty sheet, the text's example B and a sheet with three faces chosen a roll
/// from its end (forced set-asides, free rides, divisions that end the game).
#[test]
fn one_roll_ahead_is_the_average_of_the_best_division_over_every_roll() {
    let net = ValueNet::shipped().unwrap();
    for sheet in [
        Sheet::new(),
        Sheet::from_marks(
            &[(3, 2), (5, 7), (7, 8), (8, 4), (9, 5)],
            &[(1, 6), (2, 4), (5, 3)],
        )
        .unwrap(),
        Sheet::from_marks(&[(6, 4), (7, 9), (2, 1)], &[(1, 7), (4, 2), (6, 5)]).unwrap(),
    ] {
        let by_definition = super::super::lookahead::expected_by_definition(&sheet, |after| {
            let bonus = after.is_over() && after.score() >= WIN_SCORE;
            f64::from(after.score())
                + f64::from(net.value(after))
                + if bonus { f64::from(net.bonus()) } else { 0.0 }
        }) - f64::from(sheet.score());
        let fast = net.expected(&sheet);
        assert!(
            (fast - by_definition).abs() < 1e-3,
            "{fast} {by_definition}"
        );
        // And a division's worth one roll deeper is its score now plus that of its sheet.
        let roll = Roll::new([1, 1, 3, 5, 6]).unwrap();
        for &c in sheet.legal_choices(&roll).iter() {
            let mut after = sheet;
            after.apply(c);
            let deeper = net.planned(&sheet, c);
            let now = f64::from(sheet.score_change(c));
            if after.is_over() {
                assert_eq!(f64::from(net.division(&sheet, c)), deeper);
            } else {
                assert_eq!(deeper, now + net.expected(&after));
            }
        }
    }
}
