"""Odd values on every route get a 4xx with the documented shape, never a 500: ids beyond 64 bits
or beyond the database's range, NaN and Infinity in JSON, lone surrogates, invalid UTF-8."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from meeplehall.server.errors import API_ERRORS
from tests.server.conftest import ServerProcess

HUGE = [
    "99999999999999999999",  # beyond 64 bits
    str(2**63), str(-(2**63) - 1),  # just beyond SQLite's range
    str(2**31), str(2**63 - 1),  # beyond PostgreSQL's integer, inside SQLite's
    "-1", "0",
]

BODIES: list[bytes] = [
    b'{"name": NaN, "password": NaN, "game": NaN, "players": NaN, "seat": NaN}',
    b'{"name": "x", "players": Infinity, "initial_seconds": -Infinity, "seat": Infinity}',
    b'{"name": "\\ud800", "password": "\\udfffpassword", "game": "\\ud800", "invite": "\\ud800"}',
    b'{"game": "yaxha", "players": 2, "options": {"\\ud800": NaN}}',
    b'{"players": 1e999, "initial_seconds": 1e999, "seat": 99999999999999999999}',
    b'{"seat": 99999999999999999999, "invite": "x", "players": -99999999999999999999}',
    b'{"name": "\xff\xfe", "password": "\xc3\x28 bad utf-8"}',
    b'{"players": ' + b"9" * 5000 + b"}",
]


def shape_ok(response: httpx.Response) -> bool:
    """A documented error shape: ours (code and params), or FastAPI's own (422 list, 404/405)."""
    body = response.json()
    if set(body) == {"detail", "code", "params"}:
        return body["code"] in API_ERRORS and sorted(body["params"]) == sorted(
            API_ERRORS[body["code"]])
    if response.status_code == 422:
        return isinstance(body["detail"], list)
    return set(body) == {"detail"} and isinstance(body["detail"], str)


def _routes(server: ServerProcess) -> list[tuple[str, str, dict[str, Any]]]:
    schema = httpx.get(f"{server.base}/openapi.json").json()
    routes = [
        (method.upper(), path, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
    ]
    assert len(routes) > 15
    # The table page of the web client is not in the schema but takes an id too.
    routes.append(("GET", "/tables/{table_id}", {"parameters": [
        {"name": "table_id", "in": "path", "schema": {"type": "integer"}}]}))
    return routes


def _fill(path: str, value: str) -> str:
    return re.sub(r"\{[a-z_]+\}", value, path)


def _check(failures: list[str], response: httpx.Response, what: str) -> None:
    if response.status_code >= 500 or not 200 <= response.status_code < 500:
        failures.append(f"{what}: {response.status_code} {response.text[:120]}")
    elif response.status_code >= 400:
        try:
            ok = shape_ok(response)
        except ValueError:
            ok = False
        if not ok:
            failures.append(f"{what}: undocumented shape {response.text[:120]}")


@pytest.fixture
def clients(server: ServerProcess) -> list[httpx.Client]:
    anonymous = httpx.Client(base_url=server.base, timeout=30)
    guest = httpx.Client(base_url=server.base, timeout=30)
    guest.post("/api/auth/guest", json={"name": "odd values"}).raise_for_status()
    return [anonymous, guest]


def test_out_of_range_ids_in_paths_and_queries_are_refused_cleanly(
        server: ServerProcess, clients: list[httpx.Client]) -> None:
    failures: list[str] = []
    for method, path, operation in _routes(server):
        if method == "POST" and path.startswith("/api/auth"):
            continue  # no ids there; bodies are tried below
        integer_query = [
            p["name"] for p in operation.get("parameters", [])
            if p["in"] == "query" and "integer" in str(p.get("schema"))
        ]
        for value in HUGE:
            url = _fill(path, value)
            for client in clients:
                response = client.request(method, url, json={})
                _check(failures, response, f"{method} {url}")
                for name in integer_query:
                    response = client.request(method, _fill(path, "1"), params={name: value})
                    _check(failures, response, f"{method} {path}?{name}={value}")
    assert failures == []


def test_odd_json_bodies_are_refused_cleanly_on_every_route(
        server: ServerProcess, clients: list[httpx.Client]) -> None:
    failures: list[str] = []
    for method, path, _operation in _routes(server):
        if method not in ("POST", "PUT", "PATCH", "DELETE"):
            continue
        for body in BODIES:
            for client in clients:
                response = client.request(method, _fill(path, "1"), content=body,
                                          headers={"Content-Type": "application/json"})
                _check(failures, response, f"{method} {path} {body[:40]!r}")
    assert failures == []


def test_nan_infinity_and_lone_surrogates_are_refused_with_their_code(
        server: ServerProcess, clients: list[httpx.Client]) -> None:
    guest = clients[1]
    for body in (b'{"name": NaN}', b'{"name": "a", "x": -Infinity}', b'{"name": "\\ud83d"}',
                 b'{"name": "a", "x": 1e400}', b'{"\\udc00": "a"}'):
        response = guest.post("/api/auth/guest", content=body,
                              headers={"Content-Type": "application/json"})
        assert response.status_code == 422, (body, response.text)
        assert response.json()["code"] == "bad_json_value", response.text
    # A pair of surrogates is one character, and fine.
    fine = guest.post("/api/auth/guest", content=b'{"name": "dice \\ud83c\\udfb2"}',
                      headers={"Content-Type": "application/json"})
    assert fine.status_code == 200 and fine.json()["name"] == "dice \U0001f3b2"
