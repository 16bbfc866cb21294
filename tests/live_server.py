"""A real ``meeplehall serve`` in a subprocess on loopback, for the server and browser tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from tests.registry_games import without_test_games

#: How long a server may take to answer after its start before a test gives up on it.
START_SECONDS = 120


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class OnLoopback:
    """The addresses of something listening on 127.0.0.1:``port``."""

    port: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


def start_answering(command: list[str], log: Path, ready_url: str, seconds: float,
                    env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start ``command``, its output added to ``log``, and wait until ``ready_url`` answers
    200; RuntimeError, with the log, when it exits first or does not answer in time."""
    output = open(log, "ab")  # noqa: SIM115 - the child keeps it
    process = subprocess.Popen(command, env=env, stdout=output, stderr=output)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{command[0]} exited: {log.read_text()}")
        try:
            # verify=False: a test's TLS proxy has a self-signed certificate.
            if httpx.get(ready_url, timeout=1, verify=False).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    process.wait()
    raise RuntimeError(f"{command[0]} did not answer in {seconds:g} seconds: {log.read_text()}")


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, and SIGKILL if it has not ended within 10 seconds."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@dataclass
class ServerProcess(OnLoopback):
    """``meeplehall serve`` in a subprocess, restartable on the same database."""

    data_dir: Path
    database_url: str | None = None  # None: the default SQLite file in data_dir
    env: dict[str, str] | None = None  # None: this process's environment
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    extra: list[str] = field(default_factory=list)
    #: The limits on creating guests, accounts and tables per address: off by default, as every
    #: test client comes from 127.0.0.1 (the tests of those limits turn them on).
    creation_limits: bool = False
    #: The table WebSocket's rate limits (tests/server/guards/test_socket_limits.py tests them).
    socket_limits: bool = False
    #: The per-address HTTP rate limits (tests/server/guards/test_http_limits.py tests them).
    http_limits: bool = False
    #: The least seconds between moves where a bot answers a person: none by default, so the
    #: suite plays at machine speed (tests/server/play/test_bot_pacing.py sets it).
    bot_move_delay: float = 0.0
    #: Let tables have clocks of under a second and deadlines of seconds, so tests can watch
    #: them run out (tests/server/api/test_clock_bounds.py checks the server's own ranges).
    short_clocks: bool = True
    #: Whether the test game (tests/testgame) is registered in the server, as in every process
    #: the tests start; the browser's servers leave it out (the web client draws no such game).
    test_games: bool = True

    def start(self) -> None:
        command = [
            sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
            "--port", str(self.port), "--data-dir", str(self.data_dir), *self.extra,
        ]
        if not self.creation_limits:
            command.append("--no-creation-limits")
        if not self.socket_limits:
            command.append("--no-socket-limits")
        if not self.http_limits:
            command.append("--no-http-limits")
        command += ["--bot-move-delay", str(self.bot_move_delay)]
        if self.short_clocks:
            command += ["--min-clock-seconds", "0.1", "--min-turn-hours", "0.0001"]
        if self.database_url is not None:
            command += ["--database-url", self.database_url]
        # A bound on a start that hangs, not a timing test: on a machine at load 35 (several
        # suites at once) a start that imports, migrates and spawns its bot workers took >30 s.
        env = self.env
        if not self.test_games:
            env = without_test_games(dict(os.environ) if env is None else env)
        self.process = start_answering(command, self.data_dir / "server.log",
                                       f"{self.base}/api/bots", START_SECONDS, env)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
            self.process = None
