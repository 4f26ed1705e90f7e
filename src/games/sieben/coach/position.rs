//! A position of 7 as `dicelab advise sieben` reads it: one parser a position key, then the
//! checks between keys (what the deck can hold, who can be stuck or blocked, what the chips say
//! of the game so far), and the position in words as the advice repeats it.
//!
//! The keys are read in one fixed order, so a position wrong in several ways is always refused
//! for the same first reason.

use crate::error::{Error, Message, Result, Setting};
use crate::games::advice::{AdviceRequest, list_parts, whole_list};
use crate::games::options::{FirstPlayer, Tie};

use super::super::PLAYERS;
use super::super::deck::Counts;
use super::super::notation::{
    cards_text, parse_cards, parse_spots, player_number, seat_name, spots_text,
};
use super::super::policy::{Opponent, View};
use super::super::round::SEATS;
use super::super::rules::{Pay, Penalty, Pile, Rules};

/// Where the game stands, from `--chips` and `--starter`.
#[derive(Clone, Copy, Debug)]
pub(super) struct GameAt {
    /// Chips before this round, by seat (you are seat 0, the others follow in turn order).
    pub(super) chips: [u32; SEATS],
    /// Rounds played before this one.
    pub(super) played: u32,
    /// Chips left in the box before this round (5 to 7 players use them up).
    pub(super) pool: u32,
    /// The seat that started the game's first round, as [`play_rounds`](super::super::play::play_rounds) counts rotation.
    pub(super) start: usize,
}

/// A checked position: the table as the player sees it, seat 0 to play.
#[derive(Clone, Debug)]
pub(super) struct Table {
    pub(super) players: usize,
    pub(super) hand: Counts,
    pub(super) pile: Pile,
    pub(super) new_pile: bool,
    pub(super) pile_cards: Counts,
    pub(super) set_aside: Counts,
    pub(super) opponents: Vec<Opponent>,
    /// The seats already out, in the order they went out.
    pub(super) out: Vec<usize>,
    pub(super) draw_pile: u32,
    pub(super) deck: Counts,
    pub(super) pay: [u32; SEATS],
    pub(super) game: Option<GameAt>,
    pub(super) understood: Vec<(String, Message)>,
}

