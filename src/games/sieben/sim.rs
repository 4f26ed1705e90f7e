//! Games of 7 on the engine: unit = one whole game.
//!
//! Every game draws its deals and shuffles from its own generator, seeded from one word of the
//! chunk's stream, so a game's cards depend only on (seed, chunk, game). The random policy draws
//! from a separate per-chunk generator. With several policies each game seats them in a random
//! rotation (the `i`-th policy given sits in seat `(i + offset) mod P`), as Sevens games do, so
//! every policy plays every seat equally often; a policy given for several seats is one policy in
//! the report (its chips count once per seat it plays, its win rate is the share of its seats
//! that won, game by game: `games::outcomes`). The first-player advantage is measured per round: `first_player_chips` is
//! what the round's starting player earned (against the fair share, the round's chips over the
//! players: (P + 1) / 2 with 2 to 4 players under the text's pay) and `p_first_player_out_first` how often they went
//! out first (against 1 / P). Counts are dense integer vectors that grow as needed and merge by adding,
//! so any thread or shard split gives the same bytes.

use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::accumulator::bump;
use crate::engine::{ChunkRng, Simulation};
use crate::games::outcomes::Wins;
use crate::games::seating::Rotation;
use crate::merge_fields;
use crate::stats::{Histogram, Metric, Subject, Tally};

use super::play::play_game_with;
use super::policy::View;
use super::round::Round;
use super::rules::{MAX_PLAYERS, Move, Penalty, Rules};
use super::spec::{Builtin, PolicySpec};
use crate::games::options::Tie;
use crate::games::policy::Policy;

/// Whole games under one policy per seat (or one for all).
#[derive(Clone, Debug)]
pub struct Games {
    pub(super) rules: Rules,
    pub(super) players: u32,
    /// The distinct policies.
    pub(super) policies: Vec<PolicySpec>,
    /// Which of `policies` each seat plays, in a rotation drawn per game.
    pub(super) rotation: Rotation,
}

impl Games {
    /// The policies of a chunk's games, one a distinct policy, each with its coins: drawn from
    /// the chunk's first word, as the run and its recorder both draw them.
    pub(super) fn chunk_policies(&self, rng: &mut ChunkRng) -> Vec<Builtin<ChunkRng>> {
        let mut coins = ChunkRng::seed_from_u64(rng.next_u64());
        self.policies
            .iter()
            .map(|p| p.build(&self.rules, ChunkRng::seed_from_u64(coins.next_u64())))
            .collect()
    }

    /// A game's cards, from the next word of the chunk's stream, and the seats' rotation
    /// drawn first from them: a game's deal depends only on (seed, chunk, game).
    pub(super) fn game_cards(&self, rng: &mut ChunkRng) -> (ChunkRng, usize) {
        let mut cards = ChunkRng::seed_from_u64(rng.next_u64());
        let offset = self.rotation.draw(&mut cards);
        (cards, offset)
    }

    /// Games of `players` (2 to 7); `policies` holds the distinct policies and `rotation`
    /// which one each seat plays.
    pub fn new(rules: Rules, players: u32, policies: Vec<PolicySpec>, rotation: Rotation) -> Self {
        assert!((2..=MAX_PLAYERS).contains(&players));
        Self {
            rules,
            players,
            policies,
            rotation,
        }
    }
}

/// Counts of a chunk of games.
#[derive(Clone, Debug, Default)]
pub struct GamesAcc {
    wins: Wins,
    rounds: u64,
    chips_seat: Vec<Vec<u64>>,
    chips_policy: Vec<Vec<u64>>,
    round_turns: Vec<u64>,
    penalty_cards: Vec<u64>,
    blocked_turns: Vec<u64>,
    sevens: Vec<u64>,
    refills: Vec<u64>,
    rounds_per_game: Vec<u64>,
    stalled: u64,
    /// Chips the round's starting player earned, per round (dense by chips).
    first_chips: Vec<u64>,
    /// Rounds the starting player finished first.
    first_out_first: u64,
}
merge_fields!(GamesAcc {
    wins,
    rounds,
    chips_seat,
    chips_policy,
    round_turns,
    penalty_cards,
    blocked_turns,
    sevens,
    refills,
    rounds_per_game,
    stalled,
    first_chips,
    first_out_first,
});

impl Simulation for Games {
    type Acc = GamesAcc;

