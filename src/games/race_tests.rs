//! The race: a clearly worse action is dropped at once, actions that cannot be told apart race
//! to the budget, the leader's own loss is 0 and the others' are not negative, and the same
//! seed gives the same race on any threads.

use rand_xoshiro::rand_core::Rng;

use super::*;
use crate::engine::chunk_rng;

/// Actions whose values are `means[a]` plus noise common to all (the play-out's luck) plus
/// noise of their own of spread `own`; two actions with the same mean and `own` 0 are the same
/// action.
struct Toy {
    means: Vec<i64>,
    own: i64,
    /// Which play-outs: toys of different seeds draw independent noise.
    seed: u64,
}

impl Contest for Toy {
    type Worker = ();

    fn actions(&self) -> usize {
        self.means.len()
    }

    fn values(&self) -> usize {
        2
    }

    fn order(&self) -> &[usize] {
        &[0, 1]
    }

    fn per_chunk(&self) -> u64 {
        3
    }

    fn worker(&self) {}

    fn play(&self, g: u64, active: &[bool], _: &mut (), out: &mut [i64]) {
        let stream = 1000 * self.seed;
        let mut rng = chunk_rng(5 + stream, g);
        let common = (rng.next_u64() % 1000) as i64 - 500;
        for (a, &mean) in self.means.iter().enumerate() {
            let own = if self.own > 0 {
                (chunk_rng(6 + a as u64 + stream, g).next_u64() % (2 * self.own as u64 + 1)) as i64
                    - self.own
            } else {
                0
            };
            if active[a] {
                out[a * 2] = mean + common + own;
                out[a * 2 + 1] = i64::from(common > 0);
            }
        }
    }
}

fn run(toy: &Toy, first: u64, most: u64) -> Raced {
    race(toy, Plan { first, most }, &RunConfig::new(most, 1)).unwrap()
}

#[test]
fn an_action_far_ahead_stops_the_race_after_its_first_round() {
    let toy = Toy {
        means: vec![0, 1000, -50, 0],
        own: 20,
        seed: 0,
    };
    let raced = run(&toy, 32, 1024);
    assert_eq!(raced.leader(), 1);
    assert!(raced.stopped_early());
    // The three dropped are valued again on play-outs 32 to 63, beside the leader.
    assert_eq!(raced.total(), 4 * 32 + 4 * 32);
    for a in [0, 2, 3] {
        assert_eq!(raced.dropped(a), Some(32));
        assert_eq!((raced.playouts(a), raced.revalued(a)), (64, 32));
        assert!(raced.separated(a), "{a}");
    }
    assert_eq!(raced.ranking()[0], 1);
    assert_eq!(raced.loss(1), Value::exact(0.0));
}

#[test]
fn actions_that_cannot_be_told_apart_race_to_the_budget() {
    // Actions 0 and 2 are the same action; 1 is far behind, 3 a little behind.
    let toy = Toy {
        means: vec![10, -1000, 10, 0],
        own: 0,
        seed: 0,
    };
    let raced = run(&toy, 16, 256);
    assert!(!raced.stopped_early());
    assert_eq!(raced.dropped(1), Some(16));
    // A difference of exactly 10 with no spread is separated at once.
    assert_eq!(raced.dropped(3), Some(16));
    // Ties go to the first listed: action 0 leads, action 2 is the same and never separated.
    assert_eq!(raced.leader(), 0);
    assert_eq!((raced.playouts(0), raced.playouts(2)), (256, 256));
    assert!(!raced.separated(2));
    assert_eq!(raced.loss(2).value, 0.0);
    // The two dropped at 16 are valued again on play-outs 16 to 31.
    assert_eq!(raced.total(), 256 + 32 + 256 + 32);
    assert_eq!(raced.revalued(1), 16);
    assert_eq!(raced.revalued(0), 0);
    assert_eq!(raced.ranking(), vec![0, 2, 3, 1]);
}

#[test]
fn losses_against_the_leader_are_never_negative_among_the_actions_left() {
    let toy = Toy {
        means: vec![0, 3, 1, 2, 0, -40],
        own: 60,
        seed: 0,
    };
    let raced = run(&toy, 8, 512);
    let leader = raced.leader();
    for a in 0..6 {
        // Among the actions raced to the end (a dropped one is read from fresh play-outs,
        // which may favour it: that is what a second look is for).
        if raced.revalued(a) == 0 && raced.playouts(a) == raced.playouts(leader) {
            assert!(raced.loss(a).value >= 0.0, "{a}: {:?}", raced.loss(a));
        }
        // A separated action's interval lies above 0, as printed.
        if raced.separated(a) {
            assert!(raced.loss(a).ci95.unwrap().0 > 0.0);
        }
    }
    let ranking = raced.ranking();
    assert_eq!(ranking[0], leader);
    let mut sorted = ranking.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..6).collect::<Vec<_>>());
}

