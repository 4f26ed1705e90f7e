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

/// Cleo's game of Solitaire Dice in docs/review.md, as typed there.
fn cleo() -> String {
    let page = include_str!("../../docs/review.md");
    let from = page.find("Cleo played a game and wrote down").unwrap();
    let block = &page[from..];
    let start = block.find("```text\n").unwrap() + "```text\n".len();
    let end = start + block[start..].find("```").unwrap();
    block[start..end].to_string()
}

/// Few play-outs: the sheet and the review agree on any number, and the test stays quick.
fn quick() -> RunConfig<Option<u64>> {
    RunConfig {
        units: Some(4),
        ..one()
    }
}

/// `step` with `run`.
fn step_with(record: &str, fields: Value, run: &RunConfig<Option<u64>>) -> Result<(String, Value)> {
    let mut body = fields;
    body["record"] = json!(record);
    let answer = document(&sheet(&body.to_string(), run)?);
    Ok((
        answer["record"].as_str().unwrap().to_string(),
        answer["game"].clone(),
    ))
}

/// Cleo's game followed roll by roll: each roll tapped in, then, where it has several
/// divisions, divided as she wrote it (one of the choices the sheet lists; a roll with one
/// division is divided at once); after each step the expected final score is the review's of
/// the record so far, and the whole game's record reviews as her typed one does.
#[test]
fn cleos_game_followed_roll_by_roll_reviews_as_the_typed_one() {
    let run = quick();
    let typed = read_record("record", &cleo()).unwrap().games.remove(0);
    let whole = review_game_with("record", &typed, &run).unwrap();
    let start = json!({"start": {"game": "solitaire-dice", "seats": ["Cleo"]}});
    let answer = document(&sheet(&start.to_string(), &run).unwrap());
    let mut record = answer["record"].as_str().unwrap().to_string();
    let mut chose = 0;
    for round in &typed.rounds {
        let throw = &round.turns[0].throws[0];
        let (after, game) = step_with(&record, json!({"throw": throw.dice}), &run).unwrap();
        record = after;
        let next = &game["next"];
        if next["deciding"] == true {
            let choices = next["choices"].as_array().unwrap();
            assert!(choices.len() > 1, "{next}");
            assert_eq!(
                next["advise"]["roll"],
                json!(
                    throw
                        .dice
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                )
            );
            let pairs = &throw.pairs.as_ref().unwrap().0;
            let (after, game) = step_with(&record, json!({"pairs": pairs}), &run).unwrap();
            record = after;
            chose += 1;
            let so_far = read_record("record", &record).unwrap().games.remove(0);
            let review = review_game_with("record", &so_far, &run).unwrap();
            let values: Vec<f64> = review.players.iter().map(|p| p.result).collect();
            assert_eq!(results(&game), values);
        }
    }
    assert_eq!(chose, 19, "the decisions docs/review.md counts");
    let followed = read_record("record", &record).unwrap().games.remove(0);
    let review = review_game_with("record", &followed, &run).unwrap();
    assert!(review.finished);
    assert_eq!(review.players, whole.players);
    assert_eq!(review.moments, whole.moments);
}

/// Two players sharing the rolls: the roll tapped once, each seat divides it in turn, the
/// second shown the first's dice without a throw of its own.
#[test]
fn a_shared_roll_is_tapped_once_and_divided_by_each_seat() {
    let run = quick();
    let start = json!({"start": {"game": "solitaire-dice", "seats": ["Ann", "Bob"]}});
    let answer = document(&sheet(&start.to_string(), &run).unwrap());
    let record = answer["record"].as_str().unwrap().to_string();
    let (record, game) = step_with(&record, json!({"throw": [1, 3, 5, 5, 6]}), &run).unwrap();
    assert_eq!(game["next"]["name"], "Ann");
    assert_eq!(game["next"]["choices"].as_array().unwrap().len(), 9);
    let (record, game) = step_with(&record, json!({"pairs": [[5, 6], [3, 5]]}), &run).unwrap();
    assert_eq!(game["next"]["name"], "Bob");
    assert_eq!(game["next"]["deciding"], true);
    assert_eq!(game["next"]["given"], json!([1, 3, 5, 5, 6]));
    assert!(record.ends_with("Bob: 1 3 5 5 6 /\n"), "{record}");
    let (record, game) = step_with(&record, json!({"pairs": [[1, 5], [5, 6]]}), &run).unwrap();
    assert_eq!(game["next"]["name"], "Ann");
    assert_eq!(game["next"]["round"], "round 2");
    assert_eq!(game["next"]["deciding"], false);
    assert!(
        record.ends_with("Bob: 1 3 5 5 6 pairs 1+5 5+6\n"),
        "{record}"
    );
}

