//! Fuzzing every parser a user's input reaches, on stable Rust with proptest: typed numbers,
//! policy specs and rule options of every game, Sevens' `stop-if:` rules, `advise` positions
//! (their JSON files and keys), and every file a user gives (Sevens policy tables, Solitaire Dice
//! weights, 7's deck files, claims files, `accumulators.json`), as arbitrary bytes and as valid
//! files with random edits. Each case must end in a value or in one error line, never a panic,
//! and within a few seconds (a hang fails it); an error about what was given is bad input (exit
//! code 2), never an I/O error (exit code 1).
//!
//! CI runs a bounded number of cases per target (64). A long run takes the count from the
//! environment, e.g. about an hour and a half on 2 cores:
//!
//!     DICELAB_FUZZ_CASES=200000 cargo test --release --test fuzz -- --test-threads 2
//!
//! A failure prints the smallest input proptest could shrink it to; add it to a test of its own
//! before fixing it.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use dicelab::games::advice::{AdviceRequest, Position};
use dicelab::games::sevens::spec::PolicySpec;
use dicelab::games::{self, Setup};
use dicelab::record::Saved;
use dicelab::{Files, OnProgress, RunConfig, Shard};
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
fn mutated(seed: impl Into<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    let seed = seed.into();
    let edits = prop::collection::vec((any::<usize>(), any::<u8>(), 0u8..6, 0usize..64), 1..6);
    edits.prop_map(move |edits| {
        let mut bytes = seed.clone();
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

/// The tokens of a `stop-if:` rule (its variables, words, operators, numbers at and past the
/// limit), what its lexer refuses, and every kind of space, so random rules reach the parser's
/// every branch.
const RULE_WORDS: &[&str] = &[
    "sum",
    "dice",
    "roll",
    "rolls",
    "to_beat",
    "round",
    "rounds",
    "me",
    "best_other",
    "summ",
    "and",
    "or",
    "not",
    "xor",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "+",
    "-",
    "*",
    "(",
    ")",
    "=",
    "!",
    "&&",
    "|",
    ";",
    ":",
    "0",
    "2",
    "14",
    "1000000000",
    "1000000001",
    "99999999999999999999",
    "sum >= 14",
    " or dice <= 2",
    " ",
    "  ",
    "\t",
    "\n",
    "\u{a0}",
    "\u{202f}",
    "\u{3000}",
    "\u{2028}",
    "\u{2029}",
    "\u{200b}",
    "\u{feff}",
    "\u{202e}",
    "\u{1b}[2J",
    "é",
    "\0",
];

/// Every kind of space a rule may be typed with.
const SPACES: &[&str] = &[
    "", " ", "  ", "\t", "\n", "\u{a0}", "\u{202f}", "\u{2007}", "\u{3000}", "\u{2028}",
];

/// A rule the grammar accepts, or nearly: comparisons of a variable and a number joined by and
/// and or, some negated or in parentheses, with any spaces between the tokens.
fn grammatical_rule() -> impl Strategy<Value = String> {
    let space = || prop::sample::select(SPACES);
    let comparison = (
        prop::sample::select(&["", "", "not ", "(", "-"][..]),
        prop::sample::select(
            &[
                "sum",
                "dice",
                "roll",
                "to_beat",
                "round",
                "me",
                "best_other",
            ][..],
        ),
        space(),
        prop::sample::select(&[">=", "<=", "==", "!=", "<", ">", "+ 1 >", "* 2 <"][..]),
        space(),
        prop::sample::select(&["0", "2", "14", "to_beat + 5", "rounds", "1000000000"][..]),
        prop::sample::select(&["", "", ")"][..]),
    )
        .prop_map(|(a, b, c, d, e, f, g)| format!("{a}{b}{c}{d}{e}{f}{g}"));
    let joined = (
        space(),
        prop::sample::select(&["and", "or"][..]),
        space(),
        comparison.clone(),
    )
        .prop_map(|(a, b, c, d)| format!("{a}{b}{c}{d}"));
    (
        space(),
        comparison,
        prop::collection::vec(joined, 0..4),
        space(),
    )
        .prop_map(|(before, first, rest, after)| format!("{before}{first}{}{after}", rest.concat()))
}

/// A `stop-if:` rule: one the grammar (nearly) accepts, tokens in random order, random text, or
/// a rule at the edges of the limits (long, padded with spaces, nested deep).
fn rule() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => grammatical_rule(),
        3 => prop::collection::vec(prop::sample::select(RULE_WORDS), 0..24).prop_map(|w| w.concat()),
        1 => ".{0,60}",
        1 => (0usize..1100, 0usize..80, prop::sample::select(RULE_WORDS)).prop_map(|(n, depth, pad)| {
            let padding = pad.repeat(n);
            format!("{padding}{}sum >= 14{}{padding}", "(".repeat(depth), ")".repeat(depth))
        }),
    ]
}

/// Values a position key may be given in a file: whole numbers in and out of every key's
/// range, numbers JSON writes other ways (`1e0`, `2.0`, past u64, past f64), strings the keys
/// read and garbage, lists, and what no key takes.
const VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "6",
    "7",
    "15",
    "100",
    "-1",
    "-0",
    "1e0",
    "2.0",
    "50e-1",
    "1.5",
    "1e400",
    "-1e400",
    "1e-400",
    "1e999999999999",
    "18446744073709551616",
    "18446744073709551615",
    "-9223372036854775809",
    "9223372036854775807",
    "123456789012345678901234567890",
    "\"1\"",
    "\"1e0\"",
    "\"2+3\"",
    "\"empty\"",
    "\"new\"",
    "\"you\"",
    "\"out\"",
    "\"out2\"",
    "\"1@2+3:1\"",
    "\"3:2,5:7,7:8/1:6,2:4\"",
    "\"7:16/1:8\"",
    "\"1,2,,3\"",
    "\"\"",
    "\"\\u2028\\n\\u0000\"",
    "\"é\"",
    "true",
    "false",
    "null",
    "{}",
    "{\"a\": [1, {\"b\": null}]}",
    "[]",
    "[1, 2]",
    "[1, 2, 3]",
    "[10, 12, 3]",
    "[6, 1, 6, 6]",
    "[1, 1, 3, 5, 6]",
    "[1, 3, 3, 5, 6]",
    "[\"1\", 2]",
    "[[1]]",
    "[1, null]",
    "[1e0, 2.0, 3]",
    "[18446744073709551616]",
];

