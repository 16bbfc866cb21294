"""Bot decisions and hints, computed in worker processes so the event loop never waits.

Cheap levels and searches run in separate lanes of workers, each lane fed by a fair queue
(botlane, fairqueue): no user's many tables hold up another user's bots.

A worker rebuilds the table's state from its record (game, players, options, seed, action log)
and keeps it in a small cache, so consecutive decisions at one table replay only the new actions.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeplehall.ai import LEVELS, make_bot
from meeplehall.core import Seed, State
from meeplehall.core.registry import all_games, get_game
from meeplehall.server.bots.lane import Lane, Share

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
    #: The log so far, each action as JSON text (as a match keeps it, so the server need not
    #: decode it): the worker decodes only those its cached state has not applied.
    actions: Sequence[tuple[int, str]]
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
    for seat, text in request.actions[applied:]:
        state.apply(seat, game.parse_action(json.loads(text)))
    _cache[key] = (state, len(request.actions))
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return state


def _tie_to_server(parent: int) -> None:
    """Worker initializer: a worker whose server died (even by SIGKILL) exits too, and a Ctrl-C
    (which reaches the whole process group) is left to the server, which shuts its workers down
    itself: otherwise each worker prints a traceback into the server's log as it stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

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


def warm_up() -> int:
    """Run once in each new worker: load every game's modules and data by dealing a match."""
    return sum(len(game.new_state(max(2, game.min_players)).to_move()) for game in all_games())


def strongest_level() -> int:
    return max(LEVELS)


def replacement_level() -> int:
    """The bot that takes over a timed-out or departed seat: greedy when there is one."""
    return max(level for level in LEVELS if level <= 2) if min(LEVELS) <= 2 else min(LEVELS)


#: Levels whose decision takes milliseconds (random; greedy over the legal moves): they have a
#: lane of their own, so a move of theirs never waits behind searches of half a second.
CHEAP_LEVELS = frozenset(level for level in LEVELS if level <= 2)


class BotPool:
    """Bot moves and hints in worker processes, in two lanes each served fairly.

    The cheap lane (``cheap_workers`` processes) plays the cheap levels; the search lane
    (``workers`` processes) plays the stronger levels and computes hints. In each lane jobs are
    served round robin across client addresses (the owner's when the table was created; for a
    hint, the asker's), then across owners (the table's owner; for a hint, the asker), then
    across that owner's tables (see FairQueue).
    """

    def __init__(self, workers: int, cheap_workers: int = 1) -> None:
        self.workers = workers
        self.search = Lane("search", workers, _tie_to_server, warm_up)
        self.cheap = Lane("cheap", cheap_workers, _tie_to_server, warm_up)

    def start(self) -> None:
        self.search.start()
        self.cheap.start()

    def lane_for(self, level: int) -> Lane:
        return self.cheap if level in CHEAP_LEVELS else self.search

    async def decide(self, request: Decision, owner: Hashable = None,
                     address: str | None = None) -> dict[str, Any]:
        """The action the bot of ``request.level`` chooses; ``owner`` is whose turn it takes,
        ``address`` the client address it counts under (see ``guards.addresses.address_key``)."""
        # Without an owner the table stands for itself in the rotation; without an address
        # (a table from before addresses were kept) the owner does.
        key = owner if owner is not None else ("table", request.table_id)
        share = Share(address if address is not None else ("owner", key), key, request.table_id)
        result: dict[str, Any] = await self.lane_for(request.level).run(
            share, request.level, decide, request
        )
        return result

    def state(self) -> dict[str, Any]:
        return {"search": self.search.state(), "cheap": self.cheap.state()}

    def stop(self) -> None:
        self.search.stop()
        self.cheap.stop()
