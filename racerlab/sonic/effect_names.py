"""The vocabulary of effect primitives that racer Abilities, Powers and Boss rules are built from.

The catalog (:mod:`racerlab.sonic.catalog`) checks every Ability, Power, boss
profile rule and boss card action against this list: its name must be a member
of :class:`Effect` and its parameters must match :attr:`Effect.params` exactly
(names and types). The behaviour of each primitive lives in
:mod:`racerlab.sonic.effects`; this module only names them, so data and rules
agree on one spelling.

Parameter types are ``int`` (a whole number), ``str`` (a word from a closed set
given in :data:`PARAM_CHOICES`) or ``bool``.

A boss effect beyond these primitives is an :class:`AddedEffect`: a function registered by
name with :func:`boss_effect` in :mod:`racerlab.sonic.effects.added` (read when a name is
not a primitive), which boss files then name like any primitive (the recipe is in
``docs/new-boss.md``).

>>> Effect.GAIN_SPEED.params
{'amount': <class 'int'>}
>>> Effect("ring_magnet").scope is Scope.RACER
True
>>> check_params(Effect.LANE_SHIFT, {"spaces": 2})
[]
>>> check_params(Effect.LANE_SHIFT, {"spaces": "two"})
["parameter 'spaces' must be a whole number, got 'two'"]
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

__all__ = [
    "ADDED_EFFECTS_MODULE",
    "PARAM_CHOICES",
    "PARAM_RANGES",
    "AddedEffect",
    "Effect",
    "Scope",
    "boss_effect",
    "check_params",
    "effect_named",
    "effect_names",
    "remove_boss_effect",
]


class Scope(Enum):
    """Who may use a primitive."""

    RACER = "racer"
    """Racer Abilities (permanent) and Powers (played with the Power card)."""
    BOSS = "boss"
    """Boss profile rules and Boss Card actions."""


PARAM_CHOICES: dict[str, frozenset[str]] = {
    "terrain": frozenset(
        {"spike", "accelerator", "decelerator", "oil", "treadmill", "spring", "water"}
    ),
    "lanes": frozenset({"same", "up", "down", "nearest_racer", "any"}),
    "target": frozenset({"leader", "last", "nearest", "all"}),
    "movement": frozenset({"run", "jump"}),
}
"""The closed sets of words that ``str`` parameters of these names may take.

