"""The arena's overlays by name, and why one switched on may draw nothing.

The ram lane and the reach follow the Speed Points the selected racer has
*now*. Before its drive roll it has none, so they draw nothing; rather than draw
them from a Speed it might roll, the arena says so in a note under its title
(also when the racer is stalled, has spent its Speed Points, or is wrecked).

>>> from racerlab.knights import KnightsRules, example_setup
>>> state = KnightsRules().initial_state(example_setup())
>>> overlay_note(state, 0, ("arc", "ram", "reach")).endswith("(no Speed Points yet).")
True
>>> overlay_note(state, 0, ("arc", "trails"))
''
"""

from __future__ import annotations

from collections.abc import Iterable

from ..knights.state import KnightsState

__all__ = ["ARENA_OVERLAYS", "OVERLAY_TITLES", "overlay_note"]

ARENA_OVERLAYS = ("arc", "ram", "reach", "trails")
"""Overlay names :class:`~racerlab.viz.arena.ArenaPlot` understands."""

OVERLAY_TITLES = {
    "arc": "Arc & odds",
    "ram": "Ram lane",
    "reach": "Reach",
    "trails": "Trails",
}
"""Human titles of the overlays (for switches and legends)."""

_BY_SPEED = ("ram", "reach")
"""Overlays drawn from the Speed Points the racer has now."""


def overlay_note(state: KnightsState, sel: int, overlays: Iterable[str]) -> str:
    """Why the overlays switched on draw nothing for seat ``sel`` (``""`` if they draw)."""
    on = set(overlays)
    r = state.racers[sel]
    name = state.name(sel)
    if r.wrecked:
        shown = [OVERLAY_TITLES[o] for o in ("arc", *_BY_SPEED) if o in on]
        return f"{name} is wrecked: no {_joined(shown, 'or')}." if shown else ""
    shown = [OVERLAY_TITLES[o] for o in _BY_SPEED if o in on]
    if not shown:
        return ""
    what = _joined(shown, "or")
    if r.stalled:
        return f"{name} is stalled this round: no Speed Points, so no {what}."
    if r.drive_roll is None:
        verb = "appear" if len(shown) > 1 else "appears"
        return f"{_joined(shown, 'and')} {verb} after {name}'s drive roll (no Speed Points yet)."
    if r.speed_points + r.turbo_points <= 0:
        return f"{name} has no Speed Points left: no {what} until its next drive roll."
    return ""


def _joined(titles: list[str], word: str) -> str:
    """``a``, ``a or b``, ``a, b or c`` (with ``word`` for "or")."""
    head = ", ".join(titles[:-1])
    return f"{head} {word} {titles[-1]}" if head else titles[-1]
