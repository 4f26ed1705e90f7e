//! The rules of Sequences and of its variant Hearts Due in the project's words: `dicelab rules
//! sequences` and `dicelab rules hearts-due`, the two "How to play" sections of
//! docs/sequences.md and the games' GameInfo read these. What the two share is written once.
//!
//! The worked examples are held by `rules::tests` (`the_texts_worked_example_uses_each_die_once`,
//! `the_texts_four_multi_sequence_casts`, `five_sixes_and_a_run_score_together_in_hearts_due`)
//! and the end of a game by `advise`'s
//! `a_reached_target_ends_the_round_and_only_later_casts_can_pass_it`.

use crate::games::rulebook::{Block, Reading, Rulebook};

/// Who plays and what a turn is.
const PLAYERS: Block = Block::Para(
    "Any number of players and six dice; a score sheet keeps each player's total. Players take \
     turns in order, and a turn is a single cast of all six dice. (dicelab plays 1 to 100 \
     players; one player alone races to the target.)",
);

/// How a cast scores: runs from 1, each die in one run.
const RUNS: Block = Block::Para(
    "A cast scores the runs it holds. A run starts at 1 and climbs without a gap: 1-2, 1-2-3, \
     up to 1-2-3-4-5-6; five 6's and six 6's score too. A die counts in one run only, but a \
     cast whose dice make two runs scores both (1, 1, 2, 2, 3, 5 holds 1-2-3 and 1-2), and \
     where the dice can be split into runs in several ways, the split worth most counts. The \
     points:",
);

/// The wipe and the end of a game.
const WIPE: Block = Block::Para(
    "A cast with four or more 1's scores nothing and wipes the player's whole total back to 0.",
);

/// The end of a game.
const END: Block = Block::Para(
    "Each cast's points are added to the player's total. When a player's total reaches 100 or \
     more, the round is played to its end, so that every player has cast as often, and the \
     highest total wins.",
);

/// The readings the two games share.
const READINGS: &[Reading] = &[
    Reading {
        topic: "Runs",
        text: "The text uses each die in one sequence only and scores a cast holding two \
               distinct sequences for both; we score every way of splitting the dice into \
               separate runs and take the one worth most. The text lists four casts with two \
               runs; a fifth scores too, 1-2 three times (1, 1, 1, 2, 2, 2).",
    },
    Reading {
        topic: "Five and six 6's",
        text: "Five 6's are a part like a run, so they score beside a run the sixth die \
               makes (in Hearts Due a 1 and five 6's). Six 6's are one part, not five 6's and \
               a spare die.",
    },
    Reading {
        topic: "The wipe",
        text: "Four or more 1's in one cast wipe the total, and that cast scores nothing even \
               where its dice hold a run (`wipe_ones=4`, the text). Other published versions \
               of Hearts Due wipe on three 1's (`wipe_ones=3`); `wipe_ones=off` plays with no \
               wipe.",
    },
    Reading {
        topic: "The end",
        text: "The text names the first player to reach 100 the winner, and also finishes the \
               round and lets a higher total win. We follow the second: the round is played \
               out and the highest total wins.",
    },
    Reading {
        topic: "Ties",
        text: "Under `tie=shared` (the default) every player with the highest total wins. \
               Under `tie=playoff` the tied players cast further rounds, keeping their totals, \
               until one leads.",
    },
    Reading {
        topic: "Who starts",
        text: "The text's highest roller begins; we seat the players in order and seat 1 \
               casts first in every game, so each seat's chance to win is its own figure.",
    },
];

/// Sequences, as this project plays it.
pub const SEQUENCES: Rulebook = Rulebook {
    in_short: "cast six dice once a turn. Runs from 1 score: 1-2 is 5 points, each longer run \
               5 more up to 1-2-3-4-5-6 for 25; five 6's score 30, six 6's 60; a die counts in \
               one run only. Four or more 1's wipe your total to 0. Once a player reaches \
               100, the round is finished and the highest total wins.",
    how_to_play: &[
        PLAYERS,
        RUNS,
        Block::Table(&[
            &["run", "points"],
            &["1-2", "5"],
            &["1-2-3", "10"],
            &["1-2-3-4", "15"],
            &["1-2-3-4-5", "20"],
            &["1-2-3-4-5-6", "25"],
            &["five 6's", "30"],
            &["six 6's", "60"],
        ]),
        Block::Para(
            "A cast without both a 1 and a 2 scores nothing, unless it holds five or six 6's.",
        ),
        WIPE,
        END,
    ],
    readings: READINGS,
    examples: &[
        "1, 2, 2, 3, 4, 6 scores 15, for the one run 1-2-3-4: the 1 cannot also make a 1-2 \
         with the spare 2.",
        "The text's four casts with two runs: 1-2 and 1-2 score 10, 1-2 and 1-2-3 score 15, \
         1-2-3 and 1-2-3 score 20, 1-2 and 1-2-3-4 score 20.",
        "The end of a game: player A reaches 105 in round five. The round goes on, player C \
         reaches 107 in it, and C wins with the higher total.",
        "The text's claims (about half the casts score nothing, an average cast earns 10 \
         points, about twenty turns reach 100 without the penalty, Hearts Due takes about half \
         as long) are checked against exact values by `dicelab claims`.",
    ],
};

/// Hearts Due, as this project plays it.
pub const HEARTS_DUE: Rulebook = Rulebook {
    in_short: "Sequences with a richer table: cast six dice once a turn; a lone 1 scores 5, \
               1-2 10, each longer run 5 more up to 1-2-3-4-5-6 for 30; five 6's score 35, six \
               6's 70. Four or more 1's wipe your total to 0. Once a player reaches 100, the \
               round is finished and the highest total wins.",
    how_to_play: &[
        Block::Para(
            "Hearts Due is a variant of Sequences that plays about twice as fast: a lone 1 \
             already scores, and every run is worth 5 points more.",
        ),
        PLAYERS,
        RUNS,
        Block::Table(&[
            &["run", "points"],
            &["1 (alone)", "5"],
            &["1-2", "10"],
            &["1-2-3", "15"],
            &["1-2-3-4", "20"],
            &["1-2-3-4-5", "25"],
            &["1-2-3-4-5-6", "30"],
            &["five 6's", "35"],
            &["six 6's", "70"],
        ]),
        Block::Para("Only a cast without a 1 scores nothing, unless it holds five or six 6's."),
        WIPE,
        END,
    ],
    readings: READINGS,
    examples: &[
        "A 1 and five 6's scores 5 + 35 = 40 (in Sequences, where a lone 1 scores nothing, the \
         same cast scores 30).",
        "1, 3, 4, 5, 6, 6 scores 5, for the lone 1; 2, 3, 4, 5, 6, 6 scores nothing.",
    ],
};
