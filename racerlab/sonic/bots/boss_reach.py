"""Where a racer's movement could damage a boss: the spaces of a path that would, and a
quick outlook of whether some path could (the look-ahead bots' boss terms, :mod:`.look_ahead`)."""

from __future__ import annotations

from typing import Any

from ..movement.vocabulary import Movement
from ..options import BossHitRule

__all__ = ["boss_hit_spaces", "can_hit_boss"]


def boss_hit_spaces(path: Any, kind: Any, rule: BossHitRule) -> tuple:
    """The spaces of ``path`` where a racer moving by ``kind`` would damage a boss standing
    there under ``rule`` (spins enter every space, jumps hit only where they land)."""
    spaces = path.spaces
    if not spaces:
        return ()
    if rule is BossHitRule.ANY_CONTACT:
        return spaces
    landed = tuple(spaces[i] for i in path.landings if i < len(spaces))
    if kind is Movement.SPIN and rule is BossHitRule.SPIN_OR_LAND:
        return spaces
    if kind is Movement.RUN or kind is Movement.SPIN:
        return ()
    return landed or (spaces[-1:] if path.ends == "complete" else ())


def can_hit_boss(at: tuple, boss: tuple, speed: int, kind: Any, rule: BossHitRule) -> bool:
    """Whether some path of ``speed`` steps by ``kind`` from ``at`` could damage a boss at
    ``boss`` on an open track (never back; up or down freely within a column, so a jump
    can spend spare steps before landing): the quick outlook of a card or an action."""
    gap, side = boss[0] - at[0], abs(boss[1] - at[1])
    need = gap + side
    if gap < 0 or need == 0 or speed < need:
        return False
    if kind is Movement.SPIN:
        return rule is not BossHitRule.LAND_ONLY
    if kind is Movement.RUN:
        return rule is BossHitRule.ANY_CONTACT
    return speed <= need + 2 * gap or rule is BossHitRule.ANY_CONTACT
