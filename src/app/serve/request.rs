//! What the API's handlers share: reading a request (its game, query string and body, each
//! within its limits), refusing it in one line, and computing on a core of its own.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::body::to_bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::engine::{OnProgress, Progress, RunConfig, STOPPED, Steps};
use crate::error::{Error, Keys};
use crate::games::{self, Game};

use super::reply::{answer, refusal};
use super::server::Server;

/// The largest request body read: a position or a game record is a few kilobytes.
pub(super) const MAX_BODY: usize = 64 * 1024;

/// The longest a client may take to send a body.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest a request waits for a core to compute on, before it is told the server is busy.
const QUEUE_TIMEOUT: Duration = Duration::from_secs(30);

/// A refused request, before it is an answer: its status and the line saying why.
pub(super) struct Refusal(pub(super) StatusCode, pub(super) String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        refusal(self.0, &self.1)
    }
}

/// A library error (a bad position, rule or setting) as a refusal: 400.
pub(super) fn refused(error: &Error) -> Refusal {
    Refusal(StatusCode::BAD_REQUEST, error.render(&Keys))
}

/// The game a path names, or a 404 naming the games there are.
pub(super) fn game_named(name: &str) -> Result<&'static dyn Game, Refusal> {
    games::find(name).map_err(|e| Refusal(StatusCode::NOT_FOUND, e.render(&Keys)))
}

/// How every computation of the server runs: on one thread (one computation a core), at the
/// command line's default size, with the request's seed, stopped as `stop` says.
pub(super) fn one_core(seed: u64, stop: &OnProgress) -> RunConfig<Option<u64>> {
    RunConfig {
        seed,
        threads: Some(1),
        progress: stop.clone(),
        ..RunConfig::default()
    }
}

/// When a computation must stop: its client has gone (nobody will read its answer), it has run
/// for the server's work limit (`--work-limit`: a review of a 40-player race took 89 s, and a
/// request must not hold a core for minutes), or the server is stopping.
struct Watch {
    gone: Arc<AtomicBool>,
    stopping: Arc<AtomicBool>,
    started: Instant,
    limit: Duration,
}

impl Progress for Watch {
    fn start(&self, _: u64, _: Steps) {}
    fn advance(&self, _: u64) {}
    fn set(&self, _: u64, _: &str) {}
    fn finish(&self) {}
    fn stopped(&self) -> bool {
        self.gone.load(Ordering::Relaxed)
            || self.stopping.load(Ordering::Relaxed)
            || self.started.elapsed() > self.limit
    }
}

/// Says the client has gone once dropped: the request's future is dropped when its connection
/// closes (or its time is up) before the answer, and the computation it started then stops.
struct Leaving(Arc<AtomicBool>);

impl Drop for Leaving {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The settings an API call takes in its query string: `rule` and `policy` (each repeatable),
/// and `seed`; `n` is refused.
#[derive(Default)]
pub(super) struct Query {
    pub(super) rules: Vec<String>,
    pub(super) policies: Vec<String>,
    pub(super) seed: u64,
}

/// Reads a query string; refuses a key it does not take, or a number that is not one.
pub(super) fn query(text: &str) -> Result<Query, Refusal> {
    let mut query = Query {
        seed: 1,
        ..Query::default()
    };
    let number = |key: &str, value: &str| {
        value.parse::<u64>().map_err(|_| {
            Refusal(
                StatusCode::BAD_REQUEST,
                format!(
                    "{key} '{value}': expected a whole number from 0 to {}",
                    u64::MAX
                ),
            )
        })
    };
    for (key, value) in form_urlencoded::parse(text.as_bytes()) {
        match key.as_ref() {
            "rule" => query.rules.push(value.into_owned()),
            "policy" => query.policies.push(value.into_owned()),
            // What n costs differs by game and computation (a guess of 7's hidden cards, a
            // play-out of Solitaire Dice's best player), and a request holds its core to the
            // end: the server computes at the command line's default sizes only.
            "n" => {
                return Err(Refusal(
                    StatusCode::BAD_REQUEST,
                    "n: this server computes at the command line's default sizes; for more \
                     play-outs, run the command line"
                        .into(),
                ));
            }
            "seed" => query.seed = number("seed", &value)?,
            other => {
                return Err(Refusal(
                    StatusCode::BAD_REQUEST,
                    format!("{other}: not a setting of this call; it takes rule, policy and seed"),
                ));
            }
        }
    }
    Ok(query)
}

/// The body of `request` as UTF-8 text: at most [`MAX_BODY`] bytes, within [`BODY_TIMEOUT`].
pub(super) async fn body_text(request: Request) -> Result<String, Refusal> {
    let too_large = || {
        Refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("body: larger than {MAX_BODY} bytes"),
        )
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(too_large());
    }
    let read = tokio::time::timeout(BODY_TIMEOUT, to_bytes(request.into_body(), MAX_BODY));
    let bytes = match read.await {
        Err(_) => {
            return Err(Refusal(
                StatusCode::REQUEST_TIMEOUT,
                "body: not sent within 10 seconds".into(),
            ));
        }
        // Past the limit, or a body that is no body: a chunk size that is not one, a
        // connection closed in the middle (a malformed chunk size was answered 413).
        Ok(Err(e)) if past_limit(&e) => return Err(too_large()),
        Ok(Err(_)) => {
            return Err(Refusal(
                StatusCode::BAD_REQUEST,
                "body: not a well-formed body (its chunks, or its length, are not as declared)"
                    .into(),
            ));
        }
        Ok(Ok(bytes)) => bytes,
    };
    String::from_utf8(bytes.to_vec())
        .map_err(|_| Refusal(StatusCode::BAD_REQUEST, "body: not UTF-8 text".into()))
}

