//! Rule options given as `key=value`, and the options several games share.
//!
//! Each game declares its options as a table of [`OptionSpec`]s: key, allowed values, default and
//! meaning. The same table checks a user's `key=value` strings (so every game reports unknown
//! keys, repeated keys and bad values the same way), converts the values for the game's rules,
//! lists the options for a user, and renders the full option set for a report's `rules` column.

use crate::error::{Error, Message, Result, Setting};
use crate::games::analysis::Cell;

/// What values an option takes.
#[derive(Clone, Copy, Debug)]
pub enum Values {
    /// One of these names (the first is listed first in messages).
    OneOf(&'static [&'static str]),
    /// A whole number in this range.
    Whole {
        /// Smallest allowed.
        min: u32,
        /// Largest allowed.
        max: u32,
    },
    /// A whole number in this range or the one word `name` (`off`, `auto`): an option whose
    /// text value is a number but which can also be switched off.
    WholeOr {
        /// Smallest allowed.
        min: u32,
        /// Largest allowed.
        max: u32,
        /// The word allowed beside the numbers.
        name: &'static str,
    },
    /// A whole number, possibly negative, in this range (a penalty such as -200).
    Integer {
        /// Smallest allowed.
        min: i32,
        /// Largest allowed.
        max: i32,
    },
    /// Free text the game checks with `valid`, described by `expected`.
    Text {
        /// What is allowed, for messages and listings.
        expected: &'static str,
        /// Whether a value is allowed.
        valid: fn(&str) -> bool,
    },
    /// A path to a file the game reads when its rules are configured (7's `deck`), checked with
    /// `valid` and described by `expected`. Told apart from [`Values::Text`] so that a front end
    /// serving others (`dicelab serve`) can refuse a path a client names before anything reads
    /// it.
    File {
        /// What is allowed, for messages and listings.
        expected: &'static str,
        /// Whether a value is allowed.
        valid: fn(&str) -> bool,
    },
}

impl Values {
    /// What is allowed, in words: "pairs or subsets", "a whole number from 1 to 12".
    pub fn expected(&self) -> String {
        match *self {
            Values::OneOf(names) => match names {
                [] => String::new(),
                [one] => (*one).to_string(),
                [init @ .., last] => format!("{} or {last}", init.join(", ")),
            },
            Values::Whole { min, max } => format!("a whole number from {min} to {max}"),
            Values::WholeOr { min, max, name } => {
                format!("a whole number from {min} to {max}, or {name}")
            }
            Values::Integer { min, max } => format!("a whole number from {min} to {max}"),
            Values::Text { expected, .. } | Values::File { expected, .. } => expected.to_string(),
        }
    }

    /// A value as a typed cell: a number as a whole number (`3`, `-200`), a word (`off`,
    /// `pairs`, a deck's path) as text, each in its one written form. A table of a sweep types
    /// its rule columns so, and a program reading it gets numbers where the rule takes numbers.
    pub fn cell(&self, value: &str) -> Cell {
        let written = self.canonical(value).unwrap_or_else(|| value.to_string());
        match (self.range(), written.parse::<i128>()) {
            (Some(_), Ok(number)) => Cell::Int(number),
            _ => Cell::Text(written),
        }
    }

    /// The numbers allowed, `(min, max)`, for a value that is a number.
    fn range(&self) -> Option<(i128, i128)> {
        match *self {
            Values::Whole { min, max } | Values::WholeOr { min, max, .. } => {
                Some((min.into(), max.into()))
            }
            Values::Integer { min, max } => Some((min.into(), max.into())),
            Values::OneOf(_) | Values::Text { .. } | Values::File { .. } => None,
        }
    }

