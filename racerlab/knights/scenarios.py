"""Bundled Racer Knights scenarios: saved games (``Timeline.dumps`` JSON) to load and explore.

``worked-example`` is the rulebook's worked example (Jeff, Cindy and Chris's first
round), with the dice forced to the rolls the rulebook gives; the example's
positions are ours (see :func:`racerlab.knights.setup.example_setup`).
``greedy-joust`` is a whole three-player joust between greedy bots. Both are
written by :func:`write_bundled` from the code here (rewrite them if the
catalog's numbers change).

>>> tl = worked_example()
>>> [r.durability for r in tl.state.racers], [r.glory for r in tl.state.racers]
([5, 3, 6], [1, 1, 0])
>>> sorted(bundled())
['greedy-joust', 'worked-example']
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.catalog import data_dir
from ..core.errors import ScenarioError
from ..core.rules import Action, ForceRolls
from ..core.timeline import Timeline
from .actions import Bid, DriveRoll, Fire, Move, Target, Turn
from .catalog.loaders import KnightsCatalog, load_catalog
from .geometry.body import Pose
from .options import KnightsOptions
from .parts import Side
from .setup import example_setup, start_pose, table_of
from .state import KnightsSetup, KnightsState, Phase, PlayerSetup

if TYPE_CHECKING:
    from .build import RacerBuild

__all__ = [
    "bundled",
    "greedy_joust",
    "lesson_setup",
    "lesson_state",
    "load_scenario",
    "placed",
    "scenario_dir",
    "staged",
    "worked_example",
    "worked_example_actions",
]


def worked_example_actions() -> tuple[Action, ...]:
    """The rulebook example's first round as actions (dice forced as the rulebook rolls them).

    Drive rolls Jeff 5, Cindy 6, Chris 2. Cindy drives 6M, shoots waypoint 1's
    blocker (2d6 = 6), drives 2M across it, turns 90 degrees right and drives 2M.
    Jeff drives his 9 Speed across waypoint 1. Chris drives 3M and shoots Cindy
    (2d6 = 7); Cindy adds no Valor.
    """
    one = Move(1.0)
    return (
        ForceRolls((5, 6, 2)),
        DriveRoll(),
        DriveRoll(),
        DriveRoll(),
        *([one] * 6),
        ForceRolls((3, 3)),
        Fire(Target.blocker(0)),
        one,
        one,
        Turn(-90.0, Side.RIGHT),
        one,
        one,
        *([one] * 9),
        *([one] * 3),
        ForceRolls((3, 4)),
        Fire(Target.racer(1)),
        Bid(0),
    )


def worked_example(options: KnightsOptions | None = None) -> Timeline:
    """The rulebook's worked example, played through Chris's shot."""
    from .rules import KnightsRules

    tl = Timeline.new(KnightsRules(), example_setup(), options or KnightsOptions(), seed=0)
    for action in worked_example_actions():
        tl.play(action)
    return tl


GREEDY_JOUST_SEED = 11
"""Seed of the bundled three-player greedy joust."""


def greedy_joust(seed: int = GREEDY_JOUST_SEED, players: int = 3) -> Timeline:
    """A whole joust between greedy bots on a random layout (for replays and lessons)."""
    import numpy as np

    from .bots.greedy import greedy_bot
    from .rules import KnightsRules
    from .setup import random_setup

    rules = KnightsRules()
    rng = np.random.default_rng(seed)
    tl = Timeline.new(rules, random_setup(players, seed), KnightsOptions(), seed=seed)
    return tl.run(lambda s: greedy_bot(s, rules, rng))


def scenario_dir() -> Path:
    """The folder of bundled scenario files."""
    return data_dir() / "knights" / "scenarios"


def bundled() -> dict[str, Path]:
    """Bundled scenarios by name (file stem)."""
    folder = scenario_dir()
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.json"))}


def load_scenario(name: str) -> Timeline:
    """Load a bundled scenario by name; :class:`ScenarioError` naming the known ones."""
    found = bundled()
    if name not in found:
        raise ScenarioError(f"no scenario {name!r} (bundled: {', '.join(found) or 'none'})")
    path = found[name]
    return Timeline.loads(path.read_text(encoding="utf-8"), source=str(path))


def write_bundled() -> list[Path]:
    """(Re)write the bundled scenario files from the code that defines them."""
    folder = scenario_dir()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in (("worked-example", worked_example), ("greedy-joust", greedy_joust)):
        path = folder / f"{name}.json"
        path.write_text(make().dumps() + "\n", encoding="utf-8")
        written.append(path)
    return written


# -- lessons: small set-ups to try one rule at a time ---------------------------------------
LESSON_WAYPOINTS = ((10.0, 10.0), (17.5, 17.5), (2.5, 17.5), (17.5, 2.5), (2.5, 2.5), (10.0, 18.5))
"""Waypoints of lesson set-ups (up to five players): the centre, then out near the edges."""


def lesson_setup(
    racers: tuple[str | RacerBuild, ...] = ("jeff", "cindy"),
    catalog: KnightsCatalog | None = None,
) -> KnightsSetup:
    """A legal set-up with the given prebuilt racer ids (or builds), evenly round waypoint 1.

    >>> [p.name for p in lesson_setup(("jeff", "chris")).players]
    ['jeff', 'chris']
    """
    catalog = catalog or load_catalog()
    spec = catalog.table
    n = len(racers)
    players = tuple(
        PlayerSetup(
            r if isinstance(r, str) else r.name, catalog.racer(r) if isinstance(r, str) else r
        )
        for r in racers
    )
    base = KnightsSetup(
        players, LESSON_WAYPOINTS[: n + 1], (), spec.arena_width_m, spec.arena_height_m
    )
    table = table_of(base, catalog)
    poses = tuple(start_pose(table, spec.start_distance_r, 270.0 + 360.0 * k / n) for k in range(n))
    return replace(base, poses=poses)


def lesson_state(
    racers: tuple[str | RacerBuild, ...] = ("jeff", "cindy"),
    options: KnightsOptions | None = None,
    seed: int = 0,
    catalog: KnightsCatalog | None = None,
) -> KnightsState:
    """The first state of a :func:`lesson_setup` joust (drive rolls to make), played with
    ``catalog`` (the bundled one by default)."""
    from .rules import KnightsRules

    setup = lesson_setup(racers, catalog)
    return KnightsRules(catalog).initial_state(setup, options or KnightsOptions(), seed)


def placed(state: KnightsState, player: int, x: float, y: float, heading: float) -> KnightsState:
    """The state with a racer moved to ``(x, y, heading)`` (no checks: for what-ifs)."""
    racers = list(state.racers)
    racers[player] = replace(racers[player], pose=Pose(float(x), float(y), float(heading)))
    return replace(state, racers=tuple(racers))


def staged(state: KnightsState, player: int, **changes) -> KnightsState:
    """The state with ``player`` acting now (others after), its racer changed by ``changes``.

    For lessons and what-ifs: e.g. ``staged(s, 0, speed_points=4, turns_left=1)``.
    """
    racers = list(state.racers)
    fields = {"drive_roll": 3, "speed_points": 6, **changes}
    racers[player] = replace(racers[player], **fields)
    order = (player, *(i for i in range(len(racers)) if i != player and not racers[i].wrecked))
    return replace(state, racers=tuple(racers), phase=Phase.ACT, order=order, turn=0, pending=None)
