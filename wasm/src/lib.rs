//! dicelab in the browser: the library's operations a page needs, compiled to WebAssembly and
//! called from a Web Worker, each taking and giving JSON text. Each gives the document the
//! command line gives for the same input (`dicelab advise --json`, `dicelab review --format
//! json`, `GET /api/rules/GAME`), from the same library code: nothing of a game's rules or
//! values is written again here.
//!
//! The functions are plain Rust ([`advise`], [`review`], [`rules`]); the `#[wasm_bindgen]`
//! wrappers only turn an error into a JavaScript one.

use dicelab::error::{Error, Flags, Result, one_line};
use dicelab::games::advice::{AdviceRequest, Position};
use dicelab::report::advice::Advised;
use dicelab::report::review::Reviewed;
use dicelab::report::shown::Shown;
use dicelab::{engine, games, ops};
use wasm_bindgen::prelude::*;

/// How `game` is played: what `GET /api/rules/GAME` answers (its name, its line, the rule text
/// as Markdown and as plain text).
pub fn rules(game_name: &str) -> Result<String> {
    Ok(ops::rules_document(games::find(game_name)?).to_string())
}

/// Options as a JSON object (none: empty text or `{}`).
fn options_of(options: &str) -> Result<serde_json::Value> {
    if options.trim().is_empty() {
        return Ok(serde_json::json!({}));
    }
    match serde_json::from_str(options) {
        Ok(value @ serde_json::Value::Object(_)) => Ok(value),
        Ok(other) => Err(Error::input(format!(
            "options: {other} is not a JSON object"
        ))),
        Err(e) => Err(Error::input(format!("options: not a JSON object ({e})"))),
    }
}

/// The run of one computation on this thread: `n` (play-outs, where raced) and `seed` (1
/// unless given) from `options`, as the command line's `-n` and `--seed`.
fn run_of(options: &serde_json::Value) -> Result<engine::RunConfig<Option<u64>>> {
    let whole = |key: &str| -> Result<Option<u64>> {
        match options.get(key) {
            None => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or_else(|| {
                Error::input(format!("options: {key} is {v}, expected a whole number"))
            }),
        }
    };
    Ok(engine::RunConfig {
        units: whole("n")?,
        seed: whole("seed")?.unwrap_or(1),
        threads: Some(1),
        shard: engine::Shard::WHOLE,
        progress: Default::default(),
        first_chunk: 0,
    })
}

/// Options of an advice, as a JSON object: `rules` (`["key=value", ...]`), `policies`, `n`
/// (play-outs an action, where they are raced) and `seed` (1 unless given), as the command
/// line's flags take them.
fn advice_request(position: &str, options: &str) -> Result<AdviceRequest> {
    let position = Position::from_json("position", position, Position::default())?;
    let options = options_of(options)?;
    let strings = |key: &str| -> Result<Vec<String>> {
        match options.get(key) {
            None => Ok(Vec::new()),
            Some(serde_json::Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_str().map(str::to_string).ok_or_else(|| {
                        Error::input(format!("options: {key} holds {v}, expected text"))
                    })
                })
                .collect(),
            Some(v) => Err(Error::input(format!(
                "options: {key} is {v}, expected a list of text"
            ))),
        }
    };
    Ok(AdviceRequest {
        rules: strings("rules")?,
        policies: strings("policies")?,
        position,
        run: run_of(&options)?,
    })
}

/// Every legal action in `position` (a JSON object of advise's position keys: `{"roll": 1,
/// "dice": 2, ...}`) ranked: the document `dicelab advise GAME --position FILE --json` prints.
pub fn advise(game_name: &str, position: &str, options: &str) -> Result<String> {
    let game = games::find(game_name)?;
    ops::advisor(game)?;
    let request = advice_request(position, options)?;
    let advice = ops::advise(game, &request)?;
    Ok(Advised {
        advice: &advice,
        names: &Flags,
    }
    .json())
}

/// Every game of `record` (the text `play --record` and `simulate --record` write, or one typed
/// by hand) reviewed: the document `dicelab review FILE --format json` prints. `options`: `n`
/// and `seed` of the estimated reviews (Solitaire Dice, 7).
pub fn review(record: &str, options: &str) -> Result<String> {
    let request = ops::ReviewRequest::with_run(run_of(&options_of(options)?)?);
    let reviews = ops::check_record("record", record, &request)?.reviews(&request)?;
    Ok(Reviewed { reviews: &reviews }.json())
}

/// An error as the line a person reads: what the command line prints after `dicelab: error:`.
fn thrown(e: Error) -> JsError {
    JsError::new(&one_line(&e.render(&Flags)))
}

/// [`rules`], for JavaScript.
#[wasm_bindgen(js_name = rules)]
pub fn rules_js(game: &str) -> std::result::Result<String, JsError> {
    rules(game).map_err(thrown)
}

/// [`advise`], for JavaScript.
#[wasm_bindgen(js_name = advise)]
pub fn advise_js(
    game: &str,
    position: &str,
    options: &str,
) -> std::result::Result<String, JsError> {
    advise(game, position, options).map_err(thrown)
}

/// [`review`], for JavaScript.
#[wasm_bindgen(js_name = review)]
pub fn review_js(record: &str, options: &str) -> std::result::Result<String, JsError> {
    review(record, options).map_err(thrown)
}
