//! When to stop rolling in Sevens (and, under `removal=subsets`, which dice to remove).
//!
//! A turn has at most 12 x 7 x 37 decision states, so every policy, built-in or a library user's
//! [`StopPolicy`], is compiled once into a [`DecisionTable`]: the hot loop then looks decisions
//! up instead of calling policy code, and every policy runs at the same speed.
//!
//! ```
//! use dicelab::games::sevens::solve::exact::{distribution, solve};
//! use dicelab::games::sevens::rolls::RollOutcomes;
//! use dicelab::games::sevens::policy::{DecisionTable, StopPolicy, TurnState};
//! use dicelab::games::sevens::rules::Removal;
//!
//! /// Stops as soon as the kept dice show at least 4 points per die.
//! struct Greedy;
//!
//! impl StopPolicy for Greedy {
//!     fn roll_again(&self, state: &TurnState) -> bool {
//!         u32::from(state.kept.sum) < 4 * u32::from(state.kept.dice)
//!     }
//! }
//!
//! let tables = RollOutcomes::new(Removal::Pairs);
//! let mine = DecisionTable::from_policy("greedy", &Greedy, &tables, 3);
//! let best = solve(&tables, 3);
//! assert!(distribution(&tables, &mine).mean_score() < best.expected);
//! ```

use super::rolls::{MAX_SUM, RollOutcomes, state_index};
use super::rules::Kept;
use super::stop_if::{StopIf, Vars};
use super::win::{PlaysTwo, Win};

/// What a policy sees after a roll: which roll it was, how many are allowed, what is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnState {
    /// Rolls used so far (1-based).
    pub roll: u8,
    /// Rolls this turn may use.
    pub max_rolls: u8,
    /// The dice kept after removing sevens.
    pub kept: Kept,
}

/// A stop-rolling policy a library user can write; compile it with
/// [`DecisionTable::from_policy`]. Every built-in table policy ([`Rolls`], [`Threshold`],
/// [`CoinToss`], a solved objective, a turn's `stop-if:` rule) is one too, compiled the same way.
pub trait StopPolicy {
    /// Whether to roll the kept dice again (asked only when a roll is left and dice are kept).
    fn roll_again(&self, state: &TurnState) -> bool;

    /// The decision the table records in `state` (asked where [`StopPolicy::roll_again`] is):
    /// by default its answer. A policy that leaves a decision to a fair coin returns
    /// [`Action::Coin`] there; only then does a turn draw coin bits.
    fn action(&self, state: &TurnState) -> Action {
        if self.roll_again(state) {
            Action::Roll
        } else {
            Action::Stop
        }
    }

    /// Under `removal=subsets`, which of the possible kept sets to keep (`options` is ordered
    /// highest sum first, then most dice). The default keeps the first.
    fn choose(&self, roll: u8, max_rolls: u8, options: &[Kept]) -> usize {
        let _ = (roll, max_rolls, options);
        0
    }
}

/// `rolls:K`: roll while dice remain until `K` rolls are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rolls(pub u8);

impl StopPolicy for Rolls {
    fn roll_again(&self, state: &TurnState) -> bool {
        state.roll < self.0
    }
}

/// `threshold:A,B,...`: stop once the kept sum reaches `sums[0]` after roll 1, `sums[1]` after
/// roll 2, ...: one sum for each roll before the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threshold {
    /// The sum that stops after each roll but the last.
    pub sums: Vec<u8>,
}

impl StopPolicy for Threshold {
    fn roll_again(&self, state: &TurnState) -> bool {
        state.kept.sum < self.sums[usize::from(state.roll) - 1]
    }
}

/// `stop-if:EXPR` for a rule that reads only the turn: it stops where the rule is true, facing
/// `to_beat` (-1: nothing to beat), so a rule that reads the score to beat compiles one table
/// per score. A rule that reads the game's state has no table ([`Win::Rule`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TurnRule<'a> {
    /// The rule.
    pub rule: &'a StopIf,
    /// The score to beat the rule reads as `to_beat`.
    pub to_beat: i64,
}

