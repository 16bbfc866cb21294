"""Every HTTP answer carries the security headers (docs/security.md, section 5): a
Content-Security-Policy allowing only the hall's own scripts, styles and connections and no
framing, ``nosniff``, a same-origin referrer policy; the API docs page allows its one inline
script by hash and nothing more."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterator

import httpx
import pytest

from meeplehall.server.guards.headers import POLICY
from tests.live_server import ServerProcess


@pytest.fixture(scope="module")
def hall(database_factory: object, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    url, data_dir = database_factory("sqlite")  # type: ignore[operator]
    process = ServerProcess(data_dir, url, server_env, http_limits=True,
                            extra=["--http-burst", "3", "--http-rate", "0.01"])
    process.start()
    yield process
    process.stop()


def _secured(answer: httpx.Response, policy: str = POLICY) -> None:
    assert answer.headers["Content-Security-Policy"] == policy
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "same-origin"
    assert answer.headers["X-Frame-Options"] == "DENY"


def test_pages_files_answers_and_refusals_all_carry_the_headers(hall: ServerProcess) -> None:
    def ask(method: str, path: str, body: bytes | None = None) -> httpx.Response:
        # Each request from an address of its own: the budget (3 tokens) is for the last one.
        headers = {"X-Forwarded-For": f"10.9.{len(seen)}.1", "Content-Type": "application/json"}
        return httpx.request(method, f"{hall.base}{path}", headers=headers, content=body)

    seen: list[int] = []
    for method, path, status in [
        ("GET", "/", 200), ("GET", "/tables/5", 200), ("GET", "/js/dom.js", 200),
        ("GET", "/api/games", 200), ("GET", "/api/tables/999999", 404),
        ("GET", "/nothing-here", 404), ("POST", "/api/auth/guest", 422),
    ]:
        answer = ask(method, path)
        seen.append(answer.status_code)
        assert answer.status_code == status, (path, answer.text)
        _secured(answer)
    too_big = ask("POST", "/api/auth/guest", b"x" * 70_000)
    assert too_big.status_code == 413
    _secured(too_big)
    address = {"X-Forwarded-For": "10.9.200.1"}
    for _ in range(3):
        httpx.get(f"{hall.base}/api/games", headers=address)
    limited = httpx.get(f"{hall.base}/api/games", headers=address)
    assert limited.status_code == 429
    _secured(limited)


def test_the_docs_page_allows_exactly_its_own_inline_script(hall: ServerProcess) -> None:
    answer = httpx.get(f"{hall.base}/docs")
    assert answer.status_code == 200
    scripts = re.findall(r"<script>(.*?)</script>", answer.text, re.DOTALL)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    policy = answer.headers["Content-Security-Policy"]
    assert f"script-src 'self' 'sha256-{digest}';" in policy
    assert "unsafe-inline" not in policy
    assert policy.replace(f" 'sha256-{digest}'", "") == POLICY
