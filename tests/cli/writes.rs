//! Reports on disk: a failed run leaves an existing report untouched, a failed write replaces
//! nothing, only regular files are replaced (symlinks written through), a rerun removes the
//! previous run's files and nothing else, and a run killed at any step of its write leaves the
//! old report or the new one.

use crate::common::{
    REPORT_FILES, dicelab_hooked, fails, fifo, fifo_at, folder, ok, read, snapshot, socket,
};
use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

#[test]
fn a_failed_run_leaves_an_existing_report_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "--out", "r", "-q"],
    );
    let before = read(d.join("r/summary.csv"));
    fails(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "1000",
            "--rule",
            "bad",
            "--out",
            "r",
        ],
        2,
        "key=value",
    );
    assert_eq!(before, read(d.join("r/summary.csv")));
}

/// A folder standing where summary.csv should go is refused before anything is written: nothing
/// is replaced and no temporary file is left.
#[test]
fn a_failed_write_replaces_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "1000", "--out", "r", "-q"],
    );
    let before: Vec<Vec<u8>> = REPORT_FILES[1..]
        .iter()
        .map(|f| read(d.join("r").join(f)))
        .collect();
    fs::remove_file(d.join("r/summary.csv")).unwrap();
    fs::create_dir(d.join("r/summary.csv")).unwrap();
    fs::write(d.join("r/summary.csv/keep"), "x").unwrap();
    fails(
        d,
        &["simulate", "sequences", "-n", "2000", "--out", "r", "-q"],
        1,
        "r/summary.csv is a folder, not a regular file",
    );
    let after: Vec<Vec<u8>> = REPORT_FILES[1..]
        .iter()
        .map(|f| read(d.join("r").join(f)))
        .collect();
    assert_eq!(before, after, "the older report is intact");
    let names: Vec<String> = fs::read_dir(d.join("r"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

/// `tune` with a small budget, writing to `out`.
fn tune_to(out: &str) -> [&str; 12] {
    [
        "tune",
        "solitaire-dice",
        "--from",
        "greedy",
        "--budget",
        "21",
        "-n",
        "10",
        "-q",
        "--out",
        out,
        "--seed=1",
    ]
}

/// What stands at `path` (the link itself, not its target).
fn file_type(path: impl AsRef<Path>) -> fs::FileType {
    fs::symlink_metadata(path).unwrap().file_type()
}

/// `args` fail with exit 2 and `expected`, and `path` is the same kind of node as before.
fn refused_and_kept(d: &Path, args: &[&str], path: &str, expected: &str) {
    let before = file_type(d.join(path));
    fails(d, args, 1, expected);
    assert_eq!(before, file_type(d.join(path)), "{path} was replaced");
}

#[test]
fn tune_refuses_to_replace_a_fifo() {
    let tmp = tempfile::tempdir().unwrap();
    fifo(tmp.path());
    refused_and_kept(
        tmp.path(),
        &tune_to("fifo"),
        "fifo",
        "--out fifo: cannot write there (a FIFO, not a regular file",
    );
}

#[test]
fn tune_refuses_to_replace_a_socket() {
    let tmp = tempfile::tempdir().unwrap();
    socket(tmp.path());
    refused_and_kept(
        tmp.path(),
        &tune_to("socket"),
        "socket",
        "--out socket: cannot write there (a socket, not a regular file",
    );
}

#[test]
fn tune_refuses_to_replace_a_folder() {
    let tmp = tempfile::tempdir().unwrap();
    folder(tmp.path());
    refused_and_kept(
        tmp.path(),
        &tune_to("folder"),
        "folder",
        "--out folder: cannot write there (a folder, not a regular file",
    );
    assert_eq!(read(tmp.path().join("folder/keep")), b"x");
}

/// A symlink to a FIFO is followed, and the FIFO refused.
#[test]
fn tune_refuses_a_symlink_to_a_fifo() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fifo(d);
    std::os::unix::fs::symlink("fifo", d.join("link")).unwrap();
    refused_and_kept(d, &tune_to("link"), "link", "a FIFO, not a regular file");
    assert!(file_type(d.join("fifo")).is_fifo_like());
}

trait FifoLike {
    fn is_fifo_like(&self) -> bool;
}

impl FifoLike for fs::FileType {
    fn is_fifo_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_fifo(self)
    }
}

#[test]
fn a_report_refuses_to_replace_a_fifo_in_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("r")).unwrap();
    fifo_at(&d.join("r/summary.csv"));
    refused_and_kept(
        d,
        &["simulate", "sequences", "-n", "1000", "--out", "r", "-q"],
        "r/summary.csv",
        "--out r: cannot write a report there (r/summary.csv is a FIFO, not a regular file",
    );
    let names: Vec<String> = snapshot(&d.join("r")).into_keys().collect();
    assert_eq!(names, ["summary.csv"], "nothing else written");
}

#[test]
fn a_report_refuses_a_fifo_as_its_folder() {
    let tmp = tempfile::tempdir().unwrap();
    fifo(tmp.path());
    refused_and_kept(
        tmp.path(),
        &["simulate", "sequences", "-n", "1000", "--out", "fifo", "-q"],
        "fifo",
        "--out fifo: cannot write a report there (a FIFO, not a folder)",
    );
}

