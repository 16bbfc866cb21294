"""Analyses' work in worker processes: a lane of its own, at a lower CPU priority.

Analyses never share a lane with live bots or hints, so they never queue in front of them; and
their workers run ``nice``, so on a busy machine the live lanes' processes get the CPU first.
One job is one decision (a fraction of a second to a few seconds): the runner saves progress
between jobs.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from typing import Any

from meeplehall.ai.analysis import analyse_decision
from meeplehall.core.registry import get_game
from meeplehall.server.bots.lane import Lane
from meeplehall.server.bots.pool import Decision, _state_for, _tie_to_server, warm_up

#: How much lower than the server the analysis workers run (0 = same, 19 = lowest).
NICENESS = 10


@dataclass(frozen=True)
class AnalysisStep:
    """One decision to analyse: the position before it (as a bot's decision would see it), the
    move played there, and the budget."""

    position: Decision
    played: Any
    iterations: int


def analyse_step(request: AnalysisStep) -> dict[str, Any] | None:
    """Run in a worker: the decision's analysis as JSON, None for a forced move."""
    position = request.position
    state = _state_for(position)
    game = get_game(position.game)
    analysis = analyse_decision(state, position.seat, game.parse_action(request.played),
                                len(position.actions), position.game, request.iterations)
    return None if analysis is None else analysis.to_json()


def _start_worker(parent: int) -> None:
    _tie_to_server(parent)
    with contextlib.suppress(OSError):  # not allowed here: run at the server's priority
        os.nice(NICENESS)


def analysis_lane() -> Lane:
    return Lane("analysis", 1, _start_worker, warm_up)
