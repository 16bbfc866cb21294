"""The arena: bots play each other on shared deals with every seat rotation.

A deal is one seed. Each deal is played once per rotation of a lineup (the same seed with the
seats turned), so every bot meets the same deals from every seat: luck of the deal and seat
advantage cancel out instead of adding noise. Bots are built afresh for every game from
(level, seed), so a game plays the same in a worker process as in the main one.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from meeplehall.ai.base import Bot, make_bot
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import get_game

#: Past this many actions a match is taken to be stuck, which is a rules or bot bug.
MAX_ACTIONS = 100_000


@dataclass(frozen=True)
class BotSpec:
    """A bot as the arena names it: a level and optional settings, e.g. ``3:seconds=0.2``."""

    level: int
    settings: tuple[tuple[str, float | int], ...] = ()

    @property
    def label(self) -> str:
        if not self.settings:
            return str(self.level)
        return f"{self.level}:" + ",".join(f"{key}={value}" for key, value in self.settings)

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        level_text, _, rest = text.strip().partition(":")
        if not level_text.isdigit():
            raise ValueError(f"a bot is a level number, optionally with settings, not {text!r}")
        settings: list[tuple[str, float | int]] = []
        for part in filter(None, rest.split(",")):
            key, sep, raw = part.partition("=")
            if not sep or not key.isidentifier():
                raise ValueError(f"bot settings look like name=number, not {part!r}")
            try:
                value: float | int = int(raw)
            except ValueError:
                try:
                    value = float(raw)
                except ValueError:
                    raise ValueError(f"setting {key!r} needs a number, not {raw!r}") from None
            settings.append((key, value))
        spec = cls(int(level_text), tuple(settings))
        spec.build(0)  # an unknown level or setting is reported now, not in a worker
        return spec

    def build(self, seed: int) -> Bot:
        try:
            return make_bot(self.level, seed, **dict(self.settings))
        except TypeError as error:
            raise ValueError(f"bot {self.label}: {error}") from None


@dataclass(frozen=True)
class GamePlan:
    """One game of a run: which deal (seed) and which bot (index into the specs) sits where."""

    index: int
    seed: int
    rotation: int
    seats: tuple[int, ...]


def schedule(bots: int, players: int, games: int, base_seed: int = 0) -> list[GamePlan]:
    """``games`` games: each deal is played in every seat rotation of one lineup.

    With at least as many bots as seats, the lineups go through every set of ``players``
    distinct bots in turn; with fewer, the bots fill the seats cyclically (2 bots, 3 seats:
    A, B, A), and the rotations give every bot every seat.
    """
    if bots < 1 or players < 1 or games < 0:
        raise ValueError("a run needs at least one bot, one seat and no negative game count")
    if bots >= players:
        lineups = [tuple(c) for c in itertools.combinations(range(bots), players)]
    else:
        lineups = [tuple(seat % bots for seat in range(players))]
    plans = []
    for index in range(games):
        deal, rotation = divmod(index, players)
        lineup = lineups[deal % len(lineups)]
        seats = tuple(lineup[(seat + rotation) % players] for seat in range(players))
        plans.append(GamePlan(index, base_seed + deal, rotation, seats))
    return plans


@dataclass
class GameOutcome:
    """One finished game: its record, the result, and how long each seat's decisions took."""

    plan: GamePlan
    record: MatchRecord
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[int]
    decision_seconds: list[list[float]] = field(default_factory=list)

    def to_json(self, labels: Sequence[str]) -> dict[str, Any]:
        return {
            "index": self.plan.index,
            "rotation": self.plan.rotation,
            "bots": [labels[spec] for spec in self.plan.seats],
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": sorted(self.winners),
            "decisions": [len(times) for times in self.decision_seconds],
            "decision_seconds": [round(sum(times), 4) for times in self.decision_seconds],
            "record": self.record.to_json(),
        }


def bot_seed(plan: GamePlan, seat: int) -> int:
    return plan.seed * 7919 + seat * 104_729 + plan.rotation


def play_game(
    game_name: str,
    players: int,
    options: Mapping[str, Any],
    specs: Sequence[BotSpec],
    plan: GamePlan,
) -> GameOutcome:
    """Play one planned game to the end; at a simultaneous step the seats choose in seat order."""
    game = get_game(game_name)
    state = game.new_state(players, options, plan.seed)
    bots = [specs[spec].build(bot_seed(plan, seat)) for seat, spec in enumerate(plan.seats)]
    record = MatchRecord(game.name, players, plan.seed, dict(options))
    times: list[list[float]] = [[] for _ in range(players)]
    while not state.is_over():
        for seat in sorted(state.to_move()):
            if state.is_over() or seat not in state.to_move():
                continue
            start = time.perf_counter()
            action = bots[seat].choose(state, seat)
            times[seat].append(time.perf_counter() - start)
            state.apply(seat, action)
            record.add(seat, action.to_json())
        if len(record.actions) > MAX_ACTIONS:
            raise RuntimeError(f"{game_name} seed {plan.seed}: no end after {MAX_ACTIONS} actions")
    result = state.result()
    return GameOutcome(plan, record, result.scores, result.ranks, result.winners, times)


def run_arena(
    game_name: str,
    players: int,
    options: Mapping[str, Any],
    specs: Sequence[BotSpec],
    plans: Sequence[GamePlan],
    workers: int = 1,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> list[GameOutcome]:
    """Play every planned game (in ``workers`` processes); outcomes come back in plan order."""
    outcomes = []
    for outcome in _outcomes(game_name, players, options, specs, plans, workers):
        outcomes.append(outcome)
        if on_game is not None:
            on_game(outcome)
    return sorted(outcomes, key=lambda outcome: outcome.plan.index)


def _outcomes(
    game_name: str,
    players: int,
    options: Mapping[str, Any],
    specs: Sequence[BotSpec],
    plans: Sequence[GamePlan],
    workers: int,
) -> Iterator[GameOutcome]:
    if workers <= 1:
        for plan in plans:
            yield play_game(game_name, players, options, specs, plan)
        return
    # spawn, not fork: a worker starts clean and finds the games through the registry itself.
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        futures = [
            pool.submit(play_game, game_name, players, dict(options), list(specs), plan)
            for plan in plans
        ]
        for future in as_completed(futures):
            yield future.result()
