//! Exact values for Sequences and Hearts Due.
//!
//! The cast distribution comes from enumerating all 6^6 ordered casts. The race to the target is
//! a Markov chain on the running total (0 to target - 1) whose steps are the cast outcomes; the
//! wipe sends the total back to 0. Its expected length comes from a backward recurrence, its
//! distribution from stepping the chain until less than 1e-15 of the mass is left. A full game is
//! independent players on that chain, so the chance each seat wins and the game's length follow
//! from one player's chain too.

use std::collections::BTreeMap;

use crate::error::{Error, Result};
use crate::stats::{ExactValues, MetricId, Subject};

use super::rules::{CASTS, Code, Part, Rules, best_split};
use crate::games::options::Tie;

/// How many of the 46,656 ordered casts give each outcome code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastDistribution {
    /// Ways per outcome code (points from 0, then the wipe code last).
    pub ways: Vec<u64>,
    /// The wipe code: one above the most a cast can score.
    pub wipe: usize,
}

impl CastDistribution {
    /// Enumerates every ordered cast under `rules`.
    pub fn new(rules: &Rules) -> Self {
        let table = rules.cast_table();
        let wipe = usize::from(table.wipe);
        let mut ways = vec![0u64; wipe + 1];
        for code in table.codes {
            ways[usize::from(code)] += 1;
        }
        Self { ways, wipe }
    }

    /// Probability of outcome `code`.
    pub fn p(&self, code: usize) -> f64 {
        self.ways[code] as f64 / CASTS as f64
    }

    /// Distribution of the points a cast earns (a wipe earns 0).
    pub fn points_pmf(&self) -> Vec<(i64, f64)> {
        (0..self.wipe)
            .map(|pts| {
                let ways = self.ways[pts] + if pts == 0 { self.ways[self.wipe] } else { 0 };
                (pts as i64, ways as f64 / CASTS as f64)
            })
            .filter(|&(_, p)| p > 0.0)
            .collect()
    }

    /// Expected points per cast.
    pub fn mean_points(&self) -> f64 {
        (1..self.wipe).map(|pts| pts as f64 * self.p(pts)).sum()
    }

    /// Expected points of a cast that scores.
    pub fn mean_points_when_scoring(&self) -> f64 {
        let scoring: u64 = self.ways[1..self.wipe].iter().sum();
        (1..self.wipe)
            .map(|pts| pts as f64 * self.ways[pts] as f64)
            .sum::<f64>()
            / scoring as f64
    }

    /// Chance a cast scores nothing (a wipe included).
    pub fn p_no_score(&self) -> f64 {
        self.p(0) + self.p(self.wipe)
    }

    /// Chance a cast triggers the penalty.
    pub fn p_penalty(&self) -> f64 {
        self.p(self.wipe)
    }

    /// The outcome codes that can happen, with their probabilities.
    fn steps(&self) -> Vec<(Code, f64)> {
        (0..=self.wipe)
            .filter(|&c| self.ways[c] > 0)
            .map(|c| (c as Code, self.p(c)))
            .collect()
    }
}

/// Runs longer than this on average are refused: their exact chains and simulations would crawl.
pub(crate) const MAX_EXPECTED_TURNS: f64 = 5000.0;

/// Expected number of casts for one player to reach `target`.
///
/// With `E[s]` the expected casts from total `s`, `E[s] = 1 + sum_k p_k E[s + k] + p_wipe E[0]`
/// (terms reaching the target vanish). Writing `E[s] = a[s] + b[s] E[0]` and solving from the
/// top down leaves one equation for `E[0]`. Returns infinity when the target can never be reached.
pub fn expected_turns(cast: &CastDistribution, target: u32) -> f64 {
    let (a, b) = turn_coefficients(cast, target);
    if b[0] >= 1.0 {
        return f64::INFINITY;
    }
    a[0] / (1.0 - b[0])
}

/// Expected number of casts to reach `target` from the total `from` (below it), as
/// [`expected_turns`] works it out: `E[from] = a[from] + b[from] E[0]`.
pub fn expected_turns_from(cast: &CastDistribution, target: u32, from: u32) -> f64 {
    let (a, b) = turn_coefficients(cast, target);
    if b[0] >= 1.0 {
        return f64::INFINITY;
    }
    let from = from as usize;
    a[from] + b[from] * (a[0] / (1.0 - b[0]))
}

