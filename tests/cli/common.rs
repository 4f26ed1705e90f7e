//! What every module shares: running the binary, reading files, the one-line failure check,
//! and the fixture files that bad inputs name.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn dicelab(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

pub fn ok(dir: &Path, args: &[&str]) -> String {
    let out = dicelab(dir, args);
    assert!(
        out.status.success(),
        "dicelab {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

pub fn read(path: impl AsRef<Path>) -> Vec<u8> {
    fs::read(path.as_ref()).unwrap_or_else(|e| panic!("{}: {e}", path.as_ref().display()))
}

pub const REPORT_FILES: [&str; 4] = [
    "summary.csv",
    "distribution.csv",
    "quantiles.csv",
    "accumulators.json",
];

/// Asserts a failure with exit code `code`, exactly one stderr line containing `expected`, and
/// nothing on stdout.
pub fn fails(dir: &Path, args: &[&str], code: i32, expected: &str) {
    refused(&dicelab(dir, args), args, code, expected);
}

/// The checks of [`fails`] on a finished run's output.
fn refused(out: &Output, args: &[&str], code: i32, expected: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "dicelab {args:?}: {stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "dicelab {args:?}: one line, got {stderr:?}"
    );
    assert!(stderr.starts_with("dicelab: error: "), "{stderr}");
    assert!(
        stderr.contains(expected),
        "dicelab {args:?}: {stderr:?} lacks {expected:?}"
    );
    assert!(out.stdout.is_empty(), "dicelab {args:?} printed to stdout");
}

/// Everything below `dir`, by path: each entry's kind and, for a regular file, its bytes (a FIFO
/// or socket is never opened). What a refused run must leave as it found it.
pub fn tree(dir: &Path) -> std::collections::BTreeMap<std::path::PathBuf, (String, Vec<u8>)> {
    let mut all = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(folder) = todo.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let meta = fs::symlink_metadata(&path).unwrap();
            let kind = format!("{:?}", meta.file_type());
            let bytes = if meta.is_file() {
                read(&path)
            } else {
                Vec::new()
            };
            if meta.is_dir() {
                todo.push(path.clone());
            }
            all.insert(path.strip_prefix(dir).unwrap().to_path_buf(), (kind, bytes));
        }
    }
    all
}

/// A refused run touched nothing: the folder it ran in, its `--out` and everything else below
/// it, holds what it held before (`before`, from [`tree`]).
pub fn left_untouched(
    dir: &Path,
    args: &[&str],
    before: &std::collections::BTreeMap<std::path::PathBuf, (String, Vec<u8>)>,
) {
    let after = tree(dir);
    let changed: Vec<_> = before
        .keys()
        .chain(after.keys())
        .filter(|p| before.get(*p) != after.get(*p))
        .collect();
    assert!(changed.is_empty(), "dicelab {args:?} changed {changed:?}");
}

/// A plain file named `afile`: no report folder can be made under it, and it is no weights file.
pub fn afile(dir: &Path) {
    fs::write(dir.join("afile"), "x").unwrap();
}

/// A policy table with a bad decision on line 5 (`policy.csv`), one with a missing state
/// (`short.csv`), a good one for max_rolls=3 (`good.csv`), from `solve sevens`, and that one
/// without its two lines of provenance, as if made by hand (`bare.csv`).
pub fn sevens_tables(d: &Path) {
    ok(d, &["solve", "sevens", "--out", "solved"]);
    let good = String::from_utf8(read(d.join("solved/optimal_policy.csv"))).unwrap();
    fs::write(d.join("good.csv"), &good).unwrap();
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    // The second data row, under the two lines of provenance and the header: line 5.
    assert!(lines[2].starts_with("rolls_allowed,"), "{good}");
    lines[4] = lines[4]
        .replace(",stop,", ",perhaps,")
        .replace(",roll,", ",perhaps,");
    fs::write(d.join("policy.csv"), lines.join("\n")).unwrap();
    fs::write(
        d.join("short.csv"),
        good.lines().take(300).collect::<Vec<_>>().join("\n"),
    )
    .unwrap();
    fs::write(
        d.join("bare.csv"),
        good.lines().skip(2).collect::<Vec<_>>().join("\n"),
    )
    .unwrap();
}

