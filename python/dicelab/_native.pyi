"""Types of dicelab's compiled half, for editors and type checkers (the code is Rust:
python/src/lib.rs)."""

__version__: str

class DicelabError(Exception):
    """A dicelab command refused its input or could not read or write a file: the message is the
    line the command line prints, and `code` its exit code (2 for bad input, 1 for a file)."""

    code: int

def run(words: list[str]) -> tuple[str, dict[str, bytes]]:
    """Runs the dicelab command whose words (after `dicelab`) are `words`; returns what it printed
    and its report's files by name."""
