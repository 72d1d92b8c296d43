"""What every Battle Racers catalog file shares: the header, the effect tables, the sources.

:mod:`.loaders` and :mod:`.bosses` read their files with
these; :class:`EffectSpec` is the one form of an effect, in the catalog and in the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..effect_names import AddedEffect, Effect, check_params, effect_named, effect_names

if TYPE_CHECKING:
    from ...core.catalog import Checker
    from ..effect_names import Scope

__all__ = ["SOURCES", "VERSION", "EffectSpec", "header", "read_effects"]

VERSION = 1
"""The catalog format version these readers understand."""
SOURCES = ("rulebook", "illustrative")
"""Allowed ``source`` values."""


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One effect primitive with its parameters, e.g. ``gain_speed(amount=2)``."""

    effect: Effect | AddedEffect
    params: tuple[tuple[str, int | str | bool], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """The value of parameter ``name`` (``default`` when the effect has none)."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def describe(self) -> str:
        """``name(param=value, ...)``."""
        inner = ", ".join(f"{k}={v}" for k, v in self.params)
        return f"{self.effect.value}({inner})"


def header(checker: Checker, data: dict) -> None:
    """Check a file's ``version`` and that it has no unknown top-level key."""
    version = data.get("version")
    if version != VERSION:
        checker.add("(file)", "version", f"must be {VERSION}, got {version!r}")
    known = {"kind", "version", "zone", "section", "card", "racer", "boss", "component", "deck"}
    for key in data:
        if key not in known:
            checker.add("(file)", key, "is not a known top-level key")


def read_effects(
    checker: Checker, entry: str, field: str, raw: Any, scope: Scope, *, at_least: int = 1
) -> tuple[EffectSpec, ...]:
    """Read a list of effect tables (``{effect = "name", param = value}``), or one table."""
    items = [raw] if isinstance(raw, dict) else raw
    if not isinstance(items, list) or len(items) < at_least:
        checker.add(entry, field, f"must be an effect table or a list of at least {at_least}")
        return ()
    out = []
    for i, item in enumerate(items):
        where = field if isinstance(raw, dict) else f"{field}[{i}]"
        if not isinstance(item, dict):
            checker.add(entry, where, f'must be a table like {{effect = "..."}}, got {item!r}')
            continue
        name = item.get("effect")
        try:
            effect = effect_named(name)
        except ValueError:
            known = ", ".join(effect_names(scope))
            checker.add(entry, f"{where}.effect", f"unknown effect {name!r} (known: {known})")
            continue
        if effect.scope is not scope:
            checker.add(entry, f"{where}.effect", f"{name!r} is a {effect.scope.value} effect")
            continue
        params = {k: v for k, v in item.items() if k != "effect"}
        reasons = check_params(effect, params)
        for reason in reasons:
            checker.add(entry, where, reason)
        if not reasons:
            out.append(EffectSpec(effect, tuple(sorted(params.items()))))
    return tuple(out)
