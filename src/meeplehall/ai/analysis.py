"""Analysis of a finished match: every decision judged from the deciding seat's information.

Each decision with a real choice is searched afresh by level 3's search (``MctsBot.evaluate``)
from the position the seat faced, with a fixed iteration budget and no clock. The search's
generator is seeded from the decision's step and the seat's own view of that position, so the
analysis is the same on any machine and depends on nothing the seat could not see: not the
true hidden state, and not the table's seed (which deals the hidden cards).

The move played and the best move found (the most searched, as level 3 would play) each get a
quarter of the budget at least as playouts of their own (``PLAYED_SHARE``). For the move played,
the best move and the runner-up, the search gives a win chance (its mean reward, 0..1) and an
estimated final margin in points. The loss of a decision is the best move's win chance minus
the played move's (never below 0), and a loss past the thresholds the game declares
(``Game.mark_thresholds``) marks the move an inaccuracy, a mistake or a blunder
(docs/analysis.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeplehall.ai.keys import action_key, bot_actions
from meeplehall.ai.mcts import MctsBot, RootStat
from meeplehall.core import Game, MarkThresholds, State
from meeplehall.core.marks import MARKS
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import get_game
from meeplehall.core.replay import LogEntry

#: Iterations per decision when none is given (the server's own default is a setting).
DEFAULT_ITERATIONS = 200

#: The share of a decision's budget that the move played and the best move each get at least
#: as playouts of their own (``MctsBot.evaluate``'s ``floor_share``): with a dozen candidates
#: sharing the budget, the played move's estimate would otherwise rest on a handful of playouts
#: and a badly under-estimated move would read as a blunder.
PLAYED_SHARE = 0.25

#: Win chances and losses are kept to a hundredth of a percentage point, margins to a
#: hundredth of a point: a decision is made at the precision it is stored at, so a summary of
#: the stored decisions (the server's) is the summary of the fresh ones (the terminal's).
WIN_DIGITS = 4
MARGIN_DIGITS = 2


def thresholds_of(game: Game | str) -> MarkThresholds:
    """The game's own mark thresholds (``Game.mark_thresholds``); a name is looked up among
    the registered games."""
    return (get_game(game) if isinstance(game, str) else game).mark_thresholds


@dataclass(frozen=True)
class MoveEstimate:
    action: Any  # the action's JSON
    win: float
    margin: float

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "win": self.win, "margin": self.margin}


@dataclass(frozen=True)
class DecisionAnalysis:
    """One analysed decision. ``index`` is the action's place in the log, which is the replay
    page's step showing the position the seat decided in (``steps[index]`` is the move)."""

    index: int
    seat: int
    played: MoveEstimate
    best: MoveEstimate
    second: MoveEstimate | None
    loss: float
    mark: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "second": None if self.second is None else self.second.to_json(),
            "loss": self.loss,
            "mark": self.mark,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DecisionAnalysis:
        def move(item: dict[str, Any]) -> MoveEstimate:
            return MoveEstimate(item["action"], float(item["win"]), float(item["margin"]))

        second = data.get("second")
        return cls(int(data["index"]), int(data["seat"]), move(data["played"]),
                   move(data["best"]), None if second is None else move(second),
                   float(data["loss"]), data.get("mark"))


