"""Per-address rate limits of plain HTTP: every request costs its client address tokens from a
bucket (``serve --http-rate/--http-burst``), more for the routes that make the server read or
send much (a replay, a history, the finished tables); a request the bucket cannot pay for is
refused with 429 ``rate_limited`` and ``Retry-After`` before any route runs.

Dear requests (those costing more than one token) of one address also run at most
``dear_at_once`` at a time (``serve --http-dear-at-once``); the others wait their turn in the
event loop, where waiting costs nothing: a client with many connections gets its lists and
replays one after another, not all at once in the worker threads beside the tables' own work.

A refusal is sent after a pause of up to ``MAX_PAUSE`` seconds (never longer than the wait it
announces): a client hammering one keep-alive connection then costs the server one cheap answer
a second instead of as many as it can send, so a flood of refusals cannot take the event loop
from the tables being played. Clients on the hall's own machine (a loopback address) are not
counted. WebSockets have their own limits (sockets.py).
"""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from meeplehall.server.errors import ApiError, Refused, response_for
from meeplehall.server.guards.addresses import address_key, is_this_machine
from meeplehall.server.guards.ratelimit import Budget

#: Longest pause before a refusal is answered.
MAX_PAUSE = 1.0


@dataclass(frozen=True)
class Cost:
    """Tokens a request costs when its method is ``method`` (``*``: any) and its path matches
    ``path`` whole; ``query`` (when given) must appear in its query string too."""

    method: str
    path: re.Pattern[str]
    tokens: float
    query: bytes = b""

    def applies(self, method: str, path: str, query: bytes) -> bool:
        return ((self.method == "*" or self.method == method)
                and self.path.fullmatch(path) is not None and self.query in query)


def _cost(method: str, path: str, tokens: float, query: bytes = b"") -> Cost:
    return Cost(method, re.compile(path), tokens, query)


#: What requests cost, first match wins (docs/security.md, section 6, lists them). A replay with
#: views is the largest document the hall sends; histories, player pages (a record counted from
#: the history) and the finished tables read many rows; the web client's files are cheap static
#: reads (a whole page load costs about ten).
COSTS: tuple[Cost, ...] = (
    _cost("GET", r"/api/tables/\d+/replay", 20),
    _cost("GET", r"/api/players/[^/]+(/history)?", 8),
    _cost("GET", r"/api/tables", 8, b"status=finished"),
    _cost("GET", r"/api/tables", 3),
    _cost("GET", r"/api/(leaderboard|ladder)/[^/]+", 4),
    _cost("GET", r"/api/(my/tables|tables/\d+/result)", 2),
    _cost("*", r"/api/.*", 1),
    _cost("*", r".*", 0.25),
)


def cost_of(method: str, path: str, query: bytes = b"") -> float:
    for cost in COSTS:
        if cost.applies(method, path, query):
            return cost.tokens
    return 1.0


class InFlight:
    """At most ``cap`` requests of one address at a time; the others wait their turn."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.gates: dict[str, asyncio.Semaphore] = {}
        self.holders: dict[str, int] = {}

    @asynccontextmanager
    async def turn(self, address: str) -> AsyncIterator[None]:
        gate = self.gates.get(address)
        if gate is None:
            gate = self.gates[address] = asyncio.Semaphore(self.cap)
        self.holders[address] = self.holders.get(address, 0) + 1
        try:
            async with gate:
                yield
        finally:
            # An address with nothing in flight or waiting is forgotten.
            left = self.holders[address] - 1
            if left:
                self.holders[address] = left
            else:
                del self.holders[address], self.gates[address]


class HttpRateLimit:
    """A pure ASGI middleware charging each HTTP request to its client's address."""

    def __init__(self, app: ASGIApp, budget: Budget, dear_at_once: int,
                 refused: Refused) -> None:
        self.app = app
        self.budget = budget
        self.refused = refused
        self.in_flight = InFlight(dear_at_once)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        host = client[0] if client else None
        if is_this_machine(host):
            # The machine's own clients (load tests, probes, the operator's scripts) are not
            # counted; behind a proxy the address is the one it forwards (deploy.md).
            await self.app(scope, receive, send)
            return
        address = address_key(host)
        # However dear a route, a full bucket pays for it.
        path = scope["path"].removeprefix(scope.get("root_path", ""))
        cost = min(cost_of(scope["method"], path, scope.get("query_string", b"")),
                   self.budget.burst)
        wait = await self.budget.aspend(address, cost)
        if not wait and cost <= 1:
            await self.app(scope, receive, send)
            return
        if not wait:
            async with self.in_flight.turn(address):
                await self.app(scope, receive, send)
            return
        await asyncio.sleep(min(wait, MAX_PAUSE))
        seconds = max(1, math.ceil(wait - min(wait, MAX_PAUSE)))
        refusal = ApiError(429, "rate_limited",
                           f"too many requests from your address; try again in {seconds} seconds",
                           {"seconds": seconds}, headers={"Retry-After": str(seconds)})
        await response_for(refusal, self.refused)(scope, receive, send)
