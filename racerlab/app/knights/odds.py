"""The Racer Knights "Odds" tab: hit chance vs Armor, damage dealt (charts from
:mod:`racerlab.viz.odds_charts`), drive order."""

from __future__ import annotations

from typing import Any

import numpy as np
import panel as pn

from ...knights.actions import Target
from ...knights.state import KnightsState
from ...viz.arena import attack_odds_memo
from ...viz.odds_charts import OddsCharts
from ..kit.controls import offer
from ..kit.escape import text as esc
from ..kit.session import GameSession
from ..kit.tables import TABLE_CSS
from .tables import (
    ARMOR_RANGE,
    candidate_targets,
    curve_rival,
    first_in_sight,
    hit_curve,
    order_table,
    page_words,
)

__all__ = ["OddsPanel"]


class OddsPanel(pn.viewable.Viewer):
    """Exact odds for the selected racer: hit chance vs Armor, damage, drive order."""

    def __init__(self, session: GameSession, odds: Any = None, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.odds_of = odds if odds is not None else attack_odds_memo()
        """Attack odds by (state, attacker, target): the dashboard's bounded memo."""
        wide = dict(sizing_mode="stretch_width")
        self.charts = OddsCharts(ARMOR_RANGE)
        """The two bar charts (hit chance vs Armor, damage dealt), drawn in viz."""
        self.hit_source, self.damage_source = self.charts.hit_source, self.charts.damage_source
        self.hit_fig, self.dmg_fig = self.charts.hit_fig, self.charts.dmg_fig
        self.target = pn.widgets.Select(label="Target for the damage chart", options={}, **wide)
        self.target.param.watch(session.guarded(lambda e: self._draw(), "odds target"), "value")
        self.summary = pn.pane.Markdown("", **wide)
        self.order = pn.pane.HTML("", stylesheets=[TABLE_CSS], **wide)
        self.order_button = pn.widgets.Button(
            label="Compute drive-order odds (exact, takes about a second for 4 racers)", **wide
        )
        self.order_button.on_click(session.guarded(lambda e: self.compute_order(), "drive odds"))
        self.active = True
        self._curve_cache: tuple[Any, int, Any, np.ndarray] | None = None
        self._order_for: Any = None
        self._layout = pn.Column(
            self.target,
            self.summary,
            pn.Row(
                pn.pane.Bokeh(self.hit_fig, **wide), pn.pane.Bokeh(self.dmg_fig, **wide), **wide
            ),
            pn.pane.Markdown("#### Drive order odds (next drive rolls, no Valor)", **wide),
            self.order_button,
            self.order,
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def compute_order(self) -> None:
        """Compute the exact drive-order odds at the cursor (slow for 5 racers: on request)."""
        from ...knights import queries

        state: KnightsState = self.session.state
        self.order.object = order_table(state, queries.drive_order_odds(state))
        self._order_for = state

    def hit_curve(self, state: KnightsState, me: int, target: Target | None) -> np.ndarray:
        """P(hit) of ``me`` against a rival racer whose Armor stat takes each of ARMOR_RANGE
        (see :func:`racerlab.app.knights.tables.hit_curve`), kept for the last state asked."""
        t = curve_rival(state, me, target)
        if t is None:
            return np.zeros(len(ARMOR_RANGE))
        cached = self._curve_cache
        if cached is not None and cached[0] is state and cached[1] == me and cached[2] == t:
            return cached[3]
        from ...knights import queries

        out = hit_curve(self.session.rules, queries.shot_hit_odds, state, me, Target.racer(t))
        self._curve_cache = (state, me, t, out)
        return out

    def refresh(self) -> None:
        """Recompute the odds for the selected racer at the cursor (when the tab is shown)."""
        if not self.active:
            return
        s = self.session
        state: KnightsState = s.state
        me = min(s.selected, len(state.racers) - 1)
        opts = {} if state.racers[me].wrecked else dict(candidate_targets(state, me))
        # by default the odds are those of a target the arena labels; a new target is drawn
        # by the target picker's own callback, so draw here only when the target stayed
        if not offer(self.target, opts, first_in_sight(state, me, list(opts.values()))):
            self._draw()

    def _draw(self) -> None:
        """The charts, the summary and the drive-order note for the target picked."""
        from ...knights import queries

        if not self.active:
            return
        s = self.session
        state: KnightsState = s.state
        me = min(s.selected, len(state.racers) - 1)
        wrecked = state.racers[me].wrecked
        hits = self.hit_curve(state, me, self.target.value)
        self.charts.show_hit_curve(hits, title=f"{state.name(me)}: hit chance vs target Armor")
        target = self.target.value
        if target is None:
            self.charts.show_damage(None)
            self.summary.object = (
                f"**{esc(state.name(me))}** is Wrecked: it attacks nobody, so there are no odds."
                if wrecked
                else "No target left to aim at."
            )
        else:
            odds = self.odds_of(state, me, target)
            self.charts.show_damage(odds.damage)
            check = queries.attack_check(state, me, target)
            geom = check.geometry
            where = f"in arc, range {geom.range_r:.2f}R" if geom.in_arc else "not in the firing arc"
            if geom.in_arc and not geom.in_range:
                where += " (out of range)"
            words = page_words(state)
            why = f" Right now: {esc(words(check.reason))}." if check.reason else ""
            self.summary.object = (
                f"**{esc(state.name(me))} → {esc(words(target.label()))}:** "
                f"{where}; "
                f"exact hit chance **{float(odds.hit):.1%}** if it could fire.{why}"
            )
        if self._order_for is not state:
            self.order.object = "<i>Press the button to compute them for this step.</i>"