    /// The value in its one written form (numbers without sign or leading zeros), or `None` if
    /// it is not allowed.
    fn canonical(&self, value: &str) -> Option<String> {
        match *self {
            Values::OneOf(names) => names.contains(&value).then(|| value.to_string()),
            Values::Whole { min, max } => crate::number::parse_whole(value)
                .ok()
                .filter(|v| (u64::from(min)..=u64::from(max)).contains(v))
                .map(|v| v.to_string()),
            Values::WholeOr { min, max, name } => {
                if value == name {
                    Some(value.to_string())
                } else {
                    Values::Whole { min, max }.canonical(value)
                }
            }
            Values::Integer { min, max } => {
                let (negative, digits) = match value.trim().strip_prefix('-') {
                    Some(rest) => (true, rest),
                    None => (false, value),
                };
                let magnitude = crate::number::parse_whole(digits).ok()?;
                let v = i64::try_from(magnitude).ok()?;
                let v = if negative { -v } else { v };
                (i64::from(min)..=i64::from(max))
                    .contains(&v)
                    .then(|| v.to_string())
            }
            Values::Text { valid, .. } | Values::File { valid, .. } => {
                valid(value).then(|| value.to_string())
            }
        }
    }
}

/// One rule option a game understands.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key, as typed before `=`.
    pub key: &'static str,
    /// The values allowed.
    pub values: Values,
    /// The default value, as typed.
    pub default: &'static str,
    /// What the option decides, for listings and documentation.
    pub meaning: &'static str,
    /// Left out of the rules a run records ([`RuleOptions::pairs`]) while at its default. The
    /// options that give every number of the rule texts are quiet: the rules column of a run
    /// under the texts' numbers reads as it did before they existed, and a house rule shows as
    /// exactly what differs.
    pub quiet: bool,
    /// Which runs the option changes anything in: a run it does not leave it out of its printed
    /// heading ([`RuleOptions::pairs`] and the `rules` column still record every option).
    pub matters: Matters,
}

impl OptionSpec {
    /// A quiet whole-number option from 0 to `max`: one of a rule text's numbers (a point value,
    /// a sum's worth), recorded only when a house rule changes it.
    pub const fn quiet_whole(
        key: &'static str,
        max: u32,
        default: &'static str,
        meaning: &'static str,
    ) -> Self {
        Self {
            key,
            values: Values::Whole { min: 0, max },
            default,
            meaning,
            quiet: true,
            matters: Matters::ALWAYS,
        }
    }

    /// The option with `matters` saying which runs it changes anything in.
    pub const fn matters(self, matters: Matters) -> Self {
        Self { matters, ..self }
    }
}

/// Which runs an option changes anything in, so a run's printed heading can leave out what did
/// not matter to it (a single turn of Sevens has no rounds and no ties to decide).
#[derive(Clone, Copy, Debug)]
pub struct Matters {
    /// The fewest players for whom the option changes anything: 1 for an option every run
    /// reads, 2 for one that only a game of several players reads (who starts a round, how a
    /// tie is decided).
    pub from_players: u32,
    /// The policy forms (a spec's part before any `:`) that read the option in a run of any
    /// player count: Sevens' `leader` weighs the followers' roll limit and the tie rule even in
    /// a single turn.
    pub for_policies: &'static [&'static str],
}

impl Matters {
    /// An option every run reads.
    pub const ALWAYS: Matters = Matters {
        from_players: 1,
        for_policies: &[],
    };

    /// An option only a game of two or more players reads.
    pub const IN_GAMES: Matters = Matters {
        from_players: 2,
        for_policies: &[],
    };

    /// An option a game of two or more players reads, and a run with one of `policies` too.
    pub const fn in_games_or(policies: &'static [&'static str]) -> Matters {
        Matters {
            from_players: 2,
            for_policies: policies,
        }
    }

    /// Whether the option changes anything in a run of `players` players with the policy
    /// specs `policies`.
    pub fn to_run(&self, players: u32, policies: &[String]) -> bool {
        players >= self.from_players
            || policies.iter().any(|p| {
                let form = p.split_once(':').map_or(p.as_str(), |(form, _)| form);
                self.for_policies.contains(&form.trim())
            })
    }
}

/// A game's options with the user's overrides applied and checked, in the game's declared order.
#[derive(Clone, Debug)]
pub struct RuleOptions {
    game: &'static str,
    values: Vec<(OptionSpec, String)>,
}

impl RuleOptions {
    /// Applies `overrides` (each `key=value`) to the defaults of `specs` and checks every value
    /// against its spec.
    pub fn parse(game: &'static str, specs: &[OptionSpec], overrides: &[String]) -> Result<Self> {
        Self::parse_from(
            &Message::default().setting(Setting::RULE),
            game,
            specs,
            overrides,
        )
    }

