"""DataFrames from the library's typed tables.

The compiled half hands each table over as its columns of Python values: whole numbers as
``int``, real numbers as ``float`` (the very number the table's CSV file holds, so a frame equals
the file read back), text as ``str``, an empty cell as ``None``. The dtypes follow from the
values, not from guessing at text:

- a column of whole numbers is ``int64`` (``object`` if one does not fit), ``float64`` with
  ``NaN`` where a cell is empty;
- a column of real numbers (whole numbers among them) is ``float64``, ``NaN`` where empty;
- a column with every cell empty is ``float64`` (all ``NaN``);
- a column of ``True``/``False`` is ``bool`` (``object`` with ``None`` where a row has none);
- any other column is ``object`` holding ``str``, with ``NaN`` where empty, as
  :func:`pandas.read_csv` reads an empty cell.

A table's ``# `` notes (where it came from) go to ``frame.attrs["comments"]`` and its file name
to ``frame.attrs["file"]``.

The review's tables (:func:`typed`) are the exception: their columns and dtypes are fixed,
whatever the rows hold (:data:`REVIEW_DTYPES`), with pandas' nullable dtypes where a value can be
missing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from ._errors import DicelabError

_INT64 = (-(2**63), 2**63 - 1)


def _column(values: list) -> np.ndarray:
    kinds = {type(v) for v in values if v is not None}
    missing = any(v is None for v in values)
    if not kinds:
        # Every cell empty (no exact value is known): a column of numbers none of which is
        # known, as pandas.read_csv reads it.
        return np.full(len(values), math.nan)
    if kinds and kinds <= {int}:
        if missing:
            return np.array([math.nan if v is None else float(v) for v in values], dtype=float)
        if all(_INT64[0] <= v <= _INT64[1] for v in values):
            return np.array(values, dtype=np.int64)
        return np.array(values, dtype=object)
    if kinds and kinds <= {int, float}:
        return np.array([math.nan if v is None else float(v) for v in values], dtype=float)
    if kinds == {bool} and not missing:
        return np.array(values, dtype=bool)
    if kinds == {bool}:
        return np.array(values, dtype=object)
    return np.array([math.nan if v is None else v for v in values], dtype=object)


def frame(table: dict[str, Any]) -> pd.DataFrame:
    """One table the compiled half handed over, as a DataFrame."""
    # Built by position, then named: a name met twice keeps both its columns.
    result = pd.DataFrame(dict(enumerate(map(_column, table["data"]))))
    result.columns = pd.Index(table["columns"])
    result.attrs["file"] = table["name"] + ".csv"
    if table.get("notes"):
        result.attrs["comments"] = ["# " + note for note in table["notes"]]
    return result


def frames(tables: list[dict[str, Any]]) -> dict[str, pd.DataFrame]:
    """Several tables, by name, in the order given."""
    return {table["name"]: frame(table) for table in tables}


#: The columns of ``dicelab review --out``'s tables, in order, each with its dtype in the frames
#: :func:`dicelab.review` returns (docs/python.md says what each holds). The interval columns
#: (``cost_low``, ``cost_high``, ``loss_low``, ``loss_high``) are always there, ``NaN`` where a
#: review is exact, as they are in the CSV files (empty there).
REVIEW_DTYPES: dict[str, dict[str, str]] = {
    "players": {
        "game": "int64",
        "seat": "int64",
        "player": "string",
        "start": "float64",
        "luck": "float64",
        "cost": "float64",
        "gifts": "float64",
        "result": "float64",
        "decisions": "int64",
        "mean_loss": "float64",
        "band": "string",
        "cost_low": "float64",
        "cost_high": "float64",
        "finished": "int64",
    },
    "decisions": {
        "game": "int64",
        "line": "int64",
        "round": "string",
        "seat": "int64",
        "throw": "int64",
        "position": "string",
        "chosen": "string",
        "best": "string",
        "loss": "float64",
        "loss_points": "float64",
        "mark": "string",
        "why": "string",
        "loss_low": "float64",
        "loss_high": "float64",
    },
    "throws": {
        "game": "int64",
        "line": "int64",
        "round": "string",
        "seat": "int64",
        "throw": "int64",
        "dice": "string",
        "left": "string",
        "chance_before": "float64",
        "chance_after": "float64",
        "luck": "float64",
    },
}


def _typed_column(name: str, values: list, dtype: str) -> Any:
    if dtype == "float64":
        return np.array([math.nan if v is None else float(v) for v in values], dtype=np.float64)
    if dtype == "int64":
        if any(v is None for v in values):
            raise DicelabError(
                f"internal error: a cell of the whole-number column {name} is empty; "
                "please report it", 101
            )
        return np.array(values, dtype=np.int64)
    # The nullable dtypes: "string", "Int64", "boolean".
    return pd.array([pd.NA if v is None else v for v in values], dtype=dtype)


def typed(table: dict[str, Any], dtypes: Mapping[str, str]) -> pd.DataFrame:
    """A table the compiled half handed over, as a DataFrame whose columns and dtypes are
    ``dtypes`` (name to dtype, in order) whatever its rows hold: ``float64`` with ``NaN`` where
    a cell is empty, ``int64`` (never empty), or a nullable dtype (``"string"``, ``"Int64"``,
    ``"boolean"``) with ``<NA>`` where a cell is empty. Columns other than those expected are a
    bug of dicelab's, raised as one."""
    columns = list(table["columns"])
    if columns != list(dtypes):
        raise DicelabError(
            f"internal error: {table['name']} has the columns {columns}, not {list(dtypes)}; "
            "please report it", 101
        )
    result = pd.DataFrame(
        {
            name: _typed_column(name, values, dtype)
            for (name, dtype), values in zip(dtypes.items(), table["data"])
        }
    )
    result.attrs["file"] = table["name"] + ".csv"
    if table.get("notes"):
        result.attrs["comments"] = ["# " + note for note in table["notes"]]
    return result