/// The coefficients `a`, `b` of `E[s] = a[s] + b[s] E[0]` for every total below the target.
fn turn_coefficients(cast: &CastDistribution, target: u32) -> (Vec<f64>, Vec<f64>) {
    let target = target as usize;
    let p_stay = cast.p(0);
    let p_wipe = cast.p(cast.wipe);
    let moves: Vec<(usize, f64)> = (1..cast.wipe)
        .filter(|&k| cast.ways[k] > 0)
        .map(|k| (k, cast.p(k)))
        .collect();
    let mut a = vec![0.0; target];
    let mut b = vec![0.0; target];
    for s in (0..target).rev() {
        let (mut sa, mut sb) = (1.0, p_wipe);
        for &(k, p) in &moves {
            if s + k < target {
                sa += p * a[s + k];
                sb += p * b[s + k];
            }
        }
        a[s] = sa / (1.0 - p_stay);
        b[s] = sb / (1.0 - p_stay);
    }
    (a, b)
}

/// One player's race as a distribution, stepped a cast at a time: the chance of each total
/// below the target, and of having first reached it at the last cast with each total (index:
/// total - target). Once reached, a total is final: the player casts no more.
#[derive(Clone, Debug)]
pub struct Race {
    target: usize,
    wipe: Code,
    steps: Vec<(Code, f64)>,
    /// The chance of each total below the target.
    pub below: Vec<f64>,
    /// The chance of first reaching the target at the last cast, by final total - target.
    pub crossed: Vec<f64>,
    next: Vec<f64>,
}

impl Race {
    /// A player on `total` under `cast`'s chances (a total at or past the target counts as
    /// reached with that total, as if at the last cast).
    pub fn from(cast: &CastDistribution, target: u32, total: u32) -> Self {
        let target = target as usize;
        let mut race = Self {
            target,
            wipe: cast.wipe as Code,
            steps: cast.steps(),
            below: vec![0.0; target],
            crossed: vec![0.0; cast.wipe],
            next: vec![0.0; target],
        };
        match (total as usize).checked_sub(target) {
            None => race.below[total as usize] = 1.0,
            Some(past) => race.crossed[past] = 1.0,
        }
        race
    }

    /// One cast: a wipe sends the total back to 0, a cast reaching the target is recorded in
    /// `crossed` (which holds this cast's crossings only).
    pub fn step(&mut self) {
        self.next.iter_mut().for_each(|x| *x = 0.0);
        self.crossed.iter_mut().for_each(|x| *x = 0.0);
        for (s, &m) in self.below.iter().enumerate() {
            if m == 0.0 {
                continue;
            }
            for &(code, p) in &self.steps {
                if code == self.wipe {
                    self.next[0] += m * p;
                } else if s + (code as usize) < self.target {
                    self.next[s + code as usize] += m * p;
                } else {
                    self.crossed[s + code as usize - self.target] += m * p;
                }
            }
        }
        std::mem::swap(&mut self.below, &mut self.next);
    }

    /// The chance the target is still unreached.
    pub fn survival(&self) -> f64 {
        self.below.iter().sum()
    }
}

/// Steps one player's race round by round, calling `visit(r, survival, crossing)` after each
/// cast `r = 1, 2, ...`: `survival` is the chance the target is still unreached, `crossing[x]` the
/// chance it was first reached at this cast with total `target + x`. Stops once less than 1e-15
/// of the mass is left.
pub fn step_race(cast: &CastDistribution, target: u32, mut visit: impl FnMut(usize, f64, &[f64])) {
    let mut race = Race::from(cast, target, 0);
    let mut round = 0;
    loop {
        round += 1;
        race.step();
        let survival = race.survival();
        visit(round, survival, &race.crossed);
        if survival < 1e-15 {
            break;
        }
    }
}

/// Distribution of the number of casts one player needs to reach the target.
pub fn turns_pmf(cast: &CastDistribution, target: u32) -> Vec<(i64, f64)> {
    let mut pmf = Vec::new();
    let mut before = 1.0;
    step_race(cast, target, |r, survival, _| {
        pmf.push((r as i64, before - survival));
        before = survival;
    });
    pmf
}

/// Exact outcome of a game of `players` independent players on the same chain.
#[derive(Clone, Debug, PartialEq)]
pub struct GameExact {
    /// Chance a given seat is among the winners when ties are shared.
    pub win_or_share: f64,
    /// Chance a given seat wins alone at the end of the regular rounds.
    pub outright: f64,
    /// Chance the regular rounds end with tied leaders.
    pub p_tied_finish: f64,
    /// Distribution of the number of regular rounds (play-off rounds not included).
    pub rounds_pmf: Vec<(i64, f64)>,
}

