//! Playing Sevens on dice drawn up front: one turn (what each roll leaves, looked up, and a
//! compiled policy's decisions, looked up), a turn played to win the game (`win_turn`), and
//! whole games ([`Games`]): players in seat order, `rounds` rounds, the first player's rolls
//! capping the others (`follower_limit`), the first player rotating (`first_player`), ties
//! decided by play-off rounds or shared (`tie`). What a game counts is the simulation's
//! ([`sim`](super)), told through `Observer`.

use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::dice::RollStream;
use crate::engine::{ChunkRng, side_stream};
use crate::games::options::{FirstPlayer, Tie};
use crate::games::seating::Rotation;

use super::super::policy::{Action, DecisionTable, Policy};
use super::super::position::{Phase, Role, Stage, Turn};
use super::super::rolls::{RollOutcomes, SCORES};
use super::super::rules::{FollowerLimit, Kept, MAX_ROLLS, Rules};
use super::super::stop_if::GameAt;
use super::super::win::{Solved, Win};

/// The per-roll table sits below every player of a turn (`lookup.rs`); the benches reach it
/// here, through `dicelab::internals`.
pub use super::super::lookup::Lookup;

/// Rolls of six dice, three per draw.
///
/// A hot-loop internal, public only for the benches ([`crate::internals`]); not API.
#[doc(hidden)]
pub type Rolls = RollStream<6, 3>;

/// The generator of a chunk's coin tosses, split off the chunk's generator with one draw: the
/// dice then come out the same whether or not a policy of the run tosses coins, and a run
/// without coins draws none.
pub(crate) fn coin_generator(rng: &mut ChunkRng) -> ChunkRng {
    ChunkRng::seed_from_u64(rng.next_u64())
}

/// Plays one turn of `policy` on pre-drawn `rolls` (one packed roll of six dice per roll the
/// policy may use) and `coins`: (score, rolls used).
#[inline(always)]
pub(crate) fn play_turn(
    lookup: &Lookup,
    policy: &DecisionTable,
    rolls: &[u32],
    coins: u64,
) -> (u8, u8) {
    play_turn_with(lookup, policy, rolls, coins, &mut |_| {})
}

/// [`play_turn`], telling `kept_by` what each throw kept (for a record under
/// `removal=subsets`).
#[inline(always)]
pub(crate) fn play_turn_with(
    lookup: &Lookup,
    policy: &DecisionTable,
    rolls: &[u32],
    coins: u64,
    kept_by: &mut impl FnMut(Kept),
) -> (u8, u8) {
    let mut dice = lookup.start();
    for roll in 1..=policy.max_rolls() {
        let step = policy.step(roll, lookup.list(dice, rolls[roll as usize - 1]) as u16);
        kept_by(Kept {
            dice: step.dice,
            sum: step.sum,
        });
        // The table stops on the last roll and with no dice left (a sum of 0).
        let again = match step.action {
            Action::Stop => false,
            Action::Roll => true,
            Action::Coin => (coins >> roll) & 1 == 1,
        };
        if !again {
            return (step.sum, roll);
        }
        dice = step.dice;
    }
    unreachable!("the last roll always stops")
}

/// Most players in a game.
pub(crate) const MAX_PLAYERS: u32 = 100;
/// Play-off rounds after which tied leaders share the win: never reached in practice (each
/// round ties with a chance of a few per cent), but it keeps every game finite.
const MAX_PLAYOFF_ROUNDS: u32 = 10_000;

