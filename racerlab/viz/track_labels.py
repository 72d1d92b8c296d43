"""Every text of the track plot as rows of one ``labels`` source, placed so none collide.

Two kinds of text:

* **fixed** labels that belong to the laid track (section names above the lanes,
  each Turn lane's speed limit, a trap's face below the lanes): drawn where they
  belong, left or centre aligned;
* **tags** of what stands on the track and can crowd (a racer's seat and Speed,
  the boss's rings, a ring count, the words of what acts on the path): each is
  given to :func:`racerlab.viz.label_placer.place_labels` with an anchor on the
  edge of the thing it names; the placer keeps it clear of every other tag, of
  the racers, the boss, rings, badniks, marked spaces and the fixed labels. A tag
  moved away from its anchor gets a leader line (``leader_alpha`` 1).

Sizes are worked out in plot units from the text's length and font size at the
plot's scale (:data:`~racerlab.viz.track_style.COLUMN_PX` pixels a column,
:data:`~racerlab.viz.track_style.LANE_PX` a lane), so the browser draws the
boxes the placer kept apart.

>>> rows = LabelRows()
>>> rows.fixed(0.1, 0.7, "Start Line", align="left", baseline="bottom")
>>> box = text_box(rows.data, 0)
>>> box[0] == 0.1 and box[1] == 0.7 and box[2] > 1.0
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .label_placer import place_labels
from .sources import Columns
from .track_style import (
    BADNIK_PX,
    BOSS_SIZE,
    COLUMN_PX,
    LANE_PX,
    MARK_COLOUR,
    MARK_PX,
    RACER_HEIGHT,
    RING_PX,
)

__all__ = [
    "LABEL_COLUMNS",
    "LabelRows",
    "Tag",
    "px_box",
    "text_box",
    "text_size",
    "token_tags",
]

LABEL_COLUMNS = (
    "x",
    "y",
    "text",
    "colour",
    "size",
    "style",
    "align",
    "baseline",
    "background",
    "background_alpha",
    "border_alpha",
    "ax",
    "ay",
    "leader_alpha",
    "kind",
)
"""Columns of the ``labels`` source: where and how each text is drawn, the anchor it
names (``ax``, ``ay``) and whether a leader line joins them."""

PADDING_PX = 2
"""Space (px) between a tag's text and the edge of its box."""

_CHAR_EM = 0.62
"""Width of an average character in ems (a little generous: bold digits and capitals)."""
_LINE_EM = 1.2
"""Height of a line of text in ems."""


def _pt(size: str) -> float:
    """The points of a ``'9pt'`` font size."""
    return float(size.removesuffix("pt"))


def text_size(text: str, size: str = "8pt", padding: float = PADDING_PX) -> tuple[float, float]:
    """Width and height in plot units of ``text`` drawn at font ``size`` with ``padding``.

    >>> w, h = text_size("1:5", "8pt")
    >>> round(w * 30), round(h * 50)
    (24, 17)
    """
    px = _pt(size) * 4 / 3
    width = len(text) * _CHAR_EM * px + 2 * padding
    height = _LINE_EM * px + 2 * padding
    return width / COLUMN_PX, height / LANE_PX


def px_box(x: float, y: float, width_px: float, height_px: float) -> tuple[float, ...]:
    """The box (x0, y0, x1, y1) in plot units of a marker ``width_px`` by ``height_px``
    pixels centred on ``(x, y)``."""
    w, h = width_px / COLUMN_PX / 2, height_px / LANE_PX / 2
    return (x - w, y - h, x + w, y + h)


def text_box(data: dict[str, Sequence[Any]], i: int) -> tuple[float, float, float, float]:
    """The box in plot units that row ``i`` of label columns ``data`` covers."""
    x, y = float(data["x"][i]), float(data["y"][i])
    w, h = text_size(str(data["text"][i]), str(data["size"][i]))
    align, baseline = data["align"][i], data["baseline"][i]
    x0 = x if align == "left" else x - w if align == "right" else x - w / 2
    y0 = y if baseline == "bottom" else y - h if baseline == "top" else y - h / 2
    return (x0, y0, x0 + w, y0 + h)


@dataclass(frozen=True)
class Tag:
    """A text that names something on the track: anchored at (``ax``, ``ay``), on the
    edge of the thing it names, in ``colour``."""

    ax: float
    ay: float
    text: str
    colour: str
    kind: str
    size: str = "8pt"


