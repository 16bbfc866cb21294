"""Analyses of finished tables through the real server: who may ask, never before the end, the
bounds per user, the same result as the terminal's analysis of the same record, and an analysis
that survives the server being killed in the middle (SIGKILL, then a start on the same
database).

The waits poll the documented GET until a status shows; nothing asserts how long work takes.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from meeplehall.ai.analysis import analyse_record, analysis_json
from meeplehall.core.record import MatchRecord
from tests.live_server import ServerProcess
from tests.people import nobody
from tests.server.client import Player

BOTS = [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]


def _finished_table(owner: Player, visibility: str = "public") -> int:
    table = owner.create(game="monsterhex", players=2, seat=None, visibility=visibility,
                         mode="none", bots=BOTS)
    owner.start(table["id"])
    _wait(lambda: owner.http.get(f"/api/tables/{table['id']}").json()["status"] == "finished")
    return int(table["id"])


def _wait(check: Any, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.1)


def _analysis(player: Player, table_id: int) -> dict[str, Any]:
    answer = player.http.get(f"/api/tables/{table_id}/analysis")
    assert answer.status_code == 200, answer.text
    document: dict[str, Any] = answer.json()
    return document


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path, extra=["--analysis-iterations", "6"])
    process.start()
    try:
        yield process
    finally:
        process.stop()


def test_an_analysis_is_refused_before_the_end_and_to_those_who_may_not_ask(
        server: ServerProcess) -> None:
    owner = nobody(server).register()
    playing = owner.create(game="yaxha", players=2, seat=0, mode="none",
                           bots=[{"seat": 1, "level": 1}])
    owner.start(playing["id"])
    for answer in (owner.http.post(f"/api/tables/{playing['id']}/analysis"),
                   owner.http.get(f"/api/tables/{playing['id']}/analysis")):
        assert answer.status_code == 409 and answer.json()["code"] == "not_finished"
    private = _finished_table(owner, "private")
    public = _finished_table(owner)
    stranger = nobody(server).register()
    guest = nobody(server).guest("visitor")
    anonymous = nobody(server)
    # Not a player of a private table: it does not exist for them.
    assert stranger.http.post(f"/api/tables/{private}/analysis").json()["code"] == "no_table"
    # A guest may not have others' games analysed, even public ones; nobody may anonymously.
    refused = guest.http.post(f"/api/tables/{public}/analysis")
    assert refused.status_code == 403 and refused.json()["code"] == "not_a_player"
    assert anonymous.http.post(f"/api/tables/{public}/analysis").status_code == 401
    assert _analysis(stranger, public)["status"] == "none"  # the refusals queued nothing
    # A registered stranger may ask for a public table's; one at a time.
    assert stranger.http.post(f"/api/tables/{public}/analysis").status_code == 202
    owner_answer = owner.http.post(f"/api/tables/{private}/analysis")
    assert owner_answer.status_code in (202, 429), owner_answer.text
    other = _finished_table(owner)
    busy = stranger.http.post(f"/api/tables/{other}/analysis")
    if _analysis(stranger, public)["status"] in ("queued", "running"):
        assert busy.status_code == 429 and busy.json()["code"] == "analysis_busy"
    _wait(lambda: _analysis(stranger, public)["status"] == "done")
    # Asking again returns the stored analysis, queueing nothing.
    again = owner.http.post(f"/api/tables/{public}/analysis")
    assert again.status_code == 200 and again.json()["status"] == "done"


async def _told_until_done(player: Player, table_id: int) -> list[dict[str, Any]]:
    """Ask for the analysis with the per-user socket open; its ``analysis`` events until done."""
    cookie = player.http.cookies.get("mh_session")
    told: list[dict[str, Any]] = []
    async with connect(f"{player.ws_base}/ws/me",
                       additional_headers={"Cookie": f"mh_session={cookie}"}) as socket:
        assert json.loads(await socket.recv())["type"] == "hello"
        answer = await asyncio.to_thread(player.http.post, f"/api/tables/{table_id}/analysis")
        assert answer.status_code == 202, answer.text
        while not told or told[-1]["status"] != "done":
            message = json.loads(await asyncio.wait_for(socket.recv(), 120))
            if message["type"] == "analysis":
                told.append(message)
    return told


def test_the_server_analysis_is_the_terminals_of_the_same_record(server: ServerProcess) -> None:
    owner = nobody(server).register()
    table_id = _finished_table(owner)
    told = asyncio.run(_told_until_done(owner, table_id))
    document = _analysis(owner, table_id)
    # The requester heard of every step, in order, on its per-user socket.
    assert [event["progress"]["done"] for event in told] == list(
        range(1, document["progress"]["total"] + 1))
    assert all(event["table"] == table_id for event in told)
    replay = owner.http.get(f"/api/tables/{table_id}/replay").json()
    record = MatchRecord("monsterhex", 2, int(replay["seed"], 16), replay["options"],
                         [(seat, action) for seat, action in replay["actions"]],
                         replay["generator"])
    expected = analysis_json(2, analyse_record(record, 6))
    assert document["iterations"] == 6
    assert document["progress"] == {"done": len(replay["actions"]),
                                    "total": len(replay["actions"])}
    assert document["decisions"] == expected["decisions"]
    assert document["seats"] == expected["seats"]
    assert document["decisions"], "a Monster Hex match has decisions with a choice"
    for decision in document["decisions"]:
        # The index is the replay's step showing the position; steps[index] is the move.
        assert replay["steps"][decision["index"]]["action"] == decision["played"]["action"]
        assert replay["steps"][decision["index"]]["seat"] == decision["seat"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_an_analysis_interrupted_by_a_crash_resumes_on_the_next_start(
        backend: str, database_factory: Any, server_env: dict[str, str]) -> None:
    url, data_dir = database_factory(backend)
    # A budget that makes each decision take a while, so the kill lands mid-analysis.
    server = ServerProcess(data_dir, url, server_env, extra=["--analysis-iterations", "600"])
    server.start()
    try:
        owner = nobody(server).register()
        table_id = _finished_table(owner)
        assert owner.http.post(f"/api/tables/{table_id}/analysis").status_code == 202
        _wait(lambda: _analysis(owner, table_id)["progress"]["done"] >= 3)
        before = _analysis(owner, table_id)
        assert before["status"] == "running"
        server.kill()
        server.start()
        owner = nobody(server)
        owner.http.cookies.clear()
        viewer = nobody(server).register()
        after = _analysis(viewer, table_id)
        assert after["status"] in ("running", "done")
        assert after["progress"]["done"] >= before["progress"]["done"]
        _wait(lambda: _analysis(viewer, table_id)["status"] == "done", seconds=240)
        done = _analysis(viewer, table_id)
        # Every decision once, in order, the ones found before the crash kept as they were.
        indexes = [decision["index"] for decision in done["decisions"]]
        assert indexes == sorted(set(indexes))
        assert done["decisions"][:len(before["decisions"])] == before["decisions"]
    finally:
        server.stop()
