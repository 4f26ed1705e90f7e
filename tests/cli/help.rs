//! `--help` and `--version`.

use crate::common::ok;

#[test]
fn help_and_version_exit_zero() {
    let tmp = tempfile::tempdir().unwrap();
    let help = ok(tmp.path(), &["--help"]);
    for command in [
        "simulate", "compare", "solve", "table", "claims", "report", "merge",
    ] {
        assert!(help.contains(command), "{help}");
    }
    assert!(ok(tmp.path(), &["--version"]).starts_with("dicelab "));
}
