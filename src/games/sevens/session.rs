//! `dicelab play sevens`: a game of Sevens at the terminal, you in seat 1 (the first round's
//! first player) against computer seats playing their policies (`win` by default, as exact as
//! the game is solved). On your turn you see the dice, choose which sevens go where
//! `removal=subsets` leaves a choice, and stop or roll again; a turn with one legal action is
//! played for you. The advice (`?`, and the coach) is `dicelab advise sevens` on the dice
//! showing, with the round, the totals and this round's scores: exact.

use std::io::Write;

use crate::dice::pow6;
use crate::engine::RunConfig;
use crate::engine::{ChunkRng, chunk_rng};
use crate::error::{Error, Result, Setting};
use crate::games::advice::{Advice, AdviceRequest, Position};
use crate::games::options::{FirstPlayer, RuleOptions, Tie};
use crate::games::review::record::{GameRecord, RoundRecord, Seat, ThrowRecord, TurnRecord};
use crate::games::session::{Decision, FaceKind, Faces, PlayRequest, Playable, Session};

use super::Sevens;
use super::coach::advise::SevensAdvisor;
use super::coach::review_turn::{action_name, dice_word};
use super::lookup::Lookup;
use super::policy::Policy;
use super::position::Phase;
use super::removal;
use super::rules::{FollowerLimit, Kept, OPTIONS, Rules};
use super::sim::play::win_turn;
use super::sim::play::{Rolls, coin_generator, play_turn_with};
use super::sim::recorder::throws_of;
use super::solve::solutions::Solutions;
use super::spec::PolicySpec;
use resume::{NAME, Resumed, resumed_request};

mod resume;

/// Players when `--players` is not given, and the most: the advice's exact game values reach
/// three players.
const DEFAULT_PLAYERS: u32 = 2;
const MAX_PLAYERS: u32 = 3;
/// Play-off rounds after which tied leaders share the win.
const MAX_PLAYOFF_ROUNDS: u32 = 100;

/// Your turn in progress.
#[derive(Clone, Debug, Default)]
struct MyTurn {
    roll: u8,
    faces: Vec<u8>,
    /// The legal actions: a kept option, and whether to roll again.
    actions: Vec<(Kept, bool)>,
}

/// A game of Sevens in progress, you in seat 0.
struct SevensSession {
    rules: Rules,
    rule_pairs: Vec<String>,
    players: usize,
    lookup: Lookup,
    /// Shared with every other game and advice on the same rules and players (a three-player
    /// game is solved once a process, not once a game).
    solutions: std::sync::Arc<Solutions>,
    policies: Vec<Option<Policy>>,
    names: Vec<String>,
    rng: ChunkRng,
    coins: ChunkRng,
    stream: Rolls,
    /// Regular rounds played.
    round: u32,
    /// This round's seats in order, and whose turn it is.
    order: Vec<usize>,
    at: usize,
    first: usize,
    playoff: bool,
    playoffs: u32,
    allowed: u8,
    best: Option<u8>,
    totals: Vec<u32>,
    scores: Vec<u8>,
    mine: Option<MyTurn>,
    over: bool,
    /// What the advice runs with.
    advice: RunConfig<Option<u64>>,
    /// The game as played so far, where it can be written down: two or three players.
    record: Option<GameRecord>,
    /// The throws of the turn in progress.
    throws: Vec<ThrowRecord>,
    /// A game being resumed: its record, named in errors, and the person's turns in it still to
    /// replay.
    resumed: Option<Resumed>,
}

impl Playable for Sevens {
    fn players(&self) -> (u32, u32, u32) {
        (1, MAX_PLAYERS, DEFAULT_PLAYERS)
    }

