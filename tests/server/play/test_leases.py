"""A table's lease in the real Redis: one process holds it at a time, renewing keeps it past its
life, a lease not renewed lapses and another process may take it, and a process gives up or
renews only a lease that is still its own."""

from __future__ import annotations

import asyncio
import secrets
import time

import redis.asyncio as redis

from meeplehall.server.play.leases import Leases
from tests.services import REDIS, redis_available, require

#: Short lives, so a lapse comes within the test; each wait keeps seconds of margin.
LIFE = 3.0


async def two_processes() -> tuple[Leases, Leases, redis.Redis]:
    client = redis.Redis.from_url(REDIS)
    prefix = f"meeplehall:test-{secrets.token_hex(4)}:"
    return (Leases(client, prefix, "process a", LIFE), Leases(client, prefix, "process b", LIFE),
            client)


async def wait_until_claimed(leases: Leases, table_id: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not await leases.claim(table_id):
        assert time.monotonic() < deadline, f"table {table_id} still held after {seconds} s"
        await asyncio.sleep(0.1)


async def lease_life() -> None:
    a, b, client = await two_processes()
    try:
        assert await a.claim(7)
        assert not await b.claim(7)
        assert await b.taken([7, 8]) == {7}
        # Renewed twice within its life, the lease outlives the life it was taken with.
        started = time.monotonic()
        for at in (1.0, 2.5):
            await asyncio.sleep(max(0.0, started + at - time.monotonic()))
            assert await a.renew() == set()
        await asyncio.sleep(max(0.0, started + LIFE + 0.5 - time.monotonic()))
        assert not await b.claim(7)
        # No longer renewed, it lapses; the other process takes it, and the first learns so.
        await wait_until_claimed(b, 7, LIFE + 5)
        assert await a.renew() == {7}
        assert a.held == set()
        # Giving up a lease that is another's now leaves it with that other.
        a.held.add(7)
        await a.release(7)
        assert await a.taken([7]) == {7}
        await b.release(7)
        assert await a.taken([7]) == set()
    finally:
        await client.aclose()


def test_one_process_holds_a_lease_renewing_keeps_it_and_a_lapsed_one_passes_on() -> None:
    require(redis_available(), "Redis on 127.0.0.1:6379", "Redis on 127.0.0.1:6379 is not "
            "reachable")
    asyncio.run(lease_life())
