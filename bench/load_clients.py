"""bench/server_load.py's round played by several client processes at once.

Ten thousand sockets are more than one Python process can drive without becoming what limits
the figure, so the tables are shared out between processes: each sets up its share (not
timed), opens every seat's socket, and waits at a barrier for the others; then all start their
tables together and play. Each reports its latencies and its own CPU time over the play, so a
figure says how busy the client was beside the server.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from server_load import Figures, one_round

#: Seconds the processes may take to set up their tables and open their sockets.
SETUP_SECONDS = 1800.0


@dataclass
class Share:
    """What one client process measured over the play."""

    figures: Figures
    elapsed: float
    cpu: float


@dataclass
class Played:
    """A round played by every client process."""

    figures: Figures = field(default_factory=Figures)
    #: The longest playing time of any process, seconds.
    elapsed: float = 0.0
    #: Each client process's CPU seconds over the play.
    client_cpu: list[float] = field(default_factory=list)


def _play_share(base: str, ws_base: str, game: str, args: argparse.Namespace,
                options: dict[str, Any], seed: int, barrier: Any, results: Any) -> None:
    """A client process: its share of the tables (``args.tables``), one round."""
    figures = Figures()
    cpu_at_start = 0.0

    async def connected() -> None:
        nonlocal cpu_at_start
        await asyncio.to_thread(barrier.wait, SETUP_SECONDS)
        cpu_at_start = time.process_time()

    elapsed = asyncio.run(one_round(base, ws_base, game, args, options, figures, seed,
                                    connected))
    results.put(Share(figures, elapsed, time.process_time() - cpu_at_start))


async def play_in_processes(base: str, ws_base: str, game: str, args: argparse.Namespace,
                            options: dict[str, Any], seed: int,
                            began: Callable[[], None] = lambda: None,
                            every: float = 0.0,
                            tick: Callable[[], None] = lambda: None) -> Played:
    """One round of ``args.tables`` tables over ``args.client_processes`` processes.

    ``began`` is called once every socket is open, as the tables start (to read the server's
    CPU then); while they play, ``tick`` is called every ``every`` seconds (0: never).
    """
    count = max(1, min(args.client_processes, args.tables))
    context = multiprocessing.get_context("spawn")  # no copy of this process's event loop
    barrier = context.Barrier(count + 1)
    results = context.Queue()
    processes = []
    for index in range(count):
        its_args = argparse.Namespace(**vars(args))
        its_args.tables = args.tables // count + (index < args.tables % count)
        processes.append(context.Process(
            target=_play_share, daemon=True,
            args=(base, ws_base, game, its_args, options, seed * 1000 + index, barrier,
                  results)))
    for process in processes:
        process.start()
    await _meet(barrier, processes)
    began()
    shares: list[Share] = []
    last_tick = time.monotonic()
    while len(shares) < count:
        if every and time.monotonic() - last_tick >= every:
            last_tick += every
            tick()
        try:
            shares.append(await asyncio.to_thread(results.get, True, 1.0))
        except queue.Empty:
            if any(p.exitcode not in (None, 0) for p in processes):
                raise RuntimeError("a load client process died") from None
    for process in processes:
        process.join()
    played = Played()
    for share in shares:
        played.figures.add(share.figures)
        played.elapsed = max(played.elapsed, share.elapsed)
        played.client_cpu.append(share.cpu)
    return played


async def _meet(barrier: Any, processes: list[Any]) -> None:
    """Wait at the barrier with the client processes; break it if one of them dies first."""
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(1.0):
            if any(p.exitcode not in (None, 0) for p in processes):
                barrier.abort()
                return

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        await asyncio.to_thread(barrier.wait, SETUP_SECONDS)
    finally:
        stop.set()

