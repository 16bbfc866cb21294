"""Refusals of the HTTP API carry a stable code and its params beside the unchanged English
detail, and the server sends no code that is not in the registry (so not undocumented)."""

from __future__ import annotations

import ast
import secrets
from pathlib import Path
from typing import Any

import httpx

from meeplehall.server.errors import API_ERRORS
from tests.server.client import Player
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog

SERVER = Path(__file__).resolve().parents[3] / "src" / "meeplehall" / "server"


def refusal(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    """The body of a refusal, after checking its status, code and shape."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"detail", "code", "params"}, body
    assert body["code"] == code, body
    assert sorted(body["params"]) == sorted(API_ERRORS[code]), body
    return body


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
    ]


def test_every_refusal_in_the_server_uses_a_registered_code_with_its_params() -> None:
    used: set[str] = set()
    for path in sorted(SERVER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(SERVER)
        if path.name != "errors.py":
            assert _calls(tree, "HTTPException") == [], f"{where}: raise ApiError instead"
        calls = _calls(tree, "ApiError")
        if path.name == "seating.py":  # its Refusal is an ApiError a rule returns
            calls += _calls(tree, "Refusal")
        for call in calls:
            line = f"{where}:{call.lineno}"
            assert len(call.args) in (3, 4), line
            code = call.args[1]
            assert isinstance(code, ast.Constant) and code.value in API_ERRORS, line
            params: list[str] = []
            if len(call.args) == 4:
                literal = call.args[3]
                assert isinstance(literal, ast.Dict), f"{line}: params as a dict literal"
                params = [key.value for key in literal.keys if isinstance(key, ast.Constant)]
                assert len(params) == len(literal.keys), line
            assert sorted(params) == sorted(API_ERRORS[code.value]), line
            used.add(code.value)
    assert sorted(set(API_ERRORS) - used) == [], "registered codes the server never sends"


def test_account_refusals_carry_code_params_and_the_english_detail(server: ServerProcess) -> None:
    anonymous = httpx.Client(base_url=server.base)
    body = refusal(anonymous.get("/api/me"), 401, "not_logged_in")
    assert body == {"detail": "log in or pick a guest name first", "code": "not_logged_in",
                    "params": {}}

    name = f"Taken{secrets.token_hex(3)}"
    owner = Player(server.base, server.ws_base).register(name, "the right one")
    again = anonymous.post("/api/auth/register",
                           json={"name": f" {name.lower()} ", "password": "another pw"})
    body = refusal(again, 409, "name_taken")
    assert body["params"] == {"name": name.lower()}
    assert body["detail"] == f"the name {name.lower()!r} is taken; choose another"

    wrong = anonymous.post("/api/auth/login", json={"name": name, "password": "not it at all"})
    body = refusal(wrong, 401, "wrong_name_or_password")
    assert body["detail"] == "wrong name or password" and body["params"] == {}

    # The limit is 5 failures per name: 4 more, then the next attempt waits.
    for attempt in range(4):
        failed = anonymous.post("/api/auth/login", json={"name": name, "password": f"no {attempt}"})
        assert failed.status_code == 401
    blocked = anonymous.post("/api/auth/login", json={"name": name, "password": "the right one"})
    body = refusal(blocked, 429, "too_many_logins")
    seconds = body["params"]["seconds"]
    assert isinstance(seconds, int) and seconds > 0
    assert int(blocked.headers["retry-after"]) == seconds
    assert body["detail"] == f"too many failed logins; try again in {seconds} seconds"

    # FastAPI's own validation errors keep their shape: a list of problems, no code.
    short = anonymous.post("/api/auth/register", json={"name": "x", "password": "short"})
    assert short.status_code == 422
    assert isinstance(short.json()["detail"], list) and "code" not in short.json()
    anonymous.close()
    owner.close()


def test_table_refusals_carry_code_params_and_the_english_detail(server: ServerProcess) -> None:
    game = next(g for g in catalog(server) if g["options"])
    owner = Player(server.base, server.ws_base).guest("owner")
    table = owner.create(game=game["name"], players=2, seat=0)
    second = Player(server.base, server.ws_base).guest("second")
    third = Player(server.base, server.ws_base).guest("third")

    body = refusal(second.join(table["id"], seat=0), 409, "seat_taken")
    assert body["params"] == {"seat": 0} and body["detail"] == "seat 0 is taken"
    body = refusal(second.join(table["id"], seat=7), 400, "seat_out_of_range")
    assert body["params"] == {"seat": 7, "players": 2}
    assert body["detail"] == "seat 7 is not a seat of this table (0 to 1)"
    assert second.join(table["id"]).status_code == 200
    body = refusal(third.join(table["id"]), 409, "table_full")
    assert body["detail"] == "this table is full" and body["params"] == {}

    body = refusal(second.http.post(f"/api/tables/{table['id']}/start"), 403, "not_owner")
    assert body["detail"] == "only the table's owner can start it"

    body = refusal(third.http.get("/api/tables/999999"), 404, "no_table")
    assert body["params"] == {"table": 999999}
    assert body["detail"] == "no table 999999 (a private table needs its invite link)"

    spec = game["options"][0]
    wrong = "text" if spec["kind"] in ("int", "bool") else 12345
    response = owner.http.post(
        "/api/tables",
        json={"game": game["name"], "players": 2, "options": {spec["key"]: wrong}},
    )
    body = refusal(response, 400, "invalid_options")
    # The game's own reason, naming the option, is both the detail and the param.
    assert body["params"] == {"reason": body["detail"]}
    assert repr(spec["key"]) in body["detail"]

    waiting = owner.create(game=game["name"], players=3 if game["max_players"] >= 3 else 2,
                           seat=0)
    body = refusal(owner.http.post(f"/api/tables/{waiting['id']}/start"), 409, "seats_free")
    free = list(range(1, waiting["players"]))
    assert body["params"] == {"seats": free}
    assert body["detail"] == f"seats {free} are still free: wait for players or add bots"

    body = refusal(
        owner.http.post("/api/tables", json={"game": game["name"], "players": 2,
                                             "bots": [{"seat": 1, "level": 99}]}),
        400, "no_bot_level",
    )
    levels = httpx.get(f"{server.base}/api/bots").json()["levels"]
    assert body["params"] == {"level": 99, "levels": levels}
    assert body["detail"] == f"no bot of level 99; levels: {', '.join(map(str, levels))}"

    registered = Player(server.base, server.ws_base).register(
        f"Ranked{secrets.token_hex(3)}", "a good password"
    )
    body = refusal(
        registered.http.post("/api/tables", json={"game": game["name"], "players": 2,
                                                  "rated": True, "mode": "none"}),
        400, "rated_without_clock",
    )
    assert body["detail"] == "a rated table needs a clock"
    registered.close()

    body = refusal(owner.http.get("/api/leaderboard/nope"), 404, "unknown_game")
    assert body["params"] == {"game": "nope"}
    assert body["detail"].startswith("unknown game 'nope'; known games: ")
    for person in (owner, second, third):
        person.close()