    fn session(&self, request: &PlayRequest) -> Result<Box<dyn Session>> {
        let (request, resumed) = resumed_request(request)?;
        let request = &request;
        let options = RuleOptions::parse(NAME, OPTIONS, &request.rules)?;
        let rules = Rules::from_options(&options);
        let players = request.players.unwrap_or(DEFAULT_PLAYERS);
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(Error::value(
                Setting::PLAYERS,
                players,
                format!(
                    "play sevens takes 1 to {MAX_PLAYERS} players, you \
                 included (the coach's exact game values reach three)"
                ),
            ));
        }
        let solutions = Solutions::lately(rules, players);
        let others = players as usize - 1;
        let specs = request.computer_policies(others, PolicySpec::Win)?;
        let mut policies = vec![None];
        let mut names = vec!["you".to_string()];
        for (i, spec) in specs.iter().enumerate() {
            policies.push(Some(spec.compile(&solutions)?));
            names.push(format!("seat {} ({spec})", i + 2));
        }
        let mut rng = chunk_rng(request.seed, 0);
        let coins = coin_generator(&mut rng);
        let record = (players > 1).then(|| GameRecord {
            game: NAME.into(),
            rules: options.pairs(),
            seed: Some(request.seed),
            seats: std::iter::once(Seat::Person("you".into()))
                .chain(specs.iter().map(|s| Seat::Policy(s.to_string())))
                .collect(),
            ..Default::default()
        });
        Ok(Box::new(SevensSession {
            lookup: Lookup::new(&solutions.outcomes),
            solutions,
            rules,
            rule_pairs: options.pairs(),
            players: players as usize,
            policies,
            names,
            rng,
            coins,
            stream: Rolls::new(),
            round: 0,
            order: Vec::new(),
            at: 0,
            first: 0,
            playoff: false,
            playoffs: 0,
            allowed: rules.max_rolls,
            best: None,
            totals: vec![0; players as usize],
            scores: vec![0; players as usize],
            mine: None,
            over: false,
            advice: request.advice_settings(),
            record,
            throws: Vec::new(),
            resumed,
        }))
    }
}

fn say(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())
        .map_err(|e| Error::unwritable("play: the terminal", e))
}

impl SevensSession {
    /// Starts a round, a play-off round, or ends the game; false once it is over.
    fn start_round(&mut self, out: &mut dyn Write) -> Result<bool> {
        let n = self.players;
        let seats: Vec<usize>;
        if self.round >= self.rules.rounds {
            let top = *self.totals.iter().max().expect("players");
            let tied: Vec<usize> = (0..n).filter(|&s| self.totals[s] == top).collect();
            if n == 1
                || tied.len() == 1
                || self.rules.tie == Tie::Shared
                || self.playoffs >= MAX_PLAYOFF_ROUNDS
            {
                self.over = true;
                return Ok(false);
            }
            if self.rules.first_player == FirstPlayer::Rotate {
                self.first = (self.first + 1) % n;
            }
            let start = tied.iter().position(|&s| s >= self.first).unwrap_or(0);
            seats = (0..tied.len())
                .map(|i| tied[(start + i) % tied.len()])
                .collect();
            self.playoff = true;
            self.playoffs += 1;
        } else {
            self.first = match self.rules.first_player {
                FirstPlayer::Rotate => self.round as usize % n,
                FirstPlayer::Fixed => 0,
            };
            seats = (0..n).map(|i| (self.first + i) % n).collect();
        }
        self.order = seats;
        self.at = 0;
        self.allowed = self.rules.max_rolls;
        if let Some(record) = &mut self.record {
            record.rounds.push(RoundRecord {
                playoff: self.playoff,
                number: if self.playoff {
                    self.playoffs
                } else {
                    self.round + 1
                },
                ..Default::default()
            });
        }
        self.best = None;
        let names: Vec<&str> = self.order.iter().map(|&s| self.names[s].as_str()).collect();
        say(
            out,
            &format!(
                "\n{} {}: {}\n",
                if self.playoff { "play-off" } else { "round" },
                if self.playoff {
                    self.playoffs
                } else {
                    self.round + 1
                },
                names.join(", then ")
            ),
        )?;
        Ok(true)
    }