/// `tune --out` a symlink writes the file it points to and keeps the link; a dangling link
/// names the new file.
#[test]
fn tune_writes_through_a_symlink_to_its_target() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::write(d.join("real.csv"), "old").unwrap();
    std::os::unix::fs::symlink("real.csv", d.join("link.csv")).unwrap();
    ok(d, &tune_to("link.csv"));
    assert!(file_type(d.join("link.csv")).is_symlink());
    let written = String::from_utf8(read(d.join("real.csv"))).unwrap();
    // The weights, under their provenance lines.
    assert!(written.starts_with("# made by: dicelab "), "{written}");
    assert!(written.contains("\nweight,value\n"), "{written}");
    std::os::unix::fs::symlink("new.csv", d.join("dangling.csv")).unwrap();
    ok(d, &tune_to("dangling.csv"));
    assert!(file_type(d.join("dangling.csv")).is_symlink());
    assert_eq!(read(d.join("new.csv")), written.as_bytes());
}

/// `--out` a symlink to a folder writes into that folder, first time and rerun, and keeps the
/// link; a symlinked report file is written through too.
#[test]
fn a_report_writes_through_a_symlinked_folder_and_file() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("real")).unwrap();
    std::os::unix::fs::symlink("real", d.join("link")).unwrap();
    let run = ["simulate", "sequences", "-n", "1000", "--out", "link", "-q"];
    ok(d, &run);
    ok(d, &run);
    assert!(file_type(d.join("link")).is_symlink());
    assert!(d.join("real/summary.csv").is_file());
    fs::rename(d.join("real/summary.csv"), d.join("elsewhere.csv")).unwrap();
    std::os::unix::fs::symlink("../elsewhere.csv", d.join("real/summary.csv")).unwrap();
    ok(
        d,
        &["simulate", "sequences", "-n", "2000", "--out", "link", "-q"],
    );
    assert!(file_type(d.join("real/summary.csv")).is_symlink());
    let summary = String::from_utf8(read(d.join("elsewhere.csv"))).unwrap();
    assert!(summary.contains(",2000,"), "{summary}");
    // run.json too: the link stays and its target gets the new record.
    fs::rename(d.join("real/run.json"), d.join("record.json")).unwrap();
    std::os::unix::fs::symlink("../record.json", d.join("real/run.json")).unwrap();
    ok(
        d,
        &["simulate", "sequences", "-n", "3000", "--out", "link", "-q"],
    );
    assert!(file_type(d.join("real/run.json")).is_symlink());
    let record = String::from_utf8(read(d.join("record.json"))).unwrap();
    assert!(record.contains("3000"), "{record}");
}

/// A comparison of two Sevens policies (12 files: `leader` read against `optimal` adds
/// disagreements.csv), then a run of one policy (6 files), each into `r`.
const OLD: [&str; 13] = [
    "compare", "sevens", "-n", "1000", "--policy", "optimal", "--policy", "leader", "--seed", "1",
    "--out", "r", "-q",
];
const NEW: [&str; 11] = [
    "simulate", "sevens", "-n", "2000", "--policy", "optimal", "--seed", "2", "--out", "r", "-q",
];

/// The report `args` write, with `--out` renamed to `folder`, read from a fresh folder.
fn report_of(args: &[&str], folder: &str) -> BTreeMap<String, Vec<u8>> {
    let tmp = tempfile::tempdir().unwrap();
    let args: Vec<&str> = args
        .iter()
        .map(|a| if *a == "r" { folder } else { a })
        .collect();
    ok(tmp.path(), &args);
    snapshot(&tmp.path().join(folder))
}

/// Names of hidden leftovers (staged folders, temporary files) in `dir`.
fn leftovers(dir: &Path) -> Vec<String> {
    snapshot(dir)
        .into_keys()
        .filter(|n| n.contains(".dicelab-stage-") || n.ends_with(".tmp"))
        .collect()
}

#[test]
fn a_rerun_removes_the_previous_runs_files() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(d, &OLD);
    assert_eq!(
        snapshot(&d.join("r")).len(),
        13,
        "12 files and the manifest"
    );
    ok(d, &NEW);
    assert_eq!(snapshot(&d.join("r")), report_of(&NEW, "r"));
    assert!(leftovers(d).is_empty(), "{:?}", leftovers(d));
}

/// A file of the user's own in the folder survives a rerun, which still removes the previous
/// run's files.
#[test]
fn a_rerun_keeps_the_users_own_files() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(d, &OLD);
    fs::write(d.join("r/notes.txt"), "mine").unwrap();
    ok(d, &NEW);
    let mut expected = report_of(&NEW, "r");
    expected.insert("notes.txt".into(), b"mine".to_vec());
    assert_eq!(snapshot(&d.join("r")), expected);
    assert!(leftovers(&d.join("r")).is_empty());
}

/// The id of a process that has ended, for leftovers of a "killed" run.
fn dead_pid() -> u32 {
    let mut dead = std::process::Command::new("true").spawn().unwrap();
    let pid = dead.id();
    dead.wait().unwrap();
    pid
}

