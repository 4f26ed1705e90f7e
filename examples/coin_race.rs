//! A toy game added to dicelab the way every game is: one type implementing `Game` (what it
//! declares and how a request is configured) and one implementing `Configured` (simulate, exact
//! values, tables). Inside the crate this is one folder under `src/games/` and one line in
//! `games::GAMES`; here, outside it, the same code runs through the library's public API, and
//! `games::register` puts the game in the registry beside the built-in ones.
//!
//! The game: flip a fair coin until `target` heads have come up. The number of flips is
//! negative binomial, so its exact mean (`2 * target`) and distribution sit beside the estimate.
//!
//! It is played (`dicelab play coin-race`: there is nothing to decide, so the race runs to its
//! end), written as a game record (each flip a turn of one throw: a coin is a die of two faces,
//! 1 tails and 2 heads) and reviewed (`dicelab review race.txt`), exactly: a race's value is its
//! expected length, and each flip's luck is what it did to it.
//!
//! Run it with `cargo run --release --example coin_race`, or give it `dicelab`'s arguments to
//! run the coin race through the same commands as the built-in games
//! (`cargo run --release --example coin_race -- simulate coin-race --rule target=20`).

use std::process::ExitCode;

use dicelab::cells;
use dicelab::engine::bump;
use dicelab::engine::chunk_rng;
use dicelab::engine::{ChunkRng, RunConfig, Simulation, run};
use dicelab::error::Setting;
use dicelab::games::advice::Advice;
use dicelab::games::analysis::{Analysis, DataTable};
use dicelab::games::options::{Matters, OptionSpec, RuleOptions, Values};
use dicelab::games::review::record::{
    GameRecord, RoundRecord, Seat, ThrowRecord, TurnRecord, error_at,
};
use dicelab::games::review::{
    Event, GameReview, Kept, Moment, Pass, RecordKind, Reviewer, Unit, ledgers_in,
};
use dicelab::games::rulebook::{Block, Rulebook};
use dicelab::games::seating::{Players, Seats};
use dicelab::games::session::{Decision, PlayRequest, Playable, Session};
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
    title: "Coin race",
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
    data: &[],
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

    fn playable(&self) -> Option<&dyn Playable> {
        Some(self)
    }

    fn reviewer(&self) -> Option<&dyn Reviewer> {
        Some(self)
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

/// A race at the table: nothing to decide, so it runs to its end at once, seeded by the
/// request as every game at the table is.
impl Playable for CoinRace {
    fn session(&self, request: &PlayRequest) -> Result<Box<dyn Session>> {
        let options = RuleOptions::parse(INFO.name, INFO.options, &request.rules)?;
        if request.players.is_some_and(|p| p != 1) || !request.policies.is_empty() {
            return Err(Error::input(
                "play coin-race: a race is played alone, with no other seat",
            ));
        }
        if request.resume.is_some() {
            return Err(Error::input(
                "play coin-race: a race has nothing to resume; it is over once dealt",
            ));
        }
        Ok(Box::new(Flipping {
            target: options.whole("target"),
            rules: options.pairs(),
            seed: request.seed,
            flips: Vec::new(),
        }))
    }

    fn players(&self) -> (u32, u32, u32) {
        (1, 1, 1)
    }
}

/// A race being flipped at the table.
struct Flipping {
    target: u32,
    rules: Vec<String>,
    seed: u64,
    /// Each flip so far: heads or not.
    flips: Vec<bool>,
}

impl Flipping {
    fn heads(&self) -> u32 {
        self.flips.iter().filter(|&&h| h).count() as u32
    }
}

impl Session for Flipping {
    fn next(&mut self, out: &mut dyn std::io::Write) -> Result<Option<Decision>> {
        if self.flips.is_empty() {
            // The same draws as a simulated race's: the top bit of each.
            let mut rng = chunk_rng(self.seed, 0);
            while self.heads() < self.target {
                self.flips.push(rng.next_u64() >> 63 == 1);
            }
            let faces: String = self
                .flips
                .iter()
                .map(|&h| if h { 'H' } else { 'T' })
                .collect();
            writeln!(out, "{faces}").map_err(|e| Error::input(e.to_string()))?;
        }
        Ok(None)
    }

    fn advise(&mut self) -> Result<Advice> {
        Err(Error::input("a coin race has no decision to advise"))
    }

    fn apply(&mut self, _: usize, _: &mut dyn std::io::Write) -> Result<()> {
        Err(Error::input("a coin race has no decision to take"))
    }

    fn result(&self) -> String {
        format!("{} heads in {} flips", self.target, self.flips.len())
    }

    fn record(&self) -> Option<GameRecord> {
        let turns = self
            .flips
            .iter()
            .map(|&heads| TurnRecord {
                seat: 0,
                throws: vec![ThrowRecord {
                    dice: vec![if heads { 2 } else { 1 }],
                    ..Default::default()
                }],
                ..Default::default()
            })
            .collect();
        Some(GameRecord {
            game: INFO.name.into(),
            rules: self.rules.clone(),
            seed: Some(self.seed),
            seats: vec![Seat::Person("you".into())],
            rounds: vec![RoundRecord {
                number: 1,
                turns,
                ..Default::default()
            }],
            ..Default::default()
        })
    }
}

/// A race's review: exact, in flips. With `heads` of `target` after `flips`, the race's
/// expected length is `flips + 2 * (target - heads)`; a flip moves it by +1 (tails) or -1
/// (heads), its luck, and nothing is decided, so the cost is 0 and the accounts add up to the
/// race's length.
impl Reviewer for CoinRace {
    fn kind(&self) -> RecordKind {
        RecordKind::Throws
    }

    fn estimated(&self) -> bool {
        false
    }

    fn review(
        &self,
        what: &str,
        game: &GameRecord,
        _: &mut Kept,
        _: &RunConfig<Option<u64>>,
        pass: Pass,
    ) -> Result<GameReview> {
        let options = RuleOptions::parse(INFO.name, INFO.options, &game.rules)
            .map_err(|e| error_at(what, game.at, e))?;
        let target = options.whole("target");
        if game.seats.len() != 1 {
            return Err(error_at(what, game.at, "a race has one seat"));
        }
        let expected = |flips: u32, heads: u32| f64::from(flips + 2 * (target - heads));
        let (mut flips, mut heads) = (0, 0);
        let mut moments = Vec::new();
        for round in &game.rounds {
            for turn in &round.turns {
                pass.go_on()?;
                let [throw] = turn.throws.as_slice() else {
                    return Err(error_at(what, turn.at, "a turn is one flip"));
                };
                if heads == target {
                    return Err(error_at(what, turn.at, "the race is over: no flip follows"));
                }
                let is_heads = match throw.dice.as_slice() {
                    [1] => false,
                    [2] => true,
                    _ => {
                        return Err(error_at(
                            what,
                            throw.at,
                            "a flip shows one coin: 1 (tails) or 2 (heads)",
                        ));
                    }
                };
                let (before, position) =
                    (expected(flips, heads), format!("{heads} of {target} heads"));
                flips += 1;
                heads += u32::from(is_heads);
                moments.push(Moment {
                    round: "race".into(),
                    seat: 0,
                    throw: 1,
                    position,
                    event: Event::Throw {
                        dice: throw.dice.clone(),
                        left: format!("{heads} of {target} heads"),
                        before: vec![before],
                        after: vec![expected(flips, heads)],
                    },
                    at: throw.at,
                });
            }
        }
        if heads < target {
            return Err(error_at(
                what,
                game.ended_at(),
                format!("the race stops at {heads} of {target} heads"),
            ));
        }
        let names = game.names();
        let players = ledgers_in(
            Unit::Points,
            &names,
            &[expected(0, 0)],
            &moments,
            &[f64::from(flips)],
        );
        Ok(GameReview {
            game: INFO.name.into(),
            rules: options.pairs(),
            seats: names,
            method: "exact: a race's expected length, in flips".into(),
            unit: Unit::Points,
            estimated: None,
            finished: true,
            stops: None,
            next: None,
            moments,
            players,
            kind: RecordKind::Throws,
            legend: None,
            valued: None,
        })
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
        looks: Vec::new(),
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
