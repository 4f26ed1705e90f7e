//! Where a player stands when a turn of a whole game starts: the round it belongs to and the
//! player's place in it, for two players ([`Phase`], [`Role`]) and three ([`Stage`], [`Turn`]).
//! Plain data below the solvers, so the engine of play and the policies name a position
//! without depending on the solution that values it.

/// Which round a turn belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Regular round `k` (0-based).
    Round(u32),
    /// A play-off round (every one is the same game).
    Playoff,
}

/// Where a player stands when its turn starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// Leading the round, `x` points ahead of the other player (negative: behind).
    Lead {
        /// My total minus the other's, before the round.
        x: i32,
    },
    /// Following, allowed `allowed` rolls, the leader `z` points ahead after its turn.
    Follow {
        /// Rolls I may use.
        allowed: u8,
        /// The leader's total (this round's score included) minus mine.
        z: i32,
    },
}

/// Which round a turn of a three-player game belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Regular round `k` (0-based).
    Round(u32),
    /// A play-off round of the three players.
    Playoff,
    /// A play-off round of two tied players, `pair` (seats), whose first player by the
    /// rotation is the seat `first` (which may be the seat sitting out).
    Duel {
        /// The tied seats.
        pair: [usize; 2],
        /// The rotation's first player for this round.
        first: usize,
    },
}

/// Where a player stands when its turn starts, in a round of three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    /// The player's place in the round's order (0 first).
    pub position: usize,
    /// Rolls the player may use.
    pub allowed: u8,
    /// The three totals before the round, in the round's order.
    pub start: [i32; 3],
    /// The round's scores so far, in the round's order (those not yet played are ignored).
    pub scores: [u8; 3],
}
