"""Load benchmark of the hall as a club or a community would run it (docs/deploy.md, sizing).

For each layout it starts the servers on a fresh database and plays one round of
bench/server_load.py against them, the load client in processes of its own
(bench/load_clients.py): N tables of 4 seats set up (not timed), every seat a WebSocket client
answering its updates with a random legal move (after an optional think time), the latency
being from sending an ``act`` to the sender's own ``update``. The layouts:

- ``--sqlite``: one ``meeplehall serve`` on its embedded SQLite file, no proxy;
- ``--processes 1 2``: that many on a fresh PostgreSQL database with Redis between them, a
  real nginx in front with the shipped configuration (tests/nginx_proxy.py), its
  ``worker_connections`` raised as deploy.md says.

The layouts alternate within each run, so a change in the machine's other work falls on all
alike.

    nice python bench/scale_out_load.py --tables 100 --seconds 20 --runs 3
    nice python bench/scale_out_load.py --sqlite --processes 2 --tables 2500 --think 3
    nice python bench/scale_out_load.py --sqlite --processes --tables 1000 --think 3 \
        --seconds 1800 --memory-every 60 --runs 1     # a soak, memory sampled every minute

Prints, for each layout, moves per second, p50 and p99 latency and the server processes' CPU
per move over the play after the --ramp (while tables still start, a start costs more than a
move), errors over the whole round, the servers' resident memory at the end (summed over them,
from /proc; bot workers not counted), and the load client's CPU (cores, summed over its
processes), per run and the medians over runs. PostgreSQL on 127.0.0.1:5432 (user postgres,
trust), Redis on 127.0.0.1:6379 and nginx are needed for the --processes layouts, like the
tests. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
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

from load_clients import play_in_processes
from procstat import cpu_seconds, rss_bytes
from server_load import add_round_arguments, percentile


@dataclass
class Row:
    layout: str
    moves_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int
    cpu_ms_per_move: float
    rss_mb: float
    client_cores: float


@dataclass
class Hall:
    """Servers being measured: where the clients go and the pids to read."""

    base: str
    ws_base: str
    pids: list[int]


@contextmanager
def sqlite_hall(folder: Path) -> Iterator[Hall]:
    """One process on its own SQLite file, the clients straight to it."""
    server = ServerProcess(folder / "server", extra=["--log-level", "warning"])
    server.data_dir.mkdir(parents=True)
    server.start()
    try:
        assert server.process is not None
        yield Hall(server.base, server.ws_base, [server.process.pid])
    finally:
        server.stop()


@contextmanager
def proxied_hall(processes: int, folder: Path, sockets: int) -> Iterator[Hall]:
    """``processes`` servers on a fresh PostgreSQL database behind nginx, Redis between them."""
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
        # Each proxied socket takes two connections (the client's, the process's), with room
        # for the lobby's requests. Not divided by the workers: nginx does not share
        # connections out evenly, and one worker may take most of them.
        per_worker = max(768, 2 * sockets + 1024)
        proxy = NginxProcess(folder / "nginx", [server.port for server in servers],
                             worker_connections=per_worker)
        proxy.start()
        yield Hall(proxy.base, proxy.ws_base,
                   [server.process.pid for server in servers if server.process])
    finally:
        if proxy is not None:
            proxy.stop()
        for server in servers:
            server.stop()
        drop_postgres_db(database)


def layout_name(processes: int) -> str:
    return "1 SQLite" if processes == 0 else f"{processes} PG+nginx"


async def measure(processes: int, args: argparse.Namespace, seed: int) -> Row:
    """One round on a layout: ``processes`` behind nginx, or 0 for one process on SQLite."""
    name = layout_name(processes)
    with tempfile.TemporaryDirectory(prefix="scale-out-") as folder, \
            (sqlite_hall(Path(folder)) if processes == 0 else
             proxied_hall(processes, Path(folder), args.tables * args.seats)) as hall:
        # The figures are those of the play after the ramp: starting a table (its request,
        # its seats' first syncs) costs the server more than a move, and moves are few while
        # tables are still starting, so a round's whole span would mix the two.
        cpu_at_start = 0.0
        started = time.monotonic()
        steady_from = time.time()

        def ramp_over() -> None:
            nonlocal cpu_at_start
            cpu_at_start = sum(cpu_seconds(pid) for pid in hall.pids)

        def began() -> None:
            nonlocal started, steady_from
            ramp_over()
            started = time.monotonic()
            steady_from = time.time() + args.ramp
            asyncio.get_running_loop().call_later(args.ramp, ramp_over)
            tick()

        def tick() -> None:
            rss = sum(rss_bytes(pid) for pid in hall.pids) / 2**20
            print(f"  {name}: {time.monotonic() - started:6.0f} s  server RSS {rss:7.1f} MiB  "
                  f"load average {os.getloadavg()[0]:.1f}", flush=True)

        try:
            played = await play_in_processes(hall.base, hall.ws_base, args.game, args, {},
                                             seed, began, args.memory_every, tick)
        except Exception:
            print_log_tails(Path(folder))  # before the folder goes: the servers' and nginx's
            raise
        cpu = sum(cpu_seconds(pid) for pid in hall.pids) - cpu_at_start
        rss = sum(rss_bytes(pid) for pid in hall.pids) / 2**20
    figures = played.figures
    steady = [1000 * latency
              for sent, latency in zip(figures.sent, figures.latencies, strict=True)
              if sent >= steady_from]
    moves = len(steady)  # counted before a NaN stands in for an empty list
    ms = steady or [float("nan")]
    seconds = max(played.elapsed - args.ramp, 1e-9)
    return Row(name, moves / seconds, statistics.median(ms), percentile(ms, 0.99),
               figures.errors, 1000 * cpu / max(moves, 1), rss,
               sum(played.client_cpu) / played.elapsed)


def print_log_tails(folder: Path, lines: int = 30) -> None:
    """The last lines of every log under ``folder``: why a layout's round failed."""
    for log in sorted(folder.rglob("*.log")):
        tail = log.read_text(errors="replace").splitlines()[-lines:]
        print(f"--- {log.relative_to(folder)} (last {len(tail)} lines)", *tail, sep="\n",
              flush=True)


