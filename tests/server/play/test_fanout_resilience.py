"""The Redis listener of each server process outlives what Redis brings it: garbage published on
its channels (not JSON, JSON of the wrong shape, a channel naming no table) is counted and
skipped, and a lost connection is opened again with every channel, the tables re-read, while
``/readyz`` says the listener is down and ``/metrics`` counts it all. Two real processes over one
PostgreSQL database and the real Redis."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
import redis

from meeplehall.server.db.urls import normalise
from meeplehall.server.play.fanout import listener_name, namespace_of
from tests.live_server import ServerProcess
from tests.server.accounts.test_session_sockets import channel, next_of_kind
from tests.server.client import Player, Socket
from tests.server.operations.test_operations import scrape, value
from tests.services import REDIS, redis_available, require


def namespace(server: ServerProcess) -> str:
    return namespace_of(normalise(str(server.database_url)))


async def one_seat_on_both(a: ServerProcess, b: ServerProcess) -> tuple[Player, int, Socket,
                                                                         Socket]:
    """A started yaxha table whose seat 0 has a socket on each process (one person)."""
    person = Player(a.base, a.ws_base).guest("on both")
    other = Player(a.base, a.ws_base).guest("seat one")
    table = person.create(game="yaxha", players=2, seat=0)
    assert other.join(table["id"], seat=1).status_code == 200
    on_a = await person.socket(table["id"])
    on_b = Player(b.base, b.ws_base)
    on_b.http.cookies.set("mh_session", person.http.cookies["mh_session"])
    elsewhere = await on_b.socket(table["id"])
    for each in (on_a, elsewhere):
        await each.expect("welcome")
    person.start(table["id"])
    for each in (on_a, elsewhere):
        await each.expect("sync")
    other.close()
    on_b.close()
    return person, int(table["id"]), on_a, elsewhere


async def move_reaches_the_other(on_a: Socket, on_b: Socket) -> None:
    """A move sent through process a reaches the same seat's socket on process b."""
    await on_a.settle()
    state = [m for m in on_a.received if m["type"] in ("update", "sync")][-1]
    assert state["legal"], state
    await on_a.send({"type": "act", "seq": state["seq"], "action": state["legal"][0]})
    mine = await on_a.expect("update")
    seen = await on_b.expect("update", seq=mine["seq"])
    assert seen["last"]["seat"] == 0


def garbage(ns: str, table_id: int) -> list[tuple[str, bytes, str]]:
    """(channel, payload, why it is bad) for each message no process can use."""
    users, tables = f"meeplehall:{ns}:users", f"meeplehall:{ns}:table:"
    return [
        (users, b"not json {", "not_json"),
        (users, b"\xff\xfe\xfd", "not_json"),
        (f"{tables}{table_id}", b"[" * 100_000, "not_json"),
        (users, b"[1, 2]", "bad_shape"),
        (users, b'{"origin": "x", "user": "7", "event": {"type": "recount"}}', "bad_shape"),
        (users, b'{"origin": "x", "user": 7, "event": "banned"}', "bad_shape"),
        (f"{tables}{table_id}", b'{"origin": "x", "kind": 5}', "bad_shape"),
        (f"{tables}{table_id}", b"null", "bad_shape"),
        (f"{tables}hello", b'{"origin": "x", "kind": "step"}', "bad_channel"),
    ]


async def _garbage_then_moves(a: ServerProcess, b: ServerProcess) -> None:
    person, table_id, on_a, on_b = await one_seat_on_both(a, b)
    client = redis.Redis.from_url(REDIS)
    ns = namespace(b)
    bad = garbage(ns, table_id)
    for name, payload, _why in bad:
        assert client.publish(name, payload) >= 2, name  # both processes listen
    # Well formed, but ending sessions named by no hash: ignored, the person's socket stays.
    event = (b'{"origin": "x", "user": %d, "event": {"type": "sessions_ended", "only": "nope"}}'
             % person.user["id"])
    client.publish(f"meeplehall:{ns}:users", event)
    await move_reaches_the_other(on_a, on_b)
    samples = scrape(b.base)
    for why in ("not_json", "bad_shape", "bad_channel"):
        expected = sum(1 for _c, _p, reason in bad if reason == why)
        assert value(samples, "meeplehall_redis_bad_messages_total", why=why) == expected, why
    assert value(samples, "meeplehall_redis_listening") == 1
    assert httpx.get(f"{b.base}/readyz").json() == {"status": "ok"}

    # The listeners' connections killed: each process reconnects, and a move made before they
    # are back still reaches the other process (the tables are read anew).
    killed = kill_listeners(client, ns)
    assert killed == 2, killed
    await move_reaches_the_other(on_a, on_b)
    await move_reaches_the_other(on_a, on_b)
    samples = scrape(b.base)
    assert value(samples, "meeplehall_redis_reconnects_total") == 1
    assert value(samples, "meeplehall_redis_listening") == 1
    assert httpx.get(f"{b.base}/readyz").json() == {"status": "ok"}
    client.close()
    for each in (on_a, on_b):
        await each.close()
    person.close()


