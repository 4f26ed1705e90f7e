//! The JSON API under the pages, on the library's typed operations. Every refusal is a 4xx
//! status with one JSON object, `{"error": "one line"}`, naming the field that was wrong; a
//! computation runs on a blocking thread of its own, one a core at most, so none holds the
//! server's own threads.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::to_bytes;
use axum::extract::{Path, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use crate::engine::{RunConfig, Shard};
use crate::error::{Error, Keys};
use crate::games::advice::{AdviceRequest, Position};
use crate::games::options::Values;
use crate::games::{self, Game};
use crate::ops;
use crate::report::advice::Advised;
use crate::report::print::Style;
use crate::report::shown::{Format, render};

use super::super::flags::Flags;
use super::reply::{answer, refusal};
use super::server::Server;
use super::{files, guard};

/// The largest request body read: a position or a game record is a few kilobytes.
pub(super) const MAX_BODY: usize = 64 * 1024;

/// The longest a client may take to send a body.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest a request waits for a core to compute on, before it is told the server is busy.
const QUEUE_TIMEOUT: Duration = Duration::from_secs(30);

/// The routes, behind the Host check.
pub(super) fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/api/games", get(games_list))
        .route("/api/rules/{game}", get(rules))
        .route("/api/advise/{game}", post(advise))
        .route("/reports/", get(files::report_index))
        .route("/reports/{*path}", get(files::report))
        .route("/", get(files::index))
        .route("/{file}", get(files::asset))
        .fallback(not_found)
        .method_not_allowed_fallback(wrong_method)
        .layer(middleware::from_fn_with_state(server.clone(), host_checked))
        .with_state(server)
}

/// A refused request, before it is an answer: its status and the line saying why.
struct Refusal(StatusCode, String);

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        refusal(self.0, &self.1)
    }
}

/// A library error (a bad position, rule or setting) as a refusal: 400.
fn refused(error: &Error) -> Response {
    refusal(StatusCode::BAD_REQUEST, &error.render(&Keys))
}

/// Refuses a request whose Host does not name this machine (see [`guard`]).
async fn host_checked(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !guard::allowed(host, server.port, server.open) {
        return refusal(
            StatusCode::MISDIRECTED_REQUEST,
            "Host: this server answers only requests to this machine's address or localhost, \
             on its own port",
        );
    }
    next.run(request).await
}

async fn not_found(request: Request) -> Response {
    let path = crate::error::one_line(request.uri().path());
    refusal(
        StatusCode::NOT_FOUND,
        &format!("{path}: no such page or API call"),
    )
}

async fn wrong_method(request: Request) -> Response {
    refusal(
        StatusCode::METHOD_NOT_ALLOWED,
        &format!(
            "{} {}: not a method this address takes",
            request.method(),
            crate::error::one_line(request.uri().path())
        ),
    )
}

/// The game a path names, or a 404 naming the games there are.
fn game_named(name: &str) -> Result<&'static dyn Game, Refusal> {
    games::find(name).map_err(|e| Refusal(StatusCode::NOT_FOUND, e.render(&Keys)))
}

/// `GET /api/games`: every game, its rule options (with the values each takes) and, where it
/// can advise, the keys of its positions; and whether there are findings to show.
async fn games_list(State(server): State<Arc<Server>>) -> Response {
    let list: Vec<Value> = games::all()
        .into_iter()
        .map(|game| {
            let options: Vec<Value> = game
                .options()
                .iter()
                .map(|o| {
                    let mut option = json!({
                        "key": o.key,
                        "default": o.default,
                        "meaning": o.meaning,
                        "expected": o.values.expected(),
                    });
                    match o.values {
                        Values::OneOf(names) => option["choices"] = json!(names),
                        Values::Whole { min, max } => {
                            option["min"] = json!(min);
                            option["max"] = json!(max);
                        }
                        _ => {}
                    }
                    option
                })
                .collect();
            let keys: Option<Vec<Value>> = game.advisor().map(|a| {
                a.keys()
                    .iter()
                    .map(|k| json!({ "key": k.key, "syntax": k.syntax, "meaning": k.meaning }))
                    .collect()
            });
            let players = game.players();
            json!({
                "name": game.name(),
                "about": game.about(),
                "players": { "min": players.min, "max": players.max },
                "options": options,
                "advise": keys,
                "play": game.playable().is_some(),
            })
        })
        .collect();
    answer(json!({ "games": list, "reports": server.reports.is_some() }).to_string())
}

