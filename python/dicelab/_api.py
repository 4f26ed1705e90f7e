"""The functions of :mod:`dicelab`, each a call of the library's typed operations."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, NamedTuple, Optional, Union

import pandas as pd

from . import _convert as convert
from . import _native
from ._errors import bad_value, from_failure
from ._frames import REVIEW_DTYPES, frame, frames, typed

__all__ = [
    "Cost",
    "Decision",
    "Part",
    "Replay",
    "Review",
    "advise",
    "cli",
    "compare",
    "merge",
    "replay",
    "review",
    "simulate",
    "solve",
    "sweep",
    "table",
]

#: One policy spec (``"optimal"``, ``"rolls:1"``) or a list of them.
Policies = Union[str, Sequence[str], None]
#: Rule options: ``{"max_rolls": 2, "tie": "shared"}``, ``"max_rolls=2"`` or a list of such strings.
Rules = Union[Mapping[str, Any], str, Sequence[str], None]
#: A file or folder.
PathLike = Union[str, "os.PathLike[str]"]


def _native_call(function: Any, *args: Any) -> Any:
    """Calls the compiled half, raising what it refuses as the exception a user catches. It is
    raised outside the ``except`` block, so it carries no context: the compiled half's private
    exception stays out of tracebacks and out of pickles (Dask pickles an exception's whole
    chain, and that class cannot be pickled)."""
    try:
        return function(*args)
    except _native.Failure as failure:
        error = from_failure(failure)
    raise error


class Part:
    """One shard of a run: what ``simulate(..., shard=(k, n))`` returns and :func:`merge` joins.

    It holds the shard's counts (its ``accumulators.json``, sealed with a checksum, which
    :func:`merge` checks), so it pickles small and travels to and from any worker process:
    ``pickle.dumps(part)`` is about the size of that file. ``index`` and ``count`` say which
    shard of how many it is.
    """

    __slots__ = ("accumulators", "count", "index")

    def __init__(self, accumulators: bytes, index: int, count: int) -> None:
        self.accumulators = bytes(accumulators)
        self.index = index
        self.count = count

    def __reduce__(self) -> Any:
        return (Part, (self.accumulators, self.index, self.count))

    def __repr__(self) -> str:
        return f"<dicelab.Part {self.index}/{self.count}, {len(self.accumulators)} bytes>"


class Review(NamedTuple):
    """What :func:`review` returns: the three tables ``dicelab review FILE --out DIR`` writes,
    as DataFrames whose columns and dtypes never depend on the record (docs/python.md lists
    them). Unpacks as ``players, decisions, throws = dicelab.review(...)``."""

    #: ``players.csv``: each game's accounts, a row per seat (start + luck - cost + gifts =
    #: result).
    players: pd.DataFrame
    #: ``decisions.csv``: every decision with a choice: what was chosen, the best, the loss.
    decisions: pd.DataFrame
    #: ``throws.csv``: every throw, with the mover's chance (or expected score) before and after.
    throws: pd.DataFrame


class Decision(NamedTuple):
    """The person's pending decision in a :class:`Replay`: what the table shows and asks, and
    the legal actions, in order: a move is an index into ``actions``."""

    #: What the table shows and what is asked, one or more lines.
    prompt: str
    #: The legal actions, each named as :func:`advise` names it.
    actions: list[str]


class Cost(NamedTuple):
    """The coach on a :class:`Replay`'s last move (``replay(..., coach=True)``): what it cost
    against the best action."""

    #: The move's action.
    action: str
    #: What it gave up against the best, in ``unit`` (0 for the best; an estimate may lie a
    #: little below 0, within its noise).
    loss: float
    #: The loss's 95% interval ``(low, high)`` where the advice estimates it; ``None`` where
    #: exact.
    ci95: Optional[tuple[float, float]]
    #: The loss's unit, in words (``pp of the chance to win``, ``points of the expected final score``).
    unit: str
    #: The best action.
    best: str
    #: Whether the loss is told apart from 0: an estimated loss whose interval reaches 0 is
    #: within noise, not a mistake.
    mistake: bool


class Replay(NamedTuple):
    """What :func:`replay` returns: the game played up to the person's pending decision."""

    #: What happened, as ``dicelab play`` tells it (without its menus).
    log: str
    #: The decision the person has to make now; ``None`` once the game is over.
    decision: Optional[Decision]
    #: How the game ended, or where it stands.
    result: str
    #: The game so far as a game record's text (what ``play --record`` writes, which
    #: :func:`review` takes), or ``None`` where the game writes no records.
    record: Optional[str]
    #: With ``coach=True``, what the last move cost against the best (``None`` without moves,
    #: or where the advice values no loss).
    last: Optional[Cost]
    #: With ``advice=True``, the advice on the pending decision, as :func:`advise` returns it
    #: (``None`` once the game is over).
    advice: Optional[pd.DataFrame]


