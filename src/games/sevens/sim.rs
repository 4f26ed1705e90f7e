//! Sevens on the engine: single turns (unit = one turn, every policy of the run on the same
//! dice) and full games (unit = one game).
//!
//! Each turn draws its rolls up front (six dice per roll allowed, three rolls per 64-bit draw),
//! and a word of coin bits from a separate generator when a policy tosses coins; a roll of `n`
//! dice uses the first `n` of that roll's six. A policy that stops early ignores the rest, so
//! every policy sees exactly the same dice (common random numbers), whichever policies share the
//! run and whatever the seed.
//!
//! A full game: players in seat order, `rounds` rounds, the first player's rolls capping the
//! others (`follower_limit`), the first player rotating (`first_player`), ties decided by
//! play-off rounds or shared (`tie`). When the players have different policies, each game seats
//! them in a random rotation (the `i`-th policy given in seat `(i + offset) mod P`), so every
//! policy plays every seat equally often: the per-policy win rates compare policies, and the
//! per-seat rates show what the seat is worth. A policy given for several seats is one policy in
//! the report: its win rate is the share of games won by any seat playing it.

use rand_xoshiro::rand_core::Rng;

use crate::engine::{ChunkRng, Simulation};
use crate::games::outcomes::Wins;
use crate::games::seating::{Rotation, pairs};
use crate::merge_fields;
use crate::options::{FirstPlayer, Tie};
use crate::stats::{Histogram, Metric, Subject, Tally};

use super::flat::{FlatPolicy, GROUP};
use super::game::{Phase, Role};
use super::game3::{Stage, Turn};
use super::play::{Lookup, Rolls, coin_generator, play_turn};
use super::policy::{DecisionTable, Policy, Win};
use super::rolls::{RollOutcomes, SCORES};
use super::rules::{FollowerLimit, MAX_ROLLS, Rules};
use super::stop_if::GameAt;

/// Most policies one comparison plays on the same dice.
pub const MAX_POLICIES: usize = 16;

/// Single turns under one or more policies.
#[derive(Clone, Debug)]
pub struct Turns {
    lookup: Lookup,
    policies: Vec<DecisionTable>,
    flat: Vec<FlatPolicy>,
    max_rolls: u8,
}

impl Turns {
    /// Turns of `max_rolls` rolls under `policies` (all compiled for the same rules; at most
    /// [`MAX_POLICIES`]).
    pub fn new(outcomes: &RollOutcomes, policies: Vec<DecisionTable>) -> Self {
        assert!(
            policies.len() <= MAX_POLICIES,
            "at most {MAX_POLICIES} policies"
        );
        let max_rolls = policies.first().map_or(1, DecisionTable::max_rolls);
        Self {
            lookup: Lookup::new(outcomes),
            flat: policies
                .iter()
                .map(|p| FlatPolicy::new(p, outcomes))
                .collect(),
            policies,
            max_rolls,
        }
    }
}

/// Per policy: counts of each score and of each number of rolls used; per pair of policies
/// (in order (0,1), (0,2), ..., (1,2), ...): counts of each score difference, offset by 36.
#[derive(Clone, Debug)]
pub struct TurnsAcc {
    scores: Vec<[u64; SCORES]>,
    rolls: Vec<[u64; MAX_ROLLS as usize + 1]>,
    diffs: Vec<[u64; 2 * SCORES - 1]>,
}
merge_fields!(TurnsAcc {
    scores,
    rolls,
    diffs
});

impl Turns {
    /// Counts the score difference of every pair of policies in one turn (`scores` by policy).
    #[inline(always)]
    fn count_differences(&self, scores: &[u8; MAX_POLICIES], acc: &mut TurnsAcc) {
        for (d, (a, b)) in pairs(self.policies.len()).enumerate() {
            acc.diffs[d][SCORES - 1 + usize::from(scores[a]) - usize::from(scores[b])] += 1;
        }
    }
}

impl Simulation for Turns {
    type Acc = TurnsAcc;

    fn units_per_chunk(&self) -> u64 {
        1 << 16
    }

