"""No traceback in the server log when a tab closes while the server writes to it.

A browser tab may close at any moment, also while the server is sending it a
change. Tornado's websocket write then fails with ``WebSocketClosedError`` (or
the stream under it with ``StreamClosedError``), often inside a task nobody
awaits, and asyncio, Tornado or Bokeh log it with a full traceback: 19 of them
for one closed tab that ran a simulation. The page is gone, so there is nothing
to report. :class:`ClosedTabFilter` drops exactly those records from the loggers
that report them (:data:`CLOSED_TAB_LOGGERS`) and lets every other one through.
"""

from __future__ import annotations

import logging

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


def is_closed_tab_write(record: logging.LogRecord) -> bool:
    """Whether ``record`` reports a write to a websocket that had closed (on one of the
    :data:`CLOSED_TAB_LOGGERS`)."""
    if record.name not in CLOSED_TAB_LOGGERS or not record.exc_info:
        return False
    return isinstance(record.exc_info[1], _closed_errors())


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