def print_rows(title: str, rows: list[Row]) -> None:
    print(title)
    print("  layout        moves/s   p50 ms   p99 ms  errors  server CPU ms/move  "
          "server MiB  client cores")
    for row in rows:
        print(f"  {row.layout:<12}  {row.moves_per_second:>7.0f}  {row.p50_ms:>7.1f}  "
              f"{row.p99_ms:>7.1f}  {row.errors:>6}  {row.cpu_ms_per_move:>18.2f}  "
              f"{row.rss_mb:>10.0f}  {row.client_cores:>12.2f}", flush=True)


def medians(rows: list[Row], layout: str) -> Row:
    mine = [row for row in rows if row.layout == layout]
    return Row(layout, *(statistics.median(getattr(row, name) for row in mine)
                         for name in ("moves_per_second", "p50_ms", "p99_ms", "errors",
                                      "cpu_ms_per_move", "rss_mb", "client_cores")))


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sqlite", action="store_true",
                        help="also measure one process on SQLite without a proxy")
    parser.add_argument("--processes", type=int, nargs="*", default=[1, 2],
                        help="the process counts to measure behind nginx on PostgreSQL and "
                        "Redis (default: 1 2; none: only --sqlite)")
    add_round_arguments(parser, tables=100, seconds=20)
    parser.add_argument("--runs", type=int, default=3,
                        help="runs, each measuring every layout once (default: %(default)s)")
    parser.add_argument("--memory-every", type=float, default=0.0, metavar="SECONDS",
                        help="print the servers' resident memory this often while they play "
                        "(default: only at the end)")
    args = parser.parse_args()
    if any(count < 1 for count in args.processes):
        parser.error("--processes: counts of at least 1")
    layouts = ([0] if args.sqlite else []) + args.processes
    if not layouts:
        parser.error("nothing to measure: give --sqlite or --processes")
    missing = [what for what, there in (("nginx", nginx_binary() is not None),
                                        ("PostgreSQL on 127.0.0.1:5432", postgres_available()),
                                        ("Redis on 127.0.0.1:6379", redis_available()))
               if not there]
    if missing and args.processes:
        parser.error(f"--processes needs {', '.join(missing)}")
    print(f"game {args.game}: {args.tables} tables x {args.seats} seats "
          f"({args.tables * args.seats} sockets), think {args.think}s, "
          f"rounds of at most {args.seconds:g}s, load client in {args.client_processes} "
          f"processes, load average {os.getloadavg()[0]:.1f}", flush=True)
    rows: list[Row] = []
    for run in range(args.runs):
        measured = [await measure(count, args, seed=run) for count in layouts]
        rows += measured
        print_rows(f"run {run + 1} (load average {os.getloadavg()[0]:.1f})", measured)
    print_rows(f"medians of {args.runs} runs",
               [medians(rows, layout_name(count)) for count in layouts])


if __name__ == "__main__":
    asyncio.run(main())
