"""The Racer Knights arena as a Bokeh figure, drawn to scale in M from a game state.

:class:`ArenaPlot` builds its figure and every renderer once; :meth:`ArenaPlot.update`
only replaces ``ColumnDataSource.data`` (numpy arrays), so a step or a tweak
redraws in a few milliseconds. Each source has a ``name`` (``arena-racers``,
``arena-arc`` ...) so tests and notebooks can find it.

What is drawn:

* the table with its walls and a 1M (or 1R) grid;
* numbered waypoints: green when open, dark red while the blocker stands
  (with its Durability), the next waypoint of the selected racer ringed;
* racers as oriented footprints in their player's colour, a white facing
  mark at the front, a thick dark edge on each side carrying a shield, and a
  hover card (name, Knight, Durability, Glory, Speed Points, Valor, tokens).

Overlays for the selected racer (switch them with ``overlays``):

* ``arc``: the weapon's firing arc clipped to its range; every racer and
  blocker in arc and range ringed and labelled with its exact hit chance
  (:func:`racerlab.knights.queries.attack_odds`), and the range line between the
  two nearest points with its length in R;
* ``ram``: the lane straight ahead, banded by the Ram Strength a run of that
  length would have, each target in it labelled with strength and hit chance;
* ``reach``: the area the racer can still reach with its Speed Points left,
  turns included (a sampled approximation,
  :func:`racerlab.knights.geometry.reachable_region`);
* ``trails``: each racer's path this round.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from bokeh.models import (
    ColumnDataSource,
    DataRange1d,
    HoverTool,
    Legend,
    LegendItem,
)
from bokeh.plotting import figure

from ..core.memo import Memo
from ..knights import queries
from ..knights.actions import Target
from ..knights.provenance import invented_stats
from ..knights.queries import (
    corners,
    footprint,
    front_centre,
    moved,
    ram_lane,
    reachable_region,
)
from ..knights.state import KnightsState, Pose, Side
from .style import PLOT_SIZES, THEME, apply_figure_style, player_colour

__all__ = [
    "ARENA_OVERLAYS",
    "ArenaPlot",
    "attack_odds_memo",
    "racer_colours",
    "stats_line",
    "target_centre",
    "targets_of",
]

ARENA_OVERLAYS = ("arc", "ram", "reach", "trails")
"""Overlay names :class:`ArenaPlot` understands."""

OVERLAY_TITLES = {
    "arc": "Arc & odds",
    "ram": "Ram lane",
    "reach": "Reach",
    "trails": "Trails",
}
"""Human titles of the overlays (for switches and legends)."""

_SIDE_EDGES = {Side.FRONT: (0, 1), Side.LEFT: (1, 2), Side.REAR: (2, 3), Side.RIGHT: (3, 0)}
"""Corner indices (front-right, front-left, rear-left, rear-right) bounding each side."""

_FACING_DEPTH = 0.35
"""Length of the facing mark, as a fraction of the racer's length."""


RAM_BAND_STEP_M = 0.25
"""Resolution (M) at which the ram lane is split into bands of equal Ram Strength."""

_RAM_SHADES = ("#EFE3FB", "#D9C2F5", "#C09DEE", "#A577E4", "#8A52D6", "#6C2FC0", "#5A189A")


ODDS_MEMO_SIZE = 512
"""Attack odds a plot remembers when its owner gives it no memo of its own."""


def attack_odds_memo(maxsize: int = ODDS_MEMO_SIZE) -> Memo:
    """A fresh bounded memo of :func:`racerlab.knights.queries.attack_odds` for one owner.

    States are immutable values, so a redraw of the same state (switching an
    overlay, picking another racer and back, the Odds tab asking after the
    arena) reuses the exact answer instead of enumerating the dice again. Each
    dashboard makes one and hands it to its plot and panels: no browser session
    shares another's, and none grows past ``maxsize``.
    """
    return Memo(queries.attack_odds, maxsize)


def footprint_of(pose: Pose, body: Any) -> Any:
    """A racer's footprint polygon (shapely)."""
    return footprint(pose, body)


