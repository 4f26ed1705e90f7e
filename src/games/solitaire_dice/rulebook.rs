//! The rules of Sid Sackson's Solitaire Dice in the project's words: `dicelab rules
//! solitaire-dice`, the "How to play" section of docs/solitaire-dice.md and the start of
//! `dicelab play solitaire-dice` read this.
//!
//! The worked examples are held by `rules_tests` (`example_a_groups_1_5_and_1_6_with_3_thrown_away`,
//! `the_texts_free_ride_example`, `example_b_scores_minus_210`, `example_b_advice_holds`).

use crate::games::rulebook::{Block, Reading, Rulebook};

/// Solitaire Dice, as this project plays it.
pub const RULEBOOK: Rulebook = Rulebook {
    in_short: "roll five dice; set one aside as the throwaway and pair the other four, marking \
               each pair's sum on your sheet. At most three different throwaway faces a game; \
               the game ends when one has eight marks. A sum with 1 to 4 marks scores -200, 5 \
               marks 0, and each mark from the 6th to the 10th pays the sum's value (2 and 12: \
               100; 7: 30). 500 or more is a win.",
    how_to_play: &[
        Block::Para(
            "One player, five dice and a score sheet. The sheet has a row for each sum of two \
             dice, 2 to 12, and a row for each face that can be thrown away, 1 to 6. (Several \
             players can share the same rolls, each dividing them on a sheet of their own.)",
        ),
        Block::Para(
            "Roll all five dice. Pick one die as the throwaway and split the other four into \
             two pairs. Each pair's sum gets a mark on its row, and the throwaway's face gets a \
             mark on the throwaway rows.",
        ),
        Block::Item(
            "No more than three different faces may ever be thrown away. Once three are on the \
             sheet, a roll that shows one of them must throw one of them away.",
        ),
        Block::Item(
            "A roll that shows none of the three is a free ride: set any die aside, pair the \
             other four as usual, and make no throwaway mark.",
        ),
        Block::Item(
            "The game ends as soon as one throwaway face has eight marks; the roll that puts \
             the eighth mark there is marked in full first.",
        ),
        Block::Para(
            "Then every row of sums scores by its marks: no marks, 0; one to four marks, -200 \
             (once, however many); five marks, 0; each mark from the sixth to the tenth, the \
             sum's value; marks past the tenth, nothing more. Rare sums are worth more:",
        ),
        Block::Table(&[
            &[
                "sum", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
            ],
            &[
                "value", "100", "70", "60", "50", "40", "30", "40", "50", "60", "70", "100",
            ],
        ]),
        Block::Para(
            "The rows added up are the score, and 500 or more is a win. With several players, \
             each goes out when one of their own throwaway faces has eight marks; when all are \
             out, the highest score wins.",
        ),
    ],
    readings: &[
        Reading {
            topic: "Choices",
            text: "A division of a roll is its throwaway face and its two pair sums; divisions \
                   that differ only in which equal dice went where are one choice, so a roll \
                   offers at most 15.",
        },
        Reading {
            topic: "The three faces",
            text: "They are the first three faces a player throws away; a fourth is never \
                   allowed. A free ride puts no mark on any throwaway row, so it brings the \
                   end no nearer.",
        },
        Reading {
            topic: "The penalty",
            text: "The text's \"the first 4 marks count as -200\" is read as -200 once for a \
                   row with one to four marks, not -200 a mark: its example B scores a row of \
                   two marks -200.",
        },
        Reading {
            topic: "Several players",
            text: "All players divide the same rolls, each on their own sheet; a player who \
                   is out stops marking while the others play on with the shared rolls. The \
                   highest final score wins, and equal highest scores share the win.",
        },
        Reading {
            topic: "Numbers as options",
            text: "Every number of the text is a rule option (the values, the -200 and its \
                   marks, the marks that pay, the three faces, the eight marks, the 500), and \
                   so is the number of dice: a roll of `dice` dice sets one aside and pairs \
                   the rest.",
        },
    ],
    examples: &[
        "Example A: 1, 1, 3, 5, 6 can be divided as 1+5 (a mark on the 6 row), 1+6 (a mark on \
         7) and the 3 thrown away (a mark on throwaway 3). The roll offers 9 divisions in all.",
        "The free ride: with 4, 5 and 6 the three throwaway faces, a roll of 1, 1, 2, 2, 3 \
         shows none of them, so any die is set aside, the other four are paired as usual, and \
         no throwaway mark is made.",
        "Example B: a sheet with two marks on 3, seven on 5, eight on 7, four on 8 and five on \
         9 scores -200 + 50 x 2 + 30 x 3 - 200 + 0 = -210. Its throwaway rows hold six marks \
         on 1, four on 2 and three on 5, so two more 1's end the game; the next 8 lifts that \
         row from -200 to 0.",
    ],
};
