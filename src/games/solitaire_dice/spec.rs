//! Solitaire Dice policies as named on the command line (`--policy greedy`, `--policy
//! heuristic:FILE`): parsed and checked (a weights file is read and compiled), then made into the
//! policy a game plays.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use crate::error::{Error, Result, Setting};
use crate::games::PolicyDoc;
use crate::input::Files;

use super::heuristic::{Evaluator, Weights};
use super::learned::ValueNet;
use super::projection::{Params, Projection};

/// The policy specs, for listings and messages.
pub(super) const POLICIES: &[PolicyDoc] = &[
    PolicyDoc {
        syntax: "greedy",
        meaning: "the division that raises the score most right now",
        example: "greedy",
    },
    PolicyDoc {
        syntax: "random",
        meaning: "every legal division equally likely",
        example: "random",
    },
    PolicyDoc {
        syntax: "heuristic",
        meaning: "the best evaluation of the sheet after the division, with the built-in tuned weights",
        example: "heuristic",
    },
    PolicyDoc {
        syntax: "heuristic:FILE",
        meaning: "the same with the weights of a policy file (header weight,value)",
        example: "heuristic:data/solitaire-best.csv",
    },
    PolicyDoc {
        syntax: "lookahead",
        meaning: "the best expected evaluation after the next roll (one roll of expectimax), with the built-in weights tuned for it",
        example: "lookahead",
    },
    PolicyDoc {
        syntax: "lookahead:FILE",
        meaning: "the same with the weights of a policy file",
        example: "lookahead:data/solitaire-tuned.csv",
    },
    PolicyDoc {
        syntax: "projection",
        meaning: "one roll of expectimax over a projection of each open sum's final marks blended with lookahead's weights (best until 0.19)",
        example: "projection",
    },
    PolicyDoc {
        syntax: "learned",
        meaning: "the division worth most under a value of the sheet learned by self-play (built in)",
        example: "learned",
    },
    PolicyDoc {
        syntax: "learned-lookahead",
        meaning: "the same value one roll deeper: the best average over the next roll (stronger, a few hundred times slower)",
        example: "learned-lookahead",
    },
    PolicyDoc {
        syntax: "best",
        meaning: "the strongest player at the speed of a simulation: today learned",
        example: "best",
    },
];

/// A policy as named on the command line (`--policy greedy`, `--policy heuristic:FILE`).
///
/// A spec is checked data (a weights file is read and compiled when the spec is parsed) so that a
/// run's configuration can be checked, printed in reports and parsed back by `merge`; the
/// simulation turns it into a [`Random`](crate::games::policy::Random) with its own generator or a
/// [`OneStep`](crate::games::policy::OneStep) over [`Greedy`](super::policy::Greedy),
/// [`Heuristic`](super::heuristic::Heuristic), [`Lookahead`](super::lookahead::Lookahead) or
/// [`Projected`](super::projection::Projected), keeping the hot loop
/// statically dispatched. Two specs are equal when their names are.
#[derive(Clone, Debug)]
pub enum PolicySpec {
    /// [`Random`](crate::games::policy::Random): every legal choice equally likely.
    Random,
    /// Greedy ([`Greedy`](super::policy::Greedy)'s value): the best immediate change of score.
    Greedy,
    /// `heuristic:FILE`: the best evaluation of the resulting sheet under the file's weights;
    /// `heuristic` alone uses the built-in weights (the shipped `data/solitaire-tuned.csv`), so
    /// the best one-step player runs from any folder.
    Heuristic {
        /// The spec as given, e.g. `heuristic:data/solitaire-best.csv`.
        name: String,
        /// The file's weights, compiled; shared by every thread.
        evaluator: Arc<Evaluator>,
    },
    /// `lookahead` or `lookahead:FILE`: the best expected evaluation after the next roll; alone,
    /// with the built-in weights tuned for it (`data/solitaire-lookahead.csv`).
    Lookahead {
        /// The spec as given.
        name: String,
        /// The weights (built in, or the file's), compiled; shared by every thread.
        evaluator: Arc<Evaluator>,
    },
    /// `projection`: one roll of expectimax over the [`Projection`] evaluation with its
    /// built-in tuned parameters (`best` until 0.19).
    Projection {
        /// The evaluation; shared by every thread.
        projection: Arc<Projection>,
    },
    /// `learned`, and `best` (the strongest player at a simulation's speed, whatever it is
    /// made of: the name stays when a stronger player replaces it, so scripts asking for the
    /// best get it): the division worth most under the shipped [`ValueNet`], learned by
    /// self-play ([`Learned`](super::learned::Learned)).
    Learned {
        /// The name it was asked for: `learned` or `best`.
        name: &'static str,
        /// The value; shipped, so shared by every run.
        net: &'static ValueNet,
    },
    /// `learned-lookahead`: the division worth most under the same value one roll deeper
    /// ([`Planned`](super::learned::Planned)): about 10 points a game stronger than
    /// `learned`, at a few hundred times its time.
    LearnedLookahead {
        /// The value; shipped, so shared by every run.
        net: &'static ValueNet,
    },
}

