//! `dicelab solve` and `dicelab table`: a game's exact analyses.

use crate::error::Result;
use crate::ops::RunRequest;
use crate::output::manifest::RunAbout;
use crate::output::{Invocation, OutDir};

use super::super::cli::{SolveArgs, TableArgs};
use super::{ANALYSIS_NAMES, show_analysis};

/// `dicelab solve`.
pub fn solve(args: &SolveArgs, invocation: &Invocation) -> Result<()> {
    let game = RunRequest {
        game: args.game,
        rules: args.rules.clone(),
        deck: None,
        players: args.players,
        policies: Vec::new(),
    }
    .configure()?;
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
    let game = RunRequest {
        game: args.game,
        rules: args.rules.clone(),
        deck: args.deck.clone(),
        players: 1,
        policies: Vec::new(),
    }
    .configure()?;
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
