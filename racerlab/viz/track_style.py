"""Sizes, colours and coordinates of the Battle Racers track plot (no game rules here).

Coordinates: a space ``(column, lane)`` is the unit square centred on
``x = column + 0.5``, ``y = -lane``, so lane 0 (the rulebook's lane 1) is on top
and the race runs left to right.
"""

from __future__ import annotations

__all__ = [
    "BADNIK_PX",
    "BOSS_SIZE",
    "COLUMN_PX",
    "ELEVATION_COLOURS",
    "FEATURE_PX",
    "LANE_PX",
    "MARK_COLOUR",
    "MARK_PX",
    "PATH_COLOUR",
    "RACER_HEIGHT",
    "RACER_NUDGE",
    "RACER_WIDTH",
    "RING_PX",
    "TRACK_HEIGHT",
    "VIEW_BEHIND",
    "VIEW_COLUMNS",
    "Y_RANGE",
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

Y_RANGE = (-4.95, 1.15)
"""The lanes (0 at the top, -4 at the bottom) with room for the labels above and below."""

COLUMN_PX = 30
"""Pixels a column gets across the plot: the browser sets the x range to the columns that
fit the plot's width at this scale (600 px: about 18 columns; 1300 px: about 41), so a
space stays readable on a laptop and on a projector."""
LANE_PX = 50
"""Pixels a lane gets at the plot's height (a floor: more in presenter mode). With
:data:`COLUMN_PX`, turns a label's size in pixels into plot units for the label placer."""

VIEW_COLUMNS = 36
"""Columns shown across the plot before the browser has measured it; the view follows
the racers (pan or reset to see all)."""
VIEW_BEHIND = 3
"""Columns kept in view behind the last racer when the view moves."""

RACER_NUDGE = 0.22
"""Upward shift (in lanes) of a racer drawn on a space another racer already covers."""

RACER_WIDTH, RACER_HEIGHT = 0.84, 0.6
"""Width (in columns; one more for a large racer that covers two spaces) and height (in
lanes) of a racer's token: about 25 by 30 px, leaving room for a tag between lanes."""
BOSS_SIZE = (0.9, 0.7)
"""Width and height (in columns and lanes) of the boss's token."""
RING_PX, BADNIK_PX, MARK_PX, FEATURE_PX = 16, 20, 30, 15
"""Sizes (px) of the ring, badnik, marked-space and terrain markers."""

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
