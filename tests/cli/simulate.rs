//! `simulate`: a complete report, fewer policies than seats, and one clear line for every bad
//! option, first those of any game, then game by game.

use crate::common::{fails, ok, read};
use std::fs;

#[test]
fn simulate_writes_a_complete_report() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = ok(
        tmp.path(),
        &[
            "simulate",
            "sequences",
            "-n",
            "20000",
            "--seed",
            "3",
            "--out",
            "r",
        ],
    );
    assert!(stdout.contains("turns_to_target"), "{stdout}");
    assert!(stdout.contains("wrote 6 files"), "{stdout}");
    let quantiles = String::from_utf8(read(tmp.path().join("r/quantiles.csv"))).unwrap();
    assert!(quantiles.starts_with("policy,metric,n,min,p01,p05,p25,median,p75,p95,p99,max\n"));
    let race = quantiles
        .lines()
        .find(|l| l.starts_with("forced,turns_to_target,20000,"))
        .expect("a row for the race length");
    let values: Vec<i64> = race
        .split(',')
        .skip(3)
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] <= w[1]), "{race}");
    assert!(values[0] >= 2, "100 points take at least two casts: {race}");
    let summary = String::from_utf8(read(tmp.path().join("r/summary.csv"))).unwrap();
    let mut lines = summary.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,rules,policy,metric,n,mean,sd,se,ci95_low,ci95_high,exact,seed"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 5);
    assert!(rows[4].starts_with(
        "sequences,players=1;wipe_ones=4;target=100;tie=shared,forced,turns_to_target,20000,"
    ));
    assert!(rows.iter().all(|r| r.ends_with(",3")), "seed column");
    let dist = String::from_utf8(read(tmp.path().join("r/distribution.csv"))).unwrap();
    assert!(dist.starts_with("policy,metric,value,count,probability\nforced,points_per_cast,0,"));
    for svg in ["points_per_cast.svg", "turns_to_target.svg"] {
        let text = String::from_utf8(read(tmp.path().join("r").join(svg))).unwrap();
        assert!(text.starts_with("<svg") && text.contains("exact"), "{svg}");
    }
    let leftovers: Vec<_> = fs::read_dir(tmp.path().join("r"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn fewer_policies_than_seats_take_the_seats_in_turn() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // The issue's own command: two policies at a table of four.
    let stdout = ok(
        d,
        &[
            "simulate",
            "solitaire-dice",
            "--players",
            "4",
            "--policy",
            "greedy",
            "--policy",
            "random",
            "-n",
            "300",
            "-q",
            "--out",
            "s",
        ],
    );
    assert!(
        stdout.contains("policy greedy | random | greedy | random"),
        "{stdout}"
    );
    assert!(stdout.contains("win_rate_seat_4 [random]"), "{stdout}");
    assert!(d.join("s/win_rate-by-seat.svg").exists());
    let stdout = ok(
        d,
        &[
            "simulate",
            "sieben",
            "--players",
            "6",
            "--policy",
            "blocker",
            "--policy",
            "seven-first",
            "--policy",
            "lowest",
            "-n",
            "100",
            "-q",
        ],
    );
    assert!(stdout.contains("chips [lowest]"), "{stdout}");
    assert!(stdout.contains("chips_seat_6"), "{stdout}");
    fails(
        d,
        &[
            "simulate",
            "sevens",
            "--players",
            "4",
            "--policy",
            "optimal",
            "--policy",
            "random",
            "--policy",
            "leader",
        ],
        2,
        "a game of 4 players takes one policy for every seat, one each, or a count that divides 4 (they take the seats in turn): 1, 2, 4; found 3",
    );
}

/// Every option that takes a whole number reads the same forms: `--seed 1e3` is `--seed 1000`,
/// `-n 1.5e3` is `-n 1500`.
#[test]
fn whole_numbers_take_the_same_forms_everywhere() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let run = |args: &[&str]| {
        let mut all = vec!["simulate", "sevens", "-q"];
        all.extend_from_slice(args);
        ok(d, &all)
    };
    let plain = run(&[
        "-n",
        "1500",
        "--seed",
        "1000",
        "--threads",
        "2",
        "--players",
        "2",
    ]);
    for (n, seed, threads, players) in [
        ("1.5e3", "1e3", "2e0", "0.2e1"),
        ("1_500", "1_000", "2", "2"),
        ("15E2", "10e2", "20e-1", "+2"),
    ] {
        let other = run(&[
            "-n",
            n,
            "--seed",
            seed,
            "--threads",
            threads,
            "--players",
            players,
        ]);
        assert_eq!(plain, other, "{n} {seed} {threads} {players}");
    }
    // Whole-number rule options too (the rules column writes the number plainly).
    let rule = ok(
        d,
        &["simulate", "sequences", "-n", "100", "--rule", "target=1e2"],
    );
    assert!(rule.contains(";target=100 |"), "{rule}");
}

