//! Reading a person's answers at the terminal (`play`, `review --drill`): plain lines from any
//! reader, so a pipe works as a terminal does, each read within a bound so no input can fill
//! memory, and read as a choice among named actions.

use std::io::{BufRead, Read};

use crate::error::{Error, Result};

/// The longest answer read, in bytes: far past any action's name, and small enough that a
/// stream with no line breaks (`< /dev/zero`) cannot fill memory.
pub(super) const MAX_ANSWER: usize = 4096;

/// How far past [`MAX_ANSWER`] an overlong line is skipped looking for its end; a line longer
/// than this is not a person typing, and the game stops rather than read on forever.
const MAX_SKIPPED: usize = 1 << 20;

/// One line of input, read within [`MAX_ANSWER`].
pub(super) enum Line {
    /// The input ended.
    End,
    /// A line, its line break included where it had one.
    Text(Vec<u8>),
    /// A line over [`MAX_ANSWER`] bytes, skipped to its end.
    TooLong,
}

/// Reads one answer line of at most [`MAX_ANSWER`] bytes; the rest of a longer one is skipped
/// without being kept, up to [`MAX_SKIPPED`] bytes. `who` names the command in errors (`play`).
pub(super) fn read_line(input: &mut dyn BufRead, who: &str) -> Result<Line> {
    let unreadable = |e| Error::unreadable(&format!("{who}: the input"), e);
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
                "{who}: the input holds a line of over {} MiB, which is not an answer; it stops \
                 here",
                MAX_SKIPPED >> 20
            )));
        }
    }
}

/// What the person typed, read.
pub(super) enum Answer {
    Action(usize),
    Advice,
    Quit,
    Unclear(String),
    TooLong,
}

pub(super) fn read_answer(line: &str, actions: &[String]) -> Answer {
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

/// The next line of `input` read as an answer among `actions` (`who` names the reader in
/// errors); `None` at the end of input. Read as bytes: an answer that is not UTF-8 (a stray
/// key, another encoding) is one more unclear answer to ask again about, not a failed read.
pub(super) fn next_answer(
    input: &mut dyn BufRead,
    who: &str,
    actions: &[String],
) -> Result<Option<Answer>> {
    Ok(match read_line(input, who)? {
        Line::End => None,
        Line::Text(bytes) => Some(read_answer(&String::from_utf8_lossy(&bytes), actions)),
        Line::TooLong => Some(Answer::TooLong),
    })
}

impl Answer {
    /// What an answer that chose nothing (unclear, or too long to keep) is told, `how` (the
    /// choices it may type) after it; `None` for any other answer.
    pub(super) fn retort(&self, how: &str) -> Option<String> {
        match self {
            Answer::Unclear(text) => Some(format!("'{text}' {how}")),
            Answer::TooLong => Some(format!("an answer of over {MAX_ANSWER} bytes {how}")),
            _ => None,
        }
    }
}

/// What an answer that chose nothing is told, after the answer: how to choose among `n`.
pub(super) fn not_a_choice(n: usize) -> String {
    format!(
        "is not one of the choices: type a number from 1 to {n}, an action's name, ? for advice \
         or q to quit\n"
    )
}
