"""What a table and a socket cost in a server's memory, read off its resident memory (RSS).

One ``meeplehall serve`` on SQLite, its tables made through its own API by four guests who sit
at all of them (4-seat Yaxha, live clocks of an hour, started, nobody moving):

1. **idle loaded tables**: the tables are started in steps (``--sizes``, cumulative); a started
   table stays in memory until ``--table-idle-seconds`` (set long here). The slope of RSS over
   the steps is the cost of a table in memory that nobody watches.
2. **idle sockets**: the four seats of the first ``--socket-tables`` tables connect and stay
   quiet; the RSS grown over the sockets opened is the cost of a socket.
3. **live tables**: those seats then play (a random legal move after a think time averaging
   ``--think``) for ``--seconds``; the RSS above the start is the cost of a table in play with
   its four players, and the largest outgoing queue (``/metrics``) shows the bounds held.
4. **dropped when idle** (``--drop-tables``): a second server with a short idle time; that many
   tables are started, then left until the hall holds none of them (``/metrics``), twice over:
   the second batch growing the RSS little or nothing shows the first batch's memory came back.

Python's allocator keeps freed memory for reuse rather than handing it back, so a drop shows as
RSS that stops growing, not as RSS that falls.

    nice python bench/memory_cost.py --sizes 1000 2000 4000 --socket-tables 1000 --runs 3
    nice python bench/memory_cost.py --sizes --drop-tables 10000 --runs 1

Prints each phase's figures per run and their medians. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.live_server import ServerProcess

from procstat import rss_bytes
from server_load import Deadline, Figures, guest, seat_client

SEATS = 4
#: Requests the set-up keeps in flight at once.
AT_ONCE = 16


@dataclass
class Hall:
    """A server and the four guests who sit at every one of its tables."""

    server: ServerProcess
    cookies: list[str] = field(default_factory=list)
    tables: list[int] = field(default_factory=list)

    @property
    def rss(self) -> int:
        assert self.server.process is not None
        return rss_bytes(self.server.process.pid)

    async def sign_in(self) -> None:
        for seat in range(SEATS):
            async with httpx.AsyncClient(base_url=self.server.base, timeout=60) as http:
                (await guest(http, f"mem{seat}")).raise_for_status()
                self.cookies.append(http.cookies["mh_session"])

    async def start_tables(self, count: int) -> None:
        """``count`` more tables, every seat taken, started (so loaded in memory)."""
        clients = [httpx.AsyncClient(base_url=self.server.base, timeout=120,
                                     cookies={"mh_session": cookie})
                   for cookie in self.cookies]
        slots = asyncio.Semaphore(AT_ONCE)

        async def one() -> None:
            async with slots:
                created = await clients[0].post("/api/tables", json={
                    "game": "yaxha", "players": SEATS, "seat": 0, "mode": "live",
                    "initial_seconds": 3600})
                created.raise_for_status()
                table_id = created.json()["id"]
                for seat in range(1, SEATS):
                    (await clients[seat].post(f"/api/tables/{table_id}/join",
                                              json={"seat": seat})).raise_for_status()
                (await clients[0].post(f"/api/tables/{table_id}/start")).raise_for_status()
                self.tables.append(table_id)

        try:
            await asyncio.gather(*(one() for _ in range(count)))
        finally:
            for client in clients:
                await client.aclose()

    async def metric(self, name: str) -> float:
        """A metric's value (summed over its labels) from ``/metrics``."""
        async with httpx.AsyncClient(base_url=self.server.base, timeout=60) as http:
            text = (await http.get("/metrics")).text
        return sum(float(value) for value in
                   re.findall(rf"^{name}(?:{{[^}}]*}})? (\S+)$", text, re.MULTILINE))


def slope(points: list[tuple[int, int]]) -> float:
    """Least-squares bytes per unit over (count, bytes) points."""
    if len(points) < 2:
        return float("nan")
    return statistics.linear_regression([float(x) for x, _ in points],
                                        [float(y) for _, y in points]).slope


@dataclass
class Sweep:
    per_idle_table: float
    per_socket: float
    per_live_table: float
    peak_queue: float
    moves: int


