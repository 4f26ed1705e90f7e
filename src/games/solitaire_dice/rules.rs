//! Solitaire Dice, by Sid Sackson, as docs/solitaire-dice.md reads it: the numbers of the rule text and how a
//! row of the sheet scores.
//!
//! A roll of five dice ([`super::roll`]) is divided into one die set aside and two pairs
//! (`super::choice`); each pair's sum gets a mark and the set-aside face gets a throwaway mark
//! on the sheet ([`super::sheet`]). At most three different faces may ever be thrown away; once
//! three are on the sheet the set-aside die must show one of them whenever the roll has one, and
//! a roll that shows none is a free ride (any die is set aside, no throwaway mark). The game ends
//! as soon as a throwaway face has eight marks, after that roll's marks are made.
//!
//! Each of those numbers is also a rule option ([`OPTIONS`]): [`Rules`] holds a house rule's
//! numbers and its scoring tables. The constants stay the text's, for the fast path every
//! player and analysis of the text's game reads.

use crate::error::{Error, Result};
use crate::games::options::{Matters, OptionSpec, RuleOptions, Values};

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

/// The score the text calls a win.
pub const WIN_SCORE: i32 = 500;

/// Most rolls a game may take before it is called broken.
///
/// Every roll that is not a free ride adds a throwaway mark, and three faces take at most
/// 3 x 7 + 1 = 22 marks to end the game, so a game reaching 100 rolls has had at least 79 free
/// rides, each with probability 1/32: with fair dice that happens with probability below 1e-90.
/// Only a broken source of rolls gets here, and stopping keeps every sheet count below 255.
pub const MAX_ROLLS: u32 = 100;

/// The score of a sum with `marks` marks, as the rules read: 0 unmarked, [`PENALTY`] for one to four
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

/// Most marks a house rule may let pay ([`Rules::mark_cap`]): a game has at most
/// [`MAX_ROLLS`] rolls, and the scoring tables are sized by this.
pub(crate) const MAX_MARK_CAP: u8 = 30;

/// Most throwaway marks a house rule may end the game at ([`Rules::end_marks`]): six faces
/// of eleven marks each take 67 rolls, so every game ends well within
/// [`MAX_ROLLS`] and sheet counts stay small.
pub(crate) const MAX_END_MARKS: u8 = 12;

/// Fewest dice a house rule may roll ([`Rules::dice`]): one set aside and one pair.
pub(crate) const MIN_DICE: u8 = 3;

/// Most dice a house rule may roll: one set aside and four pairs. Nine is where the general
/// path's rolls still come two to a 64-bit draw ([`crate::dice::RollStream`]) and a roll's
/// divisions (at most 6 faces x 105 pairings) stay cheap to list.
pub(crate) const MAX_DICE: u8 = 9;

/// The largest chance a house rule may leave that a game outlasts
/// [`MAX_ROLLS`] rolls ([`Rules::unfinished_chance`]): one game in a
/// thousand million million. The text's game is below 1e-90; only few dice with few throwaway
/// faces (`dice=3`, `throwaways=1`), whose rolls are mostly free rides, come near it.
pub(crate) const MAX_UNFINISHED: f64 = 1e-15;

/// Slots of a row's score table: marks 0 to [`MAX_MARK_CAP`].
const SLOTS: usize = MAX_MARK_CAP as usize + 1;

