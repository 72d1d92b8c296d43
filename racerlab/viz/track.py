"""The Battle Racers track as a Bokeh figure: a lane grid drawn from a game state.

:class:`TrackPlot` builds its figure and every renderer once; :meth:`TrackPlot.update`
only replaces ``ColumnDataSource.data`` (numpy arrays for numbers), so a step or
a tweak redraws in a few milliseconds. Each source has a ``name``
(``track-cells``, ``track-racers`` ...) so tests and notebooks can find it.

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
* the racers in their player's colour, labelled with seat and Speed; hover
  for name, Speed, rings, badniks and Ability;
* the path preview: the spaces a movement will enter, with the spaces where
  terrain, badniks, rings or the boss act on it marked and labelled (from
  :func:`racerlab.sonic.queries.path_preview`).

The work is split by concern: :mod:`~racerlab.viz.track_style` (sizes, colours,
coordinates), :mod:`~racerlab.viz.track_terrain` (the laid track),
:mod:`~racerlab.viz.track_tokens` (rings, badniks, boss, racers),
:mod:`~racerlab.viz.track_path` (the path preview) and
:mod:`~racerlab.viz.track_layers` (the figure, glyphs, hover cards and legends).
This module holds :class:`TrackPlot`, which ties them together, and keeps every
public name importable from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..sonic.queries import PathPreview
from ..sonic.state import SonicState
from .sources import SourceSet
from .track_layers import build_track_layers, track_figure
from .track_path import path_columns
from .track_style import ELEVATION_COLOURS, TRACK_HEIGHT, VIEW_BEHIND, VIEW_COLUMNS, space_xy
from .track_terrain import FEATURE_STYLE, area_columns, terrain_columns, terrain_words
from .track_tokens import BADNIK_STYLE, racer_columns, racer_names, token_columns

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
        self._terrain_key: Any = None
        self.names = names
        self.colours = colours
        self.selected = selected
        self.preview: PathPreview | None = None
        self.state: SonicState | None = None
        self._preview_drawn: tuple[Any, ...] | None = None
        self.update(state, selected=selected)

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
        seat ``mover``) drawn with its marks; only the sources' data change."""
        if selected is not None:
            self.selected = selected
        self.show_state(state, names=names, boss_name=boss_name, boss_card=boss_card)
        self.show_preview(preview, mover)

    def show_state(
        self,
        state: SonicState,
        *,
        names: Sequence[str] | None = None,
        boss_name: str = "",
        boss_card: str = "",
    ) -> None:
        """Redraw the track, tokens and racers for ``state``; the path preview is left to
        :meth:`show_preview` (a view draws it once the preview for this state is known)."""
        if names is not None:
            self.names = names
        self.state = state
        self._draw_terrain(state.board)
        self.sources.fill(token_columns(state, boss_name, boss_card))
        self.show_selection(self.selected)

    def show_selection(self, selected: int) -> None:
        """Ring racer ``selected`` and name it in the title (nothing else is redrawn)."""
        state = self.state
        assert state is not None, "TrackPlot.update draws a state first"
        self.selected = selected
        board = state.board
        self.sources["racers"].data = racer_columns(state, self.names, self.colours, selected)
        laid = board.track.n_columns
        rnd = f"Round {state.round}"
        who = ""
        if 0 <= selected < len(board.racers):
            who = f" · selected: {racer_names(state, self.names)[selected]}"
        more = f" · {len(state.pending)} section(s) still to lay" if state.pending else ""
        self.figure.title.text = f"{rnd} · {laid} columns laid{more}{who}"

    def show_preview(self, preview: PathPreview | None, mover: int | None = None) -> None:
        """Draw ``preview`` (a path of seat ``mover``; ``None``: no path) on the state shown,
        keeping it in view (nothing else is redrawn)."""
        state = self.state
        assert state is not None, "TrackPlot.update draws a state first"
        drawn = self._preview_drawn
        if drawn is not None and drawn[0] is state and drawn[1:] == (preview, mover):
            return  # already shown: asking twice draws once
        self._preview_drawn = (state, preview, mover)
        self.preview = preview
        self.sources.fill(path_columns(state, preview, mover))
        self._follow(state, preview)

    def _follow(self, state: SonicState, preview: PathPreview | None) -> None:
        """Keep the racers (and the previewed path) in view: the x range moves only when
        something to show lies outside it, so a reader's own panning is respected."""
        board = state.board
        n = board.track.n_columns
        cols = [t.col for t in board.racers]
        if board.boss is not None:
            cols.append(board.boss[0])
        if preview is not None and preview.spaces:
            cols.extend(c for c, _ in preview.spaces)
        lo = max(0, min(cols) - VIEW_BEHIND)
        hi = min(n, max(cols) + 2)
        width = max(min(VIEW_COLUMNS, n), hi - lo)
        xr = self.figure.x_range
        xr.bounds = (-0.5, n + 0.5)
        shown = xr.start is not None and xr.end is not None
        if shown and xr.start <= lo and hi <= xr.end and xr.end <= n + 0.5:
            return
        start = max(0, min(lo, n - width))
        xr.start, xr.end = float(start), float(start + width)

    def _draw_terrain(self, board: Any) -> None:
        """Redraw the laid track with its platforms, traps and Virtual Reality tokens,
        only when the board's terrain is a new one or more columns are laid."""
        terrain = board._terrain()
        key = (id(terrain), board.track.n_columns)
        if key == self._terrain_key:
            return
        self._terrain_key = key
        self.sources.fill(terrain_columns(board.track, terrain))
        self.sources.fill(area_columns(board))
