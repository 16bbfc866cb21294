"""A real server on loopback (a subprocess running ``meeplehall serve``), on SQLite and on the
PostgreSQL of this machine, and helpers to create the throwaway databases."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]
POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    """``meeplehall serve`` in a subprocess, restartable on the same database."""

    database_url: str
    data_dir: Path
    env: dict[str, str]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    extra: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
            "--port", str(self.port), "--data-dir", str(self.data_dir),
            "--database-url", self.database_url, *self.extra,
        ]
        log = open(self.data_dir / "server.log", "ab")  # noqa: SIM115 - the child keeps it
        self.process = subprocess.Popen(command, env=self.env, stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {(self.data_dir / 'server.log').read_text()}")
            try:
                if httpx.get(f"{self.base}/api/bots", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 seconds")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


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
    process = ServerProcess(url, data_dir, server_env)
    process.start()
    yield process
    process.stop()


@pytest.fixture
def fresh_server(database_factory: object, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """A server of its own on SQLite, for tests that kill and restart it."""
    url, data_dir = database_factory("sqlite")  # type: ignore[operator]
    process = ServerProcess(url, data_dir, server_env)
    process.start()
    yield process
    process.stop()
