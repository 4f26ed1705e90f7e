//! What each subcommand does: the binary's glue between the command line and the library.
//!
//! Every command checks all its input (game, options, policies, output folder) before any
//! simulation starts, and writes its files only once everything has been computed. Games are
//! reached through the registry only, so a new game needs nothing here.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::claims;
use crate::engine::{OnProgress, RunConfig, Shard};
use crate::error::one_line;
use crate::games::advice::{AdviceRequest, Position};
use crate::games::analysis::Analysis;
use crate::games::session::PlayRequest;
use crate::games::{self, Configured, DecksRequest, Game, Setup, TuneRequest};
use crate::input;
use crate::output::manifest::{InputRef, RunAbout};
use crate::output::{Invocation, OutDir, OutFile};
use crate::record::RunRecord;
use crate::report::advice::{advice_json, advice_text};
use crate::report::analysis::analysis_files;
use crate::report::csv::table_csv;
use crate::report::index::{IndexSection, index_html, index_markdown};
use crate::report::json::{run_json, tables_json};
use crate::report::print::tables_as;
use crate::report::sweep::{Sweep, SweepRun};
use crate::report::text::{
    SUMMARY_HEADER, answer, fair_share_note, few_units_note, run_heading, runs_text, summary_rows,
};
use crate::report::{Report, fmt_short, unique_names};
use crate::saved::Saved;
use crate::{Error, Result};

use super::Flags;
use super::capture;
use super::cli::{
    AdviseArgs, ClaimsArgs, Cli, CompletionsArgs, DataArgs, DecksArgs, GameArgs, ManArgs,
    MergeArgs, PlayArgs, PrintFormat, ReportArgs, RunArgs, RunFormat, SimulateArgs, SolveArgs,
    SweepArgs, TableArgs, TuneArgs,
};
use super::listing;
use super::progress::Bar;
use super::stdout::{self, say, show};
use clap::CommandFactory;

/// Units of `simulate` and `claims` when `-n` is not given.
pub const DEFAULT_UNITS: u64 = 1_000_000;
/// Races per rule set in the default `report` job (full games and the claims' races get a
/// tenth or less): about three and a half minutes on two cores.
pub const DEFAULT_REPORT_UNITS: u64 = 1_000_000_000;

/// `path` as a line of output names it: a control character in it (an escape, a line break) is
/// written escaped, as an error line writes it, so a folder's name can neither drive the
/// terminal nor break the line; any other path is written as it is.
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string())
}

/// A run of `units` units with the seed, threads and quietness the user gave.
fn run_config(run: &RunArgs, units: u64, shard: Shard) -> RunConfig {
    RunConfig {
        units,
        seed: run.seed,
        threads: run.threads,
        shard,
        progress: progress(run),
    }
}

/// A progress bar on stderr unless `--quiet`, or the command is captured: a program reading the
/// results has no terminal to watch (a notebook shows a process's stderr out of place).
fn progress(run: &RunArgs) -> OnProgress {
    if capture::active() {
        capture::progress()
    } else if run.quiet {
        OnProgress::default()
    } else {
        OnProgress::to(Arc::new(Bar::new()))
    }
}

/// How a game's own command runs: the size is left to it when the user gave none.
fn run_settings(run: &RunArgs) -> RunConfig<Option<u64>> {
    RunConfig {
        units: run.units,
        seed: run.seed,
        threads: run.threads,
        shard: Shard::WHOLE,
        progress: progress(run),
    }
}

/// The files every report of a run holds, whatever it finds, and its charts, whose names the
/// run's metrics choose: checked before the run (see [`OutDir::writing`]).
const REPORT_NAMES: [&str; 5] = [
    "summary.csv",
    "distribution.csv",
    "quantiles.csv",
    crate::record::ACCUMULATORS,
    "*.svg",
];

/// What an exact analysis (`solve`, `table`) writes: tables and charts, named by the game.
const ANALYSIS_NAMES: [&str; 2] = ["*.csv", "*.svg"];

/// Runs `game` and returns what would be saved.
fn simulate_game(game: &dyn Configured, config: &RunConfig) -> Result<Saved> {
    let tally = game.simulate(config)?;
    let saved = Saved {
        record: RunRecord::of(game.setup(), config),
        tally,
    };
    // What merge will check of this file holds when it is written, or a shard of a long job
    // would be refused only once every shard had run.
    saved.check().map_err(|problem| {
        Error::input(format!(
            "internal error: the run's counts are not consistent ({problem}); please report it"
        ))
    })?;
    Ok(saved)
}

