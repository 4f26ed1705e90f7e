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
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

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