#: The most shards a run splits into (a shard's index and count are 32-bit).
_MOST_SHARDS = 2**32 - 1


def _check_executor(executor: Any) -> None:
    """Refuses what cannot run the parts, before the first is sent: anything without
    ``.submit``, and an executor's class given for an executor."""
    if isinstance(executor, type):
        raise bad_value(
            "executor", executor,
            f"expected an executor, not the class {executor.__name__}: make one, "
            f"{executor.__name__}(...)",
        )
    if not callable(getattr(executor, "submit", None)):
        raise bad_value(
            "executor", executor,
            "expected a concurrent.futures.Executor (anything with .submit), "
            f"not {type(executor).__name__}",
        )


def _run_words(
    game: str, policy: Policies, rule: Rules, deck: Optional[PathLike], players: int,
    n: Optional[int], seed: int, threads: Optional[int],
) -> tuple:
    """A run's game and settings as the compiled half takes them, each checked by its name: what
    a run and the check of a run spread over shards both begin with."""
    return (
        convert.game(game),
        convert.specs("policy", policy),
        convert.rules(rule),
        convert.path("deck", deck),
        convert.whole("players", players),
        convert.whole("n", n),
        convert.whole("seed", seed),
        convert.whole("threads", threads),
    )


def _run_frame(run: Any) -> pd.DataFrame:
    """A finished run's ``summary.csv`` as a DataFrame (its first table); where three policies
    or more were compared, ``attrs["best"]`` says which could be the best, all at once (per
    metric: ``metric``, ``higher_is_better`` and each policy's ``could_be_best`` and
    ``ahead``, the 95% simultaneous bounds on how far it lies ahead of the best of the others).
    A run that stopped on its own figures (``decide``, ``precision``) says how in
    ``attrs["stopped"]``: ``until``, ``precision``, ``units``, ``budget``, ``looks`` and
    ``answered``.
    """
    result = frame(run.tables()[0])
    best = run.best()
    if best:
        result.attrs["best"] = best
    stopped = run.stopped()
    if stopped is not None:
        result.attrs["stopped"] = stopped
    return result


