"""dicelab in Python: its commands as pandas DataFrames.

Each function runs the same code as the ``dicelab`` command line, inside this process, and reads
what the command's report holds::

    import dicelab
    df = dicelab.simulate("sevens", policy=["optimal", "rolls:1"], n=10**6, seed=1)

``df`` has the columns of ``summary.csv`` (game, rules, policy, metric, n, mean, sd, se,
ci95_low, ci95_high, exact, seed) and the very numbers the command line writes for the same
seed, whatever the number of threads.

Keyword arguments are the command line's flags: ``n=`` is ``-n``, ``rule=`` is ``--rule``,
``players=4`` is ``--players 4``; a list repeats its flag (``policy=["optimal", "rolls:1"]``),
``True`` gives a switch (``wait=True``), ``None`` and ``False`` leave the flag out; an
underscore in a name stands for a hyphen. ``dicelab <command> --help`` lists every flag. With
``out="folder"`` the report is also written there, as the command line writes it.

Bad input raises :class:`DicelabError` with the command line's own one-line message, before any
work; a run never prints a progress bar. A long run holds no lock on Python's other threads, but
Ctrl-C is only seen when it returns.
"""

import io
import json
import numbers
import os
from collections.abc import Sequence
from typing import Any, Union

import numpy as np
import pandas as pd

from ._native import DicelabError, __version__
from ._native import run as _run

__all__ = [
    "DicelabError",
    "__version__",
    "advise",
    "cli",
    "compare",
    "simulate",
    "solve",
    "sweep",
    "table",
]

# Every number as the float its text denotes: pandas before 3 reads with a faster, sometimes
# last-digit-off parser unless asked; pandas 3 reads exactly and deprecates the option.
_EXACT = {} if int(pd.__version__.split(".")[0]) >= 3 else {"float_precision": "round_trip"}

_Value = Union[None, bool, numbers.Real, str, os.PathLike, Sequence[Any], np.ndarray, pd.Series]

# Flags that print text instead of running: the functions return results, so they are refused
# with the way to see the text.
_PRINTING = {"help", "h", "version", "V"}


def _refused(line: str) -> DicelabError:
    """An error found in Python, shaped as the command line's: one line, exit code 2."""
    error = DicelabError(line)
    error.code = 2
    return error


def _shown(value: Any) -> str:
    """A value as an error line quotes it: its repr on one line, cut to 60 characters."""
    text = repr(value).replace("\n", " ")
    return text if len(text) <= 60 else text[:57] + "..."


def _is_switch(value: Any) -> bool:
    return isinstance(value, (bool, np.bool_))


