//! A whole game of Sevens replayed from its record and valued, moment by moment, with the
//! whole-game solution `win` plays by (two or three players).
//!
//! The record is checked as it is replayed, as the engine plays (`sim/play.rs`): whose turn it is,
//! the dice each throw must show, the choices the removal leaves, the rolls a turn may use.
//! Each turn is valued by a small backward pass over its own states (`TurnTree`) whose stopping
//! values are the solution's own, for every player at once: the solution keeps the mover's
//! value of rolling alone, and a review books what a choice does to the others too. The pass
//! compares values as the solver does (stop on a tie within 1e-12, the first of equal kept
//! sets), so the best action is the one `win` takes and a `win` seat loses exactly 0.

use crate::engine::RunConfig;
use crate::error::{Error, Result};
use crate::games::options::{FirstPlayer, RuleOptions, Tie};
use crate::games::review::record::{GameRecord, TurnRecord, error_at};
use crate::games::review::{Action, Event, GameReview, Moment, Pass, Unit, ledgers};
use crate::games::review::{Next, RecordKind, Reviewer};

use super::super::position::Phase;
use super::super::removal;
use super::super::rules::{FollowerLimit, Kept, OPTIONS, Rules};
use super::super::solve::parts::Beating;
use super::super::solve::solutions::Solutions;
use super::review_turn::{TurnTree, action_name, option_list};
pub use super::review_values::Solved;
use super::review_values::{Solution, Spot, Standing, stop_values};

/// A game's replay: the record, the rules and solutions, the totals so far, what it found.
struct Replay<'a> {
    what: &'a str,
    rec: &'a GameRecord,
    rules: Rules,
    solutions: &'a Solutions,
    /// The whole game solved, for two players or three; none where the record is only
    /// checked, every value then 0.
    solution: Option<Solution>,
    /// Valuing or checking, and whether to go on.
    pass: Pass<'a>,
    names: Vec<String>,
    totals: Vec<i32>,
    round_scores: Vec<u8>,
    moments: Vec<Moment>,
    start: Option<Vec<f64>>,
    /// Where the last turn ended: each seat's chance after it.
    last: Vec<f64>,
    /// Where the record stops before the game ends, in words: set where it does.
    stops: Option<String>,
    /// What the game expects next where the record stops.
    next: Option<Next>,
    /// A turn that goes on: its last throw's faces, which throw it was, and what it kept.
    pending: Option<(Vec<u8>, u8, Option<Kept>)>,
}

