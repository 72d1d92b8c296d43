"""The one family of errors racerlab raises for bad actions, data and scenarios.

Every error is a :class:`RacerlabError`, itself a :class:`ValueError`, so callers
can catch one type. Messages say what was refused and why, in words a player
understands.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "MAX_MESSAGE_CHARS",
    "CatalogError",
    "IllegalActionError",
    "Problem",
    "RacerlabError",
    "ScenarioError",
]


MAX_MESSAGE_CHARS = 2_000
"""Longest error message kept; a longer one is cut, saying how much was left out."""


def clip(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out.

    >>> clip("x" * 30, 10)
    'xxxxxxxxxx... (20 more characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text) - limit} more characters)"


class RacerlabError(ValueError):
    """Base class of every error racerlab raises on purpose (messages kept short)."""

    max_message = MAX_MESSAGE_CHARS
    """Longest message this kind of error keeps."""

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str):
            args = (clip(args[0], self.max_message), *args[1:])
        super().__init__(*args)


class IllegalActionError(RacerlabError):
    """An action the rules do not allow; the game state is left as it was.

    >>> raise IllegalActionError("Fire needs 2 Speed Points; Cindy has 1")
    Traceback (most recent call last):
    ...
    racerlab.core.errors.IllegalActionError: Fire needs 2 Speed Points; Cindy has 1
    """

    def __init__(self, reason: str, *, action: object = None) -> None:
        reason = clip(reason)
        super().__init__(reason)
        self.reason = reason
        self.action = action


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a data file: where it is and what is wrong."""

    file: str
    entry: str
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: entry {self.entry!r}, field {self.field!r}: {self.reason}"


class CatalogError(RacerlabError):
    """A catalog file that cannot be used, listing every problem found in it.

    >>> err = CatalogError([Problem("parts.toml", "sunspot", "range", "must be >= 0, got -1")])
    >>> print(err)
    parts.toml: entry 'sunspot', field 'range': must be >= 0, got -1
    >>> err.problems[0].field
    'range'
    """

    max_message = 50 * 410

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("CatalogError needs at least one problem")
        lines = [clip(str(p), 400) for p in self.problems[:50]]
        if len(self.problems) > 50:
            lines.append(f"... and {len(self.problems) - 50} more problems")
        super().__init__("\n".join(lines))

    @property
    def file(self) -> str:
        """The file of the first problem."""
        return self.problems[0].file

    @property
    def entry(self) -> str:
        """The entry of the first problem."""
        return self.problems[0].entry

    @property
    def field(self) -> str:
        """The field of the first problem."""
        return self.problems[0].field


class ScenarioError(RacerlabError):
    """A scenario or saved game that cannot be set up or loaded."""