async def sweep(args: argparse.Namespace, folder: Path, seed: int) -> Sweep:
    server = ServerProcess(folder / "sweep", extra=[
        "--log-level", "warning", "--table-idle-seconds", "36000"])
    server.data_dir.mkdir(parents=True)
    server.start()
    try:
        hall = Hall(server)
        await hall.sign_in()
        await hall.start_tables(1)  # the first table's imports and caches: not a table's cost
        points = [(0, hall.rss)]
        for size in args.sizes:
            await hall.start_tables(size - len(hall.tables) + 1)
            points.append((len(hall.tables) - 1, hall.rss))
            print(f"  {len(hall.tables) - 1:>6} idle tables: RSS {hall.rss / 2**20:7.1f} MiB",
                  flush=True)
        watched = hall.tables[:args.socket_tables]
        if len(watched) < args.socket_tables:
            await hall.start_tables(args.socket_tables - len(watched))
            watched = hall.tables[:args.socket_tables]
        before_sockets = hall.rss
        quiet = await asyncio.gather(*(
            connect(f"{server.ws_base}/ws/tables/{table_id}", max_size=None, open_timeout=120,
                    additional_headers={"Cookie": f"mh_session={cookie}"})
            for table_id in watched for cookie in hall.cookies))
        while await hall.metric("meeplehall_connections") < len(quiet):
            await asyncio.sleep(0.5)
        with_sockets = hall.rss
        print(f"  {len(quiet):>6} quiet sockets: RSS {with_sockets / 2**20:7.1f} MiB", flush=True)
        await asyncio.gather(*(socket.close() for socket in quiet))
        figures = Figures()
        deadline = Deadline()  # the seats play from their first sync; they stop...
        rng = random.Random(seed)
        opened = [asyncio.Event() for _ in quiet]
        seats = [asyncio.create_task(seat_client(
            server.ws_base, table_id, cookie, figures, args.think, deadline,
            opened[SEATS * index + seat], random.Random(rng.random())))
            for index, table_id in enumerate(watched) for seat, cookie in enumerate(hall.cookies)]
        await asyncio.gather(*(event.wait() for event in opened))
        deadline.at = time.monotonic() + args.seconds  # ...--seconds after the last one opened
        await asyncio.sleep(max(0.0, args.seconds - 2))
        live = hall.rss  # while the tables still play
        peak = await hall.metric("meeplehall_outgoing_queue_peak_messages")
        await asyncio.gather(*seats)
        print(f"  {len(watched):>6} live tables: RSS {live / 2**20:7.1f} MiB, "
              f"{figures.moves} moves, largest outgoing queue {peak:.0f} messages", flush=True)
        return Sweep(per_idle_table=slope(points),
                     per_socket=(with_sockets - before_sockets) / max(1, len(quiet)),
                     per_live_table=(live - points[0][1]) / max(1, len(watched)),
                     peak_queue=peak, moves=figures.moves)
    finally:
        server.stop()


@dataclass
class Drop:
    #: RSS grown by each batch of tables, bytes.
    growth: list[int]
    #: Seconds from a batch's last start to the hall holding none of its tables.
    seconds: list[float]


async def drop(args: argparse.Namespace, folder: Path) -> Drop:
    server = ServerProcess(folder / "drop", extra=[
        "--log-level", "warning", "--table-idle-seconds", str(args.idle_seconds)])
    server.data_dir.mkdir(parents=True)
    server.start()
    try:
        hall = Hall(server)
        await hall.sign_in()
        await hall.start_tables(1)
        result = Drop([], [])
        for batch in (1, 2):
            before = hall.rss
            await hall.start_tables(args.drop_tables)
            grown = hall.rss - before
            loaded = await hall.metric("meeplehall_live_tables")
            started = time.monotonic()
            while await hall.metric("meeplehall_live_tables") > 0:
                await asyncio.sleep(1)
            result.growth.append(grown)
            result.seconds.append(time.monotonic() - started)
            print(f"  batch {batch}: {args.drop_tables} tables grew RSS by "
                  f"{grown / 2**20:.1f} MiB, {loaded:.0f} in memory, none after "
                  f"{result.seconds[-1]:.0f} s (RSS then {hall.rss / 2**20:.1f} MiB)", flush=True)
        return result
    finally:
        server.stop()


def kib(value: float) -> str:
    return f"{value / 1024:.1f} KiB"


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="*", default=[500, 1000, 2000],
                        help="idle tables in memory at each step of the sweep, cumulative "
                        "(default: %(default)s; none: no sweep)")
    parser.add_argument("--socket-tables", type=int, default=500,
                        help="tables whose four seats connect, quiet then playing "
                        "(default: %(default)s)")
    parser.add_argument("--think", type=float, default=3.0,
                        help="mean think time of the playing seats, seconds "
                        "(default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="how long the seats play (default: %(default)s)")
    parser.add_argument("--drop-tables", type=int, default=0,
                        help="tables per batch of the drop phase (default: none)")
    parser.add_argument("--idle-seconds", type=float, default=20.0,
                        help="the drop phase's --table-idle-seconds (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=1, help="runs (default: %(default)s)")
    args = parser.parse_args()
    sweeps: list[Sweep] = []
    drops: list[Drop] = []
    for run in range(args.runs):
        print(f"run {run + 1}", flush=True)
        with tempfile.TemporaryDirectory(prefix="memory-cost-") as folder:
            if args.sizes:
                sweeps.append(await sweep(args, Path(folder), run))
                last = sweeps[-1]
                print(f"  idle loaded table {kib(last.per_idle_table)}, quiet socket "
                      f"{kib(last.per_socket)}, live table with 4 sockets "
                      f"{kib(last.per_live_table)}", flush=True)
            if args.drop_tables:
                drops.append(await drop(args, Path(folder)))
    if sweeps:
        print(f"medians of {len(sweeps)} runs: idle loaded table "
              f"{kib(statistics.median(s.per_idle_table for s in sweeps))}, quiet socket "
              f"{kib(statistics.median(s.per_socket for s in sweeps))}, live table with 4 "
              f"sockets {kib(statistics.median(s.per_live_table for s in sweeps))}, largest "
              f"outgoing queue {max(s.peak_queue for s in sweeps):.0f} messages")
    if drops:
        for batch in (0, 1):
            print(f"medians of {len(drops)} runs, batch {batch + 1}: RSS grown "
                  f"{statistics.median(d.growth[batch] for d in drops) / 2**20:.1f} MiB, "
                  f"dropped after {statistics.median(d.seconds[batch] for d in drops):.0f} s")


if __name__ == "__main__":
    asyncio.run(main())
