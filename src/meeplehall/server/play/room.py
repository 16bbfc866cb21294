"""A table in memory: its record, its match once started, who is connected, and the messages
each audience receives."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import orjson

from meeplehall.core import Game
from meeplehall.server.play import clocks
from meeplehall.server.play.connection import Connection
from meeplehall.server.play.match import Match, Step
from meeplehall.server.play.pacing import Pace
from meeplehall.server.play.store import TableRecord
from meeplehall.server.play.synccache import SyncCache


class Room:
    """A table in memory: its record, its match once started, and who is connected."""

    def __init__(self, record: TableRecord, game: Game, driving: bool = True) -> None:
        self.record = record
        self.game = game
        self.match: Match | None = None
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.pending_bots: set[int] = set()
        self.bot_failures = 0
        self.timer: asyncio.TimerHandle | None = None
        #: Whether this process runs the table's bots and clock timer (leases.py).
        self.driving = driving
        self.claiming = False
        #: When the room was last asked for or changed (monotonic): idle rooms are dropped.
        self.used_at = time.monotonic()
        #: Set once the manager forgot this room: whoever still holds it must ask again.
        self.evicted = False
        self.sync_cache = SyncCache()
        self.pace = Pace()
        #: The chat's recent messages, oldest first (chat/table.py); None until first needed.
        self.chat: list[dict[str, Any]] | None = None
        #: Whether the table has older messages than those (asked for by page).
        self.chat_more = False
        self.chat_lock = asyncio.Lock()

    def stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    @property
    def seats(self) -> list[clocks.SeatState]:
        return self.record.seats

    def shown_seat(self, user_id: int | None, seat: int | None) -> int | None:
        """The seat a socket asking for ``seat`` shows (none asked: the user's first)."""
        if seat is not None:
            return seat
        owned = self.owned(user_id)
        return owned[0] if owned else None

    def owned(self, user_id: int | None) -> list[int]:
        """The seats ``user_id`` holds: may view and act for. A seat its player left for good
        is no longer theirs (a bot plays it); one that timed out still is, to watch."""
        if user_id is None:
            return []
        return [
            index for index, seat in enumerate(self.seats)
            if seat.user_id == user_id and seat.replaced != "left"
        ]

    def build_match(self) -> None:
        match = Match(self.game, self.record.players, self.record.options, self.record.seed)
        match.replay_log(self.record.actions)
        self.record.actions = []  # kept twice, a long log was twice the memory
        self.match = match

    def to_move(self) -> list[int]:
        if self.match is None or self.match.state.is_over():
            return []
        return sorted(self.match.state.to_move())

    def message(
        self,
        kind: str,
        seat: int | None,
        events: list[dict[str, Any]] | orjson.Fragment,
        since: int | None = None,
        last: dict[str, Any] | None = None,
        shared: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The update or sync one connection viewing ``seat`` receives; ``shared`` is
        :meth:`shared_parts` when the caller builds it once for several audiences."""
        match = self.match
        assert match is not None
        state = match.state
        legal: list[dict[str, Any]] = []
        labels: list[str] = []
        # Not only the seats to move: a seat may have optional actions (see Match.check).
        if seat is not None and not self.seats[seat].by_bot:
            for action in state.legal_actions(seat):
                legal.append(action.to_json())
                labels.append(self.game.describe_action(action))
        data: dict[str, Any] = {
            "type": kind,
            "seq": match.seq_for(seat),
            "seat": seat,
            "view": state.view(seat),
            "legal": legal,
            "labels": labels,
            "events": events,
            **(shared if shared is not None else self.shared_parts()),
        }
        if since is not None:
            data["since"] = since
        if last is not None:
            data["last"] = last
        return data

    def shared_parts(self) -> dict[str, Any]:
        """The parts of a message every audience receives alike at this moment."""
        match = self.match
        assert match is not None
        return {
            "to_move": self.to_move(),
            "status": self.record.status,
            "clocks": clocks.clocks_json(self.record.rules, self.seats, time.time()),
            "replaced": [s.replaced for s in self.seats],
            "result": match.result_json(),
        }

    def describe_step(self, step: Step) -> dict[str, Any]:
        return {
            "seat": step.seat,
            "action": step.action,
            "label": self.game.describe_action(self.game.parse_action(step.action)),
            "bot": step.bot,
        }

    def sync_text(self, seat: int | None, since: int) -> str:
        """``sync(seat, since)`` as JSON text, built from parts kept between requests: the view,
        legal actions and the rest once per table step and audience, each step's events once
        per audience, and whole texts for repeated requests. A flood of syncs at a long log
        then costs joining strings, not views and JSON."""
        match = self.match
        assert match is not None
        since = max(0, min(since, match.seq_for(seat)))
        clocks_text = json.dumps(clocks.clocks_json(self.record.rules, self.seats, time.time()))
        # Everything the head depends on besides the match's state at its seq.
        version = (match.seq, self.record.status,
                   tuple((state.replaced, state.by_bot) for state in self.seats))
        return self.sync_cache.text(match, version, seat, since, clocks_text, self._sync_head)

    def _sync_head(self, seat: int | None) -> str:
        data = self.message("sync", seat, [])
        del data["events"], data["clocks"]
        return json.dumps(data)[:-1]  # without its closing brace: the rest follows
