//! The rules of Sevens in the project's words: `dicelab rules sevens`, the "How to play" section
//! of docs/sevens.md and the start of `dicelab play sevens` all read this.
//!
//! Two texts describe the game, and they disagree on which dice go; each gap is a rule option
//! ([`super::rules::OPTIONS`]) and its reading is below. The worked examples are held by
//! `rules::tests` (`text_000_*`, `text_001_*`).

use crate::games::rulebook::{Block, Reading, Rulebook};

/// Sevens, as this project plays it.
pub const RULEBOOK: Rulebook = Rulebook {
    in_short: "roll six dice; dice adding up to 7 are taken out (1+6, 2+5, 3+4) and the dice \
               left are worth their sum. Stop and score it, or roll all the dice you kept \
               again, up to three rolls in all. After the round's first player, nobody may \
               roll more often than they did. The highest total after the agreed rounds wins.",
    how_to_play: &[
        Block::Para(
            "Two or more players, six ordinary dice and a score sheet. The game lasts an agreed \
             number of rounds; in each round every player takes one turn, beginning with the \
             round's first player and going round the table. (dicelab also plays a single turn \
             on its own, with one player.)",
        ),
        Block::Para(
            "A turn starts with a roll of all six dice. Dice that add up to 7 are taken out and \
             stay out for the rest of the turn: by default the pairs 1 and 6, 2 and 5, 3 and 4, \
             as many pairs as the dice make. The dice still held are worth their sum. Now \
             either stop and score that sum, or roll every die still held again, and take out \
             dice adding up to 7 once more. A turn has at most three rolls; after the third the \
             player scores what is left. A roll that takes out every die ends the turn with 0 \
             points.",
        ),
        Block::Para(
            "The round's first player sets a limit for the others: each player after them in \
             that round may roll at most as many times as the first player did (fewer if they \
             choose).",
        ),
        Block::Para(
            "Each turn's score is added to the player's total. The next round is begun by the \
             player to the left of the previous round's first player. After the last round the \
             highest total wins; players tied for the lead play further rounds until one of \
             them leads.",
        ),
    ],
    readings: &[
        Reading {
            topic: "The texts",
            text: "Two published descriptions of Sevens were read, called the first and the \
                   second text below. Where they differ or say nothing, the readings below \
                   decide, and every one of them is a rule option.",
        },
        Reading {
            topic: "Which dice go",
            text: "The second text removes two dice that add up to 7, the first any \
                   combination of dice that does. `removal=pairs` (the default) takes out the pairs 1-6, 2-5 \
                   and 3-4, as many as the dice allow, and nothing else (1, 1, 5 stays). \
                   `removal=subsets` takes out any set of two or more dice adding up to 7 (3+4, \
                   1+2+4, 2+2+3, 1+1+5, 1+1+1+4, ...) while one is left. Where several sets \
                   could go, the player chooses, so the choice is part of a strategy; the \
                   players that do not weigh it keep the highest sum, and among equal sums the \
                   more dice, as the first text's example does.",
        },
        Reading {
            topic: "Rolling again",
            text: "A second or third roll is of every die still held: neither text lets a \
                   player keep some dice and roll the rest.",
        },
        Reading {
            topic: "The followers' limit",
            text: "The first text caps everyone after the round's first player at the \
                   rolls that player used; the second does not. `follower_limit=leader` (the default) \
                   applies the cap, `follower_limit=none` gives every player `max_rolls` \
                   rolls. A first player who stops after one roll therefore also stops the \
                   others after one.",
        },
        Reading {
            topic: "Rounds",
            text: "The texts leave the number of rounds to the players; `rounds` is 10 unless \
                   set.",
        },
        Reading {
            topic: "Who starts",
            text: "The texts start with a chosen player or the highest roller, which changes \
                   no chance of the game, so seat 1 begins round 1. Under \
                   `first_player=rotate` (the default, as the first text says) the start passes \
                   one seat to the left each round; `first_player=fixed` keeps it with seat 1.",
        },
        Reading {
            topic: "Ties",
            text: "Under `tie=playoff` (the default, from the second text's \"those who are \
                   tied play until the tie is broken\") the tied leaders play further rounds \
                   under the same rules until one leads. A play-off round is simply the next \
                   round: under `rotate` it is begun by the tied player next to the left of the \
                   previous round's first player (with two players, the other one). Under \
                   `tie=shared` every tied leader wins.",
        },
        Reading {
            topic: "What a player knows",
            text: "Everything on the table: the rolls used and allowed, the dice held and \
                   their sum, and in a game every player's total and this round's scores so \
                   far. A player who plays for points and one who plays to win the game may \
                   decide differently in the same position.",
        },
    ],
    examples: &[
        "The first text: Tim rolls 6, 2, 1, 1, 1, 2. The 6 and a 1 go, and 2 + 2 + 1 + 1 = 6 is \
         left. He rolls those four dice again: 6, 1, 6, 6. The 6 and the 1 go, and the two 6's \
         left score 12, the most two dice can, so he stops after two rolls, and the other \
         players may roll at most twice this round. The same under both readings of `removal` \
         (under `subsets` Tim could instead take out 2+2+1+1+1 and keep the 6: the same 6 \
         points on fewer dice, and the default choice keeps more dice, as he did).",
        "The second text: a first roll of 1, 2, 4, 6, 3, 3 loses 1+6 and 4+3 and keeps 2 + 3 = \
         5. Rolled again, the two dice show 1, 1 (nothing adds up to 7: 2 points); rolled a \
         last time, 6, 6: 12 points. Under `removal=subsets` the same first roll would lose \
         1+2+4 and keep 6, 3, 3 = 12.",
        "The second text: two dice rolled again that show 3 and 4 (or any two that add up to \
         7) are both taken out, and the turn scores 0.",
    ],
};
