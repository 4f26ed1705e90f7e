//! Whole games of 7: the rounds a game takes, the chips each round pays, and play-offs.

use rand_xoshiro::rand_core::Rng;

use super::policy::{LayCard, View};
use super::round::{Chooser, Round, SEATS};
use super::rules::{MAX_PLAYOFF_ROUNDS, Move, Rules};
use crate::games::options::{FirstPlayer, Tie};
use crate::games::policy::Policy;

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

/// What a game tells whoever watches it being played: the end of each round (a run's counts),
/// and for a recorder each round's deal and each turn. A closure `|table, pay|` watches the ends
/// of rounds alone; the other calls cost nothing where they do nothing.
pub(crate) trait Watch {
    /// Round `table` was dealt, a play-off where `playoff`; no turn is played yet.
    fn dealt(&mut self, _table: &Round, _playoff: bool) {}

    /// The seat to move on `table` (`table.current()`) is about to play its turn.
    fn turn_begins(&mut self, _table: &Round) {}

    /// The turn that began is played: `table` as it left it.
    fn turn_ends(&mut self, _table: &Round) {}

    /// Round `table` is over, its `k`-th finisher paid `pay[k]` chips.
    fn round_ends(&mut self, table: &Round, pay: &[u32]);
}

impl<F: FnMut(&Round, &[u32])> Watch for F {
    fn round_ends(&mut self, table: &Round, pay: &[u32]) {
        self(table, pay);
    }
}

/// Plays a game of `players` on `table`, asking `chooser(seat, view, moves)` for every play and
/// telling `on_round` each round's end (`round_ends(table, pay)`, for its counts), where `pay[k]` is the chips
/// the round paid to its `k`-th finisher (so a study can see what each seat, such as the starting
/// one, earned in that round).
pub(crate) fn play_game_with<R, F, O>(
    table: &mut Round,
    rules: &Rules,
    rng: &mut R,
    chooser: &mut F,
    mut on_round: O,
) -> GameResult
where
    R: Rng,
    F: FnMut(usize, &View, &[Move]) -> usize,
    O: Watch,
{
    let mut result = GameResult::default();
    let mut pool = rules.chips;
    play_rounds(
        table,
        rules,
        0,
        &mut result,
        &mut pool,
        rng,
        chooser,
        &mut on_round,
    );
    play_offs(table, rules, 0, &mut result, rng, chooser, &mut on_round);
    result
}

/// Plays the regular rounds of a game from where `result` stands (`result.rounds` played, the
/// chips paid so far, `pool` chips left in the box, which only games of 5 to 7 players under
/// `rounds=auto` use up)
/// to the last, adding to both, as [`play_game_with`] does. `start` is the seat that started
/// the game's first round: under `first_player=rotate` round `r` (from 0) starts at seat
/// `(start + r) % players`. A game is played on from any round this way (the coach plays the
/// rest of a game once for every guess of a position, whatever the play it values).
#[allow(clippy::too_many_arguments)] // a game's parts, each passed on to every round
pub(crate) fn play_rounds<R, F, O>(
    table: &mut Round,
    rules: &Rules,
    start: usize,
    result: &mut GameResult,
    pool: &mut u32,
    rng: &mut R,
    chooser: &mut F,
    on_round: &mut O,
) where
    R: Rng,
    F: Chooser,
    O: Watch,
{
    let players = table.players() as u32;
    let (regular, limited) = (rules.regular_rounds(players), rules.pool_limited(players));
    while result.rounds < regular {
        let pool = limited.then_some(&mut *pool);
        let round = (start, pool, false);
        play_round(table, rules, round, result, rng, chooser, on_round);
    }
    debug_assert!(
        !limited || *pool == 0,
        "a game that ends with the chip pool hands out every chip"
    );
}

/// Settles a game whose regular rounds are played (`result`): who has the most chips, and
/// under `tie=playoff` the extra rounds of tied leaders (at most [`MAX_PLAYOFF_ROUNDS`]), as
/// [`play_game_with`] does; `start` as for [`play_rounds`].
pub(crate) fn play_offs<R, F, O>(
    table: &mut Round,
    rules: &Rules,
    start: usize,
    result: &mut GameResult,
    rng: &mut R,
    chooser: &mut F,
    on_round: &mut O,
) where
    R: Rng,
    F: Chooser,
    O: Watch,
{
    let n = table.players();
    let leaders = |r: &GameResult| {
        let top = r.chips[..n].iter().copied().max().unwrap_or(0);
        let mut w = [false; SEATS];
        for (won, &chips) in w.iter_mut().zip(&r.chips[..n]) {
            *won = chips == top;
        }
        w
    };
    let mut winners = leaders(result);
    result.tied = winners.iter().filter(|&&w| w).count() > 1;
    if rules.tie == Tie::Playoff {
        let mut extra = 0;
        while winners.iter().filter(|&&w| w).count() > 1 && extra < MAX_PLAYOFF_ROUNDS {
            play_round(
                table,
                rules,
                (start, None, true),
                result,
                rng,
                chooser,
                on_round,
            );
            extra += 1;
            winners = leaders(result);
        }
    }
    result.winners = winners;
}

/// Plays round `result.rounds` (from 0) and pays it out from `pool` (`None`: unlimited, as in
/// 2 to 4 player games, fixed `rounds` and play-offs); `start` as for [`play_rounds`], a
/// play-off where `playoff`. Each deal and turn is told to `on_round`.
fn play_round<R, F, O>(
    table: &mut Round,
    rules: &Rules,
    (start, pool, playoff): (usize, Option<&mut u32>, bool),
    result: &mut GameResult,
    rng: &mut R,
    chooser: &mut F,
    on_round: &mut O,
) where
    R: Rng,
    F: Chooser,
    O: Watch,
{
    let n = table.players();
    let players = n as u32;
    let first = match rules.first_player {
        FirstPlayer::Rotate => (start + result.rounds as usize) % n,
        FirstPlayer::Fixed => start,
    };
    let pay = rules.round_chips(players, pool.as_deref().copied());
    table.set_pay(&pay[..n]);
    // `Round::play_round`'s steps, each told to the watch.
    table.deal(first, rng);
    on_round.dealt(table, playoff);
    while !table.is_over() {
        on_round.turn_begins(table);
        table.turn(rules, rng, chooser);
        on_round.turn_ends(table);
    }
    on_round.round_ends(table, &pay[..n]);
    for (place, &seat) in table.finishing_order().iter().enumerate() {
        result.chips[usize::from(seat)] += pay[place];
    }
    if let Some(pool) = pool {
        *pool -= pay[..n].iter().sum::<u32>();
    }
    result.refills += table.stats().refills;
    result.rounds += 1;
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
        |_: &Round, _: &[u32]| {},
    )
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
