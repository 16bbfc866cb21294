"""Requests from other sites' pages: state-changing HTTP requests and table WebSockets must
come from the server's own origin, or from one the server was told to allow.

The session cookie is ``SameSite=Lax``, which stops most cross-site posts; this check does not
depend on the browser's cookie rules. A browser always sends ``Origin`` with a cross-site POST
and with a WebSocket handshake, and modern ones send ``Sec-Fetch-Site``: a request carrying
neither is not from a web page (a script, curl), and has no ambient browser credentials to abuse.

The server's own origin is the scheme and ``Host`` the request came with (behind a proxy,
uvicorn takes the scheme from ``X-Forwarded-Proto`` of a trusted proxy); a proxy that rewrites
``Host`` needs the public origin given with ``serve --allowed-origin``.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from meeplehall.server.errors import ApiError, Refused, response_for

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def normalise(origin: str) -> str | None:
    """``scheme://host[:port]`` in lower case without the scheme's default port; None when
    ``origin`` is not of that form (``null``, a path, garbage)."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        return None
    if parts.query or parts.fragment or parts.username or parts.password:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"  # an IPv6 address
    if port is None or port == DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def own_origin(scope: Scope) -> str | None:
    """The origin a page of this server has, as this request says it was reached."""
    host = Headers(scope=scope).get("host")
    if not host:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"),
                                               scope.get("scheme", "http"))
    return normalise(f"{scheme}://{host}")


def foreign_origin(scope: Scope, allowed: frozenset[str]) -> str | None:
    """The origin to refuse (as sent), or None when the request may go on."""
    headers = Headers(scope=scope)
    origin = headers.get("origin")
    if origin is None:
        # No Origin: not a browser's cross-site request, unless the browser says it is.
        site = headers.get("sec-fetch-site", "").lower()
        return f"a {site} page" if site in ("cross-site", "same-site") else None
    normal = normalise(origin)
    if normal is not None and (normal in allowed or normal == own_origin(scope)):
        return None
    return origin


def allowed_set(origins: Iterable[str]) -> frozenset[str]:
    """The configured origins, normalised; a malformed one is a configuration error."""
    result = set()
    for origin in origins:
        normal = normalise(origin)
        if normal is None:
            raise ValueError(f"not an origin (scheme://host[:port]): {origin!r}")
        result.add(normal)
    return frozenset(result)


def refusal(origin: str) -> ApiError:
    return ApiError(403, "foreign_origin",
                    f"requests from {origin} are not accepted: use this server's own pages",
                    {"origin": origin})


class OriginCheck:
    """Refuses state-changing HTTP requests from a foreign origin with 403 ``foreign_origin``."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str], refused: Refused) -> None:
        self.app = app
        self.allowed = allowed
        self.refused = refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            origin = foreign_origin(scope, self.allowed)
            if origin is not None:
                await response_for(refusal(origin), self.refused)(scope, receive, send)
                return
        await self.app(scope, receive, send)
