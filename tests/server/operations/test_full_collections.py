"""What a closed WebSocket leaves behind is freed by the full collection that runs every
``--full-collection-seconds`` (operations/collector.py), and only a full collection frees it.

Python's automatic collections are off while a test looks, so whatever frees the closed sockets'
objects is the server's own collection or plain reference counting, and the control shows it is
not reference counting.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol
from websockets.asyncio.client import connect

from tests.server.client import Player
from tests.server.inprocess import InProcessServer

SOCKETS = 8


def protocols() -> int:
    """The server's WebSocket connections whose objects are still in memory."""
    # type(), not isinstance(): a dead weak proxy among the objects raises on isinstance.
    return sum(1 for thing in gc.get_objects() if type(thing) is WebSocketProtocol)


def open_and_close_sockets(server: InProcessServer) -> None:
    player = Player(server.base, server.ws_base).guest("closer")
    cookie = {"Cookie": f"mh_session={player.http.cookies.get('mh_session')}"}

    async def one() -> None:
        async with connect(f"{server.ws_base}/ws/me", additional_headers=cookie):
            pass

    async def all_of_them() -> None:
        await asyncio.gather(*(one() for _ in range(SOCKETS)))

    asyncio.run(all_of_them())


@pytest.fixture
def no_automatic_collections() -> Iterator[None]:
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def served(tmp_path: Path, seconds: float) -> InProcessServer:
    server = InProcessServer(tmp_path, full_collection_seconds=seconds)
    server.start()
    return server


def gone_within(seconds: float, collect: bool) -> bool:
    """Whether the closed sockets' objects are all freed within ``seconds`` (a busy machine
    may take a while to finish the closing handshakes), collecting meanwhile if ``collect``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if collect:
            gc.collect()
        if protocols() == 0:
            return True
        time.sleep(0.2)
    return False


def test_closed_sockets_are_freed_by_the_periodic_full_collection(
        tmp_path: Path, no_automatic_collections: None) -> None:
    server = served(tmp_path, 0.5)
    try:
        open_and_close_sockets(server)
        assert gone_within(20, collect=False)
    finally:
        server.stop()


def test_without_it_closed_sockets_stay_until_a_full_collection(
        tmp_path: Path, no_automatic_collections: None) -> None:
    server = served(tmp_path, 0)
    try:
        open_and_close_sockets(server)
        time.sleep(2)  # the sockets' own tasks end; plain reference counting frees what it can
        assert protocols() >= SOCKETS  # held in reference cycles, not by the server
        assert gone_within(20, collect=True)
    finally:
        server.stop()
