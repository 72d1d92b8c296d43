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

A light plot draws each *kind* of mark once: a :class:`Mark` is one source whose rows
come from several :class:`Layer` objects (a :class:`LayerSet` keeps them by name),
each row with its own look (:class:`Col` names a layer column, anything else is a
constant); a mark sets its source only when its rows changed:

>>> layers = LayerSet("demo")
>>> a, b = layers.add("a", "x"), layers.add("b", "x", "c")
>>> mark = Mark("demo-dots", ("x", "colour"), [(a, {"colour": "red"}), (b, {"colour": Col("c")})])
>>> layers.fill({"a": {"x": [1.0]}, "b": {"x": [2.0, 3.0], "c": ["blue", "green"]}})
>>> mark.sync(), mark.source.data["colour"], layers["b"].name
(True, ['red', 'blue', 'green'], 'demo-b')
>>> layers.fill({"a": {"x": [1.0]}})  # the same rows again: the source is left alone
>>> mark.sync()
False
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

import numpy as np
from bokeh.core.property.validation import validate
from bokeh.models import (
    AllIndices,
    CDSView,
    ColumnDataSource,
    GlyphRenderer,
    Legend,
    LegendItem,
    Selection,
    UnionRenderers,
)

from .style import PLOT_SIZES

__all__ = [
    "WIRE_LIST_LIMIT",
    "Col",
    "Columns",
    "Layer",
    "LayerSet",
    "Mark",
    "SharedParts",
    "SourceSet",
    "Swatch",
    "as_arrays",
    "empty_columns",
    "legend_below",
    "send_columns",
    "style_legend",
    "swatch_items",
    "wire_form",
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


class SharedParts:
    """The helper models one plot's sources and renderers share instead of one each.

    Bokeh gives every source a ``Selection`` and a ``UnionRenderers`` selection policy,
    and every renderer a ``CDSView`` with an ``AllIndices`` filter: four models per kind
    of mark that hold nothing of their own on racerlab's plots. The policy and the
    filter are stateless; the selection is shared only by sources nothing selects a row
    of (no tap or box-select tool; a hover card inspects without selecting), so a page
    loads fewer models. A source a tool selects in (the editor's drag handles) keeps a
    selection of its own (``selectable=True``).

    >>> from bokeh.models import Scatter
    >>> from bokeh.plotting import figure
    >>> fig, parts = figure(), SharedParts()
    >>> a, b = parts.source({"x": [1.0]}, "a"), parts.source({"x": [2.0]}, "b")
    >>> a.selected is b.selected, a.selection_policy is b.selection_policy
    (True, True)
    >>> ra = parts.renderer(fig, a, Scatter(x="x"))
    >>> rb = parts.renderer(fig, b, Scatter(x="x"))
    >>> ra.view.filter is rb.view.filter, SharedParts.of(fig).every is ra.view.filter
    (True, True)
    """

    __slots__ = ("every", "policy", "selection")

    def __init__(self) -> None:
        self.selection = Selection()
        self.policy = UnionRenderers()
        self.every = AllIndices()

    @classmethod
    def of(cls, fig: Any) -> SharedParts:
        """The parts the glyph renderers already on ``fig`` share (new ones if it has none)."""
        parts = cls()
        for r in fig.renderers:
            if isinstance(r, GlyphRenderer):
                source = r.data_source
                parts.selection, parts.policy = source.selected, source.selection_policy
                parts.every = r.view.filter
                break
        return parts

    def source(
        self, data: Mapping[str, Any], name: str, *, selectable: bool = False
    ) -> ColumnDataSource:
        """A source named ``name`` holding ``data`` (with a selection of its own if a tool
        selects in it)."""
        selected = Selection() if selectable else self.selection
        return ColumnDataSource(
            data={k: wire_form(v) for k, v in data.items()},
            name=name,
            selected=selected,
            selection_policy=self.policy,
        )

    def renderer(self, fig: Any, source: ColumnDataSource, glyph: Any, **props: Any) -> Any:
        """``glyph`` drawn from ``source``, added to ``fig`` (no selection or muted glyph of
        its own: Bokeh draws those looks from the glyph)."""
        view = CDSView(filter=self.every)
        renderer = GlyphRenderer(data_source=source, glyph=glyph, view=view, **props)
        fig.renderers.append(renderer)
        return renderer


class SourceSet(dict[str, ColumnDataSource]):
    """A plot's sources by short key; each source is named ``<prefix>-<key>``; they share
    their helper models (``parts``)."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix
        self.parts = SharedParts()
        self.sent: dict[str, Mapping[str, Any]] = {}
        """The columns each source was last given, as built (before :func:`wire_form`)."""

    def add(self, key: str, *columns: str) -> ColumnDataSource:
        """A new empty source with these columns, kept under ``key``."""
        self.sent[key] = empty_columns(columns)
        source = self.parts.source(self.sent[key], f"{self.prefix}-{key}")
        self[key] = source
        return source

    def put(self, key: str, columns: Mapping[str, Any]) -> bool:
        """Give the source under ``key`` these columns, sending only what changed
        (:func:`send_columns`); whether anything did."""
        changed = send_columns(self[key], columns, self.sent[key])
        self.sent[key] = dict(columns)
        return changed

    def fill(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        """Replace the data of each source named in ``data`` (key -> columns), in order."""
        for key, columns in data.items():
            self.put(key, columns)

    def clear(self, *keys: str) -> None:
        """Empty the named sources (their columns stay)."""
        for key in keys:
            self.put(key, empty_columns(self.sent[key]))


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


# -- layers drawn by shared marks -------------------------------------------------------------


class Layer:
    """One layer of a plot (the racers, the firing arc ...): its own columns ``data`` and
    ``name``, drawn as rows of one or more :class:`Mark` objects. ``version`` counts
    the times its data was set, so a mark rebuilds only after one of its layers did."""

    __slots__ = ("data", "key", "name", "version")

    def __init__(self, key: str, name: str, data: Mapping[str, Any]) -> None:
        self.key, self.name = key, name
        self.data: dict[str, Any] = dict(data)
        self.version = 0

    def set(self, data: Mapping[str, Any]) -> None:
        """Replace the layer's columns."""
        self.data = dict(data)
        self.version += 1

    def __len__(self) -> int:
        return len(next(iter(self.data.values()), ()))


class LayerSet(dict[str, Layer]):
    """A plot's layers by short key; each is named ``<prefix>-<key>`` (as a source would be)."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix

    def add(self, key: str, *columns: str) -> Layer:
        """A new empty layer with these columns, kept under ``key``."""
        layer = Layer(key, f"{self.prefix}-{key}", empty_columns(columns))
        self[key] = layer
        return layer

    def fill(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        """Replace the columns of each layer named in ``data`` (key -> columns)."""
        for key, columns in data.items():
            self[key].set(columns)

    def clear(self, *keys: str) -> None:
        """Empty the named layers (their columns stay)."""
        for key in keys:
            self[key].set(empty_columns(self[key].data))


class Col:
    """In a mark's look: take this column of the layer (anything else is a constant)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


Look = Mapping[str, Any]
"""A mark column -> a :class:`Col` of the layer or a constant for every row; a mark
column not named takes the layer's column of the same name."""


class Mark:
    """One ColumnDataSource (named ``name``) for one kind of mark: first its ``swatches``
    (fixed rows a legend entry can point at, drawn at NaN so nothing shows on the plot),
    then the rows of each ``(layer, look)`` part in order (later parts draw on top).

    With ``columns=None`` the mark shows its single layer's columns as they are. Marks of
    one plot share their sources' helper models (``shared``).
    """

    def __init__(
        self,
        name: str,
        columns: Iterable[str] | None,
        parts: Iterable[tuple[Layer, Look]],
        swatches: Iterable[Mapping[str, Any]] = (),
        floats: Collection[str] = (),
        shared: SharedParts | None = None,
    ) -> None:
        self.shared = shared if shared is not None else SharedParts()
        self.columns = None if columns is None else tuple(columns)
        self.parts = list(parts)
        self.swatches = [dict(row) for row in swatches]
        self.floats = frozenset(floats)
        if self.columns is None and (len(self.parts) != 1 or self.swatches):
            raise ValueError(f"mark {name}: without columns it shows exactly one layer")
        self._sent = self._rows()
        self._seen = self._versions()
        self.source = self.shared.source(self._sent, name)

    def _versions(self) -> tuple[int, ...]:
        return tuple(layer.version for layer, _ in self.parts)

    def _rows(self) -> dict[str, Any]:
        if self.columns is None:
            return dict(self.parts[0][0].data)
        cols: dict[str, list[Any]] = empty_columns(self.columns)
        for row in self.swatches:
            for c in self.columns:
                cols[c].append(row[c])
        for layer, look in self.parts:
            n, data = len(layer), layer.data
            for c in self.columns:
                spec = look.get(c, Col(c))
                cols[c].extend(data[spec.name] if isinstance(spec, Col) else [spec] * n)
        return as_arrays(cols, floats=self.floats)

    def sync(self) -> bool:
        """Set the source's data if a layer changed and its rows differ; whether it did."""
        versions = self._versions()
        if versions == self._seen:
            return False
        self._seen = versions
        rows = self._rows()
        with validate(False):  # columns we built ourselves: skip Bokeh's type checks
            changed = send_columns(self.source, rows, self._sent)
        self._sent = rows
        return changed


WIRE_LIST_LIMIT = 512
"""Columns with at most this many numbers in all go to the page as plain lists: each
numpy array would travel as a binary buffer of its own (an id, a frame), which costs
more than the numbers for the small columns of a plot."""


def wire_form(value: Any) -> Any:
    """``value`` as it is best sent: a small numeric array, or a list of small arrays
    (patches, lines), as plain lists; anything else as it is.

    >>> wire_form(np.array([1.0, 2.0])), wire_form([np.array([1, 2]), np.array([3])])
    ([1.0, 2.0], [[1, 2], [3]])
    >>> type(wire_form(np.zeros(WIRE_LIST_LIMIT + 1))).__name__
    'ndarray'
    """
    if isinstance(value, np.ndarray):
        return value.tolist() if value.size <= WIRE_LIST_LIMIT else value
    nested = isinstance(value, list) and value and isinstance(value[0], np.ndarray)
    if nested and sum(np.size(a) for a in value) <= WIRE_LIST_LIMIT:
        return [a.tolist() if isinstance(a, np.ndarray) else a for a in value]
    return value


def send_columns(
    source: ColumnDataSource, rows: Mapping[str, Any], held: Mapping[str, Any]
) -> bool:
    """Give ``source`` the columns ``rows``, as :func:`wire_form`, when it last got
    ``held``; whether anything changed.

    With the same columns and row count, only the columns whose values differ are set
    (one update, so the page gets those columns alone); otherwise the whole data.

    >>> old = {"x": np.array([1.0, 2.0]), "name": ["a", "b"]}
    >>> src = ColumnDataSource(old)
    >>> new = {"x": np.array([1.0, 3.0]), "name": ["a", "b"]}
    >>> send_columns(src, new, old), src.data["x"]
    (True, [1.0, 3.0])
    >>> send_columns(src, new, new)
    False

    NaN equals NaN here (a legend's swatch rows sit at NaN), and lists of arrays (patches,
    lines) are compared array by array:

    >>> held = {"x": np.array([np.nan]), "xs": [np.array([1.0])]}
    >>> src = ColumnDataSource(held)
    >>> send_columns(src, {"x": np.array([np.nan]), "xs": [np.array([1.0])]}, held)
    False
    >>> send_columns(src, {"x": np.array([np.nan]), "xs": [np.array([2.0])]}, held)
    True
    """
    sizes = {len(v) for v in rows.values()} | {len(v) for v in held.values()}
    if rows.keys() != held.keys() or len(sizes) > 1:
        source.data = {k: wire_form(v) for k, v in rows.items()}
        return True
    changed = {k: wire_form(v) for k, v in rows.items() if not _same_values(v, held[k])}
    if len(changed) == len(rows):
        source.data = changed
    elif changed:
        source.data.update(changed)
    return bool(changed)


def _same_values(u: Any, v: Any) -> bool:
    if len(u) != len(v):
        return False
    if isinstance(u, np.ndarray) and isinstance(v, np.ndarray):
        return _same_array(u, v)
    for p, q in zip(u, v):
        if p is q:  # the same array (a layer left as it was): nothing to compare
            continue
        if isinstance(p, np.ndarray) or isinstance(q, np.ndarray):
            if not (isinstance(p, np.ndarray) and isinstance(q, np.ndarray) and _same_array(p, q)):
                return False
        elif p != q and not (p != p and q != q):  # NaN == NaN here
            return False
    return True


def _same_array(p: np.ndarray, q: np.ndarray) -> bool:
    floats = p.dtype.kind == "f" and q.dtype.kind == "f"
    return p.shape == q.shape and bool(np.array_equal(p, q, equal_nan=floats))
