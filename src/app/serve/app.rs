//! The app's files: the one that computes in the browser where `dev/web.sh` has written it (its
//! folder, read at each request, so a rebuilt app is served at once, gzipped where the browser
//! takes it), else the pages of web/ embedded in the binary when it was built, which compute on
//! this server.

use std::path::{Path as FsPath, PathBuf};
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;

use crate::error::Result;

use super::files::{content_type, find_inside, given_folder, plain_relative, sent, sent_from};
use super::reply::refusal;
use super::server::Server;

/// The app's files, by name: `web/` as it was when dicelab was built (all but the service
/// worker, which only the app of `dev/web.sh` has: these pages need the server).
const ASSETS: &[(&str, &[u8])] = &[
    ("index.html", include_bytes!("../../../web/index.html")),
    ("app.js", include_bytes!("../../../web/app.js")),
    ("coach.js", include_bytes!("../../../web/coach.js")),
    ("coaches.js", include_bytes!("../../../web/coaches.js")),
    ("compute.js", include_bytes!("../../../web/compute.js")),
    ("dom.js", include_bytes!("../../../web/dom.js")),
    ("faces.js", include_bytes!("../../../web/faces.js")),
    ("findings.js", include_bytes!("../../../web/findings.js")),
    ("install.js", include_bytes!("../../../web/install.js")),
    ("play.js", include_bytes!("../../../web/play.js")),
    ("review.js", include_bytes!("../../../web/review.js")),
    ("rules.js", include_bytes!("../../../web/rules.js")),
    ("script.js", include_bytes!("../../../web/script.js")),
    ("sevens.js", include_bytes!("../../../web/sevens.js")),
    ("sheet.js", include_bytes!("../../../web/sheet.js")),
    ("taps.js", include_bytes!("../../../web/taps.js")),
    ("worker.js", include_bytes!("../../../web/worker.js")),
    ("style.css", include_bytes!("../../../web/style.css")),
    (
        "manifest.webmanifest",
        include_bytes!("../../../web/manifest.webmanifest"),
    ),
    ("icon.svg", include_bytes!("../../../web/icon.svg")),
    ("icon-192.png", include_bytes!("../../../web/icon-192.png")),
    ("icon-512.png", include_bytes!("../../../web/icon-512.png")),
];

/// What the app's pages may load: their own files only (no other site, no inline script), the
/// report pages' pictures as they are; and compile their own WebAssembly module, which the
/// browser otherwise refuses under a policy.
const APP_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                          img-src 'self' data:; object-src 'none'; base-uri 'none'; \
                          frame-ancestors 'none'";

/// What a folder must hold to be the app `dev/web.sh` writes.
const APP_FILES: [&str; 3] = ["index.html", "sw.js", "pkg/dicelab_wasm_bg.wasm"];

/// The folder of the app that computes in the browser: the one given, which must hold it, else
/// `target/web` of the checkout this binary was built from where `dev/web.sh` wrote it there;
/// `None` where there is none, and the pages built in are served.
pub(super) fn app_folder(given: Option<&PathBuf>) -> Result<Option<PathBuf>> {
    let built = |dir: &FsPath| APP_FILES.iter().all(|f| dir.join(f).is_file());
    match given {
        Some(dir) => given_folder(
            "app",
            dir,
            built,
            "expected the app's folder, with index.html, sw.js and pkg/ (dev/web.sh DIR writes \
             one)",
        )
        .map(Some),
        None => Ok(std::fs::canonicalize(
            FsPath::new(env!("CARGO_MANIFEST_DIR")).join("target/web"),
        )
        .ok()
        .filter(|dir| built(dir))),
    }
}

/// `GET /`: the app.
pub(super) async fn index(server: State<Arc<Server>>, headers: HeaderMap) -> Response {
    asset(server, Path("index.html".to_string()), headers).await
}

