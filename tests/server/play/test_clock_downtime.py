"""A live clock does not run while the server is down (and does while the hall is up, one of
its processes restarting).

The bound is computed from the times measured around the calls, not from a speed: the seat to
move may lose at most the time the server was up between the reading before the kill and the
reading after the restart; the seconds it was down (several, on purpose) must not count.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.server.client import Player, TableSession, open_table
from tests.server.conftest import ServerProcess

DOWN_SECONDS = 4.0
#: Rounding of milliseconds and the server's own clock reads; far below DOWN_SECONDS.
SLACK_MS = 1000


async def running_clock(server: ServerProcess) -> tuple[TableSession, int, int, float]:
    """A live table with one seat's clock running; returns it, the seat, its remaining time,
    and the monotonic time just before that remaining time was asked for."""
    session = await open_table(server.base, server.ws_base, "pyramido", 2, mode="live",
                               initial_seconds=600, increment_seconds=0)
    mover = session.movers()[0]
    socket = session.sockets[mover]
    asked = time.monotonic()
    await socket.send({"type": "sync", "seq": session.latest[mover]["seq"]})
    sync = await socket.expect("sync")
    clock = sync["clocks"][mover]
    assert clock["running"] and sync["status"] == "playing"
    return session, mover, int(clock["remaining_ms"]), asked


async def clock_after(server: ServerProcess, session: TableSession, mover: int) -> dict[str, Any]:
    socket = await session.people[mover].socket(session.id)
    await socket.expect("welcome")
    sync = await socket.expect("sync")
    await socket.close()
    clock: dict[str, Any] = sync["clocks"][mover]
    return clock


def test_a_live_clock_does_not_run_while_the_server_is_down(
    fresh_server: ServerProcess,
) -> None:
    session, mover, before, asked = asyncio.run(running_clock(fresh_server))
    fresh_server.kill()
    killed = time.monotonic()
    time.sleep(DOWN_SECONDS)
    restarting = time.monotonic()
    fresh_server.start()
    clock = asyncio.run(clock_after(fresh_server, session, mover))
    read = time.monotonic()
    up_ms = ((killed - asked) + (read - restarting)) * 1000
    down_ms = (restarting - killed) * 1000
    assert clock["running"]
    # Lost at most the time the server was up; with the downtime counted it would have lost
    # ``down_ms`` more, far beyond the slack.
    lost = before - clock["remaining_ms"]
    assert lost <= up_ms + SLACK_MS, (lost, up_ms, down_ms)
    assert down_ms > 3 * SLACK_MS
    for person in session.people:
        person.close()


async def remaining_on(server: ServerProcess, session: TableSession, seat: int) -> int:
    """The seat's remaining time as a socket on ``server`` (as the seat's person) reads it."""
    person = Player(server.base, server.ws_base)
    person.http.cookies = session.people[seat].http.cookies
    socket = await person.socket(session.id)
    await socket.expect("welcome")
    sync = await socket.expect("sync")
    await socket.close()
    person.close()
    return int(sync["clocks"][seat]["remaining_ms"])


def test_a_process_restarting_while_another_runs_gives_no_time_back(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    """The hall was up all along: the clock ran while one of its processes was down."""
    a, b = two_servers
    session, mover, before, _asked = asyncio.run(running_clock(a))
    b.kill()
    time.sleep(DOWN_SECONDS)
    b.start()
    # b loads the table from the database; a holds it in memory: both read the same clock.
    on_b = asyncio.run(remaining_on(b, session, mover))
    on_a = asyncio.run(remaining_on(a, session, mover))
    assert before - on_b >= DOWN_SECONDS * 1000 - SLACK_MS, (before, on_b)
    assert abs(on_a - on_b) <= SLACK_MS, (on_a, on_b)
    for person in session.people:
        person.close()
