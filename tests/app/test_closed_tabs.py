"""A tab closed while the server writes to it leaves no traceback; other errors stay visible."""

from __future__ import annotations

import logging
import sys

import pytest
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClosedError

from racerlab.app.server.closed_tabs import ClosedTabFilter, is_closed_tab_write, quiet_closed_tabs


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


def _detached_session_error() -> AssertionError:
    """The error Bokeh raises when a closed tab's connection is asked for its session."""
    from bokeh.server.connection import ServerConnection

    connection = object.__new__(ServerConnection)
    connection._session = None  # what ``detach_session`` leaves when the tab's socket closes
    try:
        connection.session  # noqa: B018  (the property is what raises)
    except AssertionError as exc:
        return exc
    raise AssertionError("Bokeh no longer asserts that a connection has its session")


@pytest.mark.parametrize("name", ["bokeh.server.protocol_handler", "tornado.application"])
def test_a_closed_tabs_detached_session_is_dropped(name):
    record = _record(_detached_session_error(), "error handling message", name=name)
    assert is_closed_tab_write(record)
    assert ClosedTabFilter().filter(record) is False


def test_other_assertion_errors_are_kept():
    try:
        assert 1 + 1 == 3, "a real bug"
    except AssertionError as exc:
        mine = exc
    kept = [
        _record(mine, "error handling message", name="bokeh.server.protocol_handler"),
        _record(_detached_session_error(), "error handling message", name="racerlab"),
    ]
    for record in kept:
        assert not is_closed_tab_write(record)
        assert ClosedTabFilter().filter(record) is True
