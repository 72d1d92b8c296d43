"""The Battle Racers dashboard's logic, free of Panel: paths and choices in the
board's words, typed paths read, the paths offered for a move.

Lanes are numbered 1..5 on the page as on the board (the engine counts 0..4);
every answer comes from the engine (its path preview, its rules on a copy).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...core.errors import RacerlabError
from ...core.rules import Action
from ...sonic import ActionChoice, Move, Movement, PassAction, SonicRules, UseAction, queries
from ...sonic.provenance import provenance
from ...sonic.queries import PathPreview
from ...sonic.state import SonicState
from ..kit.escape import text as esc
from ..kit.naming import PageWords
from ..kit.session import GameSession

__all__ = [
    "MAX_PATH_OPTIONS",
    "PathListing",
    "action_words",
    "board_words",
    "engine_paths_as_board",
    "list_paths",
    "move_previews",
    "ours_mark",
    "parse_path",
    "path_label",
    "path_score",
    "path_words",
    "preview_words",
    "sonic_words",
    "speed_after",
]

_GROUND = (Movement.RUN, Movement.SPIN)

MAX_PATH_OPTIONS = 200
"""At most this many paths are listed in a path picker (the engine may offer more)."""


def ours_mark(entry_id: str, table: str = "racer", catalog: Any = None) -> Callable[[str], str]:
    """A † with a tooltip after a value of ``catalog`` (the bundled one by default) that is
    ours (not printed in the rulebook)."""
    note = esc("ours: the rulebook does not print this (illustrative)")

    def mark(field: str) -> str:
        if provenance(entry_id, field, table=table, catalog=catalog) == "rulebook":
            return ""
        return f' <span title="{note}" class="rl-ours">†</span>'

    return mark


def _space(pos: tuple[int, int]) -> str:
    return f"({pos[0]},{pos[1] + 1})"


def path_words(spaces: tuple[tuple[int, int], ...]) -> str:
    """A path as the board numbers it: ``(column,lane)`` with lanes 1..5.

    >>> path_words(((3, 0), (4, 0)))
    '(3,1) → (4,1)'
    """
    return " → ".join(_space(p) for p in spaces) if spaces else "stay"


_ENGINE_PAIR = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")
_ENGINE_PATH = re.compile(
    rf"\(\s*{_ENGINE_PAIR.pattern}(?:\s*,\s*{_ENGINE_PAIR.pattern})*\s*,?\s*\)"
)


def engine_paths_as_board(text: str) -> str:
    """Engine text with its paths (lanes 0..4) written as the board numbers them (lanes 1..5).

    >>> engine_paths_as_board("Spring does not allow run along ((20, 0), (21, 0))")
    'Spring does not allow run along (20,1) → (21,1)'
    """

    def board(m: re.Match[str]) -> str:
        pairs = _ENGINE_PAIR.findall(m.group(0))
        return path_words(tuple((int(c), int(lane)) for c, lane in pairs))

    return _ENGINE_PATH.sub(board, text)


def board_words(session: GameSession) -> Callable[[str], str]:
    """Engine text in the page's words for the session's game as it is now."""
    cards = {c: f.name for c, f in session.rules.facts.cards.items()}
    page = PageWords(session.player_names, cards)
    return lambda text: page(engine_paths_as_board(text))


def sonic_words(session: GameSession) -> Callable[[str], str]:
    """Engine text in the page's words: seat names, card names, board-numbered paths.

    The names are read when a text is rewritten, so one rewriter serves every game.
    """
    return lambda text: board_words(session)(text)


_PAIR = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


def parse_path(text: str) -> tuple[tuple[int, int], ...]:
    """Read a typed path ``(column,lane) (column,lane) ...`` (lanes numbered 1..5 as on the
    board) into engine spaces (lanes 0..4); :class:`RacerlabError` if it cannot be read.

    >>> parse_path("(3,1) -> (4, 2)")
    ((3, 0), (4, 1))
    >>> parse_path("nowhere")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    racerlab.core.errors.RacerlabError: could not read a path from 'nowhere': ...
    """
    pairs = _PAIR.findall(text or "")
    if not pairs:
        raise RacerlabError(
            f"could not read a path from {text!r}: write spaces as (column,lane), e.g. (5,3) (6,3)"
        )
    return tuple((int(c), int(lane) - 1) for c, lane in pairs)


def preview_words(p: PathPreview) -> str:
    bits = [f"{p.kind.value} to {_space(p.end)}", f"Speed {p.speed_after}"]
    if p.rings:
        bits.append(f"{p.rings:+d} rings")
    if p.badniks:
        bits.append(f"+{p.badniks} badnik")
    if p.damaged:
        bits.append("DAMAGED")
    return ", ".join(bits) + f" · {path_words(p.spaces)}"


def path_label(i: int, p: PathPreview, back_first: bool = False) -> str:
    """The path picker's line for the ``i``-th path (0-based; shown 1-based)."""
    return f"{i + 1}. {preview_words(p)}" + (" (large base: back first)" if back_first else "")


