"""The Python package against the command line: the same calls give the same bytes, and each
function reads as a Python library's.

Run by tests/python.rs (through the README's test command), which builds the wheel in a
throwaway virtual environment, installs it and points DICELAB_BIN at the `dicelab` binary of the
same checkout. By hand, with the package installed:

    DICELAB_BIN=target/checked/dicelab python -m unittest discover -s python/tests -v
"""

import csv
import inspect
import io
import json
import os
import pickle
import re
import subprocess
import tempfile
import time
import unittest
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import dicelab
import numpy as np
import pandas as pd
from pandas.testing import assert_frame_equal

EXACT = {} if int(pd.__version__.split(".")[0]) >= 3 else {"float_precision": "round_trip"}
BIN = os.environ.get("DICELAB_BIN", "dicelab")
# The checkout: docs/python.md and python/pyproject.toml.
ROOT = Path(__file__).resolve().parents[2]


def cli(*words, cwd=None):
    """The command line's exit code, stdout and stderr for `dicelab WORDS`."""
    done = subprocess.run(
        [BIN, *[str(w) for w in words]], capture_output=True, text=True, cwd=cwd, check=False
    )
    return done.returncode, done.stdout, done.stderr


def read_csv(path, **options):
    """A CSV file of the command line, read without dicelab's help: comment lines skipped, every
    number parsed from its exact text."""
    lines = Path(path).read_text(encoding="utf-8").splitlines(keepends=True)
    skip = 0
    while skip < len(lines) and lines[skip].startswith("#"):
        skip += 1
    return pd.read_csv(io.StringIO("".join(lines[skip:])), **EXACT, **options)


def assert_same_numbers(frame, expected):
    """`frame` holds every value of `expected` (a CSV file as pandas reads it) exactly; a column
    of real numbers that the file shows whole is float64 in `frame` (its type), where pandas
    guesses int64 from the text."""
    for column in frame.columns:
        if frame[column].dtype == np.float64 and expected[column].dtype == np.int64:
            expected[column] = expected[column].astype(np.float64)
    assert_frame_equal(frame, expected, check_exact=True)


def _solve_three_players():
    """What a forked child computes (a module-level function, so the pool can pickle it)."""
    return dicelab.solve("sevens", players=3)["game_odds"]


class Folder(unittest.TestCase):
    """A throwaway folder per test."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def command_line_files(self, words, name="cli"):
        code, _out, err = cli(*words, "-q", "--out", self.dir / name)
        self.assertEqual(code, 0, err)
        return self.dir / name

    def assert_same_files(self, cli_dir, py_dir):
        """Every file but run.json (which records the call and its times) byte for byte."""
        names = sorted(p.name for p in cli_dir.iterdir() if p.name != "run.json")
        self.assertEqual(names, sorted(p.name for p in py_dir.iterdir() if p.name != "run.json"))
        self.assertTrue(any(n.endswith(".csv") for n in names), names)
        for name in names:
            self.assertEqual(
                (cli_dir / name).read_bytes(), (py_dir / name).read_bytes(), f"{name} differs"
            )
        self.assertTrue((py_dir / "run.json").is_file())


class ReadsLikeALibrary(unittest.TestCase):
    """Signatures, docstrings and stubs a Python user's tools can read."""

    def test_each_function_names_its_arguments(self):
        expected = {
            "simulate": ["game", "policy", "n", "seed", "threads", "players", "rule", "deck",
                         "out", "wait", "shard", "shards", "executor"],
            "compare": ["game", "policy", "n", "seed", "threads", "players", "rule", "deck",
                        "out", "wait", "shard", "shards", "executor", "decide", "precision"],
            "merge": ["parts", "out", "wait", "partial"],
            "sweep": ["game", "rule", "policy", "players", "n", "seed", "threads", "out", "wait"],
            "solve": ["game", "players", "rule", "out", "wait"],
            "table": ["game", "rule", "deck", "out", "wait"],
            "advise": ["game", "position", "rule", "policy", "n", "seed", "threads", "keys"],
            "review": ["record", "n", "seed", "threads", "allow_files"],
            "replay": ["game", "seed", "moves", "players", "rule", "policy", "coach", "advice"],
        }
        for name, params in expected.items():
            with self.subTest(function=name):
                signature = inspect.signature(getattr(dicelab, name))
                self.assertEqual(list(signature.parameters), params)
                self.assertNotIn(
                    inspect.Parameter.VAR_KEYWORD,
                    [p.kind for p in signature.parameters.values() if p.name != "keys"],
                )

    def test_every_public_name_has_a_docstring_and_each_function_an_example(self):
        for name in dicelab.__all__:
            if name == "__version__":
                continue
            thing = getattr(dicelab, name)
            with self.subTest(name=name):
                self.assertTrue(inspect.getdoc(thing), name)
                if inspect.isfunction(thing) and name != "cli":
                    self.assertIn(">>> ", inspect.getdoc(thing), name)
        self.assertIn("BadValueError", inspect.getdoc(dicelab))

    def test_the_stub_declares_every_function_of_the_compiled_half(self):
        stub = Path(dicelab.__file__).with_name("_native.pyi").read_text()
        from dicelab import _native

        names = [n for n in dir(_native) if not n.startswith("_")]
        self.assertGreaterEqual(len(names), 7, names)
        for name in names:
            self.assertTrue(
                f"def {name}(" in stub or f"class {name}" in stub, f"{name} not in _native.pyi"
            )


