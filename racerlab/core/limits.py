"""Documented limits on what racerlab accepts, and one schema mechanism for number bounds.

Every number that enters from outside (rule options, catalogs, saved games,
share links, command-line flags, director actions) is checked to be finite and
inside a documented range before it reaches the rules. A rule-options type
declares its ranges once, as a :class:`Bounds` table (one per options type),
and calls :func:`check_bounds` when it is made; nothing in the rules checks
option ranges again. The limits below are ours (illustrative, chosen to keep
every page and run responsive), not the rulebooks'; docs/reliability.md lists
them.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Opts:
...     step: float = 0.25
>>> check_bounds(Opts(0.5), {"step": Range(0.05, 1.0)})
>>> check_bounds(Opts(0.0), {"step": Range(0.05, 1.0)})
Traceback (most recent call last):
...
racerlab.core.errors.ScenarioError: rule option step must be from 0.05 to 1, got 0.0
>>> check_colour("red"), check_colour("#1f77b4")
('red', '#1f77b4')
"""

from __future__ import annotations

import dataclasses
import math
import re
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from .errors import MAX_MESSAGE_CHARS, ScenarioError, clip

__all__ = [
    "MAX_ACTIONS",
    "MAX_CATALOG_BYTES",
    "MAX_CATALOG_FILE_BYTES",
    "MAX_FORCED_ROLLS",
    "MAX_GAMES",
    "MAX_MESSAGE_CHARS",
    "MAX_NAME_CHARS",
    "MAX_PATH_CHARS",
    "MAX_PLAYERS",
    "MAX_PORT",
    "MAX_SAVED_GAME_BYTES",
    "MAX_SEED",
    "MAX_UPLOAD_BYTES",
    "MAX_WHOLE",
    "NAMED_COLOURS",
    "Bounds",
    "Range",
    "bounds_problem",
    "check_bounds",
    "check_budget",
    "check_colour",
    "check_finite",
    "check_name",
    "clip",
    "name_problem",
    "numbered_name",
    "short_repr",
    "time_budget",
]

MAX_ACTIONS = 20_000
"""Most actions one saved game or share link may hold (a long game has about 2,000)."""
MAX_NAME_CHARS = 60
"""Longest player name accepted (a set-up's player, a Racer Knights catalog's racer)."""
MAX_SAVED_GAME_BYTES = 5_000_000
"""Largest saved-game or scenario file (JSON) accepted, in bytes: by ``racerlab validate``,
``racerlab simulate --scenario`` and the dashboards' Load."""
MAX_CATALOG_FILE_BYTES = 2_000_000
"""Largest catalog file (TOML) accepted, in bytes: by ``racerlab validate``, ``--catalog DIR``
and the dashboards' Catalog tab (checked in the browser before it is sent)."""
MAX_CATALOG_BYTES = 5_000_000
"""Most bytes the catalog files given at once may hold in all (a Catalog tab upload, a
``--catalog DIR`` folder; checked in the browser on the total of the files chosen)."""
MAX_UPLOAD_BYTES = max(MAX_SAVED_GAME_BYTES, MAX_CATALOG_BYTES)
"""Most bytes one upload of a page carries in all (the largest of the limits above): the
server's websocket takes messages just big enough for that (``racerlab serve``)."""
MAX_PATH_CHARS = 4_096
"""Longest file path the command line accepts."""
MAX_FORCED_ROLLS = 100
"""Most die faces one "force the next rolls" director action may set."""
MAX_PLAYERS = 8
"""Most players a command-line simulation may ask for (each game checks its own limit)."""
MAX_PORT = 65_535
"""Highest TCP port."""
MAX_GAMES = 1_000_000
"""Most games one simulation may play. Its table keeps about 250 bytes a game (a
million games: about 250 MB), and with the default bots a game takes about a fifth
of a second of one core (Racer Knights about 6 games a second, Battle Racers about
4), so a million is already days of computing; a bigger study is several runs with
different seeds, each written to its own file."""
MAX_WHOLE = 2**63 - 1
"""Largest whole number (either sign) a saved game, share link or catalog may hold anywhere.

A 64-bit number: what a table column or a numpy array holds. Anything longer
(``10**400``) cannot be turned into a float for a chart and is refused when
decoded, naming the field, before a game or the dashboard ever sees it."""
MAX_SEED = 2**64 - 1
"""Largest dice seed a saved game, link or the command line may give (64 bits, all a
seed needs; a longer one only makes the link longer)."""


@dataclass(frozen=True, slots=True)
class Range:
    """Allowed values of one number: ``low <= value <= high``, whole numbers if ``whole``."""

    low: float
    high: float
    whole: bool = False

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is out of this range, or ``None`` if it fits."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"must be a number, got {short_repr(value)}"
        if self.whole and not isinstance(value, int):
            return f"must be a whole number, got {short_repr(value)}"
        if isinstance(value, float) and not math.isfinite(value):
            return f"must be a finite number, got {value}"
        if not self.low <= value <= self.high:
            return f"must be from {self.low:g} to {self.high:g}, got {short_repr(value)}"
        return None


@dataclass(frozen=True, slots=True)
class Bounds:
    """One options type's ranges, plus pairs of fields that must be in order (a <= b)."""

    ranges: Mapping[str, Range]
    ordered: Sequence[tuple[str, str]] = ()