/// What killed runs left (a temporary file of a report file, a probe, a staging folder with its
/// marker, one with its manifest) is removed by the next run into the folder.
#[test]
fn leftovers_of_killed_runs_are_removed_by_the_next_run() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(d, &OLD);
    let pid = dead_pid();
    fs::write(d.join(format!("r/.summary.csv.dicelab-{pid}.tmp")), "x").unwrap();
    fs::write(
        d.join(format!("r/.dicelab-probe-{pid}.tmp")),
        "dicelab write probe\n",
    )
    .unwrap();
    let stage = d.join(format!(".r.dicelab-stage-{pid}"));
    fs::create_dir(&stage).unwrap();
    fs::write(stage.join(".dicelab-staging"), "dicelab staging folder\n").unwrap();
    fs::write(stage.join("summary.csv"), "x").unwrap();
    // An old folder swapped out but not yet removed: a report with its manifest.
    let swapped = d.join(format!("r/.sub.dicelab-stage-{pid}"));
    fs::create_dir(&swapped).unwrap();
    for (name, bytes) in report_of(&OLD, "r") {
        fs::write(swapped.join(name), bytes).unwrap();
    }
    ok(d, &NEW);
    assert!(leftovers(d).is_empty(), "{:?}", leftovers(d));
    assert!(
        leftovers(&d.join("r")).is_empty(),
        "{:?}",
        leftovers(&d.join("r"))
    );
    assert_eq!(snapshot(&d.join("r")), report_of(&NEW, "r"));
}

/// Only what dicelab provably made is removed as a leftover: files and folders that merely look
/// like dicelab's (0.4.0's temporary-file names, a temporary file of a file that is not a
/// report's, a probe name holding other bytes, staging-folder names holding the user's own
/// things) are kept, with what is inside, in the folder and beside it.
#[test]
fn files_that_only_look_like_leftovers_are_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(d, &OLD);
    let pid = dead_pid();
    let mine = [
        format!("r/.x.csv.{pid}.tmp"),
        format!("r/.summary.csv.{pid}.tmp"),
        format!("r/.mydata.csv.dicelab-{pid}.tmp"),
        format!("r/.dicelab-probe-{pid}.tmp"),
        format!("r/.X.dicelab-stage-{pid}/notes.txt"),
        format!(".r.dicelab-stage-{pid}/notes.txt"),
        format!(".r.dicelab-stage-{pid}/deep/more.txt"),
    ];
    for name in &mine {
        let path = d.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, "mine").unwrap();
    }
    // A staging marker does not make a folder with a folder of the user's in it removable.
    fs::write(
        d.join(format!(".r.dicelab-stage-{pid}/.dicelab-staging")),
        "dicelab staging folder\n",
    )
    .unwrap();
    // Nor does a marker holding something else, a run.json that lists a file without its size
    // and hash, or a real run.json whose hashes the files do not have.
    let run_json = read(d.join("r/run.json"));
    let decoys: [(&str, &[u8], &str); 3] = [
        (".dicelab-staging", b"u", "thesis.txt"),
        (
            "run.json",
            br#"{"tool":"dicelab 0.7.0","files":[{"name":"thesis.txt"}]}"#,
            "thesis.txt",
        ),
        ("run.json", &run_json, "summary.csv"),
    ];
    let mut kept = Vec::new();
    for (marker, bytes, file) in decoys {
        let stage = format!(".r.dicelab-stage-{}", dead_pid());
        fs::create_dir(d.join(&stage)).unwrap();
        fs::write(d.join(&stage).join(marker), bytes).unwrap();
        fs::write(d.join(&stage).join(file), "mine").unwrap();
        kept.push(format!("{stage}/{file}"));
    }
    ok(d, &NEW);
    for name in mine.iter().chain(&kept) {
        assert_eq!(read(d.join(name)), b"mine", "{name} is kept");
    }
}

/// A run that fails after its folder was checked (here a merge of two different runs) creates
/// no folder.
#[test]
fn a_failed_run_leaves_no_new_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (seed, shard, out) in [("1", "0/2", "a"), ("2", "1/2", "b")] {
        ok(
            d,
            &[
                "simulate",
                "sequences",
                "-n",
                "1000",
                "-q",
                "--seed",
                seed,
                "--shard",
                shard,
                "--out",
                out,
            ],
        );
    }
    fails(d, &["merge", "a", "b", "--out", "m/deep"], 2, "seed");
    assert!(!d.join("m").exists());
}

#[test]
fn merge_refuses_to_write_into_one_of_its_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for shard in ["0", "1"] {
        let out = format!("shard{shard}");
        let part = format!("{shard}/2");
        ok(
            d,
            &[
                "simulate",
                "sequences",
                "-n",
                "1000",
                "-q",
                "--shard",
                &part,
                "--out",
                &out,
            ],
        );
    }
    let before = snapshot(&d.join("shard0"));
    for out in ["shard0", "./shard0/"] {
        fails(
            d,
            &["merge", "shard0", "shard1", "--out", out],
            2,
            "is the shard shard0 being merged",
        );
    }
    assert_eq!(before, snapshot(&d.join("shard0")));
    // A bind mount of a shard is that shard too (told by device and inode, not by path): in a
    // mount namespace of its own, so nothing is mounted outside the test.
    fs::create_dir(d.join("t")).unwrap();
    let out = std::process::Command::new("unshare")
        .args(["--mount", "--map-root-user", "sh", "-c"])
        .arg("mount --bind shard1 t && exec \"$0\" merge shard0 shard1 --out t")
        .arg(env!("CARGO_BIN_EXE_dicelab"))
        .current_dir(d)
        .output()
        .expect("unshare (util-linux) runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--out t: is the shard shard1 being merged"),
        "{stderr}"
    );
}

