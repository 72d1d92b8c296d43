"""What the arena plot reads off a Racer Knights state: targets and where they stand,
player colours, a racer's stat line, polygon outlines, and the attack-odds memo.

>>> from racerlab.knights import KnightsRules, example_setup
>>> state = KnightsRules().initial_state(example_setup())
>>> [t.index for t in targets_of(state, 0) if t.kind.value == "racer"]
[1, 2]
>>> stats_line(queries.seat_racer(state, 0).stats).split(" · ")[0].startswith("Speed ")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import shapely

from ..core.memo import Memo
from ..knights import queries
from ..knights.actions import Target, TargetKind
from ..knights.queries import footprint
from ..knights.state import KnightsState, Pose
from .style import player_colour

__all__ = [
    "ODDS_MEMO_SIZE",
    "attack_odds_memo",
    "clip_to_table",
    "footprint_of",
    "polygon_parts",
    "racer_colours",
    "speed_points_words",
    "stats_line",
    "target_centre",
    "target_radius",
    "targets_of",
]

ODDS_MEMO_SIZE = 512
"""Attack odds a plot remembers when its owner gives it no memo of its own."""


def attack_odds_memo(maxsize: int = ODDS_MEMO_SIZE) -> Memo:
    """A fresh bounded memo of :func:`racerlab.knights.queries.attack_odds` for one owner.

    States are immutable values, so a redraw of the same state (switching an
    overlay, picking another racer and back, the Odds tab asking after the
    arena) reuses the exact answer instead of enumerating the dice again. Each
    dashboard makes one and hands it to its plot and panels: no browser session
    shares another's, and none grows past ``maxsize``.
    """
    return Memo(queries.attack_odds, maxsize)


def speed_points_words(racer: Any) -> str:
    """A racer's Speed Points left as the standings, its hover card and the hand tab write
    them: the drive roll's points (the number the log's drive line gives) and any Turbo
    points on top, named, so the two places agree (``"9"``, ``"9 + 2 Turbo"``).

    >>> from types import SimpleNamespace as S
    >>> speed_points_words(S(speed_points=9, turbo_points=0))
    '9'
    >>> speed_points_words(S(speed_points=9, turbo_points=2))
    '9 + 2 Turbo'
    """
    turbo = f" + {racer.turbo_points} Turbo" if racer.turbo_points else ""
    return f"{racer.speed_points}{turbo}"


def footprint_of(pose: Pose, body: Any) -> Any:
    """A racer's footprint polygon (shapely)."""
    return footprint(pose, body)


def targets_of(state: KnightsState, attacker: int) -> list[Target]:
    """Everything ``attacker`` could aim at: rival racers still racing, standing blockers."""
    out = [Target.racer(j) for j, r in enumerate(state.racers) if j != attacker and not r.wrecked]
    out += [Target.blocker(w) for w, b in enumerate(state.blockers) if b > 0]
    return out


def target_centre(state: KnightsState, target: Target) -> tuple[float, float]:
    """Where a target stands: a racer's centre or a waypoint's centre."""
    if target.kind is TargetKind.RACER:
        p = state.racers[target.index].pose
        return (p.x, p.y)
    x, y = state.setup.waypoints[target.index]
    return (float(x), float(y))


def target_radius(table: Any, target: Target) -> float:
    """Radius of the ring drawn round a target: a racer's or a waypoint's, plus a margin."""
    if target.kind is TargetKind.RACER:
        return table.body.length / 2.0 + 0.25
    return table.waypoint_diameter / 2.0 + 0.25


def clip_to_table(geom: Any, table: Any) -> Any:
    """The part of ``geom`` inside the arena's walls."""
    return shapely.intersection(geom, shapely.box(0.0, 0.0, table.width, table.height))


def stats_line(stats: Any, mark: Callable[[str], str] | None = None) -> str:
    """A racer's stat totals in one short line; ``mark(stat)`` is put after each value
    (a marker on values that are ours, say).

    >>> from racerlab.knights.parts import Stats
    >>> stats_line(Stats(speed=5, armor=8))
    'Speed 5 · Reflexes 0 · Handling 0 · Armor 8 · Ram Damage 0'
    >>> stats_line(Stats(speed=5, armor=8), lambda s: "†" if s == "armor" else "")
    'Speed 5 · Reflexes 0 · Handling 0 · Armor 8† · Ram Damage 0'
    """
    shown = (
        ("speed", "Speed"),
        ("reflexes", "Reflexes"),
        ("handling", "Handling"),
        ("armor", "Armor"),
        ("ram_damage", "Ram Damage"),
    )
    return " · ".join(
        f"{label} {getattr(stats, name)}{mark(name) if mark else ''}" for name, label in shown
    )


def racer_colours(state: KnightsState) -> list[str]:
    """Each player's colour: the set-up's choice, else the shared palette."""
    return [p.colour or player_colour(i) for i, p in enumerate(state.setup.players)]


def polygon_parts(geom: Any) -> list[np.ndarray]:
    """Exterior rings of a (multi)polygon as (n, 2) arrays."""
    if geom is None or geom.is_empty:
        return []
    parts = getattr(geom, "geoms", [geom])
    return [np.asarray(g.exterior.coords) for g in parts if hasattr(g, "exterior")]