    fn new_acc(&self) -> TurnsAcc {
        TurnsAcc {
            scores: vec![[0; SCORES]; self.policies.len()],
            rolls: vec![[0; MAX_ROLLS as usize + 1]; self.policies.len()],
            diffs: vec![[0; 2 * SCORES - 1]; pairs(self.policies.len()).count()],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut TurnsAcc) {
        let mut stream = Rolls::new();
        let mut coin_rng = coin_generator(rng);
        let tosses = self.policies.iter().any(DecisionTable::uses_coins);
        if let [policy] = self.flat.as_slice() {
            // One policy: its turns in groups (the same dice per turn, the same counts).
            let draw = |rolls: &mut [u32], coins: &mut u64| {
                for r in rolls.iter_mut() {
                    *r = stream.next(rng);
                }
                *coins = if tosses { coin_rng.next_u64() } else { 0 };
            };
            policy.play_turns(
                &self.lookup,
                units,
                draw,
                &mut acc.scores[0],
                &mut acc.rolls[0],
            );
            return;
        }
        // Several policies: each plays the same group of turns (drawn in turn order, so the
        // same dice as one turn at a time), then the pairs' differences are counted.
        let max_rolls = usize::from(self.max_rolls);
        let mut group = [[0u32; MAX_ROLLS as usize]; GROUP];
        let mut coins = [0u64; GROUP];
        let mut scores = [[0u8; MAX_POLICIES]; GROUP];
        for _ in 0..units / GROUP as u64 {
            for (turn, c) in group.iter_mut().zip(coins.iter_mut()) {
                for r in turn.iter_mut().take(max_rolls) {
                    *r = stream.next(rng);
                }
                *c = if tosses { coin_rng.next_u64() } else { 0 };
            }
            for (p, policy) in self.flat.iter().enumerate() {
                let played = policy.play_group(&self.lookup, &group, &coins);
                for (t, (score, used)) in played.into_iter().enumerate() {
                    acc.scores[p][usize::from(score)] += 1;
                    acc.rolls[p][usize::from(used)] += 1;
                    scores[t][p] = score;
                }
            }
            for turn in &scores {
                self.count_differences(turn, acc);
            }
        }
        let mut rolls = [0u32; MAX_ROLLS as usize];
        for _ in 0..units % GROUP as u64 {
            for r in rolls.iter_mut().take(max_rolls) {
                *r = stream.next(rng);
            }
            let coins = if tosses { coin_rng.next_u64() } else { 0 };
            let mut turn = [0u8; MAX_POLICIES];
            for (p, policy) in self.flat.iter().enumerate() {
                let (score, used) = policy.play(&self.lookup, &rolls, coins);
                acc.scores[p][usize::from(score)] += 1;
                acc.rolls[p][usize::from(used)] += 1;
                turn[p] = score;
            }
            self.count_differences(&turn, acc);
        }
    }

    fn tally(&self, acc: TurnsAcc) -> Tally {
        let several = self.policies.len() > 1;
        let mut metrics = Vec::new();
        for (p, (scores, rolls)) in acc.scores.iter().zip(&acc.rolls).enumerate() {
            let turns: u64 = scores.iter().sum();
            let policy = Subject::policy_of(several, p);
            let score = Histogram::from_dense(0, scores);
            metrics.push(
                Metric::mean("turn_score", true, score)
                    .about(policy)
                    .per_unit(),
            );
            let rolls = Histogram::from_dense(0, rolls);
            metrics.push(
                Metric::mean("rolls_used", true, rolls)
                    .about(policy)
                    .per_unit(),
            );
            let zero = Metric::proportion("p_turn_zero", scores[0], turns);
            metrics.push(zero.about(policy).per_unit());
        }
        for ((a, b), diffs) in pairs(self.policies.len()).zip(&acc.diffs) {
            let diffs = Histogram::from_dense(1 - SCORES as i64, diffs);
            let diff = Metric::mean("turn_score", false, diffs).about(Subject::pair(a, b));
            metrics.push(diff.per_unit());
        }
        Tally::new(metrics)
    }
}

/// Most players in a game.
pub const MAX_PLAYERS: u32 = 100;
/// Play-off rounds after which tied leaders share the win: never reached in practice (each
/// round ties with a chance of a few per cent), but it keeps every game finite.
const MAX_PLAYOFF_ROUNDS: u32 = 10_000;

/// Full games under one policy per seat (or one for all).
#[derive(Clone, Debug)]
pub struct Games {
    lookup: Lookup,
    /// The distinct policies.
    policies: Vec<Policy>,
    /// Which of `policies` each seat plays, in a rotation drawn per game.
    rotation: Rotation,
    rules: Rules,
    players: usize,
    /// Whether any policy tosses coins (only then does a turn draw coin bits).
    tosses: bool,
}

impl Games {
    /// Games of `players` players; `policies` holds the distinct policies and `rotation` which
    /// one each seat plays.
    pub fn new(
        outcomes: &RollOutcomes,
        rules: Rules,
        players: u32,
        policies: Vec<Policy>,
        rotation: Rotation,
    ) -> Self {
        assert!((2..=MAX_PLAYERS).contains(&players));
        Self {
            rotation,
            lookup: Lookup::new(outcomes),
            tosses: policies.iter().any(Policy::uses_coins),
            policies,
            rules,
            players: players as usize,
        }
    }

