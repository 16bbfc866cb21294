"""Bot decisions and hints, computed in worker processes so the event loop never waits.

A worker rebuilds the table's state from its record (game, players, options, seed, action log)
and keeps it in a small cache, so consecutive decisions at one table replay only the new actions.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from meeplehall.ai import LEVELS, make_bot
from meeplehall.core import Seed, State
from meeplehall.core.registry import get_game

_CACHE_SIZE = 64
_cache: OrderedDict[tuple[int, str, Seed, int], tuple[State, int]] = OrderedDict()


@dataclass(frozen=True)
class Decision:
    """What a worker needs to decide for one seat."""

    table_id: int
    game: str
    players: int
    options: Mapping[str, Any]
    seed: Seed
    actions: Sequence[tuple[int, Any]]
    seat: int
    level: int
    bot_seed: int


def _state_for(request: Decision) -> State:
    game = get_game(request.game)
    key = (request.table_id, request.game, request.seed, request.players)
    cached = _cache.pop(key, None)
    if cached is not None and cached[1] <= len(request.actions):
        state, applied = cached
    else:
        state, applied = game.new_state(request.players, request.options, request.seed), 0
    for seat, data in request.actions[applied:]:
        state.apply(seat, game.parse_action(data))
    _cache[key] = (state, len(request.actions))
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return state


def _exit_with_parent(parent: int) -> None:
    """Worker initializer: a worker whose server died (even by SIGKILL) exits too."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def decide(request: Decision) -> dict[str, Any]:
    """Run in a worker: the chosen action as JSON."""
    state = _state_for(request)
    bot = make_bot(request.level, request.bot_seed)
    # The bot gets a copy: the cached state must stay exactly the logged position.
    return bot.choose(state.clone(), request.seat).to_json()


def strongest_level() -> int:
    return max(LEVELS)


def replacement_level() -> int:
    """The bot that takes over a timed-out or departed seat: greedy when there is one."""
    return max(level for level in LEVELS if level <= 2) if min(LEVELS) <= 2 else min(LEVELS)


class BotPool:
    """A process pool for bot moves and hints."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=context,
            initializer=_exit_with_parent,
            initargs=(os.getpid(),),
        )

    async def decide(self, request: Decision) -> dict[str, Any]:
        if self.pool is None:
            raise RuntimeError("the bot pool is not started")
        return await asyncio.get_running_loop().run_in_executor(self.pool, decide, request)

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
