"""One WebSocket of a table or of a user's channel, with a bounded queue of outgoing messages."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketState

from meeplehall.server.guards.sockets import CLOSE_TOO_SLOW

#: Seconds a closing connection is given to take its last messages and the close frame.
CLOSE_SECONDS = 5.0


class Connection:
    """One WebSocket; outgoing messages go through a queue so a slow reader never blocks a table.

    The queue is bounded (messages and bytes): a client that falls that far behind is ended
    (``end``) rather than kept in memory; it can reconnect and resync. Past half the bounds the
    socket's own messages wait to be read (``drained``), so the replies to a burst of them
    never fill the queue alone.
    """

    def __init__(self, websocket: WebSocket, user_id: int | None, seat: int | None,
                 max_messages: int = 256, max_bytes: int = 4 * 1024 * 1024) -> None:
        self.websocket = websocket
        self.user_id = user_id
        self.seat = seat
        #: Whether it connected with the table's invite: it may see a private table then.
        self.invited = False
        #: The hash of the session token it was opened with (None: a visitor's): the socket
        #: closes when that session ends (accounts/sessions.py, social/signout.py).
        self.session: str | None = None
        #: Opened with an agent's token: it may read the table's chat, not write in it.
        self.agent = False
        self.max_messages = max_messages
        self.max_bytes = max_bytes
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued_bytes = 0
        #: The most messages and bytes ever waiting at once (for tests and figures).
        self.peak_messages = 0
        self.peak_bytes = 0
        #: Set, with its close code and reason, once the server gives up on this connection.
        self.ending = asyncio.Event()
        self.end_code: int | None = None
        self.end_reason = ""
        #: Set while the queue is under half its bounds.
        self.drained = asyncio.Event()
        self.drained.set()
        self.writer = asyncio.create_task(self._write())

    def _below_half(self) -> bool:
        return (2 * self.queue.qsize() <= self.max_messages
                and 2 * self.queued_bytes <= self.max_bytes)

    def send(self, text: str) -> None:
        if self.end_code is not None:
            return
        waiting = self.queue.qsize()
        # One message alone may be bigger than the byte bound (a whole sync of a long game).
        if waiting >= self.max_messages or (
            waiting and self.queued_bytes + len(text) > self.max_bytes
        ):
            self.end(CLOSE_TOO_SLOW, "too far behind: reconnect and sync")
            return
        self.queued_bytes += len(text)
        self.queue.put_nowait(text)
        self.peak_messages = max(self.peak_messages, waiting + 1)
        self.peak_bytes = max(self.peak_bytes, self.queued_bytes)
        if not self._below_half():
            self.drained.clear()

    def send_json(self, data: dict[str, Any]) -> None:
        self.send(json.dumps(data))

    def end(self, code: int, reason: str) -> None:
        """Give up on this connection: drop what waits, send nothing more, close with ``code``."""
        if self.end_code is not None:
            return
        self.end_code = code
        self.end_reason = reason
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queued_bytes = 0
        self.ending.set()
        self.drained.set()

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            self.queued_bytes -= len(text)
            if self._below_half():
                self.drained.set()
            try:
                await self.websocket.send_text(text)
            except Exception:  # the peer went away; the reader side cleans up
                return

    async def close(self) -> None:
        """Send what waits (unless ended), then the close frame; a peer that does not take them
        within a few seconds has its TCP connection aborted."""
        if self.end_code is None:
            self.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer, CLOSE_SECONDS)
        else:
            self.writer.cancel()
            with contextlib.suppress(BaseException):
                await self.writer
        if self.websocket.client_state != WebSocketState.CONNECTED:
            return  # the peer closed first; the server has answered it
        try:
            await asyncio.wait_for(
                self.websocket.close(self.end_code or 1000, self.end_reason), CLOSE_SECONDS
            )
        except TimeoutError:
            _abort(self.websocket)
        except Exception:  # closed meanwhile
            pass


def _abort(websocket: WebSocket) -> None:
    """Drop the TCP connection of a peer that does not read: closing it gracefully would wait
    for its buffered bytes to be read, for ever. The transport is reached through the server's
    ``receive`` callable (uvicorn's protocol object); without it the server closes it later."""
    protocol = getattr(getattr(websocket, "_receive", None), "__self__", None)
    transport = getattr(protocol, "transport", None)
    abort = getattr(transport, "abort", None)
    if callable(abort):
        abort()