/// Whole games under one policy per seat (or one for all): players in seat order, `rounds`
/// rounds, the first player's rolls capping the others (`follower_limit`), the first player
/// rotating (`first_player`), ties decided by play-off rounds or shared (`tie`).
#[derive(Clone, Debug)]
pub struct Games {
    lookup: Lookup,
    /// The distinct policies.
    pub(super) policies: Vec<Policy>,
    /// Which of `policies` each seat plays, in a rotation drawn per game.
    rotation: Rotation,
    pub(super) rules: Rules,
    pub(super) players: usize,
    /// Whether any policy tosses coins (only then does a turn draw coin bits).
    tosses: bool,
    /// The whole game solved, two or three players, that each throw's luck is valued by,
    /// where the run takes the luck out of the win rates ([`Games::with_luck`]).
    luck: Option<Solved>,
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
            luck: None,
        }
    }

    /// The games, each throw's luck to every seat valued by `game` (the exact whole game, for
    /// as many players as these games seat) and told to the counts at the game's end
    /// ([`Observer::end`]). Whoever plays, each seat's luck over a game has mean exactly 0.
    pub(crate) fn with_luck(mut self, game: Solved) -> Self {
        let players = match game {
            Solved::Two(_) => 2,
            Solved::Three(_) => 3,
        };
        assert_eq!(
            self.players, players,
            "the luck is valued for the seats there are"
        );
        self.luck = Some(game);
        self
    }

    /// Whether each game's luck is valued.
    pub(super) fn values_luck(&self) -> bool {
        self.luck.is_some()
    }

    /// The highest total a seat can reach in the regular rounds.
    pub(super) fn max_total(&self) -> usize {
        self.rules.rounds as usize * (SCORES - 1)
    }

    /// Plays one round among `order` (seats, first player first; `first` is the rotation's
    /// first player, who in a play-off may be a seat that is not tied), adding each score to
    /// the sheet; only regular rounds (not play-offs) are told to `counts`.
    fn round<O: Observer>(
        &self,
        dice: &mut GameDice,
        (order, first): (&[usize], usize),
        sheet: &mut Sheet,
        counts: &mut O,
        phase: Phase,
    ) {
        let regular = phase != Phase::Playoff;
        counts.round_begins(!regular);
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
            let (score, used) = if O::KEEPS || self.luck.is_some() {
                // What each throw kept, for a record or the throws' luck.
                let mut path = std::mem::take(&mut sheet.path);
                path.clear();
                let ended = match policy.game() {
                    None => {
                        let table = policy.table(allowed, best);
                        play_turn_with(&self.lookup, table, &rolls, coins, &mut |k| path.push(k))
                    }
                    Some(win) => {
                        let state = (&sheet.totals[..], &sheet.scores[..]);
                        let (order, rolls) = ((order, first), &rolls[..]);
                        win_turn(
                            &self.lookup,
                            win,
                            order,
                            i,
                            allowed,
                            state,
                            phase,
                            rolls,
                            Some(&mut path),
                        )
                    }
                };
                if O::KEEPS {
                    counts.kept(&path);
                }
                if let Some(game) = &self.luck {
                    self.book_luck(
                        game,
                        (order, first),
                        i,
                        allowed,
                        sheet,
                        phase,
                        &rolls,
                        &path,
                    );
                }
                sheet.path = path;
                ended
            } else {
                match policy.game() {
                    None => play_turn(&self.lookup, policy.table(allowed, best), &rolls, coins),
                    Some(win) => {
                        self.win_turn(win, (order, first), i, allowed, sheet, phase, &rolls)
                    }
                }
            };
            if i == 0 && self.rules.follower_limit == FollowerLimit::Leader {
                allowed = used;
            }
            counts.played(seat, &rolls[..max_rolls as usize], used, score);
            if regular {
                counts.turn(p, score, used, i == 0);
            }
            best = Some(best.map_or(score, |b| b.max(score)));
            sheet.scores[seat] = score;
            sheet.totals[seat] += u32::from(score);
        }
        if regular {
            let leader = sheet.scores[order[0]];
            counts.round(order[1..].iter().all(|&s| sheet.scores[s] < leader));
        }
    }

    /// Books the luck of the turn the `i`-th player of `order` just played on `rolls` (`path`,
    /// what each throw kept) to every seat of the round, by the solved `game`, before its score
    /// goes on the sheet: in a game of two, the mover's gain is the other's loss; in a game of
    /// three, [`PlaysThree::turn_luck`](super::super::win::PlaysThree::turn_luck) shares it.
    #[allow(clippy::too_many_arguments)]
    fn book_luck(
        &self,
        game: &Solved,
        (order, first): (&[usize], usize),
        i: usize,
        allowed: u8,
        sheet: &mut Sheet,
        phase: Phase,
        rolls: &[u32],
        path: &[Kept],
    ) {
        match game {
            Solved::Two(game) => {
                let role = two_role((order, i), allowed, &sheet.totals);
                let luck = game.turn_luck(&self.lookup, phase, role, rolls, path);
                sheet.luck[order[i]] += luck;
                sheet.luck[order[1 - i]] -= luck;
            }
            Solved::Three(game) => {
                let state = (&sheet.totals[..], &sheet.scores[..]);
                let (stage, turn) = three_turn((order, first), i, allowed, state, phase);
                let luck = game.turn_luck(&self.lookup, stage, turn, rolls, path);
                for (&seat, share) in order.iter().zip(luck) {
                    sheet.luck[seat] += share;
                }
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
            None,
        )
    }

    /// Plays one game on `dice`, telling `counts` what it counts as it happens.
    #[inline]
    pub(super) fn play(&self, dice: &mut GameDice, counts: &mut impl Observer) {
        let n = self.players;
        let offset = self.rotation.draw(&mut dice.rng);
        counts.begin(|seat| self.rotation.policy_of(seat, offset));
        let mut sheet = Sheet {
            offset,
            totals: [0; MAX_PLAYERS as usize],
            scores: [0; MAX_PLAYERS as usize],
            luck: [0.0; 3],
            path: Vec::new(),
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
                counts,
                Phase::Round(round as u32),
            );
        }
        let totals = sheet.totals;
        counts.totals(&totals[..n], |seat| self.rotation.policy_of(seat, offset));
        let top = *totals[..n].iter().max().expect("at least two players");
        let mut tied_seats = [0usize; MAX_PLAYERS as usize];
        let mut k = 0;
        for seat in (0..n).filter(|&s| totals[s] == top) {
            tied_seats[k] = seat;
            k += 1;
        }
        let tied = k > 1;
        let mut playoff_rounds = 0;
        if self.rules.tie == Tie::Playoff && k > 1 {
            // On dice (and coins) of its own, so the next game rolls what it would without it.
            let dice = &mut GameDice {
                rng: side_stream(&dice.rng),
                stream: Rolls::new(),
                coins: side_stream(&dice.coins),
            };
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
                self.round(
                    dice,
                    (&order[..k], first),
                    &mut sheet,
                    counts,
                    Phase::Playoff,
                );
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
        let luck = self.luck.is_some().then(|| &sheet.luck[..n]);
        counts.end(&tied_seats[..k], tied, (playoff_rounds, luck), |seat| {
            self.rotation.policy_of(seat, offset)
        });
    }
}

