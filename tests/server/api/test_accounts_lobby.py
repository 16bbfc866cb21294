"""Accounts, guests, private tables, my tables, leaving, hints, ratings, replays and history."""

from __future__ import annotations

import asyncio
import random
import secrets
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.client import Player, open_table, play_seat
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


def test_register_login_logout_and_session_cookie_flags(server: ServerProcess) -> None:
    name = f"Ada{secrets.token_hex(3)}"
    person = Player(server.base, server.ws_base)
    response = person.http.post("/api/auth/register", json={"name": name, "password": "s3cret pw"})
    assert response.status_code == 201
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert person.http.get("/api/me").json() == {"id": response.json()["id"], "name": name,
                                                 "guest": False,
                                                 "profile": response.json()["profile"],
                                                 "kind": "person", "owner": None}
    assert person.http.get("/api/session").json() == {"user": person.http.get("/api/me").json()}
    assert person.http.post("/api/auth/logout").status_code == 204
    person.http.cookies.clear()
    assert person.http.get("/api/me").status_code == 401
    # Pages ask /api/session, where nobody logged in is an answer rather than an error.
    anonymous = person.http.get("/api/session")
    assert (anonymous.status_code, anonymous.json()) == (200, {"user": None})
    wrong = person.http.post("/api/auth/login", json={"name": name, "password": "nope nope"})
    assert wrong.status_code == 401
    right = person.http.post(
        "/api/auth/login", json={"name": name.upper(), "password": "s3cret pw"}
    )
    assert right.status_code == 200 and right.json()["name"] == name
    taken = Player(server.base, server.ws_base).http.post(
        "/api/auth/register", json={"name": name.lower(), "password": "another pw"}
    )
    assert taken.status_code == 409
    short = person.http.post("/api/auth/register", json={"name": "x", "password": "short"})
    assert short.status_code == 422
    person.close()


def test_logging_out_ends_the_session_on_the_server(server: ServerProcess) -> None:
    person = Player(server.base, server.ws_base).register()
    token = person.http.cookies.get("mh_session")
    person.http.post("/api/auth/logout")
    replay = httpx.get(f"{server.base}/api/me", cookies={"mh_session": token or ""})
    assert replay.status_code == 401


def test_failed_logins_are_rate_limited_per_name(server: ServerProcess) -> None:
    victim = Player(server.base, server.ws_base).register(password="the right one")
    name = victim.user["name"]
    attacker = httpx.Client(base_url=server.base)
    codes = [
        attacker.post("/api/auth/login", json={"name": name, "password": f"guess {i}"}).status_code
        for i in range(6)
    ]
    assert codes == [401] * 5 + [429]
    blocked = attacker.post("/api/auth/login", json={"name": name, "password": "the right one"})
    assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) > 0
    attacker.close()
    victim.close()


def test_a_guest_who_registers_keeps_their_id_and_tables(server: ServerProcess) -> None:
    game = catalog(server)[0]
    guest = Player(server.base, server.ws_base).guest("Wanderer")
    assert guest.user["guest"] is True
    table = guest.create(game=game["name"], players=2, seat=0)
    registered = guest.register(f"wanderer{secrets.token_hex(3)}")
    assert registered.user["id"] == guest.user["id"] and registered.user["guest"] is False
    mine = guest.http.get("/api/my/tables").json()
    assert [t["id"] for t in mine] == [table["id"]]
    assert guest.http.post("/api/auth/register",
                           json={"name": "again" + secrets.token_hex(3),
                                 "password": "long enough"}).status_code == 409
    guest.close()