/// A request's JSON body, an object, read into `T` (a `#[derive(Deserialize)]` request type), within the
/// limits [`body_text`] keeps: axum's extractor with the server's own rejection, so a body that
/// is not a `T` is refused in one 400 line naming the field that is wrong (`moves[1]: invalid
/// value ...`, `colour`: not a key of the request).
pub(super) struct Body<T>(pub(super) T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = Refusal;

    async fn from_request(request: Request, _: &S) -> Result<Self, Refusal> {
        let text = body_text(request).await?;
        crate::ops::json_body(&text)
            .map(Body)
            .map_err(|e| refused(&e))
    }
}

/// Whether `error` is the work stopping as `stop` asked: the stop asked, and the error ending
/// in its line (a game's review may put the record's line before it). An error that merely
/// quotes the line in the middle (a record naming its game so) is the client's.
fn stopped(error: &crate::Error, stop: &OnProgress) -> bool {
    stop.stopped() && error.to_string().ends_with(STOPPED)
}

/// Whether reading a body failed on its size limit, rather than on the body itself.
fn past_limit(error: &axum::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = cause {
        if e.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        cause = e.source();
    }
    false
}

/// Runs `work` on a blocking thread once a core is free; its JSON text is the answer, its
/// error a refusal. `work` is handed when to stop (its client gone, or its time spent),
/// to hear between its steps; `what` names the work in the refusal of one that ran too long. A
/// panic (a bug) is a 500 that says so; the server goes on.
pub(super) async fn computed(
    server: &Server,
    what: &'static str,
    work: impl FnOnce(&OnProgress) -> crate::Result<String> + Send + 'static,
) -> Response {
    let waited = tokio::time::timeout(QUEUE_TIMEOUT, server.work.clone().acquire_owned()).await;
    let Ok(Ok(permit)) = waited else {
        return refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy: every core has been computing for 30 seconds; try again",
        );
    };
    let gone = Arc::new(AtomicBool::new(false));
    let _leaving = Leaving(gone.clone());
    let started = Instant::now();
    let stop = OnProgress::to(Arc::new(Watch {
        gone,
        stopping: server.stopping.clone(),
        started,
        limit: server.work_limit,
    }));
    // The permit goes with the work: a client that leaves frees its core once the computation
    // it started has heard so and stopped.
    let watched = stop.clone();
    let held = move || {
        let _permit = permit;
        work(&watched)
    };
    match tokio::task::spawn_blocking(held).await {
        Ok(Ok(text)) => answer(text),
        Ok(Err(error)) if stopped(&error, &stop) && started.elapsed() > server.work_limit => {
            refusal(
                StatusCode::BAD_REQUEST,
                &format!(
                    "{what}: it takes longer than the {} s this server gives a request, and was \
                 stopped; ask dicelab on your own machine (the command line has no such limit)",
                    server.work_limit.as_secs()
                ),
            )
        }
        Ok(Err(error)) if stopped(&error, &stop) => refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!("{what}: stopped, as the server is stopping; try again once it is back"),
        ),
        Ok(Err(error)) => refused(&error).into_response(),
        Err(_) => refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: dicelab panicked (its message is on the server's stderr); please \
             report it",
        ),
    }
}

/// Refuses rules or policies that name a file (`deck=FILE`, `table:FILE`): the server reads no
/// path a client names. At the command line, on one's own machine, they work.
pub(super) fn no_files(
    game: &dyn Game,
    rules: &[String],
    policies: &[String],
) -> Result<(), Refusal> {
    match crate::ops::files_named(game, rules, policies).first() {
        None => Ok(()),
        Some((setting, value)) => Err(Refusal(
            StatusCode::BAD_REQUEST,
            format!(
                "{} '{}': this server reads no file a request names (the command line does, \
                 on your own machine)",
                setting.key(),
                crate::error::one_line(value)
            ),
        )),
    }
}