/// The exact game of `players` players (seats are symmetric, since every player gets the same
/// number of casts).
///
/// Seat `i` reaching total `x` at round `r` is among the winners when every other player either
/// is still short of the target after `r` casts or crossed at `r` with a total of at most `x`.
pub fn game_exact(cast: &CastDistribution, target: u32, players: u32) -> GameExact {
    let others = players as i32 - 1;
    let mut win_or_share = 0.0;
    let mut outright = 0.0;
    let mut rounds_pmf = Vec::new();
    let mut before = 1.0f64;
    step_race(cast, target, |r, survival, crossing| {
        let mut below = survival; // others short of the target, or crossed lower than x
        for &g in crossing {
            if g > 0.0 {
                outright += g * below.powi(others);
                win_or_share += g * (below + g).powi(others);
            }
            below += g;
        }
        let alive = survival.powi(players as i32);
        rounds_pmf.push((r as i64, before - alive));
        before = alive;
    });
    GameExact {
        win_or_share,
        outright,
        p_tied_finish: (1.0 - f64::from(players) * outright).max(0.0),
        rounds_pmf,
    }
}

/// A distinct way a cast scores with two or more parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    /// The scoring parts of the best split.
    pub parts: Vec<Part>,
    /// Its points.
    pub points: u32,
    /// Ordered casts (of 46,656) whose best split is this one.
    pub ways: u64,
}

/// Every multi-part scoring split that some cast's best split uses, under `rules` (casts that
/// trigger the penalty do not score and are left out).
pub(crate) fn multi_run_patterns(rules: &Rules) -> Vec<Pattern> {
    let table = rules.cast_table();
    let mut found: BTreeMap<Vec<Part>, (u32, u64)> = BTreeMap::new();
    for (packed, &code) in table.codes.iter().enumerate() {
        if code == table.wipe {
            continue;
        }
        let split = best_split(crate::dice::face_counts(packed as u64, 6), &rules.points);
        if split.parts.len() >= 2 {
            found.entry(split.parts).or_insert((split.points, 0)).1 += 1;
        }
    }
    found
        .into_iter()
        .map(|(parts, (points, ways))| Pattern {
            parts,
            points,
            ways,
        })
        .collect()
}

/// The distribution's mean.
fn pmf_mean(pmf: &[(i64, f64)]) -> f64 {
    pmf.iter().map(|&(v, p)| v as f64 * p).sum()
}

/// Every exact value of a run of this game with `players` players (1 = a race to the target).
pub fn exact_values(rules: &Rules, players: u32) -> Result<ExactValues> {
    let cast = CastDistribution::new(rules);
    if cast.ways[1..cast.wipe].iter().all(|&w| w == 0) {
        return Err(Error::input(
            "rule options: no cast scores under these points, so no race ever reaches the target \
             (give some part points)",
        ));
    }
    let turns = expected_turns(&cast, rules.target);
    if turns > MAX_EXPECTED_TURNS {
        return Err(Error::input(format!(
            "rule options: reaching target {} takes {} casts on average under these rules; \
             dicelab plays races of at most {MAX_EXPECTED_TURNS} expected casts (lower the target or the penalty)",
            rules.target,
            if turns.is_finite() {
                format!("{turns:.0}")
            } else {
                "infinitely many".to_string()
            }
        )));
    }
    let mut exact = ExactValues::default();
    exact.set_pmf("points_per_cast", cast.points_pmf());
    exact.set_mean("points_per_cast", cast.mean_points());
    exact.set_mean("points_per_scoring_cast", cast.mean_points_when_scoring());
    exact.set_mean("p_cast_no_score", cast.p_no_score());
    exact.set_mean("p_cast_penalty", cast.p_penalty());
    exact.set_mean("multi_run_patterns", multi_run_patterns(rules).len() as f64);
    // The race is reported (and the claims read it) whatever the number of players.
    exact.set_mean("turns_to_target", turns);
    if players <= 1 {
        exact.set_pmf("turns_to_target", turns_pmf(&cast, rules.target));
    } else {
        let game = game_exact(&cast, rules.target, players);
        let seat_value = match rules.tie {
            Tie::Shared => game.win_or_share,
            Tie::Playoff => 1.0 / f64::from(players),
        };
        for seat in 0..players {
            let subject = Subject::Seat { seat, policy: None };
            exact.set_mean(MetricId::new("win_rate", subject), seat_value);
        }
        exact.set_mean("p_tied_finish", game.p_tied_finish);
        if rules.tie == Tie::Shared {
            exact.set_mean("game_rounds", pmf_mean(&game.rounds_pmf));
            exact.set_pmf("game_rounds", game.rounds_pmf);
        }
    }
    Ok(exact)
}