/// An `--out` that is a mount point (a container's volume) cannot be swapped away: a second run
/// into it writes in place instead of failing after its work with "Device or resource busy".
#[test]
fn a_rerun_into_a_mount_point_writes_in_place() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir_all(d.join("volume")).unwrap();
    fs::create_dir_all(d.join("r")).unwrap();
    let [old, new] = [&OLD[..], &NEW[..]].map(|a| a.join(" "));
    let out = std::process::Command::new("unshare")
        .args(["--mount", "--map-root-user", "sh", "-c"])
        .arg(format!(
            "mount --bind volume r && \"$0\" {old} && \"$0\" {new} && cp -r r/. copy"
        ))
        .arg(env!("CARGO_BIN_EXE_dicelab"))
        .current_dir(d)
        .output()
        .expect("unshare (util-linux) runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(snapshot(&d.join("copy")), report_of(&NEW, "r"));
}

/// Two policy specs that read the same in a file name each get their chart, the second with a
/// suffix, and every file is written.
#[test]
fn policies_whose_file_names_collide_each_get_their_chart() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let weights = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/solitaire-tuned.csv");
    fs::copy(&weights, d.join("w,1.csv")).unwrap();
    fs::copy(&weights, d.join("w_1.csv")).unwrap();
    let stdout = ok(
        d,
        &[
            "compare",
            "solitaire-dice",
            "-n",
            "200",
            "--policy",
            "heuristic:w,1.csv",
            "--policy",
            "heuristic:w_1.csv",
            "--out",
            "coll",
            "-q",
        ],
    );
    assert!(stdout.contains("wrote 11 files to coll"), "{stdout}");
    let files = snapshot(&d.join("coll"));
    let shown = files.keys().filter(|n| *n != "run.json").count();
    assert_eq!(shown, 11, "{:?}", files.keys());
    let first = String::from_utf8(files["final_score-heuristic_w_1_csv.svg"].clone()).unwrap();
    let second = String::from_utf8(files["final_score-heuristic_w_1_csv-2.svg"].clone()).unwrap();
    assert!(first.contains("heuristic:w,1.csv"), "{first}");
    assert!(second.contains("heuristic:w_1.csv"), "{second}");
}

/// The write hook is the test binary's alone: `dicelab` itself, here even built with the hook's
/// feature, never waits on stdin whatever `DICELAB_WRITE_HOOK` holds. It used to wait at every
/// write step for any value, `0` and empty too, holding its lock, or read a host program's stdin.
#[test]
fn dicelab_never_pauses_its_writes_whatever_the_environment() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    for (i, value) in ["1", "0", ""].into_iter().enumerate() {
        let out = format!("r{i}");
        let mut child = Command::new(env!("CARGO_BIN_EXE_dicelab"))
            .args(["simulate", "sequences", "-n", "100", "-q", "--out", &out])
            .current_dir(d)
            .env("DICELAB_WRITE_HOOK", value)
            // Open and never written: a run that waited for a line would wait for ever.
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let _stdin = child.stdin.take();
        let pid = child.id();
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || done.send(child.wait_with_output()));
        let Ok(run) = finished.recv_timeout(std::time::Duration::from_secs(30)) else {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("DICELAB_WRITE_HOOK={value:?}: dicelab waited on stdin past 30 s");
        };
        let run = run.unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            run.status.success() && stderr.is_empty(),
            "{value:?}: {stderr}"
        );
        let written = snapshot(&d.join(&out));
        assert!(REPORT_FILES.iter().all(|f| written.contains_key(*f)));
    }
}

/// Runs `args` with the write hook, lets it take `steps` steps of its write and kills it
/// (SIGKILL) at the next; `false` if it finished first.
fn kill_at_step(d: &Path, args: &[&str], steps: usize) -> bool {
    let mut child = dicelab_hooked(d, args);
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = 0;
    while let Some(Ok(line)) = lines.next() {
        assert!(line.starts_with("dicelab: write hook: "), "{line}");
        if seen == steps {
            child.kill().unwrap();
            child.wait().unwrap();
            return true;
        }
        seen += 1;
        stdin.write_all(b"\n").unwrap();
    }
    assert!(child.wait().unwrap().success());
    false
}

/// The crash test of the write phase: a rerun into a folder of dicelab's own (swapped in one
/// step) is killed at every step of its write in turn; each time the folder holds the old report
/// or the new one, whole, and the next run leaves the new report and no leftover.
#[test]
fn a_run_killed_at_any_step_of_its_write_leaves_the_old_report_or_the_new_one() {
    let old = report_of(&OLD, "r");
    let new = report_of(&NEW, "r");
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let mut step = 0;
    let mut saw = (false, false);
    loop {
        let _ = fs::remove_dir_all(d.join("r"));
        ok(d, &OLD);
        if !kill_at_step(d, &NEW, step) {
            break;
        }
        let now = snapshot(&d.join("r"));
        assert!(
            now == old || now == new,
            "killed at step {step}: {:?}",
            now.keys()
        );
        saw = (saw.0 || now == old, saw.1 || now == new);
        ok(d, &NEW);
        assert_eq!(snapshot(&d.join("r")), new, "after a kill at step {step}");
        assert!(leftovers(d).is_empty(), "step {step}: {:?}", leftovers(d));
        step += 1;
    }
    assert!(step > 6, "the write took {step} steps");
    assert_eq!(saw, (true, true), "kills landed before and after the swap");
}

