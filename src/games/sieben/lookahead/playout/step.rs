//! `seven-first`'s play as one table look-up: for each pile and each set of numbers a hand
//! holds, the card it lays, whether that makes a Seven, and the pile it leaves whether or not
//! the hand keeps a card of that number. Built at compile time from the policy's own table, so
//! the play-out plays an ordinary turn without a branch on what happens in it.

use crate::games::sieben::policy::SEVEN_FIRST;
use crate::games::sieben::rules::{Move, SEVEN};

/// A pile's place among the 16 piles a table can show (spots `a <= b`, `a + b < 7`, ordered by
/// `a`, then `b`): the empty pile first, so pile `{0, b}` is `b`.
const fn pile_id(a: u8, b: u8) -> u32 {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let mut id = 0;
    let mut x = 0;
    while x < a {
        // Row `x` holds the piles {x, x} to {x, 6 - x}.
        id += 7 - 2 * x as u32;
        x += 1;
    }
    id + (b - a) as u32
}

/// A pile's row in [`STEP`]: its [`pile_id`] times 128.
pub(super) const fn pile_row(a: u8, b: u8) -> usize {
    (pile_id(a, b) as usize) << 7
}

/// A [`STEP`] entry for the hand `held` (bit `n` for number `n`) playing `card`, keeping
/// `keep` (card 0: none), on the pile `{a, b}`: the card in bits 0 to 2, bit 3 when it makes a
/// Seven, the keep in bits 4 to 6, and the pile it leaves, by its [`pile_id`], in bits 8 to 11
/// if the hand holds another card of that number and in bits 12 to 15 if not.
///
/// The pile left is the same one without a play, and the new pile `{0, low}` after a Seven,
/// where `low` is the lowest number the hand still holds but 7, which is what `seven-first`
/// starts a pile with once it has laid every 7 (each a Seven on the empty pile); its place is
/// `low`, 0 for none (the hand is empty, the player is out).
const fn entry(a: u8, b: u8, held: u8, card: u8, keep: u8) -> u32 {
    let seven = card != 0 && card + keep == SEVEN;
    let (more, last) = if card == 0 {
        (pile_id(a, b), pile_id(a, b))
    } else if seven {
        let rest = held as u32 & 0x7F;
        (lowest(rest), lowest(rest & !(1 << card)))
    } else {
        (pile_id(card, keep), pile_id(card, keep))
    };
    card as u32 | (seven as u32) << 3 | (keep as u32) << 4 | more << 8 | last << 12
}

/// The lowest number in `numbers` (bit `n` for number `n`), 0 for none.
const fn lowest(numbers: u32) -> u32 {
    (numbers | 0x100).trailing_zeros() & 7
}

/// `seven-first`'s play on each pile (at its [`pile_row`]) for each hand, indexed by the
/// numbers it holds shifted down by one (bit `n - 1` for number `n`), as [`entry`]: the plays of
/// [`seven_first_play`](crate::games::sieben::policy::seven_first_play), with what they do to
/// the pile, in 8 KB.
pub(super) static STEP: [u32; 16 * 128] = {
    let mut t = [0; 16 * 128];
    let mut a = 0u8;
    while a < 7 {
        let mut b = a;
        while a + b < 7 {
            let row = pile_row(a, b);
            let mut h = 0;
            while h < 128 {
                let code = SEVEN_FIRST[(a * 7 + b) as usize][h << 1];
                t[row + h] = entry(a, b, (h << 1) as u8, code >> 3, code & 7);
                h += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// The entry of `held`'s play on the pile at `row`.
#[inline(always)]
pub(super) fn step(row: usize, held: u8) -> u32 {
    STEP[(row | usize::from(held >> 1)) & (16 * 128 - 1)]
}

/// The row of the pile an [`entry`] leaves, by whether the hand laid its `last` card of the
/// number.
#[inline(always)]
pub(super) fn row_after(entry: u32, last: bool) -> usize {
    ((entry >> (8 + 4 * u32::from(last))) as usize & 15) << 7
}

/// `seven-first`'s play on the pile at `row` for a hand holding the numbers `held`.
pub(super) fn seven_first_play(row: usize, held: u8) -> Option<Move> {
    let entry = step(row, held);
    (entry & 7 != 0).then_some(Move {
        card: (entry & 7) as u8,
        keep: (entry >> 4 & 7) as u8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sieben::deck::Counts;
    use crate::games::sieben::policy::seven_first;
    use crate::games::sieben::rules::{Pile, legal_moves};

    #[test]
    fn the_table_says_where_a_play_leaves_the_pile() {
        // Every pile and hand: the entry's play is seven-first's, the pile it leaves is the one
        // after that play (or, after a Seven, the new pile of the lowest card left but 7s), for
        // the hand keeping or emptying the card's number.
        for a in 0..7u8 {
            for b in a..7 - a {
                let pile = Pile::new(a, b).unwrap();
                let row = pile_row(a, b);
                for held in (0..=255u8).map(|h| h & 0xFE) {
                    let hand: Counts = std::array::from_fn(|n| u32::from(held >> n & 1));
                    let moves = legal_moves(pile, &hand);
                    let expected = (!moves.is_empty()).then(|| moves[seven_first(pile, &moves)]);
                    assert_eq!(seven_first_play(row, held), expected, "{pile:?} {held:b}");
                    let entry = step(row, held);
                    for last in [false, true] {
                        let after = match expected {
                            None => row,
                            Some(m) if m.is_seven() => {
                                let left = held & 0x7F & !(u8::from(last) << m.card);
                                let low = (1..7).find(|&n| left >> n & 1 == 1).unwrap_or(0);
                                pile_row(0, low)
                            }
                            Some(m) => {
                                let [x, y] = pile.after(m);
                                pile_row(x, y)
                            }
                        };
                        assert_eq!(row_after(entry, last), after, "{pile:?} {held:b} {last}");
                    }
                }
            }
        }
    }
}
