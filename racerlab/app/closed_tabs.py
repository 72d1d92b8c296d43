"""No traceback in the server log when a tab closes while the server writes to it.

A browser tab may close at any moment, also while the server is sending it a
change. Tornado's websocket write then fails with ``WebSocketClosedError`` (or
the stream under it with ``StreamClosedError``) inside a task nobody awaits,
and asyncio logs "Task exception was never retrieved" with a full traceback:
19 of them for one closed tab that ran a simulation. The page is gone, so there
is nothing to report. :class:`ClosedTabFilter` drops exactly those records from
the ``asyncio`` logger and lets every other one through.
"""

from __future__ import annotations

import logging

__all__ = ["ClosedTabFilter", "is_closed_tab_write", "quiet_closed_tabs"]

UNRETRIEVED = "Task exception was never retrieved"
"""How asyncio's default exception handler starts the message for an unawaited failed task."""


def _closed_errors() -> tuple[type[BaseException], ...]:
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    return (WebSocketClosedError, StreamClosedError)


def is_closed_tab_write(record: logging.LogRecord) -> bool:
    """Whether ``record`` is asyncio's report of a write to a websocket that had closed."""
    if record.name != "asyncio" or not record.exc_info:
        return False
    exc = record.exc_info[1]
    return isinstance(exc, _closed_errors()) and record.getMessage().startswith(UNRETRIEVED)


class ClosedTabFilter(logging.Filter):
    """Drops :func:`is_closed_tab_write` records; keeps every other record."""

    def filter(self, record: logging.LogRecord) -> bool:
        """``False`` (drop) for a closed tab's failed write, else ``True``."""
        return not is_closed_tab_write(record)


def quiet_closed_tabs() -> ClosedTabFilter:
    """Install :class:`ClosedTabFilter` on the ``asyncio`` logger once; returns it."""
    logger = logging.getLogger("asyncio")
    for existing in logger.filters:
        if isinstance(existing, ClosedTabFilter):
            return existing
    installed = ClosedTabFilter()
    logger.addFilter(installed)
    return installed
