//! The lookahead's play-outs: a round played with `seven-first` in every seat from a guessed
//! position, as far as the looking player's place.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::deck::Counts;
use super::policy::View;
use super::round::{Round, SevenFirstChooser};
use super::rules::{Move, Rules};

/// A play-out on a [`Round`]: the table `view` shows with the guess filled in (`hands[i]` for
/// the `i`-th opponent, `draw` the draw pile, top card last), `first` tried (starting the new
/// pile after the player's own Seven when the view says so), then `seven-first` in every seat
/// until the looking player is out, its refills shuffled by a generator seeded with `seed`. It
/// plays every rule by the code of a real turn.
pub(crate) fn on_round(
    table: &mut Round,
    rules: &Rules,
    view: &View,
    hands: &[Counts],
    draw: &[u8],
    seed: u64,
    first: Move,
) -> Finished {
    table.set_from_view(view, hands, draw);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rollout = SevenFirstChooser;
    table.turn_with(rules, &mut rng, first, view.new_pile, &mut rollout);
    // Once the player is out its place is settled: the rest need not be played.
    while !table.is_out(0) {
        table.turn(rules, &mut rng, &mut rollout);
    }
    let place = table.finishing_order().iter().position(|&s| s == 0);
    Finished {
        place: place.expect("the player is out"),
        turns: table.stats().turns,
    }
}

/// How a play-out ended for the looking player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Finished {
    /// The looking player's place, 0 for first out.
    pub place: usize,
    /// Turns played, the tried play's included (a Seven and the new piles after it are one).
    pub turns: u32,
}
