//! Solitaire Dice, by Sid Sackson, as RULES.md reads it: the numbers of the rule text and how a
//! row of the sheet scores.
//!
//! A roll of five dice ([`super::roll`]) is divided into one die set aside and two pairs
//! ([`super::choice`]); each pair's sum gets a mark and the set-aside face gets a throwaway mark
//! on the sheet ([`super::sheet`]). At most three different faces may ever be thrown away; once
//! three are on the sheet the set-aside die must show one of them whenever the roll has one, and
//! a roll that shows none is a free ride (any die is set aside, no throwaway mark). The game ends
//! as soon as a throwaway face has eight marks, after that roll's marks are made.

/// Dice in a roll: four make the two pairs, one is set aside.
pub const DICE: usize = 5;

/// The smallest pair sum, the first row of the sheet.
pub const MIN_SUM: u8 = 2;

/// The largest pair sum, the last row of the sheet.
pub const MAX_SUM: u8 = 12;

/// Rows of the sheet, one per pair sum (public so that reports and histograms can size by it).
pub const SUMS: usize = (MAX_SUM - MIN_SUM + 1) as usize;

/// What each mark from the sixth to the tenth is worth, per sum from 2 to 12: the rarer the sum,
/// the more it pays.
pub const VALUES: [i32; SUMS] = [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100];

/// The score of a sum with one to four marks: taken once, whatever the number of marks.
pub const PENALTY: i32 = -200;

/// Marks that bring a sum back to 0; each mark beyond pays the sum's value.
pub const BREAK_EVEN_MARKS: u8 = 5;

/// Marks beyond this many pay nothing more.
pub const MARK_CAP: u8 = 10;

/// Most different faces a game may throw away.
pub const MAX_THROWAWAY_FACES: u8 = 3;

/// Throwaway marks on one face that end the game.
pub const END_MARKS: u8 = 8;

/// Most distinct choices a roll can offer: five dice to set aside times three pairings of the rest.
pub const MAX_CHOICES: usize = 15;

/// The score of a sum with `marks` marks, per RULES.md: 0 unmarked, [`PENALTY`] for one to four
/// marks, 0 for five, the sum's value per mark from the sixth to the tenth.
///
/// A sum outside 2 to 12 can never be marked, so it scores 0 rather than panicking.
pub const fn sum_score(sum: u8, marks: u8) -> i32 {
    if sum < MIN_SUM || sum > MAX_SUM {
        return 0;
    }
    let value = VALUES[(sum - MIN_SUM) as usize];
    match marks {
        0 => 0,
        1..BREAK_EVEN_MARKS => PENALTY,
        _ => {
            let paying = if marks > MARK_CAP { MARK_CAP } else { marks };
            value * (paying - BREAK_EVEN_MARKS) as i32
        }
    }
}

/// How one mark (`[0]`) or two (`[1]`) change a row's score, by row and by the marks it has (0
/// to [`MARK_CAP`]): greedy asks this for every choice of every roll.
pub(super) const MARK_CHANGE: [[[i32; MARK_CAP as usize + 1]; SUMS]; 2] = {
    let mut table = [[[0; MARK_CAP as usize + 1]; SUMS]; 2];
    let mut extra = 0;
    while extra < 2 {
        let mut row = 0;
        while row < SUMS {
            let mut m = 0;
            while m <= MARK_CAP {
                let sum = MIN_SUM + row as u8;
                table[extra][row][m as usize] =
                    sum_score(sum, m + 1 + extra as u8) - sum_score(sum, m);
                m += 1;
            }
            row += 1;
        }
        extra += 1;
    }
    table
};
