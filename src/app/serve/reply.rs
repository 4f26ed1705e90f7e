//! How `dicelab serve` answers: a JSON document, or a refusal, a status with one JSON line (or,
//! where a browser asked for a page, a page saying the same in words).

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
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

/// A refusal as [`refusal`] gives it, or, where the request asked for a page (a browser's
/// address bar sends `Accept: text/html`), a page a person reads: the same line, and what to
/// open instead. A program asking for JSON still gets its one line.
pub(super) fn refusal_for(asked: &HeaderMap, status: StatusCode, why: &str) -> Response {
    let wants_page = asked
        .get(header::ACCEPT)
        .and_then(|a| a.to_str().ok())
        .is_some_and(|a| a.contains("text/html"));
    if !wants_page {
        return refusal(status, why);
    }
    let page = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>dicelab: not answered</title>\n</head>\n<body>\n\
         <h1>dicelab did not answer this</h1>\n<p>{}</p>\n\
         <p>Open the address <code>dicelab serve</code> printed when it started (on a phone, the \
         QR code it drew), or the machine's own name.</p>\n</body>\n</html>\n",
        escaped(&crate::error::one_line(why))
    );
    (
        status,
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'none'"),
            ),
        ],
        page,
    )
        .into_response()
}

/// `text` safe inside an HTML element.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
