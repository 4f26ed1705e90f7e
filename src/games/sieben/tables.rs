//! `dicelab table sieben`: exact chances on every pile state for the rules' deck.
//!
//! For each of the 16 piles a round can show (two spots, total below 7), which numbers have a
//! legal play, the share of the deck's cards that can be played or make a Seven on it, and the
//! chance that a freshly dealt hand of 7 holds such a card. These say how often a total blocks
//! the table, which is what the blocker policy bets on. The hand chances are counts of dealt
//! hands (7 cards by the text, the rules' `hand`) over all C(N, hand) hands, in exact integers.

use crate::cells;
use crate::error::{Error, Result};
use crate::games::analysis::{Analysis, DataTable};

use super::deck::{Counts, Deck, MAX_NUMBER};
use super::rules::{Pile, SEVEN};

/// C(n, k) exactly, or `None` when it does not fit 128 bits (a hand of 7 from 10,000 cards fits
/// easily, as does any hand from the 80-card box; a hand of 20 from 10,000 cards does not).
pub fn choose(n: u32, k: u32) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    // Each step is C(n, i) * (n - i) = C(n, i + 1) * (i + 1): the division is exact.
    (0..k).try_fold(1u128, |acc, i| {
        acc.checked_mul(u128::from(n - i))
            .map(|p| p / u128::from(i + 1))
    })
}

/// Every pile a round can show, smaller spot first: the empty pile, one card, two cards.
pub fn pile_states() -> Vec<Pile> {
    let mut out = Vec::new();
    for a in 0..SEVEN {
        for b in a..SEVEN - a {
            out.push(Pile::new(a, b).expect("total below 7"));
        }
    }
    out
}

/// Bit mask of the numbers that make a Seven on `pile` by some legal play.
pub fn seven_numbers(pile: Pile) -> u8 {
    let [a, b] = pile.spots();
    let mut mask = 0;
    for c in 1..=MAX_NUMBER {
        if (c >= b && c + a == SEVEN) || (c >= a && c + b == SEVEN) {
            mask |= 1 << c;
        }
    }
    mask
}

/// Cards of the deck whose number is in `mask`.
fn cards_in(counts: &Counts, mask: u8) -> u32 {
    (1..=MAX_NUMBER)
        .filter(|c| mask & (1 << c) != 0)
        .map(|c| counts[usize::from(c)])
        .sum()
}

/// One row of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PileChances {
    /// The pile.
    pub pile: Pile,
    /// Numbers with a legal play (bit mask).
    pub legal: u8,
    /// Numbers that make a Seven (bit mask).
    pub seven: u8,
    /// Deck cards with a legal play.
    pub legal_cards: u32,
    /// Deck cards that make a Seven.
    pub seven_cards: u32,
    /// Dealt hands holding a legal play.
    pub hands_legal: u128,
    /// Dealt hands that can make a Seven.
    pub hands_seven: u128,
}

/// All the hands of `hand` cards `deck` can deal, or one line saying the count is too large for
/// exact integers.
pub fn all_hands(deck: &Deck, hand: u32) -> Result<u128> {
    choose(deck.size(), hand).ok_or_else(|| {
        Error::input(format!(
            "table sieben: hands of {hand} cards from the {} cards of deck {} are too many to \
             count exactly in 128 bits; use a smaller rule option hand or deck",
            deck.size(),
            deck.source()
        ))
    })
}

/// [`PileChances`] of every pile state for `deck` and hands of `hand` cards.
pub fn pile_chances(deck: &Deck, hand: u32) -> Result<Vec<PileChances>> {
    let n = deck.size();
    let all = all_hands(deck, hand)?;
    // Fewer cards give fewer hands, so every count below fits where `all` does.
    let fewer = |cards: u32| choose(n - cards, hand).expect("at most all hands");
    Ok(pile_states()
        .into_iter()
        .map(|pile| {
            let legal = pile.legal_numbers();
            let seven = seven_numbers(pile);
            let legal_cards = cards_in(deck.counts(), legal);
            let seven_cards = cards_in(deck.counts(), seven);
            PileChances {
                pile,
                legal,
                seven,
                legal_cards,
                seven_cards,
                hands_legal: all - fewer(legal_cards),
                hands_seven: all - fewer(seven_cards),
            }
        })
        .collect())
}

fn numbers(mask: u8) -> String {
    let list: Vec<String> = (1..=MAX_NUMBER)
        .filter(|c| mask & (1 << c) != 0)
        .map(|c| c.to_string())
        .collect();
    if list.is_empty() {
        "-".to_string()
    } else {
        list.join(" ")
    }
}

