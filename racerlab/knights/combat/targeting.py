"""Who a weapon or a Ram can reach: firing arcs, weapon range, the facing sides, and the
checks on a named target or side.

The cheap first looks (:func:`maybe_in_range`, :func:`maybe_in_arc`) let a bot skip the
full measure (:func:`target_geometry`) for targets that are surely out of reach.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import shapely

from ...core.errors import IllegalActionError
from ..actions import Target, TargetKind
from ..geometry.arcs import ArcWidths, AttackGeometry, attack_geometry, sides_facing
from ..geometry.body import corners, front_centre
from ..geometry.motion import moved
from ..geometry.tolerance import TOL_M
from ..options import SideChooser
from ..parts import Arc, Side

if TYPE_CHECKING:
    from ..draft import Draft

# Members of the enums this module compares against in hot paths, read once: on Python 3.11
# every read of an Enum class attribute goes through EnumType.__getattr__'s slow hook.
_RACER = TargetKind.RACER
_ARC_C = Arc.C

__all__ = [
    "arc_widths",
    "check_side",
    "check_target",
    "maybe_in_arc",
    "maybe_in_range",
    "ram_sides",
    "target_geometry",
    "weapon_range",
]


def arc_widths(d: Draft) -> ArcWidths:
    """The firing-arc widths of the rule options."""
    return _arc_widths(d.options.arc_a_degrees, d.options.arc_b_degrees)


_arc_widths = functools.lru_cache(maxsize=16)(ArcWidths)
"""One (frozen) :class:`ArcWidths` per pair of widths: asked on every range check."""


def weapon_range(d: Draft, i: int) -> int:
    """The weapon's Range with the Knight's range bonus for its type."""
    return d.racer(i).weapon_range


def maybe_in_range(d: Draft, i: int, target: Target) -> bool:
    """A cheap first look: False when the target is surely out of the weapon's range."""
    a = d.pose(i)
    if target.kind is _RACER:
        b = d.pose(target.index)
        bx, by, size = b.x, b.y, d.table.racer_radius
    else:
        (bx, by), size = d.setup.waypoints[target.index], d.table.waypoint_diameter / 2.0
    reach = d.table.racer_radius
    gap = math.hypot(bx - a.x, by - a.y) - size - reach
    return gap <= weapon_range(d, i) * d.table.r_per_m + TOL_M


def maybe_in_arc(d: Draft, i: int, target: Target) -> bool:
    """A cheap first look: False when a racer target is surely outside a firing arc.

    Its bounding circle lies wholly outside the wedge of arc A or B (arcs up to 180
    degrees wide, which are convex); other targets and arcs are left to the full measure.
    """
    if target.kind is not _RACER:
        return True
    arc = d.racer(i).weapon.arc
    if arc is _ARC_C:
        return True
    width = arc_widths(d).width(arc)
    if width > 180.0:
        return True
    a, b = d.pose(i), d.pose(target.index)
    ax, ay = front_centre(a, d.table.body)
    dx, dy = b.x - ax, b.y - ay
    half = math.radians(width / 2.0)
    heading = math.radians(a.heading)
    off = abs((math.atan2(dy, dx) - heading + math.pi) % (2.0 * math.pi) - math.pi)
    if off <= half:
        return True
    # outside the wedge: distance to its nearer edge ray (or to its tip)
    edge = heading + math.copysign(half, math.sin(math.atan2(dy, dx) - heading))
    ux, uy = math.cos(edge), math.sin(edge)
    along = dx * ux + dy * uy
    gap = abs(dx * uy - dy * ux) if along > 0.0 else math.hypot(dx, dy)
    return gap <= d.table.racer_radius + TOL_M


_racer_geometry = functools.lru_cache(maxsize=4096)(attack_geometry)
""":func:`attack_geometry` remembered: a bot, ``check`` and ``resolve`` ask the same question."""


def target_geometry(d: Draft, i: int, target: Target) -> AttackGeometry:
    """Arc, range and facing sides from racer ``i`` to a target."""
    racer = d.racer(i)
    w = racer.weapon
    rng = weapon_range(d, i)
    if target.kind is _RACER:
        body = d.table.body
        return _racer_geometry(
            d.pose(i), body, w.arc, rng, d.pose(target.index), body, d.table.r_per_m, arc_widths(d)
        )
    return d.table.blocker_geometry(
        d.pose(i), w.arc, rng, d.setup.waypoints[target.index], arc_widths(d)
    )


def check_target(d: Draft, i: int, target: Target) -> None:
    """Refuse a target that is not there, is the attacker itself or is already out."""
    if not isinstance(target, Target):
        raise IllegalActionError(f"{target!r} is not a target")
    if target.kind is _RACER:
        if not 0 <= target.index < len(d.racers):
            raise IllegalActionError(f"there is no player {target.index + 1}")
        if target.index == i:
            raise IllegalActionError("a racer cannot attack itself")
        if d.r(target.index).wrecked:
            raise IllegalActionError(f"{d.name(target.index)}'s racer is already Wrecked!")
    else:
        if not 0 <= target.index < len(d.blockers):
            raise IllegalActionError(f"there is no waypoint {target.index + 1}")
        if d.blockers[target.index] <= 0:
            raise IllegalActionError(f"waypoint {target.index + 1}'s blocker is already destroyed")


def check_side(d: Draft, side: Side, sides, *, ram: bool) -> None:
    """Refuse an attacker's named ``side`` when the defender chooses (an option) or it does
    not face the attack (``sides``)."""
    chooser = d.options.ram_side_chooser if ram else d.options.fire_side_chooser
    if chooser is not SideChooser.ATTACKER:
        raise IllegalActionError("the defender chooses the side hit (see the rule options)")
    if side not in sides:
        names = ", ".join(sorted(s.value for s in sides)) or "none"
        raise IllegalActionError(
            f"the {side.value} side does not face the attack (facing: {names})"
        )


def ram_sides(d: Draft, i: int, t: int, approach: float) -> frozenset[Side]:
    """The sides of racer ``t`` facing racer ``i``'s front edge once it has driven ``approach``
    M straight ahead."""
    pose = moved(d.pose(i), approach, "forward")
    c = corners(pose, d.table.body)
    edge = shapely.LineString([tuple(c[0]), tuple(c[1])])
    return sides_facing(d.pose(t), d.table.body, edge)
