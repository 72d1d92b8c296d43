"""The Racer Knights dashboard's logic, free of Panel: targets, hit curve, tables.

The widgets call these; each answer comes from the engine (its checks, its
odds), worded as the page names things.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ...core.errors import IllegalActionError
from ...knights import KnightsRules, queries
from ...knights.actions import AdjustStat, Fire, Ram, Target, TargetKind
from ...knights.provenance import INVENTED_NOTE
from ...knights.state import KnightsState
from ...viz.arena import racer_colours
from ...viz.arena_facts import speed_points_words
from ..kit.escape import colour as safe_colour
from ..kit.escape import text as esc
from ..kit.naming import PageWords, seat_label

__all__ = [
    "ARMOR_RANGE",
    "candidate_targets",
    "curve_rival",
    "first_in_sight",
    "hit_curve",
    "order_positions",
    "order_table",
    "ours_marker",
    "page_words",
    "result_lines",
    "standings_html",
    "target_choices",
]

ARMOR_RANGE = tuple(range(2, 16))
"""Armor values on the hit-chance chart's x axis."""


def page_words(state: KnightsState) -> PageWords:
    """The rewriter of engine text into the page's words (1-based seats with names)."""
    return PageWords([state.name(k) for k in range(len(state.racers))])


def ours_marker(ours: frozenset[str]) -> Callable[[str], str]:
    """A † with a tooltip after each value that is ours (see :mod:`racerlab.knights.provenance`)."""
    mark = f'<span title="{esc(INVENTED_NOTE)}" class="rl-ours">†</span>'
    return lambda name: mark if name in ours else ""


def candidate_targets(state: KnightsState, me: int) -> list[tuple[str, Target]]:
    """Every target ``me`` might aim at (rival racers not wrecked, standing blockers), labelled."""
    out = [
        (seat_label(j, [state.name(k) for k in range(len(state.racers))]), Target.racer(j))
        for j, r in enumerate(state.racers)
        if j != me and not r.wrecked
    ]
    out += [
        (f"Blocker of waypoint {w + 1}", Target.blocker(w))
        for w, b in enumerate(state.blockers)
        if b > 0
    ]
    return out


def target_choices(
    rules: KnightsRules, state: KnightsState, me: int
) -> tuple[dict[str, Target], list[str]]:
    """The targets ``me`` may Fire at or Ram now (label -> target), and for every other
    target one line saying why neither is legal (the engine's own reasons)."""
    words = page_words(state)
    legal: dict[str, Target] = {}
    refused: list[str] = []
    for label, target in candidate_targets(state, me):
        reasons = []
        for kind, action in (("fire", Fire(target)), ("ram", Ram(target))):
            try:
                rules.check(state, action)
            except IllegalActionError as exc:
                reasons.append(f"{kind}: {words(exc.reason)}")
            else:
                legal.setdefault(f"{label} ({kind})", target)
        if len(reasons) == 2:
            refused.append(f"{label}: {'; '.join(reasons)}")
    merged: dict[str, Target] = {}
    for label, target in legal.items():  # "2. Storm (fire)" + "(ram)" -> "(fire, ram)"
        base = label.rsplit(" (", 1)[0]
        kinds = [k.rsplit(" (", 1)[1][:-1] for k, t in legal.items() if t == target]
        merged[f"{base} ({', '.join(kinds)})"] = target
    return merged, refused


def first_in_sight(state: KnightsState, me: int, targets: list[Target]) -> Target | None:
    """The first of ``targets`` in ``me``'s firing arc and range (the first the arena labels
    with a chance to hit), else the first in the arc, else ``None``."""
    arc = None
    for target in targets:
        geom = queries.attack_check(state, me, target).geometry
        if geom.in_arc and geom.in_range:
            return target
        if geom.in_arc and arc is None:
            arc = target
    return arc


def hit_curve(
    rules: KnightsRules,
    hit_of: Callable[[KnightsState, int, Target], Any],
    state: KnightsState,
    me: int,
    target: Target | None,
) -> np.ndarray:
    """P(hit) of ``me`` against a rival racer whose Armor stat takes each of ARMOR_RANGE.

    Each point is the engine's own hit chance (``hit_of``, e.g.
    :func:`racerlab.knights.queries.shot_hit_odds`) on a copy of the state where a
    director :class:`AdjustStat` set that Armor. The rival is ``target`` when it is
    a racer, else the first rival still in the race.
    """
    t = curve_rival(state, me, target)
    if t is None:
        return np.zeros(len(ARMOR_RANGE))
    armor_now = queries.seat_racer(state, t).stats.armor
    out = np.zeros(len(ARMOR_RANGE))
    for k, armor in enumerate(ARMOR_RANGE):
        delta = armor - armor_now
        try:
            hypo = rules.apply(state, AdjustStat(t, "armor", delta)).state if delta else state
        except IllegalActionError:  # below the Armor the engine allows: no bar
            continue
        out[k] = float(hit_of(hypo, me, Target.racer(t)))
    return out


