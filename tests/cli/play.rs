//! `dicelab play`: whole games of Sevens, Solitaire Dice and 7 from scripted input through a
//! pipe, coached; the same seed dealing the same game; unreadable answers and the end of input
//! met with a clear line; bad options refused before anything is dealt.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `dicelab play ...` with `input` on its stdin.
fn run_play(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // The game may end before reading every line: a closed pipe is not a failure here.
    let _ = stdin.write_all(input.as_ref());
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Runs `dicelab play ...` with `input` on its stdin; its stdout, after a successful exit.
fn play(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> String {
    let out = run_play(dir, args, input);
    assert!(
        out.status.success(),
        "dicelab play {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `dicelab play ...` with `input`, which ends before the game does; its stdout, after
/// exit code 3 and one line saying so.
fn cut_off(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> String {
    let out = run_play(dir, args, input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(3),
        "dicelab play {args:?}: {stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("the input ended after") && stderr.contains("before the game did"),
        "{stderr}"
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Always the first listed action, `n` times.
fn firsts(n: usize) -> String {
    "1\n".repeat(n)
}

#[test]
fn a_coached_game_of_sevens_is_played_to_its_end_from_a_pipe() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(
        tmp.path(),
        &["sevens", "--coach", "--seed", "3"],
        firsts(60),
    );
    assert!(out.contains("round 10:"), "{out}");
    assert!(out.contains("game over. totals: you "), "{out}");
    // The game's review replaces the coach's summary of costs.
    assert!(out.contains("the game reviewed"), "{out}");
    assert!(!out.contains("total cost: "), "{out}");
    // Every decision is followed by the coach's word on it.
    let asked = out.matches("your choice").count();
    let told = out.matches("coach: ").count();
    assert!(asked > 0 && asked == told, "{asked} decisions, {told} told");
}

/// The seed a game printed, from its `seed N (...)` line.
fn seed_of(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.starts_with("seed "))
        .expect("a seed line");
    line.split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn two_games_without_a_seed_differ_and_the_printed_seed_deals_one_again() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let first = play(d, &["sevens"], firsts(60));
    let second = play(d, &["sevens"], firsts(60));
    assert_ne!(seed_of(&first), seed_of(&second));
    assert_ne!(first, second);
    let seed = seed_of(&first);
    let again = play(d, &["sevens", "--seed", &seed], firsts(60));
    assert_eq!(first, again);
}

#[test]
fn a_recorded_game_ends_with_its_review_and_reviews_the_same_from_its_file() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let args = [
        "sevens", "--seed", "8", "--policy", "rolls:1", "--record", "g.txt",
    ];
    let out = play(d, &args, firsts(60));
    let start = out
        .lines()
        .find(|l| l.contains("chance to win at the start"))
        .expect("the review's first line")
        .split_whitespace()
        .nth(6)
        .unwrap()
        .trim_end_matches(';')
        .to_string();
    let review = crate::common::ok(d, &["review", "g.txt"]);
    let you = review.lines().find(|l| l.starts_with("  you ")).unwrap();
    assert!(you.contains(&start), "{you} vs {start}");
    // The record is the game as played: the same seed and seats.
    let record = String::from_utf8(crate::common::read(d.join("g.txt"))).unwrap();
    assert!(
        record.contains("seed 8\nseat 1 person you\nseat 2 policy rolls:1\n"),
        "{record}"
    );
    // A game left early is written as far as it went, ready to finish.
    let left = play(d, &["sevens", "--seed", "8", "--record", "h.txt"], "q\n");
    assert!(!left.contains("the game reviewed"), "{left}");
    let partial = String::from_utf8(crate::common::read(d.join("h.txt"))).unwrap();
    assert!(partial.starts_with("dicelab record 1\n"), "{partial}");
}

#[test]
fn a_game_left_early_resumes_from_its_record_and_plays_on_to_its_review() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    play(
        d,
        &["sevens", "--seed", "12", "--record", "part.txt"],
        "1\n2\n1\n1\nq\n",
    );
    let part = String::from_utf8(crate::common::read(d.join("part.txt"))).unwrap();
    let out = play(
        d,
        &["sevens", "--resume", "part.txt", "--record", "whole.txt"],
        firsts(60),
    );
    assert!(out.contains("(as recorded)"), "{out}");
    assert!(out.contains("the game reviewed"), "{out}");
    // The whole game is the part played before, then the rest.
    let whole = String::from_utf8(crate::common::read(d.join("whole.txt"))).unwrap();
    assert!(
        whole.starts_with(&part) && whole.len() > part.len(),
        "{part}\n{whole}"
    );
    crate::common::ok(d, &["review", "whole.txt"]);
    // A record that is not the game its seed deals is refused at the throw that differs.
    let line = part.lines().position(|l| l.starts_with("you: ")).unwrap() + 1;
    let wrong: String = part
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == line {
                let flipped = if l.ends_with('6') { '5' } else { '6' };
                format!("{}{flipped}\n", &l[..l.len() - 1])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(d.join("wrong.txt"), wrong).unwrap();
    let out = run_play(d, &["sevens", "--resume", "wrong.txt"], "1\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("line {line}, column 6: the game its seed deals")),
        "{stderr}"
    );
    // Pairs are Solitaire Dice's: a Sevens throw typed with them is refused at the word.
    let first = part.lines().nth(line - 1).unwrap();
    let paired = part.replacen(first, &format!("{first} pairs 1+2 3+4"), 1);
    std::fs::write(d.join("paired.txt"), paired).unwrap();
    let out = run_play(d, &["sevens", "--resume", "paired.txt"], "1\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("a Sevens throw is not divided into pairs"),
        "{stderr}"
    );
}

#[test]
fn under_subsets_a_record_says_which_dice_were_kept_and_resumes_from_them() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let subsets = ["sevens", "--rule", "removal=subsets", "--seed", "3"];
    let with = |more: &[&'static str]| [&subsets[..], more].concat();
    let out = play(d, &with(&["--record", "g.txt"]), "2\n".repeat(60));
    assert!(out.contains("the game reviewed"), "{out}");
    let record = String::from_utf8(crate::common::read(d.join("g.txt"))).unwrap();
    assert!(record.contains(" keep "), "{record}");
    crate::common::ok(d, &["review", "g.txt"]);
    // Left after a few answers, the game resumes from the dice its record kept.
    play(d, &with(&["--record", "part.txt"]), "2\n2\n2\n2\nq\n");
    let part = String::from_utf8(crate::common::read(d.join("part.txt"))).unwrap();
    let out = play(
        d,
        &["sevens", "--resume", "part.txt", "--record", "whole.txt"],
        "2\n".repeat(60),
    );
    assert!(out.contains("(as recorded)"), "{out}");
    let whole = String::from_utf8(crate::common::read(d.join("whole.txt"))).unwrap();
    assert!(whole.starts_with(&part), "{part}\n{whole}");
    assert_eq!(whole, record, "the same answers play the same game");
    // A `keep` of dice the throw did not show is refused at its line.
    let (line, text) = record
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("you: ") && l.contains(" keep "))
        .expect("a choice of yours with `keep`");
    let edited = text.split(" keep ").next().unwrap().to_string() + " keep 6 6 6 6 6 6";
    std::fs::write(d.join("bad.txt"), record.replace(text, &edited)).unwrap();
    let out = run_play(d, &["sevens", "--resume", "bad.txt"], "2\n".repeat(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "line {}, column 6: the dice after `keep`",
            line + 1
        )),
        "{stderr}"
    );
}

#[test]
fn record_is_refused_before_the_game_where_no_record_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    {
        let args = &["sevens", "--players", "1", "--record", "g.txt"][..];
        let out = run_play(tmp.path(), args, "1\n");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("--record: play "), "{stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!tmp.path().join("g.txt").exists());
    }
}

/// A game starts with a few lines on how to play it, from the game's rulebook, and where the
/// whole rules are; then the game.
#[test]
fn a_game_starts_with_how_to_play_it_in_short() {
    let tmp = tempfile::tempdir().unwrap();
    for (game, words) in [
        ("sevens", "How to play sevens: roll six dice;"),
        (
            "solitaire-dice",
            "How to play solitaire-dice: roll five dice;",
        ),
        ("sieben", "How to play sieben: lay one card a turn"),
    ] {
        let out = play(tmp.path(), &[game], "q\n");
        assert!(out.starts_with(words), "{game}: {out}");
        let intro: Vec<&str> = out.split("\n\n").next().unwrap().lines().collect();
        assert!(intro.len() <= 8, "{game}: {intro:?}");
        assert!(intro.iter().all(|l| l.chars().count() <= 80), "{intro:?}");
        assert_eq!(
            intro[intro.len() - 2],
            format!("Every rule, option and reading: dicelab rules {game}")
        );
        // Then the game's seed, so that it can be dealt again.
        assert!(intro.last().unwrap().starts_with("seed "), "{intro:?}");
        assert!(out.contains("you left the game"), "{game}: {out}");
    }
}

/// Ctrl-C while the game waits for an answer ends it at once with one line and exit code 130.
#[test]
fn ctrl_c_at_the_prompt_ends_the_game_with_exit_130() {
    let tmp = tempfile::tempdir().unwrap();
    let out = crate::common::interrupted(
        tmp.path(),
        &["play", "sevens"],
        std::time::Duration::from_millis(1500),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(
        stderr,
        "dicelab: interrupted (Ctrl-C): `dicelab play sevens` stopped before it finished\n"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("your choice"));
}

#[test]
fn a_coached_game_of_solitaire_dice_ends_when_a_throwaway_has_eight_marks() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(
        tmp.path(),
        &[
            "solitaire-dice",
            "--coach",
            "--policy",
            "greedy",
            "-n",
            "20",
        ],
        firsts(200),
    );
    assert!(out.contains("game over after "), "{out}");
    // A finished game ends with its review, in expected final score, estimated.
    assert!(
        out.contains("the game reviewed, every position valued by play-outs"),
        "{out}"
    );
    assert!(out.contains("expected final score at the start"), "{out}");
}

#[test]
fn a_game_of_solitaire_dice_is_recorded_and_resumed_from_its_record() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let out = play(
        d,
        &["solitaire-dice", "--seed", "4", "--record", "g.txt"],
        firsts(200),
    );
    assert!(out.contains("final score"), "{out}");
    let record = String::from_utf8(crate::common::read(d.join("g.txt"))).unwrap();
    assert!(
        record.contains("game solitaire-dice\nseed 4\nseat 1 person you\nround 1\nyou: "),
        "{record}"
    );
    assert!(record.contains(" pairs "), "{record}");
    // Left after three rolls, the game resumes from its record and, with the same answers,
    // is the same game.
    play(
        d,
        &["solitaire-dice", "--seed", "4", "--record", "part.txt"],
        "1\n1\n1\nq\n",
    );
    let part = String::from_utf8(crate::common::read(d.join("part.txt"))).unwrap();
    assert!(
        part.contains("round 3\n") && !part.contains("round 4\n"),
        "{part}"
    );
    play(
        d,
        &[
            "solitaire-dice",
            "--resume",
            "part.txt",
            "--record",
            "whole.txt",
        ],
        firsts(200),
    );
    let whole = String::from_utf8(crate::common::read(d.join("whole.txt"))).unwrap();
    assert_eq!(whole, record);
    // A record whose roll is not the one its seed deals is refused at that roll.
    std::fs::write(d.join("wrong.txt"), part.replace("seed 4", "seed 5")).unwrap();
    let out = run_play(d, &["solitaire-dice", "--resume", "wrong.txt"], "1\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("record wrong.txt: line 7, column 6: seed 5 deals "),
        "{stderr}"
    );
}

