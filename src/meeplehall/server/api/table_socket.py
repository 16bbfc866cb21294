"""The table WebSocket: welcome and sync on connect, then act / sync / watch / hint / ping.

Whatever a client sends gets an answer and leaves the socket open: a malformed message, or one
the server fails on, is an ``error`` reply. The socket is closed only for the limits of
``guards.sockets`` (too many sockets from one address, a flood), for a client too far behind,
and when the session it was opened with ends (social/signout.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
from collections.abc import Coroutine
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import PlainTextResponse

from meeplehall.server.accounts.sessions import COOKIE
from meeplehall.server.api.deps import guard_of, hall_of, metrics_of, refuse_foreign_origin
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.sockets import (
    CLOSE_BAD_QUERY,
    CLOSE_TOO_MANY,
    Refusal,
    SocketGuard,
    Verdict,
    cost_of,
)
from meeplehall.server.hall import Hall
from meeplehall.server.play.access import well_formed, who_sees
from meeplehall.server.play.connection import Connection
from meeplehall.server.play.manager import TableManager
from meeplehall.server.play.match import Rejection
from meeplehall.server.play.room import Room

router = APIRouter()
log = logging.getLogger("meeplehall.server")

MESSAGE_TYPES = ("act", "sync", "watch", "hint", "ping", "chat", "chat_report",
                 "chat_before")
#: Messages of the table's chat (play/chat/table.py): spectators may send them too.
CHAT_TYPES = ("chat", "chat_report", "chat_before")
#: The chat's messages that write: an agent's socket may not send them.
WRITING_TYPES = ("chat", "chat_report")

#: Table ids are database keys (64-bit); anything else names no table.
LARGEST_ID = (1 << 63) - 1
WHOLE = re.compile(r"-?[0-9]+")


async def _deny(websocket: WebSocket, reason: str) -> None:
    """Refuse the handshake with 429 Too Many Requests (a close before the upgrade, 403, where
    the server cannot answer a WebSocket handshake with a response of its own)."""
    response = PlainTextResponse(reason, status_code=429, headers={"Retry-After": "1"})
    try:
        await websocket.send_denial_response(response)
    except RuntimeError:
        await websocket.close(CLOSE_TOO_MANY, reason)


def _whole(text: str | None) -> int | None:
    """A query value as a whole number: None when absent or empty; ValueError when not one.
    Digits beyond any seq or seat are kept as a number as large as needed for clamping."""
    if text is None or text == "":
        return None
    if not WHOLE.fullmatch(text):
        raise ValueError(text)
    digits = text.lstrip("-")
    value = int(digits) if len(digits) <= 18 else 10**18
    return -value if text.startswith("-") else value


def _shown(value: Any) -> str:
    """A client's value quoted in a reason, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _error(connection: Connection, room: Room, code: str, reason: str,
           **extra: Any) -> None:
    seq = room.match.seq_for(connection.seat) if room.match is not None else 0
    connection.send_json({"type": "error", "code": code, "reason": reason, "seq": seq, **extra})
    metrics_of(connection.websocket).refused("ws", code)


def _int_field(data: dict[str, Any], key: str, required: bool) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejection("bad_message", f"{key!r} must be a whole number")
    return value


async def accept_guarded(websocket: WebSocket) -> str | None:
    """Accept a socket from an allowed origin whose address is within its limits, and return
    that address (the caller releases it from the guard when the socket ends); None when it was
    refused. Refused before the upgrade, with an HTTP 429: the cheapest answer to a storm."""
    if await refuse_foreign_origin(websocket):
        return None
    guard = guard_of(websocket)
    address = address_of(websocket)
    if not guard.admit(address):
        await _deny(websocket, "too many connections from your address")
        return None
    if not guard.handshake(address):
        guard.release(address)
        await _deny(websocket, "too many connections from your address; wait a moment")
        return None
    await websocket.accept()
    return address


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    address = await accept_guarded(websocket)
    if address is None:
        return
    guard = guard_of(websocket)
    try:
        await _open(websocket, hall_of(websocket), guard, address, table_id)
    finally:
        guard.release(address)