/// What the rules refuse of a roll, said in words: a throw where a division is due, pairs
/// where a roll is due, pairs that are not one of the roll's divisions.
#[test]
fn a_solitaire_step_out_of_turn_is_refused_in_words() {
    let run = quick();
    let start = json!({"start": {"game": "solitaire-dice", "seats": ["Cleo"]}});
    let answer = document(&sheet(&start.to_string(), &run).unwrap());
    let record = answer["record"].as_str().unwrap().to_string();
    let early = step_with(&record, json!({"pairs": [[1, 2], [3, 4]]}), &run).unwrap_err();
    assert!(early.to_string().contains("throw"), "{early}");
    let (shown, _) = step_with(&record, json!({"throw": [1, 3, 5, 5, 6]}), &run).unwrap();
    let twice = step_with(&shown, json!({"throw": [1, 3, 5, 5, 6]}), &run).unwrap_err();
    assert!(twice.to_string().contains("not yet divided"), "{twice}");
    let wrong = step_with(&shown, json!({"pairs": [[1, 2], [5, 6]]}), &run).unwrap_err();
    assert!(wrong.to_string().contains("does not show"), "{wrong}");
    assert!(!wrong.to_string().contains("line "), "{wrong}");
}

/// Sevens under `removal=subsets`: a throw that leaves a choice of dice asks which were kept
/// (each way the removal leaves, named by what it takes out), the turn then goes on to stop or
/// throw again as under the other rules, and the record writes the dice kept; a stop before the
/// dice kept is refused. The record so far is read the same by a check alone.
#[test]
fn under_subsets_the_dice_kept_are_asked_where_the_throw_leaves_a_choice() {
    let start =
        json!({"start": {"game": "sevens", "seats": ["Ann", "Bob"], "rules": ["removal=subsets"]}});
    let answer = document(&sheet(&start.to_string(), &one()).unwrap());
    let record = answer["record"].as_str().unwrap().to_string();
    let (record, game) = step(&record, json!({"throw": [1, 2, 4, 6, 3, 3]})).unwrap();
    let next = &game["next"];
    assert_eq!(next["deciding"], true);
    assert_eq!(next["shows"], json!([1, 2, 4, 6, 3, 3]));
    let choices = next["choices"].as_array().unwrap();
    assert!(choices.len() > 1, "{next}");
    let keep: Vec<Vec<u64>> = choices
        .iter()
        .map(|c| {
            c["keep"].as_array().map_or(Vec::new(), |k| {
                k.iter().map(|d| d.as_u64().unwrap()).collect()
            })
        })
        .collect();
    assert!(keep.contains(&vec![6, 3, 3]), "{keep:?}");
    assert!(
        record.trim_end().ends_with("Ann: 1 2 4 6 3 3 /"),
        "{record}"
    );
    let early = step(&record, json!({"stop": true})).unwrap_err();
    assert!(early.to_string().contains("choice comes first"), "{early}");
    // The record so far, checked alone, expects the same choice.
    let so_far = read_record("record", &record).unwrap().games.remove(0);
    let checked = checked_game("record", &so_far).unwrap();
    assert_eq!(checked.next.unwrap().choices.len(), choices.len());
    let (record, game) = step(&record, json!({"keep": [6, 3, 3]})).unwrap();
    assert_eq!(game["next"]["deciding"], true);
    assert_eq!(game["next"]["dice"], 3);
    assert!(game["next"].get("choices").is_none(), "{}", game["next"]);
    let (record, game) = step(&record, json!({"stop": true})).unwrap();
    assert_eq!(game["next"]["name"], "Bob");
    assert!(record.contains("Ann: 1 2 4 6 3 3 keep 6 3 3\n"), "{record}");
}
