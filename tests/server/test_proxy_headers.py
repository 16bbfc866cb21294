"""Behind a proxy: X-Forwarded-For and X-Forwarded-Proto are believed only from the addresses
given to ``serve --forwarded-allow-ips``, so the per-address login limit counts real clients
behind a trusted proxy, and nobody else can pose as another address (or as HTTPS). The server
started with ``--log-format json`` logs one JSON object a line, saying where its database is,
that it migrated it, and how many tables are live."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from .conftest import ServerProcess

LIMIT = 20  # failed logins per address in the window (docs/security.md)


def _server(data_dir: Path, env: dict[str, str], trusted: str) -> ServerProcess:
    server = ServerProcess(data_dir, env=env,
                           extra=["--forwarded-allow-ips", trusted, "--log-format", "json"])
    server.start()
    return server


@pytest.fixture(scope="module")
def behind_proxy(tmp_path_factory: pytest.TempPathFactory,
                 server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """Trusts this machine's proxy (the tests' own address) for forwarded headers."""
    server = _server(tmp_path_factory.mktemp("trusting"), server_env, "127.0.0.1")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def exposed(tmp_path_factory: pytest.TempPathFactory,
            server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """Trusts only a proxy elsewhere: the tests' headers come from an untrusted peer."""
    server = _server(tmp_path_factory.mktemp("exposed"), server_env, "192.0.2.1")
    yield server
    server.stop()


def fail_logins(server: ServerProcess, forwarded_for: str, count: int, tag: str) -> list[int]:
    """``count`` failed logins at once, each for another name, seemingly from one client."""

    def attempt(number: int) -> int:
        response = httpx.post(f"{server.base}/api/auth/login",
                              json={"name": f"{tag}{number}", "password": "wrong guess"},
                              headers={"X-Forwarded-For": forwarded_for}, timeout=60)
        return response.status_code

    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(attempt, range(count)))


def test_a_trusted_proxys_forwarded_address_is_the_one_the_login_limit_counts(
    behind_proxy: ServerProcess,
) -> None:
    assert fail_logins(behind_proxy, "203.0.113.7", LIMIT, "a") == [401] * LIMIT
    assert fail_logins(behind_proxy, "203.0.113.7", 1, "b") == [429]
    # Another client behind the same proxy has its own budget.
    assert fail_logins(behind_proxy, "203.0.113.8", 1, "c") == [401]


def test_forwarded_addresses_from_an_untrusted_peer_are_ignored(exposed: ServerProcess) -> None:
    assert fail_logins(exposed, "203.0.113.7", LIMIT, "a") == [401] * LIMIT
    # Claiming to be someone else changes nothing: the peer's own address is counted.
    assert fail_logins(exposed, "203.0.113.99", 1, "b") == [429]


def _guest_cookie(server: ServerProcess) -> str:
    response = httpx.post(f"{server.base}/api/auth/guest", json={"name": "behind tls"},
                          headers={"X-Forwarded-Proto": "https"})
    assert response.status_code == 200, response.text
    return response.headers["set-cookie"].lower()


def test_cookies_are_secure_when_a_trusted_proxy_says_the_client_used_https(
    behind_proxy: ServerProcess, exposed: ServerProcess,
) -> None:
    assert "; secure" in _guest_cookie(behind_proxy)
    assert "; secure" not in _guest_cookie(exposed)


def test_json_logs_say_where_the_database_is_that_it_migrated_and_what_is_live(
    behind_proxy: ServerProcess,
) -> None:
    lines = (behind_proxy.data_dir / "server.log").read_text().splitlines()
    entries = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(entry) for entry in entries)
    assert all(entry["time"].endswith("Z") for entry in entries)
    messages = [entry["message"] for entry in entries]
    database = (behind_proxy.data_dir / "meeplehall.db").resolve()
    assert f"database: sqlite:///{database}" in messages
    assert any(message.startswith("database migrated from revision (empty) to ")
               for message in messages)
    assert any("tables recovered, 0 live in memory" in message for message in messages)
