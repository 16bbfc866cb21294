"""Table chat over the table WebSocket: who may read and write, what a message may hold, how
fast one may write, and reports to the operator.

Each room keeps its last messages in memory (``Room.chat``), loaded once from the database. A
new message is stored, then added to that list and sent to the room's sockets with no ``await``
in between; a socket that opens sends the list and joins the room with no ``await`` in between
either. So every message reaches an open socket exactly once: in the ``chat_log`` it gets on
opening, or as a ``chat`` message afterwards. Older messages are read by page (``chat_before``),
so what a socket gets on opening stays small however long the chat grew.

A table's chat holds at most so many messages, in all and per author, and closes a while after
the table ends (``store.ChatCaps``); the retention sweep (retention.py) deletes the chat
of tables that ended long ago.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import unicodedata
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from meeplehall.server.config import Settings
from meeplehall.server.guards.ratelimit import Buckets
from meeplehall.server.play.chat import store
from meeplehall.server.play.chat.text import refused_format_character
from meeplehall.server.play.match import Rejection

if TYPE_CHECKING:
    from meeplehall.server.play.connection import Connection
    from meeplehall.server.play.room import Room

#: Characters a message may hold (code points, once normalised).
MAX_CHARS = 500
#: Characters of a report's note.
MAX_NOTE_CHARS = 300
#: Why a message is reported (the client offers these).
REPORT_REASONS = ("spam", "abuse", "cheating", "other")

#: Line breaks and tabs: a chat line is one line, so they become spaces.
BREAKS = re.compile(r"[\t\n\v\f\r\x85\u2028\u2029]")
#: Control and surrogate code points show nothing and may break a client (format characters:
#: text.py).
REFUSED_CATEGORIES = frozenset({"Cc", "Cs"})
#: Categories that show something by themselves.
VISIBLE_CATEGORIES = ("L", "N", "P", "S")

Publish = Callable[["Room", str], Awaitable[None]]


def clean_text(raw: Any, limit: int, field: str = "text") -> str:
    """The text as kept and shown: NFC-normalised, on one line, trimmed. Refused (Rejection)
    when it is not a string, shows nothing, holds a control or format character (text.py)
    or is over ``limit``."""
    if not isinstance(raw, str):
        raise Rejection("bad_message", f"{field!r} must be a string")
    text = BREAKS.sub(" ", unicodedata.normalize("NFC", raw)).strip()
    refused = next((char for char in text if unicodedata.category(char) in REFUSED_CATEGORIES),
                   None) or refused_format_character(text)
    if refused is not None:
        code = f"U+{ord(refused):04X}"
        raise Rejection("chat_bad_text",
                        f"a message cannot hold the character {code} (a control or invisible "
                        "formatting character)", char=code)
    if field == "text" and not any(
        unicodedata.category(char)[0] in VISIBLE_CATEGORIES for char in text
    ):
        raise Rejection("chat_bad_text", "the message is empty")
    if len(text) > limit:
        raise Rejection("chat_too_long", f"a message is at most {limit} characters",
                        max=limit)
    return text


def page_limit(raw: Any, largest: int) -> int:
    """The messages a page asked for holds: ``limit`` when given (1 or more), at most
    ``largest``; Rejection when it is no whole number."""
    if raw is None:
        return largest
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        raise Rejection("bad_message", "'limit' must be a whole number from 1")
    return min(raw, largest)


def may_read(room: Room, connection: Connection) -> bool:
    """Whether this socket may see the table (and so its chat) now: a public table, an invite
    given when it connected, its owner, or someone who holds or held a seat there. A socket
    that stops being one of those (it left a private table it had no invite to) reads no more."""
    record = room.record
    if record.visibility == "public" or connection.invited:
        return True
    user = connection.user_id
    return user is not None and (
        user == record.owner_id or any(seat.user_id == user for seat in record.seats)
    )


def speaker_seats(room: Room, connection: Connection) -> list[int]:
    """The seats a message from this socket is said from (empty: a spectator); Rejection when
    it may not write."""
    user = connection.user_id
    if user is None:
        raise Rejection("chat_login", "log in or pick a guest name to chat")
    if not may_read(room, connection):
        raise Rejection("chat_not_allowed", "you may no longer see this table")
    seats = room.owned(user)
    if not seats and user != room.record.owner_id and not room.record.spectator_chat:
        raise Rejection("spectator_chat_off",
                        "the table's owner has turned spectator chat off")
    return seats


class TableChat:
    """The chat of every room of this process; per-user limits shared by all its tables."""

    def __init__(self, run_db: Callable[..., Any], settings: Settings, publish: Publish) -> None:
        self.run_db = run_db
        self.history = settings.chat_history
        self.page_size = settings.chat_page_size
        self.caps = store.ChatCaps.of(settings)
        self.publish = publish
        #: Messages per user: ``chat_burst`` at once, then ``chat_rate`` a second.
        self.limits: Buckets[int] = Buckets(settings.chat_rate, settings.chat_burst)

    async def ensure(self, room: Room) -> None:
        """Load the room's recent messages once (before a socket joins it)."""
        if room.chat is not None:
            return
        async with room.chat_lock:
            if room.chat is None:
                room.chat, room.chat_more = await self.run_db(
                    store.recent_messages, room.record.id, self.history)

    def log_text(self, room: Room) -> str:
        """The ``chat_log`` message a socket gets when it opens: the recent messages, and
        whether older ones can be asked for."""
        # Text as UTF-8, not \u escapes: an emoji is 4 bytes on the wire instead of 12.
        return json.dumps({"type": "chat_log", "messages": list(room.chat or []),
                           "more": room.chat_more}, ensure_ascii=False)

    async def handle(self, kind: str, data: dict[str, Any], room: Room,
                     connection: Connection) -> None:
        if kind == "chat":
            await self.say(room, connection, data.get("text"))
        elif kind == "chat_before":
            await self.page(room, connection, data)
        else:
            await self.report(room, connection, data)

    async def page(self, room: Room, connection: Connection, data: dict[str, Any]) -> None:
        """Send the socket a page of the messages older than ``before`` (a message id)."""
        if not may_read(room, connection):
            raise Rejection("chat_not_allowed", "you may no longer see this table")
        before = data.get("before")
        if isinstance(before, bool) or not isinstance(before, int) or before < 1:
            raise Rejection("bad_message", "'before' must be a message's id")
        limit = page_limit(data.get("limit"), self.page_size)
        messages, more = await self.run_db(store.messages_before, room.record.id,
                                           before, limit)
        connection.send(json.dumps({"type": "chat_page", "before": before,
                                    "messages": messages, "more": more}, ensure_ascii=False))

    async def say(self, room: Room, connection: Connection, raw: Any) -> None:
        text = clean_text(raw, MAX_CHARS)
        seats = speaker_seats(room, connection)
        user = connection.user_id
        assert user is not None
        bucket = self.limits.bucket(user)
        if not bucket.take():
            retry = bucket.wait()
            raise Rejection("chat_rate_limited", "you are writing too fast; wait a moment",
                            retry_ms=max(1, math.ceil(retry * 1000)))
        await self.ensure(room)
        async with room.chat_lock:
            # The log's length when said: where the replay shows the message.
            step = room.match.seq if room.match is not None else 0
            message = await self.run_db(store.add_message, room.record.id, user, seats,
                                        step, text, self.caps)
            self._add(room, [message])
        await self.publish(room, "chat")

    async def report(self, room: Room, connection: Connection, data: dict[str, Any]) -> None:
        user = connection.user_id
        if user is None:
            raise Rejection("chat_login", "log in or pick a guest name to report a message")
        if not may_read(room, connection):
            raise Rejection("chat_not_allowed", "you may no longer see this table")
        message_id = data.get("id")
        if isinstance(message_id, bool) or not isinstance(message_id, int):
            raise Rejection("bad_message", "'id' must be a message's id")
        reason = data.get("reason")
        if reason not in REPORT_REASONS:
            raise Rejection("bad_message",
                            f"'reason' is one of {', '.join(REPORT_REASONS)}")
        note = clean_text(data.get("note", ""), MAX_NOTE_CHARS, "note")
        author = (await self.run_db(store.message_author, room.record.id, message_id)
                  if 0 < message_id < 2**31 else None)
        if author is None:
            raise Rejection("no_message", f"this table has no message {message_id}")
        if author == user:
            raise Rejection("own_message", "you cannot report your own message")
        # The same report sent twice at once: the first one counts.
        with contextlib.suppress(IntegrityError):
            await self.run_db(store.add_report, message_id, user, reason, note)
        connection.send_json({"type": "chat_reported", "id": message_id})

    async def remote(self, room: Room) -> None:
        """Another server process stored a message at this table: send what is new here."""
        if room.chat is None:
            return  # loaded from the database when a socket first needs it
        async with room.chat_lock:
            recent, _more = await self.run_db(store.recent_messages, room.record.id,
                                              self.history)
            known = {message["id"] for message in room.chat}
            self._add(room, [message for message in recent if message["id"] not in known])

    def _add(self, room: Room, messages: list[dict[str, Any]]) -> None:
        """Keep the messages and send them to the room's sockets: no ``await`` in here."""
        assert room.chat is not None
        room.chat.extend(messages)
        room.chat.sort(key=lambda message: int(message["id"]))
        if len(room.chat) > self.history:
            room.chat_more = True
            del room.chat[:-self.history]
        for message in messages:
            text = json.dumps({"type": "chat", "message": message}, ensure_ascii=False)
            for connection in list(room.connections):
                if may_read(room, connection):
                    connection.send(text)