/// A JSON value: mostly one of [`VALUES`], a whole number, a float or a short list of small
/// numbers (what the keys read, and near it); now and then lists and objects nested.
fn json_value() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        6 => prop::sample::select(VALUES).prop_map(str::to_string),
        1 => any::<i64>().prop_map(|n| n.to_string()),
        1 => any::<f64>().prop_filter("finite", |x| x.is_finite()).prop_map(|x| format!("{x:e}")),
        2 => prop::collection::vec(0u8..20, 0..8).prop_map(|v| format!("{v:?}")),
    ];
    let nested = leaf.clone().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
            prop::collection::vec(inner, 0..3).prop_map(|v| {
                let entries: Vec<String> = v
                    .iter()
                    .enumerate()
                    .map(|(i, x)| format!("\"k{i}\": {x}"))
                    .collect();
                format!("{{{}}}", entries.join(", "))
            }),
        ]
    });
    prop_oneof![8 => leaf, 1 => nested]
}

/// Keys no game takes, or a game's key written otherwise.
const ODD_KEYS: &[&str] = &[
    "",
    "Roll",
    "roll ",
    "dice_shown",
    "é",
    "\u{0}",
    "__proto__",
    "a\nb",
];

/// A valid position of each game that advises, as its keys and their JSON values, so that
/// positions edited from it reach past the first check to the game's own.
fn seed_position(game: &str) -> &'static [(&'static str, &'static str)] {
    match game {
        "sevens" => &[
            ("roll", "1"),
            ("dice", "2"),
            ("sum", "5"),
            ("allowed", "2"),
            ("round", "2"),
            ("totals", "[10, 12, 3]"),
            ("scores", "[15]"),
        ],
        "solitaire-dice" => &[
            ("roll", "[1, 1, 3, 5, 6]"),
            ("sheet", "\"3:2,5:7,7:8,8:4,9:5/1:6,2:4,5:3\""),
        ],
        "sieben" => &[
            ("hand", "[1, 3, 3, 5, 6]"),
            ("pile", "\"2+3\""),
            ("others", "[7, 6, 7]"),
            ("chips", "[10, 5, 8, 7]"),
            ("starter", "\"you\""),
        ],
        _ => &[("totals", "[62, 88, 75, 40]"), ("next", "3")],
    }
}