#[test]
fn a_game_of_7_is_recorded_and_resumed_from_its_record() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let args = ["sieben", "--players", "2", "--seed", "5"];
    let with = |more: &[&'static str]| -> Vec<&'static str> { [&args[..], more].concat() };
    let out = play(d, &with(&["--record", "g.txt"]), firsts(400));
    assert!(out.contains("game over after 7 rounds"), "{out}");
    let record = String::from_utf8(crate::common::read(d.join("g.txt"))).unwrap();
    assert!(
        record
            .contains("seed 5\nseat 1 person you\nseat 2 policy seven-first\nround 1\ndeal you: "),
        "{record}"
    );
    // Left after a few decisions, the game resumes from its record and, with the same answers,
    // is the same game.
    play(d, &with(&["--record", "part.txt"]), "1\n1\n1\n1\nq\n");
    let part = String::from_utf8(crate::common::read(d.join("part.txt"))).unwrap();
    assert!(record.starts_with(part.trim_end()), "{part}");
    play(
        d,
        &["sieben", "--resume", "part.txt", "--record", "whole.txt"],
        firsts(400),
    );
    let whole = String::from_utf8(crate::common::read(d.join("whole.txt"))).unwrap();
    assert_eq!(whole, record);
    // A record whose deal is not the one its seed deals is refused at that deal.
    std::fs::write(d.join("wrong.txt"), part.replace("seed 5", "seed 6")).unwrap();
    let out = run_play(d, &["sieben", "--resume", "wrong.txt"], "1\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("record wrong.txt: line 9, column 11: seed 6 deals "),
        "{stderr}"
    );
}

