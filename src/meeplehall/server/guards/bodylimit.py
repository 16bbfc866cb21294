"""Request bodies over a size limit are refused with 413 before they are read.

A pure ASGI middleware (it never buffers): a declared ``Content-Length`` over the limit is
answered at once, without reading the body; a body without one (chunked) is counted as it
streams and refused as soon as it passes the limit.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meeplehall.server.errors import ApiError, Refused, response_for


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int, refused: Refused) -> None:
        self.app = app
        self.limit = limit
        self.refused = refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.strip().isdigit() and int(declared) > self.limit:
            await self._refuse(scope, receive, send)
            return
        seen = 0
        started = refused = False

        async def counted() -> Message:
            # The app's body readers turn any error into their own 400, so the 413 is sent
            # from here and the app is told the client went away (its answer is dropped).
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit and not started:
                    refused = True
                    await self._refuse(scope, receive, send)
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            if refused:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, counted, watched)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        refusal = ApiError(
            413, "body_too_large",
            f"the request body is larger than the limit of {self.limit} bytes",
            {"limit": self.limit},
            # The rest of the body is never read, so the connection cannot carry another
            # request: tell the client it is closed.
            headers={"Connection": "close"},
        )
        await response_for(refusal, self.refused)(scope, receive, send)
