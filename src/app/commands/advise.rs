//! `dicelab advise`: every legal action in a position, ranked. It writes no file: a position
//! file is only read.

use crate::error::Result;
use crate::games::advice::{AdviceRequest, Position};
use crate::ops;
use crate::report::advice::{advice_json, advice_text};
use crate::report::shown::Format;

use super::super::cli::AdviseArgs;
use super::super::flags::Flags;
use super::super::stdout::{say, show};
use super::run_settings;

/// `dicelab advise`.
pub fn advise(args: &AdviseArgs) -> Result<()> {
    ops::advisor(args.game)?;
    let (format, _) = args.print.chosen()?;
    let json = args.json || format == Format::Json;
    if let Format::Tables(_) = format {
        return Err(crate::Error::input(
            "--format: advise prints text or json; csv, tsv and md are not yet offered",
        ));
    }
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
    if json {
        say(&advice_json(&advice, &Flags))
    } else {
        show(&advice_text(&advice, &Flags))
    }
}