/// What a whole game tells whoever counts it ([`Games::play`]), at the moments the counts
/// change: the simulation's accumulator counts as the game is played, so the rules stay here
/// and the counting in [`sim`](super). Play-off rounds tell nothing but their number.
pub(super) trait Observer {
    /// A game begins: the policy each seat plays. A record keeps it; the counts need not.
    #[inline(always)]
    fn begin(&mut self, _policy_of: impl Fn(usize) -> usize) {}

    /// A round begins, a play-off round too. A record keeps it; the counts need not.
    #[inline(always)]
    fn round_begins(&mut self, _playoff: bool) {}

    /// A turn of any round, a play-off too: the seat, the packed rolls it drew (one per roll
    /// it may use), the rolls it used and its score. A record keeps it; the counts need not.
    #[inline(always)]
    fn played(&mut self, _seat: usize, _rolls: &[u32], _used: u8, _score: u8) {}

    /// Whether it writes down what each throw kept (a record, where `removal=subsets` makes
    /// that a choice): the engine then plays each turn's path again for it. The counts do not,
    /// so a run never pays for it.
    const KEEPS: bool = false;

    /// What each throw of the turn just played kept, told before [`played`](Self::played)
    /// (only where [`KEEPS`](Self::KEEPS)).
    #[inline(always)]
    fn kept(&mut self, _path: &[Kept]) {}

    /// A turn of a regular round: the policy that played it (an index into the distinct
    /// policies), its score, the rolls it used, and whether it was the round's first.
    fn turn(&mut self, policy: usize, score: u8, used: u8, first: bool);

    /// A regular round's end: whether its first player scored more than every other.
    fn round(&mut self, first_won: bool);

    /// The regular rounds' end: every seat's total, and the policy each seat played.
    fn totals(&mut self, totals: &[u32], policy_of: impl Fn(usize) -> usize);

