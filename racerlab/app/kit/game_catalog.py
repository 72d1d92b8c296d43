"""Which catalog a dashboard's kit plays when it shows a loaded game.

A saved game or link may carry its own cards (see :mod:`racerlab.core.catalog_diff`);
when a page shows such a game, its kit plays those cards from then on, so a new random
game, the Tweak tab's choices and the Catalog tab follow the game shown.
"""

from __future__ import annotations

from typing import Any

from ...core.catalog_files import loaded_catalog

__all__ = ["kit_playing"]


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