/// A deck with a card numbered 8 on its line 3.
pub fn bad_deck(dir: &Path) {
    fs::write(dir.join("bad-deck.csv"), "number,count\n1,10\n8,3\n").unwrap();
}

/// A deck of 20 cards (two of each of 1 to 6, eight 7s), too few for three players.
pub fn small_deck(dir: &Path) {
    fs::write(
        dir.join("small-deck.csv"),
        "number,count\n1,2\n2,2\n3,2\n4,2\n5,2\n6,2\n7,8\n",
    )
    .unwrap();
}

/// A deck missing the rows of 4 to 7 (`short-deck.csv`), one with no 5s (`no-fives.csv`, line 6),
/// and one of exactly 21 cards (`deal-only.csv`), which deals three hands and leaves nothing to
/// draw.
pub fn incomplete_decks(dir: &Path) {
    fs::write(
        dir.join("short-deck.csv"),
        "number,count\n1,12\n2,12\n3,12\n",
    )
    .unwrap();
    fs::write(
        dir.join("no-fives.csv"),
        "number,count\n1,12\n2,12\n3,12\n4,11\n5,0\n6,11\n7,11\n",
    )
    .unwrap();
    fs::write(
        dir.join("deal-only.csv"),
        "number,count\n1,3\n2,3\n3,3\n4,3\n5,3\n6,3\n7,3\n",
    )
    .unwrap();
}

/// A folder named `folder.csv`, where a file is expected, and `binary.csv`, which is not text.
pub fn odd_files(dir: &Path) {
    fs::create_dir(dir.join("folder.csv")).unwrap();
    fs::write(dir.join("binary.csv"), b"\xff\xfe\x00 not text\n").unwrap();
    fs::create_dir_all(dir.join("odd/accumulators.json")).unwrap();
}

/// The shipped `data/` folder, copied into the test's folder.
pub fn shipped_data(dir: &Path) {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    fs::create_dir_all(dir.join("data")).unwrap();
    for entry in fs::read_dir(data).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), dir.join("data").join(entry.file_name())).unwrap();
    }
}

/// Claims files whose rules column says players=4 (`players.csv`) and names an unknown option
/// (`colour.csv`), each on line 2.
/// Claims files of the newer header whose baselines cannot be what was meant, and one about a
/// game with no exact values (`sieben.csv`).
pub fn claims_of_variants(dir: &Path) {
    let head = "claim,game,rules,metric,check,claimed,tolerance,baseline_game,baseline_rules\n";
    fs::write(
        dir.join("itself.csv"),
        format!(
            "{head}x,sequences,wipe_ones=3,turns_to_target,about,2,0.2,sequences,wipe_ones=3\n"
        ),
    )
    .unwrap();
    fs::write(
        dir.join("lonely.csv"),
        format!("{head}x,sequences,,turns_to_target,about,20,4,,wipe_ones=3\n"),
    )
    .unwrap();
    // A claim about 7, which has no exact values to check it against.
    fs::write(
        dir.join("sieben.csv"),
        format!("{head}x,sieben,,chips,about,1,1,,\n"),
    )
    .unwrap();
    // An old file: its baseline plays under its own game's defaults, the claim's rules here.
    fs::write(
        dir.join("old.csv"),
        "claim,game,rules,metric,check,claimed,tolerance,baseline_game\n\
         x,sequences,,turns_to_target,about,1,0.1,sequences\n",
    )
    .unwrap();
}

pub fn claims_for_four_players(dir: &Path) {
    let head = "claim,game,rules,metric,check,claimed,tolerance,baseline_game\n";
    fs::write(
        dir.join("players.csv"),
        format!("{head}x,sequences,players=4;wipe_ones=4,p_cast_no_score,about,0.5,0.1,\n"),
    )
    .unwrap();
    fs::write(
        dir.join("colour.csv"),
        format!("{head}x,sequences,colour=red,p_cast_no_score,about,0.5,0.1,\n"),
    )
    .unwrap();
}

/// A FIFO named `fifo`.
pub fn fifo(dir: &Path) {
    fifo_at(&dir.join("fifo"));
}

