//! `dicelab play sieben`: a game of 7 at the terminal. You sit in seat 1 (you start the first
//! round); the other seats play their policies. On your turn you pick a play from the legal
//! ones; after your own Seven you pick the card that starts the new pile, as a decision of its
//! own, and your turn is played once every card of it is chosen, by the same code as a
//! simulated turn (`Round::turn_with`). The advice (`?`, and the coach) is `dicelab advise
//! sieben` on the position as you see it, with the chips so far.

use std::io::Write;

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::engine::RunConfig;
use crate::engine::{ChunkRng, chunk_rng};
use crate::error::{Error, Result};
use crate::games::advice::{Advice, AdviceRequest, Advisor, Position};
use crate::games::options::{RuleOptions, Tie};
use crate::games::policy::Policy;
use crate::games::review::record::{At, GameRecord, Seat, TurnRecord, error_at};
use crate::games::session::{Decision, FaceKind, Faces, PlayRequest, Playable, Session};
use crate::input::Files;

use super::super::deck::Counts;
use super::super::notation::play_name;
use super::super::record_turn::{cards_text, check_round, plays, read_turn};
use super::super::recorder::{deal_lines, drawn, turn_text};
use super::super::round::{Round, SEATS};
use super::super::rules::{MAX_PLAYOFF_ROUNDS, Move, OPTIONS, Pile, Rules, legal_moves};
use super::super::spec::Builtin;
use super::super::{NAME, PLAYERS, Sieben};
use super::seen::{hand_after, pile_text, position_of};

/// Players when `--players` is not given.
const DEFAULT_PLAYERS: u32 = 4;

/// A game of 7 in progress, you in seat 0.
struct SiebenSession {
    rules: Rules,
    rule_pairs: Vec<String>,
    players: usize,
    seats: Vec<Option<Builtin<Xoshiro256PlusPlus>>>,
    names: Vec<String>,
    table: Round,
    rng: ChunkRng,
    /// Rounds played, play-offs included.
    rounds: u32,
    chips: [u32; SEATS],
    pool: u32,
    /// Whether a round is on the table.
    dealt: bool,
    /// The round's pay.
    pay: [u32; SEATS],
    /// Seats still playing off a tie (all, before the regular rounds end).
    playoff: Option<Vec<usize>>,
    over: bool,
    /// Your plays chosen so far this turn: a Seven, then the card of each new pile.
    queued: Vec<Move>,
    /// The pending decision's plays.
    moves: Vec<Move>,
    /// What the advice runs with.
    advice: RunConfig<Option<u64>>,
    /// The game so far as a record (`play --record`, and the review at the game's end).
    record: GameRecord,
    /// What the last turn laid and drew, for a resumed game's check against its record.
    last: (Vec<Move>, Option<u8>),
}

impl Playable for Sieben {
    fn players(&self) -> (u32, u32, u32) {
        (PLAYERS.min, PLAYERS.max, DEFAULT_PLAYERS)
    }

    fn session(&self, request: &PlayRequest) -> Result<Box<dyn Session>> {
        let resumed = request.resumed(NAME)?;
        let request = resumed.as_ref().map_or(request, |r| &r.0);
        let options = RuleOptions::parse(NAME, OPTIONS, &request.rules)?;
        // Play records no inputs: the deck is read from disk as it stands.
        let rules = Rules::from_options(&options, &Files::default())?;
        let players = request.players.unwrap_or(DEFAULT_PLAYERS);
        PLAYERS.check(NAME, players)?;
        rules.check_players(players)?;
        let others = players as usize - 1;
        let specs = request.computer_policies(others, super::super::DEFAULT_POLICY)?;
        let mut seats = vec![None];
        let mut names = vec!["you".to_string()];
        let mut record = GameRecord {
            game: NAME.into(),
            rules: options.pairs(),
            seed: Some(request.seed),
            seats: vec![Seat::Person("you".into())],
            ..Default::default()
        };
        for (i, spec) in specs.iter().enumerate() {
            let rng = Xoshiro256PlusPlus::seed_from_u64(request.seed ^ (0x5EA7 + i as u64));
            seats.push(Some(spec.build(&rules, rng)));
            names.push(format!("seat {} ({spec})", i + 2));
            record.seats.push(Seat::Policy(spec.to_string()));
        }
        let pool = rules.chips;
        let mut session = Box::new(SiebenSession {
            table: Round::new(&rules, players),
            rules,
            rule_pairs: options.pairs(),
            players: players as usize,
            seats,
            names,
            rng: chunk_rng(request.seed, 0),
            rounds: 0,
            chips: [0; SEATS],
            pool,
            dealt: false,
            pay: [0; SEATS],
            playoff: None,
            over: false,
            queued: Vec::new(),
            moves: Vec::new(),
            advice: request.advice_settings(),
            record,
            last: (Vec::new(), None),
        });
        if let Some((_, what, rec)) = &resumed {
            session.resume(what, rec)?;
        }
        Ok(session)
    }
}

