"""HTTP pressure benchmark: do heavy anonymous GETs slow down the tables being played?

Starts a real ``meeplehall serve`` (SQLite in a temporary folder, or --database-url), lets
level-1 bots play a long --game to the end (4-player Pyramido by default: its replay with a
view after every step is the largest document the hall serves), gives one guest a history of
--history finished tables (each handed at once to a bot, who plays it out), then keeps --tables
two-player Yaxha tables playing over real WebSockets: each seat is a client answering its turn
with a random legal move after an exponential think time (mean --think), and a move's latency is
from sending its ``act`` to the sender's own ``update`` (bench/server_load.py's seat client). A
finished table is followed by a new one. While they play, the phases:

1. baseline: --seconds of play, nothing else;
2. pressure: --seconds while --clients anonymous HTTP clients (another process; one keep-alive
   connection each, no login) fetch in a loop the heaviest GETs: the long game's replay with
   views, the waiting, playing and finished table lists, the guest's history and profile, and
   the game's leaderboard; all of them from one address that is not the players' (the
   server's per-address HTTP limits apply unless --no-http-limits);
3. one route at a time: --route-seconds of the clients fetching that route alone, for its
   server CPU per request and how much it alone slows the moves (0: skipped).

With --burn, ``stress -c 2`` (or two busy processes where stress is missing) runs beside the
server through every phase, like a busy host.

    python bench/http_pressure.py                      # 12 tables, 4 clients, 20 s phases
    python bench/http_pressure.py --clients 8 --burn --runs 3
    python bench/http_pressure.py --database-url postgresql+psycopg://postgres@127.0.0.1/empty
    python bench/http_pressure.py --json > figures.json

Prints per phase the moves timed, their p50/p99/max latency and errors, the heavy requests
served per second, the server process's CPU per heavy request (from /proc, less the tables'
own CPU rate measured in the baseline) and each route's p50/p99, then the verdict: p99 under
pressure over p99 without (target <= 2.00). With --runs, each run on a new server (a
--database-url should be an empty database; the runs add to it), then the medians.
This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests.live_server import ServerProcess, free_port

from flood import guest, long_finished_table
from procstat import cpu_seconds
from server_load import DEFAULT_GAME, Deadline, Figures, new_table, percentile, seat_client

#: The last byte of each phase's attacking address (in TEST-NET-3).
ATTACKERS = itertools.count(1)
#: Tables left waiting for players, one host each, so the lobby's waiting list is not empty.
WAITING_TABLES = 5


# -- what is set up before the phases ---------------------------------------------------------

def history_of_finished_tables(base: str, tables: int) -> str:
    """A player who sat at ``tables`` finished two-player Yaxha tables: each started against a
    level-1 bot and left at once, so a bot plays their seat to the end. Their public profile's
    id (they register: a guest's history is not public)."""
    http = guest(base, "regular")
    for _ in range(tables):
        table = http.post("/api/tables", json={
            "game": DEFAULT_GAME, "players": 2, "seat": 0, "mode": "none",
            "bots": [{"seat": 1, "level": 1}]}).json()
        http.post(f"/api/tables/{table['id']}/start").raise_for_status()
        http.post(f"/api/tables/{table['id']}/leave", json={}).raise_for_status()
    user: str = http.post("/api/auth/register", json={
        "name": f"regular{time.time_ns()}"[:32], "password": "long enough"}).json()["profile"]
    while len(http.get(f"/api/players/{user}/history", params={"limit": 500}).json()) < tables:
        time.sleep(0.2)
    http.close()
    return user


def open_waiting_tables(base: str) -> None:
    for host in range(WAITING_TABLES):
        http = guest(base, f"host{host}")
        http.post("/api/tables", json={"game": DEFAULT_GAME, "players": 4}).raise_for_status()
        http.close()


def heavy_routes(table_id: int, user: str, game: str) -> dict[str, str]:
    return {
        "replay": f"/api/tables/{table_id}/replay?views=true",
        "finished": "/api/tables?status=finished",
        "playing": "/api/tables?status=playing",
        "waiting": "/api/tables?status=waiting",
        "history": f"/api/players/{user}/history",
        "profile": f"/api/players/{user}",
        "leaderboard": f"/api/leaderboard/{game}?limit=50",
    }


def exponential_think(rng: random.Random, mean: float) -> float:
    return rng.expovariate(1 / mean)


async def keep_playing(base: str, ws_base: str, figures: Figures, think: float,
                       rng: random.Random) -> None:
    """One two-seat table after another, until cancelled."""
    while True:
        table_id, cookies = await new_table(base, DEFAULT_GAME, 2, {})
        started = [asyncio.Event() for _ in cookies]
        seats = [asyncio.create_task(seat_client(
            ws_base, table_id, cookie, figures, think, Deadline(), event,  # until cancelled
            random.Random(rng.random()), exponential_think))
            for cookie, event in zip(cookies, started, strict=True)]
        try:
            await asyncio.gather(*(event.wait() for event in started))
            async with httpx.AsyncClient(base_url=base, timeout=60,
                                         cookies={"mh_session": cookies[0]}) as http:
                (await http.post(f"/api/tables/{table_id}/start")).raise_for_status()
            await asyncio.gather(*seats)
        finally:
            for task in seats:
                task.cancel()


# -- the heavy clients (another process) ------------------------------------------------------

async def hammer(base: str, routes: dict[str, str], clients: int, seconds: float,
                 address: str) -> dict[str, dict[str, Any]]:
    """``clients`` anonymous clients of one ``address`` (the server believes 127.0.0.1's
    X-Forwarded-For) fetching ``routes`` in turn for ``seconds``: per route the latencies in ms
    of the 200 answers, their bytes, the refusals for rate (429) and the failures."""
    served: dict[str, dict[str, Any]] = {name: {"ms": [], "bytes": 0, "errors": 0,
                                                "refused": 0} for name in routes}
    paths = list(routes.items())
    stop = time.monotonic() + seconds

    async def client(offset: int) -> None:
        async with httpx.AsyncClient(base_url=base, timeout=120,
                                     headers={"X-Forwarded-For": address}) as http:
            for turn in itertools.count(offset):
                if time.monotonic() >= stop:
                    return
                name, path = paths[turn % len(paths)]
                began = time.perf_counter()
                try:
                    response = await http.get(path)
                except httpx.HTTPError:
                    served[name]["errors"] += 1
                    continue
                if response.status_code == 429:
                    served[name]["refused"] += 1
                    continue
                if response.status_code != 200:
                    served[name]["errors"] += 1
                    continue
                served[name]["ms"].append(1000 * (time.perf_counter() - began))
                served[name]["bytes"] += len(response.content)

    await asyncio.gather(*(client(index) for index in range(clients)))
    return served


def hammer_process(base: str, routes: dict[str, str], clients: int, seconds: float,
                   address: str, pipe: Any) -> None:
    pipe.send("ready")
    pipe.recv()  # go
    pipe.send(asyncio.run(hammer(base, routes, clients, seconds, address)))


# -- the burner -------------------------------------------------------------------------------

def spin() -> None:
    while True:
        pass


@contextmanager
def burner(workers: int) -> Iterator[None]:
    """``workers`` CPU burners beside the server: ``stress -c``, else busy processes."""
    if not workers:
        yield
        return
    if shutil.which("stress"):
        stress = subprocess.Popen(["stress", "-c", str(workers)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            yield
        finally:
            os.killpg(stress.pid, signal.SIGTERM)  # its own group: stress and its workers
            stress.wait()
        return
    spinners = [multiprocessing.get_context("spawn").Process(target=spin, daemon=True)
                for _ in range(workers)]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.join()


# -- the phases -------------------------------------------------------------------------------

Mark = tuple[int, int, float, float]  # moves timed, errors, server CPU s, time.monotonic()


def mark(figures: Figures, pid: int) -> Mark:
    return len(figures.latencies), figures.errors, cpu_seconds(pid), time.monotonic()


def ms_figures(ms: list[float]) -> dict[str, float]:
    ms = ms or [float("nan")]
    return {"p50_ms": statistics.median(ms), "p99_ms": percentile(ms, 0.99)}


def phase_figures(figures: Figures, start: Mark, pid: int, table_cpu_rate: float,
                  served: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The moves timed since ``start``; with ``served``, the heavy requests and the server's CPU
    per request, less what the tables alone take (``table_cpu_rate``, CPU s per second)."""
    end = mark(figures, pid)
    ms = [1000 * value for value in figures.latencies[start[0]:end[0]]]
    elapsed, cpu = end[3] - start[3], end[2] - start[2]
    result: dict[str, Any] = {
        "seconds": elapsed, "moves": len(ms), **ms_figures(ms),
        "max_ms": max(ms, default=float("nan")), "errors": end[1] - start[1],
        "server_cpu_per_s": cpu / elapsed,
    }
    if served is not None:
        requests = sum(len(route["ms"]) for route in served.values())
        result |= {
            "requests": requests, "requests_per_s": requests / elapsed,
            "request_errors": sum(route["errors"] for route in served.values()),
            "refused_per_s": sum(route["refused"] for route in served.values()) / elapsed,
            "cpu_ms_per_request": 1000 * (cpu - table_cpu_rate * elapsed) / max(requests, 1),
            "routes": {name: {"requests": len(route["ms"]), **ms_figures(route["ms"]),
                              "bytes": route["bytes"] // max(len(route["ms"]), 1)}
                       for name, route in served.items()},
        }
    return result


async def pressure_phase(base: str, routes: dict[str, str], args: argparse.Namespace,
                         seconds: float, figures: Figures, pid: int,
                         table_cpu_rate: float) -> dict[str, Any]:
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    # Each phase's clients come from an address of their own (a fresh budget), none of them
    # the players' (127.0.0.1).
    address = f"203.0.113.{next(ATTACKERS)}"
    process = multiprocessing.get_context("spawn").Process(
        target=hammer_process, args=(base, routes, args.clients, seconds, address, theirs))
    process.start()
    await asyncio.to_thread(ours.recv)  # its imports are done
    start = mark(figures, pid)
    ours.send("go")
    served = await asyncio.to_thread(ours.recv)
    result = phase_figures(figures, start, pid, table_cpu_rate, served)
    process.join()
    return result


async def one_run(args: argparse.Namespace, run: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="http-pressure-") as folder:
        server = ServerProcess(Path(folder), args.database_url, port=args.port or free_port(),
                               http_limits=args.http_limits)
        server.start()
        try:
            assert server.process is not None
            return await measure(server.base, server.ws_base, server.process.pid, args, run)
        finally:
            server.stop()


async def measure(base: str, ws_base: str, pid: int, args: argparse.Namespace,
                  run: int) -> dict[str, Any]:
    load_before = os.getloadavg()[0]
    players = max(g["max_players"] for g in httpx.get(f"{base}/api/games").json()
                  if g["name"] == args.game)
    table_id, steps = long_finished_table(base, args.game, players)
    user = history_of_finished_tables(base, args.history)
    open_waiting_tables(base)
    routes = heavy_routes(table_id, user, args.game)
    replay = httpx.get(base + routes["replay"], timeout=120).content
    figures = Figures()
    rng = random.Random(run)
    tables = [asyncio.create_task(keep_playing(base, ws_base, figures, args.think,
                                               random.Random(rng.random())))
              for _ in range(args.tables)]
    phases: dict[str, dict[str, Any]] = {}
    try:
        await asyncio.sleep(args.warmup)
        with burner(args.burn):
            start = mark(figures, pid)
            await asyncio.sleep(args.seconds)
            phases["baseline"] = phase_figures(figures, start, pid, 0.0)
            rate = phases["baseline"]["server_cpu_per_s"]
            phases["pressure"] = await pressure_phase(base, routes, args, args.seconds,
                                                      figures, pid, rate)
            for name, path in routes.items() if args.route_seconds else ():
                phases[f"{name} only"] = await pressure_phase(
                    base, {name: path}, args, args.route_seconds, figures, pid, rate)
    finally:
        for task in tables:
            task.cancel()
        await asyncio.gather(*tables, return_exceptions=True)
    return {"game": args.game, "players": players, "steps": steps,
            "replay_bytes": len(replay), "load_average": [load_before, os.getloadavg()[0]],
            "phases": phases,
            "ratio": phases["pressure"]["p99_ms"] / phases["baseline"]["p99_ms"]}


# -- reporting --------------------------------------------------------------------------------

def medians(runs: list[Any]) -> Any:
    """The median of each number over runs of the same shape."""
    if isinstance(runs[0], dict):
        return {key: medians([run[key] for run in runs]) for key in runs[0]}
    if isinstance(runs[0], list):
        return [medians(list(values)) for values in zip(*runs, strict=True)]
    if isinstance(runs[0], (int, float)):
        return statistics.median(runs)
    return runs[0]


def report(title: str, run: dict[str, Any]) -> None:
    load = run["load_average"]
    print(f"{title}: {run['players']:.0f}-player {run['game']} replay with views "
          f"({run['steps']:.0f} steps) {run['replay_bytes']:,.0f} bytes; "
          f"load average {load[0]:.2f} -> {load[1]:.2f}")
    print(f"  {'phase':<18}{'seconds':>8}{'moves':>7}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}"
          f"{'errors':>7}{'heavy req/s':>12}{'CPU ms/req':>11}{'req p50':>9}{'req p99':>9}")
    for name, phase in run["phases"].items():
        heavy = (f"{phase['requests_per_s']:>12.1f}{phase['cpu_ms_per_request']:>11.1f}"
                 if "requests" in phase else f"{'-':>12}{'-':>11}")
        if len(phase.get("routes", ())) == 1:
            (route,) = phase["routes"].values()
            heavy += f"{route['p50_ms']:>9.1f}{route['p99_ms']:>9.1f}"
        print(f"  {name:<18}{phase['seconds']:>8.1f}{phase['moves']:>7.0f}"
              f"{phase['p50_ms']:>8.1f}{phase['p99_ms']:>8.1f}{phase['max_ms']:>8.1f}"
              f"{phase['errors']:>7.0f}{heavy}")
    pressure = run["phases"]["pressure"]
    print(f"  pressure per route ({pressure['request_errors']:.0f} failed requests, "
          f"{pressure['refused_per_s']:.0f} refused for rate a second):")
    print(f"    {'route':<14}{'requests':>9}{'p50 ms':>9}{'p99 ms':>9}{'bytes':>11}")
    for name, route in pressure["routes"].items():
        print(f"    {name:<14}{route['requests']:>9.0f}{route['p50_ms']:>9.1f}"
              f"{route['p99_ms']:>9.1f}{route['bytes']:>11,.0f}")
    print(f"  p99 under pressure / p99 without = {run['ratio']:.2f} (target <= 2.00)")


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=20,
                        help="length of the baseline and of the pressure phase "
                        "(default: %(default)s)")
    parser.add_argument("--route-seconds", type=float, default=5,
                        help="length of each one-route phase; 0 skips them "
                        "(default: %(default)s)")
    parser.add_argument("--tables", type=int, default=12,
                        help="two-player Yaxha tables kept playing (default: %(default)s)")
    parser.add_argument("--think", type=float, default=1.5,
                        help="mean think time of a move in seconds, exponential "
                        "(default: %(default)s)")
    parser.add_argument("--clients", type=int, default=4,
                        help="anonymous HTTP clients fetching the heavy routes "
                        "(default: %(default)s)")
    parser.add_argument("--burn", type=int, nargs="?", const=2, default=0, metavar="N",
                        help="N CPU burners beside the server through every phase "
                        "(stress -c N; N is 2 when not given)")
    parser.add_argument("--game", default="pyramido",
                        help="the long finished game, played by as many level-1 bots as it "
                        "seats (default: %(default)s)")
    parser.add_argument("--history", type=int, default=30,
                        help="finished tables in the guest's history (default: %(default)s)")
    parser.add_argument("--warmup", type=float, default=5,
                        help="seconds of play before the baseline (default: %(default)s)")
    parser.add_argument("--database-url",
                        help="the server's database, e.g. postgresql+psycopg://... of an "
                        "empty database (default: SQLite in a temporary folder)")
    parser.add_argument("--port", type=int, default=0,
                        help="the server's port (default: a free one)")
    parser.add_argument("--runs", type=int, default=1,
                        help="runs, each on a new server (default: %(default)s)")
    parser.add_argument("--no-http-limits", dest="http_limits", action="store_false",
                        help="serve without the per-address HTTP rate limits (as before them)")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as JSON instead of tables")
    args = parser.parse_args()
    if not args.json:
        print(f"{args.tables} two-player Yaxha tables, think {args.think:g}s (exponential), "
              f"{args.clients} heavy clients, {args.burn} burners, phases of {args.seconds:g}s "
              f"and {args.route_seconds:g}s a route, cores {os.cpu_count()}")
    runs = []
    for run in range(args.runs):
        runs.append(await one_run(args, run))
        if not args.json:
            report(f"run {run + 1}", runs[-1])
    if args.json:
        print(json.dumps({"settings": vars(args), "runs": runs, "medians": medians(runs)},
                         indent=1))
    elif args.runs > 1:
        report(f"medians of {args.runs} runs", medians(runs))


if __name__ == "__main__":
    asyncio.run(main())