async def private_table(server: ServerProcess) -> None:
    game = catalog(server)[0]
    owner = Player(server.base, server.ws_base).guest("host")
    table = owner.create(game=game["name"], players=2, seat=0, visibility="private")
    token = table["invite_token"]
    stranger = Player(server.base, server.ws_base).guest("stranger")
    listed = stranger.http.get("/api/tables").json()
    assert table["id"] not in [t["id"] for t in listed]
    assert stranger.http.get(f"/api/tables/{table['id']}").status_code == 404
    assert stranger.join(table["id"]).status_code == 404
    assert stranger.join(table["id"], invite="wrong").status_code == 404
    socket = await stranger.socket(table["id"])
    with pytest.raises(ConnectionClosed) as closed:
        await socket.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    seen = stranger.http.get(f"/api/tables/{table['id']}", params={"invite": token}).json()
    assert "invite_token" not in seen
    assert stranger.join(table["id"], invite=token).status_code == 200
    assert "invite_token" in stranger.http.get(f"/api/tables/{table['id']}").json()
    watcher = Player(server.base, server.ws_base)
    socket = await watcher.socket(table["id"], invite=token)
    assert (await socket.expect("welcome"))["seat"] is None
    await socket.close()
    for person in (owner, stranger, watcher):
        person.close()


def test_private_tables_are_reachable_only_with_their_invite_token(server: ServerProcess) -> None:
    asyncio.run(private_table(server))


async def waiting_for_me(server: ServerProcess) -> None:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2)
    to_move = session.latest[0]["to_move"]
    for seat, person in enumerate(session.people):
        mine = person.http.get("/api/my/tables").json()
        entry = next(t for t in mine if t["id"] == session.id)
        assert entry["waiting_for_me"] is (seat in to_move)
        assert entry["status"] == "playing"
    await session.close()


def test_my_tables_flags_the_tables_waiting_for_my_move(server: ServerProcess) -> None:
    asyncio.run(waiting_for_me(server))


async def leave_for_good(server: ServerProcess) -> None:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2)
    response = session.people[1].http.post(f"/api/tables/{session.id}/leave", json={})
    assert response.status_code == 200
    assert response.json()["seats"][1]["replaced"] == "left"
    final = await play_seat(session.sockets[0], random.Random(1), [], first=session.latest[0])
    assert final["status"] == "finished" and final["replaced"] == [None, "left"]
    result = session.people[0].http.get(f"/api/tables/{session.id}/result").json()
    assert result["seats"][1]["replaced"] == "left"
    bot_moves = [m for m in session.sockets[0].received
                 if m["type"] == "update" and m["last"]["seat"] == 1]
    assert bot_moves and all(m["last"]["bot"] for m in bot_moves)
    await session.close()


def test_a_player_who_leaves_a_game_in_play_is_replaced_by_a_bot(server: ServerProcess) -> None:
    asyncio.run(leave_for_good(server))


def test_leaving_a_waiting_table_frees_the_seat(server: ServerProcess) -> None:
    game = catalog(server)[0]
    owner = Player(server.base, server.ws_base).guest("owner")
    table = owner.create(game=game["name"], players=2, seat=0)
    guest = Player(server.base, server.ws_base).guest("guest")
    guest.join(table["id"])
    after = guest.http.post(f"/api/tables/{table['id']}/leave", json={}).json()
    assert after["seats"][1]["user"] is None
    assert guest.http.post(f"/api/tables/{table['id']}/leave", json={}).status_code == 409
    owner.close()
    guest.close()


async def hints(server: ServerProcess) -> None:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2, hints=True)
    mover = session.latest[0]["to_move"][0]
    await session.sockets[mover].send({"type": "hint"})
    hint = await session.sockets[mover].expect("hint", timeout=60)
    assert hint["seat"] == mover and hint["action"] in session.latest[mover]["legal"]
    assert hint["label"]
    others = [m for s, socket in enumerate(session.sockets) if s != mover
              for m in socket.received if m["type"] == "hint"]
    assert others == []
    await session.close()


def test_a_hint_answers_the_asking_seat_only_with_a_legal_move(server: ServerProcess) -> None:
    asyncio.run(hints(server))