impl Replay<'_> {
    fn n(&self) -> usize {
        self.names.len()
    }

    /// Every seat's chance of stopping with `kept` after `roll`, for the turn at `spot`.
    fn stop_values(&self, spot: &Spot, roll: u8, kept: Kept) -> Vec<f64> {
        let at = Standing {
            spot,
            totals: &self.totals,
            round_scores: &self.round_scores,
        };
        stop_values(self.solution.as_ref(), &at, roll, kept)
    }

    /// Where the game stands before a turn, in words.
    fn position(&self, spot: &Spot) -> String {
        let totals: Vec<String> = (0..self.n())
            .map(|s| format!("{} {}", self.names[s], self.totals[s]))
            .collect();
        let played: Vec<String> = spot.order[..spot.i]
            .iter()
            .map(|&s| format!("{} {}", self.names[s], self.round_scores[s]))
            .collect();
        let mut text = format!("totals {}", totals.join(", "));
        if !played.is_empty() {
            text.push_str(&format!("; this round {}", played.join(", ")));
        }
        text.push_str(&format!("; {} rolls allowed", spot.allowed));
        text
    }

    /// Replays and values one turn: its throws and decisions, checked. Returns the score and
    /// the rolls used.
    fn turn(&mut self, spot: &Spot, turn: &TurnRecord, round: &str) -> Result<(u8, u8)> {
        self.pass.go_on()?;
        let seat = self.turn_seat(spot, turn)?;
        if !self.pass.valuing {
            return self.checked_turn(spot, turn);
        }
        let me: &Self = self;
        let stop = |roll: u8, kept: Kept| me.stop_values(spot, roll, kept);
        let outcomes = &self.solutions.outcomes;
        let tree = TurnTree::solve(outcomes, spot.allowed, seat, &stop);
        let position = self.position(spot);
        // The round as the reasons see it: a follower's chance to beat the best so far, a
        // first player's chance to see its score beaten.
        let beating = (spot.i > 0).then(|| {
            let best = spot.order[..spot.i].iter().map(|&s| self.round_scores[s]);
            Beating::new(outcomes, spot.allowed, best.max().unwrap_or(0))
        });
        let holding = (spot.i == 0 && spot.order.len() > 1)
            .then(|| self.solutions.holding(spot.order.len() as u8 - 1));
        let mut dice = self.rules.dice;
        let mut before = tree.roll[1][usize::from(dice)].chances.clone();
        let mut moments = Vec::new();
        let mut end = (0u8, 0u8, before.clone());
        let mut waiting = None;
        for (j, throw) in turn.throws.iter().enumerate() {
            let roll = j as u8 + 1;
            let tat = throw.at;
            let last_open = turn.open && j + 1 == turn.throws.len();
            let kept = self.throw_kept(spot, (seat, dice, roll), throw, last_open)?;
            let set = option_list(outcomes, &throw.dice);
            let options = &outcomes.sets[set];
            // The throw's moment: what it left, and each seat's chance before and after it.
            let thrown = |left: String, before: &[f64], after: &[f64]| Moment {
                round: round.to_string(),
                seat,
                throw: roll,
                position: position.clone(),
                event: Event::Throw {
                    dice: throw.dice.clone(),
                    left,
                    before: before.to_vec(),
                    after: after.to_vec(),
                },
                at: tat,
            };
            let Some(kept) = kept else {
                // The dice kept are still to choose (removal=subsets): the game stands at the
                // throw, valued with best play from it, whichever dice are kept.
                let (_, after) = tree.best(roll, set);
                let left = format!("{} ways to keep, not yet chosen", options.len());
                moments.push(thrown(left, &before, &after.chances));
                end = (0, roll, after.chances.clone());
                waiting = Some((throw.dice.clone(), roll, None));
                break;
            };
            let again = j + 1 < turn.throws.len();
            if let Some(next) = turn.throws.get(j + 1) {
                self.again_allowed(spot, (seat, roll, kept), next)?;
            }
            let pending = turn.open && !again;
            if pending {
                self.goes_on(spot, (seat, roll, kept), throw)?;
            }
            let actions = tree.actions(roll, set);
            let (best, after) = tree.best(roll, set);
            let chosen = actions
                .iter()
                .position(|a| a.0 == kept && a.1 == again)
                .expect("the chosen action is listed");
            let left = removal::words(&self.rules, &throw.dice, kept);
            moments.push(thrown(left, &before, &after.chances));
            if pending {
                // The decision is still to come: the game stands at the throw, valued with best
                // play from it.
                end = (kept.sum, roll, after.chances.clone());
                waiting = Some((throw.dice.clone(), roll, Some(kept)));
                break;
            }
            if actions.len() > 1 {
                let several = options.len() > 1;
                moments.push(Moment {
                    round: round.to_string(),
                    seat,
                    throw: roll,
                    position: position.clone(),
                    event: Event::Decision {
                        actions: actions
                            .iter()
                            .map(|(k, again, w)| Action {
                                name: action_name(*k, *again, several),
                                chances: w.chances.clone(),
                                points: w.points,
                                win: None,
                                zero: Some(w.zero),
                                estimate: None,
                                beat: beating.as_ref().map(|b| {
                                    if *again {
                                        b.again(roll, k.dice)
                                    } else {
                                        b.stop(*k)
                                    }
                                }),
                                held: holding.map(|h| {
                                    if *again {
                                        h.again(roll, k.dice)
                                    } else {
                                        h.stop(roll, *k)
                                    }
                                }),
                            })
                            .collect(),
                        chosen,
                        best,
                        loss_ci95: None,
                    },
                    at: tat,
                });
            }
            before = actions[chosen].2.chances.clone();
            dice = kept.dice;
            end = (kept.sum, roll, before.clone());
        }
        if self.start.is_none() {
            self.start = Some(tree.roll[1][usize::from(self.rules.dice)].chances.clone());
        }
        self.moments.extend(moments);
        self.pending = waiting;
        self.last = end.2;
        Ok((end.0, end.1))
    }

    /// Checks one turn against the rules as [`Replay::turn`] does, valuing nothing: each
    /// throw's dice, what it keeps, whether another may follow. Returns the score and the rolls
    /// used.
    fn checked_turn(&mut self, spot: &Spot, turn: &TurnRecord) -> Result<(u8, u8)> {
        let seat = spot.order[spot.i];
        let mut pending = None;
        let mut dice = self.rules.dice;
        let mut end = (0u8, 0u8);
        for (j, throw) in turn.throws.iter().enumerate() {
            let roll = j as u8 + 1;
            let last_open = turn.open && j + 1 == turn.throws.len();
            let Some(kept) = self.throw_kept(spot, (seat, dice, roll), throw, last_open)? else {
                pending = Some((throw.dice.clone(), roll, None));
                end = (0, roll);
                break;
            };
            if let Some(next) = turn.throws.get(j + 1) {
                self.again_allowed(spot, (seat, roll, kept), next)?;
            } else if turn.open {
                self.goes_on(spot, (seat, roll, kept), throw)?;
            }
            if last_open {
                pending = Some((throw.dice.clone(), roll, Some(kept)));
            }
            dice = kept.dice;
            end = (kept.sum, roll);
        }
        self.pending = pending;
        Ok(end)
    }

    /// Plays one round among `order` (first player first), checking the record's round.
    fn round(
        &mut self,
        rec_round: usize,
        phase: Phase,
        (order, first): (&[usize], usize),
        label: &str,
    ) -> Result<()> {
        let round = &self.rec.rounds[rec_round];
        let last_round = rec_round + 1 == self.rec.rounds.len();
        let mut allowed = self.rules.max_rolls;
        for (i, turn) in round.turns.iter().enumerate() {
            let spot = Spot {
                phase,
                order,
                first,
                i,
                allowed,
            };
            let (score, used) = self.turn(&spot, turn, label)?;
            if turn.open {
                let stops = format!(
                    "in {label}, {} to decide after throw {used}",
                    self.names[order[i]]
                );
                self.next = self.deciding(&spot, label);
                self.stop_at(&spot, label, stops);
                return Ok(());
            }
            if i == 0 && self.rules.follower_limit == FollowerLimit::Leader {
                allowed = used;
            }
            let seat = order[i];
            self.round_scores[seat] = score;
            self.totals[seat] += i32::from(score);
            if i + 1 == order.len() {
                break;
            }
        }
        let typed = round.turns.len();
        if last_round && typed < order.len() {
            let spot = Spot {
                phase,
                order,
                first,
                i: typed,
                allowed,
            };
            let stops = format!("in {label}, before {}'s turn", self.names[order[typed]]);
            self.stop_at(&spot, label, stops);
            return Ok(());
        }
        if round.turns.len() != order.len() {
            // Checked after the turns typed, so a turn out of order is named as such.
            let at = round
                .turns
                .get(order.len())
                .or(round.turns.last())
                .map_or(round.at, |t| t.at);
            let typed = match round.turns.len() {
                1 => "1 is typed".to_string(),
                n => format!("{n} are typed"),
            };
            return Err(error_at(
                self.what,
                at,
                format!(
                    "{label} has {} turns, one for each of {}; {typed}",
                    order.len(),
                    order
                        .iter()
                        .map(|&s| self.names[s].clone())
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ));
        }
        Ok(())
    }
}