def bounds_problem(obj: Any, bounds: Bounds | Mapping[str, Range]) -> str | None:
    """Why a field of ``obj`` is out of range (``"<field> must be ..."``), or ``None``.

    >>> bounds_problem(Range(0, 9.5), {"high": Range(0, 20, whole=True)})
    'high must be a whole number, got 9.5'
    """
    if not isinstance(bounds, Bounds):
        bounds = Bounds(bounds)
    for name, rng in bounds.ranges.items():
        problem = rng.problem(getattr(obj, name, None))
        if problem is not None:
            return f"{name} {problem}"
    for low, high in bounds.ordered:
        a, b = getattr(obj, low), getattr(obj, high)
        if a > b:
            return f"{low} ({a}) must not be above {high} ({b})"
    return None


def check_bounds(obj: Any, bounds: Bounds | Mapping[str, Range], what: str = "rule option") -> None:
    """Refuse ``obj`` (a dataclass) if a field is out of range; :class:`ScenarioError`."""
    problem = bounds_problem(obj, bounds)
    if problem is not None:
        raise ScenarioError(f"{what} {problem}")


def check_finite(value: Any, where: str) -> float:
    """``value`` as a float if it is a finite number; :class:`ScenarioError` naming ``where``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ScenarioError(f"{where}: must be a number, got {short_repr(value)}")
    if isinstance(value, int) and abs(value) > 2**1023:  # past every float
        raise ScenarioError(f"{where}: must be a finite number, got {short_repr(value)}")
    if not math.isfinite(value):
        raise ScenarioError(f"{where}: must be a finite number, got {value}")
    return float(value)


def name_problem(value: Any) -> str | None:
    """Why ``value`` is not a player name (text of 1 to :data:`MAX_NAME_CHARS` characters),
    or ``None`` if it is one: the one rule for set-ups and catalogs alike.

    >>> name_problem("Cindy"), name_problem("x" * 61)
    (None, 'must be 1 to 60 characters, got 61')
    """
    if not isinstance(value, str):
        return f"must be text, got {short_repr(value)}"
    if not 0 < len(value) <= MAX_NAME_CHARS:
        return f"must be 1 to {MAX_NAME_CHARS} characters, got {len(value)}"
    return None


def numbered_name(name: str, number: int) -> str:
    """``name`` with `` number`` after it (the second racer of one name is "Name 2"), the
    name cut short where needed so that the whole stays within :data:`MAX_NAME_CHARS`.

    >>> numbered_name("Ace", 2), len(numbered_name("x" * 60, 2))
    ('Ace 2', 60)
    """
    suffix = f" {number}"
    return name[: MAX_NAME_CHARS - len(suffix)].rstrip() + suffix


def check_name(value: Any, where: str = "name") -> str:
    """A player name (:func:`name_problem`); :class:`ScenarioError` naming ``where``."""
    problem = name_problem(value)
    if problem is not None:
        raise ScenarioError(f"{where}: {problem}")
    return value


_HEX = re.compile(r"#[0-9a-fA-F]{6}")

NAMED_COLOURS = frozenset(
    """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
    blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk
    crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
    darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
    darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
    dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite
    gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
    lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
    lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
    lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen
    magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
    mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream
    mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
    palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
    powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
    seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
    steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow
    yellowgreen""".split()  # noqa: SIM905 -- a word list reads better than 148 quoted strings
)
"""The CSS named colours, the only colour words accepted besides ``#rrggbb``."""


def check_colour(value: Any, where: str = "colour") -> str:
    """A drawing colour: ``#rrggbb`` or a CSS colour name; :class:`ScenarioError` otherwise."""
    if isinstance(value, str) and (_HEX.fullmatch(value) or value in NAMED_COLOURS):
        return value
    raise ScenarioError(
        f"{where}: must be #rrggbb or a colour name like 'red', got {short_repr(value)}"
    )


_BUDGET = threading.local()


@contextmanager
def time_budget(seconds: float, what: str = "this work") -> Iterator[None]:
    """Within the block, :func:`check_budget` refuses to go on after ``seconds``.

    The budget belongs to the calling thread; long loops (replaying a saved
    game) call :func:`check_budget` now and then, so a crafted file or link
    ends with a :class:`ScenarioError` instead of holding a worker forever.
    """
    outer = getattr(_BUDGET, "value", None)
    _BUDGET.value = (time.monotonic() + seconds, seconds, what)
    try:
        yield
    finally:
        _BUDGET.value = outer


def check_budget() -> None:
    """Raise :class:`ScenarioError` if the thread's :func:`time_budget` has run out."""
    budget = getattr(_BUDGET, "value", None)
    if budget is not None and time.monotonic() > budget[0]:
        raise ScenarioError(f"{budget[2]} took longer than {budget[1]:g} s and was stopped")


def field_names(cls: type) -> set[str]:
    """The field names of dataclass ``cls`` (for checking a bounds table covers them)."""
    return {f.name for f in dataclasses.fields(cls)}


def short_repr(value: Any) -> str:
    """``repr(value)`` cut to 40 characters (for an error message quoting a bad value).

    >>> short_repr(10**60)
    '1000000000000000000000000000000000000...'
    """
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
