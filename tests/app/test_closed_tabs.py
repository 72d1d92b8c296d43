"""A tab closed while the server writes to it leaves no traceback; other errors stay visible."""

from __future__ import annotations

import logging
import sys

import pytest
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError

from racerlab.app.closed_tabs import ClosedTabFilter, is_closed_tab_write, quiet_closed_tabs


def _record(exc: BaseException, message: str, name: str = "asyncio") -> logging.LogRecord:
    """A record as asyncio's default exception handler makes it for an unawaited task."""
    try:
        raise exc
    except BaseException:
        info = sys.exc_info()
    return logging.LogRecord(name, logging.ERROR, __file__, 1, message, None, info)


UNAWAITED = "Task exception was never retrieved\nfuture: <Task finished name='Task-9'>"


@pytest.mark.parametrize("error", [WebSocketClosedError(), StreamClosedError()])
@pytest.mark.parametrize("name", ["asyncio", "tornado.application", "bokeh.server.session"])
def test_a_closed_tabs_failed_write_is_dropped(error, name):
    record = _record(error, UNAWAITED, name=name)
    assert is_closed_tab_write(record)
    assert ClosedTabFilter().filter(record) is False


@pytest.mark.parametrize(
    "record",
    [
        _record(ValueError("a real bug"), UNAWAITED),  # another error in an unawaited task
        _record(WebSocketClosedError(), UNAWAITED, name="racerlab"),  # not a server logger
        logging.LogRecord("asyncio", logging.ERROR, __file__, 1, UNAWAITED, None, None),
    ],
)
def test_every_other_record_is_kept(record):
    assert not is_closed_tab_write(record)
    assert ClosedTabFilter().filter(record) is True


def test_installed_once_on_asyncio_and_drops_only_the_closed_tab(caplog):
    logger = logging.getLogger("asyncio")
    before = list(logger.filters)
    try:
        first = quiet_closed_tabs()
        assert quiet_closed_tabs() is first
        assert sum(isinstance(f, ClosedTabFilter) for f in logger.filters) == 1
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            logger.error(UNAWAITED, exc_info=WebSocketClosedError())
            logger.error(UNAWAITED, exc_info=RuntimeError("still shown"))
        assert [r.exc_info[1].__class__ for r in caplog.records] == [RuntimeError]
    finally:
        logger.filters[:] = before