/// The cards of `hand`, low to high.
fn cards_of(hand: &Counts) -> Vec<u8> {
    (1..8u8)
        .flat_map(|n| std::iter::repeat_n(n, hand[usize::from(n)] as usize))
        .collect()
}

/// What the table shows at your turn: the pile's spots (where a pile is begun) and your hand.
fn table_of(pile: Pile, hand: &Counts) -> Vec<Faces> {
    let mut table = Vec::new();
    if !pile.is_empty() {
        table.push(Faces::new("the pile", FaceKind::Spots, &pile.spots()));
    }
    table.push(Faces::new("your hand", FaceKind::Cards, &cards_of(hand)));
    table
}

fn cards_list(hand: &Counts) -> String {
    let cards: Vec<String> = (1..8)
        .flat_map(|n| std::iter::repeat_n(n.to_string(), hand[n] as usize))
        .collect();
    if cards.is_empty() {
        "no cards".into()
    } else {
        cards.join(" ")
    }
}

fn say(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes())
        .map_err(|e| Error::unwritable("play: the terminal", e))
}

impl SiebenSession {
    fn regular(&self) -> u32 {
        self.rules.regular_rounds(self.players as u32)
    }

    /// The round's first player.
    fn first(&self) -> usize {
        self.rules.starter(self.rounds, self.players)
    }

    /// Starts the next round, or ends the game; false when it is over.
    fn deal(&mut self, out: &mut dyn Write) -> Result<bool> {
        let n = self.players;
        if self.rounds >= self.regular() {
            let top = self.chips[..n].iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..n).filter(|&s| self.chips[s] == top).collect();
            let extra = self.rounds - self.regular();
            if leaders.len() == 1 || self.rules.tie == Tie::Shared || extra >= MAX_PLAYOFF_ROUNDS {
                self.over = true;
                return Ok(false);
            }
            if self.playoff.is_none() {
                say(
                    out,
                    "\nthe lead is shared: play-off rounds until one leads\n",
                )?;
            }
            self.playoff = Some(leaders);
        }
        let limited = self.rules.pool_limited(n as u32) && self.playoff.is_none();
        self.pay = self
            .rules
            .round_chips(n as u32, limited.then_some(self.pool));
        self.table.set_pay(&self.pay[..n]);
        let first = self.first();
        self.table.deal(first, &mut self.rng);
        self.dealt = true;
        self.record.begin_round(self.playoff.is_some());
        if let Some(round) = self.record.rounds.last_mut() {
            round.deals = deal_lines(&self.table);
        }
        say(
            out,
            &format!(
                "\nround {}{}: {} {}; it pays {}\n",
                self.rounds + 1,
                if self.playoff.is_some() {
                    " (play-off)"
                } else {
                    ""
                },
                self.names[first],
                if first == 0 { "start" } else { "starts" },
                self.pay[..n]
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )?;
        Ok(true)
    }

