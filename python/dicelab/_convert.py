"""Python values to what the compiled half takes, checked first.

Every function of :mod:`dicelab` takes Python's own values: ``int`` (numpy's too, and a float
that is a whole number, such as ``1e6``) for a count, a list or tuple (or numpy array, pandas
Series) where the command line takes a comma list, a ``dict`` for rule options, ``True`` for a
switch, ``str`` or a path for a file. A value of the wrong type is refused here, in a
:class:`~dicelab.BadValueError` naming the keyword argument; its range and its meaning are then
checked by the library, in the same words.
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Mapping
from pathlib import PurePath
from typing import Any, Optional

import numpy as np

from ._errors import bad_value

_LISTS = (list, tuple, np.ndarray)


def _is_list(value: Any) -> bool:
    # A pandas Series or Index is a list of values too, without importing pandas here.
    return isinstance(value, _LISTS) or type(value).__name__ in ("Series", "Index")


def _is_bool(value: Any) -> bool:
    return isinstance(value, (bool, np.bool_))


def text(name: str, value: str) -> str:
    """``value`` if it is UTF-8 text, as the library takes its values and paths."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise bad_value(name, value, "not UTF-8 text; dicelab takes its values and paths as UTF-8") from None
    return value


def whole(name: str, value: Any) -> Optional[str]:
    """A count as the text of a Python ``int`` (the library checks its range), or ``None``."""
    if value is None:
        return None
    if _is_bool(value):
        raise bad_value(name, value, "expected a whole number, not True or False")
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real) and float(value).is_integer():
        return str(int(value))
    if isinstance(value, numbers.Real):
        raise bad_value(name, value, "expected a whole number")
    raise bad_value(name, value, f"expected a whole number, not {type(value).__name__}")


def scalar(name: str, value: Any) -> str:
    """One value of a list or an option as text: a number as Python writes it (a whole float
    as an int: ``1e6`` is ``1000000``), a string as it is."""
    if _is_bool(value):
        raise bad_value(name, value, "expected a number or a word, not True or False")
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        f = float(value)
        return str(int(f)) if f.is_integer() and abs(f) < 2**63 else repr(f)
    if isinstance(value, (str, np.str_)):
        return text(name, str(value))
    raise bad_value(name, value, f"expected a number or a string, not {type(value).__name__}")


def listed(name: str, value: Any) -> str:
    """A value the command line takes as a comma list (``totals=[48, 55]`` is ``48,55``); a
    single value or a string is taken as it is."""
    if _is_list(value):
        return ",".join(scalar(name, v) for v in value)
    return scalar(name, value)


def specs(name: str, value: Any) -> list[str]:
    """Policy specs: one string, or a list of them."""
    if value is None:
        return []
    items = list(value) if _is_list(value) else [value]
    for item in items:
        if not isinstance(item, (str, np.str_)):
            raise bad_value(name, value, "expected a spec string or a list of them")
    return [text(name, str(item)) for item in items]


def rules(value: Any, name: str = "rule") -> list[str]:
    """Rule options: a dict (``{"max_rolls": 2, "tie": "shared"}``; a list as a value sweeps
    it: ``{"wipe_ones": [3, 4, "off"]}``), a ``"key=value"`` string, or a list of them."""
    if value is None:
        return []
    if isinstance(value, Mapping):
        out = []
        for key, option in value.items():
            if not isinstance(key, str):
                raise bad_value(name, value, "expected option names (str) as the dict's keys")
            out.append(f"{text(name, key)}={listed(f'{name}[{key!r}]', option)}")
        return out
    items = list(value) if _is_list(value) else [value]
    for item in items:
        if not isinstance(item, (str, np.str_)):
            raise bad_value(name, value, 'expected a dict, a "key=value" string or a list of them')
    return [text(name, str(item)) for item in items]


def path(name: str, value: Any) -> Optional[str]:
    """A file or folder: a string or a path, or ``None``."""
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        return text(name, os.fsdecode(value))
    raise bad_value(name, value, f"expected a path or a string, not {type(value).__name__}")


def paths(name: str, value: Any) -> list[str]:
    """Files: a list (any iterable) of strings or paths, one string or path standing for a list
    of one; ``None`` for none. Each is named ``name[i]`` when refused."""
    if value is None:
        return []
    if isinstance(value, (str, os.PathLike)):
        value = [value]
    refusal = bad_value(name, value, f"expected a list of paths, not {type(value).__name__}")
    if isinstance(value, (bytes, Mapping)):
        raise refusal
    try:
        items = list(value)
    except TypeError:
        raise refusal from None
    out = []
    for i, item in enumerate(items):
        given = path(f"{name}[{i}]", item)
        if given is None:
            raise bad_value(f"{name}[{i}]", item, "expected a path or a string, not None")
        out.append(given)
    return out


def moves(value: Any) -> list[str]:
    """The person's moves (``replay``): a list (tuple, numpy array, range) of whole numbers, each
    the index of an action in its decision's list, as the text of each (the library checks its
    range and whether it is an action, naming it ``moves[i]``)."""
    if value is None:
        return []
    if not (_is_list(value) or isinstance(value, range)):
        raise bad_value(
            "moves", value,
            "expected a list of moves, each the index of an action in its decision's actions "
            "(from 0)",
        )
    out = []
    for i, move in enumerate(value):
        if move is None:
            raise bad_value(f"moves[{i}]", move, "expected a whole number, not None")
        out.append(str(whole(f"moves[{i}]", move)))
    return out


def out(value: Any) -> Optional[str]:
    """A report folder (``out=``): a string or a path, or ``None``, but never an empty one. The
    command line refuses an empty ``--out``, while the library would take ``''`` as the current
    folder and write a report among whatever it holds. ``Path('')`` is refused too: it is
    ``Path('.')`` (the two cannot be told apart), and it is what an unset setting becomes
    (``Path(os.environ.get("OUT", ""))``); ``out='.'`` still names the current folder."""
    folder = path("out", value)
    if folder == "":
        raise bad_value("out", value, "expected a folder, not an empty path; out='.' names "
                        "the current folder")
    if isinstance(value, PurePath) and folder == ".":
        raise bad_value("out", value, "expected a folder, not Path(''), which is Path('.'); "
                        "out='.' names the current folder")
    return folder


def real(name: str, value: Any) -> str:
    """A number as the text of a Python ``float`` (the library checks its range)."""
    if _is_bool(value) or not isinstance(value, numbers.Real):
        raise bad_value(name, value, f"expected a number, not {type(value).__name__}")
    return repr(float(value))


def switch(name: str, value: Any) -> bool:
    """``True`` or ``False``."""
    if not _is_bool(value):
        raise bad_value(name, value, "expected True or False")
    return bool(value)


def game(value: Any) -> str:
    """A game's name."""
    if not isinstance(value, str):
        raise bad_value("game", value, "expected a game's name, e.g. 'sevens'")
    return text("game", value)


def call(function: str, *args: Any, **kwargs: Any) -> str:
    """The call as Python reads it, for a report's ``run.json``: ``dicelab.simulate('sevens',
    n=1000)``; arguments left at ``None`` or ``False`` are left out."""
    parts = [repr(a) for a in args]
    parts += [f"{k}={v!r}" for k, v in kwargs.items() if v is not None and v is not False]
    return f"dicelab.{function}({', '.join(parts)})"