/// The rule options: every number of the text, so a designer can try a house rule
/// (`--rule penalty=-100 --rule value_7=50`). All are quiet, so a run under the text's numbers
/// records the rules it recorded before they existed.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "dice",
        values: Values::Whole {
            min: MIN_DICE as u32,
            max: MAX_DICE as u32,
        },
        default: "5",
        meaning: "dice in a roll: one set aside and the rest in pairs, so an odd number \
                  (3, 5, 7 or 9); only greedy and random play other than 5",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    value_option(
        "value_2",
        "100",
        "what each paying mark of the sum 2 is worth",
    ),
    value_option(
        "value_3",
        "70",
        "what each paying mark of the sum 3 is worth",
    ),
    value_option(
        "value_4",
        "60",
        "what each paying mark of the sum 4 is worth",
    ),
    value_option(
        "value_5",
        "50",
        "what each paying mark of the sum 5 is worth",
    ),
    value_option(
        "value_6",
        "40",
        "what each paying mark of the sum 6 is worth",
    ),
    value_option(
        "value_7",
        "30",
        "what each paying mark of the sum 7 is worth",
    ),
    value_option(
        "value_8",
        "40",
        "what each paying mark of the sum 8 is worth",
    ),
    value_option(
        "value_9",
        "50",
        "what each paying mark of the sum 9 is worth",
    ),
    value_option(
        "value_10",
        "60",
        "what each paying mark of the sum 10 is worth",
    ),
    value_option(
        "value_11",
        "70",
        "what each paying mark of the sum 11 is worth",
    ),
    value_option(
        "value_12",
        "100",
        "what each paying mark of the sum 12 is worth",
    ),
    OptionSpec {
        key: "penalty",
        values: Values::Integer {
            min: -1000,
            max: 1000,
        },
        default: "-200",
        meaning: "the score of a sum with 1 to penalty_marks marks, taken once",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "penalty_marks",
        values: Values::Whole {
            min: 0,
            max: MAX_MARK_CAP as u32 - 1,
        },
        default: "4",
        meaning: "marks 1 to this many score the penalty (0: no penalty); fewer than zero_mark",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "zero_mark",
        values: Values::Whole {
            min: 1,
            max: MAX_MARK_CAP as u32,
        },
        default: "5",
        meaning: "marks above penalty_marks up to this many score 0; each mark beyond pays the \
                  sum's value; at most mark_cap",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "mark_cap",
        values: Values::Whole {
            min: 1,
            max: MAX_MARK_CAP as u32,
        },
        default: "10",
        meaning: "marks beyond this many pay nothing more",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "throwaways",
        values: Values::Whole { min: 1, max: 6 },
        default: "3",
        meaning: "most different faces a game may throw away",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "end_marks",
        values: Values::Whole {
            min: 1,
            max: MAX_END_MARKS as u32,
        },
        default: "8",
        meaning: "throwaway marks on one face that end the game",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "win",
        values: Values::Whole {
            min: 0,
            max: 100_000,
        },
        default: "500",
        meaning: "the score that counts as a win (a run reports the chance of reaching it)",
        quiet: true,
        matters: Matters::ALWAYS,
    },
];

/// The option `value_S` of one sum, whole numbers from 0 to 1000.
const fn value_option(
    key: &'static str,
    default: &'static str,
    meaning: &'static str,
) -> OptionSpec {
    OptionSpec::quiet_whole(key, 1000, default, meaning)
}

/// The numbers of a game of Solitaire Dice, the text's ([`Rules::TEXT`]) or a house rule's,
/// with the scoring tables built once from them so that a game under a house rule reads a
/// table per mark as the text's game reads its consts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Dice in a roll, odd: one set aside and `(dice - 1) / 2` pairs. Any count but
    /// [`DICE`] plays on the general path (`general.rs`).
    pub dice: u8,
    /// What each paying mark is worth, per sum from 2 to 12.
    pub values: [i32; SUMS],
    /// The score of a sum with 1 to `penalty_marks` marks.
    pub penalty: i32,
    /// Marks 1 to this many score the penalty.
    pub penalty_marks: u8,
    /// Marks above `penalty_marks` up to this many score 0; each beyond pays the value.
    pub zero_mark: u8,
    /// Marks beyond this many pay nothing more.
    pub mark_cap: u8,
    /// Most different faces a game may throw away.
    pub throwaways: u8,
    /// Throwaway marks on one face that end the game.
    pub end_marks: u8,
    /// The score that counts as a win.
    pub win: i32,
    /// Each row's score by marks (capped at `mark_cap`), so a sheet scores by look-up.
    table: [[i32; SLOTS]; SUMS],
    /// How one mark (`[0]`) or two (`[1]`) change a row's score, by row and by its marks
    /// (capped at `mark_cap`): what greedy asks of every choice.
    change: [[[i32; SLOTS]; SUMS]; 2],
}

impl Rules {
    /// The rules as the text gives them.
    pub const TEXT: Rules = Rules::new(
        VALUES,
        PENALTY,
        BREAK_EVEN_MARKS - 1,
        BREAK_EVEN_MARKS,
        MARK_CAP,
        MAX_THROWAWAY_FACES,
        END_MARKS,
        WIN_SCORE,
    );

