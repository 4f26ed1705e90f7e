//! The rules of the card game 7 as this project reads them (docs/sieben.md, "How to
//! play"): the two-spot pile, which plays are legal, and how many chips each place earns.
//!
//! The pile shows two spots. A card covers one spot with its number and lets the other show
//! through its hole, so a play replaces one spot's number and keeps the other; the total is the
//! sum of the two spots (an empty spot counts 0). A play must keep the total at least what it was
//! and at most 7. Since the kept spot is on both sides of that comparison, a card `c` replacing
//! spot `r` and keeping spot `k` is legal exactly when `c >= r` and `c + k <= 7`. The two spots
//! play the same part, so a pile is an unordered pair.

use crate::error::{Error, Result};
use crate::games::options::{FirstPlayer, Matters, OptionSpec, RuleOptions, Tie, Values};
use crate::input::Files;

use super::deck::{Deck, HAND, MAX_NUMBER};

/// The total that sets a pile aside.
pub const SEVEN: u8 = 7;

/// Victory chips in the box (the text's number, option `chips`): with 5 to 7 players the game
/// ends when they are gone.
pub const CHIPS: u32 = 80;

/// Rounds of a game of 2 to 4 players (the text's number, option `rounds=auto`).
pub const ROUNDS_SMALL_GAME: u32 = 7;

/// The largest hand `hand` deals: far past what an 80-card box can deal two players (39), and
/// small enough that a round of any deck stays short. The deck must also leave a card to draw.
pub const MAX_HAND: u32 = 100;

/// The most regular rounds `rounds` sets: a game's chips stay small numbers (a seat's chips are
/// counted in a dense histogram).
pub const MAX_ROUNDS: u32 = 100;

/// The largest chip pool `chips` sets: with a pay of one chip a round, a game of this many
/// rounds.
pub const MAX_CHIPS: u32 = 1000;

/// The most chips one place of a round may pay (`pay`), for the same reason as [`MAX_ROUNDS`].
pub const MAX_PLACE_CHIPS: u32 = 100;

/// Fewest and most players.
pub const MIN_PLAYERS: u32 = 2;
/// Most players the box is made for.
pub const MAX_PLAYERS: u32 = 7;

/// The rule options, in the order the `rules` column lists them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "finish",
        values: Values::OneOf(&["seven", "empty"]),
        default: "seven",
        meaning: "seven: out only by reaching 7 with the last card (the text's rule 7); a player \
                  emptied any other way draws as usual, or, after starting a new pile with the \
                  last card, holds nothing until their next turn and takes a penalty card then; \
                  empty (a variant some reviews describe): a player whose hand is empty is out, \
                  however it was emptied",
        quiet: false,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "penalty",
        values: Values::OneOf(&["turn", "pile"]),
        default: "turn",
        meaning: "what a penalty card stops (rule 6, 'not allowed to lay down any cards in this \
                  round'): turn: this turn only; pile: every turn until the pile is set aside by \
                  a Seven (a blocked player's turns pass without playing or drawing; when every \
                  player still in is blocked, the blocks lift)",
        quiet: false,
        matters: Matters::ALWAYS,
    },
    FirstPlayer::OPTION,
    Tie::option(
        Tie::Shared,
        "shared: every player with the most chips wins; playoff: extra rounds of all players, \
         each paying as a full round, until one leads (at most 100, then shared)",
    ),
    OptionSpec {
        key: "deck",
        values: Values::File {
            expected: "a deck file (number,count rows) without ';'",
            valid: |v| !v.is_empty() && !v.contains(';'),
        },
        default: super::deck::DEFAULT_FILE,
        meaning: "the deck file: header number,count, one row per number 1 to 7 (the real \
                  spread is unpublished; the default spreads 80 cards evenly)",
        quiet: false,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "hand",
        values: Values::Whole {
            min: 1,
            max: MAX_HAND,
        },
        default: "7",
        meaning: "cards dealt to each player at the start of a round (the text: 7), at most 100; \
                  the deck must hold more than players x hand cards, so one is left to draw",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "rounds",
        values: Values::WholeOr {
            min: 1,
            max: MAX_ROUNDS,
            name: "auto",
        },
        default: "auto",
        meaning: "regular rounds of a game: auto (the text): 7 with 2 to 4 players, with 5 to 7 \
                  rounds until the chip pool (chips) is gone, the last paying what is left; a \
                  number: that many full rounds for any player count",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "chips",
        values: Values::Whole {
            min: 1,
            max: MAX_CHIPS,
        },
        default: "80",
        meaning: "the chip pool that ends a game of 5 to 7 players under rounds=auto (the text: \
                  80); 2 to 4 players play 7 rounds whatever it holds",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "pay",
        values: Values::Text {
            expected: "countdown, or chips per place first place first such as 5/3/1 (1 to 7 \
                       places, each 0 to 100, not all 0)",
            valid: |v| Pay::parse(v).is_some(),
        },
        default: "countdown",
        meaning: "chips for each place of a round: countdown (the text): the first out gets as \
                  many as there are players, each next one fewer, down to 1; a list such as \
                  5/3/1: first place first, places past the list get 0 (no more places than \
                  players); play-off rounds pay the same",
        quiet: true,
        matters: Matters::ALWAYS,
    },
];

