"""Analyses' work in worker processes: a lane of its own, at a lower CPU priority.

Analyses never share a lane with live bots or hints, so they never queue in front of them; and
their workers run ``nice``, so on a busy machine the live lanes' processes get the CPU first.
One job is one decision (a fraction of a second to a few seconds): the runner saves progress
between jobs.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeplehall.ai.analysis import analyse_decision
from meeplehall.core import Seed
from meeplehall.core.registry import get_game
from meeplehall.server.bots.lane import Lane
from meeplehall.server.bots.pool import Decision, _state_for, _tie_to_server, warm_up

#: How much lower than the server the analysis workers run (0 = same, 19 = lowest).
NICENESS = 10


@dataclass(frozen=True)
class AnalysisStep:
    """One decision to analyse: the log up to it, the move played, and the budget."""

    table_id: int
    game: str
    players: int
    options: Mapping[str, Any]
    seed: Seed
    before: Sequence[tuple[int, Any]]
    seat: int
    played: Any
    iterations: int


def analyse_step(request: AnalysisStep) -> dict[str, Any] | None:
    """Run in a worker: the decision's analysis as JSON, None for a forced move."""
    state = _state_for(Decision(request.table_id, request.game, request.players, request.options,
                                request.seed, request.before, request.seat, 3, 0))
    game = get_game(request.game)
    analysis = analyse_decision(state, request.seat, game.parse_action(request.played),
                                len(request.before), request.game, request.iterations)
    return None if analysis is None else analysis.to_json()


def _start_worker(parent: int) -> None:
    _tie_to_server(parent)
    with contextlib.suppress(OSError):  # not allowed here: run at the server's priority
        os.nice(NICENESS)


def analysis_lane() -> Lane:
    return Lane("analysis", 1, _start_worker, warm_up)
