"""The walk of one movement, space by space: :class:`Walk`, the mutable working form of a
move (the mover's token kept aside, the board's lookups fetched once), and
:func:`walk_path`, which carries a :class:`~.vocabulary.Path` out on it.

Every effect of the Track Reference is written here once; :func:`~.resolve.resolve_move`
(the move as the game plays it, with its events and new board) and the lean walk of the
bots' look-ahead (:func:`~.resolve.resolve_outcome`) both walk this way. A walk never
escapes the call that made it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import RacerlabError
from ...core.frozen import fast_replace
from ..board.board import Badnik
from ..track import LANES, Feature
from .move_events import (
    BadnikDestroyed,
    BossHit,
    ObstacleHit,
    PlatformRemoved,
    Pushed,
    ShieldUsed,
    SpeedChanged,
    Sprung,
)
from .plain_spaces import beside, plain_spaces
from .racer_damage import collect_rings, damage, left_platform
from .vocabulary import (
    GROUND,
    SPRING_SLOWDOWN,
    WATER_SPEED,
    Movement,
    badnik_reach,
    feature_of,
    speed_cap_at,
    step_from,
)

if TYPE_CHECKING:
    from ...core.dice import ChanceSource
    from ...core.rules import Event
    from ..board.board import Board, RacerToken
    from ..track import Coord, Direction
    from .vocabulary import MoveRules, Path

__all__ = ["Walk", "walk_path"]


class Walk:
    """The mutable scratch state of one walk (:func:`walk_path`; never escapes its call).

    The mover's token is kept aside while it walks (``token``) and written into the board
    only when something reads the racers (:attr:`board`), so a move builds one new board
    for its steps instead of one per space. ``_board`` is the board without that write:
    what it shows besides the mover (terrain, tokens, other racers) is up to date."""

    def __init__(
        self,
        board: Board,
        racer_id: str,
        rules: MoveRules,
        chance: ChanceSource | None,
        lean: bool = False,
    ):
        self._board = board
        self.token = board.racer(racer_id)  # sets _token, _at and _moved (see token)
        self._dirty = False
        self.id = racer_id
        self.rules = rules
        self.chance = chance
        # the lean walk (resolve_outcome) keeps no events: only what the mover is left with
        self.events: list[Event] = DISCARD if lean else []  # type: ignore[assignment]
        self.damaged: list[str] = []
        self.boss_hits: list[str] = []  # how each contact with the boss came about
        self.hit_boss = False
        self.over = False
        self.stopped = False
        self.remaining = 0
        self.stood = self.token.pos
        self.drew = False
        # no breakaway platform on the track: no step can leave one (see left_platform)
        memo = board.terrain_memo()
        self._platforms = memo.get("platforms")
        if self._platforms is None:
            self._platforms = memo["platforms"] = any(s.platforms for s in board.track.sections)
        self._sync()

    def _sync(self) -> None:
        """Fetch the lookups of the walk's board once (terrain tables, rings, badniks and
        their reach), again whenever the board changes besides the mover."""
        board = self._board
        self._cells, self._elev = board.terrain_tables()
        self._cols = board.track.n_columns
        self._rings = board.token_index("rings")
        self._sync_badniks()
        plain = _PLAIN_STEPS and not self._platforms
        self._plain = plain_spaces(board, self.rules) if plain else None

    def _sync_badniks(self) -> None:
        self._badniks = self._board.token_index("badniks")
        self._buzz, self._crab = badnik_reach(self._board, self.rules)
        self._plain = None  # the badniks changed: every step the full way (until _sync)

    def plain_step(self, frm: Coord, pos: Coord, ref: int, ground: bool, spin: bool) -> bool:
        """Step into ``pos`` when nothing there can act (:func:`.plain_spaces`; for a run or
        a spin also no rings to take, not higher than ``frm``, a Turn lane that leaves the
        Speed as it is, and for a spin no racer or boss there; for a jump passing over, not
        an obstacle): the racer only moves. False, doing nothing, otherwise."""
        i = self._plain_index(pos)
        if i is None:
            return False
        if not ground:  # a jump passing over
            if self._elev[i] >= ref + 2:
                return False
            self.move_to(pos, touch=False)
            return True
        if self._elev[i] > self._elev[frm[0] * LANES + frm[1]] or not self._quiet(i, pos, spin):
            return False
        self.move_to(pos)
        return True

    def plain_landing(self, pos: Coord, ref: int, high: bool) -> bool:
        """Whether landing on ``pos`` (where the racer now is) does nothing: as
        :meth:`plain_step` for a spin, and not an obstacle unless ``high`` (a High Jump)."""
        i = self._plain_index(pos)
        return i is not None and (high or self._elev[i] < ref + 2) and self._quiet(i, pos, True)

    def _plain_index(self, pos: Coord) -> int | None:
        """The flat index of ``pos`` if it is a plain space (:func:`.plain_spaces`)."""
        plain = self._plain
        col, lane = pos
        if plain is None or not (0 <= col < self._cols and 0 <= lane < LANES):
            return None
        i = col * LANES + lane
        return i if plain[i] else None

    def _quiet(self, i: int, pos: Coord, meet: bool) -> bool:
        """No Turn lane changing the Speed and no rings to take on plain space ``i``
        (``pos``), and with ``meet`` no other racer and no boss there."""
        cap, rules = self._plain[i], self.rules  # a Turn lane's number (255 elsewhere)
        if cap < rules.speed_max and (rules.turn_sets_speed or self._token.speed > cap):
            return False  # the Turn lane changes the Speed
        rings = self._rings.get
        if rings(pos) or (self._token.ring_magnet and beside(rings, pos)):
            return False
        board = self._board
        return not meet or (board.boss != pos and not board.racers_at(pos, besides=self.id))

    def _index(self, pos: Coord) -> int:
        """The flat index of ``pos`` in the terrain tables (IndexError off the track, as the
        board's own lookups)."""
        col, lane = pos
        if not (0 <= col < self._cols and 0 <= lane < LANES):
            raise IndexError(f"space {(col, lane)} is off the track")
        return col * LANES + lane

    def elevation(self, pos: Coord) -> int:
        """The board's elevation of ``pos`` (:meth:`Board.elevation`), from the tables."""
        return self._elev[self._index(pos)]

    def left_platform(self, frm: Coord, to: Coord) -> Coord | None:
        """:func:`~.racer_damage.left_platform` on the walk's board (none without platforms)."""
        return left_platform(self._board, frm, to) if self._platforms else None

    @property
    def board(self) -> Board:
        """The board with the mover where the walk has put it."""
        if self._dirty:
            self._board = self._board.with_racer(self.token)
            self._dirty = False
        return self._board

    @property
    def rest(self) -> Board:
        """The board as the walk left it besides the mover (its token there may be an
        earlier one): terrain, rings, badniks and the other racers up to date."""
        return self._board

    @board.setter
    def board(self, board: Board) -> None:
        self._board = board
        self.token = board.racer(self.id)
        self._dirty = False
        self._sync()  # a platform's removal changes the terrain, damage the rings

    @property
    def token(self) -> RacerToken:
        """The mover's token as it stands now. A step only moves the walk's plain position
        (``_at``; :meth:`move_to`), and the token is made from it when it is read, so a
        walk makes one token for its steps, not one per space; ``_token`` is the token
        without that position (its Speed, rings, badniks and base are up to date)."""
        if self._moved:
            at = self._at
            self._token = fast_replace(self._token, col=at[0], lane=at[1])
            self._moved = False
        return self._token

    @token.setter
    def token(self, token: RacerToken) -> None:
        self._token = token
        self._at = token.pos
        self._moved = False

    def set_token(self, token: RacerToken) -> None:
        """Change the mover (written into the board when it is next read)."""
        self.token = token
        self._dirty = True

    def set_speed(self, value: int, at: Coord, cause: str) -> None:
        token = self.token
        new = self.rules.limit_speed(value, speed_cap_at(self._board, at, self.rules))
        if new != token.speed:
            self.events.append(SpeedChanged(self.id, at, token.speed, new, cause))
            self.set_token(fast_replace(token, speed=new))

    def hurt(self, racer_id: str, by: str) -> bool:
        """Damage a racer; True unless a shield absorbed it."""
        before = self.stood if racer_id == self.id else self.board.racer(racer_id).pos
        self.board, events = damage(self.board, racer_id, by, self.rules)
        self.events.extend(events)
        if isinstance(events[0], ShieldUsed):
            return False
        self.damaged.append(racer_id)
        if racer_id == self.id:
            self.over = True
            self.stopped = True
        after = self.board.racer(racer_id).pos
        if racer_id == self.id:
            self.stood = after
        key = self.left_platform(before, after)
        if key is not None:
            self.remove_platform(key)
        return True

    def take_badnik(self, pos: Coord, badnik: Badnik) -> None:
        token = self.token
        self._board = self._board.with_badnik(pos, None)
        self._sync_badniks()
        self.set_token(fast_replace(token, badniks=(*token.badniks, badnik)))
        self.events.append(BadnikDestroyed(self.id, badnik, pos))

    def move_to(self, pos: Coord, *, touch: bool = True) -> None:
        """Put the mover on ``pos``; ``touch`` is False for spaces a jump only passes over
        (the racer does not stand on them, so a platform there is not left)."""
        self._at = pos
        self._moved = self._dirty = True
        if touch:
            key = self.left_platform(self.stood, pos)
            self.stood = pos
            if key is not None:
                self.remove_platform(key)

    def remove_platform(self, key: Coord) -> None:
        self.drew = True  # the chance source was read: the result is not for reuse
        if self.chance is None:
            raise RacerlabError(
                "a breakaway platform was left: resolve_move needs a chance source to draw badniks"
            )
        self.board = self.board.remove_platform(key, self.chance)
        self.events.append(PlatformRemoved(key))
        # rings revealed under a racer are taken at once
        for token in self.board.racers:
            if self.board.rings_at(token.pos):
                self.board, got = collect_rings(self.board, token.id, token.pos)
                self.events.extend(got)

    def collect(self, pos: Coord) -> None:
        rings = self._rings.get
        if not (rings(pos) or (self._token.ring_magnet and beside(rings, pos))):
            return  # nothing to pick up: the board stays as it is
        board, got = collect_rings(self.board, self.id, pos)
        self.events.extend(got)
        # only the rings and the racers changed: the terrain and badnik lookups stay, and
        # the rings lookup loses the spaces emptied (kept as the new board's own lookup)
        self._board = board
        self.token = board.racer(self.id)
        index = dict(self._rings)
        for event in got:
            del index[event.at]
        self._rings = board.lookups.keep(board.rings, index)

    def terrain(
        self, pos: Coord, kind: Movement, *, moving: Direction, allow_push: bool
    ) -> Movement:
        """Apply the feature of ``pos`` (run into or landed on); returns the kind from now on.

        ``allow_push`` False leaves out the features that move the racer (treadmill, spring):
        for a treadmill's push and for the space behind a large base's landing space."""
        cell = self._cells[self._index(pos)]
        feature, direction = feature_of(cell, self._token.ignore)
        water = cell.is_water and "water" not in self._token.ignore
        if water and (self.rules.water_sets_speed or self._token.speed > WATER_SPEED):
            self.set_speed(WATER_SPEED, pos, "water")
        if feature is None:
            return kind
        speed = self._token.speed
        if feature in (Feature.ACCELERATOR, Feature.DECELERATOR):
            if direction is moving:
                self.set_speed(speed + 1, pos, feature.value)
            elif direction is moving.opposite:
                self.set_speed(speed - 1, pos, feature.value)
        elif feature is Feature.SPIKE:
            self.hurt(self.id, "spike")
        elif feature is Feature.OIL:
            if speed <= self.rules.speed_min:
                self.hurt(self.id, "oil")
            else:
                self.set_speed(speed - 1, pos, "oil")
        elif feature is Feature.SPRING and allow_push:
            self.set_speed(speed - SPRING_SLOWDOWN, pos, "spring")
            jump = self.remaining or self.rules.spring_extra_spaces
            self.events.append(Sprung(self.id, pos, jump))
            return Movement.HIGH_JUMP
        elif feature is Feature.TREADMILL and allow_push and direction is not None:
            frm = self._at
            to = step_from(frm, direction)
            if self._board.track.in_bounds(*to):
                self.events.append(Pushed(self.id, frm, to))
                self.enter_ground(frm, to, Movement.RUN, moving=direction, allow_push=False)
        return kind

    def enter_ground(
        self, frm: Coord, pos: Coord, kind: Movement, *, moving: Direction, allow_push: bool = True
    ) -> Movement:
        """Run or spin into ``pos``; returns the movement kind from now on."""
        buzz = self._buzz
        from_elev = self.elevation(frm)
        self.move_to(pos)
        if pos in buzz and self.hurt(self.id, "buzz-bomber"):
            return kind
        badnik = self._badniks.get(pos)
        if badnik is not None and badnik.crawling:
            if kind is Movement.SPIN:
                self.take_badnik(pos, badnik)
            elif self.hurt(self.id, badnik.value):
                return kind
        if kind is Movement.SPIN:
            for other in self._board.racers_at(pos, besides=self.id):
                if other.id not in self.damaged:  # once per movement (see rulings)
                    self.hurt(other.id, f"{self.id}'s spin")
            if self._board.boss == pos:
                self.touch_boss(pos, "spin")
        self.collect(pos)
        elev = self.elevation(pos)
        if elev > from_elev:
            self.obstacle(pos, from_elev, elev)
            cell = self._cells[self._index(pos)]
            if feature_of(cell, self._token.ignore)[0] is Feature.SPIKE:
                self.hurt(self.id, "spike")
            return kind
        kind = self.terrain(pos, kind, moving=moving, allow_push=allow_push)
        if not self.over:
            self.turn_lane(pos)
        return kind

    def touch_boss(self, pos: Coord, how: str) -> None:
        """The mover reaches the boss on ``pos`` (``how``: ``"spin"`` or ``"landing"``)."""
        self.hit_boss = True
        self.boss_hits.append(how)
        self.events.append(BossHit(self.id, pos, how))

    def obstacle(self, pos: Coord, from_elev: int, elev: int) -> None:
        self.events.append(ObstacleHit(self.id, pos, from_elev, elev))
        self.set_speed(self.rules.speed_min, pos, "obstacle")
        self.over = True
        self.stopped = True

    def turn_lane(self, pos: Coord) -> None:
        cap = speed_cap_at(self._board, pos, self.rules)
        if cap < self.rules.speed_max:
            speed = self._token.speed
            if self.rules.turn_sets_speed or speed > cap:
                self.set_speed(cap, pos, "turn lane")

    def pass_over(self, pos: Coord, ref: int, kind: Movement) -> None:
        """Jump through ``pos`` without landing."""
        self.move_to(pos, touch=False)
        if kind is Movement.HIGH_JUMP:
            return
        elev = self.elevation(pos)
        if elev >= ref + 2:
            self.move_to(pos)  # the racer stops and stands here
            self.obstacle(pos, ref, elev)
            self.collect(pos)
            return
        if pos in self._crab and self.hurt(self.id, "crabmeat"):
            return
        badnik = self._badniks.get(pos)
        if badnik is Badnik.SPINNER:
            self.hurt(self.id, "spinner")
        elif badnik is Badnik.BUZZ_BOMBER:
            self.take_badnik(pos, badnik)

    def land(
        self, pos: Coord, ref: int, kind: Movement, *, moving: Direction, front: bool = True
    ) -> Movement:
        """Land on ``pos`` (a large base lands on its front space and the one behind it; the
        racer stays tracked by its front space)."""
        if kind is not Movement.HIGH_JUMP:
            elev = self.elevation(pos)
            if elev >= ref + 2:
                self.obstacle(pos, ref, elev)
                self.collect(pos)
                return kind
            if pos in self._crab and self.hurt(self.id, "crabmeat"):
                return kind
            badnik = self._badniks.get(pos)
            if badnik is not None:
                self.take_badnik(pos, badnik)
        for other in self._board.racers_at(pos, besides=self.id):
            if other.id not in self.damaged:
                self.hurt(other.id, f"{self.id}'s landing")
        if self._board.boss == pos:
            self.touch_boss(pos, "landing")
        self.collect(pos)
        kind = self.terrain(pos, kind, moving=moving, allow_push=front)
        if not self.over:
            self.turn_lane(self._at)
        return kind


_PLAIN_STEPS = True
"""Whether the walk takes plain spaces the short way (:meth:`Walk.plain_step`; a test
turns it off to check both ways give the same results)."""
RUN, SPIN, JUMP, HIGH_JUMP = Movement.RUN, Movement.SPIN, Movement.JUMP, Movement.HIGH_JUMP


class _Discard(list):
    """The lean walk's events: none are kept."""

    __slots__ = ()

    def append(self, item: object) -> None:
        """Keep nothing."""

    def extend(self, items: object) -> None:
        """Keep nothing."""


DISCARD = _Discard()
"""The event sink of a lean walk (:func:`~.resolve.resolve_outcome`): it keeps nothing."""


def walk_path(walk: Walk, path: Path, kind: Movement, back_first: bool) -> int:
    """Walk ``path`` by ``kind`` space by space on ``walk`` (both
    :func:`~.resolve.resolve_move` and the lean :func:`~.resolve.resolve_outcome`);
    returns the spaces moved."""
    start = here = walk._at
    ref = walk.elevation(start)
    k = kind
    n = len(path.steps)
    moved = 0
    spaces = path.spaces
    for i, d in enumerate(path.steps):
        dc, dl = d.delta
        target = (here[0] + dc, here[1] + dl)
        if target != spaces[i]:
            raise RacerlabError(
                f"path step {i + 1} goes to {target}, not {spaces[i]}: not a path from {start}"
            )
        moved += 1
        walk.remaining = n - i - 1
        landing = i in path.landings  # decided by paths(), never guessed here
        ground = k is RUN or k is SPIN
        plain = ground or (k is JUMP and not landing)
        if plain and walk.plain_step(here, target, ref, ground, k is SPIN):
            here = target
            continue  # nothing acted: the racer moved on (the walk is never over here)
        if k in GROUND:
            k = walk.enter_ground(here, target, k, moving=d)
        elif not landing:
            walk.pass_over(target, ref, k)
        else:
            k = _land_all(walk, target, ref, k, d, back_first)
        if walk.over:
            break
        here = walk._at  # a push or damage may have moved it elsewhere
    return moved


def _land_all(
    walk: Walk, target: Coord, ref: int, kind: Movement, d: Direction, back_first: bool
) -> Movement:
    walk.move_to(target)
    if not walk._token.large:
        if walk.plain_landing(target, ref, kind is HIGH_JUMP):
            return kind  # nothing acts there
        return walk.land(target, ref, kind, moving=d)
    behind = (target[0] - 1, target[1])
    spots = [target]
    if walk._board.track.in_bounds(*behind):
        spots = [behind, target] if back_first else [target, behind]
    k = kind
    for spot in spots:
        got = walk.land(spot, ref, kind, moving=d, front=spot == target)
        if spot == target:
            k = got
        if walk.over or walk._at != target:
            break
    return k
