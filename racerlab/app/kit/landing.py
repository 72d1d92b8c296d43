"""The landing page: what racerlab is, and a card linking each game's dashboard.

Links are relative (``./knights``), so the page works under ``racerlab serve``
(routes ``/``, ``/knights``, ``/sonic``) and behind jupyter-panel-proxy
(``/panel/landing``, ``/panel/knights``).
"""

from __future__ import annotations

from typing import Any

import panel as pn
from panel.theme.bootstrap import Bootstrap

from ...viz.style import PALETTE, THEME
from .dashboards import Dashboard, listed_dashboards
from .escape import text as esc

__all__ = ["PageBootstrap", "dashboard_template", "landing_app"]

ACCENT = THEME["accent"]
"""Header colour of every racerlab page."""


class PageBootstrap(Bootstrap):
    """Panel's Bootstrap design with Bootstrap's own style sheet loaded once, by the page.

    Panel's design links ``bootstrap.min.css`` (220 kB, thousands of rules) into the
    shadow root of every component as well: 58 of them on a dashboard's first page.
    Each change the browser lays out then matches those rules again in every root, and
    reading a style (BokehJS does, for every text it draws) waits for that: about a
    quarter of the browser's work per Step, and a tenth of a page's first drawing.
    The components keep Panel's Bootstrap theme sheets, which style the widgets; the
    difference shows only in headings written in Markdown, which take the browser's
    own sizes.
    """

    _resources = {"js": dict(Bootstrap._resources["js"])}

    def resolve_resources(
        self,
        cdn: Any = "auto",
        extras: dict[str, dict[str, str]] | None = None,
        include_theme: bool = True,
    ) -> Any:
        """The page's resources: Bootstrap's style sheet among them."""
        extras = dict(extras or {})
        extras["css"] = {**extras.get("css", {}), **Bootstrap._resources["css"]}
        return super().resolve_resources(cdn, extras, include_theme)


_CARD_CSS = f"""
.rl-card {{ border: 1px solid #d9dde3; border-radius: 10px; padding: 18px 22px;
           background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.08); min-height: 170px; }}
.rl-card h2 {{ margin: 0 0 8px 0; color: {ACCENT}; font-size: 1.35em; }}
.rl-card p {{ margin: 0 0 14px 0; color: #333; line-height: 1.45; }}
.rl-card a.rl-go {{ display: inline-block; padding: 8px 16px; border-radius: 6px;
           background: {ACCENT}; color: #fff; text-decoration: none; font-weight: 600; }}
.rl-card .rl-off {{ color: #777; font-style: italic; }}
.rl-stripe {{ height: 6px; border-radius: 3px; margin-bottom: 12px; }}
"""


def dashboard_template(title: str, main: list[Any], sidebar: list[Any] | None = None) -> Any:
    """The page frame every racerlab dashboard uses (Panel's BootstrapTemplate, with
    Bootstrap's style sheet loaded once by the page: see :class:`PageBootstrap`).

    Chosen because all its assets ship with Panel and are served by the Panel
    server itself: no CDN or web-font requests, so the pages work offline
    (the Fast and Vanilla templates fetch Google fonts).

    No busy spinner in the header: Panel's spinner follows one flag for the
    whole server, so work in any visitor's session spun it in every open page,
    and each event of each session redrew the spinner of every page (a cost
    growing with the square of the number of sessions).
    """
    return pn.template.BootstrapTemplate(
        design=PageBootstrap,
        title=title,
        site="racerlab",
        site_url="./",
        header_background=ACCENT,
        main=main,
        sidebar=sidebar or [],
        sidebar_width=300,
        busy_indicator=None,
    )


def _card(d: Dashboard, colour: str, prefix: str) -> pn.pane.HTML:
    if d.is_available():
        title = esc(d.title)
        go = f'<a class="rl-go" href="{prefix}{d.slug}">Open the {title} dashboard</a>'
    else:
        go = '<span class="rl-off">This dashboard is not installed in this copy of racerlab.</span>'
    body = (
        f'<div class="rl-card"><div class="rl-stripe" style="background:{colour}"></div>'
        f"<h2>{esc(d.title)}</h2><p>{esc(d.blurb)}</p>{go}</div>"
    )
    return pn.pane.HTML(
        body,
        stylesheets=[_CARD_CSS],
        sizing_mode="stretch_width",
        min_width=300,
        margin=10,
        styles={"flex": "1 1 420px"},
    )


def landing_app(template: bool = True, prefix: str = "./") -> Any:
    """A fresh landing page; ``template=False`` gives a plain layout (notebooks, ipywidgets).

    ``prefix`` is put before each dashboard's slug in the links.
    """
    intro = pn.pane.Markdown(
        "## Explore two tabletop racing games\n"
        "Step through a game, play a seat by hand or let the bots drive, and see *why* "
        "each ruling came out as it did: arcs and ranges drawn to scale, exact odds from "
        "the rules engine itself, and every roll in the event log. Change a number and the "
        "whole picture follows.",
        sizing_mode="stretch_width",
        margin=(0, 10),
    )
    colours = [PALETTE[0], PALETTE[1]]
    cards = pn.FlexBox(
        *[_card(d, colours[i % 2], prefix) for i, d in enumerate(listed_dashboards())],
        flex_wrap="wrap",
        sizing_mode="stretch_width",
    )
    tips = pn.pane.Markdown(
        "**Also in a notebook:** `from racerlab.app import knights_app; knights_app()` after "
        "`pn.extension()`. Saved games are plain JSON, and a share link carries the whole game.",
        sizing_mode="stretch_width",
        margin=(10, 10),
        styles={"color": "#555"},
    )
    if not template:
        return pn.Column(
            pn.pane.Markdown("# racerlab"), intro, cards, tips, sizing_mode="stretch_width"
        )
    return dashboard_template("Tabletop racing, explained", [intro, cards, tips])
