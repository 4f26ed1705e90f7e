//! The policy of Sequences and Hearts Due: there is none to choose. A cast is scored by its best
//! split, so the only spec is `forced`, accepted so that every game takes `--policy` the same
//! way.

use std::fmt;

use crate::error::{Error, Result, Setting};
use crate::games::PolicyDoc;

/// The one policy: a cast is scored by its best split, nothing is chosen.
pub const POLICY: &str = "forced";

/// The policy specs: only one.
pub const POLICIES: &[PolicyDoc] = &[PolicyDoc {
    syntax: POLICY,
    meaning: "a cast is scored by its best split; there is nothing to choose",
    example: POLICY,
}];

/// The only policy spec: `forced`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced;

impl fmt::Display for Forced {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(POLICY)
    }
}

impl Forced {
    /// The spec `s` of a run of `game`: only `forced` is one.
    pub fn parse(game: &str, s: &str) -> Result<Self> {
        if s.trim() == POLICY {
            return Ok(Forced);
        }
        Err(Error::value(
            Setting::POLICY,
            s,
            format!(
                "unknown policy for {game}; a cast involves no decision, so the \
             only policy is '{POLICY}'"
            ),
        ))
    }
}
