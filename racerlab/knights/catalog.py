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
>>> parse_ability("protection(fire, 2)").label()
'Protection (Fire 2)'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..core.catalog import Checker, Field, Schema, data_dir, read_toml
from ..core.errors import CatalogError, Problem
from ..core.provenance import PRINTED_FIELD
from .build import RacerBuild
from .parts import (
    Ability,
    AbilityUse,
    Arc,
    Part,
    PartKind,
    Rarity,
    Side,
    Source,
    Species,
    Stats,
    Weapon,
    WeaponType,
)

__all__ = [
    "ABILITY_KINDS",
    "FORMAT_VERSION",
    "KINDS",
    "KnightsCatalog",
    "TableSpec",
    "load_catalog",
    "load_knights",
    "load_parts",
    "load_racers",
    "load_table",
    "parse_ability",
]

FORMAT_VERSION = 1
"""The catalog format version these loaders read."""

KINDS = {
    "parts": "knights-parts",
    "knights": "knights-knights",
    "racers": "knights-racers",
    "table": "knights-table",
}
"""The top-level ``kind`` of each Racer Knights file, by file stem."""

STAT_MAX = 10
"""The largest number one stat strip may give in one column."""

_SLOT_KINDS = (
    PartKind.CHASSIS,
    PartKind.ENGINE,
    PartKind.TIRES,
    PartKind.WEAPON,
    PartKind.SHIELD,
)

_ALL = frozenset(PartKind)
_WEAPON = frozenset({PartKind.WEAPON})
ABILITY_KINDS: Mapping[Ability, frozenset[PartKind]] = MappingProxyType(
    {
        **{a: _ALL - _WEAPON - {PartKind.KNIGHT} for a in Ability},
        **{
            a: _WEAPON
            for a in (
                Ability.BOUNCE,
                Ability.COILED,
                Ability.DISCHARGE,
                Ability.HEAVY,
                Ability.RECHARGE,
                Ability.SLOW,
                Ability.SPIN,
                Ability.WEAKNESS,
            )
        },
        Ability.PROTECTION: frozenset({PartKind.SHIELD}),
        Ability.DAMAGE_PREVENTION: frozenset({PartKind.SHIELD}),
        Ability.VETERAN: frozenset({PartKind.KNIGHT}),
        Ability.KNIGHT_BONUS: frozenset({PartKind.KNIGHT}),
        Ability.SURGE: _ALL - _WEAPON,
        Ability.STALL: _ALL - _WEAPON,
    }
)
"""Which kinds of card may carry each ability (weapon effects only on weapons, etc.)."""

ABILITY_AMOUNT_MAX = 3
"""Largest X in Damage Prevention (X), Protection (type X) and Knight bonuses."""

KNIGHT_BONUS_STATS = ("strength", "damage", "range")
"""What a Knight's weapon-type bonus may raise."""

# -- entry schemas ---------------------------------------------------------------
_STAT_FIELDS = {
    f.name: Field(
        int, required=False, default=0, min=0, max=STAT_MAX, doc=f"{f.name} column of the strip"
    )
    for f in fields(Stats)
}
_COMMON = {
    "id": Field(str, doc="unique id, used by racers.toml"),
    "name": Field(str, doc="the name printed on the card"),
    "species": Field(str, choices=[s.value for s in Species]),
    "rarity": Field(str, choices=[r.value for r in Rarity]),
    "source": Field(str, choices=[s.value for s in Source]),
    "abilities": Field(list, required=False, default=[], max=8, item=str),
    "notes": Field(str, required=False, default=""),
    "printed": PRINTED_FIELD,
}
_CARD = {"card": Field(str, doc="card number, e.g. '31'")}

