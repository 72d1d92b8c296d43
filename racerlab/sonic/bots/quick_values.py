"""The greedy bot's quick path values (:mod:`.look_ahead` explains the scoring), the part worked
out during the path walk itself so that judging a card or an action makes no paths.

:func:`quick_value` is the one statement of a path's quick value before the boss and
damage terms; :func:`walked_static` the best of it over a shortlist, by
:meth:`~racerlab.sonic.rules.SonicRules.visit_paths`.
"""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING, Any

from ..movement.vocabulary import Movement

if TYPE_CHECKING:
    from ..state import SonicState

__all__ = ["quick_value", "walked_static"]


def quick_value(spaces: Any, ground: bool, spin: bool, rings: dict, badniks: dict, w: Any) -> float:
    """The quick value of a path entering ``spaces`` (not empty) before the boss and
    damage terms: where it ends, and the rings and badniks on the spaces that act."""
    last = spaces[-1]
    v = w.progress * last[0]
    if not ground:  # a jump: only where it lands acts
        v += w.ring * rings.get(last, 0)
        return v + w.badnik if last in badniks else v
    if rings:
        v += w.ring * sum(map(rings.get, spaces, _ZEROS))
    if spin and badniks:  # a run wins no badnik; a spin the crawling ones it enters
        v += w.badnik * sum(1 for pos in spaces if pos in badniks and badniks[pos].crawling)
    return v


_ZEROS = repeat(0)
"""The default of each rings lookup in :func:`quick_value` (an endless, shared supply)."""


def walked_static(
    rules: Any, state: SonicState, token: Any, speed: int, kind: Any, w: Any, turns: int
) -> float:
    """The greedy bot's best quick value of ``token``'s paths of ``speed`` steps by ``kind``
    without a boss term, as :mod:`.look_ahead` shortlists them (paths with at most ``turns`` up
    or down steps, then one more, then all, stopping at the first tier where some path is
    not cut short), worked out during the path walk itself: no path is made
    (:meth:`SonicRules.visit_paths`). Memoised in the board's path memo (the line of
    boards owns it, with its bound), checked against the rings and badniks it read."""
    board = state.board
    memo = board.path_memo()
    moves = state.options.move_rules
    # by identity (the entry keeps w and the rulings, so no id is reused): no dataclass hashing
    key = ("quick", id(w), token.pos, speed, id(kind), token.ignore, token.large, state.pending)
    key = (*key, id(moves), turns)
    got = memo.get(key)
    if (
        got is not None
        and got[0] is board.rings
        and got[1] is board.badniks
        and got[2] is w
        and got[4] is moves
    ):
        return got[3]
    ground = kind is Movement.RUN or kind is Movement.SPIN
    spin = kind is Movement.SPIN
    rings, badniks = board.token_index("rings"), board.token_index("badniks")
    scan = bool(rings or badniks)
    col, progress, damage = token.col, w.progress, w.damage
    best, open_ = float("-inf"), False

    def sink(ends: str, spaces: list) -> None:  # the same arithmetic as statics
        nonlocal best, open_
        if not spaces:
            v = progress * col
        else:
            v = (
                quick_value(spaces, ground, spin, rings, badniks, w)
                if scan
                else progress * spaces[-1][0]
            )
            if ends == "stopped":
                v += damage
        if v > best:
            best = v
        if ends != "stopped":
            open_ = True

    for limit in (turns, turns + 1, None):
        best, open_ = float("-inf"), False
        rules.visit_paths(state, token, speed, kind, sink, turns=limit)
        if open_:
            break
    memo[key] = (board.rings, board.badniks, w, best, moves)
    return best
