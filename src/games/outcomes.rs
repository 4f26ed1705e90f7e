//! Who won a game: wins per seat and per policy, and tied finishes, counted the same way in every
//! game with seats.
//!
//! A tie at the top is a win for every tied seat (a play-off, where a game has one, has already
//! narrowed them down). A policy's wins are its seats' wins, over the seat-games it played: a
//! policy in three of four seats wins as often as its average seat, so its rate stands beside
//! one seat's fair share (it counted a game won by any of its seats, which put three
//! `seven-first` seats at 69% against one `lookahead` seat's 37%).

use crate::merge_fields;

/// The most policies whose winning seats a game counts on the stack; a table with more distinct
/// policies (a classroom of 100 players, each with a rule of their own) counts them on the heap.
const ON_STACK: usize = 16;

/// The most seats a game counts wins for: a policy's winning seats are counted in a `u8`.
const MAX_SEATS: usize = u8::MAX as usize;

/// Wins of a chunk of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wins {
    /// Games played.
    pub games: u64,
    /// Games won by each seat.
    pub seat: Vec<u64>,
    /// For each policy, games by how many of its seats won them (0 to the seats).
    pub policy: Vec<Vec<u64>>,
    /// Seat-games of each policy: every game adds the number of seats it held.
    pub policy_seats: Vec<u64>,
    /// Games whose leaders were tied when the regular play ended (before any play-off).
    pub tied: u64,
}
merge_fields!(Wins {
    games,
    seat,
    policy,
    policy_seats,
    tied
});

impl Wins {
    /// No games yet, for `seats` seats and `policies` distinct policies.
    pub fn new(seats: usize, policies: usize) -> Self {
        assert!(seats <= MAX_SEATS, "the games take at most 100 players");
        Self {
            games: 0,
            seat: vec![0; seats],
            policy: vec![vec![0; seats + 1]; policies],
            policy_seats: vec![0; policies],
            tied: 0,
        }
    }

    /// A policy's win rate: the share of its seats that won, game by game (see the module),
    /// one observation a game; with one seat, the share of games it won.
    pub fn policy_rate(&self, policy: usize, name: &str) -> crate::stats::Metric {
        let seats = self.policy_seats[policy] / self.games.max(1);
        let held = &self.policy[policy][..=seats as usize];
        let counts = crate::stats::Histogram::from_dense(0, held);
        crate::stats::Metric::shares(name, counts, seats as u32)
            .about(crate::stats::Subject::Policy(policy as u32))
            .per_unit()
    }

    /// Records a game won by the seats `winners` (several when they shared the win), which
    /// was `tied` when regular play ended, with `policy_of(seat)` the policy of each seat.
    #[inline]
    pub fn record(
        &mut self,
        winners: impl IntoIterator<Item = usize>,
        tied: bool,
        policy_of: impl Fn(usize) -> usize,
    ) {
        let (mut stack, mut heap) = ([0u8; ON_STACK], Vec::new());
        let won: &mut [u8] = if self.policy.len() <= ON_STACK {
            &mut stack
        } else {
            heap.resize(self.policy.len(), 0);
            &mut heap
        };
        for seat in winners {
            self.seat[seat] += 1;
            won[policy_of(seat)] += 1;
        }
        for seat in 0..self.seat.len() {
            self.policy_seats[policy_of(seat)] += 1;
        }
        for (counts, &won) in self.policy.iter_mut().zip(won.iter()) {
            counts[usize::from(won)] += 1;
        }
        self.tied += u64::from(tied);
        self.games += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accumulator::Merge;

    #[test]
    fn a_policy_wins_as_its_seats_do_over_the_seats_it_held() {
        let mut w = Wins::new(4, 2);
        // Seats 0 and 2 play policy 0, seats 1 and 3 policy 1.
        let policy_of = |seat: usize| seat % 2;
        w.record([0, 2], true, policy_of);
        w.record([1], false, policy_of);
        w.record([0, 3], true, policy_of);
        assert_eq!(w.seat, [2, 1, 1, 1]);
        // Policy 0: 2 seats won, none, 1; policy 1: none, 1, 1.
        assert_eq!(w.policy, [vec![1, 1, 1, 0, 0], vec![1, 2, 0, 0, 0]]);
        assert_eq!(w.policy_seats, [6, 6]);
        let rate = w.policy_rate(0, "win_rate").estimate();
        assert_eq!((rate.n, rate.mean), (3, 0.5));
        assert_eq!((w.games, w.tied), (3, 2));
        let mut total = Wins::new(4, 2);
        total.merge(&w);
        total.merge(&w);
        assert_eq!(total.games, 6);
        assert_eq!(total.policy[0], [2, 2, 2, 0, 0]);
        assert_eq!(total.policy_seats, [12, 12]);
    }
}