    fn units_per_chunk(&self) -> u64 {
        1 << 8
    }

    fn new_acc(&self) -> GamesAcc {
        let (n, k) = (self.players as usize, self.policies.len());
        GamesAcc {
            wins: Wins::new(n, k),
            chips_seat: vec![Vec::new(); n],
            chips_policy: vec![Vec::new(); k],
            ..GamesAcc::default()
        }
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut GamesAcc) {
        let mut policies = self.chunk_policies(rng);
        let mut table = Round::new(&self.rules, self.players);
        let n = self.players as usize;
        for _ in 0..units {
            let (mut cards, offset) = self.game_cards(rng);
            let rotation = &self.rotation;
            let policy_of = |seat: usize| rotation.policy_of(seat, offset);
            let mut chooser = |seat: usize, view: &View, moves: &[Move]| {
                policies[policy_of(seat)].choose(view, moves)
            };
            let result = play_game_with(
                &mut table,
                &self.rules,
                &mut cards,
                &mut chooser,
                |t: &Round, pay: &[u32]| {
                    let s = t.stats();
                    let order = t.finishing_order();
                    let place = order
                        .iter()
                        .position(|&seat| usize::from(seat) == t.first())
                        .expect("every seat finishes a round");
                    bump(&mut acc.first_chips, pay[place] as usize);
                    acc.first_out_first += u64::from(place == 0);
                    bump(&mut acc.round_turns, s.turns as usize);
                    bump(&mut acc.penalty_cards, s.penalty_cards as usize);
                    bump(&mut acc.blocked_turns, s.blocked_turns as usize);
                    bump(&mut acc.sevens, s.sevens as usize);
                    acc.stalled += u64::from(s.stalled);
                },
            );
            for seat in 0..n {
                bump(&mut acc.chips_seat[seat], result.chips[seat] as usize);
                bump(
                    &mut acc.chips_policy[policy_of(seat)],
                    result.chips[seat] as usize,
                );
            }
            let winners = (0..n).filter(|&seat| result.winners[seat]);
            acc.wins.record(winners, result.tied, policy_of);
            bump(&mut acc.refills, result.refills as usize);
            bump(&mut acc.rounds_per_game, result.rounds as usize);
            acc.rounds += u64::from(result.rounds);
        }
    }

    fn tally(&self, acc: GamesAcc) -> Tally {
        let games = acc.wins.games;
        let mut metrics = Vec::new();
        for (seat, chips) in acc.chips_seat.iter().enumerate() {
            let chips = Histogram::from_dense(0, chips);
            let chips = Metric::mean("chips", chips).about(Subject::seat(seat));
            metrics.push(chips.per_unit());
        }
        for (seat, &wins) in acc.wins.seat.iter().enumerate() {
            let win = Metric::proportion("win_rate", wins, games);
            metrics.push(win.about(Subject::seat(seat)).per_unit());
        }
        if self.policies.len() > 1 {
            for p in 0..self.policies.len() {
                let chips = Histogram::from_dense(0, &acc.chips_policy[p]);
                let policy = Subject::Policy(p as u32);
                metrics.push(Metric::mean("chips", chips).about(policy));
                metrics.push(acc.wins.policy_rate(p, "win_rate"));
            }
        }
        let dense =
            |name: &str, counts: &[u64]| Metric::mean(name, Histogram::from_dense(0, counts));
        metrics.push(dense("round_turns", &acc.round_turns).plotted());
        metrics.push(dense("penalty_cards_per_round", &acc.penalty_cards));
        if self.rules.penalty == Penalty::Pile {
            metrics.push(dense("blocked_turns_per_round", &acc.blocked_turns));
        }
        metrics.push(dense("sevens_per_round", &acc.sevens));
        metrics.push(dense("refills_per_game", &acc.refills).per_unit());
        metrics.push(dense("first_player_chips", &acc.first_chips));
        metrics.push(Metric::proportion(
            "p_first_player_out_first",
            acc.first_out_first,
            acc.rounds,
        ));
        if self.rules.tie == Tie::Playoff {
            metrics.push(dense("rounds_per_game", &acc.rounds_per_game).per_unit());
        }
        metrics.push(Metric::proportion("p_tied_finish", acc.wins.tied, games).per_unit());
        metrics.push(Metric::proportion(
            "p_round_stalled",
            acc.stalled,
            acc.rounds,
        ));
        Tally::new(metrics)
    }
}
