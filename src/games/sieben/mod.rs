//! The card game 7 ("Sieben", Nürnberger Spielkarten-Verlag 2008): lay cards on a two-spot pile,
//! never lowering the total and never passing 7; a total of exactly 7 sets the pile aside.
//!
//! What users ask is which way of playing gets rid of cards first and wins chips, and how the
//! unpublished deck changes that. [`deck`] reads the deck file, [`rules`] holds the pile and the
//! legal plays, `round` plays turns and rounds, [`play`] whole games with their chips,
//! [`policy`] the decision ([`LayCard`](policy::LayCard)) and the built-ins, [`lookahead`] the one
//! that plays rounds out on guesses of the hidden cards, [`spec`] the policies as named on the
//! command line, [`sim`] games on the engine, [`tables`] the exact chances on every pile state
//! and `decks` the deck study; `coach` holds the advice, the review and `play` at the terminal.
//! [`Study`] is what `dicelab simulate sieben` runs.
//!
//! ```
//! use dicelab::engine::RunConfig;
//! use dicelab::games::{self, Setup};
//! use dicelab::stats::{MetricId, Subject};
//!
//! // Three players, seven-first against lowest against blocker, seated in rotation.
//! let game = games::configure("sieben", &Setup {
//!     rules: vec![],
//!     players: 3,
//!     policies: vec!["seven-first".into(), "lowest".into(), "blocker".into()],
//!     ..Default::default()
//! })?;
//! let tally = game.simulate(&RunConfig::new(300, 1))?;
//! let chips: f64 = (0..3)
//!     .map(|k| MetricId::new("chips", Subject::seat(k)))
//!     .map(|seat| tally.get(&seat).unwrap().histogram.mean())
//!     .sum();
//! assert_eq!(chips, 42.0, "7 rounds pay 3 + 2 + 1");
//! # Ok::<(), dicelab::Error>(())
//! ```
//!
//! # The gaps we filled
//!
//! docs/sieben.md ("How to play", written from [`rulebook`]) gives the rules and the main
//! readings; these are the further decisions the code makes.
//!
//! - **Pile.** The two spots are interchangeable, so a pile is an unordered pair. A card
//!   replacing spot `r` and keeping spot `k` is legal when `card >= r` and `card + k <= 7` (the
//!   same as "total not lower, at most 7"). An empty pile takes any card, once (both spots are 0).
//! - **Going out, `finish=seven`** (the default, rule 7). Only a Seven made with the last card
//!   puts a player out. An ordinary play of the last card draws as every play does (rule 4). A
//!   new pile started with the last card after a Seven draws nothing (rule 5, "even now he does
//!   not draw"): the player stays in with no cards, cannot play at their next turn, and takes a
//!   penalty card then.
//! - **Going out, `finish=empty`** (the variant). A player is out the moment their hand is
//!   empty, also after an ordinary play of their last card or a new pile's: they do not draw for
//!   it.
//! - **A Seven with the last card** puts the player out under both readings; nobody starts a new
//!   pile for them, and the next player's turn on the empty pile is an ordinary turn (they draw
//!   after it).
//! - **Penalty cards** (rule 6, "not allowed to lay down any cards in this round"). `penalty=turn`
//!   (default) reads "round" as the player's go. `penalty=pile` blocks the player until the pile
//!   is set aside by a Seven: their turns pass without a play or a draw. When every player still
//!   in is blocked, nobody could ever lay a card on that pile, so the blocks lift. A player who
//!   cannot play is blocked even when there was nothing to draw.
//! - **What a penalty card gives away.** A player who cannot play shows that their hand holds no
//!   number playable on that pile; the table keeps it (see [`policy::Opponent`]) for every policy
//!   to use, as a player at the table would.
//! - **Refills** happen when a card must be drawn and the draw pile is empty; every card set
//!   aside by then goes in, the current pile never does. A refill is counted per shuffle.
//! - **Nothing to draw.** A player who cannot play and finds nothing to draw just passes; only
//!   cards actually drawn count as penalty cards. Under `finish=seven` a player left with no
//!   cards and nothing to draw stays in the round and passes until there is.
//! - **A frozen round.** If every player still in passes in a row without playing or drawing
//!   (a turn sat out under `penalty=pile` neither counts nor breaks the run),
//!   nothing can change any more: the round ends, the players left finish by fewest cards in
//!   hand, ties in turn order from the next player (`p_round_stalled` reports how often). A round
//!   is also ended this way after 100,000 turns, a safety net never reached in our runs.
//! - **Who starts.** Seat 1 starts round 1 (the text's "youngest player"); `first_player=rotate`
//!   passes the start one seat on each round (play-offs continue the rotation), `fixed` keeps it.
//! - **Chips.** 2 to 4 players play 7 rounds whatever the chips (4 players hand out 70 of the
//!   80). With 5 to 7 players the 80 chips run out in the last round, which pays `P`, `P - 1`, ...
//!   in finishing order until none are left (6 players: 6, 5, 4, 2, 0, 0). The 80 chips do not
//!   depend on the deck file.
//! - **The text's numbers as options.** `hand` (7 cards dealt), `rounds` (`auto`: 7 rounds with
//!   2 to 4 players, the chip pool with 5 to 7; a number: that many full rounds for any player
//!   count), `chips` (the pool, 80) and `pay` (`countdown`: `P` down to 1; a list such as `5/3/1`,
//!   places past it paid 0). Under a chip pool the last round pays the list while chips last;
//!   play-offs pay a full round. They are quiet options: left out of the `rules` column at their
//!   default, so runs under the text record what they did before. The deck must deal every hand
//!   and leave a card to draw, a pay list names no more places than players and pays something,
//!   and `chips` beside a fixed `rounds` is refused, since it could not end a game.
//! - **Ties**, option `tie`: `shared` (default: every leader wins) or `playoff`: extra rounds of
//!   all players, each paying a full round (`P` down to 1 by the text), until one leads (at most
//!   100, then shared).
//! - **What a policy sees**: its hand, the pile's spots and the cards on the current pile, the
//!   set-aside cards since the last refill, every hand size, who is out or blocked, what each
//!   player's penalty cards gave away ([`policy::Opponent`]), the draw pile's size, the deck list
//!   and the chips each place of this round pays. It does not remember cards drawn from a
//!   refilled pile.
//! - **Seating.** With several policies, each game seats them in a random rotation, so seat and
//!   policy effects separate.
//! - **Counting.** `round_turns` counts every turn of a round, penalty turns included; a Seven,
//!   the new pile and any chained Sevens are one turn. Play-off rounds count as rounds.
//! - **The deck file** is named in the `rules` column (`deck=...`); the default name falls back to
//!   the built-in copy when the file is absent, so the default runs from any folder.

