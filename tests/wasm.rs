//! The library compiled to WebAssembly gives the command line's answers byte for byte: every
//! case below is asked of `dicelab advise GAME --position FILE --json` (or `dicelab review FILE
//! --format json`) and of the module's `advise` (or `review`) in Node (one thread, as in a
//! browser's worker), and the documents (or the error lines) must be the same. `dev/wasm.sh` builds the module, installing the Rust target and
//! wasm-bindgen-cli where they are missing, as CI has them installed.

#[path = "system/mod.rs"]
mod system;

use std::path::Path;
use std::process::Command;

/// One question: an advice (a game, a position as advise's JSON object, rule options) or a
/// review of a record's text, with the play-outs and seed of what is estimated; the module
/// takes these as its options, the command line as its flags.
struct Case {
    game: &'static str,
    position: serde_json::Value,
    rules: Vec<String>,
    /// A record to review, in place of an advice.
    record: Option<String>,
    n: Option<u64>,
    seed: Option<u64>,
}

/// Positions across every game that advises: Sevens' single turns (many no roll can leave, so
/// their refusals are compared too), games of two and three players, Sequences' and Hearts
/// Due's odds, and the raced advice of Solitaire Dice and 7 on a seed.
fn cases() -> Vec<Case> {
    use serde_json::json;
    let case = |game, position| Case {
        game,
        position,
        rules: Vec::new(),
        record: None,
        n: None,
        seed: None,
    };
    let mut cases = Vec::new();
    for roll in 1..=3 {
        for dice in [2, 4, 6] {
            for sum in [0, 3, 7, 12] {
                cases.push(case(
                    "sevens",
                    json!({"roll": roll, "dice": dice, "sum": sum, "allowed": 3}),
                ));
            }
        }
    }
    for round in [1, 6, 10] {
        for (a, b) in [(0, 0), (52, 49), (30, 61)] {
            let totals = if round == 1 { (0, 0) } else { (a, b) };
            cases.push(case(
                "sevens",
                json!({"roll": 1, "dice": 2, "sum": 5, "allowed": 2, "round": round,
                       "totals": format!("{},{}", totals.0, totals.1), "scores": "15"}),
            ));
            cases.push(case(
                "sevens",
                json!({"roll": 2, "dice": 4, "sum": 9, "round": round,
                       "totals": format!("{},{}", totals.0, totals.1)}),
            ));
        }
    }
    cases.push(case(
        "sevens",
        json!({"roll": 1, "dice": 4, "sum": 8, "round": 9, "totals": "80,95,90", "scores": "12,10"}),
    ));
    for game in ["sequences", "hearts-due"] {
        for totals in ["0,0", "40,55", "90,20,60", "99,98,97,96"] {
            for next in [1, 2] {
                cases.push(case(game, json!({"totals": totals, "next": next})));
            }
        }
    }
    for (k, roll) in ["1,2,3,4,6", "6,6,6,6,6", "1,1,2,5,5"].iter().enumerate() {
        cases.push(Case {
            n: Some(16),
            seed: Some(k as u64 + 1),
            ..case("solitaire-dice", json!({"roll": roll}))
        });
    }
    cases.push(Case {
        n: Some(20),
        seed: Some(3),
        ..case(
            "sieben",
            json!({"hand": "1,3,3,5,6", "pile": "2+3", "others": "7,6,7", "chips": "10,5,8,7"}),
        )
    });
    cases.push(Case {
        rules: vec!["max_rolls=4".into()],
        ..case(
            "sevens",
            json!({"roll": 2, "dice": 6, "sum": 0, "allowed": 4}),
        )
    });
    cases.push(case("sevens", json!({"roll": 1, "dice": 7})));
    cases.push(case("chess", json!({})));
    cases
}

