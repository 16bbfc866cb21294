"""How many tables of bots one user may run at once (the lobby checks before creating one).

Every bots-only table keeps a bot worker busy until its game ends, and every table with a
level-3 bot asks for half a second of search per move: without a cap one user could open
enough of them to occupy the pool. The fair queue already shares the workers between users;
these caps keep one user's share from growing without end.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.bots.pool import CHEAP_LEVELS
from meeplehall.server.config import Settings
from meeplehall.server.db.models import Seat, Table
from meeplehall.server.errors import ApiError


def _running_tables(session: Session, user_id: int) -> dict[int, list[Seat]]:
    """Seats of every table the user owns that has not finished (waiting or playing)."""
    rows = session.scalars(
        select(Seat)
        .join(Table, Table.id == Seat.table_id)
        .where(Table.owner_id == user_id, Table.status.in_(("waiting", "playing")))
    ).all()
    tables: dict[int, list[Seat]] = {}
    for seat in rows:
        tables.setdefault(seat.table_id, []).append(seat)
    return tables


def _bots_only(seats: list[Seat]) -> bool:
    # A seat whose person left (replaced) is a bot's for the rest of the game.
    return all(s.bot_level is not None or s.replaced is not None for s in seats)


def _strong(levels: list[int | None]) -> bool:
    return any(level is not None and level not in CHEAP_LEVELS for level in levels)


def check_bot_limits(session: Session, settings: Settings, user_id: int, players: int,
                     bots: Mapping[int, int], seated: bool) -> None:
    """Refuse a new table that would take the user past a limit (ApiError 409)."""
    bots_only = not seated and len(bots) == players
    strong = _strong(list(bots.values()))
    if not bots_only and not strong:
        return
    running = _running_tables(session, user_id)
    if bots_only:
        count = sum(1 for seats in running.values() if _bots_only(seats))
        if count >= settings.max_bot_only_tables:
            limit = settings.max_bot_only_tables
            raise ApiError(409, "too_many_bot_tables",
                           f"you already run {count} tables of bots only (at most {limit} at "
                           "once); wait for one to finish", {"limit": limit})
    if strong:
        count = sum(1 for seats in running.values() if _strong([s.bot_level for s in seats]))
        if count >= settings.max_strong_bot_tables:
            limit = settings.max_strong_bot_tables
            level = min(level for level in bots.values() if level not in CHEAP_LEVELS)
            raise ApiError(409, "too_many_strong_bot_tables",
                           f"you already run {count} tables with bots of level {level} or more "
                           f"(at most {limit} at once); wait for one to finish or choose "
                           "a lower level", {"limit": limit, "level": level})
