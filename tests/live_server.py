"""A real ``meeplehall serve`` in a subprocess on loopback, for the server and browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class ServerProcess:
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
    #: The table WebSocket's rate limits (tests/server/test_socket_limits.py tests them).
    socket_limits: bool = False
    #: The least seconds between moves where a bot answers a person: none by default, so the
    #: suite plays at machine speed (tests/server/test_bot_pacing.py sets it).
    bot_move_delay: float = 0.0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
            "--port", str(self.port), "--data-dir", str(self.data_dir), *self.extra,
        ]
        if not self.creation_limits:
            command.append("--no-creation-limits")
        if not self.socket_limits:
            command.append("--no-socket-limits")
        command += ["--bot-move-delay", str(self.bot_move_delay)]
        if self.database_url is not None:
            command += ["--database-url", self.database_url]
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
