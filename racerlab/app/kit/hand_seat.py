"""A seat played by hand at the cursor: whose choice the game waits for, and the status
line saying so (no Panel here; :class:`~racerlab.app.kit.controls.StepControls` shows it).

>>> from racerlab.app.knights.dashboard import knights_kit
>>> from racerlab.app.kit.session import HUMAN, GameSession
>>> s = GameSession(knights_kit(2), seed=1)
>>> hand_to_choose(s) is None
True
>>> s.set_controller(s.acting, HUMAN)
>>> hand_to_choose(s) == s.acting, step_status(s).endswith("to choose: use the Play by hand tab")
(True, True)
"""

from __future__ import annotations

from typing import Any

from .escape import text as esc
from .session import HUMAN

__all__ = [
    "HAND_HELP",
    "NO_HAND_PLAY",
    "empty_log_html",
    "hand_to_choose",
    "next_step_hint",
    "step_status",
]


def hand_to_choose(session: Any) -> int | None:
    """The seat played by hand whose choice the game waits for at the cursor, or ``None``
    (recorded history ahead is replayed by a step, and a bot seat plays itself)."""
    if not session.timeline.at_end or session.is_over:
        return None
    acting = session.acting
    if acting is None or session.controllers[acting] != HUMAN:
        return None
    return acting


HAND_HELP = "use the Play by hand tab"
"""Where a seat played by hand makes its choice, as the step controls' status says it
(on the dashboards that have a "Play by hand" tab)."""

NO_HAND_PLAY = (
    "this dashboard has no hand play: untick the seat under Seats played by hand "
    "to let the bot play it"
)
"""What the status says instead on a dashboard with no "Play by hand" tab (the plain one):
the only way on from a seat played by hand is to give it back to the bot."""


def step_status(session: Any, hand_help: str = HAND_HELP) -> str:
    """The session's status line; while a seat played by hand must choose, it says whose
    choice it is and where to make it (``"Round 1 · step 0 of 0 · Cindy to choose: use the
    Play by hand tab"``)."""
    status = session.status()
    seat = hand_to_choose(session)
    if seat is None:
        return status
    who = session.player_names[seat]
    where = status.removesuffix(f" · {who} to act ({HUMAN})")
    return f"{where} · {who} to choose: {hand_help}"


def next_step_hint(session: Any) -> str:
    """What moves the game on from here: ``"press Step"``, or ``"Cindy to choose"`` while a
    seat played by hand must choose (the empty event log says it)."""
    seat = hand_to_choose(session)
    return "press Step" if seat is None else f"{session.player_names[seat]} to choose"


def empty_log_html(session: Any) -> str:
    """What the event log shows before the first step: what moves the game on."""
    return f'<div class="rl-log"><i>No events yet: {esc(next_step_hint(session))}.</i></div>'