    /// Pays out a finished round.
    fn pay_out(&mut self, out: &mut dyn Write) -> Result<()> {
        let n = self.players;
        let mut line = String::from("round over:");
        for (place, &seat) in self.table.finishing_order().iter().enumerate() {
            let seat = usize::from(seat);
            self.chips[seat] += self.pay[place];
            line.push_str(&format!(
                " {}. {} +{}",
                place + 1,
                self.names[seat],
                self.pay[place]
            ));
        }
        if self.rules.pool_limited(n as u32) && self.playoff.is_none() {
            self.pool -= self.pay[..n].iter().sum::<u32>();
        }
        self.rounds += 1;
        self.dealt = false;
        say(out, &format!("{line}\nchips: {}\n", self.chips_text()))
    }

    fn chips_text(&self) -> String {
        (0..self.players)
            .map(|s| format!("{} {}", self.names[s], self.chips[s]))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Plays the current seat's turn: the computer's by its policy, yours with the plays
    /// queued (or, without a play, a penalty card), telling what was laid and drawn.
    fn play_turn(&mut self, out: &mut dyn Write) -> Result<()> {
        let p = self.table.current();
        let held = *self.table.hand(p);
        let before = held.iter().sum::<u32>();
        let blocked = self.table.is_blocked(p);
        let queued = std::mem::take(&mut self.queued);
        let mut laid: Vec<(Pile, Move)> = queued
            .first()
            .map(|&m| (self.table.pile(), m))
            .into_iter()
            .collect();
        {
            let seats = &mut self.seats;
            let laid = &mut laid;
            let mut next_queued = queued.iter().skip(1);
            let mut chooser = |seat: usize, view: &super::super::policy::View, moves: &[Move]| {
                let i = match &mut seats[seat] {
                    Some(policy) => policy.choose(view, moves),
                    None => {
                        let m = next_queued.next().expect("your new piles were chosen");
                        moves.iter().position(|x| x == m).expect("a legal play")
                    }
                };
                laid.push((view.pile, moves[i]));
                i
            };
            match queued.first() {
                Some(&first) => {
                    self.table
                        .turn_with(&self.rules, &mut self.rng, first, false, &mut chooser);
                }
                None => self.table.turn(&self.rules, &mut self.rng, &mut chooser),
            }
        }
        let after = *self.table.hand(p);
        let drew = drawn(&laid, &held, &after);
        let turn = turn_text(blocked, &laid, drew);
        self.last = (laid.iter().map(|&(_, m)| m).collect(), drew);
        if let Some(round) = self.record.rounds.last_mut() {
            round.turns.push(TurnRecord {
                seat: p,
                cards: Some((turn, At::default())),
                ..Default::default()
            });
        }
        let who = &self.names[p];
        let mut text = String::new();
        if blocked {
            text.push_str(&format!("{who}: blocked, sits out\n"));
        } else if laid.is_empty() {
            let after = self.table.hand(p).iter().sum::<u32>();
            text.push_str(&if after > before && before == 0 {
                format!("{who}: holds no card, takes a penalty card\n")
            } else if after > before {
                format!(
                    "{who}: cannot play on {}, takes a penalty card\n",
                    pile_text(self.table.pile())
                )
            } else {
                format!("{who}: cannot play, nothing to draw\n")
            });
        } else {
            let plays: Vec<String> = laid.iter().map(|&(pile, m)| play_name(pile, m)).collect();
            text.push_str(&format!("{who}: {}", plays.join(", then ")));
            let cards = self.table.hand(p).iter().sum::<u32>();
            text.push_str(&format!(
                "; holds {cards} card{}\n",
                if cards == 1 { "" } else { "s" }
            ));
        }
        if self.table.is_out(p) && !self.table.is_over() {
            text.push_str(&format!("{who} is out\n"));
        }
        say(out, &text)
    }

    /// Deals a recorded game again from its seed and replays it (`play --resume`): your
    /// recorded plays laid as you laid them, every other seat playing its policy, and each
    /// deal and turn checked against the record's. A record that is not this seed's game, or
    /// breaks the rules, is refused at its line and column. The game goes on from where the
    /// record stops.
    fn resume(&mut self, what: &str, rec: &GameRecord) -> Result<()> {
        let mut quiet = std::io::sink();
        let seed = rec.seed.unwrap_or_default();
        let not_this = |at, what_here: String| {
            error_at(
                what,
                at,
                format!("seed {seed} {what_here} here: the record is not this seed's game"),
            )
        };
        for (r, round) in rec.rounds.iter().enumerate() {
            if !self.deal(&mut quiet)? {
                return rec.nothing_after(what, r);
            }
            let number = self.record.rounds.last().map_or(0, |x| x.number);
            let playoff = self.playoff.is_some();
            check_round(what, round, playoff, number)?;
            for deal in &round.deals {
                let typed = deal.cards.clone().unwrap_or_default();
                let dealt = cards_text(self.table.hand(deal.seat));
                let typed_hand = super::super::record_turn::parse_cards(what, &typed.0, typed.1)?;
                if typed_hand != *self.table.hand(deal.seat) {
                    return Err(not_this(
                        typed.1,
                        format!("deals {dealt} to seat {}", deal.seat + 1),
                    ));
                }
            }
            for turn in &round.turns {
                if self.table.is_over() {
                    return Err(error_at(
                        what,
                        turn.at,
                        "the round is over before this turn: one player is left holding cards",
                    ));
                }
                let p = self.table.current();
                let (typed, at) = read_turn(what, turn, p, &self.names[p])?;
                let laid = if typed.laid.is_empty() {
                    Vec::new()
                } else {
                    plays(what, &typed, self.table.pile(), *self.table.hand(p))?
                };
                if p == 0 {
                    // Your turn is played from the record: it must be a turn the rules allow.
                    let legal = legal_moves(self.table.pile(), self.table.hand(0));
                    let can = !legal.is_empty() && !self.table.is_blocked(0);
                    match (can, laid.first()) {
                        (true, None) => {
                            return Err(error_at(
                                what,
                                at,
                                "you can lay a card here, and a player who can must",
                            ));
                        }
                        (false, Some(_)) => {
                            return Err(error_at(what, at, "you cannot lay a card here"));
                        }
                        (true, Some(first)) if !legal.contains(first) => {
                            return Err(error_at(what, at, "that play is not legal here"));
                        }
                        _ => self.queued = laid.clone(),
                    }
                }
                self.play_turn(&mut quiet)?;
                let drawn = typed.draw.map(|d| d.0);
                if self.last != (laid, drawn) {
                    let played = self
                        .record
                        .rounds
                        .last()
                        .and_then(|r| r.turns.last())
                        .and_then(|t| t.cards.clone())
                        .unwrap_or_default()
                        .0;
                    return Err(not_this(at, format!("plays `{played}`")));
                }
            }
            if self.table.is_over() {
                self.pay_out(&mut quiet)?;
            } else if r + 1 < rec.rounds.len() {
                return Err(error_at(
                    what,
                    rec.rounds[r + 1].at,
                    "the round before this one is not over",
                ));
            }
        }
        Ok(())
    }

    /// Your hand as it will be once the queued plays are laid.
    fn hand_now(&self) -> Counts {
        hand_after(&self.table, 0, &self.queued)
    }

    /// The position as `dicelab advise sieben` reads it, with the chips so far in a regular
    /// round (a play-off round is valued by the round alone).
    fn position(&self) -> Result<Position> {
        let chips = (self.playoff.is_none() && self.rounds < self.regular())
            .then_some(&self.chips[..self.players]);
        position_of(&self.table, 0, &self.queued, chips)
    }
}

impl Session for SiebenSession {
    fn next(&mut self, out: &mut dyn Write) -> Result<Option<Decision>> {
        loop {
            if self.over {
                return Ok(None);
            }
            if !self.queued.is_empty() {
                // After your Seven: the new pile's card, from what is left.
                let hand = self.hand_now();
                self.moves = legal_moves(Pile::EMPTY, &hand).to_vec();
                if let [only] = self.moves[..] {
                    say(
                        out,
                        &format!(
                            "Seven! your one choice for the new pile (no draw): {}\n",
                            play_name(Pile::EMPTY, only)
                        ),
                    )?;
                    self.apply(0, out)?;
                    continue;
                }
                return Ok(Some(Decision {
                    prompt: format!(
                        "Seven! you start the new pile (no draw); you hold {}",
                        cards_list(&hand)
                    ),
                    actions: self
                        .moves
                        .iter()
                        .map(|&m| play_name(Pile::EMPTY, m))
                        .collect(),
                    table: vec![Faces::new("your hand", FaceKind::Cards, &cards_of(&hand))],
                }));
            }
            if !self.dealt && !self.deal(out)? {
                return Ok(None);
            }
            if self.table.is_over() {
                self.pay_out(out)?;
                continue;
            }
            let p = self.table.current();
            let moves = legal_moves(self.table.pile(), self.table.hand(0));
            if p == 0 && !self.table.is_blocked(0) && !moves.is_empty() {
                self.moves = moves.to_vec();
                let t = &self.table;
                if let [only] = self.moves[..] {
                    // One legal play: played for you, as a turn with no choice is in Sevens.
                    let pile = if t.pile().is_empty() {
                        "an empty pile".to_string()
                    } else {
                        pile_text(t.pile())
                    };
                    say(
                        out,
                        &format!(
                            "your turn on {pile}, holding {}: your one legal play is {}\n",
                            cards_list(t.hand(0)),
                            play_name(t.pile(), only)
                        ),
                    )?;
                    self.apply(0, out)?;
                    continue;
                }
                let others: Vec<String> = (1..self.players)
                    .map(|k| {
                        if t.is_out(k) {
                            format!("{}: out", self.names[k])
                        } else {
                            let cards = t.hand(k).iter().sum::<u32>();
                            format!(
                                "{}: {cards} card{}",
                                self.names[k],
                                if cards == 1 { "" } else { "s" }
                            )
                        }
                    })
                    .collect();
                let pile = if t.pile().is_empty() {
                    "empty".to_string()
                } else {
                    format!("{} (total {})", pile_text(t.pile()), t.pile().total())
                };
                return Ok(Some(Decision {
                    prompt: format!(
                        "round {}, your turn. pile: {pile}; draw pile: {} cards\n{}\nyou hold {}",
                        self.rounds + 1,
                        t.draw_pile().len(),
                        others.join("; "),
                        cards_list(t.hand(0))
                    ),
                    actions: self.moves.iter().map(|&m| play_name(t.pile(), m)).collect(),
                    table: table_of(t.pile(), t.hand(0)),
                }));
            }
            self.play_turn(out)?;
        }
    }

