"""A queue served round robin: across owners, then across each owner's tables, then in order.

Bot decisions queue here rather than in the process pool's own first-come queue: one user with a
hundred bots-only tables then gets one turn in the rotation, like anyone with one table, and a
table with many bot seats one turn among its owner's tables.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class FairQueue(Generic[T]):
    """Items pushed under (owner, table); ``pop`` takes the next owner's next table's oldest."""

    def __init__(self) -> None:
        #: Owners in rotation order, each with its tables in rotation order (only non-empty).
        self._owners: OrderedDict[Hashable, OrderedDict[Hashable, deque[T]]] = OrderedDict()
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def push(self, owner: Hashable, table: Hashable, item: T) -> None:
        # A newcomer joins the end of the rotation: it waits at most one turn of each owner.
        tables = self._owners.setdefault(owner, OrderedDict())
        tables.setdefault(table, deque()).append(item)
        self._size += 1

    def pop(self) -> tuple[Hashable, Hashable, T]:
        """The next (owner, table, item); IndexError when empty."""
        if not self._owners:
            raise IndexError("pop from an empty FairQueue")
        owner, tables = next(iter(self._owners.items()))
        table, items = next(iter(tables.items()))
        item = items.popleft()
        self._size -= 1
        if items:
            tables.move_to_end(table)
        else:
            del tables[table]
        if tables:
            self._owners.move_to_end(owner)
        else:
            del self._owners[owner]
        return owner, table, item

    def waiting(self) -> dict[Hashable, int]:
        """How many items each owner has queued."""
        return {
            owner: sum(len(items) for items in tables.values())
            for owner, tables in self._owners.items()
        }