/// `GET /api/rules/GAME`: how the game is played, in the project's words, as Markdown (the text
/// of `dicelab rules`, headed as the docs head it).
async fn rules(Path(name): Path<String>) -> Result<Response, Refusal> {
    let game = game_named(&name)?;
    let rules = game.info().rules();
    Ok(answer(
        json!({
            "name": game.name(),
            "about": game.about(),
            "markdown": games::rulebook::markdown(&rules),
            "text": games::rulebook::text(&rules),
        })
        .to_string(),
    ))
}

/// The settings an API call takes in its query string: `rule` and `policy` (each repeatable),
/// `n` and `seed`.
#[derive(Default)]
struct Query {
    rules: Vec<String>,
    policies: Vec<String>,
    units: Option<u64>,
    seed: u64,
}

/// Reads a query string; refuses a key it does not take, or a number that is not one.
fn query(text: &str) -> Result<Query, Refusal> {
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
            "n" => query.units = Some(number("n", &value)?),
            "seed" => query.seed = number("seed", &value)?,
            other => {
                return Err(Refusal(
                    StatusCode::BAD_REQUEST,
                    format!(
                        "{other}: not a setting of this call; it takes rule, policy, n and seed"
                    ),
                ));
            }
        }
    }
    Ok(query)
}

/// The body of `request` as UTF-8 text: at most [`MAX_BODY`] bytes, within [`BODY_TIMEOUT`].
async fn body_text(request: Request) -> Result<String, Refusal> {
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
        Ok(Err(_)) => return Err(too_large()),
        Ok(Ok(bytes)) => bytes,
    };
    String::from_utf8(bytes.to_vec())
        .map_err(|_| Refusal(StatusCode::BAD_REQUEST, "body: not UTF-8 text".into()))
}

/// Runs `work` on a blocking thread once a core is free; its JSON text is the answer, its
/// error a refusal. A panic (a bug) is a 500 that says so; the server goes on.
async fn computed(
    server: &Server,
    work: impl FnOnce() -> crate::Result<String> + Send + 'static,
) -> Response {
    let Ok(Ok(_permit)) = tokio::time::timeout(QUEUE_TIMEOUT, server.work.acquire()).await else {
        return refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy: every core has been computing for 30 seconds; try again",
        );
    };
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(text)) => answer(text),
        Ok(Err(error)) => refused(&error),
        Err(_) => refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: dicelab panicked (its message is on the server's stderr); please \
             report it",
        ),
    }
}

/// `POST /api/advise/GAME?rule=...&policy=...&n=...&seed=...`: the body is a position, the
/// same JSON object `dicelab advise --position` reads; the answer is exactly what `dicelab
/// advise GAME --position FILE --json` prints for it (one thread: the server runs one
/// computation a core).
async fn advise(
    State(server): State<Arc<Server>>,
    Path(name): Path<String>,
    request: Request,
) -> Result<Response, Refusal> {
    let game = game_named(&name)?;
    let query = query(request.uri().query().unwrap_or(""))?;
    let text = body_text(request).await?;
    Ok(computed(&server, move || {
        ops::advisor(game)?;
        let position = Position::from_json("body", &text, Position::default())?;
        let request = AdviceRequest {
            rules: query.rules,
            policies: query.policies,
            position,
            run: RunConfig {
                units: query.units,
                seed: query.seed,
                threads: Some(1),
                shard: Shard::WHOLE,
                progress: Default::default(),
            },
        };
        let advice = ops::advise(game, &request)?;
        let advised = Advised {
            advice: &advice,
            names: &Flags,
        };
        Ok(render(&advised, Format::Json, Style::default()))
    })
    .await)
}
