"""The catalog seen from the rules: small precomputed lookups, built once per catalog.

:func:`facts` turns a :class:`~racerlab.sonic.catalog.SonicCatalog` into plain
frozen values (cards, racers, bosses, sections by zone) so hot paths never touch
the catalog's richer objects. This is the one place that knows the catalog's
field names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import ScenarioError
from .effect_names import Effect
from .rounds import CardFacts
from .track import Section, SectionType, Zone

__all__ = ["BossCardFacts", "BossFacts", "EffectSpec", "Facts", "RacerFacts", "facts"]


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One effect primitive with its parameters."""

    effect: Effect
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """A parameter's value."""
        for k, v in self.params:
            if k == name:
                return v
        return default

    def describe(self) -> str:
        """The primitive in words, e.g. ``gain_speed(amount=2)``."""
        inside = ", ".join(f"{k}={v}" for k, v in self.params)
        return f"{self.effect.value}({inside})"


@dataclass(frozen=True, slots=True)
class RacerFacts:
    """A racer's profile: base, ring stacks, Ability and Power."""

    id: str
    name: str
    large: bool
    stacks: int
    ability: tuple[EffectSpec, ...]
    power: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True)
class BossCardFacts:
    """A boss card: priority and the actions it resolves, in order."""

    id: str
    name: str
    priority: int
    actions: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True)
class BossFacts:
    """A boss: profile rules (in effect while it races) and its deck, in every deck version.

    ``rules`` are the newest version's; ``cards`` holds the cards of every version (a card
    id means one card in all of them); ``decks`` and ``deck_rules`` give each version's
    card ids and profile rules (:meth:`deck`, :meth:`profile_rules`)."""

    id: str
    name: str
    rules: tuple[EffectSpec, ...]
    cards: Mapping[str, BossCardFacts]
    rings: int = 10
    decks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    deck_rules: Mapping[str, tuple[EffectSpec, ...]] = field(default_factory=dict)

    def _version(self, version: str | None) -> str | None:
        """The version played for ``version``: itself, the newest for ``None``, or a boss's
        only deck (custom data has one); ``None`` when no versions are listed."""
        if not self.decks:
            return None
        if version in self.decks:
            return version
        if version is None or len(self.decks) == 1:
            return next(iter(self.decks))
        known = ", ".join(sorted(self.decks))
        raise ScenarioError(f"boss {self.id!r} has no deck version {version!r} (known: {known})")

    def deck(self, version: str | None = None) -> tuple[str, ...]:
        """The card ids of the boss's deck in ``version`` (the newest when ``None``)."""
        v = self._version(version)
        return self.decks[v] if v is not None else tuple(self.cards)

    def profile_rules(self, version: str | None = None) -> tuple[EffectSpec, ...]:
        """The profile's gameplay rules in ``version`` (the newest when ``None``)."""
        v = self._version(version)
        return self.deck_rules[v] if v is not None else self.rules


@dataclass(frozen=True)
class Facts:
    """Everything the rules need from the catalog, by id."""

    cards: Mapping[str, CardFacts]
    racers: Mapping[str, RacerFacts]
    bosses: Mapping[str, BossFacts]
    sections: Mapping[Zone, tuple[Section, ...]]
    vr_tokens: int = 5

    def section(self, section_id: str) -> Section:
        """A section by id (any zone)."""
        for group in self.sections.values():
            for s in group:
                if s.id == section_id:
                    return s
        raise KeyError(section_id)

    def of_type(self, zone: Zone, kind: SectionType) -> tuple[Section, ...]:
        """The sections of ``zone`` of one type, in catalog order."""
        return tuple(s for s in self.sections.get(zone, ()) if s.type is kind)


def _spec(raw: Any) -> EffectSpec:
    if isinstance(raw, EffectSpec):
        return raw
    effect = getattr(raw, "effect", None)
    params = getattr(raw, "params", None)
    if effect is None and isinstance(raw, Mapping):
        effect, params = raw.get("effect"), raw.get("params", {})
    effect = effect if isinstance(effect, Effect) else Effect(str(effect))
    items = tuple(sorted(dict(params or {}).items()))
    return EffectSpec(effect, items)


def _specs(raw: Any) -> tuple[EffectSpec, ...]:
    if raw is None:
        return ()
    if isinstance(raw, list | tuple):
        return tuple(_spec(r) for r in raw)
    return (_spec(raw),)


def _value(x: Any) -> str:
    return x.value if hasattr(x, "value") else str(x)


_CACHE: dict[int, tuple[Any, Facts]] = {}


def facts(catalog: Any = None) -> Facts:
    """The rules' view of ``catalog`` (the bundled catalog by default), cached."""
    if catalog is None:
        from .catalog import load_catalog

        catalog = load_catalog()
    got = _CACHE.get(id(catalog))
    if got is not None and got[0] is catalog:
        return got[1]
    cards: dict[str, CardFacts] = {c.id: c for c in _values(catalog.cards)}
    racers = {}
    for r in _values(catalog.racers):
        racers[r.id] = RacerFacts(
            r.id,
            r.name,
            _value(getattr(r, "base", "normal")) == "large" or bool(getattr(r, "large", False)),
            int(getattr(r, "stacks", getattr(r, "ring_stacks", 5))),
            _specs(r.ability),
            _specs(r.power),
        )
    bosses = {b.id: _boss(b, catalog) for b in _values(catalog.bosses)}
    sections: dict[Zone, tuple[Section, ...]] = {}
    raw = catalog.sections
    for zone in Zone:
        group = raw.get(zone, ()) if isinstance(raw, Mapping) else ()
        sections[zone] = tuple(group)
    comps = getattr(catalog, "components", None)
    vr = int(getattr(comps, "vr_tokens", 5)) if comps is not None else 5
    out = Facts(cards, racers, bosses, sections, vr)
    _CACHE[id(catalog)] = (catalog, out)
    return out


def _boss(b: Any, catalog: Any) -> BossFacts:
    """A boss's facts over every deck version the catalog holds (the newest, ``b``, first)."""
    versions = {getattr(b, "version", "v1"): b}
    for v, group in dict(getattr(catalog, "boss_decks", None) or {}).items():
        if b.id in group:
            versions.setdefault(v, group[b.id])
    cards: dict[str, BossCardFacts] = {}
    decks: dict[str, tuple[str, ...]] = {}
    deck_rules: dict[str, tuple[EffectSpec, ...]] = {}
    for v, profile in versions.items():
        ids = []
        for c in getattr(profile, "deck", None) or profile.cards:
            ids.append(str(c.id))
            cards.setdefault(
                str(c.id),
                BossCardFacts(
                    str(c.id), c.name, int(c.priority), _specs(getattr(c, "actions", ()))
                ),
            )
        decks[v] = tuple(ids)
        deck_rules[v] = _specs(getattr(profile, "rules", ()))
    return BossFacts(
        b.id,
        b.name,
        _specs(getattr(b, "rules", ())),
        cards,
        int(getattr(b, "rings", 10)),
        decks,
        deck_rules,
    )


def _values(x: Any) -> list:
    return list(x.values()) if isinstance(x, Mapping) else list(x)
