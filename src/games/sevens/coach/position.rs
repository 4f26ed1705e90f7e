//! A Sevens position as `dicelab advise sevens` reads it: the rolls used and allowed, the dice
//! kept (or the dice showing, with the kept sets they leave), the score to beat and the game's
//! state, each checked against what the rules and the rolls can leave, and the position in
//! words as the advice repeats it. Reading and refusing a position is kept apart from valuing
//! its actions (`advise.rs`), as 7's coach keeps it. Not the whole game's `position.rs` of the
//! game's folder, which says where a turn of a game starts.

use crate::error::{Error, Message, Result, Setting};
use crate::games::advice::{whole, whole_list};

use super::super::rolls::{MAX_SUM, RollOutcomes, SCORES};
use super::super::rules::{FollowerLimit, Kept, Removal, Remover, Rules};
use super::review_turn::dice_word;

/// The game's state, where given: the exact chance to win needs it.
pub(super) struct GameState {
    /// The round, 0-based.
    pub(super) k: u32,
    /// Totals before the round, in the round's order.
    pub(super) totals: Vec<i32>,
    /// This round's scores of the players before me.
    pub(super) scores: Vec<u8>,
}

/// A checked position.
pub(super) struct Position {
    pub(super) rules: Rules,
    pub(super) roll: u8,
    pub(super) allowed: u8,
    /// The kept sets to choose among: one, unless the dice showing leave a choice.
    pub(super) options: Vec<Kept>,
    shown: Option<Vec<u8>>,
    pub(super) to_beat: Option<u8>,
    pub(super) game: Option<GameState>,
}

impl Position {
    /// The position `given` describes, with the game's state already read from it, checked
    /// against what the rolls (`outcomes`) can leave.
    pub(super) fn parse(
        rules: &Rules,
        given: &crate::games::advice::Position,
        game: Option<GameState>,
        outcomes: &RollOutcomes,
    ) -> Result<Self> {
        let (roll, allowed) = Self::rolls(rules, given, game.as_ref())?;
        let to_beat = Self::to_beat(given, game.as_ref())?;
        let (options, shown) = Self::kept_options(rules, given, roll, outcomes)?;
        Ok(Self {
            rules: *rules,
            roll,
            allowed,
            options,
            shown,
            to_beat,
            game,
        })
    }

    /// The roll just made and the rolls the turn may use: a round's first player, and every
    /// follower under `follower_limit=none`, may use them all.
    fn rolls(
        rules: &Rules,
        given: &crate::games::advice::Position,
        game: Option<&GameState>,
    ) -> Result<(u8, u8)> {
        let max = rules.max_rolls;
        let get = |key| given.get(key);
        let roll = match get("roll") {
            Some(t) => whole("roll", t, 1, i64::from(max))? as u8,
            None => 1,
        };
        let leads = game.is_none_or(|g| g.scores.is_empty());
        let allowed = match get("allowed") {
            Some(t) => {
                let a = whole("allowed", t, 1, i64::from(max))? as u8;
                if game.is_some()
                    && a != max
                    && (leads || rules.follower_limit == FollowerLimit::None)
                {
                    return Err(Error::value(
                        Setting::named("allowed"),
                        a,
                        format!(
                            "{} may use every roll (max_rolls={max})",
                            if leads {
                                "the round's first player"
                            } else {
                                "a follower under follower_limit=none"
                            }
                        ),
                    ));
                }
                a
            }
            None => max,
        };
        if roll > allowed {
            return Err(Error::value(
                Setting::named("roll"),
                roll,
                Message::from(format!(
                    "the turn may use only {allowed} roll{} (",
                    if allowed == 1 { "" } else { "s" }
                ))
                .then(Message::settings_in("§allowed)")),
            ));
        }
        Ok((roll, allowed))
    }

    /// The score to beat: given, or the best of the scores before mine (both only if equal).
    fn to_beat(
        given: &crate::games::advice::Position,
        game: Option<&GameState>,
    ) -> Result<Option<u8>> {
        let get = |key| given.get(key);
        let best_before = game.and_then(|g| g.scores.iter().copied().max());
        Ok(match (get("to-beat"), best_before) {
            (Some(t), best) => {
                let t = whole("to-beat", t, 0, MAX_SUM as i64)? as u8;
                if let Some(b) = best
                    && b != t
                {
                    return Err(Error::value(
                        Setting::named("to-beat"),
                        t,
                        Message::settings_in("the best of §scores is ")
                            .text(format!("{b}; give one or the other")),
                    ));
                }
                Some(t)
            }
            (None, best) => best,
        })
    }