/// The table (`pile_states.csv`) and a text for the terminal, for hands of `hand` cards.
pub fn tables(deck: &Deck, hand: u32, rules_text: &str) -> Result<Analysis> {
    let chances = pile_chances(deck, hand)?;
    let hands = all_hands(deck, hand)?;
    let all = hands as f64;
    let cards = f64::from(deck.size());
    let mut text = format!(
        "sieben | {rules_text} | exact tables ({} cards, {hands} hands of {hand})\n\n\
         Every pile state: which numbers can be played, and the chance for one random card and for a dealt hand of {hand}\n  \
         spots  total  playable       P(card plays)  P(card sevens)  P(hand plays)  P(hand sevens)\n",
        deck.size(),
    );
    let mut table = DataTable::new(
        "pile_states",
        &[
            "spot_1",
            "spot_2",
            "total",
            "playable_numbers",
            "seven_numbers",
            "cards_play",
            "p_card_plays",
            "cards_seven",
            "p_card_sevens",
            "hands_play",
            "p_hand_plays",
            "hands_seven",
            "p_hand_sevens",
        ],
    );
    for c in chances {
        let [a, b] = c.pile.spots();
        let p_card = f64::from(c.legal_cards) / cards;
        let p_card7 = f64::from(c.seven_cards) / cards;
        let p_hand = c.hands_legal as f64 / all;
        let p_hand7 = c.hands_seven as f64 / all;
        text.push_str(&format!(
            "  {a} {b}  {:>6}  {:<13} {:>14.6} {:>15.6} {:>14.6} {:>15.6}\n",
            c.pile.total(),
            numbers(c.legal),
            p_card,
            p_card7,
            p_hand,
            p_hand7
        ));
        table.push(cells![
            a,
            b,
            c.pile.total(),
            numbers(c.legal),
            numbers(c.seven),
            c.legal_cards,
            p_card,
            c.seven_cards,
            p_card7,
            c.hands_legal,
            p_hand,
            c.hands_seven,
            p_hand7,
        ]);
    }
    Ok(Analysis {
        tables: vec![table],
        charts: Vec::new(),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::sieben::deck::HAND;

    fn c(n: u32, k: u32) -> u128 {
        choose(n, k).unwrap()
    }

    #[test]
    fn sixteen_pile_states() {
        let states = pile_states();
        assert_eq!(states.len(), 16);
        assert_eq!(states[0], Pile::EMPTY);
    }

    #[test]
    fn hand_chances_are_exact_counts() {
        let deck = Deck::standard();
        let ch = pile_chances(&deck, HAND).unwrap();
        // The empty pile takes every card.
        assert_eq!(ch[0].legal_cards, 80);
        assert_eq!(ch[0].hands_legal, c(80, 7));
        // Only a 7 makes a Seven on it: 11 cards; hands without one: C(69, 7).
        assert_eq!(ch[0].seven_cards, 11);
        assert_eq!(ch[0].hands_seven, c(80, 7) - c(69, 7));
        // {3,3}: only 3 and 4 play (12 + 11 cards); 4 makes a Seven.
        let p33 = ch.iter().find(|c| c.pile.spots() == [3, 3]).unwrap();
        assert_eq!(numbers(p33.legal), "3 4");
        assert_eq!(numbers(p33.seven), "4");
        assert_eq!(p33.legal_cards, 23);
        assert_eq!(p33.hands_legal, c(80, 7) - c(57, 7));
        assert_eq!(c(80, 7), 3_176_716_400);
    }

    #[test]
    fn hand_chances_follow_the_hand_option() {
        let deck = Deck::standard();
        let ch = pile_chances(&deck, 5).unwrap();
        assert_eq!(c(80, 5), 24_040_016);
        assert_eq!(ch[0].hands_seven, c(80, 5) - c(69, 5));
        let p33 = ch.iter().find(|c| c.pile.spots() == [3, 3]).unwrap();
        assert_eq!(p33.hands_legal, c(80, 5) - c(57, 5));
        let t = tables(&deck, 5, "hand=5").unwrap();
        assert!(
            t.text
                .contains("(80 cards, 24040016 hands of 5)\n\nEvery pile state: which numbers can be played, and the chance for one random card and for a dealt hand of 5\n"),
            "{}",
            t.text
        );
    }

    #[test]
    fn counts_too_large_for_128_bits_are_refused_not_wrapped() {
        assert_eq!(choose(5, 7), Some(0));
        assert!(choose(10_000, 7).is_some());
        assert_eq!(choose(10_000, 20), None);
        let big =
            Deck::from_counts([0, 1500, 1500, 1500, 1500, 1000, 1000, 2000], "big.csv").unwrap();
        let e = tables(&big, 20, "").unwrap_err().to_string();
        assert_eq!(
            e,
            "table sieben: hands of 20 cards from the 10000 cards of deck big.csv are too many to count exactly in 128 bits; use a smaller rule option hand or deck"
        );
        // The largest hand an 80-card box can deal (to the table's one player) still counts.
        assert!(tables(&Deck::standard(), 79, "").is_ok());
    }

    #[test]
    fn tables_write_one_csv() {
        let t = tables(&Deck::standard(), HAND, "finish=empty").unwrap();
        assert_eq!(t.tables.len(), 1);
        assert_eq!(t.tables[0].name, "pile_states");
        assert_eq!(t.tables[0].rows.len(), 16);
        assert!(t.text.contains("3 4"), "{}", t.text);
    }
}

#[cfg(test)]
mod deal_check {
    use super::*;
    use crate::games::sieben::round::Round;
    use crate::games::sieben::rules::Rules;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    /// Dealt hands of `hand` cards match the exact table: every hand has `hand` cards, and the
    /// share of hands holding a 7 (a Seven on the empty pile) and a 3 or 4 (a play on {3,3}) is
    /// within 4 standard errors of the exact chance.
    fn dealt_hands_match(hand: u32, seed: u64) {
        let rules = Rules {
            hand,
            ..Rules::default()
        };
        let chances = pile_chances(&rules.deck, hand).unwrap();
        let all = choose(rules.deck.size(), hand).unwrap() as f64;
        let empty = chances[0].hands_seven as f64 / all;
        let p33 = chances.iter().find(|c| c.pile.spots() == [3, 3]).unwrap();
        let plays33 = p33.hands_legal as f64 / all;
        let mut table = Round::new(&rules, 4);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (mut sevens, mut plays, mut n) = (0u32, 0u32, 0u32);
        for _ in 0..10_000 {
            table.deal(0, &mut rng);
            for seat in 0..4 {
                let h = table.hand(seat);
                assert_eq!(h.iter().sum::<u32>(), hand, "a hand of {hand} cards");
                assert_eq!(table.seen(seat).cards, hand);
                sevens += u32::from(h[7] > 0);
                plays += u32::from(h[3] + h[4] > 0);
                n += 1;
            }
            assert_eq!(table.draw_pile().len() as u32, 80 - 4 * hand);
        }
        for (hits, p) in [(sevens, empty), (plays, plays33)] {
            let se = (p * (1.0 - p) / f64::from(n)).sqrt();
            let z = (f64::from(hits) / f64::from(n) - p) / se;
            assert!(z.abs() < 4.0, "hand {hand}: p {p}, z {z}");
        }
    }

    #[test]
    fn dealt_hands_match_the_exact_chances() {
        dealt_hands_match(crate::games::sieben::deck::HAND, 3);
    }

    #[test]
    fn hand_5_deals_5_cards_and_matches_its_exact_chances() {
        dealt_hands_match(5, 4);
    }

    // Moved from tests/statistics.rs: it deals through `Round`, which is not public.
    /// Under `hand=5` the exact table counts hands of 5 cards (C(80, 5) of them), and dealt hands
    /// match it: for every pile state, the share of dealt hands holding a playable card lands within
    /// 4 standard errors of the table's chance. A deal of the text's 7 cards would hold a play far
    /// more often (on {3,3}, 0.92 against 0.83).
    #[test]
    fn sieben_hands_of_5_are_dealt_as_the_exact_table_says() {
        use crate::engine::chunk_rng;
        let rules = Rules {
            hand: 5,
            ..Rules::default()
        };
        let chances = pile_chances(&rules.deck, 5).unwrap();
        let all = all_hands(&rules.deck, 5).unwrap() as f64;
        let mut table = Round::new(&rules, 4);
        let mut rng = chunk_rng(55, 0);
        let mut hits = vec![0u32; chances.len()];
        let mut n = 0u32;
        for _ in 0..10_000 {
            table.deal(0, &mut rng);
            for seat in 0..4 {
                let hand = table.hand(seat);
                assert_eq!(hand.iter().sum::<u32>(), 5);
                for (h, c) in hits.iter_mut().zip(&chances) {
                    *h += u32::from((1..8).any(|x| c.legal & (1 << x) != 0 && hand[x] > 0));
                }
                n += 1;
            }
        }
        for (h, c) in hits.iter().zip(&chances) {
            let p = c.hands_legal as f64 / all;
            let share = f64::from(*h) / f64::from(n);
            let se = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-12);
            assert!(
                (share - p).abs() < 4.0 * se || (p == 1.0 && share == 1.0),
                "pile {:?}: {share} of hands play, exactly {p} (se {se})",
                c.pile.spots()
            );
        }
    }
}