def _simulate(
    function: str,
    game: str,
    policy: Policies,
    n: Optional[int],
    seed: int,
    threads: Optional[int],
    players: int,
    rule: Rules,
    deck: Optional[PathLike],
    out: Optional[PathLike],
    wait: bool,
    shard: Optional[tuple[int, int]],
    shards: Optional[int],
    executor: Optional[Executor],
    decide: bool = False,
    precision: Optional[float] = None,
) -> Union[pd.DataFrame, Part]:
    decide = convert.switch("decide", decide)
    precision_text = None if precision is None else convert.real("precision", precision)
    if decide and precision_text is not None:
        raise bad_value("precision", precision, "give decide=True or precision=X, not both")
    if shards is not None or executor is not None:
        # Everything a part would refuse, or that would make the parts cost more than the run,
        # is refused here, before any part runs: with an executor, a refusal would otherwise
        # come back from a worker, once each part has been sent.
        if shard is not None:
            raise bad_value("shard", shard, "give shard=(k, n) or shards=K, not both")
        if executor is not None:
            _check_executor(executor)
        k = int(convert.whole("shards", 1 if shards is None else shards))
        units, chunks, per_chunk = _native_call(
            _native.run_chunks,
            *_run_words(game, policy, rule, deck, players, n, seed, threads),
            function == "compare",
        )
        most = min(chunks, _MOST_SHARDS)
        if k < 1:
            raise bad_value("shards", shards, f"expected at least 1, found {k}", 1, most)
        if k > most:
            # A shard beyond the run's chunks plays nothing but still costs a part's start
            # (milliseconds each: a million of them ran for over an hour on 100 units).
            played = f"{chunks} chunk" + ("s" if chunks != 1 else "")
            why = (
                f"more shards than the run has chunks: a run of n={units} is played in "
                f"{played} of {per_chunk} units, and a shard beyond them plays nothing; this "
                f"run takes at most {most}"
                if chunks <= _MOST_SHARDS
                else f"too many; a run takes at most {most}"
            )
            raise bad_value("shards", shards, why, 1, most)
        options = dict(
            n=n, seed=seed, threads=threads, players=players, rule=rule, deck=deck
        )
        if decide or precision_text is not None:
            # Each part plays its chunks to the budget, look by look; merge replays the rule on
            # every part's counts and stops where one process would have.
            options.update(decide=decide, precision=precision)
        if out is not None:
            # Refused before any part runs, as one run refuses its out= before its work.
            call = convert.call(function, game, policy=policy, shards=shards, out=out)
            _native_call(
                _native.check_out, call, convert.out(out), convert.switch("wait", wait)
            )
        target = simulate if function == "simulate" else compare
        if executor is None:
            parts = [target(game, policy, shard=(i, k), **options) for i in range(k)]
        else:
            futures = [executor.submit(target, game, policy, shard=(i, k), **options) for i in range(k)]
            parts = [f.result() for f in futures]
        return merge(parts, out=out, wait=wait)
    if shard is not None:
        if not (isinstance(shard, tuple) and len(shard) == 2):
            raise bad_value("shard", shard, "expected (k, n): shard k of n, counted from 0")
        shard_text = (convert.whole("shard", shard[0]), convert.whole("shard", shard[1]))
    else:
        shard_text = None
    call = convert.call(
        function, game, policy=policy, n=n, seed=seed, threads=threads, players=players,
        rule=rule, deck=deck, out=out, shard=shard, decide=decide, precision=precision,
    )
    run = _native_call(
        _native.simulate,
        call,
        *_run_words(game, policy, rule, deck, players, n, seed, threads),
        shard_text,
        convert.out(out),
        convert.switch("wait", wait),
        function == "compare",
        decide,
        precision_text,
    )
    if shard_text is not None:
        held, count = run.shards
        return Part(run.accumulators(), held[0] if held else 0, count)
    return _run_frame(run)


