"""Plain HTTP is rate limited per client address (an IPv6 /64), dear routes costing more: a
request the address cannot pay for is refused with 429 ``rate_limited`` and ``Retry-After``
before any route runs, and other addresses are not touched.

The server trusts ``X-Forwarded-For`` from 127.0.0.1, so each test speaks from addresses of its
own. Its bucket holds 40 tokens and refills at 0.01 a second: nothing comes back during a test.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator

import httpx
import pytest
import websockets
from starlette.types import Message, Receive, Scope, Send

from meeplehall.server.guards.httplimit import COSTS, HttpRateLimit, cost_of
from meeplehall.server.guards.ratelimit import local_budget
from meeplehall.server.operations.metrics import Metrics
from tests.live_server import ServerProcess
from tests.server.api.test_api_errors import refusal

BURST = 40


@pytest.fixture(scope="module")
def limited(database_factory: object, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    url, data_dir = database_factory("sqlite")  # type: ignore[operator]
    process = ServerProcess(data_dir, url, server_env, http_limits=True,
                            extra=["--http-burst", str(BURST), "--http-rate", "0.01"])
    process.start()
    yield process
    process.stop()


def _ipv4() -> str:
    return f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250) + 1}"


def _ipv6_block() -> str:
    """A random /64's first four groups."""
    return ":".join(f"{secrets.randbelow(0xffff):x}" for _ in range(4))


def _client(server: ServerProcess, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.base, headers={"X-Forwarded-For": address})


def _served_before_refusal(client: httpx.Client, path: str, most: int = 400) -> int:
    """How many requests for ``path`` pass before the first 429 (checked to be ours)."""
    for served in range(most):
        answer = client.get(path)
        if answer.status_code == 429:
            body = refusal(answer, 429, "rate_limited")
            assert answer.headers["Retry-After"] == str(body["params"]["seconds"])
            assert body["params"]["seconds"] >= 1
            return served
    raise AssertionError(f"{path}: no refusal after {most} requests")


@pytest.mark.parametrize(("path", "served"), [
    ("/api/tables/999999/replay", 2),  # 20 tokens each (a 404 costs the same: charged first)
    ("/api/players/AAAAAAAAAAAA/history", 5),
    ("/api/players/AAAAAAAAAAAA", 5),
    ("/api/tables?status=finished", 5),
    ("/api/tables?status=waiting", 13),
    ("/api/games", 40),
    ("/index.html", 160),
])
def test_a_route_costs_its_address_what_the_docs_say(limited: ServerProcess, path: str,
                                                     served: int) -> None:
    with _client(limited, _ipv4()) as client:
        assert _served_before_refusal(client, path) == served


def test_a_refused_request_runs_no_route_and_other_addresses_go_on(
        limited: ServerProcess) -> None:
    here, there = _client(limited, _ipv4()), _client(limited, _ipv4())
    with here, there:
        for _ in range(2):
            assert here.get("/api/tables/999999/replay").status_code == 404
        # The budget is spent: even a cheap request now waits, and a refused guest login
        # creates no guest (no session cookie comes back).
        answer = here.post("/api/auth/guest", json={"name": "late"})
        refusal(answer, 429, "rate_limited")
        assert "set-cookie" not in answer.headers
        assert here.get("/api/me").status_code == 429
        assert there.get("/api/games").status_code == 200
        assert there.post("/api/auth/guest", json={"name": "other"}).status_code == 200


def test_one_ipv6_slash_64_is_one_address(limited: ServerProcess) -> None:
    block = _ipv6_block()
    for host in range(2):
        with _client(limited, f"{block}::{host + 1:x}") as client:
            assert client.get("/api/tables/999999/replay").status_code == 404
    with _client(limited, f"{block}:ffff:ffff:ffff:fff0") as client:
        refusal(client.get("/api/games"), 429, "rate_limited")
    with _client(limited, f"{_ipv6_block()}::1") as client:
        assert client.get("/api/games").status_code == 200


def test_table_sockets_are_not_charged_to_the_http_budget(limited: ServerProcess) -> None:
    """The WebSocket upgrade has limits of its own (test_socket_limits.py); a spent HTTP
    budget does not shut an address out of watching."""
    address = _ipv4()
    with _client(limited, address) as client:
        for _ in range(2):
            client.get("/api/tables/999999/replay")
        assert client.get("/api/games").status_code == 429

    async def watch() -> int | None:
        url = f"{limited.ws_base}/ws/tables/999999"
        async with websockets.connect(url, additional_headers={"X-Forwarded-For": address},
                                      origin=websockets.Origin(limited.base)) as socket:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await socket.recv()
            return closed.value.rcvd.code if closed.value.rcvd is not None else None

    # Upgraded (an HTTP refusal would raise on connect), then told there is no such table.
    assert asyncio.run(watch()) == 4404


def test_every_route_of_the_api_has_a_cost_and_dear_ones_cost_more() -> None:
    assert cost_of("GET", "/api/tables/7/replay") > cost_of("GET", "/api/tables/7/result")
    assert cost_of("GET", "/api/tables", b"status=finished") > cost_of("GET", "/api/tables")
    assert cost_of("POST", "/api/auth/guest") == 1
    assert cost_of("GET", "/js/app.js") < 1
    assert all(cost.tokens > 0 for cost in COSTS)


def test_clients_on_the_halls_own_machine_are_not_counted(limited: ServerProcess) -> None:
    """Load tests, probes and the operator's scripts on the machine itself (no forwarded
    address: the peer is 127.0.0.1) are not limited; the same requests forwarded for an outside
    client are."""
    with httpx.Client(base_url=limited.base) as local:
        assert all(local.get("/api/tables/999999/replay").status_code == 404 for _ in range(5))
    with _client(limited, _ipv4()) as outside:
        assert _served_before_refusal(outside, "/api/tables/999999/replay") == 2


def test_dear_requests_of_one_address_are_served_two_at_a_time() -> None:
    """The third dear request of an address waits until one of the first two is answered;
    another address's, and a cheap one of the same address, do not wait."""

    async def run() -> list[str]:
        started: list[str] = []
        release = asyncio.Event()

        async def app(scope: Scope, receive: Receive, send: Send) -> None:
            started.append(f"{scope['client'][0]} {scope['path']}")
            if scope["path"] != "/api/games":
                await release.wait()

        budget = local_budget("http", 1000.0, 1000.0)
        limit = HttpRateLimit(app, budget, dear_at_once=2, refused=Metrics().refused)

        def call(host: str, path: str) -> asyncio.Task[None]:
            scope = {"type": "http", "method": "GET", "path": path, "query_string": b"",
                     "client": (host, 1), "headers": []}

            async def receive() -> Message:
                return {"type": "http.request", "body": b""}

            async def send(message: Message) -> None:
                pass

            return asyncio.ensure_future(limit(scope, receive, send))

        dear = [call("10.1.1.1", f"/api/tables/{n}/replay") for n in (1, 2, 3)]
        others = [call("10.1.1.1", "/api/games"), call("10.2.2.2", "/api/tables/4/replay")]
        for _ in range(10):
            await asyncio.sleep(0)
        waiting = list(started)
        release.set()
        await asyncio.gather(*dear, *others)
        return waiting

    waiting = asyncio.run(run())
    assert "10.1.1.1 /api/tables/3/replay" not in waiting
    assert {"10.1.1.1 /api/tables/1/replay", "10.1.1.1 /api/tables/2/replay",
            "10.1.1.1 /api/games", "10.2.2.2 /api/tables/4/replay"} == set(waiting)
