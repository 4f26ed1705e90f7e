//! A whole game of Sequences or Hearts Due, written down (`simulate --record`) and replayed from
//! its record, valued cast by cast.
//!
//! The game has no decisions, so a review is all luck: each cast moves every player's chance
//! to win from the position's exact odds before it (those `advise` gives) to the odds after it,
//! and start + luck = result, exactly but for rounding. A play-off round (`tie=playoff`) is
//! valued among the tied players alone: they start it level, so each is as likely as the
//! others to win it, and a round that ends level again starts the next play-off as level.

use crate::engine::RunConfig;
use crate::engine::first_units;
use crate::error::{Error, Result};
use crate::games::options::{RuleOptions, Tie};
use crate::games::review::record::{
    GameRecord, RoundRecord, Seat, ThrowRecord, TurnRecord, error_at,
};
use crate::games::review::{Event, GameReview, Moment, Pass, Unit, ledgers};
use crate::games::review::{Kept, Next, RecordKind, Reviewer};

use std::collections::HashMap;

use super::exact::{CastDistribution, Race, exact_values};
use super::odds::{MAX_PLAYERS, MAX_ROUNDS, Odds, Standing, goes_on, settle};
use super::rules::{DICE, Rules, Scoring, WipeOnes, best_split};
use super::sim::{Game, Watch};

/// The most standings kept across a file's games (each about a kilobyte): past it, the kept
/// ones are let go and found again as needed.
const MAX_HELD: usize = 250_000;

/// What a file's games are valued with while their rules stay the same (a file holds many
/// games): the rules, the cast distribution, and each total's standings round by round from it,
/// found once (stepping a race from a total is most of what valuing a position costs).
struct Valued {
    rules: Rules,
    dist: CastDistribution,
    /// From each total, the standing after 0, 1, 2, ... rounds, until less than 1e-15 of the
    /// race is left.
    paths: HashMap<u32, Vec<Standing>>,
    /// The standings held in `paths`.
    held: usize,
    /// The most held before they are let go: [`MAX_HELD`] (a test sets fewer).
    cap: usize,
}

impl Valued {
    /// Every seat's odds with `next` the next of all seats to cast in a regular round: the
    /// chance the rules read (shared ties, or play-offs) the same, to the last bit, as `advise`
    /// gives for the position.
    fn odds(&mut self, totals: &[u32], next: usize) -> Vec<Odds> {
        // Let the kept standings go before any of this position's are found, never between
        // them: every total asked for must be there for the loop below.
        if self.held > self.cap && totals.iter().any(|t| !self.paths.contains_key(t)) {
            self.paths.clear();
            self.held = 0;
        }
        for &t in totals {
            if !self.paths.contains_key(&t) {
                let path = self.path(t);
                self.held += path.len();
                self.paths.insert(t, path);
            }
        }
        let paths: Vec<&Vec<Standing>> = totals.iter().map(|t| &self.paths[t]).collect();
        let mut odds = vec![Odds::default(); totals.len()];
        let mut standings: Vec<&Standing> = Vec::with_capacity(totals.len());
        for round in 0..MAX_ROUNDS {
            // Those before `next` cast already this round: what they reached stands.
            standings.clear();
            standings.extend(
                paths
                    .iter()
                    .enumerate()
                    .map(|(i, p)| &p[(round + usize::from(i >= next)).min(p.len() - 1)]),
            );
            settle(&standings, &mut odds, self.rules.tie == Tie::Playoff);
            if !goes_on(&standings) {
                break;
            }
        }
        odds
    }

    /// The standings of a race from `total`, round by round.
    fn path(&self, total: u32) -> Vec<Standing> {
        let mut race = Race::from(&self.dist, self.rules.target, total);
        let mut path = vec![Standing::of(&race)];
        while path.len() <= MAX_ROUNDS && path[path.len() - 1].survival >= 1e-15 {
            race.step();
            path.push(Standing::of(&race));
        }
        path
    }
}

/// What a file's games are valued with, kept while the rules stay the same.
#[derive(Default)]
pub struct Dealt {
    valued: Option<Valued>,
    /// The most standings kept, where not [`MAX_HELD`]: a test lets them go often.
    cap: Option<usize>,
}