def simulate(
    game: str,
    policy: Policies = None,
    *,
    n: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    players: int = 1,
    rule: Rules = None,
    deck: Optional[PathLike] = None,
    out: Optional[PathLike] = None,
    wait: bool = False,
    shard: Optional[tuple[int, int]] = None,
    shards: Optional[int] = None,
    executor: Optional[Executor] = None,
) -> Union[pd.DataFrame, Part]:
    """Simulates ``n`` units of ``game`` (races or turns with one player, games with several)
    and returns ``summary.csv`` as a DataFrame: one row per metric and policy with ``n``,
    ``mean``, ``sd``, ``se``, the 95% interval and the ``exact`` value where one is known.

    >>> df = dicelab.simulate("sevens", ["optimal", "rolls:1"], n=10**6, seed=1)
    >>> df[df.metric == "turn_score"][["policy", "mean", "exact"]]

    - ``policy``: a spec or a list (``dicelab.cli("policies", "sevens")`` lists them); the
      game's default when ``None``.
    - ``n`` (default 1,000,000), ``seed`` (the same seed gives the same numbers, whatever
      ``threads``), ``threads`` (default: every core), ``players``.
    - ``rule``: rule options, ``{"max_rolls": 2, "tie": "shared"}``; ``deck``: a deck file
      (the card game 7).
    - ``out``: a folder to write the report to as well, exactly as ``dicelab simulate --out``
      writes it; checked before the run, written whole after it. ``wait``: wait for another
      run writing that folder instead of refusing.
    - ``shard=(k, n)``: run only shard ``k`` of ``n`` and return a picklable :class:`Part`;
      :func:`merge` joins the parts into the very run one process would have made.
    - ``shards=K`` with ``executor``: the run split into ``K`` shards run on any
      :class:`concurrent.futures.Executor` (a process pool, Dask's ``client.get_executor()``,
      submitit's Slurm executor) and merged: the same DataFrame, byte for byte, as one run.
      ``K`` is at most the chunks the run is played in: a shard with nothing to play would
      still cost its start. Without ``executor`` the shards run one after another in this
      process.

    Raises :class:`BadValueError` (a ``ValueError``) naming the argument for a bad value,
    :class:`BadRequestError` for a request wrong as a whole, an ``OSError`` for a file; all
    before any work.
    """
    return _simulate(
        "simulate", game, policy, n, seed, threads, players, rule, deck, out, wait, shard,
        shards, executor,
    )


def compare(
    game: str,
    policy: Policies = None,
    *,
    n: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    players: int = 1,
    rule: Rules = None,
    deck: Optional[PathLike] = None,
    out: Optional[PathLike] = None,
    wait: bool = False,
    shard: Optional[tuple[int, int]] = None,
    shards: Optional[int] = None,
    executor: Optional[Executor] = None,
    decide: bool = False,
    precision: Optional[float] = None,
) -> Union[pd.DataFrame, Part]:
    """Compares two or more policies on the same dice (:func:`simulate` with at least two): the
    DataFrame also holds each pair's paired difference, as rows of their own (metric
    ``turn_score_diff`` under policy ``optimal - rolls:1``).

    >>> df = dicelab.compare("sevens", ["optimal", "rolls:1"], n=10**5)
    >>> df[df.metric.str.endswith("_diff")][["policy", "mean", "ci95_low", "ci95_high"]]

    ``decide=True`` runs until the sign of every paired difference against the best policy is
    known (95%, all at once), ``precision=X`` until every paired difference's interval is at
    most ``X`` either side: ``n`` is then a budget, the run looks at its figures on a fixed
    schedule of chunk boundaries (the same stop for any ``threads``), every interval is a 95%
    confidence sequence, which holds wherever it stopped, and ``attrs["stopped"]`` says where
    and whether it knew. Such a run plays whole: no ``shard``, ``shards`` or ``executor``.

    >>> df = dicelab.compare("sevens", ["optimal", "leader"], n=10**7, decide=True)
    >>> df.attrs["stopped"]["units"], df.attrs["stopped"]["answered"]

    Other arguments as :func:`simulate`'s.
    """
    return _simulate(
        "compare", game, policy, n, seed, threads, players, rule, deck, out, wait, shard,
        shards, executor, decide, precision,
    )


