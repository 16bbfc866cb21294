"""Start-up cost with many tables in play: time from launching ``meeplehall serve`` to ready
(``/readyz`` answers 200), and the process's resident memory then, for a database holding N
tables in play (two people each, a few moves in, long live clocks).

Each run fills a fresh SQLite database through the server itself (not timed), stops it, starts
it again on that database and measures; --runs repeats, and the medians are printed. --python
and --src run another checkout's server the same way (``--src ../old/src``), for a figure
before and after a change in one sitting. This is a benchmark, not a test.

    nice python bench/startup.py --tables 500 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.live_server import free_port, start_answering, stop_process

from procstat import rss_bytes


def launch(args: argparse.Namespace, data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    """The server, once ``/readyz`` answers (polled every 0.1 s)."""
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = str(Path(args.src).resolve())
    command = [args.python, "-c", "from meeplehall.cli import app; app()", "serve",
               "--port", str(port), "--data-dir", str(data_dir), "--no-creation-limits",
               "--no-socket-limits", "--log-level", "warning"]
    return start_answering(command, data_dir / "server.log",
                           f"http://127.0.0.1:{port}/readyz", 600, env)


def rss_mib(pid: int) -> float:
    return rss_bytes(pid) / 2**20


async def fill(base: str, ws_base: str, tables: int, moves: int) -> None:
    async def one(index: int) -> None:
        clients = [httpx.AsyncClient(base_url=base, timeout=60) for _ in range(2)]
        try:
            for seat, http in enumerate(clients):
                (await http.post("/api/auth/guest", json={"name": f"p{seat}"})).raise_for_status()
            created = await clients[0].post("/api/tables", json={
                "game": "yaxha", "players": 2, "seat": 0, "mode": "live",
                "initial_seconds": 3600})
            created.raise_for_status()
            table_id = created.json()["id"]
            (await clients[1].post(f"/api/tables/{table_id}/join", json={"seat": 1})
             ).raise_for_status()
            (await clients[0].post(f"/api/tables/{table_id}/start")).raise_for_status()
            cookie = clients[0].cookies.get("mh_session")
            async with connect(f"{ws_base}/ws/tables/{table_id}?seat=0",
                               additional_headers={"Cookie": f"mh_session={cookie}"},
                               max_size=None) as ws:
                played = 0
                while played < moves:
                    message = json.loads(await ws.recv())
                    if message["type"] not in ("sync", "update"):
                        continue
                    if 0 in message["to_move"] and message["legal"]:
                        await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                                  "action": message["legal"][0]}))
                        played += 1
                    elif played:
                        break  # the other seat's turn: far enough in
        finally:
            for http in clients:
                await http.aclose()

    limit = asyncio.Semaphore(16)

    async def limited(index: int) -> None:
        async with limit:
            await one(index)

    await asyncio.gather(*(limited(index) for index in range(tables)))


def one_run(args: argparse.Namespace) -> tuple[float, float]:
    with tempfile.TemporaryDirectory(prefix="mh-startup-") as folder:
        data_dir = Path(folder)
        port = free_port()
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        process = launch(args, data_dir, port)
        asyncio.run(fill(base, ws_base, args.tables, args.moves))
        stop_process(process)
        started = time.perf_counter()
        process = launch(args, data_dir, port)
        seconds = time.perf_counter() - started
        memory = rss_mib(process.pid)
        stop_process(process)
        return seconds, memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--moves", type=int, default=1, help="moves seat 0 makes at each")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--src", default="", help="another checkout's src folder")
    args = parser.parse_args()
    figures = [one_run(args) for _ in range(args.runs)]
    for index, (seconds, memory) in enumerate(figures, start=1):
        print(f"run {index}: ready in {seconds:.2f} s, {memory:.0f} MiB resident")
    print(f"{args.tables} tables in play: median ready in "
          f"{statistics.median(s for s, _ in figures):.2f} s, "
          f"{statistics.median(m for _, m in figures):.0f} MiB resident")


if __name__ == "__main__":
    main()
