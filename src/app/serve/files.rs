//! The files the server sends from a folder, read-only, with no way out of it: the report
//! folder's here, and what the app's (app.rs) and the reports' share: their types, how a file
//! is sent, and how a path a client names is kept inside its folder.

use std::path::{Component, Path as FsPath, PathBuf};
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::{Error, Message, Result, Setting};

use super::reply::refusal;
use super::server::Server;

/// The folder `dir` given for the setting `key`, canonical, where it `holds` what it must;
/// else one line saying what was `expected` there (`dicelab serve --reports`, `--app`).
pub(super) fn given_folder(
    key: &'static str,
    dir: &FsPath,
    holds: impl Fn(&FsPath) -> bool,
    expected: &str,
) -> Result<PathBuf> {
    let canonical = std::fs::canonicalize(dir).map_err(|e| Error::Io {
        context: Message::default()
            .valued(Setting::named(key), dir.display().to_string())
            .text(": cannot read it"),
        source: e,
    })?;
    if !holds(&canonical) {
        return Err(Error::value(Setting::named(key), dir.display(), expected));
    }
    Ok(canonical)
}

/// A report page carries its own style in a `<style>` element; nothing else inline.
const REPORT_POLICY: &str = "default-src 'self'; style-src 'self' 'unsafe-inline'; \
                             img-src 'self' data:; object-src 'none'; base-uri 'none'";

/// The content type of a file, by its extension; `None` for a kind the server does not send.
pub(super) fn content_type(name: &str) -> Option<&'static str> {
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    Some(match ext.as_str() {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "csv" => "text/csv; charset=utf-8",
        "md" | "txt" => "text/plain; charset=utf-8",
        "json" => "application/json; charset=utf-8",
        "wasm" => "application/wasm",
        "webmanifest" => "application/manifest+json",
        _ => return None,
    })
}

/// `bytes` sent as `name`'s type under `policy`.
pub(super) fn sent(name: &str, bytes: Vec<u8>, policy: &'static str) -> Response {
    let kind = content_type(name).unwrap_or("application/octet-stream");
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(policy),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        bytes,
    )
        .into_response()
}

/// `GET /reports/`: the report folder's index.
pub(super) async fn report_index(State(server): State<Arc<Server>>) -> Response {
    report(State(server), Path("index.html".to_string())).await
}

/// `GET /reports/PATH`: a file of the report folder. A path with `..`, a root, a backslash or a
/// hidden name is refused as it stands; the file found is then checked to lie inside the folder
/// once every symbolic link is followed, and to be a regular file of a kind the server sends.
pub(super) async fn report(
    State(server): State<Arc<Server>>,
    Path(path): Path<String>,
) -> Response {
    let shown = crate::error::one_line(&path);
    let Some(root) = server.reports.clone() else {
        return refusal(
            StatusCode::NOT_FOUND,
            "reports: this server was started without a report folder (dicelab serve --reports DIR)",
        );
    };
    let Some(relative) = plain_relative(&path) else {
        return refusal(
            StatusCode::BAD_REQUEST,
            &format!("/reports/{shown}: not a path inside the report folder"),
        );
    };
    if content_type(&path).is_none() {
        return refusal(
            StatusCode::NOT_FOUND,
            &format!("/reports/{shown}: not a kind of file this server sends"),
        );
    }
    let found = tokio::task::spawn_blocking(move || find_inside(&root, &relative)).await;
    let missing = || {
        refusal(
            StatusCode::NOT_FOUND,
            &format!("/reports/{shown}: no such file in the report folder"),
        )
    };
    let unreadable = || {
        refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("/reports/{shown}: in the report folder, but the server cannot read it"),
        )
    };
    let file = match found {
        Ok(Ok(Some(found))) => match tokio::fs::File::open(&found).await {
            Ok(file) => file,
            Err(_) => return unreadable(),
        },
        Ok(Ok(None)) => return missing(),
        Ok(Err(_)) | Err(_) => return unreadable(),
    };
    let length = file.metadata().await.ok().map(|m| m.len());
    sent_from(&path, file, length, REPORT_POLICY)
}

/// How much of a report file is read at a time: what a request holds of it.
const PIECE: usize = 64 * 1024;

