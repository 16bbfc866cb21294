"""Flood benchmark: does one client flooding a table socket slow every other table down?

Starts a real ``meeplehall serve`` (SQLite in a temporary folder), lets four level-1 bots play a
Yaxha table to the end (a long log: a few hundred steps), then measures the move latency of
another table (two seats played by this process from another loopback address, 0.1 s of
thought a move: from sending an ``act`` to the mover's own ``update``) first alone, then while
a second process floods the finished table: N logged-out sockets from one address, each
sending ``{"type": "sync", "seq": 0}`` as fast as it can and reading the answers (a socket
closed for flooding opens again at once).

    python bench/flood.py                       # the server's default limits
    python bench/flood.py --no-socket-limits    # the same flood against no limits
    python bench/flood.py --runs 3 --flooders 16 --moves 300

Prints p50/p99/max latency alone and flooded, and what the flood got (syncs answered, refusals,
closes), per run and the median over runs. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(data_dir: Path, port: int, extra: list[str]) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
               "--port", str(port), "--data-dir", str(data_dir), "--no-creation-limits", *extra]
    log = open(data_dir / "server.log", "ab")  # noqa: SIM115 - the child keeps it
    process = subprocess.Popen(command, stdout=log, stderr=log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError((data_dir / "server.log").read_text())
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/bots", timeout=1).status_code == 200:
                return process
        time.sleep(0.1)
    raise RuntimeError("the server did not start within 60 s")


def guest(base: str, name: str) -> httpx.Client:
    http = httpx.Client(base_url=base, timeout=60)
    http.post("/api/auth/guest", json={"name": name}).raise_for_status()
    return http


def long_finished_table(base: str, game: str = "yaxha", players: int = 4) -> tuple[int, int]:
    """A table of level-1 bots played to the end (four at Yaxha unless told); its id and its
    number of steps."""
    http = guest(base, "bots")
    table = http.post("/api/tables", json={
        "game": game, "players": players, "seat": None,
        "bots": [{"seat": seat, "level": 1} for seat in range(players)]}).json()
    http.post(f"/api/tables/{table['id']}/start").raise_for_status()
    while (info := http.get(f"/api/tables/{table['id']}").json())["status"] != "finished":
        time.sleep(0.2)
    http.close()
    return int(table["id"]), int(info["seq"])


# -- the measured table ----------------------------------------------------------------------

#: The probe comes from another loopback address than the flood, as another player would.
PROBE_ADDRESS = "127.0.0.2"


def probe_guest(base: str, name: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=PROBE_ADDRESS)
    http = httpx.Client(base_url=base, timeout=60, transport=transport)
    http.post("/api/auth/guest", json={"name": name}).raise_for_status()
    return http


async def play_seat(ws: Any, rng: random.Random, think: float, moves: int,
                    latencies: list[float]) -> None:
    """Answer each update with a random legal move after ``think`` seconds; time each move
    from its send to this seat's own update."""
    sent: float | None = None
    seq = 0
    async for text in ws:
        message = json.loads(text)
        if message["type"] == "error":
            # A refused move (the other seat's move changed this one's options): look again.
            print(f"  (probe move refused: {message['code']}: {message['reason']})",
                  file=sys.stderr)
            sent = None
            await ws.send(json.dumps({"type": "sync", "seq": seq}))
            continue
        if message["type"] not in ("update", "sync"):
            continue
        seq = message["seq"]
        if sent is not None and message.get("last", {}).get("seat") == message["seat"]:
            latencies.append(time.perf_counter() - sent)
            sent = None
        if message["status"] != "playing" or len(latencies) >= moves:
            return
        if message["legal"] and message["seat"] in message["to_move"] and sent is None:
            await asyncio.sleep(think)
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                      "action": rng.choice(message["legal"])}))


async def probe(base: str, ws_base: str, moves: int, think: float,
                rng: random.Random) -> list[float]:
    """Play two-seat Yaxha tables one after another until ``moves`` moves are timed."""
    latencies: list[float] = []
    while len(latencies) < moves:
        people = [probe_guest(base, f"probe{seat}") for seat in range(2)]
        table = people[0].post("/api/tables", json={"game": "yaxha", "players": 2,
                                                    "seat": 0}).json()
        people[1].post(f"/api/tables/{table['id']}/join", json={"seat": 1}).raise_for_status()
        sockets = []
        for person in people:
            cookie = person.cookies["mh_session"]
            sockets.append(await connect(f"{ws_base}/ws/tables/{table['id']}",
                                         additional_headers={"Cookie": f"mh_session={cookie}"},
                                         max_size=None, local_addr=(PROBE_ADDRESS, 0)))
        people[0].post(f"/api/tables/{table['id']}/start").raise_for_status()
        seats = [asyncio.create_task(play_seat(ws, random.Random(rng.random()), think, moves,
                                               latencies)) for ws in sockets]
        # One seat stops at the end of the game or once enough moves are timed: so do all.
        await asyncio.wait(seats, return_when=asyncio.FIRST_COMPLETED)
        for task in seats:
            task.cancel()
        await asyncio.gather(*seats, return_exceptions=True)
        for ws in sockets:
            await ws.close()
        for person in people:
            person.close()
    return latencies