/// `GET /PATH`: one of the app's files: from the app's folder where there is one (gzipped where
/// `dev/web.sh` wrote `PATH.gz` and the browser takes gzip), else from the pages built in.
pub(super) async fn asset(
    State(server): State<Arc<Server>>,
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Response {
    let shown = crate::error::one_line(&path);
    let missing = || {
        refusal(
            StatusCode::NOT_FOUND,
            &format!("/{shown}: no such page or API call"),
        )
    };
    let Some(root) = server.app.clone() else {
        return match ASSETS.iter().find(|(n, _)| *n == path) {
            Some((name, bytes)) => sent(name, bytes.to_vec(), APP_POLICY),
            None => missing(),
        };
    };
    let (Some(relative), Some(_)) = (plain_relative(&path), content_type(&path)) else {
        return missing();
    };
    if path == "index.html" {
        return app_index(&root, server.reports.is_some()).await;
    }
    let gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(takes_gzip);
    let zipped = relative.with_file_name(format!(
        "{}.gz",
        relative.file_name().unwrap_or_default().to_string_lossy()
    ));
    let found = tokio::task::spawn_blocking(move || {
        let plain = find_inside(&root, &relative)?;
        if plain.is_some()
            && gzip
            && let Some(zipped) = find_inside(&root, &zipped)?
        {
            return Ok(Some((zipped, true)));
        }
        Ok::<_, std::io::Error>(plain.map(|p| (p, false)))
    })
    .await;
    let (file, zipped) = match found {
        Ok(Ok(Some((found, zipped)))) => match tokio::fs::File::open(&found).await {
            Ok(file) => (file, zipped),
            Err(_) => return missing(),
        },
        _ => return missing(),
    };
    let metadata = file.metadata().await.ok();
    let length = metadata.as_ref().map(std::fs::Metadata::len);
    // What is sent, tagged by its size, its time and its coding: a browser that keeps a copy
    // (a phone on the LAN's plain HTTP, where no service worker keeps the app) asks with the
    // tag and gets "not modified", not the module again.
    let tag = metadata
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|t| {
            let coding = if zipped { "gz" } else { "id" };
            format!("\"{}-{}-{coding}\"", length.unwrap_or(0), t.as_nanos())
        });
    let held = tag.as_ref().is_some_and(|tag| {
        headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|t| t.trim() == tag))
    });
    let mut response = if held {
        let mut unchanged = sent(&path, Vec::new(), APP_POLICY);
        *unchanged.status_mut() = StatusCode::NOT_MODIFIED;
        unchanged
    } else {
        sent_from(&path, file, length, APP_POLICY)
    };
    let sent_headers = response.headers_mut();
    sent_headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Some(tag) = tag.and_then(|t| HeaderValue::from_str(&t).ok()) {
        sent_headers.insert(header::ETAG, tag);
    }
    if zipped && !held {
        sent_headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
}

/// Whether an `Accept-Encoding` takes gzip: named (or `*`) with a weight above 0 (`gzip;q=0`
/// refuses it).
fn takes_gzip(accepted: &str) -> bool {
    accepted.split(',').any(|coding| {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let weight = parts
            .find_map(|p| p.strip_prefix("q="))
            .map_or(1.0, |q| q.parse::<f64>().unwrap_or(0.0));
        (name.eq_ignore_ascii_case("gzip") || name == "*") && weight > 0.0
    })
}

/// The app's page, marked where this server has findings to show: the page cannot ask without
/// a request that fails wherever another host serves it (a static host has no findings).
async fn app_index(root: &FsPath, findings: bool) -> Response {
    // Found as every file of the folder is: a link out of it is not followed.
    let found = find_inside(root, FsPath::new("index.html")).ok().flatten();
    let read = match found {
        Some(found) => tokio::fs::read_to_string(found).await.ok(),
        None => None,
    };
    let Some(mut page) = read else {
        return refusal(
            StatusCode::INTERNAL_SERVER_ERROR,
            "/index.html: in the app's folder, but the server cannot read it",
        );
    };
    if findings {
        page = page.replacen(
            "<meta charset=\"utf-8\">",
            "<meta charset=\"utf-8\">\n<meta name=\"dicelab-findings\" content=\"reports/\">",
            1,
        );
    }
    sent("index.html", page.into_bytes(), APP_POLICY)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gzip is sent where it is taken, by name or `*`, with any weight above 0; not where its
    /// weight is 0 or another coding is named.
    #[test]
    fn gzip_is_sent_only_where_taken() {
        for taken in [
            "gzip",
            "gzip, deflate, br",
            "br;q=1.0, gzip;q=0.5",
            "*",
            "GZIP",
        ] {
            assert!(takes_gzip(taken), "{taken}");
        }
        for refused in [
            "",
            "br",
            "gzip;q=0",
            "gzipped",
            "identity, *;q=0",
            "gzip; q=0.0",
        ] {
            assert!(!takes_gzip(refused), "{refused}");
        }
    }
}
