"""Sizes, colours and coordinates of the Battle Racers track plot (no game rules here).

Coordinates: a space ``(column, lane)`` is the unit square centred on
``x = column + 0.5``, ``y = -lane``, so lane 0 (the rulebook's lane 1) is on top
and the race runs left to right.
"""

from __future__ import annotations

__all__ = [
    "ELEVATION_COLOURS",
    "MARK_COLOUR",
    "PATH_COLOUR",
    "RACER_NUDGE",
    "TRACK_HEIGHT",
    "VIEW_BEHIND",
    "VIEW_COLUMNS",
    "space_xy",
]

ELEVATION_COLOURS: dict[int, str] = {
    -1: "#7DB9E8",  # water
    0: "#EEE9DA",
    1: "#D3C59F",
    2: "#B09A6A",
    3: "#8A7448",  # a rock on elevation 2
}
"""Fill of a space by elevation (-1 is water; a rock adds one level)."""

TRACK_HEIGHT = 500
"""Plot height (px) including the legends: five readable lanes on a laptop or projector."""

VIEW_COLUMNS = 36
"""Columns shown across the plot; the view follows the racers (pan or reset to see all)."""
VIEW_BEHIND = 3
"""Columns kept in view behind the last racer when the view moves."""

RACER_NUDGE = 0.22
"""Upward shift (in lanes) of a racer drawn on a space another racer already covers."""

PATH_COLOUR = "#0B6E99"
"""Colour of the previewed path."""
MARK_COLOUR = "#B00020"
"""Colour of the spaces on the path where something acts."""


def space_xy(col: int, lane: int) -> tuple[float, float]:
    """The plot coordinates of the centre of space ``(col, lane)``.

    >>> space_xy(3, 0), space_xy(0, 4)
    ((3.5, 0.0), (0.5, -4.0))
    """
    return (col + 0.5, 0.0 - lane)
