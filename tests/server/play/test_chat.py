"""Table chat over the table WebSocket: who reads it, who may write, what a message may hold,
reports for the operator, the owner's switch for spectators, and the replay's copy. Real
server, real database (SQLite and PostgreSQL), real WebSocket clients."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed

from tests.people import guests
from tests.server.client import Player, Socket, play_seat
from tests.server.conftest import ServerProcess
from tests.server.inprocess import InProcessServer


async def opened(person: Player, table_id: int, **query: Any) -> Socket:
    socket = await person.socket(table_id, **query)
    await socket.expect("welcome")
    return socket


async def chat_seen(socket: Socket) -> list[dict[str, Any]]:
    """The chat messages this socket received until now (after its chat_log)."""
    return [m["message"] for m in await socket.settle() if m["type"] == "chat"]


async def say(socket: Socket, text: Any) -> dict[str, Any]:
    """Send a chat line; the sender's answer: its own ``chat`` message or an ``error`` (what
    came before is read first: the tests speak one at a time)."""
    await socket.settle()
    await socket.send({"type": "chat", "text": text})
    while True:
        message = await socket.recv()
        if message["type"] in ("chat", "error"):
            return message


async def two_players_and_watchers(server: ServerProcess) -> None:
    alice, bob, carol = guests(server, "Alice", "Bob", "Carol")
    visitor = Player(server.base, server.ws_base)  # no session at all
    table = alice.create(game="yaxha", players=2, seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    sockets = [await opened(p, table["id"]) for p in (alice, bob, carol, visitor)]
    log = await sockets[0].expect("chat_log")
    assert log["messages"] == []
    alice.start(table["id"])
    said = await say(sockets[0], "good luck, have fun")
    assert said["type"] == "chat", said
    message = said["message"]
    assert message["text"] == "good luck, have fun"
    assert message["user"] == alice.user and message["seats"] == [0]
    # While the game is played a message carries no step number: it would count secret moves.
    assert "step" not in message
    for socket in sockets[1:]:
        assert await chat_seen(socket) == [message]
    # A spectator writes too (the owner allows it by default), a visitor without a session not.
    from_carol = await say(sockets[2], "watching you")
    assert from_carol["message"]["seats"] == []
    refused = await say(sockets[3], "hi")
    assert refused["code"] == "chat_login", refused
    assert [m["text"] for m in await chat_seen(sockets[1])] == ["watching you"]
    # Reconnecting gets the recent messages, oldest first.
    await sockets[1].close()
    again = await bob.socket(table["id"])
    log = await again.expect("chat_log")
    assert [m["text"] for m in log["messages"]] == ["good luck, have fun", "watching you"]
    for socket in [*sockets, again]:
        await socket.close()
    for person in (alice, bob, carol, visitor):
        person.close()


def test_chat_reaches_every_socket_of_the_table_and_a_reconnecting_one_gets_it_again(
    server: ServerProcess,
) -> None:
    asyncio.run(two_players_and_watchers(server))


async def text_rules(server: ServerProcess) -> None:
    (alice, bob) = guests(server, "Alice", "Bob")
    table = alice.create(game="yaxha", players=2, seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    mine, theirs = await opened(alice, table["id"]), await opened(bob, table["id"])
    refusals = {
        "": "chat_bad_text",
        "   \n\t ": "chat_bad_text",
        "\u200b": "chat_bad_text",  # shows nothing
        "bell\x07": "chat_bad_text",
        "abc\u202edef": "chat_bad_text",  # a bidi override would turn what follows around
        "\ud800": "chat_bad_text",  # a lone surrogate
        "x" * 501: "chat_too_long",
        17: "bad_message",
        None: "bad_message",
    }
    for text, code in refusals.items():
        answer = await say(mine, text)
        assert answer["type"] == "error" and answer["code"] == code, (text, answer)
        if code == "chat_too_long":
            assert answer["max"] == 500
    await mine.send({"type": "chat"})
    assert (await mine.expect("error"))["code"] == "bad_message"
    # Refused lines reached nobody.
    assert await chat_seen(theirs) == []
    # 500 characters (code points) are fine, emoji too; line breaks become spaces; markup is
    # kept as plain text (a client shows it as text, never as markup).
    accepted = ["🙂" * 500, " two\nlines ", "<img src=x onerror=alert(1)>&amp;"]
    for text in accepted:
        assert (await say(mine, text))["type"] == "chat"
    assert [m["text"] for m in await chat_seen(theirs)] == [
        "🙂" * 500, "two lines", "<img src=x onerror=alert(1)>&amp;",
    ]
    for socket in (mine, theirs):
        await socket.close()
    alice.close()
    bob.close()


def test_a_message_is_plain_text_of_at_most_500_characters_and_refusals_reach_nobody(
    server: ServerProcess,
) -> None:
    asyncio.run(text_rules(server))


async def spectators_switch(server: ServerProcess) -> None:
    alice, bob, carol = guests(server, "Alice", "Bob", "Carol")
    table = alice.create(game="yaxha", players=2, seat=0, spectator_chat=False)
    assert table["spectator_chat"] is False
    assert bob.join(table["id"], seat=1).status_code == 200
    player, watcher = await opened(bob, table["id"]), await opened(carol, table["id"])
    refused = await say(watcher, "let me talk")
    assert refused["code"] == "spectator_chat_off", refused
    assert (await say(player, "players still talk"))["type"] == "chat"
    # Only the owner turns it back on; every socket hears of the change.
    denied = carol.http.post(f"/api/tables/{table['id']}/spectator-chat", json={"allowed": True})
    assert denied.status_code == 403 and denied.json()["code"] == "not_owner"
    allowed = alice.http.post(f"/api/tables/{table['id']}/spectator-chat", json={"allowed": True})
    assert allowed.status_code == 200 and allowed.json()["spectator_chat"] is True
    changed = await watcher.expect("table")
    assert changed["table"]["spectator_chat"] is True
    assert (await say(watcher, "thanks"))["type"] == "chat"
    bad = alice.http.post(f"/api/tables/{table['id']}/spectator-chat", json={"allowed": "no"})
    assert bad.status_code == 422
    assert alice.http.get(f"/api/tables/{table['id']}").json()["spectator_chat"] is True
    for socket in (player, watcher):
        await socket.close()
    for person in (alice, bob, carol):
        person.close()


def test_the_owner_turns_spectator_chat_off_and_on_and_spectators_are_refused_meanwhile(
    server: ServerProcess,
) -> None:
    asyncio.run(spectators_switch(server))


async def private_table(server: ServerProcess) -> None:
    alice, bob, invited, stranger = guests(server, "Alice", "Bob", "Invited", "Stranger")
    table = alice.create(game="yaxha", players=2, seat=0, visibility="private")
    token = table["invite_token"]
    assert bob.join(table["id"], seat=1, invite=token).status_code == 200
    owner = await opened(alice, table["id"])
    await owner.expect("chat_log")
    assert (await say(owner, "secret plans")).get("type") == "chat"
    # Without the invite a private table's socket is refused before any message.
    blocked = await stranger.socket(table["id"])
    with pytest.raises(ConnectionClosed) as closed:
        await blocked.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    assert blocked.received == []
    # With the invite a spectator reads (and, allowed, writes).
    watcher = await opened(invited, table["id"], invite=token)
    log = await watcher.expect("chat_log")
    assert [m["text"] for m in log["messages"]] == ["secret plans"]
    # Bob sits there without the invite in his socket; once he leaves the waiting table he may
    # no longer see it: his open socket gets no more chat and may not write.
    seated = await opened(bob, table["id"])
    await seated.settle()
    # (The leave's answer is the table, which Bob may no longer see: a 404; the seat is free.)
    bob.http.post(f"/api/tables/{table['id']}/leave", json={})
    assert alice.http.get(f"/api/tables/{table['id']}").json()["seats"][1]["user"] is None
    assert (await say(owner, "bob is gone")).get("type") == "chat"
    assert await chat_seen(watcher) != []
    after = await seated.settle()
    assert [m for m in after if m["type"] == "chat"] == []
    assert "bob is gone" not in "".join(seated.raw)
    refused = await say(seated, "still here?")
    assert refused["code"] == "chat_not_allowed", refused
    for socket in (owner, watcher, seated):
        await socket.close()
    for person in (alice, bob, invited, stranger):
        person.close()


def test_a_private_tables_chat_reaches_only_sockets_that_may_see_the_table(
    server: ServerProcess,
) -> None:
    asyncio.run(private_table(server))


def reports_of(server: ServerProcess) -> list[tuple[Any, ...]]:
    engine = sa.create_engine(server.database_url or f"sqlite:///{server.data_dir}/meeplehall.db")
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(
                "SELECT r.message_id, r.reporter_id, r.reason, r.note, m.text "
                "FROM chat_reports r JOIN chat_messages m ON m.id = r.message_id ORDER BY r.id"
            ))]
    finally:
        engine.dispose()


async def report(socket: Socket, **fields: Any) -> dict[str, Any]:
    await socket.send({"type": "chat_report", **fields})
    while True:
        message = await socket.recv()
        if message["type"] in ("chat_reported", "error"):
            return message


async def reporting(server: ServerProcess) -> None:
    alice, bob = guests(server, "Alice", "Bob")
    table = alice.create(game="yaxha", players=2, seat=0)
    other = alice.create(game="yaxha", players=2, seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    mine, theirs = await opened(alice, table["id"]), await opened(bob, table["id"])
    elsewhere = await opened(alice, other["id"])
    rude = (await say(theirs, "you play like a potato"))["message"]
    kind = (await say(mine, "be nice"))["message"]
    foreign = (await say(elsewhere, "another table"))["message"]
    before = reports_of(server)
    for fields, code in [
        ({"id": kind["id"], "reason": "abuse"}, "own_message"),
        ({"id": foreign["id"], "reason": "abuse"}, "no_message"),
        ({"id": 10**12, "reason": "abuse"}, "no_message"),
        ({"id": rude["id"], "reason": "i-dont-like-it"}, "bad_message"),
        ({"id": str(rude["id"]), "reason": "abuse"}, "bad_message"),
        ({"id": rude["id"], "reason": "abuse", "note": "x" * 301}, "chat_too_long"),
    ]:
        answer = await report(mine, **fields)
        assert answer.get("code") == code, (fields, answer)
    assert reports_of(server) == before
    done = await report(mine, id=rude["id"], reason="abuse", note="insults")
    assert done == {"type": "chat_reported", "id": rude["id"]}
    # Reporting again changes nothing: one report per person and message.
    assert (await report(mine, id=rude["id"], reason="spam"))["type"] == "chat_reported"
    assert reports_of(server)[len(before):] == [
        (rude["id"], alice.user["id"], "abuse", "insults", "you play like a potato"),
    ]
    # The author is not told.
    assert [m for m in await theirs.settle() if m["type"] == "chat_reported"] == []
    for socket in (mine, theirs, elsewhere):
        await socket.close()
    alice.close()
    bob.close()


def test_a_report_records_who_reported_which_message_and_why_once(
    server: ServerProcess,
) -> None:
    asyncio.run(reporting(server))


async def replay_chat(server: ServerProcess) -> None:
    (solo,) = guests(server, "Solo")
    table = solo.create(game="pyramido", players=1, seat=0, mode="none")
    socket = await opened(solo, table["id"])
    await say(socket, "before the start")
    solo.start(table["id"])
    first = await socket.expect("sync")
    moved = await play_seat(socket, random.Random(3), [], stop_after=5, first=first)
    await say(socket, "five moves in")
    final = await play_seat(socket, random.Random(4), [], first=moved)
    await say(socket, "well played")
    replay = solo.http.get(f"/api/tables/{table['id']}/replay").json()
    steps = [(m["text"], m["step"]) for m in replay["chat"]]
    assert steps == [
        ("before the start", 0), ("five moves in", moved["seq"]),
        ("well played", final["seq"]),
    ]
    assert final["seq"] == len(replay["steps"])
    await socket.close()
    solo.close()


def test_the_replay_shows_each_message_at_the_step_it_was_said(server: ServerProcess) -> None:
    asyncio.run(replay_chat(server))


async def limited_chat(server: InProcessServer) -> None:
    alice, bob = guests(server, "Alice", "Bob")
    table = alice.create(game="yaxha", players=2, seat=0)
    other = bob.create(game="yaxha", players=2, seat=0)
    mine = await opened(alice, table["id"])
    elsewhere = await opened(alice, other["id"])
    assert [(await say(mine, f"line {n}"))["type"] for n in range(3)] == ["chat"] * 3
    # The limit is the user's, whatever the table or socket.
    refused = await say(elsewhere, "one more")
    assert refused["code"] == "chat_rate_limited" and refused["retry_ms"] > 0, refused
    # Another user is not held back, and the refused line was not kept.
    theirs = await opened(bob, other["id"])
    log = await theirs.expect("chat_log")
    assert log["messages"] == []
    assert (await say(theirs, "my turn to talk"))["type"] == "chat"
    for socket in (mine, elsewhere, theirs):
        await socket.close()
    alice.close()
    bob.close()


def test_chat_is_rate_limited_per_user_across_tables(tmp_path: Path) -> None:
    # A rate so slow that no token comes back during the test: exactly the burst goes through.
    server = InProcessServer(tmp_path, chat_burst=3.0, chat_rate=0.0001, creation_limits=False)
    server.start()
    try:
        asyncio.run(limited_chat(server))
    finally:
        server.stop()