/// A shard that gets no chunk (more shards than the run has chunks) says so instead of printing
/// NaN, and its empty part still merges with the others into the whole run's report.
#[test]
fn a_shard_with_no_chunk_says_why_it_reports_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let run = ["simulate", "sequences", "-n", "1000", "-q"];
    let empty = ok(
        d,
        &[&run[..], &["--shard", "5/1000000", "--out", "s5"]].concat(),
    );
    assert!(!empty.contains("NaN"), "{empty}");
    assert!(
        empty.contains(
            "nothing simulated: this run of 1000 units has fewer chunks than its 1000000 shards, \
             so no chunk falls to shard 5; `merge` adds its empty accumulators to the other shards'"
        ),
        "{empty}"
    );
    let whole = ok(d, &[&run[..], &["--out", "w"]].concat());
    ok(d, &[&run[..], &["--shard", "0/2", "--out", "s0"]].concat());
    let empty = ok(d, &[&run[..], &["--shard", "1/2", "--out", "s1"]].concat());
    assert!(empty.contains("nothing simulated"), "{empty}");
    let merged = ok(d, &["merge", "s0", "s1", "--out", "m"]);
    assert_eq!(read(d.join("w/summary.csv")), read(d.join("m/summary.csv")));
    assert_eq!(whole.lines().nth(1), merged.lines().nth(1));
}

/// The largest `--threads` on a run of one chunk (the engine starts one worker: its own test
/// checks the pool) reports what one thread does.
#[test]
fn the_most_threads_for_a_small_run_report_what_one_does() {
    let tmp = tempfile::tempdir().unwrap();
    let many = ok(
        tmp.path(),
        &["simulate", "sequences", "-n", "1000", "--threads", "1024"],
    );
    let one = ok(
        tmp.path(),
        &["simulate", "sequences", "-n", "1000", "--threads", "1"],
    );
    assert_eq!(many, one);
}

/// Ctrl-C during a long run: the run stops between two chunks, one line on stderr says what was
/// stopped and how far it had come, the exit code is 130, and no --out folder (nor a staged or
/// lock file of one) is left behind.
#[test]
fn ctrl_c_stops_a_long_run_with_one_line_exit_130_and_nothing_written() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["simulate", "sequences", "-n", "1e12", "--out", "run", "-q"];
    // Ctrl-C before the run is under way (its exact values still being worked out, slowly on a
    // busy machine) ends the command at once, rightly; so wait longer until it came mid-run.
    let mut out = None;
    for wait in [1500, 4000, 12000] {
        let tried =
            crate::common::interrupted(tmp.path(), &args, std::time::Duration::from_millis(wait));
        let mid_run = String::from_utf8_lossy(&tried.stderr).contains("stopped after");
        out = Some(tried);
        if mid_run {
            break;
        }
    }
    let out = out.unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let line = stderr.trim_end();
    let start = "dicelab: interrupted (Ctrl-C): `dicelab simulate sequences -n 1e12 --out run -q` \
                 stopped after ";
    let end = " of 1000000000000 units of its run; nothing of the run was written";
    assert!(line.starts_with(start) && line.ends_with(end), "{line}");
    let done: u64 = line[start.len()..line.len() - end.len()].parse().unwrap();
    assert!(done < 1_000_000_000_000, "{line}");
    assert!(out.stdout.is_empty());
    assert!(
        crate::common::tree(tmp.path()).is_empty(),
        "left behind: {:?}",
        crate::common::tree(tmp.path()).keys()
    );
}