class SameAsTheCommandLine(Folder):
    """Each call against `dicelab COMMAND ... --out DIR`: the DataFrame holds the CSV's numbers
    exactly, and `out=` writes the very same files."""

    def test_simulate_sevens_gives_summary_csv_with_the_same_numbers(self):
        df = dicelab.simulate("sevens", ["optimal", "rolls:1"], n=10**6, seed=1)
        cli_dir = self.command_line_files(
            ["simulate", "sevens", "--policy", "optimal", "--policy", "rolls:1", "-n", "1000000"]
        )
        expected = read_csv(cli_dir / "summary.csv")
        self.assertEqual(
            list(df.columns),
            ["game", "rules", "policy", "metric", "n", "mean", "sd", "se", "ci95_low",
             "ci95_high", "exact", "seed"],
        )
        assert_frame_equal(df, expected, check_exact=True)
        # Every number is the float its text in summary.csv denotes, not only what pandas
        # reads from it.
        with open(cli_dir / "summary.csv", newline="", encoding="utf-8") as f:
            for i, row in enumerate(csv.DictReader(f)):
                for column in ("mean", "sd", "se", "ci95_low", "ci95_high", "exact"):
                    self.assertEqual(df[column].iloc[i], float(row[column]), (i, column))
                self.assertEqual(df["n"].iloc[i], int(row["n"]))
        self.assertEqual(df["n"].dtype, np.int64)
        self.assertEqual(df["mean"].dtype, np.float64)
        dicelab.simulate("sevens", ["optimal", "rolls:1"], n=1e6, seed=1, out=self.dir / "py")
        self.assert_same_files(cli_dir, self.dir / "py")
        turn = df[(df.policy == "optimal") & (df.metric == "turn_score")].iloc[0]
        self.assertLess(abs(turn["mean"] - turn["exact"]), 4 * turn["se"])

    def test_the_same_seed_gives_the_same_frame_on_one_thread_or_two(self):
        one = dicelab.simulate("sieben", players=4, n=2000, seed=5, threads=1)
        two = dicelab.simulate("sieben", players=4, n=2000, seed=5, threads=2)
        assert_frame_equal(one, two, check_exact=True)
        other = dicelab.simulate("sieben", players=4, n=2000, seed=6, threads=2)
        self.assertFalse(one.equals(other))

    def test_compare_gives_the_paired_differences_of_the_command_line(self):
        df = dicelab.compare("solitaire-dice", ["greedy", "lookahead"], n=300, seed=3)
        cli_dir = self.command_line_files(
            ["compare", "solitaire-dice", "--policy", "greedy", "--policy", "lookahead",
             "-n", "300", "--seed", "3"]
        )
        assert_frame_equal(df, read_csv(cli_dir / "summary.csv"), check_exact=True)
        self.assertTrue(any(" - " in p for p in df.policy), list(df.policy))
        # No exact value is known: the column is of numbers, every one missing.
        self.assertEqual(df["exact"].dtype, np.float64)
        dicelab.compare(
            "solitaire-dice", ["greedy", "lookahead"], n=300, seed=3, out=str(self.dir / "py")
        )
        self.assert_same_files(cli_dir, self.dir / "py")

    def test_compare_of_three_says_which_could_be_the_best_as_the_command_line_does(self):
        policies = ["optimal", "leader", "rolls:1"]
        df = dicelab.compare("sevens", policies, n=2000, seed=3)
        words = ["compare", "sevens", "-n", "2000", "--seed", "3"]
        for p in policies:
            words += ["--policy", p]
        code, out, err = cli(*words, "--format", "json")
        self.assertEqual(code, 0, err)
        best = json.loads(out)["best"]
        self.assertEqual(
            [{**m, "policies": [{**p, "ahead": list(p["ahead"])} for p in m["policies"]]}
             for m in df.attrs["best"]],
            best,
        )
        turn = next(m for m in best if m["metric"] == "turn_score")
        self.assertTrue(turn["higher_is_better"])
        self.assertEqual([p["policy"] for p in turn["policies"]], policies)
        self.assertFalse(turn["policies"][2]["could_be_best"])
        # Two policies: no ranking to make, nothing said.
        self.assertNotIn("best", dicelab.compare("sevens", policies[:2], n=200).attrs)

    def test_compare_until_it_knows_matches_the_command_line_and_says_where_it_stopped(self):
        for kwargs, flags in [
            ({"decide": True}, ["--decide"]),
            ({"precision": 0.03}, ["--precision", "0.03"]),
        ]:
            df = dicelab.compare(
                "sevens", ["optimal", "rolls:3", "leader"], n=2 * 10**6, seed=5, **kwargs
            )
            cli_dir = self.command_line_files(
                ["compare", "sevens", "--policy", "optimal", "--policy", "rolls:3", "--policy",
                 "leader", "-n", "2e6", "--seed", "5", *flags]
            )
            assert_frame_equal(df, read_csv(cli_dir / "summary.csv"), check_exact=True)
            stopped = df.attrs["stopped"]
            record = json.loads((cli_dir / "accumulators.json").read_text())["record"]
            self.assertEqual(stopped["looks"], record["sequential"]["looks"])
            self.assertTrue(stopped["answered"])
            self.assertEqual(stopped["units"], df.n.iloc[0])
            self.assertLess(stopped["units"], 2 * 10**6)
        self.assertNotIn("stopped", dicelab.compare("sevens", ["optimal", "leader"], n=200).attrs)

    def test_compare_until_it_knows_in_shards_merges_into_the_whole_run(self):
        # Each part plays its chunks to the budget look by look; merge replays the rule on every
        # part's counts and stops where one process would have.
        policies = ["optimal", "rolls:3", "leader"]
        whole = dicelab.compare("sevens", policies, n=2 * 10**6, seed=5, precision=0.03)
        shards = dicelab.compare(
            "sevens", policies, n=2 * 10**6, seed=5, precision=0.03, shards=3
        )
        assert_frame_equal(shards, whole, check_exact=True)
        self.assertEqual(shards.attrs["stopped"], whole.attrs["stopped"])
        parts = [
            dicelab.compare("sevens", policies, n=2 * 10**6, seed=5, decide=True, shard=(k, 2))
            for k in range(2)
        ]
        merged = dicelab.merge(parts[::-1])
        whole = dicelab.compare("sevens", policies, n=2 * 10**6, seed=5, decide=True)
        assert_frame_equal(merged, whole, check_exact=True)
        self.assertTrue(merged.attrs["stopped"]["answered"])
        with self.assertRaises(ValueError) as caught:
            dicelab.merge(parts[:1], partial=True)
        self.assertIn("stops on every shard's counts", str(caught.exception))

    def test_compare_until_it_knows_refuses_a_bad_precision(self):
        for kwargs, words in [
            ({"precision": 0.0}, "precision"),
            ({"precision": "wide"}, "precision"),
            ({"decide": True, "precision": 0.1}, "not both"),
        ]:
            with self.assertRaises(ValueError) as caught:
                dicelab.compare("sevens", ["optimal", "leader"], n=1000, **kwargs)
            self.assertIn(words, str(caught.exception))

    def test_a_game_with_rules_and_players_matches(self):
        df = dicelab.simulate(
            "hearts-due", players=3, rule={"target": 50, "wipe_ones": 3}, n=500, seed=9
        )
        cli_dir = self.command_line_files(
            ["simulate", "hearts-due", "--players", "3", "--rule", "target=50", "--rule",
             "wipe_ones=3", "-n", "500", "--seed", "9"]
        )
        assert_frame_equal(df, read_csv(cli_dir / "summary.csv"), check_exact=True)
        self.assertTrue(df.rules.str.contains("wipe_ones=3").all())

    def test_sweep_gives_sweep_csv_of_the_command_line(self):
        df = dicelab.sweep("sequences", {"wipe_ones": [3, 4, "off"]}, n=2000, seed=5)
        cli_dir = self.command_line_files(
            ["sweep", "sequences", "--rule", "wipe_ones=3,4,off", "-n", "2000", "--seed", "5"]
        )
        # A swept value is a number where the rule takes one, the word off beside them.
        expected = read_csv(cli_dir / "sweep.csv", dtype={"wipe_ones": str})
        expected["wipe_ones"] = [int(v) if v.isdigit() else v for v in expected.wipe_ones]
        assert_frame_equal(df, expected, check_exact=True)
        self.assertEqual(list(dict.fromkeys(df.wipe_ones)), [3, 4, "off"])
        # A rule of whole numbers alone is an int64 column; one of words holds text.
        only = dicelab.sweep("sevens", {"max_rolls": [2, 3], "removal": ["pairs", "subsets"]},
                             n=200, seed=5)
        self.assertEqual(only.max_rolls.dtype, np.int64)
        self.assertEqual(list(dict.fromkeys(only.removal)), ["pairs", "subsets"])
        dicelab.sweep("sequences", "wipe_ones=3,4,off", n=2000, seed=5, out=self.dir / "py")
        self.assert_same_files(cli_dir, self.dir / "py")

    def test_solve_returns_every_table_of_the_command_line(self):
        tables = dicelab.solve("sevens")
        cli_dir = self.command_line_files(["solve", "sevens"])
        csvs = sorted(p.stem for p in cli_dir.glob("*.csv"))
        self.assertEqual(sorted(tables), csvs)
        for name in csvs:
            assert_same_numbers(tables[name], read_csv(cli_dir / f"{name}.csv"))
        # A real number stays a float where the file shows it whole.
        self.assertEqual(tables["optimal_policy"]["stop_value"].dtype, np.float64)
        # Beating 15 with two rolls.
        odds = tables["follower_odds"]
        row = odds[(odds.rolls == 2) & (odds.to_beat == 15)]
        self.assertEqual(len(row), 1)
        self.assertAlmostEqual(row.p_beat.iloc[0], 0.3064, places=4)
        self.assertIn("comments", tables["optimal_policy"].attrs)
        dicelab.solve("sevens", out=self.dir / "py")
        self.assert_same_files(cli_dir, self.dir / "py")

    def test_table_returns_the_exact_tables(self):
        for game, rules in [("sequences", {}), ("hearts-due", {"wipe_ones": 3}), ("sevens", {})]:
            with self.subTest(game=game):
                tables = dicelab.table(game, rule=rules)
                words = ["table", game, *sum((["--rule", f"{k}={v}"] for k, v in rules.items()), [])]
                out = self.command_line_files(words, name=game)
                self.assertEqual(sorted(tables), sorted(p.stem for p in out.glob("*.csv")))
                for name, frame in tables.items():
                    assert_same_numbers(frame, read_csv(out / f"{name}.csv"))
        self.assertGreater(len(dicelab.table("sequences")["cast_table"]), 0)

    def test_advise_ranks_the_actions_of_the_command_lines_json(self):
        cases = [
            (
                "sevens",
                ["--roll", 1, "--dice", 2, "--sum", 5, "--allowed", 2, "--round", 6,
                 "--totals", "52,49", "--scores", 15],
                dict(roll=1, dice=2, sum=5, allowed=2, round=6, totals=[52, 49], scores=15),
            ),
            ("hearts-due", ["--totals", "62,88,75,40", "--next", 3],
             dict(totals=(62, 88, 75, 40), next=3)),
            (
                "sieben",
                ["--hand", "1,3,3,5,6", "--pile", "2+3", "--others", "7,6,7", "--chips",
                 "10,5,8,7", "-n", 400],
                dict(hand=[1, 3, 3, 5, 6], pile="2+3", others=np.array([7, 6, 7]),
                     chips=[10, 5, 8, 7], n=400),
            ),
            ("solitaire-dice", ["--roll", "1,1,3,5,6", "-n", 200],
             dict(roll=[1, 1, 3, 5, 6], n=200)),
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
                    self.assertEqual(list(df["playouts"]), [a["playouts"] for a in entries])
                    self.assertEqual(str(df["separated"].dtype), "boolean")
                    self.assertEqual(
                        [None if pd.isna(s) else bool(s) for s in df["separated"]],
                        [a.get("separated") for a in entries],
                    )
                    self.assertEqual(df.attrs["within_noise"], advice["within_noise"])
                self.assertEqual(set(df.attrs["columns"]), {c["name"] for c in advice["columns"]})
                # The same position as a dict.
                position = {k: v for k, v in kw.items() if k != "n"}
                assert_frame_equal(dicelab.advise(game, position, n=kw.get("n")), df)
        best = dicelab.advise("sevens", **cases[0][2])
        self.assertEqual(best.action.iloc[0], "roll 2 dice again")
        self.assertEqual(str(best.why.dtype), "string")
        self.assertTrue(pd.isna(best.why.iloc[0]))
        self.assertTrue(best.why.iloc[1].startswith("roll 2 dice again wins 26.3% of games"))
        self.assertEqual(best.loss.iloc[0], 0.0)

    def test_cli_prints_what_the_command_line_prints(self):
        for words in (
            ["rules", "sieben"],
            ["policies", "sevens"],
            ["table", "sevens", "--format", "md", "--percent"],
            ["--version"],
            ["simulate", "--help"],
        ):
            with self.subTest(words=words):
                code, out, err = cli(*words)
                self.assertEqual(code, 0, err)
                self.assertEqual(dicelab.cli(*words), out)
        self.assertEqual(dicelab.__version__, cli("--version")[1].split()[-1])


class PythonValues(unittest.TestCase):
    """Lists, tuples, dicts, numpy and pandas values where the command line takes text."""

    def test_lists_dicts_and_numpy_give_what_their_text_gives(self):
        plain = dicelab.compare("sevens", ["optimal", "rolls:1"], n=2000, seed=4,
                                rule=["max_rolls=2", "tie=shared"])
        for policy in (np.array(["optimal", "rolls:1"]), pd.Series(["optimal", "rolls:1"]),
                       ("optimal", "rolls:1")):
            for rule in ({"max_rolls": 2, "tie": "shared"}, {"max_rolls": np.int64(2), "tie": "shared"},
                         "max_rolls=2"):
                with self.subTest(policy=type(policy).__name__, rule=rule):
                    got = dicelab.compare("sevens", policy, n=np.int64(2000), seed=np.uint8(4),
                                          rule=rule if rule != "max_rolls=2" else [rule, "tie=shared"])
                    assert_frame_equal(got, plain, check_exact=True)
        self.assertTrue(dicelab.simulate("sevens", n=5e3, seed=2).equals(
            dicelab.simulate("sevens", n=np.float64(5000), seed=2)))

    def test_a_comma_list_is_a_list_and_a_switch_is_true(self):
        position = dict(roll=1, dice=2, sum=5, allowed=2, round=6, scores=15)
        as_text = dicelab.advise("sevens", totals="52,49", **position)
        for totals in ([52, 49], (52, 49), np.array([52, 49]), pd.Series([52, 49])):
            with self.subTest(totals=type(totals).__name__):
                got = dicelab.advise("sevens", totals=totals, **position)
                assert_frame_equal(got, as_text)
        with tempfile.TemporaryDirectory() as tmp:
            dicelab.simulate("sevens", n=1000, out=tmp, wait=np.True_)
            self.assertTrue((Path(tmp) / "summary.csv").is_file())

    def test_a_wrong_type_is_refused_naming_its_argument(self):
        cases = [
            (lambda: dicelab.simulate("sevens", n={"a": 1}), "n"),
            (lambda: dicelab.simulate("sevens", n=1.5), "n"),
            (lambda: dicelab.simulate("sevens", n=True), "n"),
            (lambda: dicelab.simulate("sevens", policy=[True]), "policy"),
            (lambda: dicelab.simulate("sevens", rule={"max_rolls": True}), "rule['max_rolls']"),
            (lambda: dicelab.simulate(None), "game"),
            (lambda: dicelab.simulate("sevens", out=3), "out"),
            (lambda: dicelab.simulate("sevens", shard=[0, 4]), "shard"),
            (lambda: dicelab.merge([b"{}"]), "parts"),
        ]
        for call, setting in cases:
            with self.subTest(setting=setting):
                with self.assertRaises(dicelab.BadValueError) as caught:
                    call()
                self.assertEqual(caught.exception.setting, setting)
                self.assertTrue(str(caught.exception).startswith(f"{setting}="), caught.exception)
        with self.assertRaises(TypeError):
            dicelab.simulate("sevens", colour="red")  # no such argument: Python's own error


class Exceptions(Folder):
    """Exceptions a Python user catches by kind, with the data of what was wrong, in the words
    of keyword arguments."""

    def test_a_number_out_of_range_is_a_value_error_with_its_limits(self):
        cases = [
            (lambda: dicelab.simulate("sevens", threads=0), "threads", "0", 1, 1024,
             "threads=0: expected at least 1, found 0"),
            (lambda: dicelab.simulate("sevens", threads=5000), "threads", "5000", 1, 1024,
             "threads=5000: too large; the largest allowed is 1024"),
            (lambda: dicelab.simulate("sevens", n=0), "n", "0", 1, 2**64 - 1, None),
            (lambda: dicelab.simulate("sevens", seed=-1), "seed", "-1", 0, 2**64 - 1, None),
            (lambda: dicelab.simulate("sevens", seed=2**70), "seed", str(2**70), 0, 2**64 - 1,
             None),
            (lambda: dicelab.simulate("sevens", rule={"max_rolls": 99}), "rule", "max_rolls=99",
             1, 12, None),
            (lambda: dicelab.simulate("sieben", players=9), "players", "9", 2, 7,
             "players=9: sieben takes 2 to 7 players"),
        ]
        for call, setting, value, low, high, message in cases:
            with self.subTest(setting=setting, value=value):
                with self.assertRaises(ValueError) as caught:
                    call()
                error = caught.exception
                self.assertIsInstance(error, dicelab.BadValueError)
                self.assertIsInstance(error, dicelab.DicelabError)
                self.assertEqual((error.setting, error.value, error.min, error.max),
                                 (setting, value, low, high))
                if message:
                    self.assertEqual(str(error), message)
                self.assertEqual(error.code, 2)
                # It travels from a worker process to its parent whole, with nothing of the
                # compiled half behind it.
                self.assertIsNone(error.__context__)
                back = pickle.loads(pickle.dumps(error))
                self.assertEqual((type(back), str(back), back.setting, back.min, back.max),
                                 (type(error), str(error), error.setting, error.min, error.max))

    def test_files_raise_the_os_error_of_what_happened(self):
        (self.dir / "folder").mkdir()
        mine = self.dir / "notes.txt"
        mine.write_text("mine\n")
        cases = [
            (lambda: dicelab.simulate("sieben", players=3, deck=self.dir / "none.csv"),
             FileNotFoundError),
            (lambda: dicelab.simulate("sevens", policy=f"table:{self.dir / 'none.csv'}"),
             FileNotFoundError),
            (lambda: dicelab.simulate("sieben", players=3, deck=self.dir / "folder"),
             IsADirectoryError),
            (lambda: dicelab.simulate("sevens", n=1000, out=mine / "x"), NotADirectoryError),
        ]
        for call, kind in cases:
            with self.subTest(kind=kind.__name__):
                with self.assertRaises(kind) as caught:
                    call()
                self.assertIsInstance(caught.exception, dicelab.DicelabOSError)
                self.assertIsNotNone(caught.exception.errno)
                self.assertEqual(caught.exception.code, 1)
        self.assertEqual(mine.read_text(), "mine\n")
        self.assertEqual(sorted(p.name for p in self.dir.iterdir()), ["folder", "notes.txt"])

    def test_messages_name_keyword_arguments_never_flags(self):
        calls = [
            lambda: dicelab.compare("sevens", "optimal"),
            lambda: dicelab.simulate("sevens", deck="d.csv"),
            lambda: dicelab.simulate("sevens", rule={"colour": "red"}),
            lambda: dicelab.sweep("sequences", {"wipe_ones": 3}),
            lambda: dicelab.sweep("sequences", "wipe_ones"),
            lambda: dicelab.advise("sevens", dice=9),
            lambda: dicelab.advise("sieben", pile_cards=[1, 2]),
            lambda: dicelab.solve("sequences"),
            lambda: dicelab.simulate("sevens", n=1000, out="/proc/version/x"),
            lambda: dicelab.simulate("sevens", threads=0),
        ]
        for i, call in enumerate(calls):
            with self.subTest(call=i):
                with self.assertRaises(dicelab.DicelabError) as caught:
                    call()
                message = str(caught.exception)
                self.assertNotIn("--", message)
                self.assertEqual(len(message.splitlines()), 1)
                self.assertFalse(message.startswith("error:"), message)
        with self.assertRaises(dicelab.BadRequestError) as caught:
            dicelab.compare("sevens", "optimal")
        self.assertIsInstance(caught.exception, ValueError)
        with self.assertRaises(dicelab.BadValueError) as caught:
            dicelab.simulate("sevens", deck="d.csv")
        self.assertEqual(str(caught.exception),
                         "deck='d.csv': only sieben is played with a deck file, not sevens")

    def test_the_command_line_keeps_its_own_words(self):
        with self.assertRaises(dicelab.CommandError) as caught:
            dicelab.cli("simulate", "sevens", "--threads", "0")
        code, _out, err = cli("simulate", "sevens", "--threads", "0")
        self.assertEqual(err, f"dicelab: {caught.exception}\n")
        self.assertEqual(caught.exception.code, code)
        with self.assertRaises(dicelab.CommandError) as caught:
            dicelab.cli("play", "sevens")
        self.assertIn("dicelab play sevens", str(caught.exception))

    def test_text_that_is_not_utf8_is_refused(self):
        for call in (
            lambda: dicelab.simulate("sevens", policy="\ud800"),
            lambda: dicelab.simulate("sevens", out=Path(os.fsdecode(b"caf\xe9"))),
            lambda: dicelab.cli("rules", "\udce9"),
        ):
            with self.assertRaises(dicelab.BadValueError) as caught:
                call()
            self.assertIn("not UTF-8 text", str(caught.exception))


class ScaleOut(Folder):
    """Shards as picklable parts, merged into the very run one process makes, through any
    executor."""

    # 64 chunks of 65,536 single turns: a run split into up to 64 shards, none of them empty.
    WORDS = dict(n=2**22, seed=11)

    def one_run(self, name="cli"):
        return self.command_line_files(
            ["simulate", "sevens", "--policy", "optimal", "--policy", "rolls:1", "-n",
             str(2**22), "--seed", "11"], name=name)

    def test_parts_merged_in_any_order_are_the_whole_run(self):
        whole = dicelab.simulate("sevens", ["optimal", "rolls:1"], **self.WORDS)
        parts = [dicelab.simulate("sevens", ["optimal", "rolls:1"], shard=(k, 4), **self.WORDS)
                 for k in range(4)]
        self.assertEqual([(p.index, p.count) for p in parts], [(k, 4) for k in range(4)])
        copies = [pickle.loads(pickle.dumps(p)) for p in reversed(parts)]
        assert_frame_equal(dicelab.merge(copies), whole, check_exact=True)
        # A missing part is refused, or merged when partial is asked for.
        with self.assertRaises(dicelab.BadRequestError) as caught:
            dicelab.merge(parts[:3])
        self.assertIn("missing", str(caught.exception))
        self.assertEqual(len(dicelab.merge(parts[:3], partial=True)), len(whole))
        # Parts of different runs are refused.
        other = dicelab.simulate("sevens", ["optimal", "rolls:1"], shard=(3, 4), n=40_000, seed=12)
        with self.assertRaises(dicelab.BadRequestError):
            dicelab.merge(parts[:3] + [other])
        damaged = dicelab.Part(parts[0].accumulators.replace(b'"units"', b'"unitz"'), 0, 4)
        with self.assertRaises(dicelab.BadRequestError):
            dicelab.merge([damaged] + parts[1:])

    def test_a_process_pool_gives_the_binarys_report_for_1_4_and_64_shards(self):
        cli_dir = self.one_run()
        with ProcessPoolExecutor(max_workers=2) as pool:
            for shards in (1, 4, 64):
                with self.subTest(shards=shards):
                    out = self.dir / f"py{shards}"
                    df = dicelab.simulate("sevens", ["optimal", "rolls:1"], shards=shards,
                                          executor=pool, out=out, **self.WORDS)
                    assert_frame_equal(df, read_csv(cli_dir / "summary.csv"), check_exact=True)
                    self.assert_same_files(cli_dir, out)

    def test_an_out_that_cannot_be_written_is_refused_before_any_part_runs(self):
        mine = self.dir / "notes.txt"
        mine.write_text("mine\n")

        class Counting(ThreadPoolExecutor):
            submitted = 0

            def submit(self, *args, **kwargs):
                Counting.submitted += 1
                return super().submit(*args, **kwargs)

        with Counting(max_workers=2) as pool:
            with self.assertRaises(NotADirectoryError):
                dicelab.simulate("sevens", shards=4, executor=pool, out=mine / "x", **self.WORDS)
        self.assertEqual(Counting.submitted, 0)
        self.assertEqual(mine.read_text(), "mine\n")

    def test_threads_run_side_by_side(self):
        # Each run releases the GIL: run together, each still gets exactly what it gets alone.
        calls = [("sevens", 1, 1), ("sieben", 2, 4), ("sevens", 3, 1), ("hearts-due", 4, 2)] * 2

        def run(call):
            game, seed, players = call
            return dicelab.simulate(game, players=players, n=3000, seed=seed, threads=1)

        alone = [run(call) for call in calls]
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(run, calls))
        for a, b in zip(alone, together):
            assert_frame_equal(a, b, check_exact=True)
        with ThreadPoolExecutor(max_workers=2) as pool:
            df = dicelab.simulate("sevens", ["optimal", "rolls:1"], shards=3, executor=pool,
                                  **self.WORDS)
        assert_frame_equal(df, dicelab.simulate("sevens", ["optimal", "rolls:1"], **self.WORDS))