``terrain``: a track feature or ``water``. ``lanes``: how a boss picks its lane
(``same`` keeps it, ``up``/``down`` shift by one, ``nearest_racer`` moves into the
lane of the closest racer ahead, ``any`` lets the boss keep its lane).
``target``: which racer(s) a boss effect hits (``leader`` the racer furthest
ahead, ``last`` the one furthest behind, ``nearest`` the closest to the boss,
``all`` every racer). ``movement``: run or jump.
"""

PARAM_RANGES: dict[str, tuple[int, int]] = {
    "amount": (1, 9),
    "speed": (1, 9),
    "spaces": (1, 9),
    "rings": (1, 10),
    "count": (1, 5),
    "stacks": (1, 3),
}
"""Inclusive ranges of ``int`` parameters by name (checked by the catalog)."""


class Effect(Enum):
    """Every effect primitive; ``.params`` maps parameter names to types, ``.scope`` says who."""

    # -- racer Abilities (permanent) ---------------------------------------
    SPEED_CAP = "speed_cap"
    """Ability: Agility Card actions may raise this racer's Speed up to ``speed`` instead of 6."""
    START_SPEED = "start_speed"
    """Ability: the racer starts the race (and restarts after damage without rings) at ``speed``."""
    IGNORE_TERRAIN = "ignore_terrain"
    """Ability: the racer is never affected by ``terrain`` (a feature name or ``water``)."""
    RING_MAGNET = "ring_magnet"
    """Ability: when the racer enters a space it also collects rings on the spaces just above and
    below it (the adjacent lanes of the same column)."""
    DAMAGE_SPEED = "damage_speed"
    """Ability: after damage while holding rings, the racer's Speed is ``speed`` instead of 1."""
    EXTRA_RING_STACK = "extra_ring_stack"
    """Ability: the racer's profile has ``stacks`` more ring stacks than printed."""
    # -- racer Powers (Power Agility Card) ---------------------------------
    GAIN_SPEED = "gain_speed"
    """Power: Speed + ``amount`` (up to the absolute maximum of 9; Turn caps still apply)."""
    LANE_SHIFT = "lane_shift"
    """Power: move up or down up to ``spaces`` lanes without moving forward (Run rules apply)."""
    FLY = "fly"
    """Power: a High Jump of ``spaces`` spaces before the card's Movement."""
    COLLECT_RINGS = "collect_rings"
    """Power: take ``rings`` rings from the ring pile (while it lasts)."""
    PLACE_ROCK = "place_rock"
    """Power: put a rock token from the supply ``spaces`` spaces straight ahead of the racer."""
    SHIELD = "shield"
    """Power: the next damage this racer would suffer is ignored."""
    # -- boss rules and Boss Card actions ----------------------------------
    BOSS_MOVE = "boss_move"
    """Boss: move forward ``spaces`` spaces, choosing the lane by ``lanes``."""
    BOSS_DROP_BADNIK = "boss_drop_badnik"
    """Boss: draw ``count`` badniks from the bag onto the spaces just behind the boss."""
    BOSS_DROP_ROCK = "boss_drop_rock"
    """Boss: put ``count`` rocks from the supply on the spaces just behind the boss."""
    BOSS_ATTACK_LANE = "boss_attack_lane"
    """Boss: damage every racer in the boss's lane within ``spaces`` spaces behind it."""
    BOSS_STEAL_RINGS = "boss_steal_rings"
    """Boss: take ``rings`` rings from the ``target`` racer(s) onto the boss profile."""
    BOSS_SCATTER_RINGS = "boss_scatter_rings"
    """Boss: knock ``rings`` rings off the ``target`` racer(s); they scatter on the spaces
    just ahead of the racer (the boss profile keeps none)."""
    BOSS_SLOW_RACERS = "boss_slow_racers"
    """Boss: reduce the Speed of the ``target`` racer(s) by ``amount`` (never below 1)."""
    BOSS_PLACE_VR_TOKEN = "boss_place_vr_token"
    """Boss (Infinite): place a Virtual Reality token across the first column of the boss's
    section and the last column of the previous one."""
    BOSS_SPAWN_RINGS = "boss_spawn_rings"
    """Boss: put ``rings`` rings from the pile on the boss's space (the boss profile keeps none)."""

    @property
    def params(self) -> dict[str, type]:
        """Parameter names and their types."""
        return dict(_PARAMS[self])

    @property
    def scope(self) -> Scope:
        """Whether racers or bosses use this primitive."""
        return Scope.BOSS if self.value.startswith("boss_") else Scope.RACER


_PARAMS: dict[Effect, dict[str, type]] = {
    Effect.SPEED_CAP: {"speed": int},
    Effect.START_SPEED: {"speed": int},
    Effect.IGNORE_TERRAIN: {"terrain": str},
    Effect.RING_MAGNET: {},
    Effect.DAMAGE_SPEED: {"speed": int},
    Effect.EXTRA_RING_STACK: {"stacks": int},
    Effect.GAIN_SPEED: {"amount": int},
    Effect.LANE_SHIFT: {"spaces": int},
    Effect.FLY: {"spaces": int},
    Effect.COLLECT_RINGS: {"rings": int},
    Effect.PLACE_ROCK: {"spaces": int},
    Effect.SHIELD: {},
    Effect.BOSS_MOVE: {"spaces": int, "lanes": str},
    Effect.BOSS_DROP_BADNIK: {"count": int},
    Effect.BOSS_DROP_ROCK: {"count": int},
    Effect.BOSS_ATTACK_LANE: {"spaces": int},
    Effect.BOSS_STEAL_RINGS: {"rings": int, "target": str},
    Effect.BOSS_SCATTER_RINGS: {"rings": int, "target": str},
    Effect.BOSS_SLOW_RACERS: {"amount": int, "target": str},
    Effect.BOSS_PLACE_VR_TOKEN: {},
    Effect.BOSS_SPAWN_RINGS: {"rings": int},
}

