//! `dicelab review`: a record's games rated, printed, and with `--out` written as tables.
//!
//! Every game is checked first, then reviewed and printed one at a time (text and JSON as each
//! game is done; tables once all are), keeping of each game only what the output still needs:
//! its rows for the tables, its chart while there are charts to draw, its marked decisions for
//! `--drill`.

use crate::error::Result;
use crate::games::review::GameReview;
use crate::ops;
use crate::output::{Invocation, OutDir};
use crate::report::review::{JSON_OPEN, MAX_CHARTS, Notes, game_text, json_close, json_game};
use crate::report::shown::Format;

use super::super::cli::ReviewArgs;
use super::super::stdout::{say, show};
use super::wrote;

/// `review --drill`: the marked decisions put to the person, answers from stdin; the end of
/// input before the drill's end exits as `play`'s does.
fn drill(reviews: &[GameReview]) -> Result<()> {
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

/// What the review keeps as it goes, for what it prints and writes once every game is done.
struct Kept {
    /// What is printed, held back where `--out` is written first (so a folder that cannot be
    /// written prints only the error); printed as each game is done otherwise.
    held: Option<String>,
    /// The tables and charts, where they are printed or written.
    files: Option<ops::ReviewFiles>,
    /// The games reduced to their marked decisions, for `--drill`.
    drills: Vec<GameReview>,
    /// The kinds of review printed, for the notes after the text.
    notes: Notes,
}

impl Kept {
    /// Prints `text` as `format` is printed (a person's text made safe for a terminal), or
    /// holds it back while files are to be written first.
    fn print(&mut self, format: Format, text: String) -> Result<()> {
        match &mut self.held {
            Some(held) => {
                held.push_str(&text);
                Ok(())
            }
            None if text.is_empty() => Ok(()),
            None if format == Format::Text => show(&text),
            None => say(&text),
        }
    }
}

/// `dicelab review`.
pub fn review(args: &ReviewArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let (format, style) = printing;
    let out = args
        .out
        .as_deref()
        .map(|out| OutDir::prepare(out, invocation)?.writing(&ops::REVIEW_NAMES))
        .transpose()?;
    // The bar (unless -q) counts the games valued by play-outs, which take seconds each; a
    // Ctrl-C is heard between moments.
    let request = ops::ReviewRequest {
        run: crate::engine::RunConfig {
            units: args.run.units,
            seed: args.run.seed,
            threads: args.run.threads,
            progress: super::progress(&args.run),
            ..Default::default()
        },
        readable: args.allow_files.clone(),
    };
    let what = format!("record {}", args.file.display());
    let text = crate::input::read_text(&what, &args.file)?;
    let checked = ops::check_record(&what, &text, &request)?;
    let n = checked.games;
    let mut kept = Kept {
        held: out.is_some().then(String::new),
        files: (out.is_some() || matches!(format, Format::Tables(_)))
            .then(|| ops::ReviewFiles::new(out.is_some())),
        drills: Vec::new(),
        notes: Notes::default(),
    };
    let mut g = 0;
    checked.review_each(&request, &mut |r| {
        if let Some(files) = &mut kept.files {
            files.add(&r)?;
        }
        if args.drill {
            kept.drills.push(r.drills_only());
        } else {
            let printed = match format {
                Format::Text => {
                    kept.notes.add(&r);
                    game_text(&r, g, n)
                }
                Format::Json => {
                    format!(
                        "{}{}",
                        if g == 0 { JSON_OPEN } else { "" },
                        json_game(&r, g)
                    )
                }
                Format::Tables(_) => String::new(),
            };
            kept.print(format, printed)?;
        }
        g += 1;
        Ok(())
    })?;
    if args.drill {
        return drill(&kept.drills);
    }
    let (tables, files) = kept.files.take().map(ops::ReviewFiles::finish).unzip();
    if let (Some(dir), Some(files)) = (&out, &files) {
        crate::app::capture::made(files);
        dir.write_all(files)?;
    }
    let last = match format {
        Format::Text => kept.notes.text(),
        Format::Json => json_close(n).to_string(),
        Format::Tables(table_format) => crate::report::print::tables_as(
            tables.as_deref().unwrap_or_default(),
            &[],
            table_format,
            style,
        ),
    };
    kept.held = kept.held.map(|mut held| {
        held.push_str(&last);
        held
    });
    match kept.held.take() {
        Some(held) => kept.print(format, held)?,
        None => kept.print(format, last)?,
    }
    if let Some(dir) = &out {
        let count = 3 + n.min(MAX_CHARTS);
        wrote(printing, &format!("{count} files"), dir.path())?;
    }
    Ok(())
}
