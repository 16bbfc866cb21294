"""The "Play now" queue in the database: joining, leaving, looking, and one matching pass.

Every process may run a pass; on PostgreSQL a transaction-scoped advisory lock lets one pass
run at a time in the whole hall (the others skip that second), and SQLite's single writer does
the same. Whatever happens, a queue row is marked seated only while it is still waiting (one
``UPDATE ... WHERE table_id IS NULL`` per person, its count checked), and a person has one row
at most (``queue_entries.user_id`` is unique): nobody is seated twice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.orm import Session

from meeplehall.server.config import Settings
from meeplehall.server.db.models import QueueEntry, Rating
from meeplehall.server.errors import ApiError
from meeplehall.server.history.ratings import MODEL, ordinal
from meeplehall.server.matchmaking.matching import Group, Waiting, Window, match
from meeplehall.server.play.opening import Clock, mark_started, new_table

#: The key of PostgreSQL's advisory lock held by the matching pass (any constant of the hall).
MATCHING_LOCK = 0x6D68_706E  # "mhpn"
#: A waiting person's page says it is there at most this often (a write each time).
SEEN_EVERY_SECONDS = 10.0


@dataclass(frozen=True)
class Seating:
    """A table the pass opened and started, and the people it seated there."""

    table_id: int
    user_ids: tuple[int, ...]


def rating_of(session: Session, user_id: int, game: str) -> float:
    """The person's OpenSkill ordinal for the game (a fresh rating's for a newcomer)."""
    row = session.get(Rating, (user_id, game))
    if row is None:
        fresh = MODEL.rating()
        return ordinal(fresh.mu, fresh.sigma)
    return ordinal(row.mu, row.sigma)


def entry_of(session: Session, user_id: int, *, lock: bool = False) -> QueueEntry | None:
    query = select(QueueEntry).where(QueueEntry.user_id == user_id)
    return session.scalars(query.with_for_update() if lock else query).first()


def enqueue(session: Session, entry: QueueEntry) -> None:
    """Put the person in the queue; 409 ``already_queued`` if they wait already. A seat the
    queue gave them earlier is forgotten (they played it, or chose not to)."""
    mine = entry_of(session, entry.user_id, lock=True)
    if mine is not None:
        if mine.table_id is None:
            raise ApiError(409, "already_queued",
                           "you are already waiting for a table; leave the queue first",
                           {"game": mine.game})
        session.delete(mine)
        session.flush()
    session.add(entry)
    session.flush()


def dequeue(session: Session, user_id: int) -> None:
    """Leave the queue: 409 ``not_queued`` if not in it, ``already_seated`` if a table was
    found (the answer names it)."""
    mine = entry_of(session, user_id, lock=True)
    if mine is None:
        raise ApiError(409, "not_queued", "you are not waiting for a table")
    if mine.table_id is not None:
        raise ApiError(409, "already_seated", "a table was already found for you",
                       {"table": mine.table_id})
    session.delete(mine)


def look(session: Session, user_id: int, now: float, window: Window) -> dict[str, Any]:
    """The person's place in the queue (and a sign that their page is still open)."""
    mine = entry_of(session, user_id)
    if mine is None:
        return {"state": "none"}
    if mine.table_id is not None:
        return {"state": "seated", "table": mine.table_id, "game": mine.game}
    if now - mine.seen_at >= SEEN_EVERY_SECONDS:
        mine.seen_at = now
    waiting = session.scalar(select(func.count()).select_from(QueueEntry).where(
        QueueEntry.table_id.is_(None), QueueEntry.game == mine.game,
        QueueEntry.mode == mine.mode, QueueEntry.rated == mine.rated)) or 0
    waited = max(0.0, now - mine.joined_at)
    return {
        "state": "waiting",
        "game": mine.game,
        "sizes": mine.sizes,
        "mode": mine.mode,
        "rated": mine.rated,
        "bots": ({"level": mine.bot_level, "after_seconds": mine.bot_after_seconds}
                 if mine.bot_level is not None else None),
        "waited": round(waited, 1),
        "window": round(window.width(waited), 2),
        "waiting": waiting,
    }


def _one_pass_at_a_time(session: Session) -> bool:
    if session.get_bind().dialect.name != "postgresql":
        return True  # SQLite: one writer at a time already
    return bool(session.scalar(text("SELECT pg_try_advisory_xact_lock(:key)"),
                               {"key": MATCHING_LOCK}))


def match_pass(session: Session, now: float, settings: Settings) -> list[Seating]:
    """Drop live entries whose page is gone, match the rest, open and start their tables."""
    if not _one_pass_at_a_time(session):
        return []
    session.execute(delete(QueueEntry).where(
        QueueEntry.table_id.is_(None), QueueEntry.mode == "live",
        QueueEntry.seen_at < now - settings.playnow_absent_seconds))
    query = select(QueueEntry).where(QueueEntry.table_id.is_(None))
    if session.get_bind().dialect.name == "postgresql":
        query = query.with_for_update(skip_locked=True)
    rows = {row.id: row for row in session.scalars(query)}
    window = Window(settings.playnow_window_base, settings.playnow_window_per_second)
    seatings = []
    for group in match((_waiting(row) for row in rows.values()), now, window):
        seating = _open(session, group, [rows[p.entry_id] for p in group.people], now, settings)
        if seating is not None:
            seatings.append(seating)
    return seatings


def _waiting(row: QueueEntry) -> Waiting:
    return Waiting(row.id, row.user_id, row.game, tuple(row.sizes), row.mode, row.rated,
                   row.rating, row.joined_at, row.bot_level, row.bot_after_seconds)


def _clock(settings: Settings, mode: str) -> Clock:
    return Clock(mode, settings.playnow_live_seconds, settings.playnow_live_increment_seconds,
                 settings.playnow_turn_hours)


class _Lost(Exception):
    """A person of the group was seated or left meanwhile: the table is not opened."""


def _open(session: Session, group: Group, rows: Sequence[QueueEntry], now: float,
          settings: Settings) -> Seating | None:
    first = rows[0]
    seats = random.sample(range(group.size), group.size)  # who moves first is not who waited
    people = {seat: row.user_id for seat, row in zip(seats, rows, strict=False)}
    bots = {seat: group.bot_level for seat in seats[len(rows):] if group.bot_level is not None}
    try:
        with session.begin_nested():
            table = new_table(
                session, game=first.game, options={}, players=group.size,
                clock=_clock(settings, first.mode), visibility="public", rated=first.rated,
                hints=False, spectator_chat=True, owner_id=first.user_id, owner_address=None,
                people=people, bots=bots)
            for row in rows:
                marked = session.execute(
                    update(QueueEntry)
                    .where(QueueEntry.id == row.id, QueueEntry.table_id.is_(None))
                    .values(table_id=table.id).execution_options(synchronize_session=False))
                if marked.rowcount != 1:  # type: ignore[attr-defined]
                    raise _Lost()
            mark_started(table, now)
    except _Lost:
        return None
    return Seating(table.id, tuple(row.user_id for row in rows))
