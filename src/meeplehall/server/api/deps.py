"""What request handlers share: the hall and its parts, and the current user.

``hall_of`` is the one door from a request to the running parts (``app.state.hall``, set when
the app starts): everything else a route or a socket needs is taken from the hall here, so no
other module reaches into the app's state.
"""

from __future__ import annotations

from fastapi import Request, WebSocket
from sqlalchemy.orm import Session
from starlette.requests import HTTPConnection

from meeplehall.server.accounts.agents import caller_of
from meeplehall.server.accounts.sessions import COOKIE
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.creation import CreationLimits
from meeplehall.server.guards.origins import foreign_origin, refusal
from meeplehall.server.guards.sockets import SocketGuard
from meeplehall.server.hall import Hall
from meeplehall.server.operations.metrics import Metrics


def hall_of(request: HTTPConnection) -> Hall:
    """The running hall of the app serving ``request`` (an HTTP request or a WebSocket)."""
    hall: Hall = request.app.state.hall
    return hall


def creation_of(request: HTTPConnection) -> CreationLimits:
    """The limits on creating guests, accounts and tables (guards/creation.py)."""
    return hall_of(request).creation


def metrics_of(request: HTTPConnection) -> Metrics:
    """This process's metrics (operations/metrics.py)."""
    return hall_of(request).metrics


def guard_of(websocket: WebSocket) -> SocketGuard:
    """The limits shared by every socket of this process (guards/sockets.py)."""
    return hall_of(websocket).sockets


def user_of(session: Session, request: Request) -> User | None:
    """The logged-in user (guest or registered) of ``request``, or the agent whose token it
    brings (``Authorization: Bearer``), or None; in a worker thread."""
    return caller_of(session, request.cookies.get(COOKIE),
                     request.headers.get("authorization"))[0]


def current_user(request: Request) -> User | None:
    """The logged-in user (guest or registered), or None.

    A plain ``def`` dependency: FastAPI runs it in the request lane's threads, off the loop."""
    with hall_of(request).reading() as session:
        return user_of(session, request)


def require_user(request: Request) -> User:
    user = current_user(request)
    if user is None:
        raise ApiError(401, "not_logged_in", "log in or pick a guest name first")
    return user


#: Close code of a table WebSocket opened by a page of a foreign origin (see origins.py).
CLOSE_FOREIGN_ORIGIN = 4400


async def refuse_foreign_origin(websocket: WebSocket) -> bool:
    """Close a WebSocket handshake from a foreign origin (accepted, then closed with
    ``CLOSE_FOREIGN_ORIGIN`` and a reason, like the other refusals); True when it was."""
    hall = hall_of(websocket)
    origin = foreign_origin(websocket.scope, hall.allowed_origins)
    if origin is None:
        return False
    await websocket.accept()
    await websocket.close(CLOSE_FOREIGN_ORIGIN, refusal(origin).detail[:120])
    return True
