"""How uvicorn carries the hall's HTTP and WebSockets: one set of options for ``meeplehall
serve`` and the in-process servers of the tests, so both speak the same protocol
implementation."""

from __future__ import annotations

from typing import Any

#: An idle kept-alive HTTP connection is closed after this many seconds. A proxy that keeps
#: connections to the process (the shipped nginx upstream's ``keepalive``) must let go of them
#: sooner: a request it sends on one the process is closing at that moment gets a reset, and
#: nginx answers a POST that met one with 502 (deploy/nginx/meeplehall-upstream.conf).
KEEP_ALIVE_SECONDS = 5

#: uvicorn's default implementation (``websockets``): its sans-I/O one saved about 5 KiB a
#: socket and no latency at 10,000 sockets (docs/server.md), and under a heavy load a test saw
#: one of its sockets end without a close frame; messages of at most 1 MiB (protocol.md); no
#: compression, as updates are small and compressing costs CPU per socket.
UVICORN_OPTIONS: dict[str, Any] = {
    "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    "ws": "websockets",
    "ws_max_size": 1024 * 1024,
    "ws_per_message_deflate": False,
}
