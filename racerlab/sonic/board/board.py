"""The board: the laid track plus every token on it, and the racers standing on it.

A :class:`Board` is immutable: every change returns a new board. Tokens are
kept as sorted tuples (so boards with the same tokens compare equal), and
the per-space lookups movement needs are built once per board, lazily; the
terrain lookup is shared between boards whose terrain did not change.

What the board shows at a space (:meth:`Board.terrain`): the printed cell,
except under a trap flipped to face B (its face-B cell), where a breakaway
platform was removed (the cell revealed under it), and under a Virtual
Reality token (plain ground, elevation 0: see docs/rulings.md).
A rock adds 1 to the elevation of its space.

>>> from racerlab.sonic.track import Section, SectionType, Track, Zone
>>> s = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 1.r"] * 5)
>>> board = Board.new(Track((s,)))
>>> board.elevation(1, 0), board.ring_pile
(1, 50)
>>> board = board.with_rock((1, 0))
>>> board.elevation(1, 0), board.rock_supply
(2, 14)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from operator import itemgetter
from typing import TYPE_CHECKING

from ...core.frozen import fast_replace
from ..track import LANES, Cell, Marker
from .lookups import Lookups
from .rings import collect_onto

if TYPE_CHECKING:
    from ...core.dice import ChanceSource
    from ..track import Coord, Platform, Section, Track, Trap

__all__ = [
    "BADNIK_ORDER",
    "VR_CELL",
    "Badnik",
    "Board",
    "RacerToken",
]


class Badnik(Enum):
    """The four badniks; crawling ones hurt runners, buzzing ones hurt jumpers."""

    BUZZ_BOMBER = "buzz-bomber"
    """Buzzing: damages runners and spinners entering the 3 spaces in front of it."""
    CRABMEAT = "crabmeat"
    """Crawling: damages jumpers entering the spaces just above and below it (and runners
    entering its own space, like every crawling badnik)."""
    MOTO_BUG = "moto-bug"
    """Crawling: damages runners entering its space."""
    SPINNER = "spinner"
    """Buzzing: damages jumpers entering its space; destroyed only by a racer landing on it."""

    @property
    def crawling(self) -> bool:
        """Crawling (Moto Bug, Crabmeat) rather than buzzing (Buzz Bomber, Spinner)."""
        return self in (Badnik.MOTO_BUG, Badnik.CRABMEAT)


BADNIK_ORDER: tuple[Badnik, ...] = tuple(Badnik)
"""The order of the counts in :attr:`Board.bag`."""

VR_CELL = Cell(0)
"""What a space covered by a Virtual Reality token shows: plain ground."""


@dataclass(frozen=True, slots=True)
class RacerToken:
    """A racer on the track with what movement needs: Speed, ring stacks, badniks won, base.

    ``stacks`` are the ring stacks of the profile, left to right. ``ignore`` names
    terrain (feature values or ``"water"``) the racer is never affected by;
    ``ring_magnet`` also collects rings from the spaces just above and below;
    ``damage_speed`` is the Speed after damage with rings; ``restart_speed`` the
    Speed after damage without rings; ``shield`` ignores the next damage.

    >>> RacerToken("sonic", 0, 2, stacks=(2, 1, 1)).with_rings(3).stacks
    (2, 4, 1)
    """

    id: str
    col: int
    lane: int
    speed: int = 3
    stacks: tuple[int, ...] = (0, 0, 0)
    badniks: tuple[Badnik, ...] = ()
    large: bool = False
    shield: bool = False
    ignore: tuple[str, ...] = ()
    ring_magnet: bool = False
    damage_speed: int = 1
    restart_speed: int = 3

    @property
    def pos(self) -> Coord:
        """The racer's space (for a large base: its front space)."""
        return (self.col, self.lane)

    @property
    def rings(self) -> int:
        """Rings held on the profile."""
        return sum(self.stacks)

    def with_rings(self, n: int) -> RacerToken:
        """Collect ``n`` rings at once onto the left-most least-filled stack (:mod:`.rings`)."""
        return fast_replace(self, stacks=collect_onto(self.stacks, n)) if self.stacks else self


