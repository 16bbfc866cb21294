"""With several server processes (Redis), the per-address and per-user budgets are one budget
for the whole hall, not one per process; and while Redis does not answer, each process still
limits on its own."""

from __future__ import annotations

import secrets
import socket
from collections.abc import Callable
from pathlib import Path

import httpx

from meeplehall.server.guards.shared import SharedLimits
from tests.server.api.test_api_errors import refusal
from tests.server.conftest import two_server_processes


def _address() -> dict[str, str]:
    return {"X-Forwarded-For": f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}.1"}


def test_two_processes_spend_one_budget_per_address(
        database_factory: Callable[[str], tuple[str, Path]],
        server_env: dict[str, str]) -> None:
    with two_server_processes(database_factory, server_env, creation_limits=True,
                              http_limits=True,
                              extra=["--http-burst", "40", "--http-rate", "0.01"]) as (a, b):
        # HTTP: a replay costs 20 tokens of 40, wherever it is asked for.
        here = _address()
        assert httpx.get(f"{a.base}/api/tables/999999/replay", headers=here).status_code == 404
        assert httpx.get(f"{b.base}/api/tables/999999/replay", headers=here).status_code == 404
        for server in (a, b):
            refusal(httpx.get(f"{server.base}/api/games", headers=here), 429, "rate_limited")
        # Guests: 20 at once per address, half made through each process.
        there = _address()
        for number in range(20):
            server = (a, b)[number % 2]
            answer = httpx.post(f"{server.base}/api/auth/guest", json={"name": f"g{number}"},
                                headers=there)
            assert answer.status_code == 200, answer.text
        for server in (a, b):
            answer = httpx.post(f"{server.base}/api/auth/guest", json={"name": "one more"},
                                headers=there)
            refusal(answer, 429, "too_many_guests")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_while_redis_does_not_answer_each_process_limits_on_its_own() -> None:
    limits = SharedLimits(f"redis://127.0.0.1:{_closed_port()}/0", "meeplehall:test:")
    budget = limits.budget("guests", 0.001, 3)
    assert [budget.spend("10.0.0.1") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert budget.spend("10.0.0.1") > 0
    assert not limits.up()
    assert budget.spend("10.0.0.2") == 0.0
