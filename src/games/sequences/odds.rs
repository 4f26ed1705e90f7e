//! Every player's exact chance to win a game of Sequences or Hearts Due from a position, as
//! `advise` gives it and `review` books each cast with.
//!
//! Each player's total follows the same Markov chain as a race to the target (a wipe sends it
//! back to 0), independently of the others, so the chance each player wins from the current
//! totals follows from stepping every player's own chain round by round: player `i` wins when
//! it first reaches the target in round `r` with a total `x` and every other player, by the end
//! of that round, is short of the target or reached it lower (equal totals tie: shared, or a
//! play-off among players on equal totals, where each wins one time in as many as are tied).

use super::exact::{CastDistribution, Race};
use super::rules::Rules;

/// The most players advised: the exact odds cost the cube of the players a round (0.3 s at
/// this many on one core).
pub(super) const MAX_PLAYERS: u32 = 40;

/// The most rounds stepped: far past any game the rules allow (their races average at most
/// 5,000 casts, and a game stops once less than 1e-15 of it is left).
pub(super) const MAX_ROUNDS: usize = 1_000_000;

/// One player's chances to win from a position.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Odds {
    /// Highest total alone when the game ends.
    pub alone: f64,
    /// Highest total, alone or tied.
    pub share: f64,
    /// Winning, a tie settled by play-offs (each tied player equally likely).
    pub playoff: f64,
}

/// One player's standing at the end of a round: the chance of being still short of the target,
/// of first reaching it in this round with each total past it (index: total - target), and for
/// each such total the chance of standing below it (short, or reached lower).
#[derive(Clone, Debug)]
pub(super) struct Standing {
    /// The chance the target is still unreached.
    pub survival: f64,
    /// The chance of first reaching the target this round, by total - target.
    pub crossed: Vec<f64>,
    /// The chance of standing below each total of `crossed`.
    pub lower: Vec<f64>,
}

impl Standing {
    /// Where `race` stands after its last cast.
    pub(super) fn of(race: &Race) -> Self {
        let survival = race.survival();
        let lower = (0..race.crossed.len())
            .map(|x| survival + race.crossed[..x].iter().sum::<f64>())
            .collect();
        Self {
            survival,
            crossed: race.crossed.clone(),
            lower,
        }
    }
}

/// Adds to each player's odds its chance of winning in a round that leaves the players at
/// `standings`: player i wins with total x when every other is short, or reached at most x.
/// The chance under play-offs is found only where `playoff` asks for it: its polynomial in the
/// number tied makes a round cost the cube of the players, where the others cost the square
/// (a review of a 40-player race under `tie=shared` took 87 s with it, 2 s without). The other
/// chances are the same, to the bit, either way.
pub(super) fn settle(standings: &[&Standing], odds: &mut [Odds], playoff: bool) {
    // Two buffers for the polynomial, reused: a review settles millions of rounds.
    let (mut poly, mut next_poly) = (Vec::new(), Vec::new());
    for (i, mine) in standings.iter().enumerate() {
        for (x, &g) in mine.crossed.iter().enumerate() {
            if g == 0.0 {
                continue;
            }
            if let [a, b] = standings {
                // Two players: the polynomial below is [lower, equal], written out (the same
                // sums, to the bit, without the buffers: most reviews are of two players).
                let other = if i == 0 { b } else { a };
                let (lower, equal) = (other.lower[x], other.crossed[x]);
                odds[i].alone += g * lower;
                odds[i].share += g * (lower + equal);
                odds[i].playoff += g * (lower + equal / 2.0);
                continue;
            }
            // The others' chances: below x (or short), and exactly x, as a polynomial in
            // the number tied.
            poly.clear();
            poly.push(1.0);
            let (mut alone, mut share) = (g, g);
            for (j, other) in standings.iter().enumerate() {
                if j == i {
                    continue;
                }
                let (lower, equal) = (other.lower[x], other.crossed[x]);
                alone *= lower;
                share *= lower + equal;
                if !playoff {
                    continue;
                }
                next_poly.clear();
                next_poly.resize(poly.len() + 1, 0.0);
                for (k, &c) in poly.iter().enumerate() {
                    next_poly[k] += c * lower;
                    next_poly[k + 1] += c * equal;
                }
                std::mem::swap(&mut poly, &mut next_poly);
            }
            odds[i].alone += alone;
            odds[i].share += share;
            if !playoff {
                continue;
            }
            odds[i].playoff += g * poly
                .iter()
                .enumerate()
                .map(|(k, c)| c / (k + 1) as f64)
                .sum::<f64>();
        }
    }
}

/// Whether a game whose players stand at `standings` may still go on: only where nobody has
/// reached the target, and it stops counting once less than 1e-15 of it is left.
pub(super) fn goes_on(standings: &[&Standing]) -> bool {
    standings.iter().map(|s| s.survival).product::<f64>() >= 1e-15
}

/// Every player's chance to win from `totals` with player `next` to cast (those before it have
/// cast this round; one of them may already have reached the target, which makes this round the
/// last).
pub(super) fn game_odds(
    cast: &CastDistribution,
    rules: &Rules,
    totals: &[u32],
    next: usize,
) -> Vec<Odds> {
    let mut races: Vec<Race> = totals
        .iter()
        .map(|&t| Race::from(cast, rules.target, t))
        .collect();
    let mut odds = vec![Odds::default(); totals.len()];
    for round in 0..MAX_ROUNDS {
        for (i, chain) in races.iter_mut().enumerate() {
            // Those before `next` cast already this round: what they reached stands.
            if round > 0 || i >= next {
                chain.step();
            }
        }
        let standings: Vec<Standing> = races.iter().map(Standing::of).collect();
        let standings: Vec<&Standing> = standings.iter().collect();
        settle(&standings, &mut odds, true);
        if !goes_on(&standings) {
            break;
        }
    }
    odds
}