bad_input! {
    refuses_an_unknown_game: ["simulate", "chess"] => "unknown game 'chess'";
    refuses_zero_games: ["simulate", "sequences", "-n", "0"] => "at least 1 unit";
    refuses_a_game_count_that_is_not_a_number:
        ["simulate", "sequences", "-n", "lots"]
        => "expected a whole number";
    refuses_a_game_count_too_large: ["simulate", "sequences", "-n", "1e40"] => "too large";
    refuses_zero_threads: ["simulate", "sequences", "--threads", "0"] => "--threads";
    refuses_a_game_count_past_the_largest:
        ["simulate", "sequences", "-n", "18446744073709551616"]
        => "invalid value '18446744073709551616' for '--units <N>': too large; the largest allowed is 18446744073709551615";
    refuses_a_negative_game_count:
        ["simulate", "sequences", "-n", "-5"]
        => "invalid value '-5' for '--units <N>': a negative number is not allowed; expected a whole number from 1 to 18446744073709551615";
    refuses_a_negative_seed:
        ["simulate", "sequences", "--seed", "-1"]
        => "invalid value '-1' for '--seed <SEED>': a negative number is not allowed; expected a whole number from 0 to 18446744073709551615";
    refuses_a_negative_player_count:
        ["simulate", "sequences", "--players", "-2"]
        => "invalid value '-2' for '--players <PLAYERS>': a negative number is not allowed";
    refuses_a_game_count_that_is_not_whole:
        ["simulate", "sequences", "-n", "1.5"]
        => "invalid value '1.5' for '--units <N>': not a whole number; expected a whole number from 1 to";
    refuses_a_seed_that_is_not_whole:
        ["simulate", "sequences", "--seed", "12.5e-1"]
        => "invalid value '12.5e-1' for '--seed <SEED>': not a whole number";
    refuses_a_thread_count_past_the_limit:
        ["simulate", "sequences", "--threads", "4000"]
        => "invalid value '4000' for '--threads <THREADS>': too large; the largest allowed is 1024";
    refuses_a_misspelt_option_with_the_hint:
        ["simulate", "sequences", "--thread", "2"]
        => "unexpected argument '--thread' found (tip: a similar argument exists: '--threads')";
    refuses_a_misspelt_command_with_the_hint:
        ["simulat", "sequences"]
        => "unrecognized subcommand 'simulat' (tip: a similar subcommand exists: 'simulate')";
    refuses_a_shard_index_not_below_the_count:
        ["simulate", "sequences", "--shard", "4/4", "--out", "x"]
        => "expected K/N";
    refuses_a_shard_without_a_slash:
        ["simulate", "sequences", "--shard", "1-4", "--out", "x"]
        => "expected K/N";
    refuses_a_shard_count_of_zero:
        ["simulate", "sequences", "--shard", "1/0", "--out", "x"]
        => "expected K/N";
    refuses_a_shard_without_an_out_folder:
        ["simulate", "sequences", "--shard", "1/4"]
        => "--shard needs --out";
    refuses_a_missing_game: ["simulate"] => "<GAME>";
    // What the user typed is quoted in the message; a line break in it is escaped, not printed.
    refuses_a_spec_with_a_line_break:
        ["simulate", "sequences", "--policy", "a\nb"]
        => "--policy 'a\\nb': unknown policy";
    refuses_an_unknown_flag: ["simulate", "sequences", "--frobnicate"] => "--frobnicate";
    // A near miss names what was meant; a wild guess only lists what there is.
    suggests_the_game_a_typo_meant:
        ["simulate", "sevnes"]
        => "unknown game 'sevnes'; did you mean 'sevens'? expected one of sequences, hearts-due";
    suggests_the_game_a_prefix_names:
        ["simulate", "hearts"]
        => "unknown game 'hearts'; did you mean 'hearts-due'?";
    suggests_the_policy_a_typo_meant:
        ["simulate", "sevens", "--policy", "optimla"]
        => "--policy 'optimla': unknown policy for sevens; did you mean 'optimal'? expected one of optimal, rolls:K";
    suggests_the_policy_form_and_keeps_its_argument:
        ["simulate", "sevens", "--policy", "rols:2"]
        => "unknown policy for sevens; did you mean 'rolls:2'? expected one of";
    suggests_a_solitaire_dice_policy:
        ["simulate", "solitaire-dice", "--policy", "gredy"]
        => "did you mean 'greedy'?";
    suggests_a_sieben_policy:
        ["simulate", "sieben", "--players", "2", "--policy", "sevenfirst"]
        => "did you mean 'seven-first'?";
    suggests_the_rule_option_a_typo_meant:
        ["simulate", "sevens", "--rule", "remova=pairs"]
        => "--rule 'remova=pairs': unknown rule option 'remova' for sevens; did you mean 'removal'? expected one of: removal, max_rolls";
    suggests_nothing_for_a_wild_guess:
        ["simulate", "sevens", "--policy", "chess"]
        => "--policy 'chess': unknown policy for sevens; expected one of optimal";
}

