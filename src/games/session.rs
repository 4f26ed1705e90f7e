//! `dicelab play GAME`: a game at the terminal. The tool deals and rolls (seeded), the computer
//! seats play their policies, and the person decides their own moves by typing lines; `?` shows
//! the advice `dicelab advise` would give on the position, and with the coach every decision is
//! followed by what it cost against the best, and the game by a summary of those costs.
//!
//! A game supplies a [`Session`]: it plays chance and the computer seats up to the person's next
//! decision and lists the actions, in a fixed order that gives nothing away, named as its
//! advice names its rows, so the coach reads the cost of an action off the advice. The loop here
//! does the talking ([`play`]): plain lines from any reader, so a pipe works as a terminal does;
//! an answer it cannot read, or the end of input, gets a clear line, never a panic.

use std::io::{BufRead, Read, Write};

use crate::engine::RunConfig;
use crate::error::{Error, Names, Result, Setting};
use crate::games::advice::Advice;
use crate::report::advice::advice_text;

/// What `dicelab play` asks of a game.
#[derive(Clone, Debug, Default)]
pub struct PlayRequest {
    /// `key=value` rule option overrides.
    pub rules: Vec<String>,
    /// Players at the table, you included (`None`: the game's default).
    pub players: Option<u32>,
    /// The computer seats' policies, one for all or one each (the game's default when empty).
    pub policies: Vec<String>,
    /// The seed of the dice and the cards.
    pub seed: u64,
    /// Play-outs of the advice where it estimates (`None`: the advice's default).
    pub advice_units: Option<u64>,
}

impl PlayRequest {
    /// The computer seats' policies, `others` of them: the default for all when none is
    /// given, one spec for all, or one each.
    pub fn computer_policies<S>(&self, others: usize, default: S) -> Result<Vec<S>>
    where
        S: std::str::FromStr<Err = Error> + Clone,
    {
        match self.policies.len() {
            0 => Ok(vec![default; others]),
            1 => Ok(vec![self.policies[0].parse()?; others]),
            k if k == others => self.policies.iter().map(|p| p.parse()).collect(),
            k => Err(Error::setting(
                Setting::POLICY,
                format!("{k} given for {others} computer players: give one for all or one each"),
            )),
        }
    }

    /// What the advice on a decision runs with: the game's seed, `-n`, the global thread pool,
    /// no progress bar.
    pub fn advice_settings(&self) -> RunConfig<Option<u64>> {
        RunConfig {
            units: self.advice_units,
            seed: self.seed,
            ..RunConfig::default()
        }
    }
}

/// A decision the person must make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// What the table shows and what is asked, one or more lines.
    pub prompt: String,
    /// The legal actions, each named as the advice names it.
    pub actions: Vec<String>,
}

/// A game in progress at the terminal.
pub trait Session {
    /// Plays chance and the computer seats up to the person's next decision, telling `out`
    /// what happens; `None` once the game is over.
    fn next(&mut self, out: &mut dyn Write) -> Result<Option<Decision>>;

    /// The advice on the pending decision, its rows named as the decision's actions.
    fn advise(&mut self) -> Result<Advice>;

    /// Takes the person's action, an index into the pending decision's actions.
    fn apply(&mut self, action: usize, out: &mut dyn Write) -> Result<()>;

    /// How the game ended, for the last lines.
    fn result(&self) -> String;
}

/// A game that can be played at the terminal.
pub trait Playable: Sync {
    /// A new game as `request` asks; bad options are refused before anything is dealt.
    fn session(&self, request: &PlayRequest) -> Result<Box<dyn Session>>;
}

/// One coached decision: what was chosen, what was best, and the cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Coached {
    /// The decision's number in the game, from 1.
    pub number: usize,
    /// The action taken.
    pub chosen: String,
    /// The best action.
    pub best: String,
    /// What the choice lost against the best, in `unit`.
    pub cost: f64,
    /// The unit of the cost.
    pub unit: String,
}

/// How a game at the terminal went.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    /// Decisions the person made.
    pub decisions: usize,
    /// Whether the game was played to its end (not stopped by `q` or the end of input).
    pub finished: bool,
    /// Whether the input ended before the game did: a script's cut-off game, which the command
    /// line tells from a finished one by its exit code.
    pub input_ended: bool,
    /// The coach's account, one per decision (empty without the coach).
    pub coached: Vec<Coached>,
}