    /// [`RuleOptions::parse`] for overrides that came from `source` (the rule setting, or a
    /// file's "rules" column), which messages name.
    pub fn parse_from(
        source: &Message,
        game: &'static str,
        specs: &[OptionSpec],
        overrides: &[String],
    ) -> Result<Self> {
        let mut values: Vec<(OptionSpec, String)> =
            specs.iter().map(|s| (*s, s.default.to_string())).collect();
        // Each key given so far, with the override that gave it: a repeated key quotes both.
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for raw in overrides {
            let (key, value) = raw.split_once('=').ok_or_else(|| {
                Error::input(
                    source
                        .clone()
                        .text(format!(" '{raw}': expected key=value, e.g. wipe_ones=3")),
                )
            })?;
            let (key, value) = (key.trim(), value.trim());
            let slot = values
                .iter_mut()
                .find(|(s, _)| s.key == key)
                .ok_or_else(|| {
                    let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
                    Error::input(source.clone().text(format!(
                        " '{raw}': unknown rule option '{key}' for {game}{}expected one of: {}",
                        super::suggest::did_you_mean(key, &keys),
                        if keys.is_empty() {
                            "(none)".to_string()
                        } else {
                            keys.join(", ")
                        }
                    )))
                })?;
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(Error::input(source.clone().text(format!(
                    " '{first}' and '{raw}': rule option '{key}' is given twice; expected each \
                     option once"
                ))));
            }
            seen.push((slot.0.key, raw));
            slot.1 = value.to_string();
        }
        for (spec, value) in &mut values {
            *value = spec.values.canonical(value).ok_or_else(|| {
                let message = format!(
                    "rule option {} for {game}: expected {}, found '{value}'",
                    spec.key,
                    spec.values.expected()
                );
                // A number outside the range keeps its limits as data; a word is just wrong.
                let number = crate::number::is_number_like(value.trim().trim_start_matches('-'));
                match spec.values.range().filter(|_| number) {
                    Some(range) => Error::out_of_range(
                        Setting::RULE,
                        format!("{}={value}", spec.key),
                        range,
                        message,
                    ),
                    None => Error::input(message),
                }
            })?;
        }
        Ok(Self { game, values })
    }

    /// The value of `key` (which must be one of the game's options).
    fn value(&self, key: &str) -> (&OptionSpec, &str) {
        self.values
            .iter()
            .find(|(s, _)| s.key == key)
            .map(|(s, v)| (s, v.as_str()))
            .unwrap_or_else(|| panic!("{} declares no option {key}", self.game))
    }

    /// The value of a [`Values::OneOf`] option as one of `choices`, which are listed in the
    /// order of the spec's names.
    pub fn one_of<T: Copy>(&self, key: &str, choices: &[T]) -> T {
        let (spec, value) = self.value(key);
        let Values::OneOf(names) = spec.values else {
            panic!("{} option {key} is not a choice of names", self.game)
        };
        assert_eq!(names.len(), choices.len(), "{key}: a choice per name");
        let i = names.iter().position(|n| *n == value).expect("checked");
        choices[i]
    }

    /// The value of a [`Values::Whole`] option.
    pub fn whole(&self, key: &str) -> u32 {
        self.value(key).1.parse().expect("checked")
    }

    /// The value of a [`Values::WholeOr`] option: the number, or `None` for its word.
    pub fn whole_or(&self, key: &str) -> Option<u32> {
        self.value(key).1.parse().ok()
    }

    /// The value of a [`Values::Integer`] option.
    pub fn integer(&self, key: &str) -> i32 {
        self.value(key).1.parse().expect("checked")
    }

    /// Whether every option has its default value.
    pub fn all_default(&self) -> bool {
        self.values
            .iter()
            .all(|(s, v)| s.values.canonical(s.default).as_ref() == Some(v))
    }

    /// The value of a [`Values::Text`] or [`Values::File`] option.
    pub fn text(&self, key: &str) -> &str {
        self.value(key).1
    }

    /// Every option as `key=value`, in declared order, leaving out quiet options at their
    /// default: what configures the same rules again.
    pub fn pairs(&self) -> Vec<String> {
        self.values
            .iter()
            .filter(|(s, v)| !(s.quiet && s.values.canonical(s.default).as_ref() == Some(v)))
            .map(|(s, v)| format!("{}={v}", s.key))
            .collect()
    }

    /// Every option as `key=value`, joined by `;`, for the `rules` column.
    pub fn render(&self) -> String {
        self.pairs().join(";")
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

/// Who starts each round of a game played in rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstPlayer {
    /// The start passes one seat on each round.
    Rotate,
    /// The same seat starts every round.
    Fixed,
}

