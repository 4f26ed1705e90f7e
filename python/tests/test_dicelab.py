"""The Python package against the command line: the same calls give the same bytes.

Run by tests/python.rs (through `cargo test --release`), which builds the wheel in a throwaway
virtual environment, installs it and points DICELAB_BIN at the `dicelab` binary of the same
checkout. By hand, with the package installed:

    DICELAB_BIN=target/release/dicelab python -m unittest discover -s python/tests -v
"""

import csv
import io
import json
import os
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

import dicelab
import pandas as pd
from pandas.testing import assert_frame_equal

EXACT = {} if int(pd.__version__.split(".")[0]) >= 3 else {"float_precision": "round_trip"}
BIN = os.environ.get("DICELAB_BIN", "dicelab")


def cli(*words, cwd=None):
    """The command line's exit code, stdout and stderr for `dicelab WORDS`."""
    done = subprocess.run(
        [BIN, *[str(w) for w in words]], capture_output=True, text=True, cwd=cwd, check=False
    )
    return done.returncode, done.stdout, done.stderr


def read_csv(path):
    """A CSV file of the command line, read without dicelab's help: comment lines skipped, every
    number parsed from its exact text."""
    lines = Path(path).read_text(encoding="utf-8").splitlines(keepends=True)
    skip = 0
    while skip < len(lines) and lines[skip].startswith("#"):
        skip += 1
    return pd.read_csv(io.StringIO("".join(lines[skip:])), **EXACT)


def _solve_three_players():
    """What a forked child computes (a module-level function, so the pool can pickle it)."""
    return dicelab.solve("sevens", players=3)["game_odds"]


