"""The table WebSocket: welcome and sync on connect, then act / sync / watch / hint / ping."""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from meeplehall.server.db.models import Table
from meeplehall.server.deps import COOKIE, hall_of, refuse_foreign_origin, user_for_token
from meeplehall.server.lobby import describe_table, live_info, may_see
from meeplehall.server.match import Rejection
from meeplehall.server.tables import Connection, Room, TableManager

router = APIRouter()
log = logging.getLogger("meeplehall.server")

MESSAGE_TYPES = ("act", "sync", "watch", "hint", "ping")


def _error(connection: Connection, room: Room, code: str, reason: str) -> None:
    seq = room.match.seq_for(connection.seat) if room.match is not None else 0
    connection.send_json({"type": "error", "code": code, "reason": reason, "seq": seq})


def _int_field(data: dict[str, Any], key: str, required: bool) -> int | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejection("bad_message", f"{key!r} must be a whole number")
    return value


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: int, seat: int | None = None,
                       invite: str | None = None, since: int | None = None) -> None:
    if await refuse_foreign_origin(websocket):
        return
    hall = hall_of(websocket)
    with hall.db() as session:
        user = user_for_token(session, websocket.cookies.get(COOKIE))
        user_id = user.id if user is not None else None
        table = session.get(Table, table_id)
        visible = table is not None and may_see(table, user_id, invite, session)
    await websocket.accept()
    if not visible:
        await websocket.close(4404, f"no table {table_id} (a private table needs its invite)")
        return
    manager = hall.manager
    room = await manager.room(table_id)
    if room is None:
        await websocket.close(4404, f"no table {table_id}")
        return
    owned = room.owned(user_id)
    if seat is not None and seat not in owned:
        await websocket.close(4403, f"you do not hold seat {seat} at this table")
        return
    viewing = seat if seat is not None else (owned[0] if owned else None)
    connection = Connection(websocket, user_id, viewing)
    with hall.db() as session:
        row = session.get(Table, table_id)
        assert row is not None
        described = describe_table(session, row, user_id, live_info(hall, table_id))
    async with room.lock:
        connection.send_json(
            {"type": "welcome", "table": described, "seats": owned, "seat": viewing}
        )
        if room.match is not None:
            connection.send_json(room.sync(viewing, since or 0))
        manager.attach(room, connection)
    try:
        await _serve(websocket, manager, room, connection)
    except WebSocketDisconnect:
        pass
    finally:
        manager.detach(room, connection)
        await connection.close()


async def _serve(websocket: WebSocket, manager: TableManager, room: Room,
                 connection: Connection) -> None:
    limit = hall_of(websocket).settings.max_message_bytes
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        raw = message.get("text")
        if raw is None:
            raw_bytes = message.get("bytes") or b""
            if len(raw_bytes) > limit:
                _error(connection, room, "too_large", f"messages are at most {limit} bytes")
                continue
            raw = raw_bytes.decode("utf-8", errors="replace")
        if len(raw.encode()) > limit:
            _error(connection, room, "too_large", f"messages are at most {limit} bytes")
            continue
        try:
            data = json.loads(raw)
        except ValueError:
            _error(connection, room, "bad_json", "the message is not valid JSON")
            continue
        if not isinstance(data, dict):
            _error(connection, room, "bad_json", "a message is a JSON object with a \"type\"")
            continue
        kind = data.get("type")
        if kind not in MESSAGE_TYPES:
            _error(connection, room, "unknown_type",
                   f"unknown message type {kind!r}; known: {', '.join(MESSAGE_TYPES)}")
            continue
        try:
            await _handle(kind, data, manager, room, connection)
        except Rejection as rejection:
            _error(connection, room, rejection.code, rejection.reason)
            if rejection.code == "stale_seq" and room.match is not None:
                connection.send_json(room.sync(connection.seat, data.get("seq") or 0))


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
            connection.send_json(room.sync(connection.seat, since))
        return
    owned = room.owned(connection.user_id)
    if kind == "watch":
        seat = _int_field(data, "seat", required=True)
        if seat not in owned:
            raise Rejection("not_your_seat", f"you do not hold seat {seat}")
        connection.seat = seat
        if room.match is not None:
            async with room.lock:
                connection.send_json(room.sync(seat, room.match.seq_for(seat)))
        return
    if not owned:
        raise Rejection("spectator", "spectators watch; take a seat to play")
    seat = _int_field(data, "seat", required=False)
    if seat is None:
        seat = connection.seat
    if seat not in owned or seat is None:
        raise Rejection("not_your_seat", f"you do not hold seat {seat}; yours: {owned}")
    if kind == "hint":
        connection.send_json(await manager.hint(room, seat))
        return
    seq = _int_field(data, "seq", required=True)
    assert seq is not None
    if "action" not in data:
        raise Rejection("bad_message", "an act message needs an \"action\"")
    await manager.submit(room, seat, seq, data["action"], bot=False)