#[cfg(test)]
mod tests {
    use super::super::rules::{Scoring, WipeOnes};
    use super::*;

    fn rules(scoring: Scoring, wipe_ones: WipeOnes) -> Rules {
        Rules {
            scoring,
            points: scoring.text_points(),
            wipe_ones,
            target: 100,
            tie: Tie::Shared,
        }
    }

    #[test]
    fn no_score_share_matches_inclusion_exclusion() {
        // Sequences without penalty: no score unless there is a 1 and a 2, or five 6's.
        // P(no 1 or no 2) = 2 (5/6)^6 - (4/6)^6, less the 6 * 5 + 1 = 31 casts of five or six
        // 6's, none of which holds both a 1 and a 2.
        let cast = CastDistribution::new(&rules(Scoring::Sequences, WipeOnes::Off));
        let expected = 2.0 * (5.0f64 / 6.0).powi(6) - (4.0f64 / 6.0).powi(6) - 31.0 / 46_656.0;
        assert!((cast.p_no_score() - expected).abs() < 1e-15);
        // Hearts Due: no score only without a 1 and without five 6's.
        let cast = CastDistribution::new(&rules(Scoring::HeartsDue, WipeOnes::Off));
        // Five 6's with a 2, 3, 4 or 5 in any of six places, or six 6's: 25 casts without a 1.
        let expected = (5.0f64 / 6.0).powi(6) - 25.0 / 46_656.0;
        assert!((cast.p_no_score() - expected).abs() < 1e-15);
    }

