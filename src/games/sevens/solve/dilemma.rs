//! The leader's dilemma: under `follower_limit=leader` the first player of a round also sets how
//! many rolls everyone after them may use, so stopping early both banks a score and handicaps the
//! followers. Which stop policy maximises the leader's chance to *win*, rather than their
//! expected score?
//!
//! For two players and one round it is solved exactly. The follower, knowing the leader's score
//! S and rolls used r, plays the exact best reply: it maximises P(score > S) plus the value of a
//! tie. The leader then values each way of stopping (S, r) by the chance the follower's best reply
//! fails, and backward induction over the leader's turn gives the best leader policy. A tie under
//! `tie=playoff` sends both into a play-off round, which the rules' rotation hands to the other
//! player under `first_player=rotate` (the same player leads it under `fixed`); a play-off round
//! is the same game again, so the value of a tie depends on the solution itself and is found as
//! a fixed point (the tie chance is about 5%, so a few iterations converge to machine
//! precision). Under `tie=shared` a tie is a win for both. For two players this is the
//! one-round game of [`super::game`], and a test holds the two to the same value.
//!
//! With more players, the leader values a stop by the chance that every follower, each playing
//! the two-player best reply, fails to beat it: a heuristic whose worth the simulation of full
//! games measures.

use super::super::policy::DecisionTable;
use super::super::rolls::{MAX_SUM, RollOutcomes, SCORES};
use super::super::rules::Rules;
use super::exact::{distribution, solve_for};
use super::fixed_point::fixed_point;
use super::game::tie_to_leader;
use crate::games::options::Tie;

/// A higher score breaks ties between decisions of equal winning chance (see `target`).
const TIE_BREAK: f64 = 1e-9;

/// The play-off value's rounds of iteration: fewer than the whole games'
/// [`MAX_ROUNDS`](super::fixed_point::MAX_ROUNDS), because the dilemma has always stopped at
/// 100 and one die rolled up to 11 or 12 times needs more (or never converges): a common cap
/// would change those rule sets' `leader` numbers, so this cap stays.
const DILEMMA_ROUNDS: u32 = 100;

/// The exact solution of the leader's dilemma for one rule set.
#[derive(Clone, Debug)]
pub struct Dilemma {
    /// The leader's best decisions (every roll allowed).
    pub leader: DecisionTable,
    /// The followers' best replies: `follow[allowed - 1][to_beat]`.
    pub follow: Vec<Vec<DecisionTable>>,
    /// `win[r][s]`: the leader's chance to win after stopping on roll `r` with score `s`.
    pub win: Vec<[f64; SCORES]>,
    /// The leader's chance to win under the best policy.
    pub p_win: f64,
    /// Chance that the first player of a playoff round wins it eventually (`tie=playoff`).
    pub playoff_value: f64,
    /// Followers in a round (players - 1): the solution is exact for one.
    pub followers: u32,
}

impl Dilemma {
    /// The leader's chance to win with the decisions `leader`, the followers replying best.
    pub fn p_win_with(&self, outcomes: &RollOutcomes, leader: &DecisionTable) -> f64 {
        let d = distribution(outcomes, leader);
        d.joint
            .iter()
            .zip(&self.win)
            .map(|(row, w)| row.iter().zip(w).map(|(p, w)| p * w).sum::<f64>())
            .sum()
    }
}

/// The followers' best replies and the leader's value of each stop, for a tie worth `tie_value`
/// to the leader (and `1 - tie_value` to the follower) under `tie=playoff`.
fn replies(
    outcomes: &RollOutcomes,
    rules: &Rules,
    tie_value: f64,
    followers: u32,
) -> (Vec<Vec<DecisionTable>>, Vec<[f64; SCORES]>) {
    let max_rolls = rules.max_rolls;
    let shared = rules.tie == Tie::Shared;
    let follow: Vec<Vec<DecisionTable>> = (1..=max_rolls)
        .map(|allowed| {
            (0..=MAX_SUM as u8)
                .map(|t| {
                    let solution = solve_for(outcomes, allowed, |_, k| {
                        let won = if k.sum > t {
                            1.0
                        } else if k.sum == t {
                            if shared { 1.0 } else { 1.0 - tie_value }
                        } else {
                            0.0
                        };
                        won + TIE_BREAK * f64::from(k.sum)
                    });
                    DecisionTable::from_solution("leader", outcomes, &solution)
                })
                .collect()
        })
        .collect();
    // The leader's chance of surviving one follower, by the follower's allowance and the score.
    let survive: Vec<[f64; SCORES]> = follow
        .iter()
        .map(|by_score| {
            let mut row = [0.0; SCORES];
            for (s, table) in by_score.iter().enumerate() {
                let d = distribution(outcomes, table);
                let below: f64 = d.score[..s].iter().sum();
                let tie = d.score[s];
                row[s] = below + if shared { tie } else { tie_value * tie };
            }
            row
        })
        .collect();
    let mut win = vec![[0.0; SCORES]; max_rolls as usize + 1];
    for (r, row) in win.iter_mut().enumerate().skip(1) {
        let allowed = usize::from(rules.follower_allowance(r as u8));
        for (s, w) in row.iter_mut().enumerate() {
            *w = survive[allowed - 1][s].powi(followers as i32);
        }
    }
    (follow, win)
}

