"""The authorization matrix (matrix.py) against a real server, on SQLite and PostgreSQL: every
row, for every kind of caller, gets the answer the table declares."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from meeplehall.server.db.models import Notification
from tests.server.authz.cast import Cast, build
from tests.server.authz.matrix import CALLERS, ROWS, Answer, Row
from tests.server.inprocess import InProcessServer

PLACEHOLDER = re.compile(r"{(\w+)}")


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def hall(request: pytest.FixtureRequest, database_factory: Any) -> Iterator[InProcessServer]:
    url, data_dir = database_factory(request.param)
    server = InProcessServer(Path(data_dir), database_url=url, creation_limits=False,
                             socket_limits=False)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def clients(hall: InProcessServer) -> Iterator[dict[str, httpx.Client]]:
    """A client per kind of caller: a row asks for all of them at once, one thread each."""
    made = {kind: httpx.Client(base_url=hall.base, timeout=30) for kind in CALLERS}
    yield made
    for client in made.values():
        client.close()


@pytest.fixture(scope="module")
def cast(hall: InProcessServer, clients: dict[str, httpx.Client]) -> Cast:
    return build(hall, clients["owner"], played=True)


def _fill(value: Any, values: dict[str, Any]) -> Any:
    """``value`` with its placeholders replaced; a string that is one placeholder becomes the
    thing itself (a number stays a number)."""
    if isinstance(value, str):
        whole = PLACEHOLDER.fullmatch(value)
        if whole:
            return values[whole.group(1)]
        return PLACEHOLDER.sub(lambda match: str(values[match.group(1)]), value)
    if isinstance(value, dict):
        return {key: _fill(item, values) for key, item in value.items()}
    if isinstance(value, list):
        return [_fill(item, values) for item in value]
    return value


def _succeeds(answer: Answer) -> bool:
    return str(answer).startswith("2")


def _http_answer(client: httpx.Client, cast: Cast, row: Row, kind: str) -> str:
    values = cast.values(kind)
    response = cast.call(client, kind, row.method, _fill(row.path, values),
                         _fill(row.body, values))
    expected = str(row.answers[kind])
    if " " not in expected:
        return str(response.status_code)
    try:
        code = response.json().get("code")
    except ValueError:
        code = None
    return f"{response.status_code} {code}"


def _http_answers(hall: InProcessServer, clients: dict[str, httpx.Client], cast: Cast,
                  row: Row) -> dict[str, str]:
    """Every kind of caller's answer to ``row``, asked at once (a thread and a client each)."""
    building = threading.Lock()

    def answer(kind: str) -> str:
        client = clients[kind]
        acting = cast
        if row.fresh and _succeeds(row.answers[kind]):
            # A call that goes through may change what it acts on: it gets a cast of its own
            # (made one at a time: SQLite has one writer), with a finished table of its own
            # when the row acts on one.
            with building:
                acting = build(hall, client, played="{finished}" in row.what)
        try:
            return _http_answer(client, acting, row, kind)
        except Exception as error:  # shown among the mismatches, with the others
            return f"raised {error!r}"

    with ThreadPoolExecutor(len(CALLERS)) as pool:
        return dict(zip(CALLERS, pool.map(answer, CALLERS), strict=True))


# -- sockets ---------------------------------------------------------------------------------------


async def _open(url: str, headers: dict[str, str]) -> ClientConnection | str:
    connection = await connect(url, additional_headers=headers)
    try:
        first = json.loads(await asyncio.wait_for(connection.recv(), 20))
    except ConnectionClosed as closed:
        return f"closed {closed.rcvd.code if closed.rcvd else None}"
    assert first["type"] in ("welcome", "hello"), first
    await _until_pong(connection)
    return connection


async def _until_pong(connection: ClientConnection) -> list[dict[str, Any]]:
    """Everything sent before now (the answer to a ping comes after it all)."""
    await connection.send(json.dumps({"type": "ping"}))
    before = []
    while (message := json.loads(await asyncio.wait_for(connection.recv(), 20)))["type"] != "pong":
        before.append(message)
    return before


