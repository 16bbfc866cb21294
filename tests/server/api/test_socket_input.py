"""Whatever a client sends on the table socket, and whatever it puts in the handshake's query,
it gets a clear answer: an ``error`` reply (the socket lives on) or a close code with a reason;
never a dropped socket with a traceback, never a 500."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.server.client import Player, Socket, TableSession, open_table
from tests.server.conftest import ServerProcess
from tests.server.inprocess import InProcessServer

#: JSON values of every type, and ints too big or negative, for each field.
ODD_VALUES: list[Any] = [
    None, True, False, -1, 10**30, -(10**30), 1.5, float("inf"), "0", "", "x" * 3000,
    [], [1, 2], {}, {"seat": 0}, [[[[[]]]]],
]

#: Messages deeper than any JSON parser's stack, that still fit in 16 KiB.
DEEP = ["[" * 10000, "{\"a\":" * 3000 + "1" + "}" * 3000, '{"type": "act", "action": ' + "[" * 5000]


async def answered_and_alive(socket: Socket, message: str) -> dict[str, Any]:
    """Send ``message``; its answer must be an ``error``, and the socket must still answer."""
    await socket.send(message)
    reply = await socket.recv()
    while reply["type"] in ("table", "update"):  # bots and the lobby may speak meanwhile
        reply = await socket.recv()
    assert reply["type"] in ("error", "sync", "hint", "pong"), reply
    if reply["type"] == "error":
        assert isinstance(reply["code"], str) and reply["reason"], reply
    await socket.send({"type": "ping"})
    await socket.expect("pong")
    return reply


def odd_messages(seq: int) -> list[str]:
    texts = list(DEEP)
    for value in ODD_VALUES:
        texts.append(json.dumps({"type": value}))
        for kind in ("act", "sync", "watch", "hint"):
            for key in ("seq", "seat", "action"):
                body: dict[str, Any] = {"type": kind, "seq": seq, "seat": 0, "action": {}}
                body[key] = value
                texts.append(json.dumps(body))
    return texts


async def every_odd_message_gets_an_error(server: InProcessServer) -> None:
    session: TableSession = await open_table(server.base, server.ws_base, "yaxha", 2)
    socket = session.sockets[0]
    seq = session.latest[0]["seq"]
    replies = [await answered_and_alive(socket, text) for text in odd_messages(seq)]
    codes = {reply.get("code") for reply in replies}
    assert "bad_json" in codes and "bad_message" in codes and "unknown_type" in codes, codes
    assert "server_error" not in codes, [r for r in replies if r.get("code") == "server_error"]
    await session.close()


def test_odd_and_deeply_nested_messages_get_an_error_and_the_socket_lives(
    tmp_path: Path,
) -> None:
    # Hundreds of messages in a row: a server of its own whose rate limits let them through.
    server = InProcessServer(tmp_path, ws_rate=10_000.0, ws_burst=10_000.0, ws_address_rate=0.0)
    server.start()
    try:
        asyncio.run(every_odd_message_gets_an_error(server))
    finally:
        server.stop()


QUERIES = [
    "seat=abc", "seat=-1", "seat=1.5", f"seat={10**40}", f"seat={'9' * 5000}", "seat=",
    "since=abc", "since=-5", f"since={10**40}", f"since={'9' * 5000}", "since=",
    "seat=0&seat=1", "since=1&since=x", "invite=" + "x" * 3000,
]


async def odd_handshakes(server: ServerProcess) -> dict[str, Any]:
    person = Player(server.base, server.ws_base).guest("handshake")
    table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
    cookie = person.http.cookies.get("mh_session")
    outcomes: dict[str, Any] = {}
    for query in QUERIES:
        url = f"{server.ws_base}/ws/tables/{table['id']}?{query}"
        try:
            async with connect(url, additional_headers={"Cookie": f"mh_session={cookie}"}) as ws:
                try:
                    first = json.loads(await asyncio.wait_for(ws.recv(), 20))
                    outcomes[query] = first["type"]
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None, query
                    outcomes[query] = closed.rcvd.code
        except InvalidStatus as refused:
            outcomes[query] = refused.response.status_code
    person.close()
    return outcomes


def test_any_query_in_the_handshake_is_answered_without_a_server_error(
    server: ServerProcess,
) -> None:
    outcomes = asyncio.run(odd_handshakes(server))
    assert all(outcome != 500 and outcome != 1011 for outcome in outcomes.values()), outcomes
    # A seat that is not a seat number is refused with the 4400 close code and a reason, as are
    # a ``since`` that is not a whole number and an invite no invite token could be (too long
    # here; test_bad_tokens.py has the others).
    for query in ("seat=abc", "seat=-1", "seat=1.5", "since=abc", "since=1&since=x",
                  "invite=" + "x" * 3000):
        assert outcomes[query] == 4400, (query, outcomes[query])
    for query in (f"seat={10**40}", f"seat={'9' * 5000}"):
        assert outcomes[query] in (4400, 4403), (query, outcomes[query])
    # A whole number out of range is clamped.
    for query in ("seat=", "since=-5", f"since={10**40}", f"since={'9' * 5000}", "since="):
        assert outcomes[query] == "welcome", (query, outcomes[query])
    assert outcomes["seat=0&seat=1"] in ("welcome", 4403)
