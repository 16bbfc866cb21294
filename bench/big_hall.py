"""A big hall: start-up, lobby and history answers, and disk per move, with N finished tables
and M tables in play.

Fills a fresh database (bench/big_hall_fill.py: real matches of every game, bulk-inserted as
the server writes them, spread over a few thousand people so some have thousands of games),
then starts a real ``meeplehall serve`` on it --starts times (time to ``/readyz`` and the
process's resident memory then), checks that it replays some stored tables, and times each
route --runs times (--requests requests from --clients concurrent clients: p50 and p99 in
milliseconds). Last, the database's size: bytes per stored move (the ``actions`` table with
its indexes, per row) and per finished table (the rest, per table).

SQLite by default (a file in a temporary folder); with --database-url a PostgreSQL server, on
which a database of its own is created and dropped. --keep keeps the filled hall and --reuse
measures it again without filling, for figures before and after a change: --src runs another
checkout's server, and --schema first takes the database to the revision that server knows.
This is a benchmark, not a test.

    nice python bench/big_hall.py                          # SQLite, 100,000 finished tables
    nice python bench/big_hall.py --database-url postgresql+psycopg://postgres@127.0.0.1/postgres
    python bench/big_hall.py --finished 2000 --playing 50 --runs 1   # a quick look

    nice python bench/big_hall.py --keep /tmp/hall --starts 0 --runs 0   # fill only
    nice python bench/big_hall.py --reuse sqlite:////tmp/hall/meeplehall.db \
        --schema 0017 --src ../before/src                  # the server before a change
    nice python bench/big_hall.py --reuse sqlite:////tmp/hall/meeplehall.db   # and after it
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.big_hall_fill import Counts, Filler
from bench.startup import rss_mib
from tests.live_server import free_port, start_answering, stop_process

from meeplehall.server.db.engine import MIGRATIONS, make_engine


@contextmanager
def database(args: argparse.Namespace, folder: Path) -> Iterator[str]:
    """The database's URL: --reuse's as it is; else a fresh, empty one: a SQLite file in
    ``folder`` (or --keep's folder), or a new PostgreSQL database on the server --database-url
    names (dropped afterwards unless --keep)."""
    if args.reuse:
        yield args.reuse
        return
    if args.database_url is None:
        yield f"sqlite:///{(Path(args.keep) if args.keep else folder) / 'meeplehall.db'}"
        return
    name = f"mh_big_hall_{secrets.token_hex(4)}"
    admin = create_engine(args.database_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    url = make_url(args.database_url).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        if args.keep:
            print(f"kept: --reuse {url}")
        else:
            with admin.connect() as connection:
                connection.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


def launch(args: argparse.Namespace, url: str, folder: Path,
           port: int) -> tuple[subprocess.Popen[bytes], float, float]:
    """The server on ``url``; seconds to ready and resident MiB then."""
    command = [sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
               "--port", str(port), "--data-dir", str(folder), "--database-url", url,
               "--no-creation-limits", "--no-socket-limits", "--no-http-limits",
               "--log-level", "warning"]
    started = time.perf_counter()
    process = start_answering(command, folder / "server.log",
                              f"http://127.0.0.1:{port}/readyz", 600, server_env(args))
    return process, time.perf_counter() - started, rss_mib(process.pid)


def server_env(args: argparse.Namespace) -> dict[str, str]:
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = str(Path(args.src).resolve())
    return env


def set_schema(engine: Engine, revision: str) -> None:
    """Move the database to ``revision``, up or down, with this checkout's migrations (so
    another checkout's server, --src, finds the schema it knows)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        now = MigrationContext.configure(connection).get_current_revision()
        if now != revision:
            down = now is not None and now > revision
            (command.downgrade if down else command.upgrade)(config, revision)


async def timed(base: str, paths: Callable[[int], str], requests: int,
                clients: int) -> tuple[float, float]:
    """p50 and p99 in ms of ``requests`` GETs (the i-th at ``paths(i)``) from ``clients``
    concurrent clients."""
    seconds: list[float] = []
    queue = iter(range(requests))

    async def client() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=120) as http:
            for index in queue:
                started = time.perf_counter()
                answer = await http.get(paths(index))
                seconds.append(time.perf_counter() - started)
                answer.raise_for_status()

    await asyncio.gather(*(client() for _ in range(clients)))
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return statistics.median(seconds) * 1000, cuts[98] * 1000


