//! A turn of 7 as a game record writes it, and a round's deal: the text after `WHO:` read into
//! cards laid and the card drawn, then checked against the table.
//!
//! ```text
//! deal Ann: 1 2 3 3 5 6 7
//! Ann: 3 draw 5            # the round's first card, then the card drawn
//! Bob: 4 over 3 draw 2     # a 4 covering the 3 (the other spot shows through)
//! Ann: 5 over 2 / 1        # a Seven, then a 1 starts the new pile, drawing nothing
//! Bob: draw 6              # no card fits: a penalty card, the 6
//! Ann: pass                # nothing to draw, or blocked under penalty=pile
//! ```
//!
//! `over` may be left out where the card can cover only one spot (or both spots show the same
//! number); every card drawn is typed, since the record is all the review knows of the deck.

use crate::error::Result;
use crate::games::review::record::{At, RoundRecord, TurnRecord, error_at};

use super::deck::Counts;
use super::notation::play_name;
use super::rules::{Move, Pile, Rules, legal_moves};

/// A card laid as typed: the card and, where typed, the number on the spot it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Laid {
    pub(super) card: u8,
    pub(super) over: Option<u8>,
    pub(super) at: At,
}

/// A turn as typed: the cards laid in order, the card drawn, or a pass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct CardTurn {
    pub(super) laid: Vec<Laid>,
    pub(super) draw: Option<(u8, At)>,
    pub(super) pass: bool,
}

/// The words of `text` with where each starts (`/` a word of its own).
fn words(text: &str, at: At) -> Vec<(String, At)> {
    let mut out: Vec<(String, At)> = Vec::new();
    let mut current: Option<(String, At)> = None;
    for (i, c) in text.chars().enumerate() {
        let here = At {
            line: at.line,
            column: at.column + i,
        };
        if c.is_whitespace() || c == '/' {
            out.extend(current.take());
            if c == '/' {
                out.push(("/".into(), here));
            }
        } else {
            current
                .get_or_insert_with(|| (String::new(), here))
                .0
                .push(c);
        }
    }
    out.extend(current);
    out
}

/// A number from `low` to `high` in one word, or `None`.
fn number(word: &str, low: u8, high: u8) -> Option<u8> {
    word.parse::<u8>().ok().filter(|n| (low..=high).contains(n))
}

/// Reads a turn's text (`what` names the record in errors).
pub(super) fn parse_turn(what: &str, text: &str, at: At) -> Result<CardTurn> {
    const SHAPE: &str = "a turn of 7 reads `4 over 3 draw 5` (a card, the spot it covers, the \
                         card drawn), `5 over 2 / 1` (a Seven, then the new pile's card), \
                         `draw 6` (a penalty card) or `pass`";
    let words = words(text, at);
    let mut turn = CardTurn::default();
    if words.is_empty() {
        return Err(error_at(what, at, SHAPE));
    }
    if words[0].0 == "pass" {
        if let Some((w, w_at)) = words.get(1) {
            return Err(error_at(
                what,
                *w_at,
                format!("`pass` stands alone, and `{w}` follows it"),
            ));
        }
        turn.pass = true;
        return Ok(turn);
    }
    let mut i = 0;
    while i < words.len() {
        let (word, word_at) = (&words[i].0, words[i].1);
        if word == "draw" {
            let card = words
                .get(i + 1)
                .and_then(|(w, _)| number(w, 1, 7))
                .ok_or_else(|| error_at(what, word_at, "`draw` needs the card drawn, 1 to 7"))?;
            turn.draw = Some((card, words[i + 1].1));
            if let Some((w, w_at)) = words.get(i + 2) {
                return Err(error_at(
                    what,
                    *w_at,
                    format!("the turn ends with the card drawn, and `{w}` follows it"),
                ));
            }
            break;
        }
        let Some(card) = number(word, 1, 7) else {
            return Err(error_at(
                what,
                word_at,
                format!("`{word}` is no card (a card shows 1 to 7): {SHAPE}"),
            ));
        };
        let mut laid = Laid {
            card,
            over: None,
            at: word_at,
        };
        i += 1;
        if words.get(i).is_some_and(|(w, _)| w == "over") {
            let over_at = words[i].1;
            laid.over = Some(
                words
                    .get(i + 1)
                    .and_then(|(w, _)| number(w, 0, 6))
                    .ok_or_else(|| {
                        error_at(
                            what,
                            over_at,
                            "`over` needs the number on the spot the card covers, 0 to 6",
                        )
                    })?,
            );
            i += 2;
        }
        turn.laid.push(laid);
        match words.get(i) {
            Some((w, _)) if w == "/" => {
                i += 1;
                if i == words.len() {
                    return Err(error_at(what, words[i - 1].1, "a card follows `/`"));
                }
            }
            Some((w, _)) if w == "draw" => {}
            Some((w, w_at)) => {
                return Err(error_at(
                    what,
                    *w_at,
                    format!("`{w}` cannot follow a card laid: {SHAPE}"),
                ));
            }
            None => {}
        }
    }
    Ok(turn)
}