/// Prints a run's table and, with a folder, writes its report files there together with
/// `extra` files (all renamed into place at once).
fn publish(
    game: &dyn Configured,
    saved: &Saved,
    out: Option<&OutDir>,
    extra: Vec<(String, Vec<u8>)>,
    threads: Option<usize>,
    format: Option<RunFormat>,
) -> Result<Vec<String>> {
    let notes = game.notes();
    let about = RunAbout {
        notes: notes.clone(),
        ..RunAbout::of_saved(saved, threads)
    };
    let out = out.map(|o| o.clone().describing(about));
    let out = out.as_ref();
    let report = Report {
        saved,
        exact: game.exact(),
        notes: &notes,
    };
    // A captured command hands its report's files back even without a folder.
    let files = match out {
        None if !capture::active() => Vec::new(),
        _ => unique_names([report.files()?, extra].concat()),
    };
    capture::made(&files);
    // Files first: a run whose report cannot be written prints only the error.
    if let Some(dir) = out {
        dir.write_all(&files)?;
    }
    if format == Some(RunFormat::Json) {
        // One document and nothing else on stdout.
        say(&run_json(&report))?;
        return Ok(files.into_iter().map(|(name, _)| name).collect());
    }
    show(&report.text_table())?;
    show(&report.paired_text())?;
    if let Some(dir) = out {
        say(&format!(
            "wrote {} files to {}\n",
            files.len(),
            shown(dir.path())
        ))?;
    }
    Ok(files.into_iter().map(|(name, _)| name).collect())
}

/// The rule options with `--deck FILE` added as `deck=FILE`, so the deck is named in the `rules`
/// column and `merge` finds it again; refused for a game without a `deck` option.
fn rules_with_deck(game: &dyn Game, rules: &[String], deck: Option<&Path>) -> Result<Vec<String>> {
    let mut rules = rules.to_vec();
    if let Some(path) = deck {
        if !game.options().iter().any(|o| o.key == "deck") {
            let with_decks: Vec<&str> = games::all()
                .into_iter()
                .filter(|g| g.options().iter().any(|o| o.key == "deck"))
                .map(|g| g.name())
                .collect();
            return Err(Error::input(format!(
                "--deck {}: only {} is played with a deck file, not {}",
                path.display(),
                with_decks.join(", "),
                game.name()
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

/// `dicelab simulate`.
pub fn simulate(args: &SimulateArgs, invocation: &Invocation) -> Result<()> {
    let game = games::configure_game(
        args.game,
        &Setup {
            rules: rules_with_deck(args.game, &args.rules, args.deck.as_deref())?,
            players: args.players,
            policies: args.policies.clone(),
            files: crate::ops::files(),
        },
    )?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    if shard != Shard::WHOLE && args.out.is_none() {
        return Err(Error::input(
            "--shard needs --out: a shard is only useful saved for `dicelab merge`",
        ));
    }
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&REPORT_NAMES))
        .transpose()?;
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    let saved = simulate_game(game.as_ref(), &run_config(&args.run, units, shard))?;
    publish(
        game.as_ref(),
        &saved,
        out.as_ref(),
        Vec::new(),
        Some(threads_of(&args.run)),
        args.format,
    )
    .map(drop)
}

/// The worker threads a run asks for: `--threads`, or every core.
fn threads_of(run: &RunArgs) -> usize {
    run.threads.unwrap_or_else(rayon::current_num_threads)
}

/// `dicelab compare`: a simulation of two or more policies, on the same chance where the game
/// allows, with each pair's paired difference.
pub fn compare(args: &SimulateArgs, invocation: &Invocation) -> Result<()> {
    if args.policies.len() < 2 {
        return Err(Error::input(format!(
            "compare: expected at least two --policy, found {}",
            args.policies.len()
        )));
    }
    simulate(args, invocation)
}

/// `dicelab solve`.
pub fn solve(args: &SolveArgs, invocation: &Invocation) -> Result<()> {
    let game = games::configure_game(
        args.game,
        &Setup {
            rules: args.rules.clone(),
            players: args.players,
            policies: Vec::new(),
            files: crate::ops::files(),
        },
    )?;
    // The folder is checked (and held) before the analysis, which can take a while.
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&ANALYSIS_NAMES))
        .transpose()?;
    let analysis = game.solve()?;
    let about = RunAbout::of_setup(&game.setup());
    let print = args.format.map(|f| (f, args.percent));
    show_analysis(&analysis, out.map(|o| o.describing(about)).as_ref(), print)
}

/// `dicelab table`.
pub fn table(args: &TableArgs, invocation: &Invocation) -> Result<()> {
    let game = games::configure_game(
        args.game,
        &Setup {
            rules: rules_with_deck(args.game, &args.rules, args.deck.as_deref())?,
            players: 1,
            policies: Vec::new(),
            files: crate::ops::files(),
        },
    )?;
    // The folder is checked (and held) before the analysis, which can take a while.
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&ANALYSIS_NAMES))
        .transpose()?;
    let analysis = game.tables()?;
    let about = RunAbout::of_setup(&game.setup());
    let print = args.format.map(|f| (f, args.percent));
    show_analysis(&analysis, out.map(|o| o.describing(about)).as_ref(), print)
}

