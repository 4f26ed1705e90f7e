//! A parsed rule as a policy reads it: [`StopIf`] (a turn's decisions, compiled into tables)
//! and [`GameRule`] (asked at each decision of a game, when the rule reads the game's state).

use std::fmt;

use crate::error::{Error, Result, Setting};

use super::super::lookup::Lookup;
use super::super::rolls::RollOutcomes;
use super::super::rules::Kept;
use super::eval::Node;
use super::lexer::lex;
use super::parser::parse;
use super::vars::{Var, Vars};

/// The longest rule accepted, in characters, the spaces around it not counted: far beyond any
/// rule of thumb, short enough that nothing about it (parsing, nesting) can take noticeable time
/// or stack.
pub(super) const MAX_LEN: usize = 1000;
/// A rule of thumb: stop when it is true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopIf {
    /// The rule as typed, spaces trimmed at its ends and every other space written as an ASCII
    /// space: the policy's name.
    text: String,
    rule: Node,
}

impl StopIf {
    /// Parses the rule `text`; an error names the column of `spec` (what the user typed, of
    /// which `text` begins at byte `offset`) where it went wrong, and what was expected there.
    pub fn parse(spec: &str, offset: usize, text: &str) -> Result<Self> {
        let bad = |column: usize, why: String| {
            Error::value(Setting::POLICY, spec, format!("column {column}: {why}"))
        };
        // Columns count characters of the whole spec, from 1.
        let base = spec[..offset].chars().count() + 1;
        // The limit is on the rule, not on the spaces around it, which are never read: the
        // column is that of the first character past it.
        let rule_text = text.trim();
        let chars = rule_text.chars().count();
        if chars > MAX_LEN {
            let leading = text[..text.len() - text.trim_start().len()].chars().count();
            return Err(bad(
                base + leading + MAX_LEN,
                format!("a rule of {chars} characters; at most {MAX_LEN} are read"),
            ));
        }
        let tokens = lex(text).map_err(|(at, why)| bad(base + at, why))?;
        let rule = parse(&tokens, text.chars().count()).map_err(|(at, why)| bad(base + at, why))?;
        // A no-break or other Unicode space separates tokens as a space does, so it names the
        // same rule: left as typed, it would look the same and name another policy (and a
        // comparison of the two would not see them as one).
        let text = rule_text
            .chars()
            .map(|c| if c.is_whitespace() { ' ' } else { c })
            .collect();
        Ok(Self { text, rule })
    }

    /// Whether to stop, given the variables' values.
    #[inline]
    pub fn stops(&self, vars: &Vars) -> bool {
        self.rule.truth(vars)
    }

    /// The variables the rule reads, each once, in the order of [`VARIABLES`](super::vars::VARIABLES).
    pub fn variables(&self) -> Vec<Var> {
        let mut seen = Vec::new();
        self.rule.visit(&mut |v| {
            if !seen.contains(&v) {
                seen.push(v);
            }
        });
        seen.sort();
        seen
    }

    /// The variables the rule reads that exist only in a game.
    pub fn game_variables(&self) -> Vec<&'static str> {
        self.variables()
            .into_iter()
            .filter(|v| v.of_game())
            .map(Var::name)
            .collect()
    }

    /// Whether the rule reads the score to beat.
    pub fn reads_to_beat(&self) -> bool {
        self.variables().contains(&Var::ToBeat)
    }
}

impl fmt::Display for StopIf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stop-if:{}", self.text)
    }
}

/// A rule that reads the game's state (`round`, `me`, ...): no table can hold its decisions,
/// so a game asks it at each decision, keeping the first of the sets a roll can leave (as the
/// tables do) under `removal=subsets`.
#[derive(Clone, Debug)]
pub struct GameRule {
    rule: StopIf,
    /// The first kept set of every option list.
    first: Vec<Kept>,
    rounds: i64,
}

/// Where a player stands at the start of its turn in a game, as a rule reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAt {
    /// `round`, from 1; `None` in a play-off, which reads `rounds + 1`.
    pub round: Option<i64>,
    /// `to_beat` (-1: nothing to beat).
    pub to_beat: i64,
    /// `me`.
    pub me: i64,
    /// `best_other`.
    pub best_other: i64,
}

impl GameRule {
    /// The rule for games of `rounds` rounds, whose rolls can leave `outcomes`.
    pub fn new(rule: StopIf, outcomes: &RollOutcomes, rounds: u32) -> Self {
        Self {
            rule,
            first: outcomes.sets.iter().map(|options| options[0]).collect(),
            rounds: i64::from(rounds),
        }
    }

    /// Plays a turn of `allowed` rolls on pre-drawn `rolls`: (score, rolls used). The last
    /// roll and an empty hand stop whatever the rule says, as in every table.
    pub fn play_turn(&self, lookup: &Lookup, rolls: &[u32], allowed: u8, at: GameAt) -> (u8, u8) {
        self.play_turn_with(lookup, rolls, allowed, at, &mut |_| {})
    }

    /// [`play_turn`](Self::play_turn), telling `kept_by` what each throw kept (for a record
    /// under `removal=subsets`).
    pub fn play_turn_with(
        &self,
        lookup: &Lookup,
        rolls: &[u32],
        allowed: u8,
        at: GameAt,
        kept_by: &mut impl FnMut(Kept),
    ) -> (u8, u8) {
        let mut dice = lookup.start();
        for roll in 1..=allowed {
            let kept = self.first[lookup.list(dice, rolls[usize::from(roll) - 1])];
            kept_by(kept);
            let vars = Vars {
                round: at.round.unwrap_or(self.rounds + 1),
                rounds: self.rounds,
                me: at.me,
                best_other: at.best_other,
                ..Vars::turn(roll, allowed, kept, at.to_beat)
            };
            if roll == allowed || kept.dice == 0 || self.rule.stops(&vars) {
                return (kept.sum, roll);
            }
            dice = kept.dice;
        }
        unreachable!("the last roll always stops")
    }
}