/// The same in a folder holding a file of the user's own (written in place, file by file): each
/// file is whole, its old or new version, the user's file is kept, and the next run leaves the
/// new report and no leftover.
#[test]
fn a_run_killed_in_a_shared_folder_leaves_every_file_whole() {
    let old = report_of(&OLD, "r");
    let new = report_of(&NEW, "r");
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let mut step = 0;
    loop {
        let _ = fs::remove_dir_all(d.join("r"));
        ok(d, &OLD);
        fs::write(d.join("r/notes.txt"), "mine").unwrap();
        if !kill_at_step(d, &NEW, step) {
            break;
        }
        for (name, bytes) in snapshot(&d.join("r")) {
            if name.ends_with(".tmp") {
                continue;
            }
            let whole = old.get(&name) == Some(&bytes)
                || new.get(&name) == Some(&bytes)
                || (name == "notes.txt" && bytes == b"mine")
                // While files move, the manifest lists the old files and the new.
                || name == "run.json";
            assert!(whole, "killed at step {step}: {name} is not whole");
        }
        ok(d, &NEW);
        let mut expected = new.clone();
        expected.insert("notes.txt".into(), b"mine".to_vec());
        assert_eq!(
            snapshot(&d.join("r")),
            expected,
            "after a kill at step {step}"
        );
        assert!(leftovers(d).is_empty() && leftovers(&d.join("r")).is_empty());
        step += 1;
    }
    assert!(step > 6, "the write took {step} steps");
}

/// Runs `args` with the write hook until it pauses before its first write step, holding its
/// output; the caller lets it go on with [`finish_hooked`].
fn paused_at_its_write(d: &Path, args: &[&str]) -> std::process::Child {
    let mut child = dicelab_hooked(d, args);
    let mut first = String::new();
    let mut stderr = BufReader::new(child.stderr.as_mut().unwrap());
    stderr.read_line(&mut first).unwrap();
    assert!(first.starts_with("dicelab: write hook: "), "{first}");
    child
}

/// Lets a paused run go through every write step, and checks it succeeded.
fn finish_hooked(mut child: std::process::Child) {
    let mut stdin = child.stdin.take().unwrap();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let _ = stdin.write_all(b"\n");
    for line in stderr.lines() {
        assert!(line.unwrap().starts_with("dicelab: write hook: "));
        let _ = stdin.write_all(b"\n");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// One writer per folder: while a run writes a folder (here one holding a file of the user's
/// own), a second run into it is refused before its work with one line naming the folder and
/// the run that holds it; the first then finishes, and the folder holds its report and the
/// user's file, nothing of the second.
#[test]
fn a_second_run_into_a_folder_being_written_is_refused_naming_the_first() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("r")).unwrap();
    fs::write(d.join("r/notes.txt"), "mine").unwrap();
    let first = paused_at_its_write(d, &NEW);
    let second = [
        "simulate", "sevens", "-n", "3000", "--policy", "optimal", "--seed", "3", "--out", "r",
        "-q",
    ];
    let holder = format!("another dicelab run is writing it: pid {}, ", first.id());
    fails(d, &second, 1, "--out r: cannot write a report there");
    fails(d, &second, 1, &holder);
    finish_hooked(first);
    let mut expected = report_of(&NEW, "r");
    expected.insert("notes.txt".into(), b"mine".to_vec());
    assert_eq!(snapshot(&d.join("r")), expected);
    ok(d, &second);
}

/// `--wait` turns the refusal into a wait: the second run says once on stderr whom it waits
/// for, computes nothing while the first holds the folder, then writes its own report whole
/// after the first is done (the user's file kept, nothing of the first left).
#[test]
fn a_second_run_with_wait_writes_after_the_first_is_done() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir(d.join("r")).unwrap();
    fs::write(d.join("r/notes.txt"), "mine").unwrap();
    let first = paused_at_its_write(d, &NEW);
    let mut second_args = NEW.to_vec();
    second_args[7] = "3";
    second_args.push("--wait");
    let mut second = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(&second_args)
        .current_dir(d)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut said = String::new();
    BufReader::new(second.stderr.as_mut().unwrap())
        .read_line(&mut said)
        .unwrap();
    let waiting = format!(
        "dicelab: --out r: waiting for another dicelab run to finish writing it (pid {}, ",
        first.id()
    );
    assert!(said.starts_with(&waiting), "{said}");
    // The first is paused for as long as the test likes: the second must still be waiting.
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(second.try_wait().unwrap().is_none(), "it waits");
    finish_hooked(first);
    let status = second.wait().unwrap();
    let mut rest = String::new();
    second
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut rest)
        .unwrap();
    assert!(status.success() && rest.is_empty(), "{status}: {rest}");
    let mut expected = report_of(&second_args, "r");
    expected.insert("notes.txt".into(), b"mine".to_vec());
    assert_eq!(snapshot(&d.join("r")), expected);
}

