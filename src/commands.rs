//! What each subcommand does, as library functions the binary calls and tests can call too.
//!
//! Every command checks all its input (game, options, policies, output folder) before any
//! simulation starts, and writes its files only once everything has been computed.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::analysis::Analysis;
use crate::claims;
use crate::cli::{
    ClaimsArgs, DecksArgs, MergeArgs, ReportArgs, RunArgs, SimulateArgs, SolveArgs, TableArgs,
    TuneArgs,
};
use crate::engine::{RunConfig, STREAM_VERSION, Shard};
use crate::error::{Error, Result};
use crate::games::{Game, GameName, Setup};
use crate::options::split_rules;
use crate::record::{RunRecord, RunSetup, Saved};
use crate::report::analysis::analysis_files;
use crate::report::csv::table_csv;
use crate::report::{OutDir, Report, csv_bytes, fmt_num};
use crate::stats::{MetricId, MetricKind, Subject, Tally};

/// Units of `simulate` and `claims` when `-n` is not given.
pub const DEFAULT_UNITS: u64 = 1_000_000;
/// Races per rule set in the default `report` job (full games and the claims' races get a
/// tenth): about a minute and a half on two cores.
pub const DEFAULT_REPORT_UNITS: u64 = 1_000_000_000;

/// Writes to stdout, ignoring a closed pipe (`dicelab ... | head` must not panic).
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// A run of `units` units with the seed, threads and quietness the user gave.
fn run_config(run: &RunArgs, units: u64, shard: Shard) -> RunConfig {
    RunConfig {
        units,
        seed: run.seed,
        threads: run.threads,
        shard,
        progress: !run.quiet,
    }
}

/// Runs `game` and returns what would be saved.
fn simulate_game(game: &Game, config: &RunConfig) -> Result<Saved> {
    let tally = game.simulate(config)?;
    Ok(Saved {
        record: RunRecord {
            setup: game.setup(),
            tool_version: env!("CARGO_PKG_VERSION").to_string(),
            stream_version: STREAM_VERSION,
            seed: config.seed,
            units: config.units,
            shard_count: config.shard.count,
            shards: vec![config.shard.index],
        },
        tally,
    })
}

/// Prints a run's table and, with a folder, writes its report files there together with
/// `extra` files (all renamed into place at once).
fn publish(
    game: &Game,
    saved: &Saved,
    out: Option<&OutDir>,
    extra: Vec<(String, Vec<u8>)>,
) -> Result<()> {
    let report = Report {
        saved,
        exact: game.exact(),
    };
    let files = match out {
        Some(_) => [report.files()?, extra].concat(),
        None => Vec::new(),
    };
    // Files first: a run whose report cannot be written prints only the error.
    if let Some(dir) = out {
        dir.write_all(&files)?;
    }
    say(&report.text_table());
    say(&report.paired_text());
    if let Some(dir) = out {
        say(&format!(
            "wrote {} files to {}\n",
            files.len(),
            dir.path().display()
        ));
    }
    Ok(())
}

/// The rule options with `--deck FILE` added as `deck=FILE` (only sieben has a deck), so the
/// deck is named in the `rules` column and `merge` finds it again.
fn rules_with_deck(game: GameName, rules: &[String], deck: Option<&Path>) -> Result<Vec<String>> {
    let mut rules = rules.to_vec();
    if let Some(path) = deck {
        if game != GameName::Sieben {
            return Err(Error::input(format!(
                "--deck {}: only sieben is played with a deck file, not {game}",
                path.display()
            )));
        }
        let name = path.to_str().ok_or_else(|| {
            Error::input(format!(
                "--deck {}: expected a UTF-8 file name",
                path.display()
            ))
        })?;
        rules.push(format!("deck={name}"));
    }
    Ok(rules)
}

/// `--threads 0` is refused before any work: the engine would have no worker.
fn check_threads(run: &RunArgs) -> Result<()> {
    if run.threads == Some(0) {
        return Err(Error::input("--threads: expected at least 1, found 0"));
    }
    Ok(())
}

