//! `dicelab advise sieben`: every legal play in a position of 7, valued as the `lookahead`
//! player values it. The cards the player has not seen are dealt at random into guesses that
//! agree with what the table has shown (the hand sizes, and what a penalty card gave away); each
//! guess is shared by every play (common random numbers), and the round is played out from it
//! with `seven-first` in every seat, the lookahead's own play-outs. What each play earns this
//! round is the chips of the place it reaches.
//!
//! Given the chips so far (`--chips`), the rest of the game is played out as well: the regular
//! rounds after this one once per guess (they are dealt afresh, so they are the same whatever
//! is played now), then, under `tie=playoff`, the play-offs each play's chips call for, all on
//! one generator per guess. That gives each play's chance to win the game and its expected
//! chips at the end, and the plays are ranked by the chance to win.
//!
//! Every value is an average over guesses, so it carries a 95% interval, and what a play loses
//! against the best is a paired difference on the same guesses. The sums are whole numbers,
//! so any split of the guesses over threads gives the same advice.

use rand_xoshiro::rand_core::Rng;
use rayon::prelude::*;

use crate::engine::chunk_rng;
use crate::error::{Error, Message, Result, Setting};
use crate::games::advice::{
    Advice, AdviceRequest, Advisor, Column, PositionKey, Row, Value, whole_list,
};
use crate::games::options::{FirstPlayer, RuleOptions, Tie};
use crate::input::Files;
use crate::stats::estimate::z95;

use super::deck::{Counts, MAX_NUMBER};
use super::lookahead::Guesser;
use super::play::{GameResult, play_offs, play_rounds};
use super::playout::{self, Playout};
use super::policy::{Opponent, View, seven_first};
use super::round::{Round, SEATS, SevenFirstChooser};
use super::round_playout::{on_round, round_to_end};
use super::rules::{MAX_MOVES, Move, OPTIONS, Pay, Penalty, Pile, Rules, legal_moves};
use super::{NAME, PLAYERS, Sieben};

/// The keys of a position of 7.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "hand",
        syntax: "C,C,...",
        meaning: "your cards, by number 1 to 7, as 1,3,3,5,6",
    },
    PositionKey {
        key: "pile",
        syntax: "A+B|empty|new",
        meaning: "the pile's two spots, as 2+3 (0 for an empty spot: 0+4); empty: a turn on an \
                  empty pile (the round's first card, or after a player went out with a Seven), \
                  drawing after it; new: you just called Seven and start the new pile, drawing \
                  nothing",
    },
    PositionKey {
        key: "others",
        syntax: "N,N,...",
        meaning: "the other players in turn order, the next first: cards in hand, or out (outK: \
                  went out K-th this round)",
    },
    PositionKey {
        key: "pile-cards",
        syntax: "C,C,...",
        meaning: "every card laid on the current pile since it was started (default: the spots \
                  showing)",
    },
    PositionKey {
        key: "set-aside",
        syntax: "C,C,...",
        meaning: "the cards set aside by Sevens since the draw pile was last refilled (default: \
                  none)",
    },
    PositionKey {
        key: "stuck",
        syntax: "K@A+B[:D],...",
        meaning: "player K (1: the next) last could not play on the pile A+B and has drawn D \
                  cards since, the penalty card included (default 1)",
    },
    PositionKey {
        key: "blocked",
        syntax: "K,...",
        meaning: "under penalty=pile, the players (1: the next) blocked until this pile is set \
                  aside",
    },
    PositionKey {
        key: "chips",
        syntax: "C,C,...",
        meaning: "the chips before this round, yours first, then the others in turn order: adds \
                  each play's chance to win the game",
    },
    PositionKey {
        key: "starter",
        syntax: "you|K",
        meaning: "who started this round (K: the K-th player after you; default you): with \
                  the chips given, who starts the rounds after it",
    },
];

/// Guesses when `-n` is not given, times the players (a play-out's length grows with them):
/// about a second of work on one core for the most plays a hand can have, seven, on the first
/// pile of a round (measured: docs/cli.md).
const ROUND_GUESSES: u64 = 2_000_000;
/// The same when `--chips` asks for the game's values: the play-outs then play each round to
/// its end and the rest of the game once a guess.
const GAME_GUESSES: u64 = 400_000;

