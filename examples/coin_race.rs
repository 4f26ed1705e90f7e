//! A toy game added to dicelab the way every game is: one type implementing `Game` (what it
//! declares and how a request is configured) and one implementing `Configured` (simulate, exact
//! values, tables). Inside the crate this is one folder under `src/games/` and one line in
//! `games::GAMES`; here, outside it, the same code runs through the library's public API, and
//! `games::register` puts the game in the registry beside the built-in ones.
//!
//! The game: flip a fair coin until `target` heads have come up. The number of flips is
//! negative binomial, so its exact mean (`2 * target`) and distribution sit beside the estimate.
//!
//! Run it with `cargo run --release --example coin_race`, or give it `dicelab`'s arguments to
//! run the coin race through the same commands as the built-in games
//! (`cargo run --release --example coin_race -- simulate coin-race --rule target=20`).

use std::process::ExitCode;

use dicelab::cells;
use dicelab::engine::bump;
use dicelab::engine::{ChunkRng, RunConfig, Simulation, run};
use dicelab::error::Setting;
use dicelab::games::analysis::{Analysis, DataTable};
use dicelab::games::options::{Matters, OptionSpec, RuleOptions, Values};
use dicelab::games::rulebook::{Block, Rulebook};
use dicelab::games::seating::{Players, Seats};
use dicelab::games::{self, Configured, Game, GameInfo, PolicyDoc, Setup, setup_record};
use dicelab::record::Saved;
use dicelab::record::{RunRecord, SetupRecord};
use dicelab::report::Report;
use dicelab::stats::{ExactValues, Histogram, Metric, MetricId, Tally};
use dicelab::{Error, Result};
use rand_xoshiro::rand_core::Rng;

/// The game in the registry's terms.
pub struct CoinRace;

/// Its only policy: there is nothing to decide.
#[derive(Clone, PartialEq)]
struct Flip;

impl std::fmt::Display for Flip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("flip")
    }
}

const INFO: GameInfo = GameInfo {
    name: "coin-race",
    about: "Coin race: flip a fair coin until the target number of heads",
    options: &[OptionSpec {
        key: "target",
        values: Values::Whole { min: 1, max: 100 },
        default: "10",
        meaning: "heads that end the race",
        quiet: false,
        matters: Matters::ALWAYS,
    }],
    policies: &[PolicyDoc {
        syntax: "flip",
        meaning: "flip the coin; there is nothing to choose",
        example: "flip",
    }],
    players: Players {
        min: 1,
        max: 1,
        note: "a race is played alone",
    },
    report_runs: &[],
    rulebook: &Rulebook {
        in_short: "flip a fair coin until it has shown heads `target` times.",
        how_to_play: &[Block::Para(
            "One player and a coin. Flip it again and again; the race ends on the flip that \
             brings the heads to the target, and its length is the number of flips.",
        )],
        readings: &[],
        examples: &[],
    },
};

impl Game for CoinRace {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn configure(&self, setup: &Setup) -> Result<Box<dyn Configured>> {
        let options = RuleOptions::parse(INFO.name, INFO.options, &setup.rules)?;
        INFO.players.check(INFO.name, setup.players)?;
        let specs = setup
            .policies
            .iter()
            .map(|s| match s.as_str() {
                "flip" => Ok(Flip),
                _ => Err(Error::value(
                    Setting::POLICY,
                    s,
                    "unknown policy for coin-race; the only one is 'flip'",
                )),
            })
            .collect::<Result<Vec<_>>>()?;
        Seats::new(specs, Flip, setup.players, 1)?;
        let target = options.whole("target");
        Ok(Box::new(Race {
            options,
            target,
            exact: exact_values(target),
        }))
    }
}

/// A configured race.
struct Race {
    options: RuleOptions,
    target: u32,
    exact: ExactValues,
}

/// The chance that the `target`-th head comes on flip `n`: C(n - 1, target - 1) / 2^n.
fn p_flips(target: u32, n: u32) -> f64 {
    let choose: f64 = (0..target - 1)
        .map(|i| f64::from(n - 1 - i) / f64::from(i + 1))
        .product();
    choose * 0.5f64.powi(n as i32)
}