/// A FIFO at `path` (where a report or an input file goes).
pub fn fifo_at(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

/// A Unix socket named `socket` (its listener closed: the file stays).
pub fn socket(dir: &Path) {
    drop(std::os::unix::net::UnixListener::bind(dir.join("socket")).unwrap());
}

/// A folder named `folder` holding a file.
pub fn folder(dir: &Path) {
    fs::create_dir(dir.join("folder")).unwrap();
    fs::write(dir.join("folder/keep"), "x").unwrap();
}

/// `run.json` without what records the occasion (when and where the command ran), so two runs of
/// one command into one folder name compare equal.
pub fn timeless(run_json: &[u8]) -> Vec<u8> {
    let mut json: serde_json::Value = serde_json::from_slice(run_json).unwrap();
    let run = json.as_object_mut().expect("run.json is an object");
    for key in ["started", "finished"] {
        let t = run.remove(key).expect("run.json gives the times");
        assert!(t.as_str().unwrap().ends_with('Z'), "{t}");
    }
    run.remove("directory").expect("run.json gives the folder");
    serde_json::to_vec_pretty(&json).unwrap()
}

/// Every entry of a folder by name, with a regular file's bytes (anything else's are empty, a
/// FIFO is never opened; `run.json` [`timeless`]); a missing folder has none.
pub fn snapshot(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Default::default();
    };
    entries
        .map(|e| {
            let e = e.unwrap();
            let regular = fs::metadata(e.path()).is_ok_and(|m| m.is_file());
            let bytes = if regular && e.file_name() == "run.json" {
                timeless(&fs::read(e.path()).unwrap())
            } else if regular {
                fs::read(e.path()).unwrap()
            } else {
                Vec::new()
            };
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect()
}

/// The test binary with the write hook, paused at its write steps; see `writes.rs`.
pub fn dicelab_hooked(dir: &Path, args: &[&str]) -> std::process::Child {
    dicelab_hooked_with(dir, args, &[])
}

/// [`dicelab_hooked`] with `env` set in its environment (`TMPDIR`, where its lock folder is).
pub fn dicelab_hooked_with(
    dir: &Path,
    args: &[&str],
    env: &[(&str, &std::ffi::OsStr)],
) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_dicelab-hooked"))
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// The short hash reports append to a file's name (`w.csv@1f3a9c2e`): the first 8 hex digits of
/// the SHA-256 of its bytes, computed here independently of dicelab's own code.
pub fn short_hash(path: impl AsRef<Path>) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(read(path));
    digest[..4].iter().map(|b| format!("{b:02x}")).collect()
}

/// A JSON file holding a list, where a position must be an object.
pub fn json_list(dir: &Path) {
    fs::write(dir.join("list.json"), "[1, 2]").unwrap();
}

/// Position files that are wrong in ways JSON allows or cannot read: a key given twice, and a
/// byte that is not UTF-8.
pub fn odd_positions(dir: &Path) {
    fs::write(
        dir.join("twice.json"),
        r#"{"roll": 1, "dice": 2, "roll": 2}"#,
    )
    .unwrap();
    fs::write(
        dir.join("latin1.json"),
        b"{\"roll\": 1,\n \"x\": \"caf\xe9\"}",
    )
    .unwrap();
}

/// Runs `args` in `d` as [`fails`] does, but kills it (by pid) after 20 s, so a run that does
/// its work before refusing, or hangs on its input, fails the test instead of stalling the suite.
pub fn refused_at_once(d: &Path, args: &[&str], expected: &str) {
    let child = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .current_dir(d)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    // Waited on in a thread that also drains both pipes, so a chatty run cannot block on them.
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    match finished.recv_timeout(std::time::Duration::from_secs(20)) {
        Ok(out) => refused(&out.unwrap(), args, 1, expected),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("dicelab {args:?} ran past 20 s instead of refusing at once");
        }
    }
}

/// Starts `dicelab args` in `dir`, waits `after`, sends it Ctrl-C (SIGINT) and returns how it
/// ended: what a person pressing Ctrl-C at the terminal does.
pub fn interrupted(dir: &Path, args: &[&str], after: std::time::Duration) -> std::process::Output {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -INT failed");
    // Its input stays open, as a terminal's does: the end of input would end `play` on its own.
    let input = child.stdin.take();
    let out = child.wait_with_output().unwrap();
    drop(input);
    out
}
