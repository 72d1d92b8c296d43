"""A page keeps its game in its own address, so a reload after a lost connection finds it.

After each change of the game shown (debounced by :data:`DEBOUNCE_MS`), the game's share
token (the saved-game form, its catalog's changes included) is made off the page's
loop and put in the page's address as ``?game=`` with ``history.replaceState``: no new
history entry, no request. A reload (or a new connection after the server restarted)
opens the page on that token, as a share link. Other arguments of the address
(``?presenter=1``) stay; the address carries the game only, nothing secret, as
presenter mode shows it on a projector. A game too long for an address
(:data:`~racerlab.app.kit.share_link.MAX_LINK_CHARS`) keeps the last position that fit,
and the page says so once.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from ..server.offload import in_server, off_loop
from .session import GameSession
from .share_link import MAX_LINK_CHARS, encode_share_token

__all__ = ["DEBOUNCE_MS", "AddressGame", "GameInAddress"]

DEBOUNCE_MS = 400
"""How long after a change the address follows (one update for a burst of steps)."""


class AddressGame(JSComponent):
    """Puts ``token`` in the page's address as ``?game=`` (``history.replaceState``)."""

    token = param.String(default="", doc="The game's share token ('' leaves the address).")

    _esm = """
export function render({ model }) {
  const put = () => {
    const token = model.token
    if (!token) return
    const url = new URL(window.location.href)
    if (url.searchParams.get("game") === token) return
    url.searchParams.set("game", token)
    window.history.replaceState(window.history.state, "", url.toString())
  }
  model.on("token", put)
  put()
  const el = document.createElement("span")
  el.style.display = "none"
  return el
}
"""


class GameInAddress:
    """Keeps ``session``'s game in its page's address (see the module's docstring)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.view = AddressGame(height=0, margin=0)
        self.kept_step: int | None = None
        """The step the address holds while the game is too long for it, else ``None``."""
        self._due = False
        self._fit_step: int | None = None
        self._made = self._shown = 0  # encodings started, and the newest one shown
        doc = in_server() or pn.state.curdoc  # a served page is built with its document set
        self._doc = doc if doc is not None and doc.session_context is not None else None
        session.param.watch(self._changed, "state_version")

    def _changed(self, _event: Any) -> None:
        doc = in_server() or self._doc  # a game may change in a worker thread (a load)
        if doc is None or self._due:  # a notebook has no address; one update per burst
            return
        self._due = True
        # thread-safe from anywhere; the timeout is then set on the page's own loop
        doc.add_next_tick_callback(lambda: doc.add_timeout_callback(self._encode, DEBOUNCE_MS))

    def _encode(self) -> None:
        self._due = False
        version = self.session.state_version
        tl = self.session.timeline.fork()  # here, on the loop: the game as shown now
        step = tl.index
        self._made += 1
        number = self._made

        def done(token: str) -> None:
            if number > self._shown:  # an older encoding that finished later is dropped
                self._shown = number
                self.show(token, step)
            if self.session.state_version != version:
                # the game changed while this one was encoded (a change made in a worker
                # thread can land between the fork and the flag): encode the newest too
                self._changed(None)

        off_loop(
            lambda: encode_share_token(tl),
            done,
            lambda exc: None,  # a game that cannot be saved keeps the last address
            what="putting the game in the address",
        )

    def show(self, token: str, step: int) -> None:
        """Put ``token`` (the game at ``step``) in the address if it fits; else keep the last
        one that fit and say so once."""
        if len(token) <= MAX_LINK_CHARS:
            self.kept_step = None
            self._fit_step = step
            self.view.token = token
            return
        if self.kept_step is None:
            self.kept_step = self._fit_step if self._fit_step is not None else 0
            self.session.notice = (
                "This game is now too long for the page's address: a reload would bring back"
                f" step {self.kept_step}. 'Save game (JSON)' keeps all of it."
            )
