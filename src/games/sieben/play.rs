//! Whole games of 7: the rounds a game takes, the chips each round pays, and play-offs.

use rand_xoshiro::rand_core::Rng;

use super::policy::{LayCard, View};
use super::round::{Round, SEATS};
use super::rules::{CHIPS, MAX_PLAYOFF_ROUNDS, Move, Rules, regular_rounds, round_chips};
use crate::options::{FirstPlayer, Tie};
use crate::policy::Policy;

/// The outcome of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    /// Chips per seat (seat 1 starts the first round).
    pub chips: [u32; SEATS],
    /// Seats with the most chips at the end (all of them under `tie=shared`).
    pub winners: [bool; SEATS],
    /// Whether the most chips were shared after the regular rounds.
    pub tied: bool,
    /// Rounds played, play-offs included.
    pub rounds: u32,
    /// Refills of the draw pile over the game.
    pub refills: u32,
}

/// Plays a game of `players` on `table`, asking `chooser(seat, view, moves)` for every play and
/// calling `on_round(table, pay)` after each round (for its counts), where `pay[k]` is the chips
/// the round paid to its `k`-th finisher (so a study can see what each seat, such as the starting
/// one, earned in that round).
pub fn play_game_with<R, F, O>(
    table: &mut Round,
    rules: &Rules,
    rng: &mut R,
    chooser: &mut F,
    mut on_round: O,
) -> GameResult
where
    R: Rng,
    F: FnMut(usize, &View, &[Move]) -> usize,
    O: FnMut(&Round, &[u32]),
{
    let n = table.players();
    let players = n as u32;
    let mut result = GameResult::default();
    let mut pool = CHIPS;
    let regular = regular_rounds(players);
    let mut round = 0u32;
    let mut play = |round: u32, pool: Option<&mut u32>, result: &mut GameResult| {
        let first = match rules.first_player {
            FirstPlayer::Rotate => round as usize % n,
            FirstPlayer::Fixed => 0,
        };
        let pay = round_chips(players, pool.as_deref().copied());
        table.set_pay(&pay[..n]);
        table.play_round(rules, first, rng, chooser);
        on_round(table, &pay[..n]);
        for (place, &seat) in table.finishing_order().iter().enumerate() {
            result.chips[usize::from(seat)] += pay[place];
        }
        if let Some(pool) = pool {
            *pool -= pay[..n].iter().sum::<u32>();
        }
        result.refills += table.stats().refills;
        result.rounds += 1;
    };
    while round < regular {
        let limited = (players > 4).then_some(&mut pool);
        play(round, limited, &mut result);
        round += 1;
    }
    debug_assert!(
        players <= 4 || pool == 0,
        "5 to 7 players hand out all 80 chips"
    );
    let leaders = |r: &GameResult| {
        let top = r.chips[..n].iter().copied().max().unwrap_or(0);
        let mut w = [false; SEATS];
        for (won, &chips) in w.iter_mut().zip(&r.chips[..n]) {
            *won = chips == top;
        }
        w
    };
    let mut winners = leaders(&result);
    result.tied = winners.iter().filter(|&&w| w).count() > 1;
    if rules.tie == Tie::Playoff {
        let mut extra = 0;
        while winners.iter().filter(|&&w| w).count() > 1 && extra < MAX_PLAYOFF_ROUNDS {
            play(round, None, &mut result);
            round += 1;
            extra += 1;
            winners = leaders(&result);
        }
    }
    result.winners = winners;
    result
}

/// Plays a game with one policy per seat (`seats.len()` players, 2 to 7), seat 1 starting.
pub fn play_game<P: Policy<LayCard>, R: Rng>(
    rules: &Rules,
    seats: &mut [P],
    rng: &mut R,
) -> GameResult {
    let mut table = Round::new(rules, seats.len() as u32);
    play_game_with(
        &mut table,
        rules,
        rng,
        &mut |seat, view, moves| seats[seat].choose(view, moves),
        |_, _| {},
    )
}