def targets_of(state: KnightsState, attacker: int) -> list[Target]:
    """Everything ``attacker`` could aim at: rival racers still racing, standing blockers."""
    out = [Target.racer(j) for j, r in enumerate(state.racers) if j != attacker and not r.wrecked]
    out += [Target.blocker(w) for w, b in enumerate(state.blockers) if b > 0]
    return out


def target_centre(state: KnightsState, target: Target) -> tuple[float, float]:
    """Where a target stands: a racer's centre or a waypoint's centre."""
    from ..knights.actions import TargetKind

    if target.kind is TargetKind.RACER:
        p = state.racers[target.index].pose
        return (p.x, p.y)
    x, y = state.setup.waypoints[target.index]
    return (float(x), float(y))


def stats_line(stats: Any, mark: Callable[[str], str] | None = None) -> str:
    """A racer's stat totals in one short line; ``mark(stat)`` is put after each value
    (a marker on values that are ours, say).

    >>> from racerlab.knights.parts import Stats
    >>> stats_line(Stats(speed=5, armor=8))
    'Speed 5 · Reflexes 0 · Handling 0 · Armor 8 · Ram Damage 0'
    >>> stats_line(Stats(speed=5, armor=8), lambda s: "†" if s == "armor" else "")
    'Speed 5 · Reflexes 0 · Handling 0 · Armor 8† · Ram Damage 0'
    """
    shown = (
        ("speed", "Speed"),
        ("reflexes", "Reflexes"),
        ("handling", "Handling"),
        ("armor", "Armor"),
        ("ram_damage", "Ram Damage"),
    )
    return " · ".join(
        f"{label} {getattr(stats, name)}{mark(name) if mark else ''}" for name, label in shown
    )


def racer_colours(state: KnightsState) -> list[str]:
    """Each player's colour: the set-up's choice, else the shared palette."""
    return [p.colour or player_colour(i) for i, p in enumerate(state.setup.players)]


