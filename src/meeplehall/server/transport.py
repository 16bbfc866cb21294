"""How uvicorn carries the hall's WebSockets: one set of options for ``meeplehall serve`` and
the in-process servers of the tests, so both speak the same protocol implementation."""

from __future__ import annotations

from typing import Any

#: ``websockets-sansio``: a socket is one protocol object with a ping timer, where uvicorn's
#: default implementation keeps three tasks and their buffers per socket besides the hall's
#: own (bench/memory_cost.py measures the difference); messages of at most 1 MiB
#: (protocol.md); no compression, as updates are small and compressing costs CPU per socket.
WEBSOCKET_OPTIONS: dict[str, Any] = {
    "ws": "websockets-sansio",
    "ws_max_size": 1024 * 1024,
    "ws_per_message_deflate": False,
}
