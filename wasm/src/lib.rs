//! dicelab in the browser: the library's operations a page needs, compiled to WebAssembly and
//! called from a Web Worker, each taking and giving JSON text. Each gives the document the
//! command line gives for the same input (`dicelab advise --json`, `dicelab review --format
//! json`, `GET /api/rules/GAME`), from the same library code: nothing of a game's rules or
//! values is written again here.
//!
//! Two more give what `dicelab serve`'s API gives, for the page itself: [`games`] (`GET
//! /api/games`), [`coach`] (`POST /api/advise/GAME`, in the page's words) and [`replay`] (`POST
//! /api/play/GAME`).
//!
//! The functions are plain Rust; the `#[wasm_bindgen]` wrappers only turn an error into a
//! JavaScript one, in the words of the front end whose document the function gives.

use dicelab::error::{Error, Flags, Keys, Names, Page, Result, one_line};
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

/// Every game, its options and position keys: what `GET /api/games` answers, with no findings
/// (a page computing alone has no report folder).
pub fn games() -> String {
    serde_json::json!({ "games": ops::games_listing(), "reports": false }).to_string()
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
        progress: progress::told(),
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
    advised(game_name, position, options, &Flags)
}

/// [`advise`] in the page's words ([`Page`]): what `POST /api/advise/GAME` of `dicelab serve`
/// answers, so the Coach page reads the same notes wherever its advice was computed.
pub fn coach(game_name: &str, position: &str, options: &str) -> Result<String> {
    advised(game_name, position, options, &Page)
}

/// The advice document, its notes naming settings as `names` does.
fn advised(game_name: &str, position: &str, options: &str, names: &dyn Names) -> Result<String> {
    let game = games::find(game_name)?;
    ops::advisor(game)?;
    let request = advice_request(position, options)?;
    let advice = ops::advise(game, &request)?;
    Ok(Advised {
        advice: &advice,
        names,
    }
    .json())
}

/// A game against the built-in players played up to the person's next decision: what `POST
/// /api/play/GAME` of `dicelab serve` answers for the same `request` (the JSON object the Play
/// page sends: `seed`, `players`, `rules`, `policies`, `moves`, `coach`, `advice`). A request
/// must name its seed: a page draws a fresh one from the browser's random numbers, since
/// WebAssembly here has no clock to draw one from.
pub fn replay(game_name: &str, request: &str) -> Result<String> {
    let game = games::find(game_name)?;
    let body: ops::PlayBody = ops::json_body(request)?;
    let mut unseeded = false;
    let asked = body.asked(|| {
        unseeded = true;
        0
    });
    if unseeded {
        return Err(Error::input(
            "seed: a game played in the browser names its seed (the page draws one)",
        ));
    }
    ops::play_document(game, &asked)
}

/// Every game of `record` (the text `play --record` and `simulate --record` write, or one typed
/// by hand) reviewed: the document `dicelab review FILE --format json` prints. `options`: `n`
/// and `seed` of the estimated reviews (Solitaire Dice, 7).
pub fn review(record: &str, options: &str) -> Result<String> {
    let request = ops::ReviewRequest::with_run(run_of(&options_of(options)?)?);
    let reviews = ops::check_record("record", record, &request)?.reviews(&request)?;
    Ok(Reviewed { reviews: &reviews }.json())
}

/// A step of a game followed at the table (`ops::SheetStep` as JSON): the record with the step
/// added and the review of the game so far, what `POST /api/sheet` answers. `options`: `n` and
/// `seed` of an estimated review (Solitaire Dice).
pub fn sheet(step: &str, options: &str) -> Result<String> {
    ops::sheet(step, &run_of(&options_of(options)?)?)
}

/// An error as the line a person reads: what the command line prints after `dicelab: error:`.
fn thrown(e: Error) -> JsError {
    JsError::new(&one_line(&e.render(&Flags)))
}

/// An error as `dicelab serve`'s API words it (a setting by its key): its `{"error": ...}` line.
fn refused(e: Error) -> JsError {
    JsError::new(&one_line(&e.render(&Keys)))
}

/// [`games`], for JavaScript.
#[wasm_bindgen(js_name = games)]
pub fn games_js() -> String {
    games()
}

/// [`coach`], for JavaScript.
#[wasm_bindgen(js_name = coach)]
pub fn coach_js(game: &str, position: &str, options: &str) -> std::result::Result<String, JsError> {
    coach(game, position, options).map_err(refused)
}

/// [`replay`], for JavaScript.
#[wasm_bindgen(js_name = replay)]
pub fn replay_js(game: &str, request: &str) -> std::result::Result<String, JsError> {
    replay(game, request).map_err(refused)
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

/// [`sheet`], for JavaScript: its refusal in the API's words.
#[wasm_bindgen(js_name = sheet)]
pub fn sheet_js(step: &str, options: &str) -> std::result::Result<String, JsError> {
    sheet(step, options).map_err(refused)
}

/// How long work tells the page where it is: the library's [`engine::Progress`] passed on to
/// the worker's `globalThis.dicelabProgress(done, total)`, which posts it to the page (a worker
/// may post while it computes; the page draws it). At most a hundred calls a piece of work, and
/// none where nobody listens (Node, or a worker without the function).
mod progress {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    use dicelab::engine::{OnProgress, Progress, Steps};

    /// Where progress goes: to the page where WebAssembly runs in a browser, nowhere natively
    /// (the native build is only for tests, which call no JavaScript).
    pub(crate) fn told() -> OnProgress {
        if cfg!(target_arch = "wasm32") {
            OnProgress::to(Arc::new(Told::default()))
        } else {
            OnProgress::NONE
        }
    }

    #[cfg(target_arch = "wasm32")]
    #[wasm_bindgen::prelude::wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(catch, js_namespace = globalThis, js_name = dicelabProgress)]
        fn page(done: f64, total: f64) -> Result<(), wasm_bindgen::JsValue>;
    }

    /// Nowhere to tell it off WebAssembly.
    #[cfg(not(target_arch = "wasm32"))]
    fn page(_: f64, _: f64) -> Result<(), ()> {
        Err(())
    }

    /// One piece of work's count: its total, the steps done, the hundredth last told, and
    /// whether anybody listens.
    #[derive(Default)]
    struct Told {
        total: AtomicU64,
        done: AtomicU64,
        shown: AtomicU64,
        deaf: AtomicBool,
    }

    impl Told {
        fn tell(&self) {
            let (done, total) = (
                self.done.load(Ordering::Relaxed),
                self.total.load(Ordering::Relaxed),
            );
            let hundredth = (done.min(total) * 100).checked_div(total).unwrap_or(0);
            if self.deaf.load(Ordering::Relaxed)
                || (done > 0 && hundredth == self.shown.load(Ordering::Relaxed))
            {
                return;
            }
            self.shown.store(hundredth, Ordering::Relaxed);
            if page(done as f64, total as f64).is_err() {
                self.deaf.store(true, Ordering::Relaxed);
            }
        }
    }

    impl Progress for Told {
        fn start(&self, total: u64, _: Steps) {
            self.total.store(total, Ordering::Relaxed);
            self.done.store(0, Ordering::Relaxed);
            self.shown.store(0, Ordering::Relaxed);
            self.tell();
        }

        fn advance(&self, steps: u64) {
            self.done.fetch_add(steps, Ordering::Relaxed);
            self.tell();
        }

        fn set(&self, position: u64, _: &str) {
            self.done.store(position, Ordering::Relaxed);
            self.tell();
        }

        fn finish(&self) {}
    }
}