    fn advise(&mut self) -> Result<Advice> {
        Sieben.advise(&AdviceRequest {
            rules: self.rule_pairs.clone(),
            policies: Vec::new(),
            position: self.position()?,
            run: self.advice.clone(),
        })
    }

    fn apply(&mut self, action: usize, out: &mut dyn Write) -> Result<()> {
        let m = self.moves[action];
        self.queued.push(m);
        let left = self.hand_now().iter().sum::<u32>();
        if m.is_seven() && left > 0 {
            // The new pile's card is your next decision.
            return Ok(());
        }
        self.play_turn(out)
    }

    fn record(&self) -> Option<GameRecord> {
        Some(self.record.clone())
    }

    fn result(&self) -> String {
        let n = self.players;
        let top = self.chips[..n].iter().copied().max().unwrap_or(0);
        let winners: Vec<&str> = (0..n)
            .filter(|&s| self.chips[s] == top)
            .map(|s| self.names[s].as_str())
            .collect();
        if self.over {
            format!(
                "game over after {} rounds. chips: {}\n{}",
                self.rounds,
                self.chips_text(),
                if winners == ["you"] {
                    "you win!".to_string()
                } else if winners.contains(&"you") {
                    format!("you share the win with {}", winners.len() - 1)
                } else {
                    format!("the winner: {}", winners.join(" and "))
                }
            )
        } else {
            format!(
                "game stopped in round {}. chips: {}",
                self.rounds + 1,
                self.chips_text()
            )
        }
    }
}
