"""Behind a proxy: X-Forwarded-For and X-Forwarded-Proto are believed only from the addresses
given to ``serve --forwarded-allow-ips``, so the per-address login limit counts real clients
behind a trusted proxy, and nobody else can pose as another address (or as HTTPS). The server
started with ``--log-format json`` logs one JSON object a line, saying where its database is,
that it migrated it, and how many tables are live."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.people import client
from tests.server.conftest import ServerProcess

LIMIT = 20  # failed logins per address in the window (docs/security.md)


#: The tests' trusted proxy connects from 127.0.0.1; an untrusted peer from 127.0.0.2 (any
#: 127/8 address reaches the loopback server, and the server sees which one was used).
PROXY, STRANGER = "127.0.0.1", "127.0.0.2"


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory,
         server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """Trusts forwarded headers from PROXY only."""
    server = ServerProcess(tmp_path_factory.mktemp("proxied"), env=server_env,
                           extra=["--forwarded-allow-ips", PROXY, "--log-format", "json"])
    server.start()
    yield server
    server.stop()


def fail_logins(server: ServerProcess, source: str, forwarded_for: str, count: int,
                tag: str) -> list[int]:
    """``count`` failed logins at once from ``source``, each for another name, all saying
    they were forwarded for one client."""

    def attempt(number: int) -> int:
        with client(server, source, timeout=60) as http:
            response = http.post("/api/auth/login",
                                 json={"name": f"{tag}{number}", "password": "wrong guess"},
                                 headers={"X-Forwarded-For": forwarded_for})
        return response.status_code

    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(attempt, range(count)))


def test_a_trusted_proxys_forwarded_address_is_the_one_the_login_limit_counts(
    hall: ServerProcess,
) -> None:
    assert fail_logins(hall, PROXY, "203.0.113.7", LIMIT, "a") == [401] * LIMIT
    assert fail_logins(hall, PROXY, "203.0.113.7", 1, "b") == [429]
    # Another client behind the same proxy has its own budget.
    assert fail_logins(hall, PROXY, "203.0.113.8", 1, "c") == [401]


def test_failed_logins_from_one_ipv6_slash_64_count_as_one_address(hall: ServerProcess) -> None:
    """Every address of a /64 is one client's: changing the last 64 bits gains nothing."""

    def attempt(number: int, host: str) -> int:
        with client(hall, PROXY, timeout=60) as http:
            return http.post("/api/auth/login",
                             json={"name": f"v6-{number}", "password": "wrong guess"},
                             headers={"X-Forwarded-For": host}).status_code

    codes = [attempt(number, f"2001:db8:7:7::{number + 1:x}") for number in range(LIMIT)]
    assert codes == [401] * LIMIT
    assert attempt(LIMIT, "2001:db8:7:7:ffff:1234:5678:9abc") == 429
    assert attempt(LIMIT + 1, "2001:db8:7:8::1") == 401  # the next /64 is someone else


def test_forwarded_addresses_from_an_untrusted_peer_are_ignored(hall: ServerProcess) -> None:
    assert fail_logins(hall, STRANGER, "203.0.113.70", LIMIT, "d") == [401] * LIMIT
    # Claiming to be someone else changes nothing: the peer's own address is counted...
    assert fail_logins(hall, STRANGER, "203.0.113.99", 1, "e") == [429]
    # ... and claiming to be a client the proxy forwards for does not spend its budget.
    assert fail_logins(hall, PROXY, "203.0.113.70", 1, "f") == [401]


def _guest_cookie(server: ServerProcess, source: str) -> str:
    with client(server, source, timeout=60) as http:
        response = http.post("/api/auth/guest", json={"name": "behind tls"},
                             headers={"X-Forwarded-Proto": "https"})
    assert response.status_code == 200, response.text
    return response.headers["set-cookie"].lower()


def test_cookies_are_secure_when_a_trusted_proxy_says_the_client_used_https(
    hall: ServerProcess,
) -> None:
    assert "; secure" in _guest_cookie(hall, PROXY)
    assert "; secure" not in _guest_cookie(hall, STRANGER)


def test_json_logs_say_where_the_database_is_that_it_migrated_and_what_is_live(
    hall: ServerProcess,
) -> None:
    lines = (hall.data_dir / "server.log").read_text().splitlines()
    entries = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(entry) for entry in entries)
    assert all(entry["time"].endswith("Z") for entry in entries)
    messages = [entry["message"] for entry in entries]
    database = (hall.data_dir / "meeplehall.db").resolve()
    assert f"database: sqlite:///{database}" in messages
    assert any(message.startswith("database migrated from revision (empty) to ")
               for message in messages)
    assert any("0 tables due loaded, 0 live in memory" in message for message in messages)
