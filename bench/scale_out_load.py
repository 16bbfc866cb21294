"""Load benchmark of the hall on several processes behind nginx (docs/deploy.md, section 5).

For each process count (1 and 2 by default) it starts that many ``meeplehall serve`` on a fresh
PostgreSQL database with Redis between them, a real nginx in front with the shipped
configuration (tests/nginx_proxy.py), and plays one round of bench/server_load.py through
nginx: N tables of 4 seats set up (not timed), every seat a WebSocket client answering its
updates with a random legal move (after an optional think time), the latency being from
sending an ``act`` to the sender's own ``update``. The counts alternate within each run, so
a change in the machine's other work falls on both alike.

    nice python bench/scale_out_load.py --tables 100 --seconds 20 --runs 3
    nice python bench/scale_out_load.py --processes 1 2 3 --think 2

Prints, for each process count, moves per second, p50 and p99 latency, errors, and the
server processes' CPU per move (summed over them, from /proc), per run and the medians over
runs. Needs nginx, PostgreSQL on 127.0.0.1:5432 (user postgres, trust) and Redis on
127.0.0.1:6379, like the tests. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.live_server import ServerProcess
from tests.nginx_proxy import NginxProcess, nginx_binary
from tests.services import (
    POSTGRES,
    REDIS,
    create_postgres_db,
    drop_postgres_db,
    postgres_available,
    redis_available,
)

from procstat import cpu_seconds
from server_load import Figures, add_round_arguments, one_round, percentile


@dataclass
class Row:
    processes: int
    moves_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int
    cpu_ms_per_move: float


@contextmanager
def proxied_hall(processes: int, folder: Path) -> Iterator[tuple[NginxProcess, list[int]]]:
    """``processes`` servers on a fresh database behind nginx; yields nginx and their pids."""
    database = create_postgres_db()
    servers: list[ServerProcess] = []
    proxy: NginxProcess | None = None
    try:
        for index in range(processes):
            data_dir = folder / f"server{index}"
            data_dir.mkdir(parents=True)
            server = ServerProcess(data_dir, f"{POSTGRES}{database}",
                                   extra=["--redis-url", REDIS, "--log-level", "warning"])
            server.start()  # one after the other: the first one migrates the database
            servers.append(server)
        proxy = NginxProcess(folder / "nginx", [server.port for server in servers])
        proxy.start()
        yield proxy, [server.process.pid for server in servers if server.process]
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.stop()
        drop_postgres_db(database)


async def measure(processes: int, args: argparse.Namespace, seed: int) -> Row:
    with tempfile.TemporaryDirectory(prefix="scale-out-") as folder, \
            proxied_hall(processes, Path(folder)) as (proxy, pids):
        figures = Figures()
        before = sum(cpu_seconds(pid) for pid in pids)
        elapsed = await one_round(proxy.base, proxy.ws_base, args.game, args, {}, figures, seed)
        cpu = sum(cpu_seconds(pid) for pid in pids) - before
    ms = [value * 1000 for value in figures.latencies] or [float("nan")]
    moves = max(figures.moves, 1)
    return Row(processes, figures.moves / elapsed, statistics.median(ms), percentile(ms, 0.99),
               figures.errors, 1000 * cpu / moves)


def print_rows(title: str, rows: list[Row]) -> None:
    print(title)
    print("  processes  moves/s   p50 ms   p99 ms  errors  server CPU ms/move")
    for row in rows:
        print(f"  {row.processes:>9}  {row.moves_per_second:>7.0f}  {row.p50_ms:>7.1f}  "
              f"{row.p99_ms:>7.1f}  {row.errors:>6}  {row.cpu_ms_per_move:>18.2f}")


def medians(rows: list[Row], processes: int) -> Row:
    mine = [row for row in rows if row.processes == processes]
    return Row(processes, *(statistics.median(getattr(row, name) for row in mine)
                            for name in ("moves_per_second", "p50_ms", "p99_ms", "errors",
                                         "cpu_ms_per_move")))


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2],
                        help="the process counts to compare (default: 1 2)")
    add_round_arguments(parser, tables=100, seconds=20)
    parser.add_argument("--runs", type=int, default=3,
                        help="runs, each measuring every process count once "
                        "(default: %(default)s)")
    args = parser.parse_args()
    missing = [what for what, there in (("nginx", nginx_binary() is not None),
                                        ("PostgreSQL on 127.0.0.1:5432", postgres_available()),
                                        ("Redis on 127.0.0.1:6379", redis_available()))
               if not there]
    if missing:
        parser.error(f"needs {', '.join(missing)}")
    print(f"game {args.game}: {args.tables} tables x {args.seats} seats "
          f"({args.tables * args.seats} sockets through nginx), think {args.think}s, "
          f"rounds of at most {args.seconds:g}s, load average {os.getloadavg()[0]:.1f}")
    rows: list[Row] = []
    for run in range(args.runs):
        measured = [await measure(count, args, seed=run) for count in args.processes]
        rows += measured
        print_rows(f"run {run + 1} (load average {os.getloadavg()[0]:.1f})", measured)
    print_rows(f"medians of {args.runs} runs", [medians(rows, n) for n in args.processes])


if __name__ == "__main__":
    asyncio.run(main())
