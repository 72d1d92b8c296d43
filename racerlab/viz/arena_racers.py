"""The racers as columns for the arena plot: oriented footprints in their player's
colour, a white facing mark at the front, a thick dark band along each side carrying a
shield (a thin rectangle astride that edge), and what the hover card shows (name,
Knight, Durability, Glory, Speed Points, Valor, stats, weapon, tokens; values that are
ours marked †)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..knights import queries
from ..knights.provenance import invented_stats
from ..knights.queries import corners, front_centre
from ..knights.state import KnightsState, Side
from .arena_facts import racer_colours, speed_points_words, stats_line
from .sources import Columns

__all__ = ["RACER_COLUMNS", "racer_columns"]

RACER_COLUMNS = (
    "x",
    "y",
    "colour",
    "line",
    "width",
    "alpha",
    "name",
    "knight",
    "player",
    "durability",
    "glory",
    "speed",
    "valor",
    "tokens",
    "label",
    "weapon",
    "stats",
)
"""Columns of the racers source besides the footprint outlines (``xs``, ``ys``)."""

_SIDE_EDGES = {Side.FRONT: (0, 1), Side.LEFT: (1, 2), Side.REAR: (2, 3), Side.RIGHT: (3, 0)}
"""Corner indices (front-right, front-left, rear-left, rear-right) bounding each side."""

_FACING_DEPTH = 0.35
"""Length of the facing mark, as a fraction of the racer's length."""

SHIELD_M = 0.14
"""Thickness (M) of the band drawn along a side that carries a shield."""


def racer_columns(state: KnightsState, sel: int, body: Any) -> dict[str, dict[str, Any]]:
    """Columns of the ``racers`` (seat ``sel`` drawn with a thick gold edge), their
    ``facing`` marks and their ``shields``, for racers of footprint ``body``."""
    colours = racer_colours(state)
    xs, ys, fx, fy, shx, shy, sides = [], [], [], [], [], [], []
    cols = Columns(RACER_COLUMNS)
    for i, r in enumerate(state.racers):
        c = corners(r.pose, body)
        xs.append(c[:, 0])
        ys.append(c[:, 1])
        tip = np.array(front_centre(r.pose, body))
        back = tip - _FACING_DEPTH * body.length * np.array(r.pose.forward)
        left = np.array(r.pose.left) * body.width * 0.3
        tri = np.array([tip, back + left, back - left])
        fx.append(tri[:, 0])
        fy.append(tri[:, 1])
        for side, _part in r.build.shields:
            band = _shield_band(c, *_SIDE_EDGES[side], np.array((r.pose.x, r.pose.y)))
            shx.append(band[:, 0])
            shy.append(band[:, 1])
            sides.append(f"{state.name(i)}: {side.value}")
        cols.add(x=r.pose.x, y=r.pose.y, colour=colours[i], **_card(state, i, sel))
    return {
        "racers": {"xs": xs, "ys": ys, **cols.arrays(floats=("x", "y", "width", "alpha"))},
        "facing": {"xs": fx, "ys": fy},
        "shields": {"xs": shx, "ys": shy, "side": sides},
    }


def _shield_band(c: np.ndarray, a: int, b: int, centre: np.ndarray) -> np.ndarray:
    """The rectangle :data:`SHIELD_M` thick astride the edge from corner ``a`` to ``b``."""
    mid = (c[a] + c[b]) / 2
    out = (mid - centre) / np.linalg.norm(mid - centre) * SHIELD_M / 2
    return np.array([c[a] + out, c[b] + out, c[b] - out, c[a] - out])


_CARD_TOKENS = {"slow": "{n} Slow", "weakness": "{n} Weakness", "wrecked": "wrecked"}
"""How the hover card writes each token of :func:`~racerlab.knights.queries.racer_tokens`."""


def _card(state: KnightsState, i: int, sel: int) -> dict[str, Any]:
    """Seat ``i``'s outline style, label and hover card (values that are ours marked †)."""
    r = state.racers[i]
    racer = queries.seat_racer(state, i)
    w = racer.weapon
    tokens = [_CARD_TOKENS[t].format(n=n) for t, n in queries.racer_tokens(state, i)]
    ours = invented_stats(r.build, r.mods, state.catalog)  # † marks values that are ours

    def mark(name: str) -> str:
        return "†" if name in ours else ""

    return {
        "line": "#FFD166" if i == sel else "#222222",
        "width": 4.0 if i == sel else 1.5,
        "alpha": 0.35 if r.wrecked else 0.95,
        "name": state.name(i),
        "knight": racer.knight.name,
        "player": i + 1,
        "durability": f"{r.durability} / {r.start_durability}",
        "glory": r.glory,
        "speed": speed_points_words(r),
        "valor": r.valor,
        "tokens": ", ".join(tokens) or "none",
        "label": str(i + 1),
        "weapon": (
            f"arc {w.arc.value}{mark('weapon.arc')}, range {w.range}R{mark('weapon.range')}, "
            f"strength {w.strength}{mark('weapon.strength')}, "
            f"damage {w.damage}{mark('weapon.damage')}"
        ),
        "stats": stats_line(racer.stats, mark),
    }
