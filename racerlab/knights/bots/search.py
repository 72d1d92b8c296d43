"""The Racer Knights search bot: :class:`~racerlab.core.search.SearchBot` with the
rule-aware bot as rollout policy, fresh dice per playout
(:func:`~racerlab.knights.bots.determinize.determinize`) and :func:`leaf_value` for jousts not
yet decided.

It searches the decisions that shape a joust: Valor on the drive roll (none, one
on Speed, one on Reflexes), each bid (pass or one more Valor), and, in a turn where
a shot or a Ram is possible, the rule-aware bot's first few candidates plus every
legal Fire and Ram and ending the turn; plain driving is left to the rule-aware bot.
Candidates are compared by common random numbers (``SearchBot(paired=True)``): each
round of playouts draws one set of future dice and plays every candidate on it, so
the dice's luck cancels out of the comparison. Another candidate replaces the rule-aware
bot's own choice only when its mean beats it by :data:`MARGIN`; with :data:`PLAYOUTS` that
pair was measured the strongest at under the filing day's cost (docs/analysis.md).
Leaf values (ours, illustrative): a finished joust is worth 1 to its winner
(a shared win splits it); an undecided one is the logistic of Glory, Durability and
waypoint progress against the best rival.

>>> import numpy as np
>>> from racerlab.knights import KnightsRules, random_setup
>>> rules = KnightsRules()
>>> state = rules.initial_state(random_setup(2, seed=1), None, 1)
>>> bot = search_bot(playouts=2, depth=4)
>>> rules.check(state, bot(state, rules, np.random.default_rng(0)))
"""

from __future__ import annotations

from itertools import islice

from ...core.errors import IllegalActionError
from ...core.search import SearchBot, logistic
from ..actions import Bid, DriveRoll, EndTurn, Fire, Ram
from ..draft import Draft
from ..state import KnightsState, Phase
from .determinize import determinize
from .smart import candidate_plan, smart_bot

__all__ = ["DEPTH", "MARGIN", "PLAYOUTS", "candidates", "leaf_value", "search_bot"]

PLAYOUTS = 30
"""Default playouts per decision (about 20 ms of processor a decision of a 3-player joust)."""
DEPTH = 40
"""Default actions played after a candidate before the joust is valued."""
MARGIN = 0.15
"""How much better (in mean leaf value) another candidate must do than the rule-aware bot's
own choice to be played instead (see :class:`~racerlab.core.search.SearchBot`)."""
PLAN_CANDIDATES = 3
"""How many of the rule-aware bot's own candidates (legal ones, best first) are searched."""


def leaf_value(state: KnightsState, seat: int) -> float:
    """How good ``state`` is for ``seat``, between 0 and 1 (see the module doc)."""
    if state.phase is Phase.OVER:
        from ..joust.results import result

        res = result(state)
        if res.winner is not None:
            return float(res.winner == seat)
        top = max(g for _, g in res.standings)
        tied = [p for p, g in res.standings if g == top]
        return 1.0 / len(tied) if seat in tied else 0.0

    def score(p: int) -> float:
        r = state.racers[p]
        if r.wrecked:
            return 2.0 * r.glory - 3.0
        return 2.0 * r.glory + 0.4 * r.durability + 0.5 * r.next_waypoint

    rivals = [score(p) for p in range(len(state.racers)) if p != seat]
    return logistic(score(seat) - max(rivals, default=0.0))


def candidates(state: KnightsState, rules) -> list:
    """The actions the search weighs at this decision (see the module doc)."""
    i = rules.acting_player(state)
    d = Draft.reading(state)
    if state.phase is Phase.DRIVE:
        out = [DriveRoll()]
        if d.r(i).valor > 0:
            out += [DriveRoll(valor_speed=1), DriveRoll(valor_reflexes=1)]
        return out
    if state.phase is Phase.BIDDING:
        return _legal(rules, state, [Bid(0), Bid(1)])
    if state.phase is not Phase.ACT:
        return list(rules.legal_actions(state))
    extra = [a for a in rules.legal_actions(state) if isinstance(a, Fire | Ram)]
    if not extra:
        return []  # only driving to choose: the rule-aware bot decides alone
    plan = _legal(rules, state, islice(candidate_plan(state, d, i), 8))[:PLAN_CANDIDATES]
    extra.append(EndTurn())
    out = []
    for a in (*plan, *extra):
        if a not in out:
            out.append(a)
    return out


def _legal(rules, state: KnightsState, actions) -> list:
    out = []
    for a in actions:
        try:
            rules.check(state, a)
        except IllegalActionError:
            continue
        out.append(a)
    return out


def search_bot(
    playouts: int = PLAYOUTS, *, ms: float | None = None, depth: int = DEPTH
) -> SearchBot:
    """A Racer Knights search bot with the given budget (see the module doc)."""
    return SearchBot(
        smart_bot,
        leaf_value,
        determinize,
        candidates,
        playouts,
        ms,
        depth,
        margin=MARGIN,
        paired=True,
    )
