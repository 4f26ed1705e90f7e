//! The Python package as a user installs it: build the wheel with maturin in a throwaway virtual
//! environment, install it, and run `python/tests`, which checks every call against this
//! checkout's `dicelab` binary byte for byte, its signatures, values, exceptions and executors
//! (a process pool and a real Dask cluster), and runs docs/python.md's walk-through as a script.
//!
//! It needs `python3` (3.9 or later, with `venv`) and PyPI for `maturin`, `pandas`,
//! `dask[distributed]` and `matplotlib`, as CI has.
//!
//! The wheel is built with the test suite's own profile (`checked`) into the test suite's own
//! target folder, so it reuses every crate the suite built with the same features instead of
//! compiling them again (the dicelab library itself is built once more, without the write hook
//! tests build it with). Cargo holds its lock on a target folder only while it builds, not while
//! tests run, so the nested build does not wait on the `cargo test` running this one.

#[path = "system/mod.rs"]
mod system;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `command`, failing the test with its output unless it succeeds.
fn run(what: &str, command: &mut Command) -> String {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start {command:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    stdout + &stderr
}

#[test]
fn the_python_package_builds_installs_and_gives_the_command_lines_bytes() {
    if system::skipped("the Python package (PyPI)") {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let venv = tmp.path().join("venv");
    let python3 = std::env::var("DICELAB_TEST_PYTHON").unwrap_or_else(|_| "python3".to_string());
    run(
        "python3 -m venv (the Python package's test needs python3 with venv)",
        Command::new(&python3).args(["-m", "venv"]).arg(&venv),
    );
    let bin = venv.join("bin");
    let python = bin.join("python");
    run(
        "pip install maturin pandas dask matplotlib",
        Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "maturin>=1.9.4,<2",
            "pandas",
            "dask[distributed]",
            "matplotlib",
        ]),
    );
    let wheels = tmp.path().join("wheels");
    // CARGO_TARGET_TMPDIR is `<target folder>/tmp`: the target folder this suite was built in.
    let target: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the temporary folder is inside the target folder")
        .to_path_buf();
    run(
        "maturin build",
        Command::new(bin.join("maturin"))
            .args(["build", "--profile", "checked", "--locked", "--quiet", "-m"])
            .arg(root.join("python").join("Cargo.toml"))
            .arg("--out")
            .arg(&wheels)
            .arg("--interpreter")
            .arg(&python)
            .env("CARGO_TARGET_DIR", &target),
    );
    let wheel: Vec<PathBuf> = std::fs::read_dir(&wheels)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "whl"))
        .collect();
    assert_eq!(wheel.len(), 1, "expected one wheel, found {wheel:?}");
    run(
        "pip install the wheel",
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "--no-deps"])
            .arg(&wheel[0]),
    );
    // From a folder of its own, so `import dicelab` finds the installed package, not the
    // sources in python/ (which lack the compiled half).
    let report = run(
        "python/tests",
        Command::new(&python)
            .args(["-m", "unittest", "discover", "-v", "-s"])
            .arg(root.join("python").join("tests"))
            .current_dir(tmp.path())
            .env("DICELAB_BIN", env!("CARGO_BIN_EXE_dicelab")),
    );
    // Every test ran: a discovery that found nothing would also succeed.
    let ran = report
        .lines()
        .find_map(|l| {
            l.strip_prefix("Ran ")?
                .split(' ')
                .next()?
                .parse::<u32>()
                .ok()
        })
        .unwrap_or(0);
    assert!(
        ran >= 44,
        "expected at least 44 Python tests, ran {ran}:\n{report}"
    );
    // A test skipped (dask or matplotlib missing) would pass without checking anything.
    assert!(
        !report.contains("skipped"),
        "a Python test was skipped:\n{report}"
    );
}