def routes(engine: Engine, counts: Counts, page_size: int) -> dict[str, Callable[[int], str]]:
    """Each measured route, as the path of its i-th request."""
    heavy, _ = max(counts.per_user.items(), key=lambda item: item[1])
    with engine.connect() as connection:
        public_id = connection.scalar(text("SELECT public_id FROM users WHERE id = :id"),
                                      {"id": heavy})
        finished = list(connection.scalars(text(
            "SELECT id FROM tables WHERE status = 'finished' AND visibility = 'public' "
            "ORDER BY id")))
    # Half-way down the list (at least page 2: a small hall has few pages).
    deep = max(2, min(10_000, counts.finished // page_size // 2))
    stride = max(1, len(finished) // 1000)
    return {
        "lobby, waiting": lambda i: "/api/tables?status=waiting",
        "lobby, playing": lambda i: "/api/tables?status=playing",
        "finished, page 1": lambda i: "/api/tables?status=finished",
        f"finished, page {deep}": lambda i: f"/api/tables?status=finished&page={deep}",
        f"history ({counts.per_user[heavy]} games)":
            lambda i: f"/api/players/{public_id}/history",
        "profile (same player)": lambda i: f"/api/players/{public_id}",
        "leaderboard yaxha": lambda i: "/api/leaderboard/yaxha",
        # A different table each time: a replay is built once, then served from memory.
        "replay (uncached)": lambda i: f"/api/tables/{finished[(i * stride) % len(finished)]}"
                                       "/replay",
    }


def count(engine: Engine) -> Counts:
    """What the database holds (filled now or before)."""
    with engine.connect() as connection:
        by_status: dict[str, int] = dict(connection.execute(text(
            "SELECT status, count(*) FROM tables GROUP BY status")).all())
        per_user: dict[int, int] = dict(connection.execute(text(
            "SELECT s.user_id, count(*) FROM seats s JOIN tables t ON t.id = s.table_id "
            "WHERE t.status = 'finished' AND s.user_id IS NOT NULL GROUP BY s.user_id")).all())
        return Counts(
            users=connection.scalar(text("SELECT count(*) FROM users")) or 0,
            finished=by_status.get("finished", 0), playing=by_status.get("playing", 0),
            waiting=by_status.get("waiting", 0),
            actions=connection.scalar(text("SELECT count(*) FROM actions")) or 0,
            rated=connection.scalar(text("SELECT count(*) FROM tables WHERE status = "
                                         "'finished' AND rated")) or 0,
            per_user=per_user)


def check_replays(base: str, engine: Engine) -> None:
    """The server replays stored tables to the result stored with them (and shows tables in
    play): the rows are what it would have written."""
    with engine.connect() as connection:
        finished = connection.execute(text(
            "SELECT id, seq FROM tables WHERE status = 'finished' AND visibility = 'public' "
            "ORDER BY id DESC LIMIT 5")).all()
        playing = connection.scalars(text(
            "SELECT id FROM tables WHERE status = 'playing' LIMIT 3")).all()
    with httpx.Client(base_url=base, timeout=120) as http:
        for table_id, seq in finished:
            replay = http.get(f"/api/tables/{table_id}/replay").raise_for_status().json()
            result = http.get(f"/api/tables/{table_id}/result").raise_for_status().json()
            assert len(replay["steps"]) == seq and result["ranks"], (table_id, replay.keys())
        for table_id in playing:
            http.get(f"/api/tables/{table_id}").raise_for_status()


def sizes(engine: Engine) -> dict[str, int]:
    """Bytes of each table with its indexes, and in all (``total``)."""
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            rows = connection.execute(text(
                "SELECT coalesce(m.tbl_name, s.name), sum(s.pgsize) FROM dbstat s "
                "LEFT JOIN sqlite_master m ON m.name = s.name GROUP BY 1")).all()
        else:
            rows = connection.execute(text(
                "SELECT relname, pg_total_relation_size(oid) FROM pg_class "
                "WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace")).all()
    found = {str(name): int(size) for name, size in rows}
    found["total"] = sum(found.values())
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--finished", type=int, default=100_000)
    parser.add_argument("--playing", type=int, default=1000)
    parser.add_argument("--waiting", type=int, default=50)
    parser.add_argument("--users", type=int, default=3000)
    parser.add_argument("--database-url", default=None,
                        help="a PostgreSQL server (a database of its own is made there)")
    parser.add_argument("--keep", default="",
                        help="keep the filled database: SQLite in this folder (PostgreSQL: "
                        "any value), to measure it again with --reuse")
    parser.add_argument("--reuse", default="",
                        help="the URL of a hall filled before (with --keep): migrated to the "
                        "newest schema and measured, not filled")
    parser.add_argument("--schema", default="",
                        help="with --reuse: the schema revision to measure at (up or down "
                        "from the database's), e.g. the one --src's server expects")
    parser.add_argument("--src", default="",
                        help="another checkout's src folder: its server is measured")
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="mh-big-hall-") as name, \
            database(args, Path(name)) as url:
        folder = Path(name)
        engine = make_engine(url)
        set_schema(engine, "head" if not args.reuse or not args.schema else args.schema)
        if not args.reuse:
            started = time.perf_counter()
            Filler(engine, args.users).fill(args.finished, args.playing, args.waiting)
            print(f"filled in {time.perf_counter() - started:.0f} s")
        counts = count(engine)
        print(f"{counts.users} users, {counts.finished} finished tables ({counts.rated} rated), "
              f"{counts.playing} in play, {counts.waiting} waiting, {counts.actions} moves; the "
              f"busiest player has {max(counts.per_user.values())} finished tables")
        if engine.dialect.name == "postgresql":
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
                c.execute(text("VACUUM ANALYZE"))
        else:
            with engine.connect() as c:
                c.execute(text("ANALYZE"))
        report_sizes(sizes(engine), counts)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        if args.starts:
            starts(args, url, folder, port, args.starts)
        if not args.runs:
            engine.dispose()
            return
        process, _seconds, _mib = launch(args, url, folder, port)
        try:
            check_replays(base, engine)
            measure(base, routes(engine, counts, 100), args)
        finally:
            stop_process(process)
            engine.dispose()


def starts(args: argparse.Namespace, url: str, folder: Path, port: int, times: int) -> None:
    ready, memory = [], []
    for _ in range(times):
        process, seconds, mib = launch(args, url, folder, port)
        ready.append(seconds)
        memory.append(mib)
        stop_process(process)
    print(f"start-up: ready in {statistics.median(ready):.2f} s (median of {times}: "
          f"{', '.join(f'{s:.2f}' for s in ready)}), {statistics.median(memory):.0f} MiB "
          f"resident; load {load()}")


def measure(base: str, paths: dict[str, Callable[[int], str]], args: argparse.Namespace) -> None:
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in paths}
    for run in range(args.runs):
        for name, path in paths.items():
            # Each run starts the replays further on, so none is served from memory.
            def shifted(i: int, path: Callable[[int], str] = path, run: int = run) -> str:
                return path(i + run * args.requests)

            figures[name].append(asyncio.run(timed(base, shifted, args.requests, args.clients)))
            p50, p99 = figures[name][-1]
            print(f"run {run + 1}: {name}: p50 {p50:.1f} ms, p99 {p99:.1f} ms (load {load()})",
                  flush=True)
    print(f"\n{'route':34} {'p50 ms':>8} {'p99 ms':>8}   (median of {args.runs} runs of "
          f"{args.requests} requests, {args.clients} clients; load {load()})")
    for name, runs in figures.items():
        print(f"{name:34} {statistics.median(p50 for p50, _ in runs):8.1f} "
              f"{statistics.median(p99 for _, p99 in runs):8.1f}")


def report_sizes(found: dict[str, int], counts: Counts) -> None:
    moves = found.get("actions", 0)
    rest = found["total"] - moves
    parts = ", ".join(f"{name} {size / 2**20:.0f} MiB" for name, size in sorted(found.items())
                      if size > 2**20 and name not in ("total", "actions"))
    print(f"database: {found['total'] / 2**20:.0f} MiB; actions {moves / 2**20:.0f} MiB = "
          f"{moves / max(1, counts.actions):.0f} bytes per move; the rest "
          f"{rest / max(1, counts.finished + counts.playing):.0f} bytes per table "
          f"({parts})")


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


if __name__ == "__main__":
    main()
