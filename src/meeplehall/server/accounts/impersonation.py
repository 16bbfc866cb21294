"""No guest and registered user share a name, so a guest can never pass for a registered person.

Names are compared by their login key (``names.login_key``: NFKC, spaces collapsed, lower case),
the key registered names are unique by. A guest may not take a registered name, and a
registration may not take the name of a *current* guest (one with a session that has not
expired) other than the registering guest: the guest was there first and keeps being who the
others see. A guest whose sessions have all expired can never be used again, so its name no
longer holds anyone back. Registered names stay unique among themselves (``users.login``).

Both checks run in the transaction that then writes the user, under a lock on the name's key:
SQLite runs one writing transaction at a time (db/access.py), PostgreSQL takes a transaction
advisory lock on the key, so a guest and a registration of one name at the same moment cannot
both succeed, whichever process serves them.
"""

from __future__ import annotations

import hashlib
import time

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import Session as SessionRow
from meeplehall.server.db.models import User


def lock_name(session: Session, key: str) -> None:
    """Hold the name ``key`` until the transaction ends (PostgreSQL; SQLite has one writer)."""
    if session.get_bind().dialect.name != "postgresql":
        return
    digest = hashlib.blake2b(f"name:{key}".encode(), digest_size=8).digest()
    session.execute(select(func.pg_advisory_xact_lock(int.from_bytes(digest, "big", signed=True))))


def registered_name_taken(session: Session, key: str) -> bool:
    """Whether a registered user has the name ``key``."""
    return session.scalar(select(User.id).where(User.login == key).limit(1)) is not None


def guest_name_taken(session: Session, key: str, me: int | None) -> bool:
    """Whether a current guest other than ``me`` shows the name ``key``."""
    live = exists().where(SessionRow.user_id == User.id, SessionRow.expires_at > time.time())
    query = select(User.id).where(User.guest_key == key, User.login.is_(None), live)
    if me is not None:
        query = query.where(User.id != me)
    return session.scalar(query.limit(1)) is not None


def name_taken(session: Session, key: str, me: int | None) -> bool:
    """Whether a registered user or a current guest other than ``me`` has the name ``key``."""
    return registered_name_taken(session, key) or guest_name_taken(session, key, me)
