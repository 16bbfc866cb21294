"""Session cookies and who they belong to, and the form in which a user is shown to others."""

from __future__ import annotations

import hashlib
import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import Session as SessionRow
from meeplehall.server.db.models import User

COOKIE = "mh_session"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def user_for_token(session: Session, token: str | None) -> User | None:
    if not token:
        return None
    row = session.get(SessionRow, token_hash(token))
    if row is None or row.expires_at < time.time():
        return None
    user = session.scalar(select(User).where(User.id == row.user_id))
    # A ban ends the user's sessions; this also covers a session made in the same moment.
    return user if user is not None and user.banned_at is None else None


def user_json(user: User) -> dict[str, Any]:
    """A user as others see them: ``profile`` names a registered user's public profile; a
    guest has none (their profile is not public)."""
    return {"id": user.id, "name": user.name, "guest": user.login is None,
            "profile": user.public_id if user.login is not None else None}
