"""``meeplehall backup`` copies the SQLite database while a game is being played on it (the
server, another process, commits moves meanwhile); a server started on the copy has the table
with a prefix of the log, plays it to the end, and its published replay rebuilds the result."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import httpx
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.core import Seed, replay
from meeplehall.core.registry import get_game
from meeplehall.server.play.match import result_json
from tests.server.client import Player, TableSession, open_table, play_seat
from tests.server.conftest import ServerProcess


def logged(database: Path, table_id: int) -> list[tuple[int, Any]]:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        rows = connection.execute(
            "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
    return [(int(seat), json.loads(action)) for seat, action in rows]


async def _move_on(session: TableSession, rng: random.Random, stop: asyncio.Event,
                   played: list[int]) -> None:
    """Play one move after another until told to stop (or the game ends), counting them."""
    while not stop.is_set():
        movers = session.movers()
        if not movers:
            break
        seat = rng.choice(movers)
        await session.act(seat, rng.choice(session.latest[seat]["legal"]))
        await session.acknowledged(seat)
        await session.settle()
        played.append(seat)


async def _backup_while_playing(server: ServerProcess,
                                target: Path) -> tuple[TableSession, int]:
    session = await open_table(server.base, server.ws_base, "monsterhex", 2)
    stop = asyncio.Event()
    played: list[int] = []
    playing = asyncio.create_task(_move_on(session, random.Random(5), stop, played))
    while len(played) < 3 and not playing.done():  # a few moves in
        await asyncio.sleep(0.01)
    # The command's own code, in a thread: the moves go on on this loop meanwhile.
    result = await asyncio.to_thread(
        CliRunner().invoke, app, ["backup", str(target), "--data-dir", str(server.data_dir)])
    assert result.exit_code == 0, result.output
    assert f"to {target}" in result.output
    after_copy = len(played)
    while len(played) < after_copy + 2 and not playing.done():  # and on after the copy
        await asyncio.sleep(0.01)
    stop.set()
    await playing
    for socket in session.sockets:
        await socket.close()
    return session, len(played)


async def _finish(server: ServerProcess, session: TableSession) -> None:
    """The same people (their cookies were in the copy) play the restored table to the end."""
    sockets = []
    for original in session.people:
        person = Player(server.base, server.ws_base)
        person.http.cookies.set("mh_session", original.http.cookies["mh_session"])
        socket = await person.socket(session.id)
        await socket.expect("welcome")
        sockets.append(socket)
    errors: list[dict[str, Any]] = []
    finals = await asyncio.gather(*(play_seat(s, random.Random(i), errors)
                                    for i, s in enumerate(sockets)))
    assert errors == []
    assert all(final["status"] == "finished" for final in finals)
    for socket in sockets:
        await socket.close()


def test_a_backup_taken_while_a_game_is_played_restores_and_replays(
    fresh_server: ServerProcess, server_env: dict[str, str], tmp_path: Path,
) -> None:
    copy = tmp_path / "copy.db"
    session, played = asyncio.run(_backup_while_playing(fresh_server, copy))
    assert played >= 5
    original = logged(fresh_server.data_dir / "meeplehall.db", session.id)
    kept = logged(copy, session.id)
    assert 0 < len(kept) <= len(original)
    assert kept == original[:len(kept)]  # one consistent snapshot: a prefix of the log

    restored_dir = tmp_path / "restored"
    restored_dir.mkdir()
    copy.rename(restored_dir / "meeplehall.db")
    restored = ServerProcess(restored_dir, env=server_env)
    restored.start()
    try:
        table = httpx.get(f"{restored.base}/api/tables/{session.id}").json()
        assert table["status"] == "playing"
        asyncio.run(_finish(restored, session))
        published = httpx.get(f"{restored.base}/api/tables/{session.id}/replay").json()
    finally:
        restored.stop()
        for person in session.people:
            person.close()
    actions = [(seat, action) for seat, action in published["actions"]]
    assert actions[:len(kept)] == kept and len(actions) > len(kept)
    rebuilt = replay(get_game("monsterhex"), 2, published["options"],
                     Seed.from_hex(published["seed"], published["generator"]), actions)
    assert rebuilt.is_over()
    assert result_json(get_game("monsterhex"), rebuilt.result()) == published["result"]