    /// The kept sets to choose among, and the dice showing where those are what was given:
    /// either the dice showing (`dice-shown`) or the dice kept and their sum.
    fn kept_options(
        rules: &Rules,
        given: &crate::games::advice::Position,
        roll: u8,
        outcomes: &RollOutcomes,
    ) -> Result<(Vec<Kept>, Option<Vec<u8>>)> {
        let get = |key| given.get(key);
        let reachable = outcomes.reachable(rules.max_rolls);
        Ok(match (get("dice-shown"), get("dice"), get("sum")) {
            (Some(t), None, None) => Self::shown(rules, t, roll, &reachable)?,
            (None, Some(d), Some(s)) => Self::kept(rules, (d, s), roll, &reachable)?,
            (None, None, None) => {
                return Err(Error::input(Message::settings_in(
                    "a sevens position needs the dice kept (§dice N §sum S) or the dice \
                     showing (§dice-shown F,F,...)",
                )));
            }
            (Some(_), _, _) => {
                return Err(Error::input(Message::settings_in(
                    "§dice-shown gives the dice before removal: give it without §dice and §sum",
                )));
            }
            _ => {
                return Err(Error::input(Message::settings_in(
                    "§dice and §sum go together: the dice kept and their sum",
                )));
            }
        })
    }

    /// The kept sets the dice showing `t` leave after roll `roll`, checked against what that
    /// roll can throw.
    fn shown(
        rules: &Rules,
        t: &str,
        roll: u8,
        reachable: &[[[bool; SCORES]; 7]],
    ) -> Result<(Vec<Kept>, Option<Vec<u8>>)> {
        let faces = whole_list("dice-shown", t, 1, 6)?;
        let n = faces.len() as u8;
        let could_roll = if roll == 1 {
            n == rules.dice
        } else {
            reachable[usize::from(roll) - 2][usize::from(n)]
                .iter()
                .any(|&b| b)
        };
        if !could_roll {
            return Err(Error::value(
                Setting::named("dice-shown"),
                t,
                format!(
                    "roll {roll} cannot throw {n} dice ({})",
                    if roll == 1 {
                        format!("the first roll throws all {}", rules.dice)
                    } else {
                        "no earlier roll keeps that many".to_string()
                    }
                ),
            ));
        }
        let mut counts = [0u8; 6];
        for &f in &faces {
            counts[f as usize - 1] += 1;
        }
        let faces: Vec<u8> = faces.iter().map(|&f| f as u8).collect();
        Ok((
            Remover::removing(rules.removal, rules.removed_sum).options(counts),
            Some(faces),
        ))
    }

    /// The one kept set `dice` and `sum` (the texts `d` and `s`) give, checked against what
    /// roll `roll` can leave.
    fn kept(
        rules: &Rules,
        (d, s): (&str, &str),
        roll: u8,
        reachable: &[[[bool; SCORES]; 7]],
    ) -> Result<(Vec<Kept>, Option<Vec<u8>>)> {
        // The hints about which pairs go hold for the text's six dice and sevens only.
        let text_numbers = rules.dice == 6 && rules.removed_sum == 7;
        let dice = whole("dice", d, 0, i64::from(rules.dice))? as u8;
        let sum = whole("sum", s, 0, MAX_SUM as i64)? as u8;
        let possible: &[[bool; SCORES]; 7] = &reachable[usize::from(roll) - 1];
        if !possible[usize::from(dice)].iter().any(|&b| b) {
            return Err(Error::value(
                Setting::named("dice"),
                dice,
                format!(
                    "no roll {roll} can leave {}{}",
                    dice_word(dice),
                    if rules.removal == Removal::Pairs && text_numbers {
                        " (under removal=pairs sevens go in pairs: six dice keep 6, 4, 2 or 0)"
                    } else {
                        ""
                    }
                ),
            ));
        }
        if !possible[usize::from(dice)][usize::from(sum)] {
            return Err(Error::input(
                Message::settings_in("§dice ")
                    .text(format!("{dice} "))
                    .setting(Setting::named("sum"))
                    .text(format!(
                        " {sum}: no roll {roll} can leave {} summing {sum}{}",
                        dice_word(dice),
                        if rules.removal == Removal::Pairs && dice > 0 && text_numbers {
                            " under removal=pairs (no 1 with a 6, 2 with a 5, 3 with a 4)"
                        } else {
                            ""
                        }
                    )),
            ));
        }
        Ok((vec![Kept { dice, sum }], None))
    }

