"""Colours, sizes and fonts shared by every racerlab plot and page (no Bokeh import here).

Player colours are the Okabe–Ito palette, chosen to stay distinguishable for
the common forms of colour blindness and on a projector.

>>> player_colour(0), player_colour(8) == player_colour(0)
('#0072B2', True)
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "FONT",
    "PALETTE",
    "PLOT_SIZES",
    "THEME",
    "apply_figure_style",
    "player_colour",
]

PALETTE: tuple[str, ...] = (
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#F0E442",  # yellow
    "#000000",  # black
)
"""Seat colours in seat order (Okabe–Ito)."""

THEME: dict[str, str] = {
    "accent": "#1F3A5F",
    "table": "#F4EFE6",
    "wall": "#5B4636",
    "grid": "#D8CFBF",
    "waypoint_open": "#2E7D32",
    "waypoint_closed": "#8D1C1C",
    "arc": "#F2C14E",
    "range": "#333333",
    "ram": "#7B2CBF",
    "reach": "#2A9D8F",
    "hit": "#1B5E20",
    "miss": "#9E9E9E",
    "text": "#222222",
}
"""Named colours of table, walls, waypoints and overlays."""

FONT = "Inter, 'Segoe UI', Helvetica, Arial, sans-serif"
"""Font stack for titles, labels and legends."""

PLOT_SIZES: dict[str, int] = {
    "min_height": 420,
    "height": 680,
    "title_pt": 15,
    "label_pt": 11,
    "legend_pt": 10,
}
"""Plot heights that fit a 1366x768 laptop and stretch on a 1920x1080 projector."""


def player_colour(seat: int) -> str:
    """The colour of seat ``seat`` (wraps around after eight)."""
    return PALETTE[seat % len(PALETTE)]


def apply_figure_style(fig: Any) -> Any:
    """Give a Bokeh figure racerlab's fonts, title size and quiet toolbar; returns it."""
    fig.title.text_font = FONT
    fig.title.text_font_size = f"{PLOT_SIZES['title_pt']}pt"
    fig.title.text_color = THEME["text"]
    for axis in (*fig.xaxis, *fig.yaxis):
        axis.axis_label_text_font = FONT
        axis.axis_label_text_font_style = "normal"
        axis.major_label_text_font_size = f"{PLOT_SIZES['label_pt']}pt"
    fig.toolbar.logo = None
    fig.toolbar.autohide = True
    return fig
