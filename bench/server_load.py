"""Load benchmark for a running ``meeplehall serve``: N tables of bot-played games over real
WebSockets. Each seat is a client that answers its updates with a random legal move (after an
optional think time); the latency measured is from sending an act to receiving the sender's own
update for it. Each round sets up N tables (not timed), connects every seat, starts them all
and plays them to the end (or for --seconds); only moves are timed.

    meeplehall serve --data-dir /tmp/load --no-creation-limits --no-socket-limits &
    python bench/server_load.py --tables 200 --seats 4 --seconds 30

Every client comes from one address, hence the server's per-address limits turned off.
Prints moves per second and p50/p90/p99/max latency. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

#: The game docs/server.md quotes the figures of (Yaxha, 4 seats a table).
DEFAULT_GAME = "yaxha"


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    #: When each timed move was sent (``time.time()``: comparable across client processes).
    sent: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    errors: int = 0

    def add(self, other: Figures) -> None:
        self.latencies += other.latencies
        self.sent += other.sent
        self.moves += other.moves
        self.games += other.games
        self.errors += other.errors


def guest(http: httpx.AsyncClient, name: str) -> Any:
    return http.post("/api/auth/guest", json={"name": name})


async def new_table(base: str, game: str, seats: int, options: dict[str, Any]
                    ) -> tuple[int, list[str]]:
    """A table with a new guest in each seat; the seats' session cookies.

    One client signs them in one after the other (making a client per guest costs more CPU
    than the server spends on the guest)."""
    cookies = []
    table_id = 0
    async with httpx.AsyncClient(base_url=base, timeout=60,
                                 limits=httpx.Limits(keepalive_expiry=1.0)) as http:
        for seat in range(seats):
            http.cookies.clear()
            (await guest(http, f"load{seat}")).raise_for_status()
            if seat == 0:
                response = await http.post("/api/tables", json={
                    "game": game, "players": seats, "seat": 0, "options": options,
                    "mode": "live", "initial_seconds": 3600})
                response.raise_for_status()
                table_id = response.json()["id"]
            else:
                (await http.post(f"/api/tables/{table_id}/join",
                                 json={"seat": seat})).raise_for_status()
            cookies.append(http.cookies["mh_session"])
    return table_id, cookies


def uniform_think(rng: random.Random, mean: float) -> float:
    """A think time drawn uniformly from 0 to twice ``mean``."""
    return rng.uniform(0, 2 * mean)


@dataclass
class Deadline:
    """When the seats stop (``time.monotonic()``): set only once the tables start, as opening
    ten thousand sockets takes a while and must not eat into the time played."""

    at: float = math.inf

    def on(self, loop: asyncio.AbstractEventLoop) -> float | None:
        """The deadline on ``loop``'s clock; None (no timeout) while it is not set."""
        return None if math.isinf(self.at) else loop.time() + (self.at - time.monotonic())


async def seat_client(ws_base: str, table_id: int, cookie: str, figures: Figures,
                      think: float, deadline: Deadline, started: asyncio.Event,
                      rng: random.Random,
                      pause: Callable[[random.Random, float], float] = uniform_think) -> None:
    """One seat until ``deadline`` or the game's end; before each move it thinks
    ``pause(rng, think)`` seconds.

    At the deadline a seat with no move of its own in flight stops at once, even while it waits
    for the others (a seat whose turn never comes back would otherwise wait for ever); a seat
    with a move in flight waits for its update first, so every move sent is timed.
    """
    url = f"{ws_base}/ws/tables/{table_id}"
    loop = asyncio.get_running_loop()
    try:
        # A busy machine may take a while to open thousands of sockets: more than 10 s.
        # No pings of its own: on a loaded machine a pong late by 20 s would end the seat,
        # and the server's pings already keep the socket honest.
        socket = await connect(url, additional_headers={"Cookie": f"mh_session={cookie}"},
                               max_size=None, open_timeout=120, ping_interval=None)
    except (OSError, TimeoutError, InvalidHandshake):
        figures.errors += 1  # counted, and the round goes on without this seat
        return
    finally:
        started.set()
    async with socket:
        sent_at: float | None = None
        try:
            async with asyncio.timeout_at(deadline.on(loop)) as waiting:
                async for text in socket:
                    message = json.loads(text)
                    kind = message["type"]
                    if kind == "error":
                        figures.errors += 1
                        sent_at = None
                    if sent_at is None:  # nothing in flight: the deadline holds
                        waiting.reschedule(deadline.on(loop))
                    if kind not in ("update", "sync"):
                        continue
                    now = time.perf_counter()
                    mine = message.get("last", {}).get("seat") == message["seat"]
                    if sent_at is not None and mine:
                        figures.latencies.append(now - sent_at)
                        figures.sent.append(time.time() - (now - sent_at))
                        figures.moves += 1
                        sent_at = None
                        waiting.reschedule(deadline.on(loop))
                    if message["status"] == "finished":
                        return
                    required = message["seat"] in message["to_move"]  # not optional moves
                    if (message["legal"] and required and sent_at is None
                            and time.monotonic() < deadline.at):
                        if think:
                            await asyncio.sleep(pause(rng, think))
                        waiting.reschedule(None)  # its own update is awaited past the deadline
                        sent_at = time.perf_counter()
                        await socket.send(json.dumps({
                            "type": "act", "seq": message["seq"],
                            "action": rng.choice(message["legal"])}))
                    if time.monotonic() >= deadline.at:
                        return
        except TimeoutError:
            return