mod sequences {
    bad_input! {
        refuses_an_unknown_policy:
            ["simulate", "sequences", "--policy", "greedy"]
            => "unknown policy";
        refuses_a_bad_wipe_ones_value:
            ["simulate", "sequences", "--rule", "wipe_ones=seven"]
            => "expected a whole number from 1 to 6, or off, found 'seven'";
        refuses_an_unknown_rule_option:
            ["simulate", "sequences", "--rule", "colour=red"]
            => "unknown rule option 'colour'";
        refuses_a_rule_without_a_value:
            ["simulate", "sequences", "--rule", "wipe_ones"]
            => "expected key=value";
        refuses_a_rule_given_twice:
            ["simulate", "sequences", "--rule", "tie=shared", "--rule", "tie=playoff"]
            => "--rule 'tie=shared' and 'tie=playoff': rule option 'tie' is given twice; expected each option once";
        refuses_a_zero_target: ["simulate", "sequences", "--rule", "target=0"] => "from 1 to 1000";
        refuses_a_target_that_takes_too_many_casts:
            ["simulate", "sequences", "--rule", "target=900", "--rule", "wipe_ones=3"]
            => "casts on average";
        refuses_zero_players: ["simulate", "sequences", "--players", "0"] => "1 to 100 players";
    }
}

mod hearts_due {
    bad_input! {
        refuses_more_than_100_players:
            ["simulate", "hearts-due", "--players", "101"]
            => "1 to 100 players";
    }
}

mod sevens {
    bad_input! {
        refuses_a_threshold_without_sums:
            ["simulate", "sevens", "--policy", "threshold:"]
            => "expected threshold:A,B";
        refuses_a_threshold_that_is_not_a_number:
            ["simulate", "sevens", "--policy", "threshold:a"]
            => "expected threshold:A,B";
        refuses_a_threshold_with_too_few_sums:
            ["simulate", "sevens", "--policy", "threshold:12"]
            => "expected 2 sum(s)";
        refuses_zero_rolls: ["simulate", "sevens", "--policy", "rolls:0"] => "at least 1";
        refuses_more_rolls_than_the_rules_allow:
            ["simulate", "sevens", "--policy", "rolls:9"]
            => "at most 3 rolls";
        refuses_an_unknown_policy:
            ["simulate", "sevens", "--policy", "greedy"]
            => "unknown policy for sevens";
        refuses_an_unknown_removal_rule:
            ["simulate", "sevens", "--rule", "removal=triples"]
            => "expected pairs or subsets";
        refuses_zero_max_rolls: ["simulate", "sevens", "--rule", "max_rolls=0"] => "from 1 to 12";
        refuses_more_than_100_players:
            ["simulate", "sevens", "--players", "101"]
            => "--players 101: sevens takes 1 to 100 players (1 plays single turns, 2 or more play full games)";
        refuses_zero_players:
            ["simulate", "sevens", "--players", "0"]
            => "--players 0: sevens takes 1 to 100 players";
        refuses_a_policy_given_for_more_seats_than_the_table_has:
            ["simulate", "sevens", "--players", "2", "--policy", "rolls:1", "--policy", "rolls:1", "--policy", "rolls:1"]
            => "a game of 2 players takes one policy for every seat, one each, or a count that divides 2 (they take the seats in turn): 1, 2; found 3";
        refuses_a_policy_count_that_does_not_divide_the_seats:
            ["simulate", "sevens", "--players", "3", "--policy", "optimal", "--policy", "random"]
            => "a game of 3 players takes one policy for every seat, one each, or a count that divides 3 (they take the seats in turn): 1, 3; found 2";
        refuses_a_target_policy_out_of_range:
            ["simulate", "sevens", "--policy", "target:40"]
            => "target:T";
        refuses_a_target_policy_that_is_not_a_number:
            ["simulate", "sevens", "--policy", "target:x"]
            => "target:T";
        refuses_a_table_policy_without_a_file:
            ["simulate", "sevens", "--policy", "table:"]
            => "expected table:FILE";
        refuses_a_table_with_a_bad_decision:
            ["simulate", "sevens", "--policy", "table:policy.csv"] with sevens_tables
            => "policy.csv: line 5: decision must be stop or roll, found 'perhaps'";
        refuses_a_table_with_missing_states:
            ["simulate", "sevens", "--policy", "table:short.csv"] with sevens_tables
            => "short.csv: no decision for rolls_allowed=3 roll=2 dice=5 sum=26 and 35 more states";
        refuses_a_table_solved_for_fewer_rolls:
            ["simulate", "sevens", "--rule", "max_rolls=4", "--policy", "table:good.csv"]
            with sevens_tables
            => "policy table good.csv: line 2: solved for 3 rolls (max_rolls=3), but the rules allow 4 (max_rolls=4): `dicelab solve sevens --rule max_rolls=4 --out DIR` writes a table for them";
        refuses_a_table_solved_for_more_rolls:
            ["simulate", "sevens", "--rule", "max_rolls=2", "--policy", "table:good.csv"]
            with sevens_tables
            => "policy table good.csv: line 2: solved for 3 rolls (max_rolls=3), but the rules allow 2 (max_rolls=2)";
        refuses_a_hand_made_table_covering_more_rolls:
            ["simulate", "sevens", "--rule", "max_rolls=2", "--policy", "table:bare.csv"]
            with sevens_tables
            => "policy table bare.csv: line 113: rolls_allowed=3: the table was solved for 3 rolls, but the rules allow 2 (max_rolls=2)";
        refuses_a_table_solved_under_other_removal_rules:
            ["simulate", "sevens", "--rule", "removal=subsets", "--policy", "table:good.csv"]
            with sevens_tables
            => "policy table good.csv: line 2: solved under removal=pairs, but the rules say removal=subsets; a table is optimal only under the rules it was solved for";
        refuses_the_shipped_table_under_other_removal_rules:
            ["simulate", "sevens", "--rule", "removal=subsets", "--policy", "table:data/sevens-policy.csv"]
            with shipped_data
            => "policy table data/sevens-policy.csv: line 2: solved under removal=pairs, but the rules say removal=subsets";
        refuses_a_deck_file:
            ["simulate", "sevens", "--deck", "small-deck.csv"] with small_deck
            => "--deck small-deck.csv: only sieben is played with a deck file, not sevens";
    }
}

