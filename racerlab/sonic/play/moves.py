"""Moves in the game: finding a racer's paths, and walking one with what it sets off.

The movement physics (:mod:`.movement`) moves a token along a path on a board; here
the rules around it: paths may run into sections not laid yet (they are previewed and
laid as the racer gets there, :mod:`.growth`), and after each stretch the boss may have
been hit, the mode may end the game on damage, and racers may have crossed the line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.frozen import fast_replace
from ..movement.path_search import paths, visit
from ..movement.resolve import resolve_move
from ..movement.vocabulary import Movement, Path
from ..state import Phase
from ..track import Track
from .boss import hits_after_move
from .growth import check_growth, grow
from .results import check_finish

if TYPE_CHECKING:
    from ..actions import Move, UseAction
    from ..board.board import Board, RacerToken
    from ..catalog.facts import Facts
    from ..movement.vocabulary import MoveResult
    from ..state import SonicState
    from .transition import Turn

__all__ = ["PathFinder", "may_leave_laid_track", "slice_path", "walk"]

_GROUND = (Movement.RUN, Movement.SPIN)


class PathFinder:
    """Finds paths for the rules; keeps nothing itself (one finder serves any number of
    threads at once).

    What it finds is memoised on the board (:meth:`Board.path_memo`, shared by later
    boards with the same terrain and badniks; :meth:`Board.terrain_memo` for the preview
    tracks): the caches belong to the line of boards, never to the finder.
    """

    def __init__(self, facts: Callable[[], Facts]) -> None:
        self._facts = facts

    def board_for(self, state: SonicState, token: RacerToken, reach: int) -> Board:
        """The board, with the sections still to come laid out (no tokens) when the racer
        could reach past the laid track, so paths into them can be listed."""
        board = state.board
        if not may_leave_laid_track(state, token, reach):
            return board
        facts = self._facts()
        memo = board.terrain_memo()
        key = ("preview track", state.pending, id(facts))
        got = memo.get(key)
        if got is None or got[0] is not facts:  # the entry holds the facts: no id reuse
            sections = board.track.sections + tuple(facts.section(i) for i in state.pending)
            got = memo[key] = (facts, Track(sections))
        return fast_replace(board, track=got[1])

    def path_board(self, state: SonicState, token: RacerToken, reach: int) -> Board:
        """:meth:`board_for` for finding paths: a preview is kept in the path memo and
        reused while the terrain and badniks stay the same (paths depend on nothing else)."""
        if not may_leave_laid_track(state, token, reach):
            return state.board
        memo = state.board.path_memo()
        key = ("preview", state.pending)
        board = memo.get(key)
        if board is None:
            board = memo[key] = self.board_for(state, token, reach)
        return board

    def paths_for(
        self, state: SonicState, token: RacerToken, n: int, kind: Movement, turns: int | None
    ) -> list[Path]:
        """Paths from the movement physics, memoised (see :meth:`SonicRules.paths_for`)."""
        memo = state.board.path_memo()
        rules = state.options.move_rules
        # id(kind): Movement members are lasting singletons (an enum member hashes in Python)
        key = (token.pos, n, id(kind), token.ignore, token.large, turns, state.pending, rules)
        found = memo.get(key)
        if found is None:
            board = self.path_board(state, token, n)
            found = memo[key] = paths(
                board,
                token.pos,
                n,
                kind,
                token.large,
                rules=rules,
                ignore=token.ignore,
                turns=turns,
            )
        return found

    def visit_for(
        self,
        state: SonicState,
        token: RacerToken,
        n: int,
        kind: Movement,
        turns: int | None,
        sink: Callable[[str, list], None],
    ) -> None:
        """The walk of :meth:`paths_for` handing each path to ``sink`` (see
        :func:`~.path_search.visit`) instead of listing them."""
        visit(
            self.path_board(state, token, n),
            token.pos,
            n,
            kind,
            sink,
            rules=state.options.move_rules,
            ignore=token.ignore,
            turns=turns,
        )

    def walked_path(self, state: SonicState, move: Move) -> Path | None:
        """The path of ``move`` found by walking just that path (``None``: not legal)."""
        token = state.token(move.player)
        return self._walk_one(state, token, token.speed, move.kind, move.path)

    def walked_action_path(
        self, state: SonicState, action: UseAction, steps: tuple[tuple[Movement, int], ...]
    ) -> Path | None:
        """The path of a run or jump ``action``, found by walking just that path: the first
        of ``steps`` (kind and spaces, in the order the legal list offers them) with a path
        entering exactly ``action.path`` (``None``: not legal). The legal list keeps that
        same first path for the same spaces, so checking and resolving agree with it."""
        if not action.path:
            return None
        token = state.token(action.player)
        for kind, n in steps:
            path = self._walk_one(state, token, n, kind, action.path)
            if path is not None:
                return path
        return None

    def _walk_one(
        self, state: SonicState, token: RacerToken, n: int, kind: Movement, along: tuple
    ) -> Path | None:
        """The first path of ``n`` steps of ``kind`` entering exactly ``along`` (or
        ``None``), memoised like :meth:`paths_for` (checking a move and then resolving it
        walk it once)."""
        memo = state.board.path_memo()
        rules = state.options.move_rules
        key = ("along", token.pos, n, id(kind), token.ignore, token.large, state.pending)
        key = (*key, rules, along)
        got = memo.get(key, _UNSEEN)
        if got is not _UNSEEN:
            return got
        found = paths(
            self.path_board(state, token, n),
            token.pos,
            n,
            kind,
            token.large,
            rules=rules,
            ignore=token.ignore,
            along=along,
        )
        got = memo[key] = found[0] if found else None
        return got


_UNSEEN = object()
"""A memo entry not made yet (``None`` is a memoised answer: no such path)."""


def may_leave_laid_track(state: SonicState, token: RacerToken, reach: int) -> bool:
    """Whether ``token`` moving ``reach`` spaces could go past the laid track while
    sections are still to come."""
    return bool(state.pending) and token.col + reach + 2 >= state.board.track.n_columns


def slice_path(path: Path, a: int, b: int) -> Path:
    """The stretch ``a:b`` of ``path`` (ending "complete" unless it is the path's end)."""
    if a == 0 and b == len(path.spaces):
        return path
    ends = path.ends if b == len(path.spaces) else "complete"
    kinds = path.kinds[a:b] if path.kinds else ()
    landings = tuple(i - a for i in path.landings if a <= i < b)
    return Path(path.steps[a:b], path.spaces[a:b], path.pushes[a:b], ends, kinds, landings)


def _stretch_end(state: SonicState, path: Path, kind: Movement, start: int) -> int | None:
    """Where the stretch from ``start`` ends: the path's end, the first space past the
    laid track when the racer runs onto it, or ``None`` when the sections must be laid
    first (a jump over the edge of the laid track lays them as it sets off)."""
    spaces = path.spaces
    laid = state.board.track.n_columns
    beyond = next((i for i in range(start, len(spaces)) if spaces[i][0] >= laid), None)
    if beyond is None or not state.pending:
        return len(spaces)
    k_here = path.kinds[beyond - 1] if path.kinds and beyond > 0 else kind
    k_next = path.kinds[beyond] if path.kinds else kind
    if beyond == start or k_here not in _GROUND or k_next not in _GROUND:
        return None
    return beyond


def walk(
    t: Turn, state: SonicState, seat: int, path: Path, kind: Movement, back_first: bool
) -> SonicState:
    """Move ``seat`` along ``path``, laying the track as it is reached, and settle what
    each stretch set off (boss hits, a solo loss, racers across the line)."""
    token_id = state.token(seat).id
    start = 0
    while start < len(path.spaces):
        end = _stretch_end(state, path, kind, start)
        if end is None:
            state = grow(t, state, seat)
            continue
        chunk = slice_path(path, start, end)
        result = resolve_move(
            state.board,
            token_id,
            chunk,
            path.kinds[start] if path.kinds else kind,
            rules=state.options.move_rules,
            chance=t.dice,
            back_first=back_first,
        )
        t.emit(*result.events)
        state = _after_move(t, t.change(state, board=result.board), seat, result)
        if state.phase is Phase.OVER or result.stopped or result.spaces_moved < len(chunk.spaces):
            return state
        if end < len(path.spaces):
            state = grow(t, state, seat)
        start = end
    return check_growth(t, state, seat)


def _after_move(t: Turn, state: SonicState, seat: int, result: MoveResult) -> SonicState:
    lost = t.variant.after_damage(t, state, result.events)
    if lost is not None:
        return lost
    state = hits_after_move(t, state, seat, result.events)
    if state.phase is Phase.OVER:
        return state
    return check_finish(t, state)
