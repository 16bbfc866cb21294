"""Analyses of finished tables: who may ask, the bounds, and the runner that computes them.

An analysis is asked for once per table and stored (the ``analyses`` table); asking again
returns the stored one. A player of the table may ask (its owner or a seated person), and for a
public table any registered user; never before the table has finished. Each user has at most
one analysis queued or running, and the hall at most ``analysis_queue``.

The runner takes the oldest queued analysis and analyses it decision by decision in the
analysis lane (bots/analysing.py), saving the decisions found and the progress after each, so
an analysis interrupted by a restart resumes where it stopped: with one server process, every
row still running when it starts is its own to resume; with several (Redis), a running row
whose heartbeat is older than ``STALE_SECONDS`` has lost its runner and is taken over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from meeplehall.ai.analysis import DecisionAnalysis, summarize
from meeplehall.server.bots.analysing import AnalysisStep, analyse_step
from meeplehall.server.bots.lane import Lane, Share
from meeplehall.server.bots.pool import Decision
from meeplehall.server.config import Settings
from meeplehall.server.db.access import Database
from meeplehall.server.db.models import ActionRow, Analysis, Seat, Table, User
from meeplehall.server.errors import ApiError
from meeplehall.server.play.access import visible_table
from meeplehall.server.play.encoding import json_text
from meeplehall.server.play.store import table_seed

log = logging.getLogger("meeplehall.server")

#: A running analysis whose runner saved nothing for this long has lost it (several processes).
STALE_SECONDS = 120.0
#: How long an idle runner sleeps before looking for queued analyses another process added.
IDLE_POLL_SECONDS = 5.0
WAITING = ("queued", "running")
#: Sends an event to a user's ``/ws/me`` sockets (``Hub.tell``).
Tell = Callable[[int, dict[str, Any]], Awaitable[None]]


def analysis_document(row: Analysis | None, players: int, iterations: int) -> dict[str, Any]:
    """The answer of ``GET /api/tables/{id}/analysis`` (docs/protocol.md)."""
    if row is None:
        return {"status": "none", "progress": {"done": 0, "total": 0},
                "iterations": iterations, "decisions": [], "seats": []}
    decisions = list(row.result.get("decisions", []))
    parsed = [DecisionAnalysis.from_json(item) for item in decisions]
    return {"status": row.status, "progress": {"done": row.done, "total": row.total},
            "iterations": row.iterations, "decisions": decisions,
            "seats": [summary.to_json() for summary in summarize(players, parsed)]}


def read_analysis(session: Session, table_id: int, viewer: int | None, invite: str | None,
                  iterations: int) -> dict[str, Any]:
    table = visible_table(session, table_id, viewer, invite)
    if table.status != "finished":
        raise ApiError(409, "not_finished", "this table has not finished yet")
    return analysis_document(session.get(Analysis, table_id), table.players, iterations)


def _is_player(session: Session, table: Table, user_id: int) -> bool:
    if table.owner_id == user_id:
        return True
    return session.scalar(select(Seat.seat).where(Seat.table_id == table.id,
                                                  Seat.user_id == user_id).limit(1)) is not None


def request_analysis(session: Session, table_id: int, user: User, invite: str | None,
                     settings: Settings) -> tuple[bool, dict[str, Any]]:
    """Queue the table's analysis (or find the stored one): (queued now, the document)."""
    table = visible_table(session, table_id, user.id, invite)
    if table.status != "finished":
        raise ApiError(409, "not_finished", "this table has not finished yet")
    player = _is_player(session, table, user.id)
    # A guest costs nothing to make: guests may have their own games analysed, not others'.
    if not player and (table.visibility != "public" or user.login is None):
        raise ApiError(403, "not_a_player",
                       "only the players of this table may ask for its analysis")
    row = session.get(Analysis, table_id)
    if row is not None and row.status != "failed":
        return False, analysis_document(row, table.players, row.iterations)
    mine = session.scalar(select(func.count()).select_from(Analysis).where(
        Analysis.requested_by == user.id, Analysis.status.in_(WAITING)))
    if mine:
        raise ApiError(429, "analysis_busy",
                       "you already have an analysis waiting or running; ask again when it "
                       "has finished")
    waiting = session.scalar(select(func.count()).select_from(Analysis).where(
        Analysis.status.in_(WAITING)))
    if (waiting or 0) >= settings.analysis_queue:
        raise ApiError(503, "analysis_queue_full",
                       "too many analyses are waiting in this hall; try again in a few minutes")
    total = session.scalar(select(func.count()).select_from(ActionRow).where(
        ActionRow.table_id == table_id)) or 0
    now = time.time()
    if row is None:
        row = Analysis(table_id=table_id)
        session.add(row)
    row.status, row.iterations = "queued", settings.analysis_iterations
    row.done, row.total, row.result, row.error = 0, total, {"decisions": []}, None
    row.requested_by, row.requested_at = user.id, now
    row.started_at = row.finished_at = row.heartbeat = None
    try:
        session.flush()
    except IntegrityError:  # asked at the same moment by someone else: theirs stands
        raise ApiError(409, "analysis_busy", "this analysis was just asked for; "
                       "ask again in a moment") from None
    return True, analysis_document(row, table.players, row.iterations)


