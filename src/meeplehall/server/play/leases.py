"""Which server process drives a table: runs its bots and its clock timers.

Any process serves any table (its sockets, its moves), but a bot move must be computed once per
step, and a clock must run out once. With several processes (Redis) a table's driver holds a
lease: a Redis key naming the process, set only if absent and renewed while the process lives.
A process that dies (even by SIGKILL) stops renewing, its leases lapse within ``LEASE_SECONDS``
and another process's scheduler takes its tables over (scheduler.py).
"""

from __future__ import annotations

import contextlib
from typing import Any

#: Seconds a lease holds unless renewed; renewed every third of that.
LEASE_SECONDS = 10.0

# Renew or give up a key only while it still names this process: a lease that lapsed and was
# taken by another process is that process's now.
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class Leases:
    """This process's leases on tables, kept in Redis under ``{prefix}drive:{table}``."""

    def __init__(self, client: Any, prefix: str, origin: str,
                 seconds: float = LEASE_SECONDS) -> None:
        self.client = client
        self.prefix = prefix
        self.origin = origin
        self.ttl_ms = int(seconds * 1000)
        self.held: set[int] = set()
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)

    def _key(self, table_id: int) -> str:
        return f"{self.prefix}drive:{table_id}"

    async def claim(self, table_id: int) -> bool:
        """Whether this process drives the table now (it took the lease, or held it)."""
        if table_id in self.held:
            return True
        if await self.client.set(self._key(table_id), self.origin, nx=True, px=self.ttl_ms):
            self.held.add(table_id)
            return True
        return False

    async def release(self, table_id: int) -> None:
        if table_id in self.held:
            self.held.discard(table_id)
            await self._release(keys=[self._key(table_id)], args=[self.origin])

    async def taken(self, table_ids: list[int]) -> set[int]:
        """Which of ``table_ids`` some process holds a lease on."""
        if not table_ids:
            return set()
        async with self.client.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                pipe.exists(self._key(table_id))
            found = await pipe.execute()
        return {table_id for table_id, count in zip(table_ids, found, strict=True) if count}

    async def renew(self) -> set[int]:
        """Renew every lease held; returns the tables whose lease was lost meanwhile."""
        held = sorted(self.held)
        if not held:
            return set()
        async with self.client.pipeline(transaction=False) as pipe:
            for table_id in held:
                await self._renew(keys=[self._key(table_id)], args=[self.origin, self.ttl_ms],
                                  client=pipe)
            kept = await pipe.execute()
        lost = {table_id for table_id, ok in zip(held, kept, strict=True) if not ok}
        self.held -= lost
        return lost

    async def release_all(self) -> None:
        for table_id in list(self.held):
            with contextlib.suppress(Exception):
                await self.release(table_id)
