//! `report`: the default job writes every report.

use crate::common::{REPORT_FILES, ok};

#[test]
fn the_default_job_writes_every_report() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let stdout = ok(d, &["report", "-n", "20000", "-q", "--out", "rep"]);
    assert!(stdout.contains("reports written"), "{stdout}");
    for folder in [
        "sequences",
        "hearts-due",
        "sequences-4p",
        "hearts-due-4p",
        "sevens",
        "sevens-compare",
        "sevens-2p",
        "sevens-4p",
        "solitaire-dice",
        "solitaire-dice-ladder",
        "sieben-4p",
        "sieben-lookahead",
    ] {
        for file in REPORT_FILES {
            assert!(
                d.join("rep").join(folder).join(file).exists(),
                "{folder}/{file}"
            );
        }
    }
    assert!(d.join("rep/sequences/cast_table.csv").exists());
    for file in [
        "optimal_policy.csv",
        "leaders_dilemma.csv",
        "keep_chances.csv",
    ] {
        assert!(d.join("rep/sevens").join(file).exists(), "{file}");
    }
    assert!(d.join("rep/claims/claims.csv").exists());
}
