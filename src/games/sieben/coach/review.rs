//! A game of 7 replayed from its record (`dicelab review`), every decision valued from the
//! mover's seat as `advise sieben` values it: the hidden cards guessed in agreement with what
//! the table showed, every play tried on the same guesses, and the rest of the game played out
//! with `seven-first` in every seat. The values are the chance to win the game.
//!
//! Nothing here is exact. A decision's loss is its paired difference from the best estimate,
//! with its 95% interval, and is marked only where that interval lies above 0. The race's
//! leader and the play chosen are played out again on fresh guesses, as the Solitaire Dice
//! review does, so the leader's luck in the race does not count as the chooser's cost. The
//! accounts are the mover's alone: a seat's luck is what happened between its decisions (every
//! draw, and the others' plays), measured from the estimate its last play left, so luck and
//! cost add up to the result only as bookkeeping, and there are no gifts.
//!
//! The record names every card dealt and drawn (`record_turn`), so a game is replayed on the
//! same table whatever dealt it, and checked turn by turn: whose turn it is, the card held, a
//! play that is legal, a draw that the rules call for of a card left to draw.

use rand_xoshiro::rand_core::SeedableRng;

use crate::engine::{ChunkRng, RunConfig, chunk_rng};
use crate::error::{Error, Result};
use crate::games::advice::{AdviceRequest, Value};
use crate::games::options::RuleOptions;
use crate::games::race::{Plan, Raced, race};
use crate::games::review::record::{At, GameRecord, RoundRecord, TurnRecord, error_at};
use crate::games::review::{
    Action, Estimate, Event, GameReview, Moment, Unit, band_in, ledgers_in,
};
use crate::games::review::{Kept, Pass, RecordKind, Reviewer};
use crate::input::Files;

use super::super::deck::Counts;
use super::super::notation::play_name;
use super::super::play::play_game_with;
use super::super::policy::seven_first;
use super::super::record_turn::{
    CardTurn, cards_text, check_draw, check_round, hands, plays, read_turn,
};
use super::super::round::{Round, SEATS};
use super::super::rules::{Move, OPTIONS, Pile, Rules, legal_moves};
use super::super::{NAME, PLAYERS};
use super::advice_sim::{GAME_CHIPS, ROUND_CHIPS, WIN};
use super::advise::guesses;
use super::position::parse;
use super::seen::{pile_text, position_of};

/// The most guesses a play has in a review when `-n` is not given: small enough that a game
/// of four is reviewed in about a minute on two cores (measured: docs/review.md), at the price
/// of wide intervals, so only clear mistakes are marked.
pub(crate) const REVIEW_GUESSES: u64 = 1_000;

/// What the values of a review of 7 are, for its reader.
pub(crate) const ESTIMATED: &str = "every value is an estimate from guesses of the hidden \
    cards, seen from the mover's seat, with seven-first playing every seat after the play; a \
    seat's luck is what happened between its decisions (the draws and the others' plays), \
    measured from the estimate its last play left, so luck and cost add up to the result only \
    as bookkeeping, not exactly as an exact review's do, and a luck or a cost within its \
    interval says nothing";

/// What 7's estimated review means, said once after the games of a text.
pub const LEGEND: &str = "7, estimated: each decision is valued from the mover's seat by \
    guesses of the hidden cards, in the chance to win the game; luck is what happened between \
    a player's decisions (the draws and the others' plays), cost what its own decisions gave \
    up against the best estimate (with its 95% interval); there are no gifts. Marks, only where \
    the loss's interval lies above 0: ?! a loss of 0.5 pp or more, ? 2 pp, ?? 5 pp \
    (docs/review.md).";

/// The named bands of a player's mean loss per decision in 7 (a fraction of the chance to
/// win, estimated), each from its lower end: set on the built-in policies' figures in 40
/// four-player games (docs/review.md): `seven-first`, `blocker` and `lookahead` 0.18 to 0.36
/// pp strong, `lowest` 0.50 pp casual, `random` 0.79 pp erratic; none reaches expert.
pub const BANDS: [(f64, &str); 4] = [
    (0.0065, "erratic"),
    (0.004, "casual"),
    (0.001, "strong"),
    (0.0, "expert"),
];

