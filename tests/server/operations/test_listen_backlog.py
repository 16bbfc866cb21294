"""``serve --backlog``: how many connections the kernel holds for the server to accept. A process
that does not accept for a moment (here: stopped outright) still completes that many handshakes,
so a proxy's connect succeeds and waits in line; the next connections get no answer at all, which
a proxy counts as a connect timeout and takes the process for down (docs/deploy.md, section 4)."""

from __future__ import annotations

import os
import signal
import socket
from pathlib import Path

from tests.server.conftest import ServerProcess

BACKLOG = 6


def connects(port: int) -> socket.socket | None:
    """A connection whose handshake completed within a second, or None."""
    client = socket.socket()
    client.settimeout(1.0)
    try:
        client.connect(("127.0.0.1", port))
    except TimeoutError:
        client.close()
        return None
    return client


def test_a_stopped_server_holds_its_backlog_of_connections_and_no_more(
    tmp_path: Path, server_env: dict[str, str],
) -> None:
    server = ServerProcess(tmp_path, env=server_env, extra=["--backlog", str(BACKLOG)])
    server.start()
    assert server.process is not None
    held: list[socket.socket] = []
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        while len(held) <= BACKLOG + 2 and (client := connects(server.port)) is not None:
            held.append(client)
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
        for client in held:
            client.close()
        server.stop()
    # Linux holds one more than the backlog it was given.
    assert BACKLOG <= len(held) <= BACKLOG + 1
