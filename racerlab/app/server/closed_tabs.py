"""No traceback in the server log when a tab closes while the server writes to it.

A browser tab may close at any moment, also while the server is sending it a
change. Tornado's websocket write then fails with ``WebSocketClosedError`` (or
the stream under it with ``StreamClosedError``), often inside a task nobody
awaits, and asyncio, Tornado or Bokeh log it with a full traceback: 19 of them
for one closed tab that ran a simulation. The page is gone, so there is nothing
to report. :class:`ClosedTabFilter` drops exactly those records from the loggers
that report them (:data:`CLOSED_TAB_LOGGERS`) and lets every other one through.

Bokeh leaves one more: when a tab's socket closes, its connection lets go of its
session; a message from that tab still being handled (the page's first browser
facts, a click) then, or the closing itself when it runs a second time, asks the
connection for its session and fails Bokeh's own ``assert`` in
``ServerConnection.session`` (seen under 40 tab open/close cycles:
``tests/app/test_tab_cycles_ui.py``). The tab is gone; that record is dropped too,
and only when the failed assertion is that one.
"""

from __future__ import annotations

import logging
import traceback
from pathlib import Path

__all__ = ["CLOSED_TAB_LOGGERS", "ClosedTabFilter", "is_closed_tab_write", "quiet_closed_tabs"]

CLOSED_TAB_LOGGERS = (
    "asyncio",
    "tornado.application",
    "tornado.general",
    "bokeh.server.protocol_handler",
    "bokeh.server.views.ws",
    "bokeh.server.session",
    "bokeh.util.tornado",
)
"""The loggers through which a write to a closed tab has been seen to leave a traceback."""


def _closed_errors() -> tuple[type[BaseException], ...]:
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    return (WebSocketClosedError, StreamClosedError)


def _detached_session(error: BaseException) -> bool:
    """Whether ``error`` is Bokeh's assertion that a connection still has its session (it
    lets go of it when its tab's socket closes)."""
    if not isinstance(error, AssertionError) or error.__traceback__ is None:
        return False
    last = traceback.extract_tb(error.__traceback__)[-1]
    where = Path(last.filename).parts[-3:]
    return last.name == "session" and where == ("bokeh", "server", "connection.py")


def is_closed_tab_write(record: logging.LogRecord) -> bool:
    """Whether ``record`` reports a write to a websocket that had closed, or a closed tab's
    connection asked for the session it had let go of (on one of the
    :data:`CLOSED_TAB_LOGGERS`)."""
    if record.name not in CLOSED_TAB_LOGGERS or not record.exc_info:
        return False
    error = record.exc_info[1]
    return isinstance(error, _closed_errors()) or (error is not None and _detached_session(error))


class ClosedTabFilter(logging.Filter):
    """Drops :func:`is_closed_tab_write` records; keeps every other record."""

    def filter(self, record: logging.LogRecord) -> bool:
        """``False`` (drop) for a closed tab's failed write, else ``True``."""
        return not is_closed_tab_write(record)


_FILTER = ClosedTabFilter()


def quiet_closed_tabs() -> ClosedTabFilter:
    """Install the one :class:`ClosedTabFilter` on every :data:`CLOSED_TAB_LOGGERS` logger
    (once; calling again changes nothing); returns it."""
    for name in CLOSED_TAB_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, ClosedTabFilter) for f in logger.filters):
            logger.addFilter(_FILTER)
    return _FILTER