impl FirstPlayer {
    /// The option `first_player`, default `rotate`.
    pub const OPTION: OptionSpec = OptionSpec {
        key: "first_player",
        values: Values::OneOf(&["rotate", "fixed"]),
        default: "rotate",
        meaning: "rotate: the start passes one seat on each round; fixed: the same seat starts \
                  every round",
        quiet: false,
        matters: Matters::IN_GAMES,
    };

    /// The values, in the order of [`FirstPlayer::OPTION`]'s names.
    pub const ALL: [FirstPlayer; 2] = [FirstPlayer::Rotate, FirstPlayer::Fixed];
}

/// How a game whose leaders are tied at the end is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tie {
    /// Every tied leader wins.
    Shared,
    /// Extra rounds until one leads (each game says which players play them).
    Playoff,
}

impl Tie {
    /// The values, in the order of the names of [`Tie::option`].
    pub const ALL: [Tie; 2] = [Tie::Shared, Tie::Playoff];

    /// The option `tie` with the game's default and its reading of a play-off.
    pub const fn option(default: Tie, meaning: &'static str) -> OptionSpec {
        OptionSpec {
            key: "tie",
            values: Values::OneOf(&["shared", "playoff"]),
            default: match default {
                Tie::Shared => "shared",
                Tie::Playoff => "playoff",
            },
            meaning,
            quiet: false,
            matters: Matters::IN_GAMES,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "a",
            values: Values::Whole { min: 1, max: 2 },
            default: "1",
            meaning: "a number",
            quiet: false,
            matters: Matters::ALWAYS,
        },
        OptionSpec {
            key: "b",
            values: Values::OneOf(&["x", "y"]),
            default: "x",
            meaning: "a letter",
            quiet: false,
            matters: Matters::ALWAYS,
        },
        OptionSpec {
            key: "c",
            values: Values::Text {
                expected: "a word without ';'",
                valid: |v| !v.is_empty() && !v.contains(';'),
            },
            default: "word",
            meaning: "a word",
            quiet: false,
            matters: Matters::ALWAYS,
        },
    ];

    fn parse(overrides: &[&str]) -> Result<RuleOptions> {
        let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        RuleOptions::parse("demo", SPECS, &o)
    }

    #[test]
    fn defaults_and_overrides_render_in_declared_order() {
        assert_eq!(parse(&[]).unwrap().render(), "a=1;b=x;c=word");
        assert_eq!(
            parse(&["b=y", "a = 2", "c=other"]).unwrap().render(),
            "a=2;b=y;c=other"
        );
        assert_eq!(split_rules("a=2;b=y"), vec!["a=2", "b=y"]);
        // Numbers have one written form, so equal rules render equal.
        assert_eq!(parse(&["a=+02"]).unwrap().render(), "a=2;b=x;c=word");
    }

    #[test]
    fn values_convert_through_the_same_table() {
        let opts = parse(&["b=y", "a=2"]).unwrap();
        assert_eq!(opts.one_of("b", &[10, 20]), 20);
        assert_eq!(opts.whole("a"), 2);
        assert_eq!(opts.text("c"), "word");
    }

