"""The admin API: what ``meeplehall admin`` does, for a logged-in user with the admin role.

Table changes reach the live room at once: in this process under the room's lock, in the others
through Redis (kind ``stopped``), so nobody plays on at an aborted or deleted table. Every change
is logged with the admin who made it (``GET /api/admin/actions``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session

from meeplehall.server.accounts.agents import agents_of
from meeplehall.server.accounts.passwords import unusable_hash
from meeplehall.server.accounts.sessions import Ending
from meeplehall.server.api.contact import too_many_mails
from meeplehall.server.api.deps import hall_of, require_user
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.hall import Hall
from meeplehall.server.mail.mailer import Mail
from meeplehall.server.operations import actions as operator_actions


def require_admin(request: Request) -> User:
    user = require_user(request)
    if not user.is_admin:
        raise ApiError(403, "not_admin", "only an administrator may do this")
    return user


router = APIRouter(prefix="/api/admin", tags=["admin"], route_class=StrictJSONRoute,
                   dependencies=[Depends(require_admin)])


def actor_of(admin: Annotated[User, Depends(require_admin)]) -> operator_actions.Actor:
    """The admin making this request, for the log (FastAPI runs require_admin once)."""
    return operator_actions.Actor.admin(admin)


By = Annotated[operator_actions.Actor, Depends(actor_of)]


class AdminIn(BaseModel):
    admin: bool


class ResetIn(BaseModel):
    """Nothing to give: an admin never chooses (nor learns) another user's password."""

    model_config = ConfigDict(extra="forbid")


class BanIn(BaseModel):
    reason: str = Field(default="", max_length=operator_actions.MAX_REASON)


def _no_user(user_id: int) -> ApiError:
    return ApiError(404, "no_user", f"no user {user_id}", {"user": user_id})


def _no_table(table_id: int) -> ApiError:
    return ApiError(404, "no_table", f"no table {table_id}", {"table": table_id})


def _on_user(hall: Hall, user_id: int, change: Any, *args: Any) -> dict[str, Any]:
    """``change(session, user, *args)`` in one transaction; the user's state after it."""
    if not is_id(user_id):
        raise _no_user(user_id)
    with hall.db() as session:
        try:
            user = operator_actions.user_by_id(session, user_id)
        except operator_actions.NoSuchUser:
            raise _no_user(user_id) from None
        result: operator_actions.UserInfo = change(session, user, *args)
    return result.to_json()


@router.get("/reports")
def chat_reports(request: Request, limit: int = 100) -> dict[str, Any]:
    """The newest chat reports (at most ``limit``, up to 500), with the reported message."""
    with hall_of(request).reading() as session:
        return {"reports": operator_actions.chat_reports(session, limit)}


@router.get("/actions")
def admin_actions(request: Request, limit: int = 100) -> dict[str, Any]:
    """The newest logged operators' actions (at most ``limit``, up to 500), from the admin API
    and the command line."""
    with hall_of(request).reading() as session:
        return {"actions": operator_actions.admin_actions(session, limit)}


@router.get("/users/{user_id}")
def get_user(user_id: int, request: Request) -> dict[str, Any]:
    """A user as an administrator sees them: role and ban included."""
    return _on_user(hall_of(request), user_id, lambda _session, user: operator_actions.info(user))


@router.post("/users/{user_id}/admin")
def set_admin(user_id: int, body: AdminIn, request: Request, by: By) -> dict[str, Any]:
    """Give or take the admin role."""
    return _on_user(hall_of(request), user_id, operator_actions.set_admin, body.admin, by)


def _reset(hall: Hall, user_id: int, by: operator_actions.Actor) -> dict[str, Any]:
    """The reset, then (once it is committed) its e-mail; in a worker thread."""
    scrambled = unusable_hash()  # hashed before the transaction, which it would hold up
    link_key = hall.link_key if hall.mailer.enabled else None
    mails: list[Mail | None] = []

    def change(session: Session, user: User) -> operator_actions.UserInfo:
        done, mail = operator_actions.reset_password(session, user, scrambled, by, link_key)
        mails.append(mail)
        return done

    try:
        answer = _on_user(hall, user_id, change)
    except operator_actions.GuestHasNoPassword:
        raise ApiError(409, "guest_has_no_password", "a guest has no password to reset") from None
    except operator_actions.ResetMailedLately as lately:
        raise too_many_mails(lately.seconds, "a reset e-mail") from None
    (mail,) = mails
    if mail is not None:
        hall.mailer.submit(mail)
    return {**answer, "mailed": mail is not None}


@router.post("/users/{user_id}/password")
async def reset_password(user_id: int, request: Request, by: By,
                         body: ResetIn | None = None) -> dict[str, Any]:
    """Reset a user's password without anyone learning it: it becomes one nobody knows, the
    user is signed out everywhere, and a one-time link to choose a new one is mailed to their
    confirmed address (``mailed``); without one, the operator sets one at the command line."""
    hall = hall_of(request)
    answer = await hall.database.compute(_reset, hall, user_id, by)
    hall.signout.ended(user_id, Ending())  # closes their sockets (4401), in every process
    return answer


@router.post("/users/{user_id}/ban")
async def ban(user_id: int, body: BanIn, request: Request, by: By) -> dict[str, Any]:
    """The user is logged out everywhere, can no longer log in, and their sockets close, in
    every process (told through Redis); so do their agents' sockets, and their agents' tokens
    stop working while the ban lasts."""
    hall = hall_of(request)
    answer = await hall.database.compute(_on_user, hall, user_id, operator_actions.ban,
                                         body.reason, by)
    agents = await hall.database.look(agents_of, user_id)
    for agent_id in (user_id, *(agent.id for agent in agents)):
        hall.signout.ended(agent_id, Ending(banned=True))
    return answer


@router.post("/users/{user_id}/unban")
def unban(user_id: int, request: Request, by: By) -> dict[str, Any]:
    return _on_user(hall_of(request), user_id, operator_actions.unban, by)


def _table_change(change: Any, by: operator_actions.Actor) -> Any:
    """``change(session, table_id, by)`` with the operator's refusals as API errors."""

    def changed(session: Session, table_id: int) -> str:
        try:
            before: str = change(session, table_id, by)
        except operator_actions.NoSuchTable:
            raise _no_table(table_id) from None
        except operator_actions.TableOver:
            raise ApiError(409, "game_over", "the game is over") from None
        return before

    return changed


@router.post("/tables/{table_id}/abort")
async def abort_table(table_id: int, request: Request, by: By) -> dict[str, Any]:
    """Stop a waiting or playing table for good (status ``aborted``: no result, no ratings)."""
    if not is_id(table_id):
        raise _no_table(table_id)
    before = await hall_of(request).manager.stop(table_id,
                                                 _table_change(operator_actions.abort_table, by))
    return {"id": table_id, "status": operator_actions.ABORTED, "was": before}


@router.delete("/tables/{table_id}", status_code=204)
async def delete_table(table_id: int, request: Request, by: By) -> Response:
    """Remove a table, its seats and its action log."""
    if not is_id(table_id):
        raise _no_table(table_id)
    await hall_of(request).manager.stop(table_id, _table_change(operator_actions.delete_table, by))
    return Response(status_code=204)