/// `file` sent as `name`'s type under `policy`, read and sent a piece at a time, so a large
/// report file (a record of many games) never lies whole in memory: ten requests for a 300 MB
/// file held 2.9 GB when each was read whole. A read that fails midway ends the answer early.
pub(super) fn sent_from(
    name: &str,
    mut file: tokio::fs::File,
    length: Option<u64>,
    policy: &'static str,
) -> Response {
    use tokio::io::AsyncReadExt;
    let (mut sender, body) =
        http_body_util::channel::Channel::<axum::body::Bytes, std::io::Error>::new(1);
    tokio::spawn(async move {
        let mut piece = vec![0u8; PIECE];
        loop {
            match file.read(&mut piece).await {
                Ok(0) => break,
                Ok(n) => {
                    let data = axum::body::Bytes::copy_from_slice(&piece[..n]);
                    // The client has gone: nothing more to read for it.
                    if sender.send_data(data).await.is_err() {
                        break;
                    }
                }
                Err(e) => {
                    sender.abort(e);
                    break;
                }
            }
        }
    });
    let mut response = sent(name, Vec::new(), policy);
    // Its length as it was when opened, so a client can tell how much is coming; a file that
    // shrinks meanwhile ends the connection early, as a failed read does.
    if let Some(length) = length {
        response
            .headers_mut()
            .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    }
    *response.body_mut() = axum::body::Body::new(body);
    response
}

/// `path` as a relative path of plain names only, or `None`.
pub(super) fn plain_relative(path: &str) -> Option<PathBuf> {
    if path.is_empty() || path.contains('\\') || path.contains('\0') {
        return None;
    }
    let relative = FsPath::new(path);
    let plain = relative.components().all(|c| match c {
        Component::Normal(name) => !name.to_string_lossy().starts_with('.'),
        _ => false,
    });
    plain.then(|| relative.to_path_buf())
}

/// The file at `root/relative` if, every link followed, it is a regular file inside `root`
/// (itself canonical); `None` where there is no such file there; an error where it is there but
/// cannot be looked at.
pub(super) fn find_inside(root: &FsPath, relative: &FsPath) -> std::io::Result<Option<PathBuf>> {
    use std::io::ErrorKind;
    let found = match std::fs::canonicalize(root.join(relative)) {
        Ok(found) => found,
        // No such file: nothing there, a file where a folder would be, a name too long.
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::NotFound | ErrorKind::NotADirectory | ErrorKind::InvalidFilename
            ) =>
        {
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    if !found.starts_with(root) || !std::fs::metadata(&found)?.is_file() {
        return Ok(None);
    }
    Ok(Some(found))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path climbing out, rooted, hidden or written with a backslash is no path inside the
    /// folder; plain names are.
    #[test]
    fn only_plain_names_are_paths_inside_the_report_folder() {
        for bad in [
            "../etc/passwd",
            "a/../../b",
            "/etc/passwd",
            "..",
            ".hidden",
            "a/.git/config",
            "a\\..\\b",
            "",
            "a\0b",
        ] {
            assert!(plain_relative(bad).is_none(), "{bad:?}");
        }
        assert_eq!(
            plain_relative("sevens/summary.csv"),
            Some(PathBuf::from("sevens/summary.csv"))
        );
    }

    /// A link inside the folder that leads out of it is not followed out.
    #[test]
    fn a_link_out_of_the_report_folder_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("reports");
        std::fs::create_dir(&root).unwrap();
        std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
        std::fs::write(root.join("index.html"), "<p>ok</p>").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), root.join("out.txt")).unwrap();
        let root = std::fs::canonicalize(&root).unwrap();
        assert_eq!(
            find_inside(&root, FsPath::new("index.html")).unwrap(),
            Some(root.join("index.html"))
        );
        assert_eq!(find_inside(&root, FsPath::new("out.txt")).unwrap(), None);
        assert_eq!(
            find_inside(&root, FsPath::new("missing.txt")).unwrap(),
            None
        );
        // A file where a folder would be is no file there either (it was a 500).
        assert_eq!(
            find_inside(&root, FsPath::new("index.html/x.html")).unwrap(),
            None
        );
    }
}
