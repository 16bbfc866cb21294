"""How uvicorn carries the hall's HTTP and WebSockets: one set of options for ``meeplehall
serve`` and the in-process servers of the tests, so both speak the same protocol
implementation."""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol

#: An idle kept-alive HTTP connection is closed after this many seconds. A proxy that keeps
#: connections to the process (the shipped nginx upstream's ``keepalive``) must let go of them
#: sooner: a request it sends on one the process is closing at that moment gets a reset, and
#: nginx answers a POST that met one with 502 (deploy/nginx/meeplehall-upstream.conf).
KEEP_ALIVE_SECONDS = 5


class AcyclicHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools), without the cycle an upgraded connection left.

    The protocol and its parser point at each other, and uvicorn breaks that when the connection
    is lost. A connection upgraded to a WebSocket is lost by the WebSocket's protocol instead,
    so the pair waited for a full garbage collection, which a busy process runs about once an
    hour (docs/server.md): it grew with every socket closed until then
    (tests/server/test_closed_connections.py)."""

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]  # the connection is the WebSocket's now


class AcyclicWebSocketProtocol(WebSocketProtocol):
    """uvicorn's WebSocket protocol (``websockets``), freed as soon as its connection ends.

    Its handler is a closure (``websockets`` adapts uvicorn's two-argument handler) over the
    protocol's own bound method, kept on the protocol: a cycle that held the whole connection,
    tasks and buffers included, until a full garbage collection."""

    async def handler(self) -> None:
        try:
            await super().handler()
        finally:
            self.ws_handler = None  # type: ignore[assignment]  # never called again


#: uvicorn's default implementations (httptools, ``websockets``) without their cycles: the
#: sans-I/O WebSocket one saved about 5 KiB a socket and no latency at 10,000 sockets
#: (docs/server.md), and under a heavy load a test saw one of its sockets end without a close
#: frame; messages of at most 1 MiB (protocol.md); no compression, as updates are small and
#: compressing costs CPU per socket.
UVICORN_OPTIONS: dict[str, Any] = {
    "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    "http": AcyclicHttpProtocol,
    "ws": AcyclicWebSocketProtocol,
    "ws_max_size": 1024 * 1024,
    "ws_per_message_deflate": False,
}
