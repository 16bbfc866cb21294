"""A real server on loopback (a subprocess running ``meeplehall serve``), on SQLite and on the
PostgreSQL of this machine, and helpers to create the throwaway databases."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.live_server import ServerProcess

REPO = Path(__file__).resolve().parents[2]
POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/"


def _postgres_available() -> bool:
    try:
        import psycopg

        with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres",
                             connect_timeout=2):
            return True
    except Exception:
        return False


def _create_postgres_db() -> str:
    import psycopg

    name = f"mh_test_{secrets.token_hex(4)}"
    with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres",
                         autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return name


def _drop_postgres_db(name: str) -> None:
    import psycopg

    with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres",
                         autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


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
        if not _postgres_available():
            if os.environ.get("CI") == "true":
                pytest.fail("PostgreSQL on 127.0.0.1:5432 is required when CI=true")
            pytest.skip("PostgreSQL on 127.0.0.1:5432 is not reachable (user postgres)")
        name = _create_postgres_db()
        created.append(name)
        return f"{POSTGRES}{name}", data_dir

    yield make
    for name in created:
        _drop_postgres_db(name)


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


REDIS = "redis://127.0.0.1:6379/0"


def _redis_available() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping())
    except Exception:
        return False


@pytest.fixture
def two_servers(database_factory: Callable[[str], tuple[str, Path]],
                server_env: dict[str, str]) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    if not _redis_available():
        if os.environ.get("CI") == "true":
            pytest.fail("Redis on 127.0.0.1:6379 is required when CI=true")
        pytest.skip("Redis on 127.0.0.1:6379 is not reachable")
    url, data_dir = database_factory("postgresql")
    servers = []
    for name in ("a", "b"):
        (data_dir / name).mkdir()
        server = ServerProcess(data_dir / name, url, server_env, extra=["--redis-url", REDIS])
        server.start()  # one after the other: the first one migrates the database
        servers.append(server)
    yield servers[0], servers[1]
    for server in servers:
        server.stop()
