"""The director's tweaks in Battle Racers: Speed, rings, Ability, the deck, placement, shields.

Speed, rings, Ability and the deck have their action types in :mod:`.actions`;
:class:`SetPosition` (put a racer on a space of the laid track, for a teacher's
position editor) and :class:`SetShield` (raise or drop a shield) are defined
here. Each edit is checked like any action (a clear refusal, nothing changed),
logged with a :class:`~.events.DirectorChanged` event and replayed from a saved
game, so a tweaked game replays exactly.

Rulings (docs/rulings.md, "Director edits"): a placed racer must stand on the laid
track, off rocks, the boss, badniks and other racers (a large base needs its back space
free too), before the Finish Line and not in the last laid Turn while sections are still
to be laid; rings lying on the space go onto its profile at once, as for any racer.

>>> SetPosition(0, 4, 2).describe()
'Player 1 placed on column 4, lane 3'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError
from ..core.frozen import fast_replace
from ..core.limits import Range, short_repr
from ..core.rules import DirectorAction
from .actions import SetAbility, SetDeck, SetRings, SetSpeed
from .effects.primitives import racer_token, spread_rings
from .movement.move_events import where
from .play.transition import set_at
from .track import SectionType

if TYPE_CHECKING:
    from .catalog.facts import Facts
    from .state import SonicState

__all__ = [
    "DIRECTOR_TYPES",
    "MAX_RINGS",
    "RINGS_RANGE",
    "SetPosition",
    "SetShield",
    "apply_director",
    "check_director",
    "director_problem",
    "director_words",
]


@dataclass(frozen=True, slots=True)
class SetPosition(DirectorAction):
    """Director: put a racer on space ``(col, lane)`` (a large base: its front space)."""

    player: int
    col: int
    lane: int

    def describe(self) -> str:
        return f"Player {self.player + 1} placed on {where((self.col, self.lane))}"


@dataclass(frozen=True, slots=True)
class SetShield(DirectorAction):
    """Director: raise (``True``) or drop a racer's shield against the next damage."""

    player: int
    on: bool

    def describe(self) -> str:
        return f"Player {self.player + 1}'s shield is {'up' if self.on else 'down'}"


DIRECTOR_TYPES = (SetSpeed, SetRings, SetAbility, SetDeck, SetPosition, SetShield)
"""The Battle Racers director actions."""

MAX_DECK_CARDS = 500
"""Most cards a director's deck change may list (ours; the bundled deck has 64)."""
MAX_RINGS = 999
"""Most rings a director may give one racer (ours). The ring pile bounds it first in
play (a catalog's pile holds at most 50 a component); this refuses absurd numbers."""
RINGS_RANGE = Range(0, MAX_RINGS, whole=True)
"""The rings a director may set, before the pile's own limit."""


DECK_CARDS_NAMED = 3
"""How many cards from the top a deck change names in the log."""


def director_words(f: Facts, action: object) -> str:
    """What a checked director action did, in words, with the catalog's names for the
    racer and cards it gives (the log's line after "Director: ").

    >>> from racerlab.sonic.catalog.facts import facts
    >>> director_words(facts(), SetAbility(0, "espio"))
    'Player 1 takes the Ability and Power of Espio'
    """
    if isinstance(action, SetSpeed):
        return f"Player {action.player + 1}'s Speed set to {action.value}"
    if isinstance(action, SetRings):
        return f"Player {action.player + 1} now holds {action.count} ring(s)"
    if isinstance(action, SetAbility):
        racer = f.racers.get(action.racer)
        name = racer.name if racer is not None else action.racer
        return f"Player {action.player + 1} takes the Ability and Power of {name}"
    if isinstance(action, SetDeck):
        n = len(action.cards)
        top = [f.cards[c].name if c in f.cards else c for c in action.cards[:DECK_CARDS_NAMED]]
        more = ", ..." if n > DECK_CARDS_NAMED else ""
        return f"the draw deck is now {n} card(s)" + (
            f", from the top: {', '.join(top)}{more}" if n else ""
        )
    return action.describe() if isinstance(action, DirectorAction) else str(action)