# -- the flood -------------------------------------------------------------------------------

@dataclass
class FloodFigures:
    sent: int = 0
    answered: int = 0
    refused: int = 0
    closed: int = 0
    bytes: int = 0
    codes: dict[str, int] = field(default_factory=dict)


async def flood_socket(url: str, stop: float, figures: FloodFigures) -> None:
    while time.monotonic() < stop:
        try:
            async with connect(url, max_size=None) as ws:
                async def read() -> None:
                    async for text in ws:
                        figures.bytes += len(text)
                        kind = json.loads(text)["type"] if len(text) < 200 else "sync"
                        if kind == "error":
                            figures.refused += 1
                        elif kind == "sync":
                            figures.answered += 1

                reader = asyncio.create_task(read())
                with contextlib.suppress(ConnectionClosed):
                    while time.monotonic() < stop and not reader.done():
                        await ws.send('{"type": "sync", "seq": 0}')
                        figures.sent += 1
                        await asyncio.sleep(0)
                reader.cancel()
                with contextlib.suppress(BaseException):
                    await reader
                if ws.close_code is not None and time.monotonic() < stop:
                    figures.closed += 1
                    figures.codes[str(ws.close_code)] = figures.codes.get(str(ws.close_code),
                                                                          0) + 1
        except (ConnectionClosed, InvalidStatus, OSError):
            figures.closed += 1
            await asyncio.sleep(0.01)


def flood_process(url: str, sockets: int, seconds: float, out: Any) -> None:
    figures = FloodFigures()

    async def run() -> None:
        stop = time.monotonic() + seconds
        await asyncio.gather(*(flood_socket(url, stop, figures) for _ in range(sockets)))

    asyncio.run(run())
    out.send(figures.__dict__)


# -- one run ---------------------------------------------------------------------------------

def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(ms: list[float]) -> str:
    return (f"p50 {statistics.median(ms):7.1f} ms  p99 {percentile(ms, 0.99):7.1f} ms  "
            f"max {max(ms):7.1f} ms  ({len(ms)} moves)")


def one_run(args: argparse.Namespace, run: int) -> tuple[list[float], list[float], dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder), port, args.server_arg)
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        try:
            table_id, steps = long_finished_table(base)
            if run == 0:
                print(f"finished table {table_id}: {steps} steps")
            rng = random.Random(run)
            alone = asyncio.run(probe(base, ws_base, args.moves, args.think, rng))
            context = multiprocessing.get_context("spawn")
            receiver, sender = context.Pipe(duplex=False)
            flooder = context.Process(target=flood_process, args=(
                f"{ws_base}/ws/tables/{table_id}", args.flooders, args.seconds, sender))
            flooder.start()
            time.sleep(args.warmup)  # the flood is under way before the first timed move
            flooded = asyncio.run(probe(base, ws_base, args.moves, args.think, rng))
            figures = receiver.recv()
            flooder.join()
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    return [x * 1000 for x in alone], [x * 1000 for x in flooded], figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flooders", type=int, default=16, help="flooding sockets")
    parser.add_argument("--moves", type=int, default=200, help="timed moves per phase")
    parser.add_argument("--seconds", type=float, default=40.0,
                        help="how long the flood lasts (the flooded phase must fit in it)")
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="seconds of flood before the first timed move")
    parser.add_argument("--think", type=float, default=0.1,
                        help="seconds the measured table's players wait before each move")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--server-arg", action="append", default=[],
                        help="an argument for meeplehall serve (repeatable)")
    parser.add_argument("--no-socket-limits", action="store_true",
                        help="run the server without the socket rate limits")
    args = parser.parse_args()
    if args.no_socket_limits:
        args.server_arg.append("--no-socket-limits")
    limits = "off" if args.no_socket_limits else "on"
    print(f"{args.flooders} flooding sockets, {args.moves} timed moves per phase, "
          f"socket limits {limits}")
    p50s: list[tuple[float, float]] = []
    p99s: list[tuple[float, float]] = []
    for run in range(args.runs):
        alone, flooded, figures = one_run(args, run)
        print(f"run {run + 1}: alone   {summary(alone)}")
        print(f"run {run + 1}: flooded {summary(flooded)}")
        print(f"run {run + 1}: flood sent {figures['sent']} syncs, {figures['answered']} "
              f"answered ({figures['bytes'] / 1e6:.1f} MB), {figures['refused']} refused, "
              f"{figures['closed']} closes {figures['codes']}")
        p50s.append((statistics.median(alone), statistics.median(flooded)))
        p99s.append((percentile(alone, 0.99), percentile(flooded, 0.99)))
    if args.runs > 1:
        print(f"median of {args.runs} runs: alone p50 "
              f"{statistics.median(a for a, _ in p50s):.1f} ms, p99 "
              f"{statistics.median(a for a, _ in p99s):.1f} ms; flooded p50 "
              f"{statistics.median(f for _, f in p50s):.1f} ms, p99 "
              f"{statistics.median(f for _, f in p99s):.1f} ms")


if __name__ == "__main__":
    main()
