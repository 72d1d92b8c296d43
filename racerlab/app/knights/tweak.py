"""The Racer Knights "Tweak racer" tab: stat sliders and part swaps (director actions)."""

from __future__ import annotations

from typing import Any

import panel as pn

from ...knights import queries
from ...knights.actions import AdjustStat, SetDurability, SwapPart
from ...knights.provenance import invented_stats
from ...knights.queries import RACER_STATS, SHIELD_SIDES, WEAPON_STATS
from ...knights.state import KnightsState
from ...viz.arena import stats_line
from ..kit.controls import director_note, offer, set_slider, set_text
from ..kit.escape import text as esc
from ..kit.session import GameSession
from .tables import ours_marker

__all__ = ["STAT_NAMES", "STAT_SLIDER_HEADROOM", "TweakPanel"]

STAT_NAMES = RACER_STATS
"""Racer stats the tweak sliders offer (then the weapon's)."""

STAT_SLIDER_HEADROOM = 8
"""How far above its current value a stat slider reaches."""


class TweakPanel(pn.viewable.Viewer):
    """Live stat sliders and part swaps for the selected racer (logged director actions)."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self._catalog: Any = None  # the catalog whose parts the swaps offer
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
        for slot in queries.part_slots(session.rules.catalog):
            label = f"Shield ({slot})" if slot in SHIELD_SIDES else slot.capitalize()
            self.swaps[slot] = pn.widgets.Select(label=label, options={}, **wide)
        self._offer_parts({})
        for slot, w in self.swaps.items():
            w.param.watch(g(lambda e, slot=slot: self._on_swap(slot, e), f"swap {slot}"), "value")
        stats_col = pn.Column(*self.sliders.values(), self.durability_now, **wide)
        parts_col = pn.Column(*self.swaps.values(), **wide)
        self._layout = pn.Column(
            self.header,
            pn.Row(stats_col, parts_col, **wide),
            director_note(),
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _offer_parts(self, parts: dict[str, str]) -> None:
        """The swaps offer the parts of the catalog the game shown plays (offered again only
        when that catalog changes), each showing its card of ``parts``: a swap set to the
        game's own card asks for nothing."""
        catalog = self.session.rules.catalog
        if catalog is not self._catalog:
            self._catalog = catalog
            for slot, offered in queries.part_slots(catalog).items():
                opts = {"(none)": "", **dict(offered)} if slot in SHIELD_SIDES else dict(offered)
                offer(self.swaps[slot], opts, parts.get(slot))
        for slot, part in parts.items():
            self.swaps[slot].value = part

    def _player(self) -> int:
        return self.session.selected

    # Each callback directs only a change: refresh sets the widgets to the game's own numbers
    # and parts, and then the callbacks find nothing to do (no echo, no guard flag).
    def _on_stat(self, stat: str, event: Any) -> None:
        if event.new is None:
            return
        s = self.session
        racer = queries.seat_racer(s.state, self._player())
        now = getattr(racer.weapon if stat in WEAPON_STATS else racer.stats, stat)
        delta = int(event.new) - int(now)
        if delta and not s.direct(AdjustStat(self._player(), stat, delta)):
            self.refresh()

    def _on_durability(self, event: Any) -> None:
        if event.new is None:
            return
        s = self.session
        if int(event.new) == _durability_shown(s.state.racers[self._player()]):
            return
        if not s.direct(SetDurability(self._player(), int(event.new))):
            self.refresh()

    def _on_swap(self, slot: str, event: Any) -> None:
        if not event.new:
            return
        s = self.session
        if event.new == queries.build_parts(s.state.racers[self._player()].build).get(slot):
            return
        if not s.direct(SwapPart(self._player(), slot, event.new)):
            self.refresh()

    def refresh(self) -> None:
        """Put the selected racer's current numbers and cards in the widgets."""
        s = self.session
        state: KnightsState = s.state
        p = min(self._player(), len(state.racers) - 1)
        rs = state.racers[p]
        racer = queries.seat_racer(state, p)
        wrecked = " <i>Wrecked: the director cannot change it.</i>" if rs.wrecked else ""
        ours = invented_stats(rs.build, rs.mods, s.rules.catalog)
        set_text(
            self.header,
            f"<b>Tweak {esc(state.name(p))}</b> ({esc(racer.knight.name)}): "
            f"{stats_line(racer.stats, ours_marker(ours))}" + wrecked,
        )
        for stat, w in self.sliders.items():
            now = int(getattr(racer.weapon if stat in WEAPON_STATS else racer.stats, stat))
            set_slider(w, 0, max(now + STAT_SLIDER_HEADROOM, 10), now)
        lowest = 0 if rs.wrecked else 1  # a wrecked racer has 0, as the standings say
        top = max(2, rs.start_durability)
        set_slider(self.durability_now, lowest, top, _durability_shown(rs))
        self._offer_parts(queries.build_parts(rs.build))
        for w in (*self.sliders.values(), self.durability_now, *self.swaps.values()):
            if w.disabled != rs.wrecked:
                w.disabled = rs.wrecked  # the engine refuses every tweak of a wrecked racer


def _durability_shown(rs: Any) -> int:
    """The Durability the slider shows for racer state ``rs`` (0 only for a wreck)."""
    return max(0 if rs.wrecked else 1, rs.durability)