/// What an action cost against the best, from the advice: the row's loss in the loss column's
/// unit (percentage points of a chance, else the column's points), and the best action.
fn cost_of(advice: &Advice, action: &str) -> Option<(f64, String, String)> {
    let row = advice.rows.iter().find(|r| r.name == action)?;
    let column = advice.columns.get(advice.loss_column)?;
    let loss = row.loss?.value;
    let (cost, unit) = if column.chance {
        (loss * 100.0, format!("{} (percentage points)", column.name))
    } else {
        (loss, column.name.clone())
    };
    Some((cost, unit, advice.best()?.to_string()))
}

/// The longest answer read, in bytes: far past any action's name, and small enough that a
/// stream with no line breaks (`< /dev/zero`) cannot fill memory.
const MAX_ANSWER: usize = 4096;

/// How far past [`MAX_ANSWER`] an overlong line is skipped looking for its end; a line longer
/// than this is not a person typing, and the game stops rather than read on forever.
const MAX_SKIPPED: usize = 1 << 20;

/// One line of input, read within [`MAX_ANSWER`].
enum Line {
    /// The input ended.
    End,
    /// A line, its line break included where it had one.
    Text(Vec<u8>),
    /// A line over [`MAX_ANSWER`] bytes, skipped to its end.
    TooLong,
}

/// Reads one answer line of at most [`MAX_ANSWER`] bytes; the rest of a longer one is skipped
/// without being kept, up to [`MAX_SKIPPED`] bytes.
fn read_line(input: &mut dyn BufRead) -> Result<Line> {
    let unreadable = |e| Error::unreadable("play: the input", e);
    let mut bytes = Vec::new();
    let read = (&mut *input)
        .take(MAX_ANSWER as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(unreadable)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if bytes.len() <= MAX_ANSWER || bytes.ends_with(b"\n") {
        return Ok(Line::Text(bytes));
    }
    let mut skipped = 0;
    loop {
        let (done, used) = {
            let buf = input.fill_buf().map_err(unreadable)?;
            match buf.iter().position(|&b| b == b'\n') {
                Some(at) => (true, at + 1),
                None => (buf.is_empty(), buf.len()),
            }
        };
        input.consume(used);
        skipped += used;
        if done {
            return Ok(Line::TooLong);
        }
        if skipped > MAX_SKIPPED {
            return Err(Error::input(format!(
                "play: the input holds a line of over {} MiB, which is not an answer; the game \
                 stops",
                MAX_SKIPPED >> 20
            )));
        }
    }
}

/// What the person typed, read.
enum Answer {
    Action(usize),
    Advice,
    Quit,
    Unclear(String),
    TooLong,
}

fn read_answer(line: &str, actions: &[String]) -> Answer {
    let text = line.trim();
    if text == "?" {
        return Answer::Advice;
    }
    if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
        return Answer::Quit;
    }
    if let Ok(k) = text.parse::<usize>()
        && (1..=actions.len()).contains(&k)
    {
        return Answer::Action(k - 1);
    }
    if let Some(i) = actions.iter().position(|a| a.eq_ignore_ascii_case(text)) {
        return Answer::Action(i);
    }
    // A prefix naming one action only, as "stop" or "7 + 8".
    let lower = text.to_ascii_lowercase();
    let starts: Vec<usize> = (0..actions.len())
        .filter(|&i| !lower.is_empty() && actions[i].to_ascii_lowercase().starts_with(&lower))
        .collect();
    if let [i] = starts[..] {
        return Answer::Action(i);
    }
    Answer::Unclear(crate::error::one_line(text))
}

/// What an answer that chose nothing is told, after the answer: how to choose among `n`.
fn not_a_choice(n: usize) -> String {
    format!(
        "is not one of the choices: type a number from 1 to {n}, an action's name, ? for advice \
         or q to quit\n"
    )
}

fn write(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| Error::unwritable("play: the terminal", e))
}

