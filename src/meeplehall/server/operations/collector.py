"""The pace of Python's garbage collector in a serving process.

At start-up the loaded heap (modules, recovered tables) is frozen out of the collector's sight,
and collections of the young generations are spaced out: they were the long tail of move
latency under load. Spaced out like that, under load a full collection came about once an hour,
because each object that dies holds back the count that starts the next young collection. But a
closed WebSocket leaves its connection's objects in reference cycles (the web server's
protocol, transport and tasks point at each other) that only a full collection frees, so the
process grew with every socket closed since the last one: in a soak, by some 20 MiB a thousand
sockets. A full collection therefore also runs every ``--full-collection-seconds``, which
bounds what closed sockets hold by the sockets closed in that time.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("meeplehall.server")

#: Allocations that start a young collection, then young collections per middle one, then
#: middle ones per full one (the full ones wait too until the heap has grown by a quarter).
THRESHOLDS = (20_000, 20, 50)


def settle() -> None:
    """Collect once, freeze what start-up made, and space out the collections to come."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


async def collect_fully(every: float) -> None:
    """Run a full collection every ``every`` seconds, for as long as the process serves."""
    while True:
        await asyncio.sleep(every)
        began = time.perf_counter()
        freed = gc.collect()
        log.debug("full collection: %d objects freed in %.0f ms", freed,
                  1000 * (time.perf_counter() - began))
