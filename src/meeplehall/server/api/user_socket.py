"""The per-user WebSocket ``/ws/me``: the live count of tables waiting for my move and my
notifications, pushed as they happen; the same socket also marks me online.

A WebSocket rather than server-sent events: it shares the table socket's guards (origin check,
sockets per address, message rates) and its queue bounds, lets the page answer on it (mark a
notification read, say its language) without extra requests, and does not hold one of the
browser's six HTTP/1.1 connections per host for each open tab.
"""

from __future__ import annotations

import asyncio
import json
import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from meeplehall.server.accounts.agents import caller_id
from meeplehall.server.accounts.sessions import COOKIE
from meeplehall.server.api.deps import guard_of, hall_of
from meeplehall.server.api.table_socket import accept_guarded, serve_until_ended
from meeplehall.server.guards.sockets import CLOSE_TOO_MANY, Flow, SocketGuard, Verdict
from meeplehall.server.hall import Hall
from meeplehall.server.play.connection import Connection
from meeplehall.server.social.notices import mark_read, unread_notifications
from meeplehall.server.social.presence import set_lang

router = APIRouter()
log = logging.getLogger("meeplehall.server")

#: Close code of a per-user socket opened without a session.
CLOSE_NOT_LOGGED_IN = 4401
LANGUAGES = ("en", "ja", "ko")
#: What a client may send on this socket: nothing else is handled.
MESSAGE_TYPES = ("ping", "read", "lang")


@router.websocket("/ws/me")
async def user_socket(websocket: WebSocket) -> None:
    address = await accept_guarded(websocket)
    if address is None:
        return
    guard = guard_of(websocket)
    try:
        await _open(websocket, guard, address)
    finally:
        guard.release(address)


async def _open(websocket: WebSocket, guard: SocketGuard, address: str) -> None:
    hall = hall_of(websocket)
    user_id, hashed = await hall.database.serve(caller_id, websocket.cookies.get(COOKIE),
                                                websocket.headers.get("authorization"))
    if user_id is None:
        await websocket.close(CLOSE_NOT_LOGGED_IN, "log in first")
        return
    lang = websocket.query_params.get("lang")
    if lang in LANGUAGES:
        await hall.database.serve(set_lang, user_id, lang)
    hub = hall.hub
    settings = hall.settings
    connection = Connection(websocket, user_id, None, settings.ws_queue_messages,
                            settings.ws_queue_bytes)
    connection.session = hashed
    unread = await hall.database.serve(unread_notifications, user_id)
    mail = hall.mailer.enabled
    connection.send_json({"type": "hello", "mail": mail, "notifications": unread})
    hub.opened(connection)
    hub.join_channel(user_id, connection)
    try:
        await hub.send_waiting(user_id)
        await serve_until_ended(_serve(websocket, hall, connection, guard.flow(address)),
                                connection)
    finally:
        hub.leave_channel(user_id, connection)
        hub.closed(connection)
        await connection.close()


async def _serve(websocket: WebSocket, hall: Hall, connection: Connection, flow: Flow) -> None:
    user_id = connection.user_id
    limit = hall.settings.max_message_bytes
    while True:
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return
        if message["type"] == "websocket.disconnect" or connection.end_code is not None:
            return
        refusal = flow.charge(1.0)
        if refusal.verdict is Verdict.FLOOD:
            connection.end(CLOSE_TOO_MANY, "too many messages: slow down")
            return
        if refusal.verdict is not Verdict.OK:
            connection.send_json({"type": "error", "code": "rate_limited",
                                  "reason": "too many messages; wait a moment"})
            await asyncio.sleep(min(refusal.retry, 60.0))
            continue
        raw = message.get("text") or ""
        try:
            data = json.loads(raw) if len(raw) <= limit else None
        except (ValueError, RecursionError):
            data = None
        kind = data.get("type") if isinstance(data, dict) else None
        if kind not in MESSAGE_TYPES:
            kind = None  # a type handled below but not listed is refused like an unknown one
        if kind == "ping":
            connection.send_json({"type": "pong"})
        elif kind == "read" and isinstance(data, dict) and type(data.get("id")) is int:
            await hall.database.serve(mark_read, user_id, data["id"])
        elif kind == "lang" and isinstance(data, dict) and data.get("lang") in LANGUAGES:
            await hall.database.serve(set_lang, user_id, data["lang"])
        else:
            connection.send_json({"type": "error", "code": "bad_message",
                                  "reason": "known messages: ping, read {id}, lang {lang}"})
