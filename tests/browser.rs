//! Pages in a real browser. `tests/browser/findings.sh` writes a small default-job report and
//! checks its findings page (index.html) in Debian's headless Chromium, driven by playwright-core,
//! at a phone's 390x844 and a desktop's 1280x800: no sideways scroll, no console error, every
//! table fitting or scrolling alone, every chart's text at least 11 CSS pixels as rendered, each
//! section opening with its sentence for a player. It installs Chromium (apt-get, as root, as
//! every machine of this project is) and playwright-core (npm, into
//! `target/tmp/browser/node_modules`) when missing, as the Slurm test installs Slurm; without
//! root and without Chromium it fails saying so. Screenshots of both sizes are kept in
//! `target/tmp/browser/shots/`. `tests/browser/app.sh` does the same for the web app of `dicelab
//! serve`. The harness (`tests/browser/harness.js`) is the one every page is checked with:
//! docs/browser-tests.md.

#[path = "system/mod.rs"]
mod system;

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;

/// One browser test at a time: both install into the same cache folder, and two Chromiums on
/// two cores would only slow each other.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `tests/browser/SCRIPT` with `args` after the test's `dicelab`, one browser test at a
/// time, and fails the test with its output unless it succeeded and its closing line says
/// `LABEL: N passed, 0 failed`; then checks the screenshots `shots` were kept.
fn browser_checks(script: &str, args: &[String], label: &str, shots: &[&str]) {
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/browser")
        .join(script);
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let out = Command::new("bash")
        .arg(&path)
        .arg(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .env("DICELAB_BROWSER_CACHE", &cache)
        .env("DICELAB_BROWSER_SHOTS", cache.join("shots"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "tests/browser/{script} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(
        stdout.contains(&format!("{label}: ")) && stdout.contains(" passed, 0 failed"),
        "{stdout}"
    );
    for shot in shots {
        let shot = cache.join("shots").join(format!("{shot}.png"));
        assert!(shot.is_file(), "no screenshot {}", shot.display());
    }
}

#[test]
fn the_findings_page_reads_on_a_phone_and_a_desktop() {
    if system::skipped("Chromium (apt-get) and playwright-core (npm)") {
        return;
    }
    // One section per run of the default job and the claims, counted from the registry.
    let sections: usize = dicelab::games::GAMES
        .iter()
        .map(|g| g.report_runs().len())
        .sum::<usize>()
        + 1;
    browser_checks(
        "findings.sh",
        &[sections.to_string()],
        "findings page",
        &["findings-phone-390", "findings-desktop-1280"],
    );
}

/// The web app of `dicelab serve` (tests/browser/app.sh, app.js): every page without an error or
/// sideways scroll at 390x844 and 1280x800, the README's Sevens position entered by taps showing
/// exactly `dicelab advise`'s numbers, a position of 7 advised.
#[cfg(feature = "serve")]
#[test]
fn the_web_app_coaches_on_a_phone_and_a_desktop() {
    if system::skipped("Chromium (apt-get) and playwright-core (npm)") {
        return;
    }
    browser_checks(
        "app.sh",
        &[],
        "web app",
        &[
            "app-coach-sevens-phone-390",
            "app-coach-sevens-desktop-1280",
            "app-rules-of-sevens-phone-390",
        ],
    );
}

/// The app that computes in the browser (tests/browser/web.sh, web.js): built by dev/web.sh
/// (which installs the WebAssembly target and wasm-bindgen-cli where missing), served by
/// `dicelab serve --app` and by another static server. Its script API gives the command line's
/// documents for 1,000 positions and 100 records and the server's for the page's own questions;
/// after one visit, with the server stopped and the network off, it reloads, plays a Sevens game
/// by taps, reviews it and advises as the command line does; the first visit transfers at most
/// 1 MB. Then every page's checks (app.js) with the answers computed in the browser. Prints the
/// figures at 4x CPU throttling.
#[cfg(feature = "serve")]
#[test]
fn the_app_computes_in_the_browser_and_works_offline() {
    if system::skipped("Chromium (apt-get), playwright-core (npm) and the WebAssembly build") {
        return;
    }
    browser_checks(
        "web.sh",
        &[],
        "app in the browser",
        &[
            "web-offline-dicelab-serve-desktop-1280",
            "web-offline-static-server-phone-390",
            "app-play-sevens-phone-390",
        ],
    );
}
