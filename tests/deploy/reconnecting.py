"""A seat's client that outlives the process behind its socket: when the socket drops it opens
another through the proxy, from the last seq it saw (``?since=``), as the web client does, and
plays on. Every message of every connection lands in one ``Socket``'s record, so the checks of
tests/server/play/test_play.py read a seat's whole game across its connections."""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed

from tests.nginx_proxy import UPSTREAM_HEADER
from tests.server.client import Player, Socket, play_seat


def upstream_of(socket: Socket) -> str:
    """The process (127.0.0.1:PORT) that accepted this socket's current connection."""
    response = socket.connection.response
    assert response is not None
    return response.headers[UPSTREAM_HEADER].split(", ")[-1]


def last_seq(socket: Socket) -> int:
    return int(next(m["seq"] for m in reversed(socket.received)
                    if m["type"] in ("update", "sync")))


@dataclass
class ReconnectingSeat:
    person: Player
    table_id: int
    socket: Socket
    rng: random.Random
    #: Where each connection went, the first one included.
    upstreams: list[str] = field(default_factory=list)
    #: How many messages the record held when each new connection opened.
    reopened_at: list[int] = field(default_factory=list)
    #: The errors the server answered, in order (play_seat's record).
    errors: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.upstreams.append(upstream_of(self.socket))

    async def reconnect(self) -> None:
        """One attempt: a handshake the proxy cannot place anywhere fails the test."""
        fresh = await self.person.socket(self.table_id, since=last_seq(self.socket))
        self.reopened_at.append(len(self.socket.received))
        self.socket.connection = fresh.connection
        self.upstreams.append(upstream_of(self.socket))
        await self.socket.expect("welcome")

    async def play(self, stop_after: int | None = None, first: dict[str, Any] | None = None,
                   until: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
        """``play_seat``, through as many connections as it takes."""
        while True:
            try:
                return await play_seat(self.socket, self.rng, self.errors, stop_after, first,
                                       until)
            except ConnectionClosed:
                first = None  # what the new connection's sync says is what counts now
                await self.reconnect()

    def acknowledged(self, seat: int) -> list[tuple[int, Any, str]]:
        """Every own move this seat was told was applied: (its seq, the action, the process
        whose connection carried the acknowledgement)."""
        return [
            (message["seq"], message["last"]["action"],
             self.upstreams[bisect.bisect_right(self.reopened_at, index)])
            for index, message in enumerate(self.socket.received)
            if message["type"] == "update" and message["last"]["seat"] == seat
        ]

    def refusals(self) -> tuple[list[str], list[str]]:
        """The error codes the first connection got, and those the later ones got."""
        first = self.reopened_at[0] if self.reopened_at else len(self.socket.received)
        codes = [(index, m["code"]) for index, m in enumerate(self.socket.received)
                 if m["type"] == "error"]
        return ([code for index, code in codes if index < first],
                [code for index, code in codes if index >= first])
