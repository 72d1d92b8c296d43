"""The catalog ``racerlab serve --catalog DIR`` plays: every new page's game starts with it.

:func:`serve_catalog` reads each served game's catalog from the folder once, before the
server listens (a refused folder stops the command with every problem named by file,
entry and field); :func:`served_catalog` gives a game's catalog to the dashboards that
build a page (``None``: the bundled one). Forked server processes inherit it.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ...core.catalog_files import (
    CatalogFolder,
    LoadedCatalog,
    catalog_file_names,
    catalog_games,
    game_folder,
)

__all__ = ["serve_catalog", "served_catalog"]

_SERVED: dict[str, LoadedCatalog] = {}
_LOCK = threading.Lock()


def serve_catalog(folder: str | Path | None, games: list[str] | None = None) -> list[str]:
    """Play the catalog in ``folder`` on every new page of ``games`` (default: every game
    whose files the folder holds, as ``racerlab catalog export`` writes them: the others
    keep the bundled catalog); ``None`` goes back to the bundled catalogs. Returns the games
    whose catalog was read; a refused catalog raises its
    :class:`~racerlab.core.errors.CatalogError` and changes nothing."""
    if folder is None:
        with _LOCK:
            _SERVED.clear()
        return []
    source = CatalogFolder(folder)
    wanted = [g for g in (games or catalog_games()) if g in catalog_games()]
    if games is None:  # every game: those whose files the folder holds (others: bundled)
        wanted = [g for g in wanted if _holds_files_of(g, Path(folder))]
    loaded = {game: source.load(game) for game in wanted}
    with _LOCK:
        _SERVED.clear()
        _SERVED.update(loaded)
    return wanted


def _holds_files_of(game: str, folder: Path) -> bool:
    here = game_folder(game, folder)
    return any((here / name).is_file() for name in catalog_file_names(game))


def served_catalog(game: str) -> Any:
    """The catalog object a new page of ``game`` plays (``None``: the bundled one)."""
    with _LOCK:
        hit = _SERVED.get(game)
    return None if hit is None else hit.catalog