    /// The game's state, where `given` has it, read before the rest of the position: how many
    /// players it names decides which solutions the position is read and valued against.
    pub(super) fn game_state(
        rules: &Rules,
        given: &crate::games::advice::Position,
    ) -> Result<Option<GameState>> {
        let (round, totals) = match (given.get("round"), given.get("totals")) {
            (None, None) => {
                if given.get("scores").is_some() {
                    return Err(Error::input(Message::settings_in(
                        "§scores needs the game's state: §round and §totals",
                    )));
                }
                return Ok(None);
            }
            (Some(r), Some(t)) => (r, t),
            _ => {
                return Err(Error::input(Message::settings_in(
                    "§round and §totals go together: the round and the totals before it",
                )));
            }
        };
        let rounds = rules.rounds;
        let k = whole("round", round, 1, i64::from(rounds))? as u32 - 1;
        let most = i64::from(k) * MAX_SUM as i64;
        let totals: Vec<i32> = whole_list("totals", totals, 0, most)
            .map_err(|e| {
                Error::input(format!(
                    "{e} (before round {}, {k} round{} of at most {MAX_SUM} each)",
                    k + 1,
                    if k == 1 { "" } else { "s" }
                ))
            })?
            .into_iter()
            .map(|t| t as i32)
            .collect();
        if !(2..=3).contains(&totals.len()) {
            return Err(Error::setting(
                Setting::named("totals"),
                format!(
                    "{} totals given: the game's exact chances are solved for two or \
                 three players",
                    totals.len()
                ),
            ));
        }
        let scores: Vec<u8> = match given.get("scores") {
            Some(s) => whole_list("scores", s, 0, MAX_SUM as i64)?
                .into_iter()
                .map(|v| v as u8)
                .collect(),
            None => Vec::new(),
        };
        if scores.len() >= totals.len() {
            return Err(Error::setting(
                Setting::named("scores"),
                format!(
                    "{} scores for {} players: give those of the players before me",
                    scores.len(),
                    totals.len()
                ),
            ));
        }
        Ok(Some(GameState { k, totals, scores }))
    }

    /// The position in words, key by key.
    pub(super) fn understood(&self) -> Vec<(String, Message)> {
        let mut out = Vec::new();
        let mut say = |k: &str, v: String| out.push((k.to_string(), v.into()));
        say(
            "turn",
            format!("after roll {} of {} allowed", self.roll, self.allowed),
        );
        match &self.shown {
            Some(faces) => {
                let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                say(
                    "dice_showing",
                    format!(
                        "{} (removal={})",
                        faces.join(","),
                        match self.rules.removal {
                            Removal::Pairs => "pairs",
                            Removal::Subsets => "subsets",
                        }
                    ),
                );
            }
            None => say(
                "kept",
                format!(
                    "{} summing {}",
                    dice_word(self.options[0].dice),
                    self.options[0].sum
                ),
            ),
        }
        if let Some(t) = self.to_beat {
            say("to_beat", t.to_string());
        }
        if let Some(g) = &self.game {
            say("round", format!("{} of {}", g.k + 1, self.rules.rounds));
            let names = ["first", "second", "third"];
            let me = g.scores.len();
            let who: Vec<String> = g
                .totals
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let score = g
                        .scores
                        .get(i)
                        .map_or(String::new(), |s| format!(" + {s} this round"));
                    let mine = if i == me { " (me)" } else { "" };
                    format!("{} {t}{score}{mine}", names[i])
                })
                .collect();
            say("totals", who.join("; "));
        }
        out
    }
}
