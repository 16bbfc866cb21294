"""The running hall: every part of the server, built once when it starts and closed when it
stops. Request handlers reach it through ``api/deps.py`` (``app.state.hall``, the one door);
no part is optional or set later."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from meeplehall.server.accounts.logins import LoginLimiter
from meeplehall.server.accounts.passwords import dummy_hash
from meeplehall.server.bots.analysing import analysis_lane
from meeplehall.server.bots.pool import BotPool
from meeplehall.server.config import Settings
from meeplehall.server.db.access import Database
from meeplehall.server.db.engine import make_engine, make_sessionmaker, migrate
from meeplehall.server.db.urls import shown
from meeplehall.server.guards.creation import CreationLimits, CreationSettings
from meeplehall.server.guards.ratelimit import MakeBudget, local_budget
from meeplehall.server.guards.sockets import SocketGuard
from meeplehall.server.history.analyses import Analyses
from meeplehall.server.history.replays import ReplayCache
from meeplehall.server.history.results import game_ended
from meeplehall.server.mail.mailer import Mailer
from meeplehall.server.mail.tokens import link_key
from meeplehall.server.matchmaking.driver import Matchmaking
from meeplehall.server.operations.metrics import Metrics, Network
from meeplehall.server.operations.startup import log_services
from meeplehall.server.play.chat.retention import ChatRetention
from meeplehall.server.play.fanout import Fanout, namespace_of
from meeplehall.server.play.leases import Leases
from meeplehall.server.play.manager import TableManager
from meeplehall.server.play.scheduler import Scheduler
from meeplehall.server.social.idle import IdleTables
from meeplehall.server.social.limits import FriendLimits
from meeplehall.server.social.notices import Notices
from meeplehall.server.social.presence import Hub
from meeplehall.server.social.signout import SignOut

log = logging.getLogger("meeplehall.server")


@dataclass
class Hall:
    """The server's running parts."""

    settings: Settings
    database: Database
    bots: BotPool
    #: Other server processes, when there are several (Redis pub/sub); else None.
    fanout: Fanout | None
    manager: TableManager
    #: Who is online and the per-user channels; notifications; outgoing e-mail.
    hub: Hub
    notices: Notices
    #: Ends sessions and closes their sockets in every process.
    signout: SignOut
    mailer: Mailer
    metrics: Metrics
    #: Who may read ``/metrics`` (``--metrics-allow``); None: everybody.
    metrics_allowed: tuple[Network, ...] | None
    scheduler: Scheduler
    #: The key signing links in e-mail (made once per database by a migration).
    link_key: str
    #: Origins besides the server's own whose pages may change state (normalised).
    allowed_origins: frozenset[str]
    login_limiter: LoginLimiter
    creation: CreationLimits
    #: The limits shared by every socket of this process (guards/sockets.py).
    sockets: SocketGuard
    friend_limits: FriendLimits
    idle: IdleTables
    #: Finished tables' replays, built once (history/replays.py).
    replays: ReplayCache
    #: "Play now" matching and tournament rounds, a pass a second (matchmaking/driver.py).
    matchmaking: Matchmaking
    #: Analyses of finished tables, computed in a lane of their own (history/analyses.py).
    analyses: Analyses
    _tasks: list[asyncio.Task[Any]] = field(default_factory=list)

    @contextmanager
    def db(self) -> Iterator[Session]:
        """A transaction in the calling thread: only for code running in a worker thread."""
        with self.database.session() as session:
            yield session

    async def end_sessions(self, user_id: int, keep: str | None = None) -> None:
        """Log the user out everywhere but session ``keep`` (a token hash): their sessions are
        deleted and their sockets close (4401) in every process. From a worker thread, delete
        the sessions in its transaction and call ``signout.ended(user_id, Ending(keep=...))``."""
        await self.signout.end_sessions(user_id, keep)

    async def end_session(self, hashed: str) -> None:
        """End one session (named by its token's hash) and close its sockets everywhere."""
        await self.signout.end_session(hashed)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A transaction that only reads, in the calling thread (see Database.reading)."""
        with self.database.reading() as session:
            yield session

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await self.manager.close()
        await self.mailer.stop()
        await self.hub.stop()
        if self.fanout is not None:
            await self.fanout.stop()
        self.bots.stop()
        self.analyses.lane.stop()
        self.database.engine.dispose()


async def open_hall(settings: Settings, metrics: Metrics,
                    metrics_allowed: tuple[Network, ...] | None, allowed_origins: frozenset[str],
                    make_budget: MakeBudget = local_budget) -> Hall:
    """Migrate the database, start every part, and load the tables that are due."""
    url = settings.resolved_database_url()
    log.info("database: %s", shown(url))
    await log_services(settings)
    engine = make_engine(url)
    before, after = await asyncio.to_thread(migrate, engine)
    if before == after:
        log.info("database schema up to date (revision %s)", after)
    else:
        log.info("database migrated from revision %s to %s", before or "(empty)", after)
    database = Database(engine, make_sessionmaker(engine), settings.request_threads)
    database.start()
    bots = BotPool(settings.bot_workers, settings.bot_cheap_workers)
    for lane in (bots.cheap, bots.search):
        lane.on_wait = metrics.bot_waited
    bots.start()
    analyses_lane = analysis_lane()
    analyses_lane.on_wait = metrics.bot_waited
    analyses_lane.start()
    fanout = (Fanout(settings.redis_url, namespace_of(url), settings.redis_retry_seconds)
              if settings.redis_url else None)
    leases = (Leases(fanout.client, fanout.namespace_prefix, fanout.origin)
              if fanout is not None else None)
    manager = TableManager(database, bots, settings, game_ended, fanout, leases, metrics)
    manager.writer.start()
    hub = Hub(fanout, database.serve)
    mailer = Mailer(settings, database.serve, await database.serve(link_key))
    notices = Notices(database, manager, settings, hub, mailer)
    signout = SignOut(database, hub, settings.session_check_seconds)
    scheduler = Scheduler(manager, settings.table_idle_seconds,
                          ChatRetention(database, manager.rooms, settings.chat_retention_days))
    hall = Hall(
        settings=settings, database=database, bots=bots, fanout=fanout, manager=manager,
        hub=hub, notices=notices, signout=signout, mailer=mailer, metrics=metrics,
        metrics_allowed=metrics_allowed, scheduler=scheduler,
        link_key=mailer.link_key, allowed_origins=allowed_origins,
        login_limiter=LoginLimiter(settings.login_failures_per_name,
                                   settings.login_failures_per_address,
                                   settings.login_window_seconds,
                                   settings.login_failures_per_name_total),
        creation=CreationLimits(CreationSettings(), settings.creation_limits, make_budget),
        sockets=SocketGuard(settings),
        friend_limits=FriendLimits(settings.friend_requests_per_hour, make_budget),
        idle=IdleTables(settings.idle_table_minutes),
        replays=ReplayCache(settings.document_cache_bytes),
        matchmaking=Matchmaking(database, manager, settings, hub.tell),
        analyses=Analyses(database, analyses_lane, single_process=fanout is None,
                          tell=hub.tell),
    )
    metrics.watch(manager, bots)
    manager.watchers.append(notices.table_changed)
    if fanout is not None:
        await fanout.start(manager.remote_change)
    await hub.start()
    mailer.start()
    await asyncio.to_thread(dummy_hash)  # made before the first login needs it
    if settings.idle_table_minutes > 0 and fanout is None:
        hall._tasks.append(asyncio.create_task(hall.idle.run(manager, notices)))
    loaded = await scheduler.start()
    hall._tasks.append(asyncio.create_task(scheduler.run()))
    hall._tasks.append(asyncio.create_task(hall.matchmaking.run()))
    hall._tasks.append(asyncio.create_task(hall.analyses.run()))
    if settings.session_check_seconds > 0:
        hall._tasks.append(asyncio.create_task(signout.run()))
    log.info("meeplehall server ready; %d tables due loaded, %d live in memory",
             loaded, len(manager.rooms))
    return hall
