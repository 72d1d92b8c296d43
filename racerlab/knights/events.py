"""What happens in a joust, as frozen events carrying the numbers behind each ruling.

Players are named by their index in the set-up (``player``); ``describe()``
says it in plain words with the numbers a person needs to check the ruling.

>>> DriveRolled(0, "Jeff", 5, 9, 9).describe()
'Jeff drove 5: Reflexes total 9, 9 Speed Points.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.rules import Event

__all__ = [
    "BidMade",
    "BlockerDamaged",
    "BlockerDestroyed",
    "Collided",
    "DamageDealt",
    "DamagePrevented",
    "Discharged",
    "DriveRolled",
    "DurableRolled",
    "EvadeRolled",
    "Flared",
    "GloryGained",
    "Moved",
    "OrderDecided",
    "Pushed",
    "RaceEnded",
    "Rammed",
    "Repaired",
    "RoundEnded",
    "ShotFired",
    "Spun",
    "Stalled",
    "StatChanged",
    "TokenPlaced",
    "TurnEnded",
    "Turned",
    "ValorSpent",
    "WaypointCrossed",
    "Wrecked",
]


def _fmt(x: float) -> str:
    """A number as a person writes it: 2, 2.5, 0.33."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class DriveRolled(Event):
    """A player's drive roll, with the Reflexes total and Speed Points it gives."""

    player: int
    name: str
    roll: int
    reflexes_total: int
    speed_points: int
    rerolled_from: int | None = None

    def describe(self) -> str:
        again = f" (Surge re-roll of {self.rerolled_from})" if self.rerolled_from else ""
        return (
            f"{self.name} drove {self.roll}{again}: Reflexes total {self.reflexes_total}, "
            f"{self.speed_points} Speed Points."
        )


@dataclass(frozen=True, slots=True)
class ValorSpent(Event):
    """Valor spent on a stat for a roll."""

    player: int
    name: str
    stat: str
    amount: int
    left: int

    def describe(self) -> str:
        return f"{self.name} spent {self.amount} Valor on {self.stat} ({self.left} left)."


@dataclass(frozen=True, slots=True)
class Stalled(Event):
    """A Stall part kept a racer from moving this round."""

    player: int
    name: str

    def describe(self) -> str:
        return f"{self.name} rolled a 1 and stalls: no movement this round."


@dataclass(frozen=True, slots=True)
class OrderDecided(Event):
    """The order of play for the round: players, totals and any roll-off."""

    order: tuple[int, ...]
    names: tuple[str, ...]
    totals: tuple[int, ...]
    rolled_off: bool = False

    def describe(self) -> str:
        parts = [f"{n} ({t})" for n, t in zip(self.names, self.totals)]
        extra = " after a roll-off" if self.rolled_off else ""
        return "Order of play: " + ", ".join(parts) + extra + "."


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A racer moved (forward, reverse or sideways) and what it cost."""

    player: int
    name: str
    direction: str
    distance: float
    cost: int
    speed_left: int

    def describe(self) -> str:
        return (
            f"{self.name} moved {self.direction} {_fmt(self.distance)}M for {self.cost} Speed "
            f"({self.speed_left} left)."
        )


@dataclass(frozen=True, slots=True)
class Turned(Event):
    """A racer turned about one side's centre mark."""

    player: int
    name: str
    degrees: float
    pivot: str
    speed_left: int

    def describe(self) -> str:
        way = "left" if self.degrees > 0 else "right"
        return (
            f"{self.name} turned {_fmt(abs(self.degrees))} degrees {way} about the {self.pivot} "
            f"mark ({self.speed_left} Speed left)."
        )


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """Valor added (or a pass) during an attack's bidding."""

    player: int
    name: str
    stat: str
    amount: int
    total: int

    def describe(self) -> str:
        if self.amount == 0:
            return f"{self.name} adds no more Valor to {self.stat} (total {self.total})."
        return f"{self.name} adds {self.amount} Valor to {self.stat} (total {self.total})."


