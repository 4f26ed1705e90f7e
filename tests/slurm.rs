//! The Slurm path end to end, on a real throwaway single-node cluster: `deploy/slurm/test.sh`
//! starts munged, slurmctld and slurmd under a temporary folder (installing Debian's `slurm-wlm`
//! and `munge` when missing, so it needs root, as every machine of this project has), submits
//! job arrays through `deploy/slurm/submit.sh`, checks the merged reports against unsharded runs
//! byte for byte, cancels a task and resubmits it, and stops every daemon it started.

use std::process::Command;

#[test]
fn shards_on_a_real_slurm_cluster_merge_to_the_unsharded_run() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/slurm/test.sh");
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_dicelab"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "deploy/slurm/test.sh failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(stdout.contains("slurm test: passed"), "{stdout}");
    assert_eq!(
        stdout
            .matches("byte-identical to the unsharded run")
            .count(),
        4,
        "{stdout}"
    );
}