    fn max_total(&self) -> usize {
        self.rules.rounds as usize * (SCORES - 1)
    }

    /// Plays one round among `order` (seats, first player first; `first` is the rotation's
    /// first player, who in a play-off may be a seat that is not tied), adding each score to
    /// the sheet; only regular rounds (not play-offs) are counted in the per-turn statistics.
    fn round(
        &self,
        dice: &mut GameDice,
        (order, first): (&[usize], usize),
        sheet: &mut Sheet,
        acc: &mut GamesAcc,
        phase: Phase,
    ) {
        let regular = phase != Phase::Playoff;
        let max_rolls = self.rules.max_rolls;
        let mut allowed = max_rolls;
        let mut best: Option<u8> = None;
        let mut rolls = [0u32; MAX_ROLLS as usize];
        for (i, &seat) in order.iter().enumerate() {
            for r in rolls.iter_mut().take(max_rolls as usize) {
                *r = dice.stream.next(&mut dice.rng);
            }
            let coins = if self.tosses {
                dice.coins.next_u64()
            } else {
                0
            };
            let p = self.rotation.policy_of(seat, sheet.offset);
            let policy = &self.policies[p];
            let (score, used) = match policy.game() {
                None => play_turn(&self.lookup, policy.table(allowed, best), &rolls, coins),
                Some(win) => self.win_turn(win, (order, first), i, allowed, sheet, phase, &rolls),
            };
            if i == 0 && self.rules.follower_limit == FollowerLimit::Leader {
                allowed = used;
            }
            if regular {
                acc.turn_scores[p][score as usize] += 1;
                if i == 0 {
                    acc.leader_rolls[used as usize] += 1;
                }
            }
            best = Some(best.map_or(score, |b| b.max(score)));
            sheet.scores[seat] = score;
            sheet.totals[seat] += u32::from(score);
        }
        if regular {
            let leader = sheet.scores[order[0]];
            if order[1..].iter().all(|&s| sheet.scores[s] < leader) {
                acc.leader_round_wins += 1;
            }
        }
    }

    /// Plays the turn of the `i`-th player of `order` to win ([`win_turn`]). Kept out of
    /// [`Games::round`] so the table policies' loop stays as tight as before.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn win_turn(
        &self,
        win: &Win,
        (order, first): (&[usize], usize),
        i: usize,
        allowed: u8,
        sheet: &Sheet,
        phase: Phase,
        rolls: &[u32],
    ) -> (u8, u8) {
        let seats = (order, first);
        win_turn(
            &self.lookup,
            win,
            seats,
            i,
            allowed,
            (&sheet.totals, &sheet.scores),
            phase,
            rolls,
        )
    }