async def rated_game(server: ServerProcess) -> None:
    game = catalog(server)[0]
    people = [Player(server.base, server.ws_base).register() for _ in range(2)]
    table = people[0].create(game=game["name"], players=2, seat=0, rated=True, hints=True)
    assert table["rated"] and not table["hints"]
    guest = Player(server.base, server.ws_base).guest("guest")
    assert guest.join(table["id"]).status_code == 403
    assert people[0].join(table["id"], seat=1).status_code == 403
    assert people[1].join(table["id"]).status_code == 200
    sockets = [await p.socket(table["id"]) for p in people]
    for socket in sockets:
        await socket.expect("welcome")
    people[0].start(table["id"])
    await sockets[0].send({"type": "hint"})
    assert (await sockets[0].expect("error"))["code"] == "hints_off"
    first = [next(m for m in socket.received if m["type"] == "sync") for socket in sockets[:1]]
    finals = await asyncio.gather(
        play_seat(sockets[0], random.Random(0), [], first=first[0]),
        play_seat(sockets[1], random.Random(1), []),
    )
    ranks = finals[0]["result"]["ranks"]
    board = httpx.get(f"{server.base}/api/leaderboard/{game['name']}").json()
    rated = {entry["user"]["id"]: entry for entry in board}
    for seat, person in enumerate(people):
        entry = rated[person.user["id"]]
        assert entry["games"] == 1
        other = rated[people[1 - seat].user["id"]]
        # Every outcome is checked: a win raises, a loss lowers, a tie moves both alike.
        if ranks[seat] < ranks[1 - seat]:
            assert entry["mu"] > 25 > other["mu"]
        elif ranks[seat] > ranks[1 - seat]:
            assert entry["mu"] < 25 < other["mu"]
        else:
            assert entry["mu"] == pytest.approx(other["mu"])
        profile_id = person.user["profile"]
        history = httpx.get(f"{server.base}/api/players/{profile_id}/history").json()
        assert history[0]["table"] == table["id"] and history[0]["ranks"] == [ranks[seat]]
        profile = httpx.get(f"{server.base}/api/players/{profile_id}").json()
        assert profile["ratings"][0]["game"] == game["name"]
    ordinals = [entry["ordinal"] for entry in board]
    assert ordinals == sorted(ordinals, reverse=True)
    for socket in sockets:
        await socket.close()
    for person in (*people, guest):
        person.close()


def test_a_rated_game_between_registered_people_updates_ratings_and_history(
    server: ServerProcess,
) -> None:
    asyncio.run(rated_game(server))


async def unrated_game(server: ServerProcess) -> dict[str, Any]:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2)
    await asyncio.gather(*(play_seat(s, random.Random(i), [], first=session.latest[i])
                           for i, s in enumerate(session.sockets)))
    replay = session.people[0].http.get(f"/api/tables/{session.id}/replay",
                                        params={"views": "true"}).json()
    await session.close()
    return replay


def test_a_replay_holds_the_whole_log_with_every_steps_events_and_views(
    server: ServerProcess,
) -> None:
    replay = asyncio.run(unrated_game(server))
    assert len(replay["steps"]) == len(replay["actions"]) > 0
    assert [s["seq"] for s in replay["steps"]] == list(range(1, len(replay["actions"]) + 1))
    assert all(step["label"] and "view" in step for step in replay["steps"])
    assert replay["steps"][-1]["view"] == replay["final_view"]
    assert replay["result"]["scores"]
    in_play = Player(server.base, server.ws_base).guest("early")
    table = in_play.create(game=replay["game"], players=2, seat=0)
    assert in_play.http.get(f"/api/tables/{table['id']}/replay").status_code == 409
    assert in_play.http.get(f"/api/tables/{table['id']}/result").status_code == 409
    assert httpx.get(f"{server.base}/api/leaderboard/no-such-game").status_code == 404
    in_play.close()


def test_catalog_lists_games_with_option_specs_and_bot_levels(server: ServerProcess) -> None:
    games = httpx.get(f"{server.base}/api/games").json()
    from meeplehall.core.registry import get_game

    for entry in games:
        game = get_game(entry["name"])
        assert entry["options"] == [spec.to_json() for spec in game.options]
        assert (entry["min_players"], entry["max_players"]) == (game.min_players,
                                                                game.max_players)
    bots = httpx.get(f"{server.base}/api/bots").json()
    assert bots["levels"] and bots["strongest"] == max(bots["levels"])
    schema = httpx.get(f"{server.base}/openapi.json").json()
    assert "/api/tables" in schema["paths"]
    home = httpx.get(f"{server.base}/")
    assert home.status_code == 200 and "Meeple Hall" in home.text
