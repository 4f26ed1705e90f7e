//! A game of Solitaire Dice replayed from its record (`dicelab review`): at every roll the best
//! division is the one `advise` names (the learned value one roll ahead, no noise), and every
//! division is valued by play-outs as `advise` checks them: the expected final score when
//! `best` plays on from the sheet each division leaves, every division on the same rolls.
//!
//! The values are estimates, so the review is in points and every figure has its interval: a
//! division's loss is its paired difference from the value's best, with its 95% interval, and
//! is marked only where that interval lies above 0. The best is not the play-outs' leader, so
//! its estimate is not the largest of several noisy means, read too high. The accounts are booked as Sevens' are:
//! each roll's luck is the best estimate after it less the estimate the division before it left
//! (the expected final score before the roll), and each division's cost its loss. They add up
//! to the final score, but only because each term is measured from the one before it: a luck or
//! a cost within its noise says nothing, and the review says so.
//!
//! With several seats (the text's players sharing the same rolls, or policies compared on
//! them), each round is one roll, typed once per seat still in, and each seat's sheet is its
//! own: no seat's division moves another's value, so there are no gifts.

use crate::engine::RunConfig;
use crate::error::{Error, Result};
use crate::games::advice::Value;
use crate::games::race::{Plan, Raced, race};
use crate::games::review::record::{GameRecord, ThrowRecord, TurnRecord, error_at};
use crate::games::review::{Action, Estimate, Event, GameReview, Moment, Unit, ledgers_in};
use crate::games::review::{Kept, Next, NextChoice, Pass, RecordKind, Reviewer};

use super::advice_sim::{ADJUSTED, Playouts, WIN};
use super::advise_value;
use super::choice::Choice;
use super::learned::ValueNet;
use super::recorder::pairs_of;
use super::roll::Roll;
use super::rules::DICE;
use super::sheet::Sheet;
use super::sim::MAX_PLAYERS;
use super::spec::PolicySpec;
use super::words::{afters, division, sheet_text, sheet_words};
use super::{NAME, text_rules_only};

/// The play-outs every division has in a review when `-n` is not given: a quarter of what
/// `advise` gives `best` to check its value, so a game of about twenty rolls is reviewed in
/// about a second on one core (measured: docs/review.md).
pub(crate) const REVIEW_PLAYOUTS: u64 = 1_000;

/// What the values of a review by play-outs are, for its reader.
pub(crate) const ESTIMATED: &str = "every value is an estimate from play-outs; luck and cost \
    add up to the final score only because each roll's luck is measured from the estimate the \
    division before it left, so they do not add up exactly as an exact review's do, and a luck \
    or a cost within its interval says nothing";

/// What Solitaire Dice's review by points means, said once after the games of a text.
pub const LEGEND: &str = "by points: start is the expected final score before the first roll, \
    result the final score; luck is what the rolls did to the expected final score, cost what \
    the player's divisions gave up against the best estimate (with its 95% interval). Marks, \
    only where the loss's interval lies above 0: ?! a loss of 10 points or more, ? 25, ?? 60 \
    (docs/review.md).";

/// One game replayed and valued: the record's checks and the play-outs' settings.
struct Replay<'a> {
    what: &'a str,
    /// Whether positions are valued: `false` checks the record alone.
    valuing: bool,
    spec: PolicySpec,
    /// The value `best` plays on, which names each position's best.
    net: &'static ValueNet,
    run: RunConfig,
    /// Positions valued so far: each race has a seed of its own, the run's seed plus this.
    raced: u64,
    names: Vec<String>,
    sheets: Vec<Sheet>,
    /// Each seat's expected final score as it stands.
    values: Vec<f64>,
    moments: Vec<Moment>,
}

/// Solitaire Dice's review: estimated, its play-outs sized and seeded by `run` (`-n` the most play-outs a division has); checking values nothing.
impl Reviewer for super::SolitaireDice {
    fn kind(&self) -> RecordKind {
        RecordKind::Throws
    }

    fn estimated(&self) -> bool {
        true
    }

    fn review(
        &self,
        what: &str,
        game: &GameRecord,
        _: &mut Kept,
        run: &RunConfig<Option<u64>>,
        pass: Pass,
    ) -> Result<GameReview> {
        if pass.valuing {
            replay(what, game, run, true)
        } else {
            replay(what, game, &RunConfig::default(), false)
        }
    }
}

