"""The "Catalog" tab: play your own cards, loaded from files, or the bundled ones again.

A visitor picks some or all of a game's catalog files (the names of
``data/<game>/``; ``racerlab catalog export DIR`` writes them as a template).
They are checked off the page's loop by the game's own loader
(:func:`racerlab.core.catalog_files.load_catalog_files`); every problem is listed
beside the control, naming the file, the entry and the field, and the game on
screen stays as it was. A good catalog becomes the session's: the kit plays it
(:attr:`GameKit.with_catalog`), a new random game from the session's seed starts
with it, and the panels that read the catalog of the game shown (the Tweak tab's
choices) follow. "Bundled catalog" goes back.
"""

from __future__ import annotations

from typing import Any

import panel as pn

from ...core.catalog import MAX_FILE_BYTES
from ...core.catalog_files import (
    MAX_CATALOG_BYTES,
    LoadedCatalog,
    catalog_file_names,
    load_catalog_files,
)
from ...core.errors import CatalogError, ScenarioError
from ..kit.controls import set_text
from ..kit.escape import fill, html_pane, markdown_pane
from ..kit.escape import text as esc
from ..kit.session import GameSession
from ..kit.upload import MAX_UPLOAD_BYTES, UploadGuard, too_large
from ..server.offload import off_loop

__all__ = ["CatalogPanel", "problems_html", "use_catalog"]


def use_catalog(session: GameSession, loaded: LoadedCatalog | None) -> None:
    """Make ``loaded`` (``None``: the bundled catalog) the session's catalog and start a new
    random game from the session's seed with it; if that game cannot be set up, the
    session keeps its kit and its game, and the error says why."""
    make = session.kit.with_catalog
    if make is None:
        raise ScenarioError(f"{session.kit.title} cannot play another catalog")
    old = session.kit
    session.kit = make(None if loaded is None else loaded.catalog)
    try:
        session.new_random(session.seed)
    except Exception:
        session.kit = old
        raise
    what = "the bundled catalog" if loaded is None else "your catalog"
    session.error = ""
    session.notice = f"Playing {what}: a new random game from seed {session.seed}."


def problems_html(exc: BaseException) -> str:
    """The reasons a catalog was refused, one line each naming file, entry and field
    (escaped: every word came from the visitor's files)."""
    if not isinstance(exc, CatalogError):
        return f'<ul class="rl-catalog-problems"><li>{esc(exc)}</li></ul>'
    lines = [
        f"<li><b>{esc(p.file)}</b> · entry <code>{esc(p.entry)}</code> · field "
        f"<code>{esc(p.field)}</code>: {esc(p.reason)}</li>"
        for p in exc.problems[:50]
    ]
    if len(exc.problems) > 50:
        lines.append(f"<li>… and {len(exc.problems) - 50} more problems</li>")
    return '<ul class="rl-catalog-problems">' + "".join(lines) + "</ul>"


class CatalogPanel(pn.viewable.Viewer):
    """Load the game's catalog from files (a subset replaces only those files) or go back
    to the bundled one; the problems of a refused catalog are listed beside the control."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(**params)
        self.session = session
        self.loaded: LoadedCatalog | None = None
        g = session.guarded
        wide = dict(sizing_mode="stretch_width")
        names = catalog_file_names(session.kit.name)
        self.intro = markdown_pane(
            fill(
                "**Play your own cards.** Choose one or more of the catalog's files, named as "
                "in the folder data/{game}: {names}. Files you leave out stay the bundled "
                "ones. Each file at most {per_file} bytes, {total} in all. The command "
                "`racerlab catalog export DIR` writes the bundled files as a template, each "
                "value of ours marked.",
                game=session.kit.name,
                names=", ".join(names),
                per_file=f"{MAX_FILE_BYTES:,}",
                total=f"{MAX_CATALOG_BYTES:,}",
            ),
            **wide,
        )
        self.upload = pn.widgets.FileInput(
            accept=".toml", multiple=True, css_classes=["rl-catalog-upload"], **wide
        )
        self.upload.param.watch(g(self._on_upload, "load catalog"), "value")
        self.upload.param.watch(g(self._on_refused, "load catalog"), "filename")
        self.guard = UploadGuard(max_bytes=MAX_UPLOAD_BYTES, height=0, margin=0)
        self.bundled = pn.widgets.Button(
            label="Bundled catalog", css_classes=["rl-catalog-bundled"], width=160
        )
        self.bundled.on_click(g(lambda _e: self._use(None), "bundled catalog"))
        self.playing = markdown_pane("", css_classes=["rl-catalog-playing"], **wide)
        self.problems = html_pane("", css_classes=["rl-catalog-status"], **wide)
        self._layout = pn.Column(
            self.intro,
            pn.Row(self.upload, self.bundled, **wide),
            self.guard,
            self.problems,
            self.playing,
            **wide,
        )
        self._show_playing()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _show_playing(self) -> None:
        if self.loaded is None:
            text = "Playing the **bundled catalog**."
        else:
            files = ", ".join(self.loaded.files)
            text = fill("Playing **your catalog**: {files} (the rest bundled).", files=files)
        set_text(self.playing, text)

    def show_problems(self, exc: BaseException | None) -> None:
        """List why the last catalog was refused (``None``: clear the list)."""
        if exc is None:
            set_text(self.problems, "")
            return
        head = "<b>Catalog refused</b> (the game shown is unchanged):"
        set_text(self.problems, f'<div class="rl-catalog-refused">{head}{problems_html(exc)}</div>')

    def _on_refused(self, event: Any) -> None:
        refused = too_large(event.new)
        if refused is not None:
            name, size = refused
            reason = f"{name}: file too large ({size} bytes; the limit is {MAX_UPLOAD_BYTES})"
            self._refused(ScenarioError(reason))

    def _on_upload(self, event: Any) -> None:
        if not event.new:
            return
        names = self.upload.filename
        names = names if isinstance(names, list) else [names]
        values = event.new if isinstance(event.new, list) else [event.new]
        self.load(dict(zip(names, values, strict=False)))

    def load(self, files: dict[str, bytes]) -> None:
        """Check ``files`` (name -> content) off the page's loop, then play them or list
        their problems."""
        self.show_problems(None)
        game = self.session.kit.name
        off_loop(
            lambda: load_catalog_files(game, files),
            self.session.guarded(self._use, "load catalog"),
            self._refused,
            what="checking the catalog",
        )

    def _refused(self, exc: BaseException) -> None:
        self.show_problems(exc)
        self.session.report(exc, "load catalog")

    def _use(self, loaded: LoadedCatalog | None) -> None:
        try:
            use_catalog(self.session, loaded)
        except Exception as exc:
            self._refused(exc)
            return
        self.loaded = loaded
        self.show_problems(None)
        self._show_playing()
