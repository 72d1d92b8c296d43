"""Abilities added to the rulebook's: each one named here, with its rule, in this one module.

The rulebook's abilities are the members of :class:`~racerlab.knights.parts.Ability`, each
ruled where it acts. An added ability is an :class:`AddedAbility`, made by :func:`add_ability`
with the kinds of card that may carry it and up to two rules, called by the attack:

* ``strength(d, attack, geometry) -> int``: Strength it adds to its racer's weapon or Ram
  attack (shown in the shot's Strength parts under the ability's name);
* ``on_damage(d, attack, dice) -> None``: what it does to a racer its racer's shot damaged,
  after Bounce, Spin, Slow and Weakness (``d`` is the :class:`~racerlab.knights.draft.Draft`
  being resolved: ``d.set``, ``d.emit`` and the other draft methods change the game).

A card carries an added ability like any other (``abilities = ["name"]`` in ``parts.toml``),
and an ability from a shield counts for the whole racer. None is added yet: the recipe in
``docs/new-ability.md`` adds one, here, with its card and its test.

>>> honed = add_ability("honed_test", kinds=(PartKind.WEAPON,), strength=lambda d, a, g: 1)
>>> honed.label, added_ability("honed_test") is honed
('Honed Test', True)
>>> remove_ability("honed_test")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .parts import Ability, AddedAbility, PartKind

__all__ = [
    "AddedAbility",
    "add_ability",
    "added_ability",
    "added_names",
    "added_of",
    "remove_ability",
]


_ADDED: dict[str, AddedAbility] = {}
"""The added abilities by name (changed only by :func:`add_ability` and :func:`remove_ability`)."""


def add_ability(
    name: str,
    *,
    kinds: Iterable[PartKind],
    strength: Callable[[Any, Any, Any], int] | None = None,
    on_damage: Callable[[Any, Any, Any], None] | None = None,
    doc: str = "",
) -> AddedAbility:
    """Add the ability ``name`` (lower case words joined by ``_``); cards loaded from now on
    may carry it. A rulebook ability's name, or one added already, is refused."""
    if not name.replace("_", "").isalpha() or name != name.lower():
        raise ValueError(f"an ability's name is lower-case words joined by _, got {name!r}")
    if name in {a.value for a in Ability} or name in _ADDED:
        raise ValueError(f"there is an ability named {name!r} already")
    added = AddedAbility(name, frozenset(kinds), strength, on_damage, doc)
    if not added.kinds:
        raise ValueError(f"{name}: name the kinds of card that may carry it")
    _ADDED[name] = added
    return added


def remove_ability(name: str) -> None:
    """Forget the added ability ``name`` (cards already loaded keep it)."""
    _ADDED.pop(name, None)


def added_ability(name: str) -> AddedAbility | None:
    """The added ability named ``name``, if there is one."""
    return _ADDED.get(name)


def added_names() -> tuple[str, ...]:
    """The names of the added abilities, sorted."""
    return tuple(sorted(_ADDED))


def added_of(abilities: Iterable[Any]) -> tuple[AddedAbility, ...]:
    """The added abilities among ``abilities`` (a racer's), in name order."""
    return tuple(sorted((a for a in abilities if isinstance(a, AddedAbility)), key=_name))


def _name(a: AddedAbility) -> str:
    return a.value