    #[test]
    fn bad_overrides_are_named() {
        let e = parse(&["d=1"]).unwrap_err().to_string();
        assert!(
            e.contains("unknown rule option 'd'") && e.contains("a, b, c"),
            "{e}"
        );
        let e = parse(&["a"]).unwrap_err().to_string();
        assert!(e.contains("expected key=value"), "{e}");
        // Both are quoted, however each is spelt.
        let e = parse(&["a=1", "b=x", " a = 2"]).unwrap_err().to_string();
        assert_eq!(
            e,
            "rule 'a=1' and ' a = 2': rule option 'a' is given twice; expected each option once"
        );
        let e = parse(&["b=z"]).unwrap_err().to_string();
        assert_eq!(e, "rule option b for demo: expected x or y, found 'z'");
        let e = parse(&["a=7"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "rule option a for demo: expected a whole number from 1 to 2, found '7'"
        );
        // A number passes a limit a caller can read; a word passes none.
        assert_eq!(e.range(), Some((1, 2)));
        assert_eq!(parse(&["a=two"]).unwrap_err().range(), None);
        assert_eq!(parse(&["b=z"]).unwrap_err().range(), None);
        let e = parse(&["c=a;b"]).unwrap_err().to_string();
        assert_eq!(
            e,
            "rule option c for demo: expected a word without ';', found 'a;b'"
        );
    }

    const NUMBERS: &[OptionSpec] = &[
        OptionSpec {
            key: "wipe",
            values: Values::WholeOr {
                min: 1,
                max: 6,
                name: "off",
            },
            default: "4",
            meaning: "a count or off",
            quiet: false,
            matters: Matters::ALWAYS,
        },
        OptionSpec {
            key: "penalty",
            values: Values::Integer {
                min: -1000,
                max: 1000,
            },
            default: "-200",
            meaning: "a signed number",
            quiet: true,
            matters: Matters::ALWAYS,
        },
    ];

    fn numbers(overrides: &[&str]) -> Result<RuleOptions> {
        let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        RuleOptions::parse("demo", NUMBERS, &o)
    }

    #[test]
    fn a_quiet_option_is_recorded_only_when_it_differs_from_the_text() {
        let o = numbers(&[]).unwrap();
        assert_eq!(o.render(), "wipe=4");
        assert!(o.all_default());
        // Written as the default in another form, it is still the default.
        let o = numbers(&["penalty=-0200"]).unwrap();
        assert_eq!(o.render(), "wipe=4");
        assert!(o.all_default());
        let o = numbers(&["penalty=+150", "wipe=off"]).unwrap();
        assert_eq!(o.render(), "wipe=off;penalty=150");
        assert!(!o.all_default());
        assert_eq!(o.integer("penalty"), 150);
        assert_eq!(o.whole_or("wipe"), None);
        assert_eq!(numbers(&["wipe=06"]).unwrap().whole_or("wipe"), Some(6));
    }

    #[test]
    fn numbers_or_words_and_signed_numbers_refuse_what_is_out_of_range() {
        for bad in ["wipe=0", "wipe=7", "wipe=of", "wipe=-1", "wipe=2.5"] {
            let e = numbers(&[bad]).unwrap_err().to_string();
            assert!(
                e.contains("expected a whole number from 1 to 6, or off"),
                "{bad}: {e}"
            );
        }
        for bad in [
            "penalty=-1001",
            "penalty=1001",
            "penalty=--5",
            "penalty=x",
            "penalty=-",
        ] {
            let e = numbers(&[bad]).unwrap_err().to_string();
            assert!(
                e.contains("expected a whole number from -1000 to 1000"),
                "{bad}: {e}"
            );
        }
        assert_eq!(
            numbers(&["penalty=-1000"]).unwrap().integer("penalty"),
            -1000
        );
    }

    #[test]
    fn the_shared_options_list_their_values_in_their_enums_order() {
        let specs = [FirstPlayer::OPTION, Tie::option(Tie::Playoff, "")];
        let opts = RuleOptions::parse(
            "demo",
            &specs,
            &["first_player=fixed".to_string(), "tie=shared".to_string()],
        )
        .unwrap();
        assert_eq!(
            opts.one_of("first_player", &FirstPlayer::ALL),
            FirstPlayer::Fixed
        );
        assert_eq!(opts.one_of("tie", &Tie::ALL), Tie::Shared);
        let opts = RuleOptions::parse("demo", &specs, &[]).unwrap();
        assert_eq!(opts.render(), "first_player=rotate;tie=playoff");
    }
}
