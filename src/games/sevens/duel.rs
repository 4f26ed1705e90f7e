//! The exact two-player game of one round: each seat's and each policy's chance to win. It
//! checks the game engine (seating, the roll limit, the score to beat, the play-off) against an
//! exact answer.

use crate::options::{FirstPlayer, Tie};
use crate::stats::{ExactValues, MetricId, Subject};

use super::exact::distribution;
use super::policy::Policy;
use super::rolls::RollOutcomes;
use super::rules::{FollowerLimit, Rules};

/// The chances that a round's first player, playing `leader`, scores strictly more than one
/// follower playing `follower`, and that the two tie: exact, by pushing the leader's joint
/// distribution of (rolls used, score) through the follower's reply to each.
pub fn round_odds(
    outcomes: &RollOutcomes,
    rules: &Rules,
    leader: &Policy,
    follower: &Policy,
) -> (f64, f64) {
    let max_rolls = rules.max_rolls;
    let lead = distribution(outcomes, leader.table(max_rolls, None));
    let (mut win, mut tie) = (0.0, 0.0);
    for (r, row) in lead.joint.iter().enumerate().skip(1) {
        let allowed = match rules.follower_limit {
            FollowerLimit::Leader => r as u8,
            FollowerLimit::None => max_rolls,
        };
        for (s, &p) in row.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let reply = distribution(outcomes, follower.table(allowed, Some(s as u8)));
            win += p * reply.score[..s].iter().sum::<f64>();
            tie += p * reply.score[s];
        }
    }
    (win, tie)
}

/// Exact values of a two-player game of one round: each seat's and each policy's chance to
/// win, the chance of a tied finish, and the rolls the first player uses. Longer games have no
/// exact values here; this one checks the game engine (seating, the roll limit, the score to
/// beat, the play-off) against an exact answer.
pub fn exact_duel(outcomes: &RollOutcomes, rules: &Rules, policies: &[Policy]) -> ExactValues {
    // Seat 1 plays `p`, seat 2 plays `q`: (seat 1 wins, seat 2 wins, tied finish).
    let seat_wins = |p: &Policy, q: &Policy| {
        let (a1, t1) = round_odds(outcomes, rules, p, q);
        match (rules.tie, rules.first_player) {
            (Tie::Shared, _) => (a1 + t1, 1.0 - a1, t1),
            (Tie::Playoff, FirstPlayer::Fixed) => {
                let x = a1 / (1.0 - t1);
                (x, 1.0 - x, t1)
            }
            (Tie::Playoff, FirstPlayer::Rotate) => {
                let (a2, t2) = round_odds(outcomes, rules, q, p);
                let x = (a1 + t1 * (1.0 - a2 - t2)) / (1.0 - t1 * t2);
                (x, 1.0 - x, t1)
            }
        }
    };
    let mut exact = ExactValues::default();
    let leads = |p: &Policy| distribution(outcomes, p.table(rules.max_rolls, None));
    let (seat1, seat2, tied, rolls) = match policies {
        [a] => {
            let (w1, w2, t) = seat_wins(a, a);
            (w1, w2, t, leads(a).rolls)
        }
        [a, b] => {
            let (ab1, ab2, ab_t) = seat_wins(a, b);
            let (ba1, ba2, ba_t) = seat_wins(b, a);
            exact.set_mean(
                MetricId::new("win_rate", Subject::Policy(0)),
                (ab1 + ba2) / 2.0,
            );
            exact.set_mean(
                MetricId::new("win_rate", Subject::Policy(1)),
                (ba1 + ab2) / 2.0,
            );
            let (ra, rb) = (leads(a).rolls, leads(b).rolls);
            let rolls = ra.iter().zip(&rb).map(|(x, y)| (x + y) / 2.0).collect();
            (
                (ab1 + ba1) / 2.0,
                (ab2 + ba2) / 2.0,
                (ab_t + ba_t) / 2.0,
                rolls,
            )
        }
        _ => return exact,
    };
    exact.set_mean(MetricId::new("win_rate", Subject::seat(0)), seat1);
    exact.set_mean(MetricId::new("win_rate", Subject::seat(1)), seat2);
    exact.set_mean("p_tied_finish", tied);
    let mean_rolls: f64 = rolls.iter().enumerate().map(|(r, p)| r as f64 * p).sum();
    exact.set_mean("leader_rolls", mean_rolls);
    exact.set_pmf(
        "leader_rolls",
        rolls
            .iter()
            .enumerate()
            .skip(1)
            .map(|(r, &p)| (r as i64, p))
            .collect(),
    );
    exact
}
