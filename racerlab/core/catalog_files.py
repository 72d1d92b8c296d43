"""A game's catalog as a set of files: load your own (some or all of them), export a template.

A game's bundled catalog is the ``*.toml`` files of ``data/<game>/``. Anyone may
write their own cards in files of the same names:

* :func:`load_catalog_files` reads files given by name and content (an upload):
  each must be one of the bundled file names; the files not given are the
  bundled ones, so a subset replaces only those files. The whole set is checked
  by the game's own loader (the same checks as ``racerlab validate``), and every
  problem names the file as it was given, its entry and its field. Sizes are
  limited: :data:`~racerlab.core.catalog.MAX_FILE_BYTES` a file and
  :data:`MAX_CATALOG_BYTES` in all.
* :func:`load_catalog_folder` reads a folder of such files (what
  ``racerlab catalog export DIR`` writes; the command line's ``--catalog DIR``) through
  :func:`load_catalog_files`: the same checks and limits, every problem naming the file
  by its path. :func:`catalog_for` turns what a caller gives as ``catalog=`` (a catalog,
  a folder, a :class:`CatalogFolder`) into the game's catalog object.
* :func:`provenance_index` gives the provenance of a catalog so loaded (its own
  ``printed`` lists), so the tools mark the values of ours in the cards played;
  the last :data:`MAX_REMEMBERED` catalogs loaded are remembered.
* :func:`export_catalog` writes the bundled files as an editable template: each
  entry with values of ours (illustrative, not printed in the rulebook) gets a
  ``# ours:`` comment line naming them, above it. Comments change nothing, so
  the template loads back to the same catalog.

The core names no game: ``game`` is a registered game's name
(:mod:`racerlab.core.registry`) whose catalog lives in ``data/<game>/``.
"""

from __future__ import annotations

import copy
import functools
import os
import re
import tempfile
import threading
import tomllib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .catalog import MAX_FILE_BYTES, data_dir, read_limited, read_toml
from .catalog_diff import apply_files, catalog_hash, diff_files, to_toml
from .errors import CatalogError, Problem, ScenarioError, clip
from .limits import MAX_CATALOG_BYTES, MAX_PATH_CHARS
from .printed import entry_provenance
from .provenance import ProvenanceIndex
from .registry import descriptor

__all__ = [
    "MAX_CATALOG_BYTES",
    "MAX_CATALOG_FILES",
    "CatalogFolder",
    "LoadedCatalog",
    "catalog_file_names",
    "catalog_for",
    "catalog_games",
    "export_catalog",
    "game_folder",
    "load_catalog_files",
    "load_catalog_folder",
    "loaded_catalog",
    "marked_text",
    "provenance_index",
    "remember",
    "restore_catalog",
    "saved_catalog",
]

MAX_CATALOG_FILES = 40
"""Most files a set of catalog files given at once may hold."""

MAX_REMEMBERED = 64
"""How many catalogs loaded from files keep their provenance (:func:`provenance_index`)."""

OURS_NOTE = "# ours (illustrative, not printed in the rulebook):"
"""How an exported template marks the values of an entry that are ours."""

_HEADER = """\
# Template written by `racerlab catalog export` from racerlab's bundled catalog.
# A line "{note} ..." above an entry names its values
# that are racerlab's design; `printed` lists those the rulebook prints. Edit any value,
# then check the file with `racerlab validate FILE` or load it in a dashboard's Catalog tab.
"""
_ALL_OURS = "# Every value in this file is ours (illustrative, not printed in the rulebook).\n"
_TABLE_LINE = re.compile(r"^\[\[\s*([A-Za-z0-9_-]+)\s*\]\]\s*(#.*)?$")


@dataclass(frozen=True)
class LoadedCatalog:
    """A catalog read from given files: the game's catalog object, the names of the files
    given (the others are the bundled ones) and the provenance of every entry."""

    game: str
    catalog: Any
    files: tuple[str, ...]
    provenance: ProvenanceIndex
    saved: dict[str, Any] | None = None
    """What a saved game stores of this catalog: ``{"changes": ..., "sha256": ...}`` (see
    :mod:`racerlab.core.catalog_diff`); ``None`` when it is the bundled catalog's data."""

    def for_game(self, game: str) -> Any:
        """The catalog, for ``game``'s games; :class:`ScenarioError` for another game's."""
        if game != self.game:
            raise ScenarioError(f"that catalog is {self.game}'s, not {game}'s")
        return self.catalog


_REMEMBERED: OrderedDict[int, LoadedCatalog] = OrderedDict()
_LOCK = threading.Lock()


