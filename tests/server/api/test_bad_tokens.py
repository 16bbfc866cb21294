"""A token that cannot be one (characters outside ASCII, too long, the wrong shape) sent to
every route and socket that takes a token: an invite (a table, its join, result and replay, its
WebSocket), a link from e-mail (confirm an address, unsubscribe, choose a new password). Each
answers a clear 4xx (or closes the socket with 4400 and a reason), changes nothing, and the
server logs no failure; the true tokens still work."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.server.client import Player
from tests.server.conftest import ServerProcess

BAD_TOKENS = [
    "é", "招待", "😀" * 8, "x" * 65, "x" * 5000, "a b", "a\x00b", "<b>", "a.b.c", "a/b",
    "é.é", "A" * 3000 + ".B", "\ufffd", "ÿ" * 22,
]
#: The routes of the link pages in e-mail, as (method, path).
MAIL_PAGES = [("GET", "/verify-email"), ("GET", "/unsubscribe"), ("POST", "/unsubscribe"),
              ("GET", "/reset-password"), ("POST", "/reset-password")]


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory,
         server_env: dict[str, str]) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path_factory.mktemp("tokens"), env=server_env)
    server.start()
    yield server
    server.stop()


def assert_no_failure_logged(hall: ServerProcess) -> None:
    log = Path(hall.data_dir / "server.log").read_text()
    assert "Traceback" not in log, log[log.index("Traceback") - 200:][:3000]


def seats_of(owner: Player, table_id: int) -> list[Any]:
    table = owner.http.get(f"/api/tables/{table_id}").json()
    return [seat.get("user") for seat in table["seats"]]


def test_a_malformed_invite_is_refused_on_every_route_and_changes_nothing(
    hall: ServerProcess,
) -> None:
    owner = Player(hall.base, hall.ws_base).register()
    visitor = Player(hall.base, hall.ws_base).guest("visitor")
    private = owner.create(game="yaxha", players=2, seat=0, visibility="private")
    public = owner.create(game="yaxha", players=2, seat=0)
    before = {table["id"]: seats_of(owner, table["id"]) for table in (private, public)}
    for token in BAD_TOKENS:
        for table in (private, public):
            tid = table["id"]
            answers = [
                visitor.http.get(f"/api/tables/{tid}", params={"invite": token}),
                visitor.http.get(f"/api/tables/{tid}/result", params={"invite": token}),
                visitor.http.get(f"/api/tables/{tid}/replay", params={"invite": token}),
                visitor.join(tid, seat=1, invite=token),
            ]
            for answer in answers:
                assert answer.status_code == 400, (token, answer.request.url, answer.text)
                assert answer.json()["code"] == "invalid_token"
    assert {table_id: seats_of(owner, table_id) for table_id in before} == before
    # The true invite still opens the private table.
    invite = private["invite_token"]
    assert visitor.http.get(f"/api/tables/{private['id']}", params={"invite": invite}).json()[
        "id"] == private["id"]
    assert visitor.join(private["id"], seat=1, invite=invite).status_code == 200
    owner.close()
    visitor.close()
    assert_no_failure_logged(hall)


def test_a_malformed_link_token_gets_the_bad_link_page_and_changes_nothing(
    hall: ServerProcess,
) -> None:
    with httpx.Client(base_url=hall.base) as anonymous:
        for token in [*BAD_TOKENS, "", "x"]:
            for method, path in MAIL_PAGES:
                page = anonymous.request(method, path, params={"token": token},
                                         data={"password": "long enough"})
                assert page.status_code == 400, (method, path, token, page.text)
                assert page.headers["content-type"].startswith("text/html")
                assert 'id="message"' in page.text
    assert_no_failure_logged(hall)


async def _handshakes(hall: ServerProcess, table_id: int) -> dict[str, Any]:
    outcomes: dict[str, Any] = {}
    for token in BAD_TOKENS:
        url = f"{hall.ws_base}/ws/tables/{table_id}?invite={quote(token)}"
        async with connect(url) as socket:
            try:
                outcomes[token] = json.loads(await asyncio.wait_for(socket.recv(), 20))["type"]
            except ConnectionClosed as closed:
                assert closed.rcvd is not None, token
                outcomes[token] = (closed.rcvd.code, closed.rcvd.reason)
    # The socket still opens for whoever comes without one.
    async with connect(f"{hall.ws_base}/ws/tables/{table_id}") as socket:
        outcomes[""] = json.loads(await asyncio.wait_for(socket.recv(), 20))["type"]
    return outcomes


def test_a_malformed_invite_closes_the_table_socket_with_a_reason(hall: ServerProcess) -> None:
    owner = Player(hall.base, hall.ws_base).register()
    public = owner.create(game="yaxha", players=2, seat=0)
    outcomes = asyncio.run(_handshakes(hall, public["id"]))
    for token in BAD_TOKENS:
        assert outcomes[token] == (4400, "invite is not an invite token"), token
    assert outcomes[""] == "welcome"
    owner.close()
    assert_no_failure_logged(hall)