def move_previews(
    previews: Sequence[PathPreview], moves: Sequence[Move], state: SonicState, seat: int
) -> list[PathPreview]:
    """One preview per legal move, in the moves' order.

    The paths offered are the engine's legal moves; each one's marks come from the
    engine's preview of the same spaces moved the same way (run/spin or jump). A move
    the preview does not cover (e.g. a High Jump) shows as the bare path.
    """
    by_move = {(p.kind in _GROUND, p.spaces): p for p in previews}
    token = state.token(seat)
    chosen: list[PathPreview] = []
    for m in moves:
        p = by_move.get((m.kind in _GROUND, m.path))
        if p is None:
            end = m.path[-1] if m.path else token.pos
            p = PathPreview(m.kind, m.path, end, token.speed, 0, 0, False, ())
        chosen.append(replace(p, kind=m.kind) if p.kind is not m.kind else p)
    return chosen


def action_words(rules: SonicRules, state: SonicState, a: Action) -> str:
    """A use-or-pass choice in words (a speed change shows the Speed it gives)."""
    if isinstance(a, PassAction):
        return "Pass on the action"
    assert isinstance(a, UseAction)
    if a.choice is ActionChoice.SPEED:
        after = speed_after(rules, state, a)
        return f"Speed change: {state.token(a.player).speed} → {after}"
    if a.choice is ActionChoice.SPIN:
        return "Spin this turn"
    if a.choice is ActionChoice.POWER:
        where = f" along {path_words(a.path)}" if a.path else ""
        return f"Use the Power{where}"
    return f"{a.choice.value.capitalize()} {path_words(a.path)}"


@dataclass(frozen=True)
class PathListing:
    """What a path picker offers: the paths, their lines (line to index) and the one shown
    first (``None`` when there are no paths)."""

    previews: tuple[PathPreview, ...]
    options: dict[str, int]
    best: int | None


def list_paths(
    state: SonicState,
    seat: int,
    card_id: str,
    rules: SonicRules,
    speed: int | None = None,
    moves: Sequence[Move] | None = None,
) -> PathListing:
    """The paths ``card_id`` allows ``seat`` (at ``speed`` if given), as a path picker lists
    them: the engine's ``moves`` in their order when the seat is moving, else every path of
    the card's movement; at most :data:`MAX_PATH_OPTIONS`.

    Pure (it reads only its arguments), so a served page works it out in a worker thread.
    """
    previews = queries.path_preview(state, seat, card_id, rules, speed=speed)
    if moves is not None:
        previews = move_previews(previews, moves, state, seat)
    shown = tuple(previews[:MAX_PATH_OPTIONS])
    options = {
        path_label(i, p, moves is not None and moves[i].back_first): i for i, p in enumerate(shown)
    }
    best = max(range(len(shown)), key=lambda i: path_score(shown[i])) if shown else None
    return PathListing(shown, options, best)


def path_score(p: PathPreview) -> tuple:
    """How good a path looks at a glance (used only to pick the one shown first)."""
    return (not p.damaged, p.rings + p.badniks, p.end[0])


def speed_after(rules: SonicRules, state: SonicState, action: UseAction) -> int:
    """The Speed a speed-change action gives, from the engine itself (applied to a copy)."""
    try:
        return rules.apply(state, action).state.token(action.player).speed
    except RacerlabError:
        return state.token(action.player).speed
