"""Who is online, and the per-user live channel.

A user is online while any WebSocket of theirs (a table's or the per-user one) is open in any
server process. Each process counts its own; with Redis, each also keeps its word "user U is
here" in a sorted set per user, renewed every ``RENEW_SECONDS`` and lapsing after
``PRESENCE_SECONDS``, so a process that dies takes its users offline within a minute. When a
user's last socket in a process closes, the time is kept as ``contacts.last_seen_at`` (what the
e-mail's "away for a while" reads).

Events for a user (a notification, "your waiting tables changed") go to that user's channel
sockets in this process and, through Redis, to those in the others. So does the end of some of
a user's sessions (``Ending``): every socket of theirs opened with one of them closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import SESSIONS_ENDED, Ending
from meeplehall.server.db.models import Contact
from meeplehall.server.play.connection import Connection
from meeplehall.server.play.fanout import Fanout

log = logging.getLogger("meeplehall.server")

RENEW_SECONDS = 20.0

#: Builds the "waiting" message of a user's channel (the tables waiting for their move).
Recount = Callable[[int], Awaitable[dict[str, Any]]]


def contact_of(session: Session, user_id: int) -> Contact:
    """The user's contact row, made (with its defaults) on first use."""
    contact = session.get(Contact, user_id)
    if contact is None:
        contact = Contact(user_id=user_id, email=None, verified=False, opt_in=False, lang="en")
        try:
            with session.begin_nested():
                session.add(contact)
        except IntegrityError:  # another process made it meanwhile
            contact = session.get(Contact, user_id)
            assert contact is not None
    return contact


def lang_of(session: Session, user_id: int) -> str:
    """The language the user's pages are in ("en" until they say)."""
    contact = session.get(Contact, user_id)
    return contact.lang if contact is not None else "en"


def set_lang(session: Session, user_id: int, lang: str) -> None:
    """Remember the language the user's pages are in (for their e-mail)."""
    contact = contact_of(session, user_id)
    if contact.lang != lang:
        contact.lang = lang


def _seen(session: Session, user_id: int, when: float) -> None:
    contact_of(session, user_id).last_seen_at = when


class Hub:
    def __init__(self, fanout: Fanout | None, run_db: Callable[..., Any]) -> None:
        self.fanout = fanout
        self.run_db = run_db
        #: Open sockets (table and channel) per user in this process.
        self.sockets: dict[int, set[Connection]] = {}
        #: Per-user channel sockets in this process, and the last ``waiting`` each was sent.
        self.channels: dict[int, set[Connection]] = {}
        self.last_waiting: dict[Connection, str] = {}
        self.recount: Recount | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._renewing: asyncio.Task[None] | None = None

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> None:
        if self.fanout is not None:
            await self.fanout.listen_users(self.deliver)
            self.fanout.resubscribed.append(self._recount_all)
            self._renewing = asyncio.get_running_loop().create_task(self._renew())

    async def stop(self) -> None:
        if self._renewing is not None:
            self._renewing.cancel()
            with contextlib.suppress(BaseException):
                await self._renewing

    async def _renew(self) -> None:
        assert self.fanout is not None
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                await self.fanout.mark_online(list(self.sockets), time.time())
            except Exception:
                log.exception("could not renew who is online")

    # -- sockets -------------------------------------------------------------------------------

    def opened(self, connection: Connection) -> None:
        """A WebSocket opened (any kind; a visitor's counts for nobody)."""
        user_id = connection.user_id
        if user_id is None:
            return
        sockets = self.sockets.setdefault(user_id, set())
        sockets.add(connection)
        if len(sockets) == 1 and self.fanout is not None:
            self._spawn(self.fanout.mark_online([user_id], time.time()))

    def closed(self, connection: Connection) -> None:
        user_id = connection.user_id
        sockets = self.sockets.get(user_id) if user_id is not None else None
        if user_id is None or sockets is None or connection not in sockets:
            return
        sockets.discard(connection)
        if not sockets:
            del self.sockets[user_id]
            self._spawn(self._went_away(user_id))

    def end_sockets(self, user_id: int, ending: Ending) -> None:
        """Close the user's sockets in this process that ``ending`` names; those of the session
        it keeps take the session's new name."""
        for connection in list(self.sockets.get(user_id, ())):
            if ending.closes(connection.session):
                connection.end(ending.code, ending.reason)
            elif ending.renamed is not None and connection.session == ending.keep:
                connection.session = ending.renamed

    async def _went_away(self, user_id: int) -> None:
        try:
            if self.fanout is not None:
                await self.fanout.mark_offline(user_id)
            await self.run_db(_seen, user_id, time.time())
        except Exception:
            log.exception("user %s: could not note when they left", user_id)

    def join_channel(self, user_id: int, connection: Connection) -> None:
        self.channels.setdefault(user_id, set()).add(connection)

    def leave_channel(self, user_id: int, connection: Connection) -> None:
        sockets = self.channels.get(user_id)
        if sockets is not None:
            sockets.discard(connection)
            if not sockets:
                del self.channels[user_id]
        self.last_waiting.pop(connection, None)

    async def online(self, user_ids: list[int]) -> set[int]:
        """Which of ``user_ids`` have a socket open now, in this process or another."""
        here = {user_id for user_id in user_ids if user_id in self.sockets}
        rest = [user_id for user_id in user_ids if user_id not in here]
        if rest and self.fanout is not None:
            try:
                here |= await self.fanout.online(rest, time.time())
            except Exception:
                log.exception("could not ask who is online")
        return here

    # -- events ----------------------------------------------------------------------------------

    async def tell(self, user_id: int, event: dict[str, Any]) -> None:
        """Send ``event`` to the user's channel sockets, here and in the other processes.
        ``{"type": "recount"}`` makes each socket get a fresh ``waiting`` (if it changed)."""
        await self.deliver(user_id, event)
        await self.tell_others(user_id, event)

    async def tell_others(self, user_id: int, event: dict[str, Any]) -> None:
        """Send ``event`` to the user's sockets in the other processes only."""
        if self.fanout is not None:
            try:
                await self.fanout.publish_user(user_id, event)
            except Exception:
                log.exception("user %s: could not tell the other processes", user_id)

    async def deliver(self, user_id: int, event: dict[str, Any]) -> None:
        if event.get("type") == SESSIONS_ENDED:
            try:
                ending = Ending.from_event(event)
            except ValueError:
                log.warning("user %s: ignored a malformed sessions_ended event", user_id)
                return
            self.end_sockets(user_id, ending)
            return
        sockets = self.channels.get(user_id)
        if not sockets:
            return
        if event.get("type") == "recount":
            await self.send_waiting(user_id)
            return
        for connection in list(sockets):
            connection.send_json(event)

    async def _recount_all(self) -> None:
        """After Redis was away: each channel gets its ``waiting`` anew, if it changed."""
        for user_id in list(self.channels):
            await self.send_waiting(user_id)

    async def send_waiting(self, user_id: int) -> None:
        """The user's ``waiting`` message to each of their channel sockets it is news to."""
        if self.recount is None:
            return
        text = json.dumps(await self.recount(user_id))
        for connection in list(self.channels.get(user_id, ())):
            if self.last_waiting.get(connection) != text:
                self.last_waiting[connection] = text
                connection.send(text)