/// `dicelab simulate`.
pub fn simulate(args: &SimulateArgs) -> Result<()> {
    let game = Game::configure(&Setup {
        game: args.game,
        rules: rules_with_deck(args.game, &args.rules, args.deck.as_deref())?,
        players: args.players,
        policies: args.policies.clone(),
    })?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if shard != Shard::WHOLE && args.out.is_none() {
        return Err(Error::input(
            "--shard needs --out: a shard is only useful saved for `dicelab merge`",
        ));
    }
    check_threads(&args.run)?;
    let out = args.out.as_deref().map(OutDir::prepare).transpose()?;
    let saved = simulate_game(
        &game,
        &run_config(&args.run, args.run.units.unwrap_or(DEFAULT_UNITS), shard),
    )?;
    publish(&game, &saved, out.as_ref(), Vec::new())
}

/// `dicelab compare`: a simulation of two or more policies, on the same dice where the game
/// allows (single turns), with each pair's paired difference.
pub fn compare(args: &SimulateArgs) -> Result<()> {
    if args.policies.len() < 2 {
        return Err(Error::input(format!(
            "compare: expected at least two --policy, found {}",
            args.policies.len()
        )));
    }
    simulate(args)
}

/// `dicelab solve`.
pub fn solve(args: &SolveArgs) -> Result<()> {
    let game = Game::configure(&Setup {
        game: args.game,
        rules: args.rules.clone(),
        players: args.players,
        policies: Vec::new(),
    })?;
    let out = args.out.as_deref().map(OutDir::prepare).transpose()?;
    show_tables(&game.solve()?, out.as_ref())
}

/// Prints an exact analysis and, with a folder, writes its files there.
fn show_tables(analysis: &Analysis, out: Option<&OutDir>) -> Result<()> {
    let files = analysis_files(analysis)?;
    say(&analysis.text);
    if let Some(dir) = out {
        dir.write_all(&files)?;
        say(&format!(
            "wrote {} files to {}\n",
            files.len(),
            dir.path().display()
        ));
    }
    Ok(())
}

/// Configures again the game a saved run was made with, from its record's setup.
fn game_of(setup: &RunSetup) -> Result<Game> {
    Game::configure(&Setup {
        game: setup.game.parse()?,
        rules: setup.rules.clone(),
        players: setup.players,
        policies: setup.policies.clone(),
    })
}

/// `dicelab merge`.
pub fn merge(args: &MergeArgs) -> Result<()> {
    let parts = args
        .shards
        .iter()
        .map(|dir| Ok((dir.clone(), Saved::load(dir)?)))
        .collect::<Result<Vec<_>>>()?;
    let out = OutDir::prepare(&args.out)?;
    let merged = Saved::merge_all(parts)?;
    let game = game_of(&merged.record.setup)?;
    if !merged.is_whole() {
        eprintln!(
            "dicelab: note: shards {:?} of {} merged; the run is not complete yet",
            merged.record.shards, merged.record.shard_count
        );
    }
    publish(&game, &merged, Some(&out), Vec::new())
}

/// `dicelab table`.
pub fn table(args: &TableArgs) -> Result<()> {
    let game = Game::configure(&Setup {
        game: args.game,
        rules: rules_with_deck(args.game, &args.rules, args.deck.as_deref())?,
        players: 1,
        policies: Vec::new(),
    })?;
    let out = args.out.as_deref().map(OutDir::prepare).transpose()?;
    show_tables(&game.tables()?, out.as_ref())
}

/// Loads the claims file, falling back to the built-in copy when the default file is absent.
fn load_claims(path: &Path) -> Result<Vec<claims::Claim>> {
    if path == Path::new("data/claims.csv") && !path.exists() {
        return claims::parse("built-in data/claims.csv", claims::BUILT_IN);
    }
    claims::load(path)
}

