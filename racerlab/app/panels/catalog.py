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
    loaded_catalog,
)
from ...core.errors import CatalogError, ScenarioError
from ...core.limits import time_budget
from ...core.timeline import Timeline
from ..kit.controls import set_text
from ..kit.escape import fill, html_pane, markdown_pane
from ..kit.escape import text as esc
from ..kit.session import LOAD_BUDGET_S, GameSession
from ..kit.upload import UploadGuard, refusal
from ..server.offload import off_loop

__all__ = ["CatalogPanel", "problems_html", "replayed", "use_catalog"]


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


def replayed(saved: dict[str, Any] | None, loaded: LoadedCatalog | None) -> Any:
    """Game ``saved`` (its saved-game JSON) replayed on ``loaded`` (``None``: the bundled
    cards): the new :class:`Timeline`, or why it cannot be (text); ``None`` for no game."""
    if saved is None:
        return None
    data = {k: v for k, v in saved.items() if k != "catalog"}
    data["version"] = 1
    cards = None if loaded is None else loaded.catalog
    try:
        with time_budget(LOAD_BUDGET_S, "replaying the game on the new cards"):
            tl = Timeline.from_json(data, source="the game on screen", catalog=cards)
    except (ScenarioError, CatalogError) as exc:
        return str(exc)
    tl.catalog_loaded = loaded
    return tl


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
        self.guard = UploadGuard(height=0, margin=0)
        self.bundled = pn.widgets.Button(
            label="Bundled catalog", css_classes=["rl-catalog-bundled"], width=160
        )
        self.bundled.on_click(g(lambda _e: self.load(None), "bundled catalog"))
        self.playing = markdown_pane("", css_classes=["rl-catalog-playing"], **wide)
        self.problems = html_pane("", css_classes=["rl-catalog-status"], **wide)
        self.pending: LoadedCatalog | None = None
        self.ask_text = html_pane("", css_classes=["rl-catalog-ask-text"], **wide)
        self.ask_new = pn.widgets.Button(
            label="New game with these cards", css_classes=["rl-catalog-ask-new"], width=220
        )
        self.ask_new.on_click(g(lambda _e: self._answer(True), "load catalog"))
        self.ask_keep = pn.widgets.Button(
            label="Keep the game on screen", css_classes=["rl-catalog-ask-keep"], width=200
        )
        self.ask_keep.on_click(g(lambda _e: self._answer(False), "load catalog"))
        self.ask = pn.Column(
            self.ask_text, pn.Row(self.ask_new, self.ask_keep), visible=False, **wide
        )
        self._layout = pn.Column(
            self.intro,
            pn.Row(self.upload, self.bundled, **wide),
            self.guard,
            self.problems,
            self.ask,
            self.playing,
            **wide,
        )
        session.param.watch(lambda _e: self._show_playing(), "state_version")
        self._show_playing()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def _show_playing(self) -> None:
        catalog = self.session.kit.catalog  # follows a loaded game's own cards
        self.loaded = None if catalog is None else loaded_catalog(catalog)
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
        message = refusal(event.new, MAX_FILE_BYTES)
        if message is not None:
            self._refused(ScenarioError(message))

    def _on_upload(self, event: Any) -> None:
        if not event.new:
            return
        names = self.upload.filename
        names = names if isinstance(names, list) else [names]
        values = event.new if isinstance(event.new, list) else [event.new]
        self.load(dict(zip(names, values, strict=False)))

    def load(self, files: dict[str, bytes] | None) -> None:
        """Check ``files`` (name -> content; ``None``: the bundled catalog) off the page's
        loop, with the game on screen replayed on them; then play them (the game goes on
        when it replays, a new game when nothing was played yet, else the visitor is
        asked) or list their problems."""
        self.show_problems(None)
        self._ask(None)
        game = self.session.kit.name
        tl = self.session.timeline
        saved = tl.fork().to_json() if tl.index > 0 else None  # on the loop: the game now

        def check() -> tuple[LoadedCatalog | None, Any]:
            loaded = None if files is None else load_catalog_files(game, files)
            return loaded, replayed(saved, loaded)

        off_loop(
            check,
            self.session.guarded(self._offer, "load catalog"),
            self._refused,
            what="checking the catalog",
        )

    def _offer(self, result: tuple[LoadedCatalog | None, Any]) -> None:
        loaded, kept = result
        if kept is None:  # nothing played yet: nothing to lose
            self._use(loaded)
        elif isinstance(kept, Timeline):
            make = self.session.kit.with_catalog
            if make is None:
                raise ScenarioError(f"{self.session.kit.title} cannot play another catalog")
            what = "the bundled catalog" if loaded is None else "your catalog"
            self.session.adopt(kept, f"Playing {what}: the game goes on with these cards.")
            self.show_problems(None)
            self._show_playing()
        else:
            self.pending = loaded
            self._ask(kept)

    def _ask(self, why: str | None) -> None:
        """Ask before replacing the game on screen (``None``: ask nothing)."""
        self.ask.visible = why is not None
        if why is not None:
            text = (
                "<b>The game on screen cannot go on with these cards</b> "
                f"({esc(why)}). Start a new game with them, or keep the game and its cards?"
            )
            set_text(self.ask_text, text)

    def _answer(self, new_game: bool) -> None:
        pending, self.pending = self.pending, None
        self._ask(None)
        if new_game:
            self._use(pending)
        else:
            self.session.notice = "The game on screen and its cards are kept."

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
