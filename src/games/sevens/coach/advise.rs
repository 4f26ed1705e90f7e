//! `dicelab advise sevens`: stop or roll (and, under `subsets`, which sevens to remove) in one
//! position, every value exact.
//!
//! A turn's position is the roll just made and the dice kept after removing sevens (or the dice
//! showing, before removal). Each action is valued three ways, each by its own exact solution of
//! what follows it: the expected turn score under `optimal` play after it; with a score to beat,
//! the chance to beat it under the play that maximises that chance; and with the game's state
//! (round and totals, two or three players), the chance to win the game under the whole-game
//! solution, which is what `win` plays. The actions are ranked by the last of these that applies.

use crate::error::{Error, Message, Result, Setting};
use crate::games::advice::{
    Advice, AdviceRequest, Column, PositionKey, Row, Value, whole, whole_list,
};
use crate::games::options::RuleOptions;

use super::super::position::{Phase, Role, Turn};
use super::super::rolls::{MAX_SUM, RollOutcomes, SCORES};
use super::super::rules::{FollowerLimit, Kept, OPTIONS, Removal, Remover, Rules};
use super::super::solve::parts::{Beating, RowParts, add_parts, zero_chances};
use super::super::solve::solutions::Solutions;
use super::review_turn::dice_word;

/// The keys of a Sevens position.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "roll",
        syntax: "R",
        meaning: "rolls used this turn, the one just made included (default 1)",
    },
    PositionKey {
        key: "dice",
        syntax: "N",
        meaning: "dice kept after removing sevens (0 to the dice a turn starts with, 6 in the text)",
    },
    PositionKey {
        key: "sum",
        syntax: "S",
        meaning: "the kept dice's sum",
    },
    PositionKey {
        key: "dice-shown",
        syntax: "F,F,...",
        meaning: "the dice showing after the roll, before removing sevens (instead of the kept \
                  dice and their sum); under removal=subsets, which sevens to remove is part of \
                  the advice",
    },
    PositionKey {
        key: "allowed",
        syntax: "A",
        meaning: "rolls this turn may use (default max_rolls; a follower under \
                  follower_limit=leader may use as many as the round's first player did)",
    },
    PositionKey {
        key: "to-beat",
        syntax: "T",
        meaning: "the best score so far this round, to beat (with the scores given: their best)",
    },
    PositionKey {
        key: "round",
        syntax: "K",
        meaning: "the game's round, 1 to rounds; with the totals given, each action gets its \
                  exact chance to win the game",
    },
    PositionKey {
        key: "totals",
        syntax: "A,B[,C]",
        meaning: "two or three players' totals before this round, in this round's order (its \
                  first player first)",
    },
    PositionKey {
        key: "scores",
        syntax: "S[,S]",
        meaning: "this round's scores of the players before me, in order (none: I am the \
                  round's first player)",
    },
];

/// Sevens' advisor.
#[derive(Clone, Copy, Debug)]
pub struct SevensAdvisor;

/// The game's state, where given: the exact chance to win needs it.
struct GameState {
    /// The round, 0-based.
    k: u32,
    /// Totals before the round, in the round's order.
    totals: Vec<i32>,
    /// This round's scores of the players before me.
    scores: Vec<u8>,
}

/// A checked position.
struct Position {
    rules: Rules,
    roll: u8,
    allowed: u8,
    /// The kept sets to choose among: one, unless the dice showing leave a choice.
    options: Vec<Kept>,
    shown: Option<Vec<u8>>,
    to_beat: Option<u8>,
    game: Option<GameState>,
}

impl crate::games::advice::Advisor for SevensAdvisor {
    fn keys(&self) -> &'static [PositionKey] {
        KEYS
    }

    fn advise(&self, request: &AdviceRequest) -> Result<Advice> {
        self.advise_with(request, None)
    }
}

