"""Who plays the seats a learner does not: the project's bots, or any policy.

An opponent is one of:

- a bot level, ``1``, ``2`` or ``3`` (level 3 thinks 0.5 s a turn on the clock, so its
  games cannot be replayed);
- ``"3@N"``: level 3 with a budget of N iterations a turn and no clock, which replays exactly
  from the same seed, whatever the machine's load;
- a callable policy: given the seat's observation dict (``"observation"``, ``"action_mask"``,
  as the environments hand out), it returns an action index. Self-play is a policy too: the
  learner's own (``lambda obs: int(model.predict(obs, action_masks=obs["action_mask"])[0])``,
  which follows the learner as it trains) or a frozen copy of it.

Opponents see what their seat may see and nothing more: a bot decides from the state as its
seat may see it (a simultaneous step's rival choices held back), a policy from its observation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from meeplehall.ai import Bot, make_bot
from meeplehall.rl.table import Table

#: A policy: the seat's observation dict in, an action index out.
Policy = Callable[[dict[str, np.ndarray]], Any]
#: One opponent as given: a level (1, 2, 3), "3@N" (N iterations a turn, no clock), a policy.
OpponentSpec = int | str | Policy


class Opponent:
    """One opponent's recipe: makes the player of a seat for each episode."""

    def __init__(self, level: int | None = None, iterations: int | None = None,
                 policy: Policy | None = None) -> None:
        self.level, self.iterations, self.policy = level, iterations, policy

    def seat_player(self, seed: int) -> Callable[[Table, int], int]:
        """The player of one seat for one episode: (table, seat) -> the index it plays."""
        if self.policy is not None:
            policy = self.policy

            def play_policy(table: Table, seat: int) -> int:
                observation = {"observation": table.tensor(seat), "action_mask": table.mask(seat)}
                return int(policy(observation))

            return play_policy
        assert self.level is not None
        bot: Bot = (make_bot(self.level, seed) if self.iterations is None
                    else make_bot(self.level, seed, seconds=None, iterations=self.iterations))

        def play_bot(table: Table, seat: int) -> int:
            return table.index_of(bot.choose(table.seen(seat), seat))

        return play_bot

    def __repr__(self) -> str:
        if self.policy is not None:
            return f"Opponent(policy={self.policy!r})"
        budget = "" if self.iterations is None else f"@{self.iterations}"
        return f"Opponent({self.level}{budget})"


def play_opponents(table: Table, players: Mapping[int, Callable[[Table, int], int]]) -> None:
    """Let the opponents play while the seat the match waits for first is one of theirs."""
    while players and not table.is_over():
        seat = min(table.state.to_move())  # the match is not over: someone is to move
        player = players.get(seat)
        if player is None:
            return
        table.play(seat, player(table, seat))


def parse_opponent(spec: OpponentSpec) -> Opponent:
    """One opponent from its spec; ValueError naming a bad one."""
    if callable(spec):
        return Opponent(policy=spec)
    text = str(spec).strip()
    level_text, _, budget = text.partition("@")
    try:
        level = int(level_text)
    except ValueError:
        raise ValueError(f"opponent {spec!r} is not a bot level (1, 2, 3, or 3@N "
                         "iterations) nor a policy") from None
    if level not in (1, 2, 3):
        raise ValueError(f"no bot of level {level}; levels are 1, 2 and 3")
    if not budget:
        return Opponent(level)
    if level != 3:
        raise ValueError(f"only level 3 takes an iteration budget, not {text!r}")
    if not budget.isdigit() or int(budget) < 1:
        raise ValueError(f"{text!r}: the iteration budget must be a whole number of 1 or more")
    return Opponent(level, iterations=int(budget))


def parse_opponents(opponents: str | Sequence[OpponentSpec]) -> list[Opponent]:
    """Opponents from "2,3@200" or a list such as [2, "3@200", policy] ("" for none)."""
    if isinstance(opponents, str):
        parts: Sequence[OpponentSpec] = opponents.split(",") if opponents.strip() else []
    elif callable(opponents):
        parts = [opponents]
    else:
        parts = list(opponents)
    return [parse_opponent(part) for part in parts]


def parse_seat_opponents(opponents: Mapping[int, OpponentSpec] | None,
                         players: int) -> dict[int, Opponent]:
    """Seat -> opponent for the PettingZoo forms, whose other seats are the agents."""
    parsed = {int(seat): parse_opponent(spec) for seat, spec in (opponents or {}).items()}
    if not set(parsed) <= set(range(players)):
        raise ValueError(f"opponents' seats {sorted(parsed)} are not all seats of a "
                         f"{players}-player match")
    if len(parsed) == players:
        raise ValueError("every seat has an opponent: leave at least one to the agents")
    return parsed
