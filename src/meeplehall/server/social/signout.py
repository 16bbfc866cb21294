"""Ending sessions, and with them their sockets, in every server process.

A socket remembers the session it was opened with (the hash of its token, which is what may
travel between processes). When a session ends through the server (a logout, a password changed
or reset by an admin, a ban, a token replaced by a login), the sockets of that session close at
once in this process, before the request is answered, and in the others as soon as Redis tells
them (the ``sessions_ended`` event on the users channel).

An agent's socket remembers its token's hash instead (accounts/agents.py): revoking or replacing
the token closes it (4401), and banning the agent's owner closes it like a ban (4403).

What the server is not told of (a session expiring, one ended by ``meeplehall admin`` while the
servers run, or an event lost while Redis was away) is found by a periodic check: every
``session_check_seconds`` each process asks the database which of its sockets' sessions still
exist and have not expired, and closes the others with 4401.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from meeplehall.server.accounts.agents import live_agent_tokens
from meeplehall.server.accounts.sessions import (
    CLOSE_SIGNED_OUT,
    Ending,
    delete_session,
    delete_sessions,
    live_sessions,
)
from meeplehall.server.db.access import Database
from meeplehall.server.loop import LoopBound
from meeplehall.server.social.presence import Hub

log = logging.getLogger("meeplehall.server")


class SignOut:
    def __init__(self, database: Database, hub: Hub, check_seconds: float) -> None:
        self.database = database
        self.hub = hub
        self.check_seconds = check_seconds
        self._loop = LoopBound()
        self._tasks: set[asyncio.Task[Any]] = set()

    async def end_sessions(self, user_id: int, keep: str | None = None) -> None:
        """Delete every session of the user but ``keep`` (a token hash) and close their sockets
        everywhere (4401)."""
        await self.database.serve(delete_sessions, user_id, keep)
        self.ended(user_id, Ending(keep=keep))

    async def end_session(self, hashed: str) -> None:
        """Delete one session (named by its token's hash) and close its sockets everywhere."""
        user_id = await self.database.serve(delete_session, hashed)
        if user_id is not None:
            self.ended(user_id, Ending(only=hashed))

    def ended(self, user_id: int, ending: Ending) -> None:
        """Sessions of the user ended in the database: close the sockets ``ending`` names, in
        this process now and in the others through Redis. Callable from a request's worker
        thread too: the loop closes them before it sends that request's answer."""
        self._loop.call(self._end_now, user_id, ending)

    def _end_now(self, user_id: int, ending: Ending) -> None:
        self.hub.end_sockets(user_id, ending)
        task = asyncio.get_running_loop().create_task(
            self.hub.tell_others(user_id, ending.to_event()))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def check(self) -> int:
        """Close this process's sockets whose session is gone or expired; how many closed."""
        held = {connection.session for sockets in self.hub.sockets.values()
                for connection in sockets if connection.session is not None}
        if not held:
            return 0
        live = await self.database.look(live_sessions, list(held), time.time())
        # Agents' sockets remember their token's hash: live while the token is.
        if held - live:
            live |= await self.database.look(live_agent_tokens, list(held - live))
        closed = 0
        for sockets in list(self.hub.sockets.values()):
            for connection in list(sockets):
                # A session renamed meanwhile (a password change) is checked next time.
                if connection.session in held and connection.session not in live:
                    connection.end(CLOSE_SIGNED_OUT, "session ended")
                    closed += 1
        return closed

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.check_seconds)
            try:
                await self.check()
            except Exception:
                log.exception("could not check the sessions of open sockets")
