"""The fields each Racer Knights catalog file may hold, and the checks every file shares.

``SCHEMAS`` gives the fields of each kind of card; ``RACER_SCHEMA`` those of a prebuilt
racer; ``TABLE_SECTIONS`` the sections of the table measures file. ``ABILITY_KINDS``
says which kinds of card may carry each ability. The loaders are in
:mod:`racerlab.knights.catalog`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any

from ...core.catalog import PLAYER_NAME, Checker, Field, Schema
from ...core.provenance import PRINTED_FIELD
from ..parts import Ability, Arc, PartKind, Rarity, Side, Source, Species, Stats, WeaponType

__all__ = [
    "ABILITY_AMOUNT_MAX",
    "ABILITY_KINDS",
    "FORMAT_VERSION",
    "KINDS",
    "KNIGHT_BONUS_STATS",
    "RACER_SCHEMA",
    "SCHEMAS",
    "SLOT_KINDS",
    "STAT_MAX",
    "TABLE_SECTIONS",
    "check_id",
    "check_version",
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

SLOT_KINDS = (
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

RACER_SCHEMA = Schema(
    {
        "id": Field(str),
        "name": PLAYER_NAME,  # a joust's player races under it
        **{k: Field(str, doc=f"id of the {k}") for k in ("chassis", "engine", "tires", "weapon")},
        "knight": Field(str, doc="id of the Knight"),
        "shields": Field(dict, required=False, default={}, doc="side = shield id"),
        "source": Field(str, required=False, default="illustrative"),
        "notes": Field(str, required=False, default=""),
        "printed": PRINTED_FIELD,
    },
    doc="a prebuilt racer",
)

TABLE_SECTIONS: Mapping[str, Schema] = MappingProxyType(
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


# -- checks every file shares --------------------------------------------------------
def check_version(checker: Checker, data: Mapping[str, Any]) -> None:
    """Report a file whose ``version`` is not :data:`FORMAT_VERSION`."""
    version = data.get("version")
    if version != FORMAT_VERSION:
        checker.add("(file)", "version", f"must be {FORMAT_VERSION}, got {version!r}")


def check_id(checker: Checker, pid: str) -> bool:
    """Whether ``pid`` is a valid entry id (1-64 lower-case letters, digits, ``_``, ``-``);
    reports it if not."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9_\-]{0,63}", pid):
        checker.add(pid, "id", "must be 1-64 lower-case letters, digits, '_' or '-'")
        return False
    return True