class _AttackRoll:
    """What a shot and a Ram share: the named parts of Strength and Armor, and the tally.

    A mixin without fields: each event declares its own, in its own order, and has
    ``attacker``, ``attacker_name``, ``target``, ``side``, ``roll``, ``strength_parts``,
    ``armor_parts`` and ``hit``.
    """

    __slots__ = ()

    @property
    def strength(self) -> int:
        """Total Strength added to the roll."""
        return sum(v for _, v in self.strength_parts)

    @property
    def armor(self) -> int:
        """Total Armor the attack had to beat."""
        return sum(v for _, v in self.armor_parts)

    def _who(self) -> str:
        return self.attacker_name or f"Player {self.attacker + 1}"

    def _target_side(self) -> str:
        side = f" ({self.side} side)" if self.side != "-" else ""
        return f"{self.target}{side}"

    def _tally(self) -> str:
        s = " + ".join(f"{v} {k}" for k, v in self.strength_parts) or "0"
        a = " + ".join(f"{v} {k}" for k, v in self.armor_parts)
        verdict = "hit" if self.hit else "miss"
        return (
            f"rolled {self.roll} + {s} = {self.roll + self.strength} vs {a} = {self.armor}: "
            f"{verdict}."
        )


@dataclass(frozen=True, slots=True)
class ShotFired(_AttackRoll, Event):
    """A weapon attack: geometry, the roll and every part of Strength and Armor."""

    attacker: int
    target: str
    arc: str
    range_r: float
    roll: int
    strength_parts: tuple[tuple[str, int], ...]
    armor_parts: tuple[tuple[str, int], ...]
    side: str
    hit: bool
    attacker_name: str = ""

    def describe(self) -> str:
        return (
            f"{self._who()} fired (arc {self.arc}, range {_fmt(self.range_r)}R) at "
            f"{self._target_side()}: {self._tally()}"
        )


@dataclass(frozen=True, slots=True)
class Rammed(_AttackRoll, Event):
    """A Ram: the straight run, the roll and every part of Strength and Armor."""

    attacker: int
    target: str
    run_m: float
    spaces: int
    roll: int
    strength_parts: tuple[tuple[str, int], ...]
    armor_parts: tuple[tuple[str, int], ...]
    side: str
    hit: bool
    attacker_name: str = ""

    def describe(self) -> str:
        return (
            f"{self._who()} rammed {self._target_side()} after a "
            f"{_fmt(self.run_m)}M run ({self.spaces} spaces): {self._tally()}"
        )


@dataclass(frozen=True, slots=True)
class EvadeRolled(Event):
    """An Evasive roll after a hit (5-6 ignores it)."""

    player: int
    name: str
    roll: int
    evaded: bool

    def describe(self) -> str:
        verdict = "ignores the hit" if self.evaded else "is hit anyway"
        return f"{self.name} rolls {self.roll} to evade and {verdict}."


@dataclass(frozen=True, slots=True)
class DamagePrevented(Event):
    """A Damage Prevention mod discarded to take less damage."""

    player: int
    name: str
    part: str
    prevented: int
    damage_left: int

    def describe(self) -> str:
        return (
            f"{self.name} discards {self.part} to prevent {self.prevented} damage "
            f"({self.damage_left} left)."
        )


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    """Durability lost by a racer, and from what."""

    player: int
    name: str
    amount: int
    durability: int
    cause: str

    def describe(self) -> str:
        return (
            f"{self.name} loses {self.amount} Durability from {self.cause} "
            f"({self.durability} left)."
        )


@dataclass(frozen=True, slots=True)
class DurableRolled(Event):
    """A Durable roll on reaching 0 Durability (4-6 stays at 1)."""

    player: int
    name: str
    roll: int
    saved: bool

    def describe(self) -> str:
        verdict = "holds at 1 Durability" if self.saved else "gives out"
        return f"{self.name} rolls {self.roll} for Durable and {verdict}."


@dataclass(frozen=True, slots=True)
class TokenPlaced(Event):
    """A Slow or Weakness token placed on a racer."""

    player: int
    name: str
    token: str
    count: int

    def describe(self) -> str:
        return f"{self.name} gets a {self.token} token ({self.count} now)."


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    """A Bounce pushed a racer straight away from the attacker."""

    player: int
    name: str
    distance: float
    stopped_by: str | None

    def describe(self) -> str:
        stop = f", stopped by {self.stopped_by}" if self.stopped_by else ""
        return f"{self.name} is bounced {_fmt(self.distance)}M{stop}."


