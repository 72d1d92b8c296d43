"""Named data sources and their columns, shared by the arena and track plots.

A plot keeps its :class:`~bokeh.models.ColumnDataSource` objects in a
:class:`SourceSet`: a dict by short key whose sources carry a ``name`` with the
plot's prefix (``track-racers``, ``arena-arc`` ...), so tests and notebooks can
find them. Drawing code fills plain lists and turns the numeric ones into numpy
arrays with :func:`as_arrays`.

>>> sources = SourceSet("demo")
>>> sources.add("dots", "x", "label").name, list(sources["dots"].data)
('demo-dots', ['x', 'label'])
>>> cols = as_arrays({"x": [1, 2], "n": [3], "label": ["a"]}, floats=("x",), ints=("n",))
>>> cols["x"].dtype.kind, cols["n"].dtype.kind, cols["label"]
('f', 'i', ['a'])

Glyph columns built a row at a time go through a :class:`Columns`:

>>> dots = Columns(("x", "label"))
>>> dots.add(x=1.5, label="a")
>>> dots.arrays(floats=("x",))["x"].tolist(), dots.data["label"]
([1.5], ['a'])
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

import numpy as np
from bokeh.models import ColumnDataSource, Legend, LegendItem

from .style import PLOT_SIZES

__all__ = [
    "Columns",
    "SourceSet",
    "Swatch",
    "as_arrays",
    "empty_columns",
    "legend_below",
    "style_legend",
    "swatch_items",
]


def empty_columns(keys: Iterable[str]) -> dict[str, list[Any]]:
    """One empty list per column name, in order."""
    return {k: [] for k in keys}


def as_arrays(
    data: Mapping[str, Any], floats: Collection[str] = (), ints: Collection[str] = ()
) -> dict[str, Any]:
    """``data`` with the ``floats`` columns as float arrays and the ``ints`` as int arrays
    (the rest, text, left as they are); column order kept."""
    return {
        k: (np.array(v, dtype=float) if k in floats else np.array(v, dtype=int) if k in ints else v)
        for k, v in data.items()
    }


class Columns:
    """The columns of one source, filled a row at a time; every row names every column.

    ``data`` holds one list per column, in the order the columns were named.
    """

    __slots__ = ("data",)

    def __init__(self, keys: Iterable[str]) -> None:
        self.data: dict[str, list[Any]] = empty_columns(keys)

    def add(self, **row: Any) -> None:
        """Append one row; ``KeyError`` naming the columns missing or unknown."""
        if row.keys() != self.data.keys():
            missing = sorted(self.data.keys() - row.keys())
            unknown = sorted(row.keys() - self.data.keys())
            raise KeyError(f"a row must give every column: missing {missing}, unknown {unknown}")
        for key, value in row.items():
            self.data[key].append(value)

    def __len__(self) -> int:
        return len(next(iter(self.data.values()), ()))

    def arrays(self, floats: Collection[str] = (), ints: Collection[str] = ()) -> dict[str, Any]:
        """The columns, numbers as numpy arrays (see :func:`as_arrays`)."""
        return as_arrays(self.data, floats=floats, ints=ints)


class SourceSet(dict[str, ColumnDataSource]):
    """A plot's sources by short key; each source is named ``<prefix>-<key>``."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def add(self, key: str, *columns: str) -> ColumnDataSource:
        """A new empty source with these columns, kept under ``key``."""
        source = ColumnDataSource(data=empty_columns(columns), name=f"{self.prefix}-{key}")
        self[key] = source
        return source

    def fill(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        """Replace the data of each source named in ``data`` (key -> columns), in order."""
        for key, columns in data.items():
            self[key].data = dict(columns)

    def clear(self, *keys: str) -> None:
        """Empty the named sources (their columns stay)."""
        for key in keys:
            self[key].data = empty_columns(self[key].data)


def style_legend(legend: Legend) -> Legend:
    """Centre a legend, lay it out in a row, in racerlab's legend size, not clickable."""
    legend.location = "center"
    legend.orientation = "horizontal"
    legend.label_text_font_size = f"{PLOT_SIZES['legend_pt']}pt"
    legend.background_fill_alpha = 0.85
    legend.click_policy = "none"
    return legend


def legend_below(fig: Any, items: list[Any], ncols: int) -> Legend:
    """A styled legend of ``items`` in ``ncols`` columns, added below ``fig``; returns it."""
    legend = style_legend(Legend(items=items, ncols=ncols))
    fig.add_layout(legend, "below")
    return legend


Swatch = tuple[str, str, Mapping[str, Any]]
"""A legend entry: (label, ``"line"`` or a scatter marker name, its constant look)."""

_NAN = np.array([np.nan])


def swatch_items(fig: Any, entries: Iterable[Swatch]) -> list[LegendItem]:
    """Legend items, each on a swatch renderer of its own added to ``fig``.

    A swatch renderer holds one row at NaN (it draws nothing on the plot) and
    constant colours, so its entry shows a swatch even while the layer it names
    is empty: Bokeh draws no swatch for a renderer without data, nor one whose
    colour is a column of empty data.
    """
    items = []
    for label, shape, look in entries:
        if shape == "line":
            swatch = fig.segment(x0=_NAN, y0=_NAN, x1=_NAN, y1=_NAN, **look)
        else:
            swatch = fig.scatter(x=_NAN, y=_NAN, marker=shape, size=12, **look)
        items.append(LegendItem(label=label, renderers=[swatch]))
    return items