mod solitaire_dice {
    bad_input! {
        refuses_an_unknown_policy:
            ["simulate", "solitaire-dice", "--policy", "bestest"]
            => "--policy 'bestest': unknown policy for solitaire-dice; expected one of greedy, random, heuristic, heuristic:FILE, lookahead, lookahead:FILE, projection, learned, learned-lookahead or best";
        refuses_a_weights_file_without_its_header:
            ["simulate", "solitaire-dice", "--policy", "heuristic:afile"] with afile
            => "policy file afile: line 1: expected the header weight,value, found another first line (1 field)";
        refuses_an_unknown_rule_option:
            ["simulate", "solitaire-dice", "--rule", "x=1"]
            => "unknown rule option 'x' for solitaire-dice";
        refuses_penalty_marks_that_reach_the_zero_mark:
            ["simulate", "solitaire-dice", "--rule", "penalty_marks=5", "--out", "r"]
            => "rule options penalty_marks=5 and zero_mark=5: the penalty marks must be fewer than zero_mark, the mark count that scores 0";
        refuses_a_zero_mark_above_the_mark_cap:
            ["simulate", "solitaire-dice", "--rule", "mark_cap=4", "--out", "r"]
            => "rule options zero_mark=5 and mark_cap=4: zero_mark must be at most mark_cap";
        refuses_a_value_above_1000:
            ["simulate", "solitaire-dice", "--rule", "value_7=1001"]
            => "rule option value_7 for solitaire-dice: expected a whole number from 0 to 1000, found '1001'";
        refuses_a_penalty_that_is_not_a_number:
            ["simulate", "solitaire-dice", "--rule", "penalty=-2OO"]
            => "rule option penalty for solitaire-dice: expected a whole number from -1000 to 1000, found '-2OO'";
        refuses_seven_throwaway_faces:
            ["simulate", "solitaire-dice", "--rule", "throwaways=7"]
            => "rule option throwaways for solitaire-dice: expected a whole number from 1 to 6, found '7'";
        refuses_no_end_marks:
            ["simulate", "solitaire-dice", "--rule", "end_marks=0"]
            => "rule option end_marks for solitaire-dice: expected a whole number from 1 to 12, found '0'";
        refuses_an_even_number_of_dice:
            ["simulate", "solitaire-dice", "--rule", "dice=4", "--out", "r"]
            => "rule option dice=4 for solitaire-dice: a roll is one die set aside and pairs, so the dice are odd: 3, 5, 7 or 9";
        refuses_one_die:
            ["simulate", "solitaire-dice", "--rule", "dice=1"]
            => "rule option dice for solitaire-dice: expected a whole number from 3 to 9, found '1'";
        refuses_eleven_dice:
            ["simulate", "solitaire-dice", "--rule", "dice=11"]
            => "rule option dice for solitaire-dice: expected a whole number from 3 to 9, found '11'";
        refuses_three_dice_whose_games_could_outlast_the_roll_limit:
            ["simulate", "solitaire-dice", "--rule", "dice=3", "--rule", "throwaways=1", "--rule", "end_marks=12"]
            => "rule options dice=3, throwaways=1 and end_marks=12: a roll of 3 dice shows none of 1 chosen faces so often (a free ride) that a game could outlast 100 rolls";
        refuses_the_heuristic_with_seven_dice:
            ["compare", "solitaire-dice", "--rule", "dice=7", "--policy", "greedy", "--policy", "heuristic"]
            => "--policy heuristic: plays only the text's rules (its weights and tables are built for them); under dice=7 use greedy or random";
        refuses_the_tables_of_seven_dice:
            ["table", "solitaire-dice", "--rule", "dice=7", "--out", "t"]
            => "table solitaire-dice: the exact tables are of rolls of five dice (one or two marks of a sum); under dice=7 use simulate";
        refuses_to_solve_with_three_dice:
            ["solve", "solitaire-dice", "--rule", "dice=3", "--out", "s"]
            => "solve solitaire-dice: the upper bound is solved for the text's rules only";
        refuses_to_advise_with_seven_dice:
            ["advise", "solitaire-dice", "--roll", "1,2,3,4,5", "--rule", "dice=7"]
            => "advise solitaire-dice: plays the text's rules only (its players and play-outs are built for them); under dice=7 use simulate";
        refuses_the_heuristic_under_a_house_rule:
            ["simulate", "solitaire-dice", "--rule", "penalty=-100", "--policy", "greedy", "--policy", "heuristic", "--out", "r"]
            => "--policy heuristic: plays only the text's rules (its weights and tables are built for them); under penalty=-100 use greedy or random";
        refuses_best_under_a_house_rule:
            ["compare", "solitaire-dice", "--rule", "end_marks=6", "--policy", "best", "--policy", "greedy"]
            => "--policy best: plays only the text's rules";
        refuses_to_solve_a_house_rule:
            ["solve", "solitaire-dice", "--rule", "throwaways=2", "--out", "s"]
            => "solve solitaire-dice: the upper bound is solved for the text's rules only";
        refuses_to_advise_under_a_house_rule:
            ["advise", "solitaire-dice", "--roll", "1,2,3,4,5", "--rule", "win=600"]
            => "advise solitaire-dice: plays the text's rules only (its players and play-outs are built for them); under win=600 use simulate";
        refuses_more_than_8_players:
            ["simulate", "solitaire-dice", "--players", "9"]
            => "--players 9: solitaire-dice takes 1 to 8 players";
        refuses_a_policy_given_twice:
            ["simulate", "solitaire-dice", "--policy", "greedy", "--policy", "greedy"]
            => "given twice";
        refuses_a_policy_count_that_does_not_divide_the_seats:
            [
                "simulate",
                "solitaire-dice",
                "--players",
                "3",
                "--policy",
                "greedy",
                "--policy",
                "random",
            ]
            => "a game of 3 players takes one policy for every seat, one each, or a count that divides 3 (they take the seats in turn): 1, 3; found 2";
    }
}

