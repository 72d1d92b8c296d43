"""The end of a game written on the board itself: one Bokeh :class:`~bokeh.models.Label`.

A class watching a projector looks at the board, not at a line of side text, so when
a game ends both plots show the winner's name and the final standings in a box over
the board (white, nearly opaque, with a dark border, so it reads over the arena's
table or the track's lanes). The label is one model, put on the figure the first time
a game ends (a first page sends none) and shown (``visible``) only while the game shown
is over; its text is set from plain lines (Bokeh draws it as text, never as markup, so a
name from a file is shown as written).

>>> from bokeh.plotting import figure
>>> fig = figure()
>>> label = result_label(fig, x=5.0, y=5.0)
>>> label.visible, label in fig.center
(False, False)
>>> show_result(label, ["Cindy wins", "1. Cindy: 6 Glory"], fig)
>>> label.visible, label.text, label in fig.center
(True, 'Cindy wins\\n1. Cindy: 6 Glory', True)
>>> show_result(label, [], fig)
>>> label.visible
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bokeh.models import Label

from .style import FONT

__all__ = ["RESULT_LOOK", "result_label", "show_result"]

RESULT_LOOK: dict[str, Any] = dict(
    text_font_size="13pt",
    text_font_style="bold",
    text_color="#1A1A1A",
    text_line_height=1.3,
    background_fill_color="#FFFFFF",
    background_fill_alpha=0.93,
    border_line_color="#1A1A1A",
    border_line_width=2,
    border_line_alpha=0.9,
    padding=10,
    border_radius=6,
)
"""How the result box looks: large dark text on a nearly opaque white box."""


def result_label(
    fig: Any,
    *,
    x: float,
    y: float,
    x_units: str = "data",
    y_units: str = "data",
    align: str = "center",
    baseline: str = "middle",
) -> Label:
    """A hidden result box at (``x``, ``y``) in ``x_units``/``y_units`` (``"data"`` or
    ``"screen"`` pixels from the frame's left or bottom) for ``fig``; it joins the figure
    when :func:`show_result` first has lines for it."""
    label = Label(
        x=x,
        y=y,
        x_units=x_units,
        y_units=y_units,
        text="",
        text_font=FONT,
        text_align=align,
        text_baseline=baseline,
        visible=False,
        name="result-note",
        **RESULT_LOOK,
    )
    return label


def show_result(label: Label, lines: Sequence[str], fig: Any) -> None:
    """Write ``lines`` in the result box of ``fig`` and show it; no lines hide it. Only what
    changed is set (a redraw of the same result sends nothing)."""
    if lines and label not in fig.center:
        fig.add_layout(label)
    text = "\n".join(lines)
    if label.text != text:
        label.text = text
    if label.visible != bool(lines):
        label.visible = bool(lines)