class Interrupts(Folder):
    """Ctrl-C, fork and chdir while a run is going."""

    def setUp(self):
        super().setUp()
        import signal

        # A Ctrl-C raises KeyboardInterrupt, as in a Python started at a terminal. A Python
        # started in the background by a shell without job control inherits SIGINT ignored
        # (bash does that to `cmd &`), and would never hear the timers' Ctrl-C below: each
        # test then waited for its run's end, minutes, where it should fail at once.
        self.sigint = signal.signal(signal.SIGINT, signal.default_int_handler)

    def tearDown(self):
        import signal

        signal.signal(signal.SIGINT, self.sigint)
        super().tearDown()

    def test_a_run_is_stopped_by_ctrl_c(self):
        import signal
        import threading

        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        started = time.monotonic()
        with self.assertRaises(KeyboardInterrupt):
            dicelab.simulate("sevens", n=10**18, out=self.dir / "never")
        timer.join()
        self.assertLess(time.monotonic() - started, 10)
        self.assertFalse((self.dir / "never").exists())
        self.assertEqual(len(dicelab.simulate("sevens", n=1000)), 3)

    def test_a_review_is_stopped_by_ctrl_c_between_moments(self):
        # An estimated review at a billion play-outs a division, and an exact one of a
        # 40-player race to 1000: each takes minutes, and neither heard Ctrl-C before its end.
        import signal
        import threading

        code, _out, err = cli("simulate", "solitaire-dice", "-n", "1", "--record",
                              self.dir / "sd.txt", "-q")
        self.assertEqual(code, 0, err)
        code, _out, err = cli("simulate", "sequences", "--players", "40", "--rule",
                              "target=1000", "-n", "1", "--record", self.dir / "race.txt", "-q")
        self.assertEqual(code, 0, err)
        for words in (["review", self.dir / "sd.txt", "-n", "1e9"],
                      ["review", self.dir / "race.txt"]):
            with self.subTest(words=words[1].name):
                timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
                timer.start()
                started = time.monotonic()
                with self.assertRaises(KeyboardInterrupt):
                    dicelab.cli(*words, "-q")
                timer.join()
                self.assertLess(time.monotonic() - started, 20)
        # dicelab.review as well, the estimated review (the exact one stops the same way).
        timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        started = time.monotonic()
        try:
            with self.assertRaises(KeyboardInterrupt):
                dicelab.review(self.dir / "sd.txt", n=10**9)
        finally:
            # A review that failed at once leaves no Ctrl-C pending for the next test.
            timer.cancel()
            timer.join()
        self.assertLess(time.monotonic() - started, 20)

    def test_a_forked_child_runs_after_its_parent_did(self):
        import multiprocessing

        before = dicelab.solve("sevens", players=3)["game_odds"]
        context = multiprocessing.get_context("fork")
        with context.Pool(1) as pool:
            after = pool.apply_async(_solve_three_players).get(timeout=120)
        assert_frame_equal(before, after)

    def test_the_report_goes_where_out_named_when_the_call_began(self):
        import threading

        first, second = self.dir / "first", self.dir / "second"
        first.mkdir()
        second.mkdir()
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(first)
        started = threading.Event()

        def wander():
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


