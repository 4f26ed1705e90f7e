//! The rules of the card game 7 in the project's words: `dicelab rules sieben`, the "How to
//! play" section of docs/sieben.md and the start of `dicelab play sieben` read this. The module
//! docs of [`super`] list the finer decisions the code makes, each held by a test in
//! `round_tests`; the pile example below by `rules_tests::the_total_never_falls_or_passes_seven`.

use crate::games::rulebook::{Block, Reading, Rulebook};

/// The card game 7, as this project plays it.
pub const RULEBOOK: Rulebook = Rulebook {
    in_short: "lay one card a turn on the pile so that its total does not fall and does not \
               pass 7, then draw. A total of exactly 7 is a Seven: the pile is set aside, you \
               start a new one and draw for neither card. No card fits? Draw a penalty card. \
               You are out when a Seven takes your last card; the first out earns the most \
               chips, and the most chips after the rounds wins.",
    how_to_play: &[
        Block::Para(
            "2 to 7 players and a deck of 80 cards. Each card shows a number from 1 to 7 in its \
             upper half and a round hole in its lower half. There are 80 chips for scoring.",
        ),
        Block::Para(
            "Deal 7 cards to each player; the rest are the face-down draw pile. The first \
             player lays any card to start the discard pile and draws one card; play goes on \
             round the table.",
        ),
        Block::Para(
            "The discard pile shows two spots. A card laid on it covers one spot with its \
             number and lets the other spot show through its hole, so each play changes one \
             spot and keeps the other. The pile's total is the two visible numbers added; an \
             empty spot counts 0, so a new pile's first card totals its own number.",
        ),
        Block::Item(
            "On your turn lay one card, either way up, so that the new total is at least the \
             old one and at most 7; then draw a card.",
        ),
        Block::Item(
            "A total of exactly 7 is a Seven: say so, set the pile aside, and start a new pile \
             with a card from your hand. You draw for neither card. A 7 laid on an empty pile \
             makes another Seven at once.",
        ),
        Block::Item("If none of your cards can be laid, draw a penalty card; your turn is over."),
        Block::Item(
            "When the draw pile runs out, the cards set aside are shuffled into a new one.",
        ),
        Block::Para(
            "You are out of the round when you make a Seven with your last card. The round \
             goes on until only one player holds cards. The first player out gets as many \
             chips as there are players, the next one fewer, and so on down to 1 for the last.",
        ),
        Block::Para(
            "With 2 to 4 players the game lasts 7 rounds; with 5 to 7 players, rounds go on \
             until all 80 chips are handed out. The most chips wins.",
        ),
    ],
    readings: &[
        Reading {
            topic: "The deck",
            text: "How many cards carry each number is published nowhere we could find, so the \
                   deck is a file (the shipped `deck`, or one of your own): one row per number with its \
                   count. The shipped default spreads the 80 cards as evenly as it can, 12 \
                   each of 1, 2 and 3 and 11 each of 4 to 7. `dicelab decks sieben` shows how \
                   much the spread matters.",
        },
        Reading {
            topic: "The pile",
            text: "The two spots are interchangeable. A card that replaces one spot and keeps \
                   the other is legal when the card is at least the number it covers and the \
                   card plus the kept number is at most 7, which is the text's \"not lower, \
                   at most 7\".",
        },
        Reading {
            topic: "Going out",
            text: "`finish=seven` (the default, the text's rule 7): only a Seven made with the \
                   last card puts a player out. A last card laid without a Seven is followed \
                   by a draw as usual (rule 4). A player who starts a new pile with their last \
                   card after a Seven draws nothing then (rule 5), holds no card at their next \
                   turn, cannot play and draws a penalty card. `finish=empty` (a variant some \
                   reviews describe): a player whose hand is empty is out, however it emptied. \
                   A Seven with the last card puts a player out under both, and the next \
                   player starts on the empty pile as an ordinary turn.",
        },
        Reading {
            topic: "Penalty cards",
            text: "The text's \"not allowed to lay down any cards in this round\" is read two \
                   ways. `penalty=turn` (the default): for this turn only. `penalty=pile`: \
                   until the pile is set aside by a Seven; a blocked player's turns pass \
                   without a play or a draw, and when every player still in is blocked, the \
                   blocks lift.",
        },
        Reading {
            topic: "Nothing to draw",
            text: "An empty draw pile is refilled from every card set aside so far, never \
                   from the current pile. With nothing set aside either, nobody draws: a \
                   player who cannot play just passes. If every player still in passes in a \
                   row without playing or drawing, nothing can change: the round ends, and \
                   the players left finish by fewest cards in hand.",
        },
        Reading {
            topic: "Who starts",
            text: "Seat 1 starts round 1 (the text's youngest player). Under \
                   `first_player=rotate` (the default) the start passes one seat on each \
                   round; `first_player=fixed` keeps it.",
        },
        Reading {
            topic: "Chips",
            text: "2 to 4 players play 7 rounds whatever the chips (4 players hand out 70 of \
                   the 80). With 5 to 7 players the chips run out in the last round, which \
                   pays in finishing order until none are left (6 players: 6, 5, 4, 2, 0, 0).",
        },
        Reading {
            topic: "Ties",
            text: "Under `tie=shared` (the default) every player with the most chips wins. \
                   Under `tie=playoff` all players play extra rounds, each paying a full \
                   round, until one leads (at most 100, then shared).",
        },
        Reading {
            topic: "What a player knows",
            text: "Their own hand, the pile and the cards on it, the cards set aside, every \
                   hand's size, the draw pile's size, and what each penalty card gave away: a \
                   player who could not play holds no card that fitted the pile then.",
        },
    ],
    examples: &[
        "The text gives no worked example. One of ours: on a pile showing 2 and 3 (total 5), \
         a 2 may only cover the 2 (total 5 again); a 3 may cover the 3 (5) or the 2 (6); a 4 \
         covering the 3 makes 6, covering the 2 makes 7, a Seven; a 5 may only cover the 3, for a Seven; a 6 or a 7 would pass 7 on \
         either spot, and a 1 would lower the total.",
    ],
};
