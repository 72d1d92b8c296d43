"""How a view redraws when its :class:`GameSession` changes: redraw on the parameters it
shows, set a widget only when its value differs, and never re-enter a failing redraw.

Every dashboard view uses these (through :mod:`racerlab.app.kit.controls`, which
also offers them under its own name).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import panel as pn
import param

from ..server.jobs import cancel_job
from .hand_seat import hand_to_choose
from .session import GameSession

__all__ = [
    "SessionView",
    "back_now",
    "enable_steps",
    "offer",
    "redraw_guard",
    "redraw_on",
    "set_slider",
    "set_text",
    "show_only",
    "shown_models",
]


def set_text(pane: Any, text: str) -> None:
    """Give a pane new HTML only when it differs (re-rendering a pane costs milliseconds).

    An HTML pane shown in a page gets the text straight into its Bokeh models:
    Panel's own way re-renders every property of the pane and makes a new style sheet
    model (about 0.6 ms a pane), where the text alone is a hundredth of that, and a
    Step changes several panes. Anywhere else (a notebook, a page not ready, another
    thread, a Markdown pane) Panel does it.
    """
    if pane.object == text:
        return
    models = _served_html_models(pane)
    if models is None:
        pane.object = text
        return
    from panel.io.document import unlocked

    with param.parameterized.discard_events(pane):
        pane.object = text
    shown = html.escape(text)  # what Panel's HTML pane sends for this text
    with unlocked():
        for model in models:
            model.text = shown


def shown_models(pane: Any) -> dict[str, Any]:
    """The Bokeh model Panel made for ``pane`` under each root it is shown in, by the root's
    id (Panel keeps them to itself; this is the one place that reads them)."""
    return {ref: model for ref, (model, _parent) in pane._models.items()}


def _served_html_models(pane: Any) -> list[Any] | None:
    """The Bokeh models of an HTML ``pane`` if Panel itself would change every one at once
    (a served page on its own loop turn, or a document with no server or notebook behind
    it), else ``None``."""
    import panel as pn
    from panel.io.state import state

    if type(pane) is not pn.pane.HTML or pane.sanitize_html or pane.enable_streaming:
        return None
    models = []
    for ref, model in shown_models(pane).items():
        view = state._views.get(ref)
        if view is None:
            return None
        _viewable, _root, doc, comm = view
        served = doc.session_context is not None
        if comm is not None or (served and not state._unblocked(doc)):
            return None
        models.append(model)
    return models or None


def show_only(widgets: Sequence[Any], *shown: Any) -> None:
    """Show the ``shown`` ones of ``widgets`` and hide the others, changing only those whose
    visibility differs: showing or hiding a widget in a page makes BokehJS lay the whole
    page out again, so one hidden and shown again within a Step costs two of those."""
    for widget in widgets:
        on = any(widget is s for s in shown)
        if widget.visible != on:
            widget.visible = on


def back_now(session: GameSession) -> None:
    """Back one step, at once: a step still being worked out stops first."""
    cancel_job(session)
    session.back()


def enable_steps(session: Any, back: Any, forward: Sequence[Any]) -> None:
    """Back is off at the first step; the step buttons are off at the end of a game over or
    waiting for a seat played by hand (a button that could do nothing is not offered)."""
    tl = session.timeline
    if back.disabled != (tl.index == 0):
        back.disabled = tl.index == 0
    stuck = (session.is_over and tl.at_end) or hand_to_choose(session) is not None
    for b in forward:
        if b.disabled != stuck:
            b.disabled = stuck


def set_slider(slider: Any, start: float, end: float, value: float) -> None:
    """Move a slider from code, keeping ``value_throttled`` in step with ``value``.

    Panel only updates ``value_throttled`` from the browser; if it kept an old
    number, letting the handle go at that number would send no change at all.
    """
    if (slider.start, slider.end, slider.value) != (start, end, value):
        slider.param.update(start=start, end=end, value=value)
    if slider.value_throttled != value:
        with param.edit_constant(slider):
            slider.value_throttled = value


def offer(select: Any, options: dict[str, Any], default: Any = None) -> bool:
    """Give a picker new ``options`` (label -> value), keeping its choice while it is still
    offered, else choosing ``default`` (when given) or the first (nothing when none).
    Returns whether its value's watchers ran (param runs them for a value it cannot
    compare, such as a dataclass, even when the value is the same)."""
    before = select.value
    keep = before if before in options.values() else None
    first = default if default is not None else next(iter(options.values()), None)
    select.param.update(options=options, value=keep or first)
    return not param.parameterized.Comparator.is_equal(before, select.value)


def redraw_guard(session: GameSession, redraw: Callable[[], None]) -> Callable[..., None]:
    """``redraw`` as a watcher callback that shows its errors and never re-enters itself.

    An error while redrawing is reported on the page, and reporting changes the
    session (its ``error`` and ``version``), which may ask for the same redraw
    again: without this guard one failing redraw recursed until ``RecursionError``
    and the session died.
    """
    running = False
    guarded = session.guarded(redraw, "redraw")

    def run(*_args: Any) -> None:
        nonlocal running
        if running:
            return
        running = True
        try:
            guarded()
        finally:
            running = False

    return run


def redraw_on(
    session: GameSession, redraw: Callable[[], None], *names: str, after: bool = False
) -> Any:
    """Bind ``redraw()`` to the session parameters ``names``: it runs once per change of any
    of them (once for a batch changing several), with :func:`redraw_guard`'s protection;
    ``after``: once the other views of the change have redrawn.

    This is how every view follows the session: a view lists only what it shows, so
    choosing a racer (``selected``) does not redraw the event log, and a step
    (``state_version``) redraws each view of the state once. Returns the watcher.
    """
    order = 1 if after else 0  # param calls a change's watchers by precedence, lowest first
    return session.param.watch(redraw_guard(session, redraw), list(names), precedence=order)


class SessionView(pn.viewable.Viewer):
    """A view of a :class:`GameSession` that refreshes when a parameter it shows changes."""

    session = param.ClassSelector(class_=GameSession, doc="The game session shown.")

    watches: tuple[str, ...] = ("state_version",)
    """The session parameters this view shows (its :meth:`refresh` runs when one changes)."""

    def __init__(self, session: GameSession, **params: Any) -> None:
        super().__init__(session=session, **params)
        redraw_on(session, self.refresh, *self.watches)

    def refresh(self) -> None:
        """Bring the widgets up to date with the session."""
