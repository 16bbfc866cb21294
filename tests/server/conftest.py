"""A real server on loopback (a subprocess running ``meeplehall serve``), on SQLite and on the
PostgreSQL of this machine, and helpers to create the throwaway databases."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import ServerProcess
from tests.services import (
    POSTGRES,
    REDIS,
    create_postgres_db,
    drop_postgres_db,
    postgres_available,
    redis_available,
    require,
)

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def server_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "src"),
                                                      env.get("PYTHONPATH")]))
    return env


@pytest.fixture(scope="session")
def database_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """Makes a fresh database URL per call, for a backend; drops PostgreSQL ones at the end."""
    created: list[str] = []

    def make(backend: str) -> tuple[str, Path]:
        data_dir = tmp_path_factory.mktemp(f"data-{backend}")
        if backend == "sqlite":
            return f"sqlite:///{data_dir / 'meeplehall.db'}", data_dir
        require(postgres_available(), "PostgreSQL on 127.0.0.1:5432",
                "PostgreSQL on 127.0.0.1:5432 is not reachable (user postgres)")
        name = create_postgres_db()
        created.append(name)
        return f"{POSTGRES}{name}", data_dir

    yield make
    for name in created:
        drop_postgres_db(name)


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, database_factory: object,
           server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """One shared server per database backend."""
    url, data_dir = database_factory(request.param)  # type: ignore[operator]
    process = ServerProcess(data_dir, url, server_env)
    process.start()
    yield process
    process.stop()


@pytest.fixture
def fresh_server(database_factory: object, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """A server of its own on SQLite, for tests that kill and restart it."""
    url, data_dir = database_factory("sqlite")  # type: ignore[operator]
    process = ServerProcess(data_dir, url, server_env)
    process.start()
    yield process
    process.stop()


@contextmanager
def two_server_processes(database_factory: Callable[[str], tuple[str, Path]],
                         server_env: dict[str, str], extra: Sequence[str] = (),
                         **settings: Any) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two processes over one fresh PostgreSQL database, with Redis between them; ``extra``
    are more ``serve`` options and ``settings`` ServerProcess fields for both (e.g.
    ``bot_move_delay``)."""
    require(redis_available(), "Redis on 127.0.0.1:6379",
            "Redis on 127.0.0.1:6379 is not reachable")
    url, data_dir = database_factory("postgresql")
    servers: list[ServerProcess] = []
    try:
        for name in ("a", "b"):
            (data_dir / name).mkdir()
            server = ServerProcess(data_dir / name, url, server_env,
                                   extra=["--redis-url", REDIS, *extra], **settings)
            server.start()  # one after the other: the first one migrates the database
            servers.append(server)
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def two_servers(database_factory: Callable[[str], tuple[str, Path]],
                server_env: dict[str, str]) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with two_server_processes(database_factory, server_env) as servers:
        yield servers
