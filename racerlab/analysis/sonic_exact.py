"""Exact odds for Battle Racers: resolution order, who goes first, and the speeds a hand allows.

Battle Racers has little dice; its uncertainty is the cards the others hold
back. The model: every player who has not yet chosen picks one of the
different cards in their hand with equal chance (the bots and people do not,
but it is the fair prior for "what could happen"); a player who has chosen,
and the boss's face-up card, are fixed. Orders come from the engine's
:func:`racerlab.sonic.queries.order_of` (with the table's tie rule),
speeds from the engine's own action resolution (:meth:`Rules.outcomes`), so
nothing here re-implements a rule.

>>> from racerlab.sonic import SonicRules, SonicSetup
>>> rules = SonicRules()
>>> state = rules.initial_state(SonicSetup(("sonic", "tails")), seed=2)
>>> table = resolution_order_odds(state, rules)
>>> table["probability"].sum()
Fraction(1, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.chance import exact
from ..core.dice import ChanceSource
from ..core.errors import ScenarioError

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["card_odds", "first_odds", "resolution_order_odds", "speed_spread"]

BOSS = -1
"""The boss's place in an order (as in the engine)."""


@functools.lru_cache(maxsize=1)
def _default_rules() -> Any:
    from ..sonic import SonicRules

    return SonicRules()


def _choices(state: Any, fixed: Mapping[int, str] | None) -> list[tuple[int, tuple[str, ...]]]:
    from ..sonic.state import NO_CARD

    fixed = dict(fixed or {})
    out = []
    for seat in range(state.players):
        if state.lost and state.lost[seat]:
            continue
        if seat in fixed:
            if fixed[seat] not in state.hands[seat] and fixed[seat] != state.card_of(seat):
                raise ScenarioError(f"player {seat} holds no card {fixed[seat]!r}")
            out.append((seat, (fixed[seat],)))
        elif state.chosen and state.chosen[seat] != NO_CARD:
            out.append((seat, (state.chosen[seat],)))
        else:
            hand = tuple(sorted(set(state.hands[seat])))
            if not hand:
                continue
            out.append((seat, hand))
    return out


def _order_dist(
    state: Any, rules: Any, fixed: Mapping[int, str] | None
) -> dict[tuple[int, ...], Fraction]:
    from ..sonic.queries import order_of

    cards = rules.facts.cards
    choices = _choices(state, fixed)

    def run(src: ChanceSource) -> tuple[int, ...]:
        prios = {seat: cards[src.choice(hand, "card")].priority for seat, hand in choices}
        return order_of(state, prios, rules)

    return exact(run)


def resolution_order_odds(
    state: Any, rules: Any = None, *, fixed: Mapping[int, str] | None = None
) -> pd.DataFrame:
    """Chance of each resolution order this round (seats from 0; the boss is ``-1``).

    ``fixed`` pins some players' cards (``{seat: card id}``). Columns:
    ``order``, ``probability`` (Fraction), ``p``.
    """
    import pandas as pd

    rules = rules or _default_rules()
    dist = _order_dist(state, rules, fixed)
    rows = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
    df = pd.DataFrame(rows, columns=["order", "probability"])
    df["p"] = df["probability"].astype(float)
    return df


def first_odds(state: Any, rules: Any = None, *, fixed: Mapping[int, str] | None = None):
    """Per seat: chance to resolve first, to resolve before the boss, and mean position (1 = first).

    Columns: ``seat``, ``first``, ``before_boss`` (NaN without a boss card), ``mean_position``.
    """
    import pandas as pd

    rules = rules or _default_rules()
    dist = _order_dist(state, rules, fixed)
    seats = sorted({s for order in dist for s in order if s != BOSS})
    has_boss = any(BOSS in order for order in dist)
    rows = []
    for seat in seats:
        first = sum((p for o, p in dist.items() if o[0] == seat), Fraction(0))
        before = sum(
            (p for o, p in dist.items() if BOSS in o and o.index(seat) < o.index(BOSS)),
            Fraction(0),
        )
        players_only = {o: [s for s in o if s != BOSS] for o in dist}
        mean = sum(
            (Fraction(players_only[o].index(seat) + 1) * p for o, p in dist.items()), Fraction(0)
        )
        rows.append((seat, float(first), float(before) if has_boss else float("nan"), float(mean)))
    return pd.DataFrame(rows, columns=["seat", "first", "before_boss", "mean_position"])


def card_odds(state: Any, player: int, rules: Any = None) -> pd.DataFrame:
    """For each card in ``player``'s hand: its priority and the chance it resolves first.

    The others choose as in the module's model. Columns: ``card``, ``name``,
    ``priority``, ``first``, ``mean_position``.
    """
    import pandas as pd

    rules = rules or _default_rules()
    if not 0 <= player < state.players:
        raise ScenarioError(f"there is no player {player}")
    rows = []
    for card in sorted(set(state.hands[player])):
        dist = _order_dist(state, rules, {player: card})
        first = sum((p for o, p in dist.items() if o[0] == player), Fraction(0))
        mean = sum(
            (Fraction([s for s in o if s != BOSS].index(player) + 1) * p for o, p in dist.items()),
            Fraction(0),
        )
        facts = rules.facts.cards[card]
        rows.append((card, facts.name, facts.priority, float(first), float(mean)))
    df = pd.DataFrame(rows, columns=["card", "name", "priority", "first", "mean_position"])
    return df.sort_values("priority", ascending=False, kind="stable").reset_index(drop=True)


def speed_spread(state: Any, player: int, rules: Any = None) -> pd.DataFrame:
    """The Speed ``player`` would move at with each card of the hand, by each action choice.

    For every card, the engine is put at that player's Action step with the
    card played; every legal choice (pass, speed, spin, short moves, Power)
    is resolved exactly (:meth:`Rules.outcomes`), and the marked Speed the
    Movement will use is read. Columns: ``card``, ``name``, ``choice``,
    ``speed``, ``probability`` (Fraction), ``p``.
    """
    import pandas as pd

    from ..sonic.state import NO_CARD, Phase

    rules = rules or _default_rules()
    if not 0 <= player < state.players:
        raise ScenarioError(f"there is no player {player}")
    rows = []
    for card in sorted(set(state.hands[player])):
        chosen = tuple(card if s == player else NO_CARD for s in range(state.players))
        hand = list(state.hands[player])
        hand.remove(card)
        hands = tuple(tuple(hand) if s == player else h for s, h in enumerate(state.hands))
        at = replace(
            state,
            phase=Phase.ACTION,
            chosen=chosen,
            hands=hands,
            order=(player,),
            step=0,
            spin=False,
            moved=False,
        )
        name = rules.facts.cards[card].name
        for action in rules.legal_actions(at):
            for after, p in rules.outcomes(at, action):
                rows.append((card, name, action.describe(), after.token(player).speed, p))
    df = pd.DataFrame(rows, columns=["card", "name", "choice", "speed", "probability"])
    if len(df):
        df = (
            df.groupby(["card", "name", "choice", "speed"], sort=False, as_index=False)[
                "probability"
            ]
            .sum()
            .reset_index(drop=True)
        )
    df["p"] = df["probability"].astype(float)
    return df
