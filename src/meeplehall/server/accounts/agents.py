"""Agents: accounts of programs that play through the protocol, each owned by a registered
person, and their API tokens.

A token is ``mha_`` and 43 random characters, shown once when it is issued; only its SHA-256 is
kept, so a database leak gives no live token. An agent has at most one token: a new one replaces
the old. A token authenticates as ``Authorization: Bearer mha_...`` on HTTP and on the table
socket's handshake. It stops working when it is revoked or replaced, and while the agent or its
owner is banned. Sockets remember the token's hash as their "session" (social/signout.py), so a
revoke closes them like a logout (4401) and a ban of the owner like a ban (4403).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, aliased

from meeplehall.server.accounts.sessions import token_hash, user_for_token
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import AgentToken, User
from meeplehall.server.errors import ApiError

TOKEN_PREFIX = "mha_"
KIND_AGENT = "agent"


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, "" for a Bearer header without
    one, None when there is no Bearer header at all."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def issue_token(session: Session, agent_id: int) -> str:
    """A new token for the agent, replacing its old one (which stops working at once)."""
    token = new_token()
    row = session.get(AgentToken, agent_id)
    if row is None:
        session.add(AgentToken(agent_id=agent_id, token_hash=token_hash(token),
                               created_at=time.time()))
    else:
        row.token_hash, row.created_at = token_hash(token), time.time()
    return token


def revoke_token(session: Session, agent_id: int) -> str | None:
    """Delete the agent's token; its hash (what its sockets remember), None if it had none."""
    row = session.get(AgentToken, agent_id)
    if row is None:
        return None
    hashed = row.token_hash
    session.delete(row)
    return hashed


def agent_for_token(session: Session, token: str | None) -> User | None:
    """The agent a live token belongs to; None for anything else (a wrong, revoked or replaced
    token, a banned agent, an agent whose owner is banned)."""
    if not token or not token.startswith(TOKEN_PREFIX):
        return None
    row = session.scalar(select(AgentToken).where(AgentToken.token_hash == token_hash(token)))
    if row is None:
        return None
    agent = session.get(User, row.agent_id)
    if agent is None or agent.kind != KIND_AGENT or agent.banned_at is not None:
        return None
    owner = agent.owner
    return agent if owner is not None and owner.banned_at is None else None


def caller_of(session: Session, cookie: str | None,
              authorization: str | None) -> tuple[User | None, str | None]:
    """Who a request or a socket's handshake comes from, and the hash its sockets remember: an
    agent's token when it brings one (the cookie is then not looked at), else the session
    cookie."""
    bearer = bearer_token(authorization)
    if bearer is not None:
        agent = agent_for_token(session, bearer)
        return (agent, token_hash(bearer)) if agent is not None else (None, None)
    user = user_for_token(session, cookie)
    return (user, token_hash(cookie)) if user is not None and cookie else (None, None)


def caller_id(session: Session, cookie: str | None,
              authorization: str | None) -> tuple[int | None, str | None]:
    """``caller_of`` as ids: the caller's user id and the hash its sockets remember."""
    user, hashed = caller_of(session, cookie, authorization)
    return (user.id, hashed) if user is not None else (None, None)


def live_agent_tokens(session: Session, hashes: Iterable[str]) -> set[str]:
    """Which of these hashes are live agents' tokens (not revoked, the agent and its owner not
    banned): the periodic check keeps those sockets open."""
    wanted = list(hashes)
    owner = aliased(User)
    live: set[str] = set()
    for start in range(0, len(wanted), 500):  # bounded IN lists
        live.update(session.scalars(
            select(AgentToken.token_hash)
            .join(User, User.id == AgentToken.agent_id)
            .join(owner, owner.id == User.owner_id)
            .where(AgentToken.token_hash.in_(wanted[start:start + 500]),
                   User.banned_at.is_(None), owner.banned_at.is_(None))))
    return live


def agents_of(session: Session, owner_id: int) -> list[User]:
    return list(session.scalars(select(User).where(User.owner_id == owner_id,
                                                   User.kind == KIND_AGENT).order_by(User.id)))


def count_agents(session: Session, owner_id: int) -> int:
    return session.scalar(select(func.count()).select_from(User).where(
        User.owner_id == owner_id, User.kind == KIND_AGENT)) or 0


def owned_agent(session: Session, agent_id: int, owner_id: int, admin: bool = False) -> User:
    """The caller's agent (or, for an admin, anyone's); 404 for anything else, so nobody learns
    which agents others have."""
    agent = session.get(User, agent_id) if is_id(agent_id) else None
    if agent is None or agent.kind != KIND_AGENT or not (admin or agent.owner_id == owner_id):
        raise ApiError(404, "no_agent", f"no agent {agent_id} of yours", {"agent": agent_id})
    return agent


def agent_json(session: Session, agent: User) -> dict[str, Any]:
    """An agent as its owner sees it: whether it has a token, and since when (never the token)."""
    token = session.get(AgentToken, agent.id)
    return {"id": agent.id, "name": agent.name, "profile": agent.public_id,
            "created_at": agent.created_at, "token": token is not None,
            "token_created_at": token.created_at if token is not None else None,
            "banned": agent.banned_at is not None}
