//! `dicelab play solitaire-dice`: a game of Solitaire Dice at the terminal. The tool rolls the
//! five dice (the rolls game 0 of a seeded simulation would get), you divide each roll, and the
//! advice (`?`, and the coach) is `dicelab advise solitaire-dice` on your sheet and roll, by
//! `best` unless `--policy` names another player.

use std::io::Write;

use crate::engine::RunConfig;
use crate::engine::chunk_rng;
use crate::error::{Error, Result, Setting};
use crate::games::advice::{Advice, AdviceRequest, Advisor, Position};
use crate::games::session::{Decision, FaceKind, Faces, PlayRequest, Playable, Session};

use super::choice::Choice;
use super::play::{MAX_ROLLS, WIN_SCORE};
use super::recorder::{Divided, game_record};
use super::review::chosen;
use super::roll::Roll;
use super::roll::game_rolls;
use super::sheet::Sheet;
use super::spec::PolicySpec;
use super::words::{division, sheet_text, sheet_words};
use super::{SolitaireDice, text_rules_only};
use crate::games::review::record::{GameRecord, Seat, dice_text, error_at};

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
    /// The seed the rolls come from, for the record.
    seed: u64,
    /// Every roll so far and the division made of it, for the record.
    divided: Divided,
}

impl Playable for SolitaireDice {
    fn players(&self) -> (u32, u32, u32) {
        (1, 1, 1)
    }

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
        let mut session = SolitaireSession {
            sheet: Sheet::default(),
            rolls: Box::new(game_rolls(&chunk_rng(request.seed, 0))),
            roll: None,
            choices: Vec::new(),
            played: 0,
            rules: request.rules.clone(),
            policies: request.policies.clone(),
            advice: request.advice_settings(),
            seed: request.seed,
            divided: Vec::new(),
        };
        if let Some((what, rec)) = &request.resume {
            session.resume(what, rec)?;
        }
        Ok(Box::new(session))
    }
}

impl SolitaireSession {
    /// Deals a recorded game again from its seed and replays its divisions (`play --resume`),
    /// each roll checked against the one the seed deals; a record that is not this seed's game,
    /// or breaks the rules, is refused at its line and column.
    fn resume(&mut self, what: &str, rec: &GameRecord) -> Result<()> {
        let at = |at, why: String| error_at(what, at, why);
        if rec.game != super::NAME {
            return Err(at(
                rec.at,
                format!(
                    "`{}`: play solitaire-dice resumes a game of solitaire-dice",
                    rec.game
                ),
            ));
        }
        if rec.seats.len() != 1 || !matches!(rec.seats[0], Seat::Person(_)) {
            return Err(at(
                rec.at,
                "play solitaire-dice resumes a game of one person's sheet: `seat 1 person NAME` \
                 and no other seat"
                    .into(),
            ));
        }
        text_rules_only("play", &rec.rules).map_err(|e| at(rec.at, e.to_string()))?;
        if rec.seed.is_none() {
            return Err(at(
                rec.at,
                "the record has no `seed`: only a game `play --record` wrote can be dealt again"
                    .into(),
            ));
        }
        for (r, round) in rec.rounds.iter().enumerate() {
            if self.sheet.is_over() {
                return rec.nothing_after(what, r);
            }
            if round.playoff || round.number as usize != r + 1 {
                return Err(at(
                    round.at,
                    format!(
                        "rounds are numbered in order: this one is `round {}`",
                        r + 1
                    ),
                ));
            }
            let [turn] = round.turns.as_slice() else {
                return Err(at(round.at, "a round of one sheet holds one roll".into()));
            };
            let throw = &turn.throws[0];
            if let Some(second) = turn.throws.get(1) {
                return Err(at(
                    second.at,
                    "a turn of Solitaire Dice is one roll of five dice: one throw a line".into(),
                ));
            }
            let roll = self.rolls.next().expect("the rolls never run out");
            let (mut dealt, mut typed) = (roll.faces().to_vec(), throw.dice.clone());
            dealt.sort_unstable();
            typed.sort_unstable();
            if dealt != typed {
                return Err(at(
                    throw.at,
                    format!(
                        "seed {} deals {} here: the record is not this seed's game",
                        self.seed,
                        dice_text(&roll.faces())
                    ),
                ));
            }
            let choices = self.sheet.legal_choices(&roll).to_vec();
            let i = chosen(what, &self.sheet, throw, &choices)?;
            self.divided.push((roll, choices[i]));
            self.sheet.apply(choices[i]);
            self.played += 1;
        }
        Ok(())
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
            table: vec![Faces::new("rolled", FaceKind::Dice, &roll.faces())],
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
        if let Some(roll) = self.roll {
            self.divided.push((roll, c));
        }
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

    /// The game so far: the person's seat, the seed and every roll with its division.
    fn record(&self) -> Option<GameRecord> {
        Some(game_record(
            super::NAME,
            vec![Seat::Person("you".into())],
            Some(self.seed),
            Vec::new(),
            std::slice::from_ref(&self.divided),
        ))
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