impl SevensAdvisor {
    /// [`advise`](crate::games::advice::Advisor::advise), reusing `solved` where its rules are the
    /// request's: a game at the table asks for advice at every decision, and the whole
    /// three-player game takes about a second to solve, so it is solved once per game.
    pub(crate) fn advise_with(
        &self,
        request: &AdviceRequest,
        solved: Option<&Solutions>,
    ) -> Result<Advice> {
        use crate::games::advice::Advisor;
        request.position.check_keys("sevens", self.keys())?;
        if !request.policies.is_empty() {
            return Err(Error::input(Message::settings_in(
                "sevens advice takes no §policy: every action is valued exactly, under the \
                 best play after it (optimal, the best chance to beat, win)",
            )));
        }
        let options = RuleOptions::parse("sevens", OPTIONS, &request.rules)?;
        let rules = Rules::from_options(&options);
        let game = Position::game_state(&rules, &request.position)?;
        let players = game.as_ref().map_or(1, |g| g.totals.len() as u32);
        let kept;
        let solutions = match solved {
            Some(solutions) if solutions.rules == rules => solutions,
            _ => {
                kept = Solutions::lately(rules, players);
                kept.as_ref()
            }
        };
        let p = Position::parse(&rules, &request.position, game, &solutions.outcomes)?;
        let mut advice = Advice {
            game: "sevens".to_string(),
            rules: options.pairs(),
            policy: None,
            position: p.understood(),
            method: "exact: each action, then the best play after it".to_string(),
            columns: Vec::new(),
            decision: true,
            rows: Vec::new(),
            loss_column: 0,
            notes: Vec::new(),
            spent: None,
        };
        // Ranked by the last column that applies: the game, the round, the turn.
        let win = p
            .game
            .as_ref()
            .map(|g| win_values(solutions, &p, g))
            .transpose()?;
        if let Some(values) = &win {
            let meaning = if rules.tie == crate::games::options::Tie::Shared {
                "chance to win or share the game, every player playing to win after"
            } else {
                "chance to win the game, every player playing to win after"
            };
            advice.columns.push(column("p_win_game", meaning, true));
            debug_assert_eq!(values.len(), p.options.len());
        }
        let beating = p
            .to_beat
            .map(|t| Beating::new(&solutions.outcomes, p.allowed, t));
        if let Some(t) = p.to_beat {
            advice.columns.push(column(
                "p_beat",
                &format!("chance to score more than {t}, playing for it after"),
                true,
            ));
        }
        advice.columns.push(column(
            "expected_score",
            "expected turn score, playing optimal after",
            false,
        ));
        let optimal = solutions.optimal(p.allowed);
        let zero = zero_chances(&solutions.outcomes, optimal);
        // A round's first player in a game: what its stop leaves the others.
        let holding = p
            .game
            .as_ref()
            .filter(|g| g.scores.is_empty())
            .map(|g| solutions.holding(g.totals.len() as u8 - 1));
        let mut parts = Vec::new();
        for (i, &kept) in p.options.iter().enumerate() {
            let keep = if p.options.len() > 1 {
                format!("keep {} (sum {}), ", dice_word(kept.dice), kept.sum)
            } else {
                String::new()
            };
            let can_roll = p.roll < p.allowed && kept.dice > 0;
            let stop_name = if kept.dice == 0 {
                format!("{keep}the turn ends with 0")
            } else {
                format!("{keep}stop with {}", kept.sum)
            };
            let mut stop = Vec::new();
            let mut again = Vec::new();
            if let Some(values) = &win {
                stop.push(Some(Value::exact(values[i].0)));
                again.push(values[i].1.map(Value::exact));
            }
            if let Some(beat) = &beating {
                stop.push(Some(Value::exact(beat.stop(kept).chance)));
                again.push(Some(Value::exact(beat.again(p.roll, kept.dice).chance)));
            }
            let next = (usize::from(p.roll) + 1, usize::from(kept.dice));
            stop.push(Some(Value::exact(f64::from(kept.sum))));
            again.push(Some(Value::exact(optimal.roll_value[next.0][next.1])));
            parts.push(RowParts {
                name: stop_name.clone(),
                win: win.as_ref().map(|v| v[i].0),
                points: f64::from(kept.sum),
                zero: f64::from(u8::from(kept.sum == 0)),
                beat: beating.as_ref().map(|b| b.stop(kept)),
                held: holding.as_ref().map(|h| h.stop(p.roll, kept)),
            });
            advice.rows.push(row(stop_name, stop));
            if can_roll {
                let name = format!("{keep}roll {} again", dice_word(kept.dice));
                parts.push(RowParts {
                    name: name.clone(),
                    win: win.as_ref().and_then(|v| v[i].1),
                    points: optimal.roll_value[next.0][next.1],
                    zero: zero[next.0][next.1],
                    beat: beating.as_ref().map(|b| b.again(p.roll, kept.dice)),
                    held: holding.as_ref().map(|h| h.again(p.roll, kept.dice)),
                });
                advice.rows.push(row(name, again));
            }
        }
        advice.rank_exact();
        add_parts(
            &mut advice,
            &parts,
            holding
                .as_ref()
                .map(|_| p.game.as_ref().map_or(1, |g| g.totals.len() - 1)),
        );
        if advice.rows.len() == 1 {
            advice
                .notes
                .push("one legal action: the turn is over whatever you decide".into());
        }
        if p.game.as_ref().is_some_and(|g| g.totals.len() == 3) {
            advice.notes.push(
                "three players: each maximises its own chance to win (docs/sevens.md)".into(),
            );
        }
        Ok(advice)
    }
}

