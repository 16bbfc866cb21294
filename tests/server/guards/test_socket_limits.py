"""The table socket's limits, against a server of our own with small ones: message rates per
connection and per client address (``rate_limited``, then the 4429 close for a flood), the
number of sockets per address, and the outgoing queue of a client that stops reading (4408).

The server runs in this process (tests/server/inprocess.py) so the tests can look at its
connections; every client still talks to it over real sockets.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from meeplehall.server.play.connection import Connection
from tests.server.client import Player, Socket
from tests.server.inprocess import InProcessServer


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[InProcessServer]:
    server = InProcessServer(
        tmp_path, ws_rate=5.0, ws_burst=10.0, ws_address_rate=1000.0, ws_address_burst=1000.0,
        ws_flood_strikes=8.0, ws_connections_per_address=3,
        ws_queue_messages=16, ws_queue_bytes=64 * 1024,
    )
    server.start()
    yield server
    server.stop()


async def replies(socket: Socket, count: int) -> list[dict[str, Any]]:
    return [await socket.recv() for _ in range(count)]


async def rate_limits(server: InProcessServer) -> None:
    person = Player(server.base, server.ws_base).guest("pinger")
    table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
    ws = await person.socket(table["id"])
    await ws.expect("welcome")
    await ws.expect("chat_log")  # the last message a socket gets on opening
    # 15 pings at once against a burst of 10: each gets one answer, a pong or a refusal (after
    # which the server reads nothing more from the socket until it may send again).
    for _ in range(15):
        await ws.send({"type": "ping"})
    answers = await replies(ws, 15)
    refused = [a for a in answers if a["type"] == "error"]
    assert {a["type"] for a in answers} == {"pong", "error"}
    assert refused and all(a["code"] == "rate_limited" for a in refused), refused
    assert all(a["retry_ms"] > 0 for a in refused)
    # The socket stays open: once the tokens are back, a ping is answered again.
    await asyncio.sleep(max(a["retry_ms"] for a in refused) / 1000)
    await ws.send({"type": "ping"})
    assert (await ws.recv())["type"] == "pong"
    # A client that floods far beyond the limit is cut off with 4429.
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(2000):
            await ws.send({"type": "ping"})
        while True:
            await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    assert "too many messages" in closed.value.rcvd.reason
    person.close()


def test_messages_beyond_the_rate_are_refused_then_a_flood_closes_the_socket(
    limited: InProcessServer,
) -> None:
    asyncio.run(rate_limits(limited))


async def connection_cap(server: InProcessServer) -> None:
    person = Player(server.base, server.ws_base).guest("tabs")
    table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
    sockets = [await person.socket(table["id"]) for _ in range(3)]
    for ws in sockets:
        await ws.expect("welcome")
    # One more is refused before the upgrade: 429 Too Many Requests, with a Retry-After.
    with pytest.raises(InvalidStatus) as refused:
        await person.socket(table["id"])
    assert refused.value.response.status_code == 429
    assert refused.value.response.headers["Retry-After"]
    assert b"connections" in refused.value.response.body
    # A closed socket gives its place back.
    await sockets.pop().close()
    room = server.call(lambda: server.manager.rooms[table["id"]])
    while server.call(lambda: len(room.connections)) > 2:
        await asyncio.sleep(0.02)
    again = await person.socket(table["id"])
    await again.expect("welcome")
    for ws in [*sockets, again]:
        await ws.close()
    person.close()


def test_one_address_opens_a_limited_number_of_sockets(limited: InProcessServer) -> None:
    asyncio.run(connection_cap(limited))


def test_opening_sockets_costs_the_address_so_reconnecting_is_no_way_around(
    tmp_path: Path,
) -> None:
    # Each socket costs its address 5 tokens: a burst of 12 pays for two.
    server = InProcessServer(tmp_path, ws_address_rate=0.5, ws_address_burst=12.0)
    server.start()

    async def run() -> list[int]:
        person = Player(server.base, server.ws_base).guest("reconnecting")
        table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
        outcomes = []
        for _ in range(4):
            try:
                ws = await person.socket(table["id"])
                await ws.expect("welcome")
                await ws.close()
                outcomes.append(101)
            except InvalidStatus as refused:
                outcomes.append(refused.response.status_code)
        person.close()
        return outcomes

    try:
        outcomes = asyncio.run(run())
    finally:
        server.stop()
    assert outcomes[:2] == [101, 101] and 429 in outcomes[2:], outcomes


def test_the_address_limit_covers_all_its_sockets_together(tmp_path: Path) -> None:
    # Three sockets cost their address 15 tokens; 24 pings then outrun what is left.
    server = InProcessServer(tmp_path, ws_rate=1000.0, ws_burst=1000.0, ws_address_rate=5.0,
                             ws_address_burst=25.0, ws_flood_strikes=1000.0)
    server.start()

    async def run() -> list[dict[str, Any]]:
        person = Player(server.base, server.ws_base).guest("tabs")
        table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
        sockets = [await person.socket(table["id"]) for _ in range(3)]
        for ws in sockets:
            await ws.expect("welcome")
        for ws in sockets:
            for _ in range(8):
                await ws.send({"type": "ping"})
        answers = [answer for ws in sockets for answer in await replies(ws, 8)]
        for ws in sockets:
            await ws.close()
        person.close()
        return answers

    try:
        answers = asyncio.run(run())
    finally:
        server.stop()
    refused = [a for a in answers if a["type"] == "error"]
    assert refused and all(a["code"] == "rate_limited" for a in refused)


def raw_websocket(port: int, path: str) -> socket.socket:
    """A WebSocket handshake by hand on a socket with a tiny receive buffer, that then never
    reads: the slowest client there is."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        .encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += raw.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return raw


