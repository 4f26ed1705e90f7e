//! Play-outs on a full [`Round`]: the reference the lean [`Playout`](super::playout::Playout) is tested against, what the
//! lookahead plays on for the decks a `Playout` cannot count ([`fits`](super::playout::fits)), and the advice's
//! play-outs to a round's end (every seat's place, for the chips of the whole game).

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::super::deck::Counts;
use super::super::policy::View;
use super::super::round::{Round, SEATS, SevenFirstChooser};
use super::super::rules::{Move, Rules};

/// How a play-out ended for the looking player: on a [`Round`], and as the lean
/// [`Playout`](super::playout::Playout) must end it too (it imports this, not the other way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Finished {
    /// The looking player's place, 0 for first out.
    pub place: usize,
    /// Turns played, the tried play's included (a Seven and the new piles after it are one).
    pub turns: u32,
}

/// A play-out on a [`Round`], for the decks [`Playout`](super::playout::Playout) cannot count
/// ([`fits`](super::playout::fits)): the table
/// `view` shows with the guess filled in (`hands[i]` for the `i`-th opponent, `draw` the draw
/// pile, top card last), `first` tried (starting the new pile after the player's own Seven when
/// the view says so), then `seven-first` in every seat until the looking player is out, its
/// refills shuffled by a generator seeded with `seed`. It plays every rule by the code of a
/// real turn, and [`Playout::play_out`](super::playout::Playout::play_out) must finish every play-out as it does.
pub(crate) fn on_round(
    table: &mut Round,
    rules: &Rules,
    view: &View,
    hands: &[Counts],
    draw: &[u8],
    seed: u64,
    first: Move,
) -> Finished {
    let mut rng = start_on_round(table, rules, view, hands, draw, seed, first);
    // Once the player is out its place is settled: the rest need not be played.
    while !table.is_out(0) {
        table.turn(rules, &mut rng, &mut SevenFirstChooser);
    }
    let place = table.finishing_order().iter().position(|&s| s == 0);
    Finished {
        place: place.expect("the player is out"),
        turns: table.stats().turns,
    }
}

/// The start of every play-out on a [`Round`]: `table` set to the position `view` shows with
/// the guess filled in, and `first` played (starting the new pile after the player's own Seven
/// when the view says so) with `seven-first` for any further play of the turn. The generator
/// it returns, seeded with `seed`, shuffles the refills from there on.
pub(crate) fn start_on_round(
    table: &mut Round,
    rules: &Rules,
    view: &View,
    hands: &[Counts],
    draw: &[u8],
    seed: u64,
    first: Move,
) -> Xoshiro256PlusPlus {
    table.set_from_view(view, hands, draw);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    table.turn_with(
        rules,
        &mut rng,
        first,
        view.new_pile,
        &mut SevenFirstChooser,
    );
    rng
}

/// Plays the round out from a guess as [`on_round`] does (the same rules and draws,
/// so the place is the same), but to the round's end, for every seat's chips: the finishing
/// order, by seat.
pub(crate) fn round_to_end(
    table: &mut Round,
    rules: &Rules,
    view: &View,
    hands: &[Counts],
    draw: &[u8],
    seed: u64,
    first: Move,
) -> [u8; SEATS] {
    let mut rng = start_on_round(table, rules, view, hands, draw, seed, first);
    while !table.is_over() {
        table.turn(rules, &mut rng, &mut SevenFirstChooser);
    }
    let mut order = [0; SEATS];
    let done = table.finishing_order();
    order[..done.len()].copy_from_slice(done);
    order
}
