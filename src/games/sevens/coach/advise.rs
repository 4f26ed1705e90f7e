//! `dicelab advise sevens`: stop or roll (and, under `subsets`, which sevens to remove) in one
//! position, every value exact.
//!
//! A turn's position is the roll just made and the dice kept after removing sevens (or the dice
//! showing, before removal). Each action is valued three ways, each by its own exact solution of
//! what follows it: the expected turn score under `optimal` play after it; with a score to beat,
//! the chance to beat it under the play that maximises that chance; and with the game's state
//! (round and totals, two or three players), the chance to win the game under the whole-game
//! solution, which is what `win` plays. The actions are ranked by the last of these that applies.
//!
//! The position is read and checked in `position.rs`; this file solves what it needs and values
//! each action.

use crate::error::{Error, Message, Result};
use crate::games::advice::{Advice, AdviceRequest, Column, PositionKey, Row, Value};
use crate::games::options::RuleOptions;

use super::super::position::{Phase, Role, Turn};
use super::super::rules::{Kept, OPTIONS, Rules};
use super::super::solve::exact::Solution;
use super::super::solve::parts::{Beating, Holding, RowParts, add_parts, zero_chances};
use super::super::solve::solutions::Solutions;
use super::position::{GameState, Position};
use super::review_turn::dice_word;

/// The keys of a Sevens position.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "roll",
        heading: "Roll of the turn",
        syntax: "R",
        meaning: "rolls used this turn, the one just made included (default 1)",
    },
    PositionKey {
        key: "dice",
        heading: "Dice kept",
        syntax: "N",
        meaning: "dice kept after removing sevens (0 to the dice a turn starts with, 6 in the text)",
    },
    PositionKey {
        key: "sum",
        heading: "Their sum",
        syntax: "S",
        meaning: "the kept dice's sum",
    },
    PositionKey {
        key: "dice-shown",
        heading: "The dice as thrown",
        syntax: "F,F,...",
        meaning: "the dice showing after the roll, before removing sevens (instead of the kept \
                  dice and their sum); under removal=subsets, which sevens to remove is part of \
                  the advice",
    },
    PositionKey {
        key: "allowed",
        heading: "Rolls allowed",
        syntax: "A",
        meaning: "rolls this turn may use (default max_rolls; a follower under \
                  follower_limit=leader may use as many as the round's first player did)",
    },
    PositionKey {
        key: "to-beat",
        heading: "Score to beat",
        syntax: "T",
        meaning: "the best score so far this round, to beat (with the scores given: their best)",
    },
    PositionKey {
        key: "round",
        heading: "Round",
        syntax: "K",
        meaning: "the game's round, 1 to rounds; with the totals given, each action gets its \
                  exact chance to win the game",
    },
    PositionKey {
        key: "totals",
        heading: "Totals before the round",
        syntax: "A,B[,C]",
        meaning: "two or three players' totals before this round, in this round's order (its \
                  first player first)",
    },
    PositionKey {
        key: "scores",
        heading: "Scores this round so far",
        syntax: "S[,S]",
        meaning: "this round's scores of the players before me, in order (none: I am the \
                  round's first player)",
    },
];

/// Sevens' advisor.
#[derive(Clone, Copy, Debug)]
pub struct SevensAdvisor;

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
        let values = Values::of(solutions, &p)?;
        let (rows, parts) = values.rows(&p);
        let mut advice = Advice {
            game: "sevens".to_string(),
            rules: options.pairs(),
            policy: None,
            position: p.understood(),
            method: "exact: each action, then the best play after it".to_string(),
            columns: values.columns(&p),
            decision: true,
            rows,
            loss_column: 0,
            notes: Vec::new(),
            spent: None,
        };
        advice.rank_exact();
        let followers = values
            .holding
            .map(|_| p.game.as_ref().map_or(1, |g| g.totals.len() - 1));
        add_parts(&mut advice, &parts, followers);
        let notes = notes(&advice, &p);
        advice.notes.extend(notes);
        Ok(advice)
    }
}

/// What the actions of one position are valued by, each solved once for the position and read
/// by every row: the columns the advice ranks by and the parts beside them that say why one
/// action beats another.
struct Values<'a> {
    /// Each kept set's chance to win the game by stopping and by rolling again, where the
    /// game's state was given.
    win: Option<Vec<(f64, Option<f64>)>>,
    /// The turn solved for the chance to beat the score to beat, where one was given.
    beating: Option<Beating>,
    /// `optimal` play of the rolls the turn may use: the expected score after each action.
    optimal: &'a Solution,
    /// The chance the turn scores 0 under that play, by roll and dice kept.
    zero: Vec<[f64; 7]>,
    /// A round's first player in a game: what its stop leaves the others.
    holding: Option<&'a Holding>,
}

impl<'a> Values<'a> {
    /// Solves only what `p` asks about: the game with its state given, the chance to beat with a
    /// score to beat, what a stop leaves the others for a round's first player in a game.
    fn of(solutions: &'a Solutions, p: &Position) -> Result<Self> {
        let win = p
            .game
            .as_ref()
            .map(|g| win_values(solutions, p, g))
            .transpose()?;
        if let Some(values) = &win {
            debug_assert_eq!(values.len(), p.options.len());
        }
        let beating = p
            .to_beat
            .map(|t| Beating::new(&solutions.outcomes, p.allowed, t));
        let optimal = solutions.optimal(p.allowed);
        let zero = zero_chances(&solutions.outcomes, optimal);
        let holding = p
            .game
            .as_ref()
            .filter(|g| g.scores.is_empty())
            .map(|g| solutions.holding(g.totals.len() as u8 - 1));
        Ok(Self {
            win,
            beating,
            optimal,
            zero,
            holding,
        })
    }

