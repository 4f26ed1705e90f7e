//! What `dicelab rules GAME` and `dicelab policies GAME` print: a game's rules (its rulebook and
//! rule options) and policy specs, read from the same tables its parsers use ([`crate::games::options::OptionSpec`],
//! [`crate::games::PolicyDoc`]), so a listing cannot drift from what the game accepts.

use crate::games::{Game, Setup};

/// Lines of `text` at most `width` characters (longer words stand alone), each after `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    crate::games::rulebook::wrap(text, width + indent.len(), indent, indent)
}

/// The rules of `game` ([`crate::games::rulebook::text`]): how to play, every rule option with
/// its values and default, our reading of the gaps and the rule texts' worked examples.
pub(crate) fn rules_text(game: &dyn Game) -> String {
    crate::games::rulebook::text(&game.info().rules())
}

/// Every policy spec `game` takes, marking the one it plays when given none, and how many
/// players it takes.
pub(crate) fn policies_text(game: &dyn Game) -> String {
    let players = game.players();
    let default = game
        .configure(&Setup {
            players: players.min,
            ..Setup::default()
        })
        .ok()
        .and_then(|c| c.setup().policies.first().cloned());
    let mut out = wrap(&format!("{}: {}", game.name(), game.about()), 78, "");
    out.push('\n');
    let count = if players.max > players.min {
        format!("{} to {}", players.min, players.max)
    } else {
        players.min.to_string()
    };
    let compared = if players.min == 1 {
        "; with one player, several are compared on the same chance"
    } else {
        ""
    };
    out.push_str(&wrap(
        &format!(
            "Players: {count} (--players). Policies (--policy SPEC, repeatable: one for every \
             seat, one per seat, or a count that divides the players{compared}):"
        ),
        78,
        "",
    ));
    out.push('\n');
    for p in game.policies() {
        let mark = if default.as_deref() == Some(p.syntax) {
            " (default)"
        } else {
            ""
        };
        out.push_str(&format!("{}{mark}\n", p.syntax));
        out.push_str(&wrap(p.meaning, 74, "    "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GAMES;

    #[test]
    fn every_option_and_policy_is_listed_with_its_default() {
        for game in GAMES {
            let rules = rules_text(*game);
            for o in game.options() {
                assert!(
                    rules.contains(&format!("{}={}", o.key, o.default)),
                    "{game:?}: {rules}"
                );
            }
            let policies = policies_text(*game);
            for p in game.policies() {
                assert!(policies.contains(p.syntax), "{game:?}: {policies}");
            }
            assert_eq!(policies.matches("(default)").count(), 1, "{policies}");
        }
    }

    #[test]
    fn long_meanings_wrap_under_their_key() {
        let text = wrap("one two three four five", 9, "  ");
        assert_eq!(text, "  one two\n  three\n  four five\n");
    }
}
