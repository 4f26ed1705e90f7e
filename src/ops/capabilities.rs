//! What a game can do beyond simulating: advise a position, be played at the terminal, tune its
//! weights, study its decks. Each lookup refuses a game without the capability in one line that
//! names the games with it.

use crate::error::{Error, Result};
use std::path::Path;

use crate::games::advice::{Advice, AdviceRequest, Advisor, Position};
use crate::games::session::{PlayRequest, Playable, Session};
use crate::games::{self, DeckStudy, Game, Tuner};
use crate::input;

/// The names of the games that have a capability, for the refusal of one that has not.
fn games_with(has: impl Fn(&dyn Game) -> bool) -> String {
    games::all()
        .into_iter()
        .filter(|g| has(*g))
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The settings among `rules` (`key=value`) and `policies` that name a file `game` would read
/// from the disk: a [`Values::File`](crate::games::options::Values::File) option (7's
/// `deck=FILE`, its default apart), or a policy form written `NAME:FILE` (`table:FILE`,
/// `heuristic:FILE`). A front
/// end that serves others (`dicelab serve`) refuses them before anything reads a path a client
/// names.
pub fn files_named(
    game: &dyn Game,
    rules: &[String],
    policies: &[String],
) -> Vec<(crate::error::Setting, String)> {
    use crate::games::options::Values;
    // A file option at its default names the game's own file, which any request reads.
    let file_options: Vec<(&str, &str)> = game
        .options()
        .iter()
        .filter(|o| matches!(o.values, Values::File { .. }))
        .map(|o| (o.key, o.default))
        .collect();
    let file_forms: Vec<&str> = game
        .policies()
        .iter()
        .filter_map(|p| p.syntax.strip_suffix(":FILE"))
        .collect();
    let rules = rules
        .iter()
        .filter(|r| {
            let (key, value) = r.split_once('=').unwrap_or((r.as_str(), ""));
            file_options
                .iter()
                .any(|&(k, default)| k == key.trim() && value.trim() != default)
        })
        .map(|r| (crate::error::Setting::RULE, r.clone()));
    let policies = policies
        .iter()
        .filter(|p| {
            p.trim()
                .split_once(':')
                .is_some_and(|(form, _)| file_forms.contains(&form))
        })
        .map(|p| (crate::error::Setting::POLICY, p.clone()));
    rules.chain(policies).collect()
}

/// How `game` is played, in the project's words, as one JSON document: its name, its line, and
/// the rule text as Markdown (headed as the docs head it; `page`: worded for a page, with no
/// command line's flag) and as plain text. What `GET
/// /api/rules/GAME` answers and the browser's `dicelab.rules(game)` gives, from here alone.
pub fn rules_document(game: &dyn Game) -> serde_json::Value {
    let rules = game.info().rules();
    serde_json::json!({
        "name": game.name(),
        "about": game.about(),
        "markdown": games::rulebook::markdown(&rules),
        "page": games::rulebook::page_markdown(&rules),
        "text": games::rulebook::text(&rules),
    })
}

/// `game`'s advisor.
pub fn advisor(game: &dyn Game) -> Result<&dyn Advisor> {
    game.advisor().ok_or_else(|| {
        Error::input(format!(
            "advise {}: only {} can advise a position",
            game.name(),
            games_with(|g| g.advisor().is_some())
        ))
    })
}

/// Every legal action in the position `request` describes, ranked. A solver's own parallel loops
/// (the three-player game's) keep to the request's threads, on a pool of their own.
pub fn advise(game: &dyn Game, request: &AdviceRequest) -> Result<Advice> {
    let advisor = advisor(game)?;
    let pool = crate::engine::thread_pool(request.run.threads, None)?;
    pool.install(|| advisor.advise(request))
}

/// The position a position file (JSON) describes, with the keys `given` apart from it taking
/// their place. Only read: the file is never written.
pub fn position_file(path: &Path, given: Position) -> Result<Position> {
    let what = format!("position {}", path.display());
    let text = input::read_text(&what, path)?;
    Position::from_json(&what, &text, given)
}

/// `game` at the terminal.
pub fn playable(game: &dyn Game) -> Result<&dyn Playable> {
    game.playable().ok_or_else(|| {
        Error::input(format!(
            "play {}: only {} can be played against dicelab's players",
            game.name(),
            games_with(|g| g.playable().is_some())
        ))
    })
}

/// A new game of `game` as `request` asks, dealt and ready for the person's first decision.
pub fn session(game: &dyn Game, request: &PlayRequest) -> Result<Box<dyn Session>> {
    playable(game)?.session(request)
}

/// `game`'s tuner.
pub fn tuner(game: &dyn Game) -> Result<&dyn Tuner> {
    game.tuner().ok_or_else(|| {
        Error::input(format!(
            "tune {}: only {} has weights to tune",
            game.name(),
            games_with(|g| g.tuner().is_some())
        ))
    })
}

/// `game`'s study of decks.
pub fn deck_study(game: &dyn Game) -> Result<&dyn DeckStudy> {
    game.deck_study().ok_or_else(|| {
        Error::input(format!(
            "decks {}: only {} is played with a deck",
            game.name(),
            games_with(|g| g.deck_study().is_some())
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_named_finds_every_rule_and_policy_that_names_a_file_and_nothing_else() {
        let names = |game: &str, rules: &[&str], policies: &[&str]| {
            let own = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
            files_named(
                crate::games::find(game).unwrap(),
                &own(rules),
                &own(policies),
            )
            .into_iter()
            .map(|(setting, value)| format!("{} {value}", setting.key()))
            .collect::<Vec<_>>()
        };
        assert_eq!(
            names(
                "sieben",
                &["deck=/etc/passwd", "pay=5/3/1"],
                &["lookahead:2"]
            ),
            ["rule deck=/etc/passwd"]
        );
        assert_eq!(
            names(
                "sevens",
                &["max_rolls=2"],
                &["table:x.csv", "stop-if:score>9", "win"]
            ),
            ["policy table:x.csv"]
        );
        assert_eq!(
            names(
                "solitaire-dice",
                &[],
                &["heuristic:w.csv", " lookahead:w.csv", "lookahead"]
            ),
            ["policy heuristic:w.csv", "policy  lookahead:w.csv"]
        );
        assert!(names("sequences", &["target=50"], &["forced"]).is_empty());
    }
}