SCHEMAS: Mapping[PartKind, Schema] = MappingProxyType(
    {
        PartKind.CHASSIS: Schema(
            {**_COMMON, "cards": Field(list, item=str, max=2), **_STAT_FIELDS},
            doc="a chassis: two cards ('12a', '12b') making one part",
        ),
        PartKind.ENGINE: Schema({**_COMMON, **_CARD, **_STAT_FIELDS}, doc="an engine"),
        PartKind.TIRES: Schema({**_COMMON, **_CARD, **_STAT_FIELDS}, doc="a set of tires"),
        PartKind.WEAPON: Schema(
            {
                **_COMMON,
                **_CARD,
                "arc": Field(str, choices=[a.value for a in Arc]),
                "range": Field(int, min=0, max=6),
                "strength": Field(int, min=0, max=8),
                "damage": Field(int, min=1, max=5),
                "type": Field(str, choices=[t.value for t in WeaponType]),
                **_STAT_FIELDS,
            },
            doc="a weapon",
        ),
        PartKind.SHIELD: Schema(
            {
                **_COMMON,
                **_CARD,
                "sides": Field(list, item=str, max=4, choices=[s.value for s in Side]),
            },
            doc="a shield mod; it mounts on one of its 'sides'",
        ),
        PartKind.KNIGHT: Schema({**_COMMON, **_CARD, **_STAT_FIELDS}, doc="a Knight card"),
    }
)
"""The fields each kind of entry may have."""

_RACER_SCHEMA = Schema(
    {
        "id": Field(str),
        "name": Field(str),
        **{k: Field(str, doc=f"id of the {k}") for k in ("chassis", "engine", "tires", "weapon")},
        "knight": Field(str, doc="id of the Knight"),
        "shields": Field(dict, required=False, default={}, doc="side = shield id"),
        "source": Field(str, required=False, default="illustrative"),
        "notes": Field(str, required=False, default=""),
        "printed": PRINTED_FIELD,
    },
    doc="a prebuilt racer",
)

_TABLE_SECTIONS: Mapping[str, Schema] = MappingProxyType(
    {
        "card": Schema(
            {
                "short_in": Field(float, min=0.5, max=10, doc="short side, inches (1M)"),
                "long_in": Field(float, min=0.5, max=10, doc="long side, inches (1R)"),
            }
        ),
        "racer": Schema(
            {
                "length_m": Field(float, min=0.1, max=5),
                "width_m": Field(float, min=0.1, max=5),
            }
        ),
        "waypoint": Schema(
            {
                "diameter_m": Field(float, min=0.05, max=5),
                "blocker_armor": Field(int, min=0, max=20),
                "blocker_durability": Field(int, min=1, max=20),
            }
        ),
        "arena": Schema(
            {
                "width_m": Field(float, min=2, max=200),
                "height_m": Field(float, min=2, max=200),
            }
        ),
        "placement": Schema(
            {
                "start_distance_r": Field(float, min=0, max=50),
                "waypoint_gap_m": Field(float, min=0, max=50),
                "racer_gap_r": Field(float, min=0, max=50),
            }
        ),
        "valor": Schema(
            {
                "per_action": Field(int, min=0, max=20),
                "veteran_per_action": Field(int, min=0, max=20),
                "perfect_per_round": Field(int, min=0, max=20),
            }
        ),
    }
)


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


class KnightsCatalog:
    """Every card (parts and Knights), the prebuilt racers and the table measures.

    ``parts`` maps id to :class:`Part` for every card, Knights included;
    ``knights`` holds just the Knights; ``racers`` the prebuilt
    :class:`RacerBuild` values; ``table`` the :class:`TableSpec`.
    """

    __slots__ = ("_by_kind", "knights", "parts", "racers", "table")

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


# -- abilities ---------------------------------------------------------------------
_ABILITY_RE = re.compile(r"^\s*([a-z_ ]+?)\s*(?:\((.*)\))?\s*$")


