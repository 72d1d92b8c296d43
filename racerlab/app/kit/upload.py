"""Upload limits enforced in the browser, before a big upload can reach (and drop) the websocket.

Bokeh's file input reads every file chosen and sends them all in one websocket message;
a message bigger than the server takes closes the connection with no word. The
:class:`UploadGuard` component (invisible, placed next to the file input) makes every
file input of the page check the sizes first, against the limits of the kind of file it
takes (its ``accept``; :data:`LIMITS`, from :mod:`racerlab.core.limits`, the same limits
the server and ``racerlab validate`` apply): a file over the limit of one file, or files
whose total is over the limit of one upload, are not read. Only their names and sizes
are sent, as the input's ``filename`` prefixed with :data:`TOO_LARGE`, so the server can
say which limit was passed (see :func:`too_large`, :func:`refusal`). The script is
inline: nothing is fetched from the internet.
"""

from __future__ import annotations

import json

import param
from panel.custom import JSComponent

from ...core.limits import (
    MAX_CATALOG_BYTES,
    MAX_CATALOG_FILE_BYTES,
    MAX_SAVED_GAME_BYTES,
    MAX_UPLOAD_BYTES,
)

__all__ = ["LIMITS", "MAX_UPLOAD_BYTES", "TOO_LARGE", "UploadGuard", "refusal", "too_large"]

TOO_LARGE = "\u2298too-large:"
"""Prefix of the ``filename`` a refused upload is reported with:
``prefix + size + ':' + limit + ':' + name`` (``size`` of one file or of all chosen)."""

TOGETHER = " files chosen together ("
"""How the browser names the files of an upload refused for their total."""

LIMITS = {
    ".toml": (MAX_CATALOG_FILE_BYTES, MAX_CATALOG_BYTES),
    ".json,application/json": (MAX_SAVED_GAME_BYTES, MAX_SAVED_GAME_BYTES),
    "*": (MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES),
}
"""A file input's ``accept`` -> (most bytes a file, most bytes in all) of what it takes."""


def too_large(filename: object) -> tuple[str, int, int | None] | None:
    """``(name, size, limit)`` when ``filename`` reports an upload refused in the browser
    (``limit`` ``None`` when not given), else None.

    >>> too_large(TOO_LARGE + "20000000:5000000:big.json")
    ('big.json', 20000000, 5000000)
    >>> too_large(TOO_LARGE + "20000000:big.json")
    ('big.json', 20000000, None)
    >>> too_large("game.json") is None
    True
    """
    if not isinstance(filename, str) or not filename.startswith(TOO_LARGE):
        return None
    size, _, rest = filename[len(TOO_LARGE) :].partition(":")
    limit, sep, name = rest.partition(":")
    if not (sep and limit.isdigit()):
        limit, name = "", rest
    return name, int(size) if size.isdigit() else -1, int(limit) if limit else None


def refusal(filename: object, default_limit: int) -> str | None:
    """The message for an upload refused in the browser (see :func:`too_large`), else None.

    >>> refusal(TOO_LARGE + "9000000:2000000:parts.toml", 1)
    'parts.toml: file too large (9000000 bytes; the limit is 2,000,000 bytes)'
    """
    refused = too_large(filename)
    if refused is None:
        return None
    name, size, limit = refused
    shown = f"{limit or default_limit:,} bytes"
    if TOGETHER in name:
        return f"{name}: too large ({size} bytes in all; the limit is {shown} in all)"
    return f"{name}: file too large ({size} bytes; the limit is {shown})"


class UploadGuard(JSComponent):
    """Makes the page's file inputs refuse what is over their kind's limits, unread."""

    limits = param.String(default=json.dumps(LIMITS), doc="accept -> [per file, in all] (JSON).")

    _esm = """
export function render({ model }) {
  const cls = window.Bokeh && Bokeh.Models && Bokeh.Models.get("FileInput")
  const View = cls && cls.prototype.default_view
  if (View && !View.prototype.__racerlab_guard) {
    const load = View.prototype.load_files
    View.prototype.load_files = async function (files) {
      const table = window.__racerlab_upload_limits || {}
      const [each, all] = table[this.model.accept] || table["*"] || [Infinity, Infinity]
      const refuse = (size, limit, name) => {
        this.input_el.value = ""
        this.model.setv({ filename: "__TOO_LARGE__" + size + ":" + limit + ":" + name })
      }
      let total = 0
      for (const f of files) {
        if (f.size > each) return refuse(f.size, each, f.name)
        total += f.size
      }
      if (total > all) {
        const names = Array.from(files, (f) => f.name)
        const shown = names.slice(0, 3).join(", ") + (names.length > 3 ? ", ..." : "")
        return refuse(total, all, names.length + "__TOGETHER__" + shown + ")")
      }
      return load.call(this, files)
    }
    View.prototype.__racerlab_guard = true
  }
  window.__racerlab_upload_limits = JSON.parse(model.limits)
  const el = document.createElement("span")
  el.style.display = "none"
  return el
}
""".replace("__TOO_LARGE__", TOO_LARGE).replace("__TOGETHER__", TOGETHER)
