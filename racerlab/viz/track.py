"""The Battle Racers track as a Bokeh figure: a lane grid drawn from a game state.

:class:`TrackPlot` builds its figure and every renderer once; :meth:`TrackPlot.update`
only replaces the ``ColumnDataSource.data`` that changed (numpy arrays for numbers), so a
step or a tweak redraws in a few milliseconds and never adds or drops a model. Each
source has a ``name`` (``track-cells``, ``track-racers``, ``track-labels`` ...) so tests
and notebooks can find it.

Coordinates: a space ``(column, lane)`` is the unit square centred on
``x = column + 0.5``, ``y = -lane``, so lane 0 (the rulebook's lane 1) is on top
and the race runs left to right.

What is drawn:

* every laid space, shaded by elevation (water, 0, 1, 2, a rock adds 1), with
  section boundaries and names, the start and finish lines, and each Turn
  lane's speed number;
* terrain markers: spikes, accelerators and decelerators (arrow pointing the
  way they push), oil, treadmills (with their direction) and springs;
* breakaway platforms still in place, traps with the face now showing,
  Virtual Reality tokens, rocks;
* rings (with the count), badniks (by kind), the boss (rings left, card shown);
* the racers in their player's colour, tagged with seat and Speed; hover
  for name, Speed, rings, badniks and Ability;
* the path preview: the spaces a movement will enter, with the spaces where
  terrain, badniks, rings or the boss act on it marked and labelled (from
  :func:`racerlab.sonic.queries.path_preview`);
* tags (seat:Speed, the boss's rings, ring counts, what acts on the path) placed so that
  none covers another or a racer, with a leader line when moved.

The work is split by concern: :mod:`~racerlab.viz.track_style` (sizes, colours,
coordinates), :mod:`~racerlab.viz.track_terrain` (the laid track),
:mod:`~racerlab.viz.track_tokens` (rings, badniks, boss, racers),
:mod:`~racerlab.viz.track_path` (the path preview),
:mod:`~racerlab.viz.track_labels` (every text, and where the tags go) and
:mod:`~racerlab.viz.track_layers` (the figure, glyphs, hover cards and legend).
This module holds :class:`TrackPlot`, which ties them together, and keeps every
public name importable from here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..sonic.queries import PathPreview
from ..sonic.state import SonicState
from .editing import reserve_drag_tool
from .result_note import result_label, show_result
from .sources import Columns, SourceSet
from .track_labels import LabelRows, token_tags
from .track_layers import build_track_layers, legend_rows, track_figure
from .track_path import path_columns
from .track_style import (
    ELEVATION_COLOURS,
    TRACK_HEIGHT,
    VIEW_BEHIND,
    VIEW_COLUMNS,
    Y_RANGE,
    space_xy,
)
from .track_terrain import (
    FEATURE_COLUMNS,
    FEATURE_STYLE,
    SECTION_NAME_Y,
    area_columns,
    fixed_labels,
    terrain_columns,
    terrain_words,
    turn_tags,
)
from .track_tokens import BADNIK_STYLE, racer_columns, racer_names, rock_rows, token_columns

__all__ = [
    "BADNIK_STYLE",
    "ELEVATION_COLOURS",
    "FEATURE_STYLE",
    "TRACK_HEIGHT",
    "TrackPlot",
    "racer_names",
    "space_xy",
    "terrain_words",
]

MARGIN = 0.3
"""Room (in columns or lanes) kept between a label and the edge of the plot."""


class TrackPlot:
    """A lane-grid Bokeh drawing of a Battle Racers track that updates in place.

    >>> from racerlab.sonic import SonicRules, SonicSetup
    >>> state = SonicRules().initial_state(SonicSetup(("sonic", "tails")), seed=1)
    >>> plot = TrackPlot(state)
    >>> len(plot.sources["racers"].data["name"]), len(plot.sources["cells"].data["x"]) % 5
    (2, 0)
    """

    def __init__(
        self,
        state: SonicState,
        *,
        names: Sequence[str] | None = None,
        colours: Sequence[str] | None = None,
        selected: int = 0,
        title: str = "Battle Racers track",
    ) -> None:
        self.figure = track_figure(title)
        self.sources = SourceSet("track")
        self.legend = build_track_layers(self.figure, self.sources)
        reserve_drag_tool(self.figure)  # the editor's, hidden: see racerlab.viz.editing
        self.result = result_label(  # at the left of the view whatever is panned, mid-lanes
            self.figure, x=12, x_units="screen", y=-2.0, align="left"
        )
        """The end of the game over the lanes (hidden until :meth:`show_result`)."""
        self._terrain_key: Any = None
        self._terrain_features: dict[str, list[Any]] = {}
        self._features_key: Any = None
        self._labels_stale = True
        self._fixed = LabelRows()
        self._turn_tags: list[Any] = []  # placed after the tokens' tags (track_terrain)
        self.names = names
        self.colours = colours
        self.selected = selected
        self.preview: PathPreview | None = None
        self.state: SonicState | None = None
        self._preview_drawn: tuple[Any, ...] | None = None
        self._state_drawn: tuple[Any, ...] | None = None  # the words drawn with self.state
        self.update(state, selected=selected)

    def racer_at(self, x: float, y: float, slack: float = 0.6) -> int | None:
        """The seat of the racer drawn at ``(x, y)`` (a click on the plot): the nearest
        one whose space is within ``slack`` of the point, else ``None``."""
        data = self.sources["racers"].data
        best: tuple[float, int] | None = None
        for rx, ry, w, seat in zip(data["x"], data["y"], data["width"], data["seat"]):
            dx = max(abs(x - float(rx)) - float(w) / 2, 0.0)
            gap = math.hypot(dx, y - float(ry))
            if gap <= slack and (best is None or gap < best[0]):
                best = (gap, int(seat) - 1)
        return None if best is None else best[1]

    # -- drawing -------------------------------------------------------------------------
    def update(
        self,
        state: SonicState,
        *,
        selected: int | None = None,
        preview: PathPreview | None = None,
        mover: int | None = None,
        names: Sequence[str] | None = None,
        boss_name: str = "",
        boss_card: str = "",
    ) -> None:
        """Redraw for ``state``: the selected racer ringed, and ``preview`` (a path of
        seat ``mover``) drawn with its marks; only the data of sources that changed is
        replaced (no source or renderer is ever replaced), and the labels are placed once."""
        if selected is not None:
            self.selected = selected
        self._draw_state(state, names, boss_name, boss_card)
        self._draw_preview(preview, mover)
        self._draw_labels()

    def _draw_state(
        self, state: SonicState, names: Sequence[str] | None, boss_name: str, boss_card: str
    ) -> None:
        """The track, tokens and racers of ``state`` (nothing, if drawn with the same words)."""
        if names is not None:
            self.names = names
        words = (self.names, boss_name, boss_card, self.selected)
        if state is self.state and words == self._state_drawn:
            return  # drawn already (states are compared by identity: they never change)
        self._state_drawn = words
        self.state = state
        self._draw_terrain(state.board)
        self._put(token_columns(state, boss_name, boss_card))
        features_key = (self._terrain_key, state.board.rocks)
        if features_key != self._features_key:  # new terrain or rocks moved
            self._features_key = features_key
            self._put({"features": self._feature_columns(state)})
        self.show_selection(self.selected)

    def show_result(self, lines: Sequence[str]) -> None:
        """Write the end of the game (the winners, then the standings) over the lanes;
        no lines hide it (:mod:`~racerlab.viz.result_note`)."""
        show_result(self.result, lines, self.figure)

    def show_selection(self, selected: int) -> None:
        """Ring racer ``selected`` and name it in the title (nothing else is redrawn)."""
        state = self.state
        assert state is not None, "TrackPlot.update draws a state first"
        self.selected = selected
        board = state.board
        self._put({"racers": racer_columns(state, self.names, self.colours, selected)})
        laid = board.track.n_columns
        rnd = f"Round {state.round}"
        who = ""
        if 0 <= selected < len(board.racers):
            who = f" · selected: {racer_names(state, self.names)[selected]}"
        more = f" (+{len(state.pending)} to lay)" if state.pending else ""
        self.figure.title.text = f"{rnd} · {laid} columns{more}{who}"  # fits 600 px

    def show_preview(self, preview: PathPreview | None, mover: int | None = None) -> None:
        """Draw ``preview`` (a path of seat ``mover``; ``None``: no path) on the state shown,
        keeping it in view (nothing else is redrawn)."""
        self._draw_preview(preview, mover)
        self._draw_labels()

    def _draw_preview(self, preview: PathPreview | None, mover: int | None) -> None:
        state = self.state
        assert state is not None, "TrackPlot.update draws a state first"
        drawn = self._preview_drawn
        if drawn is not None and drawn[0] is state and drawn[1:] == (preview, mover):
            return  # already shown: asking twice draws once
        self._preview_drawn = (state, preview, mover)
        self.preview = preview
        self._put(path_columns(state, preview, mover))
        self._follow(state, preview)

    # -- helpers -------------------------------------------------------------------------
    def _put(self, data: Mapping[str, Mapping[str, Any]]) -> None:
        """Give each source named in ``data`` its new columns if they differ from what it
        holds (the source object stays); the labels are placed again if one that has or
        keeps off a label changed."""
        for key, columns in data.items():
            if self.sources.put(key, columns):
                self._labels_stale = self._labels_stale or key in _LABELLED

    def _feature_columns(self, state: SonicState) -> dict[str, Any]:
        """The legend's swatches (first, so the legend lists the things on the track
        before the terrain), the terrain markers and the rocks, as one source."""
        rows = Columns(FEATURE_COLUMNS)
        for row in _LEGEND_ROWS:
            rows.add(**row)
        for k in FEATURE_COLUMNS:
            rows.data[k].extend(self._terrain_features[k])
        for row in rock_rows(state):
            rows.add(**row)
        return rows.arrays(floats=("x", "y", "angle", "size", "fill_alpha", "line_width"))

    def _draw_labels(self) -> None:
        """Every text: the track's own labels, then the tags of what stands on it, placed
        so that none covers another, a racer, the boss, a ring, a badnik or a mark."""
        state = self.state
        assert state is not None
        if not self._labels_stale:
            return  # nothing that has a label or keeps labels away moved
        self._labels_stale = False
        rows = self._fixed.copy()
        tags, obstacles = token_tags({k: self.sources[k].data for k in _TOKEN_SOURCES})
        tags.extend(self._turn_tags)
        n = state.board.track.n_columns
        bounds = (-0.5 + MARGIN / 3, Y_RANGE[0] + MARGIN / 3, n + 0.5 - MARGIN / 3, SECTION_NAME_Y)
        rows.place(tags, obstacles, bounds)
        self._put({"labels": rows.columns()})

    def _follow(self, state: SonicState, preview: PathPreview | None) -> None:
        """Keep the racers (and the previewed path) in view: the x range moves only when
        something to show lies outside it, so a reader's own panning is respected. The
        view starts at a section's start, so the name of the first section shown is
        whole."""
        board = state.board
        track = board.track
        n = track.n_columns
        cols = [t.col for t in board.racers]
        if board.boss is not None:
            cols.append(board.boss[0])
        if preview is not None and preview.spaces:
            cols.extend(c for c, _ in preview.spaces)
        xr = self.figure.x_range
        xr.bounds = (-0.5, n + 0.5)
        shown = xr.start is not None and xr.end is not None
        span = xr.end - xr.start if shown and xr.end > xr.start else float(VIEW_COLUMNS)
        span = min(span, n + 1.0)  # never wider than the track and its margins
        lo = max(0, min(cols) - VIEW_BEHIND)
        hi = min(n, max(cols) + 2)
        # the first column shown is a section's first: its name is whole
        first = min(lo, max(0, math.floor(n + 0.5 - span + MARGIN)))
        first = track.offsets[track.section_index(min(first, n - 1))]
        if shown and xr.start <= first - MARGIN and hi <= xr.end <= n + 0.5:
            return
        start = max(-0.5, first - MARGIN)
        xr.start, xr.end = float(start), float(min(n + 0.5, start + max(span, hi - start)))

    def _draw_terrain(self, board: Any) -> None:
        """Redraw the laid track with its platforms, traps and Virtual Reality tokens,
        only when the board's terrain is a new one or more columns are laid."""
        terrain = board.terrain_tables()
        key = (id(terrain), board.track.n_columns)
        if key == self._terrain_key:
            return
        self._terrain_key = key
        columns = terrain_columns(board.track, terrain)
        self._terrain_features = columns.pop("features")
        self._put({**columns, **area_columns(board)})
        self._fixed = fixed_labels(board)
        self._turn_tags = turn_tags(board)


_LEGEND_ROWS = legend_rows()
"""The legend's swatch rows of the ``features`` source (the same for every plot)."""

_LABELLED = ("cells", "areas", "racers", "boss", "rings", "badniks", "path-spaces")
"""The sources whose change moves a label: the laid track (its own labels) and the
sources in :data:`_TOKEN_SOURCES`."""

_TOKEN_SOURCES = ("racers", "boss", "rings", "badniks", "path-spaces")
"""The sources whose rows get a tag or keep tags clear of them."""
