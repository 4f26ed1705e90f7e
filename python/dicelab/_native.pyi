"""Types of dicelab's compiled half, for editors and type checkers (the code is Rust:
python/src/). Users call the functions of `dicelab`, which check and convert Python's values
first; these take text for every count (the text of a Python int, of any size)."""

from typing import Any, Optional

__version__: str

class Failure(Exception):
    """What the compiled half raises: `args` is `(kind, message, code, setting, value, min, max,
    errno, os_kind)`, which `dicelab._errors.from_failure` turns into the exception a user
    catches."""

class Run:
    """A finished run, a shard of one, or a merge of shards."""

    @property
    def shards(self) -> tuple[list[int], int]:
        """The shards the run holds and how many the whole run has."""
    @property
    def whole(self) -> bool:
        """Whether the run holds every shard."""
    def tables(self) -> list[dict[str, Any]]:
        """`summary.csv` and the reading against the best play, as column lists."""
    def best(self) -> list[dict[str, Any]]:
        """Which policies could be the best, all at once (empty below three policies)."""
    def files(self) -> dict[str, bytes]:
        """The files of its report folder, by name."""
    def text(self) -> str:
        """The estimates as a terminal shows them."""
    def stopped(self) -> Optional[dict[str, Any]]:
        """How a run that stopped on its own figures stopped; None for a fixed size."""
    def accumulators(self) -> bytes:
        """`accumulators.json`: what a part pickles as and `merge` reads back."""

def simulate(
    call: str,
    game: str,
    policies: list[str],
    rules: list[str],
    deck: Optional[str],
    players: str,
    units: Optional[str],
    seed: str,
    threads: Optional[str],
    shard: Optional[tuple[str, str]],
    out: Optional[str],
    wait: bool,
    compare: bool,
    decide: bool = False,
    precision: Optional[str] = None,
) -> Run:
    """A simulation (or its shard), written to `out` when given; with `decide` or `precision`
    one that stops when it knows."""

def run_chunks(game: str, policies: list[str], rules: list[str], deck: Optional[str],
               players: str, units: Optional[str], seed: str, threads: Optional[str],
               compare: bool) -> tuple[int, int, int]:
    """The units a run plays (the default when `units` is None), its counts checked as a run
    checks them, the chunks it is played in and the units of each."""

def check_out(call: str, out: str, wait: bool) -> None:
    """Refuses `out` where a run's report could not be written there; holds nothing after."""

def merge(call: str, parts: list[bytes], out: Optional[str], wait: bool, partial: bool) -> Run:
    """Parts' accumulators merged into one run."""

def sweep(
    call: str,
    game: str,
    rules: list[str],
    policies: list[str],
    players: str,
    units: Optional[str],
    seed: str,
    threads: Optional[str],
    out: Optional[str],
    wait: bool,
) -> dict[str, Any]:
    """`sweep.csv` as column lists."""

def analyse(
    call: str,
    game: str,
    rules: list[str],
    deck: Optional[str],
    players: str,
    out: Optional[str],
    wait: bool,
    tables: bool,
) -> list[dict[str, Any]]:
    """`solve` (tables false) or `table` (true): every table, as column lists."""

def advise(
    game: str,
    position: list[tuple[str, str]],
    rules: list[str],
    policies: list[str],
    units: Optional[str],
    seed: str,
    threads: Optional[str],
) -> dict[str, Any]:
    """The ranked actions as column lists, with `attrs`."""

def review(
    path: Optional[str],
    text: Optional[str],
    units: Optional[str],
    seed: str,
    threads: Optional[str],
    readable: list[str],
) -> list[dict[str, Any]]:
    """Every game of a record (the file at `path`, or its `text`) reviewed: `players`,
    `decisions` and `throws` as column lists, always with the interval columns."""

def replay(
    game: str,
    seed: str,
    moves: list[str],
    players: Optional[str],
    rules: list[str],
    policies: list[str],
    coach: bool,
    advice: bool,
) -> dict[str, Any]:
    """A game played up to the person's pending decision: `log`, `decision` (`None` or
    `(prompt, actions)`), `result`, `record` (text or `None`), `last` (`None` or a dict of
    `action`, `loss`, `ci95`, `unit`, `best`, `mistake`) and `advice` (`None` or column lists
    with `attrs`)."""

def sheet(step: str, units: Optional[str], seed: str, threads: Optional[str]) -> str:
    """One step of a game followed at the table: the JSON answer (`record` and `game`) to the
    JSON step `step`, as `POST /api/sheet` answers it."""

def run(words: list[str]) -> tuple[str, dict[str, bytes]]:
    """Runs the dicelab command whose words (after `dicelab`) are `words`; returns what it printed
    and its report's files by name."""