/// The race decides from whole-number sums: one thread or three, the same rounds, drops and
/// numbers.
#[test]
fn the_race_is_the_same_on_any_threads() {
    let toy = Toy {
        means: vec![0, 3, 1, 2, 0, -40],
        own: 60,
        seed: 0,
    };
    let on = |threads| {
        let pool = engine::thread_pool(Some(threads), None).unwrap();
        pool.install(|| run(&toy, 8, 512))
    };
    assert_eq!(on(1), on(3));
}

/// Pairs count only the play-outs both actions had.
#[test]
fn a_pair_counts_the_play_outs_both_actions_had() {
    let mut sums = Sums::new(3, 1);
    sums.add(&[true, true, true], &[5, 3, 1], 0);
    sums.add(&[true, false, true], &[4, 0, 6], 0);
    assert_eq!(sums.n, vec![2, 1, 2]);
    assert_eq!(sums.paired(0, 1), (1, 2, 4));
    assert_eq!(sums.paired(1, 0), (1, -2, 4));
    assert_eq!(sums.paired(0, 2), (2, 4 - 2, 16 + 4));
    assert_eq!(sums.paired(2, 1), (1, -2, 4));
}

/// A drop needs the lead to stand out against every comparison the race can make: 14 other
/// actions over 4 rounds for fifteen divisions raced from 16 to 128 play-outs.
#[test]
fn the_drop_test_shares_its_error_over_every_comparison() {
    let plan = Plan {
        first: 16,
        most: 128,
    };
    assert_eq!(plan.rounds(), 4);
    assert!((drop_z(15, 4) - 3.1237).abs() < 1e-3, "{}", drop_z(15, 4));
    assert!((drop_z(2, 1) - 1.6449).abs() < 1e-3);
    assert_eq!(
        Plan {
            first: 100,
            most: 100
        }
        .rounds(),
        1
    );
}

/// A budget plays an eighth of itself for every action first: a larger `-n` buys every action
/// more from the start.
#[test]
fn the_first_round_is_an_eighth_of_the_budget() {
    assert_eq!(
        Plan::of(128),
        Plan {
            first: 16,
            most: 128
        }
    );
    assert_eq!(
        Plan::of(2000),
        Plan {
            first: 250,
            most: 2000
        }
    );
    assert_eq!(Plan::of(5), Plan { first: 1, most: 5 });
}

/// Too few play-outs to trust a spread drop nothing: a race of at most 4 plays every action 4
/// times, however far apart they look.
#[test]
fn a_race_drops_nothing_on_fewer_than_ten_play_outs() {
    let toy = Toy {
        means: vec![0, 1000, -50],
        own: 20,
        seed: 0,
    };
    let raced = run(&toy, 1, 4);
    assert_eq!(raced.total(), 12);
    assert!((0..3).all(|a| raced.dropped(a).is_none()));
    assert!(raced.separated(0) && raced.separated(2));
}

/// An action dropped early looked its worst on the play-outs that dropped it: read from them,
/// its loss runs too high and its interval misses the true loss too often. Valued again on
/// fresh play-outs, over 400 races (each with its own noise) its loss averages the true 40
/// within 4 standard errors, and its 95% interval holds 40 as often as a 95% interval does
/// (within 4 standard errors of 95%), where the dropping play-outs' read 9 points too high.
#[test]
fn an_action_dropped_early_is_valued_again_without_the_drops_bias() {
    let (truth, races) = (40.0, 400u64);
    let (mut losses, mut held, mut biased) = (Vec::new(), 0u64, Vec::new());
    for seed in 1..=races {
        let toy = Toy {
            means: vec![0, -40],
            own: 150,
            seed,
        };
        let raced = run(&toy, 8, 512);
        if raced.leader() != 0 || raced.dropped(1).is_none_or(|n| n >= 512) {
            continue;
        }
        let loss = raced.loss(1);
        losses.push(loss.value);
        let (low, high) = loss.ci95.unwrap();
        held += u64::from(low <= truth && truth <= high);
        let (n, s, q) = raced.sums.paired(0, 1);
        biased.push(mean_se(n, s, q).0);
    }
    let k = losses.len() as f64;
    assert!(k >= 200.0, "{k} races dropped the worse action early");
    let mean = losses.iter().sum::<f64>() / k;
    let sd = (losses.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0)).sqrt();
    assert!(
        (mean - truth).abs() < 4.0 * sd / k.sqrt(),
        "{mean} ± {}",
        sd / k.sqrt()
    );
    let coverage = held as f64 / k;
    assert!(
        coverage >= 0.95 - 4.0 * (0.95 * 0.05 / k).sqrt(),
        "{coverage} of {k}"
    );
    // What the race read when it dropped: too high, by far more than its noise.
    let read = biased.iter().sum::<f64>() / k;
    assert!(read > truth + 4.0 * sd / k.sqrt(), "{read}");
}
