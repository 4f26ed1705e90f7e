//! Which connections the server takes, and each request's head read before hyper sees it.
//!
//! A client that opens connections and sends nothing holds a slot until a deadline passes: 140
//! such connections, renewed at 13 a second, kept every slot full and locked everyone out. So
//! one address holds at most [`PER_ADDRESS`] connections at once, and a connection whose
//! request line has not arrived within [`LINE_TIMEOUT`] is answered and closed. The head is read
//! by the parser hyper itself uses (httparse), without taking it from the socket (`peek`), so a
//! request hyper would refuse with a bare status (a malformed line, too many headers, a target
//! too long) gets the server's own one-line JSON refusal instead, as every other refusal does.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::http::StatusCode;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::time::Instant;

/// Connections one address may hold at once: a browser opens six to a site, a table of phones
/// has an address each.
pub(super) const PER_ADDRESS: usize = 16;

/// The longest a client may take to send its request line.
pub(super) const LINE_TIMEOUT: Duration = Duration::from_secs(3);

/// The largest request head (its line and headers) read: a browser's is about a kilobyte.
pub(super) const MAX_HEAD: usize = 64 * 1024;

/// The longest request target taken (the path and query): the app's addresses are short.
pub(super) const MAX_TARGET: usize = 8 * 1024;

/// The most header lines taken, as hyper takes.
const MAX_HEADERS: usize = 100;

/// How often a head not yet whole is looked at again.
const LOOK_AGAIN: Duration = Duration::from_millis(20);

/// The connections each address holds.
#[derive(Default)]
pub(super) struct Addresses(Mutex<HashMap<IpAddr, usize>>);

/// One connection of an address, counted until dropped.
pub(super) struct Admitted {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Addresses {
    /// Counts a connection from `ip`, or `None` where it holds [`PER_ADDRESS`] already.
    pub(super) fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Admitted> {
        let mut held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = held.entry(ip).or_default();
        if *count >= PER_ADDRESS {
            return None;
        }
        *count += 1;
        Some(Admitted {
            addresses: self.clone(),
            ip,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut held = self
            .addresses
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = held.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.ip);
            }
        }
    }
}

/// What a connection's request head was found to be.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Head {
    /// Whole and well formed: hyper reads it.
    Ready,
    /// Refused: the status and the line saying why.
    Refused(StatusCode, String),
    /// The client closed the connection before a whole head.
    Gone,
}

/// Waits for the request head on `stream` (opened at `opened`), without reading it off the
/// socket: the line within [`LINE_TIMEOUT`], the whole head within `whole` and
/// [`MAX_HEAD`] bytes, well formed as hyper would parse it.
pub(super) async fn head(stream: &TcpStream, opened: Instant, whole: Duration) -> Head {
    let mut buf = vec![0u8; MAX_HEAD + 1];
    // How much was looked at last: a head is judged again only once more of it has come.
    let mut judged = 0;
    let mut line = false;
    loop {
        // Until its line has come, the line's deadline; then the whole head's.
        let deadline = opened + if line { whole } else { LINE_TIMEOUT.min(whole) };
        let seen = match tokio::time::timeout_at(deadline, stream.peek(&mut buf)).await {
            Err(_) => judged,
            Ok(Ok(0) | Err(_)) => return Head::Gone,
            Ok(Ok(n)) => n,
        };
        let now = Instant::now();
        let bytes = &buf[..seen];
        line = line || bytes.contains(&b'\n');
        if seen > judged {
            judged = seen;
            if let Some(head) = judge(bytes) {
                return head;
            }
            if seen > MAX_HEAD {
                return Head::Refused(
                    StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                    format!("request head: larger than {MAX_HEAD} bytes"),
                );
            }
        }
        if !line && now >= opened + LINE_TIMEOUT {
            return Head::Refused(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "request line: not sent within {} seconds",
                    LINE_TIMEOUT.as_secs()
                ),
            );
        }
        if now >= opened + whole {
            return Head::Refused(
                StatusCode::REQUEST_TIMEOUT,
                format!("request head: not sent within {} seconds", whole.as_secs()),
            );
        }
        tokio::time::sleep(LOOK_AGAIN).await;
    }
}