mod sieben {
    bad_input! {
        refuses_one_player_with_a_policy:
            ["simulate", "sieben", "--players", "1", "--policy", "lowest"]
            => "--players 1: sieben takes 2 to 7 players";
        refuses_one_player:
            ["simulate", "sieben", "--players", "1"]
            => "--players 1: sieben takes 2 to 7 players";
        refuses_more_than_7_players:
            ["simulate", "sieben", "--players", "8"]
            => "--players 8: sieben takes 2 to 7 players";
        refuses_one_policy_given_for_more_seats_than_the_table_has:
            ["simulate", "sieben", "--players", "3", "--policy", "random", "--policy", "random", "--policy", "random", "--policy", "random", "--policy", "random"]
            => "a game of 3 players takes one policy for every seat, one each, or a count that divides 3 (they take the seats in turn): 1, 3; found 5";
        refuses_an_unknown_policy:
            ["simulate", "sieben", "--players", "3", "--policy", "greedy"]
            => "--policy 'greedy': unknown policy for sieben; expected one of seven-first, lowest, blocker, random, lookahead or lookahead:K";
        refuses_a_deck_with_a_card_out_of_range:
            ["simulate", "sieben", "--players", "3", "--deck", "bad-deck.csv"] with bad_deck
            => "deck bad-deck.csv: line 3: expected a number from 1 to 7, found '8'";
        refuses_a_deck_too_small_for_the_deal:
            ["simulate", "sieben", "--players", "3", "--deck", "small-deck.csv"] with small_deck
            => "deck small-deck.csv: 20 cards are too few; 3 player(s) need at least 22: 21 for the deal (7 each) and one to draw";
        refuses_a_deck_missing_numbers:
            ["simulate", "sieben", "--players", "3", "--deck", "short-deck.csv"] with incomplete_decks
            => "deck short-deck.csv: no row for number 4, 5, 6, 7; expected one row for each number 1 to 7";
        refuses_a_deck_without_a_number:
            ["simulate", "sieben", "--players", "3", "--deck", "no-fives.csv"] with incomplete_decks
            => "deck no-fives.csv: line 6: expected a count from 1 to 10000 (every number needs a card), found '0'";
        refuses_a_deck_with_nothing_to_draw_after_the_deal:
            ["simulate", "sieben", "--players", "3", "--deck", "deal-only.csv"] with incomplete_decks
            => "deck deal-only.csv: 21 cards are too few; 3 player(s) need at least 22";
    }

