"""A test client speaking the documented protocol: httpx for the lobby, websockets per table."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

TIMEOUT = 20.0


class Player:
    """One person (one cookie jar)."""

    def __init__(self, base: str, ws_base: str, http: httpx.Client | None = None) -> None:
        self.http = http or httpx.Client(base_url=base, timeout=30)
        self.ws_base = ws_base
        self.user: dict[str, Any] = {}

    def guest(self, name: str = "guest") -> Player:
        response = self.http.post("/api/auth/guest", json={"name": name})
        response.raise_for_status()
        self.user = response.json()
        return self

    def register(self, name: str | None = None, password: str = "correct horse") -> Player:
        name = name or f"p{secrets.token_hex(4)}"
        response = self.http.post("/api/auth/register", json={"name": name, "password": password})
        response.raise_for_status()
        self.user = response.json()
        return self

    def create(self, **body: Any) -> dict[str, Any]:
        response = self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        table: dict[str, Any] = response.json()
        return table

    def join(self, table_id: int, **body: Any) -> httpx.Response:
        return self.http.post(f"/api/tables/{table_id}/join", json=body)

    def start(self, table_id: int) -> dict[str, Any]:
        response = self.http.post(f"/api/tables/{table_id}/start")
        assert response.status_code == 200, response.text
        table: dict[str, Any] = response.json()
        return table

    async def socket(self, table_id: int, **query: Any) -> Socket:
        cookie = self.http.cookies.get("mh_session")
        headers = {"Cookie": f"mh_session={cookie}"} if cookie else {}
        params = "&".join(f"{k}={v}" for k, v in query.items() if v is not None)
        url = f"{self.ws_base}/ws/tables/{table_id}" + (f"?{params}" if params else "")
        # No keepalive pings from the test's side: a test's loop may wait behind a thread that
        # sends thousands of requests (tests/server/api/test_fuzz.py), and a ping it could not
        # answer in time would close the socket for a reason that says nothing of the server.
        connection = await connect(url, additional_headers=headers, max_size=None,
                                   ping_interval=None)
        return Socket(connection)

    def close(self) -> None:
        self.http.close()


@dataclass
class Socket:
    connection: ClientConnection
    received: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        text = await asyncio.wait_for(self.connection.recv(), timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        return message

    async def expect(self, kind: str, timeout: float = TIMEOUT, **fields: Any) -> dict[str, Any]:
        """Read until a message of this type (with these field values) arrives."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.recv(timeout)
                if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                    return message

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.connection.send(message if isinstance(message, str) else json.dumps(message))

    async def settle(self) -> list[dict[str, Any]]:
        """Everything the server had sent this connection before now: a ping's pong is queued
        behind it, so the messages read before the pong are all of them."""
        await self.send({"type": "ping"})
        before: list[dict[str, Any]] = []
        while (message := await self.recv())["type"] != "pong":
            before.append(message)
        return before

    async def close(self) -> None:
        await self.connection.close()


async def play_seat(socket: Socket, rng: random.Random, errors: list[dict[str, Any]],
                    stop_after: int | None = None,
                    first: dict[str, Any] | None = None,
                    until: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
    """Play random legal moves for the viewed seat until the game ends (or the table reaches
    ``stop_after`` actions, or an update or sync meets ``until``); returns the last update or
    sync received, not acted upon."""
    pending = False
    while True:
        message = first if first is not None else await socket.recv()
        first = None
        kind = message["type"]
        if kind == "error":
            errors.append(message)
            pending = False
            continue
        if kind not in ("update", "sync"):
            continue
        if message.get("last", {}).get("seat") == message["seat"]:
            pending = False
        if message["status"] == "finished":
            return message
        if stop_after is not None and message["seq"] >= stop_after:
            return message
        if until is not None and until(message):
            return message
        # Only when the table waits for this seat: optional moves (a change of mind) would go
        # stale as the others play, and are tested on their own.
        if message["legal"] and message["seat"] in message["to_move"] and not pending:
            pending = True
            await socket.send(
                {"type": "act", "seq": message["seq"], "action": rng.choice(message["legal"])}
            )


@dataclass
class TableSession:
    """A started table: its people, one socket per seat, and a spectator socket."""

    table: dict[str, Any]
    people: list[Player]
    sockets: list[Socket]
    latest: list[dict[str, Any]]

    @property
    def id(self) -> int:
        return int(self.table["id"])

    async def drain(self, seat: int) -> dict[str, Any]:
        """Read seat's socket until its latest update/sync is at the table's newest seq."""
        while True:
            message = await self.sockets[seat].recv()
            if message["type"] in ("update", "sync"):
                self.latest[seat] = message
                return message

    def movers(self) -> list[int]:
        """The seats the table waits for, as each seat's latest message says."""
        return [
            seat for seat, message in enumerate(self.latest)
            if message["status"] == "playing" and seat in message["to_move"] and message["legal"]
        ]

    async def acknowledged(self, seat: int) -> dict[str, Any]:
        """Read seat's socket until the update that acknowledges its own move."""
        while True:
            message = await self.drain(seat)
            if message["type"] == "update" and message["last"]["seat"] == seat:
                return message

    async def settle(self) -> None:
        """Bring every seat's latest message up to date (each seat counts its own seq)."""
        for seat, socket in enumerate(self.sockets):
            for message in await socket.settle():
                if message["type"] in ("update", "sync"):
                    self.latest[seat] = message

    async def act(self, seat: int, action: dict[str, Any] | None = None,
                  seq: int | None = None) -> None:
        message = self.latest[seat]
        await self.sockets[seat].send({
            "type": "act",
            "seq": message["seq"] if seq is None else seq,
            "action": action if action is not None else message["legal"][0],
        })

    async def close(self) -> None:
        for socket in self.sockets:
            await socket.close()
        for person in self.people:
            person.close()


async def open_table(base: str, ws_base: str, game: str, players: int, *,
                     registered: bool = False, **create: Any) -> TableSession:
    """A started table of ``players`` people (guests, or registered people), a socket each."""
    people = [Player(base, ws_base).register() if registered
              else Player(base, ws_base).guest(f"seat{i}") for i in range(players)]
    table = people[0].create(game=game, players=players, seat=0, **create)
    for index, person in enumerate(people[1:], start=1):
        response = person.join(table["id"], seat=index, invite=table.get("invite_token"))
        assert response.status_code == 200, response.text
    sockets = [await person.socket(table["id"]) for person in people]
    for socket in sockets:
        await socket.expect("welcome")
    people[0].start(table["id"])
    latest = [await socket.expect("sync") for socket in sockets]
    return TableSession(table, people, sockets, latest)


async def advance(session: TableSession, rng: random.Random, steps: int) -> int:
    """Play ``steps`` random legal moves, one at a time, keeping every seat's latest message
    current; returns seat 0's seq (each seat counts the steps it sees)."""
    for _ in range(steps):
        movers = session.movers()
        if not movers or session.latest[0]["status"] != "playing":
            break
        seat = rng.choice(movers)
        await session.act(seat, rng.choice(session.latest[seat]["legal"]))
        await session.acknowledged(seat)
        await session.settle()
    return int(session.latest[0]["seq"])
