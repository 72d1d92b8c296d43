"""Reading card entries of a Racer Knights catalog file: abilities as written on a stat
strip (:func:`parse_ability`) and whole part or Knight entries (:func:`read_parts`).

>>> parse_ability("protection(fire, 2)").label()
'Protection (Fire 2)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from ...core.catalog import Checker, read_toml
from ..abilities import AddedAbility, added_ability, added_names
from ..parts import (
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
from .schema import (
    ABILITY_AMOUNT_MAX,
    ABILITY_KINDS,
    KNIGHT_BONUS_STATS,
    SCHEMAS,
    check_id,
    check_version,
)

__all__ = ["parse_ability", "read_parts"]


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
        added = added_ability(name)
        if added is None:
            known = ", ".join([*(a.value for a in Ability), *added_names()])
            raise ValueError(f"unknown ability {name!r} (known: {known})") from None
        if m.group(2) is not None:
            raise ValueError(f"{text!r}: {name} takes no parameters") from None
        return AbilityUse(added)
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


# -- card entries --------------------------------------------------------------------
_TEXT_MAX = {"name": 80, "notes": 2000}
_REPEATABLE = frozenset({Ability.PROTECTION, Ability.KNIGHT_BONUS})
_CHASSIS_CARD = re.compile(r"^(\w{1,10})([ab])$")


def _make_part(checker: Checker, kind: PartKind, pid: str, row: Mapping[str, Any]) -> Part | None:
    before = len(checker.problems)
    abilities = []
    for i, text in enumerate(row["abilities"]):
        try:
            use = parse_ability(text)
        except ValueError as exc:
            checker.add(pid, f"abilities[{i}]", str(exc))
            continue
        kinds = (
            use.ability.kinds
            if isinstance(use.ability, AddedAbility)
            else ABILITY_KINDS[use.ability]
        )
        if kind not in kinds:
            allowed = ", ".join(sorted(k.value for k in kinds))
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


def read_parts(path: Path, kinds: Iterable[PartKind], file_kind: str) -> dict[str, Part]:
    """Read and check the entries of ``kinds`` in the file at ``path`` (of ``file_kind``);
    every problem is reported together as one ``CatalogError``."""
    data = read_toml(path, kind=file_kind)
    checker = Checker(str(path))
    check_version(checker, data)
    tables = {k.value for k in kinds}
    for key in data:
        if key not in ("kind", "version") and key not in tables:
            checker.add("(file)", key, f"is not a known table (known: {', '.join(sorted(tables))})")
    parts: dict[str, Part] = {}
    for kind in kinds:
        rows = checker.entries(data, kind.value, SCHEMAS[kind], required=False)
        for pid, row in rows.items():
            if not check_id(checker, pid):
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
