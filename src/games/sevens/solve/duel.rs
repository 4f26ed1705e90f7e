//! The exact two-player game under any two policies: each seat's chance to win, the chance of a
//! tied finish, each seat's expected total and the round statistics the game engine reports, so
//! every two-player Sevens report carries exact values, whatever the number of rounds.
//!
//! The distribution of the score difference is pushed forward one round at a time: in each
//! round the leader's exact joint distribution of (rolls used, score), and for each of those the
//! follower's exact reply. A policy that ignores the game's state (every table policy) plays
//! the same round whatever the difference, so that round is computed once and convolved; `win`
//! plays each difference its own way. The play-off's rounds are a geometric series.

use std::collections::HashMap;

use crate::games::options::{FirstPlayer, Tie};
use crate::stats::{ExactValues, MetricId, Subject};

use super::super::policy::Policy;
use super::super::position::{Phase, Role};
use super::super::rolls::{MAX_SUM, RollOutcomes, SCORES};
use super::super::rules::Rules;
use super::exact::distribution;
use super::game::{first_playoff_seat, leader_seat};

/// The score difference a round can change by, either way.
const TOP: usize = MAX_SUM;

/// A difference less likely than this is left out of the forward pass.
const NEGLIGIBLE: f64 = 1e-18;

/// What one round does, from the leader's side.
#[derive(Clone, Debug)]
struct RoundOutcome {
    /// Chance of each change of the leader's lead, `leader's score - follower's + 36`.
    delta: [f64; 2 * TOP + 1],
    /// Chance the leader uses each number of rolls.
    rolls: Vec<f64>,
    /// Expected scores of the leader and the follower.
    scores: [f64; 2],
}

impl RoundOutcome {
    fn leader_wins(&self) -> f64 {
        self.delta[TOP + 1..].iter().sum()
    }

    fn tie(&self) -> f64 {
        self.delta[TOP]
    }
}

/// The exact odds of a two-player game, seat 1 playing `seats[0]` and seat 2 `seats[1]`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOdds {
    /// Each seat's chance to win (under `tie=shared`: to win or share).
    pub p_win: [f64; 2],
    /// The chance that the totals tie after the regular rounds (before any play-off).
    pub p_tie: f64,
    /// Each seat's expected total after the regular rounds.
    pub total: [f64; 2],
    /// The chance the round's first player uses each number of rolls (index 1 up), over the
    /// regular rounds.
    pub leader_rolls: Vec<f64>,
    /// The chance the round's first player scores more than the other, over the regular rounds.
    pub leader_round_wins: f64,
    /// The expected number of play-off rounds.
    pub playoff_rounds: f64,
}

/// How each seat plays, with the turns it has worked out (a table policy's are the same in
/// every round and at every difference).
struct Seat<'a> {
    policy: &'a Policy,
    lead: Option<super::exact::TurnDistribution>,
    /// Replies by (rolls allowed, score to beat) for a table policy, by (rolls allowed, the
    /// leader's lead) in `phase` for one that plays the state.
    replies: HashMap<(u8, i32), [f64; SCORES]>,
    phase: Option<Phase>,
}

impl<'a> Seat<'a> {
    fn new(policy: &'a Policy) -> Self {
        Self {
            policy,
            lead: None,
            replies: HashMap::new(),
            phase: None,
        }
    }

    fn plays_the_state(&self) -> bool {
        self.policy.two_player_game().is_some()
    }
}

/// Works out rounds for two seats under `rules`.
struct Rounds<'a> {
    outcomes: &'a RollOutcomes,
    rules: &'a Rules,
    seats: [Seat<'a>; 2],
    /// A round between two table policies, by leader seat: the same at every difference.
    fixed: [Option<RoundOutcome>; 2],
}