    /// The columns, in the order each row's values follow: the chance to win the game, the
    /// chance to beat the round's best, the turn's expected score, as far as the position gives
    /// them; the first ranks the actions.
    fn columns(&self, p: &Position) -> Vec<Column> {
        let mut columns = Vec::new();
        if self.win.is_some() {
            let meaning = if p.rules.tie == crate::games::options::Tie::Shared {
                "chance to win or share the game, every player playing to win after"
            } else {
                "chance to win the game, every player playing to win after"
            };
            columns.push(column(("p_win_game", "chance to win"), meaning, true));
        }
        if let Some(t) = p.to_beat {
            columns.push(column(
                ("p_beat", &format!("chance to beat {t}")),
                &format!("chance to score more than {t}, playing for it after"),
                true,
            ));
        }
        columns.push(column(
            ("expected_score", "expected turn score"),
            "expected turn score, playing optimal after",
            false,
        ));
        columns
    }

    /// Each kept set's actions, stopping with it and (where the turn may) rolling it again, as
    /// rows in the order of [`Values::columns`] and as the parts that say why.
    fn rows(&self, p: &Position) -> (Vec<Row>, Vec<RowParts>) {
        let mut rows = Vec::new();
        let mut parts = Vec::new();
        for (i, &kept) in p.options.iter().enumerate() {
            let keep = if p.options.len() > 1 {
                format!("keep {} (sum {}), ", dice_word(kept.dice), kept.sum)
            } else {
                String::new()
            };
            let stop_name = if kept.dice == 0 {
                format!("{keep}the turn ends with 0")
            } else {
                format!("{keep}stop with {}", kept.sum)
            };
            let (row, part) = self.stop(p, i, kept, stop_name);
            rows.push(row);
            parts.push(part);
            if p.roll < p.allowed && kept.dice > 0 {
                let name = format!("{keep}roll {} again", dice_word(kept.dice));
                let (row, part) = self.again(p, i, kept, name);
                rows.push(row);
                parts.push(part);
            }
        }
        (rows, parts)
    }

    /// Stopping with kept set `i`, `kept`, named `name`.
    fn stop(&self, p: &Position, i: usize, kept: Kept, name: String) -> (Row, RowParts) {
        let mut values = Vec::new();
        if let Some(win) = &self.win {
            values.push(Some(Value::exact(win[i].0)));
        }
        if let Some(beat) = &self.beating {
            values.push(Some(Value::exact(beat.stop(kept).chance)));
        }
        values.push(Some(Value::exact(f64::from(kept.sum))));
        let parts = RowParts {
            name: name.clone(),
            win: self.win.as_ref().map(|v| v[i].0),
            points: f64::from(kept.sum),
            zero: f64::from(u8::from(kept.sum == 0)),
            beat: self.beating.as_ref().map(|b| b.stop(kept)),
            held: self.holding.map(|h| h.stop(p.roll, kept)),
        };
        (row(name, values), parts)
    }

    /// Rolling kept set `i`, `kept`, again, named `name`: the values of optimal play from the
    /// next roll on.
    fn again(&self, p: &Position, i: usize, kept: Kept, name: String) -> (Row, RowParts) {
        let next = (usize::from(p.roll) + 1, usize::from(kept.dice));
        let mut values = Vec::new();
        if let Some(win) = &self.win {
            values.push(win[i].1.map(Value::exact));
        }
        if let Some(beat) = &self.beating {
            values.push(Some(Value::exact(beat.again(p.roll, kept.dice).chance)));
        }
        values.push(Some(Value::exact(self.optimal.roll_value[next.0][next.1])));
        let parts = RowParts {
            name: name.clone(),
            win: self.win.as_ref().and_then(|v| v[i].1),
            points: self.optimal.roll_value[next.0][next.1],
            zero: self.zero[next.0][next.1],
            beat: self.beating.as_ref().map(|b| b.again(p.roll, kept.dice)),
            held: self.holding.map(|h| h.again(p.roll, kept.dice)),
        };
        (row(name, values), parts)
    }
}

/// What a reader must know beside the ranked rows: that nothing can be decided, or that three
/// players' chances rest on each playing for itself.
fn notes(advice: &Advice, p: &Position) -> Vec<Message> {
    let mut notes = Vec::new();
    if advice.rows.len() == 1 {
        notes.push("one legal action: the turn is over whatever you decide".into());
    }
    if p.game.as_ref().is_some_and(|g| g.totals.len() == 3) {
        notes.push("three players: each maximises its own chance to win (docs/sevens.md)".into());
    }
    notes
}

fn column((name, heading): (&str, &str), meaning: &str, chance: bool) -> Column {
    Column {
        name: name.to_string(),
        heading: heading.to_string(),
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

#[cfg(test)]
#[path = "advise_tests.rs"]
mod tests;
