//! What every request handler of `dicelab serve` shares.

use std::path::PathBuf;
use std::sync::Arc;

use tokio::sync::Semaphore;

/// What every request handler shares.
pub(super) struct Server {
    /// The port it listens on, which a request's Host must name.
    pub(super) port: u16,
    /// The address it listens on, which a request's Host may name.
    pub(super) address: std::net::IpAddr,
    /// Whether it listens on every interface, so a Host may be any address of this machine.
    pub(super) open: bool,
    /// This machine's own names (its hostname, its `.local` name), which a Host may name too.
    pub(super) names: Vec<String>,
    /// The report folder the Findings page reads, if any.
    pub(super) reports: Option<PathBuf>,
    /// The app that computes in the browser (`dev/web.sh` writes it), if any: its files are
    /// sent in place of the pages built into the binary, which compute here.
    pub(super) app: Option<PathBuf>,
    /// One permit a core: the computations (advice, a game, a review) that may run at once.
    /// Each computation holds its permit until it ends, even when its client has gone.
    pub(super) work: Arc<Semaphore>,
    /// The longest one request may compute (`--work-limit`).
    pub(super) work_limit: std::time::Duration,
    /// Set once the server is stopping: the computations under way stop between their steps.
    pub(super) stopping: Arc<std::sync::atomic::AtomicBool>,
}
