//! Who won a game: wins per seat and per policy, and tied finishes, counted the same way in every
//! game with seats.
//!
//! A tie at the top is a win for every tied seat (a play-off, where a game has one, has already
//! narrowed them down), and a policy wins a game when any seat it plays wins, which is the
//! question "who wins, greedy or lookahead?" asks when one policy plays several seats.

use crate::merge_fields;

/// Wins of a chunk of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wins {
    /// Games played.
    pub games: u64,
    /// Games won by each seat.
    pub seat: Vec<u64>,
    /// Games won by some seat of each policy.
    pub policy: Vec<u64>,
    /// Games whose leaders were tied when the regular play ended (before any play-off).
    pub tied: u64,
}
merge_fields!(Wins {
    games,
    seat,
    policy,
    tied
});

impl Wins {
    /// No games yet, for `seats` seats and `policies` distinct policies.
    pub fn new(seats: usize, policies: usize) -> Self {
        assert!(policies <= 128, "a game's policies are marked in 128 bits");
        Self {
            games: 0,
            seat: vec![0; seats],
            policy: vec![0; policies],
            tied: 0,
        }
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
        let mut policy_won = 0u128;
        for seat in winners {
            self.seat[seat] += 1;
            policy_won |= 1 << policy_of(seat);
        }
        for (p, wins) in self.policy.iter_mut().enumerate() {
            *wins += u64::from(policy_won >> p & 1 == 1);
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
    fn a_policy_wins_once_however_many_of_its_seats_win() {
        let mut w = Wins::new(4, 2);
        // Seats 0 and 2 play policy 0, seats 1 and 3 policy 1.
        let policy_of = |seat: usize| seat % 2;
        w.record([0, 2], true, policy_of);
        w.record([1], false, policy_of);
        w.record([0, 3], true, policy_of);
        assert_eq!(w.seat, [2, 1, 1, 1]);
        assert_eq!(w.policy, [2, 2]);
        assert_eq!((w.games, w.tied), (3, 2));
        let mut total = Wins::new(4, 2);
        total.merge(&w);
        total.merge(&w);
        assert_eq!((total.games, total.policy), (6, vec![4, 4]));
    }
}
