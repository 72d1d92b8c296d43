"""The catalog as the rules read it: its own entries by id, indexed once per catalog.

:func:`facts` indexes a :class:`~.loaders.SonicCatalog` for the rules: the catalog's cards
and racers by id (the very objects the loaders made), each boss over its deck versions
(:class:`~.bosses.Boss`), the sections by zone and the number of VR tokens. It defines no
entry types of its own: the catalog's are the one model. The index is kept by the catalog
it indexes, so it goes when the catalog goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..track import Zone
from .bosses import bosses
from .loaders import load_catalog

if TYPE_CHECKING:
    from ..rounds import CardFacts
    from ..track import Section, SectionType
    from .bosses import Boss
    from .loaders import RacerProfile, SonicCatalog

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


def facts(catalog: SonicCatalog | None = None) -> Facts:
    """The rules' index of ``catalog`` (the bundled catalog by default), made once and kept
    by the catalog itself (:meth:`~.loaders.SonicCatalog.derived`): it lives as long as the
    catalog does, and a catalog nobody holds any more takes its index with it."""
    if catalog is None:
        catalog = load_catalog()
    return catalog.derived("facts", _index)


def _index(catalog: SonicCatalog) -> Facts:
    return Facts(
        {c.id: c for c in catalog.cards},
        dict(catalog.racers),
        bosses(catalog.bosses, catalog.boss_decks),
        {zone: tuple(catalog.sections.get(zone, ())) for zone in Zone},
        catalog.components.vr_tokens,
    )
