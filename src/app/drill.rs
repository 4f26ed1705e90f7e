//! `dicelab review FILE --drill`: each decision of the record marked `?` or `??` put to the
//! person again without the answer; the answer read, then the values shown. Plain lines from
//! any reader, as `play` reads them, so a pipe works as a terminal does.

use std::io::{BufRead, Write};

use crate::error::{Error, Result};
use crate::games::review::{Action, Event, GameReview, RecordKind, Unit};

use super::answer::{Answer, next_answer};

/// What an answer that chose nothing is told: how to choose among `n` (a drill gives no
/// advice).
fn choices(n: usize) -> String {
    format!(
        "is not one of the choices: type a number from 1 to {n}, an action's name or q to quit\n"
    )
}

fn write(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| Error::unwritable("review --drill: the terminal", e))
}

/// How a drill went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drilled {
    /// Positions put.
    pub asked: usize,
    /// Answered with the best action.
    pub found: usize,
    /// Whether the input ended before the drill did.
    pub input_ended: bool,
}

/// Puts every marked decision of `reviews` to the person: `input` gives the answers, `out`
/// shows the positions and the values.
pub fn drill(
    reviews: &[GameReview],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Drilled> {
    let total: usize = reviews.iter().map(|r| r.drills().len()).sum();
    let mut done = Drilled::default();
    if total == 0 {
        let by = if reviews.iter().all(|r| r.unit == Unit::Points) {
            "a loss of 25 points or more, its interval above 0"
        } else if reviews.iter().all(|r| r.estimated.is_some()) {
            "a loss of 2 pp or more, its interval above 0"
        } else {
            "a loss of 2 pp or more"
        };
        write(
            out,
            &format!("no decision of this record is marked ? or ?? ({by}): nothing to drill\n"),
        )?;
        return Ok(done);
    }
    write(
        out,
        &format!(
            "{total} decision{} marked ? or ?? to play again: choose as the player should have\n",
            if total == 1 { "" } else { "s" }
        ),
    )?;
    'all: for (g, r) in reviews.iter().enumerate() {
        for d in r.drills() {
            let (throw, decision) = (&r.moments[d.throw], &r.moments[d.decision]);
            let (Event::Throw { dice, left, .. }, Event::Decision { actions, best, .. }) =
                (&throw.event, &decision.event)
            else {
                continue;
            };
            let who = &r.seats[decision.seat];
            let names: Vec<String> = actions.iter().map(|a| a.name.clone()).collect();
            let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
            // A card game's position already says what the mover holds.
            let card_game = r.kind == RecordKind::Cards;
            let (step, shown) = if card_game {
                ("play", format!("{who} to play: {left}"))
            } else {
                ("throw", format!("{who} threw {}: {left}", dice.join(" ")))
            };
            let mut menu = format!(
                "\nposition {} of {total}: game {}, {}, {who}, {step} {} (line {})\n  {}\n  \
                 {shown}\n",
                done.asked + 1,
                g + 1,
                decision.round,
                decision.throw,
                decision.at.line,
                decision.position,
            );
            for (i, name) in names.iter().enumerate() {
                menu.push_str(&format!("  {}) {name}\n", i + 1));
            }
            write(out, &menu)?;
            let answer = loop {
                write(
                    out,
                    &format!("your choice (1-{}, q to quit): ", names.len()),
                )?;
                let Some(answer) = next_answer(input, "review --drill", &names)? else {
                    write(out, "\nend of input: the drill stops here\n")?;
                    done.input_ended = true;
                    break 'all;
                };
                match answer {
                    Answer::Action(i) => break i,
                    Answer::Quit => {
                        write(out, "you left the drill\n")?;
                        break 'all;
                    }
                    Answer::Advice => {
                        write(out, "no advice in a drill: the values follow your answer\n")?
                    }
                    Answer::Unclear(_) | Answer::TooLong => {
                        let how = choices(names.len());
                        write(out, &answer.retort(&how).expect("chose nothing"))?
                    }
                }
            };
            done.asked += 1;
            if answer == *best {
                done.found += 1;
            }
            let shown = values_shown(r, decision, answer);
            write(out, &shown)?;
        }
    }
    write(
        out,
        &format!(
            "\ndrill: the best found {} of {} time{}\n",
            done.found,
            done.asked,
            if done.asked == 1 { "" } else { "s" }
        ),
    )?;
    Ok(done)
}

/// What the drill shows after an answer: what it lost against the best, each action's value
/// (the chance to win, or where the review is by points the expected final score, estimated)
/// with the best, the answer and what was played marked, and why.
fn values_shown(r: &GameReview, decision: &crate::games::review::Moment, answer: usize) -> String {
    let Event::Decision {
        actions,
        chosen,
        best,
        ..
    } = &decision.event
    else {
        return String::new();
    };
    // "you" (a game `play` recorded) reads "your", anyone else "Ann's".
    let who = match r.seats[decision.seat].as_str() {
        "you" => "your".to_string(),
        name => format!("{name}'s"),
    };
    let names: Vec<&str> = actions.iter().map(|a| a.name.as_str()).collect();
    let seat = decision.seat;
    let mut shown = String::new();
    if answer == *best {
        shown.push_str(&format!("  {}: the best\n", names[answer]));
    } else if r.unit == Unit::Points {
        shown.push_str(&format!(
            "  {}: loses {:.1} points of the expected final score against the best \
             estimate, {}\n",
            names[answer],
            actions[*best].points - actions[answer].points,
            names[*best]
        ));
    } else {
        let chance = |a: &Action| a.chances.get(seat).copied().or(a.win).unwrap_or(0.0);
        let lost = chance(&actions[*best]) - chance(&actions[answer]);
        shown.push_str(&format!(
            "  {}: loses {:.2} pp against the best, {}\n",
            names[answer],
            100.0 * lost,
            names[*best]
        ));
    }
    shown.push_str(&if r.unit == Unit::Points {
        format!("  {who} expected final score after each division (estimated):\n")
    } else if r.estimated.is_some() {
        format!("  {who} chance to win after each play (estimated):\n")
    } else {
        format!("  {who} chance to win after each action:\n")
    });
    for (i, a) in actions.iter().enumerate() {
        let tags: Vec<&str> = [
            (i == *best, "best"),
            (i == answer, "yours"),
            (i == *chosen, "played"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, t)| *t)
        .collect();
        let value = match (a.chances.get(seat), a.win, a.estimate) {
            (None, Some(win), Some(e)) => format!(
                "{:6.2}%  {} ({:.2} chips this round, {:.1} by the game's end)",
                100.0 * win,
                a.name,
                e.now,
                e.final_score.value
            ),
            (Some(chance), _, _) => format!(
                "{:6.2}%  {} ({:.2} points expected this turn)",
                100.0 * chance,
                a.name,
                a.points
            ),
            _ => format!(
                "{:8.1}  {} (scores {:+.0} now)",
                a.points,
                a.name,
                a.estimate.map_or(0.0, |e| e.now)
            ),
        };
        shown.push_str(&format!(
            "    {value}{}\n",
            if tags.is_empty() {
                String::new()
            } else {
                format!("  <- {}", tags.join(", "))
            }
        ));
    }
    if let Some(why) = decision.why() {
        shown.push_str(&format!("  why: {why}\n"));
    }
    shown
}
