"""Scale-out: several server processes over one PostgreSQL database tell each other about table
changes through Redis pub/sub, one channel per table.

A message only says "table T changed" (a new step, or its seats/status); the receiver reads the
truth from the database. The unique (table, seq) key decides between two processes writing
the same step: the loser catches up from the log and checks the move again.

The listener outlives what Redis brings it: a message it cannot use (not JSON, the wrong shape,
a channel naming no table) is counted and skipped, and a lost connection is counted and opened
again (half a second, then twice as long each time, at most ``retry_seconds``), resubscribing
every channel. Messages published meanwhile are lost, so once the new subscriptions are
confirmed every table this process holds is read anew (``RESYNC``) and the ``resubscribed``
callbacks run. ``listening`` is false while the connection is down (``/readyz`` reports it).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from sqlalchemy.engine import make_url

from meeplehall.server.db.ids import is_id

log = logging.getLogger("meeplehall.server")

Handler = Callable[[int, str], Awaitable[None]]

#: Seconds a process's word that a user is online holds unless renewed (presence.py renews it
#: well before): a process that dies takes its users offline within this time.
PRESENCE_SECONDS = 60.0
#: The change kind a table is told of after a reconnection: whatever was told meanwhile is lost.
RESYNC = "resync"
#: The first wait before trying Redis again after a failed attempt, in seconds.
FIRST_RETRY_SECONDS = 0.5
#: Why a message was skipped (the label of the bad-message counter).
NOT_JSON, BAD_SHAPE, BAD_CHANNEL = "not_json", "bad_shape", "bad_channel"
#: The ping that follows a (re)subscription: its answer says the subscriptions are in effect.
_SUBSCRIBED = b"meeplehall subscribed"


def namespace_of(database_url: str) -> str:
    """The channels' namespace for a database (its URL without the password, hashed)."""
    shown = make_url(database_url).render_as_string(hide_password=True)
    return hashlib.sha256(shown.encode()).hexdigest()[:16]


def namespace_prefix(database_url: str) -> str:
    """What the names of a database's channels and keys in Redis start with."""
    return f"meeplehall:{namespace_of(database_url)}:"


def listener_name(namespace: str) -> str:
    """The Redis client name of the listeners of a database's processes (``CLIENT LIST``)."""
    return f"meeplehall:{namespace}:listener"


def tell_once(redis_url: str, database_url: str, table_id: int, kind: str) -> None:
    """Tell the server processes of a database that table ``table_id`` changed (``kind``),
    from outside them (the ``meeplehall admin`` commands)."""
    import redis as sync_redis

    client = sync_redis.Redis.from_url(redis_url, socket_connect_timeout=5)
    try:
        payload = json.dumps({"origin": "command line", "kind": kind})
        client.publish(f"meeplehall:{namespace_of(database_url)}:table:{table_id}", payload)
    finally:
        client.close()


