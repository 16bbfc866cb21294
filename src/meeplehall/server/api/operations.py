"""What an operator's tools read: liveness, readiness, Prometheus metrics.

- ``GET /healthz``: the process answers (for a supervisor or a load balancer's liveness probe);
  it touches nothing else, so a slow database never gets a live process restarted.
- ``GET /readyz``: the database answers a query and, with several processes, Redis answers a
  ping and the listener that hears the other processes is subscribed (``redis_listener``, down
  while it reconnects); 503 naming what failed otherwise (for a proxy or orchestrator
  deciding where to send players). Only the part's name is told, never an address or an error text.
- ``GET /metrics``: Prometheus text, to addresses in ``--metrics-allow`` only (loopback by
  default; the client address is the one uvicorn resolved, so a trusted proxy's
  X-Forwarded-For counts); 404 to others, as if there were nothing.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from meeplehall.server.api.deps import hall_of
from meeplehall.server.operations.metrics import allowed

router = APIRouter(tags=["operations"])
log = logging.getLogger("meeplehall.server")

#: Longest a readiness check waits for one part, in seconds.
CHECK_SECONDS = 3.0


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """The process is up and its event loop answers."""
    return {"status": "ok"}


async def _check(name: str, work: Any) -> str | None:
    """None when ``work`` (awaitable) finishes in time, else the part's name."""
    try:
        await asyncio.wait_for(work, CHECK_SECONDS)
    except Exception as error:
        log.warning("readiness: %s does not answer (%s)", name, type(error).__name__)
        return name
    return None


@router.get("/readyz", responses={503: {"description": "a part the hall needs is down"}})
async def readyz(request: Request) -> JSONResponse:
    """The database (and Redis, with several processes) answer: the hall can serve."""
    hall = hall_of(request)
    checks = [_check("database", hall.database.compute(hall.database.answers))]
    fanout = hall.fanout
    if fanout is not None:
        checks.append(_check("redis", fanout.client.ping()))
    failed = [name for name in await asyncio.gather(*checks) if name is not None]
    if fanout is not None and not fanout.listening:
        failed.append("redis_listener")
    if failed:
        return JSONResponse({"status": "unavailable", "failed": failed}, status_code=503)
    return JSONResponse({"status": "ok"})


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """Prometheus metrics of this process (see metrics.py for what they hold)."""
    client = request.client.host if request.client is not None else None
    hall = hall_of(request)
    if not allowed(client, hall.metrics_allowed):
        return Response("Not Found", status_code=404, media_type="text/plain")
    return Response(generate_latest(hall.metrics.registry), media_type=CONTENT_TYPE_LATEST)