def remember(loaded: LoadedCatalog) -> None:
    """Keep ``loaded`` findable from its catalog object (:func:`loaded_catalog`): what
    :func:`load_catalog_files` does; also for a catalog that came back from another process
    (the replay process) with the game that plays it."""
    with _LOCK:
        _REMEMBERED[id(loaded.catalog)] = loaded  # kept alive: the id stays its own
        _REMEMBERED.move_to_end(id(loaded.catalog))
        while len(_REMEMBERED) > MAX_REMEMBERED:
            _REMEMBERED.popitem(last=False)


def loaded_catalog(catalog: Any) -> LoadedCatalog | None:
    """How ``catalog`` was loaded, if by :func:`load_catalog_files` (one of the last
    :data:`MAX_REMEMBERED`), else ``None``."""
    with _LOCK:
        hit = _REMEMBERED.get(id(catalog))
    return hit if hit is not None and hit.catalog is catalog else None


def provenance_index(catalog: Any) -> ProvenanceIndex | None:
    """The provenance of ``catalog`` if it was loaded by :func:`load_catalog_files` (one of
    the last :data:`MAX_REMEMBERED`), else ``None`` (the caller uses the bundled files')."""
    hit = loaded_catalog(catalog)
    return hit.provenance if hit is not None else None


def catalog_games() -> list[str]:
    """The registered games with a bundled catalog folder (``data/<game>/``)."""
    from .registry import descriptors

    return [d.name for d in descriptors() if d.load_catalog and (data_dir() / d.name).is_dir()]


def _folder(game: str) -> Path:
    folder = data_dir() / game
    if descriptor(game).load_catalog is None or not folder.is_dir():
        raise ScenarioError(f"{game} has no catalog files (games with one: {_games()})")
    return folder


def _games() -> str:
    return ", ".join(catalog_games()) or "none"


def catalog_file_names(game: str) -> tuple[str, ...]:
    """The names of the files of ``game``'s catalog, as bundled (sorted)."""
    return tuple(sorted(p.name for p in _folder(game).glob("*.toml")))


def _refuse(file: str, field: str, reason: str, entry: str = "(file)") -> CatalogError:
    return CatalogError([Problem(file, entry, field, reason)])


def _check_given(game: str, files: Mapping[str, bytes]) -> None:
    names = catalog_file_names(game)
    if not files:
        raise _refuse("(catalog)", "(files)", "no files given")
    if len(files) > MAX_CATALOG_FILES:
        reason = f"{len(files)} files; the limit is {MAX_CATALOG_FILES}"
        raise _refuse("(catalog)", "(files)", reason)
    total = sum(len(b) for b in files.values())
    if total > MAX_CATALOG_BYTES:
        reason = f"{total} bytes in all; the limit is {MAX_CATALOG_BYTES}"
        raise _refuse("(catalog)", "(size)", reason)
    problems = []
    for name, raw in files.items():
        if name not in names:
            reason = f"is not a file of the {game} catalog (its files: {', '.join(names)})"
            problems.append(Problem(name, "(file)", "(name)", reason))
        elif len(raw) > MAX_FILE_BYTES:
            reason = f"is {len(raw)} bytes; the limit is {MAX_FILE_BYTES}"
            problems.append(Problem(name, "(file)", "(size)", reason))
    if problems:
        raise CatalogError(problems)


def load_catalog_files(game: str, files: Mapping[str, bytes]) -> LoadedCatalog:
    """``game``'s catalog with ``files`` (name -> content) in place of the bundled files of
    those names; :class:`CatalogError` naming each file (as given), entry and field wrong.

    Nothing is kept on disk; a refused set changes nothing.
    """
    _check_given(game, files)
    bundled = _folder(game)
    with tempfile.TemporaryDirectory(prefix="racerlab-catalog-") as tmp:
        folder = Path(tmp)
        for name in catalog_file_names(game):
            given = files.get(name)
            raw = given if given is not None else (bundled / name).read_bytes()
            (folder / name).write_bytes(raw)

        def named(text: str) -> str:
            """``text`` with each path in the folder written as the file's name (a file not
            given is marked bundled)."""
            for name in catalog_file_names(game):
                shown = name if name in files else f"{name} (bundled)"
                text = text.replace(str(folder / name), shown)
            return text

        try:
            catalog = descriptor(game).load_catalog(folder)
            index = ProvenanceIndex(sorted(folder.glob("*.toml")))
        except CatalogError as exc:
            raise CatalogError(
                [Problem(named(p.file), p.entry, p.field, named(p.reason)) for p in exc.problems]
            ) from None
    loaded = LoadedCatalog(game, catalog, tuple(sorted(files)), index, _saved_form(game, files))
    remember(loaded)
    return loaded


