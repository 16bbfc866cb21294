"""The FastAPI application: REST lobby, accounts, history, the table WebSocket, static files."""

from __future__ import annotations

import asyncio
import gc
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from meeplehall.server import (
    accounts,
    admin,
    apidocs,
    chatroutes,
    contact,
    errors,
    friends,
    history,
    lobby,
    operations,
    rules,
    userws,
    ws,
)
from meeplehall.server.accounts import LoginLimiter
from meeplehall.server.bodylimit import BodyLimit
from meeplehall.server.bots import BotPool
from meeplehall.server.chat import TableChat
from meeplehall.server.config import Settings
from meeplehall.server.creation import CreationLimits, CreationSettings
from meeplehall.server.db.engine import make_engine, make_sessionmaker, migrate
from meeplehall.server.db.urls import shown
from meeplehall.server.deps import Hall
from meeplehall.server.fanout import Fanout, namespace_of
from meeplehall.server.idle import IdleTables
from meeplehall.server.leases import Leases
from meeplehall.server.mail import Mailer
from meeplehall.server.metrics import Metrics, networks
from meeplehall.server.notices import Notices
from meeplehall.server.origins import OriginCheck, allowed_set
from meeplehall.server.presence import Hub
from meeplehall.server.schedule import Scheduler
from meeplehall.server.tables import TableManager

log = logging.getLogger("meeplehall.server")

PACKAGE_WEB = Path(__file__).resolve().parent.parent / "web"
PLACEHOLDER = Path(__file__).resolve().parent / "placeholder"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    allowed = allowed_set(settings.allowed_origins)
    metrics_allowed = networks(settings.metrics_allow)
    metrics = Metrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = settings.resolved_database_url()
        log.info("database: %s", shown(url))
        engine = make_engine(url)
        before, after = await asyncio.to_thread(migrate, engine)
        if before == after:
            log.info("database schema up to date (revision %s)", after)
        else:
            log.info("database migrated from revision %s to %s", before or "(empty)", after)
        sessions = make_sessionmaker(engine)
        bots = BotPool(settings.bot_workers, settings.bot_cheap_workers)
        for lane in (bots.cheap, bots.search):
            lane.on_wait = metrics.bot_waited
        bots.start()
        hall = Hall(settings, engine, sessions, bots,
                    serialise=engine.dialect.name == "sqlite", allowed_origins=allowed)
        fanout = None
        if settings.redis_url:
            fanout = Fanout(settings.redis_url, namespace_of(url))
        tables = TableManager(hall.run_db, bots, fanout, settings.bot_move_delay)
        if fanout is not None:
            tables.leases = Leases(fanout.client, fanout.namespace_prefix, fanout.origin)
        tables.chat = TableChat(hall.run_db, settings, tables.publish_change)
        tables.metrics = metrics
        hall.tables = tables
        metrics.hall = hall
        tables.writer.start()
        if fanout is not None:
            await fanout.start(admin.fanout_handler(tables))
        tables.describe = lobby.make_describer(hall)
        hall.link_key = await hall.run_db(contact.link_key)
        hall.hub = hub = Hub(fanout, hall.run_db)
        hub.on_banned = lambda user_id: admin.end_sockets(hall, user_id)
        await hub.start()
        hall.mailer = mailer = Mailer(settings, hall.run_db, hall.link_key)
        mailer.start()
        hall.notices = notices = Notices(hall, hub, mailer)
        tables.on_change = notices.table_changed
        app.state.hall = hall
        app.state.login_limiter = LoginLimiter(
            settings.login_failures_per_name,
            settings.login_failures_per_address,
            settings.login_window_seconds,
        )
        await asyncio.to_thread(accounts.dummy_hash)  # made before the first login needs it
        app.state.creation = CreationLimits(CreationSettings(), settings.creation_limits)
        app.state.idle = idle = IdleTables(settings.idle_table_minutes)
        sweeping = None
        if settings.idle_table_minutes > 0 and fanout is None:
            sweeping = asyncio.create_task(idle.run(hall))
        scheduler = Scheduler(tables, settings.table_idle_seconds)
        loaded = await scheduler.start()
        scheduling = asyncio.create_task(scheduler.run())
        # Long-lived objects (modules, recovered tables) leave the collector's sight, and full
        # collections come less often: they were the long tail of move latency under load.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 50)
        log.info("meeplehall server ready; %d tables due loaded, %d live in memory",
                 loaded, len(tables.rooms))
        try:
            yield
        finally:
            if sweeping is not None:
                sweeping.cancel()
            scheduling.cancel()
            await tables.close()
            await mailer.stop()
            await hub.stop()
            if fanout is not None:
                await fanout.stop()
            bots.stop()
            engine.dispose()

    app = FastAPI(
        title="Meeple Hall",
        summary="Board-game arena: accounts, lobby, tables, replays, ratings.",
        lifespan=lifespan,
        docs_url=None,  # served by apidocs, from local assets
        redoc_url=None,
    )
    app.state.metrics = metrics
    app.state.metrics_allowed = metrics_allowed
    errors.install(app)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(OriginCheck, allowed=allowed)  # outermost: refused before any reading
    app.include_router(accounts.router)
    app.include_router(lobby.router)
    app.include_router(chatroutes.router)
    app.include_router(history.router)
    app.include_router(rules.router)
    app.include_router(ws.router)
    app.include_router(friends.router)
    app.include_router(contact.router)
    app.include_router(contact.pages)
    app.include_router(userws.router)
    app.include_router(admin.router)
    app.include_router(operations.router)
    apidocs.install(app)
    web = settings.web_dir or PACKAGE_WEB
    static = web if (web / "index.html").is_file() else PLACEHOLDER

    page = static / "table.html" if (static / "table.html").is_file() else static / "index.html"
    # The page's CSS and modules are addressed relative to the hall's root (so it works under
    # --root-path); at /tables/{id}, one folder deeper, they are one level up.
    deeper = re.sub(r'(href|src)="(?![a-z]+:|/|#)', r'\1="../', page.read_text(encoding="utf-8"))

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: int) -> HTMLResponse:
        """The table page of the web client, at the address invite links point to."""
        return HTMLResponse(deeper)

    app.mount("/", StaticFiles(directory=static, html=True), name="web")
    return app