async def _open(websocket: WebSocket, hall: Hall, guard: SocketGuard, address: str,
                table_text: str) -> None:
    query = websocket.query_params
    try:
        seat = _whole(query.get("seat"))
        since = _whole(query.get("since"))
    except ValueError:
        await websocket.close(CLOSE_BAD_QUERY, "seat and since are whole numbers")
        return
    if seat is not None and seat < 0:
        await websocket.close(CLOSE_BAD_QUERY, "seat is a seat number (from 0)")
        return
    invite = query.get("invite")
    if not well_formed(invite):
        await websocket.close(CLOSE_BAD_QUERY, "invite is not an invite token")
        return
    table_id = int(table_text) if table_text.isdigit() and len(table_text) <= 19 else 0
    if not 0 < table_id <= LARGEST_ID:
        await websocket.close(4404, f"no table {_shown(table_text)}")
        return
    user_id, session, visible, invited, agent = await hall.database.look(
        who_sees, websocket.cookies.get(COOKIE), websocket.headers.get("authorization"),
        table_id, invite)
    if not visible:
        await websocket.close(4404, f"no table {table_id} (a private table needs its invite)")
        return
    manager = hall.manager
    settings = hall.settings
    chat = manager.chat
    connection: Connection | None = None
    joined = False
    while not joined:
        room = await manager.room(table_id)
        if room is None:
            await websocket.close(4404, f"no table {table_id}")
            return
        if since is not None and _seen_more(room, user_id, seat, since):
            # Back from another process, the client has seen steps this one has not heard of
            # yet (Redis is a moment behind, or that process died before telling): read them
            # from the log first, so that its sync never takes back a step it was shown.
            await manager.remote_change(table_id, "step")
        described = await hall.database.look(manager.describe_in, table_id, user_id)
        await chat.ensure(room)
        # The seat is checked, and the socket joins the room, under the room's lock: a change
        # of seats is then either before (and seen here) or after (and re-checks this socket).
        async with room.lock:
            # A room forgotten as idle meanwhile gets no sockets: the table is loaded anew.
            joined = not room.evicted
            owned = room.owned(user_id)
            if joined and (seat is None or seat in owned):
                viewing = room.shown_seat(user_id, seat)
                connection = Connection(websocket, user_id, viewing,
                                        settings.ws_queue_messages, settings.ws_queue_bytes)
                connection.invited = invited
                connection.session = session
                connection.agent = agent
                connection.send_json(
                    {"type": "welcome", "table": described, "seats": owned, "seat": viewing}
                )
                if room.match is not None:
                    connection.send(room.sync_text(viewing, since or 0))
                # With no await between this and attaching: every message comes once
                # (play/chat/table.py).
                connection.send(chat.log_text(room))
                manager.attach(room, connection)
    if connection is None:
        await websocket.close(4403, f"you do not hold seat {seat}")
        return
    assert room is not None  # the loop above ends only in a room (or returns)
    hub = hall.hub
    hub.opened(connection)
    try:
        await serve_until_ended(_serve(websocket, manager, room, connection, guard, address),
                                connection)
    finally:
        manager.detach(room, connection)
        hub.closed(connection)
        await connection.close()


