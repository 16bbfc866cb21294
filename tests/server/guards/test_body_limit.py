"""Request bodies over the limit (64 KiB by default) are refused with 413 before being read."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx

from tests.server.api.test_api_errors import refusal
from tests.server.conftest import ServerProcess

LIMIT = 64 * 1024


def test_a_declared_length_over_the_limit_is_refused_before_the_body_is_read(
        server: ServerProcess) -> None:
    big = json.dumps({"name": "x" * (50 * 1024 * 1024)}).encode()
    # The length alone decides: the server answers at the headers, without reading 50 MB.
    address = urlsplit(server.base)
    with socket.create_connection((address.hostname, address.port), timeout=30) as raw:
        raw.sendall(
            b"POST /api/auth/guest HTTP/1.1\r\nHost: " + address.netloc.encode() +
            b"\r\nContent-Type: application/json\r\nContent-Length: " +
            str(len(big)).encode() + b"\r\n\r\n" + big[:1024]
        )
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            chunk = raw.recv(65536)
            if not chunk:
                break
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), answer[:200]
    data = json.loads(body)
    assert data["code"] == "body_too_large" and data["params"] == {"limit": LIMIT}, data


def test_a_body_just_at_the_limit_is_read_as_usual(server: ServerProcess) -> None:
    padding = LIMIT - len(json.dumps({"name": "pad", "x": ""}))
    body = json.dumps({"name": "pad", "x": "y" * padding}).encode()
    assert len(body) == LIMIT
    answer = httpx.post(f"{server.base}/api/auth/guest", content=body,
                        headers={"Content-Type": "application/json"})
    assert answer.status_code == 200, answer.text
    over = httpx.post(f"{server.base}/api/auth/guest", content=body + b" ",
                      headers={"Content-Type": "application/json"})
    refusal(over, 413, "body_too_large")


def _chunks(total: int) -> Iterator[bytes]:
    yield b'{"name": "'
    sent = 0
    while sent < total:
        yield b"z" * 4096
        sent += 4096
    yield b'"}'


def test_a_chunked_body_is_counted_as_it_streams(server: ServerProcess) -> None:
    answer = httpx.post(f"{server.base}/api/auth/guest", content=_chunks(256 * 1024),
                        headers={"Content-Type": "application/json"})
    assert "content-length" not in answer.request.headers
    body = refusal(answer, 413, "body_too_large")
    assert body["params"] == {"limit": LIMIT}


def test_every_state_changing_route_has_the_limit(server: ServerProcess) -> None:
    client = httpx.Client(base_url=server.base)
    client.post("/api/auth/guest", json={"name": "big sender"}).raise_for_status()
    big = b"[" + b"0," * LIMIT + b"0]"
    for path in ("/api/tables", "/api/tables/1/join", "/api/auth/register", "/api/auth/login"):
        answer = client.post(path, content=big, headers={"Content-Type": "application/json"})
        refusal(answer, 413, "body_too_large")
