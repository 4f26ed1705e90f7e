//! The one fixed-point iteration of every play-off: a tie leads to another play-off round, so a
//! play-off's value depends on itself and is found by iterating from a guess until it stops
//! changing. The two-player game, its leader's dilemma, the three-player game and its two-player
//! play-offs all iterate here, with one tolerance and one convergence test.

/// Values that change by less than this from one round to the next have converged: the
/// chances are below 1, so this is a few units in their last place.
pub(super) const TOLERANCE: f64 = 1e-15;

/// Rounds after which the iteration stops even if it has not converged. A round ties a few per
/// cent of the time, so most rule sets converge within a few dozen rounds; the cap guards
/// against those where rounds nearly always tie (one die rolled up to 11 or 12 times takes
/// over 100 rounds, and the leader's dilemma of one die and 12 rolls never gets below
/// [`TOLERANCE`]).
pub(super) const MAX_ROUNDS: u32 = 200;

/// Iterates `round` from `start` to its fixed point: `round(values)` solves a play-off round
/// whose tie is worth `values` and returns what it solved with its new values. Stops at the
/// first round whose values differ from the last by less than [`TOLERANCE`] everywhere, or at
/// round `cap` (at most [`MAX_ROUNDS`], the whole games' cap), and returns that round's
/// solution and values.
pub(super) fn fixed_point<S, V: AsRef<[f64]>>(
    start: V,
    cap: u32,
    mut round: impl FnMut(&V) -> (S, V),
) -> (S, V) {
    debug_assert!((1..=MAX_ROUNDS).contains(&cap));
    let mut values = start;
    for iteration in 1..=cap {
        let (solved, next) = round(&values);
        let change = next
            .as_ref()
            .iter()
            .zip(values.as_ref())
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        values = next;
        if change < TOLERANCE || iteration == cap {
            return (solved, values);
        }
    }
    unreachable!("the loop returns by round `cap`")
}