#[test]
fn a_coached_game_of_7_is_played_to_its_end_and_the_same_seed_deals_it_again() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["sieben", "--coach", "-n", "100", "--seed", "5"];
    let out = play(tmp.path(), &args, firsts(400));
    assert!(out.contains("round 7"), "{out}");
    assert!(out.contains("game over after 7 rounds"), "{out}");
    // The review of the game replaces the coach's summary, whose total added losses taken at
    // different positions.
    assert!(
        out.contains("the game reviewed, every decision valued by guesses of the hidden cards"),
        "{out}"
    );
    assert!(!out.contains("coach's summary"), "{out}");
    assert_eq!(out, play(tmp.path(), &args, firsts(400)));
}

#[test]
fn an_unreadable_answer_is_asked_again_and_the_end_of_input_stops_the_game() {
    let tmp = tempfile::tempdir().unwrap();
    let out = cut_off(tmp.path(), &["sieben"], "x\n99\n");
    assert!(out.contains("'x' is not one of the choices"), "{out}");
    assert!(out.contains("'99' is not one of the choices"), "{out}");
    assert!(out.contains("end of input: the game stops here"), "{out}");
    assert!(out.contains("game stopped in round 1"), "{out}");
    let out = play(tmp.path(), &["solitaire-dice"], "q\n");
    assert!(out.contains("you left the game"), "{out}");
}

