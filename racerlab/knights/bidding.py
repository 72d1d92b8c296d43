"""Valor bidding on an attack: attacker and target add Valor in turn to the roll until
both pass (or can add no more), then the attack resolves."""

from __future__ import annotations

from ..core.dice import ChanceSource
from ..core.errors import IllegalActionError
from ..core.frozen import fast_replace
from .actions import Bid, TargetKind
from .attack_roll import resolve_attack
from .draft import Draft
from .events import BidMade
from .state import PendingAttack, Phase

__all__ = [
    "advance_bidding",
    "bidder",
    "check_bid",
    "check_valor",
    "open_bidding",
    "resolve_bid",
    "valor_room",
]


def valor_room(d: Draft, who: int, already: int) -> int:
    """How much more Valor ``who`` may add to one roll (the per-action cap and what is left)."""
    return max(0, min(d.racer(who).max_valor_per_action - already, d.r(who).valor))


def check_valor(d: Draft, i: int, valor: int) -> None:
    """Refuse a Valor bid on a new attack over the cap per roll or the Valor left."""
    if not isinstance(valor, int) or isinstance(valor, bool) or valor < 0:
        raise IllegalActionError(f"Valor must be a whole number 0 or more, got {valor!r}")
    room = valor_room(d, i, 0)
    if valor > room:
        cap = d.racer(i).max_valor_per_action
        raise IllegalActionError(
            f"{d.name(i)} may add at most {room} Valor here (cap {cap} per roll, "
            f"{d.r(i).valor} left), not {valor}"
        )


def open_bidding(d: Draft, p: PendingAttack, valor: int, dice: ChanceSource) -> None:
    """Make ``p`` the pending attack with the attacker's opening ``valor`` and run its bidding."""
    if valor:
        rs = d.r(p.attacker)
        d.set(p.attacker, valor=rs.valor - valor)
        d.emit(BidMade(p.attacker, d.name(p.attacker), "Strength", valor, valor))
    blocker = p.target.kind is TargetKind.BLOCKER
    passes = 2 if blocker else (0 if valor else 1)
    d.pending = PendingAttack(
        p.attacker,
        p.target,
        p.ram,
        p.heavy,
        p.spin,
        p.side,
        p.run_m,
        p.approach_m,
        valor_attacker=valor,
        valor_defender=0,
        to_act="defender",
        passes=passes,
    )
    advance_bidding(d, dice)


def bidder(p: PendingAttack) -> int:
    """Who must bid (or pass) next."""
    return p.attacker if p.to_act == "attacker" else p.target.index


def advance_bidding(d: Draft, dice: ChanceSource) -> None:
    """Skip bidders who cannot add Valor; resolve the attack once both have passed."""
    while d.pending is not None and not d.over:
        p = d.pending
        if p.passes >= 2:
            d.pending = None
            d.phase = Phase.ACT
            resolve_attack(d, p, dice)
            return
        who = bidder(p)
        have = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
        if valor_room(d, who, have) > 0:
            d.phase = Phase.BIDDING
            return
        d.pending = _passed(p)


def _passed(p: PendingAttack) -> PendingAttack:
    return fast_replace(
        p, passes=p.passes + 1, to_act="attacker" if p.to_act == "defender" else "defender"
    )


def check_bid(d: Draft, a: Bid) -> None:
    """Refuse a bid over the cap or over the Valor left."""
    p = d.pending
    assert p is not None
    who = bidder(p)
    have = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
    room = valor_room(d, who, have)
    if not isinstance(a.valor, int) or isinstance(a.valor, bool) or not 0 <= a.valor <= room:
        raise IllegalActionError(
            f"{d.name(who)} may add 0 to {room} Valor to this roll, not {a.valor!r}"
        )


def resolve_bid(d: Draft, a: Bid, dice: ChanceSource) -> None:
    """Add the bid (or pass) and hand the bidding to the other side."""
    p = d.pending
    assert p is not None
    who = bidder(p)
    stat = "Strength" if p.to_act == "attacker" else "Armor"
    if a.valor:
        d.set(who, valor=d.r(who).valor - a.valor)
        if p.to_act == "attacker":
            p = fast_replace(p, valor_attacker=p.valor_attacker + a.valor, passes=0)
        else:
            p = fast_replace(p, valor_defender=p.valor_defender + a.valor, passes=0)
        total = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
        d.emit(BidMade(who, d.name(who), stat, a.valor, total))
        p = fast_replace(p, to_act="attacker" if p.to_act == "defender" else "defender")
    else:
        total = p.valor_attacker if p.to_act == "attacker" else p.valor_defender
        d.emit(BidMade(who, d.name(who), stat, 0, total))
        p = _passed(p)
    d.pending = p
    advance_bidding(d, dice)
