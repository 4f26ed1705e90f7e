//! How `dicelab serve` answers: a JSON document, or a refusal, a status with one JSON line.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refusal: `status` and one JSON line saying why.
pub(super) fn refusal(status: StatusCode, why: &str) -> Response {
    let mut body = json!({ "error": crate::error::one_line(why) }).to_string();
    body.push('\n');
    (
        status,
        [(header::CONTENT_TYPE, HeaderValue::from_static(JSON))],
        body,
    )
        .into_response()
}

/// The content type of every API answer.
pub(super) const JSON: &str = "application/json; charset=utf-8";

/// A JSON document as an answer.
pub(super) fn answer(text: String) -> Response {
    (
        [(header::CONTENT_TYPE, HeaderValue::from_static(JSON))],
        text,
    )
        .into_response()
}
