"""The Racer Knights arena as a Bokeh figure, drawn to scale in M from a game state.

:class:`ArenaPlot` builds its figure, every source and renderer once, and never
swaps one: :meth:`ArenaPlot.update` fills the plot's layers (``plot.sources``:
``racers``, ``arc``, ``targets`` ..., each named ``arena-<key>`` and holding its own
columns) and sets the ``.data`` of only those sources whose rows changed. The plot
is light: one source and one renderer per kind of mark (areas, lines, waypoints,
racers, marks over the racers, rings, text; see
:mod:`~racerlab.viz.arena_layers`), under 100 Bokeh models in all. It is drawn to
scale (1M across is 1M up) and fills its width: the table and a 0.6M margin.

What is drawn:

* the table with its walls and a 1M (or 1R) grid;
* numbered waypoints: green when open, dark red while the blocker stands
  (with its Durability), the next waypoint of the selected racer ringed;
* racers as oriented footprints in their player's colour, a white facing
  mark at the front, a thick dark band along each side carrying a shield, and a
  hover card (name, Knight, Durability, Glory, Speed Points, Valor, tokens).

Overlays for the selected racer (switch them with ``overlays``):

* ``arc``: the weapon's firing arc clipped to its range and the walls; every
  racer and blocker in the arc ringed, the range line between the two nearest
  points drawn to each one in range (and to the nearest one out of range), and
  each of those labelled with its exact hit chance
  (:func:`racerlab.knights.queries.attack_odds`) and range in R (``58% · 1.14R``);
* ``ram``: the lane straight ahead, banded by the Ram Strength a run of that
  length would have, each target in it labelled with strength and hit chance
  (under its shot's label when it has one);
* ``reach``: the area the racer can still reach with its Speed Points left,
  turns included (a sampled approximation,
  :func:`racerlab.knights.geometry.reachable_region`), inside the walls;
* ``trails``: each racer's path this round.

Ram lane and reach follow the Speed Points the racer has now: before its drive
roll (stalled, spent, wrecked) they draw nothing and a note under the title says
why (:mod:`~racerlab.viz.arena_notes`). The overlays' labels (one per target: hit
chance and range together) are placed so that none covers another or a racer, with
a leader line when one had to move away (:mod:`~racerlab.viz.arena_labels`), and
every legend entry shows a swatch even while its layer is empty.

The work is split by concern: :mod:`~racerlab.viz.arena_facts` (targets, colours,
stat lines, the odds memo), :mod:`~racerlab.viz.arena_table` (grid, waypoints),
:mod:`~racerlab.viz.arena_racers` (footprints, facing marks, shields, hover cards),
:mod:`~racerlab.viz.arena_arc` (the arc overlay), :mod:`~racerlab.viz.arena_overlays`
(ram lane, reach, trails), :mod:`~racerlab.viz.arena_labels` (where labels go),
:mod:`~racerlab.viz.arena_notes` (overlay names, the note) and
:mod:`~racerlab.viz.arena_layers` (the figure, glyphs, hover cards and legend).
This module holds :class:`ArenaPlot`, which ties them together, and keeps every
public name importable from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.memo import Memo
from ..knights import queries
from ..knights.state import KnightsState
from .arena_arc import arc_columns
from .arena_facts import (
    ODDS_MEMO_SIZE,
    attack_odds_memo,
    footprint_of,
    racer_colours,
    stats_line,
    target_centre,
    targets_of,
)
from .arena_labels import overlay_labels
from .arena_layers import PAD_M, arena_figure, arena_note, build_arena_layers
from .arena_notes import ARENA_OVERLAYS, OVERLAY_TITLES, overlay_note
from .arena_overlays import RAM_BAND_STEP_M, ram_columns, reach_columns, trail_columns
from .arena_racers import racer_columns
from .arena_table import grid_columns, waypoint_columns
from .editing import reserve_drag_tool
from .result_note import result_label, show_result
from .sources import LayerSet

__all__ = [
    "ARENA_OVERLAYS",
    "ODDS_MEMO_SIZE",
    "OVERLAY_TITLES",
    "RAM_BAND_STEP_M",
    "ArenaPlot",
    "attack_odds_memo",
    "footprint_of",
    "racer_colours",
    "stats_line",
    "target_centre",
    "targets_of",
]


class ArenaPlot:
    """A to-scale Bokeh drawing of a joust that updates in place.

    >>> from racerlab.knights import KnightsRules, example_setup
    >>> state = KnightsRules().initial_state(example_setup())
    >>> plot = ArenaPlot(state)
    >>> len(plot.sources["racers"].data["name"])
    3
    """

    def __init__(
        self,
        state: KnightsState,
        *,
        selected: int = 0,
        overlays: Iterable[str] = ("arc",),
        grid: str = "M",
        title: str = "Racer Knights arena",
        odds: Memo | None = None,
    ) -> None:
        self.odds = odds if odds is not None else attack_odds_memo()
        """Attack odds by (state, attacker, target): the owner's memo, or the plot's own."""
        self.table = queries.table(state)
        self.figure = arena_figure(title)
        self.sources = LayerSet("arena")
        """The plot's layers by key (``racers``, ``arc``, ``targets`` ...), each with its
        own columns in ``.data``; drawn by the shared ``marks``."""
        self.marks, self.legend = build_arena_layers(self.figure, self.sources, self.table)
        self.note = arena_note(self.figure)
        reserve_drag_tool(self.figure)  # the editor's, hidden: see racerlab.viz.editing
        """Why a switched-on overlay draws nothing (a title line; hidden when empty)."""
        centre = dict(x=self.table.width / 2, y=self.table.height / 2)
        self.result = result_label(self.figure, **centre)
        """The end of the game over the table's middle (hidden until :meth:`show_result`)."""
        self.state: KnightsState | None = None
        self._grid_drawn: str | None = None
        self.update(state, selected=selected, overlays=overlays, grid=grid)

    # -- drawing -------------------------------------------------------------------------
    def update(
        self,
        state: KnightsState,
        *,
        selected: int | None = None,
        overlays: Iterable[str] | None = None,
        grid: str | None = None,
        trail_states: Sequence[KnightsState] = (),
    ) -> None:
        """Redraw for ``state`` (and the selected racer, overlays, grid); sources only."""
        if selected is not None:
            self.selected = selected
        if overlays is not None:
            self.overlays = tuple(o for o in overlays if o in ARENA_OVERLAYS)
        if grid is not None:
            self.grid = grid
        sel = self._seat(state)
        self.state = state
        self._draw_grid()
        self.sources["waypoints"].set(waypoint_columns(state, sel, self.table))
        self.sources.fill(racer_columns(state, sel, self.table.body))
        self._draw_overlays(state, sel, trail_states)
        name = state.name(sel)
        self.figure.title.text = f"Round {state.round} · selected: {name}"

    def show_result(self, lines: Sequence[str]) -> None:
        """Write the end of the game (the winner, then the standings) over the table;
        no lines hide it (:mod:`~racerlab.viz.result_note`)."""
        show_result(self.result, lines, self.figure)

    def racer_at(self, x: float, y: float, slack: float = 0.5) -> int | None:
        """The seat of the racer drawn at ``(x, y)`` in M (a click on the plot): the one
        whose footprint is nearest, if within ``slack`` M of it; ``None`` if none is."""
        if self.state is None:
            return None
        from shapely.geometry import Point

        spot = Point(x, y)
        gaps = [
            (footprint_of(r.pose, self.table.body).distance(spot), i)
            for i, r in enumerate(self.state.racers)
        ]
        gap, seat = min(gaps, default=(float("inf"), None))
        return seat if gap <= slack else None

    def _seat(self, state: KnightsState) -> int:
        return self.selected if 0 <= self.selected < len(state.racers) else 0

    def show_grid(self, grid: str) -> None:
        """Switch the grid (``M``, ``R`` or ``off``); nothing else is redrawn."""
        self.grid = grid
        self._draw_grid()
        self.marks.sync()

    def show_overlays(
        self, overlays: Iterable[str], trail_states: Sequence[KnightsState] = ()
    ) -> None:
        """Switch the overlays for the state shown; racers and waypoints are not redrawn."""
        state = self.state
        assert state is not None, "ArenaPlot.update draws a state first"
        self.overlays = tuple(o for o in overlays if o in ARENA_OVERLAYS)
        self._draw_overlays(state, self._seat(state), trail_states)

    def _draw_grid(self) -> None:
        if self.grid == self._grid_drawn:
            return
        self._grid_drawn = self.grid
        self.sources["grid"].set(grid_columns(self.table, self.grid))
        if self.grid != "off":
            unit = "R" if self.grid == "R" else "M"
            self.figure.xaxis.axis_label = f"M (grid: 1{unit})"

    def _draw_overlays(
        self, state: KnightsState, sel: int, trail_states: Sequence[KnightsState]
    ) -> None:
        """The overlays switched on for seat ``sel`` (none but trails for a wreck), their
        labels, the note; then every mark whose rows changed."""
        on = set(self.overlays)
        alive = not state.racers[sel].wrecked
        layers = self.sources
        if "arc" in on and alive:
            layers.fill(arc_columns(state, sel, self.table, self.odds))
        else:
            layers["arc"].set({"xs": [], "ys": []})
            layers.clear("targets", "range")
        if "ram" in on and alive:
            layers.fill(ram_columns(state, sel, self.table))
        else:
            layers.clear("ram", "ram_targets")
        reach = "reach" in on and alive
        layers["reach"].set(
            reach_columns(state, sel, self.table) if reach else {"xs": [], "ys": []}
        )
        layers["trails"].set(trail_columns(state, trail_states if "trails" in on else ()))
        t = self.table
        bounds = (-PAD_M, -PAD_M, t.width + PAD_M, t.height + PAD_M)
        heading = state.racers[sel].pose.forward
        layers.fill(overlay_labels(layers, heading, t.body.width / 2, bounds))
        note = overlay_note(state, sel, self.overlays)
        self.note.text = note
        self.note.visible = bool(note)
        self.marks.sync()