/// Replays a game, valuing its positions where `valuing`.
fn replay(
    what: &str,
    game: &GameRecord,
    run: &RunConfig<Option<u64>>,
    valuing: bool,
) -> Result<GameReview> {
    let options = text_rules_only("review", &game.rules)
        .map_err(|e| error_at(what, game.at, e.to_string()))?;
    let seats = game.seats.len();
    if !(1..=MAX_PLAYERS as usize).contains(&seats) {
        return Err(error_at(
            what,
            game.at,
            format!("a game of {NAME} has 1 to {MAX_PLAYERS} seats, and {seats} are typed"),
        ));
    }
    // A seat's policy is not read: the values are `best`'s play-outs whoever sat there, and
    // a policy naming a weights file must not make its record depend on that file.
    if let Some(n) = run.units.filter(|&n| n < 2) {
        return Err(crate::error::Error::value(
            crate::error::Setting::UNITS,
            n,
            "a review by play-outs needs 2 or more a division: an interval needs two",
        ));
    }
    let run = run.sized(REVIEW_PLAYOUTS)?;
    let net = ValueNet::shipped()?;
    let spec = PolicySpec::Learned { name: "best", net };
    let mut replay = Replay {
        net,
        what,
        valuing,
        spec,
        run,
        raced: 0,
        names: game.names(),
        sheets: vec![Sheet::new(); seats],
        values: Vec::new(),
        moments: Vec::new(),
    };
    let start = if valuing {
        let units = replay.run.units;
        replay
            .race(&[Sheet::new()], Plan::of(units))?
            .mean(0, ADJUSTED)
            .value
    } else {
        0.0
    };
    replay.values = vec![start; seats];
    let mut played = 0;
    let mut stops = None;
    let mut next = None;
    for (r, round) in game.rounds.iter().enumerate() {
        if replay.sheets.iter().all(Sheet::is_over) {
            break;
        }
        if round.playoff || round.number as usize != r + 1 {
            return Err(error_at(
                what,
                round.at,
                format!(
                    "rounds are numbered in order: this one is `round {}`",
                    r + 1
                ),
            ));
        }
        let last = r + 1 == game.rounds.len();
        let waiting = replay.round(round.number, &round.turns, round.at, last)?;
        played += 1;
        if let Some(waiting) = waiting {
            let seat = waiting.seat;
            stops = Some(if waiting.deciding {
                format!(
                    "in round {}, after {}'s roll, before it is divided",
                    round.number, replay.names[seat]
                )
            } else {
                format!(
                    "in round {}, before {}'s division",
                    round.number, replay.names[seat]
                )
            });
            next = Some(waiting);
            break;
        }
    }
    game.nothing_after(what, played)?;
    if let Some(seat) = replay.sheets.iter().position(|s| !s.is_over())
        && stops.is_none()
    {
        // The record stops between rolls, a sheet still in play.
        stops = Some(match played {
            0 => "before the first roll".to_string(),
            _ => format!("after round {played}"),
        });
        next = Some(roll_next(seat, played as u32 + 1));
    }
    // Where the game is over each value is the final score; where not, the expected one.
    let result: Vec<f64> = match stops {
        Some(_) => replay.values.clone(),
        None => replay.sheets.iter().map(|s| f64::from(s.score())).collect(),
    };
    let players = ledgers_in(
        Unit::Points,
        &replay.names,
        &vec![start; seats],
        &replay.moments,
        &result,
    );
    Ok(GameReview {
        game: NAME.into(),
        rules: options.pairs(),
        seats: replay.names,
        method: format!(
            "estimated: each position's best named by the learned value one roll ahead, as \
             advise names it; every division played out by best on the same rolls, {} \
             play-outs a division (-n), each position seeded on from {}; a value is the \
             expected final score",
            replay.run.units, replay.run.seed
        ),
        unit: Unit::Points,
        estimated: Some(ESTIMATED.into()),
        finished: stops.is_none(),
        stops,
        next,
        moments: replay.moments,
        players,
        kind: RecordKind::Throws,
        legend: Some(LEGEND),
        valued: Some("every position valued by play-outs"),
    })
}

