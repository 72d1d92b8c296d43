"""A visitor whose browser is on another machine: Bokeh's websocket protocol, no browser.

In a class, every student's browser runs on the student's own machine; on the
benchmark's machine twenty Chromium tabs take most of the processors from the
server they are measuring. A :class:`SocketVisitor` stands in for such a
visitor: it asks for the page (so the server makes its session and dashboard as
for a browser), opens the page's websocket with the page's token, pulls the
document, says the document is ready, and presses buttons by sending their click
events, exactly the messages a browser sends (header, metadata and content
frames). It draws nothing. A Step's time is from the click's last frame sent to
the first patch showing the next step number: the server's and the network's
share of a Step.

>>> button_ids({"type": "object", "name": "Button", "id": "p9",
...              "attributes": {"label": "Step"}}, "Step")
['p9']
"""

from __future__ import annotations

import json
import re
import time
import uuid
from typing import Any

STEP_NUMBER = re.compile(r"(?:·|\\u00b7) step (\d+) of")
"""The step number in a status line, as it travels in a message's content."""
TOKEN = re.compile(r'"token":"([^"]+)"')
"""The session token a served page carries for its websocket."""


def button_ids(tree: Any, label: str) -> list[str]:
    """The ids of the buttons labelled ``label`` anywhere in a document's JSON ``tree``."""
    found: list[str] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            attrs = node.get("attributes")
            if (
                str(node.get("name", "")).endswith("Button")
                and isinstance(attrs, dict)
                and attrs.get("label") == label
            ):
                found.append(node["id"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


class SocketVisitor:
    """One page's session, driven over its websocket (see the module doc)."""

    def __init__(self) -> None:
        self.ws: Any = None
        self.step_id: str | None = None
        self.step = -1
        """The last step number the server sent (-1: none yet)."""

    async def open(self, url: str, path: str, timeout_s: float) -> None:
        """Ask for the page at ``url + path``, connect its websocket, pull its document and
        wait until it shows a Step button and a step number."""
        from tornado.httpclient import AsyncHTTPClient
        from tornado.websocket import websocket_connect

        deadline = time.monotonic() + timeout_s
        page = await AsyncHTTPClient().fetch(url + path, request_timeout=timeout_s)
        token = TOKEN.search(page.body.decode("utf-8"))
        if token is None:
            raise RuntimeError(f"{path}: the page carries no session token")
        ws_url = url.replace("http://", "ws://") + path.split("?")[0] + "/ws"
        self.ws = await websocket_connect(
            ws_url, subprotocols=["bokeh", token.group(1)], max_message_size=256 * 2**20
        )
        await self._read(deadline)  # the server's ACK
        await self._send("PULL-DOC-REQ", {})
        await self._send_event("document_ready", {"type": "map"})
        while self.step_id is None or self.step < 0:
            await self._read(deadline)

    async def press_step(self, timeout_s: float) -> float | None:
        """Press Step; seconds until a message shows a later step number (``None``: none
        did within ``timeout_s``)."""
        before = self.step
        deadline = time.monotonic() + timeout_s
        values = {"type": "map", "entries": [["model", {"id": self.step_id}]]}
        await self._send_event("button_click", values)
        started = time.monotonic()
        try:
            while self.step <= before:
                await self._read(deadline)
        except TimeoutError:
            return None
        return time.monotonic() - started

    def close(self) -> None:
        """Close the websocket (the server ends the session as for a closed tab)."""
        if self.ws is not None:
            self.ws.close()

    # -- the protocol: a message is a header, metadata and content frame, then buffers -------
    async def _send(self, msgtype: str, content: dict[str, Any]) -> None:
        header = {"msgid": uuid.uuid4().hex.upper(), "msgtype": msgtype}
        for frame in (header, {}, content):
            await self.ws.write_message(json.dumps(frame))

    async def _send_event(self, name: str, values: dict[str, Any]) -> None:
        event = {"type": "event", "name": name, "values": values}
        message = {"kind": "MessageSent", "msg_type": "bokeh_event", "msg_data": event}
        await self._send("PATCH-DOC", {"events": [message]})

    async def _frame(self, deadline: float) -> Any:
        import asyncio

        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        frame = await asyncio.wait_for(self.ws.read_message(), left)  # TimeoutError if late
        if frame is None:
            raise ConnectionError("the server closed the websocket")
        return frame

    async def _read(self, deadline: float) -> None:
        """Read one whole message; note a Step button and the latest step number in it."""
        header = json.loads(await self._frame(deadline))
        await self._frame(deadline)  # metadata
        content = await self._frame(deadline)
        for _ in range(2 * int(header.get("num_buffers", 0))):
            await self._frame(deadline)  # a buffer's header and its bytes
        if header.get("msgtype") not in ("PULL-DOC-REPLY", "PATCH-DOC"):
            return
        if self.step_id is None and '"Step"' in content:
            ids = button_ids(json.loads(content), "Step")
            self.step_id = ids[0] if ids else None
        numbers = STEP_NUMBER.findall(content)
        if numbers:
            self.step = int(numbers[-1])
