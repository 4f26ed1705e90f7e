//! `dicelab play solitaire-dice`: a game of Solitaire Dice at the terminal. The tool rolls the
//! five dice (the rolls game 0 of a seeded simulation would get), you divide each roll, and the
//! advice (`?`, and the coach) is `dicelab advise solitaire-dice` on your sheet and roll, by
//! `best` unless `--policy` names another player.

use std::io::Write;

use crate::engine::RunConfig;
use crate::engine::chunk_rng;
use crate::error::{Error, Result, Setting};
use crate::games::advice::{Advice, AdviceRequest, Advisor, Position};
use crate::games::session::{Decision, PlayRequest, Playable, Session};

use super::advise::{division, sheet_text, sheet_words};
use super::choice::Choice;
use super::play::{MAX_ROLLS, WIN_SCORE};
use super::roll::Roll;
use super::roll::game_rolls;
use super::sheet::Sheet;
use super::spec::PolicySpec;
use super::{SolitaireDice, text_rules_only};

/// A game of Solitaire Dice in progress.
struct SolitaireSession {
    sheet: Sheet,
    rolls: Box<dyn Iterator<Item = Roll>>,
    roll: Option<Roll>,
    choices: Vec<Choice>,
    played: u32,
    rules: Vec<String>,
    policies: Vec<String>,
    /// What the advice runs with.
    advice: RunConfig<Option<u64>>,
}

impl Playable for SolitaireDice {
    fn session(&self, request: &PlayRequest) -> Result<Box<dyn Session>> {
        text_rules_only("play", &request.rules)?;
        if let Some(p) = request.players.filter(|&p| p != 1) {
            return Err(Error::value(
                Setting::PLAYERS,
                p,
                "Solitaire Dice is played alone (the computer has no seat)".to_string(),
            ));
        }
        match request.policies.as_slice() {
            [] => {}
            [one] => {
                one.parse::<PolicySpec>()?;
            }
            more => {
                return Err(Error::setting(
                    Setting::POLICY,
                    format!(
                        "{} given; the coach is one player (best by default)",
                        more.len()
                    ),
                ));
            }
        }
        Ok(Box::new(SolitaireSession {
            sheet: Sheet::default(),
            rolls: Box::new(game_rolls(&chunk_rng(request.seed, 0))),
            roll: None,
            choices: Vec::new(),
            played: 0,
            rules: request.rules.clone(),
            policies: request.policies.clone(),
            advice: request.advice_settings(),
        }))
    }
}

impl Session for SolitaireSession {
    fn next(&mut self, _out: &mut dyn Write) -> Result<Option<Decision>> {
        if self.sheet.is_over() || self.played >= MAX_ROLLS {
            return Ok(None);
        }
        let roll = match self.roll {
            Some(r) => r,
            None => {
                let r = self.rolls.next().expect("the rolls never run out");
                self.roll = Some(r);
                r
            }
        };
        self.choices = self.sheet.legal_choices(&roll).to_vec();
        let faces: Vec<String> = roll.faces().iter().map(u8::to_string).collect();
        Ok(Some(Decision {
            prompt: format!(
                "roll {}: {}\nsheet: {}; score {}",
                self.played + 1,
                faces.join(" "),
                sheet_words(&self.sheet),
                self.sheet.score()
            ),
            actions: self.choices.iter().map(|&c| division(c)).collect(),
        }))
    }

    fn advise(&mut self) -> Result<Advice> {
        let roll = self.roll.expect("a decision is pending");
        let faces: Vec<String> = roll.faces().iter().map(u8::to_string).collect();
        SolitaireDice.advise(&AdviceRequest {
            rules: self.rules.clone(),
            policies: self.policies.clone(),
            position: Position::of(&[
                ("roll", &faces.join(",")),
                ("sheet", &sheet_text(&self.sheet)),
            ])?,
            run: self.advice.clone(),
        })
    }

    fn apply(&mut self, action: usize, out: &mut dyn Write) -> Result<()> {
        let c = self.choices[action];
        let before = self.sheet.score();
        self.sheet.apply(c);
        self.played += 1;
        self.roll = None;
        let text = format!(
            "{}: score {} ({:+})\n",
            division(c),
            self.sheet.score(),
            self.sheet.score() - before
        );
        out.write_all(text.as_bytes())
            .map_err(|e| Error::unwritable("play: the terminal", e))
    }

    fn result(&self) -> String {
        let score = self.sheet.score();
        if self.sheet.is_over() {
            format!(
                "game over after {} rolls: final score {score}{}\nsheet: {}",
                self.played,
                if score >= WIN_SCORE {
                    format!(" (a win: {WIN_SCORE} or more)")
                } else {
                    format!(" ({WIN_SCORE} or more would be a win)")
                },
                sheet_words(&self.sheet)
            )
        } else {
            format!(
                "game stopped after {} rolls with score {score}\nsheet: {}",
                self.played,
                sheet_words(&self.sheet)
            )
        }
    }
}
