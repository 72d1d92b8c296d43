"""The Battle Racers "Tweak racer" tab: Speed, rings, Ability/Power and the draw deck
(each a logged director action)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import panel as pn

from ...sonic import SetAbility, SetDeck, SetRings, SetSpeed
from ...sonic.state import SonicState
from ..kit.controls import director_note, offer, set_slider, set_text
from ..kit.escape import text as esc
from ..kit.messages import RefusalNote
from ..kit.session import GameSession
from .paths import ours_mark, sonic_words

__all__ = ["TweakPanel"]


class TweakPanel(pn.viewable.Viewer):
    """Speed, rings, Ability/Power and the draw deck for the selected racer (logged director
    actions: the steps after the cursor are dropped and the bots play on)."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        g = session.guarded
        wide = dict(sizing_mode="stretch_width")
        self.header = pn.pane.Markdown("", **wide)
        self.speed = pn.widgets.IntSlider(label="Speed", start=1, end=9, value=3, **wide)
        self.speed.param.watch(g(self._on_speed, "set speed"), "value_throttled")
        self.rings = pn.widgets.IntSlider(label="Rings", start=0, end=50, value=0, **wide)
        self.rings.param.watch(g(self._on_rings, "set rings"), "value_throttled")
        self._catalog: Any = None  # the catalog whose racers the ability picker offers
        self.ability = pn.widgets.Select(label="Ability and Power of", options={}, **wide)
        self._offer_racers(None)
        self.ability.param.watch(g(self._on_ability, "swap ability"), "value")
        self.ability_text = pn.pane.Markdown("", styles={"font-size": "12px"}, **wide)
        self.deck = pn.widgets.TextAreaInput(
            label="Draw deck, top first (card ids)", value="", height=110, **wide
        )
        self.deck_button = pn.widgets.Button(label="Set the draw deck", **wide)
        self.deck_note = RefusalNote(session, "rl-deck-note", sonic_words(session))
        self.deck_button.on_click(self.deck_note.attempt(self._on_deck, "set deck"))
        self.deck_summary = pn.pane.Markdown("", styles={"font-size": "12px"}, **wide)
        self._layout = pn.Column(
            self.header,
            pn.Row(
                pn.Column(self.speed, self.rings, self.ability, self.ability_text, **wide),
                pn.Column(self.deck, self.deck_button, self.deck_note, self.deck_summary, **wide),
                **wide,
            ),
            director_note(),
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _offer_racers(self, shown: str | None) -> None:
        """The ability picker offers the racers of the catalog the game shown plays (offered
        again only when that catalog changes) and shows racer ``shown``: set to the game's
        own racer, it asks for nothing."""
        cat = self.session.rules.catalog
        if cat is not self._catalog:
            self._catalog = cat
            racers = sorted(cat.racers.values(), key=lambda r: r.name)
            offer(self.ability, {r.name: r.id for r in racers}, shown)
        if shown is not None:
            self.ability.value = shown

    def _seat(self) -> int:
        return min(self.session.selected, len(self.session.state.board.racers) - 1)

    def _on_speed(self, event: Any) -> None:
        self._set_number(event, self.session.state.token(self._seat()).speed, SetSpeed)

    def _on_rings(self, event: Any) -> None:
        self._set_number(event, self.session.state.token(self._seat()).rings, SetRings)

    def _set_number(self, event: Any, now: int, action: Callable[[int, int], Any]) -> None:
        """Direct ``action(seat, value)`` when a slider let go at a new value (set from the
        game's numbers, it asks for nothing); on a refusal put the widgets back."""
        if event.new is None:
            return
        if int(event.new) != now and not self.session.direct(action(self._seat(), int(event.new))):
            self.refresh()

    def _on_ability(self, event: Any) -> None:
        if not event.new:
            return
        now = self.session.state.abilities[self._seat()]
        if event.new != now and not self.session.direct(SetAbility(self._seat(), event.new)):
            self.refresh()

    def _on_deck(self) -> None:
        cards = tuple(c for c in re.split(r"[\s,]+", self.deck.value or "") if c)
        if not self.session.direct(SetDeck(cards)):
            self.refresh()

    def refresh(self) -> None:
        """Put the selected racer's numbers and the deck in the widgets."""
        s = self.session
        state: SonicState = s.state
        seat = self._seat()
        t = state.token(seat)
        self._offer_racers(state.abilities[seat])
        cat = self._catalog
        # each widget set here already holds the game's number, so its callback asks nothing
        set_text(self.header, f"**Tweak {esc(s.player_names[seat])}** (seat {seat + 1})")
        o = state.options
        set_slider(self.speed, o.speed_min, o.speed_max, t.speed)
        set_slider(self.rings, 0, max(1, t.rings + state.board.ring_pile), t.rings)
        prof = cat.racers.get(state.abilities[seat])
        if prof is not None:
            mark = ours_mark(prof.id, catalog=cat)
            set_text(
                self.ability_text,
                f"**Ability:** {esc(prof.ability_text)}{mark('ability')}  \n"
                f"**Power:** {esc(prof.power_text)}{mark('power')}",
            )
        self.deck.value = ", ".join(state.deck)
        facts = s.rules.facts.cards
        counts = Counter(facts[c].name for c in state.deck)
        parts = ", ".join(f"{n}× {esc(name)}" for name, n in sorted(counts.items()))
        set_text(self.deck_summary, f"{len(state.deck)} cards: {parts or 'empty'}")
