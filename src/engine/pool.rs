//! Where the parallel loops run: on a pool of threads, or, on a host that has no threads (a
//! browser's WebAssembly, where a thread pool cannot start), on the calling thread. One code
//! path either way: the loops are rayon's, and on the calling thread rayon runs them in order
//! on a pool of one, that thread itself. The chunks, not the threads, decide what is computed,
//! so the answers are the same byte for byte.

use std::cell::OnceCell;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Error, Result, Setting};

/// Whether every pool runs on its caller's thread: from the start on WebAssembly, where no
/// thread can be started, and from [`run_in_thread`] on anywhere else.
static IN_THREAD: AtomicBool = AtomicBool::new(cfg!(target_family = "wasm"));

/// Runs every parallel loop from now on on the thread that asks for it, whatever `--threads`
/// says: what a host without threads needs, set once at its start. A WebAssembly build starts
/// this way.
pub fn run_in_thread() {
    IN_THREAD.store(true, Ordering::Relaxed);
}

/// Whether the parallel loops run on their caller's thread ([`run_in_thread`]).
pub fn runs_in_thread() -> bool {
    IN_THREAD.load(Ordering::Relaxed)
}

thread_local! {
    /// The pool of one that is this thread, made on its first use: rayon lets a thread belong
    /// to one pool, so it is made once and every later loop of the thread runs on it.
    static HERE: OnceCell<Option<rayon::ThreadPool>> = const { OnceCell::new() };
}

/// A pool the library's parallel loops run on: one of threads, or the calling thread.
pub struct Pool(Option<rayon::ThreadPool>);

impl Pool {
    /// Runs `op` on this pool: its parallel loops on the pool's threads, or, for a pool that
    /// runs in its caller's thread, in order on that thread.
    pub fn install<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce() -> R + Send,
        R: Send,
    {
        match &self.0 {
            Some(pool) => pool.install(op),
            None => HERE.with(|here| {
                let pool = here.get_or_init(|| {
                    // A thread that is already a worker of a pool (a test's, say) runs its
                    // loops there: it cannot be made a pool of its own.
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(1)
                        .use_current_thread()
                        .build()
                        .ok()
                });
                match pool {
                    Some(pool) => pool.install(op),
                    None => op(),
                }
            }),
        }
    }
}

/// Starts a thread pool of `threads` workers (`None`: one a core) with `stack` bytes of stack
/// each (`None`: rayon's default), or where the loops run in their caller's thread
/// ([`runs_in_thread`]), the pool that is that thread. Every pool dicelab starts comes from
/// here, so a pool that cannot start (a tight `ulimit`, too many threads) fails the same way
/// everywhere: the one `--threads` error line, never a panic.
pub fn thread_pool(threads: Option<usize>, stack: Option<usize>) -> Result<Pool> {
    if let Some(threads) = threads {
        super::check_threads(threads as u64)?;
    }
    if runs_in_thread() {
        return Ok(Pool(None));
    }
    let mut builder = rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0));
    if let Some(bytes) = stack {
        builder = builder.stack_size(bytes);
    }
    builder.build().map(|pool| Pool(Some(pool))).map_err(|e| {
        Error::setting(
            Setting::THREADS,
            format!("cannot start the thread pool: {e}"),
        )
    })
}