class BadMessage(ValueError):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class Fanout:
    def __init__(self, url: str, namespace: str, retry_seconds: float = 10.0) -> None:
        #: Channels and keys are named per database, so deployments sharing a Redis never mix.
        self.namespace_prefix = f"meeplehall:{namespace}:"
        self.prefix = f"{self.namespace_prefix}table:"
        #: One channel for every per-user event (a user's notification, a table waiting for
        #: them): each process keeps those of the users connected to it.
        self.user_channel = f"meeplehall:{namespace}:users"
        self.presence_prefix = f"meeplehall:{namespace}:online:"
        self.user_handler: Callable[[int, dict[str, Any]], Awaitable[None]] | None = None
        self.client: Any = redis.Redis.from_url(url)
        # The listener's own connection fails at once rather than retrying inside the library,
        # so that a loss is seen here: counted, reported, and followed by a resync.
        self.listen_client: Any = redis.Redis.from_url(
            url, retry=Retry(NoBackoff(), 0), client_name=listener_name(namespace))
        self.pubsub: Any = None
        self.origin = uuid.uuid4().hex
        self.handler: Handler | None = None
        self.task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.retry_seconds = retry_seconds
        #: Every channel this process listens to, resubscribed after a reconnection.
        self.channels: set[str] = {f"{self.prefix}hello"}
        #: Whether the listener's connection is up (subscribed); false while reconnecting.
        self.listening = False
        self._resync_due = False
        #: Run once the subscriptions are back after a reconnection (what was lost is re-read).
        self.resubscribed: list[Callable[[], Awaitable[None]]] = []
        #: Messages skipped, by why (NOT_JSON, BAD_SHAPE, BAD_CHANNEL), and reconnections.
        self.bad_messages: dict[str, int] = {NOT_JSON: 0, BAD_SHAPE: 0, BAD_CHANNEL: 0}
        self.reconnects = 0

    async def start(self, handler: Handler) -> None:
        self.handler = handler
        # The first subscription opens the connection the listener reads from; a Redis that
        # does not answer stops the server's start.
        await self._subscribe_all()
        self.task = asyncio.get_running_loop().create_task(self._listen())

    async def _subscribe_all(self) -> None:
        """A new pub/sub connection subscribed to every channel, made the listener's."""
        pubsub = self.listen_client.pubsub()
        try:
            subscribed = set(self.channels)
            await pubsub.subscribe(*subscribed)
            # Channels asked for (or given up) while this one was being subscribed.
            while missing := self.channels - subscribed:
                await pubsub.subscribe(*missing)
                subscribed |= missing
            if gone := subscribed - self.channels:
                await pubsub.unsubscribe(*gone)
            await pubsub.ping(_SUBSCRIBED)
        except BaseException:
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            raise
        self.pubsub = pubsub
        self.listening = True

    async def _listen(self) -> None:
        while True:
            if not self.listening:
                await self._reconnect()
            try:
                message = await self.pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("lost the Redis pub/sub connection (%s); reconnecting",
                            type(error).__name__)
                self._lost()
                continue
            if message is not None:
                self._take(message)

    def _lost(self) -> None:
        self.listening = False
        pubsub, self.pubsub = self.pubsub, None
        if pubsub is not None:
            self._spawn(self._close_quietly(pubsub))

    @staticmethod
    async def _close_quietly(pubsub: Any) -> None:
        with contextlib.suppress(Exception):
            await pubsub.aclose()

    async def _reconnect(self) -> None:
        """Open and subscribe again until it works, waiting longer each time."""
        wait = FIRST_RETRY_SECONDS
        while True:
            try:
                await self._subscribe_all()
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("Redis pub/sub still unreachable (%s); next try in %.1f s",
                            type(error).__name__, wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, self.retry_seconds)
                continue
            self.reconnects += 1
            self._resync_due = True
            log.info("Redis pub/sub reconnected; %d channels subscribed", len(self.channels))
            return

    def _take(self, message: dict[str, Any]) -> None:
        """Handle one message from Redis; one it cannot use is counted and skipped."""
        kind = message.get("type")
        if kind == "pong":
            if message.get("data") == _SUBSCRIBED and self._resync_due:
                self._resync_due = False
                self._resync()
            return
        if kind != "message":
            return
        try:
            self._dispatch(_text(message.get("channel")), message.get("data"))
        except BadMessage as bad:
            self.bad_messages[bad.why] += 1
            log.warning("skipped a Redis message (%s)", bad.why)

    def _dispatch(self, channel: str, raw: Any) -> None:
        try:
            data = json.loads(raw)
        except (TypeError, ValueError, RecursionError):
            raise BadMessage(NOT_JSON) from None
        if not isinstance(data, dict):
            raise BadMessage(BAD_SHAPE)
        if data.get("origin") == self.origin or self.handler is None:
            return
        if channel == self.user_channel:
            user, event = data.get("user"), data.get("event")
            if (type(user) is not int or not is_id(user) or not isinstance(event, dict)
                    or not isinstance(event.get("type"), str)):
                raise BadMessage(BAD_SHAPE)
            if self.user_handler is not None:
                self._spawn(self.user_handler(user, event))
            return
        digits = channel.removeprefix(self.prefix)
        if (not channel.startswith(self.prefix) or not digits.isdigit() or len(digits) > 10
                or not is_id(int(digits))):
            raise BadMessage(BAD_CHANNEL)
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise BadMessage(BAD_SHAPE)
        self._spawn(self._handle(int(digits), kind))

    def _resync(self) -> None:
        """After a reconnection: re-read every table listened to, and run the callbacks."""
        for channel in list(self.channels):
            digits = channel.removeprefix(self.prefix)
            if channel.startswith(self.prefix) and digits.isdigit():
                self._spawn(self._handle(int(digits), RESYNC))
        for callback in self.resubscribed:
            self._spawn(self._quietly(callback))

    async def _quietly(self, callback: Callable[[], Awaitable[None]]) -> None:
        try:
            await callback()
        except Exception:
            log.exception("catching up after a Redis reconnection failed")

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _handle(self, table_id: int, kind: str) -> None:
        assert self.handler is not None
        try:
            await self.handler(table_id, kind)
        except Exception:
            log.exception("table %s: applying a change from another process failed", table_id)

    async def publish(self, table_id: int, kind: str) -> None:
        payload = json.dumps({"origin": self.origin, "kind": kind})
        await self.client.publish(f"{self.prefix}{table_id}", payload)

    async def _follow(self, channel: str) -> None:
        self.channels.add(channel)
        if self.listening and self.pubsub is not None:
            try:
                await self.pubsub.subscribe(channel)
            except Exception:  # the listener sees the loss and subscribes every channel again
                log.warning("could not subscribe to a Redis channel; the listener will")

    async def subscribe(self, table_id: int) -> None:
        await self._follow(f"{self.prefix}{table_id}")

    async def unsubscribe(self, table_id: int) -> None:
        channel = f"{self.prefix}{table_id}"
        self.channels.discard(channel)
        if self.listening and self.pubsub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.unsubscribe(channel)

    # -- users ---------------------------------------------------------------------------------

    async def listen_users(self, handler: Callable[[int, dict[str, Any]], Awaitable[None]]) -> None:
        self.user_handler = handler
        await self._follow(self.user_channel)

    async def publish_user(self, user_id: int, event: dict[str, Any]) -> None:
        payload = json.dumps({"origin": self.origin, "user": user_id, "event": event})
        await self.client.publish(self.user_channel, payload)

    async def mark_online(self, user_ids: list[int], now: float) -> None:
        """This process holds a socket of each of ``user_ids`` (renewed before it lapses)."""
        if not user_ids:
            return
        async with self.client.pipeline(transaction=False) as pipe:
            for user_id in user_ids:
                key = f"{self.presence_prefix}{user_id}"
                pipe.zadd(key, {self.origin: now + PRESENCE_SECONDS})
                pipe.expire(key, int(PRESENCE_SECONDS) + 5)
            await pipe.execute()

    async def mark_offline(self, user_id: int) -> None:
        await self.client.zrem(f"{self.presence_prefix}{user_id}", self.origin)

    async def online(self, user_ids: list[int], now: float) -> set[int]:
        """Which of ``user_ids`` some process holds a socket of (its word not lapsed)."""
        if not user_ids:
            return set()
        async with self.client.pipeline(transaction=False) as pipe:
            for user_id in user_ids:
                pipe.zcount(f"{self.presence_prefix}{user_id}", now, "+inf")
            counts = await pipe.execute()
        return {user_id for user_id, count in zip(user_ids, counts, strict=True) if count}

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        if self.pubsub is not None:
            await self._close_quietly(self.pubsub)
        for client in (self.listen_client, self.client):
            with contextlib.suppress(Exception):
                await client.aclose()
