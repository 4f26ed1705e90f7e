//! `dicelab advise`: every legal action in a position, ranked. It writes no file: a position
//! file is only read.

use crate::error::Result;
use crate::games::advice::{AdviceRequest, Position};
use crate::ops;
use crate::report::advice::Advised;
use crate::report::shown::{Format, Shown, render};

use super::super::cli::AdviseArgs;
use super::super::stdout::{say, show};
use super::run_settings;
use crate::error::Flags;

/// `dicelab advise`.
pub fn advise(args: &AdviseArgs) -> Result<()> {
    ops::advisor(args.game)?;
    let (format, style) = args.print.chosen()?;
    let format = if args.json { Format::Json } else { format };
    let flags = Position::new(args.position.given.clone())?;
    let position = match &args.position_file {
        Some(path) => ops::position_file(path, flags)?,
        None => flags,
    };
    let request = AdviceRequest {
        rules: args.rules.clone(),
        policies: args.policies.clone(),
        position,
        run: run_settings(&args.run),
    };
    let advice = ops::advise(args.game, &request)?;
    let advised = Advised {
        advice: &advice,
        names: &Flags,
    };
    match format {
        Format::Text => show(&advised.text()),
        _ => say(&render(&advised, format, style)),
    }
}
