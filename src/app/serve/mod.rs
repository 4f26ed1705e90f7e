//! `dicelab serve`: the local web app. Its pages (the coach, the rules, the findings) are plain
//! HTML, CSS and JavaScript modules in `web/`, embedded in the binary; the JSON API under them
//! calls the library's typed operations (`ops`), never a command line.
//!
//! Safe by default: it listens on 127.0.0.1 unless told otherwise; it answers only requests
//! whose Host names this machine by an address or `localhost` (so a page elsewhere cannot reach
//! it through DNS rebinding); it reads no path a client names except under the report folder
//! it was given, read-only; a request body is at most [`request::MAX_BODY`] bytes; a request's
//! header must arrive within [`HEADER_TIMEOUT`] and a whole connection ends after
//! [`CONNECTION_TIMEOUT`]; at most [`MAX_CONNECTIONS`] connections are served at once and at
//! most one computation a core runs at a time. It needs no network: no font, script or style
//! comes from anywhere else.

mod admit;
mod api;
mod app;
mod files;
mod guard;
mod lan;
mod play;
mod reply;
mod request;
mod server;

use server::Server;

use std::io::ErrorKind;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore};

use crate::error::{Error, Message, Result, Setting};

use super::cli::ServeArgs;
use super::interrupt;
use super::stdout::say;

/// How long the accept loop pauses after a failed accept.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// The longest a client may take to send a request's line and headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest a connection is served, whatever it does: a client that never reads its answer
/// holds nothing past it.
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(120);

/// Connections served at once; one more is closed at once.
const MAX_CONNECTIONS: usize = 128;

/// How long a stop waits for the requests under way.
const DRAIN: Duration = Duration::from_secs(5);

/// The most memory the whole Sevens games the server solves may take at once, those being
/// solved (at their peak) and those kept for the next asker: what a client asks must not take
/// the machine (two small requests made it hold 4.6 GB). It holds the two- and three-player
/// games at the text's rules (441 MB) with room for a variant of up to 14 rounds among three;
/// a larger one is refused in one line, and the command line solves it.
const SOLVE_MEMORY: u64 = 2 << 30;

/// `dicelab serve`: listens, prints the address, and serves until Ctrl-C.
pub fn serve(args: &ServeArgs) -> Result<()> {
    let reports = reports_folder(args.reports.as_ref())?;
    let app = if args.no_app {
        None
    } else {
        app::app_folder(args.app.as_ref())?
    };
    crate::memory::bound_solves(SOLVE_MEMORY, "this server");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_io()
        .enable_time()
        .thread_name("dicelab-serve")
        .build()
        .map_err(|e| Error::unwritable("serve: cannot start the server's threads", e))?;
    let served = runtime.block_on(run(args, reports, app));
    // A computation still running on a blocking thread is not waited for: the stop gave the
    // requests under way their DRAIN already, and dropping the runtime would wait for it, so
    // Ctrl-C would hang until it ended (it took 10 s, twice DRAIN).
    runtime.shutdown_background();
    served
}

/// The report folder: the one given (which must be a folder), else `reports/` here if there is
/// one.
fn reports_folder(given: Option<&PathBuf>) -> Result<Option<PathBuf>> {
    match given {
        Some(dir) => files::given_folder(
            "reports",
            dir,
            std::path::Path::is_dir,
            "expected a report folder (dicelab report writes one)",
        )
        .map(Some),
        None => Ok(std::fs::canonicalize("reports")
            .ok()
            .filter(|p| p.join("index.html").is_file())),
    }
}

/// Where a phone on the same network opens the app: this machine's addresses and names, and a
/// QR code of the first address for the phone's camera; or, where it has no address but
/// loopback, that it must join the phone's network first.
fn say_where(port: u16, names: &[String]) -> Result<()> {
    let addresses = lan::addresses();
    let mut line = format!(
        "dicelab serve: listening on every network interface: anyone who can reach this machine \
         on port {port} can use it"
    );
    let Some(first) = addresses.first() else {
        line.push_str(
            "; this machine has no network address but loopback: join the phone's network and \
             start again\n",
        );
        return say(&line);
    };
    let first = lan::url(*first, port);
    line.push_str(&format!("; on a phone on the same network, open {first}"));
    let more: Vec<String> = addresses[1..]
        .iter()
        .map(|ip| lan::url(*ip, port))
        .chain(
            names
                .iter()
                .filter(|n| n.ends_with(".local"))
                .map(|n| format!("http://{n}:{port}/")),
        )
        .collect();
    if !more.is_empty() {
        line.push_str(&format!(" (or {})", more.join(", ")));
    }
    line.push('\n');
    say(&line)?;
    match lan::qr(&first) {
        Some(code) => say(&format!("{code}\n")),
        None => Ok(()),
    }
}