#[test]
fn an_answer_that_is_not_utf8_or_holds_an_escape_is_asked_again() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(tmp.path(), &["sieben"], b"\xff\xfe\nx\x1b[2J\nq\n");
    assert!(
        out.contains("'\u{fffd}\u{fffd}' is not one of the choices"),
        "{out}"
    );
    assert!(
        out.contains("'x\\u{1b}[2J' is not one of the choices"),
        "{out}"
    );
    assert!(!out.contains('\u{1b}'), "{out}");
    assert!(out.contains("you left the game"), "{out}");
}

#[test]
fn a_question_mark_shows_the_advice_on_the_position() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(tmp.path(), &["sevens", "--seed", "3"], "?\nq\n");
    assert!(out.contains("sevens advice"), "{out}");
    assert!(out.contains("p_win_game"), "{out}");
    assert!(out.contains("best: "), "{out}");
}

bad_input! {
    play_a_game_without_decisions: ["play", "sequences"]
        => "only ";
    play_sevens_with_four_players: ["play", "sevens", "--players", "4"]
        => "1 to 3 players";
    play_sieben_unknown_policy: ["play", "sieben", "--policy", "nope"]
        => "unknown policy for sieben";
    play_sieben_too_many_policies: ["play", "sieben", "--players", "3", "--policy", "lowest", "--policy", "lowest", "--policy", "lowest"]
        => "3 given for 2 computer players";
    play_solitaire_with_players: ["play", "solitaire-dice", "--players", "2"]
        => "played alone";
    play_sieben_bad_rule: ["play", "sieben", "--rule", "finish=never"]
        => "finish";
}

#[test]
fn an_answer_longer_than_4_kib_is_a_wrong_answer_and_is_not_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let long = format!("{}\nq\n", "7".repeat(300_000));
    let out = play(tmp.path(), &["sevens", "--coach"], long);
    assert!(
        out.contains("an answer of over 4096 bytes is not one of the choices"),
        "{out}"
    );
    assert!(out.contains("you left the game"), "{out}");
    // The answer is never echoed back.
    assert!(
        !out.contains(&"7".repeat(5000)),
        "the long answer was echoed"
    );
}

