"""Agents' accounts and tokens: a registered person creates an agent, its token is shown once
and only its hash is kept, a new token replaces the old, a revoke ends it (and its sockets,
4401), a ban of the owner ends its sockets (4403) and refuses its token; an agent reaches only
its allow-list, reads the chat but never writes in it, never sits at a rated table, and other
people can neither see, nor issue, nor revoke someone else's agent's token (an admin may revoke,
logged)."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from meeplehall.server.accounts.sessions import token_hash
from meeplehall.server.db.models import AdminAction, AgentToken, User
from tests.people import registered
from tests.server.client import Player
from tests.server.inprocess import InProcessServer


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    server = InProcessServer(Path(tmp_path_factory.mktemp("agents")), creation_limits=False,
                             socket_limits=False, agents_per_owner=3)
    server.start()
    yield server
    server.stop()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def agent_of(owner: Player, name: str | None = None) -> dict[str, Any]:
    answer = owner.http.post("/api/agents", json={"name": name or f"a{secrets.token_hex(4)}"})
    assert answer.status_code == 201, answer.text
    agent: dict[str, Any] = answer.json()
    return agent


def token_of(owner: Player, agent: dict[str, Any]) -> str:
    answer = owner.http.post(f"/api/agents/{agent['id']}/token")
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


def as_agent(hall: InProcessServer, token: str) -> httpx.Client:
    return httpx.Client(base_url=hall.base, timeout=30, headers=bearer(token))


def test_the_token_is_shown_once_and_only_its_hash_is_kept(hall: InProcessServer) -> None:
    owner = registered(hall)
    agent = agent_of(owner)
    assert agent["token"] is False
    answer = owner.http.post(f"/api/agents/{agent['id']}/token")
    token = answer.json()["token"]
    assert token.startswith("mha_") and len(token) > 40
    assert answer.headers["cache-control"] == "no-store"
    listed = owner.http.get("/api/agents").json()["agents"]
    assert [a["id"] for a in listed] == [agent["id"]] and listed[0]["token"] is True
    assert token not in json.dumps(listed)
    with hall.app.state.hall.reading() as session:
        row = session.get(AgentToken, agent["id"])
        assert row is not None and row.token_hash == token_hash(token)
        stored = [str(value) for value in vars(row).values()]
        assert not any(token in value for value in stored)
    with as_agent(hall, token) as client:
        me = client.get("/api/me").json()
    assert me["id"] == agent["id"] and me["kind"] == "agent"
    assert me["owner"] == owner.user["name"] and me["guest"] is False


def test_a_new_token_replaces_the_old_and_a_revoke_ends_it(hall: InProcessServer) -> None:
    owner = registered(hall)
    agent = agent_of(owner)
    first = token_of(owner, agent)
    second = token_of(owner, agent)
    with as_agent(hall, first) as old, as_agent(hall, second) as new:
        assert old.get("/api/me").status_code == 401
        assert new.get("/api/me").status_code == 200
        assert owner.http.delete(f"/api/agents/{agent['id']}/token").status_code == 204
        assert new.get("/api/me").status_code == 401
    assert owner.http.delete(f"/api/agents/{agent['id']}/token").json()["code"] == "no_token"


def test_names_follow_peoples_rules_and_the_owner_has_a_limit(hall: InProcessServer) -> None:
    owner = registered(hall)
    taken = owner.http.post("/api/agents", json={"name": owner.user["name"].upper()})
    assert taken.json()["code"] == "name_taken"
    bad = owner.http.post("/api/agents", json={"name": "a\u202eb"})
    assert bad.json()["code"] == "name_bad_character"
    name = f"bot{secrets.token_hex(3)}"
    agent_of(owner, name)
    # Nobody may register, or sit as a guest, under an agent's name.
    assert Player(hall.base, hall.ws_base).http.post(
        "/api/auth/register", json={"name": name, "password": "long enough"}
    ).json()["code"] == "name_taken"
    assert Player(hall.base, hall.ws_base).http.post(
        "/api/auth/guest", json={"name": name}).json()["code"] == "name_taken"
    # Nor log in as it: it has no password.
    assert Player(hall.base, hall.ws_base).http.post(
        "/api/auth/login", json={"name": name, "password": "anything at all"}
    ).status_code == 401
    agent_of(owner)
    agent_of(owner)
    over = owner.http.post("/api/agents", json={"name": f"a{secrets.token_hex(4)}"})
    assert (over.status_code, over.json()["code"]) == (409, "too_many_agents")


def test_guests_cannot_create_agents_nor_anyone_without_a_session(hall: InProcessServer) -> None:
    guest = Player(hall.base, hall.ws_base).guest(f"g{secrets.token_hex(4)}")
    answer = guest.http.post("/api/agents", json={"name": "mine"})
    assert (answer.status_code, answer.json()["code"]) == (403, "register_first")
    assert guest.http.get("/api/agents").status_code == 403
    nobody = httpx.Client(base_url=hall.base)
    assert nobody.post("/api/agents", json={"name": "mine"}).status_code == 401


def test_other_people_cannot_see_issue_or_revoke_and_an_admin_revokes_logged(
        hall: InProcessServer) -> None:
    owner, other, admin = registered(hall), registered(hall), registered(hall)
    with hall.app.state.hall.db() as session:
        session.execute(update(User).where(User.id == admin.user["id"]).values(is_admin=True))
    agent = agent_of(owner)
    token = token_of(owner, agent)
    assert other.http.get("/api/agents").json()["agents"] == []
    for caller in (other, admin):
        issued = caller.http.post(f"/api/agents/{agent['id']}/token")
        assert (issued.status_code, issued.json()["code"]) == (404, "no_agent")
    revoked = other.http.delete(f"/api/agents/{agent['id']}/token")
    assert (revoked.status_code, revoked.json()["code"]) == (404, "no_agent")
    with as_agent(hall, token) as client:
        assert client.get("/api/me").status_code == 200
        # An agent cannot revoke, nor issue, even its own token.
        assert client.delete(f"/api/agents/{agent['id']}/token").json()["code"] == \
            "agent_not_allowed"
        assert client.post(f"/api/agents/{agent['id']}/token").json()["code"] == \
            "agent_not_allowed"
        assert admin.http.delete(f"/api/agents/{agent['id']}/token").status_code == 204
        assert client.get("/api/me").status_code == 401
    with hall.app.state.hall.reading() as session:
        logged = session.scalars(select(AdminAction).where(
            AdminAction.target == f"user:{agent['id']}")).all()
    assert [(a.action, a.actor_id) for a in logged] == [("revoke_agent_token", admin.user["id"])]


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/auth/logout", None),
    ("POST", "/api/auth/register", {"name": "someone new", "password": "long enough"}),
    ("GET", "/api/friends", None),
    ("POST", "/api/friends/requests", {"name": "anyone"}),
    ("GET", "/api/me/contact", None),
    ("GET", "/api/agents", None),
    ("POST", "/api/agents", {"name": "my own"}),
    ("POST", "/api/playnow", {"game": "yaxha", "players": 2, "mode": "turn"}),
    ("POST", "/api/tournaments", {"name": "mine", "game": "yaxha", "mode": "turn"}),
    ("POST", "/api/tables/1/spectator-chat", {"allowed": False}),
    ("POST", "/api/tables/1/analysis", None),
    ("GET", "/api/admin/actions", None),
    ("GET", "/metrics", None),
])
def test_an_agent_reaches_only_its_allow_list(hall: InProcessServer, method: str, path: str,
                                              body: Any) -> None:
    owner = registered(hall)
    token = token_of(owner, agent_of(owner))
    with as_agent(hall, token) as client:
        answer = client.request(method, path, json=body)
        assert (answer.status_code, answer.json()["code"]) == (403, "agent_not_allowed")
        # What it may do, it does.
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/session").json()["user"]["kind"] == "agent"
        assert client.get("/api/my/tables").status_code == 200


def test_an_agent_opens_joins_leaves_and_starts_tables(hall: InProcessServer) -> None:
    owner = registered(hall)
    token = token_of(owner, agent_of(owner))
    host = registered(hall)
    waiting = host.create(game="yaxha", players=3)
    with as_agent(hall, token) as client:
        opened = client.post("/api/tables", json={
            "game": "yaxha", "players": 2, "mode": "none", "bots": [{"seat": 1, "level": 1}]})
        assert opened.status_code == 201, opened.text
        assert opened.json()["seats"][0]["user"]["kind"] == "agent"
        assert client.post(f"/api/tables/{opened.json()['id']}/start").status_code == 200
        joined = client.post(f"/api/tables/{waiting['id']}/join", json={})
        assert joined.status_code == 200
        seat = next(s for s in joined.json()["seats"] if s["user"] and s["kind"] == "agent")
        assert seat["user"]["owner"] == owner.user["name"]
        assert client.post(f"/api/tables/{waiting['id']}/leave", json={}).status_code == 200


def test_agents_are_refused_where_they_are_not_welcome_and_at_rated_tables(
        hall: InProcessServer) -> None:
    owner = registered(hall)
    token = token_of(owner, agent_of(owner))
    host = registered(hall)
    closed = host.create(game="yaxha", players=2, agents=False)
    rated = host.create(game="yaxha", players=2, rated=True)
    assert closed["agents"] is False and rated["agents"] is False
    assert host.create(game="yaxha", players=2)["agents"] is True
    refused = host.http.post("/api/tables", json={"game": "yaxha", "players": 2, "rated": True,
                                                  "agents": True})
    assert refused.json()["code"] == "rated_with_agents"
    with as_agent(hall, token) as client:
        answer = client.post(f"/api/tables/{closed['id']}/join", json={})
        assert (answer.status_code, answer.json()["code"]) == (403, "agents_not_welcome")
        answer = client.post(f"/api/tables/{rated['id']}/join", json={})
        assert (answer.status_code, answer.json()["code"]) == (403, "rated_with_agents")
        answer = client.post("/api/tables", json={"game": "yaxha", "players": 2, "rated": True})
        assert (answer.status_code, answer.json()["code"]) == (400, "rated_with_agents")
    # A person still joins both.
    assert registered(hall).join(closed["id"]).status_code == 200
    assert registered(hall).join(rated["id"]).status_code == 200


async def _first(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 20))
        if message["type"] == kind:
            return message


async def _closed(socket: Any) -> tuple[int | None, str | None]:
    try:
        while True:
            await asyncio.wait_for(socket.recv(), 20)
    except ConnectionClosed as closed:
        return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (None, None)


def _agents_table(hall: InProcessServer, token: str) -> int:
    with as_agent(hall, token) as client:
        opened = client.post("/api/tables", json={
            "game": "yaxha", "players": 2, "mode": "none", "bots": [{"seat": 1, "level": 1}]})
        table_id = int(opened.json()["id"])
        client.post(f"/api/tables/{table_id}/start").raise_for_status()
    return table_id


def test_the_agent_reads_the_chat_but_cannot_write_in_it(hall: InProcessServer) -> None:
    owner = registered(hall)
    token = token_of(owner, agent_of(owner))
    table_id = _agents_table(hall, token)

    async def talk() -> tuple[str, str, str]:
        async with connect(f"{hall.ws_base}/ws/tables/{table_id}",
                           additional_headers=bearer(token)) as socket:
            welcome = await _first(socket, "welcome")
            answers = []
            for message in ({"type": "chat", "text": "hello"},
                            {"type": "chat_report", "id": 1, "reason": "spam"}):
                await socket.send(json.dumps(message))
                answers.append((await _first(socket, "error"))["code"])
            await socket.send(json.dumps({"type": "chat_before", "before": 2**31}))
            page = await _first(socket, "chat_page")
            assert welcome["seats"] == [0]
            return answers[0], answers[1], page["type"]

    assert asyncio.run(talk()) == ("agent_no_chat", "agent_no_chat", "chat_page")
    # A person at the same table writes as ever.


def test_the_agent_may_not_open_the_per_user_socket(hall: InProcessServer) -> None:
    owner = registered(hall)
    token = token_of(owner, agent_of(owner))

    async def opened() -> tuple[int | None, str | None]:
        async with connect(f"{hall.ws_base}/ws/me", additional_headers=bearer(token)) as socket:
            return await _closed(socket)

    assert asyncio.run(opened()) == (4403, "agent_not_allowed")


def test_revoking_closes_the_agents_socket_4401_and_banning_its_owner_4403(
        hall: InProcessServer) -> None:
    owner, admin = registered(hall), registered(hall)
    with hall.app.state.hall.db() as session:
        session.execute(update(User).where(User.id == admin.user["id"]).values(is_admin=True))
    agent = agent_of(owner)
    token = token_of(owner, agent)
    table_id = _agents_table(hall, token)

    async def closed_by(change: Any) -> tuple[int | None, str | None]:
        async with connect(f"{hall.ws_base}/ws/tables/{table_id}",
                           additional_headers=bearer(token)) as socket:
            await _first(socket, "welcome")
            assert (await asyncio.to_thread(change)).status_code in (200, 204)
            return await _closed(socket)

    code, _reason = asyncio.run(closed_by(
        lambda: owner.http.delete(f"/api/agents/{agent['id']}/token")))
    assert code == 4401
    token = token_of(owner, agent)
    code, reason = asyncio.run(closed_by(
        lambda: admin.http.post(f"/api/admin/users/{owner.user['id']}/ban",
                                json={"reason": "cheating"})))
    assert (code, reason) == (4403, "banned")
    with as_agent(hall, token) as client:
        assert client.get("/api/me").status_code == 401

    async def refused() -> tuple[int | None, str | None]:
        async with connect(f"{hall.ws_base}/ws/tables/{table_id}",
                           additional_headers=bearer(token)) as socket:
            welcome = await _first(socket, "welcome")
            return welcome["seats"], welcome["seat"]

    # The token counts for nothing while its owner is banned: a spectator's socket at most.
    assert asyncio.run(refused()) == ([], None)


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    """The creation limits on, as ``serve`` has them."""
    server = InProcessServer(Path(tmp_path_factory.mktemp("agents-limited")))
    server.start()
    yield server
    server.stop()


def test_agents_are_limited_like_people(limited: InProcessServer) -> None:
    owner = registered(limited)  # one registration of the address's five at once
    agent = agent_of(owner)  # agents and tokens count like registrations
    token = token_of(owner, agent)
    made = [owner.http.post("/api/agents", json={"name": f"a{secrets.token_hex(4)}"})
            for _ in range(3)]
    assert [answer.status_code for answer in made] == [201, 201, 429]
    assert made[-1].json()["code"] == "too_many_registrations"
    with as_agent(limited, token) as client:
        opened = [client.post("/api/tables", json={"game": "yaxha", "players": 2})
                  for _ in range(6)]
    assert [answer.status_code for answer in opened] == [201] * 5 + [409]
    assert opened[-1].json()["code"] == "too_many_waiting_tables"
