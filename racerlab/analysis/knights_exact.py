"""Exact odds for Racer Knights, as tables a notebook can show or plot.

Every probability here comes from the engine's own code run over every roll
(:func:`racerlab.core.chance.exact`), asked through the game's public
questions in :mod:`racerlab.knights.queries`: the attack roll
(:func:`~racerlab.knights.queries.hit_odds`) and what follows a hit
(:func:`~racerlab.knights.queries.after_hit_odds`), Ram Strength
(:func:`~racerlab.knights.queries.ram_run`), drive rolls
(:func:`~racerlab.knights.queries.speed_points_odds`) and the order of play
(:func:`~racerlab.knights.queries.drive_order_odds`). Nothing re-implements a rule.

A *duel* (:func:`duel_state`) is a two-racer joust built for the question: the
attacker faces the target's front at a chosen range, plain cards except the
abilities asked for (Evasive chassis, Durable engine, Coiled weapon, a Damage
Prevention shield on that side), and the numbers (Strength, Armor, Damage,
Durability) set with the director's stat tweaks. :func:`attack_odds_engine`
asks the engine's :func:`~racerlab.knights.queries.attack_odds` about it.

For speed the tables split an attack where the engine itself does: first
the attack roll, whose result depends only on Armor minus Strength (cached
per difference), then what follows a hit (Evasive, Damage Prevention,
Durability and Durable; cached per defence). The tests check that this
composition equals the engine's whole-attack odds exactly.

>>> row = attack_distribution(strength=2, armor=7, damage=2, durability=3)
>>> row.loc[row["hit"], "probability"].sum()  # 2d6 + 2 > 7: 2d6 of 6 or more
Fraction(13, 18)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = [
    "attack_distribution",
    "attack_odds_engine",
    "attack_table",
    "clear_caches",
    "drive_order_table",
    "duel_state",
    "hit_chance",
    "ram_table",
    "speed_points_table",
    "wreck_chance",
]

ATTACKER, TARGET = 0, 1
"""Seats in a duel."""

_PLAIN = {
    "chassis": "dancing_eclipse",
    "engine": "cored_gem_supercoil",
    "tires": "silverleaf_slicks",
    "weapon": "sunspot",
    "knight": "tobias_stormcaller",
}
"""Cards with no ability that matters here (the Knight's bonus is for Lightning weapons only)."""
_SURGE_KNIGHT = "fizzwick_sparkgear"
_EVASIVE_CHASSIS = "moonpetal_glider"
_DURABLE_ENGINE = "coal_king"
_COILED_WEAPON = "fang_spitter"
_TRACTION_CHASSIS = "war_hog"
_DP_SHIELDS = {1: "iron_bulwark", 2: "junk_plating"}
"""Left-side shields giving Damage Prevention 1 and 2 (Protection against Metal only)."""
_SIDE = "left"
"""The target side a duel's attacker faces (both Damage Prevention shields mount there)."""

_DIFF_LOW, _DIFF_HIGH = 1, 12
"""Armor minus Strength outside this range always / never hits on 2d6 (cache key clamp)."""


# -- duels ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _base_state() -> Any:
    from ..knights import KnightsRules, random_setup

    return KnightsRules().initial_state(random_setup(2, seed=0), None, 0)


def _build(name: str, **parts: str) -> Any:
    from ..knights.state import RacerBuild

    cards = {**_PLAIN, **{k: v for k, v in parts.items() if k != "shields"}}
    return RacerBuild(name, shields=parts.get("shields", ()), **cards)  # type: ignore[arg-type]


def _racer(build: Any, mods: dict[str, int]) -> Any:
    from ..knights.queries import stat_mods

    return stat_mods(build, mods)


@functools.lru_cache(maxsize=4096)
def duel_state(
    strength: int = 3,
    armor: int = 8,
    *,
    damage: int = 1,
    durability: int = 5,
    range_r: float = 0.5,
    coiled: bool = False,
    evasive: bool = False,
    durable: bool = False,
    damage_prevention: int = 0,
    protection: int = 0,
    weakness: int = 0,
    traction: bool = False,
    options: Any = None,
) -> Any:
    """A two-racer joust for one question: seat 0 attacks seat 1's left side from ``range_r`` R.

    ``protection`` is Protection that applies to the attack (counted, as the
    rules do, as extra Armor); ``weakness`` is Weakness tokens on the target
    (the engine applies the floor of 5). Racers' Valor pools are left full.
    """
    from ..core.errors import ScenarioError
    from ..knights.queries import table
    from ..knights.state import Pose, Side

    if damage_prevention not in (0, *_DP_SHIELDS):
        raise ScenarioError(
            f"damage_prevention must be 0 or one of {sorted(_DP_SHIELDS)} (a shield has it)"
        )
    if durability < 1:
        raise ScenarioError(f"durability must be 1 or more, got {durability}")
    base = _base_state()
    if options is not None:
        base = replace(base, options=options)
    a_build = _build(
        "Attacker",
        **({"weapon": _COILED_WEAPON} if coiled else {}),
        **({"chassis": _TRACTION_CHASSIS} if traction else {}),
    )
    t_build = _build(
        "Target",
        **({"chassis": _EVASIVE_CHASSIS} if evasive else {}),
        **({"engine": _DURABLE_ENGINE} if durable else {}),
        **(
            {"shields": ((Side(_SIDE), _DP_SHIELDS[damage_prevention]),)}
            if damage_prevention
            else {}
        ),
    )
    t = table(base)
    cx, cy = t.width / 4.0, t.height / 4.0  # away from waypoint 1 in the middle
    gap = range_r * t.r_per_m
    target_pose = Pose(cx, cy, 90.0)  # facing +y: its left side faces -x
    attacker_pose = Pose(cx - t.body.width / 2.0 - gap - t.body.length / 2.0, cy, 0.0)
    a_state, t_state = base.racers
    attacker = replace(
        a_state,
        build=a_build,
        pose=attacker_pose,
        mods=_racer(a_build, {"strength": strength, "damage": damage}),
        wrecked=False,
    )
    target = replace(
        t_state,
        build=t_build,
        pose=target_pose,
        mods=_racer(t_build, {"armor": armor + protection}),
        durability=durability,
        start_durability=max(durability, t_state.start_durability),
        weakness=weakness,
        discarded=(),
        wrecked=False,
    )
    return replace(base, racers=(attacker, target))


def attack_odds_engine(state: Any, valor_for: int = 0, valor_against: int = 0) -> Any:
    """The engine's own whole-attack odds for a duel (seat 0 fires at seat 1)."""
    from ..knights.actions import Target
    from ..knights.queries import attack_odds

    return attack_odds(state, ATTACKER, Target.racer(TARGET), valor_for, valor_against)


# -- the two stages of an attack -----------------------------------------------------------------


def _pending(valor_for: int = 0, valor_against: int = 0, ram: bool = False, run_m: float = 0.0):
    from ..knights.actions import Target
    from ..knights.state import PendingAttack

    return PendingAttack(
        ATTACKER,
        Target.racer(TARGET),
        ram,
        run_m=run_m,
        valor_attacker=valor_for,
        valor_defender=valor_against,
    )


def _difference(state: Any, valor_for: int, valor_against: int, ram: bool, run_m: float) -> int:
    """Armor minus Strength of the attack as the engine adds them up (parts by name)."""
    from ..knights.queries import attack_numbers
    from ..knights.state import Side

    p = _pending(valor_for, valor_against, ram, run_m)
    strength, armor = attack_numbers(state, p, frozenset({Side(_SIDE)}))
    return armor - strength


@functools.lru_cache(maxsize=64)
def hit_chance(difference: int) -> Fraction:
    """Chance an attack hits when Armor minus Strength is ``difference`` (engine's attack roll).

    >>> hit_chance(7), hit_chance(-3), hit_chance(20)
    (Fraction(5, 12), Fraction(1, 1), Fraction(0, 1))
    """
    from ..knights.queries import hit_odds

    key = min(max(difference, _DIFF_LOW), _DIFF_HIGH)
    if key != difference:
        return hit_chance(key)
    # a plain duel whose only numbers are the difference; no damage, so nothing follows a hit
    return hit_odds(duel_state(strength=0, armor=key, damage=0), _pending())


@functools.lru_cache(maxsize=4096)
def _after_hit(state: Any) -> tuple[tuple[tuple[bool, int, bool, bool], Fraction], ...]:
    """What follows a hit on the duel's target: (evaded, lost, wrecked, prevention used)."""
    from ..knights.queries import after_hit_odds, seat_racer
    from ..knights.state import Side

    damage = seat_racer(state, ATTACKER).weapon.damage
    return tuple(sorted(after_hit_odds(state, TARGET, Side(_SIDE), damage, ATTACKER).items()))


# -- public tables ----------------------------------------------------------------------------


def attack_distribution(
    strength: int = 3,
    armor: int = 8,
    *,
    valor_for: int = 0,
    valor_against: int = 0,
    damage: int = 1,
    durability: int = 5,
    range_r: float = 0.5,
    coiled: bool = False,
    evasive: bool = False,
    durable: bool = False,
    damage_prevention: int = 0,
    protection: int = 0,
    weakness: int = 0,
) -> pd.DataFrame:
    """Every outcome of one shot with its exact chance.

    Columns: ``hit``, ``evaded``, ``lost`` (Durability lost), ``wrecked``,
    ``prevention_used``, ``probability`` (a Fraction) and ``p`` (a float).
    """
    import pandas as pd

    state = duel_state(
        strength,
        armor,
        damage=damage,
        durability=durability,
        range_r=range_r,
        coiled=coiled,
        evasive=evasive,
        durable=durable,
        damage_prevention=damage_prevention,
        protection=protection,
        weakness=weakness,
    )
    rows = _outcomes(state, valor_for, valor_against)
    df = pd.DataFrame(
        rows, columns=["hit", "evaded", "lost", "wrecked", "prevention_used", "probability"]
    )
    df["p"] = df["probability"].astype(float)
    return df


def _outcomes(state: Any, valor_for: int, valor_against: int) -> list[tuple]:
    h = hit_chance(_difference(state, valor_for, valor_against, False, 0.0))
    rows: list[tuple] = []
    if h < 1:
        rows.append((False, False, 0, False, False, 1 - h))
    if h > 0:
        for (evaded, lost, wrecked, used), q in _after_hit(state):
            rows.append((True, evaded, lost, wrecked, used, h * q))
    return rows


def attack_table(
    strengths: Iterable[int] = range(11),
    armors: Iterable[int] = range(5, 16),
    valors: Iterable[int] = range(4),
    *,
    damage: int = 1,
    durability: int = 1,
    evasive: bool = False,
    durable: bool = False,
    damage_prevention: int = 0,
) -> pd.DataFrame:
    """Hit, damage and wreck chances for every Strength x Armor x attacker Valor.

    One row per combination: ``strength``, ``armor``, ``valor``, ``hit``,
    ``expected_lost``, ``wreck`` (floats). Cached by what the outcome depends
    on (Armor minus Strength and Valor; the defence).
    """
    import pandas as pd

    strengths, armors, valors = list(strengths), list(armors), list(valors)
    defence = duel_state(
        0,
        0,
        damage=damage,
        durability=durability,
        evasive=evasive,
        durable=durable,
        damage_prevention=damage_prevention,
    )
    after = _after_hit(defence)
    hit_expected = float(sum(Fraction(lost) * q for (_, lost, _, _), q in after))
    hit_wreck = float(sum(q for (_, _, wrecked, _), q in after if wrecked))
    # how the engine adds up Strength and Armor in this duel: measured once
    offset = _difference(duel_state(0, 0), 0, 0, False, 0.0)
    rows = []
    for s in strengths:
        for a in armors:
            for v in valors:
                h = float(hit_chance(a - s - v + offset))
                rows.append((s, a, v, h, h * hit_expected, h * hit_wreck))
    return pd.DataFrame(
        rows, columns=["strength", "armor", "valor", "hit", "expected_lost", "wreck"]
    )


def wreck_chance(
    durability: int,
    attacks: int = 3,
    *,
    strength: int = 3,
    armor: int = 8,
    valor_for: int = 0,
    valor_against: int = 0,
    damage: int = 1,
    range_r: float = 0.5,
    coiled: bool = False,
    evasive: bool = False,
    durable: bool = False,
    damage_prevention: int = 0,
    protection: int = 0,
    weakness: int = 0,
) -> pd.DataFrame:
    """Chance the target is Wrecked! within 1, 2, ... ``attacks`` shots, from ``durability``.

    Each shot is the engine's attack on the target as it is then (Durability
    left, Damage Prevention discarded or not). Columns: ``attacks``,
    ``wreck`` (Fraction), ``p`` and ``expected_durability``.
    """
    import pandas as pd

    common = dict(
        damage=damage,
        range_r=range_r,
        coiled=coiled,
        evasive=evasive,
        durable=durable,
        protection=protection,
        weakness=weakness,
    )
    # chain over (durability left, prevention still on) -> probability; 0 means wrecked
    dist: dict[tuple[int, bool], Fraction] = {(durability, damage_prevention > 0): Fraction(1)}
    rows = []
    for k in range(1, attacks + 1):
        nxt: dict[tuple[int, bool], Fraction] = {}
        for (left, dp_on), p in dist.items():
            if left <= 0:
                nxt[(0, dp_on)] = nxt.get((0, dp_on), Fraction(0)) + p
                continue
            state = duel_state(
                strength,
                armor,
                durability=left,
                damage_prevention=damage_prevention if dp_on else 0,
                **common,
            )
            for _hit, _ev, lost, wrecked, used, q in _outcomes(state, valor_for, valor_against):
                key = (0 if wrecked else left - lost, dp_on and not used)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        dist = nxt
        wreck = sum((p for (left, _), p in dist.items() if left <= 0), Fraction(0))
        mean_left = sum((Fraction(left) * p for (left, _), p in dist.items()), Fraction(0))
        rows.append((k, wreck, float(wreck), float(mean_left)))
    return pd.DataFrame(rows, columns=["attacks", "wreck", "p", "expected_durability"])


def ram_table(
    runs_m: Iterable[float] = (1, 2, 3, 4, 5, 6, 7, 8),
    armor: int = 8,
    *,
    traction: bool = False,
    protection: int = 0,
    valor_for: int = 0,
    valor_against: int = 0,
    options: Any = None,
) -> pd.DataFrame:
    """Ram Strength and hit chance by the length (M) of the straight run into the target.

    Columns: ``run_m``, ``spaces``, ``strength`` (run + Traction + Valor as the
    engine counts it), ``hit`` (Fraction) and ``p``.
    """
    import pandas as pd

    from ..knights.queries import attack_numbers, ram_run

    state = duel_state(0, armor, traction=traction, protection=protection, options=options)
    rows = []
    for run in runs_m:
        spaces, _ = ram_run(state, float(run))
        strength, _ = attack_numbers(state, _pending(valor_for, 0, True, run))
        h = hit_chance(_difference(state, valor_for, valor_against, True, float(run)))
        rows.append((float(run), spaces, strength, h, float(h)))
    return pd.DataFrame(rows, columns=["run_m", "spaces", "strength", "hit", "p"])


def _drive_state(reflexes: Sequence[int], speeds: Sequence[int] | None = None) -> Any:
    from ..knights import KnightsRules, random_setup

    n = len(reflexes)
    state = KnightsRules().initial_state(random_setup(n, seed=0), None, 0)
    racers = []
    for i, rs in enumerate(state.racers):
        build = _build(f"Racer {i + 1}")
        want = {"reflexes": reflexes[i]}
        if speeds is not None:
            want["speed"] = speeds[i]
        racers.append(replace(rs, build=build, mods=_racer(build, want)))
    return replace(state, racers=tuple(racers))


def drive_order_table(reflexes: Sequence[int]) -> pd.DataFrame:
    """Chance of each order of play for racers with these Reflexes (no Valor, plain cards).

    Ties go to the higher drive roll, then a roll-off, as the engine decides.
    Columns: ``order`` (player numbers from 0, first to act first), ``probability``, ``p``.

    >>> t = drive_order_table([3, 3])
    >>> t["probability"].tolist()
    [Fraction(1, 2), Fraction(1, 2)]
    """
    import pandas as pd

    from ..knights.queries import drive_order_odds

    if len(reflexes) < 2:
        from ..core.errors import ScenarioError

        raise ScenarioError("the order of play needs at least 2 racers")
    odds = drive_order_odds(_drive_state(reflexes))
    rows = sorted(odds.items(), key=lambda kv: (-kv[1], kv[0]))
    df = pd.DataFrame(rows, columns=["order", "probability"])
    df["p"] = df["probability"].astype(float)
    return df


def speed_points_table(
    speed: int = 5, *, valor_speed: int = 0, slow: int = 0, surge_reroll_at_or_below: int = 0
) -> pd.DataFrame:
    """Distribution of a racer's Speed Points for the round (drive roll + Speed, as rolled).

    ``slow`` Slow tokens lower Speed (never below 1); with
    ``surge_reroll_at_or_below`` > 0 the racer has Surge and re-rolls a drive
    roll that low. Columns: ``speed_points``, ``probability``, ``p``.
    """
    import pandas as pd

    from ..knights.actions import DriveRoll
    from ..knights.queries import speed_points_odds

    state = _drive_state([0, 0], [speed, 1])
    surge = surge_reroll_at_or_below > 0
    rs = state.racers[0]
    build = _build("Racer 1", **({"knight": _SURGE_KNIGHT} if surge else {}))
    rs = replace(
        rs, build=build, mods=_racer(build, {"speed": speed}), slow=slow, valor=valor_speed
    )
    state = replace(state, racers=(rs, state.racers[1]))

    drive = DriveRoll(valor_speed=valor_speed)
    dist = speed_points_odds(state, 0, drive, surge_reroll_at_or_below)
    df = pd.DataFrame(sorted(dist.items()), columns=["speed_points", "probability"])
    df["p"] = df["probability"].astype(float)
    return df


def clear_caches() -> None:
    """Forget every cached duel and stage (for timing cold runs)."""
    from ..knights.queries import clear_caches as clear_racers

    for fn in (duel_state, hit_chance, _after_hit, _base_state):
        fn.cache_clear()
    clear_racers()
