//! Policies of 7 as named on the command line (`--policy seven-first`, `--policy lookahead:32`),
//! and the built-ins they make, dispatched by a `match` so the simulation's loop stays static.

use std::fmt;
use std::str::FromStr;

use rand_xoshiro::rand_core::Rng;

use crate::error::{Error, Result, Setting};
use crate::games::PolicyDoc;
use crate::games::policy::{Policy, Random};

use super::lookahead::{DEFAULT_SAMPLES, Lookahead, MAX_SAMPLES};
use super::policy::{Blocker, LayCard, Lowest, SevenFirst, View};
use super::rules::{Move, Rules};

/// The policy specs, for listings and messages.
pub(super) const POLICIES: &[PolicyDoc] = &[
    PolicyDoc {
        syntax: "seven-first",
        meaning: "makes a Seven whenever it can, otherwise the smallest rise of the total",
        example: "seven-first",
    },
    PolicyDoc {
        syntax: "lowest",
        meaning: "the smallest rise of the total",
        example: "lowest",
    },
    PolicyDoc {
        syntax: "blocker",
        meaning: "a Seven when it can, otherwise the play most likely to leave the next player stuck, if likely enough",
        example: "blocker",
    },
    PolicyDoc {
        syntax: "random",
        meaning: "every legal play equally likely",
        example: "random",
    },
    PolicyDoc {
        syntax: "lookahead",
        meaning: "plays each legal play's round out on guesses of the hidden cards, 32 play-outs per play",
        example: "lookahead",
    },
    PolicyDoc {
        syntax: "lookahead:K",
        meaning: "the same with K play-outs per legal play (1 to 1000)",
        example: "lookahead:8",
    },
];

/// A built-in policy as named on the command line (`--policy seven-first`, `--policy
/// lookahead:32`). Plain data, so a run's configuration can be checked, printed in reports and
/// parsed back; [`PolicySpec::build`] makes the policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicySpec {
    /// [`Random`].
    Random,
    /// [`Lowest`].
    Lowest,
    /// [`SevenFirst`].
    SevenFirst,
    /// [`Blocker`].
    Blocker,
    /// [`Lookahead`] with this many play-outs per legal play (1 to `MAX_SAMPLES`, 1000).
    Lookahead(u32),
}

impl PolicySpec {
    /// Every built-in, `lookahead` with its default count.
    pub const ALL: [PolicySpec; 5] = [
        PolicySpec::Random,
        PolicySpec::Lowest,
        PolicySpec::SevenFirst,
        PolicySpec::Blocker,
        PolicySpec::Lookahead(DEFAULT_SAMPLES),
    ];

    /// The command-line name of the policy's kind, without a sample count; reports name a spec
    /// by its [`Display`](fmt::Display), which adds the count where it is not the default.
    pub fn as_str(self) -> &'static str {
        match self {
            PolicySpec::Random => "random",
            PolicySpec::Lowest => "lowest",
            PolicySpec::SevenFirst => "seven-first",
            PolicySpec::Blocker => "blocker",
            PolicySpec::Lookahead(_) => "lookahead",
        }
    }

    /// The policy under `rules` (lookahead plays rounds out by them), with `rng` for the ones
    /// that draw (random, lookahead): a generator of their own, so the game's deals do not
    /// depend on the policies.
    pub fn build<R: Rng>(self, rules: &Rules, rng: R) -> Builtin<R> {
        match self {
            PolicySpec::Random => Builtin::Random(Random::new(rng)),
            PolicySpec::Lowest => Builtin::Lowest,
            PolicySpec::SevenFirst => Builtin::SevenFirst,
            PolicySpec::Blocker => Builtin::Blocker,
            PolicySpec::Lookahead(k) => Builtin::Lookahead(Box::new(Lookahead::new(k, rules, rng))),
        }
    }
}

impl fmt::Display for PolicySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PolicySpec::Lookahead(k) if k != DEFAULT_SAMPLES => write!(f, "lookahead:{k}"),
            p => f.write_str(p.as_str()),
        }
    }
}