@dataclass
class SeatSummary:
    seat: int
    average_loss: float = 0.0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MARKS, 0))
    curve: list[dict[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "average_loss": round(self.average_loss, WIN_DIGITS),
                **self.counts, "curve": self.curve}


def decision_seed(state: State, seat: int, index: int) -> int:
    """The search's seed for one decision: from its step and what the seat sees, nothing else."""
    view = json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.blake2b(f"{index}:{seat}:{view}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def analyse_decision(state: State, seat: int, played: Any, index: int, game: Game | str,
                     iterations: int = DEFAULT_ITERATIONS) -> DecisionAnalysis | None:
    """The analysis of ``seat`` playing ``played`` (an Action) in ``state`` of ``game`` (the
    game or its registered name, whose thresholds mark the move); None when the seat had a
    single legal move. ``state`` is left as it was."""
    if len(bot_actions(state, seat)) < 2:
        return None
    bot = MctsBot(seed=decision_seed(state, seat, index), seconds=None, iterations=iterations)
    stats = bot.evaluate(state.clone(), seat, include=[played], floor_share=PLAYED_SHARE)
    played_key = action_key(played)
    mine = next(stat for stat in stats if action_key(stat.action) == played_key)
    best = stats[0]
    second = stats[1] if len(stats) > 1 else None
    played_estimate, best_estimate = _estimate(mine), _estimate(best)
    loss = round(max(0.0, best_estimate.win - played_estimate.win), WIN_DIGITS)
    return DecisionAnalysis(index, seat, played_estimate, best_estimate,
                            None if second is None else _estimate(second), loss,
                            thresholds_of(game).mark(loss))


def _estimate(stat: RootStat) -> MoveEstimate:
    return MoveEstimate(stat.action.to_json(), round(stat.win, WIN_DIGITS),
                        round(stat.margin, MARGIN_DIGITS))


def decisions_of(game: Game, initial: State,
                 actions: Sequence[LogEntry]) -> Iterator[tuple[int, int, Any, State]]:
    """(index, seat, action, state before it) for every logged action; the state is a copy."""
    state = initial.clone()
    for index, (seat, data) in enumerate(actions):
        action = game.parse_action(data)
        yield index, int(seat), action, state.clone()
        state.apply(int(seat), action)


def analyse_game(game: Game, initial: State, actions: Sequence[LogEntry],
                 iterations: int = DEFAULT_ITERATIONS, start: int = 0,
                 on_decision: Callable[[int, DecisionAnalysis | None], None] | None = None,
                 ) -> list[DecisionAnalysis]:
    """Every decision from log entry ``start`` on; ``on_decision(index, analysis)`` is told
    after each entry (None for a forced one), so a caller can save progress as it goes."""
    found = []
    for index, seat, action, state in decisions_of(game, initial, actions):
        if index < start:
            continue
        analysis = analyse_decision(state, seat, action, index, game, iterations)
        if analysis is not None:
            found.append(analysis)
        if on_decision is not None:
            on_decision(index, analysis)
    return found


def analyse_record(record: MatchRecord, iterations: int = DEFAULT_ITERATIONS,
                   on_decision: Callable[[int, DecisionAnalysis | None], None] | None = None,
                   ) -> list[DecisionAnalysis]:
    game = record.resolve_game()
    initial = game.new_state(record.players, record.options, record.full_seed)
    return analyse_game(game, initial, record.actions, iterations, on_decision=on_decision)


def summarize(players: int, decisions: Sequence[DecisionAnalysis]) -> list[SeatSummary]:
    """Per seat: mean loss per analysed decision, counts of marks, and the curve of the played
    moves' win chances and margins (one point per analysed decision)."""
    seats = [SeatSummary(seat) for seat in range(players)]
    losses: list[list[float]] = [[] for _ in range(players)]
    for decision in decisions:
        summary = seats[decision.seat]
        losses[decision.seat].append(decision.loss)
        if decision.mark is not None:
            summary.counts[decision.mark] += 1
        summary.curve.append({"index": decision.index, "win": decision.played.win,
                              "margin": decision.played.margin})
    for summary, seat_losses in zip(seats, losses, strict=True):
        summary.average_loss = sum(seat_losses) / len(seat_losses) if seat_losses else 0.0
    return seats


def analysis_json(players: int, decisions: Sequence[DecisionAnalysis]) -> dict[str, Any]:
    """The decisions and the per-seat summaries, as the server and ``--json`` give them."""
    return {"decisions": [decision.to_json() for decision in decisions],
            "seats": [summary.to_json() for summary in summarize(players, decisions)]}
