"""Row locks that make "count, then add one" hold when several threads or processes do it at
once: PostgreSQL waits on the row until the holder commits; on SQLite, whose writers already
queue one at a time (access.py), the lock is a plain read."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import User


def hold_user(session: Session, user_id: int) -> None:
    """Hold the user's row until the transaction ends."""
    session.execute(select(User.id).where(User.id == user_id).with_for_update())
