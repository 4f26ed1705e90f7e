//! How 7's cards, piles, seats and plays are written: read from a position's keys and written
//! back in the advice, the session and their messages, one spelling for each.

use crate::error::{Error, Result};
use crate::games::advice::whole_list;

use super::deck::{Counts, MAX_NUMBER};
use super::rules::{Move, Pile};

/// Cards written `C,C,...` (numbers 1 to 7); empty or `none` for no cards.
pub(super) fn parse_cards(key: &str, text: &str) -> Result<Counts> {
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

/// Cards as `--hand` writes them, `none` for no cards.
pub(super) fn cards_text(counts: &Counts) -> String {
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
pub(super) fn parse_spots(key: &str, text: &str) -> Result<Pile> {
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

/// A pile's spots as `--pile` writes them.
pub(super) fn spots_text(pile: Pile) -> String {
    let [a, b] = pile.spots();
    format!("{a}+{b}")
}

/// A seat as `play` names it: you are seat 1 and the others follow in turn order, so the
/// player `k` seats after you (the `K` of `--stuck` and `--blocked`) is seat `k + 1`.
pub(super) fn seat_name(seat: usize) -> String {
    match seat {
        0 => "you".into(),
        k => format!("seat {}", k + 1),
    }
}

/// The K of `K` or `K@...`, a player after you.
pub(super) fn player_number(key: &str, text: &str, part: &str, others: usize) -> Result<usize> {
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
