"""The one way from async code to the database and other blocking work: worker threads.

Two lanes keep requests from slowing play. The **play lane** (its own thread limiter) carries
what a live table waits for: the move writer's batches, loading a table, saving seats. The
**request lane** is anyio's default thread limiter, which FastAPI also uses for plain ``def``
handlers and dependencies; it is sized by a setting, so a flood of heavy requests queues for a
few threads instead of taking the machine. Nothing here runs on the event loop. Requests that
only read use ``reading`` transactions, which never queue for the writers' lock on SQLite, so a
heavy read never delays the commit of a move.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import partial
from typing import Any, TypeVar

import anyio.to_thread
from anyio import CapacityLimiter
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session, sessionmaker

T = TypeVar("T")

#: Threads of the play lane: the writer batches moves, so a few are plenty.
PLAY_THREADS = 8


class Database:
    """Transactions on one engine, run in worker threads of the play or the request lane."""

    def __init__(self, engine: Engine, sessions: sessionmaker[Any],
                 request_threads: int) -> None:
        self.engine = engine
        self.sessions = sessions
        #: SQLite has one writer at a time and its busy handler sleeps in steps of up to
        #: 100 ms; a Python lock makes transactions queue instead, without the sleeps.
        self.serialise = engine.dialect.name == "sqlite"
        self._lock = threading.Lock()
        self.play_lane = CapacityLimiter(PLAY_THREADS)
        self.request_threads = request_threads

    def start(self) -> None:
        """Size the request lane (anyio's default limiter is per event loop: set it on it)."""
        anyio.to_thread.current_default_thread_limiter().total_tokens = self.request_threads

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction in the calling thread: for code already running in a worker."""
        guard: AbstractContextManager[object] = self._lock if self.serialise else nullcontext()
        with guard, self.sessions() as session, session.begin():
            yield session

    def answers(self) -> None:
        """Run the smallest query on a connection of its own (readiness: raises if the
        database does not answer); in the calling thread."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A transaction that only reads, in the calling thread (a worker): it never waits for
        the writers' lock, since SQLite's WAL lets readers run beside its one writer, and it is
        rolled back at the end, so nothing written in it would be kept."""
        with self.sessions() as session:
            yield session

    def _in_session(self, function: Callable[..., T], *args: Any) -> T:
        with self.session() as session:
            return function(session, *args)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(session, *args)`` in a transaction, in the play lane."""
        return await anyio.to_thread.run_sync(
            partial(self._in_session, function, *args), limiter=self.play_lane)

    async def run_plain(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)``, which opens its own transaction, in the play lane."""
        return await anyio.to_thread.run_sync(partial(function, *args), limiter=self.play_lane)

    async def serve(self, function: Callable[..., T], *args: Any) -> T:
        """``function(session, *args)`` in a transaction, in the request lane."""
        return await anyio.to_thread.run_sync(partial(self._in_session, function, *args))

    def _in_reading(self, function: Callable[..., T], *args: Any) -> T:
        with self.reading() as session:
            return function(session, *args)

    async def look(self, function: Callable[..., T], *args: Any) -> T:
        """``function(session, *args)`` in a reading transaction, in the request lane."""
        return await anyio.to_thread.run_sync(partial(self._in_reading, function, *args))

    async def compute(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` (no database: a replay, a hash, a large encoding), in the
        request lane."""
        return await anyio.to_thread.run_sync(partial(function, *args))
