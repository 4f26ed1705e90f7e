//! Pages in a real browser. `tests/browser/findings.sh` writes a small default-job report and
//! checks its findings page (index.html) in Debian's headless Chromium, driven by playwright-core,
//! at a phone's 390x844 and a desktop's 1280x800: no sideways scroll, no console error, every
//! table fitting or scrolling alone, every chart's text at least 11 CSS pixels as rendered, each
//! section opening with its sentence for a player. It installs Chromium (apt-get, as root, as
//! every machine of this project is) and playwright-core (npm, into
//! `target/tmp/browser/node_modules`) when missing, as the Slurm test installs Slurm; without
//! root and without Chromium it fails saying so. Screenshots of both sizes are kept in
//! `target/tmp/browser/shots/`. The harness (`tests/browser/harness.js`) is the one later pages
//! are checked with: docs/browser-tests.md.

use std::path::Path;
use std::process::Command;

#[test]
fn the_findings_page_reads_on_a_phone_and_a_desktop() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser/findings.sh");
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    // One section per run of the default job and the claims, counted from the registry.
    let sections: usize = dicelab::games::GAMES
        .iter()
        .map(|g| g.report_runs().len())
        .sum::<usize>()
        + 1;
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_dicelab"))
        .arg(sections.to_string())
        .env("DICELAB_BROWSER_CACHE", &cache)
        .env("DICELAB_BROWSER_SHOTS", cache.join("shots"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "tests/browser/findings.sh failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(
        stdout.contains("findings page: ") && stdout.contains(" passed, 0 failed"),
        "{stdout}"
    );
    for size in ["phone-390", "desktop-1280"] {
        let shot = cache.join("shots").join(format!("findings-{size}.png"));
        assert!(shot.is_file(), "no screenshot {}", shot.display());
    }
}
