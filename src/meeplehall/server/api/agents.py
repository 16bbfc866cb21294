"""Agents' accounts: a registered person creates agents, lists them, issues an agent's API token
(shown once) and revokes it; an admin may revoke any agent's token (logged as an admin action).
What an agent may do with its token is in guards/agents.py."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import IntegrityError

from meeplehall.server.accounts.agents import (
    KIND_AGENT,
    agent_json,
    agents_of,
    count_agents,
    issue_token,
    owned_agent,
    revoke_token,
)
from meeplehall.server.accounts.impersonation import lock_name, name_taken
from meeplehall.server.accounts.names import clean_name, login_key
from meeplehall.server.accounts.profiles import new_public_id
from meeplehall.server.accounts.sessions import Ending
from meeplehall.server.api.deps import creation_of, hall_of, require_user
from meeplehall.server.db.locks import hold_user
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.operations import actions as operator_actions

router = APIRouter(prefix="/api", tags=["agents"], route_class=StrictJSONRoute)


def owner_user(request: Request) -> User:
    """A registered person: only they may own agents (guests and agents may not)."""
    user = require_user(request)
    if user.login is None or user.kind == KIND_AGENT:
        raise ApiError(403, "register_first", "agents are for registered users; register first")
    return user


Owner = Annotated[User, Depends(owner_user)]


class AgentIn(BaseModel):
    name: str = Field(min_length=1, max_length=32)


@router.post("/agents", status_code=201)
def create_agent(body: AgentIn, request: Request, user: Owner) -> dict[str, Any]:
    """Create an agent under a name (the same rules as people's names, and no person or other
    agent may have it). It has no token until one is issued."""
    name = clean_name(body.name, ApiError(
        422, "name_blank", "a name needs at least one visible character"))
    key = login_key(name)
    hall = hall_of(request)
    # Counted like registrations, whether or not the name is free.
    creation_of(request).account(address_of(request))
    limit = hall.settings.agents_per_owner
    try:
        with hall.db() as session:
            hold_user(session, user.id)  # two creations at once count in turn
            if count_agents(session, user.id) >= limit:
                raise ApiError(409, "too_many_agents",
                               f"you may own at most {limit} agents", {"limit": limit})
            lock_name(session, key)
            if name_taken(session, key, None):
                raise _name_taken(name)
            agent = User(name=name, login=key, guest_key=None, password_hash=None,
                         public_id=new_public_id(), created_at=time.time(), kind=KIND_AGENT,
                         owner_id=user.id)
            session.add(agent)
            session.flush()
            return agent_json(session, agent)
    except IntegrityError:
        raise _name_taken(name) from None


def _name_taken(name: str) -> ApiError:
    return ApiError(409, "name_taken", f"the name {name!r} is taken; choose another",
                    {"name": name})


@router.get("/agents")
def list_agents(request: Request, user: Owner) -> dict[str, Any]:
    """My agents (never their tokens: whether each has one, and since when)."""
    with hall_of(request).reading() as session:
        return {"agents": [agent_json(session, agent) for agent in agents_of(session, user.id)],
                "limit": hall_of(request).settings.agents_per_owner}


@router.post("/agents/{agent_id}/token", status_code=201)
def issue_agent_token(agent_id: int, request: Request, user: Owner) -> Response:
    """A new API token for my agent, shown in this answer only (it is kept hashed). It replaces
    the agent's old token, whose sockets close (4401)."""
    hall = hall_of(request)
    creation_of(request).account(address_of(request))  # tokens are made as slowly as accounts
    with hall.db() as session:
        agent = owned_agent(session, agent_id, user.id)
        old = revoke_token(session, agent.id)
        session.flush()
        token = issue_token(session, agent.id)
        data = agent_json(session, agent)
    if old is not None:
        hall.signout.ended(agent_id, Ending(only=old))
    # Never kept by a cache on the way: the token is shown once.
    return JSONResponse({"token": token, "agent": data}, status_code=201,
                        headers={"Cache-Control": "no-store"})


@router.delete("/agents/{agent_id}/token", status_code=204)
def revoke_agent_token(agent_id: int, request: Request,
                       user: Annotated[User, Depends(require_user)]) -> Response:
    """Revoke my agent's token (an admin: anyone's agent's, logged). It stops working at once
    and the sockets opened with it close (4401)."""
    hall = hall_of(request)
    admin = bool(user.is_admin) and user.kind != KIND_AGENT
    if not admin and user.login is None:
        raise ApiError(403, "register_first", "agents are for registered users; register first")
    with hall.db() as session:
        agent = owned_agent(session, agent_id, user.id, admin)
        hashed = revoke_token(session, agent.id)
        if hashed is None:
            raise ApiError(404, "no_token", "this agent has no token", {"agent": agent_id})
        if agent.owner_id != user.id:
            operator_actions.record(session, operator_actions.Actor.admin(user),
                                    "revoke_agent_token", f"user:{agent.id}", name=agent.name)
    hall.signout.ended(agent_id, Ending(only=hashed))
    return Response(status_code=204)
