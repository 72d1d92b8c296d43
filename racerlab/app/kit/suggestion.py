"""The bot's suggestion on the "Play by hand" tab: what the bot set for bot seats would
play for the acting seat, worked out off the server's loop.

The suggestion is the very call the Step button would make for a bot seat there
(:meth:`~racerlab.app.kit.session.GameSession.stepping`: the session's bot, the state at
the cursor, the rules), so the bot sees exactly what it sees when it plays, and no more.
It draws from a *copy* of the session's random stream: asking changes nothing, and a
bot seat stepped from here would play the same action. Each state is asked about once;
an answer that comes after the page has moved on is kept for that state but not shown.
While autoplay runs or a job steps the game, nothing is asked (the answer would be stale
at once); the last state shown is asked about when the session is idle again.

>>> from racerlab.core.testgame import CoinRace, CoinSetup
>>> from racerlab.app.kit.session import GameKit, GameSession
>>> kit = GameKit(
...     name="coin-race",
...     title="Coin Race",
...     rules=CoinRace,
...     random_setup=lambda seed: CoinSetup(players=2, target=6),
...     bots={"last": lambda state, rules, rng: rules.legal_actions(state)[-1]},
... )
>>> s = GameSession(kit, seed=1)
>>> shown = []
>>> hint = BotSuggestion(s, shown.append)
>>> hint.ask()
>>> shown == [s.rules.legal_actions(s.state)[-1]] and hint.current() == shown[0]
True
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from typing import Any

from ..server import jobs
from .session import BotMove, GameSession

__all__ = ["SUGGESTED", "BotSuggestion", "suggestion_move"]

log = logging.getLogger(__name__)

SUGGESTED = " (suggested)"
"""What an option's label ends with when it is the bot's suggestion."""


def suggestion_move(session: GameSession) -> BotMove | None:
    """The move the bot set for bot seats would make for the acting seat at the cursor,
    drawing from a copy of the session's random stream; ``None`` when the game is over,
    nobody acts or the game has no bot."""
    if session.is_over or session.acting is None or session.bot is None:
        return None
    policy = session.kit.bots[session.bot]
    return BotMove(policy, session.state, session.rules, copy.deepcopy(session.rng))


class BotSuggestion:
    """Asks for the bot's suggestion of the state shown and hands it to ``show(action)`` on
    the page's loop, if that state is still shown (see the module doc)."""

    def __init__(self, session: GameSession, show: Callable[[Any], None]) -> None:
        self.session = session
        self.show = show
        self._asked: tuple[Any, Any] | None = None  # (state, bot) asked about
        self._answer: tuple[Any, Any, Any] | None = None  # (state, bot, action)
        self._waiting = False  # asked while busy: ask when idle
        session.param.watch(self._on_idle, ["busy", "autoplay"])

    def current(self) -> Any:
        """The suggestion for the state shown, if worked out (else ``None``)."""
        got = self._answer
        s = self.session
        if got is not None and got[0] is s.state and got[1] == s.bot:
            return got[2]
        return None

    def ask(self) -> None:
        """Work out the suggestion for the state shown (once per state and bot)."""
        s = self.session
        if s.autoplay or s.busy:
            self._waiting = True
            return
        self._waiting = False
        asked = self._asked
        if asked is not None and asked[0] is s.state and asked[1] == s.bot:
            return  # asked already: shown when it comes (or shown already)
        move = suggestion_move(s)
        if move is None:
            return
        key = self._asked = (s.state, s.bot)

        def then(action: Any) -> None:
            self._answer = (*key, action)
            if self.current() is action:
                self.show(action)

        def failed(exc: BaseException) -> None:  # a hint only: Step would report it
            log.warning("the bot's suggestion failed: %s", exc)

        jobs.work_out_later(move, then, failed)

    def _on_idle(self, _event: Any) -> None:
        s = self.session
        if self._waiting and not s.autoplay and not s.busy:
            s.guarded(self.ask, "suggest a choice")()