    /// Ends the current player's turn with `score` after `used` rolls.
    fn end_turn(&mut self, score: u8, used: u8, out: &mut dyn Write) -> Result<()> {
        let seat = self.order[self.at];
        if self.at == 0 && self.rules.follower_limit == FollowerLimit::Leader {
            self.allowed = used;
        }
        self.best = Some(self.best.map_or(score, |b| b.max(score)));
        self.scores[seat] = score;
        self.totals[seat] += u32::from(score);
        self.at += 1;
        let throws = std::mem::take(&mut self.throws);
        if let Some(round) = self.record.as_mut().and_then(|r| r.rounds.last_mut()) {
            round.turns.push(TurnRecord {
                seat,
                throws,
                ..Default::default()
            });
        }
        say(
            out,
            &format!(
                "{}: {score} in {used} roll{}\n",
                self.names[seat],
                if used == 1 { "" } else { "s" }
            ),
        )?;
        if self.at == self.order.len() {
            if !self.playoff {
                self.round += 1;
            }
            let totals: Vec<String> = (0..self.players)
                .map(|s| format!("{} {}", self.names[s], self.totals[s]))
                .collect();
            say(out, &format!("totals: {}\n", totals.join(", ")))?;
            self.order.clear();
        }
        Ok(())
    }

    /// Plays a computer seat's turn on pre-drawn dice, as a simulated game plays it.
    fn computer_turn(&mut self, out: &mut dyn Write) -> Result<()> {
        let seat = self.order[self.at];
        let max = usize::from(self.rules.max_rolls);
        let rolls: Vec<u32> = (0..max).map(|_| self.stream.next(&mut self.rng)).collect();
        let policy = self.policies[seat].as_ref().expect("a computer seat");
        let coins = if policy.uses_coins() {
            use rand_xoshiro::rand_core::Rng;
            self.coins.next_u64()
        } else {
            0
        };
        let phase = if self.playoff {
            Phase::Playoff
        } else {
            Phase::Round(self.round)
        };
        // What each throw kept, for the record (under removal=subsets a choice).
        let mut path = Vec::new();
        let (score, used) = match policy.game() {
            None => play_turn_with(
                &self.lookup,
                policy.table(self.allowed, self.best),
                &rolls,
                coins,
                &mut |k| path.push(k),
            ),
            // The win turn reads this round's scores only of the seats that have played it.
            Some(win) => win_turn(
                &self.lookup,
                win,
                (&self.order, self.first),
                self.at,
                self.allowed,
                (&self.totals, &self.scores),
                phase,
                &rolls,
                Some(&mut path),
            ),
        };
        // Each throw told as it fell, so the person sees the dice and not only the score.
        let outcomes = &self.solutions.outcomes;
        self.throws = throws_of((outcomes, &self.lookup), &self.rules, &rolls, &path);
        for (throw, &kept) in self.throws.iter().zip(&path) {
            let faces: Vec<String> = throw.dice.iter().map(u8::to_string).collect();
            say(
                out,
                &format!(
                    "{} rolls {}: {}\n",
                    self.names[seat],
                    faces.join(" "),
                    removal::words(&self.rules, &throw.dice, kept)
                ),
            )?;
        }
        self.end_turn(score, used, out)
    }

    /// Rolls your dice: the faces, and the actions they leave.
    fn roll_mine(&mut self, roll: u8, dice: u8) -> MyTurn {
        let packed = self.stream.next(&mut self.rng);
        let index = u64::from(packed) % pow6(u32::from(dice));
        let faces: Vec<u8> = (0..dice)
            .map(|j| ((index / pow6(u32::from(j))) % 6) as u8 + 1)
            .collect();
        let outcomes = &self.solutions.outcomes;
        let set = outcomes.lookup[usize::from(dice)][index as usize];
        let options = outcomes.sets[usize::from(set)].clone();
        self.throws.push(ThrowRecord {
            dice: faces.clone(),
            ..Default::default()
        });
        let mut actions = Vec::new();
        for &kept in &options {
            actions.push((kept, false));
            if roll < self.allowed && kept.dice > 0 {
                actions.push((kept, true));
            }
        }
        MyTurn {
            roll,
            faces,
            actions,
        }
    }

