//! `advise`'s position flags: one per key any game's advisor reads, built from the advisors' own
//! tables at run time, so a new game's keys need nothing here.

use clap::Args;

use crate::games;

/// The position flags of `advise`: the union of every game's position keys, from the
/// registry, so a new game's keys need nothing here; each game refuses the keys it does not
/// take.
#[derive(Debug, Default)]
pub struct PositionArgs {
    /// The flags given, as key and text, in the registry's order.
    pub given: Vec<(String, String)>,
}

/// Every position key of every game, once, with the games' meanings joined (games that mean
/// the same by a key named together).
fn position_keys() -> Vec<(&'static str, &'static str, String)> {
    /// A key's meanings, each with the games that mean it.
    type Meanings = Vec<(Vec<&'static str>, &'static str)>;
    let mut keys: Vec<(&'static str, &'static str, Meanings)> = Vec::new();
    for game in games::all() {
        let Some(advisor) = game.advisor() else {
            continue;
        };
        for key in advisor.keys() {
            let entry = match keys.iter_mut().position(|(k, _, _)| *k == key.key) {
                Some(i) => &mut keys[i],
                None => {
                    keys.push((key.key, key.syntax, Vec::new()));
                    keys.last_mut().expect("just pushed")
                }
            };
            match entry.2.iter_mut().find(|(_, m)| *m == key.meaning) {
                Some((names, _)) => names.push(game.name()),
                None => entry.2.push((vec![game.name()], key.meaning)),
            }
        }
    }
    keys.into_iter()
        .map(|(key, syntax, meanings)| {
            let text: Vec<String> = meanings
                .iter()
                .map(|(names, meaning)| format!("{}: {meaning}", names.join(", ")))
                .collect();
            (key, syntax, text.join("; "))
        })
        .collect()
}

impl clap::FromArgMatches for PositionArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let given = position_keys()
            .into_iter()
            .filter_map(|(key, _, _)| {
                matches
                    .get_one::<String>(key)
                    .map(|v| (key.to_string(), v.clone()))
            })
            .collect();
        Ok(Self { given })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for PositionArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        let mut cmd = cmd.next_help_heading("Position");
        for (key, syntax, meaning) in position_keys() {
            cmd = cmd.arg(
                clap::Arg::new(key)
                    .long(key)
                    .value_name(syntax)
                    .help(meaning)
                    .allow_negative_numbers(true),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}
