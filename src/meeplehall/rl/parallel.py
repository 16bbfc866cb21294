"""Every registered game as a PettingZoo parallel environment.

Each ``step`` takes one action from every seat the match waits for (all of them at a
simultaneous step, otherwise the one seat to move) and applies them in seat order; the
observation's ``action_mask`` is all zeros for a seat that is not awaited, and whatever action
it sends is ignored. The infos hold each awaited seat's raw view JSON under ``"view"``, drawn
only when read (:class:`~meeplehall.rl.viewinfo.ViewInfo`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from meeplehall.rl.aec import agent_name, spaces_of
from meeplehall.rl.opponents import OpponentSpec, parse_seat_opponents
from meeplehall.rl.table import Table, fresh_seed


class MeepleHallParallelEnv(ParallelEnv):  # type: ignore[misc]
    def __init__(self, game: str, players: int, reward: str = "score_diff",
                 render_mode: str | None = None,
                 opponents: Mapping[int, OpponentSpec] | None = None, **options: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unknown render mode {render_mode!r}; the only one is 'ansi'")
        self.table = Table(game, players, options, reward)
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": f"meeplehall_{game}_parallel_v0"}
        self.opponents = parse_seat_opponents(opponents, players)
        self._players: dict[int, Callable[[Table, int], int]] = {}
        self.possible_agents = [agent_name(seat) for seat in range(players)
                                if seat not in self.opponents]
        self._observation_space, self._action_space = spaces_of(self.table)
        self._seeds = random.Random()
        self.agents: list[str] = []

    @functools.cache  # noqa: B019 - one space object per agent, as asked
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def _observe(self) -> tuple[dict[str, Any], dict[str, Any]]:
        table = self.table
        over = table.is_over()
        awaited = set(table.movers())
        observations, infos = {}, {}
        for agent in self.agents:
            seat = int(agent.removeprefix("player_"))
            observations[agent] = {"observation": table.tensor(seat),
                                   "action_mask": table.mask(seat)}
            infos[agent] = table.view_info(seat) if over or seat in awaited else {}
        return observations, infos

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._seeds.seed(seed)
        self._players = {seat: opponent.seat_player(fresh_seed(self._seeds))
                         for seat, opponent in sorted(self.opponents.items())}
        self.table.reset(fresh_seed(self._seeds))
        self._opponents_move()
        self.agents = self.possible_agents[:]
        return self._observe()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        table = self.table
        movers = table.movers()
        missing = [agent_name(seat) for seat in movers
                   if seat not in self._players and agent_name(seat) not in actions]
        if missing:
            raise ValueError(f"the match waits for {', '.join(missing)}: give their actions")
        for seat in movers:
            if seat in self._players:
                continue
            index = int(actions[agent_name(seat)])
            if index not in table.legal(seat):
                raise ValueError(f"action {index} is not legal for {agent_name(seat)} now")
        # Seats of one simultaneous step decide independently (an opponent from what its seat
        # may see, the step's other moves held back), so seat order changes nothing.
        for seat in movers:
            player = self._players.get(seat)
            table.play(seat, int(actions[agent_name(seat)]) if player is None
                       else player(table, seat))
        self._opponents_move()
        observations, infos = self._observe()
        over = table.is_over()
        returns = table.returns()
        rewards = {agent: returns[int(agent.removeprefix("player_"))] for agent in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _opponents_move(self) -> None:
        """Let the opponents play while the match waits for nobody but them."""
        table = self.table
        while self._players and not table.is_over():
            movers = table.movers()
            if any(seat not in self._players for seat in movers):
                return
            for seat in movers:
                table.play(seat, self._players[seat](table, seat))

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.game.render_text(self.table.state.view(None))

    def close(self) -> None:
        pass


def parallel_env(game: str, players: int, reward: str = "score_diff",
                 render_mode: str | None = None,
                 opponents: Mapping[int, OpponentSpec] | None = None,
                 **options: Any) -> MeepleHallParallelEnv:
    """The parallel environment of a registered game, e.g. ``parallel_env("yaxha", 4)``;
    ``opponents={1: "3@200"}`` plays seat 1 inside the environment (it is then no agent)."""
    return MeepleHallParallelEnv(game, players, reward, render_mode, opponents, **options)
