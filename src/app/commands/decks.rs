//! `dicelab decks`: the same games under several decks, one row per deck.

use crate::error::Result;
use crate::games::DecksRequest;
use crate::ops;
use crate::output::manifest::{InputRef, RunAbout};
use crate::output::{Invocation, OutDir};
use crate::report::csv::table_csv;

use super::super::cli::DecksArgs;
use super::{print, run_settings, threads_of, wrote};

/// `dicelab decks`.
pub fn decks(args: &DecksArgs, invocation: &Invocation) -> Result<()> {
    let printing = args.print.chosen()?;
    let study = ops::deck_study(args.game)?;
    let mut out = None;
    let files = ops::files();
    let result = study.study(
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
    )?;
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
    print(&result, printing)?;
    if let Some(dir) = &out {
        wrote(printing, "decks.csv", dir.path())?;
    }
    Ok(())
}
