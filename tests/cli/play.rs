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
    assert!(out.contains("coach's summary"), "{out}");
    assert!(out.contains("total cost: "), "{out}");
    // Every decision is followed by the coach's word on it.
    let asked = out.matches("your choice").count();
    let told = out.matches("coach: ").count();
    assert!(asked > 0 && asked == told, "{asked} decisions, {told} told");
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
        assert!(intro.len() <= 7, "{game}: {intro:?}");
        assert!(intro.iter().all(|l| l.chars().count() <= 80), "{intro:?}");
        assert_eq!(
            intro.last().unwrap(),
            &format!("Every rule, option and reading: dicelab rules {game}")
        );
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
    assert!(out.contains("decisions: "), "{out}");
}

#[test]
fn a_coached_game_of_7_is_played_to_its_end_and_the_same_seed_deals_it_again() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["sieben", "--coach", "-n", "100", "--seed", "5"];
    let out = play(tmp.path(), &args, firsts(400));
    assert!(out.contains("round 7"), "{out}");
    assert!(out.contains("game over after 7 rounds"), "{out}");
    assert!(out.contains("coach's summary"), "{out}");
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
    let out = cut_off(tmp.path(), &["sevens"], "1\n");
    assert!(out.contains("end of input: the game stops here"), "{out}");
    let out = cut_off(tmp.path(), &["sevens"], "");
    assert!(out.contains("end of input"), "{out}");
    play(tmp.path(), &["sevens"], "q\n");
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
