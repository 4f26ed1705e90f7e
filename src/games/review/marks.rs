//! The marks of a costly decision (`?!`, `?`, `??`) and the named bands of a player's mean loss
//! per decision, in the chance to win and in points: what a review says of a decision and a
//! player in words, from its numbers (docs/review.md).

/// The loss in expected final score (points) at which an estimated decision is marked `?!`, `?`
/// and `??`, where its interval lies above 0: ten points, twenty-five, sixty (docs/review.md).
pub const POINT_MARKS: [(f64, &str); 3] = [(60.0, "??"), (25.0, "?"), (10.0, "?!")];

/// The named bands of a player's mean loss per decision in points, each from its lower end:
/// set on the built-in Solitaire Dice players' figures in 20 games on the same rolls
/// (docs/review.md): `best` 4.5 points expert, `lookahead` 6.0 and `heuristic` 13.8 strong,
/// `greedy` 49 casual, `random` 82 erratic.
pub const POINT_BANDS: [(f64, &str); 4] = [
    (60.0, "erratic"),
    (20.0, "casual"),
    (5.0, "strong"),
    (0.0, "expert"),
];

/// The band of a mean loss per decision of `loss` points.
pub fn point_band(loss: f64) -> &'static str {
    reached(&POINT_BANDS, loss).unwrap_or("expert")
}

/// The name of the first step of `steps` (highest first) that `loss` reaches, allowing for a
/// rounding's last bits.
pub(super) fn reached(steps: &[(f64, &'static str)], loss: f64) -> Option<&'static str> {
    steps
        .iter()
        .find(|(at, _)| loss >= *at - 1e-12 * at.abs().max(1.0))
        .map(|(_, name)| *name)
}

/// The loss in chance to win (a fraction) at which a decision is marked `?!`, `?` and `??`:
/// half a percentage point, two, five. docs/review.md explains them.
pub const MARKS: [(f64, &str); 3] = [(0.05, "??"), (0.02, "?"), (0.005, "?!")];

/// The named bands of a player's mean loss per decision (a fraction of the chance to win), each
/// from its lower end: set on the built-in policies' figures against `win` in two-player Sevens
/// (docs/review.md): `win` 0 and `optimal` 0.05 pp are expert, `rolls:1` 0.6 pp strong,
/// `threshold:15,10` 1.5 pp casual, `random` 2.9 pp erratic.
pub const BANDS: [(f64, &str); 4] = [
    (0.02, "erratic"),
    (0.01, "casual"),
    (0.001, "strong"),
    (0.0, "expert"),
];

/// The band of a mean loss per decision of `loss` on a game's own `bands` (each from its lower
/// end, highest first; a game whose estimates differ in scale from Sevens' sets its own).
pub fn band_in(bands: &[(f64, &'static str)], loss: f64) -> &'static str {
    reached(bands, loss).unwrap_or("expert")
}

/// The band of a mean loss per decision of `loss`.
pub fn band(loss: f64) -> &'static str {
    reached(&BANDS, loss).unwrap_or("expert")
}

/// The mark of a decision that lost `loss` of the chance to win, if any.
pub fn mark(loss: f64) -> Option<&'static str> {
    reached(&MARKS, loss)
}
