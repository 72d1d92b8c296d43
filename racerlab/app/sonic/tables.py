"""The Battle Racers dashboard's HTML tables: standings, resolution order, the cards' odds."""

from __future__ import annotations

from typing import Any

from ...sonic import SonicRules, queries
from ...sonic.state import BOSS_SEAT, NO_CARD, Phase, SonicState
from ...viz.style import player_colour
from ..kit.escape import text as esc
from ..kit.naming import seat_label
from ..panels.editor import boss_name
from .paths import ours_mark

__all__ = [
    "boss_name",
    "boss_profile_text",
    "cards_html",
    "order_html",
    "result_lines",
    "standings_html",
]


def _pct(p: Any) -> str:
    return f"{float(p):.1%}"


def boss_profile_text(state: SonicState, rules: SonicRules) -> str:
    """The profile text of the game's boss in the boss data version the game plays (its
    set-up's ``boss_deck``: a game made with the v1 decks shows the v1 text); empty without
    a boss or when the catalog does not know it."""
    boss = state.boss
    if boss is None:
        return ""
    catalog = rules.catalog
    decks = getattr(catalog, "boss_decks", None) or {}
    profile = decks.get(state.setup.boss_deck, {}).get(boss.id) or catalog.bosses.get(boss.id)
    return profile.rules_text if profile is not None else ""


def _who(seat: int, names: list[str], state: SonicState, rules: SonicRules) -> str:
    if seat == BOSS_SEAT:
        return f"■ {esc(boss_name(state, rules))} (boss)"
    chip = f'<span style="color:{player_colour(seat)}">■</span>'
    return f"{chip} {esc(seat_label(seat, names))}"


def order_html(state: SonicState, rules: SonicRules, names: list[str]) -> str:
    """The round's resolution order once cards are revealed; before that each seat's exact
    chance to resolve first (every hand known, each unchosen card equally likely)."""
    if state.phase is Phase.OVER:
        return "<i>The game is over.</i>"
    cards = rules.facts.cards
    if state.order:
        rows = []
        for k, seat in enumerate(state.order):
            if seat == BOSS_SEAT and state.boss is not None and state.boss.card:
                bc = rules.facts.bosses[state.boss.id].cards[state.boss.card]
                card, prio = bc.name, bc.priority
            else:
                f = cards[state.chosen[seat]]
                card, prio = f.name, f.priority
            done = "done" if k < state.step else ("now" if k == state.step else "")
            rows.append(
                f"<tr><td>{k + 1}</td><td>{_who(seat, names, state, rules)}</td>"
                f"<td>{esc(card)}</td><td>{prio}</td><td>{done}</td></tr>"
            )
        return (
            '<table class="rl-table" id="rl-order"><caption>Cards revealed: the order is '
            "fixed</caption><tr><th>Order</th><th>Who</th><th>Card</th><th>Priority</th>"
            "<th>Status</th></tr>" + "".join(rows) + "</table>"
        )
    odds = queries.first_odds(state, rules)
    rows = []
    for seat in [*range(state.players), BOSS_SEAT]:
        if seat not in odds and seat == BOSS_SEAT:
            continue
        p = odds.get(seat, 0)
        chosen = "card chosen" if seat >= 0 and state.card_of(seat) != NO_CARD else ""
        rows.append(
            f"<tr><td>{_who(seat, names, state, rules)}</td><td>{_pct(p)}</td>"
            f"<td>{chosen}</td></tr>"
        )
    return (
        '<table class="rl-table" id="rl-order"><caption>Chance to resolve first (every hand '
        "known, each card still to choose equally likely)</caption><tr><th>Who</th>"
        "<th>P(first)</th><th>Card</th></tr>" + "".join(rows) + "</table>"
    )


def _place(state: SonicState, seat: int) -> str:
    """``seat``'s place in the fixed resolution order, in words."""
    if seat not in state.order:
        return "not in the order"
    k = state.order.index(seat) + 1
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k, 'th') } (fixed)"