/// When a player is out of the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Out only when the last card makes a Seven (the rule text, and the default); a player
    /// emptied any other way plays on.
    Seven,
    /// Out as soon as the hand is empty, however it was emptied (a variant some reviews of the
    /// published game describe).
    Empty,
}

/// How long a penalty card keeps a player from laying cards (rule 6: "not allowed to lay down
/// any cards in this round", where "round" may mean the go or the pile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalty {
    /// The turn the penalty card was drawn (the default).
    Turn,
    /// Until the current pile is set aside by a Seven: the player's turns pass meanwhile.
    Pile,
}

/// Play-off rounds after which tied leaders share the win, keeping every game finite.
pub const MAX_PLAYOFF_ROUNDS: u32 = 100;

/// A checked rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// When a player is out.
    pub finish: Finish,
    /// What a penalty card stops.
    pub penalty: Penalty,
    /// Who starts each round.
    pub first_player: FirstPlayer,
    /// Ties for most chips.
    pub tie: Tie,
    /// The cards.
    pub deck: Deck,
    /// Cards dealt to each player at the start of a round (the text: [`HAND`]).
    pub hand: u32,
    /// Regular rounds of a game: `None` for the text's (7 with 2 to 4 players, with 5 to 7
    /// until [`Rules::chips`] are gone), or that many full rounds for any player count.
    pub rounds: Option<u32>,
    /// The chip pool that ends a game of 5 to 7 players under `rounds: None` (the text:
    /// [`CHIPS`]).
    pub chips: u32,
    /// The chips each place of a round pays.
    pub pay: Pay,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            finish: Finish::Seven,
            penalty: Penalty::Turn,
            first_player: FirstPlayer::Rotate,
            tie: Tie::Shared,
            deck: Deck::standard(),
            hand: HAND,
            rounds: None,
            chips: CHIPS,
            pay: Pay::Countdown,
        }
    }
}

impl Rules {
    /// Reads the rule set from parsed options, loading the deck file through `files`; refuses,
    /// as one line, a chip pool given beside a fixed number of rounds, which would never end a
    /// game.
    pub fn from_options(options: &RuleOptions, files: &Files) -> Result<Self> {
        let rules = Self {
            finish: options.one_of("finish", &[Finish::Seven, Finish::Empty]),
            penalty: options.one_of("penalty", &[Penalty::Turn, Penalty::Pile]),
            first_player: options.one_of("first_player", &FirstPlayer::ALL),
            tie: options.one_of("tie", &Tie::ALL),
            deck: Deck::load(options.text("deck"), files)?,
            hand: options.whole("hand"),
            rounds: options.whole_or("rounds"),
            chips: options.whole("chips"),
            pay: Pay::parse(options.text("pay")).expect("checked by the option's values"),
        };
        if let Some(rounds) = rules.rounds
            && rules.chips != CHIPS
        {
            return Err(Error::input(format!(
                "rule option chips={} for sieben: the chip pool ends a game only under \
                 rounds=auto, and these rules have rounds={rounds}",
                rules.chips
            )));
        }
        Ok(rules)
    }

    /// Checks the rules against a table of `players` before any work: the deck deals every
    /// hand and leaves a card to draw, and the pay lists no more places than there are players.
    pub fn check_players(&self, players: u32) -> Result<()> {
        self.deck.check_deal(players, self.hand)?;
        let listed = self.pay.listed();
        if listed > players as usize {
            return Err(Error::input(format!(
                "rule option pay={} for sieben: {listed} places paid, but a round of {players} \
                 players has {players}",
                self.pay
            )));
        }
        Ok(())
    }

    /// Whether a game of `players` ends when the chip pool is gone (the text's 5 to 7 players
    /// under `rounds=auto`), its last round paying only what is left.
    pub fn pool_limited(&self, players: u32) -> bool {
        self.rounds.is_none() && players > 4
    }