/// Two runs that would create one new folder: the second is refused before its work (it used
/// to compute everything and then fail), and the folder the first creates is whole.
#[test]
fn a_second_run_creating_the_same_new_folder_is_refused_before_its_work() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let new_in = |folder: &'static str| -> Vec<&str> {
        NEW.iter()
            .map(|a| if *a == "r" { folder } else { a })
            .collect()
    };
    let first = paused_at_its_write(d, &new_in("a/b"));
    assert!(!d.join("a/b").exists(), "the folder is still being staged");
    let mut second = new_in("a/b");
    second[3] = "1e12";
    fails(d, &second, 1, "another dicelab run is writing it");
    // A sibling folder is another output: not held.
    ok(d, &new_in("a/c"));
    finish_hooked(first);
    assert_eq!(snapshot(&d.join("a/b")), report_of(&NEW, "a/b"));
}

/// A new `--out` dicelab could not stage beside itself (no name at its end, or a name too long
/// for its staging name) is refused before the work: these used to run to the end and then fail.
#[test]
fn an_out_path_that_cannot_be_staged_is_refused_before_the_work() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let long = "a".repeat(230);
    let run =
        |out: &str| ["simulate", "sequences", "-n", "1e12", "-q", "--out", out].map(String::from);
    for (out, why) in [
        ("missing/..", "expected a name at the end of the path"),
        (
            "n1/.",
            "'.' or '..' in the part of the path still to be created (n1/.)",
        ),
        (
            "qq/../qq/r",
            "'.' or '..' in the part of the path still to be created (qq/../qq/r)",
        ),
        (
            long.as_str(),
            "a name of 230 bytes, past the 229 a new one may have",
        ),
    ] {
        let args = run(out);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        crate::common::refused_at_once(d, &args, why);
    }
    let tune = [
        "tune",
        "solitaire-dice",
        "--from",
        "greedy",
        "--budget",
        "1e9",
        "--out",
        &long,
    ];
    crate::common::refused_at_once(d, &tune, "a name of 230 bytes");
    let mut tune_to_folder = tune;
    tune_to_folder[7] = "new.csv/";
    // A bad value rather than a place that cannot be written: exit code 2, at once.
    fails(
        d,
        &tune_to_folder,
        2,
        "--out new.csv/: expected a file name",
    );
    ok(
        d,
        &[
            "simulate",
            "sequences",
            "-n",
            "10",
            "-q",
            "--out",
            &"b".repeat(229),
        ],
    );
}

/// A FIFO or a folder where a file the command always writes goes (`summary.csv` of a run,
/// `decks.csv`, `claims.csv`, the index of `report`, `sweep.csv`) or where a chart or table
/// whose name the results choose may go (`turn_score.svg`, `solve`'s `upper_bound.csv`) is
/// refused before the work, not when writing after it; nothing is written and the FIFO is left
/// as it was.
#[test]
fn a_fifo_or_folder_where_a_report_file_goes_is_refused_before_the_work() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let sweep: &[&str] = &[
        "sweep",
        "sevens",
        "--rule",
        "max_rolls=2,3",
        "-n",
        "1e12",
        "-q",
    ];
    let cases: [(&str, &[&str]); 9] = [
        (
            "turn_score.svg",
            &["simulate", "sevens", "-n", "1e12", "-q"],
        ),
        ("sweep.csv", sweep),
        ("p_turn_zero.svg", sweep),
        ("upper_bound.csv", &["solve", "solitaire-dice"]),
        (
            "summary.csv",
            &["simulate", "sequences", "-n", "1e12", "-q"],
        ),
        (
            "accumulators.json",
            &[
                "compare", "sevens", "-n", "1e12", "-q", "--policy", "optimal", "--policy",
                "rolls:1",
            ],
        ),
        (
            "decks.csv",
            &["decks", "sieben", "--players", "3", "-n", "1e12", "-q"],
        ),
        ("claims.csv", &["claims", "-n", "1e12", "-q"]),
        ("index.html", &["report", "-n", "1e12", "-q"]),
    ];
    for (file, args) in cases {
        for blocker in ["fifo", "folder"] {
            let out = d.join("out");
            let _ = fs::remove_dir_all(&out);
            fs::create_dir(&out).unwrap();
            match blocker {
                "fifo" => fifo_at(&out.join(file)),
                _ => fs::create_dir(out.join(file)).unwrap(),
            }
            let mut args = args.to_vec();
            args.extend(["--out", "out"]);
            crate::common::refused_at_once(d, &args, &format!("out/{file} is "));
            let names: Vec<_> = fs::read_dir(&out)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert_eq!(names, [file], "{args:?}: nothing written beside it");
        }
    }
}