    /// Values derived independently (exact fractions from a separate enumeration of the 462
    /// multisets with multinomial weights, and a separate exact solve of the chain).
    #[test]
    fn independently_derived_values() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12 * b.abs().max(1.0);
        let seq = CastDistribution::new(&rules(Scoring::Sequences, WipeOnes::AtLeast(4)));
        assert!(close(seq.mean_points(), 365.0 / 81.0));
        assert!(close(seq.mean_points_when_scoring(), 1095.0 / 101.0));
        assert!(close(seq.p_no_score(), 142.0 / 243.0));
        assert!(close(seq.p_penalty(), 203.0 / 23328.0));
        let hearts = CastDistribution::new(&rules(Scoring::HeartsDue, WipeOnes::AtLeast(4)));
        assert!(close(hearts.mean_points(), 54425.0 / 5832.0));
        assert!(close(hearts.mean_points_when_scoring(), 8708.0 / 613.0));
        let hearts_off = CastDistribution::new(&rules(Scoring::HeartsDue, WipeOnes::Off));
        assert!(close(hearts_off.mean_points(), 222305.0 / 23328.0));
        for (scoring, wipe, turns) in [
            (Scoring::Sequences, WipeOnes::AtLeast(4), 25.30599247714033),
            (Scoring::Sequences, WipeOnes::AtLeast(3), 47.96296834),
            (Scoring::Sequences, WipeOnes::Off, 23.068803211162315),
            (Scoring::HeartsDue, WipeOnes::AtLeast(4), 11.888179651728773),
            (Scoring::HeartsDue, WipeOnes::AtLeast(3), 17.89652558),
            (Scoring::HeartsDue, WipeOnes::Off, 11.17583492),
        ] {
            let cast = CastDistribution::new(&rules(scoring, wipe));
            let e = expected_turns(&cast, 100);
            assert!(
                (e - turns).abs() < 1e-7,
                "{scoring:?} {wipe:?}: {e} vs {turns}"
            );
        }
        let game = game_exact(&seq, 100, 4);
        assert!((game.win_or_share - 0.2565989011).abs() < 1e-9);
        assert!((game.p_tied_finish - 0.02592889855).abs() < 1e-10);
        assert!((pmf_mean(&game.rounds_pmf) - 16.89409509).abs() < 1e-7);
        for (scoring, wipe, count) in [
            (Scoring::Sequences, WipeOnes::AtLeast(3), 4),
            (Scoring::HeartsDue, WipeOnes::AtLeast(4), 17),
            (Scoring::HeartsDue, WipeOnes::AtLeast(3), 10),
            (Scoring::HeartsDue, WipeOnes::Off, 24),
        ] {
            assert_eq!(multi_run_patterns(&rules(scoring, wipe)).len(), count);
        }
    }

    #[test]
    fn recurrence_and_chain_agree_on_expected_turns() {
        for scoring in [Scoring::Sequences, Scoring::HeartsDue] {
            for wipe in [WipeOnes::Off, WipeOnes::AtLeast(4), WipeOnes::AtLeast(3)] {
                let cast = CastDistribution::new(&rules(scoring, wipe));
                let by_recurrence = expected_turns(&cast, 100);
                let pmf = turns_pmf(&cast, 100);
                let total: f64 = pmf.iter().map(|p| p.1).sum();
                assert!((total - 1.0).abs() < 1e-12);
                let by_chain = pmf_mean(&pmf);
                assert!(
                    (by_recurrence - by_chain).abs() < 1e-9 * by_recurrence,
                    "{scoring:?} {wipe:?}: {by_recurrence} vs {by_chain}"
                );
            }
        }
    }

    #[test]
    fn a_target_of_one_point_is_a_geometric_wait() {
        let cast = CastDistribution::new(&rules(Scoring::Sequences, WipeOnes::AtLeast(4)));
        let p = 1.0 - cast.p_no_score();
        assert!((expected_turns(&cast, 1) - 1.0 / p).abs() < 1e-12);
    }

    #[test]
    fn one_player_always_wins_and_two_split_symmetrically() {
        let cast = CastDistribution::new(&rules(Scoring::HeartsDue, WipeOnes::AtLeast(4)));
        let solo = game_exact(&cast, 100, 1);
        assert!((solo.win_or_share - 1.0).abs() < 1e-12);
        let duo = game_exact(&cast, 100, 2);
        // Seat 1 wins or shares exactly when seat 2 does not win outright: the two sums (at most
        // x, below x) are computed separately, so this checks one against the other.
        assert!((duo.win_or_share + duo.outright - 1.0).abs() < 1e-12);
        assert!(duo.p_tied_finish > 0.01 && duo.p_tied_finish < 0.1);
    }

    #[test]
    fn sequences_has_five_multi_run_patterns_not_four() {
        let patterns = multi_run_patterns(&rules(Scoring::Sequences, WipeOnes::AtLeast(4)));
        let shown: Vec<String> = patterns
            .iter()
            .map(|p| {
                let parts: Vec<String> = p.parts.iter().map(|x| x.to_string()).collect();
                format!("{}={}", parts.join(" + "), p.points)
            })
            .collect();
        assert_eq!(
            shown,
            vec![
                "1-2 + 1-2=10",
                "1-2 + 1-2 + 1-2=15",
                "1-2 + 1-2-3=15",
                "1-2 + 1-2-3-4=20",
                "1-2-3 + 1-2-3=20",
            ]
        );
        // 1-2 + 1-2 + 1-2 needs exactly 1,1,1,2,2,2: 6! / (3! 3!) = 20 orders.
        assert_eq!(patterns[1].ways, 20);
    }

    #[test]
    fn every_option_changes_the_exact_values() {
        use crate::games::options::RuleOptions;
        for scoring in [Scoring::Sequences, Scoring::HeartsDue] {
            let values = |overrides: &[&str]| {
                let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
                let options = RuleOptions::parse("x", scoring.options(), &o).unwrap();
                let rules = Rules::from_options(scoring, &options);
                let cast = CastDistribution::new(&rules);
                (cast.mean_points(), expected_turns(&cast, rules.target))
            };
            let text = values(&[]);
            for changed in [
                "wipe_ones=5",
                "wipe_ones=3",
                "target=90",
                "run_1=1",
                "run_2=6",
                "run_3=11",
                "run_4=16",
                "run_5=21",
                "run_6=26",
                "five_sixes=29",
                "six_sixes=59",
            ] {
                let house = values(&[changed]);
                assert!(
                    house.0 != text.0 || house.1 != text.1,
                    "{scoring:?} {changed}: {house:?} vs {text:?}"
                );
            }
            // Each point added to a part adds its chance to the mean points of a cast.
            let p_run_2 = {
                let mut r = rules(scoring, WipeOnes::AtLeast(4));
                r.points.runs[1] = 1000;
                CastDistribution::new(&r).mean_points()
            };
            assert!(
                p_run_2 > text.0 + 1.0,
                "{scoring:?}: a dear 1-2 raises the mean"
            );
        }
    }

    #[test]
    fn unreachable_targets_are_refused() {
        let mut r = rules(Scoring::Sequences, WipeOnes::AtLeast(3));
        r.target = 1000;
        let e = exact_values(&r, 1).unwrap_err().to_string();
        assert!(e.contains("casts on average"), "{e}");
    }
}