/// Where the game stands, from `--chips` and `--starter`.
#[derive(Clone, Copy, Debug)]
struct GameAt {
    /// Chips before this round, by seat (you are seat 0, the others follow in turn order).
    chips: [u32; SEATS],
    /// Rounds played before this one.
    played: u32,
    /// Chips left in the box before this round (5 to 7 players use them up).
    pool: u32,
    /// The seat that started the game's first round, as [`play_rounds`] counts rotation.
    start: usize,
}

/// A checked position: the table as the player sees it, seat 0 to play.
#[derive(Clone, Debug)]
struct Table {
    players: usize,
    hand: Counts,
    pile: Pile,
    new_pile: bool,
    pile_cards: Counts,
    set_aside: Counts,
    opponents: Vec<Opponent>,
    /// The seats already out, in the order they went out.
    out: Vec<usize>,
    draw_pile: u32,
    deck: Counts,
    pay: [u32; SEATS],
    game: Option<GameAt>,
    understood: Vec<(String, Message)>,
}

impl Table {
    fn view(&self) -> View<'_> {
        View {
            hand: &self.hand,
            pile: self.pile,
            pile_cards: &self.pile_cards,
            set_aside: &self.set_aside,
            draw_pile: self.draw_pile,
            opponents: &self.opponents,
            deck: &self.deck,
            new_pile: self.new_pile,
            pay: &self.pay[..self.players],
        }
    }
}

/// Cards written `C,C,...` (numbers 1 to 7); empty or `none` for no cards.
fn parse_cards(key: &str, text: &str) -> Result<Counts> {
    let mut counts = [0; 8];
    let t = text.trim();
    if t.is_empty() || t == "none" {
        return Ok(counts);
    }
    for c in whole_list(key, t, 1, i64::from(MAX_NUMBER))? {
        counts[c as usize] += 1;
    }
    Ok(counts)
}

fn cards_text(counts: &Counts) -> String {
    let cards: Vec<String> = (1..8)
        .flat_map(|n| std::iter::repeat_n(n.to_string(), counts[n] as usize))
        .collect();
    if cards.is_empty() {
        "none".into()
    } else {
        cards.join(",")
    }
}

/// A pile written `A+B` (or `A,B`): spots 0 to 6 with a total of 1 to 6.
fn parse_spots(key: &str, text: &str) -> Result<Pile> {
    let bad = || {
        Error::input(format!(
            "--{key} {text}: expected a pile's two spots as A+B, each 0 to 6, their total 1 to 6 \
             (a total of 7 is set aside at once)"
        ))
    };
    let (a, b) = text.split_once(['+', ',']).ok_or_else(bad)?;
    let a: u8 = a.trim().parse().map_err(|_| bad())?;
    let b: u8 = b.trim().parse().map_err(|_| bad())?;
    match Pile::new(a, b) {
        Some(p) if !p.is_empty() && a <= 6 && b <= 6 => Ok(p),
        _ => Err(bad()),
    }
}

fn spots_text(pile: Pile) -> String {
    let [a, b] = pile.spots();
    format!("{a}+{b}")
}

/// A seat as the table names it.
fn seat_name(seat: usize) -> String {
    match seat {
        0 => "you".into(),
        1 => "the next player".into(),
        k => format!("player {k} after you"),
    }
}

/// The K of `K` or `K@...`, a player after you.
fn player_number(key: &str, text: &str, part: &str, others: usize) -> Result<usize> {
    part.trim()
        .parse::<usize>()
        .ok()
        .filter(|k| (1..=others).contains(k))
        .ok_or_else(|| {
            Error::input(format!(
                "--{key} {text}: '{part}' is not a player: 1 (the next) to {others}"
            ))
        })
}

