"""Which catalog a dashboard's kit plays when it shows a loaded game.

A saved game or link may carry its own cards (see :mod:`racerlab.core.catalog_diff`);
when a page shows such a game, its kit plays those cards from then on, so a new random
game, the Tweak tab's choices and the Catalog tab follow the game shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.catalog_files import loaded_catalog

__all__ = ["kit_playing", "with_catalog_record"]


def kit_playing(kit: Any, tl: Any) -> Any:
    """``kit`` playing the catalog of game ``tl`` (a loaded game's own cards, or the bundled
    ones for a game saved without a catalog), so new games, the Tweak choices and the
    Catalog tab follow the game shown; ``kit`` itself when it plays them already."""
    loaded = tl.catalog_loaded
    wanted = None if loaded is None else loaded.catalog
    if kit.with_catalog is None or kit.catalog is wanted:
        return kit
    if wanted is None and loaded_catalog(kit.catalog) is None:
        return kit  # a catalog of its own that was not loaded from files: left as it is
    return kit.with_catalog(wanted)


def with_catalog_record(tl: Any, earlier: Sequence[Any] = ()) -> Any:
    """``tl``, holding the record of how its catalog was loaded: from the ``earlier`` games
    of the page that played the same catalog, else as
    :func:`~racerlab.core.catalog_files.loaded_catalog` remembers it now. So a page's game
    is saved with its cards however many catalogs the server reads later."""
    if tl.catalog_loaded is None:
        catalog = getattr(tl.rules, "catalog", None)
        known = [e.catalog_loaded for e in earlier if e.catalog_loaded is not None]
        mine = [k for k in known if k.catalog is catalog]
        tl.catalog_loaded = mine[0] if mine else loaded_catalog(catalog)
    return tl