async def _ask(connection: ClientConnection, message: dict[str, Any]) -> str:
    """The first reply to ``message`` as the matrix spells it; everything after it is read."""
    await connection.send(json.dumps(message))
    if message["type"] == "ping":
        await _until_pong(connection)
        return "pong"
    replies = await _until_pong(connection)
    if not replies:
        return "silent"
    first = replies[0]
    return f"error {first['code']}" if first["type"] == "error" else str(first["type"])


async def _seq(connection: ClientConnection) -> int:
    await connection.send(json.dumps({"type": "sync", "seq": 0}))
    while (message := json.loads(await asyncio.wait_for(connection.recv(), 20)))["type"] != "sync":
        pass
    return int(message["seq"])


def _notification_read(server: InProcessServer, notification: int, read: bool | None) -> bool:
    """Set (when ``read`` is given) and read back whether the owner's notification is read."""
    with server.app.state.hall.db() as session:
        if read is not None:
            session.execute(update(Notification).where(Notification.id == notification)
                            .values(read=read))
        row = session.get(Notification, notification)
        assert row is not None
        return bool(row.read)


async def _socket_answers(server: InProcessServer, cast: Cast, rows: list[Row],
                          kind: str) -> dict[str, str]:
    person = cast.people.get(kind)
    headers = person.headers() if person is not None else {}
    values = cast.values(kind)
    answers: dict[str, str] = {}
    for row in rows:
        if row.kind == "table":
            invite = values["playing_invite"]
            url = (f"{server.ws_base}/ws/tables/{cast.things['playing']}"
                   + (f"?invite={invite}" if invite else ""))
        else:
            url = f"{server.ws_base}/ws/me"
        # A socket per message, so a refusal of one never colours the next.
        opened = await _open(url, headers)
        if isinstance(opened, str):
            answers[row.what] = opened
            continue
        try:
            if row.kind == "table":
                values["seq"] = await _seq(opened)
            if row.what == "read":
                _notification_read(server, cast.things["notification"], False)
            answer = await _ask(opened, _fill(row.body, values))
            if row.what == "read":
                marked = _notification_read(server, cast.things["notification"], None)
                answer = "marked" if marked else "unmarked"
            answers[row.what] = answer
        finally:
            await opened.close()
    return answers


async def _with_a_message(server: InProcessServer, cast: Cast) -> None:
    """The seated player writes a message at the table in play (the one rows report)."""
    opened = await _open(f"{server.ws_base}/ws/tables/{cast.things['playing']}",
                         cast.people["seated"].headers())
    assert not isinstance(opened, str), opened
    await opened.send(json.dumps({"type": "chat", "text": "report me"}))
    while (message := json.loads(await asyncio.wait_for(opened.recv(), 20)))["type"] != "chat":
        pass
    cast.things["message"] = message["message"]["id"]
    await opened.close()


def test_every_route_and_socket_message_answers_each_kind_of_caller_as_declared(
        hall: InProcessServer, clients: dict[str, httpx.Client], cast: Cast) -> None:
    """One test per database (so one server and one cast each, whichever worker runs it); its
    failure lists every answer that differs from the table."""
    got: list[tuple[Row, str, str]] = []  # (row, kind of caller, answer)
    for row in ROWS:
        if row.kind == "http":
            got += [(row, kind, answer)
                    for kind, answer in _http_answers(hall, clients, cast, row).items()]
    asyncio.run(_with_a_message(hall, cast))
    for socket in ("table", "user"):
        rows = [row for row in ROWS if row.kind == socket]
        for kind in CALLERS:
            answers = asyncio.run(_socket_answers(hall, cast, rows, kind))
            got += [(row, kind, answers[row.what]) for row in rows]
    wrong = [f"{row.kind} {row.what}, {kind}: expected {row.answers[kind]}, got {answer}"
             for row, kind, answer in got if answer != str(row.answers[kind])]
    assert not wrong, "\n".join(wrong)
