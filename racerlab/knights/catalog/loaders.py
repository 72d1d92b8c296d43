"""The Racer Knights catalog: parts, Knights, prebuilt racers and table measures.

Four TOML files in ``data/knights`` (each names its ``kind`` at the top):

* ``parts.toml`` (``kind = "knights-parts"``): ``[[chassis]]``, ``[[engine]]``,
  ``[[tires]]``, ``[[weapon]]`` and ``[[shield]]`` entries;
* ``knights.toml`` (``kind = "knights-knights"``): ``[[knight]]`` entries;
* ``racers.toml`` (``kind = "knights-racers"``): ``[[racer]]`` builds that name
  parts by id and are checked against the building rules;
* ``table.toml`` (``kind = "knights-table"``): card size, racer footprint,
  waypoint size, default arena, blocker stats and the Valor limits.

Every file is checked field by field; all problems are reported together as
one :class:`~racerlab.core.errors.CatalogError` naming the file, the entry and
the field. ``racerlab validate FILE`` checks any of them.

Abilities are written as on a stat strip, in lower case: ``"evasive"``,
``"damage_prevention(1)"``, ``"protection(fire, 2)"``, ``"protection(ram, 1)"``,
``"knight_bonus(lightning, strength, 1)"``.

>>> cat = load_catalog()
>>> cat.parts["dancing_eclipse"].stats.speed, cat.table.r_per_m
(5, 1.4)
>>> from racerlab.knights.catalog import parse_ability
>>> parse_ability("protection(fire, 2)").label()
'Protection (Fire 2)'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...core.catalog import Checker, data_dir, read_toml
from ...core.errors import CatalogError, Problem
from ...core.memo import BoundedDict
from ..build import RacerBuild
from ..parts import Ability, Part, PartKind, Side, Source, Species
from .entries import read_parts
from .schema import (
    KINDS,
    RACER_SCHEMA,
    SLOT_KINDS,
    TABLE_SECTIONS,
    check_id,
    check_version,
)

__all__ = [
    "KINDS",
    "MEMO_SIZE",
    "KnightsCatalog",
    "TableSpec",
    "load_catalog",
    "load_knights",
    "load_parts",
    "load_racers",
    "load_table",
]

_SIDE_ORDER = tuple(Side)


# -- values ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TableSpec:
    """The table's measures. Distances are in M (the card's short side) unless named _in/_r.

    >>> t = TableSpec()
    >>> t.r_per_m, t.blocker_armor, t.blocker_durability
    (1.4, 7, 1)
    """

    m_in: float = 2.5
    r_in: float = 3.5
    racer_length_m: float = 1.4
    racer_width_m: float = 0.8
    waypoint_diameter_m: float = 0.6
    arena_width_m: float = 20.0
    arena_height_m: float = 20.0
    blocker_armor: int = 7
    blocker_durability: int = 1
    start_distance_r: float = 5.0
    waypoint_gap_m: float = 1.0
    racer_gap_r: float = 1.0
    valor_per_action: int = 3
    veteran_valor_per_action: int = 5
    perfect_valor_per_round: int = 1

    @property
    def r_per_m(self) -> float:
        """One R (the card's long side) measured in M (its short side)."""
        return round(self.r_in / self.m_in, 9)


MEMO_SIZE = 2048
"""Values a catalog's :attr:`KnightsCatalog.memo` holds before it starts again."""


class KnightsCatalog:
    """Every card (parts and Knights), the prebuilt racers and the table measures.

    ``parts`` maps id to :class:`Part` for every card, Knights included;
    ``knights`` holds just the Knights; ``racers`` the prebuilt
    :class:`RacerBuild` values; ``table`` the :class:`TableSpec`. ``memo`` keeps what
    the engine works out from these cards (a build's racer with the director's tweaks, see
    :func:`racerlab.knights.draft.racer_of`), keyed by value and bounded by
    :data:`MEMO_SIZE`: it belongs to this catalog and goes with it.
    """

    __slots__ = ("__weakref__", "_by_kind", "knights", "memo", "parts", "racers", "table")

    def __init__(
        self,
        parts: Mapping[str, Part],
        racers: Mapping[str, RacerBuild] | None = None,
        table: TableSpec | None = None,
    ) -> None:
        self.parts: Mapping[str, Part] = MappingProxyType(dict(parts))
        self.knights: Mapping[str, Part] = MappingProxyType(
            {k: p for k, p in parts.items() if p.kind is PartKind.KNIGHT}
        )
        self.racers: Mapping[str, RacerBuild] = MappingProxyType(dict(racers or {}))
        self.table: TableSpec = table if table is not None else TableSpec()
        by_kind: dict[PartKind, list[Part]] = {k: [] for k in PartKind}
        for p in self.parts.values():
            by_kind[p.kind].append(p)
        self._by_kind = {k: tuple(v) for k, v in by_kind.items()}
        self.memo: BoundedDict = BoundedDict(MEMO_SIZE)

    def __reduce__(self) -> tuple:
        """Pickled as its contents; the bundled catalog as itself (one copy per process)."""
        if _bundled.cache_info().currsize and _bundled() is self:
            return (load_catalog, ())
        return (KnightsCatalog, (dict(self.parts), dict(self.racers), self.table))

    def __repr__(self) -> str:
        return (
            f"KnightsCatalog({len(self.parts)} parts, {len(self.knights)} Knights, "
            f"{len(self.racers)} racers)"
        )

    def part(self, part_id: str) -> Part:
        """The card with id ``part_id``; ``KeyError`` naming it if there is none."""
        try:
            return self.parts[part_id]
        except KeyError:
            raise KeyError(f"no part or Knight with id {part_id!r}") from None

    def by_kind(self, kind: PartKind, species: Species | None = None) -> tuple[Part, ...]:
        """Cards of one kind (optionally of one species), in file order.

        >>> [p.name for p in load_catalog().by_kind(PartKind.KNIGHT, Species.OGRE)][:1]
        ['Reggie Chewbone']
        """
        found = self._by_kind[kind]
        if species is None:
            return found
        return tuple(p for p in found if p.species is species)

    def by_species(self, species: Species) -> tuple[Part, ...]:
        """Every card of one species."""
        return tuple(p for p in self.parts.values() if p.species is species)

    def with_ability(self, ability: Ability) -> tuple[Part, ...]:
        """Every card that carries ``ability``."""
        return tuple(p for p in self.parts.values() if p.has(ability))

    def racer(self, racer_id: str) -> RacerBuild:
        """The prebuilt racer ``racer_id``; ``KeyError`` naming it if there is none."""
        try:
            return self.racers[racer_id]
        except KeyError:
            raise KeyError(f"no prebuilt racer with id {racer_id!r}") from None


# -- loaders -----------------------------------------------------------------------
def load_parts(path: str | Path) -> dict[str, Part]:
    """Read and check a parts file (chassis, engines, tires, weapons, shields)."""
    return read_parts(Path(path), SLOT_KINDS, KINDS["parts"])


def load_knights(path: str | Path) -> dict[str, Part]:
    """Read and check a Knights file."""
    return read_parts(Path(path), (PartKind.KNIGHT,), KINDS["knights"])


def load_racers(path: str | Path, parts: Mapping[str, Part] | None = None) -> dict[str, RacerBuild]:
    """Read a racers file and check every build against the building rules.

    Parts are looked up in ``parts``; by default in the ``parts.toml`` and
    ``knights.toml`` beside the file, or the bundled ones if there are none.
    """
    path = Path(path)
    data = read_toml(path, kind=KINDS["racers"])
    if parts is None:
        parts = _sibling_parts(path)
    catalog = KnightsCatalog(parts)
    checker = Checker(str(path))
    check_version(checker, data)
    for key in data:
        if key not in ("kind", "version", "racer"):
            checker.add("(file)", key, "is not a known table (known: racer)")
    racers: dict[str, RacerBuild] = {}
    for rid, row in checker.entries(data, "racer", RACER_SCHEMA).items():
        if not check_id(checker, rid):
            continue
        shields = []
        bad = False
        for side, sid in row["shields"].items():
            if side not in {s.value for s in Side}:
                checker.add(rid, f"shields.{side}", "is not a side (front, rear, left, right)")
                bad = True
            elif not isinstance(sid, str):
                checker.add(rid, f"shields.{side}", f"must be a shield id (text), got {sid!r}")
                bad = True
            else:
                shields.append((Side(side), sid))
        if row["source"] not in {s.value for s in Source}:
            checker.add(rid, "source", "must be 'rulebook' or 'illustrative'")
            bad = True
        if bad:
            continue
        build = RacerBuild(
            name=row["name"],
            chassis=row["chassis"],
            engine=row["engine"],
            tires=row["tires"],
            weapon=row["weapon"],
            knight=row["knight"],
            shields=tuple(sorted(shields, key=lambda pair: _SIDE_ORDER.index(pair[0]))),
        )
        problems = build.problems(catalog)
        for fld, reason in problems:
            checker.add(rid, fld, reason)
        if not problems:
            racers[rid] = build
    checker.raise_if_any()
    return racers


def _sibling_parts(path: Path) -> dict[str, Part]:
    here = path.parent
    found: dict[str, Part] = {}
    if (here / "parts.toml").is_file() and (here / "knights.toml").is_file():
        found.update(load_parts(here / "parts.toml"))
        found.update(load_knights(here / "knights.toml"))
        return found
    return dict(load_catalog().parts)


def load_table(path: str | Path) -> TableSpec:
    """Read and check the table measures file."""
    path = Path(path)
    data = read_toml(path, kind=KINDS["table"])
    checker = Checker(str(path))
    check_version(checker, data)
    for key in data:
        if key not in ("kind", "version") and key not in TABLE_SECTIONS:
            checker.add("(file)", key, f"is not a known table (known: {', '.join(TABLE_SECTIONS)})")
    values: dict[str, Any] = {}
    for section, schema in TABLE_SECTIONS.items():
        if section not in data:
            checker.add(section, "(section)", f"is missing: add a [{section}] table")
            continue
        row = checker.entry(section, data[section], schema)
        if row is not None:
            values[section] = row
    checker.raise_if_any()
    card, racer, wp = values["card"], values["racer"], values["waypoint"]
    if card["long_in"] <= card["short_in"]:
        checker.add("card", "long_in", "the long side must be longer than the short side")
    spec = TableSpec(
        m_in=float(card["short_in"]),
        r_in=float(card["long_in"]),
        racer_length_m=float(racer["length_m"]),
        racer_width_m=float(racer["width_m"]),
        waypoint_diameter_m=float(wp["diameter_m"]),
        arena_width_m=float(values["arena"]["width_m"]),
        arena_height_m=float(values["arena"]["height_m"]),
        blocker_armor=wp["blocker_armor"],
        blocker_durability=wp["blocker_durability"],
        start_distance_r=float(values["placement"]["start_distance_r"]),
        waypoint_gap_m=float(values["placement"]["waypoint_gap_m"]),
        racer_gap_r=float(values["placement"]["racer_gap_r"]),
        valor_per_action=values["valor"]["per_action"],
        veteran_valor_per_action=values["valor"]["veteran_per_action"],
        perfect_valor_per_round=values["valor"]["perfect_per_round"],
    )
    checker.raise_if_any()
    return spec


def _load_folder(folder: Path) -> KnightsCatalog:
    parts = load_parts(folder / "parts.toml")
    knights = load_knights(folder / "knights.toml")
    clash = sorted(set(parts) & set(knights))
    if clash:
        raise CatalogError(
            [
                Problem(str(folder / "knights.toml"), k, "id", "is also the id of a part")
                for k in clash
            ]
        )
    everything = {**parts, **knights}
    racers_path = folder / "racers.toml"
    racers = load_racers(racers_path, everything) if racers_path.is_file() else {}
    table = load_table(folder / "table.toml")
    return KnightsCatalog(everything, racers, table)


@functools.lru_cache(maxsize=1)
def _bundled() -> KnightsCatalog:
    return _load_folder(data_dir() / "knights")


def load_catalog(folder: str | Path | None = None) -> KnightsCatalog:
    """The catalog in ``folder`` (parts, knights, racers and table TOML files).

    Without ``folder``: the bundled catalog, loaded once and cached.
    """
    if folder is None:
        return _bundled()
    return _load_folder(Path(folder))
