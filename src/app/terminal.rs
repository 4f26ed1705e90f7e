//! `dicelab play GAME` at the terminal: the loop that talks with the person. It reads plain lines
//! from any reader, so a pipe works as a terminal does; an answer it cannot read, or the end of
//! input, gets a clear line, never a panic. The game itself (chance, the computer seats, the
//! actions and their advice) is the game's [`Session`].

use std::io::{BufRead, Write};

use crate::error::{Error, Names, Result};
use crate::games::advice::Advice;
use crate::games::session::{Coached, Played, Session, amount, cost_of};
use crate::report::advice::advice_menu_text;

use super::answer::{Answer, next_answer, not_a_choice};

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
            let Some(answer) = next_answer(input, "play", &decision.actions)? else {
                write(out, "\nend of input: the game stops here\n")?;
                played.input_ended = true;
                break 'game;
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
                    let shown = advice.as_ref().expect("just set");
                    write(out, &advice_menu_text(shown, names, &decision.actions))?;
                }
                Answer::Unclear(_) | Answer::TooLong => {
                    let how = not_a_choice(decision.actions.len());
                    write(out, &answer.retort(&how).expect("chose nothing"))?
                }
            }
        };
        played.decisions += 1;
        let name = decision.actions[chosen].clone();
        if coach {
            if advice.is_none() {
                advice = Some(session.advise()?);
            }
            let advice = advice.as_ref().expect("just set");
            if let Some(cost) = cost_of(advice, &name) {
                write(out, &format!("{}\n", cost.line(&name)))?;
                played.coached.push(Coached {
                    number: played.decisions,
                    chosen: name,
                    best: cost.best,
                    cost: cost.loss.value.max(0.0),
                    ci95: cost.loss.ci95,
                    mistake: cost.mistake,
                    unit: cost.unit,
                });
            }
        }
        session.apply(chosen, out)?;
    }
    write(out, &format!("\n{}\n", session.result()))?;
    // A finished game with a record ends with its review instead (`commands::play`).
    if coach && !(played.finished && session.record().is_some()) {
        write(out, &summary(&played))?;
    }
    Ok(played)
}

/// The coach's summary: decisions, how many were the best and how many within noise of it,
/// how many were mistakes, and the costliest. Only a mistake (a cost told apart from 0) counts:
/// a cost within noise is the advice's uncertainty, not the player's. No total: losses taken at
/// different positions do not add up to what the game lost (a finished game's review books
/// that; docs/review.md), and a sum of them once read "total cost 49.17 pp" for a player whose
/// chance was 23.5% at the start.
pub fn summary(played: &Played) -> String {
    let mut out = String::from("\ncoach's summary\n");
    let n = played.coached.len();
    let best = played.coached.iter().filter(|c| c.chosen == c.best).count();
    out.push_str(&format!("  decisions: {n}, the best play {best} times\n"));
    let noise = played
        .coached
        .iter()
        .filter(|c| c.chosen != c.best && !c.mistake && c.ci95.is_some())
        .count();
    if noise > 0 {
        out.push_str(&format!(
            "  within noise of the best: {noise} time{} (not counted as mistakes)\n",
            if noise == 1 { "" } else { "s" }
        ));
    }
    let mistakes: Vec<&Coached> = played.coached.iter().filter(|c| c.mistake).collect();
    out.push_str(&format!("  mistakes: {}\n", mistakes.len()));
    let mut costly = mistakes;
    costly.sort_by(|a, b| b.cost.total_cmp(&a.cost).then(a.number.cmp(&b.number)));
    for c in costly.iter().take(3) {
        out.push_str(&format!(
            "  decision {}: {} cost {} in {} (best: {})\n",
            c.number,
            c.chosen,
            amount(c.cost, c.ci95),
            c.unit,
            c.best
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::answer::read_answer;
    use super::*;
    use crate::games::session::Cost;

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

    /// A cost whose interval reaches 0 (the "0.01 pp" with "±0.21") is within noise:
    /// said so, and neither counted as a mistake nor added to the total; a cost told apart from
    /// 0 is a mistake, with its interval.
    #[test]
    fn a_cost_within_noise_is_no_mistake() {
        use crate::games::advice::{Column, Row, Value};
        let row = |name: &str, loss: Value, separated| Row {
            name: name.into(),
            values: vec![Some(Value::estimate(0.5, 0.01))],
            loss: Some(loss),
            separated,
            playouts: Some(1000),
            ..Row::default()
        };
        let advice = Advice {
            game: "sieben".into(),
            rules: vec![],
            policy: None,
            position: vec![],
            method: String::new(),
            columns: vec![Column {
                name: "p_win_game".into(),
                heading: "chance to win".into(),
                meaning: String::new(),
                chance: true,
            }],
            decision: true,
            rows: vec![
                row("lay 7: Seven", Value::exact(0.0), None),
                row("lay 3", Value::estimate(0.0001, 0.0021), Some(false)),
                row("lay 6", Value::estimate(0.0422, 0.0024), Some(true)),
            ],
            loss_column: 0,
            notes: vec![],
            spent: None,
        };
        let noise = cost_of(&advice, "lay 3").unwrap();
        assert!(!noise.mistake);
        let line = noise.line("lay 3");
        assert!(
            line.contains("lay 3 is within noise of the best, lay 7: Seven")
                && line.contains("0.01 ±0.21")
                && line.contains("not a mistake"),
            "{line}"
        );
        let mistake = cost_of(&advice, "lay 6").unwrap();
        assert!(mistake.mistake);
        assert!(
            mistake
                .line("lay 6")
                .contains("lay 6 cost 4.22 ±0.24 pp of the chance to win"),
            "{}",
            mistake.line("lay 6")
        );
        let coached = |number, chosen: &str, cost: &Cost| Coached {
            number,
            chosen: chosen.into(),
            best: cost.best.clone(),
            cost: cost.loss.value.max(0.0),
            ci95: cost.loss.ci95,
            mistake: cost.mistake,
            unit: cost.unit.clone(),
        };
        let best = cost_of(&advice, "lay 7: Seven").unwrap();
        let played = Played {
            decisions: 3,
            coached: vec![
                coached(1, "lay 3", &noise),
                coached(2, "lay 6", &mistake),
                coached(3, "lay 7: Seven", &best),
            ],
            ..Played::default()
        };
        let text = summary(&played);
        assert!(
            text.contains("decisions: 3, the best play 1 times"),
            "{text}"
        );
        assert!(
            text.contains("within noise of the best: 1 time (not counted"),
            "{text}"
        );
        assert!(text.contains("mistakes: 1\n"), "{text}");
        assert!(!text.contains("total"), "{text}");
        assert!(text.contains("decision 2: lay 6 cost 4.22 ±0.24"), "{text}");
        assert!(!text.contains("decision 1"), "{text}");
    }
}