/// Reads and checks the position.
fn parse(rules: &Rules, request: &AdviceRequest) -> Result<Table> {
    let given = &request.position;
    let need = |key: &str| {
        given.get(key).ok_or_else(|| {
            Error::input(
                Message::settings_in("a sieben position needs §hand, §pile and §others (missing ")
                    .setting(Setting::new(key))
                    .text(")"),
            )
        })
    };
    let hand_text = need("hand")?;
    let pile_text = need("pile")?;
    let others_text = need("others")?;
    let hand = parse_cards("hand", hand_text)?;

    // The other players: hand sizes, or out with their place.
    let mut opponents = Vec::new();
    let mut places: Vec<(usize, Option<u32>)> = Vec::new();
    for (i, part) in others_text.split(',').enumerate() {
        let part = part.trim();
        let seat = i + 1;
        if let Some(place) = part.strip_prefix("out") {
            let place = if place.is_empty() {
                None
            } else {
                Some(
                    place
                        .parse::<u32>()
                        .ok()
                        .filter(|&k| k >= 1)
                        .ok_or_else(|| {
                            Error::value(
                                Setting::named("others"),
                                others_text,
                                format!("'{part}' is not out or outK (K: went out K-th)"),
                            )
                        })?,
                )
            };
            places.push((seat, place));
            opponents.push(Opponent {
                out: true,
                ..Opponent::default()
            });
        } else {
            let cards = part
                .parse::<u32>()
                .ok()
                .filter(|&c| c <= 10_000)
                .ok_or_else(|| {
                    Error::value(
                        Setting::named("others"),
                        others_text,
                        format!("'{part}' is not a number of cards or out"),
                    )
                })?;
            opponents.push(Opponent {
                cards,
                ..Opponent::default()
            });
        }
    }
    let players = opponents.len() + 1;
    if !(PLAYERS.min as usize..=PLAYERS.max as usize).contains(&players) {
        return Err(Error::value(
            Setting::named("others"),
            others_text,
            format!(
                "{players} players with you; 7 is for {} to {} players",
                PLAYERS.min, PLAYERS.max
            ),
        ));
    }
    rules.check_players(players as u32)?;
    if places.len() == opponents.len() {
        return Err(Error::value(
            Setting::named("others"),
            others_text,
            "every other player is out, so the round is over".to_string(),
        ));
    }
    // The order the out players went out in: given as outK, or unambiguous.
    let outs = places.len();
    let mut out = vec![0usize; outs];
    let numbered = places.iter().filter(|(_, p)| p.is_some()).count();
    if numbered == 0 {
        if outs > 1 && given.get("chips").is_some() {
            return Err(Error::value(
                Setting::named("others"),
                others_text,
                format!(
                    "{outs} players are out: write out1, out2, ... for the \
                 order they went out in, which decides their chips"
                ),
            ));
        }
        for (k, &(seat, _)) in places.iter().enumerate() {
            out[k] = seat;
        }
    } else {
        let mut seen = vec![false; outs];
        for &(seat, place) in &places {
            let k = place
                .map(|p| p as usize)
                .filter(|&p| p <= outs && !seen[p - 1]);
            let Some(k) = k else {
                return Err(Error::value(
                    Setting::named("others"),
                    others_text,
                    format!(
                        "the {outs} players out need the places out1 to \
                     out{outs}, each once"
                    ),
                ));
            };
            seen[k - 1] = true;
            out[k - 1] = seat;
        }
    }

    // The pile and the cards on it.
    let (pile, new_pile) = match pile_text.trim() {
        "empty" => (Pile::EMPTY, false),
        "new" => (Pile::EMPTY, true),
        text => (parse_spots("pile", text)?, false),
    };
    let spots: Counts = {
        let mut c = [0; 8];
        for s in pile.spots() {
            if s > 0 {
                c[usize::from(s)] += 1;
            }
        }
        c
    };
    let pile_cards = match given.get("pile-cards") {
        Some(text) => parse_cards("pile-cards", text)?,
        None => spots,
    };
    if pile.is_empty() && pile_cards.iter().sum::<u32>() > 0 {
        return Err(Error::value(
            Setting::named("pile-cards"),
            cards_text(&pile_cards),
            format!("the pile is {}, so no card lies on it", pile_text.trim()),
        ));
    }
    if let Some(n) = (1..8).find(|&n| pile_cards[n] < spots[n]) {
        return Err(Error::value(
            Setting::named("pile-cards"),
            cards_text(&pile_cards),
            format!(
                "the pile shows {} but only {} card(s) of {n} were laid on it",
                spots_text(pile),
                pile_cards[n]
            ),
        ));
    }
    let set_aside = match given.get("set-aside") {
        Some(text) => parse_cards("set-aside", text)?,
        None => [0; 8],
    };

    // What the deck can hold.
    let deck = *rules.deck.counts();
    for n in 1..8 {
        let seen = hand[n] + pile_cards[n] + set_aside[n];
        if seen > deck[n] {
            return Err(Error::input(
                Message::settings_in("§hand, §pile-cards and §set-aside").text(format!(
                    " hold {seen} cards of {n}, but the deck ({}) has {}",
                    rules.deck.source(),
                    deck[n]
                )),
            ));
        }
    }
    let seen: u32 = (1..8).map(|n| hand[n] + pile_cards[n] + set_aside[n]).sum();
    let hidden: u32 = opponents.iter().map(|o| o.cards).sum();
    let size = rules.deck.size();
    if seen + hidden > size {
        return Err(Error::input(format!(
            "the hands and the cards seen hold {} cards, but the deck ({}) has {size}",
            seen + hidden,
            rules.deck.source()
        )));
    }
    let draw_pile = size - seen - hidden;
    let mut unseen = [0; 8];
    for n in 1..8 {
        unseen[n] = deck[n] - hand[n] - pile_cards[n] - set_aside[n];
    }

    // What penalty cards gave away.
    let mut stuck_words = Vec::new();
    if let Some(text) = given.get("stuck") {
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || {
                Error::value(
                    Setting::named("stuck"),
                    text,
                    format!(
                        "'{part}' is not K@A+B or K@A+B:D (player K could not play \
                     on A+B and has drawn D cards since)"
                    ),
                )
            };
            let (k, rest) = part.split_once('@').ok_or_else(bad)?;
            let k = player_number("stuck", text, k, opponents.len())?;
            let (spots_part, drawn) = match rest.split_once(':') {
                Some((p, d)) => (p, d.trim().parse::<u32>().map_err(|_| bad())?),
                None => (rest, 1),
            };
            let on = parse_spots("stuck", spots_part.trim())?;
            let o = &mut opponents[k - 1];
            if o.out {
                return Err(Error::value(
                    Setting::named("stuck"),
                    text,
                    format!("{} is out of the round", seat_name(k)),
                ));
            }
            if o.lacks != 0 {
                return Err(Error::value(
                    Setting::named("stuck"),
                    text,
                    format!(
                        "{} is given twice (only the last time counts)",
                        seat_name(k)
                    ),
                ));
            }
            o.lacks = on.legal_numbers();
            o.fresh = drawn;
            let can_hold: u32 = (1..8)
                .filter(|&n| o.lacks & (1 << n) == 0)
                .map(|n| unseen[n])
                .sum();
            if o.constrained() > can_hold {
                return Err(Error::value(
                    Setting::named("stuck"),
                    text,
                    format!(
                        "{} holds at least {} cards that cannot be laid on {}, but \
                     only {can_hold} such cards are unseen",
                        seat_name(k),
                        o.constrained(),
                        spots_text(on)
                    ),
                ));
            }
            stuck_words.push(format!(
                "{} could not play on {} and has drawn {drawn} since",
                seat_name(k),
                spots_text(on)
            ));
        }
    }
    if let Some(text) = given.get("blocked") {
        if rules.penalty != Penalty::Pile {
            return Err(Error::value(
                Setting::named("blocked"),
                text,
                "only penalty=pile blocks a player after a penalty card (these \
                 rules have penalty=turn)"
                    .to_string(),
            ));
        }
        if pile.is_empty() {
            return Err(Error::value(
                Setting::named("blocked"),
                text,
                "a Seven sets the pile aside and lifts every block, so nobody \
                 is blocked on an empty pile"
                    .to_string(),
            ));
        }
        for k in whole_list("blocked", text, 1, opponents.len() as i64)? {
            let o = &mut opponents[k as usize - 1];
            if o.out || o.lacks == 0 {
                let why = Message::from(format!("{} ", seat_name(k as usize)));
                return Err(Error::value(
                    Setting::named("blocked"),
                    text,
                    if o.out {
                        why.text("is out of the round")
                    } else {
                        why.then(Message::settings_in(
                            "must be in §stuck: a block comes from a penalty card on this pile",
                        ))
                    },
                ));
            }
            o.blocked = true;
        }
    }

    // The game so far.
    let p = players as u32;
    let per_round = rules.pay.full_round(p);
    let most = rules.pay.most(p);
    let regular = rules.regular_rounds(p);
    let limited = rules.pool_limited(p);
    let starter = match given.get("starter").map(str::trim) {
        None | Some("you") => 0,
        Some(text) => player_number("starter", text, text, opponents.len())?,
    };
    let game = match given.get("chips") {
        None => None,
        Some(text) => {
            // No seat can hold more than every regular round's best place, nor more than the
            // pool (the text's 80, the bound these messages have always named).
            let bound = rules.chips.max(regular.saturating_mul(most));
            let chips = whole_list("chips", text, 0, i64::from(bound))?;
            if chips.len() != players {
                return Err(Error::value(
                    Setting::named("chips"),
                    text,
                    format!(
                        "{} numbers for {players} players (yours first, then the \
                     others in turn order)",
                        chips.len()
                    ),
                ));
            }
            let paid: u32 = chips.iter().map(|&c| c as u32).sum();
            if !paid.is_multiple_of(per_round) {
                return Err(Error::value(
                    Setting::named("chips"),
                    text,
                    format!(
                        "{paid} chips paid, but every round of {players} pays \
                     {per_round}"
                    ),
                ));
            }
            let played = paid / per_round;
            if played >= regular {
                return Err(Error::value(
                    Setting::named("chips"),
                    text,
                    format!(
                        "{played} rounds played, so the regular rounds are over: \
                     advice in play-off rounds is not supported"
                    ),
                ));
            }
            if let Some(c) = chips.iter().find(|&&c| c as u32 > played * most) {
                return Err(Error::value(
                    Setting::named("chips"),
                    text,
                    format!("{c} chips after {played} rounds, which pay {most} at most"),
                ));
            }
            let mut by_seat = [0; SEATS];
            for (s, &c) in chips.iter().enumerate() {
                by_seat[s] = c as u32;
            }
            let start = match rules.first_player {
                FirstPlayer::Rotate => {
                    (starter + players * 8 - played as usize % players) % players
                }
                FirstPlayer::Fixed => starter,
            };
            Some(GameAt {
                chips: by_seat,
                played,
                // Only a game that ends with the pool uses it, and it has not run out before
                // the last regular round.
                pool: if limited { rules.chips - paid } else { 0 },
                start,
            })
        }
    };
    let pay = rules.round_chips(p, game.filter(|_| limited).map(|g| g.pool));

    let mut understood: Vec<(String, Message)> = vec![
        (
            "hand".to_string(),
            format!("{} ({} cards)", cards_text(&hand), hand.iter().sum::<u32>()).into(),
        ),
        (
            "pile".to_string(),
            if new_pile {
                "you called Seven: you start the new pile and draw nothing".to_string()
            } else if pile.is_empty() {
                "empty: any card starts it, then you draw".to_string()
            } else {
                format!(
                    "{} (total {}), cards laid on it: {}",
                    spots_text(pile),
                    pile.total(),
                    cards_text(&pile_cards)
                )
            }
            .into(),
        ),
    ];
    let others_words: Vec<String> = opponents
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let seat = i + 1;
            if o.out {
                let k = out.iter().position(|&s| s == seat).expect("listed") + 1;
                format!("{}: out ({k}. out)", seat_name(seat))
            } else {
                format!(
                    "{}: {} cards{}",
                    seat_name(seat),
                    o.cards,
                    if o.blocked { ", blocked" } else { "" }
                )
            }
        })
        .collect();
    understood.push(("others".into(), others_words.join("; ").into()));
    understood.push(("set aside".into(), cards_text(&set_aside).into()));
    understood.push((
        "draw pile".into(),
        format!("{draw_pile} cards (the deck less every card counted above)").into(),
    ));
    if !stuck_words.is_empty() {
        understood.push(("stuck".into(), stuck_words.join("; ").into()));
    }
    let pays = Message::from(
        pay[..players]
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    );
    understood.push((
        "this round pays".into(),
        if limited && game.is_none() {
            pays.text(if rules.pay == Pay::Countdown {
                " (players down to 1; give "
            } else {
                " (a full round; give "
            })
            .then(Message::settings_in(
                "§chips for the last round's short pay)",
            ))
        } else {
            pays
        },
    ));
    if let Some(g) = &game {
        understood.push((
            "game".into(),
            format!(
                "round {} of {regular}{}, started by {}; chips before it: {}",
                g.played + 1,
                if rules.tie == Tie::Playoff {
                    " (then play-offs while the lead is shared)"
                } else {
                    ""
                },
                seat_name(starter),
                (0..players)
                    .map(|s| format!("{} {}", seat_name(s), g.chips[s]))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
            .into(),
        ));
    }
    Ok(Table {
        players,
        hand,
        pile,
        new_pile,
        pile_cards,
        set_aside,
        opponents,
        out,
        draw_pile,
        deck,
        pay,
        game,
        understood,
    })
}