def kill_listeners(client: redis.Redis, ns: str) -> int:
    """Close the pub/sub connections of this database's listeners from Redis's side."""
    killed = 0
    for entry in client.client_list(_type="pubsub"):
        if entry.get("name") == listener_name(ns):
            killed += int(client.client_kill_filter(_id=entry["id"]))
    return killed


def test_garbage_on_the_channels_and_a_lost_connection_leave_fan_out_working(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    asyncio.run(_garbage_then_moves(*two_servers))


# -- /readyz while the listener cannot reconnect --------------------------------------------------


class Relay:
    """A TCP relay to Redis that can refuse new connections (those it holds keep working)."""

    def __init__(self, target: tuple[str, int] = ("127.0.0.1", 6379)) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.refusing = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return
            if self.refusing.is_set():
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


@contextmanager
def relayed_pair(database_factory: Callable[[str], tuple[str, Path]],
                 server_env: dict[str, str]) -> Iterator[tuple[ServerProcess, ServerProcess,
                                                               Relay]]:
    """Process a on Redis itself, process b through a relay the test can cut."""
    require(redis_available(), "Redis on 127.0.0.1:6379",
            "Redis on 127.0.0.1:6379 is not reachable")
    url, data_dir = database_factory("postgresql")
    relay = Relay()
    servers: list[ServerProcess] = []
    try:
        for name, redis_url in (("a", REDIS), ("b", relay.url)):
            (data_dir / name).mkdir()
            server = ServerProcess(data_dir / name, url, server_env,
                                   extra=["--redis-url", redis_url, "--redis-retry-seconds", "0.5"])
            server.start()
            servers.append(server)
        yield servers[0], servers[1], relay
    finally:
        for server in servers:
            server.stop()
        relay.close()


def readiness(server: ServerProcess) -> httpx.Response:
    return httpx.get(f"{server.base}/readyz", timeout=10)


async def wait_for_readiness(server: ServerProcess, status: int) -> dict[str, Any]:
    """Ask /readyz until it answers ``status`` (a failing test ends at the deadline)."""
    async with asyncio.timeout(120):
        while (answer := await asyncio.to_thread(readiness, server)).status_code != status:
            await asyncio.sleep(0.1)
    body: dict[str, Any] = answer.json()
    return body


async def _down_then_back(a: ServerProcess, b: ServerProcess, relay: Relay) -> None:
    person, table_id, on_a, on_b = await one_seat_on_both(a, b)
    on_b_too = Player(b.base, b.ws_base)
    on_b_too.http.cookies.set("mh_session", person.http.cookies["mh_session"])
    me_on_b = await channel(on_b_too)
    assert (await next_of_kind(me_on_b, "waiting"))["tables"] == [table_id]  # seat 0 is to move
    client = redis.Redis.from_url(REDIS)
    relay.refusing.set()
    assert kill_listeners(client, namespace(b)) == 2
    # Process b cannot reconnect: not ready, naming the listener, for as long as that lasts.
    down = await wait_for_readiness(b, 503)
    assert "redis_listener" in down["failed"], down
    assert value(scrape(b.base), "meeplehall_redis_listening") == 0
    assert readiness(b).status_code == 503
    # A move made meanwhile through process a (whose listener is back) ...
    await on_a.settle()
    latest = [m for m in on_a.received if m["type"] in ("update", "sync")][-1]
    await on_a.send({"type": "act", "seq": latest["seq"], "action": latest["legal"][0]})
    mine = await on_a.expect("update")
    relay.refusing.clear()
    assert await wait_for_readiness(b, 200) == {"status": "ok"}
    # ... reaches b's socket once b is back, and fan-out goes on.
    assert (await on_b.expect("update", seq=mine["seq"]))["last"]["seat"] == 0
    # The per-user channel on b hears that nothing waits for this person any more.
    assert (await next_of_kind(me_on_b, "waiting"))["tables"] == []
    await move_reaches_the_other(on_a, on_b)
    assert value(scrape(b.base), "meeplehall_redis_reconnects_total") == 1
    client.close()
    await me_on_b.close()
    for each in (on_a, on_b):
        await each.close()
    person.close()
    on_b_too.close()


def test_readyz_says_the_listener_is_down_until_it_has_reconnected(
    database_factory: Callable[[str], tuple[str, Path]], server_env: dict[str, str],
) -> None:
    with relayed_pair(database_factory, server_env) as (a, b, relay):
        asyncio.run(_down_then_back(a, b, relay))
