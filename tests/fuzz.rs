//! Fuzzing every parser a user's input reaches, on stable Rust with proptest: typed numbers,
//! policy specs and rule options of every game, and every file a user gives (Sevens policy tables, Solitaire Dice
//! weights, 7's deck files, claims files, `accumulators.json`), as arbitrary bytes and as valid
//! files with random edits. Each case must end in a value or in one error line, never a panic,
//! and within a few seconds (a hang fails it).
//!
//! CI runs a bounded number of cases per target (64). A long run takes the count from the
//! environment, e.g. about an hour on 2 cores:
//!
//!     DICELAB_FUZZ_CASES=200000 cargo test --release --test fuzz -- --test-threads 2
//!
//! A failure prints the smallest input proptest could shrink it to; add it to a test of its own
//! before fixing it.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use dicelab::games::{self, Setup};
use dicelab::record::Saved;
use proptest::prelude::*;

/// Cases per target: 64, or `DICELAB_FUZZ_CASES`.
fn cases() -> u32 {
    std::env::var("DICELAB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        // Shrinking a slow case could take long; a failing input is reported either way.
        max_shrink_iters: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The longest a parser may take on one input before it counts as a hang.
const HANG: Duration = Duration::from_secs(5);

/// Runs `parse` on one input: no panic (proptest reports one as a failure), no hang, and an
/// error is one non-empty line. A failing input is also saved at once (see [`save_failure`]), so
/// a long run that is stopped before proptest reports still leaves it behind.
fn one_line<T>(what: &str, input: &[u8], parse: impl FnOnce() -> dicelab::Result<T>) {
    let check = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let start = Instant::now();
        let _watchdog = Watchdog::watch(what, input);
        let result = parse();
        let took = start.elapsed();
        assert!(took < HANG, "{what}: took {took:?}");
        if let Err(e) = result {
            let line = e.to_string();
            assert!(!line.is_empty(), "{what}: an empty error");
            assert!(!line.contains('\n'), "{what}: more than one line: {line:?}");
        }
    }));
    if let Err(panic) = check {
        save_failure(what, input);
        std::panic::resume_unwind(panic);
    }
}