class NoSubmit(Executor):
    """An executor that fails the test when anything is submitted to it: what it is handed to
    must be refused before any part runs."""

    def submit(self, *args, **kwargs):
        raise AssertionError("a part was submitted to the executor before the refusal")


class RefusedBeforeAnyWork(Folder):
    """Arguments that would do the wrong work, or fail halfway through it, are refused first,
    in one line naming the argument, as a DicelabError."""

    def assert_refused(self, call, setting):
        """`call` raises a BadValueError naming `setting` in one line, and returns it."""
        with self.assertRaises(dicelab.BadValueError) as caught:
            call()
        error = caught.exception
        self.assertEqual(error.setting, setting)
        self.assertTrue(str(error).startswith(f"{setting}="), error)
        self.assertEqual(len(str(error).splitlines()), 1, error)
        return error

    def test_an_empty_out_is_refused_by_every_function_writing_nothing(self):
        parts = [dicelab.simulate("sevens", n=1000, shard=(k, 2)) for k in range(2)]
        self.addCleanup(os.chdir, os.getcwd())
        os.chdir(self.dir)
        for out in ("", Path("")):
            calls = {
                "simulate": lambda: dicelab.simulate("sevens", n=1000, out=out),
                "compare": lambda: dicelab.compare("sevens", ["optimal", "rolls:1"], n=1000,
                                                   out=out),
                "simulate shards": lambda: dicelab.simulate("sevens", n=1000, shards=1,
                                                            executor=NoSubmit(), out=out),
                "compare shards": lambda: dicelab.compare("sevens", ["optimal", "rolls:1"],
                                                          n=1000, shards=1, out=out),
                "merge": lambda: dicelab.merge(parts, out=out),
                "sweep": lambda: dicelab.sweep("sequences", {"wipe_ones": [3, 4]}, n=1000,
                                               out=out),
                "solve": lambda: dicelab.solve("sevens", out=out),
                "table": lambda: dicelab.table("sequences", out=out),
            }
            for name, call in calls.items():
                with self.subTest(function=name, out=out):
                    self.assert_refused(call, "out")
                    self.assertEqual(os.listdir(self.dir), [])
        # The current folder named as such is still a folder to write to.
        dicelab.simulate("sevens", n=1000, out=".")
        self.assertTrue((self.dir / "summary.csv").is_file())

    def test_more_shards_than_the_run_has_chunks_are_refused_naming_the_most(self):
        # Single Sevens turns are played 65,536 a chunk: 100 of them in one, 3 * 65,536 + 5 in
        # four; the games of two players 4,096 a chunk.
        turns = 3 * 65_536 + 5
        cases = [
            (lambda: dicelab.simulate("sevens", n=100, shards=2), 1),
            (lambda: dicelab.simulate("sevens", n=100, shards=10**6), 1),
            (lambda: dicelab.simulate("sevens", n=turns, shards=5, executor=NoSubmit()), 4),
            (lambda: dicelab.compare("sevens", ["optimal", "rolls:1"], n=100, shards=10**6,
                                     executor=NoSubmit(), out=self.dir / "never"), 1),
            # n left out: the run's default size, 1,000,000 turns, 16 chunks.
            (lambda: dicelab.simulate("sevens", shards=17, executor=NoSubmit()), 16),
            (lambda: dicelab.simulate("sevens", players=2, n=10**6, shards=10**6,
                                      executor=NoSubmit()), 245),
        ]
        for i, (call, most) in enumerate(cases):
            with self.subTest(case=i):
                error = self.assert_refused(call, "shards")
                self.assertEqual((error.min, error.max), (1, most))
                self.assertIn(f"at most {most}", str(error))
                self.assertIn("more shards than the run has chunks", str(error))
        self.assertFalse((self.dir / "never").exists())
        # As many shards as chunks is a run, the one a single process makes.
        assert_frame_equal(dicelab.simulate("sevens", n=turns, shards=4),
                           dicelab.simulate("sevens", n=turns), check_exact=True)

    def test_an_executor_without_submit_is_refused_naming_executor(self):
        for executor in (object(), "pool", ThreadPoolExecutor):
            for function in (dicelab.simulate, dicelab.compare):
                with self.subTest(executor=executor, function=function.__name__):
                    self.assert_refused(
                        lambda: function("sevens", ["optimal", "rolls:1"], n=1000, shards=2,
                                         executor=executor, out=self.dir / "never"),
                        "executor",
                    )
                    self.assertFalse((self.dir / "never").exists())

    def test_a_position_that_is_not_a_dict_is_refused_naming_position_unread(self):
        private = self.dir / "notes.txt"
        private.write_text("private words\n")
        as_json = self.dir / "position.json"
        as_json.write_text('{"roll": 1, "dice": 2, "sum": 5, "totals": [52, 49]}')
        for position in ("/etc/passwd", str(private), private, str(as_json), as_json,
                         ["ab", "cd"], 42):
            with self.subTest(position=position):
                error = self.assert_refused(lambda: dicelab.advise("sevens", position),
                                            "position")
                self.assertNotIn("private words", str(error))
                self.assertNotIn("root:", str(error))
        # A dict is the position still.
        self.assertEqual(
            dicelab.advise("sevens", {"roll": 1, "dice": 2, "sum": 5, "allowed": 2, "round": 6,
                                      "totals": [52, 49], "scores": 15}).action.iloc[0],
            "roll 2 dice again",
        )

    def test_merge_of_what_is_not_a_list_of_parts_is_refused_naming_parts(self):
        part = dicelab.simulate("sevens", n=1000, shard=(0, 1))
        for parts in (None, 3, part, "parts"):
            with self.subTest(parts=parts):
                error = self.assert_refused(
                    lambda: dicelab.merge(parts, out=self.dir / "never"), "parts"
                )
                self.assertTrue(str(error).startswith(f"parts={parts!r}: "), error)
                self.assertFalse((self.dir / "never").exists())
        self.assertEqual(len(dicelab.merge([part])), 3)


