//! The deck of the card game 7 as data: how many cards carry each number 1 to 7.
//!
//! The publisher never printed the spread of the 80 cards, so the deck is a file a user edits
//! (`data/sieben-deck.csv`, header `number,count`) and every report names the file it used. The
//! shipped default spreads 80 cards as evenly as possible: 12 each of 1 to 3, 11 each of 4 to 7.

use std::path::Path;

use crate::error::{Error, Result};
use crate::input::{self, Files, Shipped};

/// Card numbers run from 1 to this.
pub const MAX_NUMBER: u8 = 7;

/// Cards dealt to each player at the start of a round by the text: the default of the option
/// `hand`.
pub const HAND: u32 = 7;

/// The largest deck accepted: far beyond any real box, and it keeps every count in a `u32` and
/// a round's memory small.
pub(crate) const MAX_CARDS: u32 = 10_000;

/// The default deck file, as shipped; used when `deck` is left at its default and that file is
/// absent (a run from another folder), so the default always works.
pub(crate) const DEFAULT_FILE: &str = "data/sieben-deck.csv";

/// The built-in copy of `DEFAULT_FILE`.
pub const BUILT_IN: &str = include_str!("../../../data/sieben-deck.csv");

/// The deck file 7 ships: `data/sieben-deck.csv` with nothing there reads [`BUILT_IN`].
pub const DATA: [Shipped; 1] = [Shipped {
    path: "data/sieben-deck.csv",
    about: "7: the default deck, 80 cards (--deck FILE)",
    text: BUILT_IN,
}];

/// Cards per number: index 1 to 7 (index 0 is unused, so a card's number is its index).
pub type Counts = [u32; 8];

/// The counts of a list of cards (numbers 1 to 7), the way a hand is easiest to write down in a
/// test or a study: `counts_of(&[3, 3, 7])` is two 3s and a 7.
///
/// # Panics
///
/// On a number above 7, which no card shows.
pub fn counts_of(cards: &[u8]) -> Counts {
    let mut counts = [0; 8];
    for &c in cards {
        assert!((1..=7).contains(&c), "card {c}: cards show 1 to 7");
        counts[usize::from(c)] += 1;
    }
    counts
}

/// One deck of the built-in sweep of `dicelab decks sieben`: a name for the report row, its
/// counts, and the question it answers.
#[derive(Clone, Copy, Debug)]
pub struct SweepDeck {
    /// The row's name in `decks.csv`.
    pub name: &'static str,
    /// Cards per number (index 1 to 7).
    pub counts: Counts,
    /// Why this deck is in the sweep.
    pub why: &'static str,
}

/// The built-in sweep: plausible spreads around the unpublished real one, all of 80 cards except
/// `flat`, which cannot be (80 is not a multiple of 7) and takes 11 of each, 77 cards.
pub const SWEEP: [SweepDeck; 6] = [
    SweepDeck {
        name: "even",
        counts: [0, 12, 12, 12, 11, 11, 11, 11],
        why: "the shipped default file: 80 cards as evenly as possible",
    },
    SweepDeck {
        name: "flat",
        counts: [0, 11, 11, 11, 11, 11, 11, 11],
        why: "exactly the same count of every number: 11 each, 77 cards",
    },
    SweepDeck {
        name: "low-heavy",
        counts: [0, 14, 14, 14, 10, 10, 9, 9],
        why: "more small cards (1 to 3), which build totals slowly",
    },
    SweepDeck {
        name: "high-heavy",
        counts: [0, 10, 10, 10, 11, 13, 13, 13],
        why: "more large cards (5 to 7), which close piles fast",
    },
    SweepDeck {
        name: "few-sevens",
        counts: [0, 13, 13, 12, 12, 12, 12, 6],
        why: "the 7s about halved (11 to 6), the other 74 cards spread over 1 to 6",
    },
    SweepDeck {
        name: "many-sevens",
        counts: [0, 10, 10, 10, 10, 9, 9, 22],
        why: "the 7s doubled (11 to 22), the other 58 cards spread over 1 to 6",
    },
];