impl Rounds<'_> {
    fn lead(&mut self, seat: usize, phase: Phase, x: i32) -> super::exact::TurnDistribution {
        let (outcomes, max_rolls) = (self.outcomes, self.rules.max_rolls);
        let s = &mut self.seats[seat];
        match s.policy.two_player_game() {
            Some(game) => game.distribution(phase, Role::Lead { x }),
            None => s
                .lead
                .get_or_insert_with(|| distribution(outcomes, s.policy.table(max_rolls, None)))
                .clone(),
        }
    }

    /// The follower's scores with `allowed` rolls, `s` to beat and the leader `z` ahead: a
    /// table policy's depend on (`allowed`, `s`) alone, `win`'s on (`allowed`, `z`) in this
    /// phase (the cache is cleared when the phase changes).
    fn reply(&mut self, seat: usize, phase: Phase, allowed: u8, z: i32, s: u8) -> [f64; SCORES] {
        let outcomes = self.outcomes;
        let seat = &mut self.seats[seat];
        match seat.policy.two_player_game() {
            Some(game) => {
                if seat.phase != Some(phase) {
                    seat.replies.clear();
                    seat.phase = Some(phase);
                }
                *seat
                    .replies
                    .entry((allowed, z))
                    .or_insert_with(|| game.distribution(phase, Role::Follow { allowed, z }).score)
            }
            None => *seat
                .replies
                .entry((allowed, i32::from(s)))
                .or_insert_with(|| {
                    distribution(outcomes, seat.policy.table(allowed, Some(s))).score
                }),
        }
    }

    /// The round led by `leader` (seat index) from a lead of `x`.
    fn round(&mut self, leader: usize, phase: Phase, x: i32) -> RoundOutcome {
        let follower = 1 - leader;
        let fixed =
            !self.seats[leader].plays_the_state() && !self.seats[follower].plays_the_state();
        if fixed && let Some(known) = &self.fixed[leader] {
            return known.clone();
        }
        let max_rolls = self.rules.max_rolls;
        let lead = self.lead(leader, phase, x);
        let mut out = RoundOutcome {
            delta: [0.0; 2 * TOP + 1],
            rolls: vec![0.0; usize::from(max_rolls) + 1],
            scores: [0.0; 2],
        };
        for (r, row) in lead.joint.iter().enumerate().skip(1) {
            out.rolls[r] = row.iter().sum();
            let allowed = self.rules.follower_allowance(r as u8);
            for (s, &p) in row.iter().enumerate() {
                if p == 0.0 {
                    continue;
                }
                let reply = self.reply(follower, phase, allowed, x + s as i32, s as u8);
                out.scores[0] += p * s as f64;
                for (t, &q) in reply.iter().enumerate() {
                    out.delta[TOP + s - t] += p * q;
                    out.scores[1] += p * q * t as f64;
                }
            }
        }
        if fixed {
            self.fixed[leader] = Some(out.clone());
        }
        out
    }
}