/// Binds, says where, and serves until a stop.
async fn run(args: &ServeArgs, reports: Option<PathBuf>, app: Option<PathBuf>) -> Result<()> {
    let (host, port) = (args.host, args.port);
    let listener = TcpListener::bind(SocketAddr::new(host, port))
        .await
        .map_err(|e| {
            Error::unwritable(
                Message::default()
                    .valued(Setting::named("port"), port.to_string())
                    .text(format!(": cannot listen on {host}")),
                e,
            )
        })?;
    let bound = listener
        .local_addr()
        .map_err(|e| Error::unwritable("serve: cannot read the address listened on", e))?;
    let open = host.is_unspecified();
    let server = Arc::new(Server {
        port: bound.port(),
        address: bound.ip(),
        open,
        reports,
        app,
        names: lan::names(),
        work: Arc::new(Semaphore::new(
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        )),
        work_limit: Duration::from_secs(args.work_limit),
        stopping: Arc::default(),
    });
    let shown = if open {
        SocketAddr::new(IpAddr::from([127, 0, 0, 1]), bound.port())
    } else {
        bound
    };
    say(&format!(
        "dicelab serve: http://{shown}/ (Ctrl-C stops it)\n"
    ))?;
    if open {
        say_where(bound.port(), &server.names)?;
    }
    say(&match &server.app {
        Some(dir) if open => format!(
            "dicelab serve: the app from {} computes in the browser; a browser keeps it for \
             offline use only from localhost or an HTTPS host, not over this network's plain \
             HTTP (docs/web.md)\n",
            crate::error::one_line(&dir.display().to_string())
        ),
        Some(dir) => format!(
            "dicelab serve: the app from {} computes in the browser, and works offline once \
             visited\n",
            crate::error::one_line(&dir.display().to_string())
        ),
        None => "dicelab serve: the pages compute on this server; for the app that computes on \
                 the phone and works offline, run dev/web.sh (it installs what it needs) and \
                 start again\n"
            .to_string(),
    })?;
    if let Some(dir) = &server.reports {
        say(&format!(
            "dicelab serve: findings from {}\n",
            crate::error::one_line(&dir.display().to_string())
        ))?;
    }
    let stop = Arc::new(Notify::new());
    {
        let stop = stop.clone();
        interrupt::on_interrupt(move || stop.notify_one());
    }
    let router = api::router(server.clone());
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let addresses = Arc::new(admit::Addresses::default());
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, peer) = match accepted {
                    Ok(accepted) => accepted,
                    // A client that gave up before it was accepted: the next one, at once.
                    Err(e) if matches!(
                        e.kind(),
                        ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset
                    ) => continue,
                    // A failure that lasts (no file descriptor left) would otherwise spin a
                    // core until it clears; axum's own loop pauses likewise.
                    Err(_) => {
                        tokio::time::sleep(ACCEPT_PAUSE).await;
                        continue;
                    }
                };
                // One connection too many, or too many from one address, is closed rather
                // than queued.
                let Some(admitted) = addresses.admit(peer.ip()) else { continue };
                let Ok(permit) = connections.clone().try_acquire_owned() else { continue };
                let service = TowerToHyperService::new(router.clone());
                let watcher = graceful.watcher();
                tokio::spawn(async move {
                    let _held = (permit, admitted);
                    let opened = tokio::time::Instant::now();
                    let served = async move {
                        match admit::head(&stream, opened, HEADER_TIMEOUT).await {
                            admit::Head::Gone => {}
                            admit::Head::Refused(status, why) => {
                                admit::refuse(stream, status, &why).await;
                            }
                            admit::Head::Ready => {
                                // One request a connection: each is read by `admit::head`
                                // first, its line within its deadline.
                                let connection = hyper::server::conn::http1::Builder::new()
                                    .timer(TokioTimer::new())
                                    .header_read_timeout(HEADER_TIMEOUT)
                                    .keep_alive(false)
                                    .serve_connection(TokioIo::new(stream), service);
                                let _ = watcher.watch(connection).await;
                            }
                        }
                    };
                    let _ = tokio::time::timeout(CONNECTION_TIMEOUT, served).await;
                });
            }
            () = stop.notified() => break,
        }
    }
    drop(listener);
    // Computations under way stop between their steps and answer; the rest gets DRAIN.
    server
        .stopping
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = tokio::time::timeout(DRAIN, graceful.shutdown()).await;
    say("dicelab serve: stopped (Ctrl-C)\n")
}