impl StopPolicy for TurnRule<'_> {
    fn roll_again(&self, state: &TurnState) -> bool {
        let vars = Vars::turn(state.roll, state.max_rolls, state.kept, self.to_beat);
        !self.rule.stops(&vars)
    }
}

/// `random`: a fair coin decides every stop or roll, the floor any policy should beat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoinToss;

impl StopPolicy for CoinToss {
    /// Rolling is the coin's one side; what the table records is the toss ([`Self::action`]).
    fn roll_again(&self, _: &TurnState) -> bool {
        true
    }

    fn action(&self, _: &TurnState) -> Action {
        Action::Coin
    }
}

/// A decision in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Score the kept dice.
    Stop,
    /// Roll the kept dice again.
    Roll,
    /// Toss a fair coin (the `random` policy).
    Coin,
}

/// What the hot loop needs after a roll, in one lookup: the dice and sum kept and what to do.
///
/// A hot-loop internal, public only for the benches ([`crate::internals`]); not API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Dice kept.
    pub dice: u8,
    /// Their sum.
    pub sum: u8,
    /// The decision in the state they make.
    pub action: Action,
}

/// A policy compiled to a decision per state and a kept set per roll outcome.
#[derive(Clone, Debug)]
pub struct DecisionTable {
    name: String,
    max_rolls: u8,
    actions: Vec<Action>,
    /// Kept set chosen for option list `set` at roll `roll`: index `(roll - 1) * sets + set`.
    kept: Vec<Kept>,
    /// The same, with the decision in the kept state: the simulation's only lookup per roll.
    steps: Vec<Step>,
    sets: usize,
}

impl DecisionTable {
    /// Compiles any [`StopPolicy`] for turns of `max_rolls` rolls by asking it about every
    /// state and every option list.
    ///
    /// Every state starts as [`Action::Stop`] and only states with a roll left and dice kept
    /// are asked about, so the last roll and an empty hand always stop: the simulation and the
    /// exact distribution rely on that instead of checking again.
    pub fn from_policy(
        name: &str,
        policy: &impl StopPolicy,
        outcomes: &RollOutcomes,
        max_rolls: u8,
    ) -> Self {
        let mut actions = vec![Action::Stop; max_rolls as usize * 7 * (MAX_SUM + 1)];
        for roll in 1..max_rolls {
            for dice in 1..=6u8 {
                for sum in dice..=6 * dice {
                    let state = TurnState {
                        roll,
                        max_rolls,
                        kept: Kept { dice, sum },
                    };
                    actions[state_index(roll, dice, sum)] = policy.action(&state);
                }
            }
        }
        let mut kept = Vec::with_capacity(max_rolls as usize * outcomes.sets.len());
        for roll in 1..=max_rolls {
            for options in &outcomes.sets {
                let i = policy
                    .choose(roll, max_rolls, options)
                    .min(options.len() - 1);
                kept.push(options[i]);
            }
        }
        let sets = outcomes.sets.len();
        let steps = kept
            .iter()
            .enumerate()
            .map(|(i, k)| Step {
                dice: k.dice,
                sum: k.sum,
                action: actions[state_index((i / sets) as u8 + 1, k.dice, k.sum)],
            })
            .collect();
        Self {
            name: name.to_string(),
            max_rolls,
            actions,
            kept,
            steps,
            sets,
        }
    }

    /// Whether the policy ever tosses a coin (only then does a turn draw coin bits).
    pub fn uses_coins(&self) -> bool {
        self.actions.contains(&Action::Coin)
    }

    /// The kept set chosen from option list `set` after roll `roll`, with the decision there.
    /// Public only for the benches ([`crate::internals`]); not API.
    #[inline(always)]
    #[doc(hidden)]
    pub fn step(&self, roll: u8, set: u16) -> Step {
        self.steps[(roll as usize - 1) * self.sets + set as usize]
    }

    /// The same decisions under another name (a compiled spec names its tables after itself).
    pub fn named(mut self, name: &str) -> Self {
        name.clone_into(&mut self.name);
        self
    }

