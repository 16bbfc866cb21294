"""The limits that keep a table's chat bounded: messages per table and per author, writing closed
a while after the table ends, recent messages on connecting and older ones by page (socket and
HTTP, and the replay's), who may not read a private table's pages, the retention sweep, and the
invisible format characters a line may not hold. Real server, real SQLite, real sockets."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

from meeplehall.server.guards.sockets import cost_of
from meeplehall.server.operations.actions import Actor, abort_table
from tests.people import guests
from tests.server.client import Player, Socket, play_seat
from tests.server.conftest import ServerProcess
from tests.server.inprocess import InProcessServer
from tests.server.play.test_chat import opened, say

#: No rate limit to speak of: these tests write many lines at once, and play a game at machine
#: speed from one address (as ServerProcess, the socket limits are tested on their own).
FAST = {"chat_burst": 1000.0, "chat_rate": 1000.0, "creation_limits": False,
        "socket_limits": False}


@pytest.fixture
def hall(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[InProcessServer]:
    """A server of its own, with the settings a test gives by parametrizing it (indirect)."""
    server = InProcessServer(tmp_path, **{**FAST, **getattr(request, "param", {})})
    server.start()
    yield server
    server.stop()


def database(server: InProcessServer) -> sa.Engine:
    return sa.create_engine(f"sqlite:///{server.settings.data_dir}/meeplehall.db")


def sql(server: InProcessServer, statement: str, **values: Any) -> list[tuple[Any, ...]]:
    engine = database(server)
    try:
        with engine.begin() as connection:
            result = connection.execute(sa.text(statement), values)
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def stored_texts(server: InProcessServer, table_id: int) -> list[str]:
    return [text for (text,) in sql(
        server, "SELECT text FROM chat_messages WHERE table_id = :t ORDER BY id", t=table_id)]


async def page(socket: Socket, **fields: Any) -> dict[str, Any]:
    """Ask the socket for a page of older messages; the ``chat_page`` or ``error`` answer."""
    await socket.settle()
    await socket.send({"type": "chat_before", **fields})
    while True:
        message = await socket.recv()
        if message["type"] in ("chat_page", "error"):
            return message


def texts(messages: list[dict[str, Any]]) -> list[str]:
    return [message["text"] for message in messages]


async def caps(server: InProcessServer) -> None:
    alice, bob, carol = guests(server, "Alice", "Bob", "Carol")
    table = alice.create(game="yaxha", players=2, seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    mine, theirs, watcher = [await opened(p, table["id"]) for p in (alice, bob, carol)]
    for n in range(3):
        assert (await say(mine, f"alice {n}"))["type"] == "chat"
    refused = await say(mine, "alice once more")
    assert refused["type"] == "error" and refused["code"] == "chat_user_full", refused
    assert refused["max"] == 3
    # The cap is per author: Bob still writes, until the table's chat is full.
    for n in range(2):
        assert (await say(theirs, f"bob {n}"))["type"] == "chat"
    full = await say(theirs, "bob once more")
    assert full["code"] == "chat_table_full" and full["max"] == 5, full
    # Carol, who wrote nothing, is refused too: the table holds the most it may.
    assert (await say(watcher, "hello?"))["code"] == "chat_table_full"
    # Refused lines were neither kept nor sent.
    assert stored_texts(server, table["id"]) == ["alice 0", "alice 1", "alice 2", "bob 0", "bob 1"]
    assert "once more" not in "".join(watcher.raw)
    for socket in (mine, theirs, watcher):
        await socket.close()
    for person in (alice, bob, carol):
        person.close()


@pytest.mark.parametrize("hall", [dict(chat_max_per_table=5, chat_max_per_user=3)], indirect=True)
def test_a_tables_chat_holds_at_most_so_many_messages_in_all_and_per_author(
    hall: InProcessServer,
) -> None:
    asyncio.run(caps(hall))


async def finished_solo_table(server: InProcessServer, person: Player,
                              lines_before_end: int = 0) -> tuple[dict[str, Any], Socket]:
    """A one-player Pyramido table played to its end, with its socket (chat read up to now);
    ``lines_before_end`` lines said before the first move."""
    table = person.create(game="pyramido", players=1, seat=0, mode="none")
    socket = await opened(person, table["id"])
    for n in range(lines_before_end):
        assert (await say(socket, f"line {n}"))["type"] == "chat"
    person.start(table["id"])
    final = await play_seat(socket, random.Random(7), [], first=await socket.expect("sync"))
    assert final["status"] == "finished"
    return table, socket


async def closing(server: InProcessServer) -> None:
    (solo,) = guests(server, "Solo")
    table, socket = await finished_solo_table(server, solo)
    # Within the grace period after the end, people can still say "good game".
    assert (await say(socket, "good game"))["type"] == "chat"
    # The grace period is over (the table ended 11 minutes ago): writing is refused.
    sql(server, "UPDATE tables SET finished_at = :at WHERE id = :t",
        at=time.time() - 11 * 60, t=table["id"])
    closed = await say(socket, "too late")
    assert closed["type"] == "error" and closed["code"] == "chat_closed", closed
    assert stored_texts(server, table["id"]) == ["good game"]
    # Reading still works: a new socket gets the chat, and so does the replay.
    again = await opened(solo, table["id"])
    assert texts((await again.expect("chat_log"))["messages"]) == ["good game"]
    replay = solo.http.get(f"/api/tables/{table['id']}/replay").json()
    assert texts(replay["chat"]) == ["good game"]
    # An aborted table ends too: its chat stays open for the grace period, then closes.
    waiting = solo.create(game="yaxha", players=2, seat=0)
    there = await opened(solo, waiting["id"])
    engine = database(server)
    try:
        with Session(engine) as session, session.begin():
            abort_table(session, waiting["id"], Actor(None, "a test"))
    finally:
        engine.dispose()
    assert (await say(there, "what happened?"))["type"] == "chat"
    sql(server, "UPDATE tables SET finished_at = :at WHERE id = :t",
        at=time.time() - 11 * 60, t=waiting["id"])
    assert (await say(there, "hello?"))["code"] == "chat_closed"
    for each in (socket, again, there):
        await each.close()
    solo.close()


@pytest.mark.parametrize("hall", [dict(chat_grace_minutes=10.0)], indirect=True)
def test_the_chat_closes_for_writing_once_the_grace_period_after_the_end_is_over(
    hall: InProcessServer,
) -> None:
    asyncio.run(closing(hall))


async def paging(server: InProcessServer, capped: bool = False) -> None:
    """Ten lines, read back by pages; ``capped``: the server holds at most 5 a table and 3 an
    author, so the lines come from several people and the last ones are refused."""
    alice, bob = guests(server, "Alice", "Bob")
    table = alice.create(game="yaxha", players=2, seat=0)
    mine = await opened(alice, table["id"])
    first_log = await mine.expect("chat_log")
    assert first_log["messages"] == [] and first_log["more"] is False
    if capped:
        writers = guests(server, "W1", "W2")
        sockets = [await opened(person, table["id"]) for person in writers]
        said = [(await say(sockets[0], f"line {n}"))["message"] for n in range(3)]
        assert (await say(sockets[0], "one too many"))["code"] == "chat_user_full"
        said += [(await say(sockets[1], f"line {n}"))["message"] for n in range(3, 5)]
        assert (await say(mine, "one too many"))["code"] == "chat_table_full"
        sockets.append(await opened(bob, table["id"]))
        log = await sockets[-1].expect("chat_log")
        assert texts(log["messages"]) == ["line 2", "line 3", "line 4"] and log["more"]
        older = await page(mine, before=said[2]["id"], limit=10**12)
        assert texts(older["messages"]) == ["line 0", "line 1"] and older["more"] is False
        answer = bob.http.get(f"/api/tables/{table['id']}/chat",
                              params={"before": 2**63 - 1, "limit": 2})
        assert texts(answer.json()["messages"]) == ["line 3", "line 4"]
        for socket in [mine, *sockets]:
            await socket.close()
        for person in (alice, bob, *writers):
            person.close()
        return
    said = [(await say(mine, f"line {n}"))["message"] for n in range(10)]
    # A socket that opens gets the last 3 (chat_history), and is told older ones exist.
    theirs = await opened(bob, table["id"])
    log = await theirs.expect("chat_log")
    assert texts(log["messages"]) == ["line 7", "line 8", "line 9"] and log["more"] is True
    # Older pages: at most 4 (chat_page_size) whatever is asked, fewer when asked.
    older = await page(theirs, before=log["messages"][0]["id"], limit=1000)
    assert older["type"] == "chat_page" and older["before"] == said[7]["id"]
    assert texts(older["messages"]) == ["line 3", "line 4", "line 5", "line 6"]
    assert older["more"] is True
    oldest = await page(theirs, before=said[3]["id"])
    assert texts(oldest["messages"]) == ["line 0", "line 1", "line 2"]
    assert oldest["more"] is False
    two = await page(theirs, before=said[3]["id"], limit=2)
    assert texts(two["messages"]) == ["line 1", "line 2"] and two["more"] is True
    # While the game is played, no message tells its step (it would count secret moves).
    assert all("step" not in message for message in older["messages"])
    for fields in ({}, {"before": "12"}, {"before": 0}, {"before": True},
                   {"before": said[3]["id"], "limit": 0}, {"before": said[3]["id"], "limit": 2.5}):
        refused = await page(theirs, **fields)
        assert refused["type"] == "error" and refused["code"] == "bad_message", (fields, refused)
    # The same pages over HTTP.
    newest = bob.http.get(f"/api/tables/{table['id']}/chat").json()
    assert texts(newest["messages"]) == ["line 6", "line 7", "line 8", "line 9"]
    assert newest["more"] is True
    before = bob.http.get(f"/api/tables/{table['id']}/chat",
                          params={"before": said[6]["id"], "limit": 3}).json()
    assert texts(before["messages"]) == ["line 3", "line 4", "line 5"]
    for params in ({"limit": 0}, {"before": 0}, {"before": "x"}):
        answer = bob.http.get(f"/api/tables/{table['id']}/chat", params=params)
        assert answer.status_code == 422, (params, answer.text)
    for socket in (mine, theirs):
        await socket.close()
    alice.close()
    bob.close()


@pytest.mark.parametrize("hall", [dict(chat_history=3, chat_page_size=4)], indirect=True)
def test_a_socket_gets_the_recent_messages_and_older_ones_by_bounded_pages(
    hall: InProcessServer,
) -> None:
    asyncio.run(paging(hall))


def test_pages_and_caps_work_alike_on_postgresql(
    tmp_path: Path, database_factory: Callable[[str], tuple[str, Path]],
) -> None:
    url, _data_dir = database_factory("postgresql")
    server = InProcessServer(tmp_path, database_url=url, chat_history=3, chat_page_size=4,
                             chat_max_per_table=5, chat_max_per_user=3, **FAST)
    server.start()
    try:
        asyncio.run(paging(server, capped=True))
    finally:
        server.stop()


async def private_pages(server: InProcessServer) -> None:
    alice, bob, invited, stranger = guests(server, "Alice", "Bob", "Invited", "Stranger")
    registered = Player(server.base, server.ws_base).register()
    visitor = Player(server.base, server.ws_base)
    table = alice.create(game="yaxha", players=2, seat=0, visibility="private")
    token = table["invite_token"]
    assert bob.join(table["id"], seat=1, invite=token).status_code == 200
    owner = await opened(alice, table["id"])
    said = [(await say(owner, f"secret {n}"))["message"] for n in range(4)]
    path = f"/api/tables/{table['id']}/chat"
    # Who may see the table reads its pages: the owner, a player, a spectator with the invite.
    for person, params in ((alice, {}), (bob, {}), (invited, {"invite": token})):
        answer = person.http.get(path, params={"before": said[3]["id"], **params})
        assert answer.status_code == 200, answer.text
        assert texts(answer.json()["messages"]) == ["secret 0", "secret 1", "secret 2"]
    # Nobody else: a spectator without the invite (or with a wrong one), another user, a
    # visitor; each gets the answer a table that does not exist gets.
    for person, params in ((stranger, {}), (stranger, {"invite": "not-the-invite"}),
                           (registered, {}), (visitor, {})):
        answer = person.http.get(path, params={"before": said[3]["id"], **params})
        assert answer.status_code == 404 and answer.json()["code"] == "no_table", answer.text
        assert "secret" not in answer.text
    # A socket's pages follow who may see the table now: Bob, seated without the invite in his
    # socket, leaves the waiting table; his socket may page no more.
    seated = await opened(bob, table["id"])
    assert (await page(seated, before=said[3]["id"]))["type"] == "chat_page"
    bob.http.post(f"/api/tables/{table['id']}/leave", json={})
    refused = await page(seated, before=said[3]["id"])
    assert refused["type"] == "error" and refused["code"] == "chat_not_allowed", refused
    assert bob.http.get(path).status_code == 404
    watcher = await opened(invited, table["id"], invite=token)
    assert texts((await page(watcher, before=said[1]["id"]))["messages"]) == ["secret 0"]
    for socket in (owner, seated, watcher):
        await socket.close()
    for person in (alice, bob, invited, stranger, registered, visitor):
        person.close()


def test_only_who_may_see_a_private_table_reads_its_chat_pages(hall: InProcessServer) -> None:
    asyncio.run(private_pages(hall))


async def replay_pages(server: InProcessServer) -> None:
    (solo,) = guests(server, "Solo")
    table, socket = await finished_solo_table(server, solo, lines_before_end=5)
    path = f"/api/tables/{table['id']}/replay"
    first = solo.http.get(path)
    replay = first.json()
    # The replay carries the chat's last page (3 here) with steps, and says older ones exist.
    assert texts(replay["chat"]) == ["line 2", "line 3", "line 4"]
    assert replay["chat_more"] is True
    assert [message["step"] for message in replay["chat"]] == [0, 0, 0]
    older = solo.http.get(f"/api/tables/{table['id']}/chat",
                          params={"before": replay["chat"][0]["id"]}).json()
    assert texts(older["messages"]) == ["line 0", "line 1"] and older["more"] is False
    assert [message["step"] for message in older["messages"]] == [0, 0]
    # The tag covers the chat joined on: unchanged, 304; a new line (within the grace
    # period), a new tag and the new last page.
    tag = first.headers["etag"]
    assert solo.http.get(path, headers={"If-None-Match": tag}).status_code == 304
    assert (await say(socket, "good game"))["type"] == "chat"
    changed = solo.http.get(path, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    assert texts(changed.json()["chat"]) == ["line 3", "line 4", "good game"]
    assert changed.json()["chat"][-1]["step"] == len(replay["steps"])
    await socket.close()
    solo.close()


@pytest.mark.parametrize("hall", [dict(chat_history=3)], indirect=True)
def test_the_replay_carries_the_chats_last_page_and_older_pages_come_by_route(
    hall: InProcessServer,
) -> None:
    asyncio.run(replay_pages(hall))


async def chat_at(server: InProcessServer, person: Player, lines: list[str]) -> int:
    table = person.create(game="yaxha", players=2, seat=0)
    socket = await opened(person, table["id"])
    for line in lines:
        assert (await say(socket, line))["type"] == "chat"
    await socket.close()
    table_id: int = table["id"]
    return table_id


async def retention(server: InProcessServer) -> None:
    alice, bob = guests(server, "Alice", "Bob")
    old = await chat_at(server, alice, ["long ago", "and more"])
    recent = await chat_at(server, alice, ["last week"])
    playing = await chat_at(server, alice, ["still going"])
    # A report on an old message goes with it.
    reported = sql(server, "SELECT id FROM chat_messages WHERE table_id = :t", t=old)[0][0]
    sql(server, "INSERT INTO chat_reports (message_id, reporter_id, reason, note, created_at) "
        "VALUES (:m, :u, 'spam', '', 0)", m=reported, u=bob.user["id"])
    now = time.time()
    for table_id, days in ((old, 31), (recent, 7)):
        sql(server, "UPDATE tables SET status = 'finished', finished_at = :at WHERE id = :t",
            at=now - days * 86400, t=table_id)
    hall = server.app.state.hall
    scheduler = hall.scheduler
    emptied = server.call_async(lambda: scheduler.chat_retention.sweep(now))
    assert emptied == {old}
    assert stored_texts(server, old) == []
    assert stored_texts(server, recent) == ["last week"]
    assert stored_texts(server, playing) == ["still going"]
    assert sql(server, "SELECT count(*) FROM chat_reports") == [(0,)]
    # The scheduler's own sweep runs once an hour: due now, done, then not before the hour.
    sql(server, "UPDATE tables SET finished_at = :at WHERE id = :t", at=now - 40 * 86400,
        t=recent)
    retention = scheduler.chat_retention
    retention.next_at = 0.0
    assert server.call_async(lambda: retention.maybe_sweep(now)) == 1
    assert stored_texts(server, recent) == []
    assert retention.next_at == now + 3600
    for person in (alice, bob):
        person.close()


@pytest.mark.parametrize("hall", [dict(chat_retention_days=30.0)], indirect=True)
def test_retention_deletes_the_chat_of_tables_that_ended_longer_ago(
    hall: InProcessServer,
) -> None:
    asyncio.run(retention(hall))


async def kept_for_good(server: InProcessServer) -> None:
    (alice,) = guests(server, "Alice")
    old = await chat_at(server, alice, ["kept"])
    sql(server, "UPDATE tables SET status = 'finished', finished_at = 0 WHERE id = :t", t=old)
    hall = server.app.state.hall
    retention = hall.scheduler.chat_retention
    retention.next_at = 0.0
    assert server.call_async(lambda: retention.maybe_sweep(time.time())) == 0
    assert stored_texts(server, old) == ["kept"]
    alice.close()


def test_retention_zero_keeps_every_chat(hall: InProcessServer) -> None:
    asyncio.run(kept_for_good(hall))


#: Format characters refused, each named in the refusal.
HIDDEN = [
    ("hel\u200blo", "U+200B"),  # zero-width space inside a word
    ("a\u200db", "U+200D"),  # a joiner between letters joins no emoji
    ("\u200d🙂", "U+200D"),  # nor at the start of one
    ("🙂\u200d", "U+200D"),  # nor at its end
    ("ok\u2060ok", "U+2060"),  # word joiner
    ("\ufeffhello", "U+FEFF"),  # byte order mark
    ("soft\u00adhyphen", "U+00AD"),
    ("x\u200cy", "U+200C"),  # zero-width non-joiner
    ("abc\u2066def", "U+2066"),  # an isolate
    ("tag\U000e0041", "U+E0041"),  # a tag character outside a flag
    ("🏴\U000e0067\U000e0062", "U+E0067"),  # a flag's tags not closed by a cancel tag
]

#: Emoji that need a format character, accepted as sent.
EMOJI = [
    "👨\u200d👩\u200d👧",  # a family
    "🏳\ufe0f\u200d🌈",  # the rainbow flag (variation selector before the joiner)
    "👩🏽\u200d💻",  # a skin tone before the joiner
    "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # England's flag
    "gg 🧑\u200d🤝\u200d🧑 wp",
]


async def format_characters(server: InProcessServer) -> None:
    alice, bob = guests(server, "Alice", "Bob")
    table = alice.create(game="yaxha", players=2, seat=0)
    mine, theirs = await opened(alice, table["id"]), await opened(bob, table["id"])
    for text, char in HIDDEN:
        answer = await say(mine, text)
        assert answer["type"] == "error" and answer["code"] == "chat_bad_text", (text, answer)
        assert answer["char"] == char, (text, answer)
    for text in EMOJI:
        answer = await say(mine, text)
        assert answer["type"] == "chat" and answer["message"]["text"] == text, (text, answer)
    assert stored_texts(server, table["id"]) == EMOJI
    assert texts([m["message"] for m in await theirs.settle() if m["type"] == "chat"]) == EMOJI
    for socket in (mine, theirs):
        await socket.close()
    alice.close()
    bob.close()


def test_invisible_format_characters_are_refused_but_emoji_sequences_pass(
    hall: InProcessServer,
) -> None:
    asyncio.run(format_characters(hall))


async def guest_marks(server: InProcessServer) -> None:
    (guest,) = guests(server, "Wanderer")
    member = Player(server.base, server.ws_base).register()
    table = member.create(game="yaxha", players=2, seat=0)
    theirs, mine = await opened(member, table["id"]), await opened(guest, table["id"])
    by_member = (await say(theirs, "welcome"))["message"]
    by_guest = (await say(mine, "thanks"))["message"]
    assert by_member["user"]["guest"] is False and by_guest["user"]["guest"] is True
    # The mark is in every copy: the log a socket opens with, pages, the HTTP page.
    again = await opened(member, table["id"])
    log = (await again.expect("chat_log"))["messages"]
    assert [m["user"]["guest"] for m in log] == [False, True]
    paged = (await page(again, before=by_guest["id"] + 1))["messages"]
    assert [m["user"]["guest"] for m in paged] == [False, True]
    http = member.http.get(f"/api/tables/{table['id']}/chat").json()["messages"]
    assert [m["user"]["guest"] for m in http] == [False, True]
    for socket in (theirs, mine, again):
        await socket.close()
    guest.close()
    member.close()


def test_every_chat_message_says_whether_its_author_is_a_guest(hall: InProcessServer) -> None:
    asyncio.run(guest_marks(hall))


def test_asking_for_a_page_costs_what_a_sync_costs() -> None:
    assert cost_of("chat_before") == cost_of("sync") == 5.0


async def flags_reach(server: ServerProcess) -> None:
    alice, bob, carol = guests(server, "Alice", "Bob", "Carol")
    table = alice.create(game="yaxha", players=2, seat=0)
    sockets = [await opened(person, table["id"]) for person in (alice, bob, carol)]
    assert (await say(sockets[0], "one"))["type"] == "chat"
    assert (await say(sockets[0], "two"))["code"] == "chat_user_full"  # --chat-max-per-user 1
    assert (await say(sockets[1], "three"))["type"] == "chat"
    assert (await say(sockets[2], "four"))["type"] == "chat"
    assert (await say(sockets[2], "five"))["code"] == "chat_user_full"
    sockets.append(await opened(alice, table["id"]))
    log = await sockets[-1].expect("chat_log")  # --chat-history 2
    assert texts(log["messages"]) == ["three", "four"] and log["more"] is True
    answer = alice.http.get(f"/api/tables/{table['id']}/chat").json()  # --chat-page-size 1
    assert texts(answer["messages"]) == ["four"] and answer["more"] is True
    for socket in sockets:
        await socket.close()
    for person in (alice, bob, carol):
        person.close()


def test_the_serve_flags_set_the_chat_limits(
    database_factory: Callable[[str], tuple[str, Path]], server_env: dict[str, str],
) -> None:
    url, data_dir = database_factory("sqlite")
    server = ServerProcess(data_dir, url, server_env, extra=[
        "--chat-history", "2", "--chat-page-size", "1", "--chat-max-per-user", "1",
        "--chat-max-per-table", "10", "--chat-grace-minutes", "5",
        "--chat-retention-days", "30"])
    server.start()
    try:
        asyncio.run(flags_reach(server))
    finally:
        server.stop()
