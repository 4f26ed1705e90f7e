//! What a shell's completion offers for `--policy` and `--rule`: every built-in policy spec and
//! every rule option as `key=value` of every game, read from the registry's tables (the ones the
//! parsers use), instead of file names. The values are offered, not enforced: a spec or rule is
//! checked by its game, which names what it takes, so `threshold:15,10` or `target=80` (any
//! number) stays possible, and `--help` does not list them.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};

use crate::games::{self, options::Values};

/// A value taken as typed, for which completion offers the candidates the function gives:
/// `Offered(policy_candidates)` for `--policy`, `Offered(rule_candidates)` for `--rule`.
#[derive(Clone, Copy, Debug)]
pub struct Offered(pub fn() -> Vec<String>);

/// Every policy a shell offers: a form without an argument as it is (`optimal`), one with an
/// argument by its example where that is one word (`rolls:2`, `table:data/sevens-policy.csv`),
/// else by its form and colon (`stop-if:`). In registry order, once each.
pub fn policy_candidates() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for game in games::all() {
        for p in game.policies() {
            let offered = match p.syntax.split_once(':') {
                None => p.syntax.to_string(),
                Some(_) if !p.example.contains(char::is_whitespace) => p.example.to_string(),
                Some((form, _)) => format!("{form}:"),
            };
            if !out.contains(&offered) {
                out.push(offered);
            }
        }
    }
    out
}

/// Every rule a shell offers: each option of each game with each of its named values
/// (`removal=pairs`, `removal=subsets`), or with its default where it takes a number or a file
/// (`max_rolls=3`, `deck=data/sieben-deck.csv`). In registry order, once each.
pub fn rule_candidates() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for game in games::all() {
        for o in game.options() {
            let values: Vec<&str> = match o.values {
                Values::OneOf(names) => names.to_vec(),
                _ => vec![o.default],
            };
            for v in values {
                let offered = format!("{}={v}", o.key);
                if !out.contains(&offered) {
                    out.push(offered);
                }
            }
        }
    }
    out
}

/// The text of a value as typed (the command line's words are checked as UTF-8 before parsing).
fn as_typed(value: &OsStr) -> String {
    value.to_string_lossy().into_owned()
}

impl TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        _: &clap::Command,
        _: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        Ok(as_typed(value))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter().map(PossibleValue::new)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_policy_and_rule_is_offered_once() {
        let policies = policy_candidates();
        for p in [
            "optimal",
            "rolls:2",
            "threshold:15,10",
            "stop-if:",
            "table:data/sevens-policy.csv",
            "seven-first",
            "greedy",
            "best",
            "forced",
        ] {
            assert!(policies.iter().any(|c| c == p), "{p}: {policies:?}");
        }
        let rules = rule_candidates();
        for r in [
            "removal=pairs",
            "removal=subsets",
            "max_rolls=3",
            "wipe_ones=4",
            "finish=empty",
            "tie=shared",
            "tie=playoff",
        ] {
            assert!(rules.iter().any(|c| c == r), "{r}: {rules:?}");
        }
        for list in [&policies, &rules] {
            let mut sorted = list.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), list.len(), "offered twice: {list:?}");
            assert!(list.iter().all(|c| !c.contains(char::is_whitespace)));
        }
    }

    /// Offering values checks none: a spec or rule the lists do not hold is the game's to judge.
    #[test]
    fn any_value_is_taken_as_typed() {
        let command = clap::Command::new("x");
        for value in ["threshold:12,9", "target=80", "nonsense"] {
            for offered in [Offered(policy_candidates), Offered(rule_candidates)] {
                let parsed = offered.parse_ref(&command, None, OsStr::new(value));
                assert_eq!(parsed.unwrap(), value);
            }
        }
    }
}