    fn game(&self, dice: &mut GameDice, acc: &mut GamesAcc) {
        let n = self.players;
        let offset = self.rotation.draw(&mut dice.rng);
        let mut sheet = Sheet {
            offset,
            totals: [0; MAX_PLAYERS as usize],
            scores: [0; MAX_PLAYERS as usize],
        };
        let mut order = [0usize; MAX_PLAYERS as usize];
        let mut first = 0;
        for round in 0..self.rules.rounds as usize {
            first = match self.rules.first_player {
                FirstPlayer::Rotate => round % n,
                FirstPlayer::Fixed => 0,
            };
            for (i, o) in order[..n].iter_mut().enumerate() {
                *o = (first + i) % n;
            }
            self.round(
                dice,
                (&order[..n], first),
                &mut sheet,
                acc,
                Phase::Round(round as u32),
            );
        }
        let totals = sheet.totals;
        for (seat, &total) in totals[..n].iter().enumerate() {
            acc.totals_seat[seat][total as usize] += 1;
            if self.policies.len() > 1 {
                acc.totals_policy[self.rotation.policy_of(seat, offset)][total as usize] += 1;
            }
        }
        let top = *totals[..n].iter().max().expect("at least two players");
        let mut tied_seats = [0usize; MAX_PLAYERS as usize];
        let mut k = 0;
        for seat in (0..n).filter(|&s| totals[s] == top) {
            tied_seats[k] = seat;
            k += 1;
        }
        let tied = k > 1;
        let mut playoff_rounds = 0;
        if self.rules.tie == Tie::Playoff {
            while k > 1 && playoff_rounds < MAX_PLAYOFF_ROUNDS {
                playoff_rounds += 1;
                if self.rules.first_player == FirstPlayer::Rotate {
                    first = (first + 1) % n;
                }
                // The tied players in seat order from the next first player.
                let tied = &tied_seats[..k];
                let start = tied.iter().position(|&s| s >= first).unwrap_or(0);
                for (i, o) in order[..k].iter_mut().enumerate() {
                    *o = tied[(start + i) % k];
                }
                self.round(dice, (&order[..k], first), &mut sheet, acc, Phase::Playoff);
                let top = tied.iter().map(|&s| sheet.totals[s]).max().unwrap_or(0);
                let mut kept = 0;
                for i in 0..k {
                    if sheet.totals[tied_seats[i]] == top {
                        tied_seats[kept] = tied_seats[i];
                        kept += 1;
                    }
                }
                k = kept;
            }
        }
        acc.playoff_rounds[playoff_rounds.min(PLAYOFF_BINS as u32 - 1) as usize] += 1;
        acc.wins
            .record(tied_seats[..k].iter().copied(), tied, |seat| {
                self.rotation.policy_of(seat, offset)
            });
    }
}

/// A chunk's sources of chance: the dice (and seating) and the coin tosses.
struct GameDice {
    rng: ChunkRng,
    stream: Rolls,
    coins: ChunkRng,
}

/// One game's running state: how policies are seated, each seat's total and last round score.
struct Sheet {
    offset: usize,
    totals: [u32; MAX_PLAYERS as usize],
    scores: [u8; MAX_PLAYERS as usize],
}

/// Play-off lengths counted one by one up to this many rounds; longer ones share the last bin
/// (a play-off of 16 rounds has a chance far below 1e-15).
const PLAYOFF_BINS: usize = 17;

/// Counts of a chunk of games.
#[derive(Clone, Debug)]
pub struct GamesAcc {
    wins: Wins,
    totals_seat: Vec<Vec<u64>>,
    totals_policy: Vec<Vec<u64>>,
    turn_scores: Vec<[u64; SCORES]>,
    leader_rolls: [u64; MAX_ROLLS as usize + 1],
    leader_round_wins: u64,
    playoff_rounds: [u64; PLAYOFF_BINS],
}
merge_fields!(GamesAcc {
    wins,
    totals_seat,
    totals_policy,
    turn_scores,
    leader_rolls,
    leader_round_wins,
    playoff_rounds,
});

impl Simulation for Games {
    type Acc = GamesAcc;

    fn units_per_chunk(&self) -> u64 {
        1 << 12
    }