def _text(name: str, text: str) -> str:
    """``text`` if it is UTF-8 text, as the command line takes its words; a lone surrogate (a
    file name in another encoding, read by Python) is refused as the command line refuses it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _refused(
            f"error: {name}={_shown(text)}: not UTF-8 text; dicelab takes its values and paths "
            "as UTF-8"
        ) from None
    return text


def _word(name: str, value: Any) -> str:
    """One value as the command line takes it; refuses what it cannot mean (a dict, a set)."""
    if _is_switch(value):
        raise _refused(f"error: {name}={_shown(value)}: a switch is True or False, not a value")
    if isinstance(value, numbers.Integral):
        # numpy's integers too: a count taken from a DataFrame is no Python int.
        return str(int(value))
    if isinstance(value, numbers.Real) and float(value).is_integer() and abs(value) < 2**63:
        # 1e6 is a count: the command line reads "1000000", not "1000000.0".
        return str(int(value))
    if isinstance(value, numbers.Real):
        return str(value)
    if isinstance(value, str):
        return _text(name, value)
    if isinstance(value, os.PathLike):
        return _text(name, os.fsdecode(value))
    raise _refused(
        f"error: {name}={_shown(value)}: expected a number, a string, a path or a list of them"
    )


def _flag(name: str) -> str:
    """The flag of a keyword argument: ``n`` is ``-n``, ``follower_limit`` is ``--follower-limit``."""
    return "-n" if name == "n" else "--" + name.replace("_", "-")


def _words(command: str, game: str, options: dict[str, _Value]) -> list[str]:
    """The command line for ``command game`` with ``options`` as its flags, in the order given."""
    words = [command, _word("game", game)]
    for name, value in options.items():
        if not (name.isidentifier() and name.isascii()):
            # A keyword is a flag's name: ``**{"out=x": True}`` must not become ``--out=x``.
            raise _refused(
                f"error: {_shown(name)} is not a keyword argument's name; "
                f"print(dicelab.cli({command!r}, '--help')) shows its flags"
            )
        if name in _PRINTING:
            raise _refused(
                f"error: {name}={_shown(value)}: {command}() returns results; "
                f"print(dicelab.cli({command!r}, '--help')) shows its flags"
            )
        if value is None or (_is_switch(value) and not value):
            continue
        flag = _flag(name)
        if _is_switch(value):
            words.append(flag)
        elif isinstance(value, (list, tuple, np.ndarray, pd.Series, pd.Index)):
            for item in value:
                words += [flag, _word(name, item)]
        else:
            words += [flag, _word(name, value)]
    return words


def _frame(name: str, data: bytes) -> pd.DataFrame:
    """A CSV file of a report as a DataFrame: its leading ``# ...`` lines (who made it, the
    rules) go to ``attrs["comments"]``; the columns keep their names and the numbers their text's
    exact value."""
    text = data.decode("utf-8")
    lines = text.splitlines(keepends=True)
    comments = []
    while lines and lines[0].startswith("#"):
        comments.append(lines.pop(0).rstrip("\r\n"))
    frame = pd.read_csv(io.StringIO("".join(lines)), **_EXACT)
    frame.attrs["file"] = name
    if comments:
        frame.attrs["comments"] = comments
    return frame


def cli(*words: Union[str, os.PathLike, numbers.Real]) -> str:
    """Runs any dicelab command (the words after ``dicelab``) and returns what it printed, e.g.
    ``print(dicelab.cli("solve", "sevens"))``. ``play`` is refused: it needs a terminal."""
    stdout, _files = _run([_word(f"word {i + 1}", w) for i, w in enumerate(words)])
    return stdout


def _report(
    command: str, game: str, options: dict[str, _Value], needs: str = "summary.csv"
) -> dict[str, bytes]:
    """Runs a command and returns its report's files, which must hold ``needs`` (a game word
    such as "--help" makes the command print instead of run)."""
    stdout, files = _run(_words(command, game, options))
    if not any(name == needs or needs == "*.csv" and name.endswith(".csv") for name in files):
        first = stdout.strip().splitlines()[0] if stdout.strip() else "nothing"
        raise _refused(
            f"error: {command} {_shown(game)}: printed {_shown(first)} instead of a report; "
            f"dicelab.cli({command!r}, ...) returns what a command prints"
        )
    return files


def simulate(game: str, policy: _Value = None, **options: _Value) -> pd.DataFrame:
    """Simulates ``game`` (``dicelab simulate``) and returns ``summary.csv`` as a DataFrame: one
    row per metric and policy with n, mean, sd, se, the 95% interval and the exact value where
    one is known. ``policy`` is one spec or a list; every other flag of ``dicelab simulate`` is
    a keyword (``n``, ``seed``, ``players``, ``rule``, ``deck``, ``threads``, ``shard``, ``out``,
    ``wait``)."""
    files = _report("simulate", game, {"policy": policy, **options})
    return _frame("summary.csv", files["summary.csv"])


def compare(game: str, policy: _Value = None, **options: _Value) -> pd.DataFrame:
    """Compares two or more policies on the same dice (``dicelab compare``): ``summary.csv`` as a
    DataFrame, with each pair's paired difference as rows of its own (``turn_score_diff``
    under policy ``optimal - rolls:1``)."""
    files = _report("compare", game, {"policy": policy, **options})
    return _frame("summary.csv", files["summary.csv"])


def sweep(game: str, rule: _Value = None, **options: _Value) -> pd.DataFrame:
    """Runs ``game`` under every rule set a ``rule`` with several values names, on the same seed
    (``dicelab sweep``), and returns ``sweep.csv``: one row per rule set and metric, with the
    swept options as columns, n, mean, sd, se, the 95% interval and the exact value.
    ``sweep("sequences", rule="wipe_ones=3,4,5,off")``."""
    files = _report("sweep", game, {"rule": rule, **options}, needs="sweep.csv")
    return _frame("sweep.csv", files["sweep.csv"])


def _tables(files: dict[str, bytes]) -> dict[str, pd.DataFrame]:
    return {
        name[: -len(".csv")]: _frame(name, data)
        for name, data in sorted(files.items())
        if name.endswith(".csv")
    }


def solve(game: str, **options: _Value) -> dict[str, pd.DataFrame]:
    """Solves ``game`` exactly (``dicelab solve``) and returns every table it writes, by name:
    ``solve("sevens")["follower_odds"]`` is ``follower_odds.csv``. Keywords: ``players``,
    ``rule``, ``out``, ``wait``."""
    return _tables(_report("solve", game, options, needs="*.csv"))


def table(game: str, **options: _Value) -> dict[str, pd.DataFrame]:
    """The exact probability tables of ``game`` (``dicelab table``), by name:
    ``table("sequences")["cast_table"]``. Keywords: ``rule``, ``deck``, ``out``, ``wait``."""
    return _tables(_report("table", game, options, needs="*.csv"))


def advise(game: str, **options: _Value) -> pd.DataFrame:
    """Every legal action in a position, best first (``dicelab advise``): one row per action with
    each value the advice gives (and its 95% interval where it is estimated, as
    ``<value>_low``/``<value>_high``), and ``loss``, what the action gives up against the best in
    the unit of ``attrs["loss_column"]``. In a game without decisions (Sequences, Hearts Due) the
    rows are the players and their odds, under a ``player`` column. ``attrs`` also holds the
    position as understood, the method, what each column means and the best action. Keywords are
    ``dicelab advise``'s flags:
    ``advise("sevens", roll=1, dice=2, sum=5, allowed=2, round=6, totals="52,49", scores=15)``.
    Where the values are estimated (Solitaire Dice, 7) each row also has ``playouts``, what its
    estimates rest on, and ``separated``, whether its loss's 95% interval lies above 0 (``False``:
    within noise of the best; empty for the best itself); ``attrs["within_noise"]`` names those.
    Where the game writes one (Sevens), ``why`` says in one sentence why the best action beats
    the row's (empty for the best).
    """
    stdout, _files = _run(_words("advise", game, {**options, "json": True}))
    try:
        advice = json.loads(stdout)
    except json.JSONDecodeError:
        first = stdout.strip().splitlines()[0] if stdout.strip() else "nothing"
        raise _refused(
            f"error: advise {_shown(game)}: printed {_shown(first)} instead of advice; "
            "dicelab.cli('advise', ...) returns what a command prints"
        ) from None
    first = "action" if "actions" in advice else "player"
    entries = advice.get("actions", advice.get("players", []))
    names = [c["name"] for c in advice["columns"]]
    estimated = {
        name
        for entry in entries
        for name, value in entry["values"].items()
        if value.get("ci95") is not None
    }
    remarks = any("remark" in e for e in entries)
    losses = any("loss" in e for e in entries)
    loss_estimated = any((e.get("loss") or {}).get("ci95") is not None for e in entries)
    raced = "playouts" in advice
    whys = any("why" in e for e in entries)
    rows = []
    for entry in entries:
        row: dict[str, Any] = {first: entry["name"]}
        if remarks:
            row["remark"] = entry.get("remark", "")
        for name in names:
            value = entry["values"].get(name)
            row[name] = None if value is None else value["value"]
            if name in estimated:
                ci = None if value is None else value.get("ci95")
                row[name + "_low"] = None if ci is None else ci[0]
                row[name + "_high"] = None if ci is None else ci[1]
        if losses:
            loss = entry.get("loss")
            row["loss"] = None if loss is None else loss["value"]
            if loss_estimated:
                ci = None if loss is None else loss.get("ci95")
                row["loss_low"] = None if ci is None else ci[0]
                row["loss_high"] = None if ci is None else ci[1]
        if raced:
            row["playouts"] = entry.get("playouts")
            row["separated"] = entry.get("separated")
        if whys:
            row["why"] = entry.get("why", "")
        rows.append(row)
    frame = pd.DataFrame(rows)
    for key in (
        "game",
        "rules",
        "policy",
        "position",
        "method",
        "best",
        "loss_column",
        "notes",
        "playouts",
        "within_noise",
    ):
        frame.attrs[key] = advice.get(key)
    frame.attrs["columns"] = {c["name"]: c["meaning"] for c in advice["columns"]}
    return frame