/// A JSON object of `entries`, each key written as JSON writes it.
fn json_object<K: AsRef<str>, V: AsRef<str>>(entries: &[(K, V)]) -> String {
    let entries: Vec<String> = entries
        .iter()
        .map(|(k, v)| {
            let key = serde_json::to_string(k.as_ref()).unwrap();
            format!("{key}: {}", v.as_ref())
        })
        .collect();
    format!("{{{}}}", entries.join(", "))
}

/// The rules a game's positions are advised under: Sevens plays two rounds, so the three-player
/// game a position can ask for is solved in a tenth of a second rather than in one and a half.
fn advice_rules(game: &str) -> Vec<String> {
    if game == "sevens" {
        vec!["rounds=2".to_string()]
    } else {
        Vec::new()
    }
}

/// A game that advises, a position file's bytes for it and the flags given beside the file:
/// its valid position with values replaced by hostile ones, keys dropped, and now and then a
/// key repeated or one no game takes; the game's keys in any order with hostile values; the
/// valid file with random byte edits; or any bytes. A byte-order mark comes first now and then,
/// and a flag or two beside the file.
fn position() -> impl Strategy<Value = (&'static str, Vec<u8>, Vec<(String, String)>)> {
    let advising: Vec<&'static str> = games::all()
        .into_iter()
        .filter(|g| g.advisor().is_some())
        .map(|g| g.name())
        .collect();
    prop::sample::select(advising).prop_flat_map(|game| {
        let keys: Vec<&'static str> = games::find(game)
            .unwrap()
            .advisor()
            .unwrap()
            .keys()
            .iter()
            .map(|k| k.key)
            .collect();
        let seed = seed_position(game);
        let any_key = prop_oneof![
            2 => prop::sample::select(keys.clone()),
            1 => prop::sample::select(ODD_KEYS),
        ];
        let extra = prop_oneof![
            3 => Just(Vec::new()),
            1 => prop::collection::vec((any_key.clone(), json_value()), 1..3),
        ];
        // Each entry of the seed kept (most), given another value, or left out.
        let edited = (
            prop::collection::vec((0u8..10, json_value()), seed.len()),
            extra.clone(),
        )
            .prop_map(move |(edits, extra)| {
                let mut entries: Vec<(String, String)> = Vec::new();
                for (&(key, value), (edit, other)) in seed.iter().zip(edits) {
                    match edit {
                        0..=6 => entries.push((key.into(), value.into())),
                        7 | 8 => entries.push((key.into(), other)),
                        _ => {}
                    }
                }
                entries.extend(extra.into_iter().map(|(k, v)| (k.to_string(), v)));
                json_object(&entries).into_bytes()
            });
        let shuffled = (
            prop::sample::subsequence(keys.clone(), 0..=keys.len()).prop_shuffle(),
            prop::collection::vec(json_value(), keys.len()),
            extra,
        )
            .prop_map(|(chosen, values, extra)| {
                let mut entries: Vec<(String, String)> =
                    chosen.iter().map(|k| k.to_string()).zip(values).collect();
                entries.extend(extra.into_iter().map(|(k, v)| (k.to_string(), v)));
                json_object(&entries).into_bytes()
            });
        let bytes = prop_oneof![
            5 => edited,
            2 => shuffled,
            2 => mutated(json_object(seed)),
            1 => prop::collection::vec(any::<u8>(), 0..100),
        ];
        let flag_value = prop_oneof![
            3 => prop::sample::select(VALUES).prop_map(|v| v.trim_matches('"').to_string()),
            1 => ".{0,12}",
        ];
        let flags = prop_oneof![
            3 => Just(Vec::new()),
            1 => prop::collection::vec((any_key, flag_value), 1..3),
        ];
        (Just(game), bytes, 0u8..4, flags).prop_map(|(game, mut bytes, bom, flags)| {
            if bom == 0 {
                bytes.splice(0..0, "\u{feff}".bytes());
            }
            let flags = flags.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            (game, bytes, flags)
        })
    })
}

