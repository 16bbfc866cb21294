"""What an operator's tools read: /healthz and /readyz answer, /metrics (Prometheus text,
scraped and parsed) counts the moves, their latency, refusals by code, sockets, live tables and
the bot queue as they happen, holds no secret, and answers only to the addresses allowed."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import psycopg
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.server.client import Player, advance, open_table
from tests.server.inprocess import InProcessServer


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    server = InProcessServer(tmp_path_factory.mktemp("ops"), creation_limits=False,
                             socket_limits=False)
    server.start()
    yield server
    server.stop()


def scrape(base: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics, by name and labels."""
    response = httpx.get(f"{base}/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_health_and_readiness_answer_while_the_database_is_there(hall: InProcessServer) -> None:
    assert httpx.get(f"{hall.base}/healthz").json() == {"status": "ok"}
    ready = httpx.get(f"{hall.base}/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ok"}


async def _play_and_refuse(hall: InProcessServer) -> tuple[int, str, list[str]]:
    session = await open_table(hall.base, hall.ws_base, "yaxha", 2)
    await advance(session, random.Random(3), 6)
    room = hall.call(lambda: hall.manager.rooms[session.id])
    # The public steps: secret ones are not counted (test_metrics_secret_moves.py).
    moves = hall.call(lambda: room.match.seq_for(None) if room.match is not None else 0)
    # A refusal on the socket (an act for a seq long gone) and one over HTTP (no such table).
    await session.sockets[0].send({"type": "act", "seq": -5, "action": {"type": "confirm"}})
    await session.sockets[0].expect("error")
    assert session.people[0].http.get("/api/tables/999999").status_code == 404
    assert session.people[0].http.post("/api/tables", json={}).status_code == 422
    during = httpx.get(f"{hall.base}/metrics").text
    seed = room.record.seed.hex()
    names = [person.user["name"] for person in session.people]
    await session.close()
    return moves, seed, [during, *names]


def test_metrics_count_moves_latency_refusals_sockets_and_tables_and_keep_secrets(
    hall: InProcessServer,
) -> None:
    before = scrape(hall.base)
    moves, seed, (text, *names) = asyncio.run(_play_and_refuse(hall))
    after = scrape(hall.base)
    played = (value(after, "meeplehall_moves_total", game="yaxha", mover="person")
              - value(before, "meeplehall_moves_total", game="yaxha", mover="person"))
    assert played == moves > 0
    timed = (value(after, "meeplehall_move_seconds_count", game="yaxha")
             - value(before, "meeplehall_move_seconds_count", game="yaxha"))
    assert timed == moves
    assert value(after, "meeplehall_move_seconds_bucket", game="yaxha", le="+Inf") >= moves
    assert value(after, "meeplehall_errors_total", channel="http", code="no_table") >= 1
    assert value(after, "meeplehall_errors_total", channel="http", code="invalid_request") >= 1
    refused_ws = [key for key, count in after.items()
                  if key[0] == "meeplehall_errors_total" and ("channel", "ws") in key[1]
                  and count > value(before, key[0], **dict(key[1]))]
    assert refused_ws, "the socket's refusal was not counted"
    # While the game was played: its two sockets, and its table live in memory.
    during = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text) for sample in family.samples
    }
    assert value(during, "meeplehall_connections") == 2
    assert value(during, "meeplehall_live_tables", status="playing") >= 1
    # Each socket has had messages waiting to go out (the welcome, syncs, updates), never past
    # the bounds a socket's queue is ended at.
    assert 1 <= value(during, "meeplehall_outgoing_queue_peak_messages") <= 256
    assert 1 <= value(during, "meeplehall_outgoing_queue_peak_bytes") <= 4 * 1024 * 1024
    # No secret and nobody's identity in what a scrape shows.
    for secret in (seed, str(int(seed, 16)), *names):
        assert secret not in text


async def _bot_game(hall: InProcessServer) -> None:
    person = Player(hall.base, hall.ws_base).guest("against a bot")
    table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
    socket = await person.socket(table["id"])
    await socket.expect("welcome")
    person.start(table["id"])
    message = await socket.expect("sync")
    # Play until the bot has moved at least once (the market choice is simultaneous).
    while True:
        if message.get("last", {}).get("seat") == 1 or message["status"] == "finished":
            break
        if 0 in message["to_move"] and message["legal"]:
            await socket.send({"type": "act", "seq": message["seq"],
                               "action": message["legal"][0]})
        message = await socket.expect("update")
    await socket.close()
    person.close()


def test_metrics_count_bot_moves_and_their_wait_in_the_queue(hall: InProcessServer) -> None:
    before = scrape(hall.base)
    asyncio.run(_bot_game(hall))
    after = scrape(hall.base)
    assert (value(after, "meeplehall_moves_total", game="yaxha", mover="bot")
            > value(before, "meeplehall_moves_total", game="yaxha", mover="bot"))
    assert (value(after, "meeplehall_bot_queue_wait_seconds_count", lane="cheap")
            > value(before, "meeplehall_bot_queue_wait_seconds_count", lane="cheap"))
    assert ("meeplehall_bot_queue_length", (("lane", "cheap"),)) in after


def test_metrics_answer_only_to_the_addresses_allowed(tmp_path: Path) -> None:
    server = InProcessServer(tmp_path, metrics_allow=("10.0.0.0/8",))
    server.start()
    try:
        refused = httpx.get(f"{server.base}/metrics")
        assert refused.status_code == 404 and "meeplehall_" not in refused.text
        assert httpx.get(f"{server.base}/healthz").status_code == 200
    finally:
        server.stop()


def test_readiness_fails_naming_the_database_when_it_is_gone_and_health_still_answers(
    database_factory: Callable[[str], tuple[str, Path]],
) -> None:
    url, data_dir = database_factory("postgresql")
    server = InProcessServer(data_dir, database_url=url)
    server.start()
    try:
        assert httpx.get(f"{server.base}/readyz").status_code == 200
        name = url.rsplit("/", 1)[1]
        with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        ready = httpx.get(f"{server.base}/readyz", timeout=30)
        assert ready.status_code == 503
        assert ready.json() == {"status": "unavailable", "failed": ["database"]}
        assert httpx.get(f"{server.base}/healthz").json() == {"status": "ok"}
    finally:
        server.stop()


def test_metrics_carry_the_process_memory_cpu_open_files_and_start_time(
    hall: InProcessServer,
) -> None:
    samples = scrape(hall.base)
    # The in-process hall is this test process.
    memory = value(samples, "process_resident_memory_bytes")
    with open("/proc/self/status") as status:
        resident = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmRSS"))
    assert 0.5 * resident < memory < 2 * resident
    assert value(samples, "process_open_fds") == pytest.approx(len(os.listdir("/proc/self/fd")),
                                                              abs=20)
    assert value(samples, "process_cpu_seconds_total") > 0
    assert abs(value(samples, "process_start_time_seconds") - process_start()) < 5


def process_start() -> float:
    """This process's start, from /proc (seconds since the epoch)."""
    with open("/proc/self/stat") as stat:
        ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
    with open("/proc/stat") as boot:
        booted = next(int(line.split()[1]) for line in boot if line.startswith("btime"))
    return booted + ticks / os.sysconf("SC_CLK_TCK")
