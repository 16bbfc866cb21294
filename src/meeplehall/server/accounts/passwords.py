"""Password hashes (argon2), a hash of no one's password to verify against when the name is
unknown, so a failed login takes as long whether or not the name exists, and the one-time
replacement of a hash that a password-reset link allows."""

from __future__ import annotations

import hashlib
import secrets
from functools import cache

from argon2 import PasswordHasher
from sqlalchemy import update
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import delete_sessions
from meeplehall.server.db.models import User

hasher = PasswordHasher()


@cache
def dummy_hash() -> str:
    """A hash of no one's password, with the hasher's settings (made once, on first use)."""
    return hasher.hash(secrets.token_urlsafe(16))


def unusable_hash() -> str:
    """The hash of a random secret nobody is told: no password logs in until a new one is set
    (an administrator's reset; the user chooses the new one through a link mailed to them)."""
    return hasher.hash(secrets.token_urlsafe(32))


def fingerprint(password_hash: str | None) -> str:
    """A short digest of a password hash, carried by a password-reset link: a new password
    changes it, so a link works once, and a newer reset voids the links before it."""
    return hashlib.sha256((password_hash or "").encode()).hexdigest()[:32]


def password_hash_of(session: Session, user_id: int) -> str | None:
    """A registered user's password hash now (None for a guest, an agent or no such user)."""
    user = session.get(User, user_id)
    return user.password_hash if user is not None and user.login is not None else None


def replace_hash(session: Session, user_id: int, before: str, after: str) -> bool:
    """The new hash, if the password is still the one the link was made for (so two uses of
    one link at once set it once); every session of the user ends."""
    changed = session.execute(
        update(User).where(User.id == user_id, User.password_hash == before)
        .values(password_hash=after)
    )
    if not getattr(changed, "rowcount", 0):
        return False
    delete_sessions(session, user_id)
    return True