class LabelRows(Columns):
    """Rows of the ``labels`` source, fixed labels first and then the placed tags."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(LABEL_COLUMNS)

    def fixed(
        self,
        x: float,
        y: float,
        text: str,
        *,
        colour: str = "#333333",
        size: str = "9pt",
        style: str = "normal",
        align: str = "left",
        baseline: str = "bottom",
        kind: str = "track",
    ) -> None:
        """A label of the laid track, drawn at (``x``, ``y``) as aligned, no box."""
        self.add(
            x=x,
            y=y,
            text=text,
            colour=colour,
            size=size,
            style=style,
            align=align,
            baseline=baseline,
            background="#FFFFFF",
            background_alpha=0.0,
            border_alpha=0.0,
            ax=x,
            ay=y,
            leader_alpha=0.0,
            kind=kind,
        )

    def copy(self) -> LabelRows:
        """A new set of rows holding these."""
        rows = LabelRows()
        for key, values in self.data.items():
            rows.data[key].extend(values)
        return rows

    def boxes(self) -> list[tuple[float, float, float, float]]:
        """The box of every row so far."""
        return [text_box(self.data, i) for i in range(len(self))]

    def place(
        self,
        tags: Sequence[Tag],
        obstacles: Sequence[Sequence[float]],
        bounds: tuple[float, float, float, float],
    ) -> None:
        """Add ``tags``, in order (earlier ones get the better places), each kept clear of
        the others, of ``obstacles`` and of the rows already here, inside ``bounds``."""
        if not tags:
            return
        sizes = [text_size(t.text, t.size) for t in tags]
        blocked = [*map(tuple, obstacles), *self.boxes()]
        spots = place_labels([(t.ax, t.ay) for t in tags], sizes, blocked, bounds)
        for tag, spot in zip(tags, spots):
            self.add(
                x=spot.x,
                y=spot.y,
                text=tag.text,
                colour=tag.colour,
                size=tag.size,
                style="bold",
                align="center",
                baseline="middle",
                background="#FFFFFF",
                background_alpha=0.9,
                border_alpha=0.9,
                ax=tag.ax,
                ay=tag.ay,
                leader_alpha=1.0 if spot.moved else 0.0,
                kind=tag.kind,
            )

    def columns(self) -> dict[str, Any]:
        """The rows as the ``labels`` source's columns (numbers as arrays)."""
        nums = ("x", "y", "background_alpha", "border_alpha", "ax", "ay", "leader_alpha")
        return self.arrays(floats=nums)


Box = tuple[float, ...]

RING_TEXT, BOSS_TEXT = "#8D6E00", "#212121"
"""Colours of a ring count's tag and of the boss's tag."""


def token_tags(data: Mapping[str, Mapping[str, Any]]) -> tuple[list[Tag], list[Box]]:
    """The tags of what stands on the track and the boxes they must keep clear of, from
    the columns of the ``racers``, ``boss``, ``rings``, ``badniks`` and ``path-spaces``
    sources. Each tag's anchor is on the top edge of what it names (the bottom edge of a
    marked space, so its words go under it), in the order racers, boss, the path's
    marks, ring counts: earlier ones get the better places."""
    tags: list[Tag] = []
    boxes: list[Box] = []
    r = data["racers"]
    half = RACER_HEIGHT / 2
    for x, y, w, text, colour in zip(r["x"], r["y"], r["width"], r["label"], r["colour"]):
        boxes.append((x - w / 2, y - half, x + w / 2, y + half))
        tags.append(Tag(float(x), float(y) + half, str(text), str(colour), "racer"))
    b = data["boss"]
    bw, bh = BOSS_SIZE[0] / 2, BOSS_SIZE[1] / 2
    for x, y, text in zip(b["x"], b["y"], b["label"]):
        boxes.append((x - bw, y - bh, x + bw, y + bh))
        tags.append(Tag(float(x), float(y) + bh, str(text), BOSS_TEXT, "boss"))
    p = data["path-spaces"]
    for x, y, mark, text in zip(p["x"], p["y"], p["mark"], p["label"]):
        if mark:
            box = px_box(x, y, MARK_PX, MARK_PX)
            boxes.append(box)
            tags.append(Tag(float(x), box[1], str(text), MARK_COLOUR, "mark"))
    g = data["rings"]
    for x, y, count in zip(g["x"], g["y"], g["count"]):
        box = px_box(x, y, RING_PX, RING_PX)
        boxes.append(box)
        if count > 1:
            tags.append(Tag(float(x), box[3], f"×{count}", RING_TEXT, "rings"))
    n = data["badniks"]
    boxes.extend(px_box(x, y, BADNIK_PX, BADNIK_PX) for x, y in zip(n["x"], n["y"]))
    return tags, boxes