/// The play-off rounds after the regular rounds (`tie=playoff`), from the record's round
/// `next`, the last regular round led by `first`: until one of the tied players is ahead.
/// Returns the next round of the record and the winners.
fn playoffs(replay: &mut Replay, mut next: usize, mut first: usize) -> Result<(usize, Vec<usize>)> {
    let (what, rec, rules, n) = (replay.what, replay.rec, replay.rules, replay.n());
    let mut order: Vec<usize>;
    let top = *replay.totals.iter().max().expect("two seats or more");
    let mut tied: Vec<usize> = (0..n).filter(|&s| replay.totals[s] == top).collect();
    let mut playoffs = 0u32;
    while rules.tie == Tie::Playoff && tied.len() > 1 {
        playoffs += 1;
        let level = *replay.totals.iter().max().expect("two seats or more");
        let tie = tied
            .iter()
            .map(|&s| replay.names[s].clone())
            .collect::<Vec<_>>()
            .join(" and ");
        let after_first = if rules.first_player == FirstPlayer::Rotate {
            (first + 1) % n
        } else {
            first
        };
        let Some(round) = rec.rounds.get(next) else {
            // The record stops before the play-off: the game stands at its first turn.
            let start = tied.iter().position(|&s| s >= after_first).unwrap_or(0);
            let order: Vec<usize> = (0..tied.len())
                .map(|i| tied[(start + i) % tied.len()])
                .collect();
            let spot = Spot {
                phase: Phase::Playoff,
                order: &order,
                first: after_first,
                i: 0,
                allowed: rules.max_rolls,
            };
            replay.stop_at(
                &spot,
                &format!("play-off {playoffs}"),
                format!("before play-off {playoffs}: {tie} tie at {level}"),
            );
            return Ok((next, tied));
        };
        if !round.playoff || round.number != playoffs {
            return Err(error_at(
                what,
                round.at,
                format!("play-off {playoffs} comes here (`playoff {playoffs}`)"),
            ));
        }
        first = after_first;
        let start = tied.iter().position(|&s| s >= first).unwrap_or(0);
        order = (0..tied.len())
            .map(|i| tied[(start + i) % tied.len()])
            .collect();
        replay.round(
            next,
            Phase::Playoff,
            (&order, first),
            &format!("play-off {playoffs}"),
        )?;
        next += 1;
        if replay.stops.is_some() {
            return Ok((next, tied));
        }
        let best = tied.iter().map(|&s| replay.totals[s]).max().unwrap_or(0);
        tied.retain(|&s| replay.totals[s] == best);
    }
    Ok((next, tied))
}