/// The roll `seat` divides next, in round `number`: five dice, divided as it is entered.
fn roll_next(seat: usize, number: u32) -> Next {
    Next {
        seat,
        round: format!("round {number}"),
        throw: 1,
        dice: DICE as u8,
        ..Next::default()
    }
}

impl Replay<'_> {
    /// The race of the sheets `afters` (a roll's divisions, or the empty sheet at the start)
    /// under `plan`, on a seed of its own.
    fn race(&mut self, afters: &[Sheet], plan: Plan) -> Result<Raced> {
        let run = RunConfig {
            seed: self.run.seed.wrapping_add(self.raced),
            ..self.run.clone()
        };
        self.raced += 1;
        let playouts = Playouts {
            spec: &self.spec,
            afters,
            seed: run.seed,
        };
        race(&playouts, plan, &run)
    }

    /// One round: the roll, divided by every seat still in, in seat order. In the record's
    /// `last` round the divisions may stop short (a game followed as it is played), and its
    /// last line may be a roll not yet divided (ending in `/`): returns what comes next where
    /// they do, the seat whose division is still to come.
    fn round(
        &mut self,
        number: u32,
        turns: &[TurnRecord],
        at: crate::games::review::record::At,
        last: bool,
    ) -> Result<Option<Next>> {
        let in_play: Vec<usize> = (0..self.sheets.len())
            .filter(|&s| !self.sheets[s].is_over())
            .collect();
        let mut first: Option<&ThrowRecord> = None;
        for (k, &seat) in in_play.iter().enumerate() {
            if last && k == turns.len() {
                let mut next = roll_next(seat, number);
                // The seats after the first divide the round's roll as it fell.
                next.given = first.map(|t| t.dice.clone()).unwrap_or_default();
                return Ok(Some(next));
            }
            let Some(turn) = turns.get(k) else {
                return Err(error_at(
                    self.what,
                    turns.last().map_or(at, |t| t.at),
                    format!(
                        "{} is still in and divides this roll too (every seat still in, in \
                         seat order)",
                        self.names[seat]
                    ),
                ));
            };
            if turn.seat != seat {
                return Err(error_at(
                    self.what,
                    turn.at,
                    format!(
                        "{}'s division comes here (every seat still in, in seat order)",
                        self.names[seat]
                    ),
                ));
            }
            let undivided = last && k + 1 == turns.len() && turn.open;
            let throw = self.throw_of(turn, undivided)?;
            if let Some(roll) = first {
                let (mut a, mut b) = (roll.dice.clone(), throw.dice.clone());
                a.sort_unstable();
                b.sort_unstable();
                if a != b {
                    return Err(error_at(
                        self.what,
                        throw.at,
                        format!(
                            "every seat divides the same roll, and this round's roll is {}",
                            crate::games::review::record::dice_text(&roll.dice)
                        ),
                    ));
                }
            } else {
                first = Some(throw);
            }
            if undivided {
                let mut next = self.rolled(number, seat, throw)?;
                if let Some(next) = next.as_mut().filter(|_| k > 0) {
                    next.given = throw.dice.clone();
                }
                return Ok(next);
            }
            self.division(number, seat, throw)?;
        }
        if let Some(extra) = turns.get(in_play.len()) {
            return Err(error_at(
                self.what,
                extra.at,
                "every seat still in has divided this roll: one division a seat",
            ));
        }
        Ok(None)
    }

    /// A turn's one throw, of five dice, with no `keep`; `undivided` where the record's last
    /// line is a roll still to divide (`/` at its end, no `pairs`).
    fn throw_of<'t>(&self, turn: &'t TurnRecord, undivided: bool) -> Result<&'t ThrowRecord> {
        if turn.open && !undivided {
            return Err(error_at(
                self.what,
                turn.at,
                "a turn of Solitaire Dice is one roll, divided: it does not go on (no `/` at the \
                 line's end)",
            ));
        }
        if let Some(second) = turn.throws.get(1) {
            return Err(error_at(
                self.what,
                second.at,
                "a turn of Solitaire Dice is one roll of five dice: one throw a line",
            ));
        }
        let throw = &turn.throws[0];
        if throw.dice.len() != DICE {
            return Err(error_at(
                self.what,
                throw.at,
                format!("a roll is {DICE} dice, and {} are typed", throw.dice.len()),
            ));
        }
        if throw.keep.is_some() {
            return Err(error_at(
                self.what,
                throw.at,
                "a roll is divided into pairs: type `pairs` and the pairs, not `keep`",
            ));
        }
        if let (true, Some((_, at))) = (undivided, &throw.pairs) {
            return Err(error_at(
                self.what,
                *at,
                "a roll ending in `/` is not divided yet: its pairs come once it is",
            ));
        }
        Ok(throw)
    }

    /// A roll the record's last line shows and does not divide yet: its luck (what the roll
    /// did to the expected final score, its best division's value against the value before),
    /// and the division to come as what is next. A roll with one division is divided at once.
    fn rolled(&mut self, round: u32, seat: usize, throw: &ThrowRecord) -> Result<Option<Next>> {
        let faces: [u8; DICE] = throw.dice.clone().try_into().map_err(|_| {
            Error::input("a roll of five dice was checked before it is divided".to_string())
        })?;
        let roll = Roll::new(faces)?;
        let sheet = self.sheets[seat];
        let choices = sheet.legal_choices(&roll).to_vec();
        if choices.len() == 1 {
            self.division(round, seat, throw)?;
            return Ok(None);
        }
        if self.valuing {
            let afters = afters(&sheet, &choices);
            let top = self.top(&sheet, &choices);
            let raced = self.race(&afters, self.every())?;
            let best = raced.mean(top, ADJUSTED).value;
            let before = self.values.clone();
            self.values[seat] = best;
            self.moments.push(Moment {
                round: format!("round {round}"),
                seat,
                throw: 1,
                position: format!("{}; score {}", sheet_words(&sheet), sheet.score()),
                event: Event::Throw {
                    dice: throw.dice.clone(),
                    left: format!("{} divisions, not yet chosen", choices.len()),
                    before,
                    after: self.values.clone(),
                },
                at: throw.at,
            });
        }
        let dice: Vec<String> = throw.dice.iter().map(u8::to_string).collect();
        Ok(Some(Next {
            deciding: true,
            advise: vec![
                ("roll".into(), dice.join(",")),
                ("sheet".into(), sheet_text(&sheet)),
            ],
            choices: choices
                .iter()
                .map(|&c| NextChoice {
                    name: division(c),
                    pairs: pairs_of(&roll, c),
                    ..NextChoice::default()
                })
                .collect(),
            ..roll_next(seat, round)
        }))
    }

    /// The division the learned value ranks first one roll ahead, as `advise` names the
    /// best: no noise, so the same on every seed (ties to the first listed).
    fn top(&self, sheet: &Sheet, choices: &[Choice]) -> usize {
        advise_value::top(self.net, sheet, choices)
    }

    /// Every division the same play-outs, `-n` each: the best is the value's, not the
    /// play-outs' leader, so its estimate carries no winner's curse (a race that named the
    /// largest of several noisy means its best would read too high a value and too large a
    /// loss against it), and every division's loss is a paired difference from it.
    fn every(&self) -> Plan {
        Plan {
            first: self.run.units,
            most: self.run.units,
        }
    }

    /// One seat's division of a roll: the throw's luck, then the decision where the roll had
    /// more than one division.
    fn division(&mut self, round: u32, seat: usize, throw: &ThrowRecord) -> Result<()> {
        let faces: [u8; DICE] = throw.dice.clone().try_into().map_err(|_| {
            Error::input("a roll of five dice was checked before it is divided".to_string())
        })?;
        let roll = Roll::new(faces)?;
        let sheet = self.sheets[seat];
        let choices = sheet.legal_choices(&roll).to_vec();
        let chosen = chosen(self.what, &sheet, throw, &choices)?;
        if !self.valuing {
            self.sheets[seat].apply(choices[chosen]);
            return Ok(());
        }
        let afters = afters(&sheet, &choices);
        let top = self.top(&sheet, &choices);
        let raced = self.race(&afters, self.every())?;
        let best = raced.mean(top, ADJUSTED).value;
        let loss = if chosen == top {
            Value::exact(0.0)
        } else {
            raced.difference(top, chosen)
        };
        // Each division's value is the best's estimate less its paired loss, the sharper
        // figure. A division that ends the game is worth its score, exactly, so the last value
        // is the final score.
        let value_of = |i: usize| {
            if afters[i].is_over() {
                f64::from(afters[i].score())
            } else if i == top {
                best
            } else {
                best - raced.difference(top, i).value
            }
        };
        let loss_ci95 = {
            let lost = best - value_of(chosen);
            loss.ci95.unwrap_or((lost, lost))
        };
        let position = format!("{}; score {}", sheet_words(&sheet), sheet.score());
        let round = format!("round {round}");
        let before = self.values.clone();
        self.values[seat] = best;
        self.moments.push(Moment {
            round: round.clone(),
            seat,
            throw: 1,
            position: position.clone(),
            event: Event::Throw {
                dice: throw.dice.clone(),
                left: match choices.len() {
                    1 => "one division".to_string(),
                    n => format!("{n} divisions"),
                },
                before,
                after: self.values.clone(),
            },
            at: throw.at,
        });
        if choices.len() > 1 {
            let actions = choices
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let over = afters[i].is_over();
                    // A division that ends the game has its score, every play-out the same.
                    let exact = |v: Value| if over { Value::exact(v.value) } else { v };
                    Action {
                        name: division(c),
                        chances: Vec::new(),
                        points: value_of(i),
                        win: None,
                        zero: None,
                        estimate: Some(Estimate {
                            final_score: exact(raced.mean(i, ADJUSTED)),
                            p_win: exact(raced.share(i, WIN)),
                            now: f64::from(sheet.score_change(c)),
                            playouts: raced.playouts(i),
                        }),
                        beat: None,
                        held: None,
                    }
                })
                .collect();
            self.moments.push(Moment {
                round,
                seat,
                throw: 1,
                position,
                event: Event::Decision {
                    actions,
                    chosen,
                    best: top,
                    loss_ci95: Some(loss_ci95),
                },
                at: throw.pairs.as_ref().map_or(throw.at, |p| p.1),
            });
        }
        self.values[seat] = value_of(chosen);
        self.sheets[seat].apply(choices[chosen]);
        Ok(())
    }
}

