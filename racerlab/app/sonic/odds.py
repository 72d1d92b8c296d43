"""The Battle Racers "Odds" tab: who resolves first this round, each card's chances."""

from __future__ import annotations

from typing import Any

import panel as pn

from ...sonic.state import SonicState
from ..kit.session import GameSession
from ..kit.tables import CAPTION_CSS, TABLE_CSS
from .tables import cards_html, order_html

__all__ = ["OddsPanel"]


class OddsPanel(pn.viewable.Viewer):
    """Who resolves first this round (exact), each card's chance to go first, Speed spread."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.active = False
        wide = dict(sizing_mode="stretch_width")
        self.order = pn.pane.HTML("", stylesheets=[TABLE_CSS + CAPTION_CSS], **wide)
        self.cards = pn.pane.HTML("", stylesheets=[TABLE_CSS + CAPTION_CSS], **wide)
        self._layout = pn.Column(
            pn.pane.Markdown("#### Priority order this round", **wide),
            self.order,
            pn.pane.Markdown("#### The selected racer's cards", **wide),
            self.cards,
            **wide,
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def refresh(self) -> None:
        """Recompute for the cursor (only while the tab is shown)."""
        if not self.active:
            return
        s = self.session
        state: SonicState = s.state
        self.order.object = order_html(state, s.rules, s.player_names)
        self.cards.object = cards_html(state, s.rules, min(s.selected, state.players - 1))