    /// Rules of these numbers with their tables, unchecked: [`Rules::check`] says whether they
    /// make a game.
    #[allow(clippy::too_many_arguments)]
    pub const fn new(
        values: [i32; SUMS],
        penalty: i32,
        penalty_marks: u8,
        zero_mark: u8,
        mark_cap: u8,
        throwaways: u8,
        end_marks: u8,
        win: i32,
    ) -> Self {
        let mut rules = Rules {
            dice: DICE as u8,
            values,
            penalty,
            penalty_marks,
            zero_mark,
            mark_cap,
            throwaways,
            end_marks,
            win,
            table: [[0; SLOTS]; SUMS],
            change: [[[0; SLOTS]; SUMS]; 2],
        };
        let mut row = 0;
        while row < SUMS {
            let mut m = 0;
            while m < SLOTS {
                rules.table[row][m] = rules.row_score(row, m as u8);
                m += 1;
            }
            row += 1;
        }
        let mut extra = 0;
        while extra < 2 {
            let mut row = 0;
            while row < SUMS {
                let mut m = 0;
                while m < SLOTS {
                    let after = rules.row_score(row, m as u8 + 1 + extra as u8);
                    rules.change[extra][row][m] = after - rules.row_score(row, m as u8);
                    m += 1;
                }
                row += 1;
            }
            extra += 1;
        }
        rules
    }

    /// These rules with `dice` dice a roll instead of the text's five (unchecked, as
    /// [`Rules::new`]): a separate step so the text's numbers keep their one constructor.
    pub const fn with_dice(mut self, dice: u8) -> Self {
        self.dice = dice;
        self
    }

    /// The rules the options give, refusing in one line a combination that breaks the game.
    pub fn from_options(options: &RuleOptions) -> Result<Self> {
        let mut values = [0; SUMS];
        for (row, value) in values.iter_mut().enumerate() {
            let key = format!("value_{}", MIN_SUM + row as u8);
            *value = options.whole(&key) as i32;
        }
        let narrow = |key: &str| u8::try_from(options.whole(key)).expect("options are below 256");
        let rules = Rules::new(
            values,
            options.integer("penalty"),
            narrow("penalty_marks"),
            narrow("zero_mark"),
            narrow("mark_cap"),
            narrow("throwaways"),
            narrow("end_marks"),
            options.whole("win") as i32,
        )
        .with_dice(narrow("dice"));
        rules.check()?;
        Ok(rules)
    }

    /// Whether the numbers make a game: an odd number of dice, the scoring bands in order,
    /// counts in range, and a game that ends within [`MAX_ROLLS`] rolls
    /// but for a chance below `MAX_UNFINISHED`.
    pub fn check(&self) -> Result<()> {
        let dice = self.dice;
        if !(MIN_DICE..=MAX_DICE).contains(&dice) || dice.is_multiple_of(2) {
            return Err(Error::input(format!(
                "rule option dice={dice} for solitaire-dice: a roll is one die set aside and \
                 pairs, so the dice are odd: 3, 5, 7 or 9"
            )));
        }
        let (pm, zero, cap) = (self.penalty_marks, self.zero_mark, self.mark_cap);
        if pm >= zero {
            return Err(Error::input(format!(
                "rule options penalty_marks={pm} and zero_mark={zero}: the penalty marks must \
                 be fewer than zero_mark, the mark count that scores 0"
            )));
        }
        if zero > cap {
            return Err(Error::input(format!(
                "rule options zero_mark={zero} and mark_cap={cap}: zero_mark must be at most \
                 mark_cap, since marks beyond the cap pay nothing"
            )));
        }
        if cap > MAX_MARK_CAP
            || !(1..=6).contains(&self.throwaways)
            || !(1..=MAX_END_MARKS).contains(&self.end_marks)
        {
            return Err(Error::input(format!(
                "Solitaire Dice rules: mark_cap={cap}, throwaways={}, end_marks={} are outside \
                 1 to {MAX_MARK_CAP}, 1 to 6 and 1 to {MAX_END_MARKS}",
                self.throwaways, self.end_marks
            )));
        }
        let unfinished = self.unfinished_chance();
        if unfinished > MAX_UNFINISHED {
            let (faces, end) = (self.throwaways, self.end_marks);
            return Err(Error::input(format!(
                "rule options dice={dice}, throwaways={faces} and end_marks={end}: a roll of \
                 {dice} dice shows none of {faces} chosen faces so often (a free ride) that a \
                 game could outlast {MAX_ROLLS} rolls (a chance of {unfinished:.1e} a game, above \
                 {MAX_UNFINISHED:.0e}); use fewer end_marks, more throwaways or more dice",
            )));
        }
        Ok(())
    }

