"""The catalog as the rules read it: its own entries by id, indexed once per catalog.

:func:`facts` indexes a :class:`~racerlab.sonic.catalog.SonicCatalog` for the rules: the
catalog's cards and racers by id (the very objects the loaders made), each boss over its deck
versions (:class:`~racerlab.sonic.boss_catalog.Boss`), the sections by zone and the number of
VR tokens. It defines no entry types of its own: the catalog's are the one model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .boss_catalog import Boss, bosses
from .catalog import RacerProfile, SonicCatalog, load_catalog
from .rounds import CardFacts
from .track import Section, SectionType, Zone

__all__ = ["Facts", "facts"]


@dataclass(frozen=True)
class Facts:
    """Everything the rules need from the catalog, by id."""

    cards: Mapping[str, CardFacts]
    racers: Mapping[str, RacerProfile]
    bosses: Mapping[str, Boss]
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


_CACHE: dict[int, tuple[SonicCatalog, Facts]] = {}


def facts(catalog: SonicCatalog | None = None) -> Facts:
    """The rules' index of ``catalog`` (the bundled catalog by default), cached."""
    if catalog is None:
        catalog = load_catalog()
    got = _CACHE.get(id(catalog))
    if got is not None and got[0] is catalog:
        return got[1]
    out = Facts(
        {c.id: c for c in catalog.cards},
        dict(catalog.racers),
        bosses(catalog.bosses, catalog.boss_decks),
        {zone: tuple(catalog.sections.get(zone, ())) for zone in Zone},
        catalog.components.vr_tokens,
    )
    _CACHE[id(catalog)] = (catalog, out)
    return out