/// Reviews of records the binary writes (`simulate --record`) for every game that reviews, the
/// estimated ones on a seed, and a record cut short.
fn reviews(dir: &Path) -> Vec<Case> {
    let mut cases = Vec::new();
    for (k, (game, players, games)) in [
        ("sevens", "2", "3"),
        ("sevens", "3", "1"),
        ("sequences", "3", "2"),
        ("hearts-due", "2", "2"),
        ("solitaire-dice", "1", "1"),
        ("sieben", "4", "1"),
    ]
    .into_iter()
    .enumerate()
    {
        let file = dir.join(format!("record-{k}.txt"));
        let out = Command::new(env!("CARGO_BIN_EXE_dicelab"))
            .args(["simulate", game, "--players", players, "-n", games, "-q"])
            .args(["--seed", &(k + 3).to_string(), "--record"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let record = std::fs::read_to_string(&file).unwrap();
        let estimated = matches!(game, "solitaire-dice" | "sieben");
        cases.push(Case {
            game,
            position: serde_json::Value::Null,
            rules: Vec::new(),
            n: estimated.then_some(8),
            seed: estimated.then_some(k as u64),
            record: Some(record.clone()),
        });
        if k == 0 {
            // Cut short in the middle of a game's lines.
            let cut: String = record.lines().take(40).map(|l| format!("{l}\n")).collect();
            cases.push(Case {
                game,
                position: serde_json::Value::Null,
                rules: Vec::new(),
                n: None,
                seed: None,
                record: Some(cut),
            });
        }
    }
    cases
}

/// What `dicelab advise` (or `review`) gives for `case`: its JSON document, or its error line
/// without the `dicelab: error: ` before it.
fn command_line(dir: &Path, i: usize, case: &Case) -> serde_json::Value {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dicelab"));
    if let Some(record) = &case.record {
        // Named `record` as the module names the text it is given.
        let folder = dir.join(format!("case-{i}"));
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("record"), record).unwrap();
        command
            .current_dir(&folder)
            .args(["review", "record", "--format", "json"]);
    } else {
        let file = dir.join(format!("position-{i}.json"));
        std::fs::write(&file, case.position.to_string()).unwrap();
        command
            .args(["advise", case.game, "--json", "--position"])
            .arg(&file);
    }
    for rule in &case.rules {
        command.args(["--rule", rule]);
    }
    if let Some(n) = case.n {
        command.args(["-n", &n.to_string()]);
    }
    if let Some(seed) = case.seed {
        command.args(["--seed", &seed.to_string()]);
    }
    let out = command.output().unwrap();
    if out.status.success() {
        serde_json::json!({"ok": String::from_utf8(out.stdout).unwrap()})
    } else {
        let line = String::from_utf8(out.stderr).unwrap();
        let line = line
            .trim_end()
            .strip_prefix("dicelab: error: ")
            .unwrap_or(&line);
        // The command line names a record by its file (`record FILE`); the module, handed text,
        // calls it `record`, as the server does.
        let line = line.replacen("record record: ", "record: ", 1);
        serde_json::json!({"error": line})
    }
}

#[test]
fn the_webassembly_module_advises_as_the_command_line_does() {
    if system::skipped("the WebAssembly module (the wasm32 target, crates.io)") {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let module = tmp.path().join("module");
    let built = Command::new("bash")
        .arg(root.join("dev/wasm.sh"))
        .arg(&module)
        .output()
        .expect("bash runs dev/wasm.sh");
    assert!(
        built.status.success(),
        "dev/wasm.sh failed:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    eprint!("{}", String::from_utf8_lossy(&built.stdout));
    let mut cases = cases();
    cases.extend(reviews(tmp.path()));
    let asked: Vec<serde_json::Value> = cases
        .iter()
        .map(|c| {
            let mut options = serde_json::Map::new();
            if !c.rules.is_empty() {
                options.insert("rules".into(), c.rules.clone().into());
            }
            if let Some(n) = c.n {
                options.insert("n".into(), n.into());
            }
            if let Some(seed) = c.seed {
                options.insert("seed".into(), seed.into());
            }
            match &c.record {
                Some(record) => {
                    serde_json::json!({"call": "review", "record": record, "options": options})
                }
                None => serde_json::json!({"call": "advise", "game": c.game,
                    "position": c.position.to_string(), "options": options}),
            }
        })
        .collect();
    let cases_file = tmp.path().join("cases.json");
    let answers_file = tmp.path().join("answers.json");
    std::fs::write(&cases_file, serde_json::to_string(&asked).unwrap()).unwrap();
    let node = Command::new("node")
        .arg(root.join("tests/wasm/parity.js"))
        .arg(module.join("node"))
        .arg(&cases_file)
        .arg(&answers_file)
        .output()
        .expect("node runs (Debian: nodejs)");
    assert!(
        node.status.success(),
        "node tests/wasm/parity.js failed:\n{}",
        String::from_utf8_lossy(&node.stderr)
    );
    eprint!("{}", String::from_utf8_lossy(&node.stderr));
    let answers: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&answers_file).unwrap()).unwrap();
    assert_eq!(answers.len(), cases.len());
    let (mut documents, mut refusals, mut reviewed) = (0, 0, 0);
    for (i, (case, wasm)) in cases.iter().zip(&answers).enumerate() {
        let cli = command_line(tmp.path(), i, case);
        assert_eq!(
            wasm, &cli,
            "case {i}: {} {} {:?}: the module (left) and the command line (right) differ",
            case.game, case.position, case.rules
        );
        if cli.get("ok").is_some() {
            documents += 1;
            reviewed += usize::from(case.record.is_some());
        } else {
            refusals += 1;
        }
    }
    // Most cases are answered; the rest are refusals on purpose (rolls no throw can leave, a
    // game that is not one), whose lines must agree too.
    assert!(
        documents >= 50 && refusals >= 10 && reviewed == 6,
        "{documents} answered ({reviewed} reviews), {refusals} refused"
    );
}
