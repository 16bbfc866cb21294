"""A queue served round robin level by level: across client addresses, then across each
address's owners, then across each owner's tables, then in order.

Bot decisions queue here rather than in the process pool's own first-come queue: one user with a
hundred bots-only tables then gets one turn in the rotation, like anyone with one table, and a
table with many bot seats one turn among its owner's tables. Addresses come first because a
guest account costs nothing: ten guests of one address share one address's turn, so they wait
behind one another, not in front of a person at another address.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: A level of the rotation: its keys in turn order, each with the next level (only non-empty
#: ones), down to a deque of the items of one path.
_Level = OrderedDict[Hashable, Any]


class FairQueue(Generic[T]):
    """Items pushed under a path of keys of fixed length, such as (address, owner, table);
    ``pop`` takes the next key's next key's ... oldest item."""

    def __init__(self, depth: int = 3) -> None:
        if depth < 1:
            raise ValueError("a fair queue needs at least one level of keys")
        self.depth = depth
        self._top: _Level = OrderedDict()
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def push(self, path: tuple[Hashable, ...], item: T) -> None:
        # A newcomer joins the end of its level's rotation: it waits at most one turn of each
        # key ahead of it.
        if len(path) != self.depth:
            raise ValueError(f"a path of {self.depth} keys is needed, not {len(path)}")
        level: _Level = self._top
        for key in path[:-1]:
            level = level.setdefault(key, OrderedDict())
        level.setdefault(path[-1], deque()).append(item)
        self._size += 1

    def pop(self) -> tuple[tuple[Hashable, ...], T]:
        """The next (path, item); IndexError when empty."""
        if not self._size:
            raise IndexError("pop from an empty FairQueue")
        levels: list[_Level] = []
        path: list[Hashable] = []
        level: Any = self._top
        while isinstance(level, OrderedDict):
            key = next(iter(level))
            levels.append(level)
            path.append(key)
            level = level[key]
        item: T = level.popleft()
        self._size -= 1
        # From the bottom up: an emptied key leaves its level; a key still holding items goes
        # to the back of its level's rotation.
        empty = not level
        for depth in range(len(levels) - 1, -1, -1):
            if empty:
                del levels[depth][path[depth]]
                empty = not levels[depth]
            else:
                levels[depth].move_to_end(path[depth])
        return tuple(path), item

    def waiting(self) -> dict[Hashable, int]:
        """How many items each first-level key (each address) has queued."""
        return {key: _count(level) for key, level in self._top.items()}


def _count(level: _Level | deque[Any]) -> int:
    if isinstance(level, deque):
        return len(level)
    return sum(_count(below) for below in level.values())
