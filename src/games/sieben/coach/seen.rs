//! The position a seat of a round sees, as `dicelab advise sieben` reads it: what `play
//! --coach` asks about your turn and what `review` asks about every seat's decisions. The
//! seat is "you"; the others follow in turn order.

use crate::error::Result;
use crate::games::advice::Position;

use super::super::deck::Counts;
use super::super::round::Round;
use super::super::rules::{Move, Pile};

/// A pile `A+B` as the advice writes it.
pub(super) fn pile_text(pile: Pile) -> String {
    let [a, b] = pile.spots();
    format!("{a}+{b}")
}

/// A pile on which exactly the numbers `lacks` can be laid.
fn stuck_pile(lacks: u8) -> Option<Pile> {
    (0..7u8)
        .flat_map(|a| (a..7u8).map(move |b| (a, b)))
        .filter_map(|(a, b)| Pile::new(a, b))
        .find(|p| !p.is_empty() && p.legal_numbers() == lacks)
}

/// The cards `c` as the advice lists them: `1,3,3`.
fn cards(c: &Counts) -> String {
    (1..8)
        .flat_map(|n| std::iter::repeat_n(n.to_string(), c[n] as usize))
        .collect::<Vec<_>>()
        .join(",")
}

/// `seat`'s hand once the plays `queued` (this turn's so far: a Seven, then each new pile's
/// card) are laid.
pub(super) fn hand_after(t: &Round, seat: usize, queued: &[Move]) -> Counts {
    let mut hand = *t.hand(seat);
    for m in queued {
        hand[usize::from(m.card)] -= 1;
    }
    hand
}

/// The position `seat` sees on `t` at the start of its turn, or with `queued` after its own
/// Seven (the plays of the turn so far), and, where `chips` gives each seat's chips before this
/// round, the game's standing (which makes the advice value the chance to win the game).
pub(super) fn position_of(
    t: &Round,
    seat: usize,
    queued: &[Move],
    chips: Option<&[u32]>,
) -> Result<Position> {
    let players = t.players();
    let hand = hand_after(t, seat, queued);
    let pile = if !queued.is_empty() {
        "new".to_string()
    } else if t.pile().is_empty() {
        "empty".to_string()
    } else {
        pile_text(t.pile())
    };
    // The set-aside cards, with this turn's Sevens.
    let mut set_aside = *t.set_aside();
    let mut pile_cards = *t.pile_cards();
    for m in queued {
        pile_cards[usize::from(m.card)] += 1;
        if m.is_seven() {
            for n in 1..8 {
                set_aside[n] += pile_cards[n];
            }
            pile_cards = [0; 8];
        }
    }
    let order = t.finishing_order();
    let mut others = Vec::new();
    let mut stuck = Vec::new();
    let mut blocked = Vec::new();
    for k in 1..players {
        let s = (seat + k) % players;
        if t.is_out(s) {
            let place = order
                .iter()
                .position(|&o| usize::from(o) == s)
                .expect("out")
                + 1;
            others.push(format!("out{place}"));
            continue;
        }
        let seen = t.seen(s);
        others.push(seen.cards.to_string());
        if seen.lacks != 0 {
            // Any pile whose playable numbers are the ones lacked says the same.
            if let Some(on) = stuck_pile(seen.lacks) {
                stuck.push(format!("{k}@{}:{}", pile_text(on), seen.fresh));
            }
        }
        if t.is_blocked(s) && queued.is_empty() {
            blocked.push(k.to_string());
        }
    }
    let mut keys = vec![
        ("hand".to_string(), cards(&hand)),
        ("pile".to_string(), pile),
        ("others".to_string(), others.join(",")),
        ("pile-cards".to_string(), cards(&pile_cards)),
        ("set-aside".to_string(), cards(&set_aside)),
    ];
    if !stuck.is_empty() {
        keys.push(("stuck".into(), stuck.join(",")));
    }
    if !blocked.is_empty() {
        keys.push(("blocked".into(), blocked.join(",")));
    }
    if let Some(chips) = chips {
        let mine: Vec<String> = (0..players)
            .map(|k| chips[(seat + k) % players].to_string())
            .collect();
        keys.push(("chips".into(), mine.join(",")));
        let first = (t.first() + players - seat) % players;
        keys.push((
            "starter".into(),
            if first == 0 {
                "you".into()
            } else {
                first.to_string()
            },
        ));
    }
    Position::new(keys)
}