/// Prints an exact analysis (its summary for reading, or with `print` its tables in that format,
/// as percentages or not) and, with a folder, writes its files there.
fn show_analysis(
    analysis: &Analysis,
    out: Option<&OutDir>,
    print: Option<(PrintFormat, bool)>,
) -> Result<()> {
    let files = analysis_files(analysis)?;
    capture::made(&files);
    if let Some(dir) = out {
        dir.write_all(&files)?;
    }
    match print {
        Some((format, percent)) => {
            // JSON is one document: nothing else goes to stdout.
            return match format.tables() {
                Some(format) => say(&tables_as(analysis, format, percent)),
                None => say(&tables_json(&analysis.tables)),
            };
        }
        None => show(&analysis.text)?,
    }
    if let Some(dir) = out {
        say(&format!(
            "wrote {} files to {}\n",
            files.len(),
            shown(dir.path())
        ))?;
    }
    Ok(())
}

/// Refuses an `--out` folder that is one of the shards being merged: the merge would replace an
/// input. Folders are compared as the system knows them (device and inode), so `shard0`,
/// `./shard0`, a symlink to it and a bind mount of it are one folder.
fn refuse_an_input_as_out(shards: &[PathBuf], out: &Path) -> Result<()> {
    let Some(out_id) = folder_id(out) else {
        return Ok(());
    };
    for shard in shards {
        if folder_id(shard).is_some_and(|s| s == out_id) {
            return Err(Error::input(format!(
                "--out {}: is the shard {} being merged; write the merged report to another folder",
                out.display(),
                shard.display()
            )));
        }
    }
    Ok(())
}

