"""Who sits with whom in "Play now": a pure function of the people waiting and the time.

People are matched only with people who chose the same game, speed and rated-or-not, and a
table size each accepts. The person waiting longest is served first, with the people nearest
their rating; how far a rating may be grows with that person's wait (``Window``), so close
ratings are preferred while people are many and nobody waits for ever when they are few. A
person who asked for bots gets them in the empty seats once their chosen wait is over.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Waiting:
    """One person in the queue, as the matcher needs them."""

    entry_id: int
    user_id: int
    game: str
    sizes: tuple[int, ...]
    mode: str
    rated: bool
    rating: float
    joined_at: float
    bot_level: int | None = None
    bot_after_seconds: float | None = None


@dataclass(frozen=True)
class Window:
    """The widest rating gap (in OpenSkill ordinal points) to a person who has waited so long."""

    base: float = 3.0
    per_second: float = 0.5

    def width(self, waited: float) -> float:
        return self.base + self.per_second * max(0.0, waited)


@dataclass(frozen=True)
class Group:
    """One table to open: its people (the longest waiting first) and its size; the seats
    beyond the people get bots of ``bot_level``."""

    people: tuple[Waiting, ...]
    size: int
    bot_level: int | None = None


def match(waiting: Iterable[Waiting], now: float, window: Window) -> list[Group]:
    """The tables to open now; nobody is in two of them."""
    pools: dict[tuple[str, str, bool], list[Waiting]] = defaultdict(list)
    for person in waiting:
        pools[(person.game, person.mode, person.rated)].append(person)
    groups: list[Group] = []
    for pool in pools.values():
        groups.extend(_match_pool(pool, now, window))
    return groups


def _match_pool(pool: list[Waiting], now: float, window: Window) -> list[Group]:
    by_rating = sorted(pool, key=lambda p: (p.rating, p.joined_at))
    ratings = [p.rating for p in by_rating]
    taken: set[int] = set()
    groups: list[Group] = []
    for person in sorted(pool, key=lambda p: (p.joined_at, p.entry_id)):
        if person.entry_id in taken:
            continue
        waited = now - person.joined_at
        width = window.width(waited)
        low = bisect.bisect_left(ratings, person.rating - width)
        high = bisect.bisect_right(ratings, person.rating + width)
        near = sorted(
            (other for other in by_rating[low:high]
             if other.entry_id != person.entry_id and other.entry_id not in taken),
            key=lambda other: (abs(other.rating - person.rating), other.joined_at),
        )
        group = _full_table(person, near) or _table_with_bots(person, near, waited)
        if group is not None:
            groups.append(group)
            taken.update(p.entry_id for p in group.people)
    return groups


def _full_table(person: Waiting, near: list[Waiting]) -> Group | None:
    """The largest table the person accepts that people near them can fill."""
    for size in sorted(person.sizes, reverse=True):
        fitting = [other for other in near if size in other.sizes][: size - 1]
        if len(fitting) == size - 1:
            return Group((person, *fitting), size)
    return None


def _table_with_bots(person: Waiting, near: list[Waiting], waited: float) -> Group | None:
    """Once the person's chosen wait is over: the smallest table they accept, with the people
    near them who also accept bots, and bots of the person's level in the other seats."""
    if person.bot_level is None or waited < (person.bot_after_seconds or 0.0):
        return None
    size = min(person.sizes)
    fitting = [other for other in near
               if size in other.sizes and other.bot_level is not None][: size - 1]
    return Group((person, *fitting), size, person.bot_level)
