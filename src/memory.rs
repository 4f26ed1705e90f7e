//! How much memory this process may still take, read before a large solve so that a solve
//! that cannot fit is refused in one line instead of ending in the allocator's abort.
//!
//! A process can be held by three limits, and any may be the tightest: its address space
//! (`ulimit -v`, `RLIMIT_AS`: an allocation past it fails, and Rust aborts on a failed
//! allocation), its control group (`memory.max`: past it the kernel kills the process) and
//! the machine's free memory (`MemAvailable`). Each is read where the system reports it; one
//! that cannot be read sets no bound, since refusing a run on a guess would be worse.

use std::fs;
use std::sync::{Mutex, PoisonError};

/// The tightest of the limits that bind this process now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Headroom {
    /// Bytes the process may still take.
    pub bytes: u64,
    /// Which limit sets it, as a message names it ("the address-space limit (ulimit -v)").
    pub limit: &'static str,
}

/// The tightest bound on what the process may still allocate, or `None` where no limit can
/// be read (not Linux, or `/proc` hidden).
pub(crate) fn headroom() -> Option<Headroom> {
    [address_space(), control_group(), available()]
        .into_iter()
        .flatten()
        .min_by_key(|h| h.bytes)
}

/// Room left under `RLIMIT_AS`: the soft limit less the address space already mapped. Thread
/// stacks and the allocator's arenas count here although they are mostly untouched, which is
/// why this is read from the process and not estimated.
fn address_space() -> Option<Headroom> {
    #[cfg(unix)]
    {
        let limit = rustix::process::getrlimit(rustix::process::Resource::As).current?;
        let statm = fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().next()?.parse().ok()?;
        let page = rustix::param::page_size() as u64;
        Some(Headroom {
            bytes: limit.saturating_sub(pages.saturating_mul(page)),
            limit: "the address-space limit (ulimit -v)",
        })
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Room left in this process's control group (cgroup v2's `memory.max` less `memory.current`,
/// or v1's `memory.limit_in_bytes` less `memory.usage_in_bytes`).
fn control_group() -> Option<Headroom> {
    let cgroup = fs::read_to_string("/proc/self/cgroup").ok()?;
    for line in cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let (max, current) = if controllers.is_empty() {
            let dir = format!("/sys/fs/cgroup{path}");
            (format!("{dir}/memory.max"), format!("{dir}/memory.current"))
        } else if controllers.split(',').any(|c| c == "memory") {
            let dir = format!("/sys/fs/cgroup/memory{path}");
            (
                format!("{dir}/memory.limit_in_bytes"),
                format!("{dir}/memory.usage_in_bytes"),
            )
        } else {
            continue;
        };
        let number =
            |file: &str| -> Option<u64> { fs::read_to_string(file).ok()?.trim().parse().ok() };
        // "max" (no limit) does not parse, and v1 writes a huge number for none.
        let (Some(max), Some(current)) = (number(&max), number(&current)) else {
            continue;
        };
        if max >= 1 << 60 {
            continue;
        }
        return Some(Headroom {
            bytes: max.saturating_sub(current),
            limit: "the memory limit of its control group",
        });
    }
    None
}

/// The machine's memory available to new work without swapping (`MemAvailable`).
fn available() -> Option<Headroom> {
    let meminfo = fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(Headroom {
        bytes: kib.saturating_mul(1024),
        limit: "the machine's available memory",
    })
}

/// Whether `bytes` of address space can be had now, asked of the allocator without touching
/// the memory: a reservation that fails is an error here, where the same allocation made by
/// the solver would abort the process.
pub(crate) fn can_reserve(bytes: u64) -> bool {
    let Ok(bytes) = usize::try_from(bytes) else {
        return false;
    };
    Vec::<u8>::new().try_reserve_exact(bytes).is_ok()
}

/// The memory promised to large solves: the peaks of the solves under way (not yet allocated,
/// so [`headroom`] cannot see them) and the sizes of the solutions kept (which it sees, but
/// which count against a [`bound_solves`] bound), and that bound.
pub(crate) struct Ledger {
    /// The peaks of the solves under way.
    pending: u64,
    /// The sizes of the solutions held.
    held: u64,
    /// The most `pending + held` may reach, and who set it, where someone did.
    bound: Option<(u64, &'static str)>,
}

impl Ledger {
    /// An empty ledger with no bound.
    pub(crate) const fn new() -> Self {
        Ledger {
            pending: 0,
            held: 0,
            bound: None,
        }
    }
}

/// The process's ledger: every large solve is promised its memory here.
static LEDGER: Mutex<Ledger> = Mutex::new(Ledger::new());

fn entries(ledger: &Mutex<Ledger>) -> std::sync::MutexGuard<'_, Ledger> {
    ledger.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Bounds the memory this process's large solves may hold at once, those under way and those
/// kept, to `bytes`; `who` names the bound in a refusal ("this server"). A process that serves
/// many people (`dicelab serve`) sets one, so that what a client asks cannot take the machine;
/// a person's own command line has none.
#[cfg(feature = "serve")]
pub(crate) fn bound_solves(bytes: u64, who: &'static str) {
    entries(&LEDGER).bound = Some((bytes, who));
}

/// Why a solve was not promised its memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Short {
    /// Past the bound a caller set: the bound, who set it and what is taken already.
    Bound {
        bound: u64,
        who: &'static str,
        taken: u64,
    },
    /// More than the process may still take (less what solves under way will take).
    Room(Headroom),
    /// The allocator would not reserve it.
    Reserve,
}

/// A solve's memory, promised until it is dropped or its solution is [`kept`](Promise::kept).
#[derive(Debug)]
pub(crate) struct Promise {
    ledger: &'static Mutex<Ledger>,
    peak: u64,
}

impl Promise {
    /// The solve is done: its peak is let go, and the solution it left, `bytes`, is counted
    /// as held for as long as the [`Held`] lives.
    pub(crate) fn kept(self, bytes: u64) -> Held {
        entries(self.ledger).held += bytes;
        Held {
            ledger: self.ledger,
            bytes,
        }
    }
}

impl Drop for Promise {
    fn drop(&mut self) {
        let mut ledger = entries(self.ledger);
        ledger.pending = ledger.pending.saturating_sub(self.peak);
    }
}

/// A kept solution's memory, counted against a bound until the solution is dropped.
#[derive(Debug)]
pub(crate) struct Held {
    ledger: &'static Mutex<Ledger>,
    bytes: u64,
}

impl Clone for Held {
    fn clone(&self) -> Self {
        entries(self.ledger).held += self.bytes;
        Held {
            ledger: self.ledger,
            bytes: self.bytes,
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut ledger = entries(self.ledger);
        ledger.held = ledger.held.saturating_sub(self.bytes);
    }
}

impl std::fmt::Debug for Ledger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Ledger({} pending, {} held)", self.pending, self.held)
    }
}