fn column(name: &str, meaning: &str, chance: bool) -> Column {
    Column {
        name: name.to_string(),
        meaning: meaning.to_string(),
        chance,
    }
}

fn row(name: String, values: Vec<Option<Value>>) -> Row {
    Row {
        name,
        values,
        ..Row::default()
    }
}

/// The chance to win of stopping and of rolling again with each kept option.
fn win_values(
    solutions: &Solutions,
    p: &Position,
    g: &GameState,
) -> Result<Vec<(f64, Option<f64>)>> {
    let me = g.scores.len();
    if g.totals.len() == 2 {
        let game = solutions.game()?;
        let role = if me == 0 {
            Role::Lead {
                x: g.totals[0] - g.totals[1],
            }
        } else {
            Role::Follow {
                allowed: p.allowed,
                z: g.totals[0] + i32::from(g.scores[0]) - g.totals[1],
            }
        };
        let view = game.view(Phase::Round(g.k), role);
        // A game already decided is worth the same whatever is done.
        let decided = match role {
            Role::Lead { x } => f64::from(u8::from(x > 0)),
            Role::Follow { z, .. } => f64::from(u8::from(z < 0)),
        };
        Ok(p.options
            .iter()
            .map(|&kept| {
                view.action_values(p.roll, kept).unwrap_or_else(|| {
                    let again = (p.roll < p.allowed && kept.dice > 0).then_some(decided);
                    (decided, again)
                })
            })
            .collect())
    } else {
        let game = solutions.game3()?;
        let mut scores = [0u8; 3];
        scores[..me].copy_from_slice(&g.scores);
        let turn = Turn {
            position: me,
            allowed: p.allowed,
            start: [g.totals[0], g.totals[1], g.totals[2]],
            scores,
        };
        Ok(p.options
            .iter()
            .map(|&kept| game.action_values(g.k, turn, p.roll, kept))
            .collect())
    }
}

impl Position {
    /// The position `given` describes, with the game's state already read from it, checked
    /// against what the rolls (`outcomes`) can leave.
    fn parse(
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

    fn game_state(
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
    fn understood(&self) -> Vec<(String, Message)> {
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

#[cfg(test)]
#[path = "advise_tests.rs"]
mod tests;