    /// The options that give the rule text's numbers: each bad value and each combination that
    /// cannot be played is one line, before any game.
    mod house_rules {
        bad_input! {
            refuses_a_hand_the_deck_cannot_deal_every_player:
                ["simulate", "sieben", "--players", "4", "--rule", "hand=20", "--out", "o"]
                => "deck data/sieben-deck.csv: 80 cards are too few; 4 player(s) need at least 81: 80 for the deal (20 each, rule option hand=20) and one to draw";
            refuses_a_hand_that_leaves_nothing_to_draw:
                ["simulate", "sieben", "--players", "2", "--rule", "hand=40"]
                => "deck data/sieben-deck.csv: 80 cards are too few; 2 player(s) need at least 81";
            refuses_a_hand_of_0:
                ["simulate", "sieben", "--players", "3", "--rule", "hand=0"]
                => "rule option hand for sieben: expected a whole number from 1 to 100, found '0'";
            refuses_a_hand_past_the_cap:
                ["simulate", "sieben", "--players", "3", "--rule", "hand=101"]
                => "rule option hand for sieben: expected a whole number from 1 to 100, found '101'";
            refuses_0_rounds:
                ["simulate", "sieben", "--players", "3", "--rule", "rounds=0", "--out", "o"]
                => "rule option rounds for sieben: expected a whole number from 1 to 100, or auto, found '0'";
            refuses_rounds_that_are_not_a_number_or_auto:
                ["simulate", "sieben", "--players", "3", "--rule", "rounds=many"]
                => "rule option rounds for sieben: expected a whole number from 1 to 100, or auto, found 'many'";
            refuses_an_empty_chip_pool:
                ["simulate", "sieben", "--players", "5", "--rule", "chips=0"]
                => "rule option chips for sieben: expected a whole number from 1 to 1000, found '0'";
            refuses_a_chip_pool_beside_a_fixed_number_of_rounds:
                ["simulate", "sieben", "--players", "5", "--rule", "rounds=4", "--rule", "chips=40"]
                => "rule option chips=40 for sieben: the chip pool ends a game only under rounds=auto, and these rules have rounds=4";
            refuses_an_empty_pay_list:
                ["simulate", "sieben", "--players", "3", "--rule", "pay="]
                => "rule option pay for sieben: expected countdown, or chips per place";
            refuses_a_pay_list_with_commas:
                ["simulate", "sieben", "--players", "3", "--rule", "pay=5,3,1"]
                => "found '5,3,1'";
            refuses_a_pay_list_with_an_empty_place:
                ["simulate", "sieben", "--players", "3", "--rule", "pay=5//1"]
                => "found '5//1'";
            refuses_a_pay_list_that_pays_nothing:
                ["simulate", "sieben", "--players", "3", "--rule", "pay=0/0"]
                => "found '0/0'";
            refuses_a_negative_pay:
                ["simulate", "sieben", "--players", "3", "--rule", "pay=5/-1"]
                => "found '5/-1'";
            refuses_a_pay_list_with_more_places_than_players:
                ["simulate", "sieben", "--players", "3", "--rule", "pay=4/3/2/1", "--out", "o"]
                => "rule option pay=4/3/2/1 for sieben: 4 places paid, but a round of 3 players has 3";
            refuses_a_hand_too_large_for_a_game_at_the_terminal:
                ["play", "sieben", "--players", "4", "--rule", "hand=20"]
                => "80 for the deal (20 each, rule option hand=20) and one to draw";
            refuses_a_pay_list_too_long_for_the_position_advised:
                ["advise", "sieben", "--hand", "1,3", "--pile", "2+3", "--others", "7", "--rule", "pay=3/2/1"]
                => "rule option pay=3/2/1 for sieben: 3 places paid, but a round of 2 players has 2";
            refuses_chips_beyond_what_the_rounds_pay:
                ["advise", "sieben", "--hand", "1,3", "--pile", "2+3", "--others", "7,7", "--rule", "pay=5/3/1", "--chips", "6,3,0"]
                => "--chips 6,3,0: 6 chips after 1 rounds, which pay 5 at most";
            refuses_chips_that_are_no_whole_rounds_of_the_pay:
                ["advise", "sieben", "--hand", "1,3", "--pile", "2+3", "--others", "7,7", "--rule", "pay=5/3/1", "--chips", "3,2,1"]
                => "--chips 3,2,1: 6 chips paid, but every round of 3 pays 9";
        }
    }

