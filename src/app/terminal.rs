//! `dicelab play GAME` at the terminal: the loop that talks with the person. It reads plain lines
//! from any reader, so a pipe works as a terminal does; an answer it cannot read, or the end of
//! input, gets a clear line, never a panic. The game itself (chance, the computer seats, the
//! actions and their advice) is the game's [`Session`].

use std::io::{BufRead, Read, Write};

use crate::error::{Error, Names, Result};
use crate::games::advice::Advice;
use crate::games::session::{Coached, Played, Session, cost_of};
use crate::report::advice::advice_text;

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