#[test]
fn an_endless_line_on_stdin_stops_the_game_with_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    // /dev/zero is a line with no end: it was read until the allocator aborted.
    let out = Command::new(env!("CARGO_BIN_EXE_dicelab"))
        .args(["play", "sevens", "--coach"])
        .current_dir(tmp.path())
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("a line of over 1 MiB"), "{stderr}");
}

#[test]
fn a_game_cut_off_by_the_end_of_input_exits_3_and_a_finished_or_left_one_0() {
    let tmp = tempfile::tempdir().unwrap();
    let out = cut_off(tmp.path(), &["sevens", "--seed", "1"], "1\n");
    assert!(out.contains("end of input: the game stops here"), "{out}");
    let out = cut_off(tmp.path(), &["sevens", "--seed", "1"], "");
    assert!(out.contains("end of input"), "{out}");
    play(tmp.path(), &["sevens", "--seed", "1"], "q\n");
}

/// `?` lists every action with the number to type for it, and 7's advice names the seats as
/// the table does.
#[test]
fn the_advice_at_a_decision_shows_menu_numbers_and_names_seats() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(
        tmp.path(),
        &["sieben", "--seed", "3", "-n", "400"],
        "?\nq\n",
    );
    assert!(out.contains("  5)  lay 7: Seven"), "{out}");
    assert!(out.contains("  1)  lay 1"), "{out}");
    assert!(
        out.contains("others: seat 2 (next): 7 cards; seat 3: 7 cards; seat 4: 7 cards"),
        "{out}"
    );
    assert!(!out.contains("the next player"), "{out}");
    let out = play(tmp.path(), &["sevens", "--seed", "3"], "?\nq\n");
    assert!(out.contains("  2)  roll 6 dice again"), "{out}");
    assert!(out.contains("  1)  stop with 17"), "{out}");
    let out = play(
        tmp.path(),
        &[
            "solitaire-dice",
            "--seed",
            "3",
            "--policy",
            "greedy",
            "-n",
            "50",
        ],
        "?\nq\n",
    );
    assert!(out.contains("  1)  8 + 11, throw away 1"), "{out}");
}

/// Sevens at the terminal says what the removal took: the pairs removed and the dice kept.
#[test]
fn a_sevens_turn_says_which_dice_were_removed_and_which_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(tmp.path(), &["sevens", "--seed", "3"], "r\nr\ns\nq\n");
    // The first roll, 1 2 4 4 2 4, has no pair of 7; the second, 6 4 3 5 4 4, loses 4+3; a
    // roll played for you says it too.
    assert!(
        out.contains("1 2 4 4 2 4\nnothing adds up to 7: kept 1 2 4 4 2 4 = 17\n"),
        "{out}"
    );
    assert!(
        out.contains("6 4 3 5 4 4\nremoved 4+3; kept 6 5 4 4 = 19\n"),
        "{out}"
    );
    assert!(
        out.contains("you roll 2 2 4 3: removed 4+3; kept 2 2 = 4; stop with 4"),
        "{out}"
    );
    // Under subsets the sets of three or more dice go too.
    let out = play(
        tmp.path(),
        &["sevens", "--seed", "3", "--rule", "removal=subsets"],
        "q\n",
    );
    assert!(
        out.contains("1 2 4 4 2 4\nremoved 1+2+4; kept 4 2 4 = 10\n"),
        "{out}"
    );
}

/// In 7 a turn with one legal play is played for you, as Sevens plays a roll with one action;
/// every turn you are asked about is followed by the coach's word on it.
#[test]
fn a_7_turn_with_one_legal_play_plays_itself() {
    let tmp = tempfile::tempdir().unwrap();
    let out = play(
        tmp.path(),
        &["sieben", "--coach", "-n", "200", "--seed", "3"],
        firsts(400),
    );
    assert!(out.contains("your one legal play is "), "{out}");
    for menu in out.split("your choice (").skip(1) {
        let choices = menu.split(',').next().unwrap();
        assert_ne!(
            choices, "1-1",
            "a decision with one choice was asked: {menu}"
        );
    }
    let asked = out.matches("your choice").count();
    let told = out.matches("coach: ").count();
    assert!(asked > 0 && asked == told, "{asked} decisions, {told} told");
}
