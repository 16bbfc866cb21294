"""Level 2: a one-ply search over the game's heuristic on a determinized copy of the state."""

from __future__ import annotations

import random

from meeplehall.ai.evaluation import search_value, terminal_value
from meeplehall.ai.keys import bot_actions
from meeplehall.core import Action, State


class GreedyBot:
    """Plays the action whose outcome the game's ``heuristic(seat)`` likes best.

    It decides from a determinization (the hidden information resampled from what the seat may
    know), never from the true state. At a simultaneous step its own choice is not resolved until
    the other seats have chosen too, so the rivals still to choose in that step answer with their
    own one-ply greedy choice before the position is judged.
    """

    level = 2

    def __init__(self, seed: int = 0, samples: int = 1) -> None:
        if samples < 1:
            raise ValueError("a greedy bot needs at least one determinization")
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, state: State, seat: int) -> Action:
        legal = bot_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = state.determinize(seat, self.rng)
            for index, action in enumerate(legal):
                totals[index] += value_after(world, seat, action, self.rng)
        best = max(totals)
        return self.rng.choice([a for a, t in zip(legal, totals, strict=True) if t == best])


def value_after(world: State, seat: int, action: Action, rng: random.Random,
                search: bool = False) -> float:
    """The seat's value once ``action`` is played in a copy of ``world``: by the heuristic, or
    with ``search`` by the one a search judges its leaves by (``evaluation.search_value``). The
    rivals' simultaneous answers are greedy ones either way."""
    movers = world.to_move()
    child = world.clone()
    child.apply(seat, action)
    if len(movers) > 1 and seat not in child.to_move():
        _answer_simultaneous(child, movers - {seat}, rng)
    if child.is_over():
        return terminal_value(child, seat)
    return search_value(child, seat) if search else child.heuristic(seat)


def greedy_action(world: State, seat: int, rng: random.Random) -> Action:
    """The one-ply greedy choice of ``seat`` in ``world`` (no simultaneous answers)."""
    legal = bot_actions(world, seat)
    if len(legal) == 1:
        return legal[0]
    best_value = -float("inf")
    best: list[Action] = []
    for action in legal:
        child = world.clone()
        child.apply(seat, action)
        value = terminal_value(child, seat) if child.is_over() else child.heuristic(seat)
        if value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def _answer_simultaneous(state: State, rivals: frozenset[int], rng: random.Random) -> None:
    """Each rival still to choose in this simultaneous step plays one greedy action."""
    for rival in sorted(rivals):
        if state.is_over() or rival not in state.to_move():
            continue
        state.apply(rival, greedy_action(state, rival, rng))