pub(crate) mod coach;
pub mod deck;
mod decks;
pub mod lookahead;
mod notation;
pub mod play;
pub mod policy;
mod record_turn;
mod recorder;
pub(crate) mod round;
pub mod rulebook;
pub mod rules;
pub mod sim;
pub mod spec;
pub mod tables;

use crate::engine::{RunConfig, run};
use crate::error::{Error, Result};
use crate::games::analysis::Analysis;
use crate::games::options::RuleOptions;
use crate::games::seating::{Players, Rotation, Seats};
use crate::games::{Configured, DeckStudy, Game, GameInfo, ReportRun, Setup, setup_record};
use crate::record::SetupRecord;
use crate::stats::{ExactValues, Tally};

use rules::{MAX_PLAYERS, MIN_PLAYERS, OPTIONS, Rules};
use sim::Games;
use spec::PolicySpec;

/// The game's command-line name.
pub const NAME: &str = "sieben";

/// Players at a table of 7 (one only for `dicelab table`, which plays no game).
pub const PLAYERS: Players = Players {
    min: MIN_PLAYERS,
    max: MAX_PLAYERS,
    note: "",
};

/// The policy used when none is given: the best of the built-ins in our runs.
pub const DEFAULT_POLICY: PolicySpec = PolicySpec::SevenFirst;

/// The card game 7 in the registry.
#[derive(Clone, Copy, Debug)]
pub struct Sieben;

/// The default job: the built-ins at a table of four with the exact tables, the same under the
/// `finish=empty` variant (how much the rule matters), and the best player against the default
/// one (32 play-outs per legal play make a game about 500 times slower).
const REPORT_RUNS: &[ReportRun] = &[
    ReportRun {
        folder: "sieben-4p",
        question: "7: which way of playing wins under the text's rules?",
        players: 4,
        rules: &[],
        policies: &["seven-first", "blocker", "lowest", "random"],
        share: 5000,
        with_tables: true,
    },
    ReportRun {
        folder: "sieben-4p-empty",
        question: "7: how much does the going-out rule matter? The same table under the finish=empty variant",
        players: 4,
        rules: &["finish=empty"],
        policies: &["seven-first", "blocker", "lowest", "random"],
        share: 5000,
        with_tables: false,
    },
    ReportRun {
        folder: "sieben-lookahead",
        question: "7: how much better does a player who looks ahead do against three seven-first players?",
        players: 4,
        rules: &[],
        policies: &["lookahead", "seven-first", "seven-first", "seven-first"],
        share: 200_000,
        with_tables: false,
    },
];