/// Checks `claims` and writes `claims.csv` into `out`.
fn check_claims(claims: &[claims::Claim], run: &RunArgs, units: u64, out: &Path) -> Result<()> {
    let out = OutDir::prepare(out)?;
    let verdicts = claims::check(claims, units, run.seed, run.threads)?;
    let csv = table_csv(&claims::verdicts_table(&verdicts));
    say(&claims::verdicts_text(&verdicts));
    out.write_all(&[("claims.csv".to_string(), csv)])?;
    say(&format!("wrote claims.csv to {}\n", out.path().display()));
    Ok(())
}

/// `dicelab claims`.
pub fn claims(args: &ClaimsArgs) -> Result<()> {
    let claims = load_claims(&args.file)?;
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    check_claims(&claims, &args.run, units, &args.out)
}

/// One run of the default job.
struct Job {
    game: GameName,
    players: u32,
    units: u64,
    policies: Vec<String>,
    /// Folder under the report root.
    folder: &'static str,
    /// Whether the game's exact tables and solver files go beside the run.
    with_tables: bool,
}

/// `dicelab report`: races and four-player games of Sequences and Hearts Due, optimal Sevens
/// turns, each with its exact tables, and the claims, each into its own folder under `out`.
pub fn report(args: &ReportArgs) -> Result<()> {
    // All input first: a bad claims file must not fail the job after reports were replaced.
    let claims = load_claims(Path::new("data/claims.csv"))?;
    let root = OutDir::prepare(&args.out)?;
    let units = args.run.units.unwrap_or(DEFAULT_REPORT_UNITS);
    let tenth = (units / 10).max(1);
    let mut folders: Vec<PathBuf> = Vec::new();
    // Each game's races or turns, four-player games, and the Sevens questions: which stop
    // policy scores most (on the same dice), and which wins games.
    let sevens_compare: Vec<String> = [
        "optimal",
        "leader",
        "rolls:1",
        "rolls:2",
        "threshold:15,10",
        "random",
    ]
    .map(String::from)
    .to_vec();
    let sevens_duel = vec!["leader".to_string(), "optimal".to_string()];
    let sevens_table = ["optimal", "leader", "target", "rolls:1"]
        .map(String::from)
        .to_vec();
    let solitaire = ["greedy", "random"].map(String::from).to_vec();
    // The ladder of Solitaire Dice players on the same rolls, at a 500th of the turns: one-roll
    // expectimax is 50 times slower than greedy. `heuristic` alone is the built-in tuned
    // weights, so the job needs no file from the working folder.
    let solitaire_ladder = ["random", "greedy", "heuristic", "lookahead"]
        .map(String::from)
        .to_vec();
    let sieben = ["seven-first", "blocker", "lowest", "random"]
        .map(String::from)
        .to_vec();
    // The best player of 7 against the default one: 32 play-outs per legal play make a game
    // about 500 times slower, hence a 20,000th of the turns.
    let sieben_lookahead = ["lookahead", "seven-first", "seven-first", "seven-first"]
        .map(String::from)
        .to_vec();
    let job = |game, players, units: u64, policies, folder, with_tables| Job {
        game,
        players,
        units: units.max(1),
        policies,
        folder,
        with_tables,
    };
    let jobs = [
        job(GameName::Sequences, 1, units, vec![], "sequences", true),
        job(GameName::Sequences, 4, tenth, vec![], "sequences-4p", false),
        job(GameName::HeartsDue, 1, units, vec![], "hearts-due", true),
        job(
            GameName::HeartsDue,
            4,
            tenth,
            vec![],
            "hearts-due-4p",
            false,
        ),
        job(GameName::Sevens, 1, units, vec![], "sevens", true),
        job(
            GameName::Sevens,
            1,
            tenth,
            sevens_compare,
            "sevens-compare",
            false,
        ),
        job(
            GameName::Sevens,
            2,
            tenth / 10,
            sevens_duel,
            "sevens-2p",
            false,
        ),
        job(
            GameName::Sevens,
            4,
            tenth / 100,
            sevens_table,
            "sevens-4p",
            false,
        ),
        job(
            GameName::SolitaireDice,
            1,
            tenth / 100,
            solitaire,
            "solitaire-dice",
            true,
        ),
        job(
            GameName::SolitaireDice,
            1,
            tenth / 500,
            solitaire_ladder,
            "solitaire-dice-ladder",
            false,
        ),
        job(GameName::Sieben, 4, tenth / 500, sieben, "sieben-4p", true),
        job(
            GameName::Sieben,
            4,
            tenth / 20000,
            sieben_lookahead,
            "sieben-lookahead",
            false,
        ),
    ];
    for Job {
        game: name,
        players,
        units: n,
        policies,
        folder,
        with_tables,
    } in jobs
    {
        let game = Game::configure(&Setup {
            game: name,
            rules: Vec::new(),
            players,
            policies,
        })?;
        let folder = root.path().join(folder);
        let out = OutDir::prepare(&folder)?;
        let config = run_config(&args.run, n, Shard::WHOLE);
        say(&format!(
            "\n== {name}, {players} player(s), policy {}, {n} units\n",
            game.policy_string()
        ));
        let saved = simulate_game(&game, &config)?;
        // The exact tables go beside the default run of each game; for Sevens also the solver's
        // files (the policy table, the leader's dilemma).
        let mut extra = Vec::new();
        if with_tables {
            let mut analysis = game.tables()?;
            if let Ok(solved) = game.solve() {
                analysis = analysis.with(solved);
            }
            extra = analysis_files(&analysis)?;
        }
        publish(&game, &saved, Some(&out), extra)?;
        folders.push(folder);
    }
    say("\n== claims of the rule text\n");
    let claims_dir = root.path().join("claims");
    check_claims(&claims, &args.run, tenth, &claims_dir)?;
    folders.push(claims_dir);
    say(&format!(
        "\nreports written: {}\n",
        folders
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    Ok(())
}

/// Games per candidate evaluation of `tune` when `-n` is not given: enough that candidates a
/// few points apart are told apart on common games, few enough for many generations.
pub const DEFAULT_TUNE_GAMES: u64 = 20_000;

/// `dicelab tune`: better weights for a Solitaire Dice policy file, written to `--out`.
pub fn tune(args: &TuneArgs) -> Result<()> {
    use crate::games::solitaire_dice::heuristic::Weights;
    use crate::games::solitaire_dice::tune::{Player, TuneConfig, tune as run_tune};
    if args.game != GameName::SolitaireDice {
        return Err(Error::input(format!(
            "tune {}: only solitaire-dice has weights to tune",
            args.game
        )));
    }
    let start = match args.from.trim().split_once(':') {
        Some(("heuristic", file)) if !file.trim().is_empty() => Weights::load(Path::new(file))?,
        None if args.from.trim() == "greedy" => Weights::greedy(),
        None if args.from.trim() == "heuristic" => Weights::built_in(),
        _ => {
            return Err(Error::input(format!(
                "--from '{}': expected heuristic:FILE, heuristic (the built-in weights) or greedy",
                args.from
            )));
        }
    };
    if let Some(threads) = args.run.threads
        && threads == 0
    {
        return Err(Error::input("--threads: expected at least 1, found 0"));
    }
    let name = args
        .out
        .file_name()
        .ok_or_else(|| {
            Error::input(format!(
                "--out {}: expected a file name",
                args.out.display()
            ))
        })?
        .to_string_lossy()
        .to_string();
    let folder = match args.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let dir = OutDir::prepare(folder)?;
    let games = args.run.units.unwrap_or(match args.player {
        Player::Heuristic => DEFAULT_TUNE_GAMES,
        Player::Lookahead => DEFAULT_TUNE_GAMES / 10,
    });
    let tuned = run_tune(&TuneConfig {
        start,
        player: args.player,
        budget: args.budget,
        games,
        seed: args.run.seed,
        threads: args.run.threads,
        progress: !args.run.quiet,
    })?;
    dir.write_all(&[(name, table_csv(&tuned.best.to_table("weights")))])?;
    let kept = if tuned.tuned_mean > tuned.start_mean {
        "tuned weights"
    } else {
        "the starting weights (tuning did not beat them)"
    };
    say(&format!(
        "tune solitaire-dice | from {} | for {} | seed {} | {games} games per evaluation | budget {}\n\
         {} generations, {} evaluations\n\
         final check on {} fresh games: start {:.2}, tuned {:.2}, difference {:+.2} +/- {:.2} (95%)\n\
         wrote {kept} to {}\n",
        args.from.trim(),
        args.player,
        args.run.seed,
        args.budget,
        tuned.generations,
        tuned.evaluations,
        tuned.validation_games,
        tuned.start_mean,
        tuned.tuned_mean,
        tuned.tuned_mean - tuned.start_mean,
        1.96 * tuned.diff_se,
        args.out.display()
    ));
    Ok(())
}
/// Games per deck of `decks` when `-n` is not given: enough for the first-player and win-rate
/// differences between the sweep's decks to stand clear of their intervals, in about a minute
/// on two cores with four players.
pub const DEFAULT_DECK_UNITS: u64 = 100_000;

/// The metrics of the deck study, in column order: how long rounds last, what starting is
/// worth, and how Sevens, penalties and seat 1's wins move with the deck.
pub fn deck_metrics() -> [MetricId; 6] {
    [
        MetricId::run("round_turns"),
        MetricId::run("first_player_chips"),
        MetricId::run("p_first_player_out_first"),
        MetricId::run("sevens_per_round"),
        MetricId::run("penalty_cards_per_round"),
        MetricId::new("win_rate", Subject::seat(0)),
    ]
}

/// One deck's row of the deck study.
struct DeckRow {
    name: String,
    counts: [u32; 7],
    cards: u32,
    /// Chips per player per round over the run: what `first_player_chips` is compared with.
    fair_chips: f64,
    /// Kind, mean, 95% low and high of each of [`deck_metrics`].
    metrics: Vec<(MetricKind, f64, f64, f64)>,
}

impl DeckRow {
    /// The row of `deck` from its run's tally.
    fn of(deck: &crate::games::sieben::deck::Deck, players: u32, tally: &Tally) -> Result<Self> {
        let get = |id: &MetricId| {
            tally.get(id).ok_or_else(|| {
                Error::input(format!("decks: the run has no metric {}", id.column()))
            })
        };
        let chips: i128 = (0..players as usize)
            .map(|k| get(&MetricId::new("chips", Subject::seat(k))).map(|m| m.histogram.sum()))
            .sum::<Result<i128>>()?;
        let rounds = get(&MetricId::run("round_turns"))?.histogram.count();
        let metrics = deck_metrics()
            .iter()
            .map(|id| {
                let m = get(id)?;
                let e = m.estimate();
                Ok((m.kind, e.mean, e.ci_low, e.ci_high))
            })
            .collect::<Result<Vec<_>>>()?;
        let mut counts = [0; 7];
        counts.copy_from_slice(&deck.counts()[1..]);
        Ok(Self {
            name: deck.source().to_string(),
            counts,
            cards: deck.size(),
            fair_chips: chips as f64 / rounds as f64 / f64::from(players),
            metrics,
        })
    }
}

/// `dicelab decks sieben`: the same games (players, policies, rules, seed) under every deck of
/// the built-in sweep and every `--deck` file, because the real deck's spread is unpublished
/// and users ask how much it matters. Prints an aligned table; with `--out`, writes decks.csv.
pub fn decks(args: &DecksArgs) -> Result<()> {
    use crate::games::sieben::{
        self,
        deck::{Deck, SWEEP},
    };
    if args.game != GameName::Sieben {
        return Err(Error::input(format!(
            "decks {}: only sieben is played with a deck",
            args.game
        )));
    }
    let players = args.players.ok_or_else(|| {
        Error::input("decks sieben: expected --players, 2 to 7 (the deck's effect depends on it)")
    })?;
    if args.rules.iter().any(|r| r.trim().starts_with("deck=")) {
        return Err(Error::input(
            "--rule deck=...: decks sweeps the deck itself; add a deck file with --deck FILE",
        ));
    }
    check_threads(&args.run)?;
    let base = sieben::Config::new(&args.rules, players, &args.policies)?;
    let mut decks = SWEEP
        .iter()
        .map(|d| Deck::from_counts(d.counts, d.name))
        .collect::<Result<Vec<_>>>()?;
    for path in &args.deck {
        let name = path.to_str().ok_or_else(|| {
            Error::input(format!(
                "--deck {}: expected a UTF-8 file name",
                path.display()
            ))
        })?;
        decks.push(Deck::load(name)?);
    }
    let configs = decks
        .iter()
        .map(|d| base.with_deck(d.clone()))
        .collect::<Result<Vec<_>>>()?;
    let out = args.out.as_deref().map(OutDir::prepare).transpose()?;
    let units = args.run.units.unwrap_or(DEFAULT_DECK_UNITS);
    let run = run_config(&args.run, units, Shard::WHOLE);
    let rows = decks
        .iter()
        .zip(&configs)
        .map(|(deck, config)| DeckRow::of(deck, players, &config.simulate(&run)?))
        .collect::<Result<Vec<_>>>()?;
    let setup = base.setup();
    let rules: Vec<String> = split_rules(&setup.rules_column())
        .into_iter()
        .filter(|r| !r.starts_with("deck="))
        .collect();
    let heading = format!(
        "{} | {} | policy {} | seed {} | {units} games per deck\n",
        sieben::NAME,
        rules.join(";"),
        setup.policy_column(),
        run.seed
    );
    if let Some(dir) = &out {
        dir.write_all(&[("decks.csv".to_string(), decks_csv(&rows))])?;
    }
    say(&heading);
    say(&decks_text(&rows));
    if let Some(dir) = &out {
        say(&format!("wrote decks.csv to {}\n", dir.path().display()));
    }
    Ok(())
}

/// `decks.csv`: deck, counts of 1 to 7, cards, the fair share of chips, then mean, 95% low and
/// high of each of [`deck_metrics`].
fn decks_csv(rows: &[DeckRow]) -> Vec<u8> {
    let mut header: Vec<String> = [
        "deck",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "cards",
        "fair_chips",
    ]
    .map(String::from)
    .to_vec();
    for m in deck_metrics().map(|m| m.column()) {
        header.extend([format!("{m}_mean"), format!("{m}_low"), format!("{m}_high")]);
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    csv_bytes(
        &header,
        rows.iter().map(|r| {
            let mut cells = vec![r.name.clone()];
            cells.extend(r.counts.iter().map(u32::to_string));
            cells.push(r.cards.to_string());
            cells.push(fmt_num(r.fair_chips));
            for &(_, mean, low, high) in &r.metrics {
                cells.extend([fmt_num(mean), fmt_num(low), fmt_num(high)]);
            }
            cells
        }),
    )
}

/// The aligned text table of the deck study: each metric as its mean and the half-width of its
/// 95% interval (shares in percent).
fn decks_text(rows: &[DeckRow]) -> String {
    let mut table: Vec<Vec<String>> = vec![
        [
            "deck",
            "1-7",
            "cards",
            "turns/round",
            "fair chips",
            "starter chips",
            "starter out 1st",
            "sevens/round",
            "penalty/round",
            "seat 1 wins",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for r in rows {
        let mut cells = vec![
            r.name.clone(),
            r.counts.map(|c| c.to_string()).join(","),
            r.cards.to_string(),
        ];
        let cell = |&(kind, mean, low, high): &(MetricKind, f64, f64, f64)| match kind {
            MetricKind::Mean => format!("{mean:.3} ±{:.3}", (high - low) / 2.0),
            MetricKind::Proportion => {
                format!("{:.2}% ±{:.2}", 100.0 * mean, 50.0 * (high - low))
            }
        };
        cells.push(cell(&r.metrics[0]));
        cells.push(format!("{:.3}", r.fair_chips));
        cells.extend(r.metrics[1..].iter().map(cell));
        table.push(cells);
    }
    let widths: Vec<usize> = (0..table[0].len())
        .map(|c| {
            table
                .iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = String::new();
    for row in &table {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| {
                if c == 0 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
            .collect();
        text.push_str(line.join("  ").trim_end());
        text.push('\n');
    }
    text
}