    fn new_acc(&self) -> GamesAcc {
        let k = self.policies.len();
        let totals = self.max_total() + 1;
        GamesAcc {
            wins: Wins::new(self.players, k),
            totals_seat: vec![vec![0; totals]; self.players],
            totals_policy: vec![vec![0; totals]; if k > 1 { k } else { 0 }],
            turn_scores: vec![[0; SCORES]; k],
            leader_rolls: [0; MAX_ROLLS as usize + 1],
            leader_round_wins: 0,
            playoff_rounds: [0; PLAYOFF_BINS],
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut GamesAcc) {
        let coins = coin_generator(rng);
        let mut dice = GameDice {
            rng: rng.clone(),
            stream: Rolls::new(),
            coins,
        };
        for _ in 0..units {
            self.game(&mut dice, acc);
        }
    }

    fn tally(&self, acc: GamesAcc) -> Tally {
        let games = acc.wins.games;
        let mut metrics = Vec::new();
        for (seat, &wins) in acc.wins.seat.iter().enumerate() {
            let win = Metric::proportion("win_rate", wins, games);
            metrics.push(win.about(Subject::seat(seat)).per_unit());
        }
        for (seat, totals) in acc.totals_seat.iter().enumerate() {
            let totals = Histogram::from_dense(0, totals);
            let total = Metric::mean("total", false, totals).about(Subject::seat(seat));
            metrics.push(total.per_unit());
        }
        let several = self.policies.len() > 1;
        for p in 0..self.policies.len() {
            let policy = Subject::policy_of(several, p);
            if several {
                let wins = acc.wins.policy[p];
                let win = Metric::proportion("win_rate", wins, games).about(policy);
                metrics.push(win.per_unit());
                let totals = Histogram::from_dense(0, &acc.totals_policy[p]);
                metrics.push(Metric::mean("total", false, totals).about(policy));
            }
            let turns = Histogram::from_dense(0, &acc.turn_scores[p]);
            metrics.push(Metric::mean("turn_score", true, turns).about(policy));
        }
        let rounds = games * u64::from(self.rules.rounds);
        metrics.push(Metric::mean(
            "leader_rolls",
            true,
            Histogram::from_dense(0, &acc.leader_rolls),
        ));
        metrics.push(Metric::proportion(
            "p_leader_wins_round",
            acc.leader_round_wins,
            rounds,
        ));
        metrics.push(Metric::proportion("p_tied_finish", acc.wins.tied, games).per_unit());
        if self.rules.tie == Tie::Playoff {
            let playoffs = Histogram::from_dense(0, &acc.playoff_rounds);
            metrics.push(Metric::mean("playoff_rounds", false, playoffs).per_unit());
        }
        Tally::new(metrics)
    }
}

/// Plays the turn of the `i`-th player of `order` (a round's seats, first player first;
/// `first` the rotation's first player) to win, as its solution (or the heuristic) decides
/// from the round and the totals: `totals` and `scores` by seat, this round's scores for those
/// who have played. A game at the terminal plays its computer seats with it too.
#[allow(clippy::too_many_arguments)]
pub(crate) fn win_turn(
    lookup: &Lookup,
    win: &Win,
    (order, first): (&[usize], usize),
    i: usize,
    allowed: u8,
    (totals, round_scores): (&[u32], &[u8]),
    phase: Phase,
    rolls: &[u32],
) -> (u8, u8) {
    let seat = order[i];
    let me = i64::from(totals[seat]);
    // The best total among the others of the round: every seat in a regular round, the tied
    // in a play-off.
    let best_other = || {
        order
            .iter()
            .filter(|&&s| s != seat)
            .map(|&s| i64::from(totals[s]))
            .max()
            .unwrap_or(0)
    };
    match win {
        Win::Two(game) => {
            // Two players: the other is the one seat of the round that is not this one.
            let role = if i == 0 {
                Role::Lead {
                    x: (me - i64::from(totals[order[1]])) as i32,
                }
            } else {
                Role::Follow {
                    allowed,
                    z: (i64::from(totals[order[0]]) - me) as i32,
                }
            };
            game.play_turn(lookup, phase, role, rolls)
        }
        Win::Three(game) => {
            let stage = match (phase, order.len()) {
                (Phase::Round(k), _) => Stage::Round(k),
                (Phase::Playoff, 3) => Stage::Playoff,
                (Phase::Playoff, _) => Stage::Duel {
                    pair: [order[0], order[1]],
                    first,
                },
            };
            // The solution follows a round from its start: the totals before it, and the
            // scores of those who have played (the sheet holds this round's for them).
            let (mut start, mut scores) = ([0i32; 3], [0u8; 3]);
            for (j, &s) in order.iter().enumerate().take(3) {
                let played = if j < i { round_scores[s] } else { 0 };
                scores[j] = played;
                start[j] = (totals[s] - u32::from(played)) as i32;
            }
            let turn = Turn {
                position: i,
                allowed,
                start,
                scores,
            };
            game.play_turn(lookup, stage, turn, rolls)
        }
        Win::Heuristic(game) => {
            // The two-player solution against the best total among the others.
            let best_other = best_other();
            let role = if i == 0 {
                Role::Lead {
                    x: (me - best_other) as i32,
                }
            } else {
                Role::Follow {
                    allowed,
                    z: (best_other - me) as i32,
                }
            };
            game.play_turn(lookup, phase, role, rolls)
        }
        Win::Rule(rule) => {
            let to_beat = order[..i]
                .iter()
                .map(|&s| i64::from(round_scores[s]))
                .max()
                .unwrap_or(-1);
            let best_other = best_other();
            let round = match phase {
                Phase::Round(k) => Some(i64::from(k) + 1),
                Phase::Playoff => None,
            };
            let at = GameAt {
                round,
                to_beat,
                me,
                best_other,
            };
            rule.play_turn(lookup, rolls, allowed, at)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::solutions::Solutions;
    use super::super::spec::PolicySpec;
    use super::*;
    use crate::engine::{RunConfig, run};
    use crate::stats::MetricId;

    /// Common random numbers: in a comparison every policy plays the very dice it plays alone
    /// (none of these tosses coins), whether its turns are played in groups or, at a chunk's
    /// end, one by one; and each pair's differences add up to the difference of its totals.
    #[test]
    fn every_policy_of_a_comparison_plays_the_dice_it_plays_alone() {
        let solutions = Solutions::new(Rules::default(), 1);
        let specs = ["optimal", "rolls:3", "threshold:15,10", "leader"];
        let table = |spec: &str| {
            spec.parse::<PolicySpec>()
                .unwrap()
                .compile(&solutions)
                .unwrap()
                .turn()
                .clone()
        };
        let sum = |m: &Metric| {
            m.histogram
                .iter()
                .map(|(v, c)| i128::from(v) * i128::from(c))
                .sum::<i128>()
        };
        // Fewer turns than a group, a group and a bit, and two chunks with a ragged end.
        for units in [3u64, 7, (1 << 16) + 9] {
            let config = RunConfig::new(units, 11);
            let all = run(
                &Turns::new(&solutions.outcomes, specs.map(table).to_vec()),
                &config,
            )
            .unwrap();
            let mut totals = Vec::new();
            for (p, spec) in specs.iter().enumerate() {
                let alone =
                    run(&Turns::new(&solutions.outcomes, vec![table(spec)]), &config).unwrap();
                for name in ["turn_score", "rolls_used"] {
                    let mine = all
                        .get(&MetricId::new(name, Subject::policy_of(true, p)))
                        .unwrap();
                    let theirs = alone.get(&MetricId::run(name)).unwrap();
                    assert_eq!(mine.histogram, theirs.histogram, "{spec} {name} {units}");
                }
                totals.push(sum(alone.get(&MetricId::run("turn_score")).unwrap()));
            }
            for (a, b) in pairs(specs.len()) {
                let diff = all
                    .get(&MetricId::new("turn_score", Subject::pair(a, b)))
                    .unwrap();
                assert_eq!(diff.histogram.count(), units);
                assert_eq!(sum(diff), totals[a] - totals[b], "{a}-{b} {units}");
            }
        }
    }
}