    /// The game's end: the seats that won (several only where they share the win), whether
    /// the regular rounds ended tied, the play-off rounds played and, where the run values it
    /// ([`Games::with_luck`]), the game's luck to each seat.
    fn end(
        &mut self,
        winners: &[usize],
        tied: bool,
        playoff: (u32, Option<&[f64]>),
        policy_of: impl Fn(usize) -> usize,
    );
}

/// A chunk's sources of chance: the dice (and seating) and the coin tosses.
pub(super) struct GameDice {
    rng: ChunkRng,
    stream: Rolls,
    coins: ChunkRng,
}

impl GameDice {
    /// The sources of a chunk whose generator is `rng`: the coins split off it first, so the
    /// dice are the same whether or not a policy tosses coins.
    pub(super) fn new(rng: &mut ChunkRng) -> Self {
        let coins = coin_generator(rng);
        Self {
            rng: rng.clone(),
            stream: Rolls::new(),
            coins,
        }
    }
}

/// One game's running state: how policies are seated, each seat's total and last round score,
/// and where the luck is valued, each seat's luck so far (games of two or three) and the
/// turn's path (kept to reuse).
struct Sheet {
    offset: usize,
    totals: [u32; MAX_PLAYERS as usize],
    scores: [u8; MAX_PLAYERS as usize],
    luck: [f64; 3],
    path: Vec<Kept>,
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
    path: Option<&mut Vec<Kept>>,
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
            let role = two_role((order, i), allowed, totals);
            match path {
                None => game.play_turn(lookup, phase, role, rolls),
                Some(p) => ended(p, game.kept_path(lookup, phase, role, rolls)),
            }
        }
        Win::Three(game) => {
            let state = (totals, round_scores);
            let (stage, turn) = three_turn((order, first), i, allowed, state, phase);
            match path {
                None => game.play_turn(lookup, stage, turn, rolls),
                Some(p) => ended(p, game.kept_path(lookup, stage, turn, rolls)),
            }
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
            match path {
                None => game.play_turn(lookup, phase, role, rolls),
                Some(p) => ended(p, game.kept_path(lookup, phase, role, rolls)),
            }
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
            match path {
                None => rule.play_turn(lookup, rolls, allowed, at),
                Some(p) => rule.play_turn_with(lookup, rolls, allowed, at, &mut |k| p.push(k)),
            }
        }
    }
}

/// Where the `i`-th player of `order` (a round's seats, first player first; `first` the
/// rotation's first player) stands in the three-player solution: the stage (a round, the
/// play-off of three, or a duel of two) and the turn, from `totals` and `round_scores` by seat
/// as [`win_turn`] takes them.
fn three_turn(
    (order, first): (&[usize], usize),
    i: usize,
    allowed: u8,
    (totals, round_scores): (&[u32], &[u8]),
    phase: Phase,
) -> (Stage, Turn) {
    let stage = match (phase, order.len()) {
        (Phase::Round(k), _) => Stage::Round(k),
        (Phase::Playoff, 3) => Stage::Playoff,
        (Phase::Playoff, _) => Stage::Duel {
            pair: [order[0], order[1]],
            first,
        },
    };
    // The solution follows a round from its start: the totals before it, and the scores of
    // those who have played (the sheet holds this round's for them).
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
    (stage, turn)
}

/// The role of the `i`-th player of `order` in a two-player round, from the totals by seat
/// (this round's scores in for those who played): leading by its lead, or following with
/// `allowed` rolls behind the leader's total. The other is the one seat of the round that is
/// not this one.
fn two_role((order, i): (&[usize], usize), allowed: u8, totals: &[u32]) -> Role {
    let me = i64::from(totals[order[i]]);
    if i == 0 {
        Role::Lead {
            x: (me - i64::from(totals[order[1]])) as i32,
        }
    } else {
        Role::Follow {
            allowed,
            z: (i64::from(totals[order[0]]) - me) as i32,
        }
    }
}

/// A turn's (score, rolls used) from what each throw kept, the path kept in `into`.
fn ended(into: &mut Vec<Kept>, path: Vec<Kept>) -> (u8, u8) {
    *into = path;
    let last = into.last().expect("a turn throws at least once");
    (last.sum, into.len() as u8)
}
