//! `dicelab review`: a record's games rated, printed, and with `--out` written as tables.

use crate::error::Result;
use crate::ops;
use crate::output::{Invocation, OutDir};
use crate::report::csv::table_csv;
use crate::report::review::{MAX_CHARTS, Reviewed, chance_chart, review_tables};

use super::super::cli::ReviewArgs;
use super::{print, wrote};

/// The files `review --out` writes: the tables, and a chart per game (the first
/// [`MAX_CHARTS`]), `game-1-chance.svg` and on.
const REVIEW_NAMES: [&str; 4] = ["players.csv", "decisions.csv", "throws.csv", "*-chance.svg"];

/// `review --drill`: the marked decisions put to the person, answers from stdin; the end of
/// input before the drill's end exits as `play`'s does.
fn drill(reviews: &[crate::games::review::GameReview]) -> Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let done = super::super::stdout::closed_pipe(super::super::drill::drill(
        reviews, &mut input, &mut out,
    ))?;
    if done.input_ended {
        return Err(crate::Error::Unfinished(
            format!(
                "review --drill: the input ended after {} answer{}, before the drill did",
                done.asked,
                if done.asked == 1 { "" } else { "s" }
            )
            .into(),
        ));
    }
    Ok(())
}

/// `dicelab review`.
pub fn review(args: &ReviewArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&REVIEW_NAMES))
        .transpose()?;
    // The bar (unless -q) counts the games valued by play-outs, which take seconds each.
    let run = crate::engine::RunConfig {
        units: args.run.units,
        seed: args.run.seed,
        threads: args.run.threads,
        progress: super::progress(&args.run),
        ..Default::default()
    };
    let reviews = ops::review_file_with(&args.file, &run)?;
    if args.drill {
        return drill(&reviews);
    }
    if let Some(dir) = &out {
        let mut files: Vec<(String, Vec<u8>)> = review_tables(&reviews)
            .iter()
            .map(|t| (format!("{}.csv", t.name), table_csv(t)))
            .collect();
        for (g, r) in reviews.iter().enumerate().take(MAX_CHARTS) {
            let svg = chance_chart(r, g + 1)?;
            files.push((format!("game-{}-chance.svg", g + 1), svg.into_bytes()));
        }
        crate::app::capture::made(&files);
        dir.write_all(&files)?;
    }
    print(&Reviewed { reviews: &reviews }, printing)?;
    if let Some(dir) = &out {
        let count = 3 + reviews.len().min(MAX_CHARTS);
        wrote(printing, &format!("{count} files"), dir.path())?;
    }
    Ok(())
}