impl FromStr for PolicySpec {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        let spec = s.trim();
        if let Some(p) = PolicySpec::ALL.into_iter().find(|p| p.as_str() == spec) {
            return Ok(p);
        }
        if let Some(k) = spec.strip_prefix("lookahead:") {
            return match k.trim().parse::<u32>() {
                Ok(k) if (1..=MAX_SAMPLES).contains(&k) => Ok(PolicySpec::Lookahead(k)),
                _ => Err(Error::value(
                    Setting::POLICY,
                    s,
                    format!(
                        "expected lookahead:K with K, the play-outs per legal play, from 1 to {MAX_SAMPLES}"
                    ),
                )),
            };
        }
        Err(Error::value(
            Setting::POLICY,
            s,
            PolicyDoc::unknown("sieben", s, POLICIES),
        ))
    }
}

/// Any built-in policy, dispatched by a `match` so the simulation's loop stays static.
#[derive(Clone, Debug)]
pub enum Builtin<R> {
    /// [`Random`].
    Random(Random<R>),
    /// [`Lowest`].
    Lowest,
    /// [`SevenFirst`].
    SevenFirst,
    /// [`Blocker`].
    Blocker,
    /// [`Lookahead`], boxed: it carries a table and buffers that the other variants need not
    /// pay for.
    Lookahead(Box<Lookahead<R>>),
}

impl<R: Rng> Policy<LayCard> for Builtin<R> {
    #[inline]
    fn choose(&mut self, view: &View, moves: &[Move]) -> usize {
        match self {
            Builtin::Random(p) => Policy::<LayCard>::choose(p, view, moves),
            Builtin::Lowest => Lowest.choose(view, moves),
            Builtin::SevenFirst => SevenFirst.choose(view, moves),
            Builtin::Blocker => Blocker.choose(view, moves),
            Builtin::Lookahead(p) => p.choose(view, moves),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_reject() {
        for p in PolicySpec::ALL {
            assert_eq!(p.as_str().parse::<PolicySpec>().unwrap(), p);
        }
        assert_eq!(
            "greedy".parse::<PolicySpec>().unwrap_err().to_string(),
            "policy 'greedy': unknown policy for sieben; expected one of seven-first, lowest, blocker, random, lookahead or lookahead:K"
        );
    }

    #[test]
    fn lookahead_specs_name_their_count_and_round_trip() {
        let default = PolicySpec::Lookahead(DEFAULT_SAMPLES);
        assert_eq!("lookahead".parse::<PolicySpec>().unwrap(), default);
        assert_eq!(default.to_string(), "lookahead");
        assert_eq!(
            format!("lookahead:{DEFAULT_SAMPLES}")
                .parse::<PolicySpec>()
                .unwrap(),
            default,
            "the default count given explicitly is the same policy"
        );
        for k in [1, 8, 64, MAX_SAMPLES] {
            let spec = format!("lookahead:{k}").parse::<PolicySpec>().unwrap();
            assert_eq!(spec, PolicySpec::Lookahead(k));
            if k != DEFAULT_SAMPLES {
                assert_eq!(spec.to_string(), format!("lookahead:{k}"));
            }
            assert_eq!(spec.to_string().parse::<PolicySpec>().unwrap(), spec);
            assert_eq!(spec.as_str(), "lookahead");
        }
        for bad in [
            "lookahead:0",
            "lookahead:x",
            "lookahead:1001",
            "lookahead:",
            "lookahead:-3",
        ] {
            assert_eq!(
                bad.parse::<PolicySpec>().unwrap_err().to_string(),
                format!(
                    "policy '{bad}': expected lookahead:K with K, the play-outs per legal play, from 1 to 1000"
                )
            );
        }
        assert!(
            "lookahead:16:2"
                .parse::<PolicySpec>()
                .unwrap_err()
                .to_string()
                .contains("from 1 to 1000")
        );
    }
}