impl Dealt {
    /// The values under `rules`, checked once (a race that would practically never end is
    /// refused, as a run refuses it).
    fn for_rules(&mut self, rules: Rules, seats: u32) -> Result<&mut Valued> {
        if self.valued.as_ref().is_none_or(|v| v.rules != rules) {
            exact_values(&rules, seats)?;
            self.valued = Some(Valued {
                rules,
                dist: CastDistribution::new(&rules),
                paths: HashMap::new(),
                held: 0,
                cap: self.cap.unwrap_or(MAX_HELD),
            });
        }
        Ok(self.valued.as_mut().expect("just set"))
    }
}

/// The game a record names: Sequences or Hearts Due.
fn scoring_of(game: &str) -> Option<Scoring> {
    match game {
        "sequences" => Some(Scoring::Sequences),
        "hearts-due" => Some(Scoring::HeartsDue),
        _ => None,
    }
}

/// Sequences' and Hearts Due's review: exact, each cast valued with the odds `advise` gives.
pub struct SequencesReviewer;

impl Reviewer for SequencesReviewer {
    fn kind(&self) -> RecordKind {
        RecordKind::Throws
    }

    fn estimated(&self) -> bool {
        false
    }

    fn review(
        &self,
        what: &str,
        game: &GameRecord,
        kept: &mut Kept,
        _: &RunConfig<Option<u64>>,
        pass: Pass,
    ) -> Result<GameReview> {
        review(what, game, kept.get::<Dealt>(), pass)
    }
}

/// What a cast did to a total, in words, and the new total.
fn cast_words(rules: &Rules, dice: &[u8], total: u32) -> (String, u32) {
    let mut counts = [0u8; 6];
    for &d in dice {
        counts[usize::from(d - 1)] += 1;
    }
    if let WipeOnes::AtLeast(k) = rules.wipe_ones
        && counts[0] >= k
    {
        let many = ["four", "five", "six"][usize::from(counts[0]).clamp(4, 6) - 4];
        let ones = if counts[0] >= 4 {
            many.to_string()
        } else {
            counts[0].to_string()
        };
        return (format!("{ones} 1's wipe the total: {total} -> 0"), 0);
    }
    let split = best_split(counts, &rules.points);
    if split.points == 0 {
        return (format!("no run: stays {total}"), total);
    }
    let parts: Vec<String> = split.parts.iter().map(ToString::to_string).collect();
    let after = total + split.points;
    (
        format!(
            "{} scores {}: {total} -> {after}",
            parts.join(" and "),
            split.points
        ),
        after,
    )
}

/// Each tied player's chance to win a play-off round among `order` (seat order), all of whom
/// began it on `level`, where the first `cast` of them have cast and stand on `now`: the round's
/// highest total wins, and players level at its end are equally likely to win the next.
fn playoff_odds(
    dist: &CastDistribution,
    (order, cast): (&[usize], usize),
    level: u32,
    now: &[u32],
    seats: usize,
) -> Vec<f64> {
    // Each player's total at the round's end, as a distribution over totals.
    let top = level as usize + dist.wipe;
    let ends: Vec<Vec<f64>> = order
        .iter()
        .enumerate()
        .map(|(j, &s)| {
            let mut end = vec![0.0; top + 1];
            if j < cast {
                end[now[s] as usize] = 1.0;
            } else {
                for code in 0..=dist.wipe {
                    let to = if code == dist.wipe {
                        0
                    } else {
                        level as usize + code
                    };
                    end[to] += dist.p(code);
                }
            }
            end
        })
        .collect();
    let mut odds = vec![0.0; seats];
    for (i, &s) in order.iter().enumerate() {
        for (x, &p) in ends[i].iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            // The others' chances below x and equal to it, as a polynomial in the number level.
            let mut poly = vec![1.0];
            for (j, other) in ends.iter().enumerate() {
                if j == i {
                    continue;
                }
                let (lower, equal) = (other[..x].iter().sum::<f64>(), other[x]);
                let mut next = vec![0.0; poly.len() + 1];
                for (k, &c) in poly.iter().enumerate() {
                    next[k] += c * lower;
                    next[k + 1] += c * equal;
                }
                poly = next;
            }
            odds[s] += p * poly
                .iter()
                .enumerate()
                .map(|(k, c)| c / (k + 1) as f64)
                .sum::<f64>();
        }
    }
    odds
}

