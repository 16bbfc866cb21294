"""The authorization matrix (matrix.py) covers every route of the API and every message type of
both sockets, and names nothing that is gone: a new route or message fails here until its row
says who may use it."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from starlette.routing import BaseRoute, Route

from meeplehall.server.api import table_socket, user_socket
from meeplehall.server.app import create_app
from meeplehall.server.config import Settings
from tests.server.authz.matrix import CALLERS, ROWS

HOW = "add a row to tests/server/authz/matrix.py (its first comment says how)"


def _unnamed(method: str, path: str) -> str:
    return f"{method.upper()} {re.sub(r'{[^}]*}', '{}', path)}"


def _outside_schema(routes: Sequence[BaseRoute], hidden: bool = False) -> set[str]:
    """The HTTP routes the schema leaves out (pages, /docs, /metrics, e-mail links' pages),
    walking into included routers; static files' mounts and sockets are not routes here."""
    found: set[str] = set()
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:  # a router included in the app (FastAPI keeps it whole)
            context = route.include_context  # type: ignore[attr-defined]
            found |= _outside_schema(inner.routes, hidden or not context.include_in_schema)
        elif isinstance(route, Route) and (hidden or not route.include_in_schema):
            found |= {_unnamed(method, route.path)
                      for method in route.methods or () if method != "HEAD"}
    return found


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """Every HTTP route (parameters unnamed), in the schema or not, and every socket message
    type."""
    app = create_app(Settings(data_dir=tmp_path_factory.mktemp("schema")))
    routes = {_unnamed(method, path)
              for path, operations in app.openapi()["paths"].items() for method in operations}
    routes |= _outside_schema(app.routes)
    routes |= {f"table {kind}" for kind in table_socket.MESSAGE_TYPES}
    routes |= {f"user {kind}" for kind in user_socket.MESSAGE_TYPES}
    return routes


def test_every_route_and_socket_message_has_a_row(routes: set[str]) -> None:
    covered = {row.route for row in ROWS}
    missing = sorted(routes - covered)
    assert not missing, f"no row says who may use {missing}: {HOW}"


def test_every_row_names_a_route_or_message_that_exists_once(routes: set[str]) -> None:
    # A route may have a second row on another thing of the cast (a hidden history beside a
    # shown one), never the same call twice.
    calls = [(row.kind, row.what, str(row.body)) for row in ROWS]
    assert len(calls) == len(set(calls)), "a call has two rows"
    rows = {row.route for row in ROWS}
    gone = sorted(rows - routes)
    assert not gone, f"rows for routes or messages that no longer exist: {gone}"


def test_every_row_answers_for_every_kind_of_caller() -> None:
    for row in ROWS:
        assert set(row.answers) == set(CALLERS), row.what
