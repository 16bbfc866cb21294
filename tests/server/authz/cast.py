"""The cast of the authorization matrix: one person of each kind of caller around an owner's
private tables, and the things the matrix's rows act on.

People, sessions, friendships, requests, a notification and waiting tables are written straight
to the server's database (a registration would cost a password hash each, and the matrix builds
many casts); the tables in play are opened, joined and started through the API, so the server's
rooms know them. A ban and a logout are the server's own functions, run on those rows.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import httpx
from sqlalchemy.orm import Session

from meeplehall.server.accounts.agents import KIND_AGENT, issue_token
from meeplehall.server.accounts.names import login_key
from meeplehall.server.accounts.passwords import hasher
from meeplehall.server.accounts.profiles import new_public_id
from meeplehall.server.accounts.sessions import COOKIE, delete_session, token_hash
from meeplehall.server.db.models import (
    FriendRequest,
    Friendship,
    Notification,
    Seat,
    Table,
    Tournament,
    TournamentEntrant,
    User,
)
from meeplehall.server.db.models import Session as SessionRow
from meeplehall.server.operations import actions as operator_actions
from meeplehall.server.play.store import new_seed_columns
from tests.server.authz.matrix import CALLERS, HOLDERS
from tests.server.inprocess import InProcessServer

PASSWORD = "correct horse"
GAME = "yaxha"


@cache
def _password_hash() -> str:
    return hasher.hash(PASSWORD)


@dataclass
class Person:
    id: int
    name: str
    token: str | None  # the session cookie the caller sends (a dead one for banned, logged_out)
    profile: str | None = None
    #: ``token`` is an agent's API token, sent as ``Authorization: Bearer`` (not a cookie).
    bearer: bool = False

    def headers(self) -> dict[str, str]:
        if not self.token:
            return {}
        if self.bearer:
            return {"Authorization": f"Bearer {self.token}"}
        return {"Cookie": f"{COOKIE}={self.token}"}


@dataclass
class Cast:
    people: dict[str, Person]
    #: What rows name in their paths and bodies.
    things: dict[str, Any] = field(default_factory=dict)
    #: Invite tokens of the owner's private tables, by the thing naming the table.
    invites: dict[str, str] = field(default_factory=dict)

    def call(self, client: httpx.Client, kind: str, method: str, path: str,
             body: Any = None) -> httpx.Response:
        """A request as a caller of ``kind`` (the client keeps no cookies between calls)."""
        person = self.people.get(kind)
        headers = person.headers() if person is not None else {}
        try:
            return client.request(method, path, json=body, headers=headers)
        finally:
            client.cookies.clear()

    def values(self, kind: str) -> dict[str, Any]:
        """The placeholders' values for a caller of ``kind``."""
        person = self.people.get(kind)
        values = dict(self.things)
        for table, token in self.invites.items():
            values[f"{table}_invite"] = token if kind in HOLDERS else ""
        values["my_name"] = person.name if person is not None else "nobody here"
        values["my_password"] = PASSWORD
        values["new_name"] = f"n{secrets.token_hex(5)}"
        return values


def _person(session: Session, kind: str, registered: bool, live: bool = True,
            **columns: Any) -> Person:
    name = f"{kind[:6]}{secrets.token_hex(4)}"
    key = login_key(name)
    user = User(name=name, login=key if registered else None,
                guest_key=None if registered else key,
                password_hash=_password_hash() if registered else None,
                public_id=new_public_id() if registered else None,
                created_at=time.time(), **columns)
    session.add(user)
    session.flush()
    token = _session(session, user.id) if live else None
    return Person(user.id, name, token, user.public_id)


def _session(session: Session, user_id: int) -> str:
    token = secrets.token_urlsafe(32)
    session.add(SessionRow(token_hash=token_hash(token), user_id=user_id,
                           expires_at=time.time() + 3600))
    return token


def _agent(session: Session, owner: Person) -> Person:
    """The owner's agent, with a live API token."""
    name = f"agent{secrets.token_hex(4)}"
    user = User(name=name, login=login_key(name), public_id=new_public_id(),
                created_at=time.time(), kind=KIND_AGENT, owner_id=owner.id)
    session.add(user)
    session.flush()
    return Person(user.id, name, issue_token(session, user.id), user.public_id, bearer=True)


def _befriend(session: Session, one: int, other: int) -> None:
    for a, b in ((one, other), (other, one)):
        session.add(Friendship(user_id=a, friend_id=b, since=time.time()))


def _waiting(session: Session, owner: Person, players: int, visibility: str,
             seated: Person | None = None) -> tuple[int, str]:
    """A waiting table of ``owner`` (seat 0) where ``seated`` sits (seat 1); its invite."""
    table = Table(game=GAME, options={}, players=players, **new_seed_columns(),
                  status="waiting", mode="none", visibility=visibility,
                  invite_token=secrets.token_urlsafe(16) if visibility == "private" else None,
                  rated=False, hints=False, spectator_chat=True, owner_id=owner.id, seq=0,
                  created_at=time.time())
    session.add(table)
    session.flush()
    sitters = {0: owner.id, 1: seated.id if seated is not None else None}
    session.add_all([Seat(table_id=table.id, seat=index, user_id=sitters.get(index))
                     for index in range(players)])
    return table.id, table.invite_token or ""