    /// An upper bound on the chance that a game is not over after
    /// [`MAX_ROLLS`] rolls, whoever plays.
    ///
    /// Every roll that is not a free ride marks one of at most `throwaways` faces, so
    /// `throwaways x (end_marks - 1) + 1` such rolls end any game. The first roll is never a
    /// free ride (no face is chosen yet), nor is any before the faces are all chosen; after,
    /// each roll is one with the chance that all `dice` dice miss the chosen faces,
    /// `((6 - throwaways) / 6)^dice`. So the rolls after the first that are not free rides are
    /// at least a binomial count over `MAX_ROLLS - 1` rolls, and the game outlasts the limit at
    /// most with the chance that this count stays below `throwaways x (end_marks - 1)` (exactly
    /// that chance with one throwaway face).
    pub fn unfinished_chance(&self) -> f64 {
        let rolls = MAX_ROLLS as i32 - 1;
        let needed = i32::from(self.throwaways) * (i32::from(self.end_marks) - 1);
        let free = (f64::from(6 - self.throwaways.min(6)) / 6.0).powi(i32::from(self.dice));
        let marked = 1.0 - free;
        // P(Binomial(rolls, marked) < needed), term by term (C(100, k) fits an f64 exactly
        // enough for a chance this small).
        let mut choose = 1.0f64;
        let mut chance = 0.0;
        for k in 0..needed.min(rolls + 1) {
            chance += choose * marked.powi(k) * free.powi(rolls - k);
            choose = choose * f64::from(rolls - k) / f64::from(k + 1);
        }
        chance
    }

    /// Whether these are the text's rules, which every player and analysis plays.
    pub fn is_text(&self) -> bool {
        *self == Rules::TEXT
    }

    /// The score of row `row` (the sum `row + 2`) with `marks` marks: 0 unmarked, the
    /// penalty for 1 to `penalty_marks`, 0 up to `zero_mark`, the value per mark beyond, up to
    /// `mark_cap`.
    const fn row_score(&self, row: usize, marks: u8) -> i32 {
        if marks == 0 {
            0
        } else if marks <= self.penalty_marks {
            self.penalty
        } else if marks <= self.zero_mark {
            0
        } else {
            let paying = if marks > self.mark_cap {
                self.mark_cap
            } else {
                marks
            };
            self.values[row] * (paying as i32 - self.zero_mark as i32)
        }
    }

    /// The score of a sum with `marks` marks under these rules ([`sum_score`] for the text's);
    /// a sum outside 2 to 12 scores 0.
    pub fn sum_score(&self, sum: u8, marks: u8) -> i32 {
        if !(MIN_SUM..=MAX_SUM).contains(&sum) {
            return 0;
        }
        self.row_score(usize::from(sum - MIN_SUM), marks)
    }

    /// A row's score by look-up, its marks capped at the table's size.
    #[inline(always)]
    pub(super) fn row_table(&self, row: usize, marks: u8) -> i32 {
        self.table[row][usize::from(marks.min(self.mark_cap))]
    }

    /// How one mark (`extra` 0) or two (`extra` 1) change row `row` with `marks` marks.
    #[inline(always)]
    pub(super) fn mark_change(&self, extra: usize, row: usize, marks: u8) -> i32 {
        self.change[extra][row][usize::from(marks.min(self.mark_cap))]
    }

    /// The lowest and highest score a sheet can have, and the largest step every score is a
    /// multiple of (1 when all values are 0): what a histogram of scores is sized by.
    pub fn score_range(&self) -> (i32, i32, i32) {
        let paying = i32::from(self.mark_cap - self.zero_mark);
        let penalty = if self.penalty_marks > 0 {
            self.penalty
        } else {
            0
        };
        let (mut low, mut high, mut step) = (0, 0, penalty.unsigned_abs());
        for &v in &self.values {
            low += penalty.min(0);
            high += (v * paying).max(penalty).max(0);
            step = gcd(step, v.unsigned_abs());
        }
        (low, high, step.max(1) as i32)
    }
}

/// The greatest common divisor (0 with 0 gives 0).
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}