def merge(
    parts: Iterable[Part],
    *,
    out: Optional[PathLike] = None,
    wait: bool = False,
    partial: bool = False,
) -> pd.DataFrame:
    """Joins the parts ``simulate(..., shard=(k, n))`` returned, in any order, into the whole
    run: its ``summary.csv`` as :func:`simulate` returns it, the same numbers as one run of the
    same seed. ``out`` writes the report as ``dicelab merge --out`` does. A run missing parts is
    refused unless ``partial``; parts of different runs are refused.

    >>> parts = [dicelab.simulate("sevens", n=10**5, shard=(k, 4)) for k in range(4)]
    >>> df = dicelab.merge(parts)
    """
    if isinstance(parts, Part):
        raise bad_value("parts", parts, "expected a list of Parts, not one Part: merge([part])")
    try:
        # Text is iterable too, letter by letter: refused as a whole, not by its first letter.
        iterator = None if isinstance(parts, (str, bytes)) else iter(parts)
    except TypeError:
        iterator = None
    if iterator is None:
        raise bad_value(
            "parts", parts,
            "expected a list of the Parts simulate(..., shard=(k, n)) returned, "
            f"not {type(parts).__name__}",
        )
    given = list(iterator)
    for part in given:
        if not isinstance(part, Part):
            raise bad_value("parts", part, "expected the Parts simulate(..., shard=(k, n)) returned")
    call = convert.call("merge", f"<{len(given)} parts>", out=out, partial=partial)
    run = _native_call(
        _native.merge,
        call,
        [p.accumulators for p in given],
        convert.out(out),
        convert.switch("wait", wait),
        convert.switch("partial", partial),
    )
    return _run_frame(run)


def sweep(
    game: str,
    rule: Rules = None,
    *,
    policy: Policies = None,
    players: int = 1,
    n: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    out: Optional[PathLike] = None,
    wait: bool = False,
) -> pd.DataFrame:
    """Runs ``game`` under every rule set the rules name, each on the same seed, and returns
    ``sweep.csv``: one row per rule set and metric, the swept options as columns, then ``n``,
    ``mean``, ``sd``, ``se``, the 95% interval and the exact value. A swept rule that takes whole
    numbers is an ``int64`` column; one that takes a number or a word (``wipe_ones=3,4,off``)
    holds ``int`` values beside the word as ``str``; one that takes words holds ``str``.

    >>> dicelab.sweep("sequences", {"wipe_ones": [3, 4, 5, "off"]}, n=10**5)

    A list as a rule's value sweeps it (``"wipe_ones=3,4,5,off"`` says the same); several
    swept rules give every combination.
    """
    call = convert.call("sweep", game, rule=rule, policy=policy, n=n, seed=seed, out=out)
    table_ = _native_call(
        _native.sweep,
        call,
        convert.game(game),
        convert.rules(rule),
        convert.specs("policy", policy),
        convert.whole("players", players),
        convert.whole("n", n),
        convert.whole("seed", seed),
        convert.whole("threads", threads),
        convert.out(out),
        convert.switch("wait", wait),
    )
    return frame(table_)


def solve(
    game: str,
    *,
    players: int = 2,
    rule: Rules = None,
    out: Optional[PathLike] = None,
    wait: bool = False,
) -> dict[str, pd.DataFrame]:
    """Solves ``game`` exactly and returns every table of the solution by name (each the
    DataFrame of the CSV file ``dicelab solve --out`` writes). ``players`` (default 2) is the
    number of players of the whole-game tables (Sevens: the leader's dilemma, exact for 2 and
    3).

    >>> tables = dicelab.solve("sevens", players=2)
    >>> tables["game_odds"]
    """
    call = convert.call("solve", game, players=players, rule=rule, out=out)
    tables = _native_call(
        _native.analyse,
        call,
        convert.game(game),
        convert.rules(rule),
        None,
        convert.whole("players", players),
        convert.out(out),
        convert.switch("wait", wait),
        False,
    )
    return frames(tables)


def table(
    game: str,
    *,
    rule: Rules = None,
    deck: Optional[PathLike] = None,
    out: Optional[PathLike] = None,
    wait: bool = False,
) -> dict[str, pd.DataFrame]:
    """The exact probability tables of ``game``, by name.

    >>> dicelab.table("sequences")["cast_table"]
    """
    call = convert.call("table", game, rule=rule, deck=deck, out=out)
    tables = _native_call(
        _native.analyse,
        call,
        convert.game(game),
        convert.rules(rule),
        convert.path("deck", deck),
        "1",
        convert.out(out),
        convert.switch("wait", wait),
        True,
    )
    return frames(tables)