/// A deck: how many cards carry each number, and where that came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    counts: Counts,
    size: u32,
    /// The file named in the `rules` column (`deck=...`).
    source: String,
}

impl Deck {
    /// A deck of `counts[n]` cards of number `n` (1 to 7; `counts[0]` must be 0), named `source`.
    pub fn from_counts(counts: Counts, source: &str) -> Result<Self> {
        if counts[0] != 0 {
            return Err(Error::input(format!(
                "deck {source}: there is no card number 0"
            )));
        }
        let size: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if size > u64::from(MAX_CARDS) {
            return Err(Error::input(format!(
                "deck {source}: expected at most {MAX_CARDS} cards, found {size}"
            )));
        }
        Ok(Self {
            counts,
            size: size as u32,
            source: source.to_string(),
        })
    }

    /// The shipped default: 12 each of 1 to 3 and 11 each of 4 to 7, 80 cards.
    pub fn standard() -> Self {
        Self::parse(DEFAULT_FILE, BUILT_IN).expect("the built-in deck is valid")
    }

    /// Reads a deck file through `files` (which records it; the default name, with nothing
    /// there, is the shipped copy).
    pub fn load(path: &str, files: &Files) -> Result<Self> {
        let text = files.read_text_shipping(&format!("deck {path}"), Path::new(path), &DATA)?;
        Self::parse(path, &text)
    }

    /// Parses the text of a deck file named `source`: a header `number,count`, then one row per
    /// number 1 to 7, each exactly once with at least one card (a deck without some number
    /// stalls the piles that need it).
    pub fn parse(source: &str, text: &str) -> Result<Self> {
        let what = format!("deck {source}");
        let mut counts: Counts = [0; 8];
        let mut seen: [Option<usize>; 8] = [None; 8];
        for row in input::csv_rows(&what, text, &["number", "count"])? {
            let (number, count) = (row.get(0), row.get(1));
            let n: u8 = number
                .parse()
                .ok()
                .filter(|n| (1..=MAX_NUMBER).contains(n))
                .ok_or_else(|| {
                    row.error(
                        &what,
                        format!("expected a number from 1 to {MAX_NUMBER}, found '{number}'"),
                    )
                })?;
            let c: u32 = count
                .parse()
                .ok()
                .filter(|&c| (1..=MAX_CARDS).contains(&c))
                .ok_or_else(|| {
                    row.error(
                        &what,
                        format!(
                            "expected a count from 1 to {MAX_CARDS} (every number needs a card), found '{count}'"
                        ),
                    )
                })?;
            if let Some(first) = seen[usize::from(n)] {
                return Err(row.error(
                    &what,
                    format!("number {n} is listed twice (first on line {first})"),
                ));
            }
            seen[usize::from(n)] = Some(row.line);
            counts[usize::from(n)] = c;
        }
        let missing: Vec<String> = (1..=MAX_NUMBER)
            .filter(|&n| seen[usize::from(n)].is_none())
            .map(|n| n.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(Error::input(format!(
                "{what}: no row for number {}; expected one row for each number 1 to {MAX_NUMBER}",
                missing.join(", ")
            )));
        }
        Self::from_counts(counts, source)
    }

    /// Checks that the deck can deal a hand of `hand` cards to each of `players` and leave at
    /// least one card to draw (a round without a draw pile could not take a penalty card).
    pub fn check_deal(&self, players: u32, hand: u32) -> Result<()> {
        let deal = u64::from(hand) * u64::from(players);
        if u64::from(self.size) <= deal {
            return Err(Error::input(format!(
                "deck {}: {} cards are too few; {players} player(s) need at least {}: {deal} for \
                 the deal ({hand} each{}) and one to draw",
                self.source,
                self.size,
                deal + 1,
                if hand == HAND {
                    String::new()
                } else {
                    format!(", rule option hand={hand}")
                }
            )));
        }
        Ok(())
    }

