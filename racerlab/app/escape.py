"""The one way a value from a catalog, saved game or link reaches the page's HTML or Markdown.

Names, card names, reasons and any other text that came from outside go into
the dashboards' HTML panes *and* Markdown panes. :func:`text` makes a value
inert in both: HTML's special characters become entities, and so does every
character Markdown gives a meaning to (links, images, emphasis, code, tables),
so ``![i](http://host/x)`` in a player name shows as those characters and
never fetches anything. :func:`colour` lets a colour into a ``style`` only if
it is ``#rrggbb`` or a CSS colour name.

>>> text('red"><img src=x onerror=alert(1)>')
'red&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'
>>> text("![i](http://host/x)")
'!&#91;i&#93;(http://host/x)'
>>> colour('red;background:url(x)'), colour("#1f77b4")
('#777777', '#1f77b4')
"""

from __future__ import annotations

from typing import Any

from ..core.limits import NAMED_COLOURS
from ..core.limits import check_colour as _check_colour

__all__ = ["FALLBACK_COLOUR", "colour", "text"]

FALLBACK_COLOUR = "#777777"
"""The colour shown instead of one that is not ``#rrggbb`` or a colour name."""

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_MARKDOWN = {c: f"&#{ord(c)};" for c in "\\`[]"}
"""Characters without which Markdown makes no link, image or code span (``<`` is HTML's)."""
_TABLE = str.maketrans({**_HTML, **_MARKDOWN})


def text(value: Any) -> str:
    """``value`` as text safe inside HTML and Markdown alike (quotes included)."""
    return str(value).translate(_TABLE)


def colour(value: Any) -> str:
    """``value`` if it is ``#rrggbb`` or a CSS colour name, else :data:`FALLBACK_COLOUR`."""
    if isinstance(value, str) and value in NAMED_COLOURS:
        return value
    try:
        return _check_colour(value)
    except ValueError:
        return FALLBACK_COLOUR
