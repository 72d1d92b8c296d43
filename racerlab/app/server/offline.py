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

The rest is done by patches of Panel and Bokeh, with the others in
:mod:`racerlab.app.server.patches`: one path is left, Panel updating a pane whose Bokeh
model is not in a document yet (a pane on a tab never shown) with the CDN address
(:func:`~racerlab.app.server.patches.local_stylesheets` makes Panel's stylesheet patcher
use the current session's own ``dist_url`` then); and a served page lists only the
BokehJS bundles it uses (:func:`~racerlab.app.server.patches.used_bundles_only`: no
WebGL, no MathJax, 2.3 MB less script for every tab to fetch and compile).
"""

from __future__ import annotations

__all__ = ["use_local_resources"]


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