/// What 7 declares about itself.
const INFO: GameInfo = GameInfo {
    name: NAME,
    title: "7",
    about: "The card game 7: cards on a two-spot pile up to a total of 7, first out wins chips",
    options: OPTIONS,
    policies: spec::POLICIES,
    players: PLAYERS,
    report_runs: REPORT_RUNS,
    rulebook: &rulebook::RULEBOOK,
    data: &deck::DATA,
};

impl Game for Sieben {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn configure(&self, setup: &Setup) -> Result<Box<dyn Configured>> {
        Ok(Box::new(Study::new(setup)?))
    }

    fn deck_study(&self) -> Option<&dyn DeckStudy> {
        Some(self)
    }

    fn advisor(&self) -> Option<&dyn crate::games::advice::Advisor> {
        Some(self)
    }

    fn playable(&self) -> Option<&dyn crate::games::session::Playable> {
        Some(self)
    }

    fn reviewer(&self) -> Option<&dyn crate::games::review::Reviewer> {
        Some(self)
    }
}

/// A study of 7, checked and ready to run (what [`Game::configure`] returns for this game): the
/// rules (deck loaded), the players and their policies.
#[derive(Clone, Debug)]
pub struct Study {
    /// The rule set, with its deck.
    pub rules: Rules,
    options: RuleOptions,
    players: u32,
    /// The policies and their seats.
    seats: Seats<PolicySpec>,
    exact: ExactValues,
}

impl Study {
    /// Checks the rule options (loading the deck), the player count and the policies. One
    /// player is accepted only without policies, for `dicelab table`; simulating it is an error.
    pub fn new(setup: &Setup) -> Result<Self> {
        let options = RuleOptions::parse(NAME, OPTIONS, &setup.rules)?;
        let rules = Rules::from_options(&options, &setup.files)?;
        let (players, policies) = (setup.players, &setup.policies);
        let table_only = players == 1 && policies.is_empty();
        if table_only {
            rules.deck.check_deal(players, rules.hand)?;
        } else {
            PLAYERS.check(NAME, players)?;
            rules.check_players(players)?;
        }
        let seats = Seats::parse(policies, DEFAULT_POLICY, players, 1)?;
        Ok(Self {
            rules,
            options,
            players,
            seats,
            exact: ExactValues::default(),
        })
    }

    /// The same run with another deck (the deck study, `dicelab decks sieben`, swaps decks under
    /// one set of rules); the deck must cover the deal. The `rules` column keeps naming the
    /// original deck, so the caller names the deck itself.
    pub fn with_deck(&self, deck: deck::Deck) -> Result<Self> {
        deck.check_deal(self.players, self.rules.hand)?;
        let mut config = self.clone();
        config.rules.deck = deck;
        Ok(config)
    }

    /// The player count.
    pub fn players(&self) -> u32 {
        self.players
    }
}

impl Configured for Study {
    fn setup(&self) -> SetupRecord {
        setup_record(
            NAME,
            &self.options,
            self.players,
            self.seats.given.iter().map(PolicySpec::to_string),
        )
    }

    fn simulate(&self, config: &RunConfig) -> Result<Tally> {
        PLAYERS.check(NAME, self.players)?;
        run(
            &Games::new(
                self.rules.clone(),
                self.players,
                self.seats.policies.clone(),
                Rotation::new(&self.seats),
            ),
            config,
        )
    }

    /// The first `count` games of a run seeded `seed`, as records: every deal, card laid and
    /// card drawn, the run's own games.
    fn record_games(
        &self,
        seed: u64,
        count: u64,
        each: crate::games::RecordSink,
    ) -> Option<Result<()>> {
        if let Err(e) = PLAYERS.check(NAME, self.players) {
            return Some(Err(e));
        }
        let games = Games::new(
            self.rules.clone(),
            self.players,
            self.seats.policies.clone(),
            Rotation::new(&self.seats),
        );
        Some(recorder::record(
            NAME,
            &games,
            self.options.pairs(),
            (seed, count),
            each,
        ))
    }

    /// None: whole games are far too large to solve.
    fn exact(&self) -> &ExactValues {
        &self.exact
    }

    /// The exact chances on every pile state, for the rules' deck and hand.
    fn tables(&self) -> Result<Analysis> {
        tables::tables(&self.rules.deck, self.rules.hand, &self.options.render())
    }

    fn solve(&self) -> Result<Analysis> {
        Err(Error::input(
            "solve sieben: no exact solver for 7 (a whole game is far too large to enumerate); `dicelab table sieben` gives the exact chances on every pile state and `dicelab compare sieben` compares policies",
        ))
    }
}
