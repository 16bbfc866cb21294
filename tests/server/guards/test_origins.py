"""State-changing requests and table WebSockets from another site's page are refused: the Origin
(or Sec-Fetch-Site) must be the server's own, or one the server was told to allow."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.live_server import ServerProcess
from tests.server.api.test_api_errors import refusal
from tests.server.client import Player
from tests.server.play.test_play import catalog

EVIL = "http://evil.example"


def _state_changing_paths(server: ServerProcess) -> list[tuple[str, str]]:
    schema = httpx.get(f"{server.base}/openapi.json").json()
    return [
        (method.upper(), re.sub(r"\{[a-z_]+\}", "1", path))
        for path, item in schema["paths"].items()
        for method in item
        if method.upper() in ("POST", "PUT", "PATCH", "DELETE")
    ]


def test_a_foreign_origin_is_refused_on_every_state_changing_route(server: ServerProcess) -> None:
    client = httpx.Client(base_url=server.base)
    client.post("/api/auth/guest", json={"name": "victim"}).raise_for_status()
    routes = _state_changing_paths(server)
    assert ("POST", "/api/tables") in routes and ("POST", "/api/auth/logout") in routes
    for method, path in routes:
        answer = client.request(method, path, json={}, headers={"Origin": EVIL})
        body = refusal(answer, 403, "foreign_origin")
        assert body["params"] == {"origin": EVIL}
    assert client.get("/api/me").status_code == 200  # the logout above was refused too


def test_the_servers_own_origin_and_scripts_without_one_are_let_through(
        server: ServerProcess) -> None:
    own = httpx.post(f"{server.base}/api/auth/guest", json={"name": "own page"},
                     headers={"Origin": server.base, "Sec-Fetch-Site": "same-origin"})
    assert own.status_code == 200, own.text
    script = httpx.post(f"{server.base}/api/auth/guest", json={"name": "script"})
    assert script.status_code == 200, script.text
    # Reading is not refused: a page elsewhere gets nothing it may read without CORS anyway.
    read = httpx.get(f"{server.base}/api/games", headers={"Origin": EVIL})
    assert read.status_code == 200


@pytest.mark.parametrize("headers", [
    {"Origin": "null"},  # a sandboxed frame or a data: page
    {"Origin": "https://127.0.0.1"},  # another scheme and port than the server's
    {"Sec-Fetch-Site": "cross-site"},  # a browser that left the Origin out
    {"Sec-Fetch-Site": "same-site"},  # a sibling subdomain
])
def test_other_cross_site_signs_are_refused(server: ServerProcess,
                                            headers: dict[str, str]) -> None:
    answer = httpx.post(f"{server.base}/api/auth/guest", json={"name": "x"}, headers=headers)
    refusal(answer, 403, "foreign_origin")


async def _open_socket(server: ServerProcess, table_id: int, origin: str | None) -> str:
    """What the first frame says: a welcome's type, or the close code and reason."""
    url = f"{server.ws_base}/ws/tables/{table_id}"
    async with connect(url, origin=origin) as socket:  # type: ignore[arg-type]
        try:
            message = await asyncio.wait_for(socket.recv(), 20)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None
            return f"{closed.rcvd.code} {closed.rcvd.reason}"
        return str(message)[:40]


def test_a_table_socket_from_a_foreign_origin_is_closed_with_its_code(
        server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("host")
    table = owner.create(game=catalog(server)[0]["name"], players=2)
    refused = asyncio.run(_open_socket(server, table["id"], EVIL))
    assert refused.startswith("4400 ") and EVIL in refused, refused
    for origin in (server.base, None):
        assert '"welcome"' in asyncio.run(_open_socket(server, table["id"], origin))


@pytest.fixture
def proxied_server(database_factory: object, server_env: dict[str, str]) -> Iterator[
        ServerProcess]:
    url, data_dir = database_factory("sqlite")  # type: ignore[operator]
    process = ServerProcess(data_dir, url, server_env, extra=[
        "--allowed-origin", "https://games.example.org",
        "--allowed-origin", "https://backup.example.org:8443"])
    process.start()
    yield process
    process.stop()


def test_origins_given_to_serve_are_allowed_beside_the_servers_own(
        proxied_server: ServerProcess) -> None:
    base = proxied_server.base
    for origin in ("https://games.example.org", "https://backup.example.org:8443",
                   "HTTPS://GAMES.example.org:443", base):
        answer = httpx.post(f"{base}/api/auth/guest", json={"name": "x"},
                            headers={"Origin": origin, "Sec-Fetch-Site": "cross-site"})
        assert answer.status_code == 200, (origin, answer.text)
    for origin in ("http://games.example.org", "https://backup.example.org", EVIL):
        answer = httpx.post(f"{base}/api/auth/guest", json={"name": "x"},
                            headers={"Origin": origin})
        refusal(answer, 403, "foreign_origin")