/// What tells one folder from another however it is reached: device and inode (on other
/// systems, the real path).
#[cfg(unix)]
fn folder_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn folder_id(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// `dicelab merge`: the shards' accumulators added, the game configured again from the record.
pub fn merge(args: &MergeArgs, invocation: &Invocation) -> Result<()> {
    let parts = args
        .shards
        .iter()
        .map(|dir| Ok((dir.clone(), Saved::load(dir)?)))
        .collect::<Result<Vec<_>>>()?;
    refuse_an_input_as_out(&args.shards, &args.out)?;
    let merged = Saved::merge_all(parts)?;
    let setup = &merged.record.setup;
    let game = games::configure_again(setup)?;
    if !merged.is_whole() {
        let missing = runs_text(&merged.missing_shards());
        let count = merged.record.shard_count;
        if !args.partial {
            return Err(Error::input(format!(
                "merge: shards {missing} of 0-{} are missing (resubmit them: sbatch --array={missing}, \
                 or deploy/slurm/submit.sh --tasks {missing}); give --partial to merge the shards here",
                count - 1
            )));
        }
        super::tell(&format!(
            "note: shards {} of 0-{} merged (--partial); missing {missing}",
            merged.shards_held(),
            count - 1
        ));
    }
    // The folder is made only once the merge is known to be good: a refused merge leaves none.
    let out = OutDir::prepare(&args.out, invocation)?.writing(&REPORT_NAMES)?;
    publish(game.as_ref(), &merged, Some(&out), Vec::new(), None, None).map(drop)
}

/// The claims of a claims file, and the file by its content for `run.json`.
type ClaimsFile = (Vec<claims::Claim>, Vec<InputRef>);

/// Loads the claims file (the default, with nothing there, is the shipped copy).
fn load_claims(path: &Path) -> Result<ClaimsFile> {
    let files = crate::ops::files();
    let name = path.display().to_string();
    let text = files.read_text(&name, path)?;
    let claims = claims::parse(&name, &text)?;
    Ok((claims, files.read().iter().map(InputRef::from).collect()))
}

/// Checks `claims` and writes `claims.csv` into `out` (prepared by the caller before any work).
fn check_claims(
    (claims, claims_file): &ClaimsFile,
    run: &RunArgs,
    units: u64,
    out: OutDir,
    format: Option<RunFormat>,
) -> Result<Vec<claims::Verdict>> {
    let out = out.describing(RunAbout {
        inputs: claims_file.to_vec(),
        seed: Some(run.seed),
        units: Some(units),
        threads: Some(threads_of(run)),
        ..RunAbout::default()
    });
    let verdicts = claims::check(claims, units, run.seed, run.threads)?;
    let table = claims::verdicts_table(&verdicts);
    let csv = table_csv(&table);
    if format == Some(RunFormat::Json) {
        out.write_all(&[("claims.csv".to_string(), csv)])?;
        say(&tables_json(&[table]))?;
        return Ok(verdicts);
    }
    show(&claims::verdicts_text(&verdicts))?;
    out.write_all(&[("claims.csv".to_string(), csv)])?;
    say(&format!("wrote claims.csv to {}\n", shown(out.path())))?;
    Ok(verdicts)
}

/// The claims' verdicts in a sentence: how many hold, and which do not.
fn claims_answer(verdicts: &[claims::Verdict]) -> String {
    let wrong: Vec<String> = verdicts
        .iter()
        .filter(|v| !v.holds)
        .map(|v| format!("\"{}\"", v.claim.words()))
        .collect();
    let mut text = format!(
        "{} of the rule texts' {} claims hold",
        verdicts.len() - wrong.len(),
        verdicts.len()
    );
    if wrong.is_empty() {
        text.push('.');
    } else {
        text.push_str(&format!("; these do not: {}.", wrong.join(", ")));
    }
    text
}

/// The claims as a section of the report index: each claim with the value claimed, the exact
/// and simulated values and the verdict.
fn claims_section(verdicts: &[claims::Verdict], units: u64, seed: u64) -> IndexSection {
    let num = |x: Option<f64>| x.map(|v| format!("{v:.4}")).unwrap_or_default();
    IndexSection {
        folder: "claims".into(),
        question: "Are the rule text's claims right?".into(),
        heading: format!(
            "data/claims.csv | exact values, and {units} simulated races a rule set | seed {seed}"
        ),
        answer: claims_answer(verdicts),
        columns: [
            "claim",
            "game",
            "claimed",
            "exact",
            "simulated",
            "95% interval",
            "verdict",
        ]
        .map(String::from)
        .to_vec(),
        rows: verdicts
            .iter()
            .map(|v| {
                vec![
                    v.claim.words(),
                    v.claim.game.to_string(),
                    fmt_short(v.claim.claimed),
                    num(v.exact),
                    num(v.simulated.as_ref().map(|e| e.mean)),
                    v.simulated
                        .as_ref()
                        .map(|e| format!("[{:.4}, {:.4}]", e.ci_low, e.ci_high))
                        .unwrap_or_default(),
                    if v.holds { "holds" } else { "fails" }.to_string(),
                ]
            })
            .collect(),
        files: vec!["claims.csv".into()],
        notes: Vec::new(),
    }
}

/// `dicelab claims`.
pub fn claims(args: &ClaimsArgs, invocation: &Invocation) -> Result<()> {
    let claims = load_claims(&args.file)?;
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    let out = OutDir::prepare(&args.out, invocation)?.writing(&["claims.csv"])?;
    check_claims(&claims, &args.run, units, out, args.format).map(drop)
}

/// `dicelab report`: every built-in game's runs of the default job, in registry order, each with
/// its exact tables where it asks for them, then the claims, each into its own folder under
/// `out`.
pub fn report(args: &ReportArgs, invocation: &Invocation) -> Result<()> {
    // All input first: a bad claims file must not fail the job after reports were replaced.
    let claims = load_claims(Path::new("data/claims.csv"))?;
    let root = OutDir::prepare(&args.out, invocation)?.writing(&["index.html", "README.md"])?;
    let units = args.run.units.unwrap_or(DEFAULT_REPORT_UNITS);
    let mut folders: Vec<PathBuf> = Vec::new();
    let mut sections: Vec<IndexSection> = Vec::new();
    // Every run configured and every folder checked (and held) before the first run: a folder
    // that cannot be written fails the job before any work, not after twelve reports. The
    // built-in games only: the job regenerates the repository's reports/, which must be the
    // same whichever binary runs it, whatever games that binary registered.
    let mut jobs = Vec::new();
    for game in games::GAMES {
        for job in game.report_runs() {
            let configured = games::configure_game(
                *game,
                &Setup {
                    rules: job.rules.iter().map(|r| r.to_string()).collect(),
                    players: job.players,
                    policies: job.policies.iter().map(|p| p.to_string()).collect(),
                    files: crate::ops::files(),
                },
            )?;
            let folder = root.path().join(job.folder);
            // Beside the run's files, the exact tables and the solver's, named by the game.
            let out = OutDir::prepare(&folder, invocation)?
                .writing(&REPORT_NAMES)?
                .writing(&ANALYSIS_NAMES)?;
            jobs.push((game, job, configured, folder, out));
        }
    }
    let claims_dir = root.path().join("claims");
    let claims_out = OutDir::prepare(&claims_dir, invocation)?.writing(&["claims.csv"])?;
    // Every folder stays held until the index is written: a run into one already written would
    // otherwise replace it under an index that describes what it replaced.
    let mut held = vec![claims_out.clone()];
    for (game, job, configured, folder, out) in jobs {
        let n = (units / job.share).max(1);
        show(&format!(
            "\n== {}, {} player(s), policy {}, {n} units\n",
            game.name(),
            job.players,
            configured.setup().policy_column()
        ))?;
        let saved = simulate_game(configured.as_ref(), &run_config(&args.run, n, Shard::WHOLE))?;
        // The exact tables go beside the default run of each game, and the solver's files
        // too where the game has a solver.
        let mut extra = Vec::new();
        if job.with_tables {
            let mut analysis = configured.tables()?;
            if let Ok(solved) = configured.solve() {
                analysis = analysis.with(solved);
            }
            extra = analysis_files(&analysis)?;
        }
        let files = publish(
            configured.as_ref(),
            &saved,
            Some(&out),
            extra,
            Some(threads_of(&args.run)),
            None,
        )?;
        held.push(out);
        let notes = configured.notes();
        let report = Report {
            saved: &saved,
            exact: configured.exact(),
            notes: &notes,
        };
        sections.push(IndexSection {
            folder: job.folder.to_string(),
            question: job.question.to_string(),
            heading: run_heading(&report),
            answer: answer(&report).unwrap_or_default(),
            columns: SUMMARY_HEADER.map(String::from).to_vec(),
            rows: summary_rows(&report).into_iter().map(Vec::from).collect(),
            files,
            notes: fair_share_note(&report)
                .into_iter()
                .chain(few_units_note(&report))
                .collect(),
        });
        folders.push(folder);
    }
    say("\n== claims of the rule text\n")?;
    let claim_units = (units / 10).max(1);
    let verdicts = check_claims(&claims, &args.run, claim_units, claims_out, None)?;
    sections.push(claims_section(&verdicts, claim_units, args.run.seed));
    folders.push(claims_dir);
    // The index last, so it links only what was written.
    let title = "dicelab: the findings of the default job";
    // The command that makes these files again, with an installed dicelab or from a checkout:
    // the settings that change a byte of them, not -q, --threads or --wait.
    let mut again = String::from("dicelab report");
    if let Some(n) = args.run.units {
        again.push_str(&format!(" -n {n}"));
    }
    if args.run.seed != 1 {
        again.push_str(&format!(" --seed {}", args.run.seed));
    }
    if args.out != Path::new("reports") {
        again.push_str(&format!(
            " --out {}",
            one_line(&args.out.display().to_string())
        ));
    }
    let intro = format!(
        "Every section answers one question with a run of this job (dicelab {}, seed {}): each \
         estimate with n, its mean and 95% interval, beside the exact value where one is known \
         and the distance between them in standard errors; then the run's charts and files. \
         Regenerate it with: {again} (from a checkout: cargo run --release -- report).",
        env!("CARGO_PKG_VERSION"),
        args.run.seed
    );
    let root = root.describing(RunAbout {
        seed: Some(args.run.seed),
        units: Some(units),
        threads: Some(threads_of(&args.run)),
        ..RunAbout::default()
    });
    root.write_all(&[
        (
            "index.html".to_string(),
            index_html(title, &intro, &sections).into_bytes(),
        ),
        (
            "README.md".to_string(),
            index_markdown(title, &intro, &sections).into_bytes(),
        ),
    ])?;
    drop(held);
    say(&format!(
        "\nreports written: {}\n",
        folders
            .iter()
            .map(|f| shown(f))
            .collect::<Vec<_>>()
            .join(", ")
    ))?;
    Ok(())
}

/// The names of the games that have a command, for the error of one that has not.
fn games_with(has: impl Fn(&dyn Game) -> bool) -> String {
    games::all()
        .into_iter()
        .filter(|g| has(*g))
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `dicelab tune`: better weights for a game's policy file, written to `--out`.
pub fn tune(args: &TuneArgs, invocation: &Invocation) -> Result<()> {
    let tuner = args.game.tuner().ok_or_else(|| {
        Error::input(format!(
            "tune {}: only {} has weights to tune",
            args.game.name(),
            games_with(|g| g.tuner().is_some())
        ))
    })?;
    let mut out = None;
    let tuned = tuner.tune(
        &TuneRequest {
            from: args.from.clone(),
            budget: args.budget.clone(),
            player: args.player.clone(),
            run: run_settings(&args.run),
        },
        &mut || {
            out = Some(OutFile::prepare(&args.out, invocation)?);
            Ok(())
        },
    )?;
    let out = out.expect("a tuner calls ready before it tunes");
    out.write(&table_csv(&tuned.weights))?;
    show(&tuned.summary)?;
    say(&format!("wrote {} to {}\n", tuned.kept, shown(&args.out)))?;
    Ok(())
}

/// Most rule sets one sweep runs: a table and charts a person can read, and work that stays
/// bounded; a larger question is several sweeps.
pub const MAX_RULE_SETS: usize = 64;

/// `--rule KEY=V1,V2,...` read into the key and its values.
fn sweep_values(raw: &str) -> Result<(String, Vec<String>)> {
    let (key, values) = raw.split_once('=').ok_or_else(|| {
        Error::input(format!(
            "--rule '{raw}': expected KEY=V1,V2,..., e.g. wipe_ones=3,4,5,off"
        ))
    })?;
    let values: Vec<String> = values.split(',').map(|v| v.trim().to_string()).collect();
    if values.iter().any(String::is_empty) {
        return Err(Error::input(format!(
            "--rule '{raw}': an empty value; list the values separated by commas, e.g. \
             wipe_ones=3,4,5,off"
        )));
    }
    Ok((key.trim().to_string(), values))
}

/// An error of one rule set of a sweep, naming the rule set.
fn in_rule_set(label: &str, e: Error) -> Error {
    e.prefixed(&format!("sweep {label}: "))
}

/// `dicelab sweep`: every combination of the rule values listed, each simulated on the same
/// seed, one row per rule set. Every rule set is configured, and so checked, before any runs.
pub fn sweep(args: &SweepArgs, invocation: &Invocation) -> Result<()> {
    let mut options: Vec<(String, Vec<String>)> = Vec::new();
    for raw in &args.rules {
        let (key, values) = sweep_values(raw)?;
        if options.iter().any(|(k, _)| *k == key) {
            return Err(Error::input(format!(
                "--rule '{raw}': {key} is given twice; list all its values in one --rule, \
                 separated by commas"
            )));
        }
        options.push((key, values));
    }
    let swept: Vec<&(String, Vec<String>)> = options.iter().filter(|(_, v)| v.len() >= 2).collect();
    if swept.is_empty() {
        return Err(Error::input(
            "sweep: expected a --rule KEY=V1,V2,... with two or more values, e.g. --rule \
             wipe_ones=3,4,5,off (`dicelab rules GAME` lists the options)",
        ));
    }
    let count = swept
        .iter()
        .try_fold(1usize, |n, (_, v)| n.checked_mul(v.len()))
        .filter(|&n| n <= MAX_RULE_SETS);
    let Some(count) = count else {
        let sizes: Vec<String> = swept.iter().map(|(_, v)| v.len().to_string()).collect();
        return Err(Error::input(format!(
            "sweep: {} rule sets ({}); at most {MAX_RULE_SETS}: list fewer values, or sweep in \
             parts",
            sizes.join(" x "),
            swept
                .iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>()
                .join(" x ")
        )));
    };
    // Every combination, the last key varying fastest, each configured before any work:
    // (the swept values, their `key=value` label, the rules column, the configured game).
    type RuleSet = (Vec<String>, String, String, Box<dyn Configured>);
    let mut sets: Vec<RuleSet> = Vec::with_capacity(count);
    for i in 0..count {
        let mut rest = i;
        let mut picks = vec![0usize; options.len()];
        for (j, (_, values)) in options.iter().enumerate().rev() {
            picks[j] = rest % values.len();
            rest /= values.len();
        }
        let picked: Vec<(&String, &String, bool)> = options
            .iter()
            .zip(&picks)
            .map(|((k, v), &p)| (k, &v[p], v.len() >= 2))
            .collect();
        let rules: Vec<String> = picked.iter().map(|(k, v, _)| format!("{k}={v}")).collect();
        let values: Vec<String> = picked
            .iter()
            .filter(|(_, _, swept)| *swept)
            .map(|(_, v, _)| v.to_string())
            .collect();
        let label = picked
            .iter()
            .filter(|(_, _, swept)| *swept)
            .map(|(k, v, _)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ");
        let game = games::configure_game(
            args.game,
            &Setup {
                rules,
                players: args.players,
                policies: args.policies.clone(),
                files: crate::ops::files(),
            },
        )
        .map_err(|e| in_rule_set(&label, e))?;
        let column = game.setup().rules_column();
        if let Some((_, earlier, _, _)) = sets.iter().find(|set| set.2 == column) {
            return Err(Error::input(format!(
                "sweep: {label} and {earlier} are the same rules; list each value once"
            )));
        }
        sets.push((values, label, column, game));
    }
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&["sweep.csv", "*.svg"]))
        .transpose()?;
    let units = args.run.units.unwrap_or(DEFAULT_UNITS);
    let config = run_config(&args.run, units, Shard::WHOLE);
    let mut runs = Vec::with_capacity(sets.len());
    for (values, _, _, game) in sets {
        let saved = simulate_game(game.as_ref(), &config)?;
        runs.push(SweepRun {
            values,
            saved,
            exact: game.exact().clone(),
        });
    }
    let sweep = Sweep {
        game: args.game.name().to_string(),
        keys: swept.iter().map(|(k, _)| k.clone()).collect(),
        runs,
    };
    let text = sweep.text();
    if let Some(dir) = &out {
        let first = &sweep.runs[0].saved;
        let about = RunAbout {
            threads: Some(threads_of(&args.run)),
            ..RunAbout::of_saved(first, None)
        };
        let mut files = vec![("sweep.csv".to_string(), sweep.csv())];
        files.extend(sweep.charts()?);
        let files = unique_names(files);
        dir.clone()
            .describing(RunAbout {
                rules: None,
                ..about
            })
            .write_all(&files)?;
        capture::made(&files);
        show(&text)?;
        say(&format!(
            "wrote {} files to {}\n",
            files.len(),
            shown(dir.path())
        ))?;
    } else {
        if capture::active() {
            // A captured sweep hands back its table even without a folder.
            capture::made(&[("sweep.csv".to_string(), sweep.csv())]);
        }
        show(&text)?;
    }
    Ok(())
}

/// `dicelab decks`: the same games under several decks, one row per deck.
pub fn decks(args: &DecksArgs, invocation: &Invocation) -> Result<()> {
    let study = args.game.deck_study().ok_or_else(|| {
        Error::input(format!(
            "decks {}: only {} is played with a deck",
            args.game.name(),
            games_with(|g| g.deck_study().is_some())
        ))
    })?;
    let mut out = None;
    let files = crate::ops::files();
    let result = {
        study.study(
            &DecksRequest {
                players: args.players,
                rules: args.rules.clone(),
                policies: args.policies.clone(),
                decks: args.deck.clone(),
                run: run_settings(&args.run),
                files: files.clone(),
            },
            &mut || {
                out = args
                    .out
                    .as_deref()
                    .map(|out| OutDir::prepare(out, invocation)?.writing(&["decks.csv"]))
                    .transpose()?;
                Ok(())
            },
        )
    }?;
    let decks = files.read();
    let out = out.map(|o| {
        o.describing(RunAbout {
            game: Some(args.game.name().to_string()),
            inputs: decks.iter().map(InputRef::from).collect(),
            seed: Some(args.run.seed),
            threads: Some(threads_of(&args.run)),
            ..RunAbout::default()
        })
    });
    if let Some(dir) = &out {
        dir.write_all(&[("decks.csv".to_string(), table_csv(&result.table))])?;
    }
    show(&result.text)?;
    if let Some(dir) = &out {
        say(&format!("wrote decks.csv to {}\n", shown(dir.path())))?;
    }
    Ok(())
}

/// `dicelab advise`: every legal action in a position, ranked. It writes no file: a position
/// file is only read.
pub fn advise(args: &AdviseArgs) -> Result<()> {
    let advisor = args.game.advisor().ok_or_else(|| {
        Error::input(format!(
            "advise {}: only {} can advise a position",
            args.game.name(),
            games_with(|g| g.advisor().is_some())
        ))
    })?;
    let flags = Position::new(args.position.given.clone())?;
    let position = match &args.position_file {
        Some(path) => {
            let what = format!("position {}", path.display());
            let text = input::read_text(&what, path)?;
            Position::from_json(&what, &text, flags)?
        }
        None => flags,
    };
    let request = AdviceRequest {
        rules: args.rules.clone(),
        policies: args.policies.clone(),
        position,
        run: run_settings(&args.run),
    };
    // A solver's own parallel loops (the three-player game's) keep to --threads too.
    let pool = crate::engine::thread_pool(args.run.threads, None)?;
    let advice = pool.install(|| advisor.advise(&request))?;
    if args.json {
        say(&advice_json(&advice, &Flags))
    } else {
        show(&advice_text(&advice, &Flags))
    }
}

/// `dicelab play`: a game at the terminal, reading the player's lines from stdin.
pub fn play(args: &PlayArgs) -> Result<()> {
    let playable = args.game.playable().ok_or_else(|| {
        Error::input(format!(
            "play {}: only {} can be played at the terminal",
            args.game.name(),
            games_with(|g| g.playable().is_some())
        ))
    })?;
    let request = PlayRequest {
        rules: args.rules.clone(),
        players: args.players,
        policies: args.policies.clone(),
        seed: args.seed,
        advice_units: args.units,
    };
    let mut session = playable.session(&request)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let played = stdout::closed_pipe(super::play::play(
        session.as_mut(),
        &mut input,
        &mut out,
        args.coach,
        &Flags,
    ))?;
    if played.input_ended {
        return Err(Error::Unfinished(
            format!(
                "play {}: the input ended after {} decision{}, before the game did",
                args.game.name(),
                played.decisions,
                if played.decisions == 1 { "" } else { "s" }
            )
            .into(),
        ));
    }
    Ok(())
}

/// `dicelab rules`: every rule option of a game.
pub fn rules(args: &GameArgs) -> Result<()> {
    say(&listing::rules_text(args.game))?;
    Ok(())
}

/// `dicelab data [FILE]`: the data files compiled into the binary, which any path `data/NAME`
/// with nothing there stands for; or one file's text, to copy and edit.
pub fn data(args: &DataArgs) -> Result<()> {
    let Some(name) = &args.file else {
        let shipped = crate::ops::data_files();
        let width = shipped.iter().map(|f| f.path.len()).max().unwrap_or(0);
        let mut text = String::from(
            "data files compiled into dicelab: a path data/NAME with no file there reads these\n",
        );
        for file in &shipped {
            text.push_str(&format!("{:width$}  {}\n", file.path, file.about));
        }
        return say(&text);
    };
    let path = if name.starts_with("data/") {
        name.clone()
    } else {
        format!("data/{name}")
    };
    let shipped = crate::ops::data_files();
    match input::shipped(&shipped, Path::new(&path)) {
        Some(text) => say(text),
        None => Err(Error::input(format!(
            "data {}: not a shipped file; expected {}",
            one_line(name),
            games::or_list(&shipped.iter().map(|f| f.path).collect::<Vec<_>>())
        ))),
    }
}

/// `dicelab completions SHELL`: the shell's completion script, made from the same definition as
/// `--help` (games, commands, flags and the values each takes).
pub fn completions(args: &CompletionsArgs) -> Result<()> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "dicelab", &mut script);
    say(&String::from_utf8_lossy(&script))
}

/// `dicelab man [COMMAND]`: the manual page of dicelab, or of one of its commands, in roff.
pub fn man(args: &ManArgs) -> Result<()> {
    let top = Cli::command().version(env!("CARGO_PKG_VERSION"));
    let page = match &args.command {
        None => top,
        Some(name) => {
            let names: Vec<String> = top
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .filter(|n| n != "help")
                .collect();
            let Some(sub) = top.find_subcommand(name) else {
                return Err(Error::input(format!(
                    "man {}: no such command; expected {}",
                    one_line(name),
                    games::or_list(&names)
                )));
            };
            let sub = sub.clone();
            let page_name = format!("dicelab-{}", sub.get_name());
            sub.name(page_name.clone())
                .bin_name(page_name)
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut roff)
        .map_err(stdout::unwritable)?;
    say(&String::from_utf8_lossy(&roff))
}

/// `dicelab policies`: every policy spec of a game.
pub fn policies(args: &GameArgs) -> Result<()> {
    say(&listing::policies_text(args.game))?;
    Ok(())
}
