"""Session cookies and who they belong to, which sockets end with a session, and the form in
which a user is shown to others."""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import Session as SessionRow
from meeplehall.server.db.models import User

COOKIE = "mh_session"

#: Close code of a socket whose session ended (logout, a password changed or reset, expiry).
CLOSE_SIGNED_OUT = 4401
#: Close code of the sockets of a banned user.
CLOSE_BANNED = 4403
#: The per-user event (told to every process) that ends sockets of a user's sessions.
SESSIONS_ENDED = "sessions_ended"

_HASH = re.compile(r"[0-9a-f]{64}")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Ending:
    """Which of a user's sockets close when sessions end: those opened with session ``only``;
    or else all but those of session ``keep`` (which go on as session ``renamed``, the hash of
    the token that replaced it). Sessions are named by their token's hash, never the token:
    this travels between processes."""

    only: str | None = None
    keep: str | None = None
    renamed: str | None = None
    #: A ban: every socket closes with 4403 "banned" rather than 4401.
    banned: bool = False

    def closes(self, session: str | None) -> bool:
        if self.only is not None:
            return session == self.only
        return self.keep is None or session != self.keep

    @property
    def code(self) -> int:
        return CLOSE_BANNED if self.banned else CLOSE_SIGNED_OUT

    @property
    def reason(self) -> str:
        return "banned" if self.banned else "signed out"

    def to_event(self) -> dict[str, Any]:
        return {"type": SESSIONS_ENDED, "only": self.only, "keep": self.keep,
                "renamed": self.renamed, "banned": self.banned}

    @classmethod
    def from_event(cls, event: dict[str, Any]) -> Ending:
        """The ending an event from another process names; ValueError if it is malformed."""
        fields = [event.get(key) for key in ("only", "keep", "renamed")]
        banned = event.get("banned", False)
        if any(value is not None and not (isinstance(value, str) and _HASH.fullmatch(value))
               for value in fields) or not isinstance(banned, bool):
            raise ValueError("a sessions_ended event names sessions by their hashes")
        only, keep, renamed = fields
        return cls(only=only, keep=keep, renamed=renamed, banned=banned)


def add_session(session: Session, user_id: int, seconds: float) -> str:
    """A new session of ``user_id`` for ``seconds``, in this transaction; returns its token
    (only its hash is kept)."""
    token = secrets.token_urlsafe(32)
    session.add(SessionRow(token_hash=token_hash(token), user_id=user_id,
                           expires_at=time.time() + seconds))
    return token


def delete_sessions(session: Session, user_id: int, keep: str | None = None) -> None:
    """Delete every session of the user but ``keep`` (a token hash)."""
    query = delete(SessionRow).where(SessionRow.user_id == user_id)
    if keep is not None:
        query = query.where(SessionRow.token_hash != keep)
    session.execute(query)


def delete_session(session: Session, hashed: str) -> int | None:
    """Delete one session; the id of the user it was of (None: there was none)."""
    row = session.get(SessionRow, hashed)
    if row is None:
        return None
    user_id = row.user_id
    session.delete(row)
    return user_id


def live_sessions(session: Session, hashes: Iterable[str], now: float) -> set[str]:
    """Which of these sessions still exist and have not expired."""
    wanted = list(hashes)
    live: set[str] = set()
    for start in range(0, len(wanted), 500):  # bounded IN lists
        live.update(session.scalars(select(SessionRow.token_hash).where(
            SessionRow.token_hash.in_(wanted[start:start + 500]),
            SessionRow.expires_at >= now)))
    return live


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
    guest has none (their profile is not public). ``kind`` is "person" or "agent"; an agent
    carries its owner's name (``owner``), so everyone sees whose program it is."""
    agent = user.kind == "agent"
    return {"id": user.id, "name": user.name, "guest": user.login is None,
            "profile": user.public_id if user.login is not None else None,
            "kind": "agent" if agent else "person",
            "owner": user.owner.name if agent and user.owner is not None else None}