/// The division a throw's `pairs` name, checked against the roll and the sheet; the only
/// one where none is typed and the roll has one.
pub(super) fn chosen(
    what: &str,
    sheet: &Sheet,
    throw: &ThrowRecord,
    choices: &[Choice],
) -> Result<usize> {
    let Some((pairs, pairs_at)) = &throw.pairs else {
        if choices.len() == 1 {
            return Ok(0);
        }
        return Err(error_at(
            what,
            throw.at,
            format!(
                "this roll has {} divisions: type `pairs` and the two pairs, as `pairs \
                 6+5 4+2`",
                choices.len()
            ),
        ));
    };
    if pairs.len() != 2 {
        return Err(error_at(
            what,
            *pairs_at,
            format!(
                "a roll is divided into two pairs, and {} are typed",
                pairs.len()
            ),
        ));
    }
    let mut left = throw.dice.clone();
    for &face in pairs.iter().flatten() {
        match left.iter().position(|&d| d == face) {
            Some(i) => {
                left.remove(i);
            }
            None => {
                return Err(error_at(
                    what,
                    *pairs_at,
                    format!(
                        "the pairs use a {face} the roll does not show (it shows {})",
                        crate::games::review::record::dice_text(&throw.dice)
                    ),
                ));
            }
        }
    }
    let aside = left[0];
    let mut sums = [pairs[0][0] + pairs[0][1], pairs[1][0] + pairs[1][1]];
    sums.sort_unstable();
    if let Some(i) = choices
        .iter()
        .position(|c| c.set_aside() == aside && c.sums() == sums)
    {
        return Ok(i);
    }
    let faces: Vec<String> = (1..=6)
        .filter(|&f| sheet.throwaway_marks(f) > 0)
        .map(|f| f.to_string())
        .collect();
    Err(error_at(
        what,
        *pairs_at,
        format!(
            "setting the {aside} aside is not allowed: the three throwaway faces are {} and \
             the roll shows one of them, so one of them is thrown away",
            faces.join(", ")
        ),
    ))
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
