"""The questions a teacher can ask about the board, with the engine's exact answer (no Panel).

* **Racer Knights.** "Will A's shot at B hit?" (Yes/No) and "Estimate the chance that A's
  shot at B hits" (0–100%): both answered by
  :func:`racerlab.knights.queries.shot_hit_odds` for the selected racer A against the
  target B, on the position shown (geometry as it stands, Valor not bid).
* **Battle Racers.** "Estimate the chance that A resolves first this round" (0–100%):
  :func:`racerlab.sonic.queries.first_odds`. How far a racer moves depends on the card
  it has not yet shown, so there is no exact "how many spaces" to ask about.

:func:`make_ask` does the engine's work: call it off the event loop. :func:`normal_answer`
checks a student's answer against the question's kind.

>>> normal_answer("yes/no", "yes,no", " Yes "), normal_answer("percent", "0,100", "72.5")
('yes', '72.5')
>>> normal_answer("number", "", "<script>")
Traceback (most recent call last):
...
racerlab.core.errors.ScenarioError: an answer here is a number, not '<script>'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...core.errors import ScenarioError
from ...knights import queries as knights_queries
from ...knights.actions import Target
from ...sonic import queries as sonic_queries
from ..server.class_store import MAX_ANSWER_CHARS

__all__ = ["ASKS", "Ask", "make_ask", "needs_target", "normal_answer"]

ASKS: dict[str, dict[str, str]] = {
    "knights": {
        "Will the shot hit? (Yes/No)": "hit",
        "Estimate the hit chance (0–100%)": "hit-chance",
    },
    "sonic": {"Estimate the chance to resolve first (0–100%)": "first"},
}
"""Per game: the label the teacher picks -> the question asked."""

MAX_NUMBER = 1e6
"""Largest number answer taken (in size)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """A question ready for the store: kind, text, answers offered, exact answer."""

    kind: str
    text: str
    options: str
    exact: float


def needs_target(what: str) -> bool:
    """Whether the question ``what`` is about a shot at a target racer."""
    return what in ("hit", "hit-chance")


def make_ask(what: str, state: Any, rules: Any, names: list[str], racer: int, target: int) -> Ask:
    """The question ``what`` about ``racer`` (and ``target``) on ``state``, with its exact
    answer from the engine (a chance from 0 to 1)."""
    who = names[racer] if 0 <= racer < len(names) else f"seat {racer + 1}"
    if needs_target(what):
        if not 0 <= target < len(names) or target == racer:
            raise ScenarioError("pick a target: another racer")
        chance = float(knights_queries.shot_hit_odds(state, racer, Target.racer(target)))
        if what == "hit":
            return Ask("yes/no", f"Will {who}'s shot at {names[target]} hit?", "yes,no", chance)
        text = f"Estimate the chance that {who}'s shot at {names[target]} hits (0–100%)."
        return Ask("percent", text, "0,100", chance)
    if what == "first":
        chance = float(sonic_queries.first_odds(state, rules).get(racer, 0))
        text = f"Estimate the chance that {who} resolves first this round (0–100%)."
        return Ask("percent", text, "0,100", chance)
    raise ScenarioError(f"there is no question {what!r} here")


def normal_answer(kind: str, options: str, raw: Any) -> str:
    """A student's answer as stored, or a :class:`ScenarioError` saying what it should be."""
    typed = str(raw).strip()[:MAX_ANSWER_CHARS]
    if kind == "yes/no":
        offered = [o for o in options.split(",") if o]
        if typed.lower() in offered:
            return typed.lower()
        raise ScenarioError(f"an answer here is one of {', '.join(offered)}, not {typed!r}")
    try:
        value = float(typed)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise ScenarioError(f"an answer here is a number, not {typed!r}")
    if kind == "percent" and not 0 <= value <= 100:
        raise ScenarioError(f"a chance is from 0 to 100 (%), not {value:g}")
    return f"{value:g}"
