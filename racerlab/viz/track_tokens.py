"""What stands on the track, as columns for the track plot's sources.

Rings (with the count), badniks (by kind), rocks, the boss (rings left, card
shown) and the racers in their player's colour, labelled with seat and Speed,
with what the hover card shows (name, Speed, rings, badniks, Ability).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..sonic.queries import Badnik
from ..sonic.state import SonicState
from .sources import Columns, empty_columns
from .style import player_colour
from .track_style import COLUMN_PX, RACER_NUDGE, RACER_WIDTH, space_xy
from .track_terrain import marker_row

__all__ = [
    "BADNIK_STYLE",
    "BOSS_COLUMNS",
    "RACER_COLUMNS",
    "ROCK_LOOK",
    "racer_columns",
    "racer_names",
    "rock_rows",
    "token_columns",
]

BADNIK_STYLE: dict[Badnik, tuple[str, str, str]] = {
    Badnik.BUZZ_BOMBER: ("inverted_triangle", "#C62828", "Buzz Bomber"),
    Badnik.CRABMEAT: ("diamond", "#D84315", "Crabmeat"),
    Badnik.MOTO_BUG: ("square", "#AD1457", "Moto Bug"),
    Badnik.SPINNER: ("star", "#6A1B9A", "Spinner"),
}
"""Marker, colour and name of each badnik."""

BOSS_COLUMNS = ("x", "y", "name", "rings", "card", "label", "what")
"""Columns of the boss source (one row while the boss is on the track)."""

RACER_COLUMNS = (
    "x",
    "y",
    "width",
    "width_px",
    "col",
    "lane",
    "seat",
    "name",
    "racer",
    "colour",
    "line",
    "line_width",
    "speed",
    "rings",
    "badniks",
    "score",
    "ability",
    "label",
    "status",
)
"""Columns of the racers source, one row per seat."""


def racer_names(state: SonicState, names: Sequence[str] | None = None) -> list[str]:
    """Display names of the seats (``names`` if given, else the racer ids title-cased)."""
    if names is not None:
        return list(names)
    return [shown_id(t.id) for t in state.board.racers]


def shown_id(racer_id: str) -> str:
    """A catalog id as the page shows it when no name is given (``"metal-sonic"`` ->
    ``"Metal Sonic"``).

    >>> shown_id("metal-sonic")
    'Metal Sonic'
    """
    return racer_id.replace("-", " ").title()


def _xy_columns(places: Sequence[tuple[int, int]]) -> dict[str, np.ndarray]:
    """``x`` and ``y`` float columns of the centres of these spaces."""
    xy = [space_xy(*pos) for pos in places]
    return {
        "x": np.array([x for x, _ in xy], dtype=float),
        "y": np.array([y for _, y in xy], dtype=float),
    }


def token_columns(
    state: SonicState, boss_name: str = "", boss_card: str = ""
) -> dict[str, dict[str, Any]]:
    """Columns of the ``rings``, ``badniks`` and ``boss`` sources for the board of
    ``state`` (rocks are drawn with the terrain markers: :func:`rock_rows`)."""
    board = state.board
    counts = [n for _, n in board.rings]
    kinds = [b for _, b in board.badniks]
    out: dict[str, dict[str, Any]] = {
        "rings": {
            **_xy_columns([pos for pos, _ in board.rings]),
            "count": np.array(counts, dtype=int),
            "label": [str(n) if n > 1 else "" for n in counts],
            "what": [f"{n} ring(s)" for n in counts],
        },
        "badniks": {
            **_xy_columns([pos for pos, _ in board.badniks]),
            "kind": [b.value for b in kinds],
            "name": [BADNIK_STYLE[b][2] for b in kinds],
            "marker": [BADNIK_STYLE[b][0] for b in kinds],
            "colour": [BADNIK_STYLE[b][1] for b in kinds],
            "family": ["crawling" if b.crawling else "buzzing" for b in kinds],
            "what": [
                f"Badnik: {BADNIK_STYLE[b][2]} ({'crawling' if b.crawling else 'buzzing'})"
                for b in kinds
            ],
        },
    }
    boss = state.boss
    if board.boss is not None and boss is not None and not boss.destroyed:
        x, y = space_xy(*board.boss)
        name, card = boss_name or boss.id, boss_card or (boss.card or "none")
        out["boss"] = {
            "x": np.array([x]),
            "y": np.array([y]),
            "name": [name],
            "rings": np.array([boss.rings]),
            "card": [card],
            "label": [f"B{boss.rings}"],
            "what": [f"Boss {name}: {boss.rings} ring(s), card {card}"],
        }
    else:
        out["boss"] = empty_columns(BOSS_COLUMNS)
    return out


def rock_rows(state: SonicState) -> list[dict[str, Any]]:
    """Rows of the ``features`` source for the rocks on the board of ``state``."""
    return [
        marker_row(
            *space_xy(*pos),
            "hex",
            ROCK_LOOK["colour"],
            "Rock",
            line=ROCK_LOOK["line"],
            size=20.0,
            fill_alpha=0.8,
            line_width=1.0,
            words="rock (adds one to the elevation)",
        )
        for pos in sorted(state.board.rocks)
    ]


ROCK_LOOK = {"colour": "#757575", "line": "#424242"}
"""Fill and outline of a rock."""


def _status(state: SonicState, seat: int, shield: bool) -> str:
    """``lost``, ``finished in round N``, ``shield`` or nothing, for the hover card."""
    if state.lost and state.lost[seat]:
        return "lost"
    if state.finished and state.finished[seat]:
        return f"finished in round {state.finished[seat]}"
    return "shield" if shield else ""


def racer_columns(
    state: SonicState,
    names: Sequence[str] | None,
    colours: Sequence[str] | None,
    selected: int,
) -> dict[str, Any]:
    """Columns of the racers source: seat colours (``colours`` if given), the
    ``selected`` seat ringed, racers sharing a space nudged apart so each stays visible."""
    shown = racer_names(state, names)
    chosen = list(colours) if colours else []
    cols = Columns(RACER_COLUMNS)
    seen: dict[tuple[int, int], int] = {}
    for i, t in enumerate(state.board.racers):
        x, y = space_xy(t.col, t.lane)
        if t.large:
            x -= 0.5
        spaces = [t.pos, (t.col - 1, t.lane)] if t.large else [t.pos]
        k = max(seen.get(sp, 0) for sp in spaces)
        for sp in spaces:
            seen[sp] = k + 1
        width = RACER_WIDTH + 1.0 if t.large else RACER_WIDTH
        row = {
            "x": x,
            "y": y + RACER_NUDGE * k,
            "width": width,
            "width_px": width * COLUMN_PX,
            "col": t.col,
            "lane": t.lane + 1,
            "seat": i + 1,
            "name": shown[i],
            "racer": t.id,
            "colour": chosen[i] if i < len(chosen) else player_colour(i),
            "line": "#FFD600" if i == selected else "#222222",
            "line_width": 4.0 if i == selected else 1.5,
            "speed": t.speed,
            "rings": t.rings,
            "badniks": len(t.badniks),
            "score": t.rings + len(t.badniks),
            "ability": shown_id(state.abilities[i] if state.abilities else t.id),
            "label": f"{i + 1}:{t.speed}",
            "status": _status(state, i, t.shield),
        }
        cols.add(**row)
    ints = ("col", "lane", "seat", "speed", "rings", "badniks", "score")
    return cols.arrays(floats=("x", "y", "width", "width_px", "line_width"), ints=ints)