def advise(
    game: str,
    position: Optional[Mapping[str, Any]] = None,
    *,
    rule: Rules = None,
    policy: Optional[str] = None,
    n: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    **keys: Any,
) -> pd.DataFrame:
    """Every legal action in a position, best first: one row per action with each value the
    advice gives (and ``<value>_low``/``<value>_high``, its 95% interval, where estimated) and
    ``loss``, what it gives up against the best in the unit of ``attrs["loss_column"]``.

    >>> dicelab.advise("sevens", roll=1, dice=2, sum=5, allowed=2, round=6,
    ...                totals=[52, 49], scores=15)

    The position is given by its keys, as keyword arguments or as a dict (``position=``; a
    JSON position file is ``json.load(f)``, never a path), a list where the key takes several
    values (``totals=[52, 49]``, ``hand=[3, 5, 7]``):
    ``dicelab.cli("advise", "--help")`` lists each game's keys. In a game without decisions
    (Sequences, Hearts Due) the rows are the players and their odds, under ``player``.

    Where the values are estimated (Solitaire Dice, 7) each row also has ``playouts`` and
    ``separated`` (whether its loss's 95% interval lies above 0: nullable ``boolean``, ``<NA>``
    for the best), and
    ``attrs["within_noise"]`` names the actions within noise of the best. Where the game says
    why (Sevens), ``why`` explains in one sentence why the best beats the row (nullable
    ``string``, ``<NA>`` for the best). ``attrs`` holds
    the game, its rules, the policy, the position as understood, the method, the best action,
    the loss's column, the notes and each column's meaning.
    """
    if position is not None and not isinstance(position, Mapping):
        # Never read as a file (the command line's --position FILE): a path's text would be
        # taken as the position's keys, and a file's content has no place in the message.
        raise bad_value(
            "position", position,
            "expected a dict of the position's keys, e.g. {'roll': 1, 'dice': 2}, not "
            f"{type(position).__name__}; json.load(f) reads a JSON position file into one",
        )
    given = dict(position or {})
    overlap = sorted(set(given) & set(keys))
    if overlap:
        raise bad_value(overlap[0], keys[overlap[0]], "given both in position= and as a keyword")
    given.update(keys)
    pairs = []
    for key, value in given.items():
        if not isinstance(key, str):
            raise bad_value("position", position, "expected position keys (str) as the dict's keys")
        if value is None:
            continue
        pairs.append((key.replace("_", "-"), convert.listed(key, value)))
    advice = _native_call(
        _native.advise,
        convert.game(game),
        pairs,
        convert.rules(rule),
        convert.specs("policy", policy),
        convert.whole("n", n),
        convert.whole("seed", seed),
        convert.whole("threads", threads),
    )
    return _advice_frame(advice)


def _advice_frame(advice: dict[str, Any]) -> pd.DataFrame:
    """The advice the compiled half handed over, as :func:`advise` returns it: ``separated``
    a nullable ``boolean`` (``<NA>`` for the best, which nothing is told apart from), ``why``
    and ``remark`` nullable ``string`` (``<NA>`` where a row has none), whatever the rows hold."""
    result = frame(advice)
    for name, dtype in (("separated", "boolean"), ("why", "string"), ("remark", "string")):
        if name in result.columns:
            result[name] = result[name].astype(dtype)
    result.attrs.update(advice["attrs"])
    return result


#: How a record's text starts (its first line is ``dicelab record 1``): a ``str`` that starts so
#: is a record; any other ``str`` is the path of one.
_RECORD_HEAD = "dicelab record"