impl Configured for Race {
    fn setup(&self) -> SetupRecord {
        setup_record(INFO.name, &self.options, 1, ["flip".to_string()])
    }

    fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        run(self, config)
    }

    fn exact(&self) -> &ExactValues {
        &self.exact
    }

    fn tables(&self) -> Result<Analysis> {
        let mut table = DataTable::new("flips", &["flips", "probability"]);
        for n in self.target..=self.target * 6 {
            table.push(cells![n, p_flips(self.target, n)]);
        }
        Ok(Analysis {
            tables: vec![table],
            charts: Vec::new(),
            text: format!(
                "coin-race | target {} | exact mean {}\n",
                self.target,
                2 * self.target
            ),
        })
    }

    fn solve(&self) -> Result<Analysis> {
        Err(Error::input(
            "solve coin-race: a coin race has nothing to decide",
        ))
    }
}

/// The exact mean and distribution of the flips a race of `target` heads takes.
fn exact_values(target: u32) -> ExactValues {
    let mut exact = ExactValues::default();
    exact.set_mean("flips", f64::from(2 * target));
    let pmf = (target..=target * 8)
        .map(|n| (i64::from(n), p_flips(target, n)))
        .collect();
    exact.set_pmf("flips", pmf);
    exact
}

/// The engine adapter: a chunk of races, counted by flips, merged by adding counts.
impl Simulation for Race {
    type Acc = Vec<u64>;

    fn units_per_chunk(&self) -> u64 {
        1 << 12
    }

    fn new_acc(&self) -> Vec<u64> {
        Vec::new()
    }

    fn run_chunk(&self, rng: &mut ChunkRng, units: u64, acc: &mut Vec<u64>) {
        for _ in 0..units {
            let (mut heads, mut flips) = (0, 0);
            while heads < self.target {
                heads += (rng.next_u64() >> 63) as u32;
                flips += 1;
            }
            bump(acc, flips);
        }
    }

    fn tally(&self, acc: Vec<u64>) -> Tally {
        // One race a unit: merge checks that the count of races is the count of units.
        Tally::new(vec![
            Metric::mean("flips", Histogram::from_dense(0, &acc))
                .plotted()
                .per_unit(),
        ])
    }
}

/// Runs `units` races of `target` heads of `game` (the coin race, as the registry gives it back)
/// and returns the report's terminal table and how far the estimate lies from the exact mean, in
/// standard errors.
pub fn race(game: &dyn Game, target: u32, units: u64, seed: u64) -> Result<(String, f64)> {
    let game = game.configure(&Setup {
        rules: vec![format!("target={target}")],
        players: 1,
        policies: vec![],
        files: Default::default(),
    })?;
    let config = RunConfig::new(units, seed);
    let saved = Saved {
        record: RunRecord::of(game.setup(), &config),
        tally: game.simulate(&config)?,
    };
    let flips = MetricId::run("flips");
    let e = saved
        .tally
        .get(&flips)
        .expect("the race counts flips")
        .estimate();
    let exact = game.exact().mean(&flips).expect("known exactly");
    let report = Report {
        saved: &saved,
        exact: game.exact(),
        notes: &[],
    };
    Ok((report.text_table(), (e.mean - exact) / e.se))
}

/// With arguments, `dicelab`'s own command line with the coin race among its games
/// (`cargo run --release --example coin_race -- simulate coin-race -n 1e6 --out race`); without,
/// one race of a million units against its exact mean.
#[allow(dead_code)] // also compiled into a test, which has its own main
fn main() -> ExitCode {
    if let Err(e) = games::register(&CoinRace) {
        eprintln!("coin_race: {e}");
        return ExitCode::from(2);
    }
    if std::env::args_os().len() > 1 {
        return dicelab::app::run();
    }
    let raced = games::find("coin-race").and_then(|game| race(game, 10, 1_000_000, 1));
    match raced {
        Ok((text, z)) => {
            print!("{text}");
            println!("the estimate lies {z:+.2} standard errors from the exact mean");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("coin_race: {e}");
            ExitCode::from(2)
        }
    }
}