/// The exact odds of a game between `seats[0]` in seat 1 and `seats[1]` in seat 2.
pub fn game_odds(outcomes: &RollOutcomes, rules: &Rules, seats: [&Policy; 2]) -> GameOdds {
    let mut rounds = Rounds {
        outcomes,
        rules,
        seats: seats.map(Seat::new),
        fixed: [None, None],
    };
    let n = rules.rounds as usize;
    let reach = TOP * n;
    // mass[d + reach]: the chance that seat 1 leads by d.
    let mut mass = vec![0.0; 2 * reach + 1];
    mass[reach] = 1.0;
    let mut total = [0.0; 2];
    let mut leader_rolls = vec![0.0; usize::from(rules.max_rolls) + 1];
    let mut leader_round_wins = 0.0;
    for k in 0..rules.rounds {
        let leader = leader_seat(rules, k);
        let sign = if leader == 0 { 1 } else { -1 };
        let mut next = vec![0.0; 2 * reach + 1];
        for (i, &m) in mass.iter().enumerate() {
            // Differences this unlikely add up to less than 1e-13 over every cell, and skipping
            // them keeps long games' tails from costing the square of their length.
            if m < NEGLIGIBLE {
                continue;
            }
            let d = i as i64 - reach as i64;
            let round = rounds.round(leader, Phase::Round(k), (sign * d) as i32);
            for (j, &p) in round.delta.iter().enumerate() {
                let change = sign * (j as i64 - TOP as i64);
                next[(d + change + reach as i64) as usize] += m * p;
            }
            total[leader] += m * round.scores[0];
            total[1 - leader] += m * round.scores[1];
            for (all, p) in leader_rolls.iter_mut().zip(&round.rolls) {
                *all += m * p;
            }
            leader_round_wins += m * round.leader_wins();
        }
        mass = next;
    }
    let ahead: f64 = mass[reach + 1..].iter().sum();
    let behind: f64 = mass[..reach].iter().sum();
    let p_tie = mass[reach];
    let per_round = 1.0 / f64::from(rules.rounds);
    leader_rolls.iter_mut().for_each(|p| *p *= per_round);
    let (p_win, playoff_rounds) = match rules.tie {
        Tie::Shared => ([ahead + p_tie, behind + p_tie], 0.0),
        Tie::Playoff => {
            // The first play-off round's leader A, then the rotation (or A again).
            let a = first_playoff_seat(rules);
            let first = rounds.round(a, Phase::Playoff, 0);
            let (a1, t1) = (first.leader_wins(), first.tie());
            let (p_a, length) = match rules.first_player {
                FirstPlayer::Fixed => (a1 / (1.0 - t1), 1.0 / (1.0 - t1)),
                FirstPlayer::Rotate => {
                    let second = rounds.round(1 - a, Phase::Playoff, 0);
                    let (a2, t2) = (second.leader_wins(), second.tie());
                    (
                        (a1 + t1 * (1.0 - a2 - t2)) / (1.0 - t1 * t2),
                        (1.0 + t1) / (1.0 - t1 * t2),
                    )
                }
            };
            let mut p = [ahead, behind];
            p[a] += p_tie * p_a;
            p[1 - a] += p_tie * (1.0 - p_a);
            (p, p_tie * length)
        }
    };
    GameOdds {
        p_win,
        p_tie,
        total,
        leader_rolls,
        leader_round_wins: leader_round_wins * per_round,
        playoff_rounds,
    }
}