@functools.lru_cache(maxsize=8)
def _bundled_data(game: str) -> dict[str, Any]:
    folder = _folder(game)
    return {name: read_toml(folder / name) for name in catalog_file_names(game)}


def _saved_form(game: str, files: Mapping[str, bytes]) -> dict[str, Any] | None:
    """The changes of ``files`` (already checked by the loader) from the bundled catalog,
    with the hash of the whole result; ``None`` if nothing differs."""
    bundled = _bundled_data(game)
    given = {name: tomllib.loads(raw.decode("utf-8")) for name, raw in files.items()}
    changes = diff_files(bundled, given)
    if not changes:
        return None
    return {"changes": changes, "sha256": catalog_hash({**bundled, **given})}


def saved_catalog(game: str, catalog: Any, loaded: Any = None) -> dict[str, Any] | None:
    """What a saved game of ``game`` stores of ``catalog``: ``None`` for the bundled cards
    (or a game that plays none), else the changes and their hash (``LoadedCatalog.saved``)
    of ``loaded`` (the game's own record of how its catalog was loaded, when it is that
    catalog's) or of the catalog as remembered (:func:`loaded_catalog`). A catalog built
    in Python rather than read from files cannot be saved: a :class:`ScenarioError` says
    so (load it with :func:`load_catalog_files` instead)."""
    load = descriptor(game).load_catalog if game in _game_names() else None
    if catalog is None or load is None or catalog is load():
        return None
    mine = isinstance(loaded, LoadedCatalog) and loaded.catalog is catalog
    hit = loaded if mine else loaded_catalog(catalog)
    if hit is None:
        raise ScenarioError(
            f"this {game} game plays a catalog that was not read from files, so it cannot be"
            " saved with the game: load the cards with load_catalog_files or --catalog DIR"
        )
    return copy.deepcopy(hit.saved)  # the caller's to change (a saved game's JSON)


def _game_names() -> list[str]:
    from .registry import game_names

    return game_names()


def restore_catalog(game: str, saved: Any, source: str = "saved game") -> LoadedCatalog:
    """The catalog a saved game stores (:func:`saved_catalog`), rebuilt from the bundled
    one and checked: its hash first (a cut or altered part, or one saved against other
    bundled cards, is refused), then every rule of the game's own loader. Every problem
    names ``source``, the file, the entry and the field (:class:`CatalogError`)."""
    where = f"{source}: catalog"
    if not isinstance(saved, dict) or set(saved) != {"changes", "sha256"}:
        raise _refuse(where, "(catalog)", 'must be a table of "changes" and "sha256"', "(part)")
    bundled = _bundled_data(game)
    data = apply_files(bundled, saved["changes"], where)
    if catalog_hash(data) != saved["sha256"]:
        raise _refuse(where, "sha256", _ALTERED, "(part)")
    changed = {name: to_toml(data[name]).encode("utf-8") for name in saved["changes"]}
    try:
        return load_catalog_files(game, changed)
    except CatalogError as exc:
        raise CatalogError(
            [Problem(f"{where} {p.file}", p.entry, p.field, p.reason) for p in exc.problems]
        ) from None


_ALTERED = (
    "the cards do not match their check: this catalog part was cut or altered (or saved by a"
    " racerlab with other bundled cards); the game is refused"
)


def game_folder(game: str, folder: str | Path) -> Path:
    """Where ``game``'s files are under ``folder``: ``folder/<game>`` when ``folder`` holds
    no catalog file itself but a folder of that name (``racerlab catalog export DIR`` of
    every game writes one per game), else ``folder``."""
    base = Path(folder)
    own = base / game
    if own.is_dir() and not any(base.glob("*.toml")):
        return own
    return base


