"""Token buckets: a rate with a burst, alone or one per key (a connection, an address, a name),
in this process's memory (``shared.py`` keeps them in Redis for several processes).

A bucket holds up to ``burst`` tokens and gains ``rate`` tokens a second; an attempt that costs
more than it holds is refused and takes nothing. ``Buckets`` keeps one bucket per key and forgets
keys whose bucket has filled up again, so a stream of new keys (addresses, names) cannot grow it
for good: a full bucket is the same as no bucket. ``Buckets`` may be used from several threads
(request handlers run in worker threads): a take is checked and spent under a lock.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from typing import Generic, Protocol, TypeVar

Key = TypeVar("Key", bound=Hashable)

Clock = Callable[[], float]


class Budget(Protocol):
    """Tokens per key at one rate and burst, here or shared by every process (shared.py)."""

    rate: float
    burst: float

    def spend(self, key: str, cost: float = 1.0) -> float:
        """0 when ``cost`` tokens of ``key`` were spent, else the seconds to wait."""

    async def aspend(self, key: str, cost: float = 1.0) -> float:
        """``spend`` from the event loop."""


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; starts full."""

    __slots__ = ("burst", "clock", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock()

    def _fill(self, now: float) -> None:
        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are enough; False (and nothing spent) if not."""
        self._fill(self.clock())
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    def wait(self, cost: float = 1.0) -> float:
        """Seconds until ``cost`` tokens are there (0 when they are now)."""
        self._fill(self.clock())
        if self.tokens >= cost:
            return 0.0
        if self.rate <= 0:
            return float("inf")
        return (cost - self.tokens) / self.rate

    def full(self) -> bool:
        self._fill(self.clock())
        return self.tokens >= self.burst


#: Makes the budget called ``name`` at ``rate`` tokens a second with ``burst`` saved up.
MakeBudget = Callable[[str, float, float], Budget]


def local_budget(name: str, rate: float, burst: float) -> Budget:
    """A budget in this process's memory (the ``name`` only matters to shared ones)."""
    buckets: Buckets[str] = Buckets(rate, burst)
    return buckets


class Buckets(Generic[Key]):
    """One ``TokenBucket(rate, burst)`` per key, made on first use, dropped once full again."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic,
                 sweep_every: int = 1024) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[Key, TokenBucket] = {}
        self._sweep_every = sweep_every
        self._sweep_at = sweep_every
        self._lock = threading.Lock()

    def bucket(self, key: Key) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self._sweep_at:
                self.sweep()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
        return bucket

    def take(self, key: Key, cost: float = 1.0) -> bool:
        with self._lock:
            return self.bucket(key).take(cost)

    def spend(self, key: Key, cost: float = 1.0) -> float:
        """Spend ``cost`` of the key's tokens and return 0, or return the seconds until it
        could (nothing spent)."""
        with self._lock:
            bucket = self.bucket(key)
            return 0.0 if bucket.take(cost) else bucket.wait(cost)

    async def aspend(self, key: Key, cost: float = 1.0) -> float:
        """``spend``, for the event loop (the same interface as the shared budgets')."""
        return self.spend(key, cost)

    def wait(self, key: Key, cost: float = 1.0) -> float:
        with self._lock:
            bucket = self.buckets.get(key)
            return 0.0 if bucket is None else bucket.wait(cost)

    def sweep(self) -> None:
        """Forget the keys whose buckets are full (they would act as new ones anyway)."""
        for key in [key for key, bucket in self.buckets.items() if bucket.full()]:
            del self.buckets[key]
        # Sweep again once the table has doubled, so sweeping stays cheap per new key.
        self._sweep_at = max(self._sweep_every, 2 * len(self.buckets))

    def __len__(self) -> int:
        return len(self.buckets)
