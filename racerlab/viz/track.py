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
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from bokeh.core.properties import value
from bokeh.models import ColumnDataSource, HoverTool, Legend, LegendItem, Range1d
from bokeh.plotting import figure

from ..sonic.board import Badnik, Board
from ..sonic.queries import PathPreview
from ..sonic.state import SonicState
from ..sonic.track import LANES, Cell, Direction, Feature, SectionType
from .style import FONT, PLOT_SIZES, apply_figure_style, player_colour

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

ELEVATION_COLOURS: dict[int, str] = {
    -1: "#7DB9E8",  # water
    0: "#EEE9DA",
    1: "#D3C59F",
    2: "#B09A6A",
    3: "#8A7448",  # a rock on elevation 2
}
"""Fill of a space by elevation (-1 is water; a rock adds one level)."""

FEATURE_STYLE: dict[Feature, tuple[str, str, str]] = {
    Feature.SPIKE: ("asterisk", "#B00020", "Spikes"),
    Feature.ACCELERATOR: ("triangle", "#1B8E3E", "Accelerator (arrow: its way)"),
    Feature.DECELERATOR: ("triangle", "#E07B00", "Decelerator (arrow: its way)"),
    Feature.OIL: ("circle", "#1A1A1A", "Oil"),
    Feature.TREADMILL: ("triangle_pin", "#6A3FA0", "Treadmill (arrow: push)"),
    Feature.SPRING: ("hex_dot", "#E6B800", "Spring"),
}
"""Marker, colour and legend label of each terrain feature."""

BADNIK_STYLE: dict[Badnik, tuple[str, str, str]] = {
    Badnik.BUZZ_BOMBER: ("inverted_triangle", "#C62828", "Buzz Bomber"),
    Badnik.CRABMEAT: ("diamond", "#D84315", "Crabmeat"),
    Badnik.MOTO_BUG: ("square", "#AD1457", "Moto Bug"),
    Badnik.SPINNER: ("star", "#6A1B9A", "Spinner"),
}
"""Marker, colour and name of each badnik."""

_ARROW_ANGLE = {
    Direction.FORWARD: -math.pi / 2,
    Direction.BACK: math.pi / 2,
    Direction.UP: 0.0,
    Direction.DOWN: math.pi,
}
"""Rotation of an up-pointing triangle marker so it points the feature's way."""

_DIRECTION_WORDS = {
    Direction.FORWARD: "forward",
    Direction.BACK: "back",
    Direction.UP: "up (towards lane 1)",
    Direction.DOWN: "down (towards lane 5)",
}

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


def terrain_words(cell: Cell, elevation: int | None = None) -> str:
    """A space's terrain in plain words (elevation from the board if given).

    >>> from racerlab.sonic.track import parse_code
    >>> terrain_words(parse_code("1>r"))
    'elevation 1; accelerator pointing forward'
    >>> terrain_words(parse_code("w..")), terrain_words(parse_code("0.."), elevation=1)
    ('water', 'elevation 1 (with a rock)')
    """
    elev = cell.elevation if elevation is None else elevation
    if cell.is_water and elev == cell.elevation:
        parts = ["water"]
    else:
        rock = " (with a rock)" if elev != cell.elevation else ""
        parts = [f"elevation {elev}{rock}"]
    if cell.feature is not None:
        words = cell.feature.value
        if cell.direction is not None:
            verb = "pushing" if cell.feature is Feature.TREADMILL else "pointing"
            words += f" {verb} {_DIRECTION_WORDS[cell.direction]}"
        parts.append(words)
    return "; ".join(parts)