/// One game replayed and valued.
struct Replay<'a> {
    what: &'a str,
    /// Whether positions are valued: `false` checks the record alone.
    valuing: bool,
    rules: Rules,
    pairs: Vec<String>,
    run: RunConfig,
    /// Positions valued so far: each race has a seed of its own, the run's seed plus this.
    raced: u64,
    names: Vec<String>,
    players: usize,
    table: Round,
    /// Never drawn from: every card drawn is stacked from the record first.
    rng: ChunkRng,
    chips: [u32; SEATS],
    pool: u32,
    /// Rounds played, play-offs included.
    rounds: u32,
    /// Whether the round on the table is a play-off.
    playoff: bool,
    /// Each seat's chance to win as it stands.
    values: Vec<f64>,
    moments: Vec<Moment>,
}

/// 7's review: estimated, its guesses sized and seeded by `run` (`-n` the most guesses a play has); checking values nothing.
impl Reviewer for super::super::Sieben {
    fn kind(&self) -> RecordKind {
        RecordKind::Cards
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
            replay(what, game, run, true).map(|(r, _)| r)
        } else {
            replay(what, game, &RunConfig::default(), false).map(|(r, _)| r)
        }
    }
}

/// Replays a game, valuing its decisions where `valuing`: the review and each seat's chips.
fn replay(
    what: &str,
    game: &GameRecord,
    run: &RunConfig<Option<u64>>,
    valuing: bool,
) -> Result<(GameReview, Vec<u32>)> {
    let here = |e: Error| error_at(what, game.at, e.to_string());
    let options = RuleOptions::parse(NAME, OPTIONS, &game.rules).map_err(here)?;
    let rules = Rules::from_options(&options, &Files::default()).map_err(here)?;
    let players = game.seats.len();
    PLAYERS.check(NAME, players as u32).map_err(here)?;
    rules.check_players(players as u32).map_err(here)?;
    if let Some(n) = run.units.filter(|&n| n < 2) {
        return Err(Error::value(
            crate::error::Setting::UNITS,
            n,
            "a review by guesses needs 2 or more a play: an interval needs two",
        ));
    }
    let run = run.sized(REVIEW_GUESSES)?;
    let start = if valuing {
        start(&rules, players, &run)
    } else {
        vec![0.0; players]
    };
    let mut replay = Replay {
        what,
        valuing,
        table: Round::new(&rules, players as u32),
        pool: rules.chips,
        rules,
        pairs: options.pairs(),
        run,
        raced: 0,
        names: game.names(),
        players,
        rng: ChunkRng::seed_from_u64(0),
        chips: [0; SEATS],
        rounds: 0,
        playoff: false,
        values: start.clone(),
        moments: Vec::new(),
    };
    let mut played = 0;
    while let Some(playoff) = replay
        .rules
        .next_round(&replay.chips[..players], replay.rounds)
    {
        let Some(round) = game.rounds.get(played) else {
            return Err(error_at(
                what,
                game.ended_at(),
                format!(
                    "the record stops before the game ends: {} {} is still to play (a game of 7 \
                     is reviewed whole: its values are guesses of hidden cards, and only the whole \
                     game says how it ended)",
                    if playoff { "play-off" } else { "round" },
                    replay.number(playoff)
                ),
            ));
        };
        replay.round(round, playoff)?;
        played += 1;
    }
    game.nothing_after(what, played)?;
    let result = replay.result();
    if valuing {
        replay.end(&result);
    }
    let mut players_ledgers = ledgers_in(
        Unit::Chance,
        &replay.names,
        &start,
        &replay.moments,
        &result,
    );
    // 7's bands are its own: the estimates' scale is not Sevens' exact one.
    for p in &mut players_ledgers {
        p.band = p.mean_loss.map(|loss| band_in(&BANDS, loss));
    }
    let chips = replay.chips[..players].to_vec();
    let review = GameReview {
        game: NAME.into(),
        rules: replay.pairs,
        seats: replay.names,
        method: format!(
            "estimated: each decision's plays tried on the same guesses of the hidden cards \
             from the mover's seat, the rest of the game played by seven-first, up to {} \
             guesses a play (-n; {}), then the best and the choice again on fresh guesses, \
             each race seeded on from {}; the start is {} games of seven-first from the deal; \
             a value is the chance to win the game",
            replay.run.units,
            crate::games::race::schedule(Plan::of(replay.run.units).first, replay.run.units),
            replay.run.seed,
            replay.run.units,
        ),
        unit: Unit::Chance,
        estimated: Some(ESTIMATED.into()),
        finished: true,
        stops: None,
        next: None,
        moments: replay.moments,
        players: players_ledgers,
        kind: RecordKind::Cards,
        legend: Some(LEGEND),
        valued: Some("every decision valued by guesses of the hidden cards"),
    };
    Ok((review, chips))
}

