"""Security headers on every HTTP answer: what the page may load and run (scripts, styles,
fonts, images and connections from the hall itself only; no plugins; never framed), that a
file is what its type says, and that the address of a page (an invite link holds a token) is
not sent to other sites.

A route that needs another policy (the API docs page runs one inline script) sets its own
``Content-Security-Policy``; the middleware leaves a header the answer already has alone.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The web client loads everything from the hall and sets styles only through the CSSOM.
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
          "form-action 'self'; frame-ancestors 'none'")

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)


def policy_with_scripts(*hashes: str) -> str:
    """The policy, also allowing the inline scripts of these ``sha256-...`` hashes."""
    allowed = " ".join(f"'{digest}'" for digest in hashes)
    return POLICY.replace("script-src 'self'", f"script-src 'self' {allowed}")


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in HEADERS if name not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
