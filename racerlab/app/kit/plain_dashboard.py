"""The plain dashboard any game gets from its descriptor alone.

A game listed in :mod:`racerlab.games` without a dashboard of its own (the
core's Coin Race test game) is shown with this: the shared step controls,
scenario save/load, event log and message banner, plus a table of the state's
fields at the cursor and each seat's name. It has no "Play by hand" tab: a seat ticked
as played by hand is told to give the seat back to the bot. Nothing in it knows the game: the
:class:`~racerlab.app.kit.session.GameKit` is built from the
:class:`~racerlab.core.registry.GameDescriptor` by :func:`kit_from_descriptor`.

>>> kit = kit_from_descriptor(descriptor("coin-race"))
>>> kit.name, sorted(kit.bots)
('coin-race', ['flip', 'greedy', 'random'])
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import panel as pn

from ...core.registry import GameDescriptor, descriptor
from .controls import EventLog, set_text
from .escape import text as esc
from .hand_seat import NO_HAND_PLAY
from .session import GameKit, GameSession
from .shell import MAIN, SIDE, DashboardShell, PanelSpec

__all__ = ["PlainDashboard", "kit_from_descriptor", "plain_app", "state_table"]


@dataclasses.dataclass(frozen=True)
class _SeededSetup:
    """``seed -> set-up`` from a descriptor's ``random_setup(rng, players)`` (picklable)."""

    game: GameDescriptor

    def __call__(self, seed: int) -> Any:
        return self.game.random_setup(np.random.default_rng(seed), None)


def kit_from_descriptor(game: GameDescriptor) -> GameKit:
    """The dashboard framework's view of ``game``, taken from its descriptor alone."""
    if game.random_setup is None:
        raise ValueError(f"{game.name}: a dashboard needs a random set-up in the descriptor")
    return GameKit(
        name=game.name,
        title=game.title,
        rules=game.make_rules,
        random_setup=_SeededSetup(game),
        bots=dict(game.bots),
        scenarios=game.bundled_scenarios(),
        player_names=game.player_names,
    )


def state_table(state: Any) -> str:
    """An HTML table of a state's fields (dice left out), for games without a picture.

    >>> from racerlab.core.testgame import CoinRace, CoinSetup
    >>> "<td>positions</td><td>(0, 0)</td>" in state_table(
    ...     CoinRace().initial_state(CoinSetup(players=2)))
    True
    """
    rows = []
    if dataclasses.is_dataclass(state):
        for f in dataclasses.fields(state):
            if f.name != "dice":
                value = esc(repr(getattr(state, f.name)))
                rows.append(f"<tr><td>{esc(f.name)}</td><td>{value}</td></tr>")
    return "<table class='rl-state'>" + "".join(rows) + "</table>"


class PlainDashboard(DashboardShell):
    """Steps, scenarios, event log and the state as a table, for any game."""

    HAND_HELP = NO_HAND_PLAY  # no "Play by hand" tab here: say what there is
    PANELS = (
        PanelSpec("state", "State", lambda d: pn.pane.HTML("", sizing_mode="stretch_width"),
                  ("state_version",), MAIN, lambda d, p: d._refresh(p)),
        PanelSpec("log", "Event log", lambda d: EventLog(d.session, height=380), (), SIDE),
    )  # fmt: skip

    def __init__(self, session: GameSession, template: bool = False, **params: Any) -> None:
        super().__init__(session, template=template, **params)
        self.TITLE = session.kit.title
        self.build_page()

    state_pane = property(lambda self: self.panel("state"), doc="The state as a table.")
    log = property(lambda self: self.panel("log"), doc="The event log.")

    def _refresh(self, pane: pn.pane.HTML) -> None:
        s = self.session
        names, acting = s.player_names, s.acting
        if s.is_over:
            now = "the game is over"
        else:
            now = f"{names[acting]} to act" if acting is not None else "nobody to act"
        seats = esc(", ".join(names))
        head = f"<p>Seats: {seats}. Round {s.round}; {esc(now)}.</p>"
        set_text(pane, head + state_table(s.state))


def plain_app(
    name: str,
    seed: int = 0,
    *,
    template: bool = False,
    game: str | None = None,
    presenter: bool | None = None,
) -> PlainDashboard:
    """A fresh plain dashboard of the game called ``name``.

    It shows a new random game from ``seed``, or the game of the share token
    ``game`` (as the served pages pass a link's ``?game=``); a bad token shows
    its reason on the page and the random game stays. ``presenter`` is taken for the
    served pages' sake and does nothing: the plain dashboard has no presenter layout.
    """
    session = GameSession(kit_from_descriptor(descriptor(name)), seed=seed)
    if game is not None:
        session.guarded(session.load_share_token)(game)
    return PlainDashboard(session, template=template)