async def one_round(base: str, ws_base: str, game: str, args: argparse.Namespace,
                    options: dict[str, Any], figures: Figures, seed: int,
                    connected: Callable[[], Awaitable[None]] | None = None) -> float:
    """Set up every table (not timed), then play them all at once; returns the playing time.

    ``connected`` is awaited once every seat's socket is open, before the tables start: the
    client processes of bench/load_clients.py wait there for each other."""
    setup_slots = asyncio.Semaphore(8)

    async def setup(index: int) -> tuple[int, list[str]]:
        async with setup_slots:
            return await new_table(base, game, args.seats, options)

    tables = await asyncio.gather(*(setup(i) for i in range(args.tables)))
    rng = random.Random(seed)
    deadline = Deadline()

    def seats_of(table_id: int, cookies: list[str]) -> tuple[list[asyncio.Event],
                                                            list[asyncio.Task[None]]]:
        opened = [asyncio.Event() for _ in cookies]
        return opened, [asyncio.create_task(seat_client(
            ws_base, table_id, cookie, figures, args.think, deadline, event,
            random.Random(rng.random()))) for cookie, event in zip(cookies, opened, strict=True)]

    first = [seats_of(table_id, cookies) for table_id, cookies in tables]
    await asyncio.gather(*(event.wait() for opened, _ in first for event in opened))
    if connected is not None:
        await connected()
    began = time.monotonic()
    deadline.at = began + args.ramp + args.seconds
    # Idle connections are let go before the server's keep-alive timeout (uvicorn's 5 s) can
    # close one under a request sent on it after a pause in the ramp.
    async with httpx.AsyncClient(base_url=base, timeout=60,
                                 limits=httpx.Limits(keepalive_expiry=1.0)) as http:

        async def start(table_id: int, owner: str) -> None:
            async with setup_slots:
                (await http.post(f"/api/tables/{table_id}/start",
                                 headers={"Cookie": f"mh_session={owner}"})).raise_for_status()

        async def table_slot(index: int) -> None:
            """The slot's first table, started in its turn over the ramp (in a hall, games do
            not all begin in the same second); with --again, new tables until the deadline."""
            (table_id, cookies), (_, seats) = tables[index], first[index]
            await asyncio.sleep(args.ramp * index / len(tables))
            await start(table_id, cookies[0])
            await asyncio.gather(*seats)
            figures.games += 1
            while args.again and time.monotonic() < deadline.at:
                try:
                    table_id, cookies = await setup(index)
                    opened, seats = seats_of(table_id, cookies)
                    await asyncio.gather(*(event.wait() for event in opened))
                    await start(table_id, cookies[0])
                except httpx.HTTPError:  # counted; the slot tries again (a soak goes on)
                    figures.errors += 1
                    await asyncio.sleep(1)
                    continue
                await asyncio.gather(*seats)
                figures.games += 1

        await asyncio.gather(*(table_slot(index) for index in range(len(tables))))
    return time.monotonic() - began


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def print_windows(figures: Figures, seconds: float) -> None:
    """p50 and p99 of the moves sent in each window of ``seconds`` from the first move."""
    first = min(figures.sent)
    windows: dict[int, list[float]] = {}
    for sent, latency in zip(figures.sent, figures.latencies, strict=True):
        windows.setdefault(int((sent - first) // seconds), []).append(1000 * latency)
    for index, ms in sorted(windows.items()):
        print(f"  {index * seconds:>5.0f}-{(index + 1) * seconds:<5.0f}s  {len(ms):>6} moves  "
              f"p50 {statistics.median(ms):7.1f} ms  p99 {percentile(ms, 0.99):7.1f} ms  "
              f"max {max(ms):7.1f} ms")


def add_round_arguments(parser: argparse.ArgumentParser, tables: int, seconds: float) -> None:
    """What one round plays (one_round's ``args``): also bench/scale_out_load.py's options."""
    parser.add_argument("--game", default=DEFAULT_GAME,
                        help=f"the game to play (default: {DEFAULT_GAME}, the game of the "
                        "figures in docs/server.md and docs/deploy.md)")
    parser.add_argument("--tables", type=int, default=tables,
                        help="tables played at once in each round (default: %(default)s)")
    parser.add_argument("--seats", type=int, default=4,
                        help="seats per table, each its own WebSocket client "
                        "(default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=seconds,
                        help="longest playing time of one round, in seconds "
                        "(default: %(default)s)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean think time per move in seconds, drawn uniformly from 0 to "
                        "twice this (default: %(default)s)")
    parser.add_argument("--ramp", type=float, default=0.0, metavar="SECONDS",
                        help="start the tables one after the other over this many seconds, "
                        "before the --seconds of play (default: all at once)")
    parser.add_argument("--again", action="store_true",
                        help="a table whose game ends is followed by a new one with new "
                        "players, so the hall stays as full until the end (for a soak)")
    parser.add_argument("--client-processes", type=int, default=2,
                        help="processes the load client runs in, the tables shared out "
                        "between them (default: %(default)s)")


async def main() -> None:
    # The whole docstring, not its first line cut mid-sentence, and every option explained.
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", default="http://127.0.0.1:8000",
                        help="the running server's address (default: %(default)s)")
    add_round_arguments(parser, tables=200, seconds=30)
    parser.add_argument("--window", type=float, default=0.0, metavar="SECONDS",
                        help="also print p50 and p99 per window of this many seconds of play "
                        "(default: none)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds, each setting up --tables new tables and playing them "
                        "(default: %(default)s)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, its value as JSON (e.g. objectives=true); "
                        "repeatable")
    args = parser.parse_args()
    base = args.url.rstrip("/")
    ws_base = base.replace("http", "ws", 1)
    games = httpx.get(f"{base}/api/games").json()
    game = args.game
    known = {g["name"]: g for g in games}
    if game not in known:
        parser.error(f"no game {game!r} on this server; it has {', '.join(sorted(known))}")
    if not known[game]["min_players"] <= args.seats <= known[game]["max_players"]:
        parser.error(f"{game} seats {known[game]['min_players']} to "
                     f"{known[game]['max_players']}, not {args.seats}")
    options = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    # Here, not at the top: bench/load_clients.py imports this module's round.
    from load_clients import Played, play_in_processes

    played = Played()
    for round_number in range(args.rounds):
        one = await play_in_processes(base, ws_base, game, args, options, round_number)
        played.figures.add(one.figures)
        played.elapsed += one.elapsed
        played.client_cpu += one.client_cpu
    figures, elapsed = played.figures, played.elapsed
    if not figures.latencies:
        print("no moves were made")
        return
    ms = [value * 1000 for value in figures.latencies]
    print(f"game {game}: {args.tables} tables x {args.seats} seats "
          f"({args.tables * args.seats} sockets), think {args.think}s, "
          f"{args.rounds} round(s), {elapsed:.1f}s of play")
    print(f"moves: {figures.moves}  ({figures.moves / elapsed:.0f} moves/s), "
          f"games: {figures.games}, errors: {figures.errors}")
    print(f"latency send->own update: p50 {statistics.median(ms):.1f} ms, "
          f"p90 {percentile(ms, 0.9):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
          f"max {max(ms):.1f} ms")
    if args.window:
        print_windows(figures, args.window)
    print(f"load client: {len(played.client_cpu) // args.rounds} processes, CPU "
          f"{sum(played.client_cpu) / elapsed:.2f} cores over the play")


if __name__ == "__main__":
    asyncio.run(main())