/// Ends the whole test process if one input runs four times past [`HANG`]: a parser that never
/// returns would otherwise stall the suite, where the assertion after it can fail only a slow one.
/// The input is saved first, as any failure's.
struct Watchdog(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Watchdog {
    fn watch(what: &str, input: &[u8]) -> Self {
        use std::sync::atomic::Ordering;
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (seen, what, input) = (done.clone(), what.to_string(), input.to_vec());
        std::thread::spawn(move || {
            let start = Instant::now();
            while start.elapsed() < HANG * 4 {
                if seen.load(Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            save_failure(&what, &input);
            eprintln!("fuzz: {what}: still running after {:?}; a hang", HANG * 4);
            std::process::exit(101);
        });
        Watchdog(done)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Writes a failing input to `DICELAB_FUZZ_FAILURES` (default `target/fuzz-failures`): the
/// first one a target meets as `TARGET-first.bin`, and every later one (proptest shrinking it)
/// over `TARGET-smallest.bin`, so the smallest found so far is kept even if the run is stopped.
/// The first is announced on stderr, past the test harness's capture.
fn save_failure(what: &str, input: &[u8]) {
    use std::io::Write;
    use std::sync::Mutex;
    static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let dir = std::env::var("DICELAB_FUZZ_FAILURES")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/target/fuzz-failures").into());
    let name: String = what
        .split(' ')
        .next()
        .unwrap_or("fuzz")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let first = !seen.contains(&name);
    let kind = if first { "first" } else { "smallest" };
    let path = Path::new(&dir).join(format!("{name}-{kind}.bin"));
    if fs::create_dir_all(&dir).is_ok() && fs::write(&path, input).is_ok() && first {
        seen.push(name);
        let _ = writeln!(
            std::io::stderr(),
            "fuzz: failing input saved to {}",
            path.display()
        );
    }
}

/// A valid file with random edits: bytes replaced, inserted or removed, a stretch doubled or
/// cut, or the end cut off, so most cases get past the header into the rows.
fn mutated(seed: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    let edits = prop::collection::vec((any::<usize>(), any::<u8>(), 0u8..6, 0usize..64), 1..6);
    edits.prop_map(move |edits| {
        let mut bytes = seed.to_vec();
        for (at, byte, op, len) in edits {
            let n = bytes.len();
            let i = if n == 0 { 0 } else { at % n };
            match op {
                0 if n > 0 => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                2 if n > 0 => {
                    bytes.remove(i);
                }
                3 => {
                    let end = (i + len).min(n);
                    let stretch = bytes[i..end].to_vec();
                    bytes.splice(i..i, stretch);
                }
                4 => {
                    let end = (i + len).min(n);
                    bytes.drain(i..end);
                }
                _ => bytes.truncate(i),
            }
        }
        bytes
    })
}

/// Either arbitrary bytes or a mutated valid file (the second finds far more of the code).
fn file(seed: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 0..300),
        4 => mutated(seed),
    ]
}

/// Writes `bytes` where a parser will read them.
fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// Configures `game`; `input` is what the case was made of (a file's bytes, or the setup), saved
/// if it fails.
fn configure(game: &str, rules: &[String], players: u32, policies: &[String], input: &[u8]) {
    let setup = Setup {
        rules: rules.to_vec(),
        players,
        policies: policies.to_vec(),
        files: Default::default(),
    };
    one_line(&format!("{game} {setup:?}"), input, || {
        games::configure(game, &setup)
    });
}

/// Words the spec and option parsers know, so random strings often reach past the first check.
const WORDS: &[&str] = &[
    "optimal",
    "rolls",
    "threshold",
    "target",
    "leader",
    "table",
    "random",
    "greedy",
    "heuristic",
    "lookahead",
    "best",
    "seven-first",
    "lowest",
    "blocker",
    "forced",
    "max_rolls",
    "removal",
    "pairs",
    "subsets",
    "finish",
    "seven",
    "empty",
    "penalty",
    "pile",
    "deck",
    "wipe_ones",
    "tie",
    "playoff",
    "first_player",
    "rounds",
    "follower_limit",
    "none",
    ":",
    "=",
    ",",
    "-",
    "1",
    "0",
    "3",
    "15",
    "1000",
    "1e3",
    "99999999999999999999",
    " ",
    "",
    "é",
    "\0",
];

fn spec() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(WORDS), 0..6).prop_map(|w| w.concat()),
        ".{0,40}",
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn policy_specs_and_rule_options(
        game in prop::sample::select(games::names()),
        players in 0u32..10,
        policies in prop::collection::vec(spec(), 0..4),
        rules in prop::collection::vec(spec(), 0..3),
    ) {
        let input = format!("{game} {players} {policies:?} {rules:?}");
        configure(game, &rules, players, &policies, input.as_bytes());
    }

    #[test]
    fn sevens_policy_tables(
        bytes in file(include_bytes!("../data/sevens-policy.csv")),
        rules in prop::sample::select(vec![vec![], vec!["max_rolls=2".to_string()], vec!["removal=subsets".to_string()]]),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "t.csv", &bytes);
        configure("sevens", &rules, 1, &[format!("table:{path}")], &bytes);
    }

    #[test]
    fn solitaire_dice_weights(bytes in file(include_bytes!("../data/solitaire-tuned.csv"))) {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "w.csv", &bytes);
        configure("solitaire-dice", &[], 1, &[format!("heuristic:{path}"), format!("lookahead:{path}")], &bytes);
    }

    #[test]
    fn sieben_deck_files(
        bytes in file(include_bytes!("../data/sieben-deck.csv")),
        players in 2u32..8,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "d.csv", &bytes);
        configure("sieben", &[format!("deck={path}")], players, &[], &bytes);
    }

    #[test]
    fn claims_files(bytes in file(include_bytes!("../data/claims.csv"))) {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "c.csv", &bytes);
        one_line("claims", &bytes, || dicelab::claims::load(Path::new(&path)));
    }

    #[test]
    fn accumulator_files(bytes in file(include_bytes!("../reports/sevens-2p/accumulators.json"))) {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "accumulators.json", &bytes);
        one_line("accumulators.json", &bytes, || Saved::load(dir.path()));
    }
}

/// The mutations do reach past the header: a valid file with no edit parses, and one edit of a
/// row value (not the header) is caught by the row's own check. Without this, a fuzzer that only
/// ever broke the header would pass while testing nothing.
#[test]
fn the_seed_files_parse_unedited() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |game: &str, rules: Vec<String>, players, policies: Vec<String>| {
        let setup = Setup {
            rules,
            players,
            policies,
            files: Default::default(),
        };
        games::configure(game, &setup).map(drop)
    };
    let table = write(d, "t.csv", include_bytes!("../data/sevens-policy.csv"));
    ok("sevens", vec![], 1, vec![format!("table:{table}")]).unwrap();
    let weights = write(d, "w.csv", include_bytes!("../data/solitaire-tuned.csv"));
    ok(
        "solitaire-dice",
        vec![],
        1,
        vec![format!("heuristic:{weights}")],
    )
    .unwrap();
    let deck = write(d, "d.csv", include_bytes!("../data/sieben-deck.csv"));
    ok("sieben", vec![format!("deck={deck}")], 4, vec![]).unwrap();
    let bad = write(
        d,
        "bad.csv",
        b"number,count\n1,12\n2,12\n3,x\n4,11\n5,11\n6,11\n7,11\n",
    );
    let e = ok("sieben", vec![format!("deck={bad}")], 4, vec![]).unwrap_err();
    assert!(e.to_string().contains("line 4"), "{e}");
    dicelab::claims::load(Path::new("data/claims.csv")).unwrap();
    Saved::load(Path::new("reports/sevens-2p")).unwrap();
}