def racer_names(state: SonicState, names: Sequence[str] | None = None) -> list[str]:
    """Display names of the seats (``names`` if given, else the racer ids title-cased)."""
    if names is not None:
        return list(names)
    return [t.id.replace("-", " ").title() for t in state.board.racers]


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
        fig = figure(
            title=title,
            x_range=Range1d(0, VIEW_COLUMNS),
            y_range=Range1d(-(LANES - 1) - 0.6, 1.0),  # five lanes, section names on top
            sizing_mode="stretch_width",
            height=TRACK_HEIGHT,
            min_height=340,
            tools="xpan,xwheel_zoom,box_zoom,reset,save",
            active_scroll=None,
            background_fill_color="#FFFFFF",
            x_axis_label="column (the race runs left to right)",
        )
        fig.xgrid.visible = False
        fig.ygrid.visible = False
        fig.yaxis.ticker = list(range(-(LANES - 1), 1))
        fig.yaxis.major_label_overrides = {-lane: f"lane {lane + 1}" for lane in range(LANES)}
        apply_figure_style(fig)
        self.figure = fig
        self.sources: dict[str, ColumnDataSource] = {}

        def src(key: str, *cols: str) -> ColumnDataSource:
            s = ColumnDataSource(data={c: [] for c in cols}, name=f"track-{key}")
            self.sources[key] = s
            return s

        # spaces
        cells = src(
            "cells", "x", "y", "col", "lane", "fill", "elevation", "terrain", "section", "turn"
        )
        r_cells = fig.rect(
            "x",
            "y",
            width=0.96,
            height=0.96,
            source=cells,
            fill_color="fill",
            line_color="#FFFFFF",
            line_width=1,
        )
        vr = src("vr", "left", "right", "top", "bottom", "label")
        r_vr = fig.quad(
            left="left",
            right="right",
            top="top",
            bottom="bottom",
            source=vr,
            fill_color="#00BCD4",
            fill_alpha=0.25,
            line_color="#00838F",
            line_width=2,
        )
        traps = src("traps", "left", "right", "top", "bottom", "label", "lx", "ly", "face")
        r_traps = fig.quad(
            left="left",
            right="right",
            top="top",
            bottom="bottom",
            source=traps,
            fill_alpha=0,
            line_color="#5E35B1",
            line_width=2.5,
            line_dash="dashdot",
        )
        fig.text(
            "lx",
            "ly",
            text="label",
            source=traps,
            text_font_size="8pt",
            text_color="#5E35B1",
            text_align="center",
            text_baseline="top",
        )
        platforms = src("platforms", "left", "right", "top", "bottom", "label")
        r_platforms = fig.quad(
            left="left",
            right="right",
            top="top",
            bottom="bottom",
            source=platforms,
            fill_color="#8D6E63",
            fill_alpha=0.15,
            line_color="#5D4037",
            line_width=2.5,
            line_dash="dashed",
        )
        sections = src("sections", "xs", "ys")
        fig.multi_line("xs", "ys", source=sections, line_color="#444444", line_width=2)
        section_names = src("section-names", "x", "y", "name")
        fig.text(
            "x",
            "y",
            text="name",
            source=section_names,
            text_font=value(FONT),
            text_font_size="9pt",
            text_color="#333333",
            text_baseline="bottom",
        )
        lines = src("lines", "xs", "ys", "label")
        r_lines = fig.multi_line(
            "xs", "ys", source=lines, line_color="#111111", line_width=5, line_dash="dotted"
        )
        turns = src("turn", "x", "y", "label")
        fig.text(
            "x",
            "y",
            text="label",
            source=turns,
            text_font_size="10pt",
            text_font_style="bold",
            text_color="#0D47A1",
            text_align="left",
            text_baseline="middle",
            x_offset=2,
        )

        # terrain features, rocks
        features = src("features", "x", "y", "marker", "colour", "angle", "kind", "words")
        fig.scatter(
            "x",
            "y",
            source=features,
            marker="marker",
            size=15,
            angle="angle",
            fill_color="colour",
            line_color="colour",
            line_width=2,
            fill_alpha=0.85,
            legend_field="kind",
        )
        rocks = src("rocks", "x", "y")
        r_rocks = fig.scatter(
            "x",
            "y",
            source=rocks,
            marker="hex",
            size=20,
            fill_color="#757575",
            line_color="#424242",
            fill_alpha=0.8,
        )

        # path preview (under the tokens)
        path = src("path", "xs", "ys")
        r_path = fig.multi_line(
            "xs", "ys", source=path, line_color=PATH_COLOUR, line_width=5, line_alpha=0.75
        )
        path_spaces = src("path-spaces", "x", "y", "step")
        fig.scatter(
            "x",
            "y",
            source=path_spaces,
            marker="circle",
            size=9,
            fill_color=PATH_COLOUR,
            line_color="#FFFFFF",
        )
        marks = src("path-marks", "x", "y", "what", "label", "col", "lane")
        r_marks = fig.scatter(
            "x",
            "y",
            source=marks,
            marker="square",
            size=30,
            fill_alpha=0,
            line_color=MARK_COLOUR,
            line_width=3,
        )

        # rings, badniks, boss, racers
        rings = src("rings", "x", "y", "count", "label")
        r_rings = fig.scatter(
            "x",
            "y",
            source=rings,
            marker="circle",
            size=16,
            fill_alpha=0,
            line_color="#F9A825",
            line_width=4,
        )
        fig.text(
            "x",
            "y",
            text="label",
            source=rings,
            text_font_size="8pt",
            text_font_style="bold",
            text_color="#8D6E00",
            text_align="center",
            text_baseline="middle",
        )
        badniks = src("badniks", "x", "y", "kind", "name", "marker", "colour", "family")
        r_badniks = fig.scatter(
            "x",
            "y",
            source=badniks,
            marker="marker",
            size=20,
            fill_color="colour",
            line_color="#FFFFFF",
            line_width=1.5,
            legend_field="name",
        )
        boss = src("boss", "x", "y", "name", "rings", "card", "label")
        r_boss = fig.rect(
            "x",
            "y",
            width=0.9,
            height=0.9,
            source=boss,
            fill_color="#212121",
            line_color="#FFD600",
            line_width=3,
        )
        fig.text(
            "x",
            "y",
            text="label",
            source=boss,
            text_color="#FFD600",
            text_font_size="9pt",
            text_font_style="bold",
            text_align="center",
            text_baseline="middle",
        )
        racers = src(
            "racers",
            "x",
            "y",
            "width",
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
        r_racers = fig.rect(
            "x",
            "y",
            width="width",
            height=0.72,
            source=racers,
            fill_color="colour",
            line_color="line",
            line_width="line_width",
            fill_alpha=0.95,
        )
        fig.text(
            "x",
            "y",
            text="label",
            source=racers,
            text_color="#FFFFFF",
            text_font_size="9pt",
            text_font_style="bold",
            text_align="center",
            text_baseline="middle",
        )
        fig.text(
            "x",
            "y",
            text="label",
            source=marks,
            text_font_size="8pt",
            text_color=MARK_COLOUR,
            text_font_style="bold",
            y_offset=-18,
            text_align="center",
            background_fill_color="#FFFFFF",
            background_fill_alpha=0.85,
        )

        fig.add_tools(
            HoverTool(
                renderers=[r_racers],
                tooltips=[
                    ("Racer", "@name (@racer)"),
                    ("Speed", "@speed"),
                    ("Rings", "@rings"),
                    ("Badniks won", "@badniks"),
                    ("Score", "@score"),
                    ("Ability", "@ability"),
                    ("", "@status"),
                ],
            ),
            HoverTool(
                renderers=[r_badniks],
                tooltips=[("Badnik", "@name"), ("", "@family")],
            ),
            HoverTool(renderers=[r_rings], tooltips=[("Rings", "@count")]),
            HoverTool(
                renderers=[r_boss],
                tooltips=[("Boss", "@name"), ("Rings", "@rings"), ("Card", "@card")],
            ),
            HoverTool(renderers=[r_marks], tooltips=[("On the path", "@what")]),
            HoverTool(renderers=[r_platforms, r_traps, r_vr], tooltips=[("", "@label")]),
            HoverTool(
                renderers=[r_cells],
                tooltips=[
                    ("Space", "column @col, lane @lane"),
                    ("Section", "@section"),
                    ("Terrain", "@terrain"),
                    ("", "@turn"),
                ],
            ),
        )
        feature_legend = fig.legend[0]
        feature_legend.location = "center"
        feature_legend.orientation = "horizontal"
        feature_legend.label_text_font_size = f"{PLOT_SIZES['legend_pt']}pt"
        feature_legend.background_fill_alpha = 0.85
        feature_legend.click_policy = "none"
        fig.add_layout(feature_legend, "below")
        legend = Legend(
            items=[
                LegendItem(label="Racers: seat:Speed (hover for rings)", renderers=[r_racers]),
                LegendItem(label="Rings", renderers=[r_rings]),
                LegendItem(label="Boss", renderers=[r_boss]),
                LegendItem(label="Rock", renderers=[r_rocks]),
                LegendItem(label="Platform", renderers=[r_platforms]),
                LegendItem(label="Trap", renderers=[r_traps]),
                LegendItem(label="VR token", renderers=[r_vr]),
                LegendItem(label="Start / finish line", renderers=[r_lines]),
                LegendItem(label="Path preview", renderers=[r_path]),
                LegendItem(label="Acts on the path", renderers=[r_marks]),
            ],
            location="center",
            orientation="horizontal",
            label_text_font_size=f"{PLOT_SIZES['legend_pt']}pt",
            background_fill_alpha=0.85,
            click_policy="none",
            ncols=5,
        )
        fig.add_layout(legend, "below")
        self.legend = legend
        self._terrain_key: Any = None
        self.names = names
        self.colours = colours
        self.selected = selected
        self.preview: PathPreview | None = None
        self.state: SonicState | None = None
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
        if names is not None:
            self.names = names
        self.state = state
        self.preview = preview
        board = state.board
        self._draw_terrain(board)
        self._draw_tokens(state, boss_name, boss_card)
        self._draw_racers(state)
        self._draw_path(state, preview, mover)
        self._follow(state, preview)
        laid = board.track.n_columns
        rnd = f"Round {state.round}"
        who = ""
        if 0 <= self.selected < len(board.racers):
            who = f" · selected: {racer_names(state, self.names)[self.selected]}"
        more = f" · {len(state.pending)} section(s) still to lay" if state.pending else ""
        self.figure.title.text = f"{rnd} · {laid} columns laid{more}{who}"

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

    def _draw_terrain(self, board: Board) -> None:
        track = board.track
        terrain = board._terrain()
        key = (id(terrain), track.n_columns)
        if key == self._terrain_key:
            return
        self._terrain_key = key
        cells, elevations = terrain
        n = track.n_columns
        cols = np.repeat(np.arange(n), LANES)
        lanes = np.tile(np.arange(LANES), n)
        elev = np.asarray(elevations, dtype=int)
        owner = [track.section_index(c) for c in range(n)]
        names = [s.name for s in track.sections]
        fill = [ELEVATION_COLOURS.get(min(e, 3), ELEVATION_COLOURS[3]) for e in elev]
        words, section, turn = [], [], []
        fx, fy, fm, fc, fa, fk, fw = [], [], [], [], [], [], []
        for k, cell in enumerate(cells):
            c, lane = divmod(k, LANES)
            s = track.sections[owner[c]]
            words.append(terrain_words(cell, int(elev[k])))
            section.append(names[owner[c]])
            turn.append(
                f"Turn lane: Speed at most {s.turn_lanes[lane]}"
                if s.type is SectionType.TURN and s.turn_lanes
                else ""
            )
            if cell.feature is not None:
                marker, colour, label = FEATURE_STYLE[cell.feature]
                x, y = space_xy(c, lane)
                fx.append(x)
                fy.append(y)
                fm.append(marker)
                fc.append(colour)
                fa.append(_ARROW_ANGLE.get(cell.direction, 0.0) if cell.direction else 0.0)
                fk.append(label)
                fw.append(words[-1])
        self.sources["cells"].data = {
            "x": cols + 0.5,
            "y": -lanes.astype(float),
            "col": cols,
            "lane": lanes + 1,
            "fill": fill,
            "elevation": elev,
            "terrain": words,
            "section": section,
            "turn": turn,
        }
        self.sources["features"].data = {
            "x": np.array(fx, dtype=float),
            "y": np.array(fy, dtype=float),
            "marker": fm,
            "colour": fc,
            "angle": np.array(fa, dtype=float),
            "kind": fk,
            "words": fw,
        }
        top, bottom = 0.5, -(LANES - 1) - 0.5
        xs = [np.array([float(o), float(o)]) for o in (*track.offsets, n)]
        ys = [np.array([top, bottom]) for _ in xs]
        self.sources["sections"].data = {"xs": xs, "ys": ys}
        self.sources["section-names"].data = {
            "x": np.array(track.offsets, dtype=float) + 0.1,
            "y": np.full(len(track.sections), top + 0.05),
            "name": [f"{s.name} ({s.type.value})" for s in track.sections],
        }
        lx, ly, ll = [], [], []
        for label, col in (("start", track.start_line_col), ("finish", track.finish_line_col)):
            if col is not None and (label == "finish" or col > 0):
                lx.append(np.array([float(col), float(col)]))
                ly.append(np.array([top, bottom]))
                ll.append(label)
        self.sources["lines"].data = {"xs": lx, "ys": ly, "label": ll}
        tx, ty, tl = [], [], []
        for i, s in enumerate(track.sections):
            if s.type is SectionType.TURN and s.turn_lanes:
                for lane, speed in enumerate(s.turn_lanes):
                    tx.append(float(track.offsets[i]))
                    ty.append(-float(lane) + 0.28)
                    tl.append(f"≤{speed}")
        self.sources["turn"].data = {
            "x": np.array(tx, dtype=float),
            "y": np.array(ty, dtype=float),
            "label": tl,
        }
        self._draw_areas(board)

    def _draw_areas(self, board: Board) -> None:
        track = board.track
        p: dict[str, list[Any]] = {k: [] for k in ("left", "right", "top", "bottom", "label")}
        t: dict[str, list[Any]] = {k: [] for k in self.sources["traps"].data}
        for i, s in enumerate(track.sections):
            base = track.offsets[i]
            for pl in s.platforms:
                key = (base + pl.col, pl.lane)
                if key in board.removed_platforms:
                    continue
                p["left"].append(float(base + pl.col))
                p["right"].append(float(base + pl.col + pl.COLUMNS))
                p["top"].append(-float(pl.lane) + 0.5)
                p["bottom"].append(-float(pl.lane + pl.ROWS - 1) - 0.5)
                p["label"].append("breakaway platform")
            for trap in s.traps:
                first = base + trap.col
                face = "B" if first in board.flipped_traps else "A"
                t["left"].append(float(first))
                t["right"].append(float(first + trap.COLUMNS))
                t["top"].append(0.5)
                t["bottom"].append(-(LANES - 1) - 0.5)
                t["label"].append(f"trap: face {face}")
                t["lx"].append(first + trap.COLUMNS / 2)
                t["ly"].append(-(LANES - 1) - 0.5)
                t["face"].append(face)
        v: dict[str, list[Any]] = {k: [] for k in ("left", "right", "top", "bottom", "label")}
        for first in board.vr_tokens:
            v["left"].append(float(max(first - 1, 0)))
            v["right"].append(float(min(first + 1, track.n_columns)))
            v["top"].append(0.5)
            v["bottom"].append(-(LANES - 1) - 0.5)
            v["label"].append("Virtual Reality token")
        num = ("left", "right", "top", "bottom", "lx", "ly")
        for key, data in (("platforms", p), ("traps", t), ("vr", v)):
            self.sources[key].data = {
                k: (np.array(col, dtype=float) if k in num else col) for k, col in data.items()
            }

    def _draw_tokens(self, state: SonicState, boss_name: str, boss_card: str) -> None:
        board = state.board
        rx = [space_xy(*pos) for pos, _ in board.rings]
        counts = [n for _, n in board.rings]
        self.sources["rings"].data = {
            "x": np.array([x for x, _ in rx], dtype=float),
            "y": np.array([y for _, y in rx], dtype=float),
            "count": np.array(counts, dtype=int),
            "label": [str(n) if n > 1 else "" for n in counts],
        }
        bx = [space_xy(*pos) for pos, _ in board.badniks]
        kinds = [b for _, b in board.badniks]
        self.sources["badniks"].data = {
            "x": np.array([x for x, _ in bx], dtype=float),
            "y": np.array([y for _, y in bx], dtype=float),
            "kind": [b.value for b in kinds],
            "name": [BADNIK_STYLE[b][2] for b in kinds],
            "marker": [BADNIK_STYLE[b][0] for b in kinds],
            "colour": [BADNIK_STYLE[b][1] for b in kinds],
            "family": ["crawling" if b.crawling else "buzzing" for b in kinds],
        }
        rk = [space_xy(*pos) for pos in board.rocks]
        self.sources["rocks"].data = {
            "x": np.array([x for x, _ in rk], dtype=float),
            "y": np.array([y for _, y in rk], dtype=float),
        }
        boss = state.boss
        if board.boss is not None and boss is not None and not boss.destroyed:
            x, y = space_xy(*board.boss)
            name = boss_name or boss.id
            self.sources["boss"].data = {
                "x": np.array([x]),
                "y": np.array([y]),
                "name": [name],
                "rings": np.array([boss.rings]),
                "card": [boss_card or (boss.card or "none")],
                "label": [f"B{boss.rings}"],
            }
        else:
            self.sources["boss"].data = {k: [] for k in self.sources["boss"].data}

    def _draw_racers(self, state: SonicState) -> None:
        names = racer_names(state, self.names)
        toks = state.board.racers
        colours = list(self.colours) if self.colours else []
        cols: dict[str, list[Any]] = {k: [] for k in self.sources["racers"].data}
        # racers sharing a space are nudged apart so each stays visible
        seen: dict[tuple[int, int], int] = {}
        for i, t in enumerate(toks):
            x, y = space_xy(t.col, t.lane)
            if t.large:
                x -= 0.5
            spaces = [t.pos, (t.col - 1, t.lane)] if t.large else [t.pos]
            k = max(seen.get(sp, 0) for sp in spaces)
            for sp in spaces:
                seen[sp] = k + 1
            y += RACER_NUDGE * k
            status = ""
            if state.lost and state.lost[i]:
                status = "lost"
            elif state.finished and state.finished[i]:
                status = f"finished in round {state.finished[i]}"
            cols["x"].append(x)
            cols["y"].append(y)
            cols["width"].append(1.72 if t.large else 0.72)
            cols["col"].append(t.col)
            cols["lane"].append(t.lane + 1)
            cols["seat"].append(i + 1)
            cols["name"].append(names[i])
            cols["racer"].append(t.id)
            cols["colour"].append(colours[i] if i < len(colours) else player_colour(i))
            cols["line"].append("#FFD600" if i == self.selected else "#222222")
            cols["line_width"].append(4.0 if i == self.selected else 1.5)
            cols["speed"].append(t.speed)
            cols["rings"].append(t.rings)
            cols["badniks"].append(len(t.badniks))
            cols["score"].append(t.rings + len(t.badniks))
            cols["ability"].append(state.abilities[i] if state.abilities else t.id)
            cols["label"].append(f"{i + 1}:{t.speed}")
            cols["status"].append(status or ("shield" if t.shield else ""))
        ints = ("col", "lane", "seat", "speed", "rings", "badniks", "score")
        floats = ("x", "y", "width", "line_width")
        self.sources["racers"].data = {
            k: (
                np.array(v, dtype=float)
                if k in floats
                else np.array(v, dtype=int)
                if k in ints
                else v
            )
            for k, v in cols.items()
        }

    def _draw_path(self, state: SonicState, preview: PathPreview | None, mover: int | None) -> None:
        empty = {
            "path": {"xs": [], "ys": []},
            "path-spaces": {"x": np.zeros(0), "y": np.zeros(0), "step": np.zeros(0, dtype=int)},
            "path-marks": {k: [] for k in self.sources["path-marks"].data},
        }
        if preview is None or mover is None or not preview.spaces:
            for k, v in empty.items():
                self.sources[k].data = v
            return
        start = state.board.racers[mover].pos
        pts = [space_xy(*start), *(space_xy(*p) for p in preview.spaces)]
        end = space_xy(*preview.end)
        if end != pts[-1]:
            pts.append(end)
        arr = np.array(pts, dtype=float)
        self.sources["path"].data = {"xs": [arr[:, 0]], "ys": [arr[:, 1]]}
        sp = np.array([space_xy(*p) for p in preview.spaces], dtype=float)
        self.sources["path-spaces"].data = {
            "x": sp[:, 0],
            "y": sp[:, 1],
            "step": np.arange(1, len(preview.spaces) + 1),
        }
        grouped: dict[tuple[int, int], list[str]] = {}
        for m in preview.marks:
            grouped.setdefault(tuple(m.at), []).append(m.what)
        m: dict[str, list[Any]] = {k: [] for k in self.sources["path-marks"].data}
        for (c, lane), whats in grouped.items():
            x, y = space_xy(c, lane)
            m["x"].append(x)
            m["y"].append(y)
            m["what"].append("; ".join(whats))
            m["label"].append(_short(whats))
            m["col"].append(c)
            m["lane"].append(lane + 1)
        self.sources["path-marks"].data = {
            k: (np.array(v, dtype=float) if k in ("x", "y") else v) for k, v in m.items()
        }


_SHORT_WORDS = (
    ("damage", "damage"),
    ("destroy", "badnik destroyed"),
    ("badnik", "badnik"),
    ("collect", "rings"),
    ("ring", "rings"),
    ("speed", "speed"),
    ("push", "pushed"),
    ("spring", "spring"),
    ("obstacle", "obstacle"),
    ("boss", "boss"),
    ("platform", "platform"),
    ("shield", "shield"),
)


def _short(whats: Sequence[str]) -> str:
    """A short label for the things acting on one space (the hover shows the full words).

    >>> _short(["sonic: Speed 3 -> 4 (accelerator at column 4, lane 3)"])
    'Speed 3 -> 4'
    >>> _short(["sonic collects 2 ring(s) at column 5, lane 1"])
    'rings'
    """
    out: list[str] = []
    for w in whats:
        low = w.lower()
        if "speed" in low and "->" in w:
            part = w[w.lower().index("speed") :].split("(")[0].strip()
            label = part[0].upper() + part[1:]
        else:
            label = next((short for key, short in _SHORT_WORDS if key in low), w[:18])
        if label not in out:
            out.append(label)
    return ", ".join(out)