# The review's frames: every column and its dtype, in order, whatever the record holds.
REVIEW_DTYPES = {
    "players": {
        "game": "int64", "seat": "int64", "player": "string", "start": "float64",
        "luck": "float64", "cost": "float64", "gifts": "float64", "result": "float64",
        "decisions": "int64", "mean_loss": "float64", "band": "string", "cost_low": "float64",
        "cost_high": "float64", "finished": "int64",
    },
    "decisions": {
        "game": "int64", "line": "int64", "round": "string", "seat": "int64", "throw": "int64",
        "position": "string", "chosen": "string", "best": "string", "loss": "float64",
        "loss_points": "float64", "mark": "string", "why": "string", "loss_low": "float64",
        "loss_high": "float64",
    },
    "throws": {
        "game": "int64", "line": "int64", "round": "string", "seat": "int64", "throw": "int64",
        "dice": "string", "left": "string", "chance_before": "float64",
        "chance_after": "float64", "luck": "float64",
    },
}
INTERVALS = ("cost_low", "cost_high", "loss_low", "loss_high")


class Reviews(unittest.TestCase):
    """`review` against `dicelab review FILE --out DIR`: the same tables, the same numbers,
    always the same columns. Each record is made by `simulate GAME --record` and reviewed once
    by each side (the estimated ones at few play-outs)."""

    # name: the record's `simulate` words, and review's play-outs (None: exact, the default).
    RECORDS = {
        "sevens": (["sevens", "--players", "2", "-n", "2"], None),
        "solitaire-dice": (["solitaire-dice", "-n", "1"], 20),
        "sieben": (["sieben", "--players", "3", "-n", "1"], 20),
    }

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = Path(cls.tmp.name)
        cls.reviews = {}
        for i, (name, (words, n)) in enumerate(cls.RECORDS.items()):
            record = cls.dir / f"{name}.txt"
            code, _out, err = cli("simulate", *words, "--record", record, "-q")
            assert code == 0, err
            more = [] if n is None else ["-n", n]
            code, _out, err = cli("review", record, *more, "--out", cls.dir / name, "-q")
            assert code == 0, err
            # The record as a str path, as a Path and as its text.
            given = [str(record), record, record.read_text(encoding="utf-8")][i]
            cls.reviews[name] = dicelab.review(given, n=n)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_frames_hold_the_numbers_of_review_out_for_sevens_solitaire_dice_and_7(self):
        for name, (_words, n) in self.RECORDS.items():
            review = self.reviews[name]
            self.assertIsInstance(review, dicelab.Review)
            self.assertEqual(review._fields, ("players", "decisions", "throws"))
            for table, frame in zip(review._fields, review):
                with self.subTest(record=name, table=table):
                    dtypes = REVIEW_DTYPES[table]
                    expected = read_csv(self.dir / name / f"{table}.csv", dtype=dtypes)
                    # The file has the frame's columns, the intervals too (empty where exact).
                    self.assertEqual(list(expected.columns), list(dtypes))
                    intervals = [c for c in INTERVALS if c in dtypes]
                    if n is None:
                        self.assertTrue(expected[intervals].isna().all().all())
                    self.assertGreater(len(frame), 0)
                    assert_frame_equal(frame, expected[list(dtypes)], check_exact=True)
                    self.assertEqual(frame.attrs["file"], f"{table}.csv")
        # The estimated ones carry their intervals.
        for name in ("solitaire-dice", "sieben"):
            self.assertTrue(self.reviews[name].players["cost_low"].notna().all(), name)
            self.assertTrue(self.reviews[name].decisions["loss_high"].notna().all(), name)

    def test_the_columns_and_dtypes_never_depend_on_the_record(self):
        exact, estimated = self.reviews["sevens"], self.reviews["solitaire-dice"]
        for table in exact._fields:
            with self.subTest(table=table):
                for review in (exact, estimated, self.reviews["sieben"]):
                    frame = getattr(review, table)
                    self.assertEqual(list(frame.columns), list(REVIEW_DTYPES[table]))
                    self.assertEqual({c: str(t) for c, t in frame.dtypes.items()},
                                     REVIEW_DTYPES[table])
                    # Nothing of Python's objects: a missing value is NaN or <NA>.
                    self.assertNotIn(object, [t for t in frame.dtypes])
        for column in ("cost_low", "cost_high"):
            self.assertTrue(exact.players[column].isna().all())
        for column in ("loss_low", "loss_high"):
            self.assertTrue(exact.decisions[column].isna().all())
        # A missing text is <NA>, never None: a decision without a mark.
        self.assertTrue(exact.decisions["mark"].isna().any())
        self.assertIs(exact.decisions["mark"][exact.decisions["mark"].isna()].iloc[0], pd.NA)

    def test_a_record_cut_before_its_last_round_is_a_game_not_finished(self):
        text = (self.dir / "sevens.txt").read_text(encoding="utf-8")
        # The first game only, cut before its last round.
        first = text.split("\ngame ")[1]
        head = text.split("\ngame ")[0]
        cut = head + "\ngame " + first[: first.rindex("\nround ")] + "\n"
        half = dicelab.review(cut)
        self.assertEqual(list(half.players["finished"]), [0, 0])
        whole = self.reviews["sevens"].players
        self.assertEqual(list(whole["finished"]), [1] * len(whole))
        players = half.players
        gap = players["start"] + players["luck"] - players["cost"] + players["gifts"]
        self.assertLess((gap - players["result"]).abs().max(), 1e-9)
        # A chance to win there, not a win or a loss.
        self.assertAlmostEqual(players["result"].sum(), 1.0, places=9)
        self.assertTrue(((players["result"] > 0) & (players["result"] < 1)).all())

    def test_a_game_followed_by_sheet_is_reviewed_as_its_record(self):
        # Ann's first turn of the kitchen game (docs/review.md), a throw at a time: the chance
        # after each step is the review's of the record so far, and a throw the rules cannot
        # give is refused in words.
        now = dicelab.sheet(start={"game": "sevens", "seats": ["Ann", "Bob"]})
        self.assertEqual(now.game["next"]["name"], "Ann")
        now = dicelab.sheet(now.record, throw=[3, 6, 2, 1, 6, 1])
        self.assertTrue(now.game["next"]["deciding"])
        self.assertTrue(now.record.rstrip().endswith("Ann: 3 6 2 1 6 1 /"))
        with self.assertRaisesRegex(ValueError, "Ann throws 2 dice here, and 6 are given"):
            dicelab.sheet(now.record, throw=[1, 2, 3, 4, 5, 6])
        now = dicelab.sheet(now.record, throw=[4, 6])
        now = dicelab.sheet(now.record, stop=True)
        self.assertEqual(now.game["next"]["name"], "Bob")
        chances = [p["result"] for p in now.game["players"]]
        self.assertEqual(chances, list(dicelab.review(now.record).players["result"]))

    def test_a_bad_record_raises_naming_its_line_and_column_and_files_as_os_errors(self):
        text = (self.dir / "sevens.txt").read_text(encoding="utf-8")
        # A throw of one die more than the turn has: the record's rules are broken.
        lines = text.splitlines(keepends=True)
        at = next(i for i, line in enumerate(lines) if re.match(r"^\d+: \d", line))
        lines[at] = lines[at].replace(":", ": 1", 1)
        with self.assertRaises(dicelab.BadRequestError) as caught:
            dicelab.review("".join(lines))
        self.assertIsInstance(caught.exception, ValueError)
        self.assertTrue(
            str(caught.exception).startswith(f"record: line {at + 1}, column "), caught.exception
        )
        broken = self.dir / "broken.txt"
        broken.write_text("".join(lines), encoding="utf-8")
        with self.assertRaises(ValueError) as caught:
            dicelab.review(broken)
        self.assertIn(f"record {broken}: line {at + 1}, column ", str(caught.exception))
        with self.assertRaises(FileNotFoundError) as caught:
            dicelab.review(self.dir / "none.txt")
        self.assertIsInstance(caught.exception, dicelab.DicelabOSError)
        # A str that is not a record's text is a path, whatever it holds.
        with self.assertRaises(FileNotFoundError):
            dicelab.review("game sevens")
        for record, setting in ((3, "record"), (b"dicelab record 1", "record"),
                                ("a\nb", "record")):
            with self.subTest(record=record):
                with self.assertRaises(dicelab.BadValueError) as caught:
                    dicelab.review(record)
                self.assertEqual(caught.exception.setting, setting)
        for options, setting in ((dict(n=0), "n"), (dict(threads=0), "threads"),
                                 (dict(allow_files=3), "allow_files"),
                                 (dict(allow_files=[None]), "allow_files[0]")):
            with self.subTest(options=options):
                with self.assertRaises(dicelab.BadValueError) as caught:
                    dicelab.review(text, **options)
                self.assertEqual(caught.exception.setting, setting)

    def test_a_record_reads_no_file_not_named_in_allow_files(self):
        deck = self.dir / "deck.csv"
        deck.write_bytes((ROOT / "data" / "sieben-deck.csv").read_bytes())
        record = self.dir / "decked.txt"
        code, _out, err = cli("simulate", "sieben", "--players", "3", "-n", "1", "--deck", deck,
                              "--record", record, "-q")
        self.assertEqual(code, 0, err)
        with self.assertRaises(dicelab.BadRequestError) as caught:
            dicelab.review(record)
        self.assertIn("give it with allow_files", str(caught.exception))
        self.assertNotIn("--", str(caught.exception))