/// A play as the advice names it: the card, the spot it covers, and the pile it leaves.
pub fn play_name(pile: Pile, m: Move) -> String {
    let seven = if m.is_seven() { " Seven" } else { "" };
    if pile.is_empty() {
        return format!(
            "lay {}{}",
            m.card,
            if m.is_seven() { ": Seven" } else { "" }
        );
    }
    let [a, b] = pile.spots();
    let covered = if m.keep == a { b } else { a };
    let [x, y] = pile.after(m);
    format!("{} over {covered} ({x}+{y}={}{seven})", m.card, m.total())
}

/// What the play-outs add up, as whole numbers (any split over threads merges to the same
/// sums): per value and play the sum and the sum of squares, and for the ranking value the sum
/// of products of every two plays, which gives the paired differences' spread.
#[derive(Clone, Debug)]
struct Sums {
    n: u64,
    sum: [[i64; MAX_MOVES]; VALUES],
    squares: [[i64; MAX_MOVES]; VALUES],
    products: [[i64; MAX_MOVES]; MAX_MOVES],
}

/// The values a play-out gives a play: chips this round, whether it is the next out, and (with
/// the game) whether it wins the game and its chips at the end.
const VALUES: usize = 4;
const ROUND_CHIPS: usize = 0;
const NEXT_OUT: usize = 1;
const WIN: usize = 2;
const GAME_CHIPS: usize = 3;

