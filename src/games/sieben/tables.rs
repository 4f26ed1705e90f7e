//! `dicelab table sieben`: exact chances on every pile state for the rules' deck.
//!
//! For each of the 16 piles a round can show (two spots, total below 7), which numbers have a
//! legal play, the share of the deck's cards that can be played or make a Seven on it, and the
//! chance that a freshly dealt hand of 7 holds such a card. These say how often a total blocks
//! the table, which is what the blocker policy bets on. The hand chances are counts of 7-card
//! hands over all C(N, 7) hands, in exact integers.

use crate::analysis::{Analysis, DataTable};
use crate::cells;

use super::deck::{Counts, Deck, HAND, MAX_NUMBER};
use super::rules::{Pile, SEVEN};

/// C(n, k) exactly (n at most 10,000 and k at most 7 fit easily).
pub fn choose(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
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
    /// 7-card hands holding a legal play.
    pub hands_legal: u128,
    /// 7-card hands that can make a Seven.
    pub hands_seven: u128,
}

/// [`PileChances`] of every pile state for `deck`.
pub fn pile_chances(deck: &Deck) -> Vec<PileChances> {
    let n = deck.size();
    let all = choose(n, HAND);
    pile_states()
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
                hands_legal: all - choose(n - legal_cards, HAND),
                hands_seven: all - choose(n - seven_cards, HAND),
            }
        })
        .collect()
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

/// The table (`pile_states.csv`) and a text for the terminal.
pub fn tables(deck: &Deck, rules_text: &str) -> Analysis {
    let all = choose(deck.size(), HAND) as f64;
    let cards = f64::from(deck.size());
    let mut text = format!(
        "sieben | {rules_text} | exact tables ({} cards, {} hands of 7)\n\n\
         Every pile state: which numbers can be played, and the chance for one random card and for a dealt hand of 7\n  \
         spots  total  playable       P(card plays)  P(card sevens)  P(hand plays)  P(hand sevens)\n",
        deck.size(),
        choose(deck.size(), HAND)
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
    for c in pile_chances(deck) {
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
    Analysis {
        tables: vec![table],
        charts: Vec::new(),
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_pile_states() {
        let states = pile_states();
        assert_eq!(states.len(), 16);
        assert_eq!(states[0], Pile::EMPTY);
    }

    #[test]
    fn hand_chances_are_exact_counts() {
        let deck = Deck::standard();
        let c = pile_chances(&deck);
        // The empty pile takes every card.
        assert_eq!(c[0].legal_cards, 80);
        assert_eq!(c[0].hands_legal, choose(80, 7));
        // Only a 7 makes a Seven on it: 11 cards; hands without one: C(69, 7).
        assert_eq!(c[0].seven_cards, 11);
        assert_eq!(c[0].hands_seven, choose(80, 7) - choose(69, 7));
        // {3,3}: only 3 and 4 play (12 + 11 cards); 4 makes a Seven.
        let p33 = c.iter().find(|c| c.pile.spots() == [3, 3]).unwrap();
        assert_eq!(numbers(p33.legal), "3 4");
        assert_eq!(numbers(p33.seven), "4");
        assert_eq!(p33.legal_cards, 23);
        assert_eq!(p33.hands_legal, choose(80, 7) - choose(57, 7));
        assert_eq!(choose(80, 7), 3_176_716_400);
    }

    #[test]
    fn tables_write_one_csv() {
        let t = tables(&Deck::standard(), "finish=empty");
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

    /// Dealt hands match the exact table: the share of hands holding a 7 (a Seven on the empty
    /// pile) and a 3 or 4 (a play on {3,3}) is within 4 standard errors of the exact chance.
    #[test]
    fn dealt_hands_match_the_exact_chances() {
        let rules = Rules::default();
        let chances = pile_chances(&rules.deck);
        let all = choose(rules.deck.size(), HAND) as f64;
        let empty = chances[0].hands_seven as f64 / all;
        let p33 = chances.iter().find(|c| c.pile.spots() == [3, 3]).unwrap();
        let plays33 = p33.hands_legal as f64 / all;
        let mut table = Round::new(&rules, 4);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut sevens, mut plays, mut n) = (0u32, 0u32, 0u32);
        for _ in 0..10_000 {
            table.deal(0, &mut rng);
            for seat in 0..4 {
                let h = table.hand(seat);
                sevens += u32::from(h[7] > 0);
                plays += u32::from(h[3] + h[4] > 0);
                n += 1;
            }
        }
        for (hits, p) in [(sevens, empty), (plays, plays33)] {
            let se = (p * (1.0 - p) / f64::from(n)).sqrt();
            let z = (f64::from(hits) / f64::from(n) - p) / se;
            assert!(z.abs() < 4.0, "p {p}, z {z}");
        }
    }
}
