//! The commands that list or print what dicelab holds: `rules`, `policies`, `data`,
//! `completions` and `man`.

use std::path::Path;

use clap::CommandFactory;

use crate::error::{Error, Result, one_line};
use crate::games;
use crate::input;

use super::super::cli::{Cli, CompletionsArgs, DataArgs, GameArgs, ManArgs};
use super::super::listing;
use super::super::stdout::{say, show};
use crate::output::{Invocation, OutFile};

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

/// `dicelab man [COMMAND]`: the manual page of dicelab, or of one of its commands, in roff;
/// `dicelab man --dir DIR`: every page written into DIR ([`super::super::man`]).
pub fn man(args: &ManArgs, invocation: &Invocation) -> Result<()> {
    if let Some(dir) = &args.dir {
        let pages = super::super::man::pages()?;
        // Every file checked (and held) before the first is written.
        let files: Vec<OutFile> = pages
            .iter()
            .map(|(name, _)| OutFile::prepare(&dir.join(name), invocation))
            .collect::<Result<_>>()?;
        for (file, (_, page)) in files.iter().zip(&pages) {
            file.write(page.as_bytes())?;
        }
        return show(&format!(
            "wrote {} manual pages to {} (dicelab.1 and one for each command); with it on \
             MANPATH, `man dicelab`\n",
            pages.len(),
            super::shown(dir)
        ));
    }
    say(&super::super::man::page(args.command.as_deref())?)
}

/// `dicelab policies`: every policy spec of a game.
pub fn policies(args: &GameArgs) -> Result<()> {
    say(&listing::policies_text(args.game))?;
    Ok(())
}
