"""``racerlab serve --network`` and ``--data-dir``: what a class needs of the server.

``--network`` serves the room's network: the server listens on every interface
(``0.0.0.0``), accepts pages under this machine's network address (and localhost), and the
class panel's follow link carries that address, which students' devices can reach.
The address is found without sending anything (:func:`lan_address`).

``--data-dir DIR`` puts the class store there (:mod:`racerlab.app.server.class_store`);
both reach every server process through the environment, set before the fork.
"""

from __future__ import annotations

import os
import socket
from typing import Any

__all__ = ["NETWORK_ADDRESS", "class_options", "lan_address"]

NETWORK_ADDRESS = "0.0.0.0"
"""Where ``--network`` listens: every interface."""

PROBE = ("192.0.2.1", 9)
"""A reserved documentation address (RFC 5737): "connecting" a UDP socket to it picks the
interface a packet would leave by, and sends nothing."""


def lan_address(make_socket: Any = socket.socket) -> str:
    """This machine's address on its network (``127.0.0.1`` when it has none).

    A UDP socket's ``connect`` only asks the system which route it would use: no packet
    is sent, to the probe address or anywhere.
    """
    try:
        with make_socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(PROBE)
            address = s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    return address if address and not address.startswith("0.") else "127.0.0.1"


def class_options(args: Any, address: str, port: int) -> tuple[str, list[str]]:
    """Apply ``--data-dir`` and ``--network`` from parsed ``args``: returns the address to
    listen on and the extra websocket origins (and sets the environment the pages read)."""
    folder = getattr(args, "data_dir", None)
    if folder:
        os.environ["RACERLAB_DATA_DIR"] = str(folder)
    if not getattr(args, "network", False):
        os.environ.pop("RACERLAB_CLASS_URL", None)
        return address, []
    lan = lan_address()
    os.environ["RACERLAB_CLASS_URL"] = f"http://{lan}:{port}"
    print(f"racerlab: students open http://{lan}:{port}/ on the room's network", flush=True)
    return NETWORK_ADDRESS, [f"{lan}:{port}", f"localhost:{port}", f"127.0.0.1:{port}"]
