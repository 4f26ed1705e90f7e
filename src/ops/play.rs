//! A game against the built-in players, played up to the person's pending decision by the moves
//! made so far ([`replay`]). A front end that cannot hold a game between two requests (the web
//! app's Play page) keeps the seed and the moves and asks again after each move: the same seed,
//! rules and moves always deal and play the same game, so the server holds nothing between
//! requests (nothing to expire, nothing that grows with its visitors), and a game survives the
//! server's restart.
//!
//! ```
//! use dicelab::games::session::PlayRequest;
//! let sevens = dicelab::find("sevens").unwrap();
//! let request = PlayRequest { players: Some(2), seed: 7, ..PlayRequest::default() };
//! let start = dicelab::ops::replay(sevens, &request, &[], dicelab::ops::Asks::default()).unwrap();
//! let first = start.decision.expect("the person decides");
//! // The person takes the first action listed; the game goes on to the next decision.
//! let after = dicelab::ops::replay(sevens, &request, &[0], dicelab::ops::Asks::default()).unwrap();
//! assert!(after.log.starts_with(&start.log));
//! assert!(!first.actions.is_empty());
//! ```

use crate::error::{Error, Result, Setting};
use crate::games::Game;
use crate::games::advice::Advice;
use crate::games::review::record::GameRecord;
use crate::games::session::{Cost, Decision, PlayRequest, cost_of};

use super::capabilities::session;

/// The most moves a replay takes: far more than any game has decisions, so a request cannot
/// make the server play on without end.
pub const MAX_MOVES: usize = 10_000;

/// What [`replay`] computes beside the game itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asks {
    /// The coach on the last move: what it cost against the best (`Replayed::last`).
    pub coach: bool,
    /// The advice on the pending decision (`Replayed::advice`).
    pub advice: bool,
}

/// A game played up to the person's pending decision.
#[derive(Debug)]
pub struct Replayed {
    /// What happened, as `dicelab play` tells it at the terminal (without its menus).
    pub log: String,
    /// The decision the person has to make now; `None` once the game is over.
    pub decision: Option<Decision>,
    /// How the game ended, or where it stands.
    pub result: String,
    /// The coach on the last move: its name and what it cost against the best, where asked
    /// and the game's advice values it.
    pub last: Option<(String, Cost)>,
    /// The advice on the pending decision, its rows named as the decision's actions, where
    /// asked.
    pub advice: Option<Advice>,
    /// The game so far as a game record, where the game writes one (what `play --record`
    /// writes).
    pub record: Option<GameRecord>,
}

