"""Setting up a joust: players and their racers, waypoints, starting poses, the arena.

A :class:`KnightsSetup` is frozen and JSON-friendly (it is saved with every
game; it is defined with the state in :mod:`racerlab.knights.state` and given here too).
:func:`check_setup` enforces the placement rules and raises
:class:`~racerlab.core.errors.ScenarioError` naming the waypoint or racer and
the distance measured:

* one waypoint per player plus one, waypoint 1 in the middle of the arena,
  no two waypoints closer than 1M (edge to edge);
* every racer five R from waypoint 1 (within ``placement_tolerance_r``) and no
  closer than 1R to another racer or to any waypoint; everything inside the arena.

>>> s = random_setup(3, seed=4)
>>> len(s.players), len(s.waypoints)
(3, 4)
>>> check_setup(s)
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import shapely

from ..core.errors import CatalogError, Problem, ScenarioError
from ..core.limits import MAX_PLAYERS, check_finite, numbered_name
from .catalog.loaders import KnightsCatalog, TableSpec, load_catalog, load_table
from .geometry.body import EPS, Pose
from .geometry.table import Table, disc_gap_bounds, racer_gap
from .geometry.tolerance import SURE_M, TOL_M
from .options import KnightsOptions
from .state import KnightsSetup, PlayerSetup

__all__ = [
    "MIN_ARENA_M",
    "KnightsSetup",
    "PlayerSetup",
    "check_setup",
    "example_setup",
    "load_table_checked",
    "random_setup",
    "table_layout_problems",
    "table_of",
]


def table_of(setup: KnightsSetup, catalog: KnightsCatalog | None = None) -> Table:
    """The measures a setup is played with (arena from the setup, the rest from the catalog)."""
    spec = (catalog or load_catalog()).table
    return Table.of(
        float(setup.arena_width),
        float(setup.arena_height),
        spec.waypoint_diameter_m,
        spec.r_per_m,
        spec.racer_width_m,
        spec.racer_length_m,
    )


MAX_ARENA_M = 200.0
"""Largest arena side accepted (M; ours, illustrative: the rulebook's table is 20M)."""
MIN_ARENA_M = 2.0
"""Every arena side must be longer than this (M): a racer is 1.4M long, so nothing less
leaves room to start, let alone to race."""


class LayoutError(ScenarioError):
    """A set-up breaking a placement rule; ``field`` names the table measure
    (``"section.name"`` of the table file) that rule depends on most."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _check_numbers(setup: KnightsSetup) -> None:
    """Every number of the set-up finite, the arena at most :data:`MAX_ARENA_M` each way."""
    for name in ("arena_width", "arena_height"):
        value = check_finite(getattr(setup, name), f"setup: {name}")
        if value > MAX_ARENA_M:
            raise ScenarioError(f"setup: {name} must be at most {MAX_ARENA_M:g}M, got {value}")
    for i, xy in enumerate(setup.waypoints):
        for v in xy:
            check_finite(v, f"setup: waypoint {i + 1}")
    for i, pose in enumerate(setup.poses):
        for v in (pose.x, pose.y, pose.heading):
            check_finite(v, f"setup: pose of player {i + 1}")


def _fmt(x: float) -> str:
    return f"{x:.2f}"


def check_setup(
    setup: KnightsSetup,
    options: KnightsOptions | None = None,
    catalog: KnightsCatalog | None = None,
) -> None:
    """Raise :class:`ScenarioError` if the setup breaks a placement or building rule.

    The last set-up that passed is remembered (set-ups are frozen): a joust's
    ``initial_state`` does not measure again the layout :func:`random_setup` just checked.
    """
    global _LAST_PASSED
    options = options or KnightsOptions()
    catalog = catalog or load_catalog()
    last = _LAST_PASSED
    if last is not None and last[0] is setup and last[2] is catalog and last[1] == options:
        return
    _check_setup(setup, options, catalog)
    _LAST_PASSED = (setup, options, catalog)


_LAST_PASSED: tuple[KnightsSetup, KnightsOptions, KnightsCatalog] | None = None
"""(set-up, options, catalog) of the last :func:`check_setup` that passed."""


def _check_setup(setup: KnightsSetup, options: KnightsOptions, catalog: KnightsCatalog) -> None:
    """Refuse a set-up that breaks a placement rule, naming the first problem."""
    _check_counts(setup, catalog)
    table = table_of(setup, catalog)
    _check_waypoints(setup, table, catalog.table)
    for i, pose in enumerate(setup.poses):
        _check_pose(setup, i, pose, table, catalog.table, options)


def _check_counts(setup: KnightsSetup, catalog: KnightsCatalog) -> None:
    """Players, racers, waypoints, poses and the arena's size before any measuring."""
    n = len(setup.players)
    if not 2 <= n <= MAX_PLAYERS:
        raise ScenarioError(f"a joust needs 2 to {MAX_PLAYERS} players, got {n}")
    for i, p in enumerate(setup.players):
        reasons = p.racer.check(catalog)
        if reasons:
            raise ScenarioError(
                f"player {i + 1} ({p.name}): racer cannot race: {'; '.join(reasons)}"
            )
    if setup.falcon_ante < 0:
        raise ScenarioError(f"falcon_ante must be 0 or more, got {setup.falcon_ante}")
    if len(setup.waypoints) != n + 1:
        raise ScenarioError(
            f"{n} players need {n + 1} waypoints (one each plus one), got {len(setup.waypoints)}"
        )
    if len(setup.poses) != n:
        raise ScenarioError(f"{n} players need {n} racer poses, got {len(setup.poses)}")
    _check_numbers(setup)
    if setup.arena_width <= MIN_ARENA_M or setup.arena_height <= MIN_ARENA_M:
        raise LayoutError(f"the arena must be more than {MIN_ARENA_M:g}M each way", "arena.width_m")


def _check_waypoints(setup: KnightsSetup, table: Table, spec: TableSpec) -> None:
    """Waypoint 1 at the centre, every waypoint on the arena and far enough from the others."""
    cx, cy = table.centre
    w1 = setup.waypoints[0]
    off = math.hypot(w1[0] - cx, w1[1] - cy)
    if off > TOL_M:
        raise ScenarioError(
            f"waypoint 1 must be at the centre ({_fmt(cx)}, {_fmt(cy)}); it is {_fmt(off)}M away"
        )
    r = table.waypoint_diameter / 2.0
    for i, (x, y) in enumerate(setup.waypoints):
        if x - r < -EPS or y - r < -EPS or x + r > table.width + EPS or y + r > table.height + EPS:
            raise LayoutError(
                f"waypoint {i + 1} at ({_fmt(x)}, {_fmt(y)}) is off the arena", "arena.width_m"
            )
        for j in range(i):
            gap = math.dist((x, y), setup.waypoints[j]) - 2 * r
            if gap < spec.waypoint_gap_m - TOL_M:
                raise LayoutError(
                    f"waypoint {i + 1} is {_fmt(gap)}M from waypoint {j + 1}; "
                    f"they must be at least {_fmt(spec.waypoint_gap_m)}M apart",
                    "placement.waypoint_gap_m",
                )


def _check_pose(
    setup: KnightsSetup, i: int, pose: Pose, table: Table, spec: TableSpec, options: KnightsOptions
) -> None:
    """Racer ``i`` wholly inside, at the start distance from waypoint 1 (within the
    placement tolerance) and far enough from every waypoint and the racers before it."""
    w1 = setup.waypoints[0]
    rm = table.r_per_m
    need = spec.racer_gap_r * rm  # the least gap (M) from a racer to a waypoint or racer
    start = spec.start_distance_r
    slack = options.placement_tolerance_r
    shape = table.shape  # shapely footprints only where plain arithmetic cannot tell
    who = f"racer {i + 1} ({setup.players[i].name})"
    if not table.inside(pose):
        raise LayoutError(f"{who} is not wholly inside the arena", "arena.width_m")
    low, high = disc_gap_bounds(pose, table.body, w1, table.waypoint_diameter)
    if not (start - slack + TOL_M <= low / rm and high / rm <= start + slack - TOL_M):
        d1 = float(shapely.distance(shape(pose), table.waypoint(w1))) / rm
        if abs(d1 - start) > slack + SURE_M:
            raise LayoutError(
                f"{who} is {_fmt(d1)}R from waypoint 1; it must start {_fmt(start)}R away "
                f"(within {_fmt(slack)}R)",
                "placement.start_distance_r",
            )
    for w, xy in enumerate(setup.waypoints):
        if _surely_apart(pose, xy, table.waypoint_diameter / 2.0, table, need):
            continue
        low, _high = disc_gap_bounds(pose, table.body, xy, table.waypoint_diameter)
        if low / rm >= spec.racer_gap_r + TOL_M:
            continue
        gap = float(shapely.distance(shape(pose), table.waypoint(xy))) / rm
        if gap < spec.racer_gap_r - TOL_M:
            raise LayoutError(
                f"{who} is {_fmt(gap)}R from waypoint {w + 1}; "
                f"racers start at least {_fmt(spec.racer_gap_r)}R from any waypoint",
                "placement.racer_gap_r",
            )
    for j in range(i):
        other = setup.poses[j]
        if _surely_apart(pose, (other.x, other.y), table.racer_radius, table, need):
            continue
        if racer_gap(pose, other, table.body) / rm >= spec.racer_gap_r:
            continue
        gap = float(shapely.distance(shape(pose), shape(other))) / rm
        if gap < spec.racer_gap_r - TOL_M:
            raise LayoutError(
                f"{who} is {_fmt(gap)}R from racer {j + 1}; "
                f"racers start at least {_fmt(spec.racer_gap_r)}R apart",
                "placement.racer_gap_r",
            )


def _surely_apart(pose: Pose, xy: tuple[float, float], radius: float, table: Table, gap: float):
    """Whether a racer at ``pose`` is more than ``gap`` M from a shape of bounding ``radius``
    centred at ``xy``, judged by bounding circles alone (False: measure exactly)."""
    centres = math.hypot(xy[0] - pose.x, xy[1] - pose.y)
    return centres - table.racer_radius - radius > gap + TOL_M


def start_pose(table: Table, start_r: float, bearing: float) -> Pose:
    """A pose facing waypoint 1 whose front is ``start_r`` R from its edge, at ``bearing``."""
    cx, cy = table.centre
    dist = table.waypoint_diameter / 2.0 + start_r * table.r_per_m + table.body.length / 2.0
    rad = math.radians(bearing)
    return Pose(cx + dist * math.cos(rad), cy + dist * math.sin(rad), (bearing + 180.0) % 360.0)


def random_setup(
    players: int,
    seed: int = 0,
    catalog: KnightsCatalog | None = None,
    *,
    arena: tuple[float, float] | None = None,
) -> KnightsSetup:
    """A legal random layout with racers drawn from the catalog's prebuilt racers."""
    catalog = catalog or load_catalog()
    if players < 2:
        raise ScenarioError(f"a joust needs at least 2 players, got {players}")
    spec = catalog.table
    width, height = arena or (spec.arena_width_m, spec.arena_height_m)
    rng = np.random.default_rng([seed, players, 0x4B])
    racer_ids = sorted(catalog.racers)
    if not racer_ids:
        raise ScenarioError("the catalog has no prebuilt racers to draw from")
    picks = rng.permutation(len(racer_ids)) if len(racer_ids) >= players else None
    builds = [
        catalog.racers[
            racer_ids[int(picks[i]) if picks is not None else int(rng.integers(len(racer_ids)))]
        ]
        for i in range(players)
    ]
    drawn = [b.name for b in builds]
    seen: dict[str, int] = {}
    names = []
    for nm in drawn:  # a racer drawn more than once is numbered: "Name 1", "Name 2", ...
        seen[nm] = seen.get(nm, 0) + 1
        names.append(numbered_name(nm, seen[nm]) if drawn.count(nm) > 1 else nm)
    base = KnightsSetup(
        tuple(PlayerSetup(n, b) for n, b in zip(names, builds)), (), (), width, height
    )
    table = table_of(base, catalog)
    last: ScenarioError | None = None
    for _attempt in range(200):
        turn0 = float(rng.uniform(0, 360))
        poses = tuple(
            start_pose(table, spec.start_distance_r, turn0 + 360.0 * i / players)
            for i in range(players)
        )
        waypoints = [table.centre]
        margin = table.waypoint_diameter
        tries = 0
        while len(waypoints) < players + 1 and tries < 500:
            tries += 1
            xy = (
                float(rng.uniform(margin, table.width - margin)),
                float(rng.uniform(margin, table.height - margin)),
            )
            cand = KnightsSetup(base.players, (*waypoints, xy), (), width, height)
            if _waypoint_ok(cand, len(waypoints), poses, table, spec):
                waypoints.append(xy)
        if len(waypoints) < players + 1:
            last = LayoutError(
                f"found no room for waypoint {len(waypoints) + 1} at least"
                f" {spec.racer_gap_r:g}R from every racer and {spec.waypoint_gap_m:g}M from the"
                " other waypoints",
                "placement.racer_gap_r",
            )
            continue
        setup = KnightsSetup(base.players, tuple(waypoints), poses, width, height)
        try:
            check_setup(setup, catalog=catalog)
        except ScenarioError as exc:
            last = exc
            continue
        return setup
    because = f" (the last try: {last})" if last is not None else ""
    raise LayoutError(
        f"could not lay out {players} players on a {width:g}x{height:g}M arena{because}",
        getattr(last, "field", "arena.width_m"),
    )


def table_layout_problems(path: str | Path, catalog: KnightsCatalog) -> list[Problem]:
    """What stops a joust from being laid out on ``catalog``'s table (read from ``path``):
    the checks a game start runs (:func:`random_setup`, then :func:`check_setup`), for the
    fewest and the most players, each problem naming the table measure it depends on."""
    spec = catalog.table
    problems = []
    for name in ("width_m", "height_m"):
        side = getattr(spec, f"arena_{name}")
        if side <= MIN_ARENA_M:
            problems.append(
                Problem(
                    str(path), "arena", name, f"must be more than {MIN_ARENA_M:g}M, got {side:g}"
                )
            )
    if problems:
        return problems
    for players in (2, MAX_PLAYERS):
        try:
            random_setup(players, catalog=catalog)
        except ScenarioError as exc:
            entry, _, field = getattr(exc, "field", "arena.width_m").partition(".")
            reason = f"a joust of {players} players cannot start on this table: {exc}"
            return [Problem(str(path), entry, field, reason)]
    return []


def load_table_checked(path: str | Path) -> TableSpec:
    """Read the table measures file and check a joust can be laid out on it (for
    ``racerlab validate``: a table a game could not start on is refused here, naming the
    file, the section and the measure, not when the first game starts)."""
    spec = load_table(path)
    bundled = load_catalog()
    catalog = KnightsCatalog(dict(bundled.parts), dict(bundled.racers), spec)
    problems = table_layout_problems(path, catalog)
    if problems:
        raise CatalogError(problems)
    return spec


def _waypoint_ok(setup: KnightsSetup, i: int, poses, table: Table, spec) -> bool:
    xy = setup.waypoints[i]
    r = table.waypoint_diameter
    for j in range(i):
        if math.dist(xy, setup.waypoints[j]) - r < spec.waypoint_gap_m + 0.05:
            return False
    need = spec.racer_gap_r + 0.05
    # the gap is at least the centre distance less both bounding radii, then at least the
    # distance to the disc's circle: shapely only when those cannot tell
    reach = table.racer_radius + table.waypoint_diameter / 2.0
    rm = table.r_per_m
    for p in poses:
        if (math.hypot(p.x - xy[0], p.y - xy[1]) - reach) / rm >= need + SURE_M:
            continue
        low, high = disc_gap_bounds(p, table.body, xy, table.waypoint_diameter)
        if low / rm >= need + SURE_M:
            continue
        if high / rm < need - SURE_M:
            return False
        if float(shapely.distance(table.shape(p), table.waypoint(xy))) / rm < need:
            return False
    return True


EXAMPLE_STARTS = {"jeff": (90.0, 4.9), "cindy": (270.0, 5.0), "chris": (30.0, 5.0)}
"""Where the rulebook example's racers start: (bearing from waypoint 1, gap in R).

Jeff starts a little inside five R (within the placement tolerance) so that his
nine moves carry him wholly past waypoint 1, as the rulebook's story needs.
"""

EXAMPLE_WAYPOINTS = ((10.0, 10.0), (17.0, 8.0), (4.0, 16.0), (4.0, 4.0))
"""Waypoint centres of the rulebook example (M; waypoint 1 is the arena's centre)."""


def example_setup(catalog: KnightsCatalog | None = None) -> KnightsSetup:
    """The rulebook's worked example: Jeff, Cindy and Chris around waypoint 1.

    Positions are ours, designed so the example plays exactly as the rulebook
    tells it (see :mod:`racerlab.knights.scenarios`).
    """
    catalog = catalog or load_catalog()
    spec = catalog.table
    base = KnightsSetup((), EXAMPLE_WAYPOINTS, (), spec.arena_width_m, spec.arena_height_m)
    table = table_of(base, catalog)
    players = tuple(
        PlayerSetup(name, catalog.racer(key))
        for key, name in (("jeff", "Jeff"), ("cindy", "Cindy"), ("chris", "Chris"))
    )
    poses = tuple(
        start_pose(table, EXAMPLE_STARTS[key][1], EXAMPLE_STARTS[key][0])
        for key in ("jeff", "cindy", "chris")
    )
    return KnightsSetup(players, EXAMPLE_WAYPOINTS, poses, spec.arena_width_m, spec.arena_height_m)
