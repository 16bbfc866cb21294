"""``serve --log-format json`` keeps its log one JSON object a line to the end: a Ctrl-C, which
reaches the server and its bot workers together (one process group), stops the hall without a
worker printing a traceback into the stream (server/bots/pool.py)."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

from tests.server.conftest import ServerProcess

SIGINT_BIT = 1 << (signal.SIGINT - 1)


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended meanwhile
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def ignores_sigint(pid: int) -> bool:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigIgn:"):
            return bool(int(line.split()[1], 16) & SIGINT_BIT)
    return False


def test_a_ctrl_c_leaves_every_line_of_the_json_log_an_object(
    tmp_path: Path, server_env: dict[str, str],
) -> None:
    server = ServerProcess(tmp_path, env=server_env, extra=["--log-format", "json"])
    server.start()
    assert server.process is not None
    pid = server.process.pid
    try:
        # The two bot lanes' workers (and multiprocessing's resource tracker) start with the
        # server; a Ctrl-C must find each of them past its set-up, ignoring it.
        deadline = time.monotonic() + 60
        while len(workers := children(pid)) < 2 or not all(map(ignores_sigint, workers)):
            assert time.monotonic() < deadline, (
                f"the server's child processes {workers} do not all ignore SIGINT")
            time.sleep(0.2)
        for process in (pid, *workers):
            os.kill(process, signal.SIGINT)
        server.process.wait(30)
    finally:
        server.stop()
    lines = (tmp_path / "server.log").read_text().splitlines()
    not_json = []
    for line in lines:
        try:
            json.loads(line)
        except ValueError:
            not_json.append(line)
    assert lines and not not_json, not_json
    assert json.loads(lines[-1])["message"].startswith("Finished server process")
