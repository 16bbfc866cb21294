"""Chat benchmark: how long a table chat message takes to reach everyone at a busy table.

Starts a real ``meeplehall serve`` (SQLite in a temporary folder, the per-user chat limit raised
so one speaker can send back to back), opens a two-player Yaxha table with N spectator sockets,
and has seat 0 send messages one at a time: for each, the time from sending it to the sender's
own copy (stored, then sent out) and to the moment the last socket of the table has it.

    python bench/chat.py                         # 3 runs, 200 messages, 30 spectators
    python bench/chat.py --runs 5 --messages 500 --spectators 60

Prints p50/p99 per run and the median over runs. This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from flood import free_port, start_server


def guest(base: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=30)
    client.post("/api/auth/guest", json={"name": name}).raise_for_status()
    return client


async def socket_of(port: int, table: int, client: httpx.Client | None) -> ClientConnection:
    cookie = client.cookies.get("mh_session") if client is not None else None
    headers = {"Cookie": f"mh_session={cookie}"} if cookie else {}
    ws = await connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", additional_headers=headers,
                       max_size=None)
    while json.loads(await ws.recv())["type"] != "chat_log":
        pass
    return ws


async def next_chat(ws: ClientConnection, text: str) -> float:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "chat" and message["message"]["text"] == text:
            return time.perf_counter()


async def one_run(port: int, messages: int, spectators: int) -> tuple[list[float], list[float]]:
    base = f"http://127.0.0.1:{port}"
    alice, bob = guest(base, "alice"), guest(base, "bob")
    table = alice.post("/api/tables", json={"game": "yaxha", "players": 2, "seat": 0}).json()
    bob.post(f"/api/tables/{table['id']}/join", json={"seat": 1}).raise_for_status()
    speaker = await socket_of(port, table["id"], alice)
    others = [await socket_of(port, table["id"], bob)]
    others += [await socket_of(port, table["id"], None) for _ in range(spectators)]
    own: list[float] = []
    everyone: list[float] = []
    for n in range(messages):
        text = f"message {n}"
        sent = time.perf_counter()
        await speaker.send(json.dumps({"type": "chat", "text": text}))
        arrivals = await asyncio.gather(next_chat(speaker, text),
                                        *(next_chat(ws, text) for ws in others))
        own.append((arrivals[0] - sent) * 1000)
        everyone.append((max(arrivals) - sent) * 1000)
    for ws in [speaker, *others]:
        await ws.close()
    alice.close()
    bob.close()
    return own, everyone


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--spectators", type=int, default=30)
    args = parser.parse_args()
    rows: list[tuple[float, float, float, float]] = []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            port = free_port()
            server = start_server(Path(folder), port, [
                "--no-socket-limits", "--chat-burst", "100000", "--chat-rate", "100000"])
            try:
                own, everyone = asyncio.run(one_run(port, args.messages, args.spectators))
            finally:
                server.terminate()
                server.wait(10)
        row = (statistics.median(own), percentile(own, 0.99),
               statistics.median(everyone), percentile(everyone, 0.99))
        rows.append(row)
        print(f"run {run + 1}: own copy p50 {row[0]:.2f} ms p99 {row[1]:.2f} ms; "
              f"all {args.spectators + 2} sockets p50 {row[2]:.2f} ms p99 {row[3]:.2f} ms")
    medians = [statistics.median(column) for column in zip(*rows, strict=True)]
    print(f"median of {args.runs} runs: own copy p50 {medians[0]:.2f} ms p99 {medians[1]:.2f} ms;"
          f" all sockets p50 {medians[2]:.2f} ms p99 {medians[3]:.2f} ms")


if __name__ == "__main__":
    main()
