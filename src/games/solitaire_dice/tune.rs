//! `dicelab tune solitaire-dice`: better heuristic weights by the cross-entropy method.
//!
//! Each generation samples candidates around a mean with per-weight spreads, plays every
//! candidate (and the mean itself) on the *same* seeded games (common random numbers: a
//! candidate wins by playing better, not by being dealt better dice), and moves the mean and the
//! spreads towards the best fifth. The games change every generation so that the mean is not
//! fitted to one set of dice. At the end the starting weights and the final mean are played on a
//! fresh, larger set of games, and the better of the two is what gets written: tuning never makes
//! a file worse on the games it can check.
//!
//! A candidate's evaluation is `games` whole games played one after another on one thread;
//! candidates run in parallel, so the result does not depend on the thread count.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand_xoshiro::rand_core::Rng;
use rayon::prelude::*;

use crate::engine::{ChunkRng, OnProgress, Steps, chunk_rng};
use crate::error::{Error, Message, Result, Setting};
use crate::games::policy::OneStep;
use crate::games::{TuneOutput, TuneRequest, Tuner};
use crate::input::Files;
use crate::number::{WholeError, parse_whole};

use super::heuristic::{Evaluator, Heuristic, WEIGHTS, Weights};
use super::lookahead::Lookahead;
use super::play::play;

/// Which player the weights are tuned for: the same weights play differently one step ahead
/// (`heuristic:FILE`) and under a roll of expectimax (`lookahead:FILE`), so each is tuned by
/// playing it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Player {
    /// `heuristic:FILE`: games are fast, so evaluations can be large.
    #[default]
    Heuristic,
    /// `lookahead:FILE`: about 50 times slower a game.
    Lookahead,
}

impl FromStr for Player {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s.trim() {
            "heuristic" => Ok(Player::Heuristic),
            "lookahead" => Ok(Player::Lookahead),
            _ => Err(Error::value(
                Setting::named("for"),
                s,
                "expected heuristic or lookahead, the player the weights are for".to_string(),
            )),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Heuristic => "heuristic",
            Player::Lookahead => "lookahead",
        })
    }
}

/// Candidates sampled per generation.
pub(crate) const POPULATION: usize = 20;

/// Candidates the next mean is made of.
pub(crate) const ELITE: usize = 5;

/// How far a generation moves the mean and spreads towards the elite (the rest stays): damping
/// keeps one lucky generation from throwing good weights away.
const STEP: f64 = 0.6;

/// No spread falls below this, so tuning keeps exploring.
const MIN_SPREAD: f64 = 1.0;

/// Games of the final check, as a multiple of the games per evaluation.
const VALIDATION_FACTOR: u64 = 5;

/// How long tuning may go on: wall time, or candidate evaluations (each `games` games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Budget {
    /// Stop starting generations after this long.
    Time(Duration),
    /// Stop before this many candidate evaluations would be exceeded.
    Evaluations(u64),
}

impl FromStr for Budget {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let expected =
            "expected a time such as 90s, 10m or 1h, or a number of evaluations such as 5000";
        let t = s.trim();
        let (number, seconds) = match t.char_indices().last() {
            Some((i, 's')) => (&t[..i], Some(1)),
            Some((i, 'm')) => (&t[..i], Some(60)),
            Some((i, 'h')) => (&t[..i], Some(3600)),
            _ => (t, None),
        };
        let n = parse_whole(number).map_err(|e| {
            let why = match e {
                WholeError::Malformed => String::new(),
                WholeError::Negative => "a negative budget is not allowed; ".to_string(),
                WholeError::NotWhole => "not a whole number; ".to_string(),
                WholeError::TooLarge => "too large; ".to_string(),
            };
            Error::value(Setting::named("budget"), s, format!("{why}{expected}"))
        })?;
        let Some(seconds) = seconds else {
            // Zero evaluations is refused by `check`, which says how many a generation takes.
            return Ok(Budget::Evaluations(n));
        };
        if n == 0 {
            return Err(Error::value(
                Setting::named("budget"),
                s,
                "expected a time above 0, such as 90s, 10m or 1h".to_string(),
            ));
        }
        n.checked_mul(seconds)
            .map(|secs| Budget::Time(Duration::from_secs(secs)))
            .ok_or_else(|| {
                Error::value(
                    Setting::named("budget"),
                    s,
                    format!("too large; {expected}"),
                )
            })
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Time(d) => write!(f, "{}s", d.as_secs()),
            Budget::Evaluations(n) => write!(f, "{n} evaluations"),
        }
    }
}

