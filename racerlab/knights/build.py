"""Building a racer: which cards make a legal racer, and what the racer adds up to.

A :class:`RacerBuild` names its cards by id (so it can be saved in a game
setup); :meth:`RacerBuild.resolve` looks them up in a catalog and gives a
:class:`Racer` with the stat totals, the weapon, the abilities (with the card
and, for shields, the side they come from), Perfect Racer status and Valor.

The building rules: a racer needs a chassis, an engine, tires, a weapon and a
Knight; shields are optional, at most one on each side, each on a side it is
made for. Stats add up column by column over every stat strip (the Knight's
card included). A Perfect Racer has every card, shields included, of the
Knight's species.

>>> from racerlab.knights.catalog import load_catalog
>>> cat = load_catalog()
>>> cindy = cat.racers["cindy"].resolve(cat)
>>> cindy.stats.speed, cindy.stats.armor, cindy.stats.durability, cindy.stats.reflexes
(7, 8, 5, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import reduce
from typing import Any, Protocol

from ..core.errors import RacerlabError
from .parts import Ability, AbilityUse, Part, PartKind, Side, Species, Stats, Weapon


class CardSource(Protocol):
    """What a build reads from a catalog: its cards by id and by kind, and the table measures
    (:class:`~racerlab.knights.catalog.KnightsCatalog` is one; naming the protocol here keeps
    this module free of an import of the catalog, which imports builds)."""

    parts: Mapping[str, Part]
    table: Any

    def by_kind(self, kind: PartKind, species: Species | None = None) -> tuple[Part, ...]:
        """Cards of one kind (optionally of one species), in file order."""
        ...


# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_KNIGHT_BONUS = Ability.KNIGHT_BONUS
_VETERAN = Ability.VETERAN

__all__ = [
    "SLOTS",
    "BuildError",
    "GrantedAbility",
    "Racer",
    "RacerBuild",
    "grants",
    "has_any",
    "slot_choices",
]

SLOTS: tuple[tuple[str, PartKind], ...] = (
    ("chassis", PartKind.CHASSIS),
    ("engine", PartKind.ENGINE),
    ("tires", PartKind.TIRES),
    ("weapon", PartKind.WEAPON),
    ("knight", PartKind.KNIGHT),
)
"""The required slots of a racer: (field of :class:`RacerBuild`, kind of card)."""

GrantedAbility = tuple[AbilityUse, str, Side | None]
"""An ability on a racer: (the ability, id of the card it is on, the shield's side or None)."""


def slot_choices(catalog: CardSource, slot: str | Side) -> tuple[Part, ...]:
    """The cards that may go in ``slot`` (``"chassis"`` ... ``"knight"``) or on shield ``side``.

    For the dashboard's part pickers; every choice keeps a legal build legal.

    >>> from racerlab.knights.catalog import load_catalog
    >>> [p.name for p in slot_choices(load_catalog(), Side.REAR)][:2]
    ['Tin Can Bumper', 'Junk Plating']
    """
    if isinstance(slot, Side):
        return tuple(p for p in catalog.by_kind(PartKind.SHIELD) if p.fits(slot))
    kinds = dict(SLOTS)
    if slot not in kinds:
        raise KeyError(f"no slot {slot!r} (slots: {', '.join(kinds)})")
    return catalog.by_kind(kinds[slot])


class BuildError(RacerlabError):
    """A racer that breaks the building rules; ``reasons`` lists every problem."""

    def __init__(self, name: str, reasons: tuple[str, ...]) -> None:
        self.reasons = reasons
        super().__init__(f"racer {name!r} cannot race: " + "; ".join(reasons))


@dataclass(frozen=True, slots=True)
class RacerBuild:
    """The cards of one racer, by id: JSON-friendly, stored in game setups.

    ``shields`` is a tuple of ``(side, shield id)`` pairs.

    >>> b = RacerBuild("Test", "dancing_eclipse", "cored_gem_supercoil",
    ...                "gem_studded_radials", "sunspot", "vermillion")
    >>> b.with_shield(Side.FRONT, "x").shields
    ((<Side.FRONT: 'front'>, 'x'),)
    """

    name: str
    chassis: str
    engine: str
    tires: str
    weapon: str
    knight: str
    shields: tuple[tuple[Side, str], ...] = ()

    # -- the building rules -------------------------------------------------------
    def problems(self, catalog: CardSource) -> tuple[tuple[str, str], ...]:
        """Every way this build breaks the building rules, as (field, reason) pairs (builds
        and catalogs are frozen: the answers are remembered, see :func:`_problems`)."""
        return _problems(self, catalog)

    def _find_problems(self, catalog: CardSource) -> tuple[tuple[str, str], ...]:
        out: list[tuple[str, str]] = []
        for slot, kind in SLOTS:
            pid = getattr(self, slot)
            if not pid:
                out.append((slot, f"is missing: a racer needs {kind.noun}"))
                continue
            part = catalog.parts.get(pid)
            if part is None:
                out.append((slot, f"no card with id {pid!r} in the catalog"))
            elif part.kind is not kind:
                out.append((slot, f"{part.name!r} is {part.kind.noun}, not {kind.noun}"))
            elif kind is PartKind.WEAPON and part.weapon is None:
                out.append((slot, f"{part.name!r} has no weapon numbers (arc, range, ...)"))
        seen: set[Side] = set()
        for side, sid in self.shields:
            where = f"shields.{side.value}"
            if side in seen:
                out.append((where, f"a second shield on the {side.value}: one per side"))
                continue
            seen.add(side)
            part = catalog.parts.get(sid)
            if part is None:
                out.append((where, f"no card with id {sid!r} in the catalog"))
            elif part.kind is not PartKind.SHIELD:
                out.append((where, f"{part.name!r} is {part.kind.noun}, not a shield mod"))
            elif not part.fits(side):
                sides = ", ".join(s.value for s in part.mounts)
                out.append((where, f"{part.name!r} mounts only on: {sides}"))
        if not out and Racer.from_build(self, catalog).stats.durability < 1:
            out.append(("durability", "the parts give no Durability; a racer needs at least 1"))
        return tuple(out)

    def check(self, catalog: CardSource) -> tuple[str, ...]:
        """Why this racer is not legal, in words (empty when it is).

        >>> from racerlab.knights.catalog import load_catalog
        >>> cat = load_catalog()
        >>> cat.racers["jeff"].check(cat)
        ()
        >>> replace(cat.racers["jeff"], knight="").check(cat)
        ('knight: is missing: a racer needs a Knight',)
        """
        return tuple(f"{field}: {reason}" for field, reason in self.problems(catalog))

    def is_legal(self, catalog: CardSource) -> bool:
        """Whether the racer may race."""
        return not self.problems(catalog)

    def resolve(self, catalog: CardSource) -> Racer:
        """The racer these cards make; raises :class:`BuildError` if it is not legal."""
        reasons = self.check(catalog)
        if reasons:
            raise BuildError(self.name, reasons)
        return Racer.from_build(self, catalog)

    # -- swapping parts -------------------------------------------------------------
    def with_part(self, catalog: CardSource, part_id: str, side: Side | None = None) -> RacerBuild:
        """This build with ``part_id`` in the slot of its kind (shields: on ``side``).

        A shield that fits only one side goes there when ``side`` is omitted.
        Raises :class:`BuildError` if the part is unknown or the side is missing.
        """
        part = catalog.parts.get(part_id)
        if part is None:
            raise BuildError(self.name, (f"no card with id {part_id!r} in the catalog",))
        if part.kind is PartKind.SHIELD:
            side = side if side is not None else part.side
            if side is None:
                raise BuildError(self.name, (f"say which side {part.name!r} goes on",))
            return self.with_shield(side, part_id)
        slot = next(s for s, k in SLOTS if k is part.kind)
        return replace(self, **{slot: part_id})

    def with_shield(self, side: Side, shield_id: str) -> RacerBuild:
        """This build with ``shield_id`` on ``side`` (replacing any shield there)."""
        kept = tuple((s, p) for s, p in self.shields if s is not side)
        order = list(Side)
        return replace(
            self, shields=tuple(sorted((*kept, (side, shield_id)), key=lambda x: order.index(x[0])))
        )

    def without_shield(self, side: Side) -> RacerBuild:
        """This build with no shield on ``side``."""
        return replace(self, shields=tuple((s, p) for s, p in self.shields if s is not side))

    def part_ids(self) -> tuple[str, ...]:
        """Every card id of the build: the slots in order, then the shields."""
        return (*(getattr(self, slot) for slot, _ in SLOTS), *(p for _, p in self.shields))


def _problems(build: RacerBuild, catalog: CardSource) -> tuple[tuple[str, str], ...]:
    """:meth:`RacerBuild.problems`, remembered in the catalog's own bounded ``memo`` when it
    has one (every joust's set-up check asks it for each racer, and jousts reuse a few
    builds)."""
    memo = getattr(catalog, "memo", None)
    if memo is None:
        return build._find_problems(catalog)
    key = ("problems", build)
    found = memo.get(key)
    if found is None:
        found = memo.put(key, build._find_problems(catalog))
    return found


@dataclass(frozen=True, slots=True)
class Racer:
    """A legal racer with its cards looked up and its numbers added up.

    ``abilities`` holds every ability with the id of its card and, for a
    shield, its side (shield abilities only count against attacks from that
    side; see :meth:`side_abilities`). ``plain_abilities`` is the set of
    abilities from cards that are not shields (what :meth:`has` looks in).
    """

    name: str
    build: RacerBuild
    parts: tuple[Part, ...]
    stats: Stats
    weapon: Weapon
    knight: Part
    abilities: tuple[GrantedAbility, ...]
    species: Species | None
    perfect: bool
    valor_pool: int
    max_valor_per_action: int
    plain_abilities: frozenset[Ability]
    weapon_range: int = field(init=False, repr=False, compare=False)
    """The weapon's Range with the Knight's range bonus for its type (set from the cards:
    asked on every range check)."""

    def __post_init__(self) -> None:
        reach = self.weapon.range + self.knight_bonus(self.weapon.type.value, "range")
        object.__setattr__(self, "weapon_range", reach)

    @classmethod
    def from_build(cls, build: RacerBuild, catalog: CardSource) -> Racer:
        """Add up a build already known to be legal (use :meth:`RacerBuild.resolve`)."""
        slot_parts = tuple(catalog.parts[getattr(build, slot)] for slot, _ in SLOTS)
        shields = tuple((side, catalog.parts[sid]) for side, sid in build.shields)
        parts = slot_parts + tuple(p for _, p in shields)
        stats = reduce(Stats.__add__, (p.stats for p in parts), Stats())
        abilities: list[GrantedAbility] = [
            (use, p.id, None) for p in slot_parts for use in p.abilities
        ]
        abilities += [(use, p.id, side) for side, p in shields for use in p.abilities]
        knight = catalog.parts[build.knight]
        species = {p.species for p in parts}
        perfect = len(species) == 1
        table = catalog.table
        veteran = any(u.ability is _VETERAN and s is None for u, _, s in abilities)
        weapon = catalog.parts[build.weapon].weapon
        if weapon is None:  # pragma: no cover - refused by RacerBuild.problems
            raise BuildError(build.name, ("weapon: the weapon card has no weapon numbers",))
        return cls(
            name=build.name,
            build=build,
            parts=parts,
            stats=stats,
            weapon=weapon,
            knight=knight,
            abilities=tuple(abilities),
            species=knight.species if perfect else None,
            perfect=perfect,
            valor_pool=stats.valor,
            max_valor_per_action=(
                table.veteran_valor_per_action if veteran else table.valor_per_action
            ),
            plain_abilities=frozenset(u.ability for u, _, s in abilities if s is None),
        )

    def has(self, ability: Ability) -> bool:
        """Whether the racer has ``ability`` from a card that is not a shield.

        Shield abilities count only from their side: see :meth:`side_abilities`.
        """
        return ability in self.plain_abilities

    def uses(self, ability: Ability) -> tuple[GrantedAbility, ...]:
        """Every non-shield grant of ``ability`` (with its card id)."""
        return tuple(g for g in self.abilities if g[0].ability is ability and g[2] is None)

    def side_abilities(self, side: Side) -> tuple[GrantedAbility, ...]:
        """The abilities of the shield on ``side`` (empty if there is none)."""
        return tuple(g for g in self.abilities if g[2] is side)

    def protection(self, side: Side, against: str) -> int:
        """Extra Armor from the shield on ``side`` against a weapon type value or ``"ram"``."""
        return sum(
            u.amount
            for u, _, _ in self.side_abilities(side)
            if u.ability is Ability.PROTECTION and u.against == against
        )

    def knight_bonus(self, weapon_type: str, stat: str) -> int:
        """The Knight's bonus to ``stat`` ("strength", "damage", "range") with a weapon type."""
        return sum(
            u.amount
            for u, _, s in self.abilities
            if u.ability is _KNIGHT_BONUS
            and s is None
            and u.against == weapon_type
            and u.stat == stat
        )

    def stat_rows(self) -> tuple[tuple[str, Stats], ...]:
        """Each card's strip as (card name, stats), then the totals: for tables and plots."""
        return (*((p.name, p.stats) for p in self.parts), ("Total", self.stats))

    def describe(self) -> str:
        """One line: name, Knight, totals and weapon."""
        s, w = self.stats, self.weapon
        cols = ", ".join(f"{f.name.replace('_', ' ')} {getattr(s, f.name)}" for f in fields(Stats))
        perfect = " (Perfect Racer)" if self.perfect else ""
        return (
            f"{self.name}{perfect}, driven by {self.knight.name}: {cols}; weapon arc {w.arc.value},"
            f" range {w.range}, strength {w.strength}, damage {w.damage}, {w.type.value}"
        )


# -- which cards of a racer carry an ability ----------------------------------------------
def grants(racer: Racer, ability: Ability, side: Side | None = None):
    """Grants of ``ability`` that apply: every non-shield part, plus the shield on ``side``."""
    return tuple(
        g for g in racer.abilities if g[0].ability is ability and (g[2] is None or g[2] is side)
    )


def has_any(racer: Racer, ability: Ability) -> bool:
    """Whether any card of the racer, shields included, carries ``ability`` (immunities)."""
    return any(g[0].ability is ability for g in racer.abilities)