def _tournament(session: Session, owner: Person, entrant: Person) -> int:
    """The owner's Swiss tournament, still registering, where ``entrant`` has registered."""
    now = time.time()
    tournament = Tournament(name="the matrix", game=GAME, system="swiss", capacity=8,
                            table_size=2, rounds=3, mode="turn", initial_ms=None,
                            increment_ms=None, move_deadline_ms=24 * 3600 * 1000, rated=False,
                            owner_id=owner.id, status="registering", current_round=0,
                            created_at=now, start_by=now + 3600)
    session.add(tournament)
    session.flush()
    session.add(TournamentEntrant(tournament_id=tournament.id, user_id=entrant.id,
                                  registered_at=now, points=0.0, byes=0))
    return tournament.id


def _rows(server: InProcessServer) -> Cast:
    hall = server.app.state.hall
    registered = ("stranger", "friend", "invited", "seated", "owner", "admin", "banned",
                  "logged_out")
    with hall.db() as session:
        people = {kind: _person(session, kind, kind in registered, is_admin=kind == "admin")
                  for kind in CALLERS if kind not in ("anonymous", "second", "agent")}
        owner, stranger, seated = people["owner"], people["stranger"], people["seated"]
        people["second"] = Person(owner.id, owner.name, _session(session, owner.id),
                                  owner.profile)
        people["agent"] = _agent(session, owner)
        victim = _person(session, "victim", True, live=False)
        # Someone who shows their history to their friends only (``friend`` is one).
        recluse = _person(session, "recluse", True, live=False, history_private=True)
        for one, other in (("owner", "friend"), ("seated", "friend"), ("owner", "invited")):
            _befriend(session, people[one].id, people[other].id)
        _befriend(session, people["friend"].id, recluse.id)
        to_owner = FriendRequest(from_id=stranger.id, to_key=login_key(owner.name),
                                 to_name=owner.name, to_id=owner.id, created_at=time.time())
        from_owner = FriendRequest(from_id=owner.id, to_key=login_key(victim.name),
                                   to_name=victim.name, to_id=victim.id, created_at=time.time())
        notice = Notification(user_id=owner.id, kind="friend_request",
                              data={"from": {"id": stranger.id, "name": stranger.name}},
                              created_at=time.time(), read=False)
        session.add_all([to_owner, from_owner, notice])
        user = session.get(User, people["banned"].id)
        assert user is not None
        operator_actions.ban(session, user, "the matrix", operator_actions.Actor(None, "tests"))
        logged_out = people["logged_out"].token
        assert logged_out is not None
        delete_session(session, token_hash(logged_out))
        cast = Cast(people)
        cast.things["private"], cast.invites["private"] = _waiting(session, owner, 3,
                                                                   "private", seated)
        cast.things["full"], cast.invites["full"] = _waiting(session, owner, 2, "private",
                                                             seated)
        cast.things["spare"], _none = _waiting(session, stranger, 2, "public")
        cast.things["tournament"] = _tournament(session, owner, seated)
        session.flush()
        cast.things.update({
            "victim": victim.id, "victim_name": victim.name, "friend": people["friend"].id,
            "request_to_owner": to_owner.id, "request_from_owner": from_owner.id,
            "notification": notice.id, "owner_profile": owner.profile, "game": GAME,
            "agent": people["agent"].id,
            "recluse_profile": recluse.profile})
    return cast


def _post(cast: Cast, client: httpx.Client, kind: str, path: str, body: Any = None,
          status: int = 200) -> Any:
    answer = cast.call(client, kind, "POST", path, body)
    assert answer.status_code == status, (path, answer.text)
    return answer.json()


def build(server: InProcessServer, client: httpx.Client, played: bool = False) -> Cast:
    """A new cast; ``played`` adds the owner's private table in play (``playing``) and a
    finished private table of bots (``finished``), which take seconds to make."""
    cast = _rows(server)
    if played:
        table = _post(cast, client, "owner", "/api/tables", {
            "game": GAME, "players": 2, "visibility": "private", "mode": "none"}, 201)
        _post(cast, client, "seated", f"/api/tables/{table['id']}/join",
              {"seat": 1, "invite": table["invite_token"]})
        _post(cast, client, "owner", f"/api/tables/{table['id']}/start")
        cast.things["playing"], cast.invites["playing"] = table["id"], table["invite_token"]
        cast.things["finished"], cast.invites["finished"] = _finished(cast, client)
    return cast


def _finished(cast: Cast, client: httpx.Client) -> tuple[int, str]:
    """A private table of two level-1 bots, the owner sitting nowhere, played to its end (a
    Monster Hex match: twenty steps)."""
    table = _post(cast, client, "owner", "/api/tables", {
        "game": "monsterhex", "players": 2, "seat": None, "visibility": "private",
        "mode": "none",
        "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]}, 201)
    _post(cast, client, "owner", f"/api/tables/{table['id']}/start")
    deadline = time.monotonic() + 120
    while cast.call(client, "owner", "GET",
                    f"/api/tables/{table['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.1)
    return int(table["id"]), str(table["invite_token"])
