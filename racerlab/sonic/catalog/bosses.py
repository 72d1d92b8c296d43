"""The Battle Racers bosses: reading their files, and a boss over its deck versions.

A ``sonic-bosses`` file (``bosses.toml``) holds boss profiles and their 16-card decks; its
top-level ``deck`` says which version of the bundled boss data it is (``v1`` when absent).
:func:`boss_decks` reads ``bosses.toml`` and the older versions beside it
(``bosses-v1.toml``), so saved games replay with the cards they were played with
(docs/data.md, "Boss deck versions"). A :class:`BossProfile` is one version's entry; a
:class:`Boss` (:func:`bosses`) is what the rules play: a boss with the cards and profile rules
of every version.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.catalog import Checker, Field, Schema, read_toml
from ...core.errors import CatalogError, Problem, ScenarioError
from ...core.provenance import PRINTED_FIELD
from ..effect_names import Scope
from ..track import Zone
from .common import SOURCES, header, read_effects

if TYPE_CHECKING:
    from .common import EffectSpec

__all__ = [
    "DECK_VERSION",
    "Boss",
    "BossCard",
    "BossProfile",
    "boss_decks",
    "bosses",
    "load_bosses",
]


@dataclass(frozen=True, slots=True)
class BossCard:
    """A Boss Card: priority and the actions (all resolved when possible)."""

    id: str
    name: str
    priority: int
    actions: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True)
class BossProfile:
    """A boss: the zone it comes with, its gameplay rules, starting rings and deck."""

    id: str
    name: str
    zone: Zone
    rings: int
    rules: tuple[EffectSpec, ...]
    deck: tuple[BossCard, ...]
    rules_text: str
    source: str
    version: str = "v1"
    """The boss deck version of the file it came from (its top-level ``deck``)."""


_BOSS = Schema(
    {
        "id": Field(str),
        "name": Field(str),
        "zone": Field(str, choices={z.value for z in Zone}),
        "rings": Field(int, min=1, max=50),
        "rules": Field(list, item=dict),
        "rules_text": Field(str),
        "source": Field(str, choices=set(SOURCES)),
        "printed": PRINTED_FIELD,
        "card": Field(list, item=dict),
    }
)
_BOSS_CARD = Schema(
    {
        "id": Field(str),
        "name": Field(str),
        "priority": Field(int, min=1, max=99),
        "actions": Field(list, item=dict),
    }
)


DECK_VERSION = re.compile(r"v[0-9]{1,3}")
"""How a boss deck version is written (``v1``, ``v2``, ...)."""


def load_bosses(path: str | Path) -> dict[str, BossProfile]:
    """Read and check a ``sonic-bosses`` file (its ``deck`` version: ``v1`` when absent)."""
    path = Path(path)
    data = read_toml(path, kind="sonic-bosses")
    checker = Checker(str(path))
    header(checker, data)
    version = data.get("deck", "v1")
    if not isinstance(version, str) or not DECK_VERSION.fullmatch(version):
        checker.add("(file)", "deck", f'must be a deck version like "v2", got {version!r}')
    rows = checker.entries(data, "boss", _BOSS)
    out = {}
    for bid, row in rows.items():
        n = len(checker.problems)
        rules = read_effects(checker, bid, "rules", row["rules"], Scope.BOSS, at_least=0)
        deck = []
        seen: set[str] = set()
        for i, raw in enumerate(row["card"]):
            label = f"{bid}.card[{i}]"
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                label = f"{bid}.{raw['id']}"
                if raw["id"] in seen:
                    checker.add(label, "id", f"duplicate boss card id {raw['id']!r}")
                    continue
                seen.add(raw["id"])
            card = checker.entry(label, raw, _BOSS_CARD)
            if card is None:
                continue
            actions = read_effects(checker, label, "actions", card["actions"], Scope.BOSS)
            deck.append(BossCard(card["id"], card["name"], card["priority"], actions))
        if not deck:
            checker.add(bid, "card", "a boss needs a deck of at least one card")
        if len(checker.problems) == n:
            out[bid] = BossProfile(
                bid,
                row["name"],
                Zone(row["zone"]),
                row["rings"],
                rules,
                tuple(deck),
                row["rules_text"],
                row["source"],
                version if isinstance(version, str) else "v1",
            )
    checker.raise_if_any()
    return out


def boss_decks(folder: Path) -> dict[str, dict[str, BossProfile]]:
    """``bosses.toml`` and the older versions beside it (``bosses-*.toml``) by deck version;
    a card id means one card in every version (a changed card gets a new id)."""
    decks: dict[str, dict[str, BossProfile]] = {}
    cards: dict[str, tuple[str, BossCard]] = {}
    problems = []
    for path in [folder / "bosses.toml", *sorted(folder.glob("bosses-*.toml"))]:
        group = load_bosses(path)
        version = next(iter(group.values())).version if group else "v1"
        if version in decks:
            problems.append(Problem(str(path), "(file)", "deck", f"version {version} twice"))
            continue
        decks[version] = group
        for boss in group.values():
            for card in boss.deck:
                seen = cards.setdefault(card.id, (str(path), card))
                if seen[1] != card:
                    problems.append(
                        Problem(
                            str(path),
                            f"{boss.id}.{card.id}",
                            "id",
                            f"differs from the card of that id in {seen[0]}: give it a new id",
                        )
                    )
    if problems:
        raise CatalogError(problems)
    return decks


@dataclass(frozen=True, slots=True)
class Boss:
    """A boss as the rules play it: its profile rules and deck in every deck version.

    ``rules`` are the newest version's; ``cards`` holds the cards of every version (a card
    id means one card in all of them); ``decks`` and ``deck_rules`` give each version's
    card ids and profile rules (:meth:`deck`, :meth:`profile_rules`), the newest first."""

    id: str
    name: str
    rules: tuple[EffectSpec, ...]
    cards: Mapping[str, BossCard]
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


def bosses(
    newest: Mapping[str, BossProfile], decks: Mapping[str, Mapping[str, BossProfile]]
) -> dict[str, Boss]:
    """Every boss of ``newest`` with its cards and rules in each version of ``decks``."""
    return {b.id: _boss(b, decks) for b in newest.values()}


def _boss(newest: BossProfile, decks: Mapping[str, Mapping[str, BossProfile]]) -> Boss:
    versions = {newest.version: newest}
    for v, group in decks.items():
        if newest.id in group:
            versions.setdefault(v, group[newest.id])
    cards: dict[str, BossCard] = {}
    for profile in versions.values():
        for card in profile.deck:
            cards.setdefault(card.id, card)
    return Boss(
        newest.id,
        newest.name,
        newest.rules,
        cards,
        newest.rings,
        {v: tuple(c.id for c in p.deck) for v, p in versions.items()},
        {v: p.rules for v, p in versions.items()},
    )