/// Each seat's chance to win before the deal: `run.units` games of `seven-first` in every
/// seat, as the guesses play the rest of a game, on a stream of their own.
fn start(rules: &Rules, players: usize, run: &RunConfig) -> Vec<f64> {
    let mut table = Round::new(rules, players as u32);
    let mut wins = vec![0u64; players];
    let mut rng = chunk_rng(!run.seed, u64::MAX);
    for _ in 0..run.units {
        let result = play_game_with(
            &mut table,
            rules,
            &mut rng,
            &mut |_, view: &super::super::policy::View, moves: &[Move]| {
                seven_first(view.pile, moves)
            },
            |_: &Round, _: &[u32]| {},
        );
        for (s, w) in wins.iter_mut().enumerate() {
            *w += u64::from(result.winners[s]);
        }
    }
    wins.iter().map(|&w| w as f64 / run.units as f64).collect()
}

impl Replay<'_> {
    /// The number the next round is typed with.
    fn number(&self, playoff: bool) -> u32 {
        let regular = self.rules.regular_rounds(self.players as u32);
        if playoff {
            self.rounds - regular + 1
        } else {
            self.rounds + 1
        }
    }

    /// Each seat's result: 1 with the most chips (every sharer of a shared lead), else 0.
    fn result(&self) -> Vec<f64> {
        let n = self.players;
        let top = self.chips[..n].iter().copied().max().unwrap_or(0);
        (0..n)
            .map(|s| f64::from(u8::from(self.chips[s] == top)))
            .collect()
    }

    /// The last luck of every seat: from what its last play left to the result.
    fn end(&mut self, result: &[f64]) {
        for (seat, &won) in result.iter().enumerate() {
            let before = self.values.clone();
            self.values[seat] = won;
            self.moments.push(Moment {
                round: "end".into(),
                seat,
                throw: 1,
                position: format!(
                    "{} chips: {}",
                    self.chips[seat],
                    if won > 0.0 { "won" } else { "lost" }
                ),
                event: Event::Throw {
                    dice: Vec::new(),
                    left: format!(
                        "the rest of the game, {} chips, {}",
                        self.chips[seat],
                        if won > 0.0 { "won" } else { "lost" }
                    ),
                    before,
                    after: self.values.clone(),
                },
                at: At::default(),
            });
        }
    }

    /// One round: the deal, every turn to the round's end, then the pay.
    fn round(&mut self, round: &RoundRecord, playoff: bool) -> Result<()> {
        let (what, n) = (self.what, self.players);
        let number = self.number(playoff);
        check_round(what, round, playoff, number)?;
        self.playoff = playoff;
        let hands = hands(what, round, &self.rules, &self.names)?;
        let first = self.rules.starter(self.rounds, n);
        let limited = self.rules.pool_limited(n as u32) && !playoff;
        let pay = self
            .rules
            .round_chips(n as u32, limited.then_some(self.pool));
        self.table.set_pay(&pay[..n]);
        self.table.deal_hands(first, &hands);
        let label = if playoff {
            format!("play-off {number}")
        } else {
            format!("round {number}")
        };
        let mut turns = round.turns.iter();
        while !self.table.is_over() {
            let Some(turn) = turns.next() else {
                return Err(error_at(
                    what,
                    round.turns.last().map_or(round.at, |t| t.at),
                    format!(
                        "the round is not over: {} is to play next",
                        self.names[self.table.current()]
                    ),
                ));
            };
            self.turn(turn, &label)?;
        }
        if let Some(extra) = turns.next() {
            return Err(error_at(
                what,
                extra.at,
                "the round is over before this turn: one player is left holding cards",
            ));
        }
        for (place, &seat) in self.table.finishing_order().iter().enumerate() {
            self.chips[usize::from(seat)] += pay[place];
        }
        if limited {
            self.pool -= pay[..n].iter().sum::<u32>();
        }
        self.rounds += 1;
        Ok(())
    }

    /// One turn: checked against the table, its decisions valued, then played.
    fn turn(&mut self, turn: &TurnRecord, label: &str) -> Result<()> {
        let what = self.what;
        let p = self.table.current();
        let (typed, at) = read_turn(what, turn, p, &self.names[p])?;
        let pile = self.table.pile();
        let hand = *self.table.hand(p);
        if self.table.is_blocked(p) {
            if !typed.pass {
                return Err(error_at(
                    what,
                    at,
                    "a penalty card blocks this player until the pile is set aside \
                     (penalty=pile): type `pass`",
                ));
            }
            self.table.turn(
                &self.rules,
                &mut self.rng,
                &mut |_, _: &super::super::policy::View, _: &[Move]| 0,
            );
            return Ok(());
        }
        if typed.laid.is_empty() {
            return self.no_play(&typed, at, pile, &hand);
        }
        let plays = plays(what, &typed, pile, hand)?;
        let last = plays[plays.len() - 1];
        let left: u32 = hand.iter().sum::<u32>() - plays.len() as u32;
        let ends = left == 0 && self.rules.finish == super::super::rules::Finish::Empty;
        let draws = !last.is_seven() && plays.len() == 1 && !ends;
        let left = self.table.drawable();
        let can_draw = left.iter().any(|&c| c > 0);
        check_draw(
            what,
            &typed,
            at,
            (draws && can_draw, &left),
            "this play draws a card",
        )?;
        if self.valuing {
            for k in 0..plays.len() {
                let on = if k == 0 { pile } else { Pile::EMPTY };
                if legal_moves(on, &held(&hand, &plays[..k])).len() > 1 {
                    self.decision(p, &plays[..k], plays[k], typed.laid[k].at, label)?;
                }
            }
        }
        if let Some((card, _)) = typed.draw {
            self.table.stack_draw(card);
        }
        let mut later = plays[1..].iter();
        let mut chooser = |_: usize, _: &super::super::policy::View, moves: &[Move]| {
            let m = later.next().expect("a new pile's card was checked");
            moves.iter().position(|x| x == m).expect("a checked play")
        };
        self.table
            .turn_with(&self.rules, &mut self.rng, plays[0], false, &mut chooser);
        Ok(())
    }

    /// A turn with no card laid: a penalty card (typed `draw C`), or a pass when nothing can
    /// be drawn; refused where the hand could play.
    fn no_play(&mut self, typed: &CardTurn, at: At, pile: Pile, hand: &Counts) -> Result<()> {
        let p = self.table.current();
        let moves = legal_moves(pile, hand);
        if let Some(&m) = moves.first() {
            return Err(error_at(
                self.what,
                at,
                format!(
                    "{} holds {} and can play ({} on {}): a player who can lay a card must",
                    self.names[p],
                    cards_text(hand),
                    play_name(pile, m),
                    pile_text(pile)
                ),
            ));
        }
        let left = self.table.drawable();
        let can_draw = left.iter().any(|&c| c > 0);
        check_draw(
            self.what,
            typed,
            at,
            (can_draw, &left),
            "no card can be laid, so a penalty card is drawn",
        )?;
        if let Some((card, _)) = typed.draw {
            self.table.stack_draw(card);
        }
        self.table.turn(
            &self.rules,
            &mut self.rng,
            &mut |_, _: &super::super::policy::View, _: &[Move]| 0,
        );
        Ok(())
    }

    /// The race of `moves` from the position `table`, under `plan`, on a seed of its own.
    fn race(
        &mut self,
        table: &super::position::Table,
        moves: &[Move],
        plan: Plan,
    ) -> Result<Raced> {
        let run = RunConfig {
            seed: self.run.seed.wrapping_add(self.raced),
            ..self.run.clone()
        };
        self.raced += 1;
        let order = [WIN, GAME_CHIPS];
        let contest = guesses(&self.rules, table, moves, run.seed, &order);
        race(&contest, plan, &run)
    }

    /// One decision of seat `p`, after the plays `queued` of its turn: its plays raced, the
    /// leader and the choice judged again on fresh guesses, then the luck before it and the
    /// decision booked.
    fn decision(
        &mut self,
        p: usize,
        queued: &[Move],
        chosen_move: Move,
        at: At,
        label: &str,
    ) -> Result<()> {
        if self.playoff {
            return Err(error_at(
                self.what,
                at,
                "a play-off round's decisions cannot be valued: the coach values the chance to \
                 win only in the regular rounds",
            ));
        }
        let n = self.players;
        // A position the coach refuses is refused at the play, not as an advice setting.
        let here = |e: Error| error_at(self.what, at, e.to_string());
        let position = position_of(&self.table, p, queued, Some(&self.chips[..n])).map_err(here)?;
        let request = AdviceRequest {
            rules: self.pairs.clone(),
            policies: Vec::new(),
            position,
            run: RunConfig::default(),
        };
        let table = parse(&self.rules, &request).map_err(here)?;
        let moves: Vec<Move> = legal_moves(table.pile, &table.hand).to_vec();
        let chosen = moves
            .iter()
            .position(|&m| m == chosen_move)
            .expect("a checked play is legal");
        let raced = self.race(&table, &moves, Plan::of(self.run.units))?;
        let leader = raced.leader();
        let all = self.run.units;
        let pair: Vec<Move> = std::iter::once(moves[leader])
            .chain((chosen != leader).then_some(moves[chosen]))
            .collect();
        let fresh = self.race(
            &table,
            &pair,
            Plan {
                first: all,
                most: all,
            },
        )?;
        let best = fresh.share(0, WIN).value;
        let loss = match (pair.len(), fresh.leader()) {
            (1, _) => Value::exact(0.0),
            (_, 0) => fresh.loss(1),
            _ => {
                let gained = fresh.loss(0);
                Value {
                    value: -gained.value,
                    ci95: gained.ci95.map(|(low, high)| (-high, -low)),
                }
            }
        };
        let value_of = |i: usize| {
            if i == chosen {
                best - loss.value
            } else {
                best - raced.loss(i).value
            }
        };
        let hand = super::seen::hand_after(&self.table, p, queued);
        let position = format!(
            "holds {}; pile {}; chips {}",
            cards_text(&hand),
            if !queued.is_empty() {
                "new after a Seven".into()
            } else if self.table.pile().is_empty() {
                "empty".into()
            } else {
                pile_text(self.table.pile())
            },
            (0..n)
                .map(|s| self.chips[s].to_string())
                .collect::<Vec<_>>()
                .join("-")
        );
        let before = self.values.clone();
        self.values[p] = best;
        let throw = queued.len() as u8 + 1;
        self.moments.push(Moment {
            round: label.into(),
            seat: p,
            throw,
            position: position.clone(),
            event: Event::Throw {
                dice: (1..8u8)
                    .flat_map(|c| std::iter::repeat_n(c, hand[usize::from(c)] as usize))
                    .collect(),
                left: format!("{} plays", moves.len()),
                before,
                after: self.values.clone(),
            },
            at,
        });
        let pile = table.pile;
        let actions = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| Action {
                name: play_name(pile, m),
                chances: Vec::new(),
                points: raced.mean(i, GAME_CHIPS).value,
                win: Some(value_of(i)),
                zero: None,
                estimate: Some(Estimate {
                    final_score: raced.mean(i, GAME_CHIPS),
                    p_win: raced.share(i, WIN),
                    now: raced.mean(i, ROUND_CHIPS).value,
                    playouts: raced.playouts(i),
                }),
                beat: None,
                held: None,
            })
            .collect();
        let lost = best - value_of(chosen);
        self.moments.push(Moment {
            round: label.into(),
            seat: p,
            throw,
            position,
            event: Event::Decision {
                actions,
                chosen,
                best: leader,
                loss_ci95: Some(loss.ci95.unwrap_or((lost, lost))),
            },
            at,
        });
        self.values[p] = value_of(chosen);
        Ok(())
    }
}

/// `hand` less the cards of `plays`.
fn held(hand: &Counts, plays: &[Move]) -> Counts {
    let mut left = *hand;
    for m in plays {
        left[usize::from(m.card)] -= 1;
    }
    left
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
