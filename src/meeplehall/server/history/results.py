"""What a finished game moves besides its result: people's ratings for a rated table of
registered people, else the agents' ladder for a table of agents and bots.

The table manager writes a game's last move; this runs in the same transaction (handed to the
manager as its ``GameEnded``, play/store.py), so a result is never stored without its ratings.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import User
from meeplehall.server.history.ladder import update_ladder
from meeplehall.server.history.ratings import update_ratings
from meeplehall.server.play.store import TableRecord
from meeplehall.server.seating import Caller, kind_of, moves_ratings


def game_ended(session: Session, record: TableRecord, result: dict[str, Any], table_id: int,
               at: float) -> None:
    """Rate the game that just ended at ``record``'s table: people's ratings when the table
    was rated, else the ladder (which moves only for a table of agents and bots)."""
    if record.rated:
        rate(session, record, result, table_id, at)
    else:
        update_ladder(session, record.game, record.seats, result["ranks"])


def rate(session: Session, record: TableRecord, result: dict[str, Any], table_id: int,
         at: float) -> None:
    """Update ratings when the seats' holders move them (seating.py: every seat a different
    registered person's when the table started, no bot)."""
    users = [state.user_id for state in record.seats]
    bots = [index for index, state in enumerate(record.seats) if state.bot_level is not None]
    known = {user_id: kind_of(kind, login) for user_id, kind, login in session.execute(
        select(User.id, User.kind, User.login).where(
            User.id.in_([user for user in users if user is not None])))}
    holders = [Caller(user, known[user]) if user in known else None for user in users]
    if not moves_ratings(holders, bots):
        return
    update_ratings(session, record.game, [u for u in users if u is not None], result["ranks"],
                   table_id, at)
