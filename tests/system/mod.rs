//! The tests that need root and the network (they install Debian's Slurm, GNU parallel and
//! ssh, Chromium, PyPI's packages): `DICELAB_SKIP_SYSTEM_TESTS=1 cargo test --profile checked`
//! runs the rest on a machine without them. CI (`.ci/run`) never sets it, so it runs them all.

/// Whether the tests that need root and the network are to be left out: says so on stderr,
/// naming `what` needs them, so a skipped run is never read as a passed one.
pub fn skipped(what: &str) -> bool {
    let skip = std::env::var_os("DICELAB_SKIP_SYSTEM_TESTS").is_some_and(|v| !v.is_empty());
    if skip {
        eprintln!("skipped, as DICELAB_SKIP_SYSTEM_TESTS asks: {what} needs root and the network");
    }
    skip
}
