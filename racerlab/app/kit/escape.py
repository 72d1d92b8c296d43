"""The one way a value from a catalog, saved game or link reaches the page's HTML or Markdown.

Names, card names, reasons, notes and any other text that came from outside go
into the dashboards' HTML panes *and* Markdown panes. :func:`text` makes a
value inert in both and shows it as the very characters it holds:

- HTML's special characters become entities (no tag, no attribute);
- so does every character Markdown gives a meaning to inside a line (links,
  images, emphasis, code, strike-through, tables, maths), so
  ``![i](http://host/x)`` in a player name shows as those characters and never
  fetches anything (a value is put inside a line of the page's own text; one
  starting with ``2.`` alone in a Markdown pane is a list item, still inert);
- what would make a link of bare text (``scheme:``, ``www.``, ``@``) is broken
  by an entity, line breaks become spaces (no new paragraph, no block) and other
  control characters the replacement character.

Markdown panes are made with link-making from bare text ("linkify") switched
off as well: :func:`markdown_pane` and :func:`html_pane` are the project's pane
makers, and :func:`racerlab.app.server.patches.markdown_without_links` (one of the
patches every page gets) makes it the default of every Markdown pane in the process,
so a pane built elsewhere cannot turn ``example.com`` into a link.
:func:`fill` puts escaped values into a template of the page's own markup.
:func:`colour` lets a colour into a ``style`` only if it is ``#rrggbb`` or a CSS
colour name.

>>> text('red"><img src=x onerror=alert(1)>')
'red&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'
>>> text("![i](http://host/x)")
'!&#91;i&#93;(http&#58;//host/x)'
>>> fill("**Set-up:** {notes}", notes="*Ann* www.example.invalid")
'**Set-up:** &#42;Ann&#42; www&#46;example.invalid'
>>> colour('red;background:url(x)'), colour("#1f77b4")
('#777777', '#1f77b4')
"""

from __future__ import annotations

import re
from typing import Any

from ...core.limits import NAMED_COLOURS
from ...core.limits import check_colour as _check_colour
from ..server.patches import MARKDOWN_OPTIONS

__all__ = [
    "FALLBACK_COLOUR",
    "MARKDOWN_OPTIONS",
    "colour",
    "fill",
    "html_pane",
    "markdown_pane",
    "text",
]

FALLBACK_COLOUR = "#777777"
"""The colour shown instead of one that is not ``#rrggbb`` or a colour name."""

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_MARKDOWN = {c: f"&#{ord(c)};" for c in "\\`[]*_~|$"}
"""Characters Markdown gives a meaning to inside a line (``<`` and ``&`` are HTML's)."""
_CONTROLS = {c: "\ufffd" for c in [*range(0x20), 0x7F]}
"""Control characters show as the replacement character (browsers and Markdown drop some)."""
_SPACES = {"\n": " ", "\r": " ", "\t": " ", "\f": " ", "\v": " "}
_TABLE = str.maketrans({**_CONTROLS, **_HTML, **_MARKDOWN, **_SPACES})
_LINKS = re.compile(r"(?<=[0-9A-Za-z]):(?=\S)|(www)\.|@", re.IGNORECASE)
"""A scheme's colon (``http:``, ``javascript:``), ``www.`` and ``@``: what makes a link."""


def _link_breaker(m: re.Match[str]) -> str:
    if m.group(1) is not None:
        return m.group(1) + "&#46;"
    return f"&#{ord(m.group(0))};"


def text(value: Any) -> str:
    """``value`` as text safe inside HTML and Markdown alike, shown as its own characters."""
    return _LINKS.sub(_link_breaker, str(value).translate(_TABLE))


def fill(template: str, **values: Any) -> str:
    """``template`` (the page's own HTML or Markdown) with each ``{name}`` given by
    ``values``, every value escaped by :func:`text`.

    >>> fill("<b>{who}</b> acts", who="<i>x</i>")
    '<b>&lt;i&gt;x&lt;/i&gt;</b> acts'
    """
    return template.format_map({k: text(v) for k, v in values.items()})


def colour(value: Any) -> str:
    """``value`` if it is ``#rrggbb`` or a CSS colour name, else :data:`FALLBACK_COLOUR`."""
    if isinstance(value, str) and value in NAMED_COLOURS:
        return value
    try:
        return _check_colour(value)
    except ValueError:
        return FALLBACK_COLOUR


def markdown_pane(markup: str = "", **params: Any) -> Any:
    """A Markdown pane of the page's own ``markup`` (put values in with :func:`fill`),
    with bare text never made a link and no maths."""
    import panel as pn

    params.setdefault("renderer_options", dict(MARKDOWN_OPTIONS))
    params.setdefault("disable_math", True)
    return pn.pane.Markdown(markup, **params)


def html_pane(markup: str = "", **params: Any) -> Any:
    """An HTML pane of the page's own ``markup`` (put values in with :func:`fill`)."""
    import panel as pn

    return pn.pane.HTML(markup, **params)