/// A game's replay: the record, the rules, the totals, what it found.
struct Replay<'a> {
    what: &'a str,
    rules: Rules,
    valued: &'a mut Valued,
    /// Valuing or checking, and whether to go on.
    pass: Pass<'a>,
    names: Vec<String>,
    totals: Vec<u32>,
    moments: Vec<Moment>,
    /// Every seat's chance now.
    last: Vec<f64>,
    /// Where the record stops before the game ends, in words: set where it does.
    stops: Option<String>,
    /// What the game expects next where the record stops.
    next: Option<Next>,
}

impl Replay<'_> {
    /// Every seat's chance with `next` the next of all seats to cast in a regular round.
    fn odds(&mut self, next: usize) -> Vec<f64> {
        if !self.pass.valuing {
            return vec![0.0; self.totals.len()];
        }
        let odds = self.valued.odds(&self.totals, next);
        odds.iter()
            .map(|o| match self.rules.tie {
                Tie::Shared => o.share,
                Tie::Playoff => o.playoff,
            })
            .collect()
    }

    /// Checks one turn of `round` (`label`): `seat` casts, one throw of six dice.
    fn check_turn<'t>(
        &self,
        round: &'t RoundRecord,
        (i, seat): (usize, usize),
        label: &str,
    ) -> Result<&'t ThrowRecord> {
        let Some(turn) = round.turns.get(i) else {
            let at = round.turns.last().map_or(round.at, |t| t.at);
            return Err(error_at(
                self.what,
                at,
                format!(
                    "{label} is short: {} casts next, and the round ends here",
                    self.names[seat]
                ),
            ));
        };
        let TurnRecord { throws, at, .. } = turn;
        if turn.seat != seat {
            return Err(error_at(
                self.what,
                *at,
                format!(
                    "it is {}'s cast here (seat {}), not {}'s",
                    self.names[seat],
                    seat + 1,
                    self.names[turn.seat]
                ),
            ));
        }
        if turn.open {
            return Err(error_at(
                self.what,
                *at,
                "a turn of this game is one cast: it does not go on (no `/` at the line's end)",
            ));
        }
        if throws.len() != 1 {
            return Err(error_at(
                self.what,
                throws[1].at,
                "a turn of this game is one cast: a next throw is not played",
            ));
        }
        let throw = &throws[0];
        if throw.dice.len() != DICE as usize {
            return Err(error_at(
                self.what,
                throw.at,
                format!("a cast throws six dice, and {} are typed", throw.dice.len()),
            ));
        }
        if throw.keep.is_some() {
            return Err(error_at(
                self.what,
                throw.at,
                "a cast keeps no dice: its best split scores itself, so `keep` is not typed",
            ));
        }
        if let Some((_, at)) = &throw.pairs {
            return Err(error_at(
                self.what,
                *at,
                "a cast is split by its best split, so `pairs` is not typed",
            ));
        }
        Ok(throw)
    }

    /// Books one cast by `seat`, the chances after it found by `after`.
    fn cast(
        &mut self,
        (throw, seat, label): (&ThrowRecord, usize, &str),
        after: impl Fn(&mut Self) -> Vec<f64>,
    ) -> Result<()> {
        self.pass.go_on()?;
        let position = format!(
            "totals {}",
            (0..self.names.len())
                .map(|s| format!("{} {}", self.names[s], self.totals[s]))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let (left, total) = cast_words(&self.rules, &throw.dice, self.totals[seat]);
        self.totals[seat] = total;
        let after = after(self);
        let before = std::mem::replace(&mut self.last, after.clone());
        self.moments.push(Moment {
            round: label.to_string(),
            seat,
            throw: 1,
            position,
            event: Event::Throw {
                dice: throw.dice.clone(),
                left,
                before,
                after,
            },
            at: throw.at,
        });
        Ok(())
    }

    /// Checks that a round ends after its `played` turns.
    fn round_ends(&self, round: &RoundRecord, played: usize, label: &str) -> Result<()> {
        match round.turns.get(played) {
            Some(extra) => Err(error_at(
                self.what,
                extra.at,
                format!("{label} has {played} casts, one for each player in it; this is one more"),
            )),
            None => Ok(()),
        }
    }
}

/// The cast `seat` makes next, in the round `label`: six dice, no decision.
fn cast_next(seat: usize, label: &str) -> Next {
    Next {
        seat,
        round: label.to_string(),
        throw: 1,
        dice: DICE as u8,
        ..Next::default()
    }
}

