"""Player pages through a real server: a rated game's rating change on its result, the
leaderboard and the player's page (display rating, provisional, trend, record, statistics, rating
history, last games), the history's filters, the finished-games list's winners and scores, and
a history hidden from strangers but shown to the person and their friends."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from meeplehall.core.registry import get_game
from meeplehall.server.history.ratings import DISPLAY_BASE
from tests.server.client import Player, open_table, play_seat
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


async def _rated_game(server: ServerProcess, game: str) -> tuple[int, list[Player]]:
    session = await open_table(server.base, server.ws_base, game, 2, registered=True,
                               rated=True)
    await asyncio.gather(*(play_seat(s, random.Random(i), [], first=session.latest[i])
                           for i, s in enumerate(session.sockets)))
    for socket in session.sockets:
        await socket.close()
    return session.id, session.people


def _ok(answer: httpx.Response) -> Any:
    assert answer.is_success, answer.text
    return answer.json()


def test_a_rated_game_shows_on_its_result_the_leaderboard_and_both_player_pages(
        server: ServerProcess) -> None:
    game = catalog(server)[0]["name"]
    table_id, (ann, bob) = asyncio.run(_rated_game(server, game))
    anyone = httpx.Client(base_url=server.base)
    result = _ok(anyone.get(f"/api/tables/{table_id}/result"))
    winner = result["winners"][0]
    changes = {change["seat"]: change for change in result["rating_changes"]}
    assert sorted(changes) == [0, 1]
    assert all(change["before"] == DISPLAY_BASE for change in changes.values())
    assert all(c["change"] == c["after"] - c["before"] for c in changes.values())
    assert changes[winner]["change"] > changes[1 - winner]["change"]
    read = get_game(game).statistics
    assert read is not None
    assert result["statistics"] == [read(part) for part in result["breakdown"]]

    board = {row["user"]["profile"]: row for row in _ok(anyone.get(f"/api/leaderboard/{game}"))}
    for seat, person in enumerate((ann, bob)):
        row = board[person.user["profile"]]
        assert (row["rating"], row["provisional"], row["games"], row["trend"]) == (
            changes[seat]["after"], True, 1, changes[seat]["change"])

    page = _ok(anyone.get(f"/api/players/{ann.user['profile']}"))
    assert page["user"]["name"] == ann.user["name"] and page["history_shown"]
    assert not page["me"] and not page["friend"] and isinstance(page["member_since"], float)
    assert page["online"] is False  # her socket closed
    (rating,) = page["ratings"]
    assert (rating["game"], rating["rating"], rating["games"]) == (game, changes[0]["after"], 1)
    assert [p["rating"] for p in page["rating_history"][game]] == [DISPLAY_BASE,
                                                                  changes[0]["after"]]
    (record,) = page["record"]
    assert (record["games"], record["wins"]) == (1, int(0 in result["winners"]))
    assert record["average_score"] == record["best_score"] == result["scores"][0]
    assert {s["key"]: s["best"] for s in record["statistics"]} == result["statistics"][0]
    (last,) = [entry for entry in page["last_games"] if entry["table"] == table_id]
    assert last["won"] == (0 in result["winners"]) and last["scores"] == [result["scores"][0]]
    assert last["rating"] == {k: changes[0][k] for k in ("before", "after", "change")}
    assert [(e["user"]["name"], e["score"]) for e in last["everyone"]] == [
        (ann.user["name"], result["scores"][0]), (bob.user["name"], result["scores"][1])]

    finished = _ok(anyone.get("/api/tables", params={"status": "finished", "game": game}))
    (listed,) = [table for table in finished if table["id"] == table_id]
    assert listed["result"] == {"scores": result["scores"], "winners": result["winners"]}

    def tables(person: Player, **filters: Any) -> list[int]:
        answer = anyone.get(f"/api/players/{person.user['profile']}/history", params=filters)
        return [entry["table"] for entry in _ok(answer)]

    won, lost = (ann, bob) if winner == 0 else (bob, ann)
    assert tables(won, result="win") == [table_id] and tables(won, result="loss") == []
    assert tables(lost, result="loss") == [table_id] and tables(lost, result="win") == []
    assert tables(ann, opponent=bob.user["name"].upper()) == [table_id]
    assert tables(ann, opponent=ann.user["name"]) == []  # herself is no opponent
    assert tables(ann, rated="true", game=game) == [table_id]
    assert tables(ann, rated="false") == []
    history = f"/api/players/{ann.user['profile']}/history"
    assert anyone.get(history, params={"game": "chess"}).json()["code"] == "unknown_game"
    assert anyone.get(history, params={"result": "draw"}).status_code == 422
    assert anyone.get(history, params={"limit": 0}).status_code == 422


def test_a_hidden_history_is_refused_to_strangers_and_shown_to_the_person_and_friends(
        server: ServerProcess) -> None:
    game = catalog(server)[0]["name"]
    table_id, (ann, bob) = asyncio.run(_rated_game(server, game))
    carol = Player(server.base, server.ws_base).register()
    guest = Player(server.base, server.ws_base).guest("peeker")
    anonymous = httpx.Client(base_url=server.base)
    profile = f"/api/players/{ann.user['profile']}"

    # Bob becomes her friend (he sat at the table, but that alone would not do: see Carol).
    _ok(ann.http.post("/api/friends/requests", json={"name": bob.user["name"]}))
    (request,) = _ok(bob.http.get("/api/friends"))["incoming"]
    _ok(bob.http.post(f"/api/friends/requests/{request['id']}/accept"))

    assert guest.http.put("/api/me/privacy", json={"history_private": True}).status_code == 403
    for bad in ({"history_private": "yes"}, {"history_private": True, "more": 1}, {}):
        assert ann.http.put("/api/me/privacy", json=bad).status_code == 422
    assert _ok(ann.http.get("/api/me/privacy")) == {"history_private": False}
    assert _ok(ann.http.put("/api/me/privacy", json={"history_private": True})) == {
        "history_private": True}

    for stranger in (anonymous, carol.http, guest.http):
        refused = stranger.get(f"{profile}/history")
        assert refused.status_code == 403 and refused.json()["code"] == "history_private"
        page = _ok(stranger.get(profile))
        assert page["history_private"] and not page["history_shown"]
        assert not {"record", "last_games", "rating_history"} & set(page)
        assert [r["game"] for r in page["ratings"]] == [game]  # ratings stay public
    for allowed in (ann.http, bob.http):
        assert table_id in [e["table"] for e in _ok(allowed.get(f"{profile}/history"))]
        assert _ok(allowed.get(profile))["history_shown"]
    assert _ok(bob.http.get(profile))["friend"] and _ok(ann.http.get(profile))["me"]

    _ok(ann.http.put("/api/me/privacy", json={"history_private": False}))
    assert table_id in [e["table"] for e in _ok(anonymous.get(f"{profile}/history"))]
