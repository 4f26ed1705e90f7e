use super::*;
use serde_json::Value;

/// One thread, seed 1: as the page computes.
fn one() -> RunConfig<Option<u64>> {
    RunConfig {
        seed: 1,
        threads: Some(1),
        ..RunConfig::default()
    }
}

/// The kitchen-table game of docs/review.md, as typed there.
fn kitchen() -> String {
    let page = include_str!("../../docs/review.md");
    let from = page.find("## A game typed by hand").unwrap();
    let block = &page[from..];
    let start = block.find("```text\n").unwrap() + "```text\n".len();
    let end = start + block[start..].find("```").unwrap();
    block[start..end].to_string()
}

/// Sends `step` (its fields as JSON) with the record so far; the answer's record and game.
fn step(record: &str, fields: Value) -> Result<(String, Value)> {
    let mut body = fields;
    body["record"] = json!(record);
    let answer = document(&sheet(&body.to_string(), &one())?);
    Ok((
        answer["record"].as_str().unwrap().to_string(),
        answer["game"].clone(),
    ))
}

/// Each player's result in a game's document.
fn results(game: &Value) -> Vec<f64> {
    game["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["result"].as_f64().unwrap())
        .collect()
}

/// The kitchen game followed throw by throw, as a scoresheet follows it: after each throw the
/// chances are those the review of the record so far has after that throw (its last moment),
/// a decision still to come where the rules leave one; a stop where the player stopped; at the
/// end the game is finished and reviewed as `dicelab review` reviews the typed record.
#[test]
fn the_kitchen_game_followed_throw_by_throw_is_the_typed_games_review() {
    let typed = read_record("record", &kitchen()).unwrap().games.remove(0);
    let whole = review_game_with("record", &typed, &one()).unwrap();
    let start = json!({"start": {"game": "sevens", "seats": ["Ann", "Bob"]}});
    let answer = document(&sheet(&start.to_string(), &one()).unwrap());
    let mut record = answer["record"].as_str().unwrap().to_string();
    let game = &answer["game"];
    assert_eq!(game["finished"], false);
    assert_eq!(game["next"]["name"], "Ann");
    assert_eq!(
        results(game),
        [whole.players[0].start, whole.players[1].start]
    );
    let mut throws = 0;
    for round in &typed.rounds {
        for turn in &round.turns {
            for (j, throw) in turn.throws.iter().enumerate() {
                let (now, game) = step(&record, json!({"throw": throw.dice})).unwrap();
                record = now;
                throws += 1;
                // The chance after the throw, as the whole game's review has it.
                let moment = whole
                    .moments
                    .iter()
                    .filter(|m| matches!(m.event, crate::games::review::Event::Throw { .. }))
                    .nth(throws - 1)
                    .unwrap();
                let crate::games::review::Event::Throw { after, .. } = &moment.event else {
                    unreachable!()
                };
                if game["finished"] == true {
                    continue;
                }
                let deciding = game["next"]["deciding"] == true;
                if deciding {
                    for (got, want) in results(&game).iter().zip(after) {
                        assert!((got - want).abs() < 1e-12, "throw {throws}: {got} {want}");
                    }
                    assert_eq!(
                        game["next"]["advise"]["dice-shown"].as_str().unwrap().len(),
                        2 * throw.dice.len() - 1
                    );
                }
                if deciding && j + 1 == turn.throws.len() {
                    record = step(&record, json!({"stop": true})).unwrap().0;
                }
            }
        }
    }
    let done = reviewed(&one_game(&record).unwrap(), &one()).unwrap();
    assert!(done.finished);
    assert_eq!(done.players, whole.players);
    let events = |r: &GameReview| {
        r.moments
            .iter()
            .map(|m| m.event.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(events(&done), events(&whole));
    assert_eq!(
        step(&record, json!({"throw": [1, 2, 3, 4, 5, 6]}))
            .unwrap_err()
            .to_string(),
        "the game is over: nothing more is played"
    );
}

/// A step the rules refuse says why in the game's words, with no line or column of a text the
/// player never typed; a name that is not a word, and a step of neither kind, are refused too.
#[test]
fn a_step_the_rules_refuse_says_why_in_words() {
    let start = json!({"start": {"game": "sevens", "seats": ["Ann", "Bob"]}});
    let record = document(&sheet(&start.to_string(), &one()).unwrap())["record"]
        .as_str()
        .unwrap()
        .to_string();
    let refused = |fields: Value| step(&record, fields).unwrap_err().to_string();
    assert_eq!(
        refused(json!({"throw": [1, 2, 3]})),
        "Ann throws 6 dice here, and 3 are given"
    );
    assert_eq!(
        refused(json!({"throw": [1, 2, 3, 4, 5, 9]})),
        "throw: 9 is no die: a die shows 1 to 6"
    );
    assert_eq!(
        refused(json!({"stop": true})),
        "no turn is under way to stop: a throw comes next"
    );
    // Ann kept 6 6 6 6 and rolled once more, then kept all four: a throw of 4 dice next.
    let (after, game) = step(&record, json!({"throw": [6, 6, 6, 6, 1, 6]})).unwrap();
    assert_eq!(game["next"]["dice"], 4);
    assert_eq!(game["next"]["deciding"], true);
    assert!(after.ends_with("Ann: 6 6 6 6 1 6 /\n"), "{after}");
    let wrong = step(&after, json!({"throw": [6, 6]}))
        .unwrap_err()
        .to_string();
    assert_eq!(wrong, "Ann throws 4 dice here, and 2 are given");
    let bad = |start: Value| {
        sheet(&json!({ "start": start }).to_string(), &one())
            .unwrap_err()
            .to_string()
    };
    assert!(bad(json!({"game": "sevens", "seats": ["Ann Lee", "Bob"]})).contains("one word"));
    assert!(bad(json!({"game": "sevens", "seats": ["Ann", "Ann"]})).contains("twice"));
    assert!(bad(json!({"game": "sevens", "seats": ["Ann"]})).contains("two or three seats"));
    assert!(
        sheet("{}", &one())
            .unwrap_err()
            .to_string()
            .contains("one of them")
    );
}

/// A game of Sequences followed cast by cast: no turn goes on, and after each cast the chances
/// are the review's of the record so far, the next caster named.
#[test]
fn a_race_is_followed_cast_by_cast() {
    let start = json!({"start": {"game": "sequences", "seats": ["Ann", "Bob"], "rules": ["target=20", "tie=playoff"]}});
    let mut record = document(&sheet(&start.to_string(), &one()).unwrap())["record"]
        .as_str()
        .unwrap()
        .to_string();
    let casts = [
        [1, 2, 3, 4, 6, 6],
        [1, 2, 3, 5, 5, 5],
        [1, 1, 1, 1, 2, 3],
        [6, 6, 6, 6, 4, 3],
    ];
    let mut last = Value::Null;
    for cast in casts {
        let (now, game) = step(&record, json!({"throw": cast})).unwrap();
        assert_eq!(game["next"]["deciding"], false);
        record = now;
        last = game;
    }
    assert_eq!(last["next"]["name"], "Ann");
    assert_eq!(last["next"]["round"], "round 3");
    assert_eq!(last["stops"], "after round 2");
    let chances = results(&last);
    assert!((chances[0] - 0.2807).abs() < 1e-4, "{chances:?}");
    assert!(
        record.ends_with("round 2\nAnn: 1 1 1 1 2 3\nBob: 6 6 6 6 4 3\n"),
        "{record}"
    );
}