class SameAsTheCommandLine(unittest.TestCase):
    """Each call against `dicelab COMMAND ... --out DIR`: the DataFrame holds the CSV's numbers
    exactly, and `out=` writes the very same files."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def command_line_files(self, words):
        code, _out, err = cli(*words, "--out", self.dir / "cli")
        self.assertEqual(code, 0, err)
        return self.dir / "cli"

    def assert_same_files(self, cli_dir, py_dir):
        """Every file but run.json (which records the command line and its times) byte for byte."""
        names = sorted(p.name for p in cli_dir.iterdir() if p.name != "run.json")
        self.assertEqual(names, sorted(p.name for p in py_dir.iterdir() if p.name != "run.json"))
        self.assertTrue(any(n.endswith(".csv") for n in names), names)
        for name in names:
            self.assertEqual(
                (cli_dir / name).read_bytes(), (py_dir / name).read_bytes(), f"{name} differs"
            )
        self.assertTrue((py_dir / "run.json").is_file())

    def test_simulate_sevens_gives_summary_csv_with_the_same_numbers(self):
        # The issue's own call.
        df = dicelab.simulate("sevens", policy=["optimal", "rolls:1"], n=10**6, seed=1)
        cli_dir = self.command_line_files(
            [
                "simulate",
                "sevens",
                "--policy",
                "optimal",
                "--policy",
                "rolls:1",
                "-n",
                "1000000",
                "--seed",
                "1",
                "-q",
            ]
        )
        expected = read_csv(cli_dir / "summary.csv")
        self.assertEqual(
            list(df.columns),
            [
                "game",
                "rules",
                "policy",
                "metric",
                "n",
                "mean",
                "sd",
                "se",
                "ci95_low",
                "ci95_high",
                "exact",
                "seed",
            ],
        )
        assert_frame_equal(df, expected, check_exact=True, check_like=False)
        # Every number is the float its text in summary.csv denotes (Python's float() rounds
        # correctly), not only what pandas reads from it.
        with open(cli_dir / "summary.csv", newline="", encoding="utf-8") as f:
            for i, row in enumerate(csv.DictReader(f)):
                for column in ("mean", "sd", "se", "ci95_low", "ci95_high", "exact"):
                    self.assertEqual(df[column].iloc[i], float(row[column]), (i, column))
                self.assertEqual(df["n"].iloc[i], int(row["n"]))
                self.assertEqual(df["policy"].iloc[i], row["policy"])
        dicelab.simulate(
            "sevens", policy=["optimal", "rolls:1"], n=1e6, seed=1, out=self.dir / "py"
        )
        self.assert_same_files(cli_dir, self.dir / "py")
        turn = df[(df.policy == "optimal") & (df.metric == "turn_score")].iloc[0]
        self.assertLess(abs(turn["mean"] - turn["exact"]), 4 * turn["se"])

    def test_the_same_seed_gives_the_same_frame_on_one_thread_or_two(self):
        one = dicelab.simulate("sieben", players=4, n=2000, seed=5, threads=1)
        two = dicelab.simulate("sieben", players=4, n=2000, seed=5, threads=2)
        assert_frame_equal(one, two, check_exact=True)
        other = dicelab.simulate("sieben", players=4, n=2000, seed=6, threads=2)
        self.assertFalse(one.equals(other))

    def test_runs_on_two_python_threads_at_once_keep_their_own_results(self):
        # Each run releases the GIL and captures on its own thread: run together, each still
        # gets exactly what it gets alone.
        from concurrent.futures import ThreadPoolExecutor

        calls = [("sevens", 1, 1), ("sieben", 2, 4), ("sevens", 3, 1), ("hearts-due", 4, 2)] * 2

        def run(call):
            game, seed, players = call
            return dicelab.simulate(game, players=players, n=3000, seed=seed, threads=1)

        alone = [run(call) for call in calls]
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(run, calls))
        for a, b in zip(alone, together):
            assert_frame_equal(a, b, check_exact=True)

    def test_numbers_from_numpy_and_paths_are_taken_as_the_command_line_takes_them(self):
        import numpy as np

        plain = dicelab.simulate("sevens", n=5000, seed=2)
        for n in (np.int64(5000), np.float64(5e3), 5e3):
            with self.subTest(n=repr(n)):
                assert_frame_equal(dicelab.simulate("sevens", n=n, seed=np.uint8(2)), plain)
        dicelab.simulate("sevens", n=5000, seed=2, out=Path(self.tmp.name) / "p")
        self.assertTrue((Path(self.tmp.name) / "p" / "summary.csv").is_file())

    def test_numpy_switches_and_sequences_are_taken_as_pythons(self):
        import numpy as np

        words = dict(policy=["optimal", "rolls:1"], n=2000, seed=4)
        plain = dicelab.compare("sevens", **words)
        for policy in (
            np.array(words["policy"]),
            pd.Series(words["policy"]),
            ("optimal", "rolls:1"),
        ):
            with self.subTest(policy=type(policy).__name__):
                got = dicelab.compare("sevens", policy=policy, n=2000, seed=4, quiet=np.True_)
                assert_frame_equal(got, plain)
        self.assertTrue(dicelab.compare("sevens", **words, quiet=np.False_).equals(plain))

    def test_a_run_is_stopped_by_ctrl_c(self):
        # SIGINT as a terminal sends it: the run (years long as asked) stops at its next chunk
        # and KeyboardInterrupt is raised in the caller, leaving no folder.
        import signal
        import threading
        import time

        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        started = time.monotonic()
        with self.assertRaises(KeyboardInterrupt):
            dicelab.simulate("sevens", n=10**18, out=self.dir / "never")
        timer.join()
        self.assertLess(time.monotonic() - started, 10)
        self.assertFalse((self.dir / "never").exists())
        # The next call runs as usual.
        self.assertEqual(len(dicelab.simulate("sevens", n=1000)), 3)

    def test_a_forked_child_runs_after_its_parent_did(self):
        # The three-player solver loops in parallel; a child forked after it (multiprocessing's
        # default on Linux) must not find a thread pool whose threads it lacks.
        import multiprocessing

        before = dicelab.solve("sevens", players=3)["game_odds"]
        context = multiprocessing.get_context("fork")
        with context.Pool(1) as pool:
            after = pool.apply_async(_solve_three_players).get(timeout=120)
        assert_frame_equal(before, after)

    def test_compare_gives_the_paired_differences_of_the_command_line(self):
        words = dict(policy=["greedy", "lookahead"], n=300, seed=3)
        df = dicelab.compare("solitaire-dice", **words)
        cli_dir = self.command_line_files(
            [
                "compare",
                "solitaire-dice",
                "--policy",
                "greedy",
                "--policy",
                "lookahead",
                "-n",
                "300",
                "--seed",
                "3",
                "-q",
            ]
        )
        assert_frame_equal(df, read_csv(cli_dir / "summary.csv"), check_exact=True)
        self.assertTrue(any(" - " in p for p in df.policy), list(df.policy))
        dicelab.compare("solitaire-dice", **words, out=str(self.dir / "py"))
        self.assert_same_files(cli_dir, self.dir / "py")

    def test_a_game_with_rules_and_players_matches(self):
        kw = dict(players=3, rule=["target=50", "wipe_ones=3"], n=500, seed=9)
        df = dicelab.simulate("hearts-due", **kw)
        cli_dir = self.command_line_files(
            [
                "simulate",
                "hearts-due",
                "--players",
                "3",
                "--rule",
                "target=50",
                "--rule",
                "wipe_ones=3",
                "-n",
                "500",
                "--seed",
                "9",
                "-q",
            ]
        )
        assert_frame_equal(df, read_csv(cli_dir / "summary.csv"), check_exact=True)
        self.assertTrue(df.rules.str.contains("wipe_ones=3").all())

    def test_sweep_gives_sweep_csv_of_the_command_line(self):
        df = dicelab.sweep("sequences", rule="wipe_ones=3,4,off", n=2000, seed=5)
        cli_dir = self.command_line_files(
            ["sweep", "sequences", "--rule", "wipe_ones=3,4,off", "-n", "2000", "--seed", "5", "-q"]
        )
        assert_frame_equal(df, read_csv(cli_dir / "sweep.csv"), check_exact=True)
        self.assertEqual(sorted(set(df.wipe_ones.astype(str))), ["3", "4", "off"])
        dicelab.sweep("sequences", rule="wipe_ones=3,4,off", n=2000, seed=5, out=self.dir / "py")
        self.assert_same_files(cli_dir, self.dir / "py")

    def test_solve_returns_every_table_of_the_command_line(self):
        tables = dicelab.solve("sevens")
        cli_dir = self.command_line_files(["solve", "sevens"])
        csvs = sorted(p.stem for p in cli_dir.glob("*.csv"))
        self.assertEqual(sorted(tables), csvs)
        for name in csvs:
            assert_frame_equal(tables[name], read_csv(cli_dir / f"{name}.csv"), check_exact=True)
        # The answer the issue asks for: beating 15 with two rolls.
        odds = tables["follower_odds"]
        row = odds[(odds.rolls == 2) & (odds.to_beat == 15)]
        self.assertEqual(len(row), 1)
        self.assertAlmostEqual(row.p_beat.iloc[0], 0.3064, places=4)
        self.assertIn("comments", tables["optimal_policy"].attrs)
        dicelab.solve("sevens", out=self.dir / "py")
        self.assert_same_files(cli_dir, self.dir / "py")

    def test_table_returns_the_exact_tables(self):
        for game, rules in [("sequences", []), ("hearts-due", ["wipe_ones=3"]), ("sevens", [])]:
            with self.subTest(game=game):
                tables = dicelab.table(game, rule=rules)
                out = self.dir / game
                words = ["table", game, *sum((["--rule", r] for r in rules), []), "--out", out]
                code, _o, err = cli(*words)
                self.assertEqual(code, 0, err)
                self.assertEqual(sorted(tables), sorted(p.stem for p in out.glob("*.csv")))
                for name, frame in tables.items():
                    assert_frame_equal(frame, read_csv(out / f"{name}.csv"), check_exact=True)
        cast = dicelab.table("sequences")["cast_table"]
        self.assertGreater(len(cast), 0)

    def test_advise_ranks_the_actions_of_the_command_lines_json(self):
        cases = [
            (
                "sevens",
                [
                    "--roll",
                    1,
                    "--dice",
                    2,
                    "--sum",
                    5,
                    "--allowed",
                    2,
                    "--round",
                    6,
                    "--totals",
                    "52,49",
                    "--scores",
                    15,
                ],
                dict(roll=1, dice=2, sum=5, allowed=2, round=6, totals="52,49", scores=15),
            ),
            (
                "hearts-due",
                ["--totals", "62,88,75,40", "--next", 3],
                dict(totals="62,88,75,40", next=3),
            ),
            (
                "sieben",
                [
                    "--hand",
                    "1,3,3,5,6",
                    "--pile",
                    "2+3",
                    "--others",
                    "7,6,7",
                    "--chips",
                    "10,5,8,7",
                    "-n",
                    400,
                ],
                dict(hand="1,3,3,5,6", pile="2+3", others="7,6,7", chips="10,5,8,7", n=400),
            ),
        ]
        for game, words, kw in cases:
            with self.subTest(game=game):
                code, out, err = cli("advise", game, *words, "--json")
                self.assertEqual(code, 0, err)
                self.assertEqual(dicelab.cli("advise", game, *words, "--json"), out)
                advice = json.loads(out)
                df = dicelab.advise(game, **kw)
                entries = advice.get("actions", advice.get("players"))
                first = "action" if "actions" in advice else "player"
                self.assertEqual(list(df[first]), [a["name"] for a in entries])
                for i, action in enumerate(entries):
                    for name, value in action["values"].items():
                        self.assertEqual(df[name].iloc[i], value["value"])
                        if value.get("ci95"):
                            self.assertEqual(df[name + "_low"].iloc[i], value["ci95"][0])
                            self.assertEqual(df[name + "_high"].iloc[i], value["ci95"][1])
                self.assertEqual(df.attrs["best"], advice.get("best"))
                if "playouts" in advice:
                    # Estimated advice: what each row rests on and whether it is separated.
                    self.assertEqual(list(df["playouts"]), [a["playouts"] for a in entries])
                    self.assertEqual(list(df["separated"]), [a.get("separated") for a in entries])
                    self.assertEqual(df.attrs["within_noise"], advice["within_noise"])
                self.assertEqual(set(df.attrs["columns"]), {c["name"] for c in advice["columns"]})
        best = dicelab.advise("sevens", **cases[0][2])
        self.assertEqual(best.action.iloc[0], "roll 2 dice again")
        self.assertEqual(best.why.iloc[0], "")
        self.assertTrue(best.why.iloc[1].startswith("roll 2 dice again wins 26.3% of games"))
        self.assertEqual(best.loss.iloc[0], 0.0)

    def test_cli_prints_what_the_command_line_prints(self):
        for words in (
            ["rules", "sieben"],
            ["policies", "sevens"],
            ["table", "sevens", "--format", "md", "--percent"],
            ["--version"],
            ["data"],
        ):
            with self.subTest(words=words):
                code, out, err = cli(*words)
                self.assertEqual(code, 0, err)
                self.assertEqual(dicelab.cli(*words), out)
        self.assertEqual(dicelab.__version__, cli("--version")[1].split()[-1])


class BadInput(unittest.TestCase):
    """Bad input raises DicelabError with the command line's line and exit code, before any
    work, and never a panic."""

    def assert_same_refusal(self, call, words):
        code, out, err = cli(*words)
        self.assertNotEqual(code, 0)
        self.assertEqual(out, "")
        with self.assertRaises(dicelab.DicelabError) as caught:
            call()
        self.assertEqual(err, f"dicelab: {caught.exception}\n")
        self.assertEqual(caught.exception.code, code)
        self.assertEqual(len(str(caught.exception).splitlines()), 1)

    def test_each_bad_call_raises_the_command_lines_one_line(self):
        cases = [
            (lambda: dicelab.simulate("sevens", n=0), ["simulate", "sevens", "-n", "0"]),
            (lambda: dicelab.simulate("sevn"), ["simulate", "sevn"]),
            (
                lambda: dicelab.simulate("sevens", policy="nope"),
                ["simulate", "sevens", "--policy", "nope"],
            ),
            (
                lambda: dicelab.simulate("sevens", threads=0),
                ["simulate", "sevens", "--threads", "0"],
            ),
            (
                lambda: dicelab.simulate("sevens", rule="max_rolls=0"),
                ["simulate", "sevens", "--rule", "max_rolls=0"],
            ),
            (
                lambda: dicelab.simulate("sevens", rule=["colour=red"]),
                ["simulate", "sevens", "--rule", "colour=red"],
            ),
            (
                lambda: dicelab.simulate("sieben", players=9),
                ["simulate", "sieben", "--players", "9"],
            ),
            (
                lambda: dicelab.simulate("sevens", colour="red"),
                ["simulate", "sevens", "--colour", "red"],
            ),
            (
                lambda: dicelab.compare("sevens", policy="optimal"),
                ["compare", "sevens", "--policy", "optimal"],
            ),
            (lambda: dicelab.solve("sequences"), ["solve", "sequences"]),
            (
                lambda: dicelab.advise("sevens", dice=9),
                ["advise", "sevens", "--dice", "9", "--json"],
            ),
            (
                lambda: dicelab.simulate("sevens", policy="table:/no/such.csv"),
                ["simulate", "sevens", "--policy", "table:/no/such.csv"],
            ),
            (
                lambda: dicelab.simulate("sevens", out="/proc/version/x"),
                ["simulate", "sevens", "--out", "/proc/version/x"],
            ),
        ]
        for call, words in cases:
            with self.subTest(words=words):
                self.assert_same_refusal(call, words)

    def test_a_refused_out_leaves_the_users_file_untouched(self):
        with tempfile.TemporaryDirectory() as tmp:
            mine = Path(tmp) / "notes.txt"
            mine.write_text("mine\n")
            self.assert_same_refusal(
                lambda: dicelab.simulate("sevens", n=1000, out=mine),
                ["simulate", "sevens", "-n", "1000", "--out", mine],
            )
            self.assertEqual(mine.read_text(), "mine\n")
            self.assertEqual(sorted(os.listdir(tmp)), ["notes.txt"])

    def test_values_python_cannot_pass_are_refused_in_python(self):
        for call in (
            lambda: dicelab.simulate("sevens", n={"a": 1}),
            lambda: dicelab.simulate("sevens", policy=[True]),
            lambda: dicelab.simulate(None),
        ):
            with self.assertRaises(dicelab.DicelabError) as caught:
                call()
            self.assertTrue(str(caught.exception).startswith("error: "), caught.exception)
            self.assertEqual(caught.exception.code, 2)
            self.assertEqual(len(str(caught.exception).splitlines()), 1)

    def test_a_keyword_that_is_no_name_is_refused_not_made_a_flag(self):
        # **{"out=x": True} became the word --out=x: a report written to x.
        here = self.folder()
        os.chdir(here)
        for name in ("out=x", "n 5", "", "-q", "n\u00e9"):
            with self.assertRaises(dicelab.DicelabError) as caught:
                dicelab.simulate("sequences", n=100, **{name: True})
            self.assertIn("is not a keyword argument's name", str(caught.exception))
            self.assertEqual(caught.exception.code, 2)
        self.assertEqual(list(here.iterdir()), [])

    def folder(self):
        """A throwaway folder, removed after the test, which also returns to today's folder."""
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.addCleanup(os.chdir, os.getcwd())
        return Path(tmp.name)

    def test_the_report_goes_where_out_named_when_the_call_began(self):
        # A chdir on another thread during the run sent a relative out= elsewhere.
        import threading

        here = self.folder()
        first, second = here / "first", here / "second"
        first.mkdir()
        second.mkdir()
        os.chdir(first)
        started = threading.Event()

        def wander():
            # Past the call's start (the folder is checked and locked at once), well before
            # its end (a few seconds of turns).
            started.wait()
            time.sleep(0.5)
            os.chdir(second)

        mover = threading.Thread(target=wander)
        mover.start()
        try:
            started.set()
            dicelab.simulate("sevens", n=3 * 10**8, threads=1, out="rep")
        finally:
            mover.join()
        self.assertTrue((first / "rep" / "summary.csv").is_file())
        self.assertEqual(list(second.iterdir()), [])

    def test_play_needs_a_terminal(self):
        with self.assertRaises(dicelab.DicelabError) as caught:
            dicelab.cli("play", "sevens")
        self.assertIn("dicelab play sevens", str(caught.exception))
        self.assertEqual(caught.exception.code, 2)
        # A game that cannot be played gets the command line's own refusal.
        self.assert_same_refusal(lambda: dicelab.cli("play", "sequences"), ["play", "sequences"])

    def test_help_asked_of_a_function_says_where_help_is(self):
        for call in (
            lambda: dicelab.simulate("sevens", help=True),
            lambda: dicelab.advise("sevens", h=True),
            lambda: dicelab.simulate("--help"),
            lambda: dicelab.table("--help"),
            lambda: dicelab.advise("--help"),
        ):
            with self.assertRaises(dicelab.DicelabError) as caught:
                call()
            self.assertIn("dicelab.cli(", str(caught.exception))
            self.assertEqual(caught.exception.code, 2)
            self.assertEqual(len(str(caught.exception).splitlines()), 1)
        self.assertIn("Usage: dicelab simulate", dicelab.cli("simulate", "--help"))

    def test_text_that_is_not_utf8_is_refused_as_the_command_line_refuses_it(self):
        for call in (
            lambda: dicelab.simulate("sevens", policy="\ud800"),
            lambda: dicelab.simulate("sevens", out=Path(os.fsdecode(b"caf\xe9"))),
            lambda: dicelab.cli("rules", "\udce9"),
        ):
            with self.assertRaises(dicelab.DicelabError) as caught:
                call()
            self.assertIn("not UTF-8 text", str(caught.exception))
            self.assertEqual(caught.exception.code, 2)


if __name__ == "__main__":
    unittest.main()
