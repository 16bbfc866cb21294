"""Play now benchmark: 1,000 people queue over a minute; how long until each is seated, and
how far apart the ratings at each table are.

Starts a real ``meeplehall serve`` on a fresh SQLite database (limits off: every client is on
this machine), then --people guests arrive evenly over --seconds, each with an OpenSkill rating
drawn from a normal law (written into the database before they queue, as if they had played),
and queue for a random game, speed and table size (half "2 players", a third "any", the rest
3 or 4). The hall matches them once a second. When the queue is empty (or --patience seconds
after the last arrival), the seat times (table start minus queue time) and each table's rating
spread (highest minus lowest ordinal) are read from the database.

    nice python bench/playnow.py                  # 1,000 people over 60 s, 3 runs
    nice python bench/playnow.py --people 300 --runs 1

Prints p50/p99/max seat time, the share seated, and the spread p50/p90/max per run, then the
medians over the runs. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.live_server import ServerProcess

GAMES = ("yaxha", "pyramido", "monsterhex")
SIGMA = 25 / 3


def wish(rng: random.Random) -> dict[str, object]:
    roll = rng.random()
    players = 2 if roll < 0.5 else None if roll < 0.83 else rng.choice((3, 4))
    return {"game": rng.choice(GAMES), "players": players,
            "mode": "live" if rng.random() < 0.8 else "turn"}


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


#: People arriving at once at most (each with its own connection and cookies): a busy machine
#: answers late, and the arrivals wait their turn rather than pile up sockets.
AT_ONCE = 32


#: Connections the server dropped under load, tried again (printed with the figures).
dropped = 0


async def post(person: httpx.AsyncClient, path: str, body: dict[str, object]) -> httpx.Response:
    """POST, trying again (up to 5 times) when a loaded server drops the connection."""
    global dropped
    for attempt in range(5):
        try:
            return await person.post(path, json=body)
        except httpx.TransportError:
            dropped += 1
            await asyncio.sleep(0.2 * 2 ** attempt)
    return await person.post(path, json=body)


async def arrive(base: str, db: Path, index: int, rng: random.Random,
                 gate: asyncio.Semaphore) -> None:
    async with gate, httpx.AsyncClient(base_url=base, timeout=120) as person:
        user = (await post(person, "/api/auth/guest", {"name": f"b{index}"})).json()
        ordinal = rng.gauss(10.0, 6.0)
        body = wish(rng)
        with sqlite3.connect(db, timeout=30) as connection:
            connection.execute("INSERT INTO ratings (user_id, game, mu, sigma, games) "
                               "VALUES (?, ?, ?, ?, 10)",
                               (user["id"], body["game"], ordinal + 3 * SIGMA, SIGMA))
        answer = await post(person, "/api/playnow", body)
        answer.raise_for_status()


async def crowd(server: ServerProcess, db: Path, people: int, seconds: float,
                seed: int) -> None:
    rng = random.Random(seed)
    gate = asyncio.Semaphore(AT_ONCE)
    started = time.monotonic()
    tasks = []
    for index in range(people):
        delay = started + index * seconds / people - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        person = random.Random(rng.random())
        tasks.append(asyncio.create_task(arrive(server.base, db, index, person, gate)))
    await asyncio.gather(*tasks)


def waiting(db: Path) -> int:
    with sqlite3.connect(db, timeout=30) as connection:
        count: int = connection.execute(
            "SELECT count(*) FROM queue_entries WHERE table_id IS NULL").fetchone()[0]
    return count


def figures(db: Path) -> dict[str, float]:
    with sqlite3.connect(db, timeout=30) as connection:
        rows = connection.execute(
            "SELECT q.table_id, t.started_at - q.joined_at, q.rating FROM queue_entries q "
            "LEFT JOIN tables t ON t.id = q.table_id").fetchall()
    seat_times = [wait for table, wait, _ in rows if table is not None]
    spreads: dict[int, list[float]] = {}
    for table, _, rating in rows:
        if table is not None:
            spreads.setdefault(table, []).append(rating)
    gaps = [max(r) - min(r) for r in spreads.values() if len(r) > 1]
    return {"seated": len(seat_times) / len(rows), "p50": quantile(seat_times, 0.5),
            "p99": quantile(seat_times, 0.99), "max": max(seat_times),
            "gap_p50": quantile(gaps, 0.5), "gap_p90": quantile(gaps, 0.9), "gap_max": max(gaps),
            "tables": len(spreads)}


def run(people: int, seconds: float, patience: float, seed: int) -> dict[str, float]:
    data = Path(tempfile.mkdtemp(prefix="bench-playnow-"))
    server = ServerProcess(data, extra=["--playnow-absent-seconds", "3600"])
    server.start()
    try:
        db = data / "meeplehall.db"
        asyncio.run(crowd(server, db, people, seconds, seed))
        until = time.monotonic() + patience
        while waiting(db) and time.monotonic() < until:
            time.sleep(1)
        return figures(db)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--patience", type=float, default=60.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results = []
    for number in range(args.runs):
        result = run(args.people, args.seconds, args.patience, seed=number)
        results.append(result)
        print(f"run {number + 1}: seated {result['seated']:.1%} at {result['tables']:.0f} tables; "
              f"seat time p50 {result['p50']:.1f} s, p99 {result['p99']:.1f} s, "
              f"max {result['max']:.1f} s; rating spread p50 {result['gap_p50']:.2f}, "
              f"p90 {result['gap_p90']:.2f}, max {result['gap_max']:.2f}; "
              f"connections dropped and tried again so far: {dropped}", flush=True)
    keys = ("seated", "p50", "p99", "max", "gap_p50", "gap_p90", "gap_max")
    print("medians:", ", ".join(f"{key} {statistics.median(r[key] for r in results):.3g}"
                                for key in keys))


if __name__ == "__main__":
    main()
