//! How much memory this process may still take, read before a large solve so that a solve
//! that cannot fit is refused in one line instead of ending in the allocator's abort.
//!
//! A process can be held by three limits, and any may be the tightest: its address space
//! (`ulimit -v`, `RLIMIT_AS`: an allocation past it fails, and Rust aborts on a failed
//! allocation), its control group (`memory.max`: past it the kernel kills the process) and
//! the machine's free memory (`MemAvailable`). Each is read where the system reports it; one
//! that cannot be read sets no bound, since refusing a run on a guess would be worse.

use std::fs;

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

    #[test]
    fn sizes_read_in_the_unit_that_suits_them() {
        assert_eq!(size(3 << 29), "1.50 GiB");
        assert_eq!(size(300 << 20), "300 MiB");
    }
}
