//! `dicelab play`: a game at the terminal, reading the player's lines from stdin.

use std::io::Write;

use crate::error::{Error, Result};
use crate::games::session::PlayRequest;
use crate::ops;

use super::super::cli::PlayArgs;
use super::super::flags::Flags;
use super::super::stdout;

/// `dicelab play`: a game at the terminal, reading the player's lines from stdin.
pub fn play(args: &PlayArgs) -> Result<()> {
    let playable = ops::playable(args.game)?;
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
    // The game in short comes first, from the game's rulebook (the whole: `dicelab rules`).
    let intro = crate::games::rulebook::in_short(&args.game.info().rules());
    let played = stdout::closed_pipe(
        out.write_all(intro.as_bytes())
            .map_err(|e| Error::unwritable("play: the terminal", e))
            .and_then(|()| {
                super::super::terminal::play(
                    session.as_mut(),
                    &mut input,
                    &mut out,
                    args.coach,
                    &Flags,
                )
            }),
    )?;
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