/// Reviews one game of Sevens from its record `rec` (named `what` in errors), valued with
/// `solved`'s solutions, solved here when the rules are new; or, where `pass` only checks,
/// replays it against the rules with every value 0 and solves nothing (a game too large to
/// solve is refused all the same).
pub fn review(what: &str, rec: &GameRecord, solved: &mut Solved, pass: Pass) -> Result<GameReview> {
    let at = rec.at;
    let options =
        RuleOptions::parse("sevens", OPTIONS, &rec.rules).map_err(|e| error_at(what, at, e))?;
    let rules = Rules::from_options(&options);
    let n = rec.seats.len();
    if !(2..=3).contains(&n) {
        return Err(error_at(
            what,
            at,
            format!(
                "a review of Sevens needs two or three seats, whose whole game is solved \
                 exactly; this game has {n} (four or more are not solved, so their moments \
                 could only be valued by a heuristic)"
            ),
        ));
    }
    let solutions = solved.for_rules(rules, n as u32);
    // Solved first, so a game too large to solve is refused before anything is replayed; a
    // refusal names the game's line, where its rules are.
    let here = |e: Error| error_at(what, at, e);
    let solution = match (pass.valuing, n) {
        (false, _) => {
            solutions.fits().map_err(here)?;
            None
        }
        (true, 2) => Some(Solution::Two(solutions.game().map_err(here)?)),
        (true, _) => Some(Solution::Three(solutions.game3().map_err(here)?)),
    };
    let names = rec.names();
    let mut replay = Replay {
        what,
        rec,
        rules,
        solutions,
        solution,
        pass,
        names: names.clone(),
        totals: vec![0; n],
        round_scores: vec![0; n],
        moments: Vec::new(),
        start: None,
        last: Vec::new(),
        stops: None,
        next: None,
        pending: None,
    };
    let mut next = 0usize;
    let mut first = 0usize;
    let mut order: Vec<usize>;
    for k in 0..rules.rounds {
        first = match rules.first_player {
            FirstPlayer::Rotate => k as usize % n,
            FirstPlayer::Fixed => 0,
        };
        order = (0..n).map(|i| (first + i) % n).collect();
        let Some(round) = rec.rounds.get(next) else {
            // The record stops between rounds: the game stands before the next one.
            let spot = Spot {
                phase: Phase::Round(k),
                order: &order,
                first,
                i: 0,
                allowed: rules.max_rolls,
            };
            let stops = match k {
                0 => "before the first throw".to_string(),
                _ => format!("after round {k} of {}", rules.rounds),
            };
            replay.stop_at(&spot, &format!("round {}", k + 1), stops);
            break;
        };
        if round.playoff || round.number != k + 1 {
            return Err(error_at(
                what,
                round.at,
                format!("round {} comes here", k + 1),
            ));
        }
        replay.round(
            next,
            Phase::Round(k),
            (&order, first),
            &format!("round {}", k + 1),
        )?;
        next += 1;
        if replay.stops.is_some() {
            break;
        }
    }
    let (next, tied) = match replay.stops {
        Some(_) => (next, Vec::new()),
        None => playoffs(&mut replay, next, first)?,
    };
    rec.nothing_after(what, next)?;
    let result: Vec<f64> = match replay.stops {
        Some(_) => replay.last.clone(),
        None => (0..n)
            .map(|s| f64::from(u8::from(tied.contains(&s))))
            .collect(),
    };
    let start = replay.start.clone().unwrap_or_else(|| result.clone());
    let players = ledgers(&names, &start, &replay.moments, &result);
    let people = if n == 2 { "two" } else { "three" };
    let shared = if rules.tie == Tie::Shared {
        " (under tie=shared each tied player wins)"
    } else {
        ""
    };
    Ok(GameReview {
        game: "sevens".into(),
        rules: options.pairs(),
        seats: names,
        method: format!(
            "exact: the whole {people}-player game solved to win{shared}, every player playing \
             best after each moment"
        ),
        unit: Unit::Chance,
        estimated: None,
        finished: replay.stops.is_none(),
        stops: replay.stops,
        next: replay.next,
        moments: replay.moments,
        players,
        kind: RecordKind::Throws,
        legend: None,
        valued: None,
    })
}

/// Sevens' review: exact, the whole game solved for two or three players.
pub struct SevensReviewer;

impl Reviewer for SevensReviewer {
    fn kind(&self) -> RecordKind {
        RecordKind::Throws
    }

    fn estimated(&self) -> bool {
        false
    }

    fn seats(&self) -> Option<&'static str> {
        Some("two or three players")
    }

    fn turns_go_on(&self) -> bool {
        true
    }

    fn review(
        &self,
        what: &str,
        game: &GameRecord,
        kept: &mut crate::games::review::Kept,
        _: &RunConfig<Option<u64>>,
        pass: Pass,
    ) -> Result<GameReview> {
        review(what, game, kept.get::<Solved>(), pass)
    }
}

#[path = "review_stop.rs"]
mod stop;

#[path = "review_throw.rs"]
mod throw;

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
