//! The cluster paths end to end (and GNU parallel over ssh, below). Slurm, on a real throwaway
//! single-node cluster: `deploy/slurm/test.sh` starts munged, slurmctld and slurmd under a
//! temporary folder (installing Debian's `slurm-wlm` and `munge` when missing, so it needs root,
//! as every machine of this project has), submits
//! job arrays through `deploy/slurm/submit.sh`, checks the merged reports against unsharded runs
//! byte for byte, cancels a task and resubmits it, and stops every daemon it started.

#[path = "system/mod.rs"]
mod system;

use std::process::Command;

#[test]
fn shards_on_a_real_slurm_cluster_merge_to_the_unsharded_run() {
    if system::skipped("Slurm (installed with apt-get)") {
        return;
    }
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

/// The GNU parallel recipe of deploy/slurm/README.md, on two "hosts" that are both this machine:
/// `deploy/slurm/parallel-test.sh` starts an sshd on 127.0.0.1 with throwaway keys (installing
/// Debian's openssh-server, parallel and rsync when missing), runs the recipe, checks the merged
/// report against the unsharded run byte for byte and that no shard folder is left on the hosts,
/// and stops the sshd by pid.
#[test]
fn shards_over_ssh_with_gnu_parallel_merge_to_the_unsharded_run() {
    if system::skipped("GNU parallel and ssh (installed with apt-get)") {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/slurm/parallel-test.sh");
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_dicelab"))
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "deploy/slurm/parallel-test.sh failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(
        stdout.contains("merged byte-identical to the unsharded run"),
        "{stdout}"
    );
}