    /// The policy's name, as in the `policy` column.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Rolls a turn may use.
    pub fn max_rolls(&self) -> u8 {
        self.max_rolls
    }

    /// The decision after roll `roll` with `kept` (always [`Action::Stop`] on the last roll).
    #[inline(always)]
    pub fn action(&self, roll: u8, kept: Kept) -> Action {
        self.actions[state_index(roll, kept.dice, kept.sum)]
    }

    /// The kept set chosen from option list `set` (an index into [`RollOutcomes::sets`]).
    #[inline(always)]
    pub fn kept(&self, roll: u8, set: u16) -> Kept {
        self.kept[(roll as usize - 1) * self.sets + set as usize]
    }
}

/// A policy compiled for every situation a game can put a player in: leading a round (or
/// nothing to beat) with any number of rolls allowed, or following with a score to beat.
///
/// Single turns use [`Policy::turn`]. Library users build one from their own tables with
/// [`Policy::fixed`].
#[derive(Clone, Debug)]
pub struct Policy {
    name: String,
    /// One table per number of rolls allowed (index `allowed - 1`).
    lead: Vec<DecisionTable>,
    /// `follow[allowed - 1][to_beat]`; empty for policies that ignore the score to beat.
    follow: Vec<Vec<DecisionTable>>,
    /// The whole game solved, for a policy that plays every turn to win it (`win`): its
    /// decisions depend on the round and the totals, so it has no tables.
    game: Option<Win>,
}

impl Policy {
    /// A policy that plays `tables[allowed - 1]` whatever the round's scores, one table for each
    /// number of rolls a turn may be allowed, 1 to the rules' `max_rolls`.
    pub fn fixed(name: &str, outcomes: Vec<DecisionTable>) -> Self {
        Self {
            name: name.to_string(),
            lead: outcomes,
            follow: Vec::new(),
            game: None,
        }
    }

    /// A policy that plays `lead[allowed - 1]` when it leads a round or has nothing to beat, and
    /// `follow[allowed - 1][to_beat]` as a follower (an empty `follow`: the lead tables always).
    pub fn following(
        name: &str,
        lead: Vec<DecisionTable>,
        follow: Vec<Vec<DecisionTable>>,
    ) -> Self {
        Self {
            name: name.to_string(),
            lead,
            follow,
            game: None,
        }
    }

    /// A policy that plays every turn to win the whole game as `game` says.
    pub(crate) fn to_win(name: &str, game: Win) -> Self {
        Self {
            name: name.to_string(),
            lead: Vec::new(),
            follow: Vec::new(),
            game: Some(game),
        }
    }

    /// The whole game this policy plays to win, if it does: then it has no tables, and a turn
    /// is played by its solution ([`PlaysTwo::play_turn`] for two players).
    #[inline(always)]
    pub(crate) fn game(&self) -> Option<&Win> {
        self.game.as_ref()
    }

    /// The exact two-player solution this policy plays to win, if it does.
    #[inline(always)]
    pub(crate) fn two_player_game(&self) -> Option<&dyn PlaysTwo> {
        self.game.as_ref().and_then(Win::two)
    }

    /// The policy's name, as in the `policy` column.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The decisions for a turn with `allowed` rolls and, for a follower, the score to beat
    /// (a policy that plays to win has none: see `Policy::game`).
    #[inline(always)]
    pub fn table(&self, allowed: u8, to_beat: Option<u8>) -> &DecisionTable {
        match to_beat {
            Some(t) if !self.follow.is_empty() => &self.follow[allowed as usize - 1][t as usize],
            _ => &self.lead[allowed as usize - 1],
        }
    }

    /// The decisions for a single turn with every roll allowed and nothing to beat.
    pub fn turn(&self) -> &DecisionTable {
        self.lead
            .last()
            .expect("a policy has a table per roll count")
    }

    /// Whether any of the policy's tables tosses coins.
    pub fn uses_coins(&self) -> bool {
        self.lead
            .iter()
            .chain(self.follow.iter().flatten())
            .any(DecisionTable::uses_coins)
    }
}
