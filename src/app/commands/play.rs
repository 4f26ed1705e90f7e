//! `dicelab play`: a game at the terminal, reading the player's lines from stdin.

use std::io::Write;

use crate::error::{Error, Result};
use crate::games::review::record::{self, Record};
use crate::games::session::{PlayRequest, fresh_seed};
use crate::ops;
use crate::output::{Invocation, OutFile};

use super::super::cli::PlayArgs;
use super::super::stdout;
use crate::error::Flags;

/// The one game of the record at `path`, named as errors name it, for `--resume`; its rules and
/// seats may name no file but those in `readable`.
fn resumed(
    path: &std::path::Path,
    game: &str,
    readable: &[std::path::PathBuf],
) -> Result<(String, record::GameRecord)> {
    let what = format!("record {}", path.display());
    let text = crate::input::read_text(&what, path)?;
    let mut parsed = ops::read_record(&what, &text)?;
    if parsed.games.len() != 1 {
        return Err(Error::input(format!(
            "--resume: {what} holds {} games; play {game} resumes one",
            parsed.games.len()
        )));
    }
    let one = parsed.games.remove(0);
    ops::record_files(&what, &one, readable)?;
    Ok((what, one))
}

/// `dicelab play`: a game at the terminal, reading the player's lines from stdin.
pub fn play(args: &PlayArgs, invocation: &Invocation) -> Result<()> {
    let playable = ops::playable(args.game)?;
    let record_file = args
        .record
        .as_deref()
        .map(|path| OutFile::prepare_as(crate::error::Setting::named("record"), path, invocation))
        .transpose()?;
    let resume = match &args.resume {
        Some(path) => Some(resumed(path, args.game.name(), &args.allow_files)?),
        None => None,
    };
    let seed = match &resume {
        Some((_, game)) => game.seed.unwrap_or_default(),
        None => args.seed.unwrap_or_else(fresh_seed),
    };
    let request = PlayRequest {
        rules: args.rules.clone(),
        players: args.players,
        policies: args.policies.clone(),
        seed,
        resume,
        advice_units: args.units,
    };
    let mut session = playable.session(&request)?;
    if args.resume.is_some() && session.record().is_none() {
        return Err(Error::input(format!(
            "--resume: play {} resumes no game record (so far: {})",
            args.game.name(),
            ops::reviewed_games(true)
        )));
    }
    if record_file.is_some() && session.record().is_none() {
        return Err(Error::input(format!(
            "--record: play {} writes no game record here (so far: {})",
            args.game.name(),
            ops::reviewed_games(true)
        )));
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // The game in short comes first, from the game's rulebook (the whole: `dicelab rules`).
    let mut intro = crate::games::rulebook::in_short(&args.game.info().rules());
    intro.push_str(&format!(
        "seed {seed} (--seed {seed} with the same options deals this game again)\n"
    ));
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
    let record = session.record();
    if let (Some(file), Some(game)) = (&record_file, &record) {
        let text = record::write(&Record {
            games: vec![game.clone()],
        });
        file.write(text.as_bytes())?;
    }
    // A finished game that can be reviewed ends with its review (the coach's summary of
    // costs, which adds losses taken at different positions, gives way to it).
    if let (true, Some(game)) = (played.finished, &record) {
        let review = ops::review_game(&format!("play {}", args.game.name()), game)?;
        stdout::closed_pipe(
            out.write_all(crate::report::review::account(&review, 0).as_bytes())
                .map_err(|e| Error::unwritable("play: the terminal", e)),
        )?;
    }
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