_WORDS = {int: "a whole number", str: "text", bool: "true or false"}


@dataclass(frozen=True)
class AddedEffect:
    """A boss effect added to the primitives (see the module doc); equal by name.

    ``resolve(board, boss_id, boss_rings, spec, racing, chance)`` returns the board, the
    boss's rings and the events, as :func:`racerlab.sonic.effects.apply_boss_effect` does
    for a primitive (``spec.get(name)`` reads a parameter)."""

    value: str
    param_types: tuple[tuple[str, type], ...]
    resolve: Callable[..., tuple[Any, int, list]] = field(compare=False)
    doc: str = field(default="", compare=False)

    @property
    def params(self) -> dict[str, type]:
        """Parameter names and their types."""
        return dict(self.param_types)

    @property
    def scope(self) -> Scope:
        """Bosses use it."""
        return Scope.BOSS


ADDED_EFFECTS_MODULE = "racerlab.sonic.effects.added"
"""Where the project's added boss effects are registered (imported on the first name that
is not a primitive)."""

_ADDED: dict[str, AddedEffect] = {}
"""Added boss effects by name (changed only by :func:`boss_effect` and
:func:`remove_boss_effect`)."""


def boss_effect(name: str, **params: type) -> Callable[[Callable], Callable]:
    """Register the decorated function as the boss effect ``name`` (``boss_`` and lower-case
    words joined by ``_``) with parameters ``params`` (name: ``int``, ``str`` or ``bool``);
    a primitive's name, or one registered already, is refused."""
    if not name.startswith("boss_") or not name.replace("_", "").isalpha() or name != name.lower():
        raise ValueError(f"a boss effect's name is boss_ and lower-case words, got {name!r}")
    if name in {e.value for e in Effect} or name in _ADDED:
        raise ValueError(f"there is an effect named {name!r} already")
    for param, kind in params.items():
        if kind not in _WORDS:
            raise ValueError(f"{name}: parameter {param!r} must be int, str or bool")

    def register(fn: Callable) -> Callable:
        _ADDED[name] = AddedEffect(name, tuple(params.items()), fn, fn.__doc__ or "")
        return fn

    return register


def remove_boss_effect(name: str) -> None:
    """Forget the added boss effect ``name`` (catalogs already read keep it)."""
    _ADDED.pop(name, None)


def effect_named(name: Any) -> Effect | AddedEffect:
    """The primitive, or the added boss effect, called ``name``; ``ValueError`` if none is.

    >>> effect_named("boss_move") is Effect.BOSS_MOVE
    True
    """
    try:
        return Effect(name)
    except ValueError:
        importlib.import_module(ADDED_EFFECTS_MODULE)  # registers the project's added effects
        if isinstance(name, str) and name in _ADDED:
            return _ADDED[name]
        raise


def effect_names(scope: Scope) -> tuple[str, ...]:
    """Every effect name ``scope`` may use: the primitives, then the added boss effects."""
    names = [e.value for e in Effect if e.scope is scope]
    return (*names, *(sorted(_ADDED) if scope is Scope.BOSS else ()))


def check_params(effect: Effect | AddedEffect, given: Mapping[str, Any]) -> list[str]:
    """Reasons ``given`` does not fit ``effect``'s parameters (empty when it fits)."""
    wanted = effect.params
    out: list[str] = []
    for name, kind in wanted.items():
        if name not in given:
            out.append(f"parameter {name!r} is missing")
            continue
        value = given[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            out.append(f"parameter {name!r} must be {_WORDS[kind]}, got {value!r}")
            continue
        if kind is int and name in PARAM_RANGES:
            lo, hi = PARAM_RANGES[name]
            if not lo <= value <= hi:
                out.append(f"parameter {name!r} must be between {lo} and {hi}, got {value}")
        if kind is str and name in PARAM_CHOICES and value not in PARAM_CHOICES[name]:
            known = ", ".join(sorted(PARAM_CHOICES[name]))
            out.append(f"parameter {name!r} has unknown value {value!r} (known: {known})")
    for name in given:
        if name not in wanted:
            known = ", ".join(wanted) or "none"
            out.append(f"parameter {name!r} is not known for {effect.value} (known: {known})")
    return out
