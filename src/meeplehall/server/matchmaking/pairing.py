"""Pairing tournament rounds and scoring them: pure functions of the standings.

Points: at a finished table each person scores one point for every opponent who finished
behind them and half a point for every one who tied (a two-player game: 1 for a win, 0.5 for a
draw, 0 for a loss). A bye scores as a win over one opponent (1 point).

Standings: points, then the Buchholz score (the sum of the points of everyone met so far), then
who registered first.

Swiss: people are taken in standings order; each table is the highest person not yet seated
with the next ones in order they have not met (people who met already sit together only when
nobody else is left). When the count does not divide into tables, the lowest in the standings
who have had the fewest byes sit out with a bye. Round robin (two-player tables): the circle
method, every pair meets once; with an odd count each round one person has a bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BYE_POINTS = 1.0


@dataclass(frozen=True)
class Standing:
    user_id: int
    points: float
    buchholz: float
    registered_at: float
    byes: int = 0


def table_points(ranks: Sequence[int]) -> list[float]:
    """Each seat's points from the seats' ranks (1 is best, equal ranks tie)."""
    return [sum(1.0 if mine < other else 0.5 if mine == other else 0.0
                for j, other in enumerate(ranks) if j != i)
            for i, mine in enumerate(ranks)]


def ordered(standings: Sequence[Standing]) -> list[Standing]:
    """The standings' order (the documented tie-break rule)."""
    return sorted(standings, key=lambda s: (-s.points, -s.buchholz, s.registered_at, s.user_id))


def swiss_round(standings: Sequence[Standing], met: set[frozenset[int]],
                size: int) -> tuple[list[list[int]], list[int]]:
    """Tables of ``size`` for the next Swiss round, and who has a bye."""
    order = [s.user_id for s in ordered(standings)]
    left_over = len(order) % size
    byes: list[int] = []
    if left_over:
        # The lowest placed with the fewest byes so far sit out.
        rank = {user: index for index, user in enumerate(order)}
        by_need = sorted(standings, key=lambda s: (s.byes, -rank[s.user_id]))
        byes = [s.user_id for s in by_need[:left_over]]
        order = [user for user in order if user not in byes]
    tables: list[list[int]] = []
    while order:
        table = [order.pop(0)]
        for _ in range(size - 1):
            fresh = [user for user in order
                     if all(frozenset((user, seated)) not in met for seated in table)]
            chosen = fresh[0] if fresh else order[0]
            order.remove(chosen)
            table.append(chosen)
        tables.append(table)
    return tables, byes


def round_robin_round(users: Sequence[int], round_index: int) -> tuple[list[list[int]], list[int]]:
    """Round ``round_index`` (0-based) of a round robin of two-player tables."""
    ring: list[int | None] = list(users)
    if len(ring) % 2:
        ring.append(None)
    count = len(ring)
    shift = round_index % (count - 1)
    # The circle method: the first stays, the others turn one place each round.
    rest = ring[1:]
    turned = [ring[0], *rest[-shift:], *rest[:-shift]] if shift else ring
    tables: list[list[int]] = []
    byes: list[int] = []
    for i in range(count // 2):
        a, b = turned[i], turned[count - 1 - i]
        if a is None or b is None:
            byes.extend(user for user in (a, b) if user is not None)
        else:
            tables.append([a, b])
    return tables, byes


def round_robin_rounds(people: int) -> int:
    return people - 1 if people % 2 == 0 else people
