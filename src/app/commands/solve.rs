//! `dicelab solve` and `dicelab table`: a game's exact analyses.

use std::path::Path;

use crate::error::Result;
use crate::games::Configured;
use crate::games::analysis::Analysis;
use crate::ops::RunRequest;
use crate::output::manifest::RunAbout;
use crate::output::{Invocation, OutDir};

use super::super::cli::{SolveArgs, TableArgs};
use super::{ANALYSIS_NAMES, Printing, show_analysis};

/// `dicelab solve`.
pub fn solve(args: &SolveArgs, invocation: &Invocation) -> Result<()> {
    let request = RunRequest {
        game: args.game,
        rules: args.rules.clone(),
        deck: None,
        players: args.players,
        policies: Vec::new(),
    };
    let printing = args.print.chosen()?;
    analyse(
        &request,
        args.out.as_deref(),
        invocation,
        printing,
        |game| game.solve(),
    )
}

/// `dicelab table`.
pub fn table(args: &TableArgs, invocation: &Invocation) -> Result<()> {
    let request = RunRequest {
        game: args.game,
        rules: args.rules.clone(),
        deck: args.deck.clone(),
        players: 1,
        policies: Vec::new(),
    };
    let printing = args.print.chosen()?;
    analyse(
        &request,
        args.out.as_deref(),
        invocation,
        printing,
        |game| game.tables(),
    )
}

/// Configures `request`, holds `out` (checked before the analysis, which can take a while), runs
/// `analysis` and shows or writes what it found.
fn analyse(
    request: &RunRequest,
    out: Option<&Path>,
    invocation: &Invocation,
    printing: Printing,
    analysis: impl FnOnce(&dyn Configured) -> Result<Analysis>,
) -> Result<()> {
    let game = request.configure()?;
    let out = out
        .map(|out| OutDir::prepare(out, invocation)?.writing(&ANALYSIS_NAMES))
        .transpose()?;
    let analysis = analysis(game.as_ref())?;
    let setup = game.setup();
    let about = vec![
        ("game".to_string(), setup.game.clone()),
        ("rules".to_string(), setup.rules_column()),
    ];
    let out = out.map(|o| o.describing(RunAbout::of_setup(&setup)));
    show_analysis(&analysis, about, out.as_ref(), printing)
}