/// What to tune and how long.
#[derive(Clone, Debug)]
pub(crate) struct TuneConfig {
    /// The weights to start from.
    pub start: Weights,
    /// The player the weights are tuned for.
    pub player: Player,
    /// When to stop.
    pub budget: Budget,
    /// Games per candidate evaluation.
    pub games: u64,
    /// Seed of every generation's games and candidates.
    pub seed: u64,
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
    /// Where progress is told.
    pub progress: OnProgress,
}

/// What tuning found.
#[derive(Clone, Debug)]
pub(crate) struct Tuned {
    /// The weights to write: the final mean, or the start if the final check preferred it.
    pub best: Weights,
    /// Generations run.
    pub generations: u64,
    /// Candidate evaluations run (the mean counts as one per generation).
    pub evaluations: u64,
    /// Games of the final check.
    pub validation_games: u64,
    /// Mean final score of the starting weights in the final check.
    pub start_mean: f64,
    /// Mean final score of the tuned mean in the final check.
    pub tuned_mean: f64,
    /// Standard error of the paired difference (tuned - start) in the final check.
    pub diff_se: f64,
}

/// Scores of `player` with `weights` on games `0..games` of `seed` (game g's dice from
/// `chunk_rng(seed, g)`).
fn scores(player: Player, weights: &Weights, seed: u64, games: u64) -> Vec<i32> {
    let evaluator = Evaluator::new(weights);
    (0..games)
        .map(|g| {
            let mut dice = chunk_rng(seed, g);
            match player {
                Player::Heuristic => play(&mut OneStep(Heuristic::new(&evaluator)), &mut dice),
                Player::Lookahead => play(&mut OneStep(Lookahead::new(&evaluator)), &mut dice),
            }
            .expect("a game on fair dice ends within MAX_ROLLS rolls")
            .score
        })
        .collect()
}

/// Mean score of `player` with `weights` on the games of `seed`.
fn mean_score(player: Player, weights: &Weights, seed: u64, games: u64) -> f64 {
    let s = scores(player, weights, seed, games);
    s.iter().map(|&x| f64::from(x)).sum::<f64>() / games as f64
}

