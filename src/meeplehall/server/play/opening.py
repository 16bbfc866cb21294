"""Writing a new table and its seats, and marking one started: the lobby, "Play now" and
tournaments all open tables this one way, so clocks, bots and limits behave the same."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from meeplehall.server.db.models import Seat, Table
from meeplehall.server.play.store import new_seed_columns
from meeplehall.server.seating import agents_welcome, hints_given


@dataclass(frozen=True)
class Clock:
    """A table's clock as the lobby accepts it (checked by play/clock_bounds.py)."""

    #: live: a time bank per seat; turn: a deadline per turn; none: no clock.
    mode: str
    initial_seconds: float = 600.0
    increment_seconds: float = 10.0
    move_deadline_hours: float = 24.0

    def columns(self) -> dict[str, Any]:
        live = self.mode == "live"
        return {
            "mode": self.mode,
            "initial_ms": int(self.initial_seconds * 1000) if live else None,
            "increment_ms": int(self.increment_seconds * 1000) if live else None,
            "move_deadline_ms": (int(self.move_deadline_hours * 3600 * 1000)
                                 if self.mode == "turn" else None),
        }


def new_table(session: Session, *, game: str, options: Mapping[str, Any], players: int,
              clock: Clock, visibility: str, rated: bool, hints: bool, spectator_chat: bool,
              owner_id: int | None, owner_address: str | None, people: Mapping[int, int],
              bots: Mapping[int, int], agents: bool | None = None) -> Table:
    """Add a waiting table: ``people`` and ``bots`` map seats to user ids and bot levels.
    Whether agents are welcome and hints given is seating.py's to say from ``agents`` and
    ``hints`` as asked."""
    table = Table(
        game=game,
        options=dict(options),
        players=players,
        **new_seed_columns(),
        status="waiting",
        **clock.columns(),
        visibility=visibility,
        invite_token=secrets.token_urlsafe(16) if visibility == "private" else None,
        rated=rated,
        hints=hints_given(rated, hints),
        spectator_chat=spectator_chat,
        agents=agents_welcome(rated, agents),
        owner_id=owner_id,
        owner_address=owner_address,
        seq=0,
        created_at=time.time(),
    )
    session.add(table)
    session.flush()
    for index in range(players):
        session.add(
            Seat(
                table_id=table.id,
                seat=index,
                user_id=people.get(index),
                bot_level=bots.get(index),
                clock_ms=table.initial_ms if clock.mode == "live" and index not in bots else None,
            )
        )
    session.flush()
    return table


def mark_started(table: Table, now: float) -> None:
    """The table is in play; the scheduler starts it if the server stops before the manager
    does (``TableManager.started``)."""
    table.status = "playing"
    table.started_at = now
    table.due_at = now