def review(
    record: PathLike,
    *,
    n: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    allow_files: Union[PathLike, Iterable[PathLike], None] = (),
) -> Review:
    """Reviews every game of a game record: what each player's luck and decisions did to its
    chance to win (or, in Solitaire Dice, to its expected final score), decision by decision.
    Returns a :class:`Review` of three DataFrames, ``players``, ``decisions`` and ``throws``:
    the tables ``dicelab review FILE --out DIR`` writes, with the same numbers for the same
    record, ``n`` and ``seed``.

    >>> players, decisions, throws = dicelab.review("game.txt")
    >>> decisions[decisions.mark.notna()][["game", "line", "chosen", "best", "loss"]]

    - ``record``: a record file's path (a ``str`` or a path), or the record's text itself: a
      ``str`` is taken as the text when it starts with ``dicelab record`` (the first line of
      every record), else as a path. ``simulate --record`` writes records, and
      :func:`replay` returns one.
    - ``n``: the play-outs of an estimated review (Solitaire Dice: the most a division has; 7:
      the most guesses of the hidden cards a play has), the review's own when ``None``;
      ``seed`` seeds them, ``threads`` (default: every core) runs them. An exact review (Sevens,
      Sequences, Hearts Due) reads only ``threads``.
    - ``allow_files``: files the record may read (a 7 deck or a policy table its rules or seats
      name): a record reads no file you do not name here.

    The columns are the same whatever the record holds: the interval columns (``cost_low``,
    ``cost_high``, ``loss_low``, ``loss_high``) are always there, ``NaN`` where a game's review
    is exact. Every record is checked whole before any game is valued: one that breaks its
    rules raises :class:`BadRequestError` (a ``ValueError``) naming its line and column; a
    missing file ``FileNotFoundError``. Ctrl-C stops a review between two moments.
    """
    if isinstance(record, str) and record.startswith(_RECORD_HEAD):
        path, text = None, convert.text("record", record)
    elif isinstance(record, (str, os.PathLike)):
        path, text = convert.path("record", record), None
        if path is not None and ("\n" in path or "\r" in path):
            raise bad_value(
                "record", record,
                "a path with a line break: a record's text starts with 'dicelab record'",
            )
    else:
        raise bad_value(
            "record", record,
            "expected a record file's path or a record's text (starting with 'dicelab "
            f"record'), not {type(record).__name__}",
        )
    tables = _native_call(
        _native.review,
        path,
        text,
        convert.whole("n", n),
        convert.whole("seed", seed),
        convert.whole("threads", threads),
        convert.paths("allow_files", allow_files),
    )
    return Review(*(typed(t, REVIEW_DTYPES[t["name"]]) for t in tables))


def replay(
    game: str,
    *,
    seed: int,
    moves: Sequence[int] = (),
    players: Optional[int] = None,
    rule: Rules = None,
    policy: Policies = None,
    coach: bool = False,
    advice: bool = False,
) -> Replay:
    """Deals ``game`` from ``seed`` and plays it against the built-in players up to your next
    decision, your decisions so far given by ``moves``: each the index of the action taken in
    its decision's ``actions``. The same seed, rules and moves always deal and play the same
    game, so a game is played by calling again with one more move. Returns a :class:`Replay`:
    the ``log`` of what happened, the pending ``decision`` (``None`` once the game is over),
    the ``result``, the game's ``record`` (text :func:`review` takes), and where asked the coach
    on the last move (``coach=True``: ``last``) and the advice on the pending decision
    (``advice=True``: ``advice``, a DataFrame as :func:`advise` returns).

    >>> moves = []
    >>> while (now := dicelab.replay("sevens", seed=7, players=2, moves=moves)).decision:
    ...     moves.append(0)  # always the first action listed
    >>> print(now.result)

    - ``players``: players at the table, you included (the game's default when ``None``);
      you are seat 1.
    - ``rule``: rule options, as :func:`simulate` takes them; ``policy``: the computer seats'
      policies, one for all or one each (the game's default when ``None``).

    ``dicelab.cli("play", "--help")`` lists the games played. A move that is not an action of
    its decision, or comes after the game is over, raises :class:`BadValueError` (a
    ``ValueError``) naming it: ``moves[3]=5: not an action of this decision``.
    """
    if seed is None:
        raise bad_value("seed", seed, "expected a whole number: the seed deals the game")
    got = _native_call(
        _native.replay,
        convert.game(game),
        convert.whole("seed", seed),
        convert.moves(moves),
        convert.whole("players", players),
        convert.rules(rule),
        convert.specs("policy", policy),
        convert.switch("coach", coach),
        convert.switch("advice", advice),
    )
    decision = got["decision"]
    last = got["last"]
    return Replay(
        log=got["log"],
        decision=None if decision is None else Decision(decision[0], list(decision[1])),
        result=got["result"],
        record=got["record"],
        last=None if last is None else Cost(
            action=last["action"],
            loss=last["loss"],
            ci95=None if last["ci95"] is None else tuple(last["ci95"]),
            unit=last["unit"],
            best=last["best"],
            mistake=last["mistake"],
        ),
        advice=None if got["advice"] is None else _advice_frame(got["advice"]),
    )