/// What the head begun in `bytes` is, or `None` while it is not yet whole.
fn judge(bytes: &[u8]) -> Option<Head> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    let parsed = request.parse(bytes);
    // A target too long is refused as soon as it is seen, whole head or not.
    let target = request.path.map_or_else(
        || {
            // Still in the line: the bytes after the method, up to a space or the line's end.
            let line = bytes.split(|&b| b == b'\n').next().unwrap_or(bytes);
            line.split(|&b| b == b' ').nth(1).map_or(0, <[u8]>::len)
        },
        str::len,
    );
    if target > MAX_TARGET {
        return Some(Head::Refused(
            StatusCode::URI_TOO_LONG,
            format!("request target: longer than {MAX_TARGET} bytes"),
        ));
    }
    match parsed {
        Ok(httparse::Status::Complete(_)) => Some(Head::Ready),
        Ok(httparse::Status::Partial) => None,
        Err(httparse::Error::TooManyHeaders) => Some(Head::Refused(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("request head: more than {MAX_HEADERS} headers"),
        )),
        Err(e) => Some(Head::Refused(
            StatusCode::BAD_REQUEST,
            format!("request head: not an HTTP request ({e})"),
        )),
    }
}

/// Answers `status` with one JSON line, as every refusal of the server reads, and closes.
pub(super) async fn refuse(mut stream: TcpStream, status: StatusCode, why: &str) {
    let mut body = serde_json::json!({ "error": crate::error::one_line(why) }).to_string();
    body.push('\n');
    let reason = status.canonical_reason().unwrap_or("");
    let answer = format!(
        "HTTP/1.1 {} {reason}\r\ncontent-type: {}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        status.as_u16(),
        super::reply::JSON,
        body.len()
    );
    let _ = stream.write_all(answer.as_bytes()).await;
    let _ = stream.shutdown().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_well_formed_head_is_ready_and_a_part_waits() {
        assert_eq!(
            judge(b"GET / HTTP/1.1\r\nHost: a:1\r\n\r\n"),
            Some(Head::Ready)
        );
        assert_eq!(judge(b"GET / HTTP/1.1\r\nHost: a"), None);
        assert_eq!(judge(b"GE"), None);
        assert_eq!(judge(b""), None);
    }

    #[test]
    fn what_hyper_would_refuse_bare_is_refused_with_its_reason() {
        let refused = |bytes: &[u8]| match judge(bytes) {
            Some(Head::Refused(status, _)) => status.as_u16(),
            other => panic!("{other:?}"),
        };
        assert_eq!(refused(b"\x01\x02 garbage\r\n\r\n"), 400);
        assert_eq!(refused(b"GET / HTTP/9.9\r\n\r\n"), 400);
        assert_eq!(refused(b"GET / HTTP/1.1\r\nBad Name: x\r\n\r\n"), 400);
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_TARGET));
        assert_eq!(refused(long.as_bytes()), 414);
        // Seen long before the line ends.
        let partial = format!("GET /{}", "a".repeat(MAX_TARGET + 1));
        assert_eq!(refused(partial.as_bytes()), 414);
        let many: String = (0..=MAX_HEADERS).map(|i| format!("X-{i}: 1\r\n")).collect();
        assert_eq!(
            refused(format!("GET / HTTP/1.1\r\n{many}\r\n").as_bytes()),
            431
        );
    }

    #[test]
    fn an_address_holds_at_most_its_share_until_one_closes() {
        let addresses = Arc::new(Addresses::default());
        let ip: IpAddr = [10, 0, 0, 7].into();
        let held: Vec<Admitted> = (0..PER_ADDRESS)
            .map(|_| addresses.admit(ip).expect("within the share"))
            .collect();
        assert!(addresses.admit(ip).is_none());
        assert!(addresses.admit([10, 0, 0, 8].into()).is_some());
        drop(held);
        assert!(addresses.admit(ip).is_some());
    }
}