/// Deals the game `request` asks (its seed, rules, players and the computer seats' policies)
/// and plays it: chance and the computer seats as the game plays them, the person's decisions
/// as `moves` give them, each an index into that decision's actions. A move that is not one of
/// the actions, or a move after the game ended, is refused naming it (`moves[3]`); nothing is
/// computed for a request with more than [`MAX_MOVES`] moves.
pub fn replay(
    game: &dyn Game,
    request: &PlayRequest,
    moves: &[usize],
    asks: Asks,
) -> Result<Replayed> {
    if moves.len() > MAX_MOVES {
        return Err(Error::setting(
            Setting::named("moves"),
            format!(
                "{} given: no game has more than {MAX_MOVES} decisions",
                moves.len()
            ),
        ));
    }
    let mut game_session = session(game, request)?;
    let mut log = Vec::new();
    let mut last = None;
    let mut decision = game_session.next(&mut log)?;
    for (i, &chosen) in moves.iter().enumerate() {
        let setting = || Setting::new(format!("moves[{i}]"));
        let Some(pending) = &decision else {
            return Err(Error::value(
                setting(),
                chosen,
                format!("the game was over after {i} moves"),
            ));
        };
        let Some(name) = pending.actions.get(chosen) else {
            return Err(Error::value(
                setting(),
                chosen,
                format!(
                    "not an action of this decision: it has {} (0 to {})",
                    pending.actions.len(),
                    pending.actions.len() - 1
                ),
            ));
        };
        if asks.coach && i + 1 == moves.len() {
            let advice = game_session.advise()?;
            last = cost_of(&advice, name).map(|cost| (name.clone(), cost));
        }
        game_session.apply(chosen, &mut log)?;
        decision = game_session.next(&mut log)?;
    }
    let advice = match (&decision, asks.advice) {
        (Some(_), true) => Some(game_session.advise()?),
        _ => None,
    };
    Ok(Replayed {
        log: String::from_utf8_lossy(&log).into_owned(),
        decision,
        result: game_session.result(),
        last,
        advice,
        record: game_session.record(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `game` to its end by replays, the person taking the actions a fixed sequence
    /// picks, and returns the moves and the last replay.
    fn played_out(game: &str, request: &PlayRequest) -> (Vec<usize>, Replayed) {
        let name = game;
        let game = crate::games::find(name).unwrap();
        let mut moves = Vec::new();
        loop {
            let now = replay(game, request, &moves, Asks::default()).unwrap();
            let Some(decision) = &now.decision else {
                return (moves, now);
            };
            // A fixed, varied pick: not always the first action, not always the last.
            moves.push((moves.len() * 7 + 3) % decision.actions.len());
            assert!(moves.len() < 500, "{name}: the game does not end");
        }
    }

    #[test]
    fn replaying_every_playable_game_move_by_move_plays_it_to_its_recorded_end() {
        for (game, players) in [
            ("sevens", 2),
            ("sevens", 3),
            ("solitaire-dice", 1),
            ("sieben", 3),
        ] {
            let request = PlayRequest {
                players: Some(players),
                seed: 11,
                ..PlayRequest::default()
            };
            let (moves, end) = played_out(game, &request);
            assert!(!moves.is_empty(), "{game}");
            assert!(end.decision.is_none(), "{game}");
            assert!(
                end.result.contains("game over") || end.result.contains("total"),
                "{game}: {}",
                end.result
            );
            // The record of the game played by replays is a whole game its review accepts.
            let record = end.record.expect("a record");
            // Few play-outs: the test asks that the record is whole, not for close values.
            let few = crate::engine::RunConfig {
                units: Some(20),
                seed: 1,
                ..crate::engine::RunConfig::default()
            };
            let review = crate::ops::review_game_with("the replayed game", &record, &few).unwrap();
            assert_eq!(review.players.len(), players as usize, "{game}");
            // Half the moves again give the same start of the story.
            let half = replay(
                crate::games::find(game).unwrap(),
                &request,
                &moves[..moves.len() / 2],
                Asks::default(),
            )
            .unwrap();
            assert!(end.log.starts_with(&half.log), "{game}");
        }
    }

    #[test]
    fn asking_the_coach_or_the_advice_changes_neither_the_game_nor_its_record() {
        let sevens = crate::games::find("sevens").unwrap();
        let request = PlayRequest {
            players: Some(2),
            seed: 5,
            ..PlayRequest::default()
        };
        let (moves, end) = played_out("sevens", &request);
        let cut = &moves[..moves.len() - 1];
        let plain = replay(sevens, &request, cut, Asks::default()).unwrap();
        let asked = replay(
            sevens,
            &request,
            cut,
            Asks {
                coach: true,
                advice: true,
            },
        )
        .unwrap();
        assert_eq!(plain.log, asked.log);
        assert_eq!(plain.record, asked.record);
        let advice = asked.advice.expect("advice on the pending decision");
        let actions = &asked.decision.expect("pending").actions;
        assert!(advice.rows.iter().all(|r| actions.contains(&r.name)));
        let (name, cost) = asked.last.expect("the coach on the last move");
        assert!(cost.loss.value >= 0.0, "{name}");
        let again = replay(
            sevens,
            &request,
            &moves,
            Asks {
                coach: true,
                advice: true,
            },
        )
        .unwrap();
        assert_eq!(again.log, end.log);
        assert!(again.advice.is_none(), "no advice once the game is over");
    }

    #[test]
    fn a_move_that_is_no_action_or_comes_after_the_end_is_refused_naming_it() {
        let sevens = crate::games::find("sevens").unwrap();
        let request = PlayRequest {
            players: Some(2),
            seed: 5,
            ..PlayRequest::default()
        };
        let error = replay(sevens, &request, &[0, 99], Asks::default()).unwrap_err();
        let text = error.to_string();
        assert!(
            text.starts_with("moves[1] 99: not an action of this decision"),
            "{text}"
        );
        let (mut moves, _) = played_out("sevens", &request);
        moves.push(0);
        let text = replay(sevens, &request, &moves, Asks::default())
            .unwrap_err()
            .to_string();
        assert!(text.contains("the game was over after"), "{text}");
        let many = vec![0; MAX_MOVES + 1];
        let text = replay(sevens, &request, &many, Asks::default())
            .unwrap_err()
            .to_string();
        assert!(text.starts_with("moves: 10001 given"), "{text}");
    }
}
