"""The vocabulary of Racer Knights parts: species, rarities, stats, abilities, parts, builds.

These are plain frozen values. The catalog (:mod:`racerlab.knights.catalog`)
reads them from ``data/knights``; building rules (totals, Perfect Racer,
Valor pool) live in :mod:`racerlab.knights.build`.

>>> Stats(speed=5, armor=8) + Stats(speed=2, durability=5)
Stats(speed=7, reflexes=0, handling=0, armor=8, durability=5, valor=0, ram_damage=0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

__all__ = [
    "Ability",
    "AbilityUse",
    "AddedAbility",
    "Arc",
    "Part",
    "PartKind",
    "Rarity",
    "Side",
    "Source",
    "Species",
    "Stats",
    "Weapon",
    "WeaponType",
]


class Species(Enum):
    """The peoples of Falconus; parts and Knights each belong to one."""

    HUMAN = "human"
    """Humans."""
    ALFAR = "alfar"
    """The Alfar."""
    GREMLIN = "gremlin"
    """Gremlins."""
    OGRE = "ogre"
    """Ogres."""
    SERPID = "serpid"
    """The Serpid."""


class Rarity(Enum):
    """How rare a card is."""

    C = "C"
    """Common."""
    U = "U"
    """Uncommon."""
    R = "R"
    """Rare."""
    UR = "UR"
    """Ultra-rare."""
    T = "T"
    """Tournament prize."""


class Source(Enum):
    """Where an entry's values come from."""

    RULEBOOK = "rulebook"
    """Stated in the rulebook (every stat the rulebook gives is kept as given)."""
    ILLUSTRATIVE = "illustrative"
    """Designed by racerlab where the rulebook is silent."""


class PartKind(Enum):
    """The kinds of card a racer is built from."""

    CHASSIS = "chassis"
    """The body (two cards, a and b)."""
    ENGINE = "engine"
    """The engine, which carries Durability and a shield mod."""
    TIRES = "tires"
    """Tires (printed on the same card as a weapon)."""
    WEAPON = "weapon"
    """The weapon (printed with the tires)."""
    SHIELD = "shield"
    """An optional shield mod for one side."""
    KNIGHT = "knight"
    """The driver."""

    @property
    def noun(self) -> str:
        """The kind in a sentence: ``'an engine'``, ``'tires'``, ``'a Knight'``.

        >>> PartKind.ENGINE.noun, PartKind.TIRES.noun
        ('an engine', 'tires')
        """
        return _NOUNS[self]


_NOUNS = {
    PartKind.CHASSIS: "a chassis",
    PartKind.ENGINE: "an engine",
    PartKind.TIRES: "tires",
    PartKind.WEAPON: "a weapon",
    PartKind.SHIELD: "a shield mod",
    PartKind.KNIGHT: "a Knight",
}


class Side(Enum):
    """A side of a racer: where shields mount and where attacks land."""

    FRONT = "front"
    """The front (weapon end)."""
    REAR = "rear"
    """The back."""
    LEFT = "left"
    """The left side, seen from the driver's seat."""
    RIGHT = "right"
    """The right side, seen from the driver's seat."""


class Arc(Enum):
    """Weapon firing arcs."""

    A = "A"
    """Fixed mount: a narrow arc ahead, range from the front centre."""
    B = "B"
    """Pivot mount: a wider arc ahead, range from the front centre."""
    C = "C"
    """Turret: any direction, range from any point of the racer."""


class WeaponType(Enum):
    """Damage types; on their own they do nothing, abilities refer to them."""

    LIGHTNING = "lightning"
    """Lightning."""
    FIRE = "fire"
    """Fire."""
    PRISM = "prism"
    """Prism."""
    METAL = "metal"
    """Metal."""