/// A standard normal draw (Box-Muller), from two words of `rng`.
fn normal(rng: &mut ChunkRng) -> f64 {
    let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// Refuses what no tuning can run: no games per evaluation, or a budget below one generation.
fn check(games: u64, budget: Budget) -> Result<()> {
    if games == 0 {
        return Err(Error::input(
            "-n: expected at least 1 game per evaluation, found 0",
        ));
    }
    let per_generation = POPULATION as u64 + 1;
    if let Budget::Evaluations(n) = budget
        && n < per_generation
    {
        return Err(Error::input(
            Message::default()
                .setting(Setting::named("budget"))
                .text(format!(
                    " {n}: one generation takes {per_generation} evaluations ({POPULATION} \
                     candidates and the mean)"
                )),
        ));
    }
    Ok(())
}

/// Games per candidate evaluation when `-n` is not given: enough that candidates a few points
/// apart are told apart on common games, few enough for many generations (lookahead games are
/// about 50 times slower, so a tenth).
pub const DEFAULT_GAMES: u64 = 20_000;

/// `dicelab tune solitaire-dice`: weights for `heuristic:FILE` or `lookahead:FILE`.
impl Tuner for super::SolitaireDice {
    fn tune(
        &self,
        request: &TuneRequest,
        ready: &mut dyn FnMut() -> Result<()>,
    ) -> Result<TuneOutput> {
        let from = request.from.trim();
        let start = match from.split_once(':') {
            Some(("heuristic", file)) if !file.trim().is_empty() => {
                Weights::load(Path::new(file), &Files::default())?
            }
            None if from == "greedy" => Weights::greedy(),
            None if from == "heuristic" => Weights::built_in(),
            _ => {
                return Err(Error::value(
                    Setting::named("from"),
                    &request.from,
                    "expected heuristic:FILE, heuristic (the built-in weights) or greedy",
                ));
            }
        };
        let budget: Budget = request.budget.parse()?;
        let player: Player = request.player.parse()?;
        let run = request.run.sized(match player {
            Player::Heuristic => DEFAULT_GAMES,
            Player::Lookahead => DEFAULT_GAMES / 10,
        })?;
        let games = run.units;
        check(games, budget)?;
        ready()?;
        let tuned = tune(&TuneConfig {
            start,
            player,
            budget,
            games,
            seed: run.seed,
            threads: run.threads,
            progress: run.progress.clone(),
        })?;
        let kept = if tuned.tuned_mean > tuned.start_mean {
            "tuned weights"
        } else {
            "the starting weights (tuning did not beat them)"
        };
        let mut weights = tuned.best.to_table("weights");
        // Where the weights came from, as `# ` lines the weights reader skips. Tuning plays the
        // text's rules only (the players it tunes refuse a house rule), so the note about rules
        // stays what it was: the weights files it writes are byte-identical to earlier ones.
        weights.notes = vec![
            format!(
                "made by: dicelab {} (dicelab tune {})",
                env!("CARGO_PKG_VERSION"),
                super::NAME
            ),
            format!("rules: none ({} has no rule options)", super::NAME),
            format!("from: {from}"),
            format!("for: {player}"),
            format!("seed: {}", run.seed),
            format!("budget: {budget}"),
            format!("games per evaluation: {games}"),
            format!(
                "result: {kept}; {} generations, {} evaluations; on {} fresh games start {:.2}, tuned {:.2}",
                tuned.generations,
                tuned.evaluations,
                tuned.validation_games,
                tuned.start_mean,
                tuned.tuned_mean
            ),
        ];
        Ok(TuneOutput {
            weights,
            kept: kept.to_string(),
            summary: format!(
                "tune {} | from {from} | for {player} | seed {} | {games} games per evaluation | budget {budget}\n\
                 {} generations, {} evaluations\n\
                 final check on {} fresh games: start {:.2}, tuned {:.2}, difference {:+.2} +/- {:.2} (95%)\n",
                super::NAME,
                run.seed,
                tuned.generations,
                tuned.evaluations,
                tuned.validation_games,
                tuned.start_mean,
                tuned.tuned_mean,
                tuned.tuned_mean - tuned.start_mean,
                1.96 * tuned.diff_se,
            ),
        })
    }
}

/// Runs the cross-entropy method from `config.start` until the budget is spent.
pub(crate) fn tune(config: &TuneConfig) -> Result<Tuned> {
    check(config.games, config.budget)?;
    let pool = crate::engine::thread_pool(config.threads, None)?;
    let per_generation = POPULATION as u64 + 1;
    let (total, steps) = match config.budget {
        Budget::Time(d) => (d.as_secs(), Steps::Seconds),
        Budget::Evaluations(n) => (n, Steps::Evaluations),
    };
    let progress = &config.progress;
    progress.start(total, steps);
    let start = Instant::now();
    let mut mean = config.start.values;
    let mut spread: [f64; WEIGHTS] = mean.map(|w| (w.abs() * 0.2).max(10.0));
    let mut generations = 0u64;
    let mut evaluations = 0u64;
    loop {
        let done = match config.budget {
            Budget::Time(d) => start.elapsed() >= d,
            Budget::Evaluations(n) => evaluations + per_generation > n,
        };
        if done {
            break;
        }
        // Asked to stop (Ctrl-C, a program's stop flag): between two generations, with nothing
        // written, as a run stops between chunks.
        if progress.stopped() {
            progress.finish();
            return Err(Error::input(crate::engine::STOPPED));
        }
        // Games and candidates of this generation: streams no other generation uses.
        let game_seed = chunk_rng(config.seed, 2 * generations).next_u64();
        let mut rng = chunk_rng(config.seed, 2 * generations + 1);
        let mut candidates: Vec<Weights> = vec![Weights { values: mean }];
        for _ in 0..POPULATION {
            let mut values = mean;
            for (v, s) in values.iter_mut().zip(&spread) {
                *v += s * normal(&mut rng);
            }
            candidates.push(Weights { values });
        }
        let means: Vec<f64> = pool.install(|| {
            candidates
                .par_iter()
                .map(|w| mean_score(config.player, w, game_seed, config.games))
                .collect()
        });
        let mut order: Vec<usize> = (1..candidates.len()).collect();
        order.sort_by(|&a, &b| means[b].total_cmp(&means[a]));
        let elite = &order[..ELITE];
        for i in 0..WEIGHTS {
            let m = elite.iter().map(|&c| candidates[c].values[i]).sum::<f64>() / ELITE as f64;
            let var = elite
                .iter()
                .map(|&c| (candidates[c].values[i] - m).powi(2))
                .sum::<f64>()
                / ELITE as f64;
            mean[i] = STEP * m + (1.0 - STEP) * mean[i];
            spread[i] = (STEP * var.sqrt() + (1.0 - STEP) * spread[i]).max(MIN_SPREAD);
        }
        generations += 1;
        evaluations += per_generation;
        progress.set(
            match config.budget {
                Budget::Time(_) => start.elapsed().as_secs().min(total),
                Budget::Evaluations(_) => evaluations,
            },
            &format!(
                "generation {generations}: mean {:.1}, best candidate {:.1}",
                means[0], means[order[0]]
            ),
        );
    }
    progress.finish();
    // The final check: start and tuned on the same fresh games, which no generation used.
    let validation_games = config.games * VALIDATION_FACTOR;
    let check_seed = chunk_rng(config.seed, u64::MAX).next_u64();
    let tuned = Weights { values: mean };
    let (a, b) = pool.install(|| {
        rayon::join(
            || scores(config.player, &config.start, check_seed, validation_games),
            || scores(config.player, &tuned, check_seed, validation_games),
        )
    });
    let n = validation_games as f64;
    let start_mean = a.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let tuned_mean = b.iter().map(|&x| f64::from(x)).sum::<f64>() / n;
    let diffs: Vec<f64> = a.iter().zip(&b).map(|(x, y)| f64::from(y - x)).collect();
    let d = tuned_mean - start_mean;
    let var = diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Ok(Tuned {
        best: if tuned_mean > start_mean {
            tuned
        } else {
            config.start.clone()
        },
        generations,
        evaluations,
        validation_games,
        start_mean,
        tuned_mean,
        diff_se: (var / n).sqrt(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse_and_zero_or_nonsense_is_refused() {
        assert_eq!(
            "10m".parse::<Budget>().unwrap(),
            Budget::Time(Duration::from_secs(600))
        );
        assert_eq!(
            "90s".parse::<Budget>().unwrap(),
            Budget::Time(Duration::from_secs(90))
        );
        assert_eq!(
            "1h".parse::<Budget>().unwrap(),
            Budget::Time(Duration::from_secs(3600))
        );
        assert_eq!("5000".parse::<Budget>().unwrap(), Budget::Evaluations(5000));
        // The number forms of every other option.
        assert_eq!("5e3".parse::<Budget>().unwrap(), Budget::Evaluations(5000));
        assert_eq!(
            "2_500".parse::<Budget>().unwrap(),
            Budget::Evaluations(2500)
        );
        assert_eq!(
            "1.5e2s".parse::<Budget>().unwrap(),
            Budget::Time(Duration::from_secs(150))
        );
        let e = |bad: &str| bad.parse::<Budget>().unwrap_err().to_string();
        let expected =
            "expected a time such as 90s, 10m or 1h, or a number of evaluations such as 5000";
        for bad in ["", "m", "10x", "ten", "s5"] {
            assert_eq!(e(bad), format!("budget '{bad}': {expected}"));
        }
        assert_eq!(
            e("-5"),
            format!("budget '-5': a negative budget is not allowed; {expected}")
        );
        assert_eq!(
            e("1.5m"),
            format!("budget '1.5m': not a whole number; {expected}")
        );
        assert_eq!(
            e("99999999999999999999h"),
            format!("budget '99999999999999999999h': too large; {expected}")
        );
        assert_eq!(
            e("99999999999999999h"),
            format!("budget '99999999999999999h': too large; {expected}")
        );
        assert_eq!(
            e("0m"),
            "budget '0m': expected a time above 0, such as 90s, 10m or 1h"
        );
        // Zero evaluations parses, and `check` says what a generation takes, naming the option
        // once.
        let zero: Budget = "0".parse().unwrap();
        assert_eq!(
            check(100, zero).unwrap_err().to_string(),
            "budget 0: one generation takes 21 evaluations (20 candidates and the mean)"
        );
    }

    #[test]
    fn tuning_is_reproducible_and_never_writes_worse_weights() {
        let config = TuneConfig {
            start: Weights::greedy(),
            player: Player::Heuristic,
            budget: Budget::Evaluations(2 * (POPULATION as u64 + 1)),
            games: 200,
            seed: 3,
            threads: Some(2),
            progress: OnProgress::default(),
        };
        let a = tune(&config).unwrap();
        let b = tune(&TuneConfig {
            threads: Some(1),
            ..config.clone()
        })
        .unwrap();
        assert_eq!(a.best, b.best, "the thread count changes nothing");
        assert_eq!((a.generations, a.evaluations), (2, 42));
        assert_eq!(a.validation_games, 1000);
        if a.tuned_mean > a.start_mean {
            assert_ne!(a.best, Weights::greedy());
        } else {
            assert_eq!(a.best, Weights::greedy());
        }
        let e = tune(&TuneConfig {
            budget: Budget::Evaluations(5),
            ..config
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("one generation takes 21 evaluations"), "{e}");
    }

    /// A tuning asked to stop (Ctrl-C, a program's stop flag) stops before its next generation
    /// with the engine's STOPPED, long before its budget, and returns nothing to write.
    #[test]
    fn a_tuning_asked_to_stop_stops_between_generations() {
        struct Stopped;
        impl crate::engine::Progress for Stopped {
            fn start(&self, _: u64, _: Steps) {}
            fn advance(&self, _: u64) {}
            fn set(&self, _: u64, _: &str) {}
            fn finish(&self) {}
            fn stopped(&self) -> bool {
                true
            }
        }
        let config = TuneConfig {
            start: Weights::greedy(),
            player: Player::Heuristic,
            budget: Budget::Evaluations(10_000 * (POPULATION as u64 + 1)),
            games: 200,
            seed: 3,
            threads: Some(1),
            progress: OnProgress::to(std::sync::Arc::new(Stopped)),
        };
        let e = tune(&config).unwrap_err().to_string();
        assert_eq!(e, crate::engine::STOPPED);
    }

    #[test]
    fn lookahead_is_tuned_by_playing_lookahead() {
        let config = TuneConfig {
            start: Weights::greedy(),
            player: Player::Lookahead,
            budget: Budget::Evaluations(POPULATION as u64 + 1),
            games: 20,
            seed: 5,
            threads: Some(2),
            progress: OnProgress::default(),
        };
        let t = tune(&config).unwrap();
        // The final check played lookahead: its mean is lookahead's, not the heuristic's, on the
        // same games.
        let games = t.validation_games;
        let check_seed = chunk_rng(5, u64::MAX).next_u64();
        let mean = |p| {
            scores(p, &Weights::greedy(), check_seed, games)
                .iter()
                .map(|&x| f64::from(x))
                .sum::<f64>()
                / games as f64
        };
        assert_eq!(t.start_mean, mean(Player::Lookahead));
        assert_ne!(t.start_mean, mean(Player::Heuristic));
        assert_eq!("lookahead".parse::<Player>().unwrap(), Player::Lookahead);
        let e = "greedy".parse::<Player>().unwrap_err().to_string();
        assert!(e.contains("expected heuristic or lookahead"), "{e}");
    }
}
