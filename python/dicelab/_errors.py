"""The exceptions dicelab raises, each a kind a Python user already catches.

- :class:`DicelabError` is the base of them all: ``except dicelab.DicelabError`` catches every
  refusal of dicelab's, and nothing else.
- :class:`BadValueError` (a :class:`ValueError`): one argument's value is wrong. ``.setting`` is
  the keyword argument (``"threads"``), ``.value`` the value as given, and for a number outside
  its range ``.min`` and ``.max`` (both ``None`` otherwise).
- :class:`BadRequestError` (a :class:`ValueError`): the call is wrong as a whole (two settings
  in conflict, a position the rules cannot reach) or a file's content is.
- :class:`DicelabOSError` (an :class:`OSError`): a file or folder could not be read or written;
  its subclasses are also :class:`FileNotFoundError`, :class:`PermissionError`,
  :class:`IsADirectoryError` and :class:`NotADirectoryError` where that is what happened, with
  ``.errno`` set.
- :class:`CommandError`: a command line run by :func:`dicelab.cli` refused; its message is the
  command line's own line.

Every message is one line naming keyword arguments, never command-line flags
(``threads=0: expected at least 1, found 0``). ``.code`` is the exit code the command line
gives the same failure (2 for bad input, 1 for a file).
"""

from __future__ import annotations

import errno as _errno
from typing import Any, Optional

__all__ = [
    "BadRequestError",
    "BadValueError",
    "CommandError",
    "DicelabError",
    "DicelabFileNotFoundError",
    "DicelabIsADirectoryError",
    "DicelabNotADirectoryError",
    "DicelabOSError",
    "DicelabPermissionError",
]


class DicelabError(Exception):
    """Base of every exception dicelab raises. ``str(error)`` is its one-line message;
    ``.code`` the command line's exit code for the same failure."""

    code: int = 2

    def __init__(self, message: str, code: Optional[int] = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    def __reduce__(self) -> Any:
        # Raised in a worker process (an executor's), re-raised in the parent: the attributes
        # travel with it.
        return (type(self), (str(self), self.code))


class BadValueError(DicelabError, ValueError):
    """One argument's value is wrong: ``.setting`` names its keyword argument, ``.value`` is the
    value as given (text), and ``.min``/``.max`` the range a number must lie in, where one does
    (``None`` otherwise)."""

    def __init__(
        self,
        message: str,
        setting: Optional[str] = None,
        value: Optional[str] = None,
        min: Optional[int] = None,
        max: Optional[int] = None,
        code: int = 2,
    ) -> None:
        super().__init__(message, code)
        self.setting = setting
        self.value = value
        self.min = min
        self.max = max

    def __reduce__(self) -> Any:
        return (
            type(self),
            (str(self), self.setting, self.value, self.min, self.max, self.code),
        )


class BadRequestError(DicelabError, ValueError):
    """The call is wrong as a whole, or a file's content is."""


class DicelabOSError(DicelabError, OSError):
    """A file or folder could not be read or written. ``.errno`` is the system's error number
    where it gave one; ``str(error)`` names the file and says what failed."""

    code = 1

    def __init__(self, message: str, errno: Optional[int] = None, code: int = 1) -> None:
        DicelabError.__init__(self, message, code)
        self.errno = errno
        self.strerror = message

    def __reduce__(self) -> Any:
        return (type(self), (str(self), self.errno, self.code))


class DicelabFileNotFoundError(DicelabOSError, FileNotFoundError):
    """A file or folder dicelab was asked to read does not exist."""


class DicelabPermissionError(DicelabOSError, PermissionError):
    """The system refused dicelab access to a file or folder."""


class DicelabIsADirectoryError(DicelabOSError, IsADirectoryError):
    """A folder stands where a file was expected."""


class DicelabNotADirectoryError(DicelabOSError, NotADirectoryError):
    """A file stands where a folder was expected."""


class CommandError(DicelabError):
    """A command line run by :func:`dicelab.cli` refused: the message is its own line
    (``error: ...``, naming its flags, as the command line prints it)."""


# The class for each kind of failure of the operating system (Rust's io::ErrorKind names), and
# for the error numbers a system gives for them.
_OS_KINDS = {
    "NotFound": DicelabFileNotFoundError,
    "PermissionDenied": DicelabPermissionError,
    "IsADirectory": DicelabIsADirectoryError,
    "NotADirectory": DicelabNotADirectoryError,
}
_KIND_ERRNOS = {
    "NotFound": _errno.ENOENT,
    "PermissionDenied": _errno.EACCES,
    "IsADirectory": _errno.EISDIR,
    "NotADirectory": _errno.ENOTDIR,
}
_OS_ERRNOS = {
    _errno.ENOENT: DicelabFileNotFoundError,
    _errno.EACCES: DicelabPermissionError,
    _errno.EPERM: DicelabPermissionError,
    _errno.EISDIR: DicelabIsADirectoryError,
    _errno.ENOTDIR: DicelabNotADirectoryError,
}


def from_failure(failure: BaseException) -> DicelabError:
    """The exception a user catches for what the compiled half raised."""
    kind, message, code, setting, value, low, high, number, os_kind = failure.args
    if kind == "value":
        return BadValueError(message, setting, value, low, high, code)
    if kind == "file":
        cls = _OS_ERRNOS.get(number) or _OS_KINDS.get(os_kind) or DicelabOSError
        if number is None:
            # dicelab's own finding of what the system would have said (a file where a folder
            # goes): the number the system gives for it.
            number = _KIND_ERRNOS.get(os_kind)
        return cls(message, number, code)
    if kind == "command":
        return CommandError(message, code)
    if kind == "request":
        return BadRequestError(message, code)
    return DicelabError(message, code)


def bad_value(
    setting: str, value: Any, why: str, low: Optional[int] = None, high: Optional[int] = None
) -> BadValueError:
    """A bad value found in Python, in the library's words: ``setting=value: why``."""
    shown = _shown(value)
    return BadValueError(f"{setting}={shown}: {why}", setting, shown, low, high)


def _shown(value: Any) -> str:
    """A value as a message quotes it: its repr on one line, cut to 60 characters."""
    text = repr(value).replace("\n", " ")
    return text if len(text) <= 60 else text[:57] + "..."