impl Sums {
    fn new() -> Self {
        Self {
            n: 0,
            sum: [[0; MAX_MOVES]; VALUES],
            squares: [[0; MAX_MOVES]; VALUES],
            products: [[0; MAX_MOVES]; MAX_MOVES],
        }
    }

    fn add(&mut self, values: &[[i64; VALUES]], rank: usize) {
        self.n += 1;
        for (i, v) in values.iter().enumerate() {
            for (k, &x) in v.iter().enumerate() {
                self.sum[k][i] += x;
                self.squares[k][i] += x * x;
            }
            for (j, w) in values.iter().enumerate() {
                self.products[i][j] += v[rank] * w[rank];
            }
        }
    }

    fn merge(mut self, other: Sums) -> Self {
        self.n += other.n;
        for k in 0..VALUES {
            for i in 0..MAX_MOVES {
                self.sum[k][i] += other.sum[k][i];
                self.squares[k][i] += other.squares[k][i];
            }
        }
        for i in 0..MAX_MOVES {
            for j in 0..MAX_MOVES {
                self.products[i][j] += other.products[i][j];
            }
        }
        self
    }

    /// The mean of `sum` over `n` with its normal 95% interval, from whole-number sums.
    fn mean(&self, sum: i64, squares: i128) -> Value {
        let n = self.n as i128;
        let mean = sum as f64 / self.n as f64;
        if n < 2 {
            return Value::estimate(mean, f64::NAN);
        }
        // n * sum of squares - sum^2 is exact in whole numbers: no cancellation.
        let spread = (n * squares - i128::from(sum) * i128::from(sum)) as f64;
        let variance = spread / (n * (n - 1)) as f64;
        Value::estimate(mean, z95() * (variance / self.n as f64).sqrt())
    }