/// Exact values of a two-player game of any length: each seat's and each policy's chance to
/// win and expected total, each policy's turn score, the chance of a tied finish, the rolls the
/// first player uses, how often the first player wins a round and the play-off's length. Two
/// policies take the seats in a random rotation, so each value is the mean of both seatings.
pub fn exact_game(outcomes: &RollOutcomes, rules: &Rules, policies: &[Policy]) -> ExactValues {
    let mut exact = ExactValues::default();
    let seatings: Vec<GameOdds> = match policies {
        [a] => vec![game_odds(outcomes, rules, [a, a])],
        [a, b] => vec![
            game_odds(outcomes, rules, [a, b]),
            game_odds(outcomes, rules, [b, a]),
        ],
        _ => return exact,
    };
    let mean =
        |f: &dyn Fn(&GameOdds) -> f64| seatings.iter().map(f).sum::<f64>() / seatings.len() as f64;
    let rounds = f64::from(rules.rounds);
    for seat in 0..2 {
        exact.set_mean(
            MetricId::new("win_rate", Subject::seat(seat)),
            mean(&|o| o.p_win[seat]),
        );
        exact.set_mean(
            MetricId::new("total", Subject::seat(seat)),
            mean(&|o| o.total[seat]),
        );
    }
    if let [ab, ba] = seatings.as_slice() {
        // Policy 0 sits in seat 1 in the first seating and in seat 2 in the second.
        for p in 0..2usize {
            let policy = Subject::Policy(p as u32);
            let win = (ab.p_win[p] + ba.p_win[1 - p]) / 2.0;
            let total = (ab.total[p] + ba.total[1 - p]) / 2.0;
            exact.set_mean(MetricId::new("win_rate", policy), win);
            exact.set_mean(MetricId::new("total", policy), total);
            exact.set_mean(MetricId::new("turn_score", policy), total / rounds);
        }
    } else {
        let both = mean(&|o| o.total[0] + o.total[1]);
        exact.set_mean(
            MetricId::new("turn_score", Subject::policy_of(false, 0)),
            both / (2.0 * rounds),
        );
    }
    exact.set_mean("p_tied_finish", mean(&|o| o.p_tie));
    exact.set_mean("p_leader_wins_round", mean(&|o| o.leader_round_wins));
    if rules.tie == Tie::Playoff {
        exact.set_mean("playoff_rounds", mean(&|o| o.playoff_rounds));
    }
    let rolls: Vec<f64> = (0..=usize::from(rules.max_rolls))
        .map(|r| mean(&|o| o.leader_rolls[r]))
        .collect();
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

#[cfg(test)]
mod tests {
    use super::super::super::rules::{FollowerLimit, Removal};
    use super::super::super::spec::PolicySpec;
    use super::super::game::GameSolution;
    use super::super::solutions::Solutions;
    use super::*;

    fn compiled(solutions: &Solutions, spec: &str) -> Policy {
        spec.parse::<PolicySpec>()
            .unwrap()
            .compile(solutions)
            .unwrap()
    }

    /// `win` against itself, pushed forward round by round, scores what the backward solution
    /// says it is worth: two routes to one number, under options that change the game.
    #[test]
    fn win_against_itself_is_worth_the_solved_value() {
        for rules in [
            Rules::default(),
            Rules {
                rounds: 3,
                removal: Removal::Subsets,
                ..Rules::default()
            },
            Rules {
                rounds: 2,
                tie: Tie::Shared,
                follower_limit: FollowerLimit::None,
                ..Rules::default()
            },
            Rules {
                rounds: 5,
                first_player: FirstPlayer::Fixed,
                max_rolls: 4,
                ..Rules::default()
            },
        ] {
            let solutions = Solutions::new(rules, 2);
            let win = compiled(&solutions, "win");
            let odds = game_odds(&solutions.outcomes, &rules, [&win, &win]);
            let (p1, p2) = GameSolution::solve(&solutions.outcomes, &rules)
                .unwrap()
                .p_seats();
            assert!((odds.p_win[0] - p1).abs() < 1e-12, "{rules:?}");
            assert!((odds.p_win[1] - p2).abs() < 1e-12, "{rules:?}");
        }
    }

    /// Minimax: against any other policy, `win` does at least as well from either seat as
    /// against itself, and the other policy no better than `win` would in its place.
    #[test]
    fn no_policy_does_better_against_win_than_win_itself() {
        let rules = Rules {
            rounds: 4,
            ..Rules::default()
        };
        let solutions = Solutions::new(rules, 2);
        let win = compiled(&solutions, "win");
        let (p1, _) = GameSolution::solve(&solutions.outcomes, &rules)
            .unwrap()
            .p_seats();
        for spec in ["optimal", "leader", "rolls:1", "target", "random"] {
            let other = compiled(&solutions, spec);
            let as_seat_1 = game_odds(&solutions.outcomes, &rules, [&win, &other]);
            let as_seat_2 = game_odds(&solutions.outcomes, &rules, [&other, &win]);
            assert!(as_seat_1.p_win[0] >= p1 - 1e-12, "{spec}");
            assert!(as_seat_2.p_win[0] <= p1 + 1e-12, "{spec}");
        }
    }

    #[test]
    fn a_game_of_one_policy_is_fair_but_for_the_seat_and_its_chances_add_up() {
        let rules = Rules::default();
        let solutions = Solutions::new(rules, 2);
        let optimal = compiled(&solutions, "optimal");
        let odds = game_odds(&solutions.outcomes, &rules, [&optimal, &optimal]);
        assert!((odds.p_win[0] + odds.p_win[1] - 1.0).abs() < 1e-12);
        // Both seats play the same turns over ten rounds, five of them leading.
        assert!((odds.total[0] - odds.total[1]).abs() < 1e-9);
        assert!((odds.leader_rolls.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