    /// How many regular rounds a game of `players` has: the `rounds` option's number, or the
    /// text's: 7 with 2 to 4; with 5 to 7, rounds until the chip pool is gone (the last paying
    /// what is left).
    pub fn regular_rounds(&self, players: u32) -> u32 {
        match self.rounds {
            Some(rounds) => rounds,
            None if players <= 4 => ROUNDS_SMALL_GAME,
            // A checked pay pays some chips every round; `max(1)` keeps a hand-made one finite.
            None => self.chips.div_ceil(self.pay.full_round(players).max(1)),
        }
    }

    /// The chips for each place of a round of `players` (first out first), paid from `pool`
    /// chips left in the box (`None`: unlimited, as in 2 to 4 player games and play-offs).
    pub fn round_chips(&self, players: u32, pool: Option<u32>) -> [u32; MAX_PLAYERS as usize] {
        self.pay.round(players, pool)
    }

    /// The seat that starts round `rounds` (from 0, play-offs counted) of a game of `players`
    /// whose first round seat 1 started.
    pub fn starter(&self, rounds: u32, players: usize) -> usize {
        match self.first_player {
            FirstPlayer::Rotate => rounds as usize % players,
            FirstPlayer::Fixed => 0,
        }
    }

    /// Whether a game whose seats hold `chips` after `rounds` rounds (play-offs counted) plays
    /// another, and whether it is a play-off: the regular rounds, then under `tie=playoff`
    /// play-offs while the lead is shared (at most [`MAX_PLAYOFF_ROUNDS`]); `None` once over.
    pub fn next_round(&self, chips: &[u32], rounds: u32) -> Option<bool> {
        let regular = self.regular_rounds(chips.len() as u32);
        if rounds < regular {
            return Some(false);
        }
        let top = chips.iter().copied().max().unwrap_or(0);
        let leaders = chips.iter().filter(|&&c| c == top).count();
        (leaders > 1 && self.tie == Tie::Playoff && rounds - regular < MAX_PLAYOFF_ROUNDS)
            .then_some(true)
    }
}

/// The chips each place of a round pays (option `pay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pay {
    /// The text: the first out gets as many chips as there are players, each next one fewer,
    /// down to 1.
    Countdown,
    /// Chips per place, first place first; places past `len` get 0.
    Places {
        /// The chips of each listed place.
        chips: [u32; MAX_PLAYERS as usize],
        /// How many places are listed (1 to 7).
        len: u8,
    },
}

impl Pay {
    /// Reads `countdown` or a list such as `5/3/1` (1 to 7 places of 0 to 100 chips written in
    /// digits without leading zeros, so a list has one written form and equal rules record
    /// equal; not all 0, so every round pays and a game under a chip pool ends); `None` when
    /// malformed.
    pub fn parse(text: &str) -> Option<Self> {
        if text == "countdown" {
            return Some(Pay::Countdown);
        }
        let mut chips = [0; MAX_PLAYERS as usize];
        let mut len = 0;
        for part in text.split('/') {
            if len == chips.len()
                || part.is_empty()
                || part.len() > 3
                || (part.len() > 1 && part.starts_with('0'))
                || !part.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            chips[len] = part.parse().ok().filter(|&c| c <= MAX_PLACE_CHIPS)?;
            len += 1;
        }
        chips.iter().any(|&c| c > 0).then_some(Pay::Places {
            chips,
            len: len as u8,
        })
    }

    /// Places the list names (0 for `countdown`, which pays every place).
    pub fn listed(&self) -> usize {
        match *self {
            Pay::Countdown => 0,
            Pay::Places { len, .. } => usize::from(len),
        }
    }

    /// The chips for each place of a round of `players` (first out first), paid from `pool`
    /// chips left in the box (`None`: unlimited) while chips last.
    pub fn round(&self, players: u32, pool: Option<u32>) -> [u32; MAX_PLAYERS as usize] {
        let mut out = [0; MAX_PLAYERS as usize];
        let mut left = pool.unwrap_or(u32::MAX);
        for (place, chips) in out.iter_mut().take(players as usize).enumerate() {
            let due = match *self {
                Pay::Countdown => players - place as u32,
                Pay::Places { chips, .. } => chips[place],
            };
            *chips = due.min(left);
            left -= *chips;
        }
        out
    }

    /// The chips a full round of `players` pays.
    pub fn full_round(&self, players: u32) -> u32 {
        self.round(players, None).iter().sum()
    }