/// Promises a solve the `peak` bytes it will take, or says why not: past a bound a caller
/// set, past what the process may still take once the solves already under way have taken
/// theirs, or more than the allocator will reserve. Two solves that start together are
/// counted one after the other, so both never pass on the same free memory.
pub(crate) fn promise(peak: u64) -> Result<Promise, Short> {
    promise_in(&LEDGER, peak)
}

/// [`promise`] in `ledger`.
fn promise_in(ledger: &'static Mutex<Ledger>, peak: u64) -> Result<Promise, Short> {
    let mut entries = entries(ledger);
    if let Some((bound, who)) = entries.bound {
        let taken = entries.pending + entries.held;
        if taken.saturating_add(peak) > bound {
            return Err(Short::Bound { bound, who, taken });
        }
    }
    if let Some(room) = headroom() {
        let left = room.bytes.saturating_sub(entries.pending);
        if left < peak {
            return Err(Short::Room(Headroom {
                bytes: left,
                limit: room.limit,
            }));
        }
    }
    if !can_reserve(peak) {
        return Err(Short::Reserve);
    }
    entries.pending += peak;
    Ok(Promise { ledger, peak })
}

/// `bytes` in GiB with two decimals, or MiB below one GiB, as a message shows a need or a limit.
pub(crate) fn size(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.2} GiB", bytes as f64 / f64::from(1u32 << 30))
    } else {
        format!("{:.0} MiB", bytes as f64 / f64::from(1u32 << 20))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_linux_process_reads_a_bound_on_its_memory() {
        // MemAvailable is always there on Linux; the bound is below the machine's memory.
        let h = headroom().expect("a bound on Linux");
        assert!(h.bytes > 0 && h.bytes < 1 << 50, "{h:?}");
    }

    #[test]
    fn an_impossible_reservation_is_refused_not_aborted() {
        assert!(!can_reserve(u64::MAX));
        assert!(!can_reserve(1 << 62));
        assert!(can_reserve(1 << 20));
    }

    /// A promise counts until it is let go, a kept solution until it is dropped, and a bound
    /// refuses what would pass it with what is taken already.
    #[test]
    fn promises_and_kept_solutions_count_against_a_bound_until_let_go() {
        static OWN: Mutex<Ledger> = Mutex::new(Ledger::new());
        let mb = 1u64 << 20;
        entries(&OWN).bound = Some((100 * mb, "this test"));
        let first = promise_in(&OWN, 60 * mb).expect("60 of 100");
        assert_eq!(
            promise_in(&OWN, 50 * mb).unwrap_err(),
            Short::Bound {
                bound: 100 * mb,
                who: "this test",
                taken: 60 * mb
            }
        );
        let held = first.kept(30 * mb);
        let second = promise_in(&OWN, 70 * mb).expect("30 held and 70 under way fit 100");
        assert!(promise_in(&OWN, mb).is_err());
        let copy = held.clone();
        drop(held);
        assert!(
            promise_in(&OWN, mb).is_err(),
            "the copy still holds the solution"
        );
        drop((second, copy));
        assert!(promise_in(&OWN, 100 * mb).is_ok());
    }

    /// Memory promised to a solve under way is not there for the next, though the process
    /// has not taken it yet: what is left of the headroom is what the next may have.
    #[test]
    fn a_solve_under_way_leaves_the_next_only_what_is_left() {
        static OWN: Mutex<Ledger> = Mutex::new(Ledger::new());
        let room = headroom().expect("a bound on Linux").bytes;
        // Three fifths each: the first fits, the two together are far past the room, however
        // the other tests of this process move it meanwhile.
        let part = room / 5 * 3;
        let first = promise_in(&OWN, part).expect("three fifths of the headroom");
        assert!(
            matches!(promise_in(&OWN, part), Err(Short::Room(_))),
            "the headroom promised twice over"
        );
        drop(first);
        assert!(promise_in(&OWN, part).is_ok());
    }

    #[test]
    fn sizes_read_in_the_unit_that_suits_them() {
        assert_eq!(size(3 << 29), "1.50 GiB");
        assert_eq!(size(300 << 20), "300 MiB");
    }
}
