"""Bot queue benchmark: how long another user's bots take to reply while one user crowds the pool.

Starts a real ``meeplehall serve`` (default bot workers, on a fresh SQLite database in a temporary
folder), lets one user open --crowd tables of level-3 bots only (the caps raised so it can) and
start them all, then a second user plays tables against one bot of each --levels level: the
figure is the bot's reply latency, from sending the move that hands it the turn to receiving the
bot's first move, over --replies replies per level.

    nice python bench/bot_queue.py                    # 12 crowding tables, levels 1 and 2
    nice python bench/bot_queue.py --crowd 0          # the same with nobody crowding
    nice python bench/bot_queue.py --levels 1,2,3 --runs 3
    nice python bench/bot_queue.py --crowd 10 --crowd-guests 10 --player-address 127.0.0.2 \
        --levels 3                                    # ten guests of one address crowd it

    nice python bench/bot_queue.py --crowd 0 --analyses 4 --levels 1,2,3
                                                      # while 4 analyses run in the background

With --analyses N, N guests each have a finished table of level-1 bots analysed (at
--analysis-iterations a decision) while the player is timed: the analysis lane must not slow
the live bots; the figures print how far the analyses got meanwhile.

With --crowd-guests the crowding tables are opened by that many guests (one address, 127.0.0.1)
in turn; --player-address is the loopback address the timed player connects from.

Prints p50/p99/max per level and run, then the medians over the runs. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(data_dir: Path, crowd: int,
                 analysis_iterations: int = 200) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    caps = str(max(crowd, 1) + 2)
    command = [
        sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
        "--port", str(port), "--data-dir", str(data_dir), "--no-creation-limits",
        "--no-http-limits",
        "--max-bot-only-tables", caps, "--max-strong-bot-tables", caps,
        # The queue's own delay is the figure: no human pace added to the bot's answer.
        "--bot-move-delay", "0",
        "--analysis-iterations", str(analysis_iterations),
    ]
    log = open(data_dir / "server.log", "ab")  # noqa: SIM115 - the child keeps it
    process = subprocess.Popen(command, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit((data_dir / "server.log").read_text())
        try:
            if httpx.get(f"{base}/api/bots", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start in 60 seconds")


async def guest(base: str, name: str, address: str = "127.0.0.1") -> httpx.AsyncClient:
    """A guest whose requests come from ``address`` (any loopback address reaches the server)."""
    http = httpx.AsyncClient(base_url=base, timeout=60,
                             transport=httpx.AsyncHTTPTransport(local_address=address))
    (await http.post("/api/auth/guest", json={"name": name})).raise_for_status()
    return http


async def crowd_tables(base: str, game: str, count: int, guests: int) -> list[httpx.AsyncClient]:
    """``count`` level-3 bots-only tables, opened in turn by ``guests`` guests of one address."""
    crowd = [await guest(base, f"crowd {n}") for n in range(max(1, guests))]
    for number in range(count):
        http = crowd[number % len(crowd)]
        response = await http.post("/api/tables", json={
            "game": game, "players": 2, "seat": None,
            "bots": [{"seat": 0, "level": 3}, {"seat": 1, "level": 3}]})
        response.raise_for_status()
        (await http.post(f"/api/tables/{response.json()['id']}/start")).raise_for_status()
    return crowd


async def start_analyses(base: str, game: str, count: int) -> list[tuple[httpx.AsyncClient, int]]:
    """``count`` guests, each with a finished table of level-1 bots, each asking for its
    analysis (one per person, the hall's cap permitting)."""
    analysts = []
    for number in range(count):
        http = await guest(base, f"analyst {number}")
        response = await http.post("/api/tables", json={
            "game": game, "players": 2, "seat": None,
            "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]})
        response.raise_for_status()
        table_id = response.json()["id"]
        (await http.post(f"/api/tables/{table_id}/start")).raise_for_status()
        while (await http.get(f"/api/tables/{table_id}")).json()["status"] != "finished":
            await asyncio.sleep(0.2)
        (await http.post(f"/api/tables/{table_id}/analysis")).raise_for_status()
        analysts.append((http, table_id))
    return analysts


async def analyses_state(analysts: list[tuple[httpx.AsyncClient, int]]) -> str:
    statuses, done, total = [], 0, 0
    for http, table_id in analysts:
        document = (await http.get(f"/api/tables/{table_id}/analysis")).json()
        statuses.append(document["status"])
        done += document["progress"]["done"]
        total += document["progress"]["total"]
    return f"analyses {sorted(statuses)}, {done}/{total} log entries analysed"


async def play_against(base: str, ws_base: str, http: httpx.AsyncClient, game: str,
                       level: int, wanted: int, rng: random.Random,
                       think: float, address: str) -> list[float]:
    """Play seat 0 against a bot of ``level`` until ``wanted`` replies were timed."""
    replies: list[float] = []
    while len(replies) < wanted:
        response = await http.post("/api/tables", json={
            "game": game, "players": 2, "seat": 0, "mode": "turn",
            "bots": [{"seat": 1, "level": level}]})
        response.raise_for_status()
        table_id = response.json()["id"]
        cookie = http.cookies["mh_session"]
        async with connect(f"{ws_base}/ws/tables/{table_id}",
                           additional_headers={"Cookie": f"mh_session={cookie}"},
                           max_size=None, local_addr=(address, 0)) as ws:
            (await http.post(f"/api/tables/{table_id}/start")).raise_for_status()
            sent_at: dict[int, float] = {}  # seq acted on -> when
            handed_over: float | None = None
            last_act = ""
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "error" and message.get("code") == "rate_limited":
                    # The table socket allows some 20 messages a second: send it again.
                    await asyncio.sleep(0.5)
                    sent_at[json.loads(last_act)["seq"]] = time.perf_counter()
                    await ws.send(last_act)
                    continue
                if message["type"] not in ("update", "sync"):
                    continue
                last = message.get("last") or {}
                now = time.perf_counter()
                if last.get("seat") == 1 and handed_over is not None:
                    replies.append(now - handed_over)
                    handed_over = None
                if last.get("seat") == 0 and 1 in message["to_move"]:
                    handed_over = sent_at.get(message["seq"] - 1, now)
                if message["status"] == "finished" or len(replies) >= wanted:
                    break
                if 0 in message["to_move"] and message["legal"]:
                    await asyncio.sleep(think)  # a quick person, within the socket's rate
                    sent_at[message["seq"]] = time.perf_counter()
                    last_act = json.dumps({"type": "act", "seq": message["seq"],
                                           "action": rng.choice(message["legal"])})
                    await ws.send(last_act)
    return replies[:wanted]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def one_run(args: argparse.Namespace, levels: list[int], run: int) -> dict[int, list[float]]:
    with tempfile.TemporaryDirectory(prefix="bot-queue-") as folder:
        process, base = start_server(Path(folder), args.crowd, args.analysis_iterations)
        ws_base = base.replace("http", "ws", 1)
        try:
            analysts = await start_analyses(base, args.game, args.analyses)
            if analysts:
                print(f"run {run + 1} before: {await analyses_state(analysts)}")
            crowd = await crowd_tables(base, args.game, args.crowd, args.crowd_guests)
            await asyncio.sleep(1)  # the crowd's first decisions are queued and under way
            player = await guest(base, "player", args.player_address)
            rng = random.Random(run)
            figures = {}
            for level in levels:
                figures[level] = await play_against(base, ws_base, player, args.game, level,
                                                    args.replies, rng, args.think,
                                                    args.player_address)
            if analysts:
                print(f"run {run + 1} after: {await analyses_state(analysts)}")
            for http in [*crowd, *(analyst for analyst, _table in analysts)]:
                await http.aclose()
            await player.aclose()
            return figures
        finally:
            process.terminate()
            process.wait(30)


def line(label: str, values: list[float]) -> str:
    ms = [value * 1000 for value in values]
    return (f"{label}: p50 {statistics.median(ms):8.1f} ms  p99 {percentile(ms, 0.99):8.1f} ms  "
            f"max {max(ms):8.1f} ms  ({len(ms)} replies)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pyramido", help="a game played in turns")
    parser.add_argument("--crowd", type=int, default=12,
                        help="bots-only level-3 tables the crowding user runs")
    parser.add_argument("--crowd-guests", type=int, default=1,
                        help="guests of one address (127.0.0.1) who open the crowd's tables")
    parser.add_argument("--player-address", default="127.0.0.1",
                        help="loopback address the timed player connects from")
    parser.add_argument("--analyses", type=int, default=0,
                        help="analyses of finished games running while the player is timed")
    parser.add_argument("--analysis-iterations", type=int, default=200,
                        help="the server's analysis budget (iterations a decision)")
    parser.add_argument("--levels", default="1,2", help="bot levels to time, comma-separated")
    parser.add_argument("--replies", type=int, default=30, help="replies timed per level")
    parser.add_argument("--runs", type=int, default=3, help="fresh servers, for medians")
    parser.add_argument("--think", type=float, default=0.1,
                        help="seconds the person takes per move (not part of the figures)")
    args = parser.parse_args()
    levels = [int(level) for level in args.levels.split(",")]
    print(f"{args.game}: {args.crowd} crowding level-3 tables of {args.crowd_guests} guest(s) "
          f"at 127.0.0.1, the player at {args.player_address}, default bot workers, "
          f"{args.replies} replies per level, {args.runs} run(s)")
    runs = []
    for run in range(args.runs):
        figures = await one_run(args, levels, run)
        runs.append(figures)
        for level in levels:
            print(line(f"run {run + 1} level {level}", figures[level]))
    if args.runs > 1:
        for level in levels:
            p50 = statistics.median(statistics.median(r[level]) for r in runs) * 1000
            p99 = statistics.median(percentile(r[level], 0.99) for r in runs) * 1000
            print(f"median of runs, level {level}: p50 {p50:.1f} ms, p99 {p99:.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