/// Checks that the record's round `round` is the one the game plays next: a play-off or not,
/// numbered `number`.
pub(super) fn check_round(
    what: &str,
    round: &RoundRecord,
    playoff: bool,
    number: u32,
) -> Result<()> {
    if round.playoff == playoff && round.number == number {
        return Ok(());
    }
    let word = if playoff { "playoff" } else { "round" };
    Err(error_at(
        what,
        round.at,
        format!("this round is `{word} {number}`"),
    ))
}

/// The turn `turn` of a record as typed, and where its text starts, once it is checked to be
/// the turn of `current` (named `name`).
pub(super) fn read_turn(
    what: &str,
    turn: &TurnRecord,
    current: usize,
    name: &str,
) -> Result<(CardTurn, At)> {
    if turn.seat != current {
        return Err(error_at(what, turn.at, format!("it is {name}'s turn")));
    }
    let (text, at) = turn.cards.clone().unwrap_or_default();
    Ok((parse_turn(what, &text, at)?, at))
}

/// The play a card typed as `laid` makes on `pile` from `hand`, checked: the hand holds the
/// card, it covers a spot the pile shows, and the play is legal.
pub(super) fn resolve(what: &str, pile: Pile, hand: &Counts, laid: Laid) -> Result<Move> {
    let card = laid.card;
    if hand[usize::from(card)] == 0 {
        return Err(error_at(what, laid.at, format!("the hand holds no {card}")));
    }
    let legal: Vec<Move> = legal_moves(pile, hand)
        .iter()
        .copied()
        .filter(|m| m.card == card)
        .collect();
    let [a, b] = pile.spots();
    let shows = if pile.is_empty() {
        "an empty pile".to_string()
    } else {
        format!("the pile showing {a}+{b}")
    };
    match laid.over {
        Some(spot) if spot != a && spot != b => Err(error_at(
            what,
            laid.at,
            format!("no spot shows {spot} on {shows}"),
        )),
        Some(spot) => {
            let keep = if spot == a { b } else { a };
            let m = Move { card, keep };
            if legal.contains(&m) {
                Ok(m)
            } else {
                Err(error_at(
                    what,
                    laid.at,
                    format!(
                        "a {card} cannot cover the {spot} of {shows}: a card covers a number no \
                         higher than itself, and the total stays at most 7"
                    ),
                ))
            }
        }
        None => match legal.as_slice() {
            [] => Err(error_at(
                what,
                laid.at,
                format!("a {card} cannot be laid on {shows}"),
            )),
            [m] => Ok(*m),
            many => Err(error_at(
                what,
                laid.at,
                format!(
                    "a {card} can be laid two ways on {shows} ({}): type which spot it covers, \
                     as `{card} over {}`",
                    many.iter()
                        .map(|&m| play_name(pile, m))
                        .collect::<Vec<_>>()
                        .join(" or "),
                    if many[0].keep == a { b } else { a }
                ),
            )),
        },
    }
}

/// A play as a record writes it: the card, and on a pile with cards the spot it covers.
pub(super) fn play_text(pile: Pile, m: Move) -> String {
    if pile.is_empty() {
        return m.card.to_string();
    }
    let [a, b] = pile.spots();
    let covered = if m.keep == a { b } else { a };
    format!("{} over {covered}", m.card)
}