impl Table {
    /// The position as the player sees it, which the play-outs start from.
    pub(super) fn view(&self) -> View<'_> {
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

/// Reads and checks the position: each key by its own parser, in a fixed order, then the
/// position in words.
pub(super) fn parse(rules: &Rules, request: &AdviceRequest) -> Result<Table> {
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
    let (mut opponents, places) = parse_others(rules, others_text)?;
    let players = opponents.len() + 1;
    let out = out_order(&places, others_text, given.get("chips").is_some())?;
    let (pile, new_pile) = parse_pile(pile_text)?;
    let pile_cards = parse_pile_cards(given.get("pile-cards"), pile, pile_text)?;
    let set_aside = match given.get("set-aside") {
        Some(text) => parse_cards("set-aside", text)?,
        None => [0; 8],
    };
    let deck = *rules.deck.counts();
    let (draw_pile, unseen) = hidden_cards(rules, &hand, &pile_cards, &set_aside, &opponents)?;
    let stuck = match given.get("stuck") {
        Some(text) => parse_stuck(text, &mut opponents, &unseen)?,
        None => Vec::new(),
    };
    if let Some(text) = given.get("blocked") {
        parse_blocked(rules, text, pile, &mut opponents)?;
    }
    let starter = parse_starter(given.get("starter"), opponents.len())?;
    let game = match given.get("chips") {
        None => None,
        Some(text) => Some(parse_chips(rules, text, players, starter)?),
    };
    let limited = rules.pool_limited(players as u32);
    let pay = rules.round_chips(players as u32, game.filter(|_| limited).map(|g| g.pool));
    let mut table = Table {
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
        understood: Vec::new(),
    };
    table.understood = understood(rules, &table, starter, &stuck);
    Ok(table)
}

/// The seats out of the round as `--others` gives them, each with its `K` of `outK` if given.
type Places = Vec<(usize, Option<u32>)>;

/// `--others`: each other player's cards in hand, or out with its place if given (`outK`), and
/// the player count this makes checked against the game and the rules.
fn parse_others(rules: &Rules, others_text: &str) -> Result<(Vec<Opponent>, Places)> {
    let mut opponents = Vec::new();
    let mut places: Vec<(usize, Option<u32>)> = Vec::new();
    for (i, part) in list_parts(others_text).into_iter().enumerate() {
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
    Ok((opponents, places))
}

/// The seats out of the round in the order they went out: given as `outK`, or unambiguous (at
/// most one out, or the order not needed without `--chips`).
fn out_order(
    places: &[(usize, Option<u32>)],
    others_text: &str,
    with_chips: bool,
) -> Result<Vec<usize>> {
    let outs = places.len();
    let mut out = vec![0usize; outs];
    let numbered = places.iter().filter(|(_, p)| p.is_some()).count();
    if numbered == 0 {
        if outs > 1 && with_chips {
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
        for &(seat, place) in places {
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
    Ok(out)
}

/// `--pile`: two spots, `empty`, or `new` (after the player's own Seven).
fn parse_pile(pile_text: &str) -> Result<(Pile, bool)> {
    Ok(match pile_text.trim() {
        "empty" => (Pile::EMPTY, false),
        "new" => (Pile::EMPTY, true),
        text => (parse_spots("pile", text)?, false),
    })
}

/// `--pile-cards`, by default the spots showing: it must hold them, and nothing on an empty
/// pile.
fn parse_pile_cards(text: Option<&str>, pile: Pile, pile_text: &str) -> Result<Counts> {
    let spots: Counts = {
        let mut c = [0; 8];
        for s in pile.spots() {
            if s > 0 {
                c[usize::from(s)] += 1;
            }
        }
        c
    };
    let pile_cards = match text {
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
    Ok(pile_cards)
}

/// The cards nobody has seen, by number, and the draw pile's size: what the deck holds less the
/// hand and the cards seen, and, for the draw pile, less the other hands. Refused when the
/// position holds more than the deck.
fn hidden_cards(
    rules: &Rules,
    hand: &Counts,
    pile_cards: &Counts,
    set_aside: &Counts,
    opponents: &[Opponent],
) -> Result<(u32, Counts)> {
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
    Ok((draw_pile, unseen))
}

/// `--stuck`: what a penalty card gave away of a hand (no card playable on that pile, but for
/// the cards drawn since), each in words for the advice.
fn parse_stuck(text: &str, opponents: &mut [Opponent], unseen: &Counts) -> Result<Vec<String>> {
    let mut stuck_words = Vec::new();
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
    Ok(stuck_words)
}

/// `--blocked`: players sitting out under `penalty=pile` until this pile is set aside; only a
/// player stuck on it can be.
fn parse_blocked(rules: &Rules, text: &str, pile: Pile, opponents: &mut [Opponent]) -> Result<()> {
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
    Ok(())
}

/// `--starter`: who started this round, the seat counted from you (0: you).
fn parse_starter(text: Option<&str>, others: usize) -> Result<usize> {
    Ok(match text.map(str::trim) {
        None | Some("you") => 0,
        Some(text) => player_number("starter", text, text, others)?,
    })
}

/// `--chips`: the game so far, which the chips paid tell (the rounds played, the pool left) with
/// the seat that started the game's first round.
fn parse_chips(rules: &Rules, text: &str, players: usize, starter: usize) -> Result<GameAt> {
    let p = players as u32;
    let per_round = rules.pay.full_round(p);
    let most = rules.pay.most(p);
    let regular = rules.regular_rounds(p);
    let limited = rules.pool_limited(p);
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
        FirstPlayer::Rotate => (starter + players * 8 - played as usize % players) % players,
        FirstPlayer::Fixed => starter,
    };
    Ok(GameAt {
        chips: by_seat,
        played,
        // Only a game that ends with the pool uses it, and it has not run out before
        // the last regular round.
        pool: if limited { rules.chips - paid } else { 0 },
        start,
    })
}

/// The position in words, key by key, as the advice repeats what it understood.
fn understood(
    rules: &Rules,
    table: &Table,
    starter: usize,
    stuck_words: &[String],
) -> Vec<(String, Message)> {
    let Table {
        players,
        hand,
        pile,
        new_pile,
        pile_cards,
        set_aside,
        opponents,
        out,
        draw_pile,
        pay,
        game,
        ..
    } = table;
    let (players, pile, new_pile, draw_pile) = (*players, *pile, *new_pile, *draw_pile);
    let p = players as u32;
    let regular = rules.regular_rounds(p);
    let limited = rules.pool_limited(p);
    let mut understood: Vec<(String, Message)> = vec![
        (
            "hand".to_string(),
            format!("{} ({} cards)", cards_text(hand), hand.iter().sum::<u32>()).into(),
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
                    cards_text(pile_cards)
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
            // The first named is the next to play, as --others lists them.
            let name = if seat == 1 {
                format!("{} (next)", seat_name(seat))
            } else {
                seat_name(seat)
            };
            if o.out {
                let k = out.iter().position(|&s| s == seat).expect("listed") + 1;
                format!("{name}: out ({k}. out)")
            } else {
                format!(
                    "{name}: {} cards{}",
                    o.cards,
                    if o.blocked { ", blocked" } else { "" }
                )
            }
        })
        .collect();
    understood.push(("others".into(), others_words.join("; ").into()));
    understood.push(("set aside".into(), cards_text(set_aside).into()));
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
                    .map(|s| format!("{}: {}", seat_name(s), g.chips[s]))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
            .into(),
        ));
    }
    understood
}