    /// Cards of each number.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// Cards in the deck.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Where the deck came from, as the `rules` column names it.
    pub fn source(&self) -> &str {
        &self.source
    }
}

/// The numbers a hand holds, as a bit mask (bit `n` for number `n`).
#[inline]
pub(crate) fn held_numbers(hand: &Counts) -> u8 {
    hand.iter()
        .enumerate()
        .skip(1)
        .fold(0, |held, (n, &c)| held | u8::from(c != 0) << n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_counts_each_number() {
        assert_eq!(counts_of(&[3, 7, 3]), [0, 0, 0, 2, 0, 0, 0, 1]);
        assert_eq!(counts_of(&[]), [0; 8]);
        assert!(std::panic::catch_unwind(|| counts_of(&[8])).is_err());
    }

    #[test]
    fn the_standard_deck_has_80_cards() {
        let d = Deck::standard();
        assert_eq!(d.counts(), &[0, 12, 12, 12, 11, 11, 11, 11]);
        assert_eq!(d.size(), 80);
        assert_eq!(d.source(), DEFAULT_FILE);
        assert!(d.check_deal(7, HAND).is_ok());
    }

    #[test]
    fn the_sweep_starts_with_the_default_and_holds_80_cards_but_flat() {
        assert_eq!(&SWEEP[0].counts, Deck::standard().counts());
        for d in SWEEP {
            let deck = Deck::from_counts(d.counts, d.name).unwrap();
            let expected = if d.name == "flat" { 77 } else { 80 };
            assert_eq!(deck.size(), expected, "{}", d.name);
            assert!(deck.check_deal(7, HAND).is_ok());
        }
    }

    #[test]
    fn bad_rows_name_file_and_line() {
        let e = |text: &str| Deck::parse("d.csv", text).unwrap_err().to_string();
        assert_eq!(
            e("number,count\n1,3\n8,2\n"),
            "deck d.csv: line 3: expected a number from 1 to 7, found '8'"
        );
        assert_eq!(
            e("number,count\n1,x\n"),
            "deck d.csv: line 2: expected a count from 1 to 10000 (every number needs a card), found 'x'"
        );
        assert_eq!(
            e("number,count\n1,3\n\n1,2\n"),
            "deck d.csv: line 4: number 1 is listed twice (first on line 2)"
        );
        assert_eq!(
            e("number,count\n1,12\n2,12\n3,12\n"),
            "deck d.csv: no row for number 4, 5, 6, 7; expected one row for each number 1 to 7"
        );
        assert_eq!(
            e("number,count\n1,12\n2,12\n3,12\n4,0\n5,1\n6,1\n7,1\n"),
            "deck d.csv: line 5: expected a count from 1 to 10000 (every number needs a card), found '0'"
        );
        assert!(e("n,c\n1,2\n").contains("line 1: expected the header number,count"));
        assert!(
            e("number,count\n1,2,3\n")
                .contains("line 2: expected 2 fields (number,count), found 3")
        );
        let small =
            Deck::parse("d.csv", "number,count\n1,1\n2,1\n3,1\n4,1\n5,1\n6,1\n7,8\n").unwrap();
        assert_eq!(small.size(), 14);
        assert_eq!(
            small.check_deal(2, HAND).unwrap_err().to_string(),
            "deck d.csv: 14 cards are too few; 2 player(s) need at least 15: 14 for the deal (7 each) and one to draw"
        );
        assert!(small.check_deal(1, HAND).is_ok());
        // A smaller hand fits where the text's does not; a larger one says which option asks.
        assert!(small.check_deal(2, 6).is_ok());
        assert_eq!(
            Deck::standard().check_deal(4, 20).unwrap_err().to_string(),
            "deck data/sieben-deck.csv: 80 cards are too few; 4 player(s) need at least 81: 80 for the deal (20 each, rule option hand=20) and one to draw"
        );
    }
}
