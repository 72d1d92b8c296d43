"""Upload limits enforced in the browser, before a big file can reach (and drop) the websocket.

Bokeh's file input reads the whole file and sends it in one websocket message;
a file bigger than the server takes closes the connection with no word. The
:class:`UploadGuard` component (invisible, placed next to the file input) makes
every file input of the page check the size first: a file over
:data:`MAX_UPLOAD_BYTES` is not read, and only its name and size are sent, as
the input's ``filename`` prefixed with :data:`TOO_LARGE`, so the server can say
"file too large" (see :func:`too_large`). The script is inline: nothing is
fetched from the internet.
"""

from __future__ import annotations

import param
from panel.custom import JSComponent

__all__ = ["MAX_UPLOAD_BYTES", "TOO_LARGE", "UploadGuard", "too_large"]

MAX_UPLOAD_BYTES = 5_000_000
"""Largest file a page reads and sends (the saved-game limit)."""

TOO_LARGE = "\u2298too-large:"
"""Prefix of the ``filename`` a refused file is reported with: ``prefix + size + ':' + name``."""


def too_large(filename: object) -> tuple[str, int] | None:
    """``(name, size)`` when ``filename`` reports a file refused in the browser, else None.

    >>> too_large(TOO_LARGE + "20000000:big.json")
    ('big.json', 20000000)
    >>> too_large("game.json") is None
    True
    """
    if not isinstance(filename, str) or not filename.startswith(TOO_LARGE):
        return None
    size, _, name = filename[len(TOO_LARGE) :].partition(":")
    return name, int(size) if size.isdigit() else -1


class UploadGuard(JSComponent):
    """Makes the page's file inputs refuse files over ``max_bytes`` without reading them."""

    max_bytes = param.Integer(default=MAX_UPLOAD_BYTES, doc="Largest file read (bytes).")

    _esm = """
export function render({ model }) {
  const cls = window.Bokeh && Bokeh.Models && Bokeh.Models.get("FileInput")
  const View = cls && cls.prototype.default_view
  if (View && !View.prototype.__racerlab_guard) {
    const load = View.prototype.load_files
    View.prototype.load_files = async function (files) {
      const limit = window.__racerlab_upload_limit
      for (const f of files) {
        if (f.size > limit) {
          this.input_el.value = ""
          this.model.setv({ filename: "__TOO_LARGE__" + f.size + ":" + f.name })
          return
        }
      }
      return load.call(this, files)
    }
    View.prototype.__racerlab_guard = true
  }
  window.__racerlab_upload_limit = model.max_bytes
  const el = document.createElement("span")
  el.style.display = "none"
  return el
}
""".replace("__TOO_LARGE__", TOO_LARGE)