class Replays(unittest.TestCase):
    """`replay`: a game dealt from its seed and played by the moves given, as the Play page
    plays it."""

    GAME = dict(seed=7, players=2)

    def test_a_game_of_first_moves_ends_with_a_record_review_takes(self):
        moves, logs = [], []
        while True:
            now = dicelab.replay("sevens", moves=moves, **self.GAME)
            self.assertIsInstance(now, dicelab.Replay)
            logs.append(now.log)
            if now.decision is None:
                break
            self.assertIsInstance(now.decision, dicelab.Decision)
            self.assertGreater(len(now.decision.actions), 0)
            self.assertIsNone(now.last)
            self.assertIsNone(now.advice)
            moves.append(0)
            self.assertLess(len(moves), 200, "the game does not end")
        self.assertGreater(len(moves), 0)
        # Each replay tells the story so far, the next one more of it.
        for before, after in zip(logs, logs[1:]):
            self.assertTrue(after.startswith(before))
        self.assertIn("game over", now.result)
        self.assertTrue(now.record.startswith("dicelab record 1\n"), now.record[:40])
        review = dicelab.review(now.record)
        self.assertEqual(list(review.players["seat"]), [1, 2])
        self.assertEqual(review.players["player"].iloc[0], "you")
        # The same seed and moves, the same game.
        self.assertEqual(dicelab.replay("sevens", moves=tuple(moves), **self.GAME), now)
        # A move after the end is refused, naming it.
        with self.assertRaises(dicelab.BadValueError) as caught:
            dicelab.replay("sevens", moves=moves + [0], **self.GAME)
        self.assertEqual(caught.exception.setting, f"moves[{len(moves)}]")
        self.assertIn("the game was over", str(caught.exception))

    def test_the_coach_and_the_advice_come_where_asked_and_change_nothing(self):
        plain = dicelab.replay("sevens", moves=[0], **self.GAME)
        asked = dicelab.replay("sevens", moves=[0], coach=True, advice=True, **self.GAME)
        self.assertEqual((plain.log, plain.decision, plain.record),
                         (asked.log, asked.decision, asked.record))
        first = dicelab.replay("sevens", **self.GAME).decision
        last = asked.last
        self.assertIsInstance(last, dicelab.Cost)
        self.assertEqual(last.action, first.actions[0])
        self.assertIn(last.best, first.actions)
        self.assertIsNone(last.ci95)  # Sevens' advice is exact
        self.assertGreaterEqual(last.loss, 0)
        self.assertIsInstance(last.mistake, bool)
        self.assertEqual(last.unit, "pp of the chance to win")
        advice = asked.advice
        self.assertIsInstance(advice, pd.DataFrame)
        self.assertEqual(sorted(advice["action"]), sorted(asked.decision.actions))
        self.assertEqual(advice.attrs["best"], advice["action"].iloc[0])

    def test_a_bad_move_or_setting_is_refused_naming_it(self):
        cases = [
            (dict(moves=[0, 99]), "moves[1]", "moves[1]=99: not an action of this decision"),
            (dict(moves=np.array([-1])), "moves[0]", "moves[0]=-1: expected at least 0"),
            (dict(moves=[True]), "moves[0]", None),
            (dict(moves=5), "moves", None),
            (dict(moves=[0] * 10_001), "moves", "moves: 10001 given"),
            (dict(players=9), "players", None),
            (dict(rule={"max_rolls": 99}), "rule", None),
            (dict(coach="yes"), "coach", None),
        ]
        for options, setting, start in cases:
            with self.subTest(setting=setting, options=str(options)[:40]):
                with self.assertRaises(dicelab.BadValueError) as caught:
                    dicelab.replay("sevens", seed=options.pop("seed", 7), **options)
                self.assertIsInstance(caught.exception, ValueError)
                self.assertEqual(caught.exception.setting, setting)
                if start:
                    self.assertTrue(str(caught.exception).startswith(start), caught.exception)
        with self.assertRaises(dicelab.BadRequestError):
            dicelab.replay("sequences", seed=7)
        with self.assertRaises(TypeError):
            dicelab.replay("sevens")  # the seed deals the game: no default


