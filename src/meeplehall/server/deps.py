"""What request handlers share: the server's parts and the current user."""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import Request, WebSocket
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from meeplehall.server.config import Settings
from meeplehall.server.db.models import Session as SessionRow
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.origins import foreign_origin, refusal

if TYPE_CHECKING:
    from meeplehall.server.bots import BotPool
    from meeplehall.server.mail import Mailer
    from meeplehall.server.notices import Notices
    from meeplehall.server.presence import Hub
    from meeplehall.server.tables import TableManager

COOKIE = "mh_session"

#: Ids are 32-bit integers in the database (PostgreSQL's ``integer``); a larger one names
#: nothing, and could not even be sent to SQLite beyond 64 bits.
MAX_ID = 2**31 - 1


def is_id(value: int) -> bool:
    """Whether ``value`` can be the id of a row (else it names nothing)."""
    return 0 < value <= MAX_ID


@dataclass
class Hall:
    """The running server's parts, kept on ``app.state.hall``."""

    settings: Settings
    engine: Engine
    sessions: sessionmaker[Any]
    bots: BotPool
    tables: TableManager | None = None
    #: Who is online and the per-user channels; notifications; outgoing e-mail.
    hub: Hub | None = None
    notices: Notices | None = None
    mailer: Mailer | None = None
    #: The key signing links in e-mail (made once per database by a migration).
    link_key: str = ""
    #: SQLite has one writer at a time and its busy handler sleeps in steps of up to 100 ms;
    #: a Python lock makes transactions queue instead, without the sleeps.
    serialise: bool = False
    #: Origins besides the server's own whose pages may change state (normalised).
    allowed_origins: frozenset[str] = frozenset()
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def db(self) -> Iterator[Session]:
        guard: AbstractContextManager[object] = self._lock if self.serialise else nullcontext()
        with guard, self.sessions() as session, session.begin():
            yield session

    def run_db(self, function: Callable[..., Any], *args: Any) -> Any:
        """Await ``function(session, *args)`` run in a transaction in a worker thread."""

        def work() -> Any:
            with self.db() as session:
                return function(session, *args)

        return asyncio.to_thread(work)

    @property
    def manager(self) -> TableManager:
        assert self.tables is not None
        return self.tables

    def hub_of(self) -> Hub:
        assert self.hub is not None
        return self.hub


def hall_of(request: Any) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


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


def current_user(request: Request) -> User | None:
    """The logged-in user (guest or registered), or None."""
    with hall_of(request).db() as session:
        return user_for_token(session, request.cookies.get(COOKIE))


def require_user(request: Request) -> User:
    user = current_user(request)
    if user is None:
        raise ApiError(401, "not_logged_in", "log in or pick a guest name first")
    return user


#: Close code of a table WebSocket opened by a page of a foreign origin (see origins.py).
CLOSE_FOREIGN_ORIGIN = 4400


async def refuse_foreign_origin(websocket: WebSocket) -> bool:
    """Close a WebSocket handshake from a foreign origin (accepted, then closed with
    ``CLOSE_FOREIGN_ORIGIN`` and a reason, like the other refusals); True when it was."""
    hall = hall_of(websocket)
    origin = foreign_origin(websocket.scope, hall.allowed_origins)
    if origin is None:
        return False
    await websocket.accept()
    await websocket.close(CLOSE_FOREIGN_ORIGIN, refusal(origin).detail[:120])
    return True


def user_json(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "guest": user.login is None}