/// Plays `session` at the terminal: `input` gives the person's lines, `out` shows the game.
/// With `coach`, every decision is valued by the advice and its cost said at once, and the
/// game ends with the coach's summary. The advice's notes name settings as `names` writes them.
pub fn play(
    session: &mut dyn Session,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    coach: bool,
    names: &dyn Names,
) -> Result<Played> {
    let mut played = Played::default();
    'game: loop {
        let Some(decision) = session.next(out)? else {
            played.finished = true;
            break;
        };
        let mut menu = format!("\n{}\n", decision.prompt);
        for (i, a) in decision.actions.iter().enumerate() {
            menu.push_str(&format!("  {}) {a}\n", i + 1));
        }
        write(out, &menu)?;
        let mut advice: Option<Advice> = None;
        let chosen = loop {
            write(
                out,
                &format!(
                    "your choice (1-{}, ? for advice, q to quit): ",
                    decision.actions.len()
                ),
            )?;
            // Read as bytes: an answer that is not UTF-8 (a stray key, another encoding) is one
            // more unclear answer to ask again about, not a failed read.
            let answer = match read_line(input)? {
                Line::End => {
                    write(out, "\nend of input: the game stops here\n")?;
                    played.input_ended = true;
                    break 'game;
                }
                Line::Text(bytes) => {
                    read_answer(&String::from_utf8_lossy(&bytes), &decision.actions)
                }
                Line::TooLong => Answer::TooLong,
            };
            match answer {
                Answer::Action(i) => break i,
                Answer::Quit => {
                    write(out, "you left the game\n")?;
                    break 'game;
                }
                Answer::Advice => {
                    if advice.is_none() {
                        advice = Some(session.advise()?);
                    }
                    write(out, &advice_text(advice.as_ref().expect("just set"), names))?;
                }
                Answer::Unclear(text) => write(
                    out,
                    &format!("'{text}' {}", not_a_choice(decision.actions.len())),
                )?,
                Answer::TooLong => write(
                    out,
                    &format!(
                        "an answer of over {MAX_ANSWER} bytes {}",
                        not_a_choice(decision.actions.len())
                    ),
                )?,
            }
        };
        played.decisions += 1;
        let name = decision.actions[chosen].clone();
        if coach {
            if advice.is_none() {
                advice = Some(session.advise()?);
            }
            let advice = advice.as_ref().expect("just set");
            if let Some((cost, unit, best)) = cost_of(advice, &name) {
                let said = if best == name {
                    format!("coach: {name} is the best play here\n")
                } else if cost <= 0.0 {
                    format!("coach: {name}: no measurable cost against the best, {best}\n")
                } else {
                    format!("coach: {name} cost {cost:.2} in {unit} against the best, {best}\n")
                };
                write(out, &said)?;
                played.coached.push(Coached {
                    number: played.decisions,
                    chosen: name,
                    best,
                    cost: cost.max(0.0),
                    unit,
                });
            }
        }
        session.apply(chosen, out)?;
    }
    write(out, &format!("\n{}\n", session.result()))?;
    if coach {
        write(out, &summary(&played))?;
    }
    Ok(played)
}

/// The coach's summary: decisions, how many were the best, the total cost per unit, and the
/// costliest.
pub fn summary(played: &Played) -> String {
    let mut out = String::from("\ncoach's summary\n");
    let n = played.coached.len();
    let best = played.coached.iter().filter(|c| c.chosen == c.best).count();
    out.push_str(&format!("  decisions: {n}, the best play {best} times\n"));
    let mut units: Vec<&str> = played.coached.iter().map(|c| c.unit.as_str()).collect();
    units.sort();
    units.dedup();
    for unit in units {
        let total: f64 = played
            .coached
            .iter()
            .filter(|c| c.unit == unit)
            .map(|c| c.cost)
            .sum();
        out.push_str(&format!("  total cost: {total:.2} in {unit}\n"));
    }
    let mut costly: Vec<&Coached> = played.coached.iter().filter(|c| c.cost > 0.0).collect();
    costly.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.number.cmp(&b.number)));
    for c in costly.iter().take(3) {
        out.push_str(&format!(
            "  decision {}: {} cost {:.2} in {} (best: {})\n",
            c.number, c.chosen, c.cost, c.unit, c.best
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_by_number_name_or_unique_prefix() {
        let actions = vec!["stop".to_string(), "roll 2 dice again".to_string()];
        assert!(matches!(read_answer("2\n", &actions), Answer::Action(1)));
        assert!(matches!(read_answer(" STOP ", &actions), Answer::Action(0)));
        assert!(matches!(read_answer("roll", &actions), Answer::Action(1)));
        assert!(matches!(read_answer("?", &actions), Answer::Advice));
        assert!(matches!(read_answer("q", &actions), Answer::Quit));
        for bad in ["3", "0", "", "x", "-1"] {
            assert!(
                matches!(read_answer(bad, &actions), Answer::Unclear(_)),
                "{bad}"
            );
        }
    }
}