    /// A deck file that cannot be read is a file system failure: exit 1, like every input file.
    #[test]
    fn refuses_a_missing_deck_file_with_the_io_exit_code() {
        let tmp = tempfile::tempdir().unwrap();
        for args in [
            [
                "simulate",
                "sieben",
                "--players",
                "3",
                "--deck",
                "no-deck.csv",
            ],
            [
                "simulate",
                "sieben",
                "--players",
                "3",
                "--rule",
                "deck=no-deck.csv",
            ],
        ] {
            crate::common::fails(tmp.path(), &args, 1, "deck no-deck.csv: cannot read it (");
        }
    }
}

io_failure! {
    refuses_an_out_folder_inside_a_file:
        ["simulate", "sequences", "--out", "afile/r"] with afile
        => "cannot write a report there";
    // The record's own flag is named, not --out's.
    refuses_a_record_to_a_fifo_naming_record:
        ["simulate", "sevens", "--players", "2", "-n", "3", "--record", "fifo"] with fifo
        => "--record fifo: cannot write there (a FIFO";
}

/// A run too small for its intervals says so: a mean of one unit has none (it printed
/// `[NaN, NaN]`), a table with means of fewer than 30 units ends in a note naming them, and a
/// paired difference of one unit says it has no interval; a run large enough says nothing.
#[test]
fn a_run_too_small_for_its_intervals_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let one = ok(d, &["simulate", "sevens", "-n", "1"]);
    assert!(!one.contains("NaN"), "{one}");
    assert!(one.contains("none (n = 1)"), "{one}");
    assert!(
        one.contains(
            "note: too few units for these intervals: 2 of 3 metrics (turn_score, rolls_used) \
             rest on fewer than 30 observations"
        ),
        "{one}"
    );
    let pair = ok(
        d,
        &[
            "compare", "sevens", "--policy", "optimal", "--policy", "rolls:1", "-n", "1",
        ],
    );
    assert!(!pair.contains("NaN"), "{pair}");
    assert!(
        pair.contains("optimal - rolls:1: -5.0000; none (n = 1): too few units"),
        "{pair}"
    );
    let enough = ok(d, &["simulate", "sevens", "-n", "30"]);
    assert!(
        !enough.contains("note:") && !enough.contains("none"),
        "{enough}"
    );
}

#[test]
fn a_table_of_up_to_100_players_counts_every_seats_wins() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // 17 seats and more panicked ("counted on the stack"); 100 is the documented most.
    for game in ["sequences", "hearts-due", "sevens"] {
        for players in ["17", "100"] {
            ok(
                d,
                &["simulate", game, "-n", "20", "-q", "--players", players],
            );
        }
    }
    // A policy for every seat of 20: twenty policies counted at once.
    let mut args = vec!["simulate", "sevens", "-n", "20", "-q", "--players", "20"];
    let specs: Vec<String> = (1..=20)
        .map(|k| format!("threshold:{},{}", 5 + k, 5 + k))
        .collect();
    for spec in &specs {
        args.extend(["--policy", spec.as_str()]);
    }
    ok(d, &args);
    ok(
        d,
        &[
            "sweep",
            "sequences",
            "--players",
            "17",
            "--rule",
            "wipe_ones=3,4",
            "-n",
            "20",
            "-q",
        ],
    );
}

/// Whether a game's win rates come with the luck taken out follows from its rules alone: two and
/// three players whose whole game fits the 4 GiB a solution may take report them; a game past it
/// runs as it always did, its plain rows only, and a three-player record solves nothing for them.
#[test]
fn the_luck_rows_follow_the_size_of_the_whole_game() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    // A solve past the limit is never tried, so ten games of table policies are quick.
    for (players, rounds, rows) in [
        ("2", "10", true),
        ("2", "1000", false),
        ("3", "2", true),
        ("3", "24", false),
    ] {
        let csv = ok(
            d,
            &[
                "simulate",
                "sevens",
                "--players",
                players,
                "--rule",
                &format!("rounds={rounds}"),
                "-n",
                "10",
                "--format",
                "csv",
                "-q",
            ],
        );
        assert_eq!(
            csv.contains("win_rate_less_luck_seat_1"),
            rows,
            "{players} players, {rounds} rounds: {csv}"
        );
    }
}
