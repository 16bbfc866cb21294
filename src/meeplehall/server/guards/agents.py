"""What an agent may use: a request that brings an agent's token (``Authorization: Bearer``)
reaches only the routes of this allow-list; any other is refused with 403
``agent_not_allowed`` before a route runs, and a socket other than a table's is closed with
4403 ``agent_not_allowed`` (accounts/agents.py says what the token is).

An agent reads what anyone may read (the catalog, tables, replays, chats, players, ladders),
asks who it is (``/api/me``, ``/api/session``), lists its tables, opens, joins, leaves and starts
tables, and plays on the table socket (where it may read the chat but not write in it). It
never reaches accounts, friends, e-mail, Play now, tournaments, practice tables, analyses,
agents' tokens or the admin API. Which ways to a seat an agent may use is seating.py's rule
(``AGENT_DOORS``). The check needs no database: whether the token is good is the route's
business (401 ``not_logged_in`` when it is not).
"""

from __future__ import annotations

import re

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from meeplehall.server.errors import ApiError, Refused, response_for
from meeplehall.server.seating import AGENT_DOORS, Door, agent_not_allowed

#: Close code of a socket an agent may not open.
CLOSE_AGENT_NOT_ALLOWED = 4403

_READS = (
    r"/api/(games|bots|session|me|my/tables|tables|tournaments)",
    r"/api/rules/[^/]+",
    r"/api/tables/\d+(/(chat|result|replay|analysis))?",
    r"/api/(leaderboard|ladder)/[^/]+",
    r"/api/players/[^/]+(/history)?",
    r"/api/tournaments/\d+",
)
#: The routes that seat someone, by door: seating.py says which doors an agent may use.
SEATING_ROUTES: dict[Door, tuple[str, ...]] = {
    "lobby": (r"/api/tables", r"/api/tables/\d+/(join|leave|start)"),
    "play_now": (r"/api/playnow",),
    "tournament": (r"/api/tournaments(/\d+/(register|unregister|start|cancel))?",),
    "practice": (r"/api/tables/\d+/practice",),
}
#: (method, path) pairs of the allow-list, matched whole.
ALLOWED: tuple[tuple[str, re.Pattern[str]], ...] = (
    *(("GET", re.compile(path)) for path in _READS),
    *(("POST", re.compile(path)) for door in sorted(AGENT_DOORS)
      for path in SEATING_ROUTES[door]),
)
SOCKETS = re.compile(r"/ws/tables/[^/]+")
#: Pages and files of the web client and the API's documents: public reads outside /api.
_OUTSIDE = re.compile(r"/(?!api/|ws/|metrics$).*")


def is_agent_request(headers: Headers) -> bool:
    scheme = headers.get("authorization", "").strip().partition(" ")[0]
    return scheme.lower() == "bearer"


def allowed(method: str, path: str) -> bool:
    """Whether an agent may send ``method path``."""
    if method in ("GET", "HEAD"):
        if _OUTSIDE.fullmatch(path):
            return True
        method = "GET"
    return any(method == want and pattern.fullmatch(path) for want, pattern in ALLOWED)


def refusal() -> ApiError:
    return agent_not_allowed()


class AgentRoutes:
    """Refuses an agent's request outside the allow-list (sockets included)."""

    def __init__(self, app: ASGIApp, refused: Refused) -> None:
        self.app = app
        self.refused = refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and is_agent_request(Headers(scope=scope)):
            path = scope["path"].removeprefix(scope.get("root_path", ""))
            if scope["type"] == "http" and not allowed(scope["method"], path):
                await response_for(refusal(), self.refused)(scope, receive, send)
                return
            if scope["type"] == "websocket" and not SOCKETS.fullmatch(path):
                # Accepted, then closed with a reason, like the socket's other refusals.
                message = await receive()
                if message["type"] == "websocket.connect":
                    await send({"type": "websocket.accept"})
                    await send({"type": "websocket.close", "code": CLOSE_AGENT_NOT_ALLOWED,
                                "reason": "agent_not_allowed"})
                return
        await self.app(scope, receive, send)
