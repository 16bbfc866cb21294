"""A closed WebSocket leaves nothing for the garbage collector: its connection's objects are
freed when it ends (server/transport.py), where uvicorn's own protocols held them in reference
cycles until a full collection, which a busy process runs about once an hour.

Python's automatic collections are off while a test looks, so only reference counting frees
anything; the control shows that with uvicorn's stock protocols it does not.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol
from websockets.asyncio.client import connect

from meeplehall.server.transport import UVICORN_OPTIONS
from tests.server.client import Player
from tests.server.inprocess import InProcessServer

SOCKETS = 4  # of each kind: a person's own socket and a table's


def connections() -> int:
    """The server's protocol objects, HTTP and WebSocket, still in memory."""
    # type(), not isinstance(): a dead weak proxy among the objects raises on isinstance.
    return sum(1 for thing in gc.get_objects()
               if issubclass(type(thing), (WebSocketProtocol, HttpToolsProtocol)))


def open_and_close_sockets(server: InProcessServer) -> None:
    player = Player(server.base, server.ws_base).guest("closer")
    table = player.create(game="yaxha", players=2, seat=0)
    cookie = {"Cookie": f"mh_session={player.http.cookies.get('mh_session')}"}

    async def one(path: str) -> None:
        async with connect(f"{server.ws_base}{path}", additional_headers=cookie) as socket:
            await socket.recv()  # the socket's first message: the server has taken it on

    async def all_of_them() -> None:
        await asyncio.gather(*(one(path) for path in ["/ws/me", f"/ws/tables/{table['id']}"]
                               for _ in range(SOCKETS)))

    asyncio.run(all_of_them())
    player.http.close()


def gone_within(seconds: float) -> bool:
    """Whether every connection's objects are freed within ``seconds`` (a busy machine may take
    a while to finish the closing handshakes)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if connections() == 0:
            return True
        time.sleep(0.2)
    return False


@pytest.fixture
def reference_counting_only() -> Iterator[None]:
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def served(tmp_path: Path, options: dict[str, Any]) -> InProcessServer:
    server = InProcessServer(tmp_path, uvicorn_options=options)
    server.start()  # its start-up collects, then freezes what is left out of gc.get_objects()
    return server


def test_closed_sockets_are_freed_without_a_garbage_collection(
        tmp_path: Path, reference_counting_only: None) -> None:
    server = served(tmp_path, UVICORN_OPTIONS)
    try:
        open_and_close_sockets(server)
        assert gone_within(20)
    finally:
        server.stop()


def test_uvicorns_own_protocols_keep_them_until_a_full_collection(
        tmp_path: Path, reference_counting_only: None) -> None:
    stock = {**UVICORN_OPTIONS, "http": "httptools", "ws": "websockets"}
    server = served(tmp_path, stock)
    try:
        open_and_close_sockets(server)
        assert not gone_within(3)
        assert connections() >= 2 * SOCKETS
        gc.collect()
        assert gone_within(20)
    finally:
        server.stop()