/// `report` holds every folder it writes until its index is written: a run into a section it
/// has already written is refused (it used to replace it, leaving an index describing files no
/// longer there), and so is a run into one it has yet to write.
#[test]
fn a_report_holds_its_written_sections_until_its_index_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let mut report = dicelab_hooked(d, &["report", "-n", "1000", "-q", "--out", "r"]);
    let mut stdin = report.stdin.take().unwrap();
    let mut stderr = BufReader::new(report.stderr.take().unwrap());
    // Through the first section's write, to the first step of the next one.
    let mut first_done = false;
    loop {
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        assert!(line.starts_with("dicelab: write hook: "), "{line}");
        if first_done {
            break;
        }
        first_done = line.contains("rename the staged folder into place");
        stdin.write_all(b"\n").unwrap();
    }
    let written: Vec<String> = fs::read_dir(d.join("r"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    assert_eq!(written.len(), 1, "{written:?}");
    for folder in [written[0].as_str(), "claims", "sevens"] {
        let out = format!("r/{folder}");
        fails(
            d,
            &["simulate", "sequences", "-n", "100", "-q", "--out", &out],
            1,
            "another dicelab run is writing it",
        );
    }
    report.kill().unwrap();
    report.wait().unwrap();
}

/// A FIFO where one of a report section's exact tables goes (a name the game chooses, not the
/// run) is refused before the job's first run.
#[test]
fn a_fifo_where_a_report_sections_table_goes_is_refused_before_the_job() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    fs::create_dir_all(d.join("r/sevens")).unwrap();
    fifo_at(&d.join("r/sevens/optimal_policy.csv"));
    crate::common::refused_at_once(
        d,
        &["report", "-n", "1e12", "-q", "--out", "r"],
        "r/sevens/optimal_policy.csv is a FIFO",
    );
}

/// This user's id, as the system gives it to a file this test makes: the lock folder is named
/// by it (`dicelab-locks-UID`).
fn uid(d: &Path) -> u32 {
    use std::os::unix::fs::MetadataExt;
    let probe = d.join("uid-probe");
    fs::write(&probe, "").unwrap();
    let uid = fs::metadata(&probe).unwrap().uid();
    fs::remove_file(&probe).unwrap();
    uid
}

/// A hooked run of `args` in `d` with `env`, paused before its first write step, holding its
/// output, with the lines it said on stderr before (its warnings).
fn paused_with(
    d: &Path,
    args: &[&str],
    env: &[(&str, &std::ffi::OsStr)],
) -> (std::process::Child, Vec<String>) {
    let mut child = crate::common::dicelab_hooked_with(d, args, env);
    let mut said = Vec::new();
    let mut stderr = BufReader::new(child.stderr.as_mut().unwrap());
    loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "{said:?}");
        if line.starts_with("dicelab: write hook: ") {
            break;
        }
        said.push(line.trim_end().to_string());
    }
    (child, said)
}

/// `dicelab args` in `d` with `env`, killed (failing the test) past 60 s: a run that should
/// have been refused may otherwise compute for ever.
fn dicelab_with(d: &Path, args: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> std::process::Output {
    let child = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .current_dir(d)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    match finished.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("dicelab {args:?} ran past 60 s: it was not refused");
        }
    }
}

/// Two runs into one new `--out` (`a/b` in `w`) with `TMPDIR` set to `tmpdir`, where no lock
/// folder of this user's own can be had (`why`): each says so once on stderr, the second is
/// refused before its work with the refusal's one line and exit code, and the first writes its
/// report whole. Before, the lock was skipped without a word and both wrote.
fn one_writer_with_tmpdir(tmp: &Path, tmpdir: &std::ffi::OsStr, why: &str) {
    let w = tmp.join("w");
    fs::create_dir_all(&w).unwrap();
    let env = [("TMPDIR", tmpdir)];
    let into = |folder: &'static str| -> Vec<&str> {
        NEW.iter()
            .map(|a| if *a == "r" { folder } else { a })
            .collect()
    };
    let (first, said) = paused_with(&w, &into("a/b"), &env);
    let warning = format!("dicelab: warning: {why}");
    assert!(
        said.len() == 1 && said[0].starts_with(&warning),
        "{said:?} is not one line starting {warning:?}"
    );
    let mut second = into("a/b");
    second[3] = "1e12";
    let out = dicelab_with(&w, &second, &env);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(lines.len(), 2, "a warning and the refusal: {stderr}");
    assert!(lines[0].starts_with(&warning), "{stderr}");
    assert!(
        lines[1].starts_with("dicelab: error: --out a/b: cannot write a report there (another "),
        "{stderr}"
    );
    finish_hooked(first);
    assert_eq!(snapshot(&w.join("a/b")), report_of(&NEW, "a/b"));
    // Nothing of the lock folder's was made in the folder the runs ran in.
    assert_eq!(
        fs::read_dir(&w).unwrap().count(),
        1,
        "{:?}",
        snapshot(&w).keys()
    );
}

#[test]
fn a_symlinked_lock_folder_is_not_used_and_runs_stay_one_at_a_time() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path().join("t");
    fs::create_dir_all(t.join("elsewhere")).unwrap();
    let uid = uid(tmp.path());
    std::os::unix::fs::symlink(t.join("elsewhere"), t.join(format!("dicelab-locks-{uid}")))
        .unwrap();
    one_writer_with_tmpdir(tmp.path(), t.as_os_str(), "cannot lock through ");
    assert_eq!(fs::read_dir(t.join("elsewhere")).unwrap().count(), 0);
}