class Sheet(NamedTuple):
    """What :func:`sheet` returns: the game followed at the table, one step further."""

    #: The game's record with the step (the text ``play --record`` writes, which :func:`review`
    #: and the next :func:`sheet` take).
    record: str
    #: The game so far as ``dicelab review --format json`` gives it (``players`` with each
    #: one's ``result`` now, ``finished``, ``stops``, and ``next``: who throws, how many dice,
    #: a decision still to make and its position for :func:`advise`, the ``choices`` a throw
    #: leaves).
    game: dict[str, Any]


def sheet(
    record: Optional[str] = None,
    *,
    start: Optional[Mapping[str, Any]] = None,
    throw: Optional[Sequence[int]] = None,
    keep: Optional[Sequence[int]] = None,
    pairs: Optional[Sequence[Sequence[int]]] = None,
    stop: bool = False,
    n: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
) -> Sheet:
    """Follows a game at a real table a step at a time, as the web app's Scoresheet does:
    ``start`` a game (``{"game": "sevens", "seats": ["Ann", "Bob"], "rules": []}``), then to
    its ``record`` add each ``throw`` as the dice fell (with the dice to ``keep`` or the
    ``pairs`` made where the throw leaves that choice) or ``stop`` the turn under way. The rules
    check each step (whose turn, how many dice, where the sevens go); one they refuse raises
    :class:`BadRequestError` (a ``ValueError``) saying why, in the game's words. Returns a
    :class:`Sheet`: the record with the step and the review of the game so far.

    >>> now = dicelab.sheet(start={"game": "sevens", "seats": ["Ann", "Bob"]})
    >>> now = dicelab.sheet(now.record, throw=[3, 6, 2, 1, 6, 1])
    >>> [p["result"] for p in now.game["players"]]  # each one's chance to win now

    ``n``, ``seed`` and ``threads`` size, seed and run an estimated review's play-outs
    (Solitaire Dice), as :func:`review`'s do.
    """
    body: dict[str, Any] = {}
    if record is not None:
        body["record"] = convert.text("record", record)
    if start is not None:
        body["start"] = dict(start)
    if throw is not None:
        body["throw"] = [int(d) for d in throw]
    if keep is not None:
        body["keep"] = [int(d) for d in keep]
    if pairs is not None:
        body["pairs"] = [[int(d) for d in p] for p in pairs]
    if stop:
        body["stop"] = True
    got = _native_call(
        _native.sheet,
        json.dumps(body),
        convert.whole("n", n),
        convert.whole("seed", seed),
        convert.whole("threads", threads),
    )
    answer = json.loads(got)
    return Sheet(record=answer["record"], game=answer["game"])


def cli(*words: Union[str, os.PathLike, int, float]) -> str:
    """Runs any dicelab command line (the words after ``dicelab``) and returns what it printed:
    ``print(dicelab.cli("solve", "sevens"))``. A refusal raises :class:`CommandError` with the
    command line's own line. ``play`` is refused: it needs a terminal (:func:`replay` plays a
    game from Python)."""
    argv = []
    for i, word in enumerate(words):
        if isinstance(word, (str, os.PathLike)):
            argv.append(convert.path(f"word {i + 1}", word))
        else:
            argv.append(convert.scalar(f"word {i + 1}", word))
    stdout, _files = _native_call(_native.run, argv)
    return stdout

