//! Rule options given as `--rule key=value`.
//!
//! Each game declares its options (name, allowed values, default); this module checks the user's
//! `key=value` strings against that list so every game reports unknown keys, repeated keys and bad
//! values the same way, and renders the full option set for the `rules` column of a report.

use crate::error::{Error, Result};

/// One rule option a game understands.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key, as typed after `--rule`.
    pub key: &'static str,
    /// What values are allowed, for error messages (e.g. "3, 4 or off").
    pub expected: &'static str,
    /// The default value.
    pub default: &'static str,
}

/// A game's options with the user's overrides applied, in the game's declared order.
#[derive(Clone, Debug)]
pub struct RuleOptions {
    game: &'static str,
    values: Vec<(OptionSpec, String)>,
}

impl RuleOptions {
    /// Applies `overrides` (each `key=value`) to the defaults of `specs`.
    pub fn parse(game: &'static str, specs: &[OptionSpec], overrides: &[String]) -> Result<Self> {
        let mut values: Vec<(OptionSpec, String)> =
            specs.iter().map(|s| (*s, s.default.to_string())).collect();
        let mut seen: Vec<&str> = Vec::new();
        for raw in overrides {
            let (key, value) = raw.split_once('=').ok_or_else(|| {
                Error::input(format!(
                    "--rule '{raw}': expected key=value, e.g. wipe_ones=3"
                ))
            })?;
            let (key, value) = (key.trim(), value.trim());
            let slot = values
                .iter_mut()
                .find(|(s, _)| s.key == key)
                .ok_or_else(|| {
                    let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
                    Error::input(format!(
                        "--rule '{raw}': unknown rule option '{key}' for {game}; expected one of: {}",
                        if keys.is_empty() {
                            "(none)".to_string()
                        } else {
                            keys.join(", ")
                        }
                    ))
                })?;
            if seen.contains(&key) {
                return Err(Error::input(format!(
                    "--rule '{raw}': rule option '{key}' is given more than once"
                )));
            }
            seen.push(slot.0.key);
            slot.1 = value.to_string();
        }
        Ok(Self { game, values })
    }

    /// The value of `key` (which must be one of the game's options).
    pub fn raw(&self, key: &str) -> &str {
        self.values
            .iter()
            .find(|(s, _)| s.key == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("{} declares no option {key}", self.game))
    }

    /// The value of `key` converted by `parse`; a failure names the option and what it allows.
    pub fn get<T>(&self, key: &str, parse: impl FnOnce(&str) -> Option<T>) -> Result<T> {
        let value = self.raw(key);
        parse(value).ok_or_else(|| {
            let spec = self.values.iter().find(|(s, _)| s.key == key).unwrap().0;
            Error::input(format!(
                "rule option {key} for {}: expected {}, found '{value}'",
                self.game, spec.expected
            ))
        })
    }

    /// The value of `key` looked up among named `choices` (e.g. `("pairs", Removal::Pairs)`).
    pub fn choice<T: Copy>(&self, key: &str, choices: &[(&str, T)]) -> Result<T> {
        self.get(key, |v| {
            choices.iter().find(|(name, _)| *name == v).map(|&(_, t)| t)
        })
    }

    /// Every option as `key=value`, joined by `;`, for the `rules` column.
    pub fn render(&self) -> String {
        self.values
            .iter()
            .map(|(s, v)| format!("{}={v}", s.key))
            .collect::<Vec<_>>()
            .join(";")
    }
}

/// Splits a `rules` string (`key=value;key=value`) back into override strings.
pub fn split_rules(rules: &str) -> Vec<String> {
    rules
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "a",
            expected: "1 or 2",
            default: "1",
        },
        OptionSpec {
            key: "b",
            expected: "x or y",
            default: "x",
        },
    ];

    fn parse(overrides: &[&str]) -> Result<RuleOptions> {
        let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        RuleOptions::parse("demo", SPECS, &o)
    }

    #[test]
    fn defaults_and_overrides_render_in_declared_order() {
        assert_eq!(parse(&[]).unwrap().render(), "a=1;b=x");
        assert_eq!(parse(&["b=y", "a = 2"]).unwrap().render(), "a=2;b=y");
        assert_eq!(split_rules("a=2;b=y"), vec!["a=2", "b=y"]);
    }

    #[test]
    fn bad_overrides_are_named() {
        let e = parse(&["c=1"]).unwrap_err().to_string();
        assert!(
            e.contains("unknown rule option 'c'") && e.contains("a, b"),
            "{e}"
        );
        let e = parse(&["a"]).unwrap_err().to_string();
        assert!(e.contains("expected key=value"), "{e}");
        let e = parse(&["a=1", "a=2"]).unwrap_err().to_string();
        assert!(e.contains("more than once"), "{e}");
        let opts = parse(&["b=y"]).unwrap();
        assert_eq!(opts.choice("b", &[("x", 1), ("y", 2)]).unwrap(), 2);
        let e = opts.choice("b", &[("x", 1)]).unwrap_err().to_string();
        assert_eq!(e, "rule option b for demo: expected x or y, found 'y'");
        let opts = parse(&["a=7"]).unwrap();
        let e = opts
            .get("a", |v| matches!(v, "1" | "2").then_some(()))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "rule option a for demo: expected 1 or 2, found '7'");
    }
}