    /// While a resumed game's recorded turns last, the action the record took at this throw
    /// (checked against the record's); `None` once they are all replayed, after checking that
    /// the game dealt again is the record's, from when the person plays on.
    fn replayed(&mut self) -> Result<Option<usize>> {
        let Some(resumed) = self.resumed.as_mut() else {
            return Ok(None);
        };
        let mine = self.mine.as_ref().expect("your turn");
        if let Some(action) = resumed.replay((mine.roll, &mine.faces, &mine.actions))? {
            return Ok(Some(action));
        }
        if let Some(now) = &self.record {
            resumed.check(now)?;
        }
        self.resumed = None;
        Ok(None)
    }

    fn options(&self) -> usize {
        let mine = self.mine.as_ref().expect("your turn");
        mine.actions.iter().filter(|(_, again)| !again).count()
    }
}

impl Session for SevensSession {
    fn next(&mut self, out: &mut dyn Write) -> Result<Option<Decision>> {
        loop {
            if self.over {
                return Ok(None);
            }
            if self.order.is_empty() && !self.start_round(out)? {
                return Ok(None);
            }
            if self.order[self.at] != 0 {
                self.computer_turn(out)?;
                continue;
            }
            if self.mine.is_none() {
                self.mine = Some(self.roll_mine(1, self.solutions.outcomes.dice));
            }
            if let Some(action) = self.replayed()? {
                let several = self.options() > 1;
                let mine = self.mine.as_ref().expect("just rolled");
                let (kept, again) = mine.actions[action];
                let faces: Vec<String> = mine.faces.iter().map(u8::to_string).collect();
                say(
                    out,
                    &format!(
                        "you roll {} (as recorded): {}; {}\n",
                        faces.join(" "),
                        removal::words(&self.rules, &mine.faces, kept),
                        action_name(kept, again, several)
                    ),
                )?;
                self.apply(action, out)?;
                continue;
            }
            let mine = self.mine.as_ref().expect("just rolled");
            let faces: Vec<String> = mine.faces.iter().map(u8::to_string).collect();
            let options = self.options();
            let names: Vec<String> = mine
                .actions
                .iter()
                .map(|&(k, again)| action_name(k, again, options > 1))
                .collect();
            if names.len() == 1 {
                let (kept, _) = mine.actions[0];
                let roll = mine.roll;
                say(
                    out,
                    &format!(
                        "you roll {}: {}; {}\n",
                        faces.join(" "),
                        removal::words(&self.rules, &mine.faces, kept),
                        names[0]
                    ),
                )?;
                self.mine = None;
                self.end_turn(kept.sum, roll, out)?;
                continue;
            }
            let to_beat = match self.best {
                Some(b) if self.at > 0 => format!("; the score to beat is {b}"),
                _ => String::new(),
            };
            // What the removal took: one line, or under removal=subsets one per way to keep.
            let kept: Vec<Kept> = mine
                .actions
                .iter()
                .filter(|(_, again)| !again)
                .map(|&(k, _)| k)
                .collect();
            let removed = match kept.as_slice() {
                [one] => removal::words(&self.rules, &mine.faces, *one),
                more => more
                    .iter()
                    .map(|&k| {
                        format!(
                            "to keep {} (sum {}): {}",
                            dice_word(k.dice),
                            k.sum,
                            removal::words(&self.rules, &mine.faces, k)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
            };
            let mut table = vec![Faces::new("thrown", FaceKind::Dice, &mine.faces)];
            // The dice left once the sevens are out, where the rules leave one way to keep.
            if let [one] = kept.as_slice()
                && let Some((_, left)) = removal::removed(&self.rules, &mine.faces, *one)
            {
                table.push(Faces::new("kept", FaceKind::Dice, &left));
            }
            return Ok(Some(Decision {
                prompt: format!(
                    "your turn, roll {} of {}{to_beat}: {}\n{removed}",
                    mine.roll,
                    self.allowed,
                    faces.join(" ")
                ),
                actions: names,
                table,
            }));
        }
    }

    fn advise(&mut self) -> Result<Advice> {
        let mine = self.mine.as_ref().expect("your turn");
        let faces: Vec<String> = mine.faces.iter().map(u8::to_string).collect();
        let mut keys = vec![
            ("roll".to_string(), mine.roll.to_string()),
            ("dice-shown".to_string(), faces.join(",")),
            ("allowed".to_string(), self.allowed.to_string()),
        ];
        if self.players > 1 && !self.playoff {
            let totals: Vec<String> = self
                .order
                .iter()
                .enumerate()
                .map(|(j, &s)| {
                    let played = if j < self.at { self.scores[s] } else { 0 };
                    (self.totals[s] - u32::from(played)).to_string()
                })
                .collect();
            keys.push(("round".into(), (self.round + 1).to_string()));
            keys.push(("totals".into(), totals.join(",")));
            if self.at > 0 {
                let scores: Vec<String> = self.order[..self.at]
                    .iter()
                    .map(|&s| self.scores[s].to_string())
                    .collect();
                keys.push(("scores".into(), scores.join(",")));
            }
        } else if let Some(b) = self.best.filter(|_| self.at > 0) {
            keys.push(("to-beat".into(), b.to_string()));
        }
        let request = AdviceRequest {
            rules: self.rule_pairs.clone(),
            policies: Vec::new(),
            position: Position::new(keys)?,
            run: self.advice.clone(),
        };
        SevensAdvisor.advise_with(&request, Some(&self.solutions))
    }

    fn apply(&mut self, action: usize, out: &mut dyn Write) -> Result<()> {
        let choice = self.options() > 1;
        let mine = self.mine.take().expect("your turn");
        let (kept, again) = mine.actions[action];
        // Where the removal left a choice, the record says which dice were kept.
        if let (true, Some(throw)) = (choice, self.throws.last_mut()) {
            throw.keep = removal::removed(&self.rules, &mine.faces, kept).map(|(_, k)| k);
        }
        if again {
            self.mine = Some(self.roll_mine(mine.roll + 1, kept.dice));
            Ok(())
        } else {
            self.end_turn(kept.sum, mine.roll, out)
        }
    }

    fn result(&self) -> String {
        let n = self.players;
        let totals: Vec<String> = (0..n)
            .map(|s| format!("{} {}", self.names[s], self.totals[s]))
            .collect();
        if !self.over {
            return format!(
                "game stopped in round {}. totals: {}",
                self.round + 1,
                totals.join(", ")
            );
        }
        let top = *self.totals.iter().max().expect("players");
        let winners: Vec<&str> = (0..n)
            .filter(|&s| self.totals[s] == top)
            .map(|s| self.names[s].as_str())
            .collect();
        format!(
            "game over. totals: {}\n{}",
            totals.join(", "),
            if n == 1 {
                format!("your total: {top}")
            } else if winners == ["you"] {
                "you win!".to_string()
            } else if winners.contains(&"you") {
                "you share the win".to_string()
            } else {
                format!("the winner: {}", winners.join(" and "))
            }
        )
    }

    fn record(&self) -> Option<GameRecord> {
        let mut record = self.record.clone()?;
        // A round begun and not played (the game stopped at its first decision) is left out.
        if record.rounds.last().is_some_and(|r| r.turns.is_empty()) {
            record.rounds.pop();
        }
        Some(record)
    }
}
