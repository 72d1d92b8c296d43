"""Served pages load their scripts and stylesheets from the server itself, and only
the scripts they use.

Panel patches the address of each component stylesheet (``loading.css`` among
them) to the page's ``dist_url``, a template variable it only sets after the
app's factory has built the page. Models built before that are patched to the
CDN address; Panel re-points those it finds in the page, but a stylesheet first
built for a tab that is not shown yet is cached with the CDN address and used
when the tab opens: offline, that request fails. :func:`use_local_resources`
sets ``dist_url`` to the server's own static route before the dashboard is
built; the served pages call it on the event loop before building.

One path is left: Panel updates a pane whose Bokeh model is not in a document
yet (a pane on a tab never shown) with the CDN address, since it finds no
document to ask. :func:`install` (called on import) makes Panel's stylesheet
patcher use the current session's own ``dist_url`` in that case; outside a
served session (a notebook) nothing changes.

Bokeh's server lists all five BokehJS bundles in every page it serves, and
Panel adds the MathJax one whenever a page holds a text pane. A served
dashboard needs three of them: :func:`load_used_bundles` leaves out the WebGL
bundle (the plots draw on a canvas) and the 1.8 MB MathJax one (no text is set
as mathematics; without it a "$$" in a name stays plain text), which is
2.3 MB less script for every tab to fetch and compile.
"""

from __future__ import annotations

from typing import Any

__all__ = ["USED_BUNDLES", "install", "load_used_bundles", "use_local_resources"]

_ORIGINAL: Any = None


def _local_first(stylesheet: Any, dist_url: str) -> Any:
    """Panel's ``patch_stylesheet``, using the session's own route instead of the CDN."""
    from panel.io.resources import CDN_DIST
    from panel.io.state import state

    if dist_url == CDN_DIST:
        doc = state.curdoc
        local = doc._template_variables.get("dist_url") if doc is not None else None
        if local:
            dist_url = local
    return _ORIGINAL(stylesheet, dist_url)


def install() -> bool:
    """Make Panel's stylesheet patcher prefer the served session's own route (idempotent).

    >>> install() and install()
    True
    """
    global _ORIGINAL
    import panel.io.resources as resources
    import panel.reactive as reactive

    if _ORIGINAL is None:
        _ORIGINAL = resources.patch_stylesheet
        resources.patch_stylesheet = _local_first
        reactive.patch_stylesheet = _local_first
    return True


def use_local_resources() -> str | None:
    """Point the current served document's ``dist_url`` at the server's static route.

    Returns the address set, or None outside a served session (a notebook, a
    script), where nothing is changed.

    >>> use_local_resources() is None
    True
    """
    import panel as pn
    from panel.io.resources import LOCAL_DIST, use_cdn

    doc = pn.state.curdoc
    if doc is None or doc.session_context is None or use_cdn():
        return None
    rel = pn.state.rel_path
    dist_url = f"{rel}/{LOCAL_DIST}" if rel else LOCAL_DIST
    doc._template_variables.setdefault("dist_url", dist_url)
    return doc._template_variables["dist_url"]


USED_BUNDLES = ("bokeh", "bokeh-widgets", "bokeh-tables")
"""The BokehJS bundles a served page loads (Panel's own script needs the tables one)."""


def load_used_bundles() -> bool:
    """Make Bokeh servers in this process list only :data:`USED_BUNDLES` in their pages
    (idempotent; ``racerlab serve`` calls it before starting).

    >>> load_used_bundles() and load_used_bundles()
    True
    """
    from bokeh.server.tornado import BokehTornado

    original = BokehTornado.resources
    if getattr(original, "used_bundles_only", False):
        return True

    def resources(self: Any, absolute_url: Any = None) -> Any:
        listed = original(self, absolute_url)
        return listed.clone(components=[c for c in listed.components if c in USED_BUNDLES])

    resources.used_bundles_only = True  # type: ignore[attr-defined]
    resources.__doc__ = original.__doc__
    BokehTornado.resources = resources  # type: ignore[method-assign]
    return True
