"""Failed logins counted per name and address, per address, and per name from everywhere, so
guessing passwords is slow and nobody can lock an owner out from another address."""

from __future__ import annotations

import threading
import time
from collections import deque

#: Below this many keys the failed-login table is not swept (a sweep reads every key).
SWEEP_MIN_KEYS = 1_024


class LoginLimiter:
    """Failed logins in a sliding window, counted three ways:

    - per name *from one address* (``per_name``): what stops one address guessing a password.
      A name is counted with the address that tried it, so a flood of wrong passwords from one
      address locks that address out of that account, not its owner at another one;
    - per address (``per_address``), over all names;
    - per name from every address (``per_name_total``, far higher): a ceiling on guessing one
      password from many addresses at once, which then locks the name for everyone until the
      window clears (the price of slowing distributed guessing; docs/security.md).

    Only keys with a failure inside the window are kept: a sweep drops the others whenever the
    table has doubled since the last one, so guessing at many names cannot grow it for good.
    Attempts are reserved and released under a lock: logins are checked in worker threads.
    """

    def __init__(self, per_name: int, per_address: int, window: float,
                 per_name_total: int | None = None) -> None:
        self.per_name = per_name
        self.per_address = per_address
        self.per_name_total = per_name_total if per_name_total is not None else 20 * per_name
        self.window = window
        self.failures: dict[str, deque[float]] = {}
        self._sweep_at = SWEEP_MIN_KEYS
        self._lock = threading.RLock()

    def _limits(self) -> tuple[int, int, int]:
        return self.per_name, self.per_address, self.per_name_total

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self.failures.get(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            self.failures.pop(key, None)
        return times

    def retry_after(self, name: str, address: str) -> float:
        """Seconds to wait before another attempt is allowed (0 = allowed now)."""
        with self._lock:
            now = time.monotonic()
            wait = 0.0
            for key, limit in zip(_keys(name, address), self._limits(), strict=True):
                times = self._recent(key, now)
                if len(times) >= limit:
                    wait = max(wait, times[len(times) - limit] + self.window - now)
            return wait

    def failed(self, name: str, address: str) -> float:
        """Count a failure now; returns its time, which ``release`` takes back."""
        with self._lock:
            now = time.monotonic()
            for key in _keys(name, address):
                self.failures.setdefault(key, deque()).append(now)
            if len(self.failures) >= self._sweep_at:
                for key in list(self.failures):
                    self._recent(key, now)
                self._sweep_at = max(SWEEP_MIN_KEYS, 2 * len(self.failures))
            return now

    def reserve(self, name: str, address: str) -> tuple[float, float]:
        """Check and count an attempt in one step, before its password is verified.

        Returns ``(wait, stamp)``: a wait above 0 refuses the attempt; otherwise it already
        counts as a failure, so attempts sent at the same moment cannot all pass the check
        while the first ones are still being verified. A success gives it back (``release``).
        """
        with self._lock:
            wait = self.retry_after(name, address)
            if wait > 0:
                return wait, 0.0
            return 0.0, self.failed(name, address)

    def release(self, name: str, address: str, stamp: float) -> None:
        """Forget a reserved attempt that turned out right."""
        with self._lock:
            for key in _keys(name, address):
                times = self.failures.get(key)
                if times is not None and stamp in times:
                    times.remove(stamp)
                    if not times:
                        del self.failures[key]


def _keys(name: str, address: str) -> tuple[str, str, str]:
    """The counters one attempt at ``name`` from ``address`` goes to, in ``_limits`` order."""
    return f"p:{address} {name}", f"a:{address}", f"n:{name}"
