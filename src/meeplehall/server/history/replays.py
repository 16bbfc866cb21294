"""A finished table's replay: the whole record with every step's events (and, when asked, the
public view after each step), built once and kept as JSON bytes.

A finished match never changes, so its document is built on first request, in a worker thread,
and later requests get the same bytes from a cache bounded in bytes (least recently used goes
first). Only the table's chat can still change after the end (for a grace period, and when
the retention sweep deletes it), so it is not part of the cached bytes: its last page is read
per request and joined on (older pages come from ``/api/tables/{id}/chat``). Clients that
accept gzip get the whole body compressed, made once per chat version: a few hundred kilobytes
instead of megabytes for the event loop to send.
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import orjson

from meeplehall.core import replay_steps
from meeplehall.core.registry import get_game
from meeplehall.server.db.models import Table
from meeplehall.server.play.store import table_seed

#: A cached document's key: (table id, with views), or for a whole compressed body (table id,
#: with views, the chat's tag).
Key = tuple[int, bool] | tuple[int, bool, str]


def replay_head(table: Table, actions: list[Any], views: bool) -> bytes:
    """The replay of a finished ``table`` as JSON without its chat and closing brace."""
    game = get_game(table.game)
    log = [(row.seat, row.action) for row in actions]
    steps: list[dict[str, Any]] = []
    initial_view: dict[str, Any] = {}
    final_view: dict[str, Any] = {}
    seed = table_seed(table)
    walk = replay_steps(game, table.players, table.options, seed, log)
    for index, (state, events) in enumerate(walk):
        final_view = state.view(None)
        if index == 0:
            initial_view = final_view
            continue
        row = actions[index - 1]
        step = {
            "seq": row.seq,
            "seat": row.seat,
            "action": row.action,
            "label": game.describe_action(game.parse_action(row.action)),
            "bot": row.bot,
            "events": events,
        }
        if views:
            step["view"] = final_view
        steps.append(step)
    document = {
        "table": table.id,
        "game": table.game,
        "players": table.players,
        "options": table.options,
        # Published only now the match is over; hex, since JSON numbers past 2**53 are unsafe.
        "seed": seed.hex(),
        "generator": seed.generator,
        "actions": [[seat, action] for seat, action in log],
        "steps": steps,
        "initial_view": initial_view,
        "final_view": final_view,
        "result": table.result,
    }
    return orjson.dumps(document, option=orjson.OPT_NON_STR_KEYS)[:-1]


def compressed(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=5, mtime=0)


class ReplayCache:
    """Replay heads of finished tables, at most ``max_bytes`` of them; used from threads."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        #: How many heads were built (a figure for tests and benchmarks).
        self.built = 0
        self._heads: OrderedDict[Key, bytes] = OrderedDict()
        self._lock = threading.Lock()
        #: A lock per document being built: requests at the same moment build it once.
        self._building: dict[Key, threading.Lock] = {}

    def get_or_build(self, key: Key, build: Callable[[], bytes]) -> bytes:
        head = self.get(key)
        if head is not None:
            return head
        with self._lock:
            building = self._building.setdefault(key, threading.Lock())
        with building:
            head = self.get(key)
            if head is None:
                head = build()
                self.put(key, head)
        with self._lock:
            self._building.pop(key, None)
        return head

    def get(self, key: Key) -> bytes | None:
        with self._lock:
            head = self._heads.get(key)
            if head is not None:
                self._heads.move_to_end(key)
            return head

    def put(self, key: Key, head: bytes) -> None:
        with self._lock:
            self.built += 1
            if key in self._heads or len(head) > self.max_bytes:
                return
            self._heads[key] = head
            self.bytes += len(head)
            while self.bytes > self.max_bytes:
                _key, dropped = self._heads.popitem(last=False)
                self.bytes -= len(dropped)