@dataclass(frozen=True, slots=True)
class Spun(Event):
    """A Spin weapon rotated a racer."""

    player: int
    name: str
    degrees: float
    blocked: bool = False

    def describe(self) -> str:
        if self.blocked:
            return f"{self.name} could not be spun {_fmt(self.degrees)} degrees: no room."
        return f"{self.name} is spun {_fmt(self.degrees)} degrees."


@dataclass(frozen=True, slots=True)
class Collided(Event):
    """A Collision from forced movement (both objects lose Durability)."""

    player: int
    name: str
    other: str

    def describe(self) -> str:
        return f"{self.name} collides with {self.other}."


@dataclass(frozen=True, slots=True)
class BlockerDamaged(Event):
    """A waypoint blocker lost Durability."""

    waypoint: int
    amount: int
    durability: int

    def describe(self) -> str:
        return (
            f"The blocker of waypoint {self.waypoint + 1} loses {self.amount} "
            f"({self.durability} left)."
        )


@dataclass(frozen=True, slots=True)
class BlockerDestroyed(Event):
    """A waypoint's blocker is gone: everyone may now cross it."""

    waypoint: int
    by: int | None

    def describe(self) -> str:
        who = f" by player {self.by + 1}" if self.by is not None else ""
        return f"The blocker of waypoint {self.waypoint + 1} is destroyed{who}; it is open."


@dataclass(frozen=True, slots=True)
class WaypointCrossed(Event):
    """A racer crossed its next waypoint in order."""

    player: int
    name: str
    waypoint: int

    def describe(self) -> str:
        return f"{self.name} crosses waypoint {self.waypoint + 1}."


@dataclass(frozen=True, slots=True)
class GloryGained(Event):
    """Glory gained (or lost, when negative) and why."""

    player: int
    name: str
    amount: int
    total: int
    reason: str

    def describe(self) -> str:
        verb = "gains" if self.amount >= 0 else "loses"
        return f"{self.name} {verb} {abs(self.amount)} Glory for {self.reason} (now {self.total})."


@dataclass(frozen=True, slots=True)
class Wrecked(Event):
    """A racer reached 0 Durability."""

    player: int
    name: str
    by: int | None

    def describe(self) -> str:
        who = f" by player {self.by + 1}" if self.by is not None else ""
        return f"{self.name} is Wrecked!{who}"


@dataclass(frozen=True, slots=True)
class Flared(Event):
    """A waypoint flared under a racer that ended its round on it."""

    player: int
    name: str
    waypoint: int

    def describe(self) -> str:
        return f"Waypoint {self.waypoint + 1} flares under {self.name}."


@dataclass(frozen=True, slots=True)
class Discharged(Event):
    """A Discharge: the racer shot backwards instead of attacking."""

    player: int
    name: str
    distance: float
    cost: int

    def describe(self) -> str:
        return f"{self.name} discharges and backs {_fmt(self.distance)}M for {self.cost} Speed."


@dataclass(frozen=True, slots=True)
class Repaired(Event):
    """A Repair attempt: amount chosen, the roll, and whether it worked."""

    player: int
    name: str
    amount: int
    roll: int
    success: bool
    durability: int

    def describe(self) -> str:
        verdict = "works" if self.success else "fails"
        return (
            f"{self.name} tries to repair {self.amount}: rolls {self.roll}, the repair "
            f"{verdict} ({self.durability} Durability)."
        )


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A player's actions for the round are over."""

    player: int
    name: str
    reason: str

    def describe(self) -> str:
        return f"{self.name}'s turn ends ({self.reason})."


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is over."""

    round: int

    def describe(self) -> str:
        return f"Round {self.round} ends."


@dataclass(frozen=True, slots=True)
class RaceEnded(Event):
    """The race is over: why, the Glory standings and the winner."""

    reason: str
    glory: tuple[int, ...]
    winner: int | None

    def describe(self) -> str:
        who = f"player {self.winner + 1} wins" if self.winner is not None else "a shared win"
        glory = ", ".join(map(str, self.glory))
        return f"The race ends ({self.reason}): Glory by seat {glory}; {who}."


@dataclass(frozen=True, slots=True)
class StatChanged(Event):
    """A director's change to a racer (part swap, stat tweak, Durability, placement)."""

    player: int
    name: str
    what: str

    def describe(self) -> str:
        return f"Director: {self.name}: {self.what}."