async def serve_until_ended(serving: Coroutine[Any, Any, None], connection: Connection) -> None:
    """Read a socket's messages (``serving``) until the peer leaves or the server ends the
    connection (too slow, banned), whichever comes first."""
    reading = asyncio.create_task(serving)
    ending = asyncio.create_task(connection.ending.wait())
    try:
        await asyncio.wait({reading, ending}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (reading, ending):
            task.cancel()
        await asyncio.gather(reading, ending, return_exceptions=True)


def _seen_more(room: Room, user_id: int | None, seat: int | None, since: int) -> bool:
    """Whether ``since`` is beyond what this process has for the seat the socket will show."""
    return room.match is not None and since > room.match.seq_for(room.shown_seat(user_id, seat))


async def _serve(websocket: WebSocket, manager: TableManager, room: Room,
                 connection: Connection, guard: SocketGuard, address: str) -> None:
    limit = hall_of(websocket).settings.max_message_bytes
    flow = guard.flow(address)
    while True:
        # A client that does not read its replies is not read either.
        await connection.drained.wait()
        if connection.end_code is not None:
            return
        try:
            message = await websocket.receive()
        except WebSocketDisconnect:
            return
        # A socket ended meanwhile (its session ended, say) acts no more.
        if message["type"] == "websocket.disconnect" or connection.end_code is not None:
            return
        # Every message pays first, malformed or not, before any work is done for it.
        if not await _paid(flow.charge(1.0), connection, room):
            if connection.end_code is not None:
                return
            continue
        data = _parse(message, limit, connection, room)
        if data is None:
            continue
        kind = data["type"]
        extra = cost_of(kind) - 1.0
        if extra > 0 and not await _paid(flow.charge(extra), connection, room):
            if connection.end_code is not None:
                return
            continue
        try:
            await _handle(kind, data, manager, room, connection)
        except Rejection as rejection:
            _error(connection, room, rejection.code, rejection.reason, **rejection.extra)
            if rejection.code == "stale_seq" and room.match is not None:
                async with room.lock:
                    connection.send(room.sync_text(connection.seat, data.get("seq") or 0))
        except Exception:
            log.exception("table %s: a %s message failed", room.record.id, kind)
            _error(connection, room, "server_error",
                   "the server could not handle this message; nothing changed")


async def _paid(refusal: Refusal, connection: Connection, room: Room) -> bool:
    """True if the message may be handled; else it is refused, and nothing more is read from
    the socket until it could be paid for (the rest of a flood waits in the client's buffers)."""
    if refusal.verdict is Verdict.OK:
        return True
    if refusal.verdict is Verdict.FLOOD:
        connection.end(CLOSE_TOO_MANY, "too many messages: slow down")
        return False
    _error(connection, room, "rate_limited", "too many messages; wait a moment",
           retry_ms=max(1, math.ceil(refusal.retry * 1000)))
    await asyncio.sleep(min(refusal.retry, 60.0))
    return False


def _parse(message: Any, limit: int, connection: Connection,
           room: Room) -> dict[str, Any] | None:
    """The message as a JSON object with a known ``type``; None (after an error reply) if not."""
    raw = message.get("text")
    if raw is None:
        raw_bytes = message.get("bytes") or b""
        if len(raw_bytes) > limit:
            _error(connection, room, "too_large", f"messages are at most {limit} bytes")
            return None
        raw = raw_bytes.decode("utf-8", errors="replace")
    if len(raw) > limit or len(raw.encode()) > limit:
        _error(connection, room, "too_large", f"messages are at most {limit} bytes")
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        # RecursionError: nested deeper than the parser's stack ("[[[[...").
        _error(connection, room, "bad_json", "the message is not valid JSON (or nests too deep)")
        return None
    if not isinstance(data, dict):
        _error(connection, room, "bad_json", "a message is a JSON object with a \"type\"")
        return None
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        _error(connection, room, "unknown_type",
               f"unknown message type {_shown(kind)}; known: {', '.join(MESSAGE_TYPES)}")
        return None
    return data


async def _handle(kind: str, data: dict[str, Any], manager: TableManager, room: Room,
                  connection: Connection) -> None:
    if kind == "ping":
        connection.send_json({"type": "pong"})
        return
    if kind == "sync":
        since = _int_field(data, "seq", required=False) or 0
        if room.match is None:
            raise Rejection("not_started", "the game has not started yet")
        async with room.lock:
            connection.send(room.sync_text(connection.seat, since))
        return
    if kind in CHAT_TYPES:
        if connection.agent and kind in WRITING_TYPES:
            raise Rejection("agent_no_chat", "agents read the chat but do not write in it")
        if manager.chat is None:
            raise Rejection("server_error", "the chat is not available")
        await manager.chat.handle(kind, data, room, connection)
        return
    if kind == "watch":
        seat = _int_field(data, "seat", required=True)
        # Under the lock, as every change of seats re-checks the room's sockets under it.
        async with room.lock:
            if seat not in room.owned(connection.user_id):
                raise Rejection("not_your_seat", f"you do not hold seat {_shown(seat)}")
            connection.seat = seat
            if room.match is not None:
                connection.send(room.sync_text(seat, room.match.seq_for(seat)))
        return
    owned = room.owned(connection.user_id)
    if not owned:
        raise Rejection("spectator", "spectators watch; take a seat to play")
    seat = _int_field(data, "seat", required=False)
    if seat is None:
        seat = connection.seat
    if seat not in owned or seat is None:
        raise Rejection("not_your_seat", f"you do not hold seat {_shown(seat)}; yours: {owned}")
    if kind == "hint":
        hint = await manager.driver.hint(room, seat, address_of(connection.websocket))
        # The seat may have changed hands while the bot thought.
        if seat in room.owned(connection.user_id):
            connection.send_json(hint)
        return
    seq = _int_field(data, "seq", required=True)
    assert seq is not None
    if "action" not in data:
        raise Rejection("bad_message", "an act message needs an \"action\"")
    await manager.submit(room, seat, seq, data["action"], bot=False, user_id=connection.user_id)