class ThePage(unittest.TestCase):
    """docs/python.md against the package it documents."""

    def test_the_docs_extra_can_be_added_without_building_the_package_again(self):
        pyproject = (ROOT / "python" / "pyproject.toml").read_text(encoding="utf-8")
        extra = re.search(r"^docs = \[(.*)\]\s*$", pyproject, re.M)
        self.assertIsNotNone(extra, "the docs extra is gone from pyproject.toml")
        wanted = sorted(re.findall(r'"([^"]+)"', extra.group(1)))
        commands = [
            line.split("#")[0].split()
            for line in (ROOT / "docs" / "python.md").read_text(encoding="utf-8").splitlines()
            if line.strip().startswith("pip install ")
        ]
        # The extra's packages by name, as one command: nothing of ./python built again.
        self.assertIn(wanted, [sorted(w.strip("'\"") for w in c[2:]) for c in commands])
        for command in commands:
            self.assertFalse(any("[docs]" in word for word in command), command)

    def test_the_review_frames_columns_and_dtypes_are_the_pages(self):
        page = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
        for table, dtypes in REVIEW_DTYPES.items():
            with self.subTest(table=table):
                heading = rf"^`{table}`, one row[^\n]*\n\n((?:\|[^\n]*\n)+)"
                found = re.search(heading, page, re.M)
                self.assertIsNotNone(found, f"no table of {table}'s columns in docs/python.md")
                rows = re.findall(r"^\| `(\w+)` \| `(\w+)` \|", found.group(1), re.M)
                self.assertEqual(dict(rows), dtypes)
                self.assertEqual([name for name, _ in rows], list(dtypes))


if __name__ == "__main__":
    unittest.main()
