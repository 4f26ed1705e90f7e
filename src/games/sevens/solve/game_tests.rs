//! The two-player solution's tests: chances worked out by hand, monotone values, memory.

use super::super::super::rolls::SCORES;
use super::super::super::rules::Removal;
use super::*;

fn rules(rounds: u32) -> Rules {
    Rules {
        rounds,
        ..Rules::default()
    }
}

#[test]
fn one_roll_one_round_matches_the_chance_worked_out_by_hand() {
    // One roll each, one round, ties shared: nothing to decide, so seat 1 (who leads)
    // wins or shares with P(S >= T) for two independent one-roll scores S and T.
    let outcomes = RollOutcomes::new(Removal::Pairs);
    let r = Rules {
        max_rolls: 1,
        tie: Tie::Shared,
        ..rules(1)
    };
    let game = GameSolution::solve(&outcomes, &r).unwrap();
    let mut p = [0.0; SCORES];
    for &(set, ways) in &outcomes.ways[6] {
        p[usize::from(outcomes.sets[usize::from(set)][0].sum)] += ways as f64 / 46656.0;
    }
    let mut ge = 0.0;
    for s in 0..SCORES {
        for t in 0..=s {
            ge += p[s] * p[t];
        }
    }
    let (a, b) = game.p_seats();
    assert!((a - ge).abs() < 1e-12, "{a} vs {ge}");
    assert!((b - ge).abs() < 1e-12, "symmetric: {b} vs {ge}");
    // Under a play-off each play-off round is the same coin: the leader wins it with
    // P(S > T) / (1 - P(S = T)) = 1/2, and so does the first round's leader.
    let game = GameSolution::solve(
        &outcomes,
        &Rules {
            tie: Tie::Playoff,
            ..r
        },
    )
    .unwrap();
    assert!((game.playoff_value - 0.5).abs() < 1e-12);
    assert!((game.p_seats().0 - 0.5).abs() < 1e-12);
}

#[test]
fn a_larger_lead_is_never_worth_less_and_the_values_are_chances() {
    let outcomes = RollOutcomes::new(Removal::Pairs);
    for tie in [Tie::Playoff, Tie::Shared] {
        let game = GameSolution::solve(&outcomes, &Rules { tie, ..rules(4) }).unwrap();
        for k in 0..4 {
            let span = game.rounds[k as usize].span;
            let mut last = (-1.0, 2.0);
            for x in -span..=span {
                let (lead, follow) = game.round_values(k, x);
                assert!((0.0..=1.0).contains(&lead) && (0.0..=1.0).contains(&follow));
                assert!(
                    lead >= last.0 - 1e-12 && follow <= last.1 + 1e-12,
                    "{k} {x}"
                );
                if tie == Tie::Playoff {
                    assert!((lead + follow - 1.0).abs() < 1e-12);
                } else {
                    assert!(lead + follow >= 1.0 - 1e-12);
                }
                last = (lead, follow);
            }
        }
    }
}

#[test]
fn refuses_a_solution_over_the_memory_limit_before_solving() {
    let outcomes = RollOutcomes::new(Removal::Pairs);
    let r = Rules {
        rounds: 1000,
        max_rolls: 12,
        ..Rules::default()
    };
    let e = GameSolution::solve(&outcomes, &r).unwrap_err().to_string();
    assert!(
        e.contains("1000 rounds") && e.contains("more than the 4 GiB a solution may take"),
        "{e}"
    );
}

#[test]
fn the_memory_worked_out_before_is_the_memory_taken() {
    let outcomes = RollOutcomes::new(Removal::Pairs);
    for r in [
        rules(1),
        rules(3),
        Rules {
            tie: Tie::Shared,
            max_rolls: 4,
            ..rules(5)
        },
    ] {
        let game = GameSolution::solve(&outcomes, &r).unwrap();
        assert_eq!(game.bytes(), GameSolution::bytes_needed(&r), "{r:?}");
    }
}