def parse_ability(text: str) -> AbilityUse:
    """Read one ability as written in a catalog file; ``ValueError`` says what is wrong.

    >>> parse_ability("damage_prevention(2)").amount
    2
    >>> parse_ability("knight_bonus(lightning, strength, 1)").label()
    '+1 strength with Lightning weapons'
    """
    m = _ABILITY_RE.match(text.lower())
    if not m:
        raise ValueError(
            f"cannot read ability {text!r} (write e.g. 'evasive' or 'protection(fire, 1)')"
        )
    name = m.group(1).strip().replace(" ", "_")
    try:
        ability = Ability(name)
    except ValueError:
        known = ", ".join(a.value for a in Ability)
        raise ValueError(f"unknown ability {name!r} (known: {known})") from None
    args = [a.strip() for a in m.group(2).split(",")] if m.group(2) is not None else []
    types = [t.value for t in WeaponType]
    if ability is Ability.DAMAGE_PREVENTION:
        (amount,) = _args(text, args, "damage_prevention(X)", 1)
        return AbilityUse(ability, amount=_amount(text, amount))
    if ability is Ability.PROTECTION:
        against, amount = _args(text, args, "protection(TYPE or ram, X)", 2)
        if against not in [*types, "ram"]:
            raise ValueError(f"{text!r}: protection is against one of {', '.join(types)} or ram")
        return AbilityUse(ability, amount=_amount(text, amount), against=against)
    if ability is Ability.KNIGHT_BONUS:
        against, stat, amount = _args(text, args, "knight_bonus(TYPE, STAT, X)", 3)
        if against not in types:
            raise ValueError(f"{text!r}: the weapon type must be one of {', '.join(types)}")
        if stat not in KNIGHT_BONUS_STATS:
            raise ValueError(f"{text!r}: the stat must be one of {', '.join(KNIGHT_BONUS_STATS)}")
        return AbilityUse(ability, amount=_amount(text, amount), against=against, stat=stat)
    if args:
        raise ValueError(f"{text!r}: {ability.value} takes no parameters")
    return AbilityUse(ability)


def _args(text: str, args: list[str], form: str, n: int) -> list[str]:
    if len(args) != n or not all(args):
        raise ValueError(f"{text!r}: write it as {form}")
    return args


def _amount(text: str, raw: str) -> int:
    if not raw.isdigit() or not 1 <= int(raw) <= ABILITY_AMOUNT_MAX:
        raise ValueError(f"{text!r}: X must be a whole number from 1 to {ABILITY_AMOUNT_MAX}")
    return int(raw)


# -- loaders -----------------------------------------------------------------------
def _header(checker: Checker, data: Mapping[str, Any]) -> None:
    version = data.get("version")
    if version != FORMAT_VERSION:
        checker.add("(file)", "version", f"must be {FORMAT_VERSION}, got {version!r}")


def _make_part(checker: Checker, kind: PartKind, pid: str, row: Mapping[str, Any]) -> Part | None:
    before = len(checker.problems)
    abilities = []
    for i, text in enumerate(row["abilities"]):
        try:
            use = parse_ability(text)
        except ValueError as exc:
            checker.add(pid, f"abilities[{i}]", str(exc))
            continue
        if kind not in ABILITY_KINDS[use.ability]:
            allowed = ", ".join(sorted(k.value for k in ABILITY_KINDS[use.ability]))
            checker.add(
                pid,
                f"abilities[{i}]",
                f"{use.ability.value} cannot be on {kind.noun} (only on: {allowed})",
            )
            continue
        abilities.append(use)
    seen = [(a.ability, a.against if a.ability in _REPEATABLE else None) for a in abilities]
    for ability, against in sorted(set(seen), key=str):
        if seen.count((ability, against)) > 1:
            what = ability.value + (f" against {against}" if against else "")
            checker.add(pid, "abilities", f"{what} is listed more than once")
    for name, most in _TEXT_MAX.items():
        if len(row[name]) > most:
            checker.add(pid, name, f"is {len(row[name])} characters long; the limit is {most}")
    if kind is PartKind.CHASSIS:
        card = _chassis_card(checker, pid, row["cards"])
    else:
        card = row["card"].strip()
        if not card or len(card) > 12:
            checker.add(pid, "card", f"must be a card number of 1-12 characters, got {card!r}")
    weapon = None
    if kind is PartKind.WEAPON:
        weapon = Weapon(
            Arc(row["arc"]), row["range"], row["strength"], row["damage"], WeaponType(row["type"])
        )
    mounts: tuple[Side, ...] = ()
    if kind is PartKind.SHIELD:
        mounts = tuple(Side(s) for s in row["sides"])
        if not mounts:
            checker.add(pid, "sides", "must name at least one side (front, rear, left, right)")
        if len(set(mounts)) != len(mounts):
            checker.add(pid, "sides", "lists a side more than once")
    stats = Stats(**{f.name: row.get(f.name, 0) for f in fields(Stats)})
    if len(checker.problems) != before:
        return None
    return Part(
        id=pid,
        name=row["name"],
        kind=kind,
        species=Species(row["species"]),
        card=card,
        rarity=Rarity(row["rarity"]),
        stats=stats,
        abilities=tuple(abilities),
        weapon=weapon,
        mounts=mounts,
        source=Source(row["source"]),
        notes=row["notes"],
    )


