use super::*;
use crate::games::review::{Action, Event, Moment, ledgers};

/// A small game: a throw, then a decision (the best chosen or not).
fn game(k: usize) -> GameReview {
    let seats = vec!["Ann".to_string(), "Bob \"the\nsecond\"".to_string()];
    let action = |name: &str, me: f64, points| Action {
        name: name.into(),
        chances: vec![me, 1.0 - me],
        points,
        win: None,
        zero: Some(0.0),
        estimate: None,
        beat: None,
        held: None,
    };
    let moment = |event| Moment {
        round: "round 1".into(),
        seat: 0,
        throw: 1,
        position: "level".into(),
        event,
        at: Default::default(),
    };
    let moments = vec![
        moment(Event::Throw {
            dice: vec![6, 5, 1],
            left: "removed 6+1; kept 5 = 5".into(),
            before: vec![0.5, 0.5],
            after: vec![0.6, 0.4],
        }),
        moment(Event::Decision {
            actions: vec![action("stop", 0.6, 5.0), action("roll", 0.55, 3.5)],
            chosen: k % 2,
            best: 0,
            loss_ci95: None,
        }),
    ];
    let players = ledgers(&seats, &[0.5, 0.5], &moments, &[1.0, 0.0]);
    GameReview {
        game: "sevens".into(),
        rules: vec!["removal=pairs".into()],
        seats,
        method: "by hand".into(),
        unit: crate::games::review::Unit::Chance,
        estimated: None,
        finished: true,
        stops: None,
        next: None,
        moments,
        players,
        kind: crate::games::review::RecordKind::Throws,
        legend: None,
        valued: None,
    }
}

/// Written a game at a time, the JSON is the whole document's pretty print, byte for byte,
/// with no game, one or several (and a name holding a line break, escaped in JSON).
#[test]
fn the_json_written_game_by_game_is_the_whole_documents() {
    for count in 0..4 {
        let reviews: Vec<GameReview> = (0..count).map(game).collect();
        let games: Vec<serde_json::Value> = reviews.iter().map(json::game_json).collect();
        let mut whole = serde_json::to_string_pretty(&json!({ "games": games })).unwrap();
        whole.push('\n');
        assert_eq!(
            Reviewed { reviews: &reviews }.json(),
            whole,
            "{count} games"
        );
    }
}

/// The method a page shows has no flag: the aside naming `-n` and the race's schedule goes,
/// the rest of the sentence stays.
#[test]
fn an_estimated_method_in_a_players_words_names_no_flag() {
    let method = "estimated: each position's divisions played out by best on the same rolls, up \
                  to 32 play-outs a division (-n; 4 each, then more on those still close to the \
                  best, up to 32; any dropped early valued again on fresh ones), then the best \
                  and the choice again on fresh rolls";
    assert_eq!(
        json::method_words(method),
        "estimated: each position's divisions played out by best on the same rolls, up to 32 \
         play-outs a division, then the best and the choice again on fresh rolls"
    );
    assert_eq!(
        json::method_words(
            "every division played out, 1000 play-outs a division (-n), each seeded"
        ),
        "every division played out, 1000 play-outs a division, each seeded"
    );
    assert_eq!(json::method_words("exact: solved"), "exact: solved");
}
