"""The FastAPI application: REST lobby, accounts, history, the table WebSocket, static files."""

from __future__ import annotations

import gc
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from meeplehall.server import errors
from meeplehall.server.api import (
    accounts,
    admin,
    agents,
    analysis,
    apidocs,
    chat,
    contact,
    friends,
    history,
    lobby,
    operations,
    players,
    playnow,
    practice,
    rules,
    table_socket,
    tournaments,
    user_socket,
)
from meeplehall.server.config import Settings
from meeplehall.server.guards.agents import AgentRoutes
from meeplehall.server.guards.bodylimit import BodyLimit
from meeplehall.server.guards.headers import SecurityHeaders
from meeplehall.server.guards.httplimit import HttpRateLimit
from meeplehall.server.guards.origins import OriginCheck, allowed_set
from meeplehall.server.guards.ratelimit import local_budget
from meeplehall.server.guards.shared import SharedLimits
from meeplehall.server.hall import open_hall
from meeplehall.server.operations.metrics import Metrics, networks
from meeplehall.server.play.fanout import namespace_prefix

log = logging.getLogger("meeplehall.server")

PACKAGE_WEB = Path(__file__).resolve().parent.parent / "web"
PLACEHOLDER = Path(__file__).resolve().parent / "placeholder"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    allowed = allowed_set(settings.allowed_origins)
    metrics_allowed = networks(settings.metrics_allow)
    metrics = Metrics()
    # With several processes (Redis), the per-address and per-user budgets are shared by all.
    shared = (SharedLimits(settings.redis_url, namespace_prefix(settings.resolved_database_url()))
              if settings.redis_url else None)
    make_budget = shared.budget if shared is not None else local_budget

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall = await open_hall(settings, metrics, metrics_allowed, allowed, make_budget)
        app.state.hall = hall
        # Long-lived objects (modules, recovered tables) leave the collector's sight, and full
        # collections come less often: they were the long tail of move latency under load.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 50)
        try:
            yield
        finally:
            await hall.close()
            if shared is not None:
                await shared.close()

    app = FastAPI(
        title="Meeple Hall",
        summary="Board-game arena: accounts, lobby, tables, replays, ratings.",
        lifespan=lifespan,
        docs_url=None,  # served by apidocs, from local assets
        redoc_url=None,
    )
    refused = metrics.refused
    errors.install(app, refused)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, refused=refused)
    if settings.http_limits:
        app.add_middleware(HttpRateLimit,
                           budget=make_budget("http", settings.http_rate, settings.http_burst),
                           dear_at_once=settings.http_dear_at_once, refused=refused)
    # An agent's token opens only the agents' routes.
    app.add_middleware(AgentRoutes, refused=refused)
    app.add_middleware(OriginCheck, allowed=allowed, refused=refused)  # before any reading
    app.add_middleware(SecurityHeaders)  # outermost: on every answer, refusals included
    app.include_router(accounts.router)
    app.include_router(agents.router)
    app.include_router(lobby.router)
    app.include_router(playnow.router)
    app.include_router(practice.router)
    app.include_router(tournaments.router)
    app.include_router(chat.router)
    app.include_router(history.router)
    app.include_router(analysis.router)
    app.include_router(players.router)
    app.include_router(rules.router)
    app.include_router(table_socket.router)
    app.include_router(friends.router)
    app.include_router(contact.router)
    app.include_router(contact.pages)
    app.include_router(user_socket.router)
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
