"""Scale-out: several server processes over one PostgreSQL database tell each other about table
changes through Redis pub/sub, one channel per table.

A message only says "table T changed" (a new step, or its seats/status); the receiver reads the
truth from the database. The unique (table, seq) key decides between two processes writing
the same step: the loser catches up from the log and checks the move again.
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
from sqlalchemy.engine import make_url

log = logging.getLogger("meeplehall.server")

Handler = Callable[[int, str], Awaitable[None]]

#: Seconds a process's word that a user is online holds unless renewed (presence.py renews it
#: well before): a process that dies takes its users offline within this time.
PRESENCE_SECONDS = 60.0


def namespace_of(database_url: str) -> str:
    """The channels' namespace for a database (its URL without the password, hashed)."""
    shown = make_url(database_url).render_as_string(hide_password=True)
    return hashlib.sha256(shown.encode()).hexdigest()[:16]


def namespace_prefix(database_url: str) -> str:
    """What the names of a database's channels and keys in Redis start with."""
    return f"meeplehall:{namespace_of(database_url)}:"


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


class Fanout:
    def __init__(self, url: str, namespace: str) -> None:
        #: Channels and keys are named per database, so deployments sharing a Redis never mix.
        self.namespace_prefix = f"meeplehall:{namespace}:"
        self.prefix = f"{self.namespace_prefix}table:"
        #: One channel for every per-user event (a user's notification, a table waiting for
        #: them): each process keeps those of the users connected to it.
        self.user_channel = f"meeplehall:{namespace}:users"
        self.presence_prefix = f"meeplehall:{namespace}:online:"
        self.user_handler: Callable[[int, dict[str, Any]], Awaitable[None]] | None = None
        self.client: Any = redis.Redis.from_url(url)
        self.pubsub: Any = self.client.pubsub()
        self.origin = uuid.uuid4().hex
        self.handler: Handler | None = None
        self.task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self, handler: Handler) -> None:
        self.handler = handler
        # A first subscription opens the connection the listener reads from.
        await self.pubsub.subscribe(f"{self.prefix}hello")
        self.task = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        while True:
            try:
                message = await self.pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis pub/sub read failed; retrying")
                await asyncio.sleep(1)
                continue
            if message is None or message.get("type") != "message":
                continue
            data = json.loads(message["data"])
            if data.get("origin") == self.origin or self.handler is None:
                continue
            channel = message["channel"]
            channel = channel.decode() if isinstance(channel, bytes) else channel
            if channel == self.user_channel:
                if self.user_handler is not None:
                    self._spawn(self.user_handler(int(data["user"]), data["event"]))
                continue
            table_id = int(channel.removeprefix(self.prefix))
            self._spawn(self._handle(table_id, str(data.get("kind"))))

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

    async def subscribe(self, table_id: int) -> None:
        await self.pubsub.subscribe(f"{self.prefix}{table_id}")

    async def unsubscribe(self, table_id: int) -> None:
        await self.pubsub.unsubscribe(f"{self.prefix}{table_id}")

    # -- users ---------------------------------------------------------------------------------

    async def listen_users(self, handler: Callable[[int, dict[str, Any]], Awaitable[None]]) -> None:
        self.user_handler = handler
        await self.pubsub.subscribe(self.user_channel)

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
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
            await self.client.aclose()
