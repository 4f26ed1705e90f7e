//! Each player's accounts over a reviewed game: luck, cost and gifts, booked moment by moment so
//! that start + luck - cost + gifts = result for every player, exactly.

use serde::Serialize;

use super::marks::{band, point_band};
use super::moment::{Event, Moment, Unit};

/// One player's accounts over a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ledger {
    /// The seat as the review names it.
    pub name: String,
    /// The chance to win before the first throw.
    pub start: f64,
    /// What the throws did to it, all of them (the player's own and the others').
    pub luck: f64,
    /// What the player's own decisions gave up against the best.
    pub cost: f64,
    /// Where estimated, the 95% interval of the cost (the decisions' paired losses, their
    /// variances added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost_ci95: Option<(f64, f64)>,
    /// What the others' decisions did to it.
    pub gifts: f64,
    /// How the game ended for the player: 1 won, 0 lost (under a shared tie each sharer wins);
    /// in a review by points, the final score.
    pub result: f64,
    /// start + luck - cost + gifts - result: 0 but for rounding.
    pub residual: f64,
    /// The player's decisions that had a choice.
    pub decisions: usize,
    /// Its mean loss in chance to win per such decision (`None` with none).
    pub mean_loss: Option<f64>,
    /// The band of that figure ([`BANDS`](super::BANDS); `None` with no decision).
    pub band: Option<&'static str>,
}

/// Each player's accounts, from every seat's chance at the start, the moments and the result.
pub fn ledgers(names: &[String], start: &[f64], moments: &[Moment], result: &[f64]) -> Vec<Ledger> {
    ledgers_in(Unit::Chance, names, start, moments, result)
}

/// Each player's accounts on the scale `unit`: in chance to win as [`ledgers`], or in points.
/// An estimated decision (one with a loss interval: Solitaire Dice's, 7's) moves only its
/// mover's value (no gifts), and the cost carries the interval of its estimated losses.
pub fn ledgers_in(
    unit: Unit,
    names: &[String],
    start: &[f64],
    moments: &[Moment],
    result: &[f64],
) -> Vec<Ledger> {
    let n = names.len();
    // A review by points whose decisions are estimated gives every player's cost an interval,
    // one of no decisions too; an exact one (a coin race in flips) gives none.
    let estimated = unit == Unit::Points
        && moments.iter().any(|m| {
            matches!(
                m.event,
                Event::Decision {
                    loss_ci95: Some(_),
                    ..
                }
            )
        });
    let (mut luck, mut cost, mut gifts) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut variance = vec![0.0; n];
    let mut decisions = vec![0usize; n];
    for m in moments {
        match &m.event {
            Event::Throw { before, after, .. } => {
                for p in 0..n {
                    luck[p] += after[p] - before[p];
                }
            }
            Event::Decision {
                actions,
                chosen,
                best,
                loss_ci95,
            } => {
                decisions[m.seat] += 1;
                if loss_ci95.is_some() {
                    cost[m.seat] += m.loss().map_or(0.0, |(l, _)| l);
                    if let Some((low, high)) = loss_ci95 {
                        let se = (high - low) / 2.0 / crate::stats::estimate::z95();
                        variance[m.seat] += se * se;
                    }
                    continue;
                }
                let (b, c) = (&actions[*best].chances, &actions[*chosen].chances);
                for p in 0..n {
                    if p == m.seat {
                        cost[p] += b[p] - c[p];
                    } else {
                        gifts[p] += c[p] - b[p];
                    }
                }
            }
        }
    }
    (0..n)
        .map(|p| {
            let mean_loss = (decisions[p] > 0).then(|| cost[p] / decisions[p] as f64);
            Ledger {
                name: names[p].clone(),
                start: start[p],
                luck: luck[p],
                cost: cost[p],
                cost_ci95: (estimated || variance[p] > 0.0).then(|| {
                    let half = crate::stats::estimate::z95() * variance[p].sqrt();
                    (cost[p] - half, cost[p] + half)
                }),
                gifts: gifts[p],
                result: result[p],
                residual: start[p] + luck[p] - cost[p] + gifts[p] - result[p],
                decisions: decisions[p],
                mean_loss,
                band: mean_loss.map(|l| match unit {
                    Unit::Chance => band(l),
                    Unit::Points => point_band(l),
                }),
            }
        })
        .collect()
}