class _Job:
    def __init__(self, table: Table, row: Analysis, log_rows: list[tuple[int, Any]]) -> None:
        self.table_id = table.id
        self.game = table.game
        self.players = table.players
        self.options = dict(table.options or {})
        self.seed = table_seed(table)
        self.actions = log_rows
        #: The same, each action as JSON text, as a bot's position gives them.
        self.texts = [(seat, json_text(action)) for seat, action in log_rows]
        self.done = row.done
        self.iterations = row.iterations
        self.decisions: list[dict[str, Any]] = list(row.result.get("decisions", []))
        self.requested_by = row.requested_by


def _claim(session: Session, since: float, single: bool) -> _Job | None:
    """Take the next analysis to run: a running one this process may resume first, then the
    oldest queued."""
    now = time.time()
    lost = Analysis.heartbeat < (since if single else now - STALE_SECONDS)
    row = session.scalars(
        select(Analysis)
        .where(or_(Analysis.status == "queued",
                   (Analysis.status == "running") & (Analysis.heartbeat.is_(None) | lost)))
        .order_by(Analysis.status.desc(), Analysis.requested_at)  # running before queued
        .limit(1).with_for_update(skip_locked=True)
    ).first()
    if row is None:
        return None
    table = session.get(Table, row.table_id)
    if table is None:
        return None
    row.status, row.heartbeat = "running", now
    row.started_at = row.started_at or now
    actions = session.execute(select(ActionRow.seat, ActionRow.action)
                              .where(ActionRow.table_id == row.table_id)
                              .order_by(ActionRow.seq)).all()
    row.total = len(actions)
    return _Job(table, row, [(seat, action) for seat, action in actions])


def _save(session: Session, table_id: int, done: int, decisions: list[dict[str, Any]],
          finished: bool) -> None:
    row = session.get(Analysis, table_id)
    if row is None:
        return
    now = time.time()
    row.done, row.result, row.heartbeat = done, {"decisions": decisions}, now
    if finished:
        row.status, row.finished_at = "done", now


def _fail(session: Session, table_id: int, reason: str) -> None:
    row = session.get(Analysis, table_id)
    if row is not None:
        row.status, row.error, row.finished_at = "failed", reason[:200], time.time()


class Analyses:
    """The runner: one analysis at a time, one decision at a time, in the analysis lane."""

    def __init__(self, database: Database, lane: Lane, single_process: bool,
                 tell: Tell | None = None) -> None:
        """``tell(user id, event)`` sends an event to the person's ``/ws/me`` sockets: the
        requester hears of each step's progress and of the end."""
        self.database = database
        self.lane = lane
        self.single_process = single_process
        self.tell = tell
        self.started = time.time()
        self._wake = asyncio.Event()

    def poke(self) -> None:
        """A new analysis is queued: start it now rather than at the next poll."""
        self._wake.set()

    async def run(self) -> None:
        while True:
            job = await self.database.serve(_claim, self.started, self.single_process)
            if job is None:
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), IDLE_POLL_SECONDS)
                continue
            try:
                await self._analyse(job)
            except asyncio.CancelledError:
                raise  # stopping: the row stays running with its progress, to resume
            except Exception as error:
                log.exception("analysis of table %s failed", job.table_id)
                await self.database.serve(_fail, job.table_id, f"{type(error).__name__}")
                await self._tell(job, "failed", job.done, len(job.actions))

    async def _analyse(self, job: _Job) -> None:
        share = Share(("analysis",), job.requested_by, job.table_id)
        total = len(job.actions)
        for index in range(job.done, total):
            seat, played = job.actions[index]
            position = Decision(job.table_id, job.game, job.players, job.options, job.seed,
                                job.texts[:index], seat, level=3, bot_seed=0)
            step = AnalysisStep(position, played, job.iterations)
            found = await self.lane.run(share, 3, analyse_step, step)
            if found is not None:
                job.decisions.append(found)
            await self.database.serve(_save, job.table_id, index + 1, job.decisions,
                                      index + 1 == total)
            job.done = index + 1
            await self._tell(job, "done" if index + 1 == total else "running", index + 1, total)
        if total == 0:
            await self.database.serve(_save, job.table_id, 0, [], True)
            await self._tell(job, "done", 0, 0)

    async def _tell(self, job: _Job, status: str, done: int, total: int) -> None:
        if self.tell is None or job.requested_by is None:
            return
        try:
            await self.tell(job.requested_by, {"type": "analysis", "table": job.table_id,
                                               "status": status,
                                               "progress": {"done": done, "total": total}})
        except Exception:  # a courtesy: the stored progress is what counts
            log.exception("could not tell user %s of an analysis", job.requested_by)