/// Cards as a record lists them: `1 3 3 5`.
pub(super) fn cards_text(hand: &Counts) -> String {
    (1..8)
        .flat_map(|n| std::iter::repeat_n(n.to_string(), hand[n] as usize))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A deal's cards as typed: numbers 1 to 7, with or without spaces or commas.
pub(super) fn parse_cards(what: &str, text: &str, at: At) -> Result<Counts> {
    let mut hand = [0; 8];
    for (i, c) in text.chars().enumerate() {
        match c {
            '1'..='7' => hand[usize::from(c as u8 - b'0')] += 1,
            c if c.is_whitespace() || c == ',' => {}
            c => {
                return Err(error_at(
                    what,
                    At {
                        line: at.line,
                        column: at.column + i,
                    },
                    format!("`{c}` is no card: a card shows 1 to 7"),
                ));
            }
        }
    }
    Ok(hand)
}

/// A round's hands from its `deal` lines (`what` names the record, `names` the seats): one a
/// seat, the rules' hand each, all of them cards the deck holds.
pub(super) fn hands(
    what: &str,
    round: &RoundRecord,
    rules: &Rules,
    names: &[String],
) -> Result<Vec<Counts>> {
    let mut hands: Vec<Option<Counts>> = vec![None; names.len()];
    for deal in &round.deals {
        let (text, at) = deal.cards.clone().unwrap_or_default();
        let hand = parse_cards(what, &text, at)?;
        let size: u32 = hand.iter().sum();
        if size != rules.hand {
            return Err(error_at(
                what,
                at,
                format!("a hand is dealt {} cards, and {size} are typed", rules.hand),
            ));
        }
        if hands[deal.seat].replace(hand).is_some() {
            return Err(error_at(
                what,
                deal.at,
                format!("{} is dealt twice", names[deal.seat]),
            ));
        }
        let deck = rules.deck.counts();
        for c in 1..8 {
            let dealt: u32 = hands.iter().flatten().map(|h| h[c]).sum();
            if dealt > deck[c] {
                return Err(error_at(
                    what,
                    at,
                    format!(
                        "the deck holds {} cards of {c}, and {dealt} are dealt",
                        deck[c]
                    ),
                ));
            }
        }
    }
    hands
        .into_iter()
        .enumerate()
        .map(|(s, h)| {
            h.ok_or_else(|| {
                error_at(
                    what,
                    round.at,
                    format!(
                        "every seat's hand is dealt before the turns: `deal {}: ...` is \
                         missing",
                        s + 1
                    ),
                )
            })
        })
        .collect()
}

/// Checks a turn's `draw` against whether the rules draw one (`draws`, said as `why`), and
/// that its card is among those `left` to draw.
pub(super) fn check_draw(
    what: &str,
    typed: &CardTurn,
    at: At,
    (draws, left): (bool, &Counts),
    why: &str,
) -> Result<()> {
    match (typed.draw, draws) {
        (None, true) => Err(error_at(
            what,
            at,
            format!("{why}: type `draw` and the card drawn at the turn's end"),
        )),
        (Some((_, d_at)), false) => Err(error_at(
            what,
            d_at,
            "this turn draws no card (after a Seven the new pile is started without a draw; \
             a player who goes out, or finds nothing to draw, draws nothing)",
        )),
        (Some((card, d_at)), true) => {
            if left[usize::from(card)] == 0 {
                Err(error_at(
                    what,
                    d_at,
                    format!(
                        "no {card} is left to draw (the cards left to draw: {})",
                        cards_text(left)
                    ),
                ))
            } else {
                Ok(())
            }
        }
        (None, false) => {
            if typed.pass || !typed.laid.is_empty() {
                Ok(())
            } else {
                Err(error_at(what, at, "nothing can be drawn: type `pass`"))
            }
        }
    }
}

/// The plays a turn's cards make, checked: each legal, a card after another only after a
/// Seven, and a new pile started after every Seven that leaves cards in hand.
pub(super) fn plays(what: &str, typed: &CardTurn, pile: Pile, hand: Counts) -> Result<Vec<Move>> {
    let mut plays: Vec<Move> = Vec::new();
    let mut on = pile;
    let mut left = hand;
    for laid in &typed.laid {
        if let Some(last) = plays.last() {
            if !last.is_seven() {
                return Err(error_at(
                    what,
                    laid.at,
                    "only a Seven lets a player lay another card in the same turn",
                ));
            }
            if left.iter().all(|&c| c == 0) {
                return Err(error_at(
                    what,
                    laid.at,
                    "the Seven with the last card put this player out: nothing more is laid",
                ));
            }
        }
        let m = resolve(what, on, &left, *laid)?;
        left[usize::from(m.card)] -= 1;
        on = if m.is_seven() {
            Pile::EMPTY
        } else {
            let [a, b] = on.after(m);
            Pile::new(a, b).expect("a legal play below 7")
        };
        plays.push(m);
    }
    let last = plays[plays.len() - 1];
    if last.is_seven() && left.iter().any(|&c| c > 0) {
        let at = typed.laid[typed.laid.len() - 1].at;
        return Err(error_at(
            what,
            at,
            "after a Seven the player starts a new pile: type ` / ` and the card laid on it",
        ));
    }
    Ok(plays)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> At {
        At { line: 3, column: 6 }
    }

    #[test]
    fn a_turn_reads_as_cards_laid_spots_covered_and_the_card_drawn() {
        let t = parse_turn("r", "5 over 2 / 1", at()).unwrap();
        assert_eq!(t.laid.len(), 2);
        assert_eq!((t.laid[0].card, t.laid[0].over), (5, Some(2)));
        assert_eq!(
            (t.laid[1].card, t.laid[1].over, t.laid[1].at.column),
            (1, None, 17)
        );
        assert_eq!(t.draw, None);
        let t = parse_turn("r", "4 over 3 draw 5", at()).unwrap();
        assert_eq!(
            t.draw,
            Some((
                5,
                At {
                    line: 3,
                    column: 20
                }
            ))
        );
        let t = parse_turn("r", "draw 6", at()).unwrap();
        assert!(t.laid.is_empty() && t.draw.map(|d| d.0) == Some(6));
        assert!(parse_turn("r", "pass", at()).unwrap().pass);
    }

    #[test]
    fn a_turn_typed_wrong_is_refused_at_its_column() {
        let e = |text: &str| parse_turn("r", text, at()).unwrap_err().to_string();
        assert!(e("8").contains("column 6") && e("8").contains("`8` is no card"));
        assert!(e("4 over 9").contains("`over` needs the number"));
        assert!(e("4 draw").contains("`draw` needs the card drawn"));
        assert!(e("4 draw 5 3").contains("column 15"));
        assert!(e("pass 4").contains("`pass` stands alone"));
        assert!(e("4 /").contains("a card follows `/`"));
        assert!(e("").contains("a turn of 7 reads"));
    }

    #[test]
    fn a_card_resolves_to_the_play_it_makes_or_is_refused_with_why() {
        let pile = Pile::new(2, 3).unwrap();
        let mut hand = [0; 8];
        hand[4] = 1;
        hand[5] = 1;
        hand[2] = 1;
        let laid = |card, over| Laid {
            card,
            over,
            at: at(),
        };
        // The rule text's example: a 4 over the 3 makes 6, over the 2 a Seven.
        assert_eq!(
            resolve("r", pile, &hand, laid(4, Some(3))).unwrap(),
            Move { card: 4, keep: 2 }
        );
        assert!(
            resolve("r", pile, &hand, laid(4, Some(2)))
                .unwrap()
                .is_seven()
        );
        let two = resolve("r", pile, &hand, laid(4, None))
            .unwrap_err()
            .to_string();
        assert!(two.contains("can be laid two ways"), "{two}");
        // A 5 may only cover the 3; a 2 only the 2.
        assert!(resolve("r", pile, &hand, laid(5, None)).unwrap().is_seven());
        let low = resolve("r", pile, &hand, laid(2, Some(3)))
            .unwrap_err()
            .to_string();
        assert!(low.contains("a 2 cannot cover the 3"), "{low}");
        let none = resolve("r", pile, &hand, laid(6, None))
            .unwrap_err()
            .to_string();
        assert!(none.contains("holds no 6"), "{none}");
        let spot = resolve("r", pile, &hand, laid(4, Some(5)))
            .unwrap_err()
            .to_string();
        assert!(spot.contains("no spot shows 5"), "{spot}");
    }
}
