"""Play from here: a new unrated table at a position of a finished table's replay, against a real
server with real WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.core import Seed, replay
from meeplehall.core.registry import get_game
from tests.live_server import ServerProcess
from tests.server.client import Player, play_seat


def _finished(owner: Player, game: str = "monsterhex", **create: Any) -> dict[str, Any]:
    """A table of two level-1 bots, the owner sitting nowhere, played to its end."""
    table = owner.create(game=game, players=2, seat=None, mode="none",
                         bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}], **create)
    owner.start(table["id"])
    deadline = time.monotonic() + 120
    while (now := owner.http.get(f"/api/tables/{table['id']}",
                                 params={"invite": table.get("invite_token")}).json())[
            "status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)
    return {**now, "invite_token": table.get("invite_token")}


def _position(record: dict[str, Any], step: int) -> Any:
    """The state after ``step`` actions of a replay document, rebuilt here from its seed."""
    seed = Seed.from_hex(record["seed"], record["generator"])
    return replay(get_game(record["game"]), record["players"], record["options"], seed,
                  record["actions"][:step])


def _practice(person: Player, table_id: int, **body: Any) -> Any:
    return person.http.post(f"/api/tables/{table_id}/practice", json=body)


def _mine(person: Player) -> list[int]:
    return [table["id"] for table in person.http.get("/api/my/tables").json()]


async def _play_on(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).register()
    source = _finished(owner, game="yaxha")
    record = owner.http.get(f"/api/tables/{source['id']}/replay").json()
    # Midway, at a step only one seat is to move: the person's, so the bot waits for them and
    # the first view the socket gets is the position itself.
    step = next(step for step in range(len(record["actions"]) // 2, len(record["actions"]))
                if len(_position(record, step).to_move()) == 1)
    position = _position(record, step)
    [me] = position.to_move()
    bot = 1 - me
    seats = [{"player": "me"}] * 2
    seats[bot] = {"player": "bot", "level": 1}
    answer = _practice(owner, source["id"], step=step, seats=seats)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    assert table["rated"] is False and table["status"] == "playing"
    assert table["origin"] == {"table": source["id"], "step": step}
    assert table["seats"][me]["user"]["id"] == owner.user["id"]
    assert table["seats"][bot]["bot_level"] == 1 and table["seats"][bot]["user"] is None
    socket = await owner.socket(table["id"])
    welcome = await socket.expect("welcome")
    assert welcome["table"]["origin"] == {"table": source["id"], "step": step}
    first = await socket.expect("sync")
    # The seat sees exactly what it saw at that step of the finished game, secrets hidden.
    assert first["seat"] == me
    assert first["view"] == position.view(me)
    assert first["view"] != position.view(bot)
    assert first["to_move"] == [me]
    # The bot seat plays on with the person to the end.
    errors: list[dict[str, Any]] = []
    last = await play_seat(socket, random.Random(3), errors, first=first)
    await socket.close()
    assert last["status"] == "finished", errors
    played = owner.http.get(f"/api/tables/{table['id']}/replay").json()
    # Its record starts with the source's actions and replays to its own end.
    assert played["actions"][:step] == record["actions"][:step]
    assert played["seed"] == record["seed"]
    assert any(step_["seat"] == bot and step_["bot"] for step_ in played["steps"][step:])
    assert _position(played, len(played["actions"])).is_over()
    # The person's history lists it as practice, and their record does not count it.
    profile = owner.http.get(f"/api/players/{owner.user['profile']}").json()
    [entry] = profile["last_games"]
    assert entry["table"] == table["id"] and entry["origin"] == table["origin"]
    assert profile["record"] == []
    owner.close()


def test_play_from_here_starts_at_that_position_unrated_and_a_bot_plays_on(
        server: ServerProcess) -> None:
    asyncio.run(_play_on(server))


def test_hot_seat_from_here_seats_the_person_twice(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("couch")
    source = _finished(owner)
    answer = _practice(owner, source["id"], step=0, seats=[{"player": "me"}, {"player": "me"}])
    assert answer.status_code == 201, answer.text
    table = answer.json()
    assert [seat["user"]["id"] for seat in table["seats"]] == [owner.user["id"]] * 2
    assert table["origin"] == {"table": source["id"], "step": 0} and table["mode"] == "none"
    owner.close()


def test_a_hidden_table_is_forked_only_by_who_may_see_its_replay(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("keeper")
    outsider = Player(server.base, server.ws_base).guest("outsider")
    source = _finished(owner, visibility="private")
    seats = [{"player": "me"}, {"player": "bot", "level": 2}]
    refused = _practice(outsider, source["id"], step=3, seats=seats)
    assert refused.status_code == 404 and refused.json()["code"] == "no_table"
    assert _practice(outsider, source["id"], step=3, seats=seats,
                     invite="wrong-token").status_code == 404
    assert _mine(outsider) == []
    # The invite's holder may, and the private game's moves stay private in the new table.
    allowed = _practice(outsider, source["id"], step=3, seats=seats,
                        invite=source["invite_token"], visibility="public")
    assert allowed.status_code == 201, allowed.text
    assert allowed.json()["visibility"] == "private"
    assert _practice(owner, source["id"], step=3, seats=seats).status_code == 201
    anonymous = Player(server.base, server.ws_base)
    assert _practice(anonymous, source["id"], step=3, seats=seats).status_code == 401
    for person in (owner, outsider, anonymous):
        person.close()


def test_an_unfinished_table_cannot_be_played_from(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("early")
    table = owner.create(game="monsterhex", players=2, seat=0, mode="none",
                         bots=[{"seat": 1, "level": 1}])
    seats = [{"player": "me"}, {"player": "bot", "level": 1}]
    assert _practice(owner, table["id"], step=0, seats=seats).status_code == 409
    owner.start(table["id"])
    refused = _practice(owner, table["id"], step=0, seats=seats)
    assert refused.status_code == 409 and refused.json()["code"] == "not_finished"
    assert _mine(owner) == [table["id"]]
    owner.close()


def test_bad_choices_are_refused_and_open_nothing(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("chooser")
    source = _finished(owner)
    last = len(owner.http.get(f"/api/tables/{source['id']}/replay").json()["actions"]) - 1
    me_and_bot = [{"player": "me"}, {"player": "bot", "level": 1}]
    cases = [
        ({"step": last + 1, "seats": me_and_bot}, 400, "step_out_of_range"),
        ({"step": 2, "seats": [{"player": "me"}]}, 400, "seat_count"),
        ({"step": 2, "seats": [{"player": "me"}, {"player": "bot", "level": 9}]}, 400,
         "no_bot_level"),
        ({"step": 2, "seats": [{"player": "me"}, {"player": "bot"}]}, 400, "no_bot_level"),
        ({"step": -1, "seats": me_and_bot}, 422, None),
        ({"step": "2", "seats": me_and_bot}, 422, None),
    ]
    for body, status, code in cases:
        answer = _practice(owner, source["id"], **body)
        assert answer.status_code == status, (body, answer.text)
        if code is not None:
            assert answer.json()["code"] == code
    assert _mine(owner) == []
    # The last position before the end is one.
    assert _practice(owner, source["id"], step=last, seats=me_and_bot).status_code == 201
    owner.close()


async def _after_restart(server: ServerProcess, export: Path) -> None:
    owner = Player(server.base, server.ws_base).guest("restarter")
    source = _finished(owner, game="yaxha")
    record = owner.http.get(f"/api/tables/{source['id']}/replay").json()
    step = len(record["actions"]) // 3
    # Hot-seat: nobody moves until the person does, whatever the server does meanwhile.
    seated = _practice(owner, source["id"], step=step,
                       seats=[{"player": "me"}, {"player": "me"}]).json()
    bots = _practice(owner, source["id"], step=step,
                     seats=[{"player": "bot", "level": 1}, {"player": "bot", "level": 1}]).json()
    server.stop()
    server.start()
    # The practice table comes back at its position: its log and deal are in the database.
    position = _position(record, step)
    seat = min(position.to_move())
    socket = await owner.socket(seated["id"], seat=seat)
    await socket.expect("welcome")
    sync = await socket.expect("sync")
    assert sync["view"] == position.view(seat)
    await socket.close()
    # The bots' practice table plays to its end; its export line says where its moves began.
    deadline = time.monotonic() + 120
    while owner.http.get(f"/api/tables/{bots['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their practice"
        time.sleep(0.1)
    owner.close()
    result = CliRunner().invoke(app, ["export", str(export), "--data-dir", str(server.data_dir),
                                      "--overwrite"])
    assert result.exit_code == 0, result.output
    lines = {line["table"]: line for line in map(json.loads, export.read_text().splitlines())}
    assert lines[source["id"]]["origin"] is None
    line = lines[bots["id"]]
    assert line["origin"] == {"table": source["id"], "step": step}
    assert [action[:2] for action in line["actions"][:step]] == record["actions"][:step]
    assert line["seed"]["hex"] == record["seed"]


def test_a_practice_table_resumes_after_a_restart_and_exports_its_origin(
        fresh_server: ServerProcess, tmp_path: Path) -> None:
    asyncio.run(_after_restart(fresh_server, tmp_path / "games.jsonl"))