/// Solves the leader's dilemma for `players` players (exact for two).
pub fn solve_dilemma(outcomes: &RollOutcomes, rules: &Rules, players: u32) -> Dilemma {
    let followers = players.saturating_sub(1).max(1);
    // The fixed point of a play-off round's value to its leader, always on the two-player game:
    // a play-off is nearly always between two players. A tie hands the next play-off round to
    // the other player under `rotate`, so it is worth 1 - q to this round's leader; under
    // `fixed` the same player leads again. The first round's tie is worth the same as a
    // play-off round's: its play-off, too, follows the rotation.
    let mut playoff_value = 0.5;
    if rules.tie == Tie::Playoff {
        let ((), [v]) = fixed_point([playoff_value], DILEMMA_ROUNDS, |&[q]| {
            let (_, win) = replies(outcomes, rules, tie_to_leader(rules, q), 1);
            let v = solve_for(outcomes, rules.max_rolls, |r, k| {
                win[r as usize][k.sum as usize]
            })
            .expected;
            ((), [v])
        });
        playoff_value = v;
    }
    let (follow, win) = replies(
        outcomes,
        rules,
        tie_to_leader(rules, playoff_value),
        followers,
    );
    let solution = solve_for(outcomes, rules.max_rolls, |r, k| {
        win[r as usize][k.sum as usize] + TIE_BREAK * f64::from(k.sum)
    });
    let leader = DecisionTable::from_solution("leader", outcomes, &solution);
    let mut dilemma = Dilemma {
        leader,
        follow,
        win,
        p_win: 0.0,
        playoff_value,
        followers,
    };
    dilemma.p_win = dilemma.p_win_with(outcomes, &dilemma.leader);
    dilemma
}

#[cfg(test)]
mod tests {
    use super::super::super::rules::{FollowerLimit, Removal};
    use super::super::exact::solve;
    use super::super::game::GameSolution;
    use super::*;
    use crate::games::options::FirstPlayer;

    fn rules(follower_limit: FollowerLimit, tie: Tie) -> Rules {
        Rules {
            removal: Removal::Pairs,
            max_rolls: 3,
            follower_limit,
            rounds: 1,
            first_player: FirstPlayer::Rotate,
            tie,
            ..Rules::default()
        }
    }

    #[test]
    fn the_best_leader_beats_the_expected_score_optimum_at_winning() {
        let outcomes = RollOutcomes::new(Removal::Pairs);
        let optimal = DecisionTable::from_solution("optimal", &outcomes, &solve(&outcomes, 3));
        for limit in [FollowerLimit::Leader, FollowerLimit::None] {
            for tie in [Tie::Playoff, Tie::Shared] {
                let d = solve_dilemma(&outcomes, &rules(limit, tie), 2);
                let with_optimal = d.p_win_with(&outcomes, &optimal);
                assert!(d.p_win >= with_optimal - 1e-12, "{limit:?} {tie:?}");
                assert!(d.p_win > 0.0 && d.p_win < 1.0);
            }
        }
    }

    #[test]
    fn the_playoff_value_is_a_fixed_point() {
        // Round one's tie goes to a play-off that follows the same rotation as a play-off
        // round's tie, so round one is worth what a play-off round is worth to its leader.
        let outcomes = RollOutcomes::new(Removal::Pairs);
        for first_player in FirstPlayer::ALL {
            let r = Rules {
                first_player,
                ..rules(FollowerLimit::Leader, Tie::Playoff)
            };
            let d = solve_dilemma(&outcomes, &r, 2);
            assert!((d.p_win - d.playoff_value).abs() < 1e-12);
        }
    }

    /// The dilemma for two players is the one-round game that [`GameSolution`] solves by
    /// another route (vectorised over the score difference, the play-off as its own round):
    /// the same chance to win under every option of the zero-sum game. (Under `tie=shared`
    /// the game is not zero-sum and its equilibrium depends on how an indifferent follower
    /// breaks ties: the dilemma's follower then plays for the higher score, `win` stops.)
    #[test]
    fn the_one_round_game_equals_the_dilemma_under_every_playoff_option() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let outcomes = RollOutcomes::new(removal);
            for limit in [FollowerLimit::Leader, FollowerLimit::None] {
                for first_player in FirstPlayer::ALL {
                    let r = Rules {
                        removal,
                        first_player,
                        ..rules(limit, Tie::Playoff)
                    };
                    let d = solve_dilemma(&outcomes, &r, 2);
                    let game = GameSolution::solve(&outcomes, &r).unwrap();
                    let (p, _) = game.p_seats();
                    assert!((d.p_win - p).abs() < 1e-12, "{r:?}: {} vs {p}", d.p_win);
                    assert!((d.playoff_value - game.playoff_value).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn under_rotation_the_leader_wins_less_than_under_a_fixed_start() {
        // With the limit the play-off's leader has the edge, and rotation hands it to the
        // follower: the leader's chance is lower than under `fixed`, where it keeps it.
        let outcomes = RollOutcomes::new(Removal::Pairs);
        let r = rules(FollowerLimit::Leader, Tie::Playoff);
        let rotate = solve_dilemma(&outcomes, &r, 2);
        let fixed = solve_dilemma(
            &outcomes,
            &Rules {
                first_player: FirstPlayer::Fixed,
                ..r
            },
            2,
        );
        assert!(
            rotate.p_win < fixed.p_win,
            "{} {}",
            rotate.p_win,
            fixed.p_win
        );
    }

    #[test]
    fn without_a_limit_a_follower_with_every_roll_has_the_edge() {
        // Knowing the score to beat is worth more than moving first.
        let outcomes = RollOutcomes::new(Removal::Pairs);
        let d = solve_dilemma(&outcomes, &rules(FollowerLimit::None, Tie::Playoff), 2);
        assert!(d.p_win < 0.5, "{}", d.p_win);
    }
}