/// Advises `game` on the position in the file at `path` with `flags` beside it, as `dicelab
/// advise GAME --position FILE` does, on few play-outs and one thread.
fn advise(game: &str, path: &Path, flags: Vec<(String, String)>) -> dicelab::Result<String> {
    let advisor = games::find(game)?.advisor().expect("a game that advises");
    let what = format!("position {}", path.display());
    let text = Files::default().read_text(&what, path)?;
    let position = Position::from_json(&what, &text, Position::new(flags)?)?;
    let request = AdviceRequest {
        rules: advice_rules(game),
        policies: Vec::new(),
        position,
        run: RunConfig {
            units: Some(16),
            seed: 1,
            threads: Some(1),
            shard: Shard::WHOLE,
            progress: OnProgress::default(),
        },
    };
    advisor.advise(&request).map(|a| format!("{a:?}"))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn stop_if_rules(
        rule in rule(),
        players in 1u32..4,
        against in prop::sample::select(vec![None, None, Some("optimal"), Some("stop-if: sum >= 14")]),
    ) {
        let spec = format!("stop-if:{rule}");
        let mut policies = vec![spec.clone()];
        policies.extend(against.map(str::to_string));
        configure("sevens", &[], players, &policies, spec.as_bytes());
        // Any space typed as a no-break space is the same rule under the same name.
        let spaced = format!("stop-if:{}", rule.replace(' ', "\u{a0}"));
        let (a, b) = (spec.parse::<PolicySpec>(), spaced.parse::<PolicySpec>());
        prop_assert_eq!(a.is_ok(), b.is_ok(), "{:?}", spec);
        if let (Ok(a), Ok(b)) = (a, b) {
            prop_assert_eq!(a.to_string(), b.to_string());
        }
    }

    #[test]
    fn advice_positions((game, bytes, flags) in position()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.json");
        fs::write(&path, &bytes).unwrap();
        // Named by game, so that each keeps its own saved failure.
        let what = format!("advise-{game} {flags:?}");
        one_line(&what, &bytes, || {
            let advice = advise(game, &path, flags);
            if let Err(e) = &advice {
                assert!(!e.is_io(), "{what}: bad content is an I/O error: {e}");
            }
            advice
        });
    }

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
    // Every game that advises has a valid seed position, one edit of a value is refused by its
    // key's check, and a byte-order mark before it changes nothing.
    for game in games::all().into_iter().filter(|g| g.advisor().is_some()) {
        let game = game.name();
        let seed = json_object(seed_position(game));
        let seed = seed.as_bytes();
        let path = d.join("p.json");
        fs::write(&path, seed).unwrap();
        let advice = advise(game, &path, Vec::new()).unwrap();
        fs::write(&path, [&b"\xef\xbb\xbf"[..], seed].concat()).unwrap();
        assert_eq!(advise(game, &path, Vec::new()).unwrap(), advice, "{game}");
        let edited = String::from_utf8(seed.to_vec()).unwrap().replacen(
            ": [",
            ": [18446744073709551616, ",
            1,
        );
        fs::write(&path, edited).unwrap();
        let e = advise(game, &path, Vec::new()).unwrap_err().to_string();
        assert!(e.contains("18446744073709551616"), "{game}: {e}");
    }
}