impl PolicySpec {
    /// The spec's command-line name.
    pub fn as_str(&self) -> &str {
        match self {
            PolicySpec::Random => "random",
            PolicySpec::Greedy => "greedy",
            PolicySpec::Projection { .. } => "projection",
            PolicySpec::Learned { name, .. } => name,
            PolicySpec::LearnedLookahead { .. } => "learned-lookahead",
            PolicySpec::Heuristic { name, .. } | PolicySpec::Lookahead { name, .. } => name,
        }
    }

    /// A `heuristic` spec of weights already in hand (tuning evaluates candidates this way).
    pub fn heuristic(name: &str, weights: &Weights) -> Self {
        PolicySpec::Heuristic {
            name: name.to_string(),
            evaluator: Arc::new(Evaluator::new(weights)),
        }
    }
}

impl PartialEq for PolicySpec {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl fmt::Display for PolicySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PolicySpec {
    type Err = Error;

    /// A spec whose weights file is read from disk unrecorded (see
    /// [`PolicySpec::parse_reading`]).
    fn from_str(s: &str) -> Result<Self> {
        Self::parse_reading(s, &Files::default())
    }
}

impl PolicySpec {
    /// Parses a spec, reading a `heuristic:FILE` or `lookahead:FILE` through `files`, which
    /// records it (or serves it from a run's record).
    pub fn parse_reading(s: &str, files: &Files) -> Result<Self> {
        let spec = s.trim();
        let (kind, file) = match spec.split_once(':') {
            Some((k, f)) => (k, Some(f)),
            None => (spec, None),
        };
        let load = |file: &str| -> Result<Arc<Evaluator>> {
            if file.trim().is_empty() {
                return Err(Error::value(
                    Setting::POLICY,
                    s,
                    format!("expected {kind}:FILE, a weights file after the colon"),
                ));
            }
            Ok(Arc::new(Evaluator::new(&Weights::load(
                Path::new(file),
                files,
            )?)))
        };
        let shipped =
            || ValueNet::shipped().map_err(|e| Error::value(Setting::POLICY, s, e.to_string()));
        match (kind, file) {
            ("random", None) => Ok(PolicySpec::Random),
            ("greedy", None) => Ok(PolicySpec::Greedy),
            ("heuristic", None) => Ok(PolicySpec::Heuristic {
                name: spec.to_string(),
                evaluator: Arc::new(Evaluator::new(&Weights::built_in())),
            }),
            ("heuristic", Some(file)) => Ok(PolicySpec::Heuristic {
                name: spec.to_string(),
                evaluator: load(file)?,
            }),
            ("lookahead", None) => Ok(PolicySpec::Lookahead {
                name: spec.to_string(),
                evaluator: Arc::new(Evaluator::new(&Weights::built_in_lookahead())),
            }),
            ("lookahead", Some(file)) => Ok(PolicySpec::Lookahead {
                name: spec.to_string(),
                evaluator: load(file)?,
            }),
            ("projection", None) => Ok(PolicySpec::Projection {
                projection: Arc::new(Projection::new(Params::BUILT_IN)),
            }),
            (name @ ("learned" | "best"), None) => Ok(PolicySpec::Learned {
                name: if name == "best" { "best" } else { "learned" },
                net: shipped()?,
            }),
            ("learned-lookahead", None) => Ok(PolicySpec::LearnedLookahead { net: shipped()? }),
            _ => Err(Error::value(
                Setting::POLICY,
                s,
                PolicyDoc::unknown("solitaire-dice", spec, POLICIES),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::policy::OneStep;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    #[test]
    fn specs_parse_print_and_reject_unknown_names() {
        for spec in [PolicySpec::Greedy, PolicySpec::Random] {
            assert_eq!(spec.to_string().parse::<PolicySpec>().unwrap(), spec);
        }
        assert_eq!(" greedy".parse::<PolicySpec>().unwrap(), PolicySpec::Greedy);
        assert_eq!(
            "lookahead".parse::<PolicySpec>().unwrap().as_str(),
            "lookahead"
        );
        for name in ["best", "learned", "learned-lookahead", "projection"] {
            let spec = format!(" {name} ").parse::<PolicySpec>().unwrap();
            assert_eq!(spec.as_str(), name);
        }
        // `best` is the learned player under its own name.
        let best = "best".parse::<PolicySpec>().unwrap();
        assert!(matches!(best, PolicySpec::Learned { name: "best", .. }));
        for bad in [
            "best:3",
            "bestx",
            "learned:x.bin",
            "projection:x",
            "learned-lookahead2",
            "greedy:3",
            "heuristics",
            "lookahead2",
        ] {
            let e = bad.parse::<PolicySpec>().unwrap_err().to_string();
            // A near miss is named ("did you mean 'best'?") between the two.
            assert!(
                e.starts_with(&format!(
                    "policy '{bad}': unknown policy for solitaire-dice; "
                )),
                "{e}"
            );
            assert!(
                e.ends_with(&format!(
                    "expected one of {}",
                    PolicyDoc::list(super::POLICIES)
                )),
                "{e}"
            );
        }
        let e = "heuristic:".parse::<PolicySpec>().unwrap_err().to_string();
        assert!(e.contains("expected heuristic:FILE"), "{e}");
        let e = "heuristic:/no/such/file.csv"
            .parse::<PolicySpec>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("/no/such/file.csv"), "{e}");
    }

    #[test]
    fn lookahead_alone_plays_the_shipped_lookahead_file() {
        use super::super::lookahead::Lookahead;
        use super::super::play::play;
        let evaluator = |spec: &str| match spec.parse::<PolicySpec>().unwrap() {
            PolicySpec::Lookahead { evaluator, .. } => evaluator,
            other => panic!("{other} is not a lookahead"),
        };
        let scores = |e: &Evaluator| -> Vec<i32> {
            (0..40)
                .map(|seed| {
                    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
                    play(&mut OneStep(Lookahead::new(e)), &mut dice)
                        .unwrap()
                        .score
                })
                .collect()
        };
        let built_in = scores(&evaluator("lookahead"));
        assert_eq!(
            built_in,
            scores(&evaluator("lookahead:data/solitaire-lookahead.csv"))
        );
        assert_ne!(
            built_in,
            scores(&evaluator("lookahead:data/solitaire-tuned.csv"))
        );
    }

    #[test]
    fn heuristic_alone_plays_the_shipped_tuned_file() {
        use super::super::heuristic::Heuristic;
        use super::super::play::play;
        let evaluator = |spec: &str| match spec.parse::<PolicySpec>().unwrap() {
            PolicySpec::Heuristic { evaluator, .. } => evaluator,
            other => panic!("{other} is not a heuristic"),
        };
        let built_in = evaluator("heuristic");
        let file = evaluator("heuristic:data/solitaire-tuned.csv");
        let other = evaluator("heuristic:data/solitaire-best.csv");
        let scores = |e: &Evaluator| -> Vec<i32> {
            (0..300)
                .map(|seed| {
                    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
                    play(&mut OneStep(Heuristic::new(e)), &mut dice)
                        .unwrap()
                        .score
                })
                .collect()
        };
        assert_eq!(scores(&built_in), scores(&file));
        // The comparison can fail: other weights play other games.
        assert_ne!(scores(&built_in), scores(&other));
    }
}