#[test]
fn a_lock_folder_open_to_others_is_not_used_and_runs_stay_one_at_a_time() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path().join("t");
    let locks = t.join(format!("dicelab-locks-{}", uid(tmp.path())));
    fs::create_dir_all(&locks).unwrap();
    fs::set_permissions(&locks, fs::Permissions::from_mode(0o755)).unwrap();
    one_writer_with_tmpdir(tmp.path(), t.as_os_str(), "cannot lock through ");
    assert_eq!(
        fs::read_dir(&locks).unwrap().count(),
        0,
        "nothing written in it"
    );
}

/// Another user's folder in the lock folder's place (made here by giving it to `nobody`, which
/// needs root: where the tests run as another user, this one says so and checks nothing).
#[test]
fn another_users_lock_folder_is_not_used_and_runs_stay_one_at_a_time() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path().join("t");
    let locks = t.join(format!("dicelab-locks-{}", uid(tmp.path())));
    fs::create_dir_all(&locks).unwrap();
    if let Err(e) = std::os::unix::fs::chown(&locks, Some(65534), Some(65534)) {
        eprintln!("not checked: giving a folder to another user needs root ({e})");
        return;
    }
    one_writer_with_tmpdir(tmp.path(), t.as_os_str(), "cannot lock through ");
}

#[test]
fn an_unusable_temporary_folder_still_leaves_one_writer_at_a_time() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("a-file");
    fs::write(&file, "x").unwrap();
    for (tmpdir, why) in [
        (file.into_os_string(), "cannot lock through "),
        (
            tmp.path().join("missing").into_os_string(),
            "cannot lock through ",
        ),
        ("".into(), "cannot lock through the temporary folder ''"),
        (
            "relative".into(),
            "cannot lock through the temporary folder 'relative'",
        ),
    ] {
        let case = tempfile::tempdir_in(tmp.path()).unwrap();
        one_writer_with_tmpdir(case.path(), &tmpdir, why);
    }
}

/// A run removes its lock file when it is done, and so does a run refused after taking it, and
/// a run that waited for another (which removed the file it waited on: it locks the path anew).
#[test]
fn a_run_removes_its_lock_file_when_done() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path().join("t");
    let w = tmp.path().join("w");
    fs::create_dir_all(&t).unwrap();
    fs::create_dir_all(&w).unwrap();
    let env = [("TMPDIR", t.as_os_str())];
    let locks = t.join(format!("dicelab-locks-{}", uid(tmp.path())));
    let count = || fs::read_dir(&locks).map_or(0, |e| e.count());
    let run = ["simulate", "sequences", "-n", "100", "-q", "--out", "r"];
    let out = dicelab_with(&w, &run, &env);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(count(), 0, "after a run");
    fs::create_dir(w.join("q")).unwrap();
    fifo_at(&w.join("q/summary.csv"));
    let mut refused = run;
    refused[6] = "q";
    let out = dicelab_with(&w, &refused, &env);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(count(), 0, "after a refused run");
    let (first, said) = paused_with(&w, &NEW, &env);
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(count(), 1, "while a run holds it");
    let mut second_args = NEW.to_vec();
    second_args[7] = "3";
    second_args.push("--wait");
    let second = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(&second_args)
        .current_dir(&w)
        .envs(env)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    finish_hooked(first);
    let out = second.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(snapshot(&w.join("r")), report_of(&second_args, "r"));
    assert_eq!(count(), 0, "after a run that waited");
}

/// A lock held by a program that is not dicelab is told as such, naming what it locks: the
/// folder itself, or the lock file (here one a killed run left, naming a run long gone), rather
/// than as "another dicelab run".
#[test]
fn a_lock_held_by_another_program_is_told_as_such() {
    use sha2::{Digest, Sha256};
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path().join("t");
    let w = tmp.path().join("w");
    fs::create_dir_all(&t).unwrap();
    fs::create_dir_all(w.join("r")).unwrap();
    let env = [("TMPDIR", t.as_os_str())];
    let folder = fs::File::open(w.join("r")).unwrap();
    folder.lock().unwrap();
    let run = ["simulate", "sequences", "-n", "1e12", "-q", "--out", "r"];
    let out = dicelab_with(&w, &run, &env);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // The lock is on the folder the run was prepared for, named in full.
    assert_eq!(
        stderr.trim_end(),
        format!(
            "dicelab: error: --out r: cannot write a report there (another process holds the lock \
             on {})",
            w.join("r").display()
        )
    );
    drop(folder);
    let locks = t.join(format!("dicelab-locks-{}", uid(tmp.path())));
    fs::create_dir_all(&locks).unwrap();
    let key = fs::canonicalize(&w).unwrap().join("new");
    let hash = Sha256::digest(key.as_os_str().as_encoded_bytes());
    let name: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    let lock_file = locks.join(format!("{name}.lock"));
    fs::write(&lock_file, "pid 2147483647, dicelab simulate gone\n").unwrap();
    let held = fs::File::open(&lock_file).unwrap();
    held.lock().unwrap();
    let mut run = run;
    run[6] = "new";
    let out = dicelab_with(&w, &run, &env);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        format!(
            "dicelab: error: --out new: cannot write a report there (another process holds the \
             lock on {})",
            lock_file.display()
        )
    );
}