def _set_at(items: tuple, pos: Coord, value: object) -> tuple:
    """``items`` (``(space, value)`` pairs sorted by space) with ``pos`` set to ``value``
    (removed if ``None``); the other pairs are the same objects, in the same order."""
    i = bisect_left(items, pos, key=_space)
    here = i < len(items) and items[i][0] == pos
    return items[:i] + (((pos, value),) if value is not None else ()) + items[i + here :]


_space = itemgetter(0)


@dataclass(frozen=True)
class Board:
    """The track and every token on it. Build one with :meth:`new`; never mutate it.

    ``rings``: ``((col, lane), count)`` pairs; ``badniks``: ``((col, lane), Badnik)``;
    ``rocks``: spaces with a rock; ``removed_platforms``: global top-left spaces of
    breakaway platforms already removed; ``flipped_traps``: global first columns of
    traps showing face B; ``vr_tokens``: global first columns of sections whose first
    column (and the previous section's last column) a VR token covers; ``boss``: the
    boss's space, if a boss races; supplies: ``ring_pile``, ``bag`` (badnik counts in
    :data:`BADNIK_ORDER`), ``rock_supply``; ``yellow_diamonds``: whether yellow badnik
    diamonds are filled (games of 1-3 players), used when a platform reveals them.
    """

    track: Track
    racers: tuple[RacerToken, ...] = ()
    rings: tuple[tuple[Coord, int], ...] = ()
    badniks: tuple[tuple[Coord, Badnik], ...] = ()
    rocks: tuple[Coord, ...] = ()
    removed_platforms: tuple[Coord, ...] = ()
    flipped_traps: tuple[int, ...] = ()
    vr_tokens: tuple[int, ...] = ()
    boss: Coord | None = None
    ring_pile: int = 50
    bag: tuple[int, ...] = (10, 10, 10, 10)
    rock_supply: int = 15
    yellow_diamonds: bool = True

    def __post_init__(self) -> None:
        # lookups built lazily; not dataclass fields, so equality and encoding ignore them:
        # memos shared along the line of boards made from this one (see _with), owned and
        # bounded by the line's Lookups
        for name in ("rings", "badniks"):  # kept sorted by space (see _set_at)
            items = getattr(self, name)
            if any(items[i][0] > items[i + 1][0] for i in range(len(items) - 1)):
                object.__setattr__(self, name, tuple(sorted(items, key=_space)))
        lookups = Lookups()
        object.__setattr__(self, "_lookups", lookups)
        object.__setattr__(self, "_terrain_memo", None)  # made when first used
        object.__setattr__(self, "_layout_memo", None)

    def __getstate__(self) -> dict:
        """A board pickled (a bot's move worked out in another process) leaves its lookups
        behind: they hold local functions, which cannot be pickled, and are rebuilt from
        the board's own fields where they are needed."""
        state = dict(self.__dict__)
        state["_lookups"] = Lookups()
        state["_terrain_memo"] = state["_layout_memo"] = None
        return state

    # -- construction ----------------------------------------------------------
    @classmethod
    def new(
        cls,
        track: Track,
        *,
        ring_pile: int = 50,
        bag: tuple[int, ...] = (10, 10, 10, 10),
        rock_supply: int = 15,
        yellow_diamonds: bool = True,
    ) -> Board:
        """A board with nothing placed yet (place section tokens with :meth:`place_markers`)."""
        return cls(
            track,
            ring_pile=ring_pile,
            bag=tuple(bag),
            rock_supply=rock_supply,
            yellow_diamonds=yellow_diamonds,
        )

    def _with(self, **changes: object) -> Board:
        """A copy with ``changes``; the lookups that do not depend on a changed field are
        kept (the memos shared, not copied: no per-entry work)."""
        if not _FIELDS.issuperset(changes):
            raise TypeError(f"Board has no field(s) {sorted(changes.keys() - _FIELDS)}")
        # a fast copy (dataclasses.replace is slow on this hot path); frozen fields stay frozen
        new = object.__new__(Board)
        state = new.__dict__
        state.update(self.__dict__)
        state.update(changes)
        if not _TERRAIN_FIELDS.isdisjoint(changes):
            state["_terrain_memo"] = None
            state["_layout_memo"] = None
        elif "badniks" in changes:
            state["_layout_memo"] = None
        return new

    @property
    def lookups(self) -> Lookups:
        """The owner of this line of boards' memos and token indexes (:class:`~.lookups.Lookups`),
        shared by every board made from this one."""
        return self._lookups

    def memos_held(self) -> tuple[dict | None, dict | None]:
        """The terrain and layout memos this board holds now, as they are: ``None`` when it
        has none yet (a new, copied or changed board), a memo its line let go marked
        ``dropped``. For checking what a board keeps; lookups go through
        :meth:`terrain_memo` and :meth:`layout_memo`."""
        return self._terrain_memo, self._layout_memo

    def terrain_memo(self) -> dict:
        """Lookups that depend only on the terrain: shared by every later board with the
        same terrain (the owner of these memos is the line of boards, never a module; an
        old board whose memo was dropped gets a fresh one)."""
        memo = self._terrain_memo
        if memo is None or memo.dropped:
            memo = self._lookups.fresh()
            object.__setattr__(self, "_terrain_memo", memo)
        return memo

    def layout_memo(self) -> dict:
        """Lookups that depend on the terrain and the badniks (badnik reach, path tables,
        paths): shared by every later board where both are the same (dropped like
        :meth:`terrain_memo`'s)."""
        memo = self._layout_memo
        if memo is None or memo.dropped:
            memo = self._lookups.fresh()
            object.__setattr__(self, "_layout_memo", memo)
        return memo

    # -- terrain -----------------------------------------------------------------
    def terrain_tables(self) -> tuple[list[Cell], list[int]]:
        """The terrain shown now as two flat tables indexed ``col * LANES + lane``: the cell
        shown (:meth:`terrain`) and the elevation with rocks (:meth:`elevation`). Kept in the
        terrain memo and shared, not copied: read them, never change them."""
        memo = self._terrain_memo
        got = memo.get("terrain") if memo is not None else None
        if got is not None:
            return got
        memo = self.terrain_memo()
        track = self.track
        cells = list(track.flat_cells)
        for i, section in enumerate(track.sections):
            base = track.offsets[i]
            for trap in section.traps:
                if base + trap.col in self.flipped_traps:
                    for c, column in enumerate(trap.face_b):
                        for lane, cell in enumerate(column):
                            cells[(base + trap.col + c) * LANES + lane] = cell
            for platform in section.platforms:
                if (base + platform.col, platform.lane) in self.removed_platforms:
                    for c, column in enumerate(platform.under):
                        for r, cell in enumerate(column):
                            cells[(base + platform.col + c) * LANES + platform.lane + r] = cell
        for first in self.vr_tokens:
            for col in (first - 1, first):
                if 0 <= col < track.n_columns:
                    for lane in range(LANES):
                        cells[col * LANES + lane] = VR_CELL
        elevation = [c.elevation for c in cells]
        for col, lane in self.rocks:
            elevation[col * LANES + lane] += 1
        got = (cells, elevation)
        memo["terrain"] = got
        return got

    def terrain(self, col: int, lane: int) -> Cell:
        """The cell shown at ``(col, lane)`` now (traps, platforms and VR tokens applied)."""
        if not self.track.in_bounds(col, lane):
            raise IndexError(f"space {(col, lane)} is off the track")
        return self.terrain_tables()[0][col * LANES + lane]

    def elevation(self, col: int, lane: int) -> int:
        """Elevation of ``(col, lane)`` including a rock on it."""
        if not self.track.in_bounds(col, lane):
            raise IndexError(f"space {(col, lane)} is off the track")
        return self.terrain_tables()[1][col * LANES + lane]

    def path_memo(self) -> dict:
        """A memo for paths found on this board, shared with every later board whose
        terrain and badniks are the same (paths depend on nothing else on the board)."""
        memo = self.layout_memo()
        got = memo.get("paths")
        if got is None:
            got = memo["paths"] = {}
        return got

    # -- token lookups ---------------------------------------------------------
    def token_index(self, name: str) -> dict:
        """``rings`` or ``badniks`` (the field called ``name``) as a dict by space, kept by
        the line's lookups and shared: read it, never change it."""
        items = self.__dict__[name]
        got = self._lookups.indexes.get(id(items))
        if got is not None and got[0] is items:
            return got[1]
        return self._lookups.index(items)

    def rings_at(self, pos: Coord) -> int:
        """Rings lying on ``pos``."""
        return self.token_index("rings").get(pos, 0)

    def badnik_at(self, pos: Coord) -> Badnik | None:
        """The badnik on ``pos``, if any."""
        return self.token_index("badniks").get(pos)

    def has_rock(self, pos: Coord) -> bool:
        """Whether a rock lies on ``pos``."""
        return pos in self.rocks

    def racer(self, racer_id: str) -> RacerToken:
        """The racer called ``racer_id``."""
        for token in self.racers:
            if token.id == racer_id:
                return token
        raise KeyError(f"no racer {racer_id!r} on the board")

    def racers_at(self, pos: Coord, *, besides: str | None = None) -> tuple[RacerToken, ...]:
        """Racers occupying ``pos`` (a large base occupies its space and the one behind)."""
        col, lane = pos
        return tuple(
            t
            for t in self.racers
            if t.id != besides
            and t.lane == lane
            and (t.col == col or (t.large and t.col - 1 == col))
        )

    def platform_at(self, col: int, lane: int) -> Coord | None:
        """Global top-left space of the breakaway platform in place over ``(col, lane)``."""
        if not self.track.in_bounds(col, lane):
            return None
        index = self.track.section_index(col)
        base = self.track.offsets[index]
        for platform in self.track.sections[index].platforms:
            key = (base + platform.col, platform.lane)
            if key not in self.removed_platforms and platform.covers(col - base, lane):
                return key
        return None

    # -- changes (each returns a new board) --------------------------------------
    def with_racer(self, token: RacerToken) -> Board:
        """This board with ``token`` replacing the racer of the same id (or added)."""
        racers = self.racers
        for i, t in enumerate(racers):
            if t.id == token.id:
                return self._with(racers=(*racers[:i], token, *racers[i + 1 :]))
        return self._with(racers=(*racers, token))

    def with_rings(self, pos: Coord, count: int) -> Board:
        """Set the rings lying on ``pos`` to ``count`` (supplies are not touched)."""
        return self._with(rings=_set_at(self.rings, pos, count or None))

    def with_badnik(self, pos: Coord, badnik: Badnik | None) -> Board:
        """Set (or clear, with ``None``) the badnik on ``pos`` (supplies are not touched)."""
        return self._with(badniks=_set_at(self.badniks, pos, badnik))

    def with_rock(self, pos: Coord) -> Board:
        """Put a rock from the supply on ``pos`` (no change if the supply is empty)."""
        if self.rock_supply <= 0:
            return self
        return self._with(rocks=tuple(sorted((*self.rocks, pos))), rock_supply=self.rock_supply - 1)

    def with_boss(self, pos: Coord | None) -> Board:
        """Move (or remove, with ``None``) the boss."""
        return self._with(boss=pos)

    def rings_from_pile(self, pos: Coord, count: int) -> tuple[Board, int]:
        """Put up to ``count`` rings from the pile on ``pos``; a racer there takes them at once.

        Returns the board and how many rings came from the pile.
        """
        n = min(count, self.ring_pile)
        if n <= 0:
            return self, 0
        board = self._with(ring_pile=self.ring_pile - n)
        return board.drop_rings(pos, n), n

    def drop_rings(self, pos: Coord, count: int) -> Board:
        """Put ``count`` rings (from a racer or boss) on ``pos``; a racer there takes them."""
        here = self.racers_at(pos)
        if here:
            return self.with_racer(here[0].with_rings(count))
        return self.with_rings(pos, self.rings_at(pos) + count)

    def draw_badnik(
        self, chance: ChanceSource, purpose: str = "badnik bag"
    ) -> tuple[Board, Badnik | None]:
        """Draw one badnik at random from the bag (``None`` if the bag is empty)."""
        pool = [b for b, n in zip(BADNIK_ORDER, self.bag) for _ in range(n)]
        if not pool:
            return self, None
        badnik = chance.choice(pool, purpose)
        bag = list(self.bag)
        bag[BADNIK_ORDER.index(badnik)] -= 1
        return self._with(bag=tuple(bag)), badnik

    def place_markers(
        self, cells: Iterable[tuple[Coord, Cell]], chance: ChanceSource, *, yellow: bool
    ) -> Board:
        """Put a ring on every ring mark and a bag badnik on every red (and, with ``yellow``,
        yellow) diamond of ``cells``, in the order given.

        The same as placing them one by one (:meth:`rings_from_pile`, :meth:`draw_badnik`,
        :meth:`with_badnik`), with the changes gathered in scratch tables and one new board
        made at the end (a section has dozens of marks)."""
        rings = badniks = racers = None  # scratch copies, made at the first change
        pile, bag = self.ring_pile, list(self.bag)
        for pos, cell in cells:
            for marker in cell.markers:
                if marker is Marker.RING:
                    if pile <= 0:
                        continue
                    pile -= 1
                    racers = racers or list(self.racers)
                    here = _racer_at(racers, pos)
                    if here is not None:
                        racers[here] = racers[here].with_rings(1)
                    else:
                        rings = rings if rings is not None else dict(self.rings)
                        rings[pos] = rings.get(pos, 0) + 1
                elif marker is Marker.RED_BADNIK or (marker is Marker.YELLOW_BADNIK and yellow):
                    badniks = badniks if badniks is not None else dict(self.badniks)
                    if badniks.get(pos) is not None:
                        continue
                    pool = [b for b, n in zip(BADNIK_ORDER, bag) for _ in range(n)]
                    if pool:
                        badnik = chance.choice(pool, "badnik bag")
                        bag[BADNIK_ORDER.index(badnik)] -= 1
                        badniks[pos] = badnik
        return self._gathered(pile, bag, rings, badniks, racers)

    def _gathered(
        self, pile: int, bag: list[int], rings: dict | None, badniks: dict | None, racers
    ) -> Board:
        """This board with what :meth:`place_markers` gathered (``None``: unchanged)."""
        changes: dict[str, object] = {}
        if pile != self.ring_pile:
            changes["ring_pile"] = pile
        if tuple(bag) != self.bag:
            changes["bag"] = tuple(bag)
        if rings is not None:
            changes["rings"] = _sorted_pairs(self.rings, rings)
        if badniks is not None and len(badniks) != len(self.badniks):
            changes["badniks"] = _sorted_pairs(self.badniks, badniks)
        if racers is not None and any(a is not b for a, b in zip(racers, self.racers)):
            changes["racers"] = tuple(racers)
        return self._with(**changes) if changes else self

    def appended(self, section: Section, chance: ChanceSource, *, yellow: bool) -> Board:
        """Connect ``section`` after the last one and place its rings and badniks.

        ``yellow`` places badniks on yellow diamonds too (games of 1-3 players).
        """
        start = self.track.n_columns
        board = self._with(track=self.track.appended(section))
        return board.place_markers(
            (
                ((start + c, lane), cell)
                for c, column in enumerate(section.cells)
                for lane, cell in enumerate(column)
            ),
            chance,
            yellow=yellow,
        )

    def flip_traps(self) -> Board:
        """Flip every trap on the track (done at the end of each round)."""
        firsts = []
        for i, section in enumerate(self.track.sections):
            firsts.extend(self.track.offsets[i] + trap.col for trap in section.traps)
        if not firsts:
            return self
        flipped = tuple(sorted(set(firsts) ^ set(self.flipped_traps)))
        return self._with(flipped_traps=flipped)

    def remove_platform(
        self, key: Coord, chance: ChanceSource, *, yellow: bool | None = None
    ) -> Board:
        """Take away the platform whose global top-left is ``key``, placing the rings and
        badniks marked on the spaces revealed (yellow diamonds too if ``yellow``, by default
        :attr:`yellow_diamonds`)."""
        if yellow is None:
            yellow = self.yellow_diamonds
        col, lane = key
        index = self.track.section_index(col)
        base = self.track.offsets[index]
        platform = _platform(self.track.sections[index], col - base, lane)
        board = self._with(removed_platforms=tuple(sorted((*self.removed_platforms, key))))
        cells = (
            ((col + c, lane + r), cell)
            for c, column in enumerate(platform.under)
            for r, cell in enumerate(column)
        )
        return board.place_markers(cells, chance, yellow=yellow)

    def with_vr_token(self, section_index: int) -> Board:
        """Cover the first column of section ``section_index`` and the previous last column."""
        first = self.track.offsets[section_index]
        if first in self.vr_tokens:
            return self
        return self._with(vr_tokens=tuple(sorted((*self.vr_tokens, first))))

    # -- totals (for conservation checks) ----------------------------------------
    def ring_total(self) -> int:
        """Rings on the track, on racer profiles and in the pile (not on a boss profile)."""
        return self.ring_pile + sum(n for _, n in self.rings) + sum(t.rings for t in self.racers)

    def badnik_total(self) -> int:
        """Badniks on the track, won by racers and in the bag."""
        return sum(self.bag) + len(self.badniks) + sum(len(t.badniks) for t in self.racers)