def masked_text(text: str) -> bytes:
    """One masked client text frame (payload under 126 bytes)."""
    payload = text.encode()
    mask = os.urandom(4)
    body = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + body


def test_a_client_that_stops_reading_is_closed_and_its_queue_stays_bounded(
    tmp_path: Path,
) -> None:
    # Rates high enough to fill the kernel's buffers fast; a small queue.
    server = InProcessServer(tmp_path, ws_rate=1000.0, ws_burst=1000.0, ws_address_rate=0.0,
                             ws_flood_strikes=1000.0, ws_queue_messages=16,
                             ws_queue_bytes=64 * 1024)
    server.start()
    try:
        owner = Player(server.base, server.ws_base).guest("owner")
        # Level 3 bots think for a while at each move: the table streams updates for long.
        table = owner.create(game="yaxha", players=2, seat=None,
                             bots=[{"seat": seat, "level": 3} for seat in range(2)])
        table_id = table["id"]
        raw = raw_websocket(server.port, f"/ws/tables/{table_id}")
        rooms = server.manager.rooms
        while not server.call(lambda: table_id in rooms and bool(rooms[table_id].connections)):
            time.sleep(0.02)  # the handshake is answered before the socket joins its room
        room = server.call(lambda: rooms[table_id])
        connection: Connection = server.call(lambda: next(iter(room.connections)))
        owner.start(table_id)
        # It asks for whole syncs until the kernel's buffers are full, and never reads a byte;
        # once the server stops reading it, its sends time out, and the bots' moves pile up.
        raw.settimeout(0.05)
        sync = masked_text('{"type": "sync", "seq": 0}')
        full = False
        while server.call(lambda: connection in room.connections):
            assert server.call(lambda: room.record.status) == "playing", "not closed in time"
            if not full:
                try:
                    raw.sendall(sync)
                except (TimeoutError, BlockingIOError):
                    full = True  # (a frame cut short would be garbage: send no more)
            time.sleep(0.01)
        assert connection.end_code == 4408
        assert connection.peak_messages <= 16
        assert connection.peak_bytes <= 64 * 1024 or connection.peak_messages == 1
        assert connection.queue.qsize() == 0 and connection.queued_bytes == 0
        raw.close()
        owner.close()
    finally:
        server.stop()