    /// The most chips one place of a round of `players` pays.
    pub fn most(&self, players: u32) -> u32 {
        self.round(players, None).iter().copied().max().unwrap_or(0)
    }
}

impl std::fmt::Display for Pay {
    /// As the option is written: `countdown`, or the list as `5/3/1`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Pay::Countdown => f.write_str("countdown"),
            Pay::Places { chips, len } => {
                let list: Vec<String> = chips[..usize::from(len)]
                    .iter()
                    .map(u32::to_string)
                    .collect();
                f.write_str(&list.join("/"))
            }
        }
    }
}

/// The discard pile's two spots, kept in ascending order (they are interchangeable).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pile {
    spots: [u8; 2],
}

impl Pile {
    /// An empty pile: both spots 0.
    pub const EMPTY: Pile = Pile { spots: [0, 0] };

    /// A pile showing `a` and `b` (0 for an empty spot); `None` unless both are 0 to 7 and the
    /// total is below 7 (a total of 7 never stays on the table).
    pub fn new(a: u8, b: u8) -> Option<Self> {
        (a <= MAX_NUMBER && b <= MAX_NUMBER && a + b < SEVEN).then_some(Self {
            spots: [a.min(b), a.max(b)],
        })
    }

    /// The two spots, smaller first.
    pub fn spots(self) -> [u8; 2] {
        self.spots
    }

    /// The visible total.
    pub fn total(self) -> u8 {
        self.spots[0] + self.spots[1]
    }

    /// Whether no card lies on the pile.
    pub fn is_empty(self) -> bool {
        self.spots == [0, 0]
    }

    /// The spots after `m` (whose kept spot must be one of this pile's).
    pub fn after(self, m: Move) -> [u8; 2] {
        [m.keep.min(m.card), m.keep.max(m.card)]
    }

    /// The numbers that have some legal play on this pile, as a bit mask (bit `c` for card `c`).
    pub fn legal_numbers(self) -> u8 {
        LEGAL[usize::from(self.spots[0])][usize::from(self.spots[1])]
    }
}

/// For spots `a <= b` with `a + b < 7`, the mask of cards with a legal play.
const LEGAL: [[u8; 8]; 8] = {
    let mut t = [[0u8; 8]; 8];
    let mut a = 0;
    while a < 8 {
        let mut b = 0;
        while b < 8 {
            let mut c = 1;
            while c <= 7 {
                if (c >= b && c + a <= 7) || (c >= a && c + b <= 7) {
                    t[a][b] |= 1 << c;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// A play: which card, and which of the pile's spots it keeps visible (0 on an empty spot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The card's number, 1 to 7.
    pub card: u8,
    /// The spot that shows through the card's hole.
    pub keep: u8,
}

impl Move {
    /// The pile's total after the play.
    pub fn total(self) -> u8 {
        self.card + self.keep
    }

    /// How much the play raises the total on `pile`.
    pub fn rise(self, pile: Pile) -> u8 {
        self.total() - pile.total()
    }

    /// Whether the play makes a Seven.
    pub fn is_seven(self) -> bool {
        self.total() == SEVEN
    }
}

/// At most 7 numbers, each in one of two orientations.
pub const MAX_MOVES: usize = 14;

/// The legal plays of a hand on a pile, without allocation.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl std::ops::Deref for Moves {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

/// The legal plays of `hand` (cards per number, index 1 to 7) on `pile`: each distinct card in
/// each distinct orientation, ordered by card, then by kept spot (smaller first). Empty when the
/// player cannot play. On an empty pile every card is legal, once.
pub fn legal_moves(pile: Pile, hand: &[u32; 8]) -> Moves {
    let [a, b] = pile.spots;
    let mut out = Moves {
        moves: [Move { card: 0, keep: 0 }; MAX_MOVES],
        len: 0,
    };
    // Branch-free: each candidate is written in place and kept by counting it (a slot past the
    // end is overwritten or never read). Whether a hand holds a number is a coin flip to the
    // branch predictor, and this runs every turn of every simulated and looked-ahead round.
    // At most 13 slots are filled before the last write, so every index is in bounds.
    for c in 1..=MAX_NUMBER {
        let has = hand[usize::from(c)] != 0;
        // Keep the smaller spot a (replace b), then keep b (replace a) when it differs.
        out.moves[out.len] = Move { card: c, keep: a };
        out.len += usize::from(has & (c >= b) & (c + a <= SEVEN));
        out.moves[out.len] = Move { card: c, keep: b };
        out.len += usize::from(has & (a != b) & (c >= a) & (c + b <= SEVEN));
    }
    out
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