/// Reviews one game of Sequences or Hearts Due from its record `rec` (named `what` in errors),
/// the cast distribution kept in `dealt` across a file's games; or, where `pass` only checks,
/// replays it against the rules with every chance 0.
pub fn review(what: &str, rec: &GameRecord, dealt: &mut Dealt, pass: Pass) -> Result<GameReview> {
    let at = rec.at;
    let Some(scoring) = scoring_of(&rec.game) else {
        return Err(error_at(
            what,
            at,
            format!("`{}` is not Sequences", rec.game),
        ));
    };
    let name: &'static str = if scoring == Scoring::Sequences {
        "sequences"
    } else {
        "hearts-due"
    };
    let options = RuleOptions::parse(name, scoring.options(), &rec.rules)
        .map_err(|e| error_at(what, at, e))?;
    let rules = Rules::from_options(scoring, &options);
    let n = rec.seats.len();
    if !(1..=MAX_PLAYERS as usize).contains(&n) {
        return Err(error_at(
            what,
            at,
            format!(
                "a review of {name} takes 1 to {MAX_PLAYERS} seats, whose odds it works out \
                 exactly; this game has {n}"
            ),
        ));
    }
    let valued = dealt
        .for_rules(rules, n as u32)
        .map_err(|e| error_at(what, at, e))?;
    let names = rec.names();
    let mut replay = Replay {
        what,
        rules,
        valued,
        pass,
        names: names.clone(),
        totals: vec![0; n],
        moments: Vec::new(),
        last: Vec::new(),
        stops: None,
        next: None,
    };
    replay.last = replay.odds(0);
    let start = replay.last.clone();
    let next = replay.regular_rounds(rec, n)?;
    let (next, tied) = match replay.stops {
        Some(_) => (next, Vec::new()),
        None => replay.play_offs(rec, next, n)?,
    };
    rec.nothing_after(what, next)?;
    let result: Vec<f64> = match replay.stops {
        Some(_) => replay.last.clone(),
        None => (0..n)
            .map(|s| f64::from(u8::from(tied.contains(&s))))
            .collect(),
    };
    let players = ledgers(&names, &start, &replay.moments, &result);
    let shared = if rules.tie == Tie::Shared {
        " (under tie=shared each tied player wins)"
    } else {
        ""
    };
    Ok(GameReview {
        game: name.into(),
        rules: options.pairs(),
        seats: names,
        method: format!(
            "exact: every player's chance to win from each position{shared}; the game has no \
             decisions, so start + luck = result"
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

impl Replay<'_> {
    /// The regular rounds of `rec`'s game of `n` seats, checked and valued, to the round in
    /// which a total reaches the target; the index of the round after them.
    fn regular_rounds(&mut self, rec: &GameRecord, n: usize) -> Result<usize> {
        let what = self.what;
        let mut next = 0usize;
        loop {
            let k = next + 1;
            let label = format!("round {k}");
            let Some(round) = rec.rounds.get(next) else {
                // The record stops between rounds: the game stands before the next one.
                self.stops = Some(match next {
                    0 => "before the first throw".to_string(),
                    _ => format!("after round {next}"),
                });
                self.next = Some(cast_next(0, &label));
                return Ok(next);
            };
            if round.playoff || round.number as usize != k {
                return Err(error_at(what, round.at, format!("round {k} comes here")));
            }
            let last_round = next + 1 == rec.rounds.len();
            for seat in 0..n {
                if last_round && round.turns.len() == seat {
                    self.stops = Some(format!("in {label}, before {}'s cast", self.names[seat]));
                    self.next = Some(cast_next(seat, &label));
                    return Ok(next + 1);
                }
                let throw = self.check_turn(round, (seat, seat), &label)?;
                self.cast((throw, seat, &label), |r| r.odds(seat + 1))?;
            }
            self.round_ends(round, n, &label)?;
            next += 1;
            if self.totals.iter().any(|&t| t >= self.rules.target) {
                break;
            }
        }
        Ok(next)
    }

    /// The play-offs of tied leaders from round `next` on, where the rules play them; the
    /// index of the round after them and the winners (the tied leaders under `tie=shared`).
    fn play_offs(
        &mut self,
        rec: &GameRecord,
        mut next: usize,
        n: usize,
    ) -> Result<(usize, Vec<usize>)> {
        let what = self.what;
        let top = *self.totals.iter().max().expect("a seat");
        let mut tied: Vec<usize> = (0..n).filter(|&s| self.totals[s] == top).collect();
        let mut playoffs = 0usize;
        while self.rules.tie == Tie::Playoff && tied.len() > 1 {
            playoffs += 1;
            let label = format!("play-off {playoffs}");
            let tie = tied
                .iter()
                .map(|&s| self.names[s].clone())
                .collect::<Vec<_>>()
                .join(" and ");
            let Some(round) = rec.rounds.get(next) else {
                // The record stops before the play-off: the tied players stand level.
                self.stops = Some(format!("before play-off {playoffs}: {tie} tie"));
                self.next = Some(cast_next(tied[0], &label));
                return Ok((next, tied));
            };
            if !round.playoff || round.number as usize != playoffs {
                return Err(error_at(
                    what,
                    round.at,
                    format!("play-off {playoffs} comes here (`playoff {playoffs}`)"),
                ));
            }
            let level = self.totals[tied[0]];
            let last_round = next + 1 == rec.rounds.len();
            for (i, &seat) in tied.iter().enumerate() {
                if last_round && round.turns.len() == i {
                    self.stops = Some(format!("in {label}, before {}'s cast", self.names[seat]));
                    self.next = Some(cast_next(seat, &label));
                    return Ok((next + 1, tied));
                }
                let throw = self.check_turn(round, (i, seat), &label)?;
                let order = &tied;
                self.cast((throw, seat, &label), |r| {
                    if r.pass.valuing {
                        playoff_odds(&r.valued.dist, (order, i + 1), level, &r.totals, n)
                    } else {
                        vec![0.0; n]
                    }
                })?;
            }
            self.round_ends(round, tied.len(), &label)?;
            next += 1;
            let best = tied.iter().map(|&s| self.totals[s]).max().unwrap_or(0);
            tied.retain(|&s| self.totals[s] == best);
        }
        Ok((next, tied))
    }
}

/// Writes down the games a run plays as it plays them.
struct Recorder {
    game: String,
    pairs: Vec<String>,
    seed: u64,
    players: usize,
    /// The game being played.
    current: GameRecord,
}

impl Recorder {
    fn begin(&mut self) {
        self.current = GameRecord {
            game: self.game.clone(),
            rules: self.pairs.clone(),
            seed: Some(self.seed),
            seats: (0..self.players)
                .map(|_| Seat::Policy(super::policy::POLICY.into()))
                .collect(),
            ..Default::default()
        };
    }

    fn game(&mut self) -> &mut GameRecord {
        &mut self.current
    }
}

impl Watch for Recorder {
    fn round(&mut self, playoff: bool) {
        self.game().begin_round(playoff);
    }

    fn cast(&mut self, seat: usize, packed: u32) {
        let mut p = packed;
        let dice = (0..DICE)
            .map(|_| {
                let f = (p % 6) as u8 + 1;
                p /= 6;
                f
            })
            .collect();
        let round = self.game().rounds.last_mut().expect("a round has begun");
        round.turns.push(TurnRecord {
            seat,
            throws: vec![ThrowRecord {
                dice,
                ..Default::default()
            }],
            ..Default::default()
        });
    }
}

/// The first `count` games a run of `game` (named `name`, its options `pairs`) among `players`
/// seeded with `seed` plays, as records handed to `each` one at a time: the same games on the
/// same dice, whatever the threads.
pub(super) fn record(
    (name, pairs): (&str, Vec<String>),
    game: &Game,
    (players, seed, count): (usize, u64, u64),
    each: crate::games::RecordSink,
) -> Result<()> {
    if players == 1 {
        return Err(Error::setting(
            crate::Setting::named("record"),
            crate::error::Message::settings_in(
                "a record holds whole games; record them with §players 2 or more",
            ),
        ));
    }
    let mut recorder = Recorder {
        game: name.into(),
        pairs,
        seed,
        players,
        current: GameRecord::default(),
    };
    let (mut totals, mut leaders, mut counts) = (vec![0; players], Vec::new(), game.counts());
    // As the run's `run_chunk` plays a chunk, its watcher the recorder.
    first_units(game, (seed, count), &mut |rng, units| {
        let mut casts = super::sim::Casts::new();
        for _ in 0..units {
            recorder.begin();
            game.play(
                (&mut *rng, &mut casts),
                &mut counts,
                (&mut totals, &mut leaders),
                &mut recorder,
            );
            each(std::mem::take(&mut recorder.current))?;
        }
        Ok(())
    })
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
