"""The Racer Knights dashboard: arena, step controls, log, hand play, live tweaks and odds.

:func:`knights_app` builds a fresh dashboard (a new game) each time it is
called: once per browser session under ``racerlab serve``, once per notebook
cell, once per ``pn.ipywidget(...)``. Everything hangs off one
:class:`~racerlab.app.session.GameSession`; every widget callback is guarded
so a refused action or a bad file shows a message and the page keeps working.

>>> import panel as pn
>>> app = knights_app(seed=3)
>>> isinstance(app, KnightsDashboard), app.session.kit.name
(True, 'knights')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

import numpy as np
import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from ..core.errors import IllegalActionError, RacerlabError
from ..core.rules import Action
from ..core.timeline import Timeline
from ..knights import KnightsRules, random_setup
from ..knights.actions import (
    AdjustStat,
    Bid,
    Direction,
    Discharge,
    DriveRoll,
    EndTurn,
    Fire,
    Move,
    Ram,
    Repair,
    SetDurability,
    SurgeChoice,
    SwapPart,
    Target,
    Turn,
)
from ..knights.build import SLOTS
from ..knights.catalog import load_catalog
from ..knights.draft import WEAPON_STATS, racer_of
from ..knights.game import GAME
from ..knights.parts import PartKind, Side, Stats
from ..knights.procedure import procedure_of
from ..knights.provenance import INVENTED_NOTE, invented_stats
from ..knights.scenarios import bundled, load_scenario
from ..knights.state import KnightsState, Phase
from ..viz.arena import (
    ARENA_OVERLAYS,
    OVERLAY_TITLES,
    ArenaPlot,
    attack_odds_memo,
    racer_colours,
    stats_line,
)
from ..viz.style import THEME, apply_figure_style
from .controls import (
    EventLog,
    MessageBanner,
    RefusalNote,
    ScenarioControls,
    StepControls,
    redraw_guard,
    set_slider,
    set_text,
)
from .editor_view import knights_editor
from .escape import colour as safe_colour
from .escape import text as esc
from .naming import PageWords, seat_label
from .offline import use_local_resources
from .presenter import presenter_for
from .session import HUMAN, GameKit, GameSession
from .simulation import SimulationPanel

__all__ = ["KnightsDashboard", "knights_app", "knights_kit"]

DEFAULT_PLAYERS = 4
"""Players in a random game (the benchmark's 4-racer joust)."""

STAT_NAMES = tuple(f.name for f in fields(Stats))
"""Racer stats the tweak sliders offer (then the weapon's)."""

STAT_SLIDER_HEADROOM = 8
"""How far above its current value a stat slider reaches."""

TWEAK_TAB, ODDS_TAB = 1, 2
"""Positions of the Tweak and Odds tabs (refreshed only while shown)."""

SIDE_PANEL_WIDTH = 400
"""Width (px) of the column beside the arena: racer picker, overlays, standings, log."""

ARMOR_RANGE = tuple(range(2, 16))
"""Armor values on the hit-chance chart's x axis."""


def _scenario_loader(name: str) -> Callable[[], Timeline]:
    return lambda: load_scenario(name)


def _names(state: KnightsState) -> list[str]:
    return [state.name(i) for i in range(len(state.racers))]


def _ours_marker(ours: frozenset[str]):
    """A † with a tooltip after each value that is ours (see :mod:`racerlab.knights.provenance`)."""
    mark = f'<span title="{esc(INVENTED_NOTE)}" class="rl-ours">†</span>'
    return lambda name: mark if name in ours else ""


def knights_kit(players: int = DEFAULT_PLAYERS) -> GameKit:
    """The Racer Knights game as the dashboard framework sees it."""
    scenarios = {name.replace("-", " ").capitalize(): _scenario_loader(name) for name in bundled()}
    return GameKit(
        name="knights",
        title="Racer Knights of Falconus",
        rules=KnightsRules,
        random_setup=lambda seed: random_setup(players, seed=seed),
        bots=dict(GAME.bots),
        scenarios=scenarios,
        player_names=_names,
        overlays=ARENA_OVERLAYS,
        default_overlays=("arc", "trails"),
        setup_notes=lambda state: procedure_of(state).describe(_names(state)),
    )


def _candidate_targets(state: KnightsState, me: int) -> list[tuple[str, Target]]:
    out = [
        (seat_label(j, [state.name(k) for k in range(len(state.racers))]), Target.racer(j))
        for j, r in enumerate(state.racers)
        if j != me and not r.wrecked
    ]
    out += [
        (f"Blocker of waypoint {w + 1}", Target.blocker(w))
        for w, b in enumerate(state.blockers)
        if b > 0
    ]
    return out


def target_choices(
    rules: KnightsRules, state: KnightsState, me: int
) -> tuple[dict[str, Target], list[str]]:
    """The targets ``me`` may Fire at or Ram now (label -> target), and for every other
    target one line saying why neither is legal (the engine's own reasons)."""
    words = PageWords([state.name(k) for k in range(len(state.racers))])
    legal: dict[str, Target] = {}
    refused: list[str] = []
    for label, target in _candidate_targets(state, me):
        reasons = []
        for kind, action in (("fire", Fire(target)), ("ram", Ram(target))):
            try:
                rules.check(state, action)
            except IllegalActionError as exc:
                reasons.append(f"{kind}: {words(exc.reason)}")
            else:
                legal.setdefault(f"{label} ({kind})", target)
        if len(reasons) == 2:
            refused.append(f"{label}: {'; '.join(reasons)}")
    merged: dict[str, Target] = {}
    for label, target in legal.items():  # "2. Storm (fire)" + "(ram)" -> "(fire, ram)"
        base = label.rsplit(" (", 1)[0]
        kinds = [k.rsplit(" (", 1)[1][:-1] for k, t in legal.items() if t == target]
        merged[f"{base} ({', '.join(kinds)})"] = target
    return merged, refused


class HandPanel(pn.viewable.Viewer):
    """The acting player's choices as widgets; the engine refuses illegal ones with a reason."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        wide = dict(sizing_mode="stretch_width")
        btn = dict(color="primary", sizing_mode="stretch_width", min_width=90)
        self.note = RefusalNote(session, "rl-hand-note", lambda text: self._words()(text))

        def g(fn: Callable[..., Any], doing: str) -> Callable[..., None]:
            return self.note.attempt(lambda: fn(None), doing)

        self.header = pn.pane.HTML("", **wide)
        # drive phase
        self.valor_reflexes = pn.widgets.IntInput(
            label="Valor on Reflexes", value=0, start=0, width=140
        )
        self.valor_speed = pn.widgets.IntInput(label="Valor on Speed", value=0, start=0, width=140)
        self.drive_button = pn.widgets.Button(label="Roll to drive", **btn)
        self.drive_button.on_click(
            g(
                lambda e: self._play(
                    DriveRoll(int(self.valor_reflexes.value or 0), int(self.valor_speed.value or 0))
                ),
                "drive roll",
            )
        )
        self.drive_box = pn.Row(self.valor_reflexes, self.valor_speed, self.drive_button, **wide)
        # surge
        self.keep_button = pn.widgets.Button(label="Keep the roll", **btn)
        self.reroll_button = pn.widgets.Button(label="Surge: roll again", **btn)
        self.keep_button.on_click(g(lambda e: self._play(SurgeChoice(False)), "surge"))
        self.reroll_button.on_click(g(lambda e: self._play(SurgeChoice(True)), "surge"))
        self.surge_box = pn.Row(self.keep_button, self.reroll_button, **wide)
        # bidding
        self.bid_valor = pn.widgets.IntInput(label="Valor to add", value=1, start=0, width=140)
        self.bid_button = pn.widgets.Button(label="Add Valor", **btn)
        self.pass_button = pn.widgets.Button(label="Pass", sizing_mode="stretch_width")
        self.bid_button.on_click(
            g(lambda e: self._play(Bid(int(self.bid_valor.value or 0))), "bid")
        )
        self.pass_button.on_click(g(lambda e: self._play(Bid(0)), "pass"))
        self.bid_box = pn.Row(self.bid_valor, self.bid_button, self.pass_button, **wide)
        # acting
        self.move_distance = pn.widgets.FloatSlider(
            label="Distance (M)", start=0.05, end=1.0, step=0.05, value=1.0, **wide
        )
        self.move_direction = pn.widgets.Select(
            label="Direction", options={d.value.capitalize(): d for d in Direction}, width=130
        )
        self.move_button = pn.widgets.Button(label="Move", **btn)
        self.move_button.on_click(
            g(
                lambda e: self._play(
                    Move(float(self.move_distance.value), self.move_direction.value)
                ),
                "move",
            )
        )
        self.turn_degrees = pn.widgets.IntSlider(
            label="Turn (degrees, + is left)", start=-180, end=180, step=15, value=45, **wide
        )
        self.turn_pivot = pn.widgets.Select(
            label="About the mark on",
            options={"Left side": Side.LEFT, "Right side": Side.RIGHT},
            width=130,
        )
        self.turn_button = pn.widgets.Button(label="Turn", **btn)
        self.turn_button.on_click(
            g(
                lambda e: self._play(Turn(float(self.turn_degrees.value), self.turn_pivot.value)),
                "turn",
            )
        )
        self.target = pn.widgets.Select(label="Target", options={}, **wide)
        self.attack_valor = pn.widgets.IntInput(label="Opening Valor", value=0, start=0, width=120)
        self.heavy = pn.widgets.Checkbox(label="Heavy shot (4 SP, +1 Damage)", value=False)
        self.fire_button = pn.widgets.Button(
            label="Fire", color="danger", sizing_mode="stretch_width"
        )
        self.ram_button = pn.widgets.Button(
            label="Ram", color="warning", sizing_mode="stretch_width"
        )
        self.fire_button.on_click(g(lambda e: self._attack(ram=False), "fire"))
        self.ram_button.on_click(g(lambda e: self._attack(ram=True), "ram"))
        self.discharge = pn.widgets.IntInput(
            label="Discharge back (M)", value=1, start=1, end=3, width=140
        )
        self.discharge_button = pn.widgets.Button(label="Discharge", sizing_mode="stretch_width")
        self.discharge_button.on_click(
            g(lambda e: self._play(Discharge(float(self.discharge.value or 1))), "discharge")
        )
        self.repair = pn.widgets.IntInput(label="Repair amount", value=1, start=1, width=140)
        self.repair_button = pn.widgets.Button(
            label="Repair (whole round)", sizing_mode="stretch_width"
        )
        self.repair_button.on_click(
            g(lambda e: self._play(Repair(int(self.repair.value or 1))), "repair")
        )
        self.end_button = pn.widgets.Button(label="End turn", sizing_mode="stretch_width")
        self.end_button.on_click(g(lambda e: self._play(EndTurn()), "end turn"))
        # every legal choice, listed by the engine, in words
        self.choice_select = pn.widgets.Select(label="Every legal choice now", options={}, **wide)
        self.choice_button = pn.widgets.Button(label="Play this choice", **btn)
        self.choice_button.on_click(self.note.attempt(self._play_listed, "play a listed choice"))
        self.choice_box = pn.Row(self.choice_select, self.choice_button, **wide)
        self._listed: list[Action] = []
        self.act_box = pn.Column(
            pn.Row(self.move_distance, self.move_direction, self.move_button, **wide),
            pn.Row(self.turn_degrees, self.turn_pivot, self.turn_button, **wide),
            pn.Row(self.target, self.attack_valor, **wide),
            pn.Row(self.heavy, self.fire_button, self.ram_button, **wide),
            pn.Row(self.discharge, self.discharge_button, self.repair, self.repair_button, **wide),
            self.end_button,
            **wide,
        )
        self.legal = pn.pane.HTML("", **wide, styles={"color": "#555", "font-size": "12px"})
        self._layout = pn.Column(
            self.header,
            self.drive_box,
            self.surge_box,
            self.bid_box,
            self.act_box,
            self.note,
            self.choice_box,
            self.legal,
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _words(self) -> PageWords:
        state: KnightsState = self.session.state
        return PageWords([state.name(k) for k in range(len(state.racers))])

    def _play(self, action: Action) -> None:
        self.session.play(action)

    def _play_listed(self) -> None:
        i = self.choice_select.value
        if i is None or not 0 <= i < len(self._listed):
            raise RacerlabError("choose one of the listed choices first")
        self._play(self._listed[i])

    def _attack(self, ram: bool) -> None:
        target = self.target.value
        if target is None:
            raise RacerlabError("there is no legal target to aim at now")
        valor = int(self.attack_valor.value or 0)
        if ram:
            self._play(Ram(target, valor=valor))
        else:
            self._play(Fire(target, valor=valor, heavy=bool(self.heavy.value)))

    def refresh(self) -> None:
        """Show the widgets the acting player's phase needs."""
        s = self.session
        state: KnightsState = s.state
        acting = s.acting
        phase = state.phase
        if acting is None or phase is Phase.OVER:
            for box in (self.drive_box, self.surge_box, self.bid_box, self.act_box):
                box.visible = False
            set_text(
                self.header, "<b>The race is over.</b> Step back or fork to play a line again."
            )
            set_text(self.legal, "")
            return
        name = esc(state.name(acting))
        human = s.controllers[acting] == HUMAN
        by = (
            ""
            if human
            else (
                " <i>(a bot seat: choices here are still played; set the seat to Hand to stop "
                "the bot)</i>"
            )
        )
        rs = state.racers[acting]
        what = {
            Phase.DRIVE: "makes the drive roll",
            Phase.SURGE: "may re-roll the drive roll (Surge)",
            Phase.BIDDING: "bids Valor on the attack",
            Phase.ACT: f"acts: {rs.speed_points + rs.turbo_points} Speed Points left",
        }[phase]
        set_text(self.header, f"<b>{name}</b> {what}.{by}")
        shown = {
            Phase.DRIVE: self.drive_box,
            Phase.SURGE: self.surge_box,
            Phase.BIDDING: self.bid_box,
            Phase.ACT: self.act_box,
        }[phase]
        for box in (self.drive_box, self.surge_box, self.bid_box, self.act_box):
            if box.visible != (box is shown):
                box.visible = box is shown
        refused: list[str] = []
        if phase is Phase.ACT:
            opts, refused = target_choices(s.rules, state, acting)
            keep = self.target.value if self.target.value in opts.values() else None
            self.target.param.update(options=opts, value=keep or next(iter(opts.values()), None))
        self.choice_box.visible = human
        if not human:  # listing every legal choice costs time: only for a seat played by hand
            set_text(self.legal, "")
            return
        self._list_choices(refused)

    def _list_choices(self, refused: list[str]) -> None:
        """Every legal action in words, and why the targets left out cannot be attacked."""
        s = self.session
        words = self._words()
        self._listed = list(s.rules.legal_actions(s.state))
        opts = {f"{i + 1}. {words(a.describe())}": i for i, a in enumerate(self._listed)}
        keep = self.choice_select.value if self.choice_select.value in opts.values() else None
        self.choice_select.param.update(options=opts, value=keep if keep is not None else 0)
        lines = "".join(f"<li>{esc(r)}</li>" for r in refused)
        set_text(
            self.legal,
            f"{len(self._listed)} legal choices now (all in the list above)."
            + (f"<br>Not a legal target now:<ul>{lines}</ul>" if refused else ""),
        )


class TweakPanel(pn.viewable.Viewer):
    """Live stat sliders and part swaps for the selected racer (logged director actions)."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self._syncing = False
        catalog = load_catalog()
        g = session.guarded
        wide = dict(sizing_mode="stretch_width")
        self.header = pn.pane.HTML("", **wide)
        self.sliders: dict[str, pn.widgets.IntSlider] = {}
        for stat in (*STAT_NAMES, *WEAPON_STATS):
            label = ("Weapon " if stat in WEAPON_STATS else "") + stat.replace("_", " ").title()
            w = pn.widgets.IntSlider(label=label, start=0, end=10, value=0, **wide)
            w.param.watch(
                g(lambda e, stat=stat: self._on_stat(stat, e), f"tweak {stat}"), "value_throttled"
            )
            self.sliders[stat] = w
        self.durability_now = pn.widgets.IntSlider(
            label="Durability now", start=1, end=2, value=1, **wide
        )
        self.durability_now.param.watch(g(self._on_durability, "set durability"), "value_throttled")
        self.swaps: dict[str, pn.widgets.Select] = {}
        for slot, kind in SLOTS:
            opts = {p.name: p.id for p in catalog.by_kind(kind)}
            self.swaps[slot] = pn.widgets.Select(label=slot.capitalize(), options=opts, **wide)
        shields = {p.name: p.id for p in catalog.by_kind(PartKind.SHIELD)}
        for side in Side:
            self.swaps[side.value] = pn.widgets.Select(
                label=f"Shield ({side.value})", options={"(none)": "", **shields}, **wide
            )
        for slot, w in self.swaps.items():
            w.param.watch(g(lambda e, slot=slot: self._on_swap(slot, e), f"swap {slot}"), "value")
        stats_col = pn.Column(*self.sliders.values(), self.durability_now, **wide)
        parts_col = pn.Column(*self.swaps.values(), **wide)
        self._layout = pn.Column(
            self.header,
            pn.Row(stats_col, parts_col, **wide),
            pn.pane.Markdown(
                "Each change is a logged director action applied at the current step; the "
                "steps after it are dropped and the bots play on from the new numbers.",
                styles={"color": "#555", "font-size": "12px"},
                **wide,
            ),
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _player(self) -> int:
        return self.session.selected

    def _on_stat(self, stat: str, event: Any) -> None:
        if self._syncing or event.new is None:
            return
        s = self.session
        rs = s.state.racers[self._player()]
        racer = racer_of(rs.build, rs.mods)
        now = getattr(racer.weapon if stat in WEAPON_STATS else racer.stats, stat)
        delta = int(event.new) - int(now)
        if delta and not s.direct(AdjustStat(self._player(), stat, delta)):
            self.refresh()

    def _on_durability(self, event: Any) -> None:
        if self._syncing or event.new is None:
            return
        if not self.session.direct(SetDurability(self._player(), int(event.new))):
            self.refresh()

    def _on_swap(self, slot: str, event: Any) -> None:
        if self._syncing or not event.new:
            return
        if not self.session.direct(SwapPart(self._player(), slot, event.new)):
            self.refresh()

    def refresh(self) -> None:
        """Put the selected racer's current numbers and cards in the widgets."""
        s = self.session
        state: KnightsState = s.state
        p = min(self._player(), len(state.racers) - 1)
        rs = state.racers[p]
        racer = racer_of(rs.build, rs.mods)
        self._syncing = True
        try:
            set_text(
                self.header,
                f"<b>Tweak {esc(state.name(p))}</b> ({esc(racer.knight.name)}): "
                f"{stats_line(racer.stats, _ours_marker(invented_stats(rs.build, rs.mods)))}",
            )
            for stat, w in self.sliders.items():
                now = int(getattr(racer.weapon if stat in WEAPON_STATS else racer.stats, stat))
                set_slider(w, 0, max(now + STAT_SLIDER_HEADROOM, 10), now)
            set_slider(self.durability_now, 1, max(2, rs.start_durability), max(1, rs.durability))
            build = rs.build
            for slot, _kind in SLOTS:
                self.swaps[slot].value = getattr(build, slot)
            on = dict(build.shields)
            for side in Side:
                self.swaps[side.value].value = on.get(side, "")
        finally:
            self._syncing = False


class OddsPanel(pn.viewable.Viewer):
    """Exact odds for the selected racer: hit chance vs Armor, damage, drive order."""

    def __init__(self, session: GameSession, odds: Any = None, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.odds_of = odds if odds is not None else attack_odds_memo()
        """Attack odds by (state, attacker, target): the dashboard's bounded memo."""
        wide = dict(sizing_mode="stretch_width")
        self.hit_source = ColumnDataSource(
            data={
                "armor": np.array(ARMOR_RANGE, dtype=float),
                "hit": np.zeros(len(ARMOR_RANGE)),
                "label": [""] * len(ARMOR_RANGE),
            },
            name="odds-hit-vs-armor",
        )
        hit_fig = figure(
            height=260,
            sizing_mode="stretch_width",
            y_range=(0, 1.05),
            title="Hit chance vs target Armor",
            x_axis_label="Target's Armor stat (shields and tokens still apply)",
            y_axis_label="P(hit)",
            tools="",
            toolbar_location=None,
        )
        hit_fig.vbar(
            "armor", top="hit", width=0.8, source=self.hit_source, color=THEME["accent"], alpha=0.85
        )
        hit_fig.add_tools(HoverTool(tooltips=[("Armor", "@armor"), ("P(hit)", "@label")]))
        self.damage_source = ColumnDataSource(
            data={"damage": np.zeros(0), "p": np.zeros(0), "label": []}, name="odds-damage"
        )
        dmg_fig = figure(
            height=260,
            sizing_mode="stretch_width",
            y_range=(0, 1.05),
            title="Damage dealt to the target",
            x_axis_label="Durability lost",
            y_axis_label="probability",
            tools="",
            toolbar_location=None,
        )
        dmg_fig.vbar(
            "damage",
            top="p",
            width=0.8,
            source=self.damage_source,
            color=THEME["waypoint_closed"],
            alpha=0.85,
        )
        dmg_fig.add_tools(HoverTool(tooltips=[("Damage", "@damage"), ("P", "@label")]))
        for f in (hit_fig, dmg_fig):
            apply_figure_style(f)
            f.title.text_font_size = "12pt"
        self.hit_fig, self.dmg_fig = hit_fig, dmg_fig
        self.target = pn.widgets.Select(label="Target for the damage chart", options={}, **wide)
        self.target.param.watch(session.guarded(lambda e: self.refresh(), "odds target"), "value")
        self.summary = pn.pane.Markdown("", **wide)
        self.order = pn.pane.HTML("", stylesheets=[_TABLE_CSS], **wide)
        self.order_button = pn.widgets.Button(
            label="Compute drive-order odds (exact, takes about a second for 4 racers)", **wide
        )
        self.order_button.on_click(session.guarded(lambda e: self.compute_order(), "drive odds"))
        self.active = True
        self._curve_cache: tuple[Any, int, Any, np.ndarray] | None = None
        self._order_for: Any = None
        self._syncing = False
        self._layout = pn.Column(
            self.target,
            self.summary,
            pn.Row(pn.pane.Bokeh(hit_fig, **wide), pn.pane.Bokeh(dmg_fig, **wide), **wide),
            pn.pane.Markdown("#### Drive order odds (next drive rolls, no Valor)", **wide),
            self.order_button,
            self.order,
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def compute_order(self) -> None:
        """Compute the exact drive-order odds at the cursor (slow for 5 racers: on request)."""
        from ..knights import queries

        state: KnightsState = self.session.state
        self.order.object = _order_table(state, queries.drive_order_odds(state))
        self._order_for = state

    def hit_curve(self, state: KnightsState, me: int, target: Target | None) -> np.ndarray:
        """P(hit) of ``me`` against a rival racer whose Armor stat takes each of ARMOR_RANGE.

        Each point is the engine's own odds (:func:`racerlab.knights.queries.attack_odds`)
        on a copy of the state where a director :class:`AdjustStat` set that Armor.
        """
        from ..knights.actions import TargetKind

        rivals = [j for j, r in enumerate(state.racers) if j != me and not r.wrecked]
        if target is not None and target.kind is TargetKind.RACER:
            t = target.index
        elif rivals:
            t = rivals[0]
        else:
            return np.zeros(len(ARMOR_RANGE))
        cached = self._curve_cache
        if cached is not None and cached[0] is state and cached[1] == me and cached[2] == t:
            return cached[3]
        rules = self.session.rules
        rs = state.racers[t]
        armor_now = racer_of(rs.build, rs.mods).stats.armor
        out = np.zeros(len(ARMOR_RANGE))
        for k, armor in enumerate(ARMOR_RANGE):
            delta = armor - armor_now
            try:
                hypo = rules.apply(state, AdjustStat(t, "armor", delta)).state if delta else state
            except IllegalActionError:  # below the Armor the engine allows: no bar
                continue
            out[k] = float(self.odds_of(hypo, me, Target.racer(t)).hit)
        self._curve_cache = (state, me, t, out)
        return out

    def refresh(self) -> None:
        """Recompute the odds for the selected racer at the cursor (when the tab is shown)."""
        from ..knights import queries

        if self._syncing or not self.active:
            return
        s = self.session
        state: KnightsState = s.state
        me = min(s.selected, len(state.racers) - 1)
        opts = dict(_candidate_targets(state, me))
        if state.racers[me].wrecked:  # a wrecked racer attacks nobody: no odds to quote
            opts = {}
        self._syncing = True
        try:
            keep = self.target.value if self.target.value in opts.values() else None
            self.target.param.update(options=opts, value=keep or next(iter(opts.values()), None))
        finally:
            self._syncing = False
        hits = self.hit_curve(state, me, self.target.value)
        self.hit_source.data = {
            "armor": np.array(ARMOR_RANGE, dtype=float),
            "hit": hits,
            "label": [f"{h:.1%}" for h in hits],
        }
        self.hit_fig.title.text = f"{state.name(me)}: hit chance vs target Armor"
        target = self.target.value
        if target is None:
            self.damage_source.data = {"damage": np.zeros(0), "p": np.zeros(0), "label": []}
            self.summary.object = "No target left to aim at."
        else:
            odds = self.odds_of(state, me, target)
            dist = sorted((int(k), float(v)) for k, v in odds.damage.items())
            self.damage_source.data = {
                "damage": np.array([d for d, _ in dist], dtype=float),
                "p": np.array([p for _, p in dist], dtype=float),
                "label": [f"{p:.1%}" for _, p in dist],
            }
            check = queries.attack_check(state, me, target)
            geom = check.geometry
            where = f"in arc, range {geom.range_r:.2f}R" if geom.in_arc else "not in the firing arc"
            if geom.in_arc and not geom.in_range:
                where += " (out of range)"
            words = PageWords([state.name(k) for k in range(len(state.racers))])
            why = f" Right now: {esc(words(check.reason))}." if check.reason else ""
            self.summary.object = (
                f"**{esc(state.name(me))} → {esc(words(target.label()))}:** "
                f"{where}; "
                f"exact hit chance **{float(odds.hit):.1%}** if it could fire.{why}"
            )
        if self._order_for is not state:
            self.order.object = "<i>Press the button to compute them for this step.</i>"


def order_positions(players: int, odds: Any) -> np.ndarray:
    """``P[i, k]``: the chance player ``i`` acts ``k``-th, from {order: probability}.

    >>> from fractions import Fraction as F
    >>> order_positions(2, {(0, 1): F(3, 4), (1, 0): F(1, 4)}).tolist()
    [[0.75, 0.25], [0.25, 0.75]]
    """
    out = np.zeros((players, players))
    for order, p in odds.items():
        for k, i in enumerate(order):
            out[i, k] += float(p)
    return out


def _order_table(state: KnightsState, odds: Any) -> str:
    n = len(state.racers)
    colours = racer_colours(state)
    head = "".join(f"<th>{k + 1}{_ordinal(k + 1)}</th>" for k in range(n))
    pos = order_positions(n, odds)
    rows = []
    for i in range(n):
        cells = "".join(f"<td>{p:.1%}</td>" for p in pos[i])
        chip = f'<span style="color:{safe_colour(colours[i])}">■</span>'
        rows.append(f"<tr><td>{chip} {esc(state.name(i))}</td>{cells}</tr>")
    return (
        f'<table class="rl-table" id="rl-order"><caption>Round {state.round}: chance of '
        f"acting 1st, 2nd, ...</caption><tr><th>Racer</th>"
        + head
        + "</tr>"
        + "".join(rows)
        + "</table>"
    )


def _ordinal(k: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(k if k < 20 else k % 10, "th")


_TABLE_CSS = """
.rl-table { border-collapse: collapse; font-size: 12px; width: 100%; }
.rl-table th, .rl-table td { border-bottom: 1px solid #e2e2e2; padding: 3px 6px;
                             text-align: right; }
.rl-table th:first-child, .rl-table td:first-child { text-align: left; }
"""


def standings_html(state: KnightsState, selected: int) -> str:
    """Each racer's Glory, Durability, Speed Points, Valor, next waypoint and tokens."""
    colours = racer_colours(state)
    rows = []
    for i, r in enumerate(state.racers):
        tokens = []
        if r.slow:
            tokens.append(f"Slow×{r.slow}")
        if r.weakness:
            tokens.append(f"Weak×{r.weakness}")
        if r.wrecked:
            tokens.append("Wrecked")
        nxt = r.next_waypoint + 1 if r.next_waypoint < len(state.setup.waypoints) else "done"
        style = ' style="font-weight:600;background:#fff6db"' if i == selected else ""
        rows.append(
            f'<tr{style}><td><span style="color:{safe_colour(colours[i])}">■</span> {i + 1}. '
            f"{esc(state.name(i))}</td><td>{r.glory}</td>"
            f"<td>{r.durability}/{r.start_durability}</td>"
            f"<td>{r.speed_points + r.turbo_points}</td><td>{r.valor}</td><td>{nxt}</td>"
            f"<td>{', '.join(tokens)}</td></tr>"
        )
    return (
        '<table class="rl-table" id="rl-standings"><tr><th>Racer</th><th>Glory</th>'
        "<th>Durability</th><th>SP</th><th>Valor</th><th>Next</th><th>Tokens</th></tr>"
        + "".join(rows)
        + "</table>"
    )


class KnightsDashboard(pn.viewable.Viewer):
    """The whole Racer Knights dashboard for one session."""

    template = param.Boolean(default=False, doc="Wrap in the racerlab page template.")

    def __init__(self, session: GameSession, template: bool = False, **params: Any) -> None:
        super().__init__(template=template, **params)
        self.session = session
        s = session
        g = s.guarded
        wide = dict(sizing_mode="stretch_width")
        self.odds_memo = attack_odds_memo()  # this session's own, bounded
        self.arena = ArenaPlot(
            s.state, selected=s.selected, overlays=s.overlays, grid=s.grid, odds=self.odds_memo
        )
        self.arena_pane = pn.pane.Bokeh(self.arena.figure, min_height=420, **wide)
        self.racer_select = pn.widgets.Select(label="Selected racer", options={}, **wide)
        self.racer_select.param.watch(g(self._on_select, "select racer"), "value")
        self.overlay_toggle = pn.widgets.CheckButtonGroup(
            options={OVERLAY_TITLES[o]: o for o in ARENA_OVERLAYS},
            value=list(s.overlays),
            color="primary",
            variant="outline",
            **wide,
        )
        self.overlay_toggle.param.watch(g(self._on_overlays, "overlays"), "value")
        self.grid_toggle = pn.widgets.RadioButtonGroup(
            options={"Grid 1M": "M", "Grid 1R": "R", "No grid": "off"}, value=s.grid, **wide
        )
        self.grid_toggle.param.watch(g(self._on_grid, "grid"), "value")
        self.standings = pn.pane.HTML("", stylesheets=[_TABLE_CSS], **wide)
        self.result = pn.pane.HTML("", **wide)
        self.banner = MessageBanner(s)
        self.steps = StepControls(s)
        self.scenarios = ScenarioControls(s)
        self.log = EventLog(s, height=380)
        self.hand = HandPanel(s)
        self.tweak = TweakPanel(s)
        self.odds = OddsPanel(s, odds=self.odds_memo)
        self.simulation = SimulationPanel(s)
        self.tabs = pn.Tabs(
            ("Play by hand", self.hand),
            ("Tweak racer", self.tweak),
            ("Odds", self.odds),
            ("Simulate", self.simulation),
            ("Edit position", knights_editor(s, self.arena.figure)),
            dynamic=True,
            **wide,
        )
        self.tabs.param.watch(g(self._on_tab, "switch tab"), "active")
        self.odds.active = self.tabs.active == ODDS_TAB
        redraw = redraw_guard(s, self.refresh)
        s.param.watch(redraw, ["version", "selected", "overlays", "grid"])
        self.presenter = presenter_for(self)
        self._syncing = False
        self.refresh()

    # -- layout ---------------------------------------------------------------------------
    def _sidebar(self) -> list[Any]:
        return [
            pn.pane.Markdown("### Steps", margin=(0, 5)),
            self.steps,
            pn.pane.Markdown("### Game", margin=(10, 5, 0, 5)),
            self.scenarios,
        ]

    def _main(self) -> list[Any]:
        side = pn.Column(
            self.racer_select,
            self.overlay_toggle,
            self.grid_toggle,
            self.standings,
            self.result,
            self.log,
            width=SIDE_PANEL_WIDTH,
        )
        return [
            self.presenter,
            self.banner,
            pn.Row(self.arena_pane, side, sizing_mode="stretch_width"),
            self.tabs,
        ]

    def __panel__(self) -> pn.viewable.Viewable:
        if self.template:
            from .landing import dashboard_template

            # one root each for main and sidebar: Bokeh re-indexes every model per root added
            return dashboard_template(
                "Racer Knights of Falconus",
                main=[pn.Column(*self._main(), sizing_mode="stretch_width")],
                sidebar=[pn.Column(*self._sidebar(), sizing_mode="stretch_width")],
            )
        return pn.Row(
            pn.Column(*self._sidebar(), width=320),
            pn.Column(
                pn.pane.Markdown("## Racer Knights of Falconus", margin=(0, 5)),
                *self._main(),
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
        )

    # -- callbacks --------------------------------------------------------------------------
    def _on_select(self, event: Any) -> None:
        if not self._syncing and event.new is not None:
            self.session.selected = int(event.new)

    def _on_overlays(self, event: Any) -> None:
        if not self._syncing:
            self.session.overlays = [o for o in ARENA_OVERLAYS if o in event.new]

    def _on_grid(self, event: Any) -> None:
        if not self._syncing:
            self.session.grid = event.new

    def _on_tab(self, event: Any) -> None:
        self.odds.active = event.new == ODDS_TAB
        if event.new == TWEAK_TAB:
            self.tweak.refresh()
        if self.odds.active:
            self.odds.refresh()

    def refresh(self) -> None:
        """Redraw the arena and every panel for the session's state."""
        s = self.session
        state: KnightsState = s.state
        sel = min(s.selected, len(state.racers) - 1)
        trail = [s.timeline.entries[i - 1].state for i in s.round_entries()]
        self.arena.update(state, selected=sel, overlays=s.overlays, grid=s.grid, trail_states=trail)
        self._syncing = True
        try:
            self.racer_select.param.update(
                options={f"{i + 1}. {n}": i for i, n in enumerate(s.player_names)}, value=sel
            )
            self.overlay_toggle.value = list(s.overlays)
            self.grid_toggle.value = s.grid
        finally:
            self._syncing = False
        set_text(self.standings, standings_html(state, sel))
        if s.is_over:
            set_text(self.result, "🏁 " + esc(s.rules.result(state).describe()))
        else:
            set_text(self.result, "")
        self.hand.refresh()
        if self.tabs.active == TWEAK_TAB:
            self.tweak.refresh()
        self.odds.refresh()


def knights_app(
    seed: int = 0,
    *,
    scenario: str | None = None,
    players: int = DEFAULT_PLAYERS,
    template: bool = False,
    game: str | None = None,
) -> KnightsDashboard:
    """A fresh Racer Knights dashboard with its own game.

    ``scenario`` starts from a bundled scenario title, ``game`` from a share
    token; otherwise a random ``players``-racer joust from ``seed``. Served
    pages also read ``?game=<token>`` from the URL; a bad token shows an error
    on the page and the default game is used.
    """
    use_local_resources()
    kit = knights_kit(players)
    session = GameSession(kit, seed=seed)
    if scenario is not None:
        session.load_scenario(scenario)
    token = game
    if token is None:
        args = getattr(pn.state, "session_args", None) or {}
        raw = args.get("game")
        if raw:
            token = (
                raw[0].decode("utf-8", errors="replace")
                if isinstance(raw[0], bytes)
                else str(raw[0])
            )
    if token is not None:
        session.guarded(session.load_share_token)(token)  # its errors already say "share link"
    return KnightsDashboard(session, template=template)