def _polygon_parts(geom: Any) -> list[np.ndarray]:
    """Exterior rings of a (multi)polygon as (n, 2) arrays."""
    if geom is None or geom.is_empty:
        return []
    parts = getattr(geom, "geoms", [geom])
    return [np.asarray(g.exterior.coords) for g in parts if hasattr(g, "exterior")]


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
        table = queries.table(state)
        self.table = table
        w, h = table.width, table.height
        pad = 0.6
        fig = figure(
            title=title,
            x_range=DataRange1d(range_padding=pad, range_padding_units="absolute"),
            y_range=DataRange1d(range_padding=pad, range_padding_units="absolute"),
            match_aspect=True,
            sizing_mode="stretch_width",
            height=PLOT_SIZES["height"],
            min_height=PLOT_SIZES["min_height"],
            tools="pan,wheel_zoom,box_zoom,reset,save",
            active_scroll=None,
            background_fill_color="#FFFFFF",
            x_axis_label="M",
            y_axis_label="M",
        )
        fig.xgrid.visible = False
        fig.ygrid.visible = False
        apply_figure_style(fig)
        self.figure = fig
        self.sources: dict[str, ColumnDataSource] = {}

        def src(key: str, **cols: Any) -> ColumnDataSource:
            s = ColumnDataSource(data=cols, name=f"arena-{key}")
            self.sources[key] = s
            return s

        # table, grid and walls (static except the grid)
        table_quad = fig.quad(
            left=0, right=w, bottom=0, top=h, fill_color=THEME["table"], line_alpha=0
        )
        fig.x_range.renderers = [table_quad]  # the table alone sets the view (1M = 1M)
        fig.y_range.renderers = [table_quad]
        grid = src("grid", xs=[], ys=[])
        fig.multi_line("xs", "ys", source=grid, line_color=THEME["grid"], line_width=1)
        wall = max(0.15, 0.01 * max(w, h))
        fig.rect(
            x=w / 2,
            y=h / 2,
            width=w + wall,
            height=h + wall,
            fill_alpha=0,
            line_color=THEME["wall"],
            line_width=4,
        )

        # overlays under the racers
        reach = src("reach", xs=[], ys=[])
        r_reach = fig.patches(
            "xs",
            "ys",
            source=reach,
            fill_color=THEME["reach"],
            fill_alpha=0.18,
            line_color=THEME["reach"],
            line_alpha=0.6,
            line_dash="dashed",
        )
        ram = src("ram", xs=[], ys=[], strength=[], fill=[], label=[], lx=[], ly=[])
        r_ram = fig.patches(
            "xs",
            "ys",
            source=ram,
            fill_color="fill",
            fill_alpha=0.35,
            line_color=THEME["ram"],
            line_alpha=0.7,
        )
        arc = src("arc", xs=[], ys=[])
        r_arc = fig.patches(
            "xs",
            "ys",
            source=arc,
            fill_color=THEME["arc"],
            fill_alpha=0.28,
            line_color="#B8860B",
            line_width=1.5,
        )
        trails = src("trails", xs=[], ys=[], colour=[], name=[])
        r_trails = fig.multi_line(
            "xs",
            "ys",
            source=trails,
            line_color="colour",
            line_width=3,
            line_alpha=0.75,
            line_dash="dotted",
        )

        # waypoints
        wps = src(
            "waypoints", x=[], y=[], radius=[], number=[], fill=[], status=[], blocker=[], ring=[]
        )
        r_wp = fig.circle(
            "x",
            "y",
            radius="radius",
            source=wps,
            fill_color="fill",
            line_color="ring",
            line_width=2.5,
            fill_alpha=0.9,
        )
        fig.text(
            "x",
            "y",
            text="number",
            source=wps,
            text_color="#FFFFFF",
            text_align="center",
            text_baseline="middle",
            text_font_size="11pt",
            text_font_style="bold",
        )

        # racers
        racers = src(
            "racers",
            xs=[],
            ys=[],
            x=[],
            y=[],
            colour=[],
            line=[],
            width=[],
            alpha=[],
            name=[],
            knight=[],
            player=[],
            durability=[],
            glory=[],
            speed=[],
            valor=[],
            tokens=[],
            label=[],
            weapon=[],
            stats=[],
        )
        r_racers = fig.patches(
            "xs",
            "ys",
            source=racers,
            fill_color="colour",
            fill_alpha="alpha",
            line_color="line",
            line_width="width",
        )
        facing = src("facing", xs=[], ys=[])
        fig.patches("xs", "ys", source=facing, fill_color="#FFFFFF", fill_alpha=0.9, line_alpha=0)
        shields = src("shields", xs=[], ys=[], side=[])
        r_shields = fig.multi_line(
            "xs", "ys", source=shields, line_color="#111111", line_width=5, line_cap="round"
        )
        fig.text(
            "x",
            "y",
            text="label",
            source=racers,
            text_color="#FFFFFF",
            text_align="center",
            text_baseline="middle",
            text_font_size="10pt",
            text_font_style="bold",
        )

        # labels of targets, ranges and ram strengths (on top)
        rng = src("range", x0=[], y0=[], x1=[], y1=[], xm=[], ym=[], label=[])
        r_range = fig.segment(
            "x0",
            "y0",
            "x1",
            "y1",
            source=rng,
            line_color=THEME["range"],
            line_width=2,
            line_dash="dashed",
        )
        fig.text(
            "xm",
            "ym",
            text="label",
            source=rng,
            text_font_size="9pt",
            text_color=THEME["range"],
            x_offset=4,
            y_offset=-4,
        )
        targets = src(
            "targets",
            x=[],
            y=[],
            radius=[],
            label=[],
            text=[],
            colour=[],
            kind=[],
            index=[],
            hit=[],
            in_arc=[],
            in_range=[],
            range_r=[],
        )
        r_targets = fig.circle(
            "x",
            "y",
            radius="radius",
            source=targets,
            fill_alpha=0,
            line_color="colour",
            line_width=3,
        )
        fig.text(
            "x",
            "y",
            text="text",
            source=targets,
            text_font_size="10pt",
            text_font_style="bold",
            text_color="colour",
            y_offset=-22,
            text_align="center",
            background_fill_color="#FFFFFF",
            background_fill_alpha=0.8,
        )
        ram_targets = src("ram_targets", x=[], y=[], label=[], strength=[], hit=[])
        fig.text(
            "x",
            "y",
            text="label",
            source=ram_targets,
            text_font_size="10pt",
            text_color=THEME["ram"],
            text_font_style="bold",
            y_offset=22,
            text_align="center",
            background_fill_color="#FFFFFF",
            background_fill_alpha=0.8,
        )
        fig.text(
            "lx",
            "ly",
            text="label",
            source=ram,
            text_font_size="8pt",
            text_color=THEME["ram"],
            text_align="center",
        )

        fig.add_tools(
            HoverTool(
                renderers=[r_racers],
                tooltips=[
                    ("Racer", "@name (player @player)"),
                    ("Knight", "@knight"),
                    ("Durability", "@durability"),
                    ("Glory", "@glory"),
                    ("Speed Points", "@speed"),
                    ("Valor", "@valor"),
                    ("Stats", "@stats"),
                    ("Weapon", "@weapon"),
                    ("Tokens", "@tokens"),
                    ("†", "ours: not printed in the rulebook"),
                ],
            ),
            HoverTool(
                renderers=[r_wp],
                tooltips=[("Waypoint", "@number"), ("", "@status")],
            ),
            HoverTool(
                renderers=[r_targets],
                tooltips=[("Target", "@kind @index"), ("", "@label")],
            ),
        )
        legend = Legend(
            items=[
                LegendItem(label="Racers (hover for stats)", renderers=[r_racers]),
                LegendItem(label="Shields", renderers=[r_shields]),
                LegendItem(label="Waypoints (green open, red blocked)", renderers=[r_wp]),
                LegendItem(label="Firing arc in range", renderers=[r_arc]),
                LegendItem(label="Targets: hit chance", renderers=[r_targets]),
                LegendItem(label="Range (R)", renderers=[r_range]),
                LegendItem(label="Ram lane: strength", renderers=[r_ram]),
                LegendItem(label="Reachable this round", renderers=[r_reach]),
                LegendItem(label="Trails this round", renderers=[r_trails]),
            ],
            location="center",
            orientation="horizontal",
            ncols=3,
            label_text_font_size=f"{PLOT_SIZES['legend_pt']}pt",
            background_fill_alpha=0.85,
            click_policy="none",
        )
        fig.add_layout(legend, "below")
        self.legend = legend
        self.state: KnightsState | None = None
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
        sel = self.selected if 0 <= self.selected < len(state.racers) else 0
        self.state = state
        self._draw_grid()
        self._draw_waypoints(state, sel)
        self._draw_racers(state, sel)
        on = set(self.overlays)
        racer = state.racers[sel]
        alive = not racer.wrecked
        self._draw_arc(state, sel, "arc" in on and alive)
        self._draw_ram(state, sel, "ram" in on and alive)
        self._draw_reach(state, sel, "reach" in on and alive)
        self._draw_trails(state, trail_states if "trails" in on else ())
        name = state.name(sel)
        self.figure.title.text = f"Round {state.round} · selected: {name}"

    def _draw_grid(self) -> None:
        w, h = self.table.width, self.table.height
        if self.grid == "off":
            self.sources["grid"].data = {"xs": [], "ys": []}
            return
        step = self.table.r_per_m if self.grid == "R" else 1.0
        xs_ = np.arange(0.0, w + 1e-9, step)
        ys_ = np.arange(0.0, h + 1e-9, step)
        xs = [np.array([x, x]) for x in xs_] + [np.array([0.0, w]) for _ in ys_]
        ys = [np.array([0.0, h]) for _ in xs_] + [np.array([y, y]) for y in ys_]
        self.sources["grid"].data = {"xs": xs, "ys": ys}
        unit = "R" if self.grid == "R" else "M"
        self.figure.xaxis.axis_label = f"M (grid: 1{unit})"

    def _draw_waypoints(self, state: KnightsState, sel: int) -> None:
        wps = state.setup.waypoints
        n = len(wps)
        nxt = state.racers[sel].next_waypoint
        blockers = state.blockers
        self.sources["waypoints"].data = {
            "x": np.array([p[0] for p in wps], dtype=float),
            "y": np.array([p[1] for p in wps], dtype=float),
            "radius": np.full(n, self.table.waypoint_diameter / 2.0),
            "number": [str(i + 1) for i in range(n)],
            "fill": [
                THEME["waypoint_closed"] if blockers[i] > 0 else THEME["waypoint_open"]
                for i in range(n)
            ],
            "status": [
                f"blocked (blocker Durability {blockers[i]})" if blockers[i] > 0 else "open"
                for i in range(n)
            ],
            "blocker": np.array(blockers, dtype=int),
            "ring": ["#FFD166" if i == nxt else "#FFFFFF" for i in range(n)],
        }

    def _draw_racers(self, state: KnightsState, sel: int) -> None:
        body = self.table.body
        colours = racer_colours(state)
        xs, ys, fx, fy, shx, shy, sides = [], [], [], [], [], [], []
        cols: dict[str, list[Any]] = {
            k: []
            for k in (
                "x",
                "y",
                "colour",
                "line",
                "width",
                "alpha",
                "name",
                "knight",
                "player",
                "durability",
                "glory",
                "speed",
                "valor",
                "tokens",
                "label",
                "weapon",
                "stats",
            )
        }
        for i, r in enumerate(state.racers):
            c = corners(r.pose, body)
            xs.append(c[:, 0])
            ys.append(c[:, 1])
            tip = np.array(front_centre(r.pose, body))
            back = tip - _FACING_DEPTH * body.length * np.array(r.pose.forward)
            left = np.array(r.pose.left) * body.width * 0.3
            tri = np.array([tip, back + left, back - left])
            fx.append(tri[:, 0])
            fy.append(tri[:, 1])
            for side, _part in r.build.shields:
                a, b = _SIDE_EDGES[side]
                shx.append(np.array([c[a, 0], c[b, 0]]))
                shy.append(np.array([c[a, 1], c[b, 1]]))
                sides.append(f"{state.name(i)}: {side.value}")
            racer = queries.seat_racer(state, i)
            w = racer.weapon
            tokens = []
            if r.slow:
                tokens.append(f"{r.slow} Slow")
            if r.weakness:
                tokens.append(f"{r.weakness} Weakness")
            if r.wrecked:
                tokens.append("wrecked")
            cols["x"].append(r.pose.x)
            cols["y"].append(r.pose.y)
            cols["colour"].append(colours[i])
            cols["line"].append("#FFD166" if i == sel else "#222222")
            cols["width"].append(4.0 if i == sel else 1.5)
            cols["alpha"].append(0.35 if r.wrecked else 0.95)
            cols["name"].append(state.name(i))
            cols["knight"].append(racer.knight.name)
            cols["player"].append(i + 1)
            cols["durability"].append(f"{r.durability} / {r.start_durability}")
            cols["glory"].append(r.glory)
            cols["speed"].append(r.speed_points + r.turbo_points)
            cols["valor"].append(r.valor)
            cols["tokens"].append(", ".join(tokens) or "none")
            cols["label"].append(str(i + 1))
            ours = invented_stats(r.build, r.mods)  # † marks values that are ours

            def mark(name: str, o: frozenset[str] = ours) -> str:
                return "†" if name in o else ""

            cols["weapon"].append(
                f"arc {w.arc.value}{mark('weapon.arc')}, range {w.range}R{mark('weapon.range')}, "
                f"strength {w.strength}{mark('weapon.strength')}, "
                f"damage {w.damage}{mark('weapon.damage')}"
            )
            cols["stats"].append(stats_line(racer.stats, mark))
        self.sources["racers"].data = {
            "xs": xs,
            "ys": ys,
            **{
                k: (np.array(v, dtype=float) if k in ("x", "y", "width", "alpha") else v)
                for k, v in cols.items()
            },
        }
        self.sources["facing"].data = {"xs": fx, "ys": fy}
        self.sources["shields"].data = {"xs": shx, "ys": shy, "side": sides}

    # -- overlays ----------------------------------------------------------------------------
    def _draw_arc(self, state: KnightsState, sel: int, on: bool) -> None:
        arc_src, tgt_src, rng_src = (self.sources[k] for k in ("arc", "targets", "range"))
        if not on:
            arc_src.data = {"xs": [], "ys": []}
            tgt_src.data = {k: [] for k in tgt_src.data}
            rng_src.data = {k: [] for k in rng_src.data}
            return
        region, reach_r = queries.firing_arc(state, sel)
        parts = _polygon_parts(region)
        arc_src.data = {"xs": [p[:, 0] for p in parts], "ys": [p[:, 1] for p in parts]}
        t: dict[str, list[Any]] = {k: [] for k in tgt_src.data}
        g: dict[str, list[Any]] = {k: [] for k in rng_src.data}
        measured: list[tuple[Target, Any]] = []
        for target in targets_of(state, sel):
            check = queries.attack_check(state, sel, target)
            geom = check.geometry
            if not geom.in_arc:
                continue
            x, y = target_centre(state, target)
            if geom.in_range:
                hit = float(self.odds(state, sel, target).hit)
                label = f"{hit:.0%} to hit"
                colour = THEME["hit"]
            else:
                hit = 0.0
                label = f"out of range (> {reach_r}R)"
                colour = THEME["miss"]
            t["x"].append(x)
            t["y"].append(y)
            t["radius"].append(self._target_radius(target))
            t["label"].append(label)
            t["text"].append(label if geom.in_range else "")
            t["colour"].append(colour)
            t["kind"].append(target.kind.value)
            t["index"].append(target.index + 1)
            t["hit"].append(hit)
            t["in_arc"].append(geom.in_arc)
            t["in_range"].append(geom.in_range)
            t["range_r"].append(geom.range_r)
            measured.append((target, geom))
        # range lines: every target in range, and the nearest one out of range
        out = [m for m in measured if not m[1].in_range]
        lines = [m for m in measured if m[1].in_range]
        if out:
            lines.append(min(out, key=lambda m: m[1].range_r))
        for target, geom in lines:
            (x0, y0), (x1, y1) = self._range_points(state, sel, target, geom)
            g["x0"].append(x0)
            g["y0"].append(y0)
            g["x1"].append(x1)
            g["y1"].append(y1)
            g["xm"].append((x0 + x1) / 2)
            g["ym"].append((y0 + y1) / 2)
            g["label"].append(f"{geom.range_r:.2f}R")
        floats = ("x", "y", "radius", "hit", "range_r", "index", "x0", "y0", "x1", "y1", "xm", "ym")
        tgt_src.data = {k: (np.array(v, dtype=float) if k in floats else v) for k, v in t.items()}
        rng_src.data = {k: (np.array(v, dtype=float) if k in floats else v) for k, v in g.items()}

    def _target_radius(self, target: Any) -> float:
        from ..knights.actions import TargetKind

        if target.kind is TargetKind.RACER:
            return self.table.body.length / 2.0 + 0.25
        return self.table.waypoint_diameter / 2.0 + 0.25

    def _range_points(self, state, sel, target, geom):
        """The two nearest points that realise the measured range (attacker side first)."""
        import shapely
        from shapely.ops import nearest_points

        from ..knights.actions import TargetKind

        if target.kind is TargetKind.RACER:
            return geom.nearest
        # a blocker is a disc: nearest part of it inside the arc (or anywhere for arc C)
        pose = state.racers[sel].pose
        body = self.table.body
        disc = self.table.waypoint(state.setup.waypoints[target.index])
        if queries.seat_racer(state, sel).weapon.arc.value == "C":
            a, b = nearest_points(footprint_of(pose, body), disc)
        else:
            apex = shapely.Point(front_centre(pose, body))
            far, _ = queries.firing_arc(state, sel, geom.range_r + 2.0)
            part = shapely.intersection(disc, far)
            a, b = nearest_points(apex, part if not part.is_empty else disc)
        return (a.x, a.y), (b.x, b.y)

    def _draw_ram(self, state: KnightsState, sel: int, on: bool) -> None:
        lane_src, tgt_src = self.sources["ram"], self.sources["ram_targets"]
        if not on:
            lane_src.data = {k: [] for k in lane_src.data}
            tgt_src.data = {k: [] for k in tgt_src.data}
            return
        preview = queries.ram_preview(state, sel)
        r = state.racers[sel]
        body = self.table.body
        ahead = preview.run_m - r.straight_run  # how far it can drive before contact
        cols: dict[str, list[Any]] = {k: [] for k in lane_src.data}
        step = RAM_BAND_STEP_M
        d0 = 0.0
        while d0 < ahead - 1e-9:
            d1 = min(ahead, d0 + step)
            strength = queries.ram_run(state, r.straight_run + d1)[1]
            # grow the band while the strength stays the same
            while d1 < ahead - 1e-9:
                nxt = min(ahead, d1 + step)
                if queries.ram_run(state, r.straight_run + nxt)[1] != strength:
                    break
                d1 = nxt
            band = ram_lane(moved(r.pose, d0, "forward"), body, d1 - d0)
            for part in _polygon_parts(band):
                cols["xs"].append(part[:, 0])
                cols["ys"].append(part[:, 1])
                cols["strength"].append(strength)
                cols["fill"].append(_RAM_SHADES[min(strength, len(_RAM_SHADES) - 1)])
                cols["label"].append(f"+{strength}")
                c = band.centroid
                cols["lx"].append(c.x)
                cols["ly"].append(c.y)
            d0 = d1
        lane_src.data = {
            k: (np.array(v, dtype=float) if k in ("lx", "ly") else v) for k, v in cols.items()
        }
        t: dict[str, list[Any]] = {k: [] for k in tgt_src.data}
        for found in preview.targets:
            x, y = target_centre(state, found.target)
            t["x"].append(x)
            t["y"].append(y)
            if found.hit is None:
                t["strength"].append(0)
                t["hit"].append(0.0)
                t["label"].append("in the lane, behind")
            else:
                t["strength"].append(preview.strength)
                t["hit"].append(float(found.hit))
                t["label"].append(f"ram +{preview.strength}: {float(found.hit):.0%} to hit")
        tgt_src.data = {k: (np.array(v, dtype=float) if k != "label" else v) for k, v in t.items()}

    def _draw_reach(self, state: KnightsState, sel: int, on: bool) -> None:
        src = self.sources["reach"]
        if not on:
            src.data = {"xs": [], "ys": []}
            return
        r = state.racers[sel]
        racer = queries.seat_racer(state, sel)
        sp = 0 if r.stalled else r.speed_points + r.turbo_points
        region = reachable_region(
            r.pose,
            self.table.body,
            sp,
            racer.stats.handling,
            degrees_per_handling=state.options.degrees_per_handling,
            turn_needs_m=state.options.turn_needs_m,
        )
        parts = _polygon_parts(region)
        src.data = {"xs": [p[:, 0] for p in parts], "ys": [p[:, 1] for p in parts]}

    def _draw_trails(self, state: KnightsState, trail_states: Sequence[KnightsState]) -> None:
        src = self.sources["trails"]
        if not trail_states:
            src.data = {"xs": [], "ys": [], "colour": [], "name": []}
            return
        colours = racer_colours(state)
        xs, ys, cs, names = [], [], [], []
        for i in range(len(state.racers)):
            pts: list[tuple[float, float]] = []
            for s in (*trail_states, state):
                p: Pose = s.racers[i].pose
                if not pts or math.hypot(pts[-1][0] - p.x, pts[-1][1] - p.y) > 1e-9:
                    pts.append((p.x, p.y))
            if len(pts) > 1:
                arr = np.array(pts)
                xs.append(arr[:, 0])
                ys.append(arr[:, 1])
                cs.append(colours[i])
                names.append(state.name(i))
        src.data = {"xs": xs, "ys": ys, "colour": cs, "name": names}
