"""Rule options of Racer Knights: every place the rulebook leaves a choice, named.

Each field is one ruling with its default; docs/rulings.md says what the
rulebook says and why the default was chosen. Options are frozen and JSON-able,
so a saved game carries the rules it was played under.

>>> KnightsOptions().ram_strength_rounding
<RamRounding.CEIL: 'ceil'>
>>> KnightsOptions().ram_side_chooser
<SideChooser.ATTACKER: 'attacker'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..core.limits import Bounds, Range, check_bounds
from .geometry.tolerance import TOL_M

__all__ = [
    "KNIGHTS_BOUNDS",
    "BlockedWaypointMove",
    "DamagePreventionUse",
    "KnightsOptions",
    "RamRounding",
    "SideChooser",
    "TieBreak",
]


class RamRounding(Enum):
    """How Ram Strength is counted from the spaces of the straight run."""

    CEIL = "ceil"
    """+1 per two spaces, full or partial: ceil(spaces / 2) (1 space gives +1)."""
    FLOOR = "floor"
    """+1 per two whole spaces: floor(spaces / 2) (1 space gives +0)."""


class SideChooser(Enum):
    """Who chooses the side an attack lands on when two sides face the attacker."""

    ATTACKER = "attacker"
    """The attacking (or ramming) player picks the side."""
    DEFENDER = "defender"
    """The attacked (or rammed) player picks the side."""


class DamagePreventionUse(Enum):
    """When Damage Prevention mods are discarded."""

    AUTO = "auto"
    """Discarded automatically on the first hit they can reduce (largest X first)."""
    NEVER = "never"
    """Never used (for comparing builds without the mod)."""


class BlockedWaypointMove(Enum):
    """What happens when a voluntary move would pass over a waypoint whose blocker stands."""

    REFUSE = "refuse"
    """The move is refused and the reason says which blocker is in the way."""
    STOP = "stop"
    """The move is allowed only up to the blocker (same as refusing longer moves)."""


class TieBreak(Enum):
    """How a Glory tie at the end of the race is settled."""

    SHARED = "shared"
    """Everyone tied on the top Glory shares the win (``winner`` is ``None``)."""
    LAST_WAYPOINT = "last_waypoint"
    """Among the tied, the one who crossed most waypoints wins; still tied: shared."""


@dataclass(frozen=True, slots=True)
class KnightsOptions:
    """Named rule options with documented defaults (see docs/rulings.md)."""

    arc_a_degrees: float = 60.0
    """Full opening angle of Firing Arc A (the diagram is not to scale in the text)."""
    arc_b_degrees: float = 180.0
    """Full opening angle of Firing Arc B ("anything in front of your Racer")."""
    move_step_m: float = 0.25
    """Resolution (M) of the move distances ``legal_actions`` offers; ``check`` takes any."""
    turn_step_degrees: float = 15.0
    """Resolution of the turn angles ``legal_actions`` offers; ``check`` takes any."""
    degrees_per_handling: float = 45.0
    """Degrees of turn per point of Handling for one Speed Point (the diagram's lines)."""
    turn_needs_m: float = 1.0
    """Distance (M) to move since the round start and the last turn before turning."""
    ram_strength_rounding: RamRounding = RamRounding.CEIL
    """Ram Strength from spaces: ceil(spaces/2) by default ("full or partial")."""
    ram_side_chooser: SideChooser = SideChooser.ATTACKER
    """Who picks the side a Ram hits when two apply (the rulebook says both)."""
    fire_side_chooser: SideChooser = SideChooser.DEFENDER
    """Who picks the side a shot hits when two apply (the rulebook: the defender)."""
    damage_prevention: DamagePreventionUse = DamagePreventionUse.AUTO
    """When Damage Prevention mods are used."""
    placement_tolerance_r: float = 0.25
    """How far (R) a racer's distance to waypoint 1 may differ from five R at set-up."""
    falcons_pot: bool = False
    """Play the optional Falcons pot (each player antes one Falcon)."""
    blocked_waypoint_move: BlockedWaypointMove = BlockedWaypointMove.REFUSE
    """A move over a still-blocked waypoint is refused, saying which blocker stands."""
    bounce_m: float = 2.0
    """How far (M) a Bounce pushes the damaged racer."""
    spin_max_degrees: float = 90.0
    """Largest rotation a Spin weapon may give (one Handling 2 turn)."""
    discharge_max_m: float = 3.0
    """Longest straight-back Discharge move (M)."""
    collision_damage: int = 1
    """Durability each object loses in a Collision."""
    flare_damage: int = 1
    """Durability lost when a racer ends its round on a waypoint."""
    rammer_self_damage: int = 1
    """Durability a rammer loses when its Ram damages the target."""
    ram_recoil_at_race_end: bool = True
    """The rammer's recoil applies even when its Ram wrecks the last opponent (False: the
    race ends first and the rammer keeps its Durability)."""
    wreck_glory: int = 1
    """Glory for wrecking another racer (and lost by the wrecked one)."""
    waypoint_glory: int = 1
    """Glory for crossing a waypoint in order."""
    first_across_last_glory: int = 1
    """Extra Glory for the first racer across the last waypoint."""
    round_cap: int = 40
    """The race ends after this many rounds with the standings so far (0: no cap)."""
    tie_break: TieBreak = TieBreak.SHARED
    """How a Glory tie for first is settled."""
    contact_tolerance_m: float = TOL_M
    """Gap (M) below which two shapes count as touching."""
    durable_saves_on: int = 4
    """A Durable roll of this or more holds Durability at 1 (the rulebook: 4-6)."""

    def __post_init__(self) -> None:
        check_bounds(self, KNIGHTS_BOUNDS)


_DAMAGE = Range(0, 20, whole=True)
_GLORY = Range(0, 100, whole=True)

KNIGHTS_BOUNDS = Bounds(
    {
        "arc_a_degrees": Range(1, 360),
        "arc_b_degrees": Range(1, 360),
        "move_step_m": Range(0.05, 1),
        "turn_step_degrees": Range(5, 90),
        "degrees_per_handling": Range(1, 180),
        "turn_needs_m": Range(0, 100),
        "placement_tolerance_r": Range(0, 50),
        "bounce_m": Range(0, 20),
        "spin_max_degrees": Range(0, 360),
        "discharge_max_m": Range(0, 20),
        "collision_damage": _DAMAGE,
        "flare_damage": _DAMAGE,
        "rammer_self_damage": _DAMAGE,
        "wreck_glory": _GLORY,
        "waypoint_glory": _GLORY,
        "first_across_last_glory": _GLORY,
        "round_cap": Range(0, 1_000, whole=True),
        "contact_tolerance_m": Range(0, 0.01),
        "durable_saves_on": Range(1, 7, whole=True),
    }
)
"""The range of every number option (ours, illustrative: the bounds below; docs/rulings.md
says what each option means).

The steps are bounded below so the actions ``legal_actions`` offers stay few
(at most 20 move lengths a direction, 36 turn angles a side)."""
