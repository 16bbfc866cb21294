"""Token buckets kept in Redis, so that every server process of a hall spends from one budget
per key: with two processes behind a proxy, an address gets its budget once, not twice.

Each spend is one Lua script run atomically in Redis on Redis's own clock (so processes whose
clocks differ still agree); a bucket's key expires once it would be full again, so a stream of
new keys leaves nothing behind. While Redis cannot be reached, each process falls back to its
own buckets (``Buckets``, as without Redis) for a few seconds before trying again: a limit never
blocks the hall, and never lapses entirely.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import redis
import redis.asyncio as aredis

from meeplehall.server.guards.ratelimit import Buckets

log = logging.getLogger("meeplehall.server")

#: KEYS[1]: the bucket; ARGV: rate, burst, cost. Returns the wait in seconds ("0": spent).
SPEND = """
local now = redis.call('TIME')
local t = tonumber(now[1]) + tonumber(now[2]) / 1000000
local rate, burst, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local held = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(held[1]) or burst
local stamp = tonumber(held[2]) or t
if t > stamp then tokens = math.min(burst, tokens + (t - stamp) * rate) end
local wait = 0
if tokens >= cost then tokens = tokens - cost else wait = (cost - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens),
           'stamp', string.format('%.6f', t))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return string.format('%.6f', wait)
"""

#: Seconds a process uses its own buckets after Redis failed to answer.
RETRY_SECONDS = 5.0


class SharedLimits:
    """The Redis connections the shared budgets use (one for worker threads, one for the event
    loop), and whether Redis answers."""

    def __init__(self, url: str, prefix: str) -> None:
        self.prefix = prefix
        options: dict[str, Any] = {"socket_timeout": 1.0, "socket_connect_timeout": 1.0}
        self.client = redis.Redis.from_url(url, **options)
        self.async_client = aredis.Redis.from_url(url, **options)
        self.script = self.client.register_script(SPEND)
        self.async_script = self.async_client.register_script(SPEND)
        self._down_until = 0.0

    def budget(self, name: str, rate: float, burst: float) -> SharedBudget:
        return SharedBudget(self, name, rate, burst)

    def up(self) -> bool:
        return time.monotonic() >= self._down_until

    def failed(self, error: Exception) -> None:
        if self.up():
            log.warning("shared limits: Redis did not answer (%s); each process counts on its "
                        "own for %.0f s", error, RETRY_SECONDS)
        self._down_until = time.monotonic() + RETRY_SECONDS

    async def close(self) -> None:
        self.client.close()
        await self.async_client.aclose()


class SharedBudget:
    """``Buckets(rate, burst)`` per key, in Redis (the ``Budget`` interface)."""

    def __init__(self, limits: SharedLimits, name: str, rate: float, burst: float) -> None:
        self.limits = limits
        self.prefix = f"{limits.prefix}limit:{name}:"
        self.rate = rate
        self.burst = burst
        self.local: Buckets[str] = Buckets(rate, burst)

    def _args(self, cost: float) -> list[str]:
        return [repr(self.rate), repr(self.burst), repr(cost)]

    def spend(self, key: str, cost: float = 1.0) -> float:
        if self.limits.up():
            try:
                return float(self.limits.script(keys=[self.prefix + key], args=self._args(cost)))
            except redis.RedisError as error:
                self.limits.failed(error)
        return self.local.spend(key, cost)

    async def aspend(self, key: str, cost: float = 1.0) -> float:
        if self.limits.up():
            try:
                wait = await self.limits.async_script(keys=[self.prefix + key],
                                                      args=self._args(cost))
                return float(wait)
            except redis.RedisError as error:
                self.limits.failed(error)
        return self.local.spend(key, cost)