_TEXT_MAX = {"name": 80, "notes": 2000}
_SIDE_ORDER = tuple(Side)
_REPEATABLE = frozenset({Ability.PROTECTION, Ability.KNIGHT_BONUS})
_CHASSIS_CARD = re.compile(r"^(\w{1,10})([ab])$")


def _chassis_card(checker: Checker, pid: str, cards: list[str]) -> str:
    found = [_CHASSIS_CARD.match(c) for c in cards]
    if (
        len(cards) != 2
        or not all(found)
        or found[0].group(2) != "a"  # type: ignore[union-attr]
        or found[1].group(2) != "b"  # type: ignore[union-attr]
        or found[0].group(1) != found[1].group(1)  # type: ignore[union-attr]
    ):
        checker.add(pid, "cards", f"must be a pair like ['12a', '12b'], got {cards!r}")
        return ""
    return f"{cards[0]}/{cards[1]}"


def _check_ids(checker: Checker, pid: str) -> bool:
    if not re.fullmatch(r"[a-z0-9][a-z0-9_\-]{0,63}", pid):
        checker.add(pid, "id", "must be 1-64 lower-case letters, digits, '_' or '-'")
        return False
    return True


def _read_parts(path: Path, kinds: Iterable[PartKind], file_kind: str) -> dict[str, Part]:
    data = read_toml(path, kind=file_kind)
    checker = Checker(str(path))
    _header(checker, data)
    tables = {k.value for k in kinds}
    for key in data:
        if key not in ("kind", "version") and key not in tables:
            checker.add("(file)", key, f"is not a known table (known: {', '.join(sorted(tables))})")
    parts: dict[str, Part] = {}
    for kind in kinds:
        rows = checker.entries(data, kind.value, SCHEMAS[kind], required=False)
        for pid, row in rows.items():
            if not _check_ids(checker, pid):
                continue
            if pid in parts:
                checker.add(pid, "id", f"duplicate id {pid!r} (also {parts[pid].kind.noun})")
                continue
            part = _make_part(checker, kind, pid, row)
            if part is not None:
                parts[pid] = part
    if not parts and not checker.problems:
        checker.add("(file)", "(entries)", "lists no entries")
    checker.raise_if_any()
    return parts


def load_parts(path: str | Path) -> dict[str, Part]:
    """Read and check a parts file (chassis, engines, tires, weapons, shields)."""
    return _read_parts(Path(path), _SLOT_KINDS, KINDS["parts"])


def load_knights(path: str | Path) -> dict[str, Part]:
    """Read and check a Knights file."""
    return _read_parts(Path(path), (PartKind.KNIGHT,), KINDS["knights"])


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
    _header(checker, data)
    for key in data:
        if key not in ("kind", "version", "racer"):
            checker.add("(file)", key, "is not a known table (known: racer)")
    racers: dict[str, RacerBuild] = {}
    for rid, row in checker.entries(data, "racer", _RACER_SCHEMA).items():
        if not _check_ids(checker, rid):
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
    _header(checker, data)
    for key in data:
        if key not in ("kind", "version") and key not in _TABLE_SECTIONS:
            checker.add(
                "(file)", key, f"is not a known table (known: {', '.join(_TABLE_SECTIONS)})"
            )
    values: dict[str, Any] = {}
    for section, schema in _TABLE_SECTIONS.items():
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
