//! The three-player solution's tests: chances worked out by hand, the play-off's sum, memory.

use super::super::super::rolls::SCORES;
use super::super::super::rules::Removal;
use super::*;

#[test]
fn capping_a_lost_players_deficit_keeps_the_others_apart() {
    // Seat 2 is 100 behind with 36 to play for: capped at 37; the others keep their gap.
    assert_eq!(canonical([0, 5, -100], 36), (5, -32));
    assert_eq!(canonical([10, 0, 3], 36), (-10, -7));
    assert_eq!(canonical([0, 200, 0], 36), (37, 0));
}

#[test]
fn one_roll_one_round_matches_the_chances_worked_out_by_hand() {
    // One roll each, one round, ties shared: nothing to decide, so each player wins or
    // shares with the chance that its one-roll score is at least both others'.
    let outcomes = RollOutcomes::new(Removal::Pairs);
    let r = Rules {
        max_rolls: 1,
        rounds: 1,
        tie: Tie::Shared,
        ..Rules::default()
    };
    let game = Game3::solve(&outcomes, &r).unwrap();
    let mut p = [0.0; SCORES];
    for &(set, ways) in &outcomes.ways[6] {
        p[usize::from(outcomes.sets[usize::from(set)][0].sum)] += ways as f64 / 46656.0;
    }
    let at_most: Vec<f64> = (0..SCORES).map(|s| p[..=s].iter().sum()).collect();
    let top: f64 = (0..SCORES).map(|s| p[s] * at_most[s] * at_most[s]).sum();
    for (seat, v) in game.p_seats().into_iter().enumerate() {
        assert!((v - top).abs() < 1e-12, "seat {seat}: {v} vs {top}");
    }
    // Under a play-off the three seats are alike, so each wins a third.
    let game = Game3::solve(
        &outcomes,
        &Rules {
            tie: Tie::Playoff,
            ..r
        },
    )
    .unwrap();
    for v in game.p_seats() {
        assert!((v - 1.0 / 3.0).abs() < 1e-12, "{v}");
    }
}

#[test]
fn the_chances_add_up_to_one_under_a_playoff() {
    // Under `subsets` odd numbers of dice are thrown again too, so the turns solve them.
    for removal in [Removal::Pairs, Removal::Subsets] {
        let outcomes = RollOutcomes::new(removal);
        for first_player in [FirstPlayer::Rotate, FirstPlayer::Fixed] {
            let r = Rules {
                rounds: 2,
                first_player,
                removal,
                ..Rules::default()
            };
            let game = Game3::solve(&outcomes, &r).unwrap();
            let v = game.p_seats();
            assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{r:?}: {v:?}");
        }
    }
}

#[test]
fn under_pairs_later_rolls_throw_only_an_even_number_of_dice() {
    let rolled = dice_rolled(&RollOutcomes::new(Removal::Pairs), 3);
    let thrown = |r: usize| (1..=6).filter(|&n| rolled[r][n]).collect::<Vec<_>>();
    assert_eq!(thrown(0), [6]);
    assert_eq!(thrown(1), [2, 4, 6]);
    assert_eq!(thrown(2), [2, 4, 6]);
    let rolled = dice_rolled(&RollOutcomes::new(Removal::Subsets), 2);
    assert_eq!((1..=6).filter(|&n| rolled[1][n]).count(), 5, "all but five");
}

#[test]
fn the_memory_worked_out_before_is_the_memory_taken() {
    let outcomes = RollOutcomes::new(Removal::Pairs);
    for r in [
        Rules {
            rounds: 2,
            ..Rules::default()
        },
        Rules {
            rounds: 3,
            tie: Tie::Shared,
            follower_limit: FollowerLimit::None,
            ..Rules::default()
        },
    ] {
        let game = Game3::solve(&outcomes, &r).unwrap();
        assert_eq!(game.bytes(), Game3::bytes_needed(&r), "{r:?}");
    }
}