def director_problem(f: Facts, state: SonicState, action: object) -> str | None:
    """Why a Battle Racers director action is refused now (``None``: it is fine; an
    action of another kind is not judged here and gives ``None`` too)."""
    n = state.players
    if isinstance(action, SetSpeed | SetRings | SetAbility):
        p = action.player
        if type(p) is not int or not 0 <= p < n:
            seat = p + 1 if type(p) is int else short_repr(p)
            return f"{type(action).__name__}: there is no Player {seat} (1 to {n})"
    if isinstance(action, SetSpeed):
        o = state.options
        problem = Range(o.speed_min, o.speed_max, whole=True).problem(action.value)
        if problem is not None:  # the rule options' Speed range, itself inside 1 to 9
            return f"SetSpeed: speed {problem}"
    elif isinstance(action, SetRings):
        problem = RINGS_RANGE.problem(action.count)
        if problem is not None:
            return f"SetRings: rings {problem}"
        have = state.token(action.player).rings
        if action.count - have > state.board.ring_pile:
            return f"only {state.board.ring_pile} ring(s) left in the pile"
    elif isinstance(action, SetAbility):
        if action.racer not in f.racers:
            return f"unknown racer {action.racer!r}"
    elif isinstance(action, SetDeck):
        if len(action.cards) > MAX_DECK_CARDS:
            return f"a deck may hold at most {MAX_DECK_CARDS} cards, got {len(action.cards)}"
        bad = [c for c in action.cards if c not in f.cards]
        if bad:
            return f"unknown card id(s): {', '.join(map(str, bad))}"
    elif isinstance(action, SetPosition | SetShield):
        try:
            _check_placement(state, action)
        except IllegalActionError as e:
            return str(e)
    return None


def check_director(f: Facts, state: SonicState, action: object) -> None:
    """Raise :class:`IllegalActionError` if a Battle Racers director action is refused."""
    problem = director_problem(f, state, action)
    if problem is not None:
        raise IllegalActionError(problem, action=action)


def apply_director(f: Facts, state: SonicState, action: object) -> SonicState:
    """The state after a checked director action."""
    if isinstance(action, SetDeck):
        return fast_replace(state, deck=tuple(action.cards))
    if isinstance(action, SetPosition | SetShield):
        return _placed(state, action)
    assert isinstance(action, SetSpeed | SetRings | SetAbility)
    seat = action.player
    token = state.token(seat)
    board = state.board
    if isinstance(action, SetSpeed):
        return fast_replace(state, board=board.with_racer(fast_replace(token, speed=action.value)))
    if isinstance(action, SetRings):
        diff = action.count - token.rings
        stacks = spread_rings(action.count, len(token.stacks))
        board = fast_replace(board, ring_pile=board.ring_pile - diff)
        return fast_replace(state, board=board.with_racer(fast_replace(token, stacks=stacks)))
    body = f.racers[state.setup.racers[seat]]
    new = racer_token(
        token.id,
        token.pos,
        body,
        f.racers[action.racer],
        default_speed=state.options.start_speed,
        stacks=token.stacks,
        speed=token.speed,
        badniks=token.badniks,
        shield=token.shield,
    )
    return fast_replace(
        state, board=board.with_racer(new), abilities=set_at(state.abilities, seat, action.racer)
    )


def _check_placement(state: SonicState, a: SetPosition | SetShield) -> None:
    """Raise :class:`IllegalActionError` with the reason a placement or shield edit is refused."""
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


def _placed(state: SonicState, a: SetPosition | SetShield) -> SonicState:
    """The state after a checked placement or shield edit."""
    token = state.token(a.player)
    board = state.board
    if isinstance(a, SetShield):
        board = board.with_racer(fast_replace(token, shield=a.on))
    else:
        assert isinstance(a, SetPosition)
        pos = (a.col, a.lane)
        found = board.rings_at(pos)
        token = fast_replace(token, col=a.col, lane=a.lane).with_rings(found)
        board = board.with_rings(pos, 0).with_racer(token) if found else board.with_racer(token)
    return fast_replace(state, board=board)


def _check_space(state: SonicState, racer_id: str, pos: tuple[int, int], a) -> None:
    board = state.board
    col, lane = pos
    if not board.track.in_bounds(col, lane):
        raise IllegalActionError(f"{where(pos)} is not a space of the laid track", action=a)
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
        raise IllegalActionError(f"{where(pos)} is taken by {what}", action=a)


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
