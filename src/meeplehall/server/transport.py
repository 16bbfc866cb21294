"""How uvicorn carries the hall's WebSockets: one set of options for ``meeplehall serve`` and
the in-process servers of the tests, so both speak the same protocol implementation."""

from __future__ import annotations

from typing import Any

#: uvicorn's default implementation (``websockets``): its sans-I/O one saved about 5 KiB a
#: socket and no latency at 10,000 sockets (docs/server.md), and under a heavy load a test saw
#: one of its sockets end without a close frame; messages of at most 1 MiB (protocol.md); no
#: compression, as updates are small and compressing costs CPU per socket.
WEBSOCKET_OPTIONS: dict[str, Any] = {
    "ws": "websockets",
    "ws_max_size": 1024 * 1024,
    "ws_per_message_deflate": False,
}