def cards_html(state: SonicState, rules: SonicRules, seat: int) -> str:
    """Each card in ``seat``'s hand: priority, the chance it resolves first (seen from the
    seat: other cards unknown) and the Speeds it can give before the movement.

    Once the cards are revealed the order is fixed: the played card then shows its
    place in the order instead of a chance.
    """
    if state.phase is Phase.OVER:
        return ""
    cards = rules.facts.cards
    odds = queries.priority_odds(state, seat, rules)
    spread = queries.speed_spread(state, seat, rules)
    fixed = bool(state.order)
    rows = []
    for c, p in sorted(odds.items(), key=lambda kv: -cards[kv[0]].priority):
        f = cards[c]
        speeds = ", ".join(map(str, spread.get(c, ())))
        first = _place(state, seat) if fixed else _pct(p)
        rows.append(
            f"<tr><td>{esc(f.name)}</td>"
            f"<td>{f.priority}</td><td>{first}</td><td>{speeds}</td>"
            f"<td>{f.movement.value.replace('-', ' ')}</td></tr>"
        )
    mark = ours_mark(next(iter(odds)), "card", rules.catalog) if odds else (lambda field: "")
    return (
        '<table class="rl-table" id="rl-cards"><tr><th>Card</th>'
        f"<th>Priority{mark('priority')}</th>"
        f"<th>{'Place in the order' if fixed else 'P(first)'}</th>"
        f"<th>Speeds it can give</th><th>Movement{mark('movement')}</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def standings_html(state: SonicState, rules: SonicRules, names: list[str], selected: int) -> str:
    """Each racer's Speed, rings, badniks, score, column, card this round and status."""
    cards = rules.facts.cards
    rows = []
    for i, t in enumerate(state.board.racers):
        card = state.card_of(i)
        if card == NO_CARD:
            shown = ""
        elif state.phase is Phase.CHOOSE:
            shown = "face down"
        else:
            shown = cards[card].name if card in cards else card
        status = []
        if state.finished and state.finished[i]:
            status.append(f"finished (round {state.finished[i]})")
        if state.lost and state.lost[i]:
            status.append("lost")
        if i in state.winners:
            status.append("winner")
        style = ' style="font-weight:600;background:#fff6db"' if i == selected else ""
        rows.append(
            f'<tr{style}><td><span style="color:{player_colour(i)}">■</span> {i + 1}. '
            f"{esc(names[i])}</td><td>{t.speed}</td><td>{t.rings}</td>"
            f"<td>{len(t.badniks)}</td><td>{t.rings + len(t.badniks)}</td><td>{t.col}</td>"
            f"<td>{esc(shown)}</td><td>{', '.join(status)}</td></tr>"
        )
    return (
        '<table class="rl-table" id="rl-standings"><tr><th>Racer</th><th>Speed</th>'
        "<th>Rings</th><th>Badniks</th><th>Score</th><th>Column</th><th>Card</th>"
        "<th>Status</th></tr>" + "".join(rows) + "</table>" + _boss_line(state, rules)
    )


def _boss_line(state: SonicState, rules: SonicRules) -> str:
    """The boss under the standings, apart from the racers: its rings are the rings on its
    profile (a racer has to take them), not a score."""
    boss = state.boss
    if boss is None:
        return ""
    where = state.board.boss
    bits = [f"column {where[0]}" if where else "off the track"]
    bits.append(f"{boss.rings} ring(s) left on its profile")
    if boss.destroyed:
        bits.append("destroyed")
    elif boss.finished:
        bits.append("across the Finish Line")
    text = boss_profile_text(state, rules)
    profile = ""
    if text:
        mark = ours_mark(boss.id, "boss", rules.catalog)("rules_text")
        profile = f'<br><span class="rl-boss-profile">Profile: {esc(text)}{mark}</span>'
    return (
        f'<p id="rl-boss-line">Boss <b>{esc(boss_name(state, rules))}</b>: '
        + ", ".join(bits)
        + "."
        + profile
        + "</p>"
    )


def result_lines(state: SonicState, names: list[str]) -> list[str]:
    """The end of the game in plain lines (no markup), as the board and the side text show
    it: the winners by name and why the game ended (with a solo rank), then each racer by
    score (rings plus badniks), best first; empty while the game goes on.

    >>> from racerlab.sonic import SonicRules, SonicSetup
    >>> result_lines(SonicRules().initial_state(SonicSetup(("sonic", "tails")), seed=1), [])
    []
    """
    if state.phase is not Phase.OVER:
        return []
    winners = [names[w] for w in state.winners]
    if not winners:
        head = "Nobody wins"
    elif len(winners) == 1:
        head = f"{winners[0]} wins"
    else:
        head = "Shared win: " + ", ".join(winners)
    why = state.end_reason or "the game is over"
    rank = f", solo rank {state.rank}" if state.rank else ""
    lines = [head, f"({why}{rank})"]
    racers = state.board.racers
    order = sorted(range(len(racers)), key=lambda i: -state.score(i))
    for place, i in enumerate(order, start=1):
        t = racers[i]
        out = ", out" if state.lost and state.lost[i] else ""
        lines.append(
            f"{place}. {names[i]}: score {state.score(i)} "
            f"({_count(t.rings, 'ring')} + {_count(len(t.badniks), 'badnik')}){out}"
        )
    return lines


def _count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one (``1 ring``, ``2 badniks``)."""
    return f"{n} {word}{'' if n == 1 else 's'}"