    fn value(&self, k: usize, i: usize) -> Value {
        if k == NEXT_OUT || k == WIN {
            Value::proportion(self.sum[k][i] as u64, self.n)
        } else {
            self.mean(self.sum[k][i], i128::from(self.squares[k][i]))
        }
    }

    /// What play `i` loses against play `best` in value `rank`, paired on the guesses.
    fn loss(&self, rank: usize, best: usize, i: usize) -> Value {
        let sum = self.sum[rank][best] - self.sum[rank][i];
        let squares = i128::from(self.squares[rank][best]) + i128::from(self.squares[rank][i])
            - 2 * i128::from(self.products[best][i]);
        self.mean(sum, squares)
    }
}

/// A worker's tables and buffers, reused from guess to guess.
struct Worker {
    guesser: Guesser,
    refill: Vec<u8>,
    round: Round,
    game: Round,
    values: Vec<[i64; VALUES]>,
}

impl Advisor for Sieben {
    fn keys(&self) -> &'static [PositionKey] {
        KEYS
    }

    fn advise(&self, request: &AdviceRequest) -> Result<Advice> {
        request.position.check_keys(NAME, KEYS)?;
        let options = RuleOptions::parse(NAME, OPTIONS, &request.rules)?;
        // Advice records no inputs: the deck is read from disk as it stands.
        let rules = Rules::from_options(&options, &Files::default())?;
        if !request.policies.is_empty() {
            return Err(Error::input(Message::settings_in(
                "sieben advice takes no §policy: every play is valued as the lookahead values \
                     it, with seven-first in every seat after it (§units sets the guesses)",
            )));
        }
        let table = parse(&rules, request)?;
        let view = table.view();
        let moves = legal_moves(table.pile, &table.hand);
        if moves.is_empty() {
            return Err(Error::input(Message::settings_in("no card in §hand").text(
                format!(
                    " {} can be laid on {}: you take a penalty card (rule 6), so there is \
                         nothing to decide",
                    cards_text(&table.hand),
                    spots_text(table.pile)
                ),
            )));
        }
        let game = table.game;
        let run = request.run.sized(
            if game.is_some() {
                GAME_GUESSES
            } else {
                ROUND_GUESSES
            } / table.players as u64,
        )?;
        let (n, seed) = (run.units, run.seed);
        let unseen = view.unseen();
        let lean = (game.is_none() && playout::fits(&view, &unseen))
            .then(|| Playout::from_view(&view, &unseen));
        let rank = if game.is_some() { WIN } else { ROUND_CHIPS };
        let players = table.players;
        let outs = table.out.len();
        let plays = moves.len();
        let sums = (0..n)
            .into_par_iter()
            .fold(
                || {
                    let worker = Worker {
                        guesser: Guesser::new(rules.deck.size() as usize),
                        refill: Vec::with_capacity(rules.deck.size() as usize),
                        round: Round::new(&rules, players as u32),
                        game: Round::new(&rules, players as u32),
                        values: vec![[0; VALUES]; plays],
                    };
                    (worker, Sums::new())
                },
                |(mut w, mut sums), g| {
                    let mut rng = chunk_rng(seed, g);
                    // Every guess shuffles the unseen cards from the same order, so guess `g`
                    // is the same whichever worker deals it after whichever others.
                    w.guesser.list_unseen(&unseen);
                    let hands_end = w.guesser.guess(&view, &mut rng);
                    let refills = rng.next_u64();
                    let (hands, draw) = w.guesser.last(players - 1, hands_end);
                    // The regular rounds after this one, the same whatever is played now.
                    let mut later = GameResult::default();
                    let mut game_rng = chunk_rng(!seed, g);
                    if let Some(at) = &game {
                        later.rounds = at.played + 1;
                        let paid: u32 = table.pay[..players].iter().sum();
                        let mut pool = at.pool.saturating_sub(paid);
                        play_rounds(
                            &mut w.game,
                            &rules,
                            at.start,
                            &mut later,
                            &mut pool,
                            &mut game_rng,
                            &mut SevenFirstChooser,
                            &mut |_, _| {},
                        );
                    }
                    for (i, &m) in moves.iter().enumerate() {
                        let v = &mut w.values[i];
                        let place = match (&lean, &game) {
                            (Some(base), _) => {
                                let mut t = *base;
                                t.deal(hands, draw.len());
                                let end = t.play_out(
                                    &rules,
                                    refills,
                                    m,
                                    view.new_pile,
                                    draw,
                                    &mut w.refill,
                                );
                                end.place
                            }
                            (None, None) => {
                                on_round(&mut w.round, &rules, &view, hands, draw, refills, m).place
                            }
                            (None, Some(at)) => {
                                let order = round_to_end(
                                    &mut w.round,
                                    &rules,
                                    &view,
                                    hands,
                                    draw,
                                    refills,
                                    m,
                                );
                                // The players out before this position took the first places
                                // in the order given; the table lists them first, by seat.
                                let mut result = GameResult {
                                    chips: at.chips,
                                    rounds: later.rounds,
                                    ..GameResult::default()
                                };
                                for (place, &seat) in table.out.iter().enumerate() {
                                    result.chips[seat] += table.pay[place];
                                }
                                let mut mine = 0;
                                for (place, &seat) in order[..players].iter().enumerate().skip(outs)
                                {
                                    result.chips[usize::from(seat)] += table.pay[place];
                                    if seat == 0 {
                                        mine = place;
                                    }
                                }
                                for s in 0..players {
                                    result.chips[s] += later.chips[s];
                                }
                                // Play-offs, when the chips call for them, on one generator
                                // per guess.
                                let mut offs_rng = game_rng.clone();
                                play_offs(
                                    &mut w.game,
                                    &rules,
                                    at.start,
                                    &mut result,
                                    &mut offs_rng,
                                    &mut SevenFirstChooser,
                                    &mut |_, _| {},
                                );
                                v[WIN] = i64::from(result.winners[0]);
                                v[GAME_CHIPS] = i64::from(result.chips[0]);
                                mine
                            }
                        };
                        v[ROUND_CHIPS] = i64::from(table.pay[place]);
                        v[NEXT_OUT] = i64::from(place == outs);
                    }
                    sums.add(&w.values, rank);
                    (w, sums)
                },
            )
            .map(|(_, sums)| sums)
            .reduce(Sums::new, Sums::merge);

        let mut columns = Vec::new();
        let mut shown = Vec::new();
        if game.is_some() {
            columns.push(Column {
                name: "p_win_game".into(),
                meaning: format!(
                    "chance to win the game (most chips{})",
                    if rules.tie == Tie::Shared {
                        ", a shared lead counting"
                    } else {
                        ", after any play-offs"
                    }
                ),
                chance: true,
            });
            columns.push(Column {
                name: "chips_game".into(),
                meaning: "your chips at the end of the game".into(),
                chance: false,
            });
            shown.extend([WIN, GAME_CHIPS]);
        }
        columns.push(Column {
            name: "chips_round".into(),
            meaning: "the chips this round pays you".into(),
            chance: false,
        });
        columns.push(Column {
            name: "p_next_out".into(),
            meaning: format!(
                "chance you are the next out{}",
                if outs == 0 {
                    " (the round's winner)"
                } else {
                    ""
                }
            ),
            chance: true,
        });
        shown.extend([ROUND_CHIPS, NEXT_OUT]);

        // Best first by the ranking value's sum, then the others', then the listed order.
        let mut order: Vec<usize> = (0..plays).collect();
        order.sort_by(|&a, &b| {
            shown
                .iter()
                .map(|&k| sums.sum[k][b].cmp(&sums.sum[k][a]))
                .find(|o| o.is_ne())
                .unwrap_or(a.cmp(&b))
        });
        let best = order[0];
        let seven_first_pick = seven_first(table.pile, &moves);
        let rows = order
            .iter()
            .map(|&i| {
                let m = moves[i];
                let mut remarks = Vec::new();
                if m.is_seven() {
                    remarks.push("Seven".to_string());
                }
                if i == seven_first_pick {
                    remarks.push("seven-first's play".to_string());
                }
                Row {
                    name: play_name(table.pile, m),
                    values: shown.iter().map(|&k| Some(sums.value(k, i))).collect(),
                    loss: Some(if i == best {
                        Value::exact(0.0)
                    } else {
                        sums.loss(rank, best, i)
                    }),
                    remark: (!remarks.is_empty()).then(|| remarks.join("; ")),
                }
            })
            .collect();
        let mut notes = vec![
            Message::from(format!(
                "loses: {} given up against the best, a paired difference on the same guesses; \
                 an interval that reaches 0 means more guesses (",
                if game.is_some() {
                    "the chance to win the game"
                } else {
                    "chips this round"
                }
            ))
            .then(Message::settings_in(
                "§units) are needed to tell the two apart",
            )),
        ];
        if plays == 1 {
            notes.push("one legal play".into());
        }
        if request.position.get("set-aside").is_none() && table.draw_pile > 0 {
            notes.push(Message::settings_in(
                "no §set-aside given: cards set aside since the last refill are guessed \
                     among the hidden ones",
            ));
        }
        Ok(Advice {
            game: NAME.to_string(),
            rules: options.pairs(),
            policy: None,
            position: table.understood.clone(),
            method: format!(
                "Monte Carlo: {n} guesses of the hidden cards (seed {seed}), each shared by every \
                 play; after the play every seat plays seven-first{}, as the lookahead assumes",
                if game.is_some() {
                    ", to the end of the game"
                } else {
                    ""
                }
            ),
            columns,
            decision: true,
            rows,
            loss_column: 0,
            notes,
        })
    }
}

#[cfg(test)]
#[path = "advise_tests.rs"]
mod tests;