_TERRAIN_FIELDS = frozenset({"track", "rocks", "removed_platforms", "flipped_traps", "vr_tokens"})
"""The fields the terrain shown depends on (the terrain memo is dropped when one changes)."""
_FIELDS = frozenset(Board.__dataclass_fields__)


def _racer_at(racers: list[RacerToken], pos: Coord) -> int | None:
    """Index in ``racers`` of the first racer occupying ``pos`` (as :meth:`Board.racers_at`)."""
    col, lane = pos
    for i, t in enumerate(racers):
        if t.lane == lane and (t.col == col or (t.large and t.col - 1 == col)):
            return i
    return None


def _sorted_pairs(old: tuple, new: dict) -> tuple:
    """``new`` as ``(space, value)`` pairs sorted by space, reusing ``old``'s unchanged pairs."""
    kept = {pair[0]: pair for pair in old if new.get(pair[0]) is pair[1]}
    return tuple(kept.get(pos) or (pos, value) for pos, value in sorted(new.items(), key=_space))


def _platform(section: Section, col: int, lane: int) -> Platform:
    for platform in section.platforms:
        if platform.col == col and platform.lane == lane:
            return platform
    raise KeyError(f"no breakaway platform with top-left {(col, lane)} in section {section.id!r}")


def trap_columns(track: Track) -> dict[int, Trap]:
    """Global first column -> trap, for every trap on ``track``."""
    out: dict[int, Trap] = {}
    for i, section in enumerate(track.sections):
        for trap in section.traps:
            out[track.offsets[i] + trap.col] = trap
    return out
