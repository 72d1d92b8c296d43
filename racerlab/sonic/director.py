"""The director's placement and shield edits in Battle Racers.

:class:`SetPosition` puts a racer on a space of the laid track (a teacher's position
editor); :class:`SetShield` raises or drops a racer's shield. Speed, rings, Ability and
the deck have their director actions in :mod:`.actions`. Each edit is checked with a
reason for any refusal, logged with a :class:`~.events.DirectorChanged` event and
replayed from a saved game like every action. The rules call :func:`check` and
:func:`apply` for the types in :data:`ACTIONS`.

Rulings (docs/rulings.md, "Director edits"): a placed racer must stand on the laid
track, off rocks, the boss, badniks and other racers (a large base needs its back space
free too), before the Finish Line and not in the last laid Turn while sections are still
to be laid; rings lying on the space go onto its profile at once, as for any racer.

>>> SetPosition(0, 4, 2).describe()
'Player 1 placed on (4, 2)'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalActionError
from ..core.frozen import fast_replace
from ..core.rules import DirectorAction
from .events import DirectorChanged
from .state import SonicState
from .track import SectionType

__all__ = ["ACTIONS", "SetPosition", "SetShield", "apply", "check"]


@dataclass(frozen=True, slots=True)
class SetPosition(DirectorAction):
    """Director: put a racer on space ``(col, lane)`` (a large base: its front space)."""

    player: int
    col: int
    lane: int

    def describe(self) -> str:
        return f"Player {self.player + 1} placed on ({self.col}, {self.lane})"


@dataclass(frozen=True, slots=True)
class SetShield(DirectorAction):
    """Director: raise (``True``) or drop a racer's shield against the next damage."""

    player: int
    on: bool

    def describe(self) -> str:
        return f"Player {self.player + 1}'s shield is {'up' if self.on else 'down'}"


ACTIONS = (SetPosition, SetShield)
"""The director actions this module checks and applies."""


def check(state: SonicState, a: DirectorAction) -> None:
    """Raise :class:`IllegalActionError` with the reason if ``a`` is refused."""
    p = getattr(a, "player", None)
    if type(p) is not int or not 0 <= p < state.players:
        raise IllegalActionError(f"there is no Player {p!r}", action=a)
    if isinstance(a, SetShield):
        if type(a.on) is not bool:
            raise IllegalActionError(f"a shield is up or down, not {a.on!r}", action=a)
        return
    assert isinstance(a, SetPosition)
    if (state.finished and state.finished[p]) or (state.lost and state.lost[p]):
        raise IllegalActionError(f"Player {p + 1} is out of the race", action=a)
    for v in (a.col, a.lane):
        if type(v) is not int:
            raise IllegalActionError(f"a space is two whole numbers, not {v!r}", action=a)
    token = state.token(p)
    spaces = [(a.col, a.lane), (a.col - 1, a.lane)] if token.large else [(a.col, a.lane)]
    for pos in spaces:
        _check_space(state, token.id, pos, a)
    _check_line_and_turn(state, a)


def apply(state: SonicState, a: DirectorAction) -> tuple[SonicState, list]:
    """The state after a checked edit, and its events."""
    token = state.token(a.player)  # type: ignore[attr-defined]
    board = state.board
    if isinstance(a, SetShield):
        board = board.with_racer(fast_replace(token, shield=a.on))
    else:
        assert isinstance(a, SetPosition)
        pos = (a.col, a.lane)
        found = board.rings_at(pos)
        token = fast_replace(token, col=a.col, lane=a.lane).with_rings(found)
        board = board.with_rings(pos, 0).with_racer(token) if found else board.with_racer(token)
    return fast_replace(state, board=board), [DirectorChanged(a.describe())]


def _check_space(state: SonicState, racer_id: str, pos: tuple[int, int], a) -> None:
    board = state.board
    col, lane = pos
    if not board.track.in_bounds(col, lane):
        raise IllegalActionError(f"{pos} is not a space of the laid track", action=a)
    what = (
        "another racer"
        if board.racers_at(pos, besides=racer_id)
        else "the boss"
        if board.boss == pos
        else "a badnik"
        if board.badnik_at(pos) is not None
        else "a rock"
        if board.has_rock(pos)
        else ""
    )
    if what:
        raise IllegalActionError(f"{pos} is taken by {what}", action=a)


def _check_line_and_turn(state: SonicState, a: SetPosition) -> None:
    track = state.board.track
    line = track.finish_line_col
    if line is not None and a.col >= line:
        raise IllegalActionError(
            f"column {a.col} is at or past the Finish Line (column {line}): "
            "crossing it is scored in play",
            action=a,
        )
    last = track.sections[-1]
    if state.pending and last.type is SectionType.TURN and a.col >= track.offsets[-1]:
        raise IllegalActionError(
            "the last laid Turn lays the next sections when a racer enters it in play; "
            "place the racer before it",
            action=a,
        )
