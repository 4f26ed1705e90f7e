"""dicelab in Python: simulate, compare, solve, advise, review and play push-your-luck dice and
card games.

Each function calls the library's typed operations in this process (no command line in
between) and returns pandas DataFrames built from its typed results, with the very numbers
the ``dicelab`` binary writes for the same seed, whatever the number of threads::

    import dicelab
    df = dicelab.simulate("sevens", ["optimal", "rolls:1"], n=10**6, seed=1)
    best = dicelab.advise("sevens", roll=1, dice=2, sum=5, totals=[52, 49], scores=15)
    odds = dicelab.solve("sevens", players=2)["game_odds"]
    players, decisions, throws = dicelab.review("game.txt")
    now = dicelab.replay("sevens", seed=7, players=2, moves=[0, 1])

Arguments are Python values: lists where the command line takes a comma list
(``totals=[48, 55]``), a dict for rule options (``rule={"max_rolls": 2, "tie": "shared"}``),
numpy numbers and arrays, ``True`` for a switch. ``help(dicelab.simulate)`` lists every
argument.

Bad input raises, before any work, a :class:`DicelabError` a Python user catches by its kind:
:class:`BadValueError` (a ``ValueError``, with ``.setting``, ``.value``, ``.min``, ``.max``),
:class:`BadRequestError` (a ``ValueError``), an ``OSError`` for a file
(``FileNotFoundError`` where that is what happened). Messages name keyword arguments
(``threads=0: expected at least 1, found 0``).

A run releases the GIL, so Python threads run side by side, and Ctrl-C stops it between two
chunks. To spread a run over processes or machines, ``simulate(..., shards=K,
executor=ex)`` takes any :class:`concurrent.futures.Executor`; ``shard=(k, n)`` and
:func:`merge` do the same by hand. :func:`cli` runs any command line.
"""

from ._api import (
    Cost,
    Decision,
    Part,
    Replay,
    Review,
    Sheet,
    advise,
    cli,
    compare,
    merge,
    replay,
    review,
    sheet,
    simulate,
    solve,
    sweep,
    table,
)
from ._errors import (
    BadRequestError,
    BadValueError,
    CommandError,
    DicelabError,
    DicelabFileNotFoundError,
    DicelabIsADirectoryError,
    DicelabNotADirectoryError,
    DicelabOSError,
    DicelabPermissionError,
)
from ._native import __version__

__all__ = [
    "BadRequestError",
    "BadValueError",
    "CommandError",
    "Cost",
    "Decision",
    "DicelabError",
    "DicelabFileNotFoundError",
    "DicelabIsADirectoryError",
    "DicelabNotADirectoryError",
    "DicelabOSError",
    "DicelabPermissionError",
    "Part",
    "Replay",
    "Review",
    "Sheet",
    "__version__",
    "advise",
    "cli",
    "compare",
    "merge",
    "replay",
    "review",
    "sheet",
    "simulate",
    "solve",
    "sweep",
    "table",
]

# Everything public reads as `dicelab.NAME` (in help(), reprs and tracebacks), where users find
# it, not as the private module that defines it; pickles name it there too.
for _name in __all__:
    _thing = globals()[_name]
    if hasattr(_thing, "__module__") and _name != "__version__":
        _thing.__module__ = __name__
del _name, _thing