def load_catalog_folder(game: str, folder: str | Path) -> LoadedCatalog:
    """``game``'s catalog from the ``*.toml`` files in ``folder`` (see :func:`game_folder`),
    read as :func:`load_catalog_files` reads an upload: the files it lacks are the bundled
    ones, and the same limits and checks apply. Every problem names the file by its path,
    its entry and its field (:class:`CatalogError`)."""
    names = catalog_file_names(game)  # a game without catalog files is refused here
    name = str(folder)
    if len(name) > MAX_PATH_CHARS:
        raise _refuse(clip(name, 200), "(path)", "the path is too long")
    base = Path(folder)
    if not base.is_dir():
        what = "does not exist" if not base.exists() else "is not a folder"
        raise _refuse(name, "(folder)", f"{what}: give the folder `racerlab catalog export` wrote")
    here = game_folder(game, base)
    paths = sorted(p for p in here.glob("*.toml") if p.is_file())
    if not paths:
        reason = f"holds no .toml file of the {game} catalog (its files: {', '.join(names)})"
        raise _refuse(str(here), "(folder)", reason)
    if len(paths) > MAX_CATALOG_FILES:
        reason = f"{len(paths)} .toml files; the limit is {MAX_CATALOG_FILES}"
        raise _refuse(str(here), "(files)", reason)
    total = sum(p.stat().st_size for p in paths)
    if total > MAX_CATALOG_BYTES:  # refused before anything is read
        reason = f"{total} bytes in all; the limit is {MAX_CATALOG_BYTES}"
        raise _refuse(str(here), "(size)", reason)
    files = {p.name: read_limited(p) for p in paths}  # each refused past MAX_FILE_BYTES
    try:
        return load_catalog_files(game, files)
    except CatalogError as exc:
        shown = {p.name: str(p) for p in paths}
        raise CatalogError(
            [Problem(shown.get(p.file, p.file), p.entry, p.field, p.reason) for p in exc.problems]
        ) from None


class CatalogFolder:
    """A folder of catalog files given once for many games or files (``--catalog DIR``):
    each game's catalog is read from it on first use (:func:`load_catalog_folder`) and kept;
    a refused one is refused again without reading the files twice (:attr:`refused`)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._loaded: dict[str, LoadedCatalog] = {}
        self.refused: dict[str, CatalogError] = {}
        """Game -> why its catalog in this folder was refused."""

    def load(self, game: str) -> LoadedCatalog:
        """``game``'s catalog from this folder; :class:`CatalogError` if it is refused."""
        if game in self.refused:
            raise self.refused[game]
        if game not in self._loaded:
            try:
                self._loaded[game] = load_catalog_folder(game, self.path)
            except CatalogError as exc:
                self.refused[game] = exc
                raise
        return self._loaded[game]

    def for_game(self, game: str) -> Any:
        """``game``'s catalog object from this folder (what a saved game's replay asks);
        ``None`` for a game that plays no catalog (it plays its own rules as they are)."""
        if descriptor(game).load_catalog is None:
            return None
        return self.load(game).catalog

    def __repr__(self) -> str:
        return f"CatalogFolder({str(self.path)!r})"


def catalog_for(game: str, catalog: Any) -> Any:
    """The catalog object of ``game`` that ``catalog=`` stands for: ``None`` (the bundled
    catalog: ``None`` again), a folder (``str`` or path: :func:`load_catalog_folder`), a
    :class:`CatalogFolder`, a :class:`LoadedCatalog`, or a catalog object (as it is)."""
    if catalog is None:
        return None
    if isinstance(catalog, str | os.PathLike):
        return load_catalog_folder(game, catalog).catalog
    if isinstance(catalog, CatalogFolder | LoadedCatalog):
        return catalog.for_game(game)
    return catalog


def marked_text(text: str) -> str:
    """A catalog file's ``text`` with the template header and a ``# ours:`` line above
    each entry that has values of ours (an entry of a top-level array of tables)."""
    data = tomllib.loads(text)
    seen: dict[str, int] = {}
    out = [_HEADER.format(note=OURS_NOTE)]
    if not any(_rows_with_ids(data)):
        out.append(_ALL_OURS)
    for line in text.splitlines(keepends=True):
        m = _TABLE_LINE.match(line)
        rows = data.get(m.group(1)) if m else None
        if m and isinstance(rows, list):
            i = seen.get(m.group(1), 0)
            seen[m.group(1)] = i + 1
            row = rows[i] if i < len(rows) else None
            if isinstance(row, dict) and "id" in row:
                ours = entry_provenance(m.group(1), row).ours()
                if ours:
                    out.append(f"{OURS_NOTE} {', '.join(ours)}\n")
        out.append(line)
    return "".join(out)


def _rows_with_ids(data: Mapping[str, Any]) -> list[Any]:
    return [
        row
        for rows in data.values()
        if isinstance(rows, list)
        for row in rows
        if isinstance(row, dict) and "id" in row
    ]


def export_catalog(game: str, folder: str | Path, *, force: bool = False) -> list[Path]:
    """Write ``game``'s bundled catalog into ``folder`` as a marked template (see
    :func:`marked_text`); returns the files written. A folder that holds anything is
    refused unless ``force`` (then files of the same names are replaced)."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise ScenarioError(f"{out}: not a folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise ScenarioError(f"{out}: the folder is not empty (--force writes into it anyway)")
    bundled = _folder(game)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in catalog_file_names(game):
        path = out / name
        path.write_text(marked_text((bundled / name).read_text(encoding="utf-8")), "utf-8")
        written.append(path)
    return written