def curve_rival(state: KnightsState, me: int, target: Target | None) -> int | None:
    """The racer the hit curve is drawn against: ``target`` if a racer, else the first rival
    (``None`` when ``me`` is wrecked: a wrecked racer attacks nobody)."""
    if state.racers[me].wrecked:
        return None
    rivals = [j for j, r in enumerate(state.racers) if j != me and not r.wrecked]
    if target is not None and target.kind is TargetKind.RACER:
        return target.index
    return rivals[0] if rivals else None


def order_positions(players: int, odds: Any) -> np.ndarray:
    """``P[i, k]``: the chance player ``i`` acts ``k``-th, from {order: probability}.

    >>> from fractions import Fraction as F
    >>> order_positions(2, {(0, 1): F(3, 4), (1, 0): F(1, 4)}).tolist()
    [[0.75, 0.25], [0.25, 0.75]]
    """
    out = np.zeros((players, players))
    for order, p in odds.items():
        for k, i in enumerate(order):
            out[i, k] += float(p)
    return out


def order_table(state: KnightsState, odds: Any) -> str:
    """The drive-order odds as an HTML table: each racer's chance to act 1st, 2nd, ..."""
    n = len(state.racers)
    colours = racer_colours(state)
    head = "".join(f"<th>{k + 1}{_ordinal(k + 1)}</th>" for k in range(n))
    pos = order_positions(n, odds)
    rows = []
    for i in range(n):
        cells = "".join(f"<td>{p:.1%}</td>" for p in pos[i])
        chip = f'<span style="color:{safe_colour(colours[i])}">■</span>'
        rows.append(f"<tr><td>{chip} {esc(state.name(i))}</td>{cells}</tr>")
    return (
        f'<table class="rl-table" id="rl-order"><caption>Round {state.round}: chance of '
        f"acting 1st, 2nd, ...</caption><tr><th>Racer</th>"
        + head
        + "</tr>"
        + "".join(rows)
        + "</table>"
    )


def _ordinal(k: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(k if k < 20 else k % 10, "th")


def standings_html(state: KnightsState, selected: int) -> str:
    """Each racer's Glory, Durability, Speed Points, Valor, next waypoint and tokens."""
    words = {"slow": "Slow×{n}", "weakness": "Weak×{n}", "wrecked": "Wrecked"}  # of racer_tokens
    colours = racer_colours(state)
    rows = []
    for i, r in enumerate(state.racers):
        tokens = [words[t].format(n=n) for t, n in queries.racer_tokens(state, i)]
        nxt = r.next_waypoint + 1 if r.next_waypoint < len(state.setup.waypoints) else "done"
        style = ' style="font-weight:600;background:#fff6db"' if i == selected else ""
        # the tokens go under the name: a column of their own made the table wider than
        # the side column at 1366 px, and it scrolled with the tokens out of view
        marks = f'<div class="rl-tokens">{", ".join(tokens)}</div>' if tokens else ""
        rows.append(
            f'<tr{style}><td><span style="color:{safe_colour(colours[i])}">■</span> {i + 1}. '
            f"{esc(state.name(i))}{marks}</td><td>{r.glory}</td>"
            f"<td>{r.durability}/{r.start_durability}</td>"
            f"<td>{speed_points_words(r)}</td><td>{r.valor}</td><td>{nxt}</td></tr>"
        )
    return (
        '<table class="rl-table" id="rl-standings"><tr><th>Racer (tokens)</th><th>Glory</th>'
        "<th>Durability</th><th>SP</th><th>Valor</th><th>Next</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def result_lines(state: KnightsState, rules: KnightsRules) -> list[str]:
    """The end of the joust in plain lines (no markup), as the board and the side text
    show it: who won, by name, and why the race ended, then the standings by Glory (with
    the Falcons each racer takes home); empty while the race goes on.

    >>> from racerlab.knights import KnightsRules, example_setup
    >>> rules = KnightsRules()
    >>> result_lines(rules.initial_state(example_setup()), rules)
    []
    """
    if not rules.is_over(state):
        return []
    res = rules.result(state)
    if res.winner is not None:
        head = f"{state.name(res.winner)} wins the joust"
    else:
        tied = res.tied or tuple(p for p, _ in res.standings)
        head = "Shared win: " + ", ".join(state.name(p) for p in tied)
    lines = [head]
    if state.end_reason:
        lines.append(f"({page_words(state)(state.end_reason)})")
    for place, (p, glory) in enumerate(res.standings, start=1):
        won = res.falcons[p] if p < len(res.falcons) else 0
        falcons = f", {won} Falcon{'s' if won != 1 else ''}" if won else ""
        lines.append(f"{place}. {state.name(p)}: {glory} Glory{falcons}")
    return lines