class Ability(Enum):
    """Every special ability in the rulebook (see docs/rulings.md for how each is ruled)."""

    BOUNCE = "bounce"
    """Weapon: a damaged target is pushed 2M straight away, keeping its facing."""
    COILED = "coiled"
    """Weapon: +2 Strength at Range 1 or less, +1 between Range 1 and 2."""
    DAMAGE_PREVENTION = "damage_prevention"
    """Mod: discard it to take X less damage from a hit (shields: only from their side)."""
    DISCHARGE = "discharge"
    """Weapon: instead of attacking, move straight back up to 3 spaces at 1 Speed each."""
    DURABLE = "durable"
    """On reaching 0 Durability roll a die: 4-6 leaves 1 Durability (one roll per hit)."""
    EVASIVE = "evasive"
    """When hit, roll a die: 5-6 ignores the hit (one roll per attack)."""
    FAST = "fast"
    """Immune to Slow."""
    HEAVY = "heavy"
    """Weapon: fire for 4 Speed instead of 2 for +1 Damage."""
    PROTECTION = "protection"
    """Shield: +X Armor against one weapon type or Ram, from its side only."""
    RECHARGE = "recharge"
    """Weapon: fires only every other round."""
    REPAIR = "repair"
    """Spend the round repairing: pick X, roll a die, succeed if the roll beats X."""
    SIDEWINDER = "sidewinder"
    """Move sideways for 2 Speed a move without changing facing."""
    SLOW = "slow"
    """Weapon: a damaged target gets a Slow token (-1 Speed each, never below 1)."""
    SPIN = "spin"
    """Weapon: a damaged target may be turned up to 90 degrees by the attacker."""
    STABLE = "stable"
    """Immune to Bounce."""
    STALL = "stall"
    """A drive roll of 1 means no movement this round (not twice running)."""
    STEADY = "steady"
    """Immune to Spin."""
    SURGE = "surge"
    """May re-roll the drive roll once; the re-roll stands."""
    TORQUED = "torqued"
    """May make two turns per movement."""
    TRACTION = "traction"
    """+1 Strength on Ram attacks."""
    TURBO = "turbo"
    """+2 Speed in a round without turning or shooting; the bonus cannot pay for either."""
    VETERAN = "veteran"
    """Knight: may spend up to 5 Valor on one action instead of 3."""
    WEAKNESS = "weakness"
    """Weapon: a damaged target gets a Weakness token (-1 Armor each, never below 5)."""
    KNIGHT_BONUS = "knight_bonus"
    """Knight: a bonus with weapons of one type (see the Knight's entry)."""


@dataclass(frozen=True)
class AddedAbility:
    """An ability added to the rulebook's (see :mod:`racerlab.knights.abilities`); equal by name.

    ``value`` is its name as cards write it; ``kinds`` the kinds of card that may carry it;
    ``strength`` and ``on_damage`` its rules (``None``: it has no such rule)."""

    value: str
    kinds: frozenset[PartKind]
    strength: Callable[[Any, Any, Any], int] | None = field(default=None, compare=False)
    on_damage: Callable[[Any, Any, Any], None] | None = field(default=None, compare=False)
    doc: str = field(default="", compare=False)

    @property
    def label(self) -> str:
        """Its name as a stat strip shows it (``honed_edge`` reads ``Honed Edge``)."""
        return self.value.replace("_", " ").title()


@dataclass(frozen=True, slots=True)
class AbilityUse:
    """An ability on a part, with its parameters where it has any.

    ``amount`` is X for Damage Prevention (X) and Protection (type X);
    ``against`` is the weapon type (or ``"ram"``) for Protection and Knight
    bonuses; ``stat`` names what a Knight bonus raises (``"strength"``,
    ``"damage"``, ``"range"``).
    """

    ability: Ability | AddedAbility
    amount: int = 0
    against: str | None = None
    stat: str | None = None

    def label(self) -> str:
        """How the ability reads on a stat strip, e.g. ``Protection (Fire 1)``."""
        name = self.ability.value.replace("_", " ").title()
        if self.ability is Ability.PROTECTION:
            return f"{name} ({(self.against or '').title()} {self.amount})"
        if self.ability is Ability.DAMAGE_PREVENTION:
            return f"{name} ({self.amount})"
        if self.ability is Ability.KNIGHT_BONUS:
            return f"+{self.amount} {self.stat} with {(self.against or '').title()} weapons"
        return name


@dataclass(frozen=True, slots=True)
class Stats:
    """One stat strip's numbers; strips add up column by column."""

    speed: int = 0
    reflexes: int = 0
    handling: int = 0
    armor: int = 0
    durability: int = 0
    valor: int = 0
    ram_damage: int = 0

    def __add__(self, other: Stats) -> Stats:
        return Stats(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(Stats)))


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon's numbers: firing arc, Range (in R), Strength, Damage and type."""

    arc: Arc
    range: int
    strength: int
    damage: int
    type: WeaponType


@dataclass(frozen=True, slots=True)
class Part:
    """One catalog card (a chassis, engine, tires, weapon, shield or Knight).

    A tires-and-weapon card is two parts that share a ``card`` number; so is
    an engine and the shield mod printed with it. A chassis keeps both of its
    card numbers, as ``"12a/12b"``. A shield's ``mounts`` are the sides it may
    be fitted to (empty: any side). Engines carry Durability in ``stats``.
    """

    id: str
    name: str
    kind: PartKind
    species: Species
    card: str
    rarity: Rarity
    stats: Stats = Stats()
    abilities: tuple[AbilityUse, ...] = ()
    weapon: Weapon | None = None
    mounts: tuple[Side, ...] = ()
    source: Source = Source.ILLUSTRATIVE
    notes: str = ""

    def has(self, ability: Ability) -> bool:
        """Whether this part carries ``ability``."""
        return any(a.ability is ability for a in self.abilities)

    @property
    def side(self) -> Side | None:
        """The one side a shield must mount on, or ``None`` if it fits more than one."""
        return self.mounts[0] if len(self.mounts) == 1 else None

    def fits(self, side: Side) -> bool:
        """Whether this shield may be mounted on ``side``."""
        return not self.mounts or side in self.mounts
